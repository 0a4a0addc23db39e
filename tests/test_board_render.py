"""The shipped boards render headless with their own Tiled tiles (tools/render_board.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.maps import load_board  # noqa: E402
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
