"""A character's card whole over the race setup: the setup's gallery shows the selected racer's card in
the room it has, and when its special rules do not all fit there at the player's Text size, *Whole
card…* (on the card) opens this one, as large as the window allows; Back, Escape or Enter closes it."""

from __future__ import annotations

import pygame

from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.ui import character_card
from scenes.ui.widgets import Button, FocusGroup, veil

BOX = pygame.Rect(140, 80, 1000, 480)  # the card, over the setup


class CharacterSheetScene(Scene):
    """`character`'s card whole (see the module)."""

    opaque = False

    def __init__(self, character: str) -> None:
        super().__init__()
        self.character = character
        self.group = FocusGroup()

    def enter(self) -> None:
        close = Button((BOX.centerx - 150, BOX.bottom + 14, 300, 50), t("common.back"), self.close, primary=True)
        self.group.set([close], focus=0)

    def close(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.group.handle_card(event, self.close)
        return None  # modal: nothing reaches the setup below

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 200)
        character_card.draw(surface, BOX, self.character)
        self.group.draw(surface)
