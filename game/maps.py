"""Boards drawn in Tiled: read a `.tmx` into a `Board` and say what is wrong with it.

docs/maps.md is the contract: paint a tile on the layer named after what the square
is. `load_board(path)` gives the engine's `Board`; `check_board(path)` gives
every problem as a `Problem` (one line each); `check_map_command` is
`main.py check-map`; `BoardWatcher` reloads a board while its designer edits it.

The screen draws the map's own tiles from `board.art`, a `BoardArt` of plain
data: the layers in drawing order (bottom first) with their visibility and
opacity, and for each layer and square a `TileImage` (image file, source
rectangle, flips). Nothing here imports pygame: pytmx is imported with its
pygame helpers blocked and reads no image.
"""

from __future__ import annotations

import base64
import binascii
import difflib
import math
import os
import re
import sys
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, Union
from xml.etree import ElementTree

from game import files as files_
from game.board import (
    BARRIER,
    CHEST,
    CLOVER,
    COIN,
    DEFAULT_MAX_RACERS,
    DEFAULT_RESPAWN_TURNS,
    DEFAULT_TURNS,
    FLOOR,
    HOLE,
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_TILE_PIXELS,
    MIN_COLUMNS,
    MIN_ROWS,
    ROCK,
    SHIELD,
    SHORTCUT,
    ArtLayer,
    Board,
    BoardArt,
    BoardError,
    Square,
    TileImage,
)

# pytmx imports pygame (for type hints) and its pygame loader; block both so
# that the rules never load pygame. pytmx catches the ImportError.
_blocked = [name for name in ("pygame", "pytmx.util_pygame") if name not in sys.modules]
for _name in _blocked:
    sys.modules[_name] = None  # type: ignore[assignment]
try:
    import pytmx
finally:
    for _name in _blocked:
        del sys.modules[_name]

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
START_CLASSES = ("start", "start point")  # object class/type that marks a start point anywhere
MAP_PROPERTIES = ("name", "description", "author", "turns", "respawn_turns", "max_racers")
LAYER_TAGS = {
    "layer": "a tile layer",
    "objectgroup": "an object layer",
    "imagelayer": "an image layer",
    "group": "a group layer",
}
ENCODINGS = ("csv", "base64")
COMPRESSIONS = (None, "zlib", "gzip")
GID_FLAGS = 0xE0000000  # Tiled's flip bits on a gid


# ---------------------------------------------------------------- problems
@dataclass(frozen=True)
class Problem:
    """One thing wrong with a board: where it is and what it is."""

    file: str
    layer: str = ""
    square: Square | None = None  # (row, col)
    message: str = ""
    severity: str = ERROR

    def line(self) -> str:
        """The one line `check-map` prints for this problem."""
        where = [self.file]
        if self.layer:
            where.append(f'layer "{self.layer}"')
        if self.square is not None:
            where.append(f"column {self.square[1]}, row {self.square[0]}")
        return f"{', '.join(where)}: {self.severity}: {self.message}"

    def __str__(self) -> str:
        return self.line()


class _Report:
    """The problems found so far in one file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def error(self, message: str, layer: str = "", square: Square | None = None) -> None:
        """Note something that makes the board unusable."""
        self.problems.append(Problem(self.file, layer, square, message, ERROR))

    def warn(self, message: str, layer: str = "", square: Square | None = None) -> None:
        """Note a probable mistake that the game can live with."""
        self.problems.append(Problem(self.file, layer, square, message, WARNING))

    @property
    def failed(self) -> bool:
        """Whether an error was found."""
        return any(p.severity == ERROR for p in self.problems)


# ---------------------------------------------------------------- public API
def load_board(path: PathLike) -> Board:
    """Read a Tiled board (docs/maps.md); raise BoardError with the first error's line."""
    board, problems, _ = _read(path)
    errors = [p for p in problems if p.severity == ERROR]
    if errors or board is None:
        raise BoardError(errors[0].line() if errors else f"{path}: error: unreadable board")
    return board


def check_board(path: PathLike) -> list[Problem]:
    """Every problem of a Tiled board, errors and warnings, in reading order."""
    return _read(path)[1]


