"""The checks of a Tiled board's XML, before anything is built from it (docs/maps.md).

Each check reads the parsed `.tmx` (and its `.tsx` tilesets) and notes what is
wrong in a `Report`, one sentence a designer can act on: the map's shape (square
tiles, finite, the right size), its tilesets and their images (present, beside
the board, pictures the game may decode), its layers (rule layers are tile
layers, `start` an object layer, a `ground` exists, names that look like a rule
layer's), each tile layer's data (an encoding Tiled writes, the map's size, no
compression bomb) and its properties (typed values, the board's own properties
within their ranges). `game.boards.map_build` then turns a map that passed into a Board.
"""

from __future__ import annotations

import difflib
import math
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from game import files as files_
from game.boards.board import (
    DEFAULT_MAX_RACERS,
    DEFAULT_RESPAWN_TURNS,
    DEFAULT_TURNS,
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_SQUARES,
    MAX_TILE_PIXELS,
    MIN_COLUMNS,
    MIN_ROWS,
)
from game.boards.map_format import (
    BOARD_NAME_LENGTH,
    COMPRESSIONS,
    DESCRIPTION_LENGTH,
    ENCODINGS,
    GROUND,
    KNOWN_LAYERS,
    LAYER_TAGS,
    MAP_PROPERTIES,
    RACERS_RANGE,
    RULE_LAYERS,
    START,
    TRANSLATION,
    TURNS_RANGE,
    Report,
    decode_gids,
)
from game.boards.map_words import Said, Word, said, word


# ---------------------------------------------------------------- layers as the XML has them
@dataclass
class Layer:
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
    def kind(self) -> Word:
        """'a tile layer', 'an object layer', ... (in the checker's language)."""
        return word(self.element.tag if self.element.tag in LAYER_TAGS else "other_layer")


# ---------------------------------------------------------------- the map
def parse_map_xml(path: str, report: Report) -> ElementTree.Element | None:
    """The map's XML root, or None with a problem when it is no Tiled map (or a file refused)."""
    if not os.path.exists(path) or os.path.isdir(path):
        report.error(said("parse_map_xml.1") if not os.path.exists(path) else said("parse_map_xml.2"))
        return None
    try:
        root = files_.parse_xml(files_.read_bytes(path, "board"))
    except files_.FileRefused as error:
        report.error(said("parse_map_xml.4", error=error))
        return None
    except ElementTree.ParseError as error:
        line, column = error.position
        report.error(said("parse_map_xml.5", line=line, value=column + 1))
        return None
    except (OSError, UnicodeError, LookupError, ValueError) as error:
        report.error(said("parse_map_xml.6", error=error))
        return None
    if root.tag != "map":
        report.error(said("parse_map_xml.3", tag=root.tag))
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


def check_map_shape(root: ElementTree.Element, report: Report) -> None:
    """Orthogonal, finite, square tiles, big enough."""
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        report.error(said("check_map_shape.1", orientation=orientation))
    if root.get("infinite", "0") not in ("0", "false"):
        report.error(said("check_map_shape.2"))
        return
    width, height = _int_attribute(root, "width"), _int_attribute(root, "height")
    tile_width, tile_height = _int_attribute(root, "tilewidth"), _int_attribute(root, "tileheight")
    if width is None or height is None or tile_width is None or tile_height is None:
        report.error(said("check_map_shape.3"))
        return
    if tile_width != tile_height or tile_width <= 0:
        report.error(said("check_map_shape.4", tile_width=tile_width, tile_height=tile_height))
    elif tile_width > MAX_TILE_PIXELS:
        report.error(said("check_map_shape.8", tile_width=tile_width, MAX_TILE_PIXELS=MAX_TILE_PIXELS))
    if width > MAX_COLUMNS or height > MAX_ROWS:
        report.error(said("check_map_shape.5", width=width, height=height, MAX_COLUMNS=MAX_COLUMNS, MAX_ROWS=MAX_ROWS))
        return
    if width * height > MAX_SQUARES:
        report.error(
            said("check_map_shape.6", width=width, height=height, value=width * height, MAX_SQUARES=MAX_SQUARES)
        )
        return
    if width < MIN_COLUMNS or height < MIN_ROWS:
        report.error(said("check_map_shape.7", width=width, height=height, MIN_COLUMNS=MIN_COLUMNS, MIN_ROWS=MIN_ROWS))


# ---------------------------------------------------------------- colours
_COLOR = re.compile(r"#?([0-9a-fA-F]{2})?([0-9a-fA-F]{6})")


