"""Racing friends over the network from the window: hosting (the race setup's seats open for a
friend) and joining (the title's *Join a race*).

- `HostScene`: the host's lobby. It listens (game.network.Hosting, on a background thread), shows
  this machine's address, the port and a short room code to share, who has joined each seat, and
  the host's settings for friends who drop (the computer racer's level, after how long); the race
  starts when the host says so (seats nobody took are played by computer racers).
- `JoinScene`: the friend's side. It asks for the address, the room code and his name, connects,
  shows the host's setup (board, turns, seats) and lets him take an open seat with his character;
  when the host starts, every screen shows the same race.
- `KeyboardScene`: letters and digits on screen, for a game controller (no keyboard) to type.

Every screen answers the mouse, the keyboard and (through scenes/gamepad.py) a game controller; the
network's news are read from a queue each frame, never waited for.
"""

from __future__ import annotations

import logging
import random
from functools import partial
from typing import Any

import pygame

from game import Race, RacerSetup, ai, network
from game.app import session
from game.characters import CHARACTERS
from game.dice import RecordingDice
from game.race import MAX_RACERS
from scenes import assets, boards, userdata
from scenes.backdrop import backdrop
from scenes.i18n import character as character_name
from scenes.i18n import t
from scenes.netplay import MESSAGES_A_FRAME, FriendSeats, HostSeats, friend_setup, local_board
from scenes.render.board import BoardRenderer
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import Button, Choice, FocusGroup, TextField, Widget, panel, veil

log = logging.getLogger("fantasy-racing")
CHARACTER_IDS = list(CHARACTERS)
TAKEOVER_SECONDS = (0, 15, 30, 60, 120, 300)  # the host's choices of delay before a computer plays for a friend
DEFAULT_TAKEOVER = 60
LOBBY_BOX = pygame.Rect(650, 84, 590, 466)  # the host's board and seats, on the right of both screens
ROWS_TOP = LOBBY_BOX.top + 120
ROW_H = 58
ADDRESS_CHARS = ".:-[]_"  # besides letters and digits: 192.168.1.20:47810, [::1]:47810, my-pc.local


def seat_rows(
    surface: pygame.Surface,
    seats: list[dict[str, Any]],
    mine: int | None = None,
    chosen: int | None = None,
) -> list[pygame.Rect]:
    """The seats of a lobby, one row each: colour and number, who sits there (or that the seat is open),
    the character's portrait; returns the rows' rects."""
    rects = []
    for index, seat in enumerate(seats):
        row = seat_rect(index)
        rects.append(row)
        is_open = seat.get("kind") == "friend" and not seat.get("name")
        edge = theme.FOCUS if index == chosen else (theme.racer_colour(index) if index == mine else theme.PANEL_EDGE)
        panel(
            surface,
            row,
            theme.PANEL_LIGHT if index in (mine, chosen) else theme.PANEL,
            edge,
            radius=8,
            shadow=False,
            width=3 if index == chosen else 1,
        )
        centre = (row.left + 26, row.centery)
        pygame.draw.circle(surface, theme.racer_colour(index), centre, 15)
        text.draw(surface, str(index + 1), centre, 18, (20, 20, 28), "bold", anchor="center")
        character = seat.get("character") or ""
        if character in CHARACTERS:
            image = assets.portrait(character, ROW_H - 12)
            if image is not None:
                surface.blit(image, image.get_rect(midright=(row.right - 8, row.centery)))
        kind = seat.get("kind")
        if kind == "bot":
            level = seat.get("level")
            who = seat.get("name") or t("lobby.computer_racer")
            state, colour = (t(f"level.{level}") if level in ai.LEVELS else t("level.computer")), theme.MUTED
        elif kind == "here":
            who = seat.get("name") or t("lobby.person_here")
            state, colour = t("lobby.at_host"), theme.MUTED
        elif is_open:
            who = t("lobby.open_seat")
            state, colour = t("lobby.waiting_friend"), theme.ACCENT
        else:
            who = seat.get("name") or ""
            joined = seat.get("connected")
            state, colour = (t("lobby.joined"), theme.GOOD) if joined else (t("lobby.not_connected"), theme.BAD)
            if index == mine:
                state, colour = t("lobby.you"), theme.ACCENT
        text.draw(surface, _fit(who, 330, 20), (row.left + 54, row.top + 4), 20, theme.TEXT, "bold")
        line = character_name(character) if character in CHARACTERS else ""
        line = f"{line}  ·  {state}" if line and state else line or state
        text.draw(surface, line, (row.left + 54, row.bottom - 5), 16, colour, anchor="bottomleft")
    return rects