def check_map_command(paths: list[str], out: TextIO = sys.stdout) -> int:
    """`main.py check-map FILE...`: print one line per problem and a summary.

    A folder stands for its `.tmx` files. Exit 0 when no board has an error
    (warnings allowed), 1 when one has (a missing file is an error of that
    file), 2 when no file is given (main.py gives the player's boards folder then).
    """
    if not paths:
        print("check-map: give at least one board (.tmx file or folder of boards)", file=out)
        return 2
    files = list(_expand(paths))
    errors = warnings = 0
    for file, problem in files:
        problems = [problem] if problem else check_board(file)
        for p in problems:
            print(p.line(), file=out)
        errors += sum(p.severity == ERROR for p in problems)
        warnings += sum(p.severity == WARNING for p in problems)
        if not problems:
            print(f"{file}: ok", file=out)
    print(f"checked {_count(len(files), 'board')}: {_count(errors, 'error')}, {_count(warnings, 'warning')}", file=out)
    return 1 if errors else 0


def _expand(paths: Iterable[str]) -> Iterator[tuple[str, Problem | None]]:
    """Each board file to check; a folder gives its .tmx files (or a problem)."""
    for path in paths:
        if os.path.isdir(path):
            boards = sorted(str(p) for p in Path(path).glob("*.tmx"))
            if not boards:
                yield path, Problem(path, message="this folder holds no .tmx board")
            for board in boards:
                yield board, None
        else:
            yield path, None


def _count(n: int, word: str) -> str:
    """'1 error', '3 errors'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


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
        self.changed = False
        self._files: list[str] = [self.path]
        self._seen: tuple[tuple[str, int | None, int | None], ...] = ()
        self.poll()

    def _signature(self) -> tuple[tuple[str, int | None, int | None], ...]:
        """Modification time and size of every watched file."""
        marks: list[tuple[str, int | None, int | None]] = []
        for file in self._files:
            try:
                stat = os.stat(file)
                marks.append((file, stat.st_mtime_ns, stat.st_size))
            except OSError:
                marks.append((file, None, None))
        return tuple(marks)

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
            self.board, self.error = board, None
        else:
            self.error = errors[0].line() if errors else f"{self.path}: error: unreadable board"
        return True


# ---------------------------------------------------------------- reading
@dataclass
class _Layer:
    """A layer as the XML has it, in document order, with its groups folded in."""

    element: ElementTree.Element
    name: str
    visible: bool
    opacity: float
    offset: tuple[int, int]

    @property
    def key(self) -> str:
        """The name as the rules match it (case and spaces ignored)."""
        return self.name.strip().lower()

    @property
    def kind(self) -> str:
        """'a tile layer', 'an object layer', ..."""
        return LAYER_TAGS.get(self.element.tag, "a layer")


def _read(path: PathLike) -> tuple[Board | None, list[Problem], list[str]]:
    """Read a board: the board (None on error), its problems, the tileset files used."""
    path = str(path)
    report = _Report(path)
    files: list[str] = []
    root = _parse_map_xml(path, report)
    if root is None:
        return None, report.problems, files
    _check_map_shape(root, report)
    if report.failed:
        return None, report.problems, files
    files.extend(_check_tilesets(root, path, report))
    layers = list(_walk_layers(root))
    _check_layer_kinds(layers, report)
    _check_layer_data(root, layers, report)
    _check_typed_properties(root, report)
    properties = _map_properties(root, path, report)
    if report.failed:
        return None, report.problems, files
    tmx = _pytmx_map(root, path, report)
    if tmx is None:
        return None, report.problems, files
    board = _build_board(tmx, root, properties, path, report)
    return (None if report.failed else board), report.problems, files


def _parse_map_xml(path: str, report: _Report) -> ElementTree.Element | None:
    """The map's XML root, or None with a problem when it is no Tiled map (or a file refused)."""
    if not os.path.exists(path) or os.path.isdir(path):
        report.error("no such file" if not os.path.exists(path) else "this is not a file")
        return None
    try:
        root = files_.parse_xml(files_.read_bytes(path, "board"))
    except files_.FileRefused as error:
        report.error(f"the file is refused: {error}")
        return None
    except ElementTree.ParseError as error:
        line, column = error.position
        report.error(f"not a Tiled map: broken XML at line {line}, column {column + 1}")
        return None
    except (OSError, UnicodeError, LookupError, ValueError) as error:
        report.error(f"cannot read the file ({error})")
        return None
    if root.tag != "map":
        report.error(f"not a Tiled map: the file holds <{root.tag}>, a .tmx holds <map>")
        return None
    return root