def check_colors(root: ElementTree.Element, report: Report) -> None:
    """The map's background colour is one Tiled writes (#rrggbb or #aarrggbb), kept as #rrggbb for the
    screen; another is warned about and left out (the board is drawn on the game's own background)."""
    color = root.get("backgroundcolor")
    if color is None:
        return
    found = _COLOR.fullmatch(color.strip())
    if found is None:
        report.warn(said("check_colors.1", color=color[:20]))
        del root.attrib["backgroundcolor"]
    else:
        root.set("backgroundcolor", "#" + found.group(2).lower())


# ---------------------------------------------------------------- where Tiled puts things
_LAYER_PARENTS: dict[str, tuple[str, ...]] = {
    "layer": ("map", "group"),
    "group": ("map", "group"),
    "imagelayer": ("map", "group"),
    "objectgroup": ("map", "group", "tile"),  # (a tile's collision shapes)
}


def check_structure(root: ElementTree.Element, report: Report) -> None:
    """Tilesets only at the map's top level, layers only in the map or a group: anything else (a layer in
    an object layer or in properties, a tileset in a tileset) is refused, never read by anyone."""
    for parent in root.iter():
        for child in parent:
            if child.tag == "tileset" and parent is not root:
                report.error(said("check_structure.1", tag=parent.tag))
            elif child.tag in _LAYER_PARENTS and parent.tag not in _LAYER_PARENTS[child.tag]:
                report.error(said("check_structure.2", tag=child.tag, tag2=parent.tag))


# ---------------------------------------------------------------- tilesets
MAX_TILESET_TILES = 65_536  # tiles cut from one tileset picture (a 4096-pixel picture of 16-pixel tiles)
MAX_BOARD_PIXELS = files_.MAX_IMAGE_SIDE**2  # the pixels of all of a board's pictures together (64 MB decoded)
_TILESET_NUMBERS = {"tilewidth": 1, "tileheight": 1, "spacing": 0, "margin": 0}  # attribute: its lowest value


def check_tilesets(root: ElementTree.Element, path: str, report: Report) -> list[str]:
    """Tileset files and images exist, read, stay in the board's folder and are of a size the game can
    cut and decode; return the files to watch.

    A tileset file (.tsx) is read here, through the same checks as the board, and written into the map's
    XML (its images' paths made relative to the board): pytmx, which reads the map next, never opens a
    file itself. Each picture's size is read from its header and written into its <image> (Tiled itself
    reads it from the picture; an <image> without width and height is Tiled's way too)."""
    watched: list[str] = []
    base = os.path.dirname(path) or "."
    pixels: dict[str, int] = {}
    for tileset in root.findall("tileset"):
        source = tileset.get("source")
        label = source or tileset.get("name") or ""
        if _int_attribute(tileset, "firstgid") is None:
            report.error(said("check_tilesets.2", label=label))
        if source is not None:
            tsx = os.path.normpath(os.path.join(base, source))
            if not files_.inside(base, tsx):
                report.error(said("check_tilesets.3", source=source))
                continue
            watched.append(tsx)
            element = _parse_tileset_file(tsx, source, report)
            if element is None:
                continue
            if element.find(".//tileset") is not None:
                report.error(said("check_tilesets.4", source=source))
                continue
            _inline(tileset, element, os.path.dirname(source))
        if _check_tileset_numbers(tileset, label, report):
            watched.extend(_check_images(tileset, base, label, report, pixels))
    for layer in root.iter("imagelayer"):
        watched.extend(_check_images(layer, base, f"image layer {layer.get('name', '')!r}", report, pixels))
    if sum(pixels.values()) > MAX_BOARD_PIXELS:
        report.error(
            said(
                "check_tilesets.1",
                value=sum(pixels.values()),
                MAX_BOARD_PIXELS=MAX_BOARD_PIXELS,
                MAX_IMAGE_SIDE=files_.MAX_IMAGE_SIDE,
            )
        )
    return watched


def _inline(tileset: ElementTree.Element, element: ElementTree.Element, folder: str) -> None:
    """Write a tileset file's content in place of the map's <tileset source=...>, its images' paths
    made relative to the board's folder (`folder`: the tileset file's, relative to the board's)."""
    firstgid = tileset.get("firstgid", "")
    tileset.attrib.clear()
    tileset.attrib.update(element.attrib)
    tileset.set("firstgid", firstgid)
    tileset[:] = list(element)
    for image in tileset.iter("image"):
        source = image.get("source")
        if source:
            image.set("source", os.path.normpath(os.path.join(folder, source)))


