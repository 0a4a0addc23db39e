"""Animations of fights and objects: crossed swords over a fight (`Clash`), objects flying along
squares (`Projectile`, `Thrown`: an axe, a spear, a star), a fireball along its zigzag and a bolt
of lightning, a trap or a poo laid (`Drop`), and the baby's action of the turn (`Baby`).

The base is `scenes.render.effects`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import Board
from game.boards.board import Square
from scenes.core import text, theme
from scenes.core.i18n import t
from scenes.render import sprites
from scenes.render.effects import Animation, draw_path, ease, glow, shade, tray, unwrap
from scenes.render.stage import Where

if TYPE_CHECKING:
    from scenes.render.stage import Stage


class Clash(Animation):
    """Two racers fighting: crossed swords pulsing over the square."""

    def __init__(self, where: Where) -> None:
        super().__init__(0.8)
        self.where = where

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        size = int(scene.tile * (1.1 + 0.25 * math.sin(self.t * 18)))
        swords = sprites.icon("ui", "fight", max(8, size))
        for centre in scene.spots(self.where):
            pygame.draw.circle(surface, (255, 90, 60), centre, int(scene.tile * 0.7), 3)
            surface.blit(swords, swords.get_rect(center=centre))


class Projectile(Animation):
    """An object flying along squares (axe, spear, fireball)."""

    def __init__(
        self,
        path: Sequence[Square],
        board: Board,
        icon: pygame.Surface,
        per_square: float = 0.06,
        trail: theme.Colour | None = None,
    ) -> None:
        super().__init__(max(0.35, per_square * len(path)))
        self.points = unwrap(list(path), board.height, board.width)
        self.icon, self.trail = icon, trail

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        steps = len(self.points) - 1
        x = self.progress * max(1, steps)
        i = min(int(x), max(0, steps - 1))
        if steps <= 0:
            where = self.points[0]
        else:
            f = x - i
            (r0, c0), (r1, c1) = self.points[i], self.points[i + 1]
            where = (r0 + (r1 - r0) * f, c0 + (c1 - c0) * f)
        if self.trail:
            for k in range(max(0, i - 6), i + 1):
                for centre in scene.spots(self.points[k]):
                    pygame.draw.circle(surface, self.trail, centre, int(scene.tile * 0.18 * (1 - (i - k) / 7)))
        rotated = pygame.transform.rotate(self.icon, -self.t * 720)
        for centre in scene.spots(where):
            surface.blit(rotated, rotated.get_rect(center=centre))


class Fireball(Animation):
    """A fireball flying along its zigzag, leaving a burning trail, bursting on its last square."""

    FLIGHT = 0.8  # the part of the time spent flying (the rest is the burst)

    def __init__(self, path: Sequence[Square], board: Board, per_square: float = 0.09) -> None:
        steps = max(1, len(path) - 1)
        super().__init__(max(0.7, per_square * steps / self.FLIGHT))
        self.points = unwrap(list(path), board.height, board.width)
        self.squares = [(p[0], p[1]) for p in path]

    def where(self) -> tuple[float, float]:
        """The fireball's continuous square now."""
        steps = len(self.points) - 1
        if steps <= 0:
            return self.points[0]
        x = min(1.0, self.progress / self.FLIGHT) * steps
        i = min(int(x), steps - 1)
        f = x - i
        (r0, c0), (r1, c1) = self.points[i], self.points[i + 1]
        return r0 + (r1 - r0) * f, c0 + (c1 - c0) * f

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        tile = scene.tile
        steps = len(self.points) - 1
        flying = min(1.0, self.progress / self.FLIGHT)
        reached = int(flying * steps) if steps else 0
        # the trail: squares already crossed glow and fade with their age
        for k in range(1, reached + 1):
            age = (flying * steps - k) / max(1, steps)
            heat = max(0.0, 1 - age * 1.6)
            for centre in scene.spots(self.squares[k]):
                glow(surface, (255, 120, 30), centre, int(tile * 0.42), int(70 + 90 * heat))
        crossed = self.squares[: reached + 1]
        draw_path(surface, scene, crossed, (255, 150, 40), 8)
        draw_path(surface, scene, crossed, (255, 235, 150), 3)
        where = self.where()
        wobble = 1 + 0.12 * math.sin(self.t * 40)
        if self.progress < self.FLIGHT:
            for k in range(8, 0, -1):  # the flame's tail: where the ball was a moment ago
                back = max(0.0, flying - k * 0.012 * max(1, 12 / max(1, steps)))
                x = back * steps
                j = min(int(x), max(0, steps - 1))
                if steps:
                    (r0, c0), (r1, c1) = self.points[j], self.points[min(j + 1, steps)]
                    f = x - j
                    past = (r0 + (r1 - r0) * f, c0 + (c1 - c0) * f)
                    for centre in scene.spots(past):
                        glow(surface, (255, 150 - k * 10, 40), centre, int(tile * (0.34 - k * 0.03)), int(200 - k * 22))
            for centre in scene.spots(where):
                glow(surface, (255, 70, 10), centre, int(tile * 0.85 * wobble), 70)
                glow(surface, (255, 120, 30), centre, int(tile * 0.6 * wobble), 140)
                glow(surface, (255, 190, 70), centre, int(tile * 0.42 * wobble), 220)
                pygame.draw.circle(surface, (255, 250, 215), centre, int(tile * 0.24 * wobble))
                sparks = random.Random(int(self.t * 30))
                for _ in range(6):
                    dx, dy = sparks.uniform(-0.6, 0.6) * tile, sparks.uniform(-0.6, 0.6) * tile
                    surface.fill((255, 210, 90), (centre[0] + dx, centre[1] + dy, 3, 3))
        else:
            p = (self.progress - self.FLIGHT) / (1 - self.FLIGHT)
            for centre in scene.spots(self.squares[-1]):
                glow(surface, (255, 150, 40), centre, int(tile * (0.5 + 0.9 * p)), int(200 * (1 - p)))
                pygame.draw.circle(
                    surface, (255, 230, 140), centre, int(tile * (0.4 + 1.0 * p)), max(1, int(6 * (1 - p)))
                )