def _int_attribute(element: ElementTree.Element, name: str, default: int | None = None) -> int | None:
    """An integer XML attribute, or None when it is missing or not a number."""
    value = element.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        return None


def _check_map_shape(root: ElementTree.Element, report: _Report) -> None:
    """Orthogonal, finite, square tiles, big enough."""
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        report.error(f"the map is {orientation}; a board must be orthogonal (Map > Map Properties > Orientation)")
    if root.get("infinite", "0") not in ("0", "false"):
        report.error("the map is infinite; untick Map > Map Properties > Infinite and give it a size")
        return
    width, height = _int_attribute(root, "width"), _int_attribute(root, "height")
    tile_width, tile_height = _int_attribute(root, "tilewidth"), _int_attribute(root, "tileheight")
    if width is None or height is None or tile_width is None or tile_height is None:
        report.error("the map has no valid width, height, tilewidth and tileheight")
        return
    if tile_width != tile_height or tile_width <= 0:
        report.error(f"the tiles are {tile_width}x{tile_height} pixels; a board needs square tiles")
    elif tile_width > MAX_TILE_PIXELS:
        report.error(f"the tiles are {tile_width} pixels wide; a board's tiles are at most {MAX_TILE_PIXELS} pixels")
    if width > MAX_COLUMNS or height > MAX_ROWS:
        report.error(
            f"the map is {width} columns by {height} rows; "
            f"a board has at most {MAX_COLUMNS} columns and {MAX_ROWS} rows"
        )
        return
    if width < MIN_COLUMNS or height < MIN_ROWS:
        report.error(
            f"the map is {width} columns by {height} rows; a board needs at least "
            f"{MIN_COLUMNS} columns and {MIN_ROWS} rows"
        )


# ---------------------------------------------------------------- tilesets
def _check_tilesets(root: ElementTree.Element, path: str, report: _Report) -> list[str]:
    """Tileset files and images exist, read and stay in the board's folder; return the files to watch."""
    watched: list[str] = []
    base = os.path.dirname(path) or "."
    for tileset in root.findall("tileset"):
        source = tileset.get("source")
        if _int_attribute(tileset, "firstgid") is None:
            report.error(f"tileset {source or tileset.get('name', '')!r} has no valid firstgid")
        if source is None:
            watched.extend(_check_tileset_images(tileset, base, "", tileset.get("name", ""), report, base))
            continue
        tsx = os.path.normpath(os.path.join(base, source))
        if not files_.inside(base, tsx):
            report.error(f"tileset file {source!r} is outside the board's folder; keep tilesets beside the board")
            continue
        watched.append(tsx)
        element = _parse_tileset_file(tsx, source, report)
        if element is not None:
            folder = os.path.dirname(tsx)
            watched.extend(_check_tileset_images(element, folder, os.path.dirname(source), source, report, base))
    return watched


def _parse_tileset_file(tsx: str, source: str, report: _Report) -> ElementTree.Element | None:
    """The root of an external tileset file, or None with a problem."""
    if not source.lower().endswith(".tsx"):
        report.error(f"tileset file {source!r} is not a .tsx file; save the tileset as .tsx")
        return None
    if not os.path.exists(tsx) or os.path.isdir(tsx):
        report.error(f"tileset file {source!r} not found (looked for {tsx})")
        return None
    try:
        element = files_.parse_xml(files_.read_bytes(tsx, "tileset"))
    except files_.FileRefused as error:
        report.error(f"tileset file {source!r} is refused: {error}")
        return None
    except ElementTree.ParseError as error:
        line, column = error.position
        report.error(f"tileset file {source!r} is broken XML at line {line}, column {column + 1}")
        return None
    except (OSError, UnicodeError, LookupError, ValueError) as error:
        report.error(f"cannot read tileset file {source!r} ({error})")
        return None
    if element.tag != "tileset":
        report.error(f"tileset file {source!r} holds <{element.tag}>, not <tileset>")
        return None
    return element


