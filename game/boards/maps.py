"""Boards drawn in Tiled: read a `.tmx` into a `Board` and say what is wrong with it.

docs/maps.md is the contract: paint a tile on the layer named after what the square
is. `load_board(path)` gives the engine's `Board`; `check_board(path)` gives
every problem as a `Problem` (one line each, game.boards.map_format); `check_map_command`
is `main.py check-map`; `BoardWatcher` reloads a board while its designer edits it.

Reading a board is two steps: `game.boards.map_checks` checks the file's XML (shape,
tilesets, layers, properties), then `game.boards.map_build` builds the Board with pytmx
(terrain, objects, start squares, the map's own art). Nothing here imports pygame.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from game.boards.board import Board, BoardError
from game.boards.map_bounds import check_counts, check_tiles
from game.boards.map_build import build_board, pytmx_map
from game.boards.map_checks import (
    check_colors,
    check_layer_data,
    check_layer_kinds,
    check_map_shape,
    check_structure,
    check_tilesets,
    check_typed_properties,
    map_properties,
    parse_map_xml,
    walk_layers,
)
from game.boards.map_format import ERROR, WARNING, PathLike, Problem, Report
from game.boards.map_words import Sentence, said, said_count, sentences
from game.files import marks


# ---------------------------------------------------------------- public API
def load_board(path: PathLike) -> Board:
    """Read a Tiled board (docs/maps.md); raise BoardError with the first error's line."""
    board, problems, _ = _read(path)
    errors = [p for p in problems if p.severity == ERROR]
    if errors or board is None:
        if errors:
            raise BoardError(errors[0].line(), errors[0])
        raise BoardError(f"{path}: error: unreadable board")
    return board


def check_board(path: PathLike) -> list[Problem]:
    """Every problem of a Tiled board, errors and warnings, in reading order."""
    return _read(path)[1]


def read_board(path: PathLike) -> tuple[Board | None, list[Problem], list[str]]:
    """A board as `check-map` reads it: the Board (None when it has an error), every problem, and the
    files it uses besides itself (its tilesets and their pictures), to copy or watch with it."""
    return _read(path)


def check_map_command(paths: list[str], out: TextIO | None = None, form: str = "text", language: str = "en") -> int:
    """`main.py check-map FILE...`: print one line per problem and a summary (`form` "json": one JSON
    document instead, `problems_json`, for the Tiled extension and other tools), its sentences in
    `language` ("en" or "fr"; game.boards.map_words).

    A folder stands for its `.tmx` files. Exit 0 when no board has an error
    (warnings allowed), 1 when one has (a missing file is an error of that
    file), 2 when no file is given (main.py gives the player's boards folder then).
    """
    out = out if out is not None else sys.stdout
    if not paths:
        print("check-map: give at least one board (.tmx file or folder of boards)", file=out)
        return 2
    checked = [(file, [problem] if problem else check_board(file)) for file, problem in _expand(paths)]
    errors = sum(p.severity == ERROR for _, problems in checked for p in problems)
    warnings = sum(p.severity == WARNING for _, problems in checked for p in problems)
    words = sentences(language)
    summary = str(words["summary"]).format(
        boards=said_count(words, "board", len(checked), language),
        errors=said_count(words, "error", errors, language),
        warnings=said_count(words, "warning", warnings, language),
    )
    if form == "json":
        json.dump(problems_json(checked, summary, words), out, ensure_ascii=False, indent=1)
        print(file=out)
        return 1 if errors else 0
    for file, problems in checked:
        for p in problems:
            print(p.line(words), file=out)
        if not problems:
            print(str(words["ok"]).format(file=file), file=out)
    print(summary, file=out)
    return 1 if errors else 0


