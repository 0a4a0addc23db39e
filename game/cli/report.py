"""`board-report`: many races on a board, counted square by square (game/meta/boardstats.py), drawn to a
picture and a page beside the board (scenes/render/report.py, handed in by main.py: game/ draws nothing)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from game.boards.map_words import catalogue_entries
from game.cli.boards import language_of
from game.cli.options import CommandLineError, UnusableFile
from game.cli.races import board_from
from game.meta import boardstats, tournament
from game.rules.levels import LEVELS

#: Writes the report: (the boards' statistics, PNG path, HTML path, CSV paths, language).
Drawer = Callable[[Sequence[boardstats.BoardStats], str, str, Sequence[str], str], None]


def report_paths(boards: Sequence[Path], out: str | None) -> tuple[Path, Path, list[Path]]:
    """Where the PNG, the HTML page and each board's CSV go: `out`, else the (new) board's folder;
    named after the board ("meadow-report.png"), or after both when two are compared."""
    folder = Path(out) if out else boards[-1].parent
    if not folder.is_dir():
        raise CommandLineError(f"--out: {folder} is not a folder")
    if len(boards) == 1:
        stem = f"{boards[0].stem}-report"
        return folder / f"{stem}.png", folder / f"{stem}.html", [folder / f"{stem}.csv"]
    old, new = boards
    stem = f"{new.stem}-compared-report"
    return (
        folder / f"{stem}.png",
        folder / f"{stem}.html",
        [folder / f"{old.stem}-old-report.csv", folder / f"{new.stem}-new-report.csv"],
    )


def run_board_report(args: argparse.Namespace, draw: Drawer) -> int:
    """`board-report BOARD [NEW]`: play, count, draw; a progress bar on stderr, the files' paths on stdout."""
    if len(args.boards) > 2:
        raise CommandLineError(f"give one board, or two (OLD NEW) to compare, not {len(args.boards)}")
    if args.bot not in (*LEVELS, tournament.MIXED):
        raise CommandLineError(f"--bot: unknown level {args.bot!r}; choose among {', '.join(LEVELS)} or mixed")
    language = language_of(args.lang)
    paths = [Path(name) for name in args.boards]
    boards = [board_from(path) for path in paths]
    png, page, csvs = report_paths(paths, args.out)
    for path in (png, page, *csvs):
        if path.exists() and not path.is_file():
            raise UnusableFile(f"{path} is in the way of the report: it is not a file")
    words = catalogue_entries(language, "report.")
    bar = str(words.get("progress", ""))
    stats = []
    for path, board in zip(paths, boards):
        print(f"{path}: {args.races}", file=sys.stderr)
        stats.append(boardstats.gather(board, args.races, args.seed, args.bot, args.jobs, sys.stderr, bar))
    try:
        draw(stats, str(png), str(page), [str(c) for c in csvs], language)
    except OSError as error:
        raise UnusableFile(f"cannot write the report in {png.parent}: {error.strerror or error}") from None
    wrote = words.get("wrote", "wrote {path}")
    for path in (png, page, *csvs):
        print(str(wrote).format(path=path))
    return 0