def seat_rect(index: int) -> pygame.Rect:
    """Where seat `index`'s row is."""
    return pygame.Rect(LOBBY_BOX.left + 12, ROWS_TOP + index * ROW_H, LOBBY_BOX.width - 24, ROW_H - 6)


def draw_board_header(surface: pygame.Surface, box: pygame.Rect, name: str, thumb, turns: int, count: int) -> None:
    """The lobby box's head: the board's name and picture, the turns and the racers."""
    if thumb is not None:
        surface.blit(thumb, thumb.get_rect(topright=(box.right - 14, box.top + 10)))
    text.draw(
        surface, _fit(name, box.width - 170, 26, "heading"), (box.left + 16, box.top + 14), 26, theme.ACCENT, "heading"
    )
    text.draw(surface, t("lobby.setup_line", turns=turns, count=count), (box.left + 16, box.top + 52), 18, theme.MUTED)


def _fit(words: str, room: int, size: int, kind: str = "bold") -> str:
    while len(words) > 3 and text.width(words, size, kind) > room:
        words = words[:-2] + "…"
    return words


class SeatRow(Widget):
    """A lobby's seat row under the mouse (the keyboard chooses with the seat chooser)."""

    focusable = False

    def __init__(self, rect, index: int, pick) -> None:
        super().__init__(rect)
        self.index, self.pick = index, pick

    def activate(self) -> bool:
        return bool(self.pick(self.index))


