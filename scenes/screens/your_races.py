"""*Your races* (the title's): every race over days the player sits in, on every relay he used (issue 46;
docs/network.md, *Races over days*).

The rows come from the seat keys kept in the player's folder, the same as `main.py races`: each relay
is asked for his rooms on a background loop (scenes/bridges/days.py), so the screen opens at once and
its rows come when the relays answer; a relay that cannot be reached is one row saying so. Each row: the
board, the relay, whose turn it is and the time left on the pending decision, and whether it waits for
him. Enter (or a click) joins the room in the race screen as a friend joins a hosted race (the invite
RELAY/days/CODE and the seat key): what happened since is replayed quickly (any key skips it), he plays
his pending decisions, and Escape (the pause menu's *Leave*) comes back here.

*New race over days…* creates one on a relay (scenes/screens/days_new.py). *Add a race* resumes from
another computer: the invite, the name he sits under and his seat key (from
`races-over-days.json` in his folder on the other computer) are kept in this folder's keys.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from game.app.controls import Action
from game.cli.days import key_for
from game.cli.options import UnusableFile
from game.net.invite import INVITE_LENGTH, parse_invite
from game.net.protocol import NAME_LENGTH, clean_name
from scenes.bridges.days import DaysRoom, RacesFetch, asked, newer
from scenes.core import audio, boards, controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.screens.keyboard import KeyboardScene
from scenes.screens.listing import LIST, ListRow, ListScene, Shown, row_height, rows_shown
from scenes.ui.text_field import TextField, handle_form
from scenes.ui.widgets import Button, FocusGroup, Widget, fit, panel, veil

KEY_CHARS = "-_"  # besides letters and digits: a seat key is URL-safe base64 (game/cli/days.py)
KEY_LENGTH = 64


@dataclass(frozen=True)
class Unreachable:
    """A relay that could not be asked: one row (Enter asks again)."""

    relay: str
    why: str


def clock_words(seconds: float) -> str:
    """Time left on a decision's clock: "2 d 5 h", "23 h 12 min", "12 min"."""
    minutes = int(seconds // 60)
    days, hours = minutes // 1440, minutes // 60 % 24
    if days:
        return t("days.left_days", days=days, hours=hours)
    if hours:
        return t("days.left_hours", hours=hours, minutes=minutes % 60)
    return t("days.left_minutes", minutes=minutes)


def state_line(room: DaysRoom) -> tuple[str, tuple[int, int, int]]:
    """Whose turn it is in a room and how long is left, and the line's colour."""
    if room.state == "finished":
        return t("days.finished"), theme.MUTED
    if room.state == "given up":
        return t("days.given_up"), theme.BAD
    if room.turn is None:
        return t("days.open"), theme.TEXT
    left = room.left()
    clock = t("days.left", time=clock_words(left)) if left is not None else ""
    if room.mine:
        return t("days.your_turn", left=clock), theme.GOOD
    whose = room.whose() or t("days.computer")
    return t("days.their_turn", name=whose, left=clock), theme.TEXT


class DaysRow(ListRow):
    """A race over days (or an unreachable relay): opened by Enter or a click; no Delete (the seat key
    stays: it is the player's seat)."""

    def adjust(self, step: int) -> bool:
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        self.part = 0
        return self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        on_row = focused
        colour = theme.PANEL_LIGHT if on_row or self.hovered else theme.PANEL
        edge = theme.FOCUS if on_row else theme.GOOD if self.shown.colour == theme.GOOD else theme.PANEL_EDGE
        panel(surface, self.rect, colour, edge, radius=10, width=3 if on_row else 1)
        shown, box = self.shown, self.rect
        left, room = box.left + 20, box.width - 40
        kind = text.draw(surface, fit(shown.kind, room, 14, "bold"), (left, box.top + 8), 14, theme.ACCENT, "bold")
        badge = fit(shown.saved, 360, 20, "bold")
        badge_w = text.width(badge, 20, "bold") if badge else 0
        heading = fit(shown.heading, room - badge_w - 30, 26, "heading")
        below = text.draw(surface, heading, (left, kind.bottom + 2), 26, theme.TEXT, "heading").bottom
        if badge:
            text.draw(surface, badge, (box.right - 20, kind.bottom + 4), 20, shown.colour, "bold", anchor="topright")
        text.draw(surface, fit(shown.line, room, 18), (left, max(box.top + 64, below + 4)), 18, shown.colour)


class YourRacesScene(ListScene):
    """The player's races over days (see the module)."""

    WORDS = "days"

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.fetch: RacesFetch | None = None
        self.shown_done = False

    def enter(self) -> None:
        audio.music("menu")
        self.ask_relays()

    def resume(self) -> None:
        """Back from a race or the form: the relays asked again (whose turn it is has changed)."""
        audio.music("menu")
        self.ask_relays(self.group.focus)

    def ask_relays(self, focus: int = 0) -> None:
        self.fetch = asked(self.app)
        self.shown_done = False
        self.refresh(focus)

    def update(self, dt: float) -> None:
        latest = newer(self.app, self.fetch)
        if latest is not None:
            self.fetch = latest  # (left open: the window's next answer, every ASK_AGAIN seconds)
            self.shown_done = False
            return
        if self.fetch is not None and self.fetch.done and not self.shown_done:
            self.shown_done = True
            self.refresh(self.group.focus)

    def rest(self) -> float:
        return 0.1 if self.fetch is not None and not self.fetch.done else math.inf

    # ---------------------------------------------------------------- the list
    def read(self) -> list[Any]:
        fetch = self.fetch
        if fetch is None or not fetch.done:
            return []
        return [*fetch.rooms, *(Unreachable(relay, why) for relay, why in fetch.unreachable.items())]

    def refresh(self, focus: int) -> None:
        self.items = self.read()
        rows: list[ListRow] = []
        for item in self.items:
            rect = pygame.Rect(LIST.left, 0, LIST.width, row_height())
            rows.append(DaysRow(rect, self.shown(item), partial(self.open, item), lambda: None, self.WORDS))
        self.rows = rows
        self.back_button = Button((40, 648, 200, 50), t("common.back"), self.back, size=22)
        self.more = self.more_buttons()
        widgets: list[Widget] = [*self.rows, self.back_button, *self.more]
        self.group.set(widgets, focus=min(focus, max(0, len(self.rows) - 1)) if self.rows else 0)
        self.place()

    def shown(self, item: Any) -> Shown:
        if isinstance(item, Unreachable):
            line = t("days.unreachable", why=item.why)
            return Shown(t("days.relay"), t("days.no_answer", relay=item.relay), line, theme.BAD, "")
        room: DaysRoom = item
        board = boards.name_shown(room.board) if room.board else t("days.a_board")
        line, colour = state_line(room)
        kind = t("days.kind", relay=room.relay, name=room.name, seat=room.seat + 1)
        badge = t("days.waits_badge") if room.mine else ""
        return Shown(kind, board, line, colour, badge)

    def open(self, item: Any) -> None:
        """Join the room in the race screen (the invite and the seat key); an unreachable relay: ask again."""
        if isinstance(item, Unreachable):
            self.ask_relays(self.group.focus)
            return
        room: DaysRoom = item
        rejoin = {"address": room.invite, "code": room.code, "name": room.name, "token": room.key, "days": "yes"}
        self.stack.push(self.stack.make("join", rejoin=rejoin))

    def describe(self, item: Any) -> str:
        return item.relay if isinstance(item, Unreachable) else item.invite

    def remove(self, item: Any) -> None:
        """(No Delete here: a seat over days is the player's until its race ends.)"""

    def back(self) -> None:
        self.stack.pop()

    def more_buttons(self) -> list[Button]:
        return [
            Button((660, 648, 290, 50), t("days.add"), self.add, size=20),
            Button((960, 648, 280, 50), t("days.again"), partial(self.ask_relays, 0), size=20),
            Button((800, 14, 440, 50), t("days.new"), self.new, size=20),
        ]

    def add(self) -> None:
        self.stack.push(AddDaysScene())

    def new(self) -> None:
        """A new race over days on a relay (scenes/screens/days_new.py)."""
        self.stack.push(self.stack.make("days_new"))

    def handle_event(self, event: pygame.event.Event) -> Any:
        if controls.pressed(event, Action.DELETE):
            return None  # (nothing to delete)
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 190)
        text.draw(surface, fit(t("days.title"), 800, 44, "title"), (40, 18), 44, theme.ACCENT, "title")
        fetch = self.fetch
        rooms = fetch.rooms if fetch is not None and fetch.done else []
        if fetch is None or not fetch.done:
            said = t("days.asking", count=len(fetch.relays) if fetch is not None else 0)
        else:
            said = t("days.help", count=len(rooms), waiting=sum(1 for r in rooms if r.mine))
        text.draw(surface, fit(said, 1196, 18), (44, 74), 18, theme.MUTED)
        if fetch is not None and fetch.done and not self.items:
            area = pygame.Rect(LIST.left + 200, 280, LIST.width - 400, 160)
            text.draw_wrapped(surface, t("days.none"), area, 22, theme.TEXT)
        clip = surface.get_clip()
        surface.set_clip(LIST.inflate(8, 8))
        for row in self.rows:
            row.draw(surface, self.group.focused is row)
        surface.set_clip(clip)
        for button in (self.back_button, *self.more):
            button.draw(surface, self.group.focused is button)
        if self.first > 0:
            said = t("days.more_above", count=self.first)
            text.draw(surface, said, (LIST.right, LIST.top - 6), 15, theme.MUTED, anchor="bottomright")
        below = len(self.rows) - self.first - rows_shown()
        if below > 0:
            said = t("days.more_below", count=below)
            text.draw(surface, said, (LIST.right, LIST.bottom + 4), 15, theme.MUTED, anchor="topright")
        area = pygame.Rect(256, 640, 390, 72)
        if self.message:
            text.draw_wrapped(surface, self.message, area, 15, theme.BAD)
        else:
            text.draw_wrapped(surface, t("days.keys"), area, 15, theme.MUTED)