def _check_tileset_images(
    tileset: ElementTree.Element, folder: str, prefix: str, label: str, report: _Report, board_folder: str
) -> list[str]:
    """A tileset's image (or its tiles' images) exist, stay in the board's folder and are pictures the
    game may decode; return their paths."""
    files = []
    name = label or tileset.get("name", "")
    image = tileset.find("image")
    images = [image] if image is not None else [tile.find("image") for tile in tileset.findall("tile")]
    if image is not None and None in (_int_attribute(image, "width"), _int_attribute(image, "height")):
        report.error(f"tileset {name!r}: its image has no width and height; save it again in Tiled")
    for node in (i for i in images if i is not None):
        source = node.get("source", "")
        file = os.path.normpath(os.path.join(folder, source))
        shown = os.path.join(prefix, source)
        if not source or not os.path.exists(file) or os.path.isdir(file):
            report.error(f"tileset {name!r}: image {shown!r} not found")
            continue
        if not files_.inside(board_folder, file):
            report.error(f"tileset {name!r}: image {shown!r} is outside the board's folder; keep it beside the board")
            continue
        try:
            files_.check_image(file)
        except files_.FileRefused as error:
            report.error(f"tileset {name!r}: image {shown!r} is refused: {error}")
            continue
        except OSError as error:
            report.error(f"tileset {name!r}: image {shown!r} cannot be read ({error.strerror or error})")
            continue
        files.append(file)
    if image is None and not any(i is not None for i in images):
        report.error(f"tileset {name!r} has no image")
    return files


# ---------------------------------------------------------------- layers
def _walk_layers(
    element: ElementTree.Element, visible: bool = True, opacity: float = 1.0, offset: tuple[int, int] = (0, 0)
) -> Iterator[_Layer]:
    """Every layer in drawing order, with its groups' visibility, opacity and offset."""
    for child in element:
        if child.tag not in LAYER_TAGS:
            continue
        shown = visible and child.get("visible", "1") not in ("0", "false")
        alpha = opacity * _float(child.get("opacity"), 1.0)
        shift = (offset[0] + int(_float(child.get("offsetx"), 0)), offset[1] + int(_float(child.get("offsety"), 0)))
        if child.tag == "group":
            yield from _walk_layers(child, shown, alpha, shift)
        else:
            yield _Layer(child, child.get("name", ""), shown, alpha, shift)


def _float(value: str | None, default: float) -> float:
    """A finite float attribute, or the default (offsetx="inf" is no offset)."""
    try:
        number = float(value) if value is not None else default
    except ValueError:
        return default
    return number if math.isfinite(number) else default


def _check_layer_kinds(layers: list[_Layer], report: _Report) -> None:
    """Rule layers are tile layers, `start` an object layer, `ground` exists, names look right."""
    for layer in layers:
        if (layer.key in RULE_LAYERS or layer.key == GROUND) and layer.element.tag != "layer":
            what = "the ground is" if layer.key == GROUND else f"{layer.key} are"
            report.error(f"this is {layer.kind}; {what} painted on a tile layer", layer.name)
        elif layer.key == START and layer.element.tag != "objectgroup":
            report.error(f"this is {layer.kind}; start squares are points on an object layer", layer.name)
        elif layer.key not in KNOWN_LAYERS:
            guess = _probable_layer(layer.key)
            if guess:
                report.warn(f'this layer is read as decoration; did you mean "{guess}"?', layer.name)
    if not any(layer.key == GROUND and layer.element.tag == "layer" for layer in layers):
        report.error('no tile layer named "ground"; paint the track on a layer named "ground"')


def _probable_layer(key: str) -> str | None:
    """The known layer name a decoration layer's name probably meant, if any."""
    words = re.findall(r"[a-z]+", key)
    for rule in RULE_LAYERS:
        if rule in words or rule[:-1] in words:
            return rule
    close = difflib.get_close_matches(key, KNOWN_LAYERS, n=1, cutoff=0.75)
    return close[0] if close else None


def _check_layer_data(root: ElementTree.Element, layers: list[_Layer], report: _Report) -> None:
    """Every tile layer's data is finite, in a readable encoding, and the map's size."""
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    for layer in layers:
        if layer.element.tag != "layer":
            continue
        problem = _layer_data_problem(layer.element, width, height)
        if problem:
            report.error(problem, layer.name)