# ---------------------------------------------------------------- the host
class HostScene(Scene):
    """The host's lobby (see the module)."""

    def __init__(self, setup: dict) -> None:
        super().__init__()
        self.setup = dict(setup)
        self.group = FocusGroup()
        self.message = ""
        self.started = False
        self.hosting: network.Hosting | None = None
        self.port: int | None = None
        self.failed = ""
        self.takeover = DEFAULT_TAKEOVER
        self.takeover_level = "normal"

    def enter(self) -> None:
        self.board = boards.load(self.setup["board"])
        self.turns = int(self.setup["turns"])
        self.seed = random.randrange(2**31)
        self.code = network.room_code()
        seats = []
        for racer in self.setup["racers"]:
            kind = racer.get("seat") or ("bot" if racer.get("bot") else "here")
            if kind == "friend":
                seats.append(network.Seat("friend", character=racer["character"]))
            elif kind == "bot":
                seats.append(network.Seat("bot", bot=racer["bot"], name=racer["name"], character=racer["character"]))
            else:
                seats.append(network.Seat("here", name=racer["name"], character=racer["character"]))
        self.seats = [s.to_dict() for s in seats]
        settings = self.app.settings if self.app is not None else userdata.Settings()
        self.address = settings.host_address
        self.hosting = network.Hosting(
            self.board,
            self.turns,
            seats,
            self.code,
            self.seed,
            self.takeover,
            self.takeover_level,
            address=self.address,
            port=settings.host_port,
        )
        self.wanted_port = settings.host_port
        self.shown_address = self.address if self.address not in ("", "0.0.0.0", "::") else network.lan_address()
        self.thumb = BoardRenderer(self.board, 16).thumbnail((120, 100))
        self.group.set(
            [
                Choice(
                    (40, 444, 580, 44),
                    t("host.takeover_level"),
                    list(ai.LEVELS),
                    ai.LEVELS.index(self.takeover_level),
                    self.set_level,
                    lambda v: t(f"lobby.level.{v}"),
                    size=20,
                ),
                Choice(
                    (40, 498, 580, 44),
                    t("host.takeover_after"),
                    list(TAKEOVER_SECONDS),
                    TAKEOVER_SECONDS.index(DEFAULT_TAKEOVER),
                    self.set_delay,
                    lambda v: t("host.seconds", count=v) if v else t("host.at_once"),
                    size=20,
                ),
                Button((40, 652, 200, 50), t("common.back"), self.back),
                Button(
                    (LOBBY_BOX.right - 300, 652, 300, 50),
                    t("host.start"),
                    self.start,
                    primary=True,
                    hint=t("common.enter"),
                ),
            ],
            focus=3,
        )

    def exit(self) -> None:
        if not self.started and self.hosting is not None:
            self.hosting.close("closed")

    def set_level(self, level: str) -> None:
        self.takeover_level = level
        self._tell_takeover()

    def set_delay(self, seconds: int) -> None:
        self.takeover = seconds
        self._tell_takeover()

    def _tell_takeover(self) -> None:
        if self.hosting is not None:
            self.hosting.set_takeover(float(self.takeover), self.takeover_level)

    def back(self) -> None:
        """Stop hosting (the friends in the lobby are told) and go back to the setup."""
        self.stack.pop()

    def update(self, dt: float) -> None:
        hosting = self.hosting
        if hosting is None:
            return
        for _ in range(MESSAGES_A_FRAME):
            try:
                kind, data = hosting.notices.get_nowait()
            except Exception:  # queue.Empty
                return
            if kind == "listening":
                self.port = data["port"]
                log.info("hosting a race on port %s, room code %s", self.port, self.code)
            elif kind == "failed":
                self.failed = t("host.cannot_listen", port=data["port"], error=data["error"])
                log.warning("cannot host a race on port %s: %s", data["port"], data["error"])
            elif kind == "seats":
                self.seats = data["seats"]
            elif kind == "note":
                log.info("network: %s", data["line"])

    def start(self) -> None:
        """Start the race now: seats nobody took are played by computer racers of the chosen level."""
        hosting = self.hosting
        if hosting is None or self.port is None:
            self.message = self.failed or t("host.not_ready")
            return
        self.started = True
        seats = self.seats
        setups, kinds, levels, connected = [], [], [], []
        rng = random.Random(self.seed)
        for seat in seats:
            character = seat.get("character") or rng.choice(CHARACTER_IDS)
            kind = seat["kind"]
            if kind == "friend" and not seat.get("name"):
                kind = "bot"
                setups.append(RacerSetup(character, character_name(character), bot=self.takeover_level))
                levels.append(self.takeover_level)
            elif kind == "bot":
                setups.append(RacerSetup(character, seat.get("name") or character_name(character), bot=seat["level"]))
                levels.append(seat["level"])
            else:
                setups.append(RacerSetup(character, seat["name"]))
                levels.append("")
            kinds.append(kind)
            connected.append(bool(seat.get("connected")))
        dice = RecordingDice(self.seed)
        race = Race.new(self.board, setups, turns=self.turns, seed=self.seed, dice=dice)
        hosting.begin(setups, *dice.take(), bots=[i for i, s in enumerate(seats) if s["kind"] != kinds[i]])
        answering = HostSeats(hosting, kinds, levels, connected, dice, float(self.takeover), self.takeover_level)
        setup = {
            "board": self.setup["board"],
            "turns": self.turns,
            "racers": [
                {"character": s.character, "name": s.name, "bot": answering.bots_alone(race).get(i, s.bot)}
                for i, s in enumerate(setups)
            ],
        }
        playing = session.new_race(race, setup, bots=answering.bots_alone(race))  # as from the setup
        log.info("the hosted race starts: %s", ", ".join(f"{s.name} ({k})" for s, k in zip(setups, kinds)))
        self.stack.replace(self.stack.make("race", race, seats=answering, session=playing))

    def handle_event(self, event):
        if self.group.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 200)
        text.draw(surface, t("host.title"), (40, 22), 40, theme.ACCENT, "title")
        card = pygame.Rect(40, 84, 580, 320)
        panel(surface, card, (30, 35, 54))
        text.draw(surface, t("host.share"), (card.left + 20, card.top + 14), 24, theme.TEXT, "heading")
        port = self.port if self.port is not None else self.wanted_port
        if self.failed:
            area = pygame.Rect(card.left + 20, card.top + 60, card.width - 40, 150)
            text.draw_wrapped(surface, self.failed, area, 20, theme.BAD, "bold")
        else:
            address = f"{self.shown_address}:{port}" if self.shown_address else t("host.no_address", port=port)
            text.draw(surface, t("host.address"), (card.left + 20, card.top + 58), 17, theme.MUTED)
            text.draw(
                surface,
                _fit(address, card.width - 40, 36, "heading"),
                (card.left + 20, card.top + 78),
                36,
                theme.TEXT,
                "heading",
            )
            text.draw(surface, t("host.code"), (card.left + 20, card.top + 128), 17, theme.MUTED)
            text.draw(surface, self.code, (card.left + 20, card.top + 146), 46, theme.ACCENT, "title")
            if self.port is None:
                text.draw(
                    surface, t("host.opening"), (card.right - 20, card.top + 20), 16, theme.MUTED, anchor="topright"
                )
        help_area = pygame.Rect(card.left + 20, card.top + 214, card.width - 40, 100)
        text.draw_wrapped(surface, t("host.help", port=port), help_area, 16, theme.TEXT)
        text.draw(surface, t("host.when_away"), (40, 436), 16, theme.MUTED, anchor="bottomleft")
        box = pygame.Rect(LOBBY_BOX.left, LOBBY_BOX.top, LOBBY_BOX.width, 546)
        panel(surface, box, (30, 35, 54))
        draw_board_header(surface, box, self.board.name, self.thumb, self.turns, len(self.seats))
        seat_rows(surface, self.seats)
        open_seats = sum(1 for s in self.seats if s.get("kind") == "friend" and not s.get("name"))
        if open_seats:
            text.draw(
                surface,
                t("host.open_left", count=open_seats),
                (box.left + 16, box.bottom - 12),
                16,
                theme.MUTED,
                anchor="bottomleft",
            )
        self.group.draw(surface)
        if self.message:
            text.draw(surface, self.message, (40, 620), 17, theme.BAD, anchor="midleft")
        text.draw(surface, t("host.keys"), (260, 677), 16, theme.MUTED, anchor="midleft")


