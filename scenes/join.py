"""A friend joins a network race from his window (the title's *Join a race*).

`JoinScene` asks for the address, the room code and his name, connects (scenes.bridges.network
.Connection), shows the host's setup (board, turns, seats) and lets him take an open seat with his
character; when the host starts, every screen shows the same race. A controller types on the screen's
keyboard (scenes/keyboard.py).

It answers the mouse, the keyboard and (through scenes/gamepad.py) a game controller; the network's
news are read from a queue each frame, never waited for.
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
from game.net.protocol import (
    NAME_LENGTH,
    ProtocolError,
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
from scenes import controls
from scenes.backdrop import backdrop
from scenes.bridges.network import Connection
from scenes.i18n import character as character_name
from scenes.i18n import t
from scenes.keyboard import KeyboardScene
from scenes.lobby import CHARACTER_IDS, LOBBY_BOX, SeatRow, draw_board_header, seat_rect, seat_rows
from scenes.netplay import MESSAGES_A_FRAME, FriendSeats, friend_setup, local_board
from scenes.render.board import BoardRenderer
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import Button, Choice, FocusGroup, TextField, Widget, panel, veil

log = logging.getLogger("fantasy-racing")
AGAIN = (1012, 1013)  # closes after which a friend joining again tries once more: his host is away from the relay
TRIES, AGAIN_AFTER = 40, 1.5  # how many times, how many seconds apart (a minute: the host connects again)
ADDRESS_CHARS = ".:-[]_/"  # besides letters and digits: 192.168.1.20:47810, [::1]:47810, my-pc.local, an invite


class JoinScene(Scene):
    """A friend joins a hosted race (see the module)."""

    def __init__(self, rejoin: dict[str, str] | None = None) -> None:
        super().__init__()
        self.rejoin = rejoin  # join again at once with this address, code and name
        self.group = FocusGroup()
        self.connection: Connection | None = None
        self.follower: Follower | None = None
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
        self.layout()
        if self.rejoin:
            self.connect()

    def exit(self) -> None:
        if not self.started and self.connection is not None:
            self.connection.close()

    # ---------------------------------------------------------------- widgets
    def layout(self, focus: int | None = None) -> None:
        editing = self.state == "form"
        self.address_field = TextField(
            (40, 130, 450, 44),
            self.address,
            self.set_address,
            max_length=INVITE_LENGTH,
            size=20,
            placeholder=t("join.address_example"),
            allowed=ADDRESS_CHARS,
        )
        self.code_field = TextField(
            (40, 218, 450, 44),
            self.code,
            self.set_code,
            max_length=12,
            size=22,
            placeholder=t("join.code_example"),
            allowed="-",
            upper=True,
        )
        self.name_field = TextField(
            (40, 306, 450, 44),
            self.name,
            self.set_name,
            max_length=NAME_LENGTH,
            size=20,
            placeholder=t("join.name_example"),
        )
        fields = [self.address_field, self.code_field, self.name_field]
        widgets: list[Widget] = []
        for field in fields:
            field.enabled = editing
            keyboard = Button((500, field.rect.top, 120, 44), t("join.type"), partial(self.type_into, field), size=17)
            keyboard.enabled = editing
            widgets += [field, keyboard]
        self.connect_button = Button(
            (40, 370, 420 if editing else 580, 50),
            t("join.connect") if editing else t("join.disconnect"),
            self.connect if editing else self.disconnect,
            primary=editing,
        )
        widgets.append(self.connect_button)
        if editing:  # a spectator: the race without a seat (never a seat key)
            widgets.append(Button((470, 370, 150, 50), t("join.watch"), partial(self.connect, True), size=20))
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
            if isinstance(seat, dict) and (i == mine or (seat.get("kind") == "friend" and not seat.get("name")))
        ]

    def set_address(self, value: str) -> None:
        self.address = value

    def set_code(self, value: str) -> None:
        self.code = value

    def set_name(self, value: str) -> None:
        self.name = value

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
        if self.app is not None:
            settings = self.app.settings
            settings.join_address, settings.join_code, settings.player_name = address, code, name
            self.app.save_settings()
        self.target = address_of(host, port) if invite is None else invite.relay.text
        self.message = ""
        self.state = "connecting"
        self.follower = Follower()
        self.watching = watch
        hello: dict[str, Any] = {"type": "hello", "code": code, "name": name}
        hello.update({"watch": True} if watch else {"pick": True})
        self.place = key_place(self.target, code, name)  # where the settings keep this seat's key
        key = self.app.settings.seat_keys.get(self.place, "") if self.app is not None else ""
        if key:
            hello["token"] = key  # the seat taken before: it is his again (after a drop, a restart)
        if invite is not None:
            tls = client_context() if invite.relay.secure else None
            self.connection = Connection(self.target, hello, url=invite.url, ssl=tls)
        else:
            self.connection = Connection(self.target, hello)
        self.layout()

    def disconnect(self) -> None:
        """Leave the lobby (back to the form)."""
        self._drop("")

    def _drop(self, message: str) -> None:
        if self.connection is not None:
            self.connection.close()
        self.connection, self.follower, self.state, self.message = None, None, "form", message
        self.thumb = None
        self.layout()

    def take(self) -> None:
        if self.connection is not None and self.follower is not None and self.follower.lobby is not None:
            self.connection.send({"type": "take", "seat": self.chosen, "character": self.character})

    def back(self) -> None:
        self.stack.pop()

    def update(self, dt: float) -> None:
        if self.again_in is not None:
            self.again_in -= dt
            if self.again_in <= 0:
                self.again_in = None
                self.connect()
        connection, follower = self.connection, self.follower
        if connection is None or follower is None:
            return
        for _ in range(MESSAGES_A_FRAME):
            got = connection.get()
            if got is None:
                return
            kind, data = got
            if kind == "message":
                try:
                    message = follower.receive(data)
                except ProtocolError as error:
                    log.warning("the host at %s sent what this game cannot follow: %s", self.target, error)
                    self._drop(t("net.host_broken"))
                    return
                if self._heard(message):
                    return
            elif kind == "broken":
                log.warning("the host at %s sent what this game cannot follow: %s", self.target, data["error"])
                self._drop(t("net.host_broken"))
                return
            elif kind == "unreachable":
                log.info("no race answers at %s: %s", self.target, data["error"])
                refusal = "join.untrusted" if data.get("untrusted") else "join.unreachable"
                self._drop(t(refusal, address=self.target))
                return
            elif kind == "closed":
                code = data.get("code", 1006)
                if code in AGAIN and self.rejoin and self.tries < TRIES:
                    self._drop(t("join.host_away"))  # (the host's line to his relay dropped: he comes back)
                    self.tries, self.again_in = self.tries + 1, AGAIN_AFTER
                    return
                self._drop(self._refusal(code, data.get("reason", "")))
                return

    def _heard(self, message: dict[str, Any]) -> bool:
        """One message from the host; True when the scene changed (the race started)."""
        follower = self.follower
        assert follower is not None
        kind = message["type"]
        if kind == "lobby":
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
                        if isinstance(s, dict)
                        and s.get("kind") == "friend"
                        and not s.get("name")
                        and s.get("character") in CHARACTERS
                    ),
                    None,
                )
                if mine is not None:
                    self.character = mine["character"]
            self.layout(self.group.focus)
            if first and self.take_button is not None:
                self.group.focus_on(self.take_button)  # Enter (a controller's A) takes the seat proposed
        elif kind == "welcome":
            if follower.race is None and self.connection is not None:
                self.connection.send({"type": "ready"})  # (the host keeps a seat only for a game that is ready)
            if self.app is not None and follower.token:
                self.app.settings.keep_seat_key(self.place, follower.token)  # to take the seat back after a drop
                self.app.save_settings()
            self.state = "seated"
            self.chosen = follower.seat if follower.seat is not None else self.chosen
            self.layout(self.group.focus)
        elif kind == "bye":
            reason = message["reason"]
            words = {"started": "join.started", "removed": "join.removed", "elsewhere": "net.elsewhere"}
            words["unready"] = "join.unready"
            self._drop(t(words.get(reason, "join.host_closed")))
            return True
        elif kind == "start" and follower.race is not None:
            self.start_race()
            return True
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
        follower, connection = self.follower, self.connection
        assert follower is not None and follower.race is not None and connection is not None
        self.started = True
        race = follower.race
        board = local_board(race.board.to_dict())
        if board is not race.board and board.to_dict() == race.board.to_dict():
            race.board = board  # the same board, with its Tiled art
        rejoin = {"address": self.address, "code": plain_code(self.code), "name": clean_name(self.name)}
        seats = FriendSeats(connection, follower, rejoin)
        log.info("joined the race at %s in seat %s", self.target, (follower.seat or 0) + 1)
        playing = session.Session.unsaved(race, friend_setup(race))  # the host's race: he keeps it
        self.stack.replace(self.stack.make("race", race, seats=seats, session=playing))

    def handle_event(self, event):
        focused = self.group.focused
        if controls.pressed(event, Action.CONFIRM) and isinstance(focused, TextField):
            self.connect()  # Enter from a field connects
            return None
        if self.group.handle_event(event):
            return None
        if controls.pressed(event, Action.BACK):
            if self.state == "form":
                self.back()
            else:
                self.disconnect()
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
        ):
            text.draw(surface, t(label), (field.rect.left, field.rect.top - 6), 17, theme.MUTED, anchor="bottomleft")
        text.draw_wrapped(surface, t("join.help"), pygame.Rect(40, 440, 580, 200), 17, theme.TEXT)  # (above Back)
        box = LOBBY_BOX
        panel(surface, box, (30, 35, 54))
        follower = self.follower
        lobby = follower.lobby if follower is not None else None
        if follower is None or lobby is None or self.state == "connecting":
            words = t("join.connecting", address=self.target) if self.state == "connecting" else t("join.not_yet")
            area = pygame.Rect(box.left + 24, box.top + 24, box.width - 48, 120)
            text.draw_wrapped(surface, words, area, 20, theme.MUTED)
        else:
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
            text.draw_wrapped(surface, self.message, pygame.Rect(260, 650, 980, 56), 17, theme.BAD, "bold")
        else:
            keys = t("join.keys") if self.state == "form" else t("join.keys_lobby")
            text.draw(surface, keys, (260, 677), 16, theme.MUTED, anchor="midleft")
