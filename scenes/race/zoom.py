"""The race's board at any zoom: its full picture, and smaller copies of it kept up to date.

`ZoomableBoard` is the board's picture at the race's size (`BoardRenderer`), plus copies at half,
a quarter, ... of it (down to a few pixels a square). A view at scale `s` is drawn from the smallest
copy still at least that large: the part in view is blitted (wrapping) onto a scratch surface, then
scaled to the view. So a frame costs about the same at any zoom, the whole of the largest legal board
included. A square the race changes (an object taken, a barrier broken) is painted again in every
copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from game import Board
from game.boards.board import Square
from scenes.render.board import BoardRenderer

SMALLEST_COPY = 3  # the smallest copy's squares, in pixels (a 48-pixel square halved four times)


class ZoomableBoard(BoardRenderer):
    """The board's picture with its smaller copies (see the module)."""

    def __init__(self, board: Board, tile: int = 48) -> None:
        self.copies: list[pygame.Surface] = []  # [the full picture, half, a quarter, ...]
        super().__init__(board, tile)
        self.copies = [self.surface]
        size, step = tile, 1
        while size % 2 == 0 and size // 2 >= SMALLEST_COPY:
            size //= 2
            step *= 2
            w, h = self.size
            self.copies.append(pygame.transform.smoothscale(self.copies[-1], (w // step, h // step)))
        self._room: pygame.Surface | None = None  # where the part in view is put together before scaling
        self._last: tuple[Any, pygame.Surface] | None = None  # the last view drawn at a scale: (look, picture)

    def _paint(self, square: Square) -> None:
        super()._paint(square)
        self.version = getattr(self, "version", 0) + 1  # (a view drawn before is stale)
        for level, copy in enumerate(self.copies[1:], start=1):  # (none yet while the picture is first drawn)
            size = self.tile >> level
            rect = self.square_rect(square)
            part = pygame.transform.smoothscale(self.surface.subsurface(rect), (size, size))
            copy.blit(part, (square[1] * size, square[0] * size))

    def sync(self, taken: Iterable[Square], destroyed: Iterable[Square]) -> None:
        super().sync(taken, destroyed)
        if len(self.copies) > 1 and any(square[0] == 0 for square in frozenset(taken) | frozenset(destroyed)):
            for level, copy in enumerate(self.copies[1:], start=1):  # the finish line, again in the copies
                row = self.surface.subsurface((0, 0, self.size[0], self.tile))
                size = (self.size[0] >> level, self.tile >> level)
                copy.blit(pygame.transform.smoothscale(row, size), (0, 0))

    def draw_scaled(
        self, target: pygame.Surface, view: pygame.Rect, at: Sequence[float], scale: float, smooth: bool = True
    ) -> None:
        """Draw the board into `view` at `scale` (1: the race's size), its top-left at pixel `at` of
        the board drawn at that scale, wrapping; smoothed when shrunk (`smooth`: not while the zoom
        glides, when a frame must be quick and the eye does not see it)."""
        if abs(scale - 1.0) < 1e-6:
            self.draw(target, view, at)
            return
        target.blit(self.scaled_view(view, at, scale, smooth), view.topleft)

    def draw_scaled_parts(
        self, target: pygame.Surface, view: pygame.Rect, at: Sequence[float], scale: float, parts: Iterable[pygame.Rect]
    ) -> None:
        """`draw_scaled` into some rectangles of `view` only (the board where it shows round a panel)."""
        if abs(scale - 1.0) < 1e-6:
            self.draw_parts(target, view, at, parts)
            return
        picture = self.scaled_view(view, at, scale, True)
        for part in parts:
            part = part.clip(view)
            if part.width > 0 and part.height > 0:
                target.blit(picture, part.topleft, part.move(-view.left, -view.top))

    def scaled_view(self, view: pygame.Rect, at: Sequence[float], scale: float, smooth: bool) -> pygame.Surface:
        """The board as `view` shows it at `scale`, kept while the camera, the scale and the board
        stay the same (a still view costs one blit, as at the race's size)."""
        level = 0
        while level + 1 < len(self.copies) and scale <= 0.5 ** (level + 1) + 1e-9:
            level += 1
        ratio = scale * (1 << level)  # the view's pixels per pixel of the copy
        copy = self.copies[level]
        look = (level, round(scale, 6), view.size, int(at[0] / ratio), int(at[1] / ratio), smooth, self.version)
        if self._last is not None and self._last[0] == look:
            return self._last[1]
        width, height = copy.get_size()
        source = (max(1, min(width, round(view.width / ratio))), max(1, min(height, round(view.height / ratio))))
        room = self._room
        if room is None or room.get_width() < source[0] or room.get_height() < source[1]:
            size = (max(source[0], room.get_width() if room else 0), max(source[1], room.get_height() if room else 0))
            room = self._room = pygame.Surface(size).convert()  # (one scratch surface, cut to each size)
        scratch = room.subsurface((0, 0, *source))
        _wrapped_blit(copy, scratch, (at[0] / ratio, at[1] / ratio))
        kept = self._last[1] if self._last is not None and self._last[1].get_size() == view.size else None
        if kept is None:
            kept = pygame.Surface(view.size).convert()
        if ratio < 1 and smooth:
            pygame.transform.smoothscale(scratch, view.size, kept)
        else:
            pygame.transform.scale(scratch, view.size, kept)
        self._last = (look, kept)
        return kept


def _wrapped_blit(picture: pygame.Surface, target: pygame.Surface, at: Sequence[float]) -> None:
    """Fill `target` with `picture` from its pixel `at` on, the picture repeating past its edges."""
    width, height = picture.get_size()
    cx, cy = int(at[0]) % width, int(at[1]) % height
    tw, th = target.get_size()
    y = -cy
    while y < th:
        x = -cx
        while x < tw:
            target.blit(picture, (x, y))
            x += width
        y += height
