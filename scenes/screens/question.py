"""A small question over the screen below it, answered Yes or No ("Quit Fantasy Racing?").

No is focused first; Escape (a controller's B) says No; Left / Right, Up / Down or Tab move between
the two, Enter (A) or a click answers. Only Yes calls `on_yes`; either answer closes the question.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import text, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.core.text import fitting_size
from scenes.ui.widgets import Button, FocusGroup, fit, titled_card, veil

CARD_WIDTH, CARD_TOP = 560, 250


class QuestionScene(Scene):
    """A Yes / No question (see the module)."""

    opaque = False

    def __init__(
        self, question: str, on_yes: Callable[[], None], yes: str = "", no: str = "", detail: str = ""
    ) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.labels = (yes or t("question.yes"), no or t("question.no"))
        self.group = FocusGroup()

    @property
    def card(self) -> tuple[int, int]:
        """The card's size: taller when a line of detail goes under the question."""
        return CARD_WIDTH, 220 if self.detail else 180

    def enter(self) -> None:
        top = CARD_TOP + self.card[1] - 76
        centre = theme.SIZE[0] // 2
        yes = Button(pygame.Rect(centre - 230, top, 220, 52), self.labels[0], self.yes, size=22)
        no = Button(pygame.Rect(centre + 10, top, 220, 52), self.labels[1], self.no, size=22, primary=True)
        self.group.set([yes, no], focus=1)  # No first: a slip of the finger keeps the game

    def yes(self) -> None:
        """Yes: the question closes, then its action runs."""
        self.stack.pop()
        self.on_yes()

    def no(self) -> None:
        """No: back to the screen below, as it was."""
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.group.handle_card(event, self.no)
        return None  # modal: nothing reaches the screen below

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 170)
        room = CARD_WIDTH - 40
        box = titled_card(surface, self.card, CARD_TOP, "", 34)
        size = fitting_size(self.question, room, 34, "title", smallest=20)
        question = fit(self.question, room, size, "title")
        text.draw(
            surface,
            question,
            (box.centerx, box.top + 28 + (34 - size) // 2),
            size,
            theme.ACCENT,
            "title",
            anchor="midtop",
        )
        if self.detail:
            detail = fit(self.detail, room, 18)
            text.draw(surface, detail, (box.centerx, box.top + 82), 18, theme.MUTED, anchor="midtop")
        self.group.draw(surface)