def _layer_data_problem(element: ElementTree.Element, width: int, height: int) -> str | None:
    """What is wrong with one tile layer's data, or None."""
    size = (_int_attribute(element, "width", width), _int_attribute(element, "height", height))
    if size != (width, height):
        return f"the layer is {size[0]}x{size[1]} squares but the map is {width}x{height}"
    data = element.find("data")
    if data is None:
        return "the layer has no <data>"
    if data.find("chunk") is not None:
        return "the layer is stored in chunks (an infinite map); boards must be finite"
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding is None:
        return "the layer is saved as XML tiles; choose CSV or Base64 (Map > Map Properties > Tile Layer Format)"
    if encoding not in ENCODINGS:
        return f"unknown layer encoding {encoding!r}; choose CSV or Base64"
    if compression not in COMPRESSIONS or (compression and encoding != "base64"):
        return f"layer compression {compression!r} is not readable; choose Base64 (zlib) or Base64 (gzip)"
    try:
        gids = _decode_gids(data.text or "", encoding, compression, width * height)
    except files_.FileRefused:
        return (
            f"the layer's data inflates to more than the {width * height * 4:,} bytes "
            f"a {width}x{height} map needs; it is refused"
        )
    if isinstance(gids, int):
        return f"the layer holds {gids} tiles but a {width}x{height} map needs {width * height}"
    if gids is None:
        return f"the layer data is damaged ({encoding}{'+' + compression if compression else ''} does not decode)"
    if len(gids) != width * height:
        return f"the layer holds {len(gids)} tiles but a {width}x{height} map needs {width * height}"
    return None


def _decode_gids(text: str, encoding: str, compression: str | None, squares: int) -> list[int] | int | None:
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
            data = files_.inflate(data, compression, squares * 4)
        if len(data) % 4:
            return None
        if len(data) // 4 != squares:
            return len(data) // 4
        return [int.from_bytes(data[i : i + 4], "little") for i in range(0, len(data), 4)]
    except files_.FileRefused:
        raise
    except (ValueError, binascii.Error, zlib.error, OSError, EOFError):
        return None


# ---------------------------------------------------------------- properties
_CASTS = {"int": int, "float": float, "object": int}


def _check_typed_properties(root: ElementTree.Element, report: _Report) -> None:
    """Typed custom properties hold values of their type (pytmx would crash)."""
    for owner in root.iter():
        for prop in owner.findall("properties/property"):
            if owner is root and prop.get("name") in MAP_PROPERTIES:
                continue  # the board's own properties get their own, clearer check
            kind, value = prop.get("type"), prop.get("value")
            if kind == "bool" and value not in (None, "true", "false", "1", "0"):
                report.error(f"property {prop.get('name')!r} of {_owner_label(owner)} is a bool but holds {value!r}")
            elif kind in _CASTS and value is not None:
                try:
                    _CASTS[kind](value)
                except ValueError:
                    report.error(
                        f"property {prop.get('name')!r} of {_owner_label(owner)} is "
                        f"{'an' if kind == 'int' else 'a'} {kind} but holds {value!r}"
                    )


def _owner_label(element: ElementTree.Element) -> str:
    """'the map', 'layer "x"', 'object 3'."""
    if element.tag == "map":
        return "the map"
    if element.tag == "object":
        return f"object {element.get('id', '?')}"
    return f"{element.tag} {element.get('name', element.get('id', ''))!r}"


def _raw_map_properties(root: ElementTree.Element) -> dict[str, tuple[str | None, str]]:
    """The map's properties as (type, text), class members folded in."""
    found: dict[str, tuple[str | None, str]] = {}
    for prop in root.findall("properties/property"):
        if prop.get("type") == "class":
            for member in prop.findall(".//property"):
                found.setdefault(member.get("name", ""), (member.get("type"), _property_text(member)))
        else:
            found[prop.get("name", "")] = (prop.get("type"), _property_text(prop))
    return found


def _property_text(prop: ElementTree.Element) -> str:
    """A property's value (multi-line strings are stored as text)."""
    value = prop.get("value")
    return value if value is not None else (prop.text or "")


def _map_properties(root: ElementTree.Element, path: str, report: _Report) -> dict[str, Any]:
    """The board's properties (docs/maps.md), checked, with defaults."""
    raw = _raw_map_properties(root)
    for name in raw:
        guess = difflib.get_close_matches(name.lower(), MAP_PROPERTIES, n=1, cutoff=0.75)
        if name not in MAP_PROPERTIES and guess:
            report.warn(f'map property "{name}" is not read; did you mean "{guess[0]}"?')
    text = {key: raw[key][1] for key in ("name", "description", "author") if key in raw}
    return {
        "name": text.get("name", "").strip() or Path(path).stem,
        "description": text.get("description", ""),
        "author": text.get("author", ""),
        "turns": _whole_property(raw, "turns", DEFAULT_TURNS, TURNS_RANGE, report),
        "max_racers": _whole_property(raw, "max_racers", DEFAULT_MAX_RACERS, RACERS_RANGE, report),
        "respawn_turns": _respawn_turns(raw, report),
    }