class AddDaysScene(Scene):
    """Resume a race over days from another computer: its invite, the name and the seat key, kept in
    this player's folder (then *Your races* lists it)."""

    def __init__(self) -> None:
        super().__init__()
        self.invite, self.name, self.key = "", "", ""
        self.message = ""
        self.group = FocusGroup()

    def enter(self) -> None:
        if self.app is not None:
            self.name = self.app.settings.player_name
        top, gap = 124 + text.grown(17), 76 + text.grown(17)
        self.fields = [
            TextField((240, top, 620, 44), self.invite, self.set_invite, INVITE_LENGTH, 18,
                      t("days.invite_example"), allowed=".:-[]_/"),
            TextField((240, top + gap, 620, 44), self.name, self.set_name, NAME_LENGTH, 20, t("join.name_example")),
            TextField((240, top + 2 * gap, 620, 44), self.key, self.set_key, KEY_LENGTH, 16,
                      t("days.key_example"), allowed=KEY_CHARS),
        ]  # fmt: skip
        widgets: list[Widget] = []
        for field in self.fields:
            widgets += [field, Button((880, field.rect.top, 160, 44), t("join.type"), partial(self.type_into, field))]
        below = self.below = top + 3 * gap - 10
        widgets += [
            Button((240, below, 400, 50), t("days.add_it"), self.add, primary=True),
            Button((660, below, 200, 50), t("common.back"), self.back),
        ]
        self.group.set(widgets)

    def set_invite(self, value: str) -> None:
        self.invite = value.strip()

    def set_name(self, value: str) -> None:
        self.name = value

    def set_key(self, value: str) -> None:
        self.key = value.strip()

    def type_into(self, field: TextField) -> None:
        self.stack.push(KeyboardScene(field))

    def add(self) -> None:
        """Keep the seat key for this relay and name (the player's folder), then back to the list."""
        try:
            invite = parse_invite(self.invite)
        except ValueError:
            invite = None
        if invite is None or not invite.days:
            self.message = t("days.bad_invite")
            return
        name = clean_name(self.name)
        if not name:
            self.message = t("join.no_name")
            return
        if not 16 <= len(self.key) <= KEY_LENGTH:
            self.message = t("days.bad_key")
            return
        try:
            key_for(invite.relay, name, self.key)
        except UnusableFile as error:
            self.message = str(error)
            return
        self.stack.pop()

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> Any:
        handle_form(self.group, event, self.add, self.back)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 200)
        text.draw(surface, t("days.add_title"), (40, 22), 40, theme.ACCENT, "title")
        area = pygame.Rect(240, self.below + 66, 800, 650 - self.below - 66)
        text.draw_wrapped(surface, t("days.add_help"), area, 17, theme.TEXT)
        for field, label in zip(self.fields, ("days.invite", "join.name", "days.key")):
            where = (field.rect.left, field.rect.top - 6)
            text.draw(surface, t(label), where, 17, theme.MUTED, anchor="bottomleft")
        self.group.draw(surface)
        area = pygame.Rect(240, 654, 1000, 60)
        if self.message:
            text.draw_wrapped(surface, self.message, area, 17, theme.BAD, "bold")
        else:
            text.draw_wrapped(surface, t("days.add_keys"), area, 16, theme.MUTED)
