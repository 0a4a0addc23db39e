"""The shipped boards render headless with their own Tiled tiles (tools/render_board.py)."""

from __future__ import annotations

import os
import shutil
import subprocess

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.boards.maps import load_board  # noqa: E402
from tests.test_maps_support import SHIPPED, SMALL, load_tool, make_boards, write_board  # noqa: E402

render_board = load_tool("render_board")


@pytest.fixture(scope="module")
def screen():
    """A hidden display, so images can be converted."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def _distinct_colours(surface: pygame.Surface, step: int = 7) -> int:
    """How many colours a sparse sample of the picture holds."""
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)})


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_board_renders_with_its_own_tiles(screen, path, tmp_path):
    board = load_board(path)
    picture = render_board.render(board)
    png = tmp_path / f"{path.stem}.png"
    pygame.image.save(picture, str(png))
    again = pygame.image.load(str(png))
    assert again.get_size() == (board.width * 32, board.height * 32), path.name
    assert _distinct_colours(again) > 200, f"{path.name} renders nearly blank"


def test_each_square_shows_the_tile_painted_on_it(screen, tmp_path):
    board = load_board(write_board(tmp_path, "small", SMALL))
    picture = render_board.render(board)
    sheet = pygame.image.load(board.art.layers[0].tiles[(0, 0)].image)
    ids = make_boards.tile_ids()
    # the chest square at row 2, column 2 shows the chest tile over the ground
    chest = ids["chest"] - 1
    tile = sheet.subsurface(((chest % 8) * 32, (chest // 8) * 32, 32, 32))
    middle = picture.get_at((2 * 32 + 16, 2 * 32 + 16))
    assert tile.get_at((16, 16)).a == 255 and middle[:3] == tile.get_at((16, 16))[:3]


def test_the_render_command_writes_a_png(screen, tmp_path):
    out = tmp_path / "meadow.png"
    assert render_board.main([str(SHIPPED[0]), str(out), "--scale", "0.5"]) == 0
    assert pygame.image.load(str(out)).get_width() == load_board(SHIPPED[0]).width * 16


def _qt(*command: str, cwd) -> subprocess.CompletedProcess:
    """Run one of Tiled's programs headless."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(not shutil.which("tmxrasterizer"), reason="Tiled is not installed (apt-get install tiled)")
def test_our_drawing_matches_tileds_own(screen, tmp_path):
    path = SHIPPED[0]
    done = _qt("tmxrasterizer", str(path), str(tmp_path / "tiled.png"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    theirs = pygame.image.load(str(tmp_path / "tiled.png")).convert_alpha()
    ours = render_board.render(load_board(path))
    assert ours.get_size() == theirs.get_size()
    samples = [(x, y) for x in range(0, ours.get_width(), 5) for y in range(0, ours.get_height(), 5)]
    differ = sum(max(abs(a - b) for a, b in zip(ours.get_at(p)[:3], theirs.get_at(p)[:3])) > 24 for p in samples)
    assert differ < len(samples) // 100, f"{differ} of {len(samples)} samples differ from Tiled's drawing"


@pytest.mark.skipif(not shutil.which("tiled"), reason="Tiled is not installed (apt-get install tiled)")
def test_tiled_opens_and_saves_every_shipped_board_unchanged(tmp_path):
    # the boards and their tileset copied together (a board's tileset must stay in its folder)
    shutil.copytree(SHIPPED[0].parent / "tilesets", tmp_path / "tilesets")
    for path in SHIPPED:
        original = shutil.copy(path, tmp_path / path.name)
        saved = tmp_path / f"saved-{path.name}"
        done = _qt("tiled", "--export-map", str(original), str(saved), cwd=tmp_path)
        assert done.returncode == 0 and saved.exists(), f"Tiled cannot open {path.name}: {done.stderr}"
        assert load_board(saved).to_dict() == load_board(path).to_dict(), path.name