def _whole_property(
    raw: dict[str, tuple[str | None, str]], name: str, default: int, bounds: tuple[int, int], report: _Report
) -> int:
    """An int map property within bounds, or the default with a problem."""
    if name not in raw:
        return default
    kind, value = raw[name]
    low, high = bounds
    if kind not in (None, "int", "string"):
        report.error(f'map property "{name}" is a {kind} property; make it an int from {low} to {high}')
        return default
    try:
        number = int(value.strip())
    except ValueError:
        report.error(f'map property "{name}" must be a whole number from {low} to {high}, not {value!r}')
        return default
    if not low <= number <= high:
        report.error(f'map property "{name}" is {number}; it must be from {low} to {high}')
        return default
    return number


def _respawn_turns(raw: dict[str, tuple[str | None, str]], report: _Report) -> tuple[int, ...]:
    """The game turns at whose start objects return ("4,7,10,13")."""
    if "respawn_turns" not in raw:
        return DEFAULT_RESPAWN_TURNS
    kind, value = raw["respawn_turns"]
    if kind not in (None, "string", "int"):
        report.error(f'map property "respawn_turns" is a {kind} property; make it a string like "4,7,10,13"')
        return DEFAULT_RESPAWN_TURNS
    parts = [part.strip() for part in value.split(",") if part.strip()]
    low, high = 1, TURNS_RANGE[1]
    if not all(part.isascii() and part.isdigit() and len(part) <= 3 and low <= int(part) <= high for part in parts):
        report.error(
            f'map property "respawn_turns" must list game turns from {low} to {high} '
            f'separated by commas, like "4,7,10,13", not {value!r}'
        )
        return DEFAULT_RESPAWN_TURNS
    return tuple(sorted({int(part) for part in parts}))


# ---------------------------------------------------------------- pytmx
def _pytmx_map(root: ElementTree.Element, path: str, report: _Report) -> Any:
    """pytmx's reading of the checked XML (no images loaded), or None with a problem."""
    for owner in root.iter():
        for props in owner.findall("properties"):
            for prop in props.findall("property[@type='class']"):
                props.remove(prop)  # pytmx cannot read class members without the project file
    tmx = pytmx.TiledMap(allow_duplicate_names=True)
    tmx.filename = path
    try:
        tmx.parse_xml(root)
    except Exception as error:  # pytmx raises bare Exceptions; the user gets one line
        report.error(f"pytmx cannot read the map: {error or type(error).__name__}")
        return None
    return tmx


def _build_board(tmx: Any, root: ElementTree.Element, properties: dict[str, Any], path: str, report: _Report) -> Board:
    """The Board of a map that pytmx has read from `root`."""
    layers = list(_walk_layers(root))
    matched = _match_layers(tmx, root, layers)
    tile_layers = [layer for layer in layers if layer.element.tag == "layer"]
    painted = [_painted_squares(matched[id(layer)]) for layer in tile_layers]
    _check_ground(tile_layers, painted, tmx, report)
    terrain, objects = _squares(tile_layers, painted, report)
    rows = tuple(tuple(terrain.get((row, col), FLOOR) for col in range(tmx.width)) for row in range(tmx.height))
    board = Board(
        width=tmx.width,
        height=tmx.height,
        terrain=rows,
        objects=objects,
        source=path,
        art=_board_art(tmx, layers, matched, report),
        **properties,
    )
    starts = _start_squares(tmx, board, report)
    _check_starts(board, starts, properties["max_racers"], report)
    return board.with_starts(starts)