def _check_tileset_numbers(tileset: ElementTree.Element, label: str, report: Report) -> bool:
    """A tileset's tile size, spacing and margin are whole numbers of pixels a picture can hold."""
    good = True
    for name, low in _TILESET_NUMBERS.items():
        value = _int_attribute(tileset, name, low)
        if value is None or not low <= value <= files_.MAX_IMAGE_SIDE:
            report.error(
                said(
                    "check_tileset_numbers.1",
                    label=label,
                    name=name,
                    value=tileset.get(name),
                    low=low,
                    MAX_IMAGE_SIDE=files_.MAX_IMAGE_SIDE,
                )
            )
            good = False
    return good


def _check_images(
    owner: ElementTree.Element, base: str, label: str, report: Report, pixels: dict[str, int]
) -> list[str]:
    """The pictures of a tileset (its own, or its tiles') or an image layer exist, stay in the board's
    folder, are pictures the game may decode (their size read from their header and written into the
    XML), and cut into a bounded number of tiles; return their paths."""
    found = []
    images = list(owner.iter("image"))
    if owner.tag == "tileset" and not images:
        report.error(said("check_images.1", label=label))
    for node in images:
        source = node.get("source", "")
        file = os.path.normpath(os.path.join(base, source))
        if not source or not os.path.exists(file) or os.path.isdir(file):
            report.error(said("check_images.2", label=label, source=source))
            continue
        if not files_.inside(base, file):
            report.error(said("check_images.3", label=label, source=source))
            continue
        try:
            width, height = files_.check_image(file)
        except files_.FileRefused as error:
            report.error(said("check_images.5", label=label, source=source, error=error))
            continue
        except OSError as error:
            report.error(said("check_images.6", label=label, source=source, value=error.strerror or error))
            continue
        declared = (_int_attribute(node, "width"), _int_attribute(node, "height"))
        if None not in declared and declared != (width, height):
            report.warn(
                said(
                    "check_images.4",
                    label=label,
                    source=source,
                    width=width,
                    height=height,
                    declared=declared[0],
                    declared2=declared[1],
                )
            )
        node.set("width", str(width))
        node.set("height", str(height))
        pixels[os.path.realpath(file)] = width * height
        if owner.tag == "tileset" and node is owner.find("image"):
            tiles = tile_count(owner, width, height)
            if tiles > MAX_TILESET_TILES:
                report.error(said("check_images.7", label=label, tiles=tiles, MAX_TILESET_TILES=MAX_TILESET_TILES))
                continue
        found.append(file)
    return found


def tile_count(tileset: ElementTree.Element, width: int, height: int) -> int:
    """How many tiles pytmx cuts from a tileset's picture (as it counts them)."""
    tile_width, tile_height = (_int_attribute(tileset, k, 1) or 1 for k in ("tilewidth", "tileheight"))
    spacing, margin = (_int_attribute(tileset, k, 0) or 0 for k in ("spacing", "margin"))
    rows = len(range(margin, height + margin - tile_height + 1, tile_height + spacing))
    columns = len(range(margin, width + margin - tile_width + 1, tile_width + spacing))
    return rows * columns


def _parse_tileset_file(tsx: str, source: str, report: Report) -> ElementTree.Element | None:
    """The root of an external tileset file, or None with a problem."""
    if not source.lower().endswith(".tsx"):
        report.error(said("parse_tileset_file.1", source=source))
        return None
    if not os.path.exists(tsx) or os.path.isdir(tsx):
        report.error(said("parse_tileset_file.2", source=source, tsx=tsx))
        return None
    try:
        element = files_.parse_xml(files_.read_bytes(tsx, "tileset"))
    except files_.FileRefused as error:
        report.error(said("parse_tileset_file.4", source=source, error=error))
        return None
    except ElementTree.ParseError as error:
        line, column = error.position
        report.error(said("parse_tileset_file.5", source=source, line=line, value=column + 1))
        return None
    except (OSError, UnicodeError, LookupError, ValueError) as error:
        report.error(said("parse_tileset_file.6", source=source, error=error))
        return None
    if element.tag != "tileset":
        report.error(said("parse_tileset_file.3", source=source, tag=element.tag))
        return None
    return element