def problems_json(
    checked: list[tuple[str, list[Problem]]], summary: str, words: dict[str, Sentence] | None = None
) -> dict[str, object]:
    """What `check-map --format json` prints: each board checked, each of its problems with its place
    (layer; column and row, counted from 0, when there is a square; the id of the start point it is about,
    when it is about one) and its sentence, as the text output
    says them in the language of `words` (`line` is the text output's line; `code` the problem's stable
    key in game.boards.map_words, the same in every language), then the counts and the summary line."""
    return {
        "format": 1,
        "boards": [
            {
                "file": os.path.abspath(file),
                "name": file,
                "ok": not problems,
                "problems": [
                    {
                        "severity": p.severity,
                        "layer": p.layer,
                        "column": p.square[1] if p.square is not None else None,
                        "row": p.square[0] if p.square is not None else None,
                        "object": p.obj,
                        "code": p.code,
                        "message": p.text(words),
                        "line": p.line(words),
                    }
                    for p in problems
                ],
            }
            for file, problems in checked
        ],
        "errors": sum(p.severity == ERROR for _, problems in checked for p in problems),
        "warnings": sum(p.severity == WARNING for _, problems in checked for p in problems),
        "summary": summary,
    }


def _expand(paths: Iterable[str]) -> Iterator[tuple[str, Problem | None]]:
    """Each board file to check; a folder gives its .tmx files (or a problem)."""
    for path in paths:
        if os.path.isdir(path):
            boards = sorted(str(p) for p in Path(path).glob("*.tmx"))
            if not boards:
                folder = said("expand.1")
                yield path, Problem(path, message=folder.text(), code=folder.code)
            for board in boards:
                yield board, None
        else:
            yield path, None


# ---------------------------------------------------------------- watching
class BoardWatcher:
    """Reloads a board when its file (or a tileset it uses) changes on disk.

    `poll()` returns whether something changed. `.board` is the newest board
    that loaded (None until one does), `.error` the message of the newest
    broken version (None once a good one loads), `.changed` what the last poll said.
    """

    def __init__(self, path: PathLike) -> None:
        self.path = str(path)
        self.board: Board | None = None
        self.error: str | None = None
        self.problem: Problem | None = None  # the newest version's first error, to be said in any language
        self.changed = False
        self._files: list[str] = [self.path]
        self._seen: tuple[tuple[str, int | None, int | None], ...] = ()
        self.poll()

    def _signature(self) -> tuple[tuple[str, int | None, int | None], ...]:
        """Modification time and size of every watched file."""
        return marks(self._files)

    def poll(self) -> bool:
        """Reload the board if a watched file changed; return whether it did."""
        seen = self._signature()
        self.changed = seen != self._seen
        if not self.changed:
            return False
        board, problems, files = _read(self.path)
        self._files = [self.path, *files]
        self._seen = self._signature()
        errors = [p for p in problems if p.severity == ERROR]
        if board is not None and not errors:
            self.board, self.error, self.problem = board, None, None
        else:
            self.problem = errors[0] if errors else None
            self.error = errors[0].line() if errors else f"{self.path}: error: unreadable board"
        return True


# ---------------------------------------------------------------- reading
def _read(path: PathLike) -> tuple[Board | None, list[Problem], list[str]]:
    """Read a board: the board (None on error), its problems, the tileset files used."""
    path = str(path)
    report = Report(path)
    files: list[str] = []
    root = parse_map_xml(path, report)
    if root is None:
        return None, report.problems, files
    check_map_shape(root, report)
    check_structure(root, report)
    check_counts(root, report)  # (layers, tilesets, objects: counted before any is read)
    if report.failed:
        return None, report.problems, files
    files.extend(check_tilesets(root, path, report))
    check_tiles(root, report)
    check_colors(root, report)
    layers = list(walk_layers(root))
    check_layer_kinds(layers, report)
    check_layer_data(root, layers, report)
    check_typed_properties(root, report)
    properties = map_properties(root, path, report)
    if report.failed:
        return None, report.problems, files
    tmx = pytmx_map(root, path, report)
    if tmx is None:
        return None, report.problems, files
    board = build_board(tmx, root, properties, path, report)
    return (None if report.failed else board), report.problems, files
