"""Quick messages in a network race: a short fixed set of phrases (game.net.protocol.PHRASES), never
free text, each read in the READER's language.

In a network race the race log's heading has *Say (Q)*: its key (the input map's *quick messages*, Q unless
the player bound another) or a click opens `QuickScene`, the phrases numbered 1 to 8 (the numbered
options' keys, or Up / Down and Enter, or a click, sends one; Escape or the same key closes), and a last line that
mutes the others' phrases on this screen (or shows them again). A phrase heard shows for a few
seconds beside its sender's card (in place of his tag) and stays as a line of the race log; the
seats (scenes/screens/netplay.py) send and hear them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.controls import OPTIONS, Action
from game.net.protocol import PHRASES
from scenes.core import controls, text, theme
from scenes.core.i18n import phrase, t
from scenes.core.stack import Scene
from scenes.ui.widgets import Button, FocusGroup, panel, titled_card, veil

if TYPE_CHECKING:
    from scenes.race.parts import TalkingScene

SAY_SIZE = (156, 28)  # the *Say (Q)* button, at the right of the race log's heading (taller with the Text size)
CARD = (520, 124 + 44 * (len(PHRASES) + 1))
CARD_TOP = 90


def shown(scene: TalkingScene) -> bool:
    """Whether the race scene offers quick messages (a network race)."""
    return bool(getattr(scene.seats, "talks", False))


def say_button(scene: TalkingScene) -> pygame.Rect | None:
    """Where *Say (Q)* is: at the right of the race log's heading, wherever the log was laid out (the
    window's size, the number of cards, the Text size); None while the log is folded away or not drawn."""
    box = scene.log_box
    if not shown(scene) or scene.folded or box is None:
        return None
    width, height = (
        max(SAY_SIZE[0], text.width(t("say.button"), 15, "bold") + 20),
        text.tall(SAY_SIZE[1], 15, "bold", 3),
    )
    return pygame.Rect(box.right - 12 - width, box.top + 4, width, height)


def draw_button(surface: pygame.Surface, scene: TalkingScene) -> None:
    """*Say (Q)* at the right of the race log's heading, in a network race."""
    button = say_button(scene)
    if button is not None:
        panel(surface, button, theme.PANEL, theme.PANEL_EDGE, radius=6, shadow=False)
        text.draw(surface, t("say.button"), button.center, 15, theme.TEXT, "bold", anchor="center")


def asks(scene: TalkingScene, event: pygame.event.Event) -> bool:
    """Whether an event opens the quick messages: its action's key, or a click on *Say (Q)*."""
    if not shown(scene):
        return False
    if controls.pressed(event, Action.QUICK_MESSAGES):
        return True
    if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
        return False
    button = say_button(scene)
    return button is not None and button.collidepoint(event.pos)


class Talk(Protocol):
    """What the quick messages use of a network race's seats (scenes/screens/netplay.py): send a phrase, and
    whether the others' phrases show on this screen."""

    muted: bool

    def say(self, phrase_id: str) -> None: ...


class QuickScene(Scene):
    """The phrases to send, over the race (see the module). `seats`: the race's network seats."""

    opaque = False

    def __init__(self, seats: Talk) -> None:
        super().__init__()
        self.seats = seats
        self.group = FocusGroup()

    def enter(self) -> None:
        left, top = (theme.SIZE[0] - CARD[0]) // 2 + 30, CARD_TOP + 106
        buttons = [
            Button((left, top + 44 * k, CARD[0] - 60, 38), f"{k + 1}  {phrase(p)}", self._sender(p), size=19)
            for k, p in enumerate(PHRASES)
        ]
        mute = t("say.unmute") if self.seats.muted else t("say.mute")
        buttons.append(Button((left, top + 44 * len(PHRASES), CARD[0] - 60, 38), mute, self.toggle, size=17))
        self.group.set(buttons, focus=0)

    def _sender(self, phrase_id: str) -> Any:
        def send() -> None:
            self.seats.say(phrase_id)
            self.stack.pop()

        return send

    def toggle(self) -> None:
        """Mute the others' phrases on this screen, or show them again."""
        self.seats.muted = not self.seats.muted
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> Any:
        if controls.pressed(event, Action.BACK, Action.PAUSE, Action.QUICK_MESSAGES):
            self.stack.pop()
            return None
        numbered = controls.which(event, OPTIONS[: len(PHRASES)])
        if numbered is not None:
            self._sender(PHRASES[OPTIONS.index(numbered)])()
            return None
        self.group.handle_event(event)
        return None  # modal: nothing reaches the race below

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 150)
        box = titled_card(surface, CARD, CARD_TOP, t("say.title"), 32)
        text.draw(surface, t("say.help"), (box.centerx, box.top + 74), 16, theme.MUTED, anchor="midtop")
        self.group.draw(surface)
