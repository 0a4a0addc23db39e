"""Helpers for the Tiled board tests: write small boards as .tmx in a folder.

Boards are written from the text format of docs/maps.md by tools/make_boards.py's
`tmx_text`, then bent by plain string edits into whatever is being tested.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
TILESETS = MAPS / "tilesets"
SHIPPED = sorted(MAPS.glob("*.tmx"))


def load_tool(name: str):
    """A script of tools/ as a module."""
    spec = importlib.util.spec_from_file_location(f"tools_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_boards = load_tool("make_boards")

# A small valid board: 8 columns, 16 rows, every kind of square.
SMALL = """
.123456.
........
..C..$..
........
.%....).
........
..#..R..
........
...O....
........
..S.....
........
........
........
........
........
"""


def rows(text: str) -> list[str]:
    """The rows of a text board."""
    return [line.strip() for line in text.strip("\n").splitlines() if line.strip()]


def board_folder(folder: Path) -> Path:
    """A folder with the game's tileset beside where boards will be written."""
    if not (folder / "tilesets").exists():
        shutil.copytree(TILESETS, folder / "tilesets")
    return folder


def write_board(folder: Path, name: str, text: str = SMALL, edit=None, **options) -> Path:
    """Write a text board as `name`.tmx in folder; `edit(xml) -> xml` bends it first."""
    board_folder(folder)
    xml = make_boards.tmx_text(rows(text), **options)
    if edit is not None:
        xml = edit(xml)
    path = folder / f"{name}.tmx"
    path.write_text(xml)
    return path


def paint(xml: str, layer: str, squares, gid: int = 1) -> str:
    """Paint tile `gid` (0 erases) on (row, col) squares of a CSV layer."""
    import re

    match = re.search(rf'name="{re.escape(layer)}" width="(\d+)"[^>]*>\s*<data encoding="csv">(.*?)</data>', xml, re.S)
    width = int(match.group(1))
    gids = [int(v) for v in match.group(2).replace("\n", "").split(",")]
    for row, col in squares:
        gids[row * width + col] = gid
    text = "\n" + ",\n".join(",".join(map(str, gids[i : i + width])) for i in range(0, len(gids), width)) + "\n"
    return xml[: match.start(2)] + text + xml[match.end(2) :]


def move_racer(xml: str, number: int, x: int | None = None, y: int | None = None) -> str:
    """Move racer `number`'s start point to pixel x and/or y."""
    import re

    match = re.search(rf'name="racer {number}" x="(-?\d+)" y="(-?\d+)"', xml)
    new_x = match.group(1) if x is None else x
    new_y = match.group(2) if y is None else y
    return xml[: match.start()] + f'name="racer {number}" x="{new_x}" y="{new_y}"' + xml[match.end() :]
