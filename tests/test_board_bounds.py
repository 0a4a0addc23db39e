"""A huge board that passes the size check (8,192 squares at most) is still bounded: its layers,
tilesets, objects, the tiles its tilesets cut into and its XML elements are counted before anything
is decoded (game/boards/map_bounds.py, game/files.py); each refused in one sentence, at once
(issue 43: 20,000 layers of compressed data in 3 MB took 53 s and 3.3 GB to read)."""

from __future__ import annotations

import base64
import re
import shutil
import struct
import time
import zlib
from pathlib import Path

import pygame

from game.boards.map_bounds import MAX_LAYERS, MAX_OBJECTS, MAX_TILES, MAX_TILESETS
from game.boards.map_words import sentences
from game.boards.maps import read_board
from game.files import MAX_XML_ELEMENTS

ROOT = Path(__file__).resolve().parent.parent
MEADOW = (ROOT / "maps" / "meadow.tmx").read_text(encoding="utf-8")  # 20 x 36, 15 layers, 6 objects
TILESET = '<tileset firstgid="1" source="tilesets/fantasy-racing.tsx"/>'


def board(tmp_path: Path, text: str) -> Path:
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets", dirs_exist_ok=True)
    path = tmp_path / "big.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def with_layers(count: int) -> str:
    """Meadow and `count` more tile layers, each of one tile everywhere (a few bytes compressed)."""
    data = base64.b64encode(zlib.compress(struct.pack("<I", 1) * 720, 9)).decode()
    layer = (
        '<layer id="{}" name="decor{}" width="20" height="36">'
        '<data encoding="base64" compression="zlib">{}</data></layer>'
    )
    return MEADOW.replace("</map>", "".join(layer.format(100 + i, i, data) for i in range(count)) + "</map>")


def problems(path: Path) -> list[str]:
    found, said, _ = read_board(path)
    assert found is None
    return [p.line() for p in said]


def test_the_layers_are_counted_before_any_is_decoded(tmp_path):
    assert read_board(board(tmp_path, with_layers(MAX_LAYERS - 15)))[0] is not None  # (meadow has 15)
    (line,) = problems(board(tmp_path, with_layers(MAX_LAYERS - 14)))
    assert f"the map has {MAX_LAYERS + 1} layers; a board has at most {MAX_LAYERS}" in line
    started = time.monotonic()
    (line,) = problems(board(tmp_path, with_layers(20_000)))  # 3 MB: within the 4 MB of a board
    assert "the map has 20,015 layers" in line and time.monotonic() - started < 10


def test_the_objects_and_tilesets_are_counted(tmp_path):
    objects = "".join(f'<object id="{100 + i}" x="{i % 600}" y="8" width="4" height="4"/>' for i in range(MAX_OBJECTS))
    text = MEADOW.replace("</map>", f'<objectgroup id="99" name="decor">{objects}</objectgroup></map>')
    (line,) = problems(board(tmp_path, text))
    assert f"the map has {MAX_OBJECTS + 6:,} objects; a board has at most {MAX_OBJECTS:,}" in line
    more = "".join(f'<tileset firstgid="{1000 * (i + 1)}" source="tilesets/fantasy-racing.tsx"/>' for i in range(16))
    (line,) = problems(board(tmp_path, MEADOW.replace(TILESET, TILESET + more)))
    assert f"the map has {MAX_TILESETS + 1} tilesets; a board uses at most {MAX_TILESETS}" in line


def test_the_tiles_of_every_tileset_are_counted_together(tmp_path):
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets")
    pygame.image.save(pygame.Surface((1024, 1000)), str(tmp_path / "tilesets" / "fine.png"))
    fine = (
        '<tileset firstgid="{}" name="fine{}" tilewidth="4" tileheight="4" tilecount="64000" columns="256">'
        '<image source="tilesets/fine.png" width="1024" height="1000"/></tileset>'
    )  # 64,000 tiles each: one is within the bound (with the shipped tileset's), two are not
    one = MEADOW.replace(TILESET, TILESET + fine.format(1000, 1))
    assert read_board(board(tmp_path, one))[0] is not None
    two = MEADOW.replace(TILESET, TILESET + fine.format(1000, 1) + fine.format(70000, 2))
    (line,) = problems(board(tmp_path, two))
    assert f"tiles together, more than the {MAX_TILES:,} a board may use" in line


def test_the_elements_of_a_board_file_are_counted_as_they_come(tmp_path):
    text = MEADOW.replace(
        "</map>", "<properties>" + '<property name="a" value=""/>' * MAX_XML_ELEMENTS + "</properties></map>"
    )
    (line,) = problems(board(tmp_path, text))
    assert f"it holds more than {MAX_XML_ELEMENTS:,} elements" in line


def test_every_bound_is_said_in_french_too():
    french = sentences("fr")
    for code in ("check_counts.1", "check_counts.2", "check_counts.3", "check_counts.4"):
        assert code in french and re.search(r"plateau", str(french[code])), code
