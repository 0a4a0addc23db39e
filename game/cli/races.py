"""The commands that race computer racers without a window: `simulate`, `tournament`, `balance`,
`season`, and `replay --check`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game import files
from game.boards.board import MAX_SQUARES, Board, BoardError
from game.boards.maps import load_board
from game.cli.options import CommandLineError, UnusableFile, root, writable
from game.meta import tournament
from game.meta.replay import Replay, ReplayError, check, load
from game.meta.season import MAX_RACES, MIN_RACES, Season, SeasonError, play_headless
from game.meta.simulate import simulate
from game.rules import levels
from game.rules.characters import CHARACTERS
from game.rules.levels import LEVELS, POLICIES
from game.rules.race import RacerSetup

#: Draws a tournament's or a balance run's win rates to a PNG file (main.py hands in scenes.plot's).
Plotter = Callable[[list[Any], str, str], None]


def shipped_boards() -> list[Path]:
    """The boards that ship with the game, in order."""
    return sorted((root() / "maps").glob("*.tmx"))


def board_from(path: str | Path) -> Board:
    """A Tiled board named on the command line (UnusableFile with its sentence)."""
    try:
        return load_board(path)
    except BoardError as error:
        raise UnusableFile(str(error)) from None


def lineup(
    racers: str, bots: str, kinds: Sequence[str], kind: str, most: int, where: str
) -> tuple[list[str], list[str]]:
    """`--racers` and `--bots` read and checked: the characters, and a computer racer's `kind` (a
    policy, a level) for each: one for all, or one per racer, among `kinds`; `where` (the board:
    "Meadow takes", "these boards take") takes at most `most` racers."""
    characters = [c.strip() for c in racers.split(",") if c.strip()]
    for c in characters:
        if c not in CHARACTERS:
            raise CommandLineError(f"--racers: unknown character {c!r}; choose among {', '.join(CHARACTERS)}")
    if not 2 <= len(characters) <= most:
        raise CommandLineError(f"--racers: {where} 2 to {most} racers, not {len(characters)}")
    levels = [b.strip() for b in bots.split(",")]
    levels = levels * len(characters) if len(levels) == 1 else levels
    if len(levels) != len(characters):
        raise CommandLineError(
            f"--bots: give one {kind} for all or one per racer ({len(characters)}), not {len(levels)}"
        )
    for level in levels:
        if level not in kinds:
            raise CommandLineError(f"--bots: unknown {kind} {level!r}; choose among {', '.join(kinds)}")
    return characters, levels


def run_simulate(args: argparse.Namespace) -> int:
    """`simulate`: races between computer racers, their standings (or a summary) and the pace."""
    if args.text_board:
        path = Path(args.text_board)
        try:
            board = Board.from_text(files.read_text(path, "text board"), name=path.stem)
            if board.width * board.height > MAX_SQUARES:
                size = f"{board.width} x {board.height} squares"
                raise BoardError(f"the board is {size}, more than the {MAX_SQUARES:,} a board may have")
        except files.FileRefused as error:
            raise UnusableFile(f"the text board {path} is refused: {error}") from None
        except OSError as error:
            raise UnusableFile(f"cannot read the text board {path}: {error.strerror}") from None
        except (BoardError, UnicodeDecodeError) as error:
            raise UnusableFile(f"{path}: {error}") from None
    else:
        shipped = shipped_boards()
        if not args.sim_board and not shipped:
            raise CommandLineError("no board is shipped in maps/: give one with --board or --text-board")
        board = board_from(args.sim_board or shipped[0])
    most = min(6, board.max_racers)
    characters, bots = lineup(args.racers, args.bots, POLICIES, "policy", most, f"{board.name} takes")
    turns = args.turns if args.turns is not None else board.turns
    try:
        simulate(board, characters, bots, turns, args.games, args.seed, sys.stdout, args.dice)
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    return 0


def run_series(args: argparse.Namespace, plot: Plotter | None = None) -> int:
    """`tournament` (bot levels against each other) and `balance` (every character with equal bots)."""
    writable(args.csv, "--csv")
    writable(args.plot, "--plot", ".png")
    paths = [Path(p) for p in args.series_boards] if args.series_boards else shipped_boards()
    if not paths:
        raise CommandLineError("no board is shipped in maps/: give one with --board")
    boards = [board_from(path) for path in paths]
    if not args.series_boards:  # the shipped boards that take this many racers (not the duel's for six)
        wanted = args.racers if args.command == "balance" else len([b for b in args.bots.split(",") if b.strip()])
        boards = [b for b in boards if b.max_racers >= wanted] or boards
    most = min(b.max_racers for b in boards)
    if args.command == "tournament":
        levels = [b.strip() for b in args.bots.split(",") if b.strip()]
        for level in levels:
            if level not in LEVELS:
                raise CommandLineError(f"--bots: unknown level {level!r}; choose among {', '.join(LEVELS)}")
        if not 2 <= len(levels) <= min(6, most):
            raise CommandLineError(f"--bots: give 2 to 6 levels (one racer each), not {len(levels)}")
        records = tournament.tournament_report(
            boards, levels, args.games, args.seed, sys.stdout, progress=sys.stderr, jobs=args.jobs
        )
        lines = sorted(tournament.table(records, "bot"), key=lambda line: LEVELS.index(line.name))
    else:
        if args.bot not in (*LEVELS, tournament.MIXED):
            raise CommandLineError(
                f"--bot: unknown level {args.bot!r}; choose among {', '.join(LEVELS)} or {tournament.MIXED}"
            )
        if args.racers > most:
            raise CommandLineError(f"--racers: a board takes at most {most} racers")
        records = tournament.balance_report(  # (the terminal's stderr now: the default was bound at import)
            boards, args.games, args.seed, args.bot, args.racers, sys.stdout, progress=sys.stderr, jobs=args.jobs
        )
        lines = sorted(tournament.table(records, "character"), key=lambda line: -line.win_rate)
    if args.csv:
        tournament.write_csv(records, args.csv)
        print(f"wrote {args.csv}")
    if args.plot and plot is not None:
        plot(lines, args.plot, f"Win rates over {args.games} races (95 % intervals)")
        print(f"wrote {args.plot}")
    return 0


def run_season(args: argparse.Namespace) -> int:
    """`season`: a whole championship with computer racers, each race's standings and the table."""
    refs = [b.strip() for b in args.boards.split(",") if b.strip()]
    if not MIN_RACES <= len(refs) <= MAX_RACES:
        raise CommandLineError(f"--boards: give {MIN_RACES} to {MAX_RACES} boards (one per race), not {len(refs)}")
    loaded = {ref: board_from(ref) for ref in dict.fromkeys(refs)}
    most = min([6] + [b.max_racers for b in loaded.values()])
    characters, bots = lineup(args.racers, args.bots, LEVELS, "level", most, "these boards take")
    racers = [
        RacerSetup(c, name=f"{c}-{i + 1}", bot=levels.policy(b)) for i, (c, b) in enumerate(zip(characters, bots))
    ]
    try:
        season = Season.new(args.name, racers, refs, args.turns, args.seed)
    except SeasonError as error:
        raise CommandLineError(str(error)) from None
    play_headless(season, loaded.__getitem__, sys.stdout, as_json=args.json)
    return 0


def read_replay(path: str) -> Replay:
    """A replay (or a saved race) named on the command line."""
    try:
        return load(path)
    except ReplayError as error:
        raise UnusableFile(str(error)) from None


def run_replay_check(args: argparse.Namespace) -> int:
    """`replay --check`: rebuild the race and compare every event with the recording (exit 1 at a difference)."""
    replay = read_replay(args.replay_file)
    try:
        result = check(replay)
    except ReplayError as error:
        raise UnusableFile(str(error)) from None
    if not result.ok:
        print(f"main.py: {args.replay_file} does not replay: {result.message}", file=sys.stderr)
        return 1
    print(f"{args.replay_file}: ok, {result.message}")
    return 0
