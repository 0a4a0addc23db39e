"""Animations of words and marks over the board: a banner across it (a new turn, a lap, a fight's
result), points popping up over a racer, a ring around a square, confetti at the finish.

The base is `scenes.render.effects`.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from scenes.core import text, theme
from scenes.render.effects import TRAY, Animation, dark_tray, ease, keyed
from scenes.render.stage import Where

if TYPE_CHECKING:
    from scenes.render.stage import Stage


class Banner(Animation):
    """Big words across the board (a new turn, a lap, a fight's result)."""

    def __init__(
        self,
        words: str,
        colour: theme.Colour = theme.ACCENT,
        duration: float = 0.9,
        sub: str = "",
        blocking: bool = True,
        height: float = 0.3,
    ) -> None:
        super().__init__(duration)
        self.words, self.colour, self.sub = words, colour, sub
        self.blocking = blocking
        self.height = height  # where across the board view, 0 top .. 1 bottom
        self._made: Any = None  # (view width, keyed picture, fading picture)

    def _paint(self, picture: pygame.Surface, border: theme.Colour) -> None:
        """The band's words and border on `picture` (whose background is drawn)."""
        middle = picture.get_width() // 2
        y = picture.get_height() // 2 - (14 if self.sub else 0)
        pygame.draw.rect(picture, border, picture.get_rect(), 2, border_radius=18)
        text.draw(picture, self.words, (middle, y), 46, self.colour, "title", anchor="center", shadow=True)
        if self.sub:
            text.draw(picture, self.sub, (middle, y + 40), 22, theme.TEXT, anchor="center")

    def _pictures(self, width: int) -> tuple[pygame.Surface, pygame.Surface]:
        """The band with its words, drawn once: a keyed opaque one shown while it stays, and one
        with an alpha channel to fade in and out."""
        if self._made is None or self._made[0] != width:
            title = text.render(self.words, 46, self.colour, "title")
            wide = max(title.get_width(), text.render(self.sub, 22).get_width() if self.sub else 0)
            size = (min(width, wide + 160), 110 if self.sub else 84)
            border = tuple(int(c * 0.6 + d * 0.4) for c, d in zip(self.colour[:3], TRAY))
            solid = dark_tray(*size, radius=18)
            self._paint(solid, border)
            fading = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(fading, (*TRAY, 255), fading.get_rect(), border_radius=18)
            self._paint(fading, border)
            self._made = (width, keyed(solid), fading)
        return self._made[1], self._made[2]

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        view = scene.view
        alpha = min(1.0, self.progress * 6, (1 - self.progress) * 5)
        if alpha <= 0:
            return
        solid, fading = self._pictures(view.width)
        if alpha < 1:
            fading.set_alpha(int(255 * alpha))
        picture = solid if alpha >= 1 else fading
        at = picture.get_rect(center=(view.centerx, int(view.top + view.height * self.height)))
        text.lay(surface, picture, at.topleft)


class Popup(Animation):
    """Points (or an icon) rising from a square."""

    blocking = False

    def __init__(
        self, words: str, where: Where, colour: theme.Colour, icon: pygame.Surface | None = None, delay: float = 0.0
    ) -> None:
        super().__init__(1.1 + delay)
        self.words, self.where, self.colour, self.icon, self.delay = words, where, colour, icon, delay

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        if self.t < self.delay:
            return
        p = (self.t - self.delay) / (self.duration - self.delay)
        rise = int(scene.tile * 0.9 * ease(p))
        for x, y in scene.spots(self.where):
            y = y - scene.tile // 2 - rise
            if self.icon is not None:
                image = self.icon.copy()
                image.set_alpha(int(255 * (1 - p * p)))
                surface.blit(image, image.get_rect(midbottom=(x, y)))
                y -= self.icon.get_height()
            if self.words:
                line = text.render(self.words, 26, self.colour, "bold")
                shade = text.render(self.words, 26, (0, 0, 0), "bold")
                line.set_alpha(int(255 * (1 - p * p)))
                shade.set_alpha(int(200 * (1 - p * p)))
                rect = line.get_rect(midbottom=(x, y))
                surface.blit(shade, rect.move(2, 2))
                surface.blit(line, rect)


class Ring(Animation):
    """An expanding ring on a square (a trap snapping, a barrier breaking, a shield)."""

    blocking = False

    def __init__(self, where: Where, colour: theme.Colour, duration: float = 0.6) -> None:
        super().__init__(duration)
        self.where, self.colour = where, colour

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        radius = int(scene.tile * (0.3 + 0.9 * ease(self.progress)))
        width = max(1, int(6 * (1 - self.progress)))
        for centre in scene.spots(self.where):
            pygame.draw.circle(surface, self.colour, centre, radius, width)


class Confetti(Animation):
    """A burst of colour when a racer crosses the finish line."""

    blocking = False

    def __init__(self, where: Where, seed: int = 0) -> None:
        super().__init__(1.4)
        rng = random.Random(seed)
        self.where = where
        self.bits = [
            (
                rng.uniform(0, 2 * math.pi),
                rng.uniform(60, 220),
                rng.choice([theme.ACCENT, (255, 255, 255), (90, 200, 255), (255, 110, 140), (140, 255, 140)]),
            )
            for _ in range(60)
        ]

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        p = self.progress
        for x, y in scene.spots(self.where)[:2]:
            for angle, speed, colour in self.bits:
                dx = math.cos(angle) * speed * p
                dy = math.sin(angle) * speed * p + 180 * p * p
                surface.fill(colour, (x + dx, y + dy, 4, 4))