# ---------------------------------------------------------------- a friend
class JoinScene(Scene):
    """A friend joins a hosted race (see the module)."""

    def __init__(self, rejoin: dict[str, str] | None = None) -> None:
        super().__init__()
        self.rejoin = rejoin  # join again at once with this address, code and name
        self.group = FocusGroup()
        self.connection: network.Connection | None = None
        self.follower: network.Follower | None = None
        self.state = "form"  # "form", "connecting", "lobby" (choosing a seat), "seated" (waiting for the start)
        self.message = ""
        self.chosen = 0  # the seat to take
        self.character = "elf"
        self.thumb: pygame.Surface | None = None
        self.started = False

    def enter(self) -> None:
        settings = self.app.settings if self.app is not None else userdata.Settings()
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
            max_length=45,
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
            max_length=network.NAME_LENGTH,
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
            (40, 370, 580, 50),
            t("join.connect") if editing else t("join.disconnect"),
            self.connect if editing else self.disconnect,
            primary=editing,
        )
        widgets.append(self.connect_button)
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
    def connect(self) -> None:
        """Check the address, the code and the name, then connect and ask for the host's lobby."""
        address, code, name = self.address.strip(), self.code.strip().upper(), network.clean_name(self.name)
        try:
            host, port = network.split_address(address)
        except ValueError:
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
            settings.save()
        self.target = network.address_of(host, port)
        self.message = ""
        self.state = "connecting"
        self.follower = network.Follower()
        hello = {"type": "hello", "code": code, "name": name, "pick": True}
        self.connection = network.Connection(self.target, hello)
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
                except network.ProtocolError as error:
                    log.warning("the host at %s sent what this game cannot follow: %s", self.target, error)
                    self._drop(t("net.host_broken"))
                    return
                if self._heard(message):
                    return
            elif kind == "unreachable":
                log.info("no race answers at %s: %s", self.target, data["error"])
                self._drop(t("join.unreachable", address=self.target))
                return
            elif kind == "closed":
                self._drop(self._refusal(data.get("code", 1006), data.get("reason", "")))
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
            if first:
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
            self.state = "seated"
            self.chosen = follower.seat if follower.seat is not None else self.chosen
            self.layout(self.group.focus)
        elif kind == "bye":
            reason = message["reason"]
            self._drop(t("join.started") if reason == "started" else t("join.host_closed"))
            return True
        elif kind == "start" and follower.race is not None:
            self.start_race()
            return True
        return False

    def _refusal(self, code: int, reason: str) -> str:
        """The one sentence for a connection the host closed (or lost)."""
        known = {
            "a wrong room code": "join.wrong_code",
            "is already connected": "join.name_taken",
            "is already in a seat": "join.name_taken",
            "no open seat": "join.no_seat",
            "the race has started": "join.started",
            "is not open": "join.seat_gone",
        }
        for words, key in known.items():
            if words in reason:
                return t(key)
        if code in (1000, 1001, 1006) or not reason:
            return t("join.host_closed")
        return t("join.refused", reason=network.words_of_close(code, reason))

    def start_race(self) -> None:
        """The host started: the race, on this screen too."""
        follower, connection = self.follower, self.connection
        assert follower is not None and follower.race is not None and connection is not None
        self.started = True
        race = follower.race
        board = local_board(race.board.to_dict())
        if board is not race.board and board.to_dict() == race.board.to_dict():
            race.board = board  # the same board, with its Tiled art
        rejoin = {"address": self.address, "code": self.code.strip().upper(), "name": network.clean_name(self.name)}
        seats = FriendSeats(connection, follower, rejoin)
        log.info("joined the race at %s in seat %s", self.target, (follower.seat or 0) + 1)
        playing = session.Session.unsaved(race, friend_setup(race))  # the host's race: he keeps it
        self.stack.replace(self.stack.make("race", race, seats=seats, session=playing))

    def handle_event(self, event):
        focused = self.group.focused
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and isinstance(focused, TextField)
        ):
            self.connect()  # Enter from a field connects
            return None
        if self.group.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
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
        text.draw_wrapped(surface, t("join.help"), pygame.Rect(40, 440, 580, 120), 17, theme.TEXT)
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
            draw_board_header(surface, box, name, self.thumb, lobby["turns"], len(lobby["seats"]))
            seats = [s if isinstance(s, dict) else {} for s in lobby["seats"]][:MAX_RACERS]
            seat_rows(surface, seats, mine=follower.seat, chosen=self.chosen if self.state == "lobby" else None)
            if self.state == "seated":
                words, colour = t("join.seated", number=(follower.seat or 0) + 1), theme.GOOD
            elif not self.takeable():
                words, colour = t("join.no_seat"), theme.BAD
            else:
                words, colour = t("join.choose_seat"), theme.TEXT
            text.draw(surface, words, (box.left + 16, box.bottom - 14), 17, colour, "bold", anchor="bottomleft")
        self.group.draw(surface)
        if self.message:
            text.draw_wrapped(surface, self.message, pygame.Rect(260, 650, 980, 56), 17, theme.BAD, "bold")
        else:
            keys = t("join.keys") if self.state == "form" else t("join.keys_lobby")
            text.draw(surface, keys, (260, 677), 16, theme.MUTED, anchor="midleft")


