"""The board: a W x H torus of squares, as drawn by the map's designer.

A `Board` is the map as it was authored and never changes during a race;
what a race changes (destroyed barriers, taken objects, traps) lives in the
race's own state. Squares are `(row, col)` tuples; row 0 is the start row,
forward is down the board (row + 1), and both pairs of edges wrap.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

Square = tuple[int, int]

# Square kinds (terrain). A square holds at most one of these.
FLOOR = "floor"
BARRIER = "barrier"
ROCK = "rock"
HOLE = "hole"
SHORTCUT = "shortcut"
TERRAINS = (FLOOR, BARRIER, ROCK, HOLE, SHORTCUT)

# Objects lying on the board. A square holds at most one of these.
CHEST = "chest"
COIN = "coin"
CLOVER = "clover"
SHIELD = "shield"
BOARD_OBJECTS = (CHEST, COIN, CLOVER, SHIELD)

# The text format of docs/maps.md, one character per square.
TEXT_TERRAIN = {".": FLOOR, "#": BARRIER, "R": ROCK, "O": HOLE, "S": SHORTCUT}
TEXT_OBJECTS = {"C": CHEST, "$": COIN, "%": CLOVER, ")": SHIELD}
TERRAIN_TEXT = {kind: char for char, kind in TEXT_TERRAIN.items()}
OBJECT_TEXT = {kind: char for char, kind in TEXT_OBJECTS.items()}

MIN_COLUMNS = 8
MIN_ROWS = 16
MAX_COLUMNS = MAX_ROWS = 256  # a board wider or taller is refused (docs/reliability.md)
# A board of more squares is refused: 64 x 128 squares (or 32 x 256) is the largest board whose race opens
# within 2 s and 300 MB on a player's machine (measured: docs/reliability.md, benchmarks/hostile.py).
MAX_SQUARES = 8_192
MAX_TILE_PIXELS = 256  # the largest tile side a board's map may declare
DEFAULT_TURNS = 10
DEFAULT_RESPAWN_TURNS = (4, 7, 10, 13)
DEFAULT_MAX_RACERS = 6


# The map's own look (read from Tiled by game.boards.maps), as plain data for the screen.
@dataclass(frozen=True)
class TileImage:
    """Where a painted tile's picture is: image file, source rectangle, flips."""

    image: str
    rect: tuple[int, int, int, int] | None  # x, y, w, h in the image; None: the whole image
    flip_x: bool = False
    flip_y: bool = False
    flip_diagonal: bool = False  # Tiled's anti-transpose flag, applied before the others


@dataclass(frozen=True)
class ArtLayer:
    """One drawn layer of a map: its tiles by square, visibility and opacity."""

    name: str
    visible: bool
    opacity: float
    tiles: Mapping[Square, TileImage]
    offset: tuple[int, int] = (0, 0)  # pixels, as Tiled's layer offset

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", MappingProxyType(dict(self.tiles)))

    def __reduce__(self) -> tuple[Any, ...]:  # read-only mappings do not pickle: rebuild from a dict
        return (ArtLayer, (self.name, self.visible, self.opacity, dict(self.tiles), self.offset))


@dataclass(frozen=True)
class BoardArt:
    """What the screen needs to draw a map's own tiles, bottom layer first."""

    tile_width: int
    tile_height: int
    layers: tuple[ArtLayer, ...]
    background: str | None = None  # "#rrggbb" as Tiled writes it, or None

    def images(self) -> tuple[str, ...]:
        """Every image file the layers use."""
        return tuple(sorted({tile.image for layer in self.layers for tile in layer.tiles.values()}))


class BoardError(ValueError):
    """A board that the game cannot use; the message says where and why (in English; `problem`, when
    set, is the checker's Problem, to be said in another language)."""

    def __init__(self, message: str, problem: Any = None) -> None:
        super().__init__(message)
        self.problem = problem


