"""The notice of a turn come in a race over days, over whatever screen is open (issue 46: "an open window
tells when a turn comes").

The window (scenes/app.py) reads its `DaysWatch` each frame (scenes/bridges/days.py: the relays asked in
the background, every ASK_AGAIN seconds) and tells this notice the races that newly wait for the
player. It is a card at the top of the screen for SHOWN seconds, with a chime: "Your turn in a race over
days on Forest", and under it how to answer: the Your races key (F2, Settings > Controls) or a click on
the card opens *Your races* over the screen; during a race it only informs (Open Your races once this
race is over), and nothing goes to it. It takes no focus: every other input goes to the screen below as
if it were not there.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pygame

from game.app.controls import Action
from scenes.bridges.days import DaysRoom
from scenes.core import audio, boards, controls, text, theme
from scenes.core.i18n import t
from scenes.ui.widgets import panel

log = logging.getLogger("fantasy-racing")
SHOWN = 8.0  # seconds the notice stays
TOP = 10  # its distance from the top of the screen
PAD = 14  # around its words
SOUND = "pickup"  # a chime (assets/CREDITS.md: the chimes and sparkles)
HEAD, HINT = 22, 16  # its two lines' sizes


class TurnNotice:
    """The card (see the module): told, updated, answered and drawn by the window."""

    def __init__(self) -> None:
        self.rooms: list[DaysRoom] = []  # the races newly waiting for the player (none: no notice)
        self.left = 0.0  # seconds before it goes
        self.rect: pygame.Rect | None = None  # where it was drawn last, on the logical screen
        self.drawn = False  # whether the picture in the window shows it
        self.clicked = False  # a click on it was used: its release is too

    @property
    def shown(self) -> bool:
        return bool(self.rooms)

    def tell(self, rooms: Sequence[DaysRoom]) -> None:
        """Races newly waiting for the player: the notice shown (again) for SHOWN seconds, a chime heard."""
        if not rooms:
            return
        self.rooms, self.left = list(rooms), SHOWN
        audio.play(SOUND)
        log.info("a turn came in %d race(s) over days: %s", len(rooms), ", ".join(r.invite for r in rooms))

    def update(self, dt: float) -> None:
        if self.rooms:
            self.left -= dt
            if self.left <= 0:
                self.close()

    def close(self) -> None:
        self.rooms, self.rect = [], None

    def changed(self) -> bool:
        """Whether the picture in the window is to be drawn again (the notice came or went)."""
        return self.shown != self.drawn

    def answers(self, event: pygame.event.Event, racing: bool) -> bool:
        """Whether `event` answers the notice (the window then opens *Your races*; the screen below does
        not get it): the Your races key, or a click on the card; never during a race."""
        if not self.rooms or racing:
            return False
        if event.type == pygame.KEYDOWN and controls.pressed(event, Action.YOUR_RACES):
            self.close()
            return True
        on_card = self.rect is not None and self.rect.collidepoint(getattr(event, "pos", (-1, -1)))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and on_card:
            self.close()
            self.clicked = True
            return True
        return False

    def swallows(self, event: pygame.event.Event) -> bool:
        """Whether `event` is the release of the click that answered the notice (no screen gets it)."""
        if event.type == pygame.MOUSEBUTTONUP and self.clicked and event.button == 1:
            self.clicked = False
            return True
        return False

    def words(self, racing: bool) -> tuple[str, str]:
        """Its two lines: which race waits (or how many), and how to answer."""
        if len(self.rooms) == 1:
            board = self.rooms[0].board
            head = t("news.turn", board=boards.name_shown(board) if board else t("days.a_board"))
        else:
            head = t("news.turns", count=len(self.rooms))
        return head, t("news.racing") if racing else t("news.open")

    def draw(self, surface: pygame.Surface, racing: bool) -> None:
        """The card at the top of the whole logical screen (its own layer for the text recorder)."""
        self.drawn = self.shown
        if not self.rooms:
            return
        text.layer()
        head, hint = self.words(racing)
        room = surface.get_width() - 80 - 2 * PAD
        heads = text.wrap(head, room, HEAD, "bold")
        hints = text.wrap(hint, room, HINT)
        widest = max(*(text.width(line, HEAD, "bold") for line in heads), *(text.width(line, HINT) for line in hints))
        high = len(heads) * text.line_height(HEAD, "bold") + len(hints) * text.line_height(HINT) + 2 * PAD + 4
        rect = pygame.Rect(0, 0, widest + 2 * PAD, high)
        rect.midtop = (surface.get_width() // 2, TOP)
        self.rect = rect
        panel(surface, rect, theme.PANEL_LIGHT, theme.GOOD, radius=12, width=2)
        y = rect.top + PAD
        for line in heads:
            text.draw(surface, line, (rect.centerx, y), HEAD, theme.GOOD, "bold", anchor="midtop")
            y += text.line_height(HEAD, "bold")
        y += 4
        for line in hints:
            text.draw(surface, line, (rect.centerx, y), HINT, theme.TEXT, anchor="midtop")
            y += text.line_height(HINT)
