"""What docs/maps.md says a Tiled board is, as the board checker and the board reader share it.

The vocabulary of a board file: the layer names and what a tile painted on each
means, the start points, the map's own properties and their ranges, the layer
encodings Tiled writes. And what can be wrong with a board: a `Problem` (where
it is and what it is, printed as one line) and the `Report` that collects the
problems of one file while it is checked and read.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Union

from game.boards.board import BARRIER, CHEST, CLOVER, COIN, HOLE, ROCK, SHIELD, SHORTCUT, Square

PathLike = Union[str, "os.PathLike[str]"]  # a file name, as a string or a Path
ERROR = "error"
WARNING = "warning"

GROUND = "ground"
START = "start"
# Rule layers: layer name -> what a painted tile there means.
TERRAIN_LAYERS = {"barriers": BARRIER, "rocks": ROCK, "holes": HOLE, "shortcuts": SHORTCUT}
OBJECT_LAYERS = {"chests": CHEST, "coins": COIN, "clovers": CLOVER, "shields": SHIELD}
RULE_LAYERS = {**TERRAIN_LAYERS, **OBJECT_LAYERS}
KNOWN_LAYERS = (GROUND, START, *RULE_LAYERS)
OBSTACLES = (BARRIER, ROCK, HOLE)  # nothing may lie on these, nobody starts there

TURNS_RANGE = (5, 15)  # docs/maps.md: a race is 5 to 15 game turns
RACERS_RANGE = (2, 6)  # docs/maps.md: 2 to 6 racers
MAX_STARTS = 6  # at most six racers, so six start squares are read
BOARD_NAME_LENGTH = 60  # the longest board name (game.rules.record's bound of a race's board)
DESCRIPTION_LENGTH = 1000  # the longest description or author
LINE_LENGTH = 400  # the longest line check-map prints (a value quoted in a message is cut)
START_CLASSES = ("start", "start point")  # object class/type that marks a start point anywhere
MAP_PROPERTIES = ("name", "description", "author", "turns", "respawn_turns", "max_racers")
TRANSLATED_PROPERTIES = ("name", "description")  # each may be given again per language: "name.fr"
TRANSLATION = re.compile(r"(name|description)\.([a-z]{2,3})")  # a translated property: "description.fr"
LAYER_TAGS = {
    "layer": "a tile layer",
    "objectgroup": "an object layer",
    "imagelayer": "an image layer",
    "group": "a group layer",
}
ENCODINGS = ("csv", "base64")
COMPRESSIONS = (None, "zlib", "gzip")


# ---------------------------------------------------------------- problems
@dataclass(frozen=True)
class Problem:
    """One thing wrong with a board: where it is and what it is."""

    file: str
    layer: str = ""
    square: Square | None = None  # (row, col)
    message: str = ""
    severity: str = ERROR
    obj: int | None = None  # the id of the object (a start point) it is about, for tools that select it

    def line(self) -> str:
        """The one line `check-map` prints for this problem: whatever the file named (a layer's name, a
        value quoted) is printed escaped and cut short, so no file can print a line of its own."""
        where = ", ".join(part for part in (_shown(self.file, LINE_LENGTH), self.place()) if part)
        return f"{where}: {self.severity}: {_shown(self.message, LINE_LENGTH)}"

    def place(self) -> str:
        """Where in the file: 'layer "holes", column 3, row 12' (empty for the whole file)."""
        where = [f'layer "{_shown(self.layer, 60)}"'] if self.layer else []
        if self.square is not None:
            where.append(f"column {self.square[1]}, row {self.square[0]}")
        return ", ".join(where)

    def sentence(self) -> str:
        """The problem without its file: its place, then what is wrong (printable, cut short)."""
        return ": ".join(part for part in (self.place(), _shown(self.message, LINE_LENGTH)) if part)

    def __str__(self) -> str:
        return self.line()


def _shown(text: str, longest: int) -> str:
    """`text` with every character that cannot be printed escaped (a line break is "\\n"), cut to `longest`."""
    safe = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    return safe if len(safe) <= longest else safe[: longest - 1] + "…"


class Report:
    """The problems found so far in one file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def error(self, message: str, layer: str = "", square: Square | None = None, obj: int | None = None) -> None:
        """Note something that makes the board unusable (`obj`: the id of the object it is about)."""
        self.problems.append(Problem(self.file, layer, square, message, ERROR, obj))

    def warn(self, message: str, layer: str = "", square: Square | None = None) -> None:
        """Note a probable mistake that the game can live with."""
        self.problems.append(Problem(self.file, layer, square, message, WARNING))

    @property
    def failed(self) -> bool:
        """Whether an error was found."""
        return any(p.severity == ERROR for p in self.problems)


def counted(n: int, word: str) -> str:
    """'1 error', '3 errors'."""
    return f"{n} {word}{'' if n == 1 else 's'}"
