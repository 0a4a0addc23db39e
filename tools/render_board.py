"""Render a Tiled board to a PNG with its own tiles, headless.

    python tools/render_board.py maps/meadow.tmx meadow.png [--scale 0.5]

It draws `board.art` (see game/boards/map_build.py) exactly as a screen would: layers
bottom first, hidden layers skipped, opacity and flips honoured.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pygame  # noqa: E402  (tools may use pygame; game/ never does)

from game.boards.board import Board, BoardError  # noqa: E402
from game.boards.maps import load_board  # noqa: E402

BACKGROUND = (24, 26, 30)  # behind squares with no ground


class TileCache:
    """Tile pictures cut from their tileset images, flipped once and kept."""

    def __init__(self) -> None:
        self.sheets: dict[str, pygame.Surface] = {}
        self.tiles: dict[object, pygame.Surface] = {}

    def sheet(self, path: str) -> pygame.Surface:
        """A tileset image, loaded once."""
        if path not in self.sheets:
            image = pygame.image.load(path)
            self.sheets[path] = image.convert_alpha() if pygame.display.get_surface() else image
        return self.sheets[path]

    def tile(self, tile) -> pygame.Surface:
        """The picture of one TileImage, with Tiled's flips applied."""
        if tile not in self.tiles:
            sheet = self.sheet(tile.image)
            image = sheet.subsurface(tile.rect).copy() if tile.rect else sheet.copy()
            if tile.flip_diagonal:  # Tiled flips over the diagonal first, then x, then y
                image = pygame.transform.flip(pygame.transform.rotate(image, -90), True, False)
            self.tiles[tile] = pygame.transform.flip(image, tile.flip_x, tile.flip_y)
        return self.tiles[tile]


def render(board: Board, cache: TileCache | None = None) -> pygame.Surface:
    """The whole board drawn from its Tiled art."""
    art = board.art
    if art is None:
        raise ValueError(f"{board.source or board.name} has no Tiled art to render (a text board?)")
    cache = cache or TileCache()
    size = (board.width * art.tile_width, board.height * art.tile_height)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(pygame.Color(art.background) if art.background else BACKGROUND)
    for layer in art.layers:
        if not layer.visible or layer.opacity <= 0:
            continue
        sheet = pygame.Surface(size, pygame.SRCALPHA)
        for (row, col), tile in layer.tiles.items():
            picture = cache.tile(tile)
            # tiles taller than a square stand on its bottom edge, as in Tiled
            y = (row + 1) * art.tile_height - picture.get_height()
            sheet.blit(picture, (col * art.tile_width, y))
        if layer.opacity < 1:
            sheet.fill((255, 255, 255, round(255 * layer.opacity)), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(sheet, layer.offset)
    return surface


def main(argv: list[str] | None = None) -> int:
    """Render one board to a PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", help="a .tmx board")
    parser.add_argument("png", help="the PNG to write")
    parser.add_argument("--scale", type=float, default=1.0, help="scale the picture (0.5 = half size)")
    args = parser.parse_args(argv)
    try:
        board = load_board(args.board)
    except BoardError as error:
        print(error, file=sys.stderr)
        return 1
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    picture = render(board)
    if args.scale != 1:
        size = (round(picture.get_width() * args.scale), round(picture.get_height() * args.scale))
        picture = pygame.transform.smoothscale(picture, size)
    pygame.image.save(picture, args.png)
    print(f"wrote {args.png} ({picture.get_width()}x{picture.get_height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
