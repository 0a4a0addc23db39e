"""Timed animations made from the race's events.

Each animation lasts `duration` seconds of game time (the race scene scales
time by the animation speed setting). A blocking one holds the queue of
events (and input) until it ends; a non-blocking one (points popping up,
sparks) plays over what follows. `token_at(racer)` lets an animation move a
racer's token: a float square (row, col), HIDDEN, or None for no say.
The scene passed to `draw` gives `spots(pos)`: the screen centres where a
(float) square shows, and `tile`.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

import pygame

from game.dice import DICE
from scenes import i18n
from scenes.i18n import t
from scenes.render import sprites
from scenes.ui import text, theme

HIDDEN = "hidden"
DIE_FACES = {
    "DCOMBAT": ("defeat", "simple", "crushing"),
}


@lru_cache(maxsize=32)
def _tray(width: int, height: int, colour=(10, 12, 24, 210), radius: int = 16) -> pygame.Surface:
    """A dark rounded tray (under dice, a chest, words), made once per size."""
    tray = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(tray, colour, tray.get_rect(), border_radius=radius)
    return tray


KEY = (255, 0, 255)  # the colour keyed out of opaque pictures (never used in art)
TRAY = (14, 16, 28)  # the dark of trays and bands


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
def ring_image(colour, radius: int, width: int) -> pygame.Surface:
    """A circle outline drawn once (blitting it is cheaper than drawing it every frame)."""
    image = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pygame.draw.circle(image, colour, (radius + 1, radius + 1), radius, width)
    return image


def shade(surface: pygame.Surface, rect: pygame.Rect, colour, alpha: int) -> None:
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

    def token_at(self, racer: int):
        """Where this animation shows a racer's token (None: it does not move it)."""
        return None

    def draw(self, surface: pygame.Surface, scene) -> None:
        """Draw the animation's frame."""


def unwrap(path, height: int, width: int) -> list[tuple[float, float]]:
    """Squares of a path as continuous coordinates (a step over an edge stays one step)."""
    points = [(float(path[0][0]), float(path[0][1]))]
    for square in path[1:]:
        last = points[-1]
        dr = (square[0] - last[0] + height / 2) % height - height / 2
        dc = (square[1] - last[1] + width / 2) % width - width / 2
        points.append((last[0] + dr, last[1] + dc))
    return points


class Slide(Animation):
    """A racer walking square by square."""

    draws = False

    def __init__(self, racer: int, start, path, board, per_square: float = 0.13) -> None:
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

    def token_at(self, racer: int):
        return self.position() if racer == self.racer else None

    def draw(self, surface, scene) -> None:
        """Nothing of its own: the race scene draws a walking token with its white ring."""


