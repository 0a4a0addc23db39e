"""Helpers for the Tiled board tests: write small boards as .tmx in a folder.

Boards are written from the text format of MAPS.md by tools/make_boards.py's
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


def _load_tool(name: str):
    """A script of tools/ as a module."""
    spec = importlib.util.spec_from_file_location(f"tools_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_boards = _load_tool("make_boards")

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