# ---------------------------------------------------------------- layers
def walk_layers(
    element: ElementTree.Element, visible: bool = True, opacity: float = 1.0, offset: tuple[int, int] = (0, 0)
) -> Iterator[Layer]:
    """Every layer in drawing order, with its groups' visibility, opacity and offset."""
    for child in element:
        if child.tag not in LAYER_TAGS:
            continue
        shown = visible and child.get("visible", "1") not in ("0", "false")
        alpha = opacity * _float(child.get("opacity"), 1.0)
        shift = (offset[0] + int(_float(child.get("offsetx"), 0)), offset[1] + int(_float(child.get("offsety"), 0)))
        if child.tag == "group":
            yield from walk_layers(child, shown, alpha, shift)
        else:
            yield Layer(child, child.get("name", ""), shown, alpha, shift)


def _float(value: str | None, default: float) -> float:
    """A finite float attribute, or the default (offsetx="inf" is no offset)."""
    try:
        number = float(value) if value is not None else default
    except ValueError:
        return default
    return number if math.isfinite(number) else default


def check_layer_kinds(layers: list[Layer], report: Report) -> None:
    """Rule layers are tile layers, `start` an object layer, `ground` exists, names look right."""
    for layer in layers:
        if (layer.key in RULE_LAYERS or layer.key == GROUND) and layer.element.tag != "layer":
            if layer.key == GROUND:
                report.error(said("check_layer_kinds.2", kind=layer.kind), layer.name)
            else:
                report.error(said("check_layer_kinds.5", kind=layer.kind, layer=layer.key), layer.name)
        elif layer.key == START and layer.element.tag != "objectgroup":
            report.error(said("check_layer_kinds.3", kind=layer.kind), layer.name)
        elif layer.key not in KNOWN_LAYERS:
            guess = _probable_layer(layer.key)
            if guess:
                report.warn(said("check_layer_kinds.4", guess=guess), layer.name)
    if not any(layer.key == GROUND and layer.element.tag == "layer" for layer in layers):
        report.error(said("check_layer_kinds.1"))


def _probable_layer(key: str) -> str | None:
    """The known layer name a decoration layer's name probably meant, if any."""
    words = re.findall(r"[a-z]+", key)
    for rule in RULE_LAYERS:
        if rule in words or rule[:-1] in words:
            return rule
    close = difflib.get_close_matches(key, KNOWN_LAYERS, n=1, cutoff=0.75)
    return close[0] if close else None


def check_layer_data(root: ElementTree.Element, layers: list[Layer], report: Report) -> None:
    """Every tile layer's data is finite, in a readable encoding, and the map's size."""
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    for layer in layers:
        if layer.element.tag != "layer":
            continue
        problem = _layer_data_problem(layer.element, width, height)
        if problem:
            report.error(problem, layer.name)


def _layer_data_problem(element: ElementTree.Element, width: int, height: int) -> Said | None:
    """What is wrong with one tile layer's data, or None."""
    size = (_int_attribute(element, "width", width), _int_attribute(element, "height", height))
    if size != (width, height):
        return said("layer_data_problem.1", size=size[0], size2=size[1], width=width, height=height)
    data = element.find("data")
    if data is None:
        return said("layer_data_problem.2")
    if data.find("chunk") is not None:
        return said("layer_data_problem.3")
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding is None:
        return said("layer_data_problem.4")
    if encoding not in ENCODINGS:
        return said("layer_data_problem.5", encoding=encoding)
    if compression not in COMPRESSIONS or (compression and encoding != "base64"):
        return said("layer_data_problem.6", compression=compression)
    try:
        gids = decode_gids(data.text or "", encoding, compression, width * height)
    except files_.FileRefused:
        return said("layer_data_problem.10", value=width * height * 4, width=width, height=height)
    if isinstance(gids, int):
        return said("layer_data_problem.7", gids=gids, width=width, height=height, value=width * height)
    if gids is None:
        return said("layer_data_problem.8", encoding=encoding, value="+" + compression if compression else "")
    if len(gids) != width * height:
        return said("layer_data_problem.9", value=len(gids), width=width, height=height, value2=width * height)
    return None


# ---------------------------------------------------------------- properties
_CASTS = {"int": int, "float": float, "object": int}


def check_typed_properties(root: ElementTree.Element, report: Report) -> None:
    """Typed custom properties hold values of their type (pytmx would crash)."""
    for owner in root.iter():
        for prop in owner.findall("properties/property"):
            if owner is root and prop.get("name") in MAP_PROPERTIES:
                continue  # the board's own properties get their own, clearer check
            kind, value = prop.get("type"), prop.get("value")
            if kind == "bool" and value not in (None, "true", "false", "1", "0"):
                report.error(
                    said("check_typed_properties.1", name=prop.get("name"), value=_owner_label(owner), value2=value)
                )
            elif kind in _CASTS and value is not None:
                try:
                    _CASTS[kind](value)
                except ValueError:
                    report.error(
                        said(
                            "check_typed_properties.2",
                            name=prop.get("name"),
                            value=_owner_label(owner),
                            kind=word(f"a_{kind}"),
                            value3=value,
                        )
                    )


