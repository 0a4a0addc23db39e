"""A Tiled board's own tiles (`board.art`, see game/boards/map_build.py), ready to paint square by square.

The designer's layers are drawn bottom first with their visibility and
opacity, Tiled's flips honoured, scaled to the game's square size. The rule
layers (docs/maps.md) are the ones the race changes: a destroyed barrier's tile is
left out, a taken object's tile is drawn greyed.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import Board
from game.boards.board import Square

RULE_OBJECT_LAYERS = ("chests", "coins", "clovers", "shields")
BARRIER_LAYER = "barriers"
BACKGROUND = (24, 26, 30)


class TileArt:
    """The tile layers of a board, scaled to `tile` px."""

    def __init__(self, art: Any, tile: int) -> None:
        self.art = art
        self.tile = tile
        self.layers = [
            (layer.name.strip().lower(), layer) for layer in art.layers if layer.visible and layer.opacity > 0
        ]
        self.background = pygame.Color(art.background) if art.background else pygame.Color(BACKGROUND)
        self._sheets: dict[str, pygame.Surface] = {}
        self._tiles: dict[tuple[Any, ...], pygame.Surface] = {}

    @classmethod
    def of(cls, board: Board, tile: int) -> TileArt | None:
        """The art of a board read from Tiled, or None (painted tiles instead)."""
        art = getattr(board, "art", None)
        if art is None or not getattr(art, "layers", None):
            return None
        return cls(art, tile)

    def _sheet(self, path: str) -> pygame.Surface:
        if path not in self._sheets:
            image = pygame.image.load(path)
            self._sheets[path] = image.convert_alpha() if pygame.display.get_surface() else image
        return self._sheets[path]

    def _image(self, tile_image: Any, greyed: bool, opacity: float) -> pygame.Surface | None:
        key = (tile_image, greyed, opacity)
        found = self._tiles.get(key)
        if found is None:
            try:
                sheet = self._sheet(tile_image.image)
            except (pygame.error, FileNotFoundError, OSError):
                return None
            try:  # (the picture was checked with the board; it may have changed on disk since)
                image = sheet.subsurface(tile_image.rect).copy() if tile_image.rect else sheet.copy()
            except ValueError:
                return None
            if tile_image.flip_diagonal:  # Tiled flips over the diagonal first, then x, then y
                image = pygame.transform.flip(pygame.transform.rotate(image, -90), True, False)
            image = pygame.transform.flip(image, tile_image.flip_x, tile_image.flip_y)
            found = pygame.transform.smoothscale(image, (self.tile, self.tile))
            if greyed:
                found = pygame.transform.grayscale(found)
                found.set_alpha(int(80 * opacity))
            elif opacity < 1.0:
                found.set_alpha(int(255 * opacity))
            self._tiles[key] = found
        return found

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, square: Square, destroyed: bool, greyed: bool) -> None:
        """Paint one square: every visible layer's tile, bottom first."""
        surface.fill(self.background, rect)
        for name, layer in self.layers:
            if name == BARRIER_LAYER and destroyed:
                continue
            tile_image = layer.tiles.get(square)
            if tile_image is None:
                continue
            image = self._image(tile_image, greyed and name in RULE_OBJECT_LAYERS, layer.opacity)
            if image is not None:
                surface.blit(image, rect)
