"""The race setup's gallery of the characters: its heading (whose character it shows), the ten portraits
and, under them, the selected racer's character's card (scenes/ui/character_card.py). The heading is
whole at the player's Text size: on a second line when it must ("Personnage du coureur 6" over
"(ordinateur · normal)"), the portraits then lower and a little shorter, the card under them a little
shorter too. The gallery is laid out for the longest heading of the lineup, so that it stays in place
while the focus goes from racer to racer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.rules.characters import CHARACTERS
from scenes.core import assets, text, theme
from scenes.core.i18n import character as character_name
from scenes.core.i18n import racer_kind, t
from scenes.screens.kinds import SetupRacer
from scenes.ui import character_card
from scenes.ui.widgets import panel

GALLERY = pygame.Rect(650, 76, 590, 560)
CHARACTER_IDS = list(CHARACTERS)
HEADING_TOP, PORTRAITS_TOP, CARD_TOP = 12, 50, 282  # below the gallery's top, as designed
PORTRAIT_GAP = 8  # px between two portraits
ROOM = GALLERY.width - 32  # the heading's width


@dataclass(frozen=True)
class Layout:
    """Where the gallery's parts are at the player's Text size."""

    heading: list[str]  # the heading's lines for the selected racer
    portraits: list[pygame.Rect]  # each character's card, in CHARACTER_IDS' order
    card: pygame.Rect  # the selected racer's character's card


def heading(racers: Sequence[SetupRacer], i: int) -> str:
    """The gallery's heading when racer `i` is selected: whose character it shows."""
    racer = racers[i]
    if racer["kind"] == "friend":
        who = t("setup.friend_seat", number=i + 1)
    elif racer["kind"] == "person":
        who = racer["name"].strip() or character_name(racer["character"])
    else:
        who = racer_kind(racer["kind"])
    return t("setup.character_of", number=i + 1, who=who)


def lines(words: str) -> list[str]:
    """The heading's lines in the gallery's width: one when it fits, else broken before its "(" (who the
    racer is on a line of his own), each part on more lines only if it must."""
    if text.width(words, 21, "bold") <= ROOM:
        return [words]
    head, mark, tail = words.rpartition(" (")
    parts = [head, mark.strip() + tail] if mark else [words]
    return [line for part in parts for line in text.wrap(part, ROOM, 21, "bold")]


def layout(racers: Sequence[SetupRacer], selected: int) -> Layout:
    """The gallery laid out for the lineup's longest heading (in lines) at the player's Text size."""
    most = max(len(lines(heading(racers, i))) for i in range(len(racers)))
    below = GALLERY.top + HEADING_TOP + most * text.line_height(21, "bold") + 4
    extra = max(0, below - GALLERY.top - PORTRAITS_TOP)  # (what the heading takes beyond the design)
    top = GALLERY.top + PORTRAITS_TOP + extra
    card_top = GALLERY.top + CARD_TOP + extra // 2  # (the card gives half of it, the portraits the rest)
    height = (card_top - top - 12) // 2 - PORTRAIT_GAP // 2  # (106 px as designed)
    step = (108 + 6, height + PORTRAIT_GAP)
    portraits = [
        pygame.Rect(GALLERY.left + 14 + (k % 5) * step[0], top + (k // 5) * step[1], 108, height)
        for k in range(len(CHARACTER_IDS))
    ]
    card = pygame.Rect(GALLERY.left + 16, card_top, GALLERY.width - 32, GALLERY.bottom - 12 - card_top)
    return Layout(lines(heading(racers, selected)), portraits, card)


def draw(surface: pygame.Surface, laid: Layout, racers: Sequence[SetupRacer], selected: int, below: int) -> None:
    """The gallery as `laid` out, for the `selected` racer of `racers` (`below` px of its character's card
    left free at its foot: the button of the card whole)."""
    panel(surface, GALLERY, (30, 35, 54))
    y = GALLERY.top + HEADING_TOP
    for line in laid.heading:
        text.draw(surface, line, (GALLERY.left + 16, y), 21, theme.TEXT, "bold")
        y += text.line_height(21, "bold")
    racer = racers[selected]
    for character, rect in zip(CHARACTER_IDS, laid.portraits):
        chosen = character == racer["character"]
        panel(
            surface,
            rect,
            theme.PANEL_LIGHT if chosen else theme.PANEL,
            theme.racer_colour(selected) if chosen else theme.PANEL_EDGE,
            radius=8,
            shadow=False,
            width=3 if chosen else 1,
        )
        name = character_name(character)
        words = text.wrap(name, rect.width - 4, 15, "bold")  # (a long name at a large Text size: two lines)
        bottom = rect.bottom - 4 - len(words) * text.line_height(15, "bold")
        image = assets.portrait(character, min(76, bottom - rect.top - 6))  # (smaller above two lines)
        if image is not None:
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.top + 6)))
        for line in words:
            bottom = text.draw(surface, line, (rect.centerx, bottom), 15, theme.TEXT, "bold", anchor="midtop").bottom
        takers = [str(i + 1) for i, r in enumerate(racers) if r["character"] == character]
        if takers:
            corner = (rect.right - 6, rect.top + 4)
            text.draw(surface, ",".join(takers), corner, 14, theme.ACCENT, "bold", anchor="topright")
    character_card.draw(surface, laid.card, racer["character"], below=below)
