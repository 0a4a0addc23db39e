"""What docs/maps.md says a Tiled board is, as the board checker and the board reader share it.

The vocabulary of a board file: the layer names and what a tile painted on each
means, the start points, the map's own properties and their ranges, the layer
encodings Tiled writes (and `decode_gids`, which reads a tile layer's data
within its bounds). And what can be wrong with a board: a `Problem` (where
it is and what it is, printed as one line) and the `Report` that collects the
problems of one file while it is checked and read.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import zlib
from dataclasses import dataclass
from typing import Any, Union

from game import files
from game.boards.board import BARRIER, CHEST, CLOVER, COIN, HOLE, ROCK, SHIELD, SHORTCUT, Square
from game.boards.map_words import Said, Sentence

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
TRANSLATION = re.compile(r"(name|description|author)\.([a-z]{2,3})")  # a translated property: "description.fr"
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
    """One thing wrong with a board: where it is and what it is (`message`, in English; `code` and
    `values`, its key in game.boards.map_words' table and what it names, for other languages)."""

    file: str
    layer: str = ""
    square: Square | None = None  # (row, col)
    message: str = ""
    severity: str = ERROR
    obj: int | None = None  # the id of the object (a start point) it is about, for tools that select it
    code: str = ""
    values: tuple[tuple[str, Any], ...] = ()

    def text(self, words: dict[str, Sentence] | None = None) -> str:
        """What is wrong, in the language of `words` (map_words.sentences; English when None)."""
        return Said(self.code, self.values).text(words) if self.code else self.message

    def line(self, words: dict[str, Sentence] | None = None) -> str:
        """The one line `check-map` prints for this problem: whatever the file named (a layer's name, a
        value quoted) is printed escaped and cut short, so no file can print a line of its own."""
        where = ", ".join(part for part in (_shown(self.file, LINE_LENGTH), self.place(words)) if part)
        severity = str((words or {}).get(f"severity.{self.severity}", self.severity))
        return f"{where}: {severity}: {_shown(self.text(words), LINE_LENGTH)}"

    def place(self, words: dict[str, Sentence] | None = None) -> str:
        """Where in the file: 'layer "holes", column 3, row 12' (empty for the whole file)."""
        words = words or {}
        layer = str(words.get("place.layer", 'layer "{layer}"'))
        where = [layer.format(layer=_shown(self.layer, 60))] if self.layer else []
        if self.square is not None:
            square = str(words.get("place.square", "column {column}, row {row}"))
            where.append(square.format(column=self.square[1], row=self.square[0]))
        return ", ".join(where)

    def sentence(self, words: dict[str, Sentence] | None = None) -> str:
        """The problem without its file: its place, then what is wrong (printable, cut short)."""
        place, what = self.place(words), _shown(self.text(words), LINE_LENGTH)
        return str((words or {}).get("place.then", "{place}: {what}")).format(place=place, what=what) if place else what

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

    def error(self, said: Said, layer: str = "", square: Square | None = None, obj: int | None = None) -> None:
        """Note something that makes the board unusable (`obj`: the id of the object it is about)."""
        self.problems.append(Problem(self.file, layer, square, said.text(), ERROR, obj, said.code, said.values))

    def warn(self, said: Said, layer: str = "", square: Square | None = None) -> None:
        """Note a probable mistake that the game can live with."""
        self.problems.append(Problem(self.file, layer, square, said.text(), WARNING, None, said.code, said.values))

    @property
    def failed(self) -> bool:
        """Whether an error was found."""
        return any(p.severity == ERROR for p in self.problems)


def counted(n: int, word: str) -> str:
    """'1 error', '3 errors'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------- layer data
def decode_gids(text: str, encoding: str, compression: str | None, squares: int) -> list[int] | int | None:
    """The raw gids of a layer's data; None when they do not decode; their count alone when it is not
    `squares` (counted before decoding: a huge layer is never turned into numbers). FileRefused when
    compressed data inflates past what `squares` tiles need."""
    try:
        if encoding == "csv":
            items = text.count(",") + 1 if text.strip() else 0
            if items != squares and items - 1 != squares:  # Tiled may end the data with a comma
                return items
            return [int(item) for item in text.replace("\n", "").split(",") if item.strip()]
        data = base64.b64decode(text.strip(), validate=False)
        if compression:
            data = files.inflate(data, compression, squares * 4)
        if len(data) % 4:
            return None
        if len(data) // 4 != squares:
            return len(data) // 4
        return [int.from_bytes(data[i : i + 4], "little") for i in range(0, len(data), 4)]
    except files.FileRefused:
        raise
    except (ValueError, binascii.Error, zlib.error, OSError, EOFError):
        return None
