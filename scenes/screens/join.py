"""A friend joins a network race from his window (the title's *Join a race*).

`JoinScene` asks for the address, the room code and his name, connects (the window's link,
scenes/bridges/link.py), shows the host's setup (board, turns, seats) and lets him take an open seat
with his character, or watch; when the host starts, every screen shows the same race. A controller
types on the screen's keyboard (scenes/screens/keyboard.py).

The room's owner (a `serve` or a relay's room whose host is not in his window) types the owner key
`serve` printed in the optional last field: the lobby then offers his powers (start the race, his
friends' seats, the turn clock) as orders the host checks against its secret and answers in a sentence.

It answers the mouse, the keyboard and (through scenes/core/gamepad.py) a game controller; the link's
news are read each frame, never waited for.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game.app import session
from game.app.controls import Action
from game.app.settings import Settings
from game.net.client import FAULT_CODE, Follower
from game.net.invite import INVITE_LENGTH, parse_invite
from game.net.messages import HostMessage
from game.net.protocol import (
    NAME_LENGTH,
    address_of,
    clean_name,
    key_place,
    plain_code,
    split_address,
    words_of_close,
)
from game.net.tls import client_context
from game.rules.characters import CHARACTERS
from game.rules.race import MAX_RACERS
from scenes.bridges.link import Happened, Link
from scenes.core import controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import character as character_name
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.render.board import BoardRenderer
from scenes.screens.days_race import DaysSeats
from scenes.screens.friends import FriendsScene, HostGuide
from scenes.screens.keyboard import KeyboardScene
from scenes.screens.kinds import open_seat
from scenes.screens.lobby import (
    CHARACTER_IDS,
    CLOCK_SECONDS,
    LOBBY_BOX,
    SeatRow,
    draw_board_header,
    seat_rect,
    seat_rows,
)
from scenes.screens.netplay import FriendSeats, friend_setup, local_board
from scenes.ui.text_field import TextField
from scenes.ui.widgets import Button, Choice, FocusGroup, Widget, panel, veil

log = logging.getLogger("fantasy-racing")
AGAIN = (1012, 1013)  # closes after which a friend joining again tries once more: his host is away from the relay
TRIES, AGAIN_AFTER = 40, 1.5  # how many times, how many seconds apart (a minute: the host connects again)
ADDRESS_CHARS = ".:-[]_/"  # besides letters and digits: 192.168.1.20:47810, [::1]:47810, my-pc.local, an invite
OWNER_KEY_LENGTH = 64  # characters of an owner key, at most (serve prints 32)
FIELD_TOP, FIELD_GAP = 112, 76  # the form's fields: the first's top, and from one to the next
LABEL = 17  # px: the words over each field


class JoinScene(Scene):
    """A friend joins a hosted race (see the module)."""

    def __init__(self, rejoin: dict[str, str] | None = None) -> None:
        super().__init__()
        self.rejoin = rejoin  # join again at once with this address, code and name (and "watch", "owner")
        self.group = FocusGroup()
        self.link: Link | None = None
        self.state = "form"  # "form", "connecting", "lobby" (choosing a seat), "seated" (waiting for the start)
        # (or "watching": a spectator waiting for the start)
        self.watching = False  # connected as a spectator, without a seat
        self.tries = 0  # joins again while the host is away from his relay (AGAIN), at most TRIES
        self.again_in: float | None = None  # seconds before the next of them
        self.message = ""
        self.chosen = 0  # the seat to take
        self.character = "elf"
        self.thumb: pygame.Surface | None = None
        self.started = False
        self.place = ""  # where the settings keep the seat's key (address, code, name)

    def enter(self) -> None:
        settings = self.app.settings if self.app is not None else Settings()
        given = self.rejoin or {}
        self.address = given.get("address", settings.join_address)
        self.code = given.get("code", settings.join_code)
        self.name = given.get("name", settings.player_name)
        self.owner_key = given.get("owner", "")  # the room's owner key (never kept in the settings)
        self.layout()
        if self.rejoin:
            self.connect(watch=bool(self.rejoin.get("watch")))  # a spectator joins again as one

    @property
    def days(self) -> bool:
        """Joining a race over days from *Your races* (its seat key given)."""
        return bool(self.rejoin and self.rejoin.get("days"))

    @property
    def follower(self) -> Follower | None:
        """The race as this window follows it (its link's), once connecting."""
        return self.link.follower if self.link is not None else None

    def exit(self) -> None:
        if not self.started and self.link is not None:
            self.link.close()

    # ---------------------------------------------------------------- widgets
    def layout(self, focus: int | None = None) -> None:
        editing = self.state == "form"
        gap = FIELD_GAP + text.grown(LABEL)  # (each field's label above it, as tall as the Text size makes it)
        top = [FIELD_TOP + gap * row for row in range(4)]
        self.address_field = TextField(
            (40, top[0], 450, 44),
            self.address,
            self.set_address,
            max_length=INVITE_LENGTH,
            size=20,
            placeholder=t("join.address_example"),
            allowed=ADDRESS_CHARS,
        )
        self.code_field = TextField(
            (40, top[1], 450, 44),
            self.code,
            self.set_code,
            max_length=12,
            size=22,
            placeholder=t("join.code_example"),
            allowed="-",
            upper=True,
        )
        self.name_field = TextField(
            (40, top[2], 450, 44),
            self.name,
            self.set_name,
            max_length=NAME_LENGTH,
            size=20,
            placeholder=t("join.name_example"),
        )
        self.owner_field = TextField(
            (40, top[3], 450, 44),
            self.owner_key if editing else "•" * min(len(self.owner_key), 32),  # (a secret: hidden once sent)
            self.set_owner_key,
            max_length=OWNER_KEY_LENGTH,
            size=17,
            placeholder=t("join.owner_example"),
            allowed="",
        )
        fields = [self.address_field, self.code_field, self.name_field, self.owner_field]
        widgets: list[Widget] = []
        for field in fields:
            field.enabled = editing
            keyboard = Button((500, field.rect.top, 120, 44), t("join.type"), partial(self.type_into, field), size=17)
            keyboard.enabled = editing
            widgets += [field, keyboard]
        below = top[3] + 60
        self.connect_button = Button(
            (40, below, 420 if editing else 580, 50),
            t("join.connect") if editing else t("join.disconnect"),
            self.connect if editing else self.disconnect,
            primary=editing,
        )
        widgets.append(self.connect_button)
        if editing:  # a spectator: the race without a seat (never a seat key)
            widgets.append(Button((470, below, 150, 50), t("join.watch"), partial(self.connect, True), size=20))
        elif self.link is not None and self.link.owns and self.follower is not None and self.follower.lobby:
            widgets += self.owner_widgets(below + 62)
        self.seat_choice: Choice | None = None
        self.take_button: Button | None = None
        lobby = self.follower.lobby if self.follower is not None else None
        if lobby is not None and self.state in ("lobby", "seated"):
            takeable = self.takeable()
            if takeable:
                if self.chosen not in takeable:
                    self.chosen = takeable[0]
                self.seat_choice = Choice(
                    (650, 560, 280, 44),
                    t("join.seat"),
                    takeable,
                    takeable.index(self.chosen),
                    self.set_seat,
                    lambda v: str(v + 1),
                    size=20,
                )
                character = Choice(
                    (940, 560, 300, 44),
                    "",
                    CHARACTER_IDS,
                    CHARACTER_IDS.index(self.character),
                    self.set_character,
                    character_name,
                    size=20,
                    wrap=True,  # (the ten characters go round)
                )
                label = t("join.change") if self.state == "seated" else t("join.take")
                self.take_button = Button((940, 612, 300, 44), label, self.take, primary=True, size=20)
                widgets += [self.seat_choice, character, self.take_button]
                for index in range(min(len(lobby["seats"]), MAX_RACERS)):
                    widgets.append(SeatRow(seat_rect(index), index, self.pick_seat))
        widgets.append(Button((40, 652, 200, 50), t("common.back"), self.back))
        self.group.set(widgets, focus)

    def takeable(self) -> list[int]:
        """The seats this friend may take: the open ones, and his own."""
        assert self.follower is not None and self.follower.lobby is not None
        mine = self.follower.seat
        return [
            i
            for i, seat in enumerate(self.follower.lobby["seats"])
            if isinstance(seat, dict) and (i == mine or open_seat(seat))
        ]

    def set_address(self, value: str) -> None:
        self.address = value

    def set_code(self, value: str) -> None:
        self.code = value

    def set_name(self, value: str) -> None:
        self.name = value

    def set_owner_key(self, value: str) -> None:
        self.owner_key = value.strip()

    def owner_widgets(self, top: int) -> list[Widget]:
        """The owner's hand in the lobby (his key given): the turn clock, his friends' seats, the start."""
        assert self.follower is not None and self.follower.lobby is not None
        clock = round(self.follower.lobby["clock"])
        shown = list(CLOCK_SECONDS) if clock in CLOCK_SECONDS else sorted({*CLOCK_SECONDS, clock})
        return [
            Choice(
                (40, top, 580, 44),
                t("host.clock"),
                shown,
                shown.index(clock),
                self.set_clock,
                lambda v: t("host.seconds", count=v) if v else t("host.no_clock"),
                size=20,
            ),
            Button((40, top + 54, 285, 46), t("host.friends"), self.friends, size=19),
            Button((335, top + 54, 285, 46), t("host.start"), self.start, size=19),
        ]

    def set_clock(self, seconds: int) -> None:
        """The owner's order: each connected friend's seconds a decision (0: none)."""
        if self.link is not None:
            self.link.set_clock(float(seconds))

    def friends(self) -> None:
        """The owner's hand on his friends' seats (remove one, let one back in), as orders to the host."""
        if self.link is not None:
            self.stack.push(FriendsScene(self.link, self.link.seat_states, started=False))

    def start(self) -> None:
        """The owner's order: start the race now (computer racers play the open seats)."""
        if self.link is not None:
            self.link.start()

    def set_seat(self, index: int) -> None:
        self.chosen = index

    def pick_seat(self, index: int) -> bool:
        if self.follower is None or self.follower.lobby is None or index not in self.takeable():
            return False
        self.chosen = index
        self.layout(self.group.focus)
        return True

    def set_character(self, character: str) -> None:
        self.character = character

    def type_into(self, field: TextField) -> None:
        """The on-screen keyboard, for a game controller."""
        self.stack.push(KeyboardScene(field))

    # ---------------------------------------------------------------- the network
    def connect(self, watch: bool = False) -> None:
        """Check the address, the code and the name, then connect and ask for the host's lobby (`watch`:
        as a spectator, without a seat)."""
        address, code, name = self.address.strip(), plain_code(self.code), clean_name(self.name)
        invite = None
        try:
            if "/" in address:  # an invite: a relay's address and the room code (game/net/invite.py)
                invite = parse_invite(address)
                host, port, code = invite.relay.host, invite.relay.port, invite.code
            else:
                host, port = split_address(address)
        except ValueError:
            if "/" in address:
                self.message = t("join.bad_invite", address=address if len(address) <= 32 else address[:31] + "…")
            else:
                self.message = t("join.bad_address", address=address) if address else t("join.no_address")
            return
        if not code:
            self.message = t("join.no_code")
            return
        if not name:
            self.message = t("join.no_name")
            return
        if self.app is not None and not self.days:  # (a race over days from Your races: its own invite)
            settings = self.app.settings
            settings.join_address, settings.join_code, settings.player_name = address, code, name
            self.app.save_settings()
        self.target = address_of(host, port) if invite is None else invite.relay.text
        self.message = ""
        self.state = "connecting"
        self.watching = watch
        hello: dict[str, Any] = {"type": "hello", "code": code, "name": name}
        hello.update({"watch": True} if watch else {"pick": True})
        self.place = key_place(self.target, code, name)  # where the settings keep this seat's key
        key = self.app.settings.seat_keys.get(self.place, "") if self.app is not None else ""
        key = (self.rejoin or {}).get("token", key)  # a race over days: the seat key kept in the folder
        if key:
            hello["token"] = key  # the seat taken before: it is his again (after a drop, a restart)
        if invite is not None:
            tls = client_context() if invite.relay.secure else None
            self.link = Link.joining(self.target, hello, url=invite.url, tls=tls, owner_key=self.owner_key)
        else:
            self.link = Link.joining(self.target, hello, owner_key=self.owner_key)
        self.layout()

    def disconnect(self) -> None:
        """Leave the lobby (back to the form)."""
        self._drop("")

    def _drop(self, message: str) -> None:
        if self.link is not None:
            self.link.close()
        self.link, self.state, self.message = None, "form", message
        self.thumb = None
        self.layout()

    def take(self) -> None:
        if self.link is not None and self.link.follower.lobby is not None:
            self.link.take(self.chosen, self.character)

    def back(self) -> None:
        self.stack.pop()

    def update(self, dt: float) -> None:
        if self.again_in is not None:
            self.again_in -= dt
            if self.again_in <= 0:
                self.again_in = None
                self.connect()
        link = self.link
        if link is None:
            return
        for news in link.news():
            data = news.data
            if news.message is not None:
                if self._heard(news.message):
                    return
            elif news.kind is Happened.BROKEN:
                log.warning("the host at %s sent what this game cannot follow: %s", self.target, data["error"])
                self._drop(t("net.host_broken"))
                return
            elif news.kind is Happened.UNREACHABLE:
                log.info("no race answers at %s: %s", self.target, data["error"])
                refusal = "join.untrusted" if data.get("untrusted") else "join.unreachable"
                self._drop(t(refusal, address=self.target))
                return
            elif news.kind is Happened.CLOSED:
                code = data.get("code", 1006)
                if code in AGAIN and self.rejoin and self.tries < TRIES:
                    self._drop(t("join.host_away"))  # (the host's line to his relay dropped: he comes back)
                    self.tries, self.again_in = self.tries + 1, AGAIN_AFTER
                    return
                self._drop(self._refusal(code, data.get("reason", "")))
                return

    def _heard(self, message: HostMessage) -> bool:
        """One message from the host; True when the scene changed (the race started)."""
        follower, link = self.follower, self.link
        assert follower is not None and link is not None
        if message["type"] == "lobby":
            if self.thumb is None and follower.board is not None:
                self.board = local_board(message["board"])
                self.thumb = BoardRenderer(self.board, 16).thumbnail((120, 100))
            first = self.state == "connecting"
            if first and self.watching:
                self.state = "watching"
                log.info("watching the race at %s", self.target)
            elif first:
                self.state = "lobby"
                log.info("in the lobby of the race at %s: %d seats", self.target, len(message["seats"]))
                mine = next(
                    (
                        s
                        for s in message["seats"]
                        if isinstance(s, dict) and open_seat(s) and s.get("character") in CHARACTERS
                    ),
                    None,
                )
                if mine is not None:
                    self.character = mine["character"]
            self.layout(self.group.focus)
            if first and self.take_button is not None:
                self.group.focus_on(self.take_button)  # Enter (a controller's A) takes the seat proposed
        elif message["type"] == "welcome":
            if follower.race is None:
                link.ready()  # (the host keeps a seat only for a game that is ready)
            if self.app is not None and follower.token and not self.days:
                self.app.settings.keep_seat_key(self.place, follower.token)  # to take the seat back after a drop
                self.app.save_settings()
            self.state = "seated"
            self.chosen = follower.seat if follower.seat is not None else self.chosen
            self.layout(self.group.focus)
        elif message["type"] == "answer":
            self.message = t("net.host_answer", said=message["said"])  # the host's sentence to the owner's order
            self.layout(self.group.focus)  # (the clock it set shows)
        elif message["type"] == "bye":
            reason = message["reason"]
            words = {"started": "join.started", "removed": "join.removed", "elsewhere": "net.elsewhere"}
            words["unready"] = "join.unready"
            self._drop(t(words.get(reason, "join.host_closed")))
            return True
        elif message["type"] == "start" and follower.race is not None:
            self.start_race()
            return True
        if message["type"] == "lobby" and link.owns:
            self.layout(self.group.focus)  # (the owner's clock as the host says it)
        return False

    def _refusal(self, code: int, reason: str) -> str:
        """The one sentence for a connection the host closed (or lost)."""
        known = {
            "a wrong room code": "join.wrong_code",
            "needs its seat key": "join.needs_key",
            "is already in a seat": "join.name_taken",
            "too many connections from your address": "join.too_many",
            "as many connections as it takes": "join.host_full",
            "no open seat": "join.no_seat",
            "the race has started": "join.started",
            "is not open": "join.seat_gone",
        }
        for words, key in known.items():
            if words in reason:
                return t(key)
        if code == FAULT_CODE:  # (this window left a host that was silent, flooded it or answered no ping)
            return t("join.host_silent")
        if code in (1000, 1001, 1006) or not reason:
            return t("join.host_closed")
        return t("join.refused", reason=words_of_close(code, reason))

    def start_race(self) -> None:
        """The host started: the race, on this screen too."""
        link, follower = self.link, self.follower
        assert link is not None and follower is not None and follower.race is not None
        self.started = True
        race = follower.race
        board = local_board(race.board.to_dict())
        if board is not race.board and board.to_dict() == race.board.to_dict():
            race.board = board  # the same board, with its Tiled art
        rejoin = {"address": self.address, "code": plain_code(self.code), "name": clean_name(self.name)}
        if self.watching:
            rejoin["watch"] = "yes"  # a spectator joins again as a spectator
        if link.owner_key:
            rejoin["owner"] = link.owner_key
        if self.days:  # (Your races: the invite and the seat key again; Leave comes back to the list)
            rejoin.update({k: v for k, v in (self.rejoin or {}).items() if k in ("address", "token", "days")})
        seats = DaysSeats(link, rejoin) if self.days else FriendSeats(link, rejoin)
        race = follower.race  # (over days: the race as the player last saw it, what happened since to show)
        seat = "as a spectator" if follower.seat is None else f"in seat {follower.seat + 1}"
        log.info("joined the race at %s %s", self.target, seat)
        playing = session.Session.unsaved(race, friend_setup(race))  # the host's race: he keeps it
        guide = HostGuide(link, link.seat_states) if link.owns else None  # F: the owner's hand on the seats
        self.stack.replace(self.stack.make("race", race, seats=seats, session=playing, guide=guide))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        focused = self.group.focused
        if controls.pressed(event, Action.CONFIRM) and isinstance(focused, TextField):
            self.connect()  # Enter from a field connects
            return None
        self.group.handle_screen(event, {Action.BACK: self.back if self.state == "form" else self.disconnect})
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 200)
        text.draw(surface, t("join.title"), (40, 22), 40, theme.ACCENT, "title")
        for field, label in (
            (self.address_field, "join.address"),
            (self.code_field, "join.code"),
            (self.name_field, "join.name"),
            (self.owner_field, "join.owner"),
        ):
            text.draw(surface, t(label), (field.rect.left, field.rect.top - 6), LABEL, theme.MUTED, anchor="bottomleft")
        link = self.link
        box = LOBBY_BOX
        panel(surface, box, (30, 35, 54))
        follower = self.follower
        lobby = follower.lobby if follower is not None else None
        if follower is None or lobby is None or self.state == "connecting":
            words = t("join.connecting", address=self.target) if self.state == "connecting" else t("join.not_yet")
            area = pygame.Rect(box.left + 24, box.top + 24, box.width - 48, box.height - 48)
            below = text.draw_wrapped(surface, words, area, 20, theme.MUTED) + 16
            # how to join, in the lobby's box until there is a lobby (the form's column is the fields')
            text.draw_wrapped(surface, t("join.help"), area.clip(area.move(0, below - area.top)), 17, theme.TEXT)
        elif link is None or not link.owns:
            top = self.connect_button.rect.bottom + 14
            area = pygame.Rect(40, top, 580, 652 - 8 - top)  # (above Back)
            text.draw_wrapped(surface, t("join.help"), area, 17, theme.TEXT)
        if follower is not None and lobby is not None and self.state != "connecting":
            name = follower.board.name if follower.board is not None else ""
            draw_board_header(surface, box, name, self.thumb, lobby["turns"], len(lobby["seats"]), lobby["clock"])
            seats = [s if isinstance(s, dict) else {} for s in lobby["seats"]][:MAX_RACERS]
            seat_rows(surface, seats, mine=follower.seat, chosen=self.chosen if self.state == "lobby" else None)
            if self.state == "watching":
                words, colour = t("join.watching"), theme.GOOD
            elif self.state == "seated":
                words, colour = t("join.seated", number=(follower.seat or 0) + 1), theme.GOOD
            elif not self.takeable():
                words, colour = t("join.no_seat"), theme.BAD
            else:
                words, colour = t("join.choose_seat"), theme.TEXT
            where = (box.left + 16, box.bottom - 14)
            text.fitted_line(surface, words, where, box.width - 32, 17, colour, "bold", anchor="bottomleft")
        self.group.draw(surface)
        if self.message:
            answered = link is not None and self.message == t("net.host_answer", said=link.follower.answer)
            colour = theme.GOOD if answered else theme.BAD
            text.draw_wrapped(surface, self.message, pygame.Rect(260, 650, 980, 56), 17, colour, "bold")
        else:
            keys = t("join.keys") if self.state == "form" else t("join.keys_lobby")
            text.draw(surface, keys, (260, 677), 16, theme.MUTED, anchor="midleft")
