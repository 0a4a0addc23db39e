"""How much one board file may hold besides its squares (docs/maps.md, docs/reliability.md): its layers,
tilesets, objects and the tiles its tilesets cut into, counted on the map's XML before anything of it
is decoded, cut or built. A board within the size bounds (game/boards/board.py: 8,192 squares) could
otherwise hold 20,000 layers of compressed data in 3 MB, and its reading take a minute and 3 GB.

The shipped boards have 15 layers, one tileset of 64 tiles and 6 objects; a board drawn in Tiled with
decoration layers and objects stays far within these.
"""

from __future__ import annotations

from xml.etree import ElementTree

from game.boards.map_checks import tile_count
from game.boards.map_format import LAYER_TAGS, Report
from game.boards.map_words import said

MAX_LAYERS = 64  # layers of every kind, group layers included
MAX_TILESETS = 16  # tilesets of one map
MAX_OBJECTS = 1_000  # objects of every object layer together (start points, decorations)
MAX_TILES = 65_536  # the tiles every tileset of a map cuts into, together (one 4096-pixel picture of 16-pixel tiles)


def check_counts(root: ElementTree.Element, report: Report) -> None:
    """The map's layers, tilesets and objects, each at most its bound (counted, not read)."""
    layers = sum(1 for element in root.iter() if element.tag in LAYER_TAGS)
    if layers > MAX_LAYERS:
        report.error(said("check_counts.1", value=layers, MAX_LAYERS=MAX_LAYERS))
    tilesets = len(root.findall("tileset"))
    if tilesets > MAX_TILESETS:
        report.error(said("check_counts.2", value=tilesets, MAX_TILESETS=MAX_TILESETS))
    objects = sum(1 for _ in root.iter("object"))
    if objects > MAX_OBJECTS:
        report.error(said("check_counts.3", value=objects, MAX_OBJECTS=MAX_OBJECTS))


def check_tiles(root: ElementTree.Element, report: Report) -> None:
    """The tiles of every tileset together (their pictures' sizes as `check_tilesets` wrote them into the
    XML, and a collection's own pictures), at most MAX_TILES."""
    total = 0
    for tileset in root.findall("tileset"):
        image = tileset.find("image")
        if image is not None:
            width, height = image.get("width", ""), image.get("height", "")
            if all(side.isascii() and side.isdigit() and len(side) <= 5 for side in (width, height)):
                total += tile_count(tileset, int(width), int(height))
        total += len(tileset.findall("tile"))
    if total > MAX_TILES:
        report.error(said("check_counts.4", value=total, MAX_TILES=MAX_TILES))