def ringed(token: pygame.Surface, radius: int, colour=(255, 255, 255)) -> pygame.Surface:
    """A token inside a ring, composed once (one blit a frame instead of two)."""
    key = (id(token), radius, colour)
    found = _RINGED.get(key)
    if found is None or found[0] is not token:
        ring = ring_image(colour, radius, 2)
        size = max(ring.get_width(), token.get_width())
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        image.blit(ring, ring.get_rect(center=(size // 2, size // 2)))
        image.blit(token, token.get_rect(center=(size // 2, size // 2)))
        found = _RINGED[key] = (token, image)
    return found[1]


_RINGED: dict = {}


class Teleport(Animation):
    """A racer placed elsewhere: he shrinks away and grows back on his new square."""

    def __init__(self, racer: int, start, end, character: str, colour, number: int, swirl: bool) -> None:
        super().__init__(0.55)
        self.racer, self.start, self.end = racer, start, end
        self.character, self.colour, self.number, self.swirl = character, colour, number, swirl

    def token_at(self, racer: int):
        return HIDDEN if racer == self.racer else None

    def draw(self, surface, scene) -> None:
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

    def __init__(self, racer: int, hole, exit_square, character: str, colour, number: int) -> None:
        super().__init__(0.8)
        self.racer, self.hole, self.exit = racer, hole, exit_square
        self.token = sprites.token(character, colour, 64, number)

    def token_at(self, racer: int):
        if racer != self.racer:
            return None
        return HIDDEN if self.progress < 0.75 else tuple(map(float, self.exit))

    def draw(self, surface, scene) -> None:
        p = min(1.0, self.progress / 0.7)
        if self.progress >= 0.75:
            return
        size = max(2, int(scene.tile * 0.9 * (1 - p)))
        small = pygame.transform.rotate(pygame.transform.smoothscale(self.token, (size, size)), p * 540)
        for centre in scene.spots(self.hole):
            surface.blit(small, small.get_rect(center=centre))


class Banner(Animation):
    """Big words across the board (a new turn, a lap, a fight's result)."""

    def __init__(
        self,
        words: str,
        colour=theme.ACCENT,
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

    def _paint(self, picture: pygame.Surface, border) -> None:
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

    def draw(self, surface, scene) -> None:
        view = scene.view
        alpha = min(1.0, self.progress * 6, (1 - self.progress) * 5)
        if alpha <= 0:
            return
        solid, fading = self._pictures(view.width)
        if alpha < 1:
            fading.set_alpha(int(255 * alpha))
        picture = solid if alpha >= 1 else fading
        surface.blit(picture, picture.get_rect(center=(view.centerx, int(view.top + view.height * self.height))))


class Popup(Animation):
    """Points (or an icon) rising from a square."""

    blocking = False

    def __init__(self, words: str, where, colour, icon: pygame.Surface | None = None, delay: float = 0.0) -> None:
        super().__init__(1.1 + delay)
        self.words, self.where, self.colour, self.icon, self.delay = words, where, colour, icon, delay

    def draw(self, surface, scene) -> None:
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

    def __init__(self, where, colour, duration: float = 0.6) -> None:
        super().__init__(duration)
        self.where, self.colour = where, colour

    def draw(self, surface, scene) -> None:
        radius = int(scene.tile * (0.3 + 0.9 * ease(self.progress)))
        width = max(1, int(6 * (1 - self.progress)))
        for centre in scene.spots(self.where):
            pygame.draw.circle(surface, self.colour, centre, radius, width)


class Confetti(Animation):
    """A burst of colour when a racer crosses the finish line."""

    blocking = False

    def __init__(self, where, seed: int = 0) -> None:
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

    def draw(self, surface, scene) -> None:
        p = self.progress
        for x, y in scene.spots(self.where)[:2]:
            for angle, speed, colour in self.bits:
                dx = math.cos(angle) * speed * p
                dy = math.sin(angle) * speed * p + 180 * p * p
                surface.fill(colour, (x + dx, y + dy, 4, 4))


class Dice(Animation):
    """Dice tumbling, then settling on their faces; `labels` shows words instead of numbers."""

    def __init__(self, names, faces, labels=None, icons=None, purpose: str = "", seed: int = 0) -> None:
        super().__init__(1.25)
        self.names, self.faces = list(names), list(faces)
        self.labels = labels or [None] * len(self.faces)
        self.icons = icons or [None] * len(self.faces)
        self.purpose = purpose
        self.seed = seed
        self._made: Any = None  # (view and language, keyed tray with the words, tray's place, each die's x)
        self._still: Any = None  # (that tray, the tray with the dice lying on it)

    def _face_text(self, i: int, settled: bool) -> str:
        name = self.names[i]
        if settled:
            return self.labels[i] or str(self.faces[i])
        # The face tumbling now: a cheap hash of the die, the roll and the eighteenth of a second.
        shown = ((self.seed * 7919 + int(self.t * 18) * 31 + i) * 2654435761 >> 7) & 0xFFFF
        if name in DIE_FACES:
            return t(f"die.face.{DIE_FACES[name][shown % len(DIE_FACES[name])]}")
        if name == "DOBJ":
            return "?"
        die = DICE.get(name)
        low, high = (die.low, die.high) if die is not None else (1, 100)
        return str(low + shown % (high - low + 1))

    def _backdrop(self, view: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect, list[int]]:
        """The tray with the roll's purpose and the dice's names, drawn once; and each die's x."""
        if self._made is None or self._made[0] != (view.topleft, view.size, i18n.language()):
            size, gap = DIE_SIZE, 24
            widths = [150 if n in DIE_FACES else size for n in self.names]
            tray = pygame.Rect(0, 0, sum(widths) + (len(widths) - 1) * gap + 60, size + 78)
            tray.center = (view.centerx, view.top + int(view.height * 0.72))
            picture = dark_tray(tray.width, tray.height)
            if self.purpose:
                purpose = t(f"purpose.{self.purpose}") if i18n.has(f"purpose.{self.purpose}") else self.purpose
                text.draw(picture, purpose, (tray.width // 2, 8), 18, theme.MUTED, anchor="midtop")
            xs = []
            for i, name in enumerate(self.names):
                x = 30 + sum(widths[:i]) + i * gap + widths[i] // 2
                xs.append(tray.left + x)
                words = t(f"die.{name}") if i18n.has(f"die.{name}") else name
                text.draw(picture, words, (x, tray.height - 4), 14, theme.MUTED, anchor="midbottom")
            self._made = ((view.topleft, view.size, i18n.language()), keyed(picture), tray, xs)
        return self._made[1:]

    def draw(self, surface, scene) -> None:
        settled = self.progress > 0.5
        tumble = 0 if settled else (1 - self.progress / 0.5)
        picture, tray, xs = self._backdrop(scene.view)
        if settled:  # the dice lie still on the tray: one picture
            if self._still is None or self._still[0] is not picture:
                still = picture.copy()
                for i, x in enumerate(xs):
                    draw_die(
                        still,
                        (x - tray.left, 34 + DIE_SIZE // 2),
                        DIE_SIZE,
                        self.names[i],
                        self._face_text(i, True),
                        self.icons[i],
                    )
                self._still = (picture, keyed(still))
            surface.blit(self._still[1], tray)
            return
        surface.blit(picture, tray)
        for i, x in enumerate(xs):
            y = tray.top + 34 + DIE_SIZE // 2 - int(abs(math.sin(self.t * 14 + i)) * 18 * tumble)
            draw_die(
                surface,
                (x, y),
                DIE_SIZE,
                self.names[i],
                self._face_text(i, settled),
                self.icons[i] if settled else None,
                angle=tumble * 40 * math.sin(self.t * 20 + i),
            )


DIE_SIZE = 84
DIE_COLOURS = {
    "D6": (245, 240, 228),
    "D3": (200, 230, 255),
    "D10": (255, 224, 160),
    "DRAPID": (190, 255, 190),
    "DCOMBAT": (255, 180, 170),
    "DOBJ": (226, 200, 255),
    "DTHEFT": (220, 220, 220),
    "beer": (255, 214, 120),
}


def draw_die(
    surface, centre, size: int, name: str, face: str, icon=None, angle: float = 0.0, selected: bool = False
) -> pygame.Rect:
    """One die: a rounded square of the die's colour with its face (wider for a word)."""
    body = _die_body(size, name, str(face), icon, round(angle / 2) * 2)
    rect = body.get_rect(center=centre)
    surface.blit(body, rect)
    if selected:
        pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 4, border_radius=size // 5)
    return rect


@lru_cache(maxsize=1024)
def _die_body(size: int, name: str, words: str, icon=None, angle: int = 0) -> pygame.Surface:
    """A die's picture turned by `angle` degrees (made once per face and angle: tumbling dice
    turn by whole steps of two degrees)."""
    if angle:  # (turning a keyed picture fills its new corners with the key)
        return keyed(pygame.transform.rotate(_die_body(size, name, words, icon), angle))
    font_size = int(size * (0.55 if len(words) <= 2 else 0.4 if len(words) <= 3 else 0.28))
    width = size if icon is not None else max(size, text.width(words, font_size, "bold") + 22)
    body = pygame.Surface((width, size)).convert()  # opaque, keyed round its corners
    body.fill(KEY)
    colour = DIE_COLOURS.get(name, (235, 235, 235))
    pygame.draw.rect(body, colour, body.get_rect(), border_radius=size // 6)
    pygame.draw.rect(body, (30, 26, 40), body.get_rect(), 3, border_radius=size // 6)
    if icon is not None:
        image = pygame.transform.smoothscale(icon, (int(size * 0.72), int(size * 0.72)))
        body.blit(image, image.get_rect(center=(width // 2, size // 2)))
    else:
        text.draw(body, words, (width // 2, size // 2), font_size, (30, 26, 40), "bold", anchor="center")
    return keyed(body)


class Chest(Animation):
    """A chest shaking, then opening on the object it holds."""

    def __init__(self, obj: str, name: str, tier: int) -> None:
        super().__init__(1.3)
        self.obj, self.name, self.tier = obj, name, tier

    def draw(self, surface, scene) -> None:
        view = scene.view
        centre = (view.centerx, view.top + int(view.height * 0.7))
        box = pygame.Rect(0, 0, 300, 200)
        box.center = centre
        surface.blit(_tray(box.width, box.height, (10, 12, 24, 215), 18), box)
        if self.progress < 0.45:
            wobble = math.sin(self.t * 40) * 10 * (self.progress / 0.45)
            chest = pygame.transform.rotate(sprites.icon("object", "chest", 110), wobble)
            surface.blit(chest, chest.get_rect(center=(centre[0], centre[1] - 10)))
        else:
            p = ease((self.progress - 0.45) / 0.3)
            pygame.draw.circle(surface, (255, 230, 150), (centre[0], centre[1] - 18), int(70 * p), 3)
            item = sprites.icon("object", self.obj, max(8, int(100 * p)))
            surface.blit(item, item.get_rect(center=(centre[0], centre[1] - 18)))
            text.draw(surface, self.name, (centre[0], box.bottom - 16), 22, theme.ACCENT, "bold", anchor="midbottom")
        tier = sprites.tier_badge(self.tier, 34)
        surface.blit(tier, (box.left + 8, box.top + 8))


class Clash(Animation):
    """Two racers fighting: crossed swords pulsing over the square."""

    def __init__(self, where) -> None:
        super().__init__(0.8)
        self.where = where

    def draw(self, surface, scene) -> None:
        size = int(scene.tile * (1.1 + 0.25 * math.sin(self.t * 18)))
        swords = sprites.icon("ui", "fight", max(8, size))
        for centre in scene.spots(self.where):
            pygame.draw.circle(surface, (255, 90, 60), centre, int(scene.tile * 0.7), 3)
            surface.blit(swords, swords.get_rect(center=centre))


class Projectile(Animation):
    """An object flying along squares (axe, spear, fireball)."""

    def __init__(self, path, board, icon: pygame.Surface, per_square: float = 0.06, trail=None) -> None:
        super().__init__(max(0.35, per_square * len(path)))
        self.points = unwrap(list(path), board.height, board.width)
        self.icon, self.trail = icon, trail

    def draw(self, surface, scene) -> None:
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


def glow(surface, colour, centre, radius: int, alpha: int) -> None:
    """A translucent disc (a glow)."""
    if radius <= 0 or alpha <= 0:
        return
    disc = _disc(tuple(colour[:3]), radius, max(0, min(255, alpha)) // 8 * 8)
    surface.blit(disc, (centre[0] - radius, centre[1] - radius))


@lru_cache(maxsize=512)
def _disc(colour, radius: int, alpha: int) -> pygame.Surface:
    disc = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*colour, alpha), (radius, radius), radius)
    return disc


def _near(a, b, tile: int) -> bool:
    return abs(a[0] - b[0]) <= tile * 1.5 and abs(a[1] - b[1]) <= tile * 1.5


def draw_path(surface, scene, squares, colour, width: int) -> None:
    """Lines between consecutive squares (each step drawn where both ends show side by side)."""
    for a, b in zip(squares, squares[1:]):
        for start in scene.spots(a):
            for end in scene.spots(b):
                if _near(start, end, scene.tile):
                    pygame.draw.line(surface, colour, start, end, width)


class Fireball(Animation):
    """A fireball flying along its zigzag, leaving a burning trail, bursting on its last square."""

    FLIGHT = 0.8  # the part of the time spent flying (the rest is the burst)

    def __init__(self, path, board, per_square: float = 0.09) -> None:
        steps = max(1, len(path) - 1)
        super().__init__(max(0.7, per_square * steps / self.FLIGHT))
        self.points = unwrap(list(path), board.height, board.width)
        self.squares = [tuple(p) for p in path]

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

    def draw(self, surface, scene) -> None:
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

    def __init__(self, squares, leaders=(), seed: int = 0, duration: float = 1.0) -> None:
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

    def draw(self, surface, scene) -> None:
        p = self.progress
        view = scene.view
        if p < 0.35:  # the sky flashes twice
            shade(surface, view, (220, 230, 255), int(90 * abs(math.sin(p / 0.35 * math.pi * 2))))
        strike = p < 0.85 and int(self.t * 14) % 3 != 2
        frame = int(self.t * 14)
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
                    surface.blit(_tray(pill.width, pill.height, (12, 16, 34, 220), 8), pill)
                    surface.blit(label, label.get_rect(center=pill.center))


class Thrown(Animation):
    """An axe, a spear or a star flying to its square (an axe and a star spin, a spear points the way)."""

    def __init__(self, start, end, board, icon: pygame.Surface, kind: str, per_square: float = 0.07) -> None:
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

    def draw(self, surface, scene) -> None:
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

    def __init__(self, where, icon: pygame.Surface, colour=(220, 200, 160)) -> None:
        super().__init__(0.6)
        self.where, self.icon, self.colour = where, icon, colour

    def draw(self, surface, scene) -> None:
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

    def __init__(self, where, action: str, label: str, reach: int = 6, icon: pygame.Surface | None = None) -> None:
        super().__init__(1.1)
        self.where, self.action, self.label, self.reach, self.icon = where, action, label, reach, icon

    def draw(self, surface, scene) -> None:
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