def _owner_label(element: ElementTree.Element) -> Word:
    """'the map', 'layer "x"', 'object 3'."""
    if element.tag == "map":
        return word("the_map")
    if element.tag == "object":
        return word("an_object", id=element.get("id", "?"))
    return word("an_element", tag=element.tag, name=element.get("name", element.get("id", "")))


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


def map_properties(root: ElementTree.Element, path: str, report: Report) -> dict[str, Any]:
    """The board's properties (docs/maps.md), checked, with defaults."""
    raw = _raw_map_properties(root)
    for name in raw:
        guess = difflib.get_close_matches(name.lower(), MAP_PROPERTIES, n=1, cutoff=0.75)
        if name not in MAP_PROPERTIES and not TRANSLATION.fullmatch(name) and guess:
            report.warn(said("map_properties.1", name=name, guess=guess[0]))
    text: dict[str, str] = {key: raw[key][1] for key in ("name", "description", "author") if key in raw}
    lengths = {"name": BOARD_NAME_LENGTH, "description": DESCRIPTION_LENGTH, "author": DESCRIPTION_LENGTH}
    for key, longest in lengths.items():
        wrong = files_.printable(text.get(key, ""), longest, lines=key != "name")
        if wrong:
            report.error(said("map_properties.2", key=key, wrong=wrong))
            text[key] = ""
    return {
        "translations": _translations(raw, report),
        "name": text.get("name", "").strip() or Path(path).stem,
        "description": text.get("description", ""),
        "author": text.get("author", ""),
        "turns": _whole_property(raw, "turns", DEFAULT_TURNS, TURNS_RANGE, report),
        "max_racers": _whole_property(raw, "max_racers", DEFAULT_MAX_RACERS, RACERS_RANGE, report),
        "respawn_turns": _respawn_turns(raw, report),
    }


def _translations(raw: dict[str, tuple[str | None, str]], report: Report) -> dict[str, str]:
    """The name and description in other languages ("name.fr" -> text), each checked as its English one."""
    found: dict[str, str] = {}
    for key, (_, value) in raw.items():
        match = TRANSLATION.fullmatch(key)
        if match is None:
            continue
        name = match.group(1) == "name"
        wrong = files_.printable(value, BOARD_NAME_LENGTH if name else DESCRIPTION_LENGTH, lines=not name)
        if wrong:
            report.error(said("translations.1", key=key, wrong=wrong))
        elif value.strip():
            found[key] = value.strip() if name else value
    return found


def _whole_property(
    raw: dict[str, tuple[str | None, str]], name: str, default: int, bounds: tuple[int, int], report: Report
) -> int:
    """An int map property within bounds, or the default with a problem."""
    if name not in raw:
        return default
    kind, value = raw[name]
    low, high = bounds
    if kind not in (None, "int", "string"):
        report.error(said("whole_property.1", name=name, kind=kind, low=low, high=high))
        return default
    try:
        number = int(value.strip())
    except ValueError:
        report.error(said("whole_property.3", name=name, low=low, high=high, value=value))
        return default
    if not low <= number <= high:
        report.error(said("whole_property.2", name=name, number=number, low=low, high=high))
        return default
    return number


def _respawn_turns(raw: dict[str, tuple[str | None, str]], report: Report) -> tuple[int, ...]:
    """The game turns at whose start objects return ("4,7,10,13")."""
    if "respawn_turns" not in raw:
        return DEFAULT_RESPAWN_TURNS
    kind, value = raw["respawn_turns"]
    if kind not in (None, "string", "int"):
        report.error(said("respawn_turns.1", kind=kind))
        return DEFAULT_RESPAWN_TURNS
    parts = [part.strip() for part in value.split(",") if part.strip()]
    low, high = 1, TURNS_RANGE[1]
    if not all(part.isascii() and part.isdigit() and len(part) <= 3 and low <= int(part) <= high for part in parts):
        report.error(said("respawn_turns.2", low=low, high=high, value=value))
        return DEFAULT_RESPAWN_TURNS
    return tuple(sorted({int(part) for part in parts}))
