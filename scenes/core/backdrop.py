"""The painted backdrop behind the menus (the title image when the art has one)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.core import assets, text, theme

TITLE_IMAGES = ("images/ui/title.png", "images/ui/title_background.png", "images/ui/background.png")


@lru_cache(maxsize=4)
def _painted(size: tuple[int, int]) -> pygame.Surface:
    """A night-sky gradient with a winding track, drawn once."""
    w, h = size
    surface = pygame.Surface(size).convert()
    for y in range(h):
        t = y / h
        colour = (int(18 + 20 * t), int(22 + 26 * t), int(44 + 24 * t))
        pygame.draw.line(surface, colour, (0, y), (w, y))
    for i in range(90):  # stars, placed by a fixed pattern
        x = (i * 7919) % w
        y = (i * 104729) % (h // 2)
        shade = 120 + (i * 37) % 120
        surface.fill((shade, shade, shade + 10 if shade < 245 else 255), (x, y, 2, 2))
    hills = [(0, h)]
    for x in range(0, w + 40, 40):
        hills.append((x, int(h * 0.72 + 30 * math.sin(x / 160) + 18 * math.sin(x / 57))))
    hills.append((w, h))
    pygame.draw.polygon(surface, (28, 52, 46), hills)
    road = []
    for y in range(int(h * 0.7), h + 20, 10):
        k = (y - h * 0.7) / (h * 0.3)
        road.append((w * 0.5 + 240 * math.sin(k * 2.4) * (0.3 + k), y, 30 + 160 * k))
    for (x0, y0, r0), (x1, y1, r1) in zip(road, road[1:]):
        pygame.draw.polygon(surface, (120, 96, 62), [(x0 - r0, y0), (x0 + r0, y0), (x1 + r1, y1), (x1 - r1, y1)])
    return surface


def backdrop(size: tuple[int, int] | None = None) -> pygame.Surface:
    """The title image scaled to the screen, or the painted night sky. Without `size`: the part of the
    whole logical screen's backdrop a menu's SIZE region covers (the scene stack fills the rest of a
    larger screen with the same picture, scenes/core/stack.py), so that the two meet without a seam."""
    whole = theme.screen_size()
    if size is not None and tuple(size) != whole:
        return _picture((size[0], size[1]))
    picture = _whole(whole)
    if size is not None or whole == theme.SIZE:
        return picture
    return picture.subsurface((*theme.design_offset(whole), *theme.SIZE))


def _picture(size: tuple[int, int]) -> pygame.Surface:
    """The title image scaled to `size`, or the painted night sky."""
    for name in TITLE_IMAGES:
        picture = assets.image(name, tuple(size))
        if picture is not None:
            return picture
    return _painted(tuple(size))


def _whole(size: tuple[int, int]) -> pygame.Surface:
    """The backdrop of the whole logical screen (kept while the screen keeps its size and look)."""
    kept = _KEPT.get("whole")
    if kept is None or kept[0] != size:
        kept = (size, _picture(size))
        _KEPT["whole"] = kept
    return kept[1]


_KEPT: dict[str, tuple[tuple[int, int], pygame.Surface]] = {}


def draw_logo(surface: pygame.Surface, centre_x: int, top: int, size: int = 84) -> pygame.Rect:
    """The game's name, gold on a dark shadow."""
    rect = text.draw(surface, "Fantasy Racing", (centre_x + 4, top + 5), size, (10, 8, 20), "logo", anchor="midtop")
    text.draw(surface, "Fantasy Racing", (centre_x, top), size, theme.ACCENT, "logo", anchor="midtop")
    return rect
