"""A character's card: the portrait, the speed, the attacker's chances in a fight (each outcome with
the shock it gives), what a clover on a chest gives, and every special rule in words (the setup's
gallery shows the selected racer's; when its rules do not all fit there at the Text size, the card
whole over the screen, `CardScene`, is a click away)."""

from __future__ import annotations

import pygame

from game.rules.characters import CHARACTERS
from scenes.core import assets, text, theme
from scenes.core.i18n import character as character_name
from scenes.core.i18n import rule_text, t
from scenes.core.words import speed_words
from scenes.ui.widgets import panel


def _lines(surface: pygame.Surface, words: str, pos: tuple[int, int], room: int, size: int) -> int:
    """`words` in bold at `size` from `pos`, on more lines when they do not fit `room`; the y below."""
    x, y = pos
    for line in text.wrap(words, room, size, "bold"):
        y = text.draw(surface, line, (x, y), size, theme.TEXT, "bold").bottom
    return y


def draw(surface: pygame.Surface, box: pygame.Rect, character: str, below: int = 0, aside: int | None = None) -> bool:
    """Draw `character`'s card in `box` (its last `below` px are a button's, `aside` px wide at the right:
    the rules' lines beside it are that much shorter; none beside it when `aside` is not said); whether
    every special rule showed whole (else the lines that fit are shown, the card whole a click away)."""
    c = CHARACTERS[character]
    panel(surface, box, (24, 28, 44), shadow=False)
    labels = [t(key) for key in ("setup.speed", "setup.combat", "setup.clover")]
    values = [speed_words(c), t(f"category.{c.alternative}")]
    widest = max(text.width(words, 15, "bold") for words in values)
    chips = [t(f"setup.shock.{outcome}", chance=100) for outcome in ("simple", "crushing", "defeat")]
    widest = max([widest] + [text.width(words, 14, "bold") + 14 for words in chips])
    labels_width = max(116, max(text.width(label, 16) for label in labels) + 12)  # (the labels' real width)
    beside = box.left + 136 + labels_width + widest <= box.right - 10  # (else the words take the picture's room)
    image = assets.portrait(character, 112) if beside else None
    if image is not None:
        surface.blit(image, (box.left + 10, box.top + 10))
    x = box.left + (136 if beside else 12)
    heading = text.draw(surface, character_name(character), (x, box.top + 8), 30, theme.ACCENT, "heading")
    y = max(box.top + 50, heading.bottom + 2)
    value_x = x + labels_width
    if value_x + 140 > box.right:  # (too little room beside the labels: each value under its label)
        value_x = x
    step = text.line_height(16) - 2
    room = box.right - 10 - value_x
    text.draw(surface, labels[0], (x, y), 16, theme.MUTED)
    y += step if value_x == x else 0
    y = _lines(surface, speed_words(c), (value_x, y), room, 15) + 2
    # the attacker's chances, each outcome with its colour and the shock it gives (more rows if need be)
    text.draw(surface, labels[1], (x, y), 16, theme.MUTED)
    y += step if value_x == x else 0
    chip_step = text.line_height(14) - 2
    chip_x, chip_y = value_x, y + chip_step // 2
    outcomes = (("simple", c.simple, (110, 200, 120)), ("crushing", c.crushing, (242, 193, 78)))
    for outcome, chance, shade in (*outcomes, ("defeat", c.defeat, (200, 90, 80))):
        said = text.wrap(t(f"setup.shock.{outcome}", chance=chance), room - 14, 14, "bold")
        if chip_x > value_x and chip_x + 14 + text.width(said[0], 14, "bold") > box.right - 10:
            chip_x, chip_y = value_x, chip_y + chip_step
        pygame.draw.rect(surface, shade, (chip_x, chip_y - 5, 10, 10), border_radius=2)
        for k, line in enumerate(said):  # (a long one on more lines, under its own words)
            chip_y += chip_step if k else 0
            drawn = text.draw(surface, line, (chip_x + 14, chip_y), 14, theme.TEXT, "bold", anchor="midleft")
        chip_x = drawn.right + 12 if len(said) == 1 else box.right
    y = chip_y + chip_step // 2 + 2
    text.draw(surface, labels[2], (x, y), 16, theme.MUTED)
    y += step if value_x == x else 0
    y = _lines(surface, t(f"category.{c.alternative}"), (value_x, y), room, 15)
    # every special rule, under the portrait across the box, at the Text size: the lines that fit
    rules = "  ".join(rule_text(rule) for rule in c.rules)
    top, bottom = max(y + 4, box.top + (130 if beside else 0)), box.bottom - 8
    height, dots = text.line_height(16) + 2, text.width(" …", 16)  # (room kept for the " …")
    shown: list[str] = []
    rest = rules
    while rest and top + (len(shown) + 1) * height <= bottom:  # (beside the button, shorter lines)
        line_top = top + len(shown) * height
        beside_button = line_top + height > bottom - below
        room = box.width - 24 - dots - ((box.width if aside is None else aside) if beside_button else 0)
        if room < 80:
            break
        shown.append(text.wrap(rest, room, 16)[0])
        rest = rest[len(shown[-1]) :].lstrip(" ")
    for k, line in enumerate(shown):  # (the last one shown says more follows: on the card whole)
        drawn = text.draw(surface, line, (box.left + 12, top + k * height), 16, theme.TEXT)
        if rest and k == len(shown) - 1:  # (a sign, drawn apart from the catalogue's words)
            text.draw(surface, "…", (drawn.right + text.width(" ", 16), drawn.top), 16, theme.TEXT)
    return not rest
