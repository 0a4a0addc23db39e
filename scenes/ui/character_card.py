"""A character's card: the portrait, the speed, the attacker's chances in a fight (each outcome with
the shock it gives), what a clover on a chest gives, and every special rule in words (the setup's
gallery shows the selected racer's)."""

from __future__ import annotations

import pygame

from game.rules.characters import CHARACTERS
from scenes.core import assets, text, theme
from scenes.core.i18n import character as character_name
from scenes.core.i18n import rule_text, t
from scenes.core.words import speed_words
from scenes.ui.widgets import panel


def draw(surface: pygame.Surface, box: pygame.Rect, character: str) -> None:
    """Draw `character`'s card in `box`."""
    c = CHARACTERS[character]
    panel(surface, box, (24, 28, 44), shadow=False)
    image = assets.portrait(character, 112)
    if image is not None:
        surface.blit(image, (box.left + 10, box.top + 10))
    x = box.left + 136
    heading = text.draw(surface, character_name(character), (x, box.top + 8), 30, theme.ACCENT, "heading")
    y = max(box.top + 50, heading.bottom + 2)
    labels = [t(key) for key in ("setup.speed", "setup.combat", "setup.clover")]
    value_x = x + max(116, max(text.width(label, 16) for label in labels) + 12)  # (the labels' real width)
    if value_x + 140 > box.right:  # (too little room beside the labels: each value under its label)
        value_x = x
    step = text.line_height(16) - 2
    text.draw(surface, labels[0], (x, y), 16, theme.MUTED)
    y += step if value_x == x else 0
    y = (
        text.fitted_line(surface, speed_words(c), (value_x, y), box.right - 10 - value_x, 15, theme.TEXT, "bold").bottom
        + 2
    )
    # the attacker's chances, each outcome with its colour and the shock it gives (more rows if need be)
    text.draw(surface, labels[1], (x, y), 16, theme.MUTED)
    y += step if value_x == x else 0
    chip_step = text.line_height(14) - 2
    chip_x, chip_y = value_x, y + chip_step // 2
    outcomes = (("simple", c.simple, (110, 200, 120)), ("crushing", c.crushing, (242, 193, 78)))
    for outcome, chance, shade in (*outcomes, ("defeat", c.defeat, (200, 90, 80))):
        said = t(f"setup.shock.{outcome}", chance=chance)
        said = text.fit(said, box.right - 10 - value_x - 14, 14, "bold")
        if chip_x > value_x and chip_x + 14 + text.width(said, 14, "bold") > box.right - 10:
            chip_x, chip_y = value_x, chip_y + chip_step
        pygame.draw.rect(surface, shade, (chip_x, chip_y - 5, 10, 10), border_radius=2)
        drawn = text.draw(surface, said, (chip_x + 14, chip_y), 14, theme.TEXT, "bold", anchor="midleft")
        chip_x = drawn.right + 12
    y = chip_y + chip_step // 2 + 2
    text.draw(surface, labels[2], (x, y), 16, theme.MUTED)
    y += step if value_x == x else 0
    alternative, room = t(f"category.{c.alternative}"), box.right - 10 - value_x
    y = text.fitted_line(surface, alternative, (value_x, y), room, 15, theme.TEXT, "bold").bottom
    # every special rule, under the portrait across the box, in the largest size that shows them all
    rules = "  ".join(rule_text(rule) for rule in c.rules)
    area = pygame.Rect(box.left + 12, max(y + 4, box.top + 130), box.width - 24, 0)
    area.height = box.bottom - 8 - area.top
    for size in (16, 15, 14, 13, 12):
        lines = len(text.wrap(rules, area.width, size))
        if lines * text.line_height(size) <= area.height:
            break
    text.draw_wrapped(surface, rules, area, size, theme.TEXT, spacing=2)
