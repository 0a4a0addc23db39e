"""*New race over days* (from *Your races*; issue 46, docs/network.md *Races over days*): a race kept on
a relay, each player playing when he has time.

The player chooses the relay (the settings' by default), the name he sits under, the board, his
character, the seats (how many, of which persons; the others computer racers of one level), the turns,
the clock of a decision (an hour to a week) and what happens when it runs out (the takeover level plays
the decision, or the seat is given up). A plain line says what he trusts: the relay's operator runs the
seed, the dice and the computer racers. *Create* sends the same request as `main.py days create`
(game/net/days_client.py) beside the frame loop (scenes/bridges/days.py), the creator's seat key kept in
his folder as the command line keeps it (races-over-days.json); then the invite is shown, to copy and
send, and *Your races* lists the race.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.cli.days import key_for
from game.cli.options import UnusableFile
from game.net.days_client import create_request
from game.net.invite import DAYS, Relay, parse_relay
from game.net.protocol import NAME_LENGTH, clean_name, shown_code
from game.net.store import RUN_OUT, SEATS, RunOut, key_hash
from game.rules import levels
from game.rules.characters import CHARACTERS
from game.rules.race import MAX_TURNS, MIN_TURNS
from scenes.bridges.days import DaysCreate
from scenes.core import audio, boards, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.screens.keyboard import KeyboardScene
from scenes.ui.editing import put_clipboard
from scenes.ui.text_field import TextField, handle_form
from scenes.ui.widgets import Button, Choice, FocusGroup, Widget, confirm_key, fit, panel, veil

HOUR, DAY = 3600, 86400
CLOCKS = (HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY)  # a decision's clock, its steps
RELAY_CHARS = ".:-[]_/"  # an address's characters besides letters and digits (wss://host:port)
DRAWN = ""  # the creator's character drawn by the relay


def clock_shown(seconds: int) -> str:
    """A decision's clock in words ("6 h", "2 d")."""
    if seconds % DAY == 0:
        return t("days.new.clock_days", count=seconds // DAY)
    return t("days.new.clock_hours", count=seconds // HOUR)


class NewDaysScene(Scene):
    """A new race over days on a relay (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.relay_text = self.name = ""
        self.boards = [c for c in boards.available() if c.board is not None]
        self.board_index = 0
        self.character = DRAWN
        self.seats, self.persons, self.level = 2, 2, levels.LEVELS[1] if len(levels.LEVELS) > 1 else levels.LEVELS[0]
        self.turns = self.board.turns if self.board is not None else MIN_TURNS
        self.clock, self.run_out = DAY, RUN_OUT[0]
        self.creating: DaysCreate | None = None
        self.relay: Relay | None = None
        self.invite = ""
        self.copied = False
        self.message = ""
        self.group = FocusGroup()

    @property
    def board(self) -> Any:
        return self.boards[self.board_index].board if self.boards else None

    def max_seats(self) -> int:
        return max(SEATS[0], min(SEATS[1], self.board.max_racers if self.board is not None else SEATS[0]))

    def enter(self) -> None:
        audio.music("menu")
        if self.app is not None:
            self.relay_text, self.name = self.app.settings.relay.strip(), self.app.settings.player_name
        self.lay_out()

    # ---------------------------------------------------------------- the form
    def lay_out(self, focus: int | None = None) -> None:
        """The form's widgets (again when the seats change the persons' choice), or the invite's."""
        kept = self.group.focus if focus is None else focus
        self.top = top = 112 + text.grown(17)
        gap = 78 + text.grown(17)
        widgets: list[Widget]
        if self.invite:
            self.copy_button = Button((40, top + 150, 200, 50), t("host.copy"), self.copy, size=20)
            self.done_button = Button((260, top + 150, 360, 50), t("days.new.done"), self.back, primary=True,
                                      hint=confirm_key)  # fmt: skip
            self.group.set([self.done_button, self.copy_button], focus=0)
            return
        self.fields = [
            TextField((40, top, 440, 44), self.relay_text, self.set_relay, 300, 18, t("settings.relay_example"),
                      allowed=RELAY_CHARS),
            TextField((40, top + gap, 440, 44), self.name, self.set_name, NAME_LENGTH, 20, t("join.name_example")),
        ]  # fmt: skip
        widgets = []
        for field in self.fields:
            widgets += [field, Button((490, field.rect.top, 150, 44), t("join.type"), partial(self.type_into, field))]
        size = 18
        below = top + 2 * gap - 6
        names = [boards.name_shown(c.board.name) if c.board is not None else c.ref for c in self.boards]
        characters = [DRAWN, *CHARACTERS]
        widgets += [
            Choice((40, below, 600, 44), t("days.new.board"), list(range(len(self.boards))), self.board_index,
                   self.set_board, lambda i: names[i] if names else "", size=size, wrap=True),
            Choice((40, below + 54, 600, 44), t("days.new.character"), characters,
                   characters.index(self.character), self.set_character, self.character_shown, size=size, wrap=True),
        ]  # fmt: skip
        right, step = 660, 54
        seats = list(range(SEATS[0], self.max_seats() + 1))
        persons = list(range(1, self.seats + 1))
        choices = [
            Choice((right, top, 580, 44), t("days.new.seats"), seats, seats.index(self.seats), self.set_seats,
                   size=size),
            Choice((right, top + step, 580, 44), t("days.new.persons"), persons, persons.index(self.persons),
                   self.set_persons, size=size),
            Choice((right, top + 2 * step, 580, 44), t("days.new.level"), list(levels.LEVELS),
                   levels.LEVELS.index(self.level), self.set_level, lambda lv: t(f"level.{lv}"), size=size),
            Choice((right, top + 3 * step, 580, 44), t("days.new.turns"), list(range(MIN_TURNS, MAX_TURNS + 1)),
                   self.turns - MIN_TURNS, self.set_turns, size=size),
            Choice((right, top + 4 * step, 580, 44), t("days.new.clock"), list(CLOCKS), CLOCKS.index(self.clock),
                   self.set_clock, clock_shown, size=size),
            Choice((right, top + 5 * step, 580, 44), t("days.new.run_out"), list(RUN_OUT),
                   RUN_OUT.index(self.run_out), self.set_run_out, lambda r: t(f"days.new.run_out.{r}"), size=size),
        ]  # fmt: skip
        choices[2].enabled = self.persons < self.seats  # (no computer racer: no level)
        widgets += choices
        self.bottom = top + 6 * step
        self.create_button = Button((40, 600, 400, 50), t("days.new.create"), self.create, primary=True,
                                    hint=confirm_key, enabled=self.creating is None)  # fmt: skip
        widgets += [self.create_button, Button((460, 600, 200, 50), t("common.back"), self.back)]
        self.group.set(widgets, focus=min(kept, len(widgets) - 1))

    def character_shown(self, character: str) -> str:
        return t(f"character.{character}") if character else t("days.new.drawn")

    def set_relay(self, value: str) -> None:
        self.relay_text = value.strip()

    def set_name(self, value: str) -> None:
        self.name = value

    def set_board(self, index: int) -> None:
        self.board_index = index
        self.seats = min(self.seats, self.max_seats())
        self.persons = min(self.persons, self.seats)
        self.turns = self.board.turns if self.board is not None else self.turns
        self.lay_out()

    def set_character(self, character: str) -> None:
        self.character = character

    def set_seats(self, seats: int) -> None:
        self.seats, self.persons = seats, min(self.persons, seats)
        self.lay_out()

    def set_persons(self, persons: int) -> None:
        self.persons = persons
        self.lay_out()

    def set_level(self, level: levels.Policy) -> None:
        self.level = level

    def set_turns(self, turns: int) -> None:
        self.turns = turns

    def set_clock(self, clock: int) -> None:
        self.clock = clock

    def set_run_out(self, run_out: RunOut) -> None:
        self.run_out = run_out

    def type_into(self, field: TextField) -> None:
        self.stack.push(KeyboardScene(field))

    # ---------------------------------------------------------------- creating
    def seat_list(self) -> list[Any]:
        """The request's seats: the creator's (with his character, or one drawn), the other persons', then
        the computer racers'."""
        first: Any = {"character": self.character} if self.character else "person"
        return [first, *["person"] * (self.persons - 1), *[{"level": self.level}] * (self.seats - self.persons)]

    def create(self) -> None:
        """Send the `create` request (the creator's seat key kept in his folder first)."""
        if self.creating is not None:
            return
        try:
            relay = parse_relay(self.relay_text)
        except ValueError:
            self.message = t("days.new.bad_relay")
            return
        name = clean_name(self.name)
        if not name:
            self.message = t("join.no_name")
            return
        if self.board is None:
            self.message = t("days.new.no_board")
            return
        try:
            key = key_for(relay, name, None)
        except UnusableFile as error:
            self.message = str(error)
            return
        creator = (name, key_hash(key).hex())
        request = create_request(self.board.to_dict(), self.turns, self.seat_list(), self.clock, self.run_out, creator)
        self.relay, self.message = relay, ""
        self.creating = DaysCreate(relay, request)
        self.create_button.enabled = False

    def update(self, dt: float) -> None:
        creating = self.creating
        if creating is None or not creating.done:
            return
        self.creating = None
        if creating.code and self.relay is not None:
            self.invite = f"{self.relay.text}/{DAYS}/{shown_code(creating.code)}"
            self.lay_out(0)
            return
        kind, why = creating.problem or ("unreachable", "")
        self.message = t(f"days.new.{kind}", relay=creating.relay.text, why=why[:120].rstrip(". "))
        self.create_button.enabled = True

    def rest(self) -> float:
        return 0.1 if self.creating is not None else float("inf")

    def copy(self) -> None:
        """The invite to the clipboard, to paste to the players."""
        self.copied = put_clipboard(self.invite)

    def back(self) -> None:
        self.stack.pop()  # (to *Your races*, which asks the relays again: the new race is listed)

    def handle_event(self, event: pygame.event.Event) -> Any:
        handle_form(self.group, event, None if self.invite else self.create, self.back)
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 200)
        text.draw(surface, fit(t("days.new.title"), 1200, 40, "title"), (40, 22), 40, theme.ACCENT, "title")
        if self.invite:
            self.draw_invite(surface)
            return
        for field, label in zip(self.fields, ("days.new.relay", "join.name")):
            where = (field.rect.left, field.rect.top - 6)
            text.draw(surface, fit(t(label), 600, 17), where, 17, theme.MUTED, anchor="bottomleft")
        self.group.draw(surface)
        area = pygame.Rect(40, self.bottom + 4, 1200, 600 - self.bottom - 10)
        text.draw_wrapped(surface, t("days.new.trust"), area, 16, theme.TEXT)
        area = pygame.Rect(680, 600, 560, 110)
        if self.creating is not None:
            text.draw_wrapped(surface, t("days.new.asking", relay=self.creating.relay.text), area, 17, theme.MUTED)
        elif self.message:
            text.draw_wrapped(surface, self.message, area, 17, theme.BAD, "bold")
        else:
            text.draw_wrapped(surface, t("days.new.keys"), area, 15, theme.MUTED)

    def draw_invite(self, surface: pygame.Surface) -> None:
        top = self.top
        text.draw(surface, t("days.new.made"), (40, top - 6), 20, theme.GOOD, "bold", anchor="bottomleft")
        box = pygame.Rect(40, top + 10, 1200, 120)
        panel(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=10)
        size = 34
        while size > 18 and text.width(self.invite, size, "bold") > box.width - 40:
            size -= 2
        text.draw(surface, fit(self.invite, box.width - 40, size, "bold"), box.center, size, theme.TEXT, "bold",
                  anchor="center")  # fmt: skip
        self.group.draw(surface)
        area = pygame.Rect(40, top + 220, 1200, 600 - top - 220)
        said = t("host.copied") if self.copied else t("days.new.send", invite=self.invite)
        text.draw_wrapped(surface, said, area, 18, theme.TEXT)
        text.draw_wrapped(surface, t("days.new.trust"), pygame.Rect(40, 610, 1200, 100), 16, theme.MUTED)
