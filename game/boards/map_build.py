"""From a checked Tiled map to the engine's Board (docs/maps.md).

pytmx reads the XML `game.boards.map_checks` passed (with pygame blocked: the rules
never load it, and no image is decoded); the rule layers give each square's
terrain and object (clashes reported), the start points (or row 0's middle)
give the start squares, and the map's own tiles give `board.art`, a `BoardArt`
of plain data the screen draws: the layers in drawing order (bottom first)
with their visibility and opacity, and for each layer and square a
`TileImage` (image file, source rectangle, flips).
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree

from game.boards.board import COIN, FLOOR, ArtLayer, Board, BoardArt, Square, TileImage
from game.boards.map_checks import Layer, walk_layers
from game.boards.map_format import (
    GROUND,
    MAX_STARTS,
    OBSTACLES,
    RULE_LAYERS,
    START,
    START_CLASSES,
    TERRAIN_LAYERS,
    Report,
    counted,
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


# ---------------------------------------------------------------- pytmx
# The attributes pytmx reads (its own table) and the other ones Tiled writes: pytmx makes every
# attribute an attribute of its objects, so an unknown one (iter_data="x", filename="/") could replace
# one of its methods or paths; they are dropped before it reads the map, and `source` stays only on an
# <image> (the tilesets are already in the map: game.boards.map_checks.check_tilesets).
_TILED_ATTRIBUTES = frozenset(pytmx.pytmx.types) - {"source"} | {
    "class",
    "infinite",
    "nextlayerid",
    "parallaxx",
    "parallaxy",
    "parallaxoriginx",
    "parallaxoriginy",
    "tintcolor",
    "locked",
    "repeatx",
    "repeaty",
    "objectalignment",
    "tilerendersize",
    "fillmode",
    "compressionlevel",
    "propertytype",
}


def pytmx_map(root: ElementTree.Element, path: str, report: Report) -> Any:
    """pytmx's reading of the checked XML (no images loaded), or None with a problem."""
    for element in root.iter():
        for name in [n for n in element.attrib if n not in _TILED_ATTRIBUTES]:
            if not (name == "source" and element.tag == "image"):
                del element.attrib[name]
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


def build_board(tmx: Any, root: ElementTree.Element, properties: dict[str, Any], path: str, report: Report) -> Board:
    """The Board of a map that pytmx has read from `root`."""
    layers = list(walk_layers(root))
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


def _match_layers(tmx: Any, root: ElementTree.Element, layers: list[Layer]) -> dict[int, Any]:
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


def _check_ground(tile_layers: list[Layer], painted: list[set[Square]], tmx: Any, report: Report) -> None:
    """Warn once when some squares have no ground tile."""
    grounds = [i for i, layer in enumerate(tile_layers) if layer.key == GROUND]
    if not grounds:
        return
    covered = set().union(*(painted[i] for i in grounds))
    bare = sorted({(r, c) for r in range(tmx.height) for c in range(tmx.width)} - covered)
    if bare:
        report.warn(
            f"{counted(len(bare), 'square')} with no ground tile (the first is shown)",
            tile_layers[grounds[0]].name,
            bare[0],
        )


def _squares(
    tile_layers: list[Layer], painted: list[set[Square]], report: Report
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
def _start_squares(tmx: Any, board: Board, report: Report) -> tuple[Square, ...]:
    """The start squares: the start points in order, or row 0's middle when there are none."""
    found = list(_start_objects(tmx))
    if not found and not any(_is_start_layer(group) for group in _object_groups(tmx)):
        return board.default_starts(board.max_racers)
    placed = []
    for layer, obj in found:
        square = _object_square(obj, tmx)
        if square is None:
            report.error(f"start object {obj.id} has no usable position (x={obj.x}, y={obj.y})", layer, obj=obj.id)
            continue
        order = _start_order(obj, layer, square, report)
        placed.append(((order is None, order or 0, square[1]), square, layer, obj.id))
    placed.sort(key=lambda item: item[0])
    starts = []
    for _, square, layer, number in placed:
        if not (0 <= square[0] < board.height and 0 <= square[1] < board.width):
            report.error("this start point lies outside the map", layer, square, obj=number)
        elif square in starts:
            report.error("two start points on one square", layer, square, obj=number)
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


def _start_order(obj: Any, layer: str, square: Square, report: Report) -> int | None:
    """A start object's `order` property, if it has a usable one."""
    order = obj.properties.get("order")
    if order is None or isinstance(order, int) and not isinstance(order, bool):
        return order
    try:
        return int(str(order).strip())
    except ValueError:
        report.error(f'start property "order" must be a whole number, not {order!r}', layer, square, obj=obj.id)
        return None


def _check_starts(board: Board, starts: tuple[Square, ...], max_racers: int, report: Report) -> None:
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
            f"the board has {counted(len(starts), 'start square')} but max_racers is "
            f"{max_racers}; add start squares or lower max_racers",
            START,
        )
    elif len(starts) > MAX_STARTS:
        report.warn(f"the board has {len(starts)} start squares; only the first {MAX_STARTS} are used", START)


# ---------------------------------------------------------------- art
def _board_art(tmx: Any, layers: list[Layer], matched: dict[int, Any], report: Report) -> BoardArt:
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


def _layer_tiles(layer: Any, tmx: Any, name: str, report: Report) -> dict[Square, TileImage]:
    """A tile layer's tile images by square (a tile no tileset holds is reported once)."""
    tiles, lost = {}, []
    images: dict[int, TileImage | None] = {}  # one TileImage a gid (a layer repeats a few tiles)
    for x, y, gid in layer.iter_data():
        if gid and gid not in images:
            images[gid] = _tile_image(gid, tmx)
        image = images[gid] if gid else None
        if image:
            tiles[(y, x)] = image
        elif gid:
            lost.append((y, x))
    if lost:
        report.warn(
            f"{counted(len(lost), 'tile')} from no tileset, which cannot be drawn (the first is shown)", name, min(lost)
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
