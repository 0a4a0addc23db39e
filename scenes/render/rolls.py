"""Animations on a tray under the board: dice rolled and settling on their faces (`Dice`, and
`draw_die`, the die the decision panel shows too), a chest shaking and opening on its object (`Chest`).

The base is `scenes.render.effects`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.dice import DICE
from scenes.core import i18n, text, theme
from scenes.core.i18n import t
from scenes.render import sprites
from scenes.render.effects import KEY, Animation, dark_tray, ease, keyed, tray

if TYPE_CHECKING:
    from scenes.render.stage import Stage

DIE_FACES = {
    "DCOMBAT": ("defeat", "simple", "crushing"),
}


class Dice(Animation):
    """Dice tumbling, then settling on their faces; `labels` shows words instead of numbers."""

    def __init__(
        self,
        names: Sequence[str],
        faces: Sequence[int],
        labels: Sequence[str] | None = None,
        icons: Sequence[pygame.Surface | None] | None = None,
        purpose: str = "",
        seed: int = 0,
    ) -> None:
        super().__init__(1.25)
        self.names, self.faces = list(names), list(faces)
        self.labels: Sequence[str | None] = labels or [None] * len(self.faces)
        self.icons = icons or [None] * len(self.faces)
        self.purpose = purpose
        self.seed = seed
        self._made: tuple[tuple[object, ...], pygame.Surface, pygame.Rect, list[int]] | None = (
            None  # (view and language, keyed tray with the words, tray's place, each die's x)
        )
        self._still: Any = None  # (that tray, the tray with the dice lying on it)
        self.lift = 0  # how far the dice lie below where designed (the purpose's line grown with the Text size)

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
            lift = self.lift = text.grown(18)  # (the purpose's line at the Text size: the dice under it)
            tray = pygame.Rect(0, 0, sum(widths) + (len(widths) - 1) * gap + 60, size + 78 + lift + text.grown(14))
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
                words = text.fit(words, widths[i] + gap - 6, 14)  # (each die's name under it, apart)
                text.draw(picture, words, (x, tray.height - 4), 14, theme.MUTED, anchor="midbottom")
            self._made = ((view.topleft, view.size, i18n.language()), keyed(picture), tray, xs)
        return self._made[1], self._made[2], self._made[3]

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        settled = self.progress > 0.5
        tumble = 0 if settled else (1 - self.progress / 0.5)
        picture, tray, xs = self._backdrop(scene.view)
        if settled:  # the dice lie still on the tray: one picture
            if self._still is None or self._still[0] is not picture:
                still = picture.copy()
                for i, x in enumerate(xs):
                    draw_die(
                        still,
                        (x - tray.left, 34 + self.lift + DIE_SIZE // 2),
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
            y = tray.top + 34 + self.lift + DIE_SIZE // 2 - int(abs(math.sin(self.t * 14 + i)) * 18 * tumble)
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
    surface: pygame.Surface,
    centre: tuple[int, int],
    size: int,
    name: str,
    face: str,
    icon: pygame.Surface | None = None,
    angle: float = 0.0,
    selected: bool = False,
) -> pygame.Rect:
    """One die: a rounded square of the die's colour with its face (wider for a word)."""
    body = _die_body(size, name, str(face), icon, round(angle / 2) * 2)
    rect = body.get_rect(center=centre)
    surface.blit(body, rect)
    if selected:
        pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 4, border_radius=size // 5)
    return rect


@lru_cache(maxsize=1024)
@theme.designed_text()  # (its words fit the picture: at their designed size)
def _die_body(size: int, name: str, words: str, icon: pygame.Surface | None = None, angle: int = 0) -> pygame.Surface:
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

    def draw(self, surface: pygame.Surface, scene: Stage) -> None:
        view = scene.view
        centre = (view.centerx, view.top + int(view.height * 0.7))
        box = pygame.Rect(0, 0, 300, 200)
        box.center = centre
        surface.blit(tray(box.width, box.height, (10, 12, 24, 215), 18), box)
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