# ---------------------------------------------------------------- typing with a controller
KEY_ROWS = ("1234567890", "ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ.:-_")
KEY = 64


class KeyboardScene(Scene):
    """Letters and digits on screen: the arrows move, Enter types, Escape (a controller's B) closes."""

    opaque = False

    def __init__(self, field: TextField) -> None:
        super().__init__()
        self.field = field
        self.row, self.col = 1, 0
        self.keys: list[list[tuple[str, pygame.Rect]]] = []
        left, top = (theme.SIZE[0] - 10 * (KEY + 8)) // 2, 250
        for r, letters in enumerate(KEY_ROWS):
            self.keys.append(
                [(ch, pygame.Rect(left + c * (KEY + 8), top + r * (KEY + 8), KEY, KEY)) for c, ch in enumerate(letters)]
            )
        bottom = top + len(KEY_ROWS) * (KEY + 8)
        wide = (10 * (KEY + 8) - 16) // 3
        self.keys.append(
            [
                (name, pygame.Rect(left + k * (wide + 8), bottom, wide, KEY))
                for k, name in enumerate(("erase", "space", "done"))
            ]
        )

    def press(self, key: str) -> None:
        if key == "erase":
            self.field.erase()
        elif key == "space":
            self.field.type(" ")
        elif key == "done":
            self.stack.pop()
        else:
            self.field.type(key.lower() if not self.field.upper and key.isalpha() else key)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stack.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.press(self.keys[self.row][self.col][0])
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(self.keys)
                self.col = min(self.col, len(self.keys[self.row]) - 1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.col = (self.col + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.keys[self.row])
            elif event.key == pygame.K_BACKSPACE:
                self.field.erase()
            elif getattr(event, "unicode", ""):
                self.field.type(event.unicode)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, row in enumerate(self.keys):
                for c, (key, rect) in enumerate(row):
                    if rect.collidepoint(event.pos):
                        self.row, self.col = r, c
                        self.press(key)
                        return None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 190)
        frame = pygame.Rect(0, 0, 10 * (KEY + 8) + 40, 5 * (KEY + 8) + 140)
        frame.midtop = (theme.SIZE[0] // 2, 150)
        panel(surface, frame, (30, 35, 54))
        shown = self.field.value or " "
        box = pygame.Rect(frame.left + 20, frame.top + 20, frame.width - 40, 52)
        panel(surface, box, (24, 28, 42), theme.FOCUS, radius=6, shadow=False, width=2)
        text.draw(
            surface,
            _fit(shown, box.width - 24, 26, "body"),
            (box.left + 12, box.centery),
            26,
            theme.TEXT,
            anchor="midleft",
        )
        for r, row in enumerate(self.keys):
            for c, (key, rect) in enumerate(row):
                focused = (r, c) == (self.row, self.col)
                panel(
                    surface,
                    rect,
                    theme.PANEL_LIGHT if focused else theme.PANEL,
                    theme.FOCUS if focused else theme.PANEL_EDGE,
                    radius=8,
                    shadow=False,
                    width=3 if focused else 1,
                )
                label = t(f"keyboard.{key}") if key in ("erase", "space", "done") else key
                text.draw(surface, label, rect.center, 24 if len(key) == 1 else 20, theme.TEXT, "bold", anchor="center")
        text.draw(surface, t("keyboard.keys"), (frame.centerx, frame.bottom - 12), 16, theme.MUTED, anchor="midbottom")