class Bolt(Animation):
    """Lightning striking racers: a flash, a jagged bolt from the sky on each target (two on a leader)."""

    def __init__(
        self, squares: Sequence[Square], leaders: Sequence[bool] = (), seed: int = 0, duration: float = 1.0
    ) -> None:
        super().__init__(duration)
        self.squares = list(squares)
        self.leaders = list(leaders)  # one flag per square
        self.seed = seed

    def _bolt(self, rng: random.Random, x: int, y: int, top: int, spread: int) -> list[tuple[int, int]]:
        points, yy, xx = [(x + rng.randint(-spread, spread), top)], top, x
        while yy < y:
            yy = min(y, yy + rng.randint(18, 34))
            xx = x if yy >= y else x + rng.randint(-spread, spread) * (y - yy) // max(1, y - top) + rng.randint(-10, 10)
            points.append((xx, yy))
        return points

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        p = self.progress
        view = scene.view
        calm = theme.calm_flashes()  # Flashes: reduced: no sky flash, one steady bolt (a single flash)
        if p < 0.35 and not calm:  # the sky flashes twice
            shade(surface, view, (220, 230, 255), int(90 * abs(math.sin(p / 0.35 * math.pi * 2))))
        strike = p < 0.85 and (calm or int(self.t * 14) % 3 != 2)
        frame = 0 if calm else int(self.t * 14)  # (reduced: the bolt keeps its shape)
        for n, square in enumerate(self.squares):
            leader = n < len(self.leaders) and self.leaders[n]
            for x, y in scene.spots(square):
                if strike:
                    for k in range(2 if leader else 1):
                        rng = random.Random(self.seed * 7919 + frame * 131 + n * 17 + k)
                        points = self._bolt(rng, x + (k * 2 - 1) * 6 * leader, y, view.top, 40)
                        pygame.draw.lines(surface, (90, 150, 255), False, points, 11)
                        pygame.draw.lines(surface, (190, 220, 255), False, points, 6)
                        pygame.draw.lines(surface, (255, 255, 255), False, points, 2)
                        branch_at = rng.randint(1, max(1, len(points) - 2))
                        bx, by = points[branch_at]
                        pygame.draw.lines(
                            surface,
                            (170, 210, 255),
                            False,
                            [(bx, by), (bx + rng.randint(-40, 40), by + rng.randint(20, 50))],
                            2,
                        )
                radius = int(scene.tile * (0.5 + 0.5 * ease(min(1.0, p * 2))))
                glow(surface, (150, 200, 255), (x, y), radius, int(80 * (1 - p)))
                pygame.draw.circle(surface, (230, 240, 255), (x, y), radius, 3)
        for n, square in enumerate(self.squares):  # the words over every bolt
            if n < len(self.leaders) and self.leaders[n] and p > 0.15:
                for x, y in scene.spots(square):
                    label = text.render(t("race.leader"), 17, (255, 240, 150), "bold")
                    pill = label.get_rect(midtop=(x, y + scene.tile + 2)).inflate(14, 6)
                    surface.blit(tray(pill.width, pill.height, (12, 16, 34, 220), 8), pill)
                    text.draw(surface, t("race.leader"), pill.center, 17, (255, 240, 150), "bold", anchor="center")


