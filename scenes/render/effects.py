"""Timed animations made from the race's events: what every one shares.

Each animation lasts `duration` seconds of game time (the race scene scales
time by the animation speed setting). A blocking one holds the queue of
events (and input) until it ends; a non-blocking one (points popping up,
sparks) plays over what follows. `token_at(racer)` lets an animation move a
racer's token: a float square (row, col), HIDDEN, or None for no say.
The scene passed to `draw` gives `spots(pos)`: the screen centres where a
(float) square shows, and `tile`.

Here: `Animation`, easing, and the drawing the animations (and the race
scene) share: trays, rings, glows, paths over squares, shading. The
animations themselves, by family, beside this module: `motion` (a token on
the move), `notices` (banners, points, rings, confetti), `rolls` (dice and
chests on their tray), `actions` (fights, objects flying and laid, the baby's
actions).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import pygame

from game.boards.board import Square
from scenes.core import kept, theme

if TYPE_CHECKING:
    from scenes.render.stage import Stage, Where

Hidden = Literal["hidden"]  # where an animation shows a token it hides: nowhere
HIDDEN: Hidden = "hidden"
KEY = (255, 0, 255)  # the colour keyed out of opaque pictures (never used in art)
TRAY = (14, 16, 28)  # the dark of trays and bands


@lru_cache(maxsize=32)
def tray(width: int, height: int, colour: theme.Colour = (10, 12, 24, 210), radius: int = 16) -> pygame.Surface:
    """A dark rounded tray (under dice, a chest, words), made once per size."""
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(picture, colour, picture.get_rect(), border_radius=radius)
    return picture


def keyed(picture: pygame.Surface) -> pygame.Surface:
    """`picture` (opaque, with KEY where it is see-through) made quick to blit: SDL copies it run
    by run instead of blending every pixel as it must for a picture with an alpha channel."""
    picture.set_colorkey(KEY, pygame.RLEACCEL)
    return picture


def dark_tray(width: int, height: int, radius: int = 16) -> pygame.Surface:
    """An opaque dark rounded tray on KEY (to draw on, then `keyed`)."""
    tray = pygame.Surface((width, height)).convert()
    tray.fill(KEY)
    pygame.draw.rect(tray, TRAY, tray.get_rect(), border_radius=radius)
    return tray


@lru_cache(maxsize=64)
def ring_image(colour: theme.Colour, radius: int, width: int) -> pygame.Surface:
    """A circle outline drawn once (blitting it is cheaper than drawing it every frame)."""
    image = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pygame.draw.circle(image, colour, (radius + 1, radius + 1), radius, width)
    return image


def shade(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour, alpha: int) -> None:
    """Blend `colour` over a rectangle at `alpha` (0-255): two blended fills, much cheaper than
    blitting a translucent surface of that size."""
    rect = pygame.Rect(rect).clip(surface.get_clip())
    if alpha <= 0 or not rect:
        return
    a = min(255, alpha) / 255
    keep = int(round(255 * (1 - a)))
    surface.fill((keep, keep, keep), rect, special_flags=pygame.BLEND_MULT)
    surface.fill(tuple(int(c * a) for c in colour[:3]), rect, special_flags=pygame.BLEND_ADD)


def ease(t: float) -> float:
    """Smooth start and stop (0..1 -> 0..1)."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class Animation:
    """Something that plays for `duration` seconds."""

    blocking = True
    draws = True  # False for one that only moves a token (the scene then need not call draw)

    def __init__(self, duration: float) -> None:
        self.duration = max(0.001, duration)
        self.t = 0.0

    @property
    def done(self) -> bool:
        """Whether it has played to its end."""
        return self.t >= self.duration

    @property
    def progress(self) -> float:
        """0 at the start, 1 at the end."""
        return min(1.0, self.t / self.duration)

    def update(self, dt: float) -> None:
        """Let time pass."""
        self.t += dt

    def token_at(self, racer: int) -> Where | Hidden | None:
        """Where this animation shows a racer's token (None: it does not move it)."""
        return None

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        """Draw the animation's frame."""


def unwrap(path: Sequence[Square], height: int, width: int) -> list[tuple[float, float]]:
    """Squares of a path as continuous coordinates (a step over an edge stays one step)."""
    points = [(float(path[0][0]), float(path[0][1]))]
    for square in path[1:]:
        last = points[-1]
        dr = (square[0] - last[0] + height / 2) % height - height / 2
        dc = (square[1] - last[1] + width / 2) % width - width / 2
        points.append((last[0] + dr, last[1] + dc))
    return points


def ringed(token: pygame.Surface, radius: int, colour: theme.Colour = (255, 255, 255)) -> pygame.Surface:
    """A token inside a ring, composed once (one blit a frame instead of two)."""
    key = (id(token), radius, tuple(colour))
    found = _RINGED.get(key)
    if found is None or found[0] is not token:
        ring = ring_image(colour, radius, 2)
        size = max(ring.get_width(), token.get_width())
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        image.blit(ring, ring.get_rect(center=(size // 2, size // 2)))
        image.blit(token, token.get_rect(center=(size // 2, size // 2)))
        found = _RINGED.put(key, (token, image))
    return found[1]


RINGED_BUDGET = 2**20  # bytes of the ringed tokens kept (each race's few tokens, at a few zooms)
# (the token is kept with its picture: its id, in the key, is not another's while it lives)
_RINGED: kept.Pictures[tuple[pygame.Surface, pygame.Surface]] = kept.Pictures(
    RINGED_BUDGET, lambda pair: kept.picture_bytes(pair[1])
)


def glow(surface: pygame.Surface, colour: theme.Colour, centre: tuple[float, float], radius: int, alpha: int) -> None:
    """A translucent disc (a glow)."""
    if radius <= 0 or alpha <= 0:
        return
    disc = _disc(tuple(colour[:3]), radius, max(0, min(255, alpha)) // 8 * 8)
    surface.blit(disc, (centre[0] - radius, centre[1] - radius))


@lru_cache(maxsize=512)
def _disc(colour: theme.Colour, radius: int, alpha: int) -> pygame.Surface:
    disc = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*colour, alpha), (radius, radius), radius)
    return disc


def _near(a: tuple[float, float], b: tuple[float, float], tile: int) -> bool:
    return abs(a[0] - b[0]) <= tile * 1.5 and abs(a[1] - b[1]) <= tile * 1.5


def draw_path(
    surface: pygame.Surface, scene: Stage, squares: Sequence[Square], colour: theme.Colour, width: int
) -> None:
    """Lines between consecutive squares (each step drawn where both ends show side by side)."""
    for a, b in zip(squares, squares[1:]):
        for start in scene.spots(a):
            for end in scene.spots(b):
                if _near(start, end, scene.tile):
                    pygame.draw.line(surface, colour, start, end, width)