def _match_layers(tmx: Any, root: ElementTree.Element, layers: list[_Layer]) -> dict[int, Any]:
    """pytmx's layer for each of our layers (pytmx reads them by tag, in document order)."""
    root_tags = {"layer": pytmx.TiledTileLayer, "objectgroup": pytmx.TiledObjectGroup}
    matched = {}
    for tag, kind in root_tags.items():
        ours = {id(layer.element): layer for layer in layers if layer.element.tag == tag}
        elements = list(root.iter(tag))
        theirs = [layer for layer in tmx.layers if isinstance(layer, kind)]
        for element, data in zip(elements, theirs):
            if id(element) in ours:
                matched[id(ours[id(element)])] = data
    return matched


def _painted_squares(layer: Any) -> set[Square]:
    """The squares where a pytmx tile layer has a tile."""
    return {(y, x) for x, y, gid in layer.iter_data() if gid}


def _check_ground(tile_layers: list[_Layer], painted: list[set[Square]], tmx: Any, report: _Report) -> None:
    """Warn once when some squares have no ground tile."""
    grounds = [i for i, layer in enumerate(tile_layers) if layer.key == GROUND]
    if not grounds:
        return
    covered = set().union(*(painted[i] for i in grounds))
    bare = sorted({(r, c) for r in range(tmx.height) for c in range(tmx.width)} - covered)
    if bare:
        report.warn(
            f"{_count(len(bare), 'square')} with no ground tile (the first is shown)",
            tile_layers[grounds[0]].name,
            bare[0],
        )


def _squares(
    tile_layers: list[_Layer], painted: list[set[Square]], report: _Report
) -> tuple[dict[Square, str], dict[Square, str]]:
    """Terrain and objects by square, from the rule layers, with clashes reported."""
    terrain: dict[Square, str] = {}
    objects: dict[Square, str] = {}
    object_layer: dict[Square, str] = {}
    for layer, squares in zip(tile_layers, painted):
        if layer.key not in RULE_LAYERS:
            continue
        kind = RULE_LAYERS[layer.key]
        found = terrain if layer.key in TERRAIN_LAYERS else objects
        for square in sorted(squares):
            if found.get(square, kind) != kind:
                report.error(
                    f"a {_word(kind)} and a {_word(found[square])} on one square; "
                    f"a square holds at most one {'obstacle' if found is terrain else 'object'}",
                    layer.name,
                    square,
                )
            found.setdefault(square, kind)
            if found is objects:
                object_layer.setdefault(square, layer.name)
    for square, kind in sorted(objects.items()):
        if terrain.get(square) in OBSTACLES:
            report.error(
                f"a {_word(kind)} lies on a {_word(terrain[square])}; objects go on free squares",
                object_layer[square],
                square,
            )
    return terrain, objects


def _word(kind: str) -> str:
    """A square kind as a designer reads it."""
    return "gold coin" if kind == COIN else kind


# ---------------------------------------------------------------- start squares
def _start_squares(tmx: Any, board: Board, report: _Report) -> tuple[Square, ...]:
    """The start squares: the start points in order, or row 0's middle when there are none."""
    found = list(_start_objects(tmx))
    if not found and not any(_is_start_layer(group) for group in _object_groups(tmx)):
        return board.default_starts(board.max_racers)
    placed = []
    for layer, obj in found:
        square = _object_square(obj, tmx)
        if square is None:
            report.error(f"start object {obj.id} has no usable position (x={obj.x}, y={obj.y})", layer)
            continue
        order = _start_order(obj, layer, square, report)
        placed.append(((order is None, order or 0, square[1]), square, layer))
    placed.sort(key=lambda item: item[0])
    starts = []
    for _, square, layer in placed:
        if not (0 <= square[0] < board.height and 0 <= square[1] < board.width):
            report.error("this start point lies outside the map", layer, square)
        elif square in starts:
            report.error("two start points on one square", layer, square)
        else:
            starts.append(square)
    return tuple(starts)


def _object_groups(tmx: Any) -> list[Any]:
    """pytmx's object layers."""
    return [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledObjectGroup)]


def _is_start_layer(group: Any) -> bool:
    """Whether an object layer is the `start` layer."""
    return (group.name or "").strip().lower() == START


def _start_objects(tmx: Any) -> Iterator[tuple[str, Any]]:
    """(layer name, object) of each start point: every object of the `start` layer,
    and objects of class (Tiled 1.9) or type "start" on other object layers."""
    for group in _object_groups(tmx):
        for obj in group:
            kind = str(getattr(obj, "class", None) or obj.type or "").strip().lower()  # a property may make it an int
            if _is_start_layer(group) or kind in START_CLASSES:
                yield group.name, obj