@dataclass(frozen=True, eq=True)
class Board:
    """A board as authored: terrain, objects, start squares and properties."""

    width: int
    height: int
    terrain: tuple[tuple[str, ...], ...]  # terrain[row][col]
    objects: Mapping[Square, str] = field(default_factory=dict)
    starts: tuple[Square, ...] = ()
    name: str = "board"
    description: str = ""
    author: str = ""
    turns: int = DEFAULT_TURNS
    respawn_turns: tuple[int, ...] = DEFAULT_RESPAWN_TURNS
    max_racers: int = DEFAULT_MAX_RACERS
    # The name and description in other languages, from the map's `name.fr`, `description.fr`...
    # properties: "name.fr" -> text. Shown by the screens; no part of equality or saves.
    translations: Mapping[str, str] = field(default_factory=dict)
    # Where the board came from and what the screen needs to draw the map's own
    # tiles (set by the Tiled loader); neither takes part in equality.
    source: str = ""
    art: BoardArt | None = None
    # The barriers and rocks as authored, worked out once (set in __post_init__; no part of
    # equality, saves or copies): the rules ask whether a square blocks at every step.
    walls: frozenset[Square] = field(init=False, compare=False, repr=False)
    rocks: frozenset[Square] = field(init=False, compare=False, repr=False)  # (never destroyed)
    # The floor squares where no object lies: a walk or a landing there has nothing to do but look
    # for a trap or a racer (worked out once).
    plain: frozenset[Square] = field(init=False, compare=False, repr=False)
    # Each row's walls as a bit mask of their columns (bit c: column c), to see at once that none is near.
    wall_rows: tuple[int, ...] = field(init=False, compare=False, repr=False)
    # Every square's (row, col) tuple, made once: `wrap` hands out these instead of new tuples.
    grid: tuple[tuple[Square, ...], ...] = field(init=False, compare=False, repr=False)
    # Each straight step's squares: steps[dr, dc][row][col] is the square one step (dr, dc) from (row, col)
    # round the torus, for a step forward (1, 0), back (-1, 0) or aside (0, 1), (0, -1): the grid shifted.
    steps: dict[tuple[int, int], tuple[tuple[Square, ...], ...]] = field(init=False, compare=False, repr=False)
    # Each row's squares twice round the torus: a run of squares along a row is one slice (`around`).
    rows_twice: tuple[tuple[Square, ...], ...] = field(init=False, compare=False, repr=False)
    # What the rules work out once per board and never changes with the race (the squares an
    # axe reaches from a square, a spear's lines...), kept by each rule under a key of its own.
    # Only what the authored board decides may go there; no part of equality, saves or copies.
    memo: dict[Any, Any] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "objects", MappingProxyType(dict(self.objects)))
        walls = {(r, c) for r, row in enumerate(self.terrain) for c, kind in enumerate(row) if kind in (BARRIER, ROCK)}
        object.__setattr__(self, "walls", frozenset(walls))
        object.__setattr__(self, "rocks", frozenset(s for s in walls if self.terrain_at(s) == ROCK))
        wall_rows = tuple(sum(1 << c for c, kind in enumerate(row) if kind in (BARRIER, ROCK)) for row in self.terrain)
        object.__setattr__(self, "wall_rows", wall_rows)
        grid = tuple(tuple((r, c) for c in range(self.width)) for r in range(self.height))
        object.__setattr__(self, "grid", grid)
        steps = {
            (1, 0): grid[1:] + grid[:1],
            (-1, 0): grid[-1:] + grid[:-1],
            (0, 1): tuple(row[1:] + row[:1] for row in grid),
            (0, -1): tuple(row[-1:] + row[:-1] for row in grid),
        }
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "rows_twice", tuple(row * 2 for row in grid))
        plain = {grid[r][c] for r, row in enumerate(self.terrain) for c, kind in enumerate(row) if kind == FLOOR}
        object.__setattr__(self, "plain", frozenset(plain - self.objects.keys()))
        object.__setattr__(self, "memo", {})

    def __reduce__(self) -> tuple[Any, ...]:  # for parallel tournaments' worker processes
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}
        values["objects"] = dict(self.objects)
        return (_rebuild_board, (values,))

    def __hash__(self) -> int:
        return hash((self.width, self.height, self.terrain, tuple(sorted(self.objects.items())), self.starts))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def name_in(self, language: str) -> str:
        """The board's name in a language ("fr"), its own (English) name when it has none there."""
        return self.translations.get(f"name.{language}") or self.name

    def author_in(self, language: str) -> str:
        """The board's author in a language ("the Fantasy Racing team" said in French), else its own."""
        return self.translations.get(f"author.{language}") or self.author

    def description_in(self, language: str) -> str:
        """The board's description in a language, its own (English) one when it has none there."""
        return self.translations.get(f"description.{language}") or self.description

    # ---------------------------------------------------------------- geometry
    def wrap(self, row: int, col: int) -> Square:
        """The square at (row, col) once both edges wrap."""
        return self.grid[row % self.height][col % self.width]

    def around(self, square: Square, reach: int) -> list[Square]:
        """The squares within `reach` king steps of a square (not itself), row by row from the furthest
        back (a square met twice round a small board, twice)."""
        row, col = square
        width, height = self.width, self.height
        if 2 * reach >= min(width, height):  # round the torus onto the same squares again
            around = [
                self.wrap(row + dr, col + dc) for dr in range(-reach, reach + 1) for dc in range(-reach, reach + 1)
            ]
            return [s for s in around if s != square]
        first, last = (col - reach) % width, (col - reach) % width + 2 * reach + 1
        found: list[Square] = []
        for dr in range(-reach, reach + 1):
            found += self.rows_twice[(row + dr) % height][first:last]
        found.remove(square)
        return found

    def forward_distance(self, a: Square, b: Square) -> int:
        """Rows to walk forward from a's row to b's row (0 to H-1)."""
        return (b[0] - a[0]) % self.height

    def row_delta(self, a: Square, b: Square) -> int:
        """The shortest signed row difference from a to b (the wand's way)."""
        return _shortest(b[0] - a[0], self.height)

    def col_delta(self, a: Square, b: Square) -> int:
        """The shortest signed column difference from a to b."""
        return _shortest(b[1] - a[1], self.width)

    def _axis(self, d: int, size: int) -> int:
        d %= size
        return min(d, size - d)

    def king_distance(self, a: Square, b: Square) -> int:
        """Chebyshev distance on the torus (diagonal steps count as one)."""
        return max(self._axis(a[0] - b[0], self.height), self._axis(a[1] - b[1], self.width))

    def step_distance(self, a: Square, b: Square) -> int:
        """Manhattan distance on the torus (orthogonal steps)."""
        return self._axis(a[0] - b[0], self.height) + self._axis(a[1] - b[1], self.width)

    def squares(self) -> Iterator[Square]:
        """Every square, row by row."""
        for row in range(self.height):
            for col in range(self.width):
                yield row, col

    def terrain_at(self, square: Square) -> str:
        """The authored terrain of a square."""
        row, col = square
        return self.terrain[row][col]

    # ------------------------------------------------------------ text format
    @classmethod
    def from_text(cls, text: str, **properties: Any) -> Board:
        """Read the text format of docs/maps.md (one character per square)."""
        lines = [line.strip() for line in text.strip("\n").splitlines()]
        lines = [line for line in lines if line]
        if not lines:
            raise BoardError("text board: it is empty")
        width = len(lines[0])
        terrain, objects, numbered = [], {}, {}
        for row, line in enumerate(lines):
            if len(line) != width:
                raise BoardError(f"text board: row {row} has {len(line)} squares, row 0 has {width}")
            cells = []
            for col, char in enumerate(line):
                if char in TEXT_TERRAIN:
                    cells.append(TEXT_TERRAIN[char])
                elif char in TEXT_OBJECTS:
                    cells.append(FLOOR)
                    objects[(row, col)] = TEXT_OBJECTS[char]
                elif char in "123456":
                    cells.append(FLOOR)
                    numbered[int(char)] = (row, col)
                else:
                    raise BoardError(f"text board: unknown square {char!r} at column {col}, row {row}")
            terrain.append(tuple(cells))
        starts = tuple(numbered[k] for k in sorted(numbered))
        return cls(width=width, height=len(lines), terrain=tuple(terrain), objects=objects, starts=starts, **properties)

    def to_text(self) -> str:
        """The text format of docs/maps.md; start squares are numbered 1-6."""
        start_at = {square: str(i + 1) for i, square in enumerate(self.starts[:6])}
        lines = []
        for row in range(self.height):
            chars = []
            for col in range(self.width):
                square = (row, col)
                if square in start_at:
                    chars.append(start_at[square])
                elif square in self.objects:
                    chars.append(OBJECT_TEXT[self.objects[square]])
                else:
                    chars.append(TERRAIN_TEXT[self.terrain[row][col]])
            lines.append("".join(chars))
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------ saves
    def to_dict(self) -> dict[str, Any]:
        """Plain data for saves (terrain and objects apart: an object may lie on a shortcut)."""
        return {
            "terrain": ["".join(TERRAIN_TEXT[kind] for kind in row) for row in self.terrain],
            "objects": [[row, col, kind] for (row, col), kind in sorted(self.objects.items())],
            "starts": [list(s) for s in self.starts],
            "name": self.name,
            "description": self.description,
            "author": self.author,
            "turns": self.turns,
            "respawn_turns": list(self.respawn_turns),
            "max_racers": self.max_racers,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        """The board of `to_dict`."""
        terrain = tuple(tuple(TEXT_TERRAIN[char] for char in line) for line in data["terrain"])
        if not terrain or len({len(row) for row in terrain}) != 1:
            raise BoardError("the saved board's rows are not all the same length")
        return cls(
            width=len(terrain[0]),
            height=len(terrain),
            terrain=terrain,
            objects={(row, col): kind for row, col, kind in data["objects"]},
            starts=tuple(tuple(s) for s in data["starts"]),
            name=data["name"],
            description=data["description"],
            author=data["author"],
            turns=data["turns"],
            respawn_turns=tuple(data["respawn_turns"]),
            max_racers=data["max_racers"],
        )

    def with_starts(self, starts: Iterable[Square]) -> Board:
        """The same board with other start squares."""
        return dataclasses.replace(self, starts=tuple(starts))

    def default_starts(self, count: int) -> tuple[Square, ...]:
        """The free squares of row 0 nearest the middle (docs/maps.md, no start layer)."""
        middle = (self.width - 1) / 2
        free = [(0, c) for c in range(self.width) if self.terrain[0][c] in (FLOOR, SHORTCUT)]
        free = [s for s in free if self.terrain_at(s) == FLOOR]
        free.sort(key=lambda s: (abs(s[1] - middle), s[1]))
        return tuple(sorted(free[:count], key=lambda s: s[1]))


def names_in(language: str, known: Iterable[Board]) -> dict[str, str]:
    """Every name of the `known` boards (their own and their translated ones, casefolded) -> the board's
    name in `language`: a kept race, a championship and the statistics name a board by the name it had
    when kept, and are read in the reader's language."""
    found: dict[str, str] = {}
    for board in known:
        names = [board.name, *(v for k, v in board.translations.items() if k.startswith("name."))]
        for name in names:
            found.setdefault(name.casefold(), board.name_in(language))
    return found


def _shortest(d: int, size: int) -> int:
    """The shortest signed way round a loop of `size` to go `d` along it."""
    d %= size
    return d - size if d > size // 2 else d


def _rebuild_board(values: dict[str, Any]) -> Board:
    """A pickled board, made again (see Board.__reduce__)."""
    return Board(**values)
