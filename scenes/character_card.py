"""A character's card: the portrait, the speed, the attacker's chances in a fight (each outcome with
the shock it gives), what a clover on a chest gives, and every special rule in words (the setup's
gallery shows the selected racer's)."""

from __future__ import annotations

import pygame

from game.rules.characters import CHARACTERS
from scenes import assets
from scenes.i18n import character as character_name
from scenes.i18n import rule_text, t
from scenes.ui import text, theme
from scenes.ui.widgets import panel
from scenes.words import speed_words


def draw(surface: pygame.Surface, box: pygame.Rect, character: str) -> None:
    """Draw `character`'s card in `box`."""
    c = CHARACTERS[character]
    panel(surface, box, (24, 28, 44), shadow=False)
    image = assets.portrait(character, 112)
    if image is not None:
        surface.blit(image, (box.left + 10, box.top + 10))
    x = box.left + 136
    text.draw(surface, character_name(character), (x, box.top + 8), 30, theme.ACCENT, "heading")
    y = box.top + 50
    text.draw(surface, t("setup.speed"), (x, y), 16, theme.MUTED)
    text.draw(surface, speed_words(c), (x + 116, y), 15, theme.TEXT, "bold")
    y += 22
    # the attacker's chances, each outcome with its colour and the shock it gives (two rows if need be)
    text.draw(surface, t("setup.combat"), (x, y), 16, theme.MUTED)
    chip_x, chip_y = x + 116, y + 10
    outcomes = (("simple", c.simple, (110, 200, 120)), ("crushing", c.crushing, (242, 193, 78)))
    for outcome, chance, shade in (*outcomes, ("defeat", c.defeat, (200, 90, 80))):
        said = t(f"setup.shock.{outcome}", chance=chance)
        if chip_x > x + 116 and chip_x + 14 + text.width(said, 14, "bold") > box.right - 10:
            chip_x, chip_y = x + 116, chip_y + 19
        pygame.draw.rect(surface, shade, (chip_x, chip_y - 5, 10, 10), border_radius=2)
        drawn = text.draw(surface, said, (chip_x + 14, chip_y), 14, theme.TEXT, "bold", anchor="midleft")
        chip_x = drawn.right + 12
    y = chip_y + 12
    text.draw(surface, t("setup.clover"), (x, y), 16, theme.MUTED)
    text.draw(surface, t(f"category.{c.alternative}"), (x + 116, y), 15, theme.TEXT, "bold")
    y += 22
    # every special rule, under the portrait across the box, in the largest size that shows them all
    rules = "  ".join(rule_text(rule) for rule in c.rules)
    area = pygame.Rect(box.left + 12, max(y + 4, box.top + 130), box.width - 24, 0)
    area.height = box.bottom - 8 - area.top
    for size in (16, 15, 14, 13, 12):
        lines = len(text.wrap(rules, area.width, size))
        if lines * (assets.font(size).get_linesize()) <= area.height:
            break
    text.draw_wrapped(surface, rules, area, size, theme.TEXT, spacing=2)