def _object_square(obj: Any, tmx: Any) -> Square | None:
    """The square under a point (or the middle of a rectangle or tile object); None if nowhere."""
    x = obj.x + (obj.width or 0) / 2
    y = obj.y + (obj.height or 0) / 2
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return math.floor(y / tmx.tileheight), math.floor(x / tmx.tilewidth)


def _start_order(obj: Any, layer: str, square: Square, report: _Report) -> int | None:
    """A start object's `order` property, if it has a usable one."""
    order = obj.properties.get("order")
    if order is None or isinstance(order, int) and not isinstance(order, bool):
        return order
    try:
        return int(str(order).strip())
    except ValueError:
        report.error(f'start property "order" must be a whole number, not {order!r}', layer, square)
        return None


def _check_starts(board: Board, starts: tuple[Square, ...], max_racers: int, report: _Report) -> None:
    """Start squares are on row 0, free, and enough for `max_racers`."""
    for square in starts:
        if square[0] != 0:
            report.error("this start square is not on row 0 (the top row)", START, square)
        elif board.terrain_at(square) != FLOOR:
            report.error(
                f"this start square is on a {_word(board.terrain_at(square))}; start squares must be free",
                START,
                square,
            )
        elif square in board.objects:
            report.error(
                f"this start square holds a {_word(board.objects[square])}; start squares must be free", START, square
            )
    if not starts:
        report.error(
            "the board has no start square: add points on row 0 to an object layer named "
            '"start", or leave free squares on row 0'
        )
    elif len(starts) < max_racers:
        report.error(
            f"the board has {_count(len(starts), 'start square')} but max_racers is "
            f"{max_racers}; add start squares or lower max_racers",
            START,
        )
    elif len(starts) > MAX_STARTS:
        report.warn(f"the board has {len(starts)} start squares; only the first {MAX_STARTS} are used", START)


# ---------------------------------------------------------------- art
def _board_art(tmx: Any, layers: list[_Layer], matched: dict[int, Any], report: _Report) -> BoardArt:
    """The drawing of the map: every drawn layer's tile images by square."""
    drawn = []
    for layer in layers:
        data = matched.get(id(layer))
        if data is None:
            continue
        if layer.element.tag == "layer":
            tiles = _layer_tiles(data, tmx, layer.name, report)
        else:
            tiles = _object_tiles(data, tmx)
        if tiles:
            drawn.append(ArtLayer(layer.name, layer.visible, round(layer.opacity, 4), tiles, layer.offset))
    return BoardArt(tmx.tilewidth, tmx.tileheight, tuple(drawn), tmx.background_color)


def _layer_tiles(layer: Any, tmx: Any, name: str, report: _Report) -> dict[Square, TileImage]:
    """A tile layer's tile images by square (a tile no tileset holds is reported once)."""
    tiles, lost = {}, []
    for x, y, gid in layer.iter_data():
        image = _tile_image(gid, tmx) if gid else None
        if image:
            tiles[(y, x)] = image
        elif gid:
            lost.append((y, x))
    if lost:
        report.warn(
            f"{_count(len(lost), 'tile')} from no tileset, which cannot be drawn (the first is shown)", name, min(lost)
        )
    return tiles


def _object_tiles(group: Any, tmx: Any) -> dict[Square, TileImage]:
    """An object layer's tile objects by the square under their middle."""
    tiles = {}
    for obj in group:
        image = _tile_image(obj.gid, tmx) if obj.gid else None
        if image and getattr(obj, "visible", True):
            square = _object_square(obj, tmx)
            if square and 0 <= square[0] < tmx.height and 0 <= square[1] < tmx.width:
                tiles[square] = image
    return tiles


def _tile_image(gid: int, tmx: Any) -> TileImage | None:
    """The picture of a pytmx gid (file, rectangle, flips), or None."""
    loaded = tmx.images[gid] if gid < len(tmx.images) else None
    if not loaded:
        return None
    file, rect, flags = loaded
    flags = flags or pytmx.TileFlags(False, False, False)
    x, y, w, h = (int(v) for v in rect) if rect else (0, 0, 0, 0)
    return TileImage(
        os.path.abspath(file), (x, y, w, h) if rect else None, bool(flags[0]), bool(flags[1]), bool(flags[2])
    )