class Thrown(Animation):
    """An axe, a spear or a star flying to its square (an axe and a star spin, a spear points the way)."""

    def __init__(
        self, start: Square, end: Square, board: Board, icon: pygame.Surface, kind: str, per_square: float = 0.07
    ) -> None:
        self.points = unwrap([start, end], board.height, board.width)
        (r0, c0), (r1, c1) = self.points
        distance = max(abs(r1 - r0), abs(c1 - c0))
        super().__init__(max(0.45, per_square * distance + 0.25))
        self.icon, self.kind = icon, kind
        self.angle = math.degrees(math.atan2(-(r1 - r0), c1 - c0))

    def where(self) -> tuple[float, float]:
        """The object's continuous square now (it lands at 85 % of the time, then the impact)."""
        f = min(1.0, self.progress / 0.85)
        (r0, c0), (r1, c1) = self.points
        return r0 + (r1 - r0) * f, c0 + (c1 - c0) * f

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        tile = scene.tile
        (r0, c0), (r1, c1) = self.points
        here = self.where()
        back = max(0.0, min(1.0, self.progress / 0.85) - 0.3)
        tail = (r0 + (r1 - r0) * back, c0 + (c1 - c0) * back)
        for b in scene.spots(here):  # a streak behind the object, in the same copy of the board
            a = (int(b[0] + (tail[1] - here[1]) * tile), int(b[1] + (tail[0] - here[0]) * tile))
            pygame.draw.line(surface, (235, 235, 255), a, b, 3)
        if self.kind == "spear":
            image = pygame.transform.rotate(self.icon, self.angle - 90)
        else:
            image = pygame.transform.rotate(self.icon, -self.t * (1440 if self.kind == "throwing_star" else 900))
        if self.progress < 0.85:
            for centre in scene.spots(here):
                surface.blit(image, image.get_rect(center=centre))
        else:
            p = (self.progress - 0.85) / 0.15
            for centre in scene.spots(here):
                surface.blit(image, image.get_rect(center=centre))
                pygame.draw.circle(surface, (255, 240, 200), centre, int(tile * (0.3 + 0.5 * p)), 3)


class Drop(Animation):
    """A trap (or a poo) falling onto its square and snapping open."""

    def __init__(self, where: Where, icon: pygame.Surface, colour: theme.Colour = (220, 200, 160)) -> None:
        super().__init__(0.6)
        self.where, self.icon, self.colour = where, icon, colour

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        p = self.progress
        fall = ease(min(1.0, p / 0.55))
        bounce = int(math.sin(min(1.0, max(0.0, (p - 0.55) / 0.45)) * math.pi) * scene.tile * 0.15)
        for x, y in scene.spots(self.where):
            yy = int(y - (1 - fall) * scene.tile * 2.2) - bounce
            glow(surface, (0, 0, 0), (x, y + scene.tile // 4), int(scene.tile * 0.3 * (0.4 + 0.6 * fall)), 90)
            surface.blit(self.icon, self.icon.get_rect(center=(x, yy)))
            if p > 0.55:
                q = (p - 0.55) / 0.45
                pygame.draw.circle(
                    surface, self.colour, (x, y), int(scene.tile * (0.35 + 0.6 * q)), max(1, int(5 * (1 - q)))
                )


class Baby(Animation):
    """The baby's action of the turn: beer, poo, sleep or cry (waves out to the cry's reach)."""

    COLOURS = {"beer": (255, 214, 120), "poo": (200, 150, 100), "sleep": (170, 190, 255), "cry": (255, 140, 170)}

    def __init__(
        self, where: Where, action: str, label: str, reach: int = 6, icon: pygame.Surface | None = None
    ) -> None:
        super().__init__(1.1)
        self.where, self.action, self.label, self.reach, self.icon = where, action, label, reach, icon

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        p = self.progress
        tile = scene.tile
        colour = self.COLOURS.get(self.action, theme.TEXT)
        alpha = min(1.0, p * 6, (1 - p) * 5)
        for x, y in scene.spots(self.where)[:4]:
            if self.action == "cry":
                for k in range(3):
                    q = p * 1.6 - k * 0.25
                    if 0 < q < 1:
                        pygame.draw.circle(
                            surface, colour, (x, y), int(tile * (0.5 + self.reach * q)), max(1, int(4 * (1 - q)))
                        )
            elif self.action == "sleep":
                for k in range(3):
                    q = (p * 1.4 - k * 0.2) % 1.0
                    text.draw(
                        surface,
                        t("race.snore.small" if k % 2 else "race.snore.big"),
                        (x + int(tile * (0.3 + 0.5 * q)), y - int(tile * (0.4 + 0.9 * q))),
                        18 + 6 * k,
                        colour,
                        "bold",
                        anchor="center",
                        shadow=True,
                    )
            elif self.icon is not None:
                lift = int(tile * 0.6 * ease(min(1.0, p * 2)))
                tilt = math.sin(self.t * 12) * 20 if self.action == "beer" else 0
                image = pygame.transform.rotate(self.icon, tilt)
                surface.blit(image, image.get_rect(center=(x, y - tile // 2 - lift)))
            if alpha > 0.2:
                text.draw(surface, self.label, (x, y + tile // 2 + 6), 20, colour, "bold", anchor="midtop", shadow=True)
