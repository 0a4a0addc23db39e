"""Animations of a racer's token on the move: walking square by square (`Slide`), placed elsewhere
(`Teleport`: he shrinks away and grows back), falling into a hole and climbing out (`Fall`).

They tell the race scene where the token is (`token_at`); the base is `scenes.render.effects`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import Board
from game.boards.board import Square
from scenes.core import theme
from scenes.render import sprites
from scenes.render.effects import HIDDEN, Animation, Hidden, ease, unwrap

if TYPE_CHECKING:
    from scenes.render.stage import Stage, Where


class Slide(Animation):
    """A racer walking square by square."""

    draws = False

    def __init__(
        self, racer: int, start: Square, path: Sequence[Square], board: Board, per_square: float = 0.13
    ) -> None:
        super().__init__(per_square * max(1, len(path)))
        self.racer = racer
        self.points = unwrap([start] + list(path), board.height, board.width)
        # Each step as (start row, start column, row change, column change), and steps per second.
        self._legs = [(r0, c0, r1 - r0, c1 - c0) for (r0, c0), (r1, c1) in zip(self.points, self.points[1:])]
        self._rate = len(self._legs) / self.duration
        self._at = self.points[0]

    def update(self, dt: float) -> None:
        """Let time pass, and work out where the token is now (asked several times a frame)."""
        self.t += dt
        x = self.t * self._rate
        if x >= len(self._legs):
            self._at = self.points[-1]
            return
        i = int(x)
        f = ease(x - i)
        r0, c0, dr, dc = self._legs[i]
        self._at = (r0 + dr * f, c0 + dc * f)

    def position(self) -> tuple[float, float]:
        """The token's continuous position now."""
        return self._at

    def token_at(self, racer: int) -> Where | Hidden | None:
        return self.position() if racer == self.racer else None

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        """Nothing of its own: the race scene draws a walking token with its white ring."""


class Teleport(Animation):
    """A racer placed elsewhere: he shrinks away and grows back on his new square."""

    def __init__(
        self, racer: int, start: Where, end: Where, character: str, colour: theme.Colour, number: int, swirl: bool
    ) -> None:
        super().__init__(0.55)
        self.racer, self.start, self.end = racer, start, end
        self.character, self.colour, self.number, self.swirl = character, colour, number, swirl

    def token_at(self, racer: int) -> Where | Hidden | None:
        return HIDDEN if racer == self.racer else None

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        p = self.progress
        where, scale = (self.start, 1 - ease(p * 2)) if p < 0.5 else (self.end, ease(p * 2 - 1))
        size = max(2, int(scene.tile * 0.9 * max(0.05, scale)))
        token = sprites.token(self.character, self.colour, scene.tile, self.number)
        small = pygame.transform.smoothscale(token, (size, size))
        if self.swirl:
            small = pygame.transform.rotate(small, p * 720)
        for centre in scene.spots(where):
            colour = (190, 120, 255) if self.swirl else (255, 255, 255)
            pygame.draw.circle(surface, colour, centre, int(scene.tile * 0.5 * (1.2 - scale)), 2)
            surface.blit(small, small.get_rect(center=centre))


class Fall(Animation):
    """A racer spiralling into a hole, then climbing out above it."""

    def __init__(
        self, racer: int, hole: Square, exit_square: Square, character: str, colour: theme.Colour, number: int
    ) -> None:
        super().__init__(0.8)
        self.racer, self.hole, self.exit = racer, hole, exit_square
        self.token = sprites.token(character, colour, 64, number)

    def token_at(self, racer: int) -> Where | Hidden | None:
        if racer != self.racer:
            return None
        return HIDDEN if self.progress < 0.75 else (float(self.exit[0]), float(self.exit[1]))

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        p = min(1.0, self.progress / 0.7)
        if self.progress >= 0.75:
            return
        size = max(2, int(scene.tile * 0.9 * (1 - p)))
        small = pygame.transform.rotate(pygame.transform.smoothscale(self.token, (size, size)), p * 540)
        for centre in scene.spots(self.hole):
            surface.blit(small, small.get_rect(center=centre))
