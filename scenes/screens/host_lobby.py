"""The host's lobby of a network race (the race setup's *Host the race*, a seat open for a friend).

`HostScene` opens THE host of the race in a process of its own (scenes.bridges.network.Hosting) and
shows this machine's address, the port and a short room code to share, who has joined each seat, and
the host's settings for friends who drop (the computer racer's level, after how long). The race starts
when the host says so (seats nobody took are played by computer racers): the host builds it and sends
its start to this screen as to every friend, and the race scene follows it from there.

A network race its host saved in progress (a game of the list) opens the same room again with the
same code (`reopen`): its race goes on at once from where it stopped, each friend taking his seat
back as after a dropped connection (a computer racer plays for one who does not come back, after
the lobby's delay).

It answers the mouse, the keyboard and (through scenes/core/gamepad.py) a game controller; the network's
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
from game.net.client import Follower
from game.net.protocol import TURN_CLOCK, lan_address, room_code
from game.net.seats import Seat
from game.net.window_room import Terms
from game.rules import levels, seeds
from game.rules.characters import CHARACTERS
from scenes.bridges.link import Happened, Link
from scenes.bridges.network import Hosting
from scenes.core import boards, controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import board_name, t
from scenes.core.i18n import character as character_name
from scenes.core.stack import Scene
from scenes.render.board import BoardRenderer
from scenes.screens.friends import FriendsScene, HostGuide
from scenes.screens.invite_card import ReachCard
from scenes.screens.kinds import open_seat
from scenes.screens.lobby import CLOCK_SECONDS, LOBBY_BOX, draw_board_header, seat_rows
from scenes.screens.netplay import HostSeats
from scenes.ui.widgets import Button, Choice, FocusGroup, confirm_key, panel, veil

log = logging.getLogger("fantasy-racing")
TAKEOVER_SECONDS = (0, 15, 30, 60, 120, 300)  # the host's choices of delay before a computer plays for a friend
DEFAULT_TAKEOVER = 60


class HostScene(Scene):
    """The host's lobby (see the module)."""

    def __init__(self, setup: dict[str, Any], reopen: session.Session | None = None) -> None:
        super().__init__()
        self.setup = dict(setup)
        self.reopen = reopen  # a race this host saved in progress: its room opens again
        self.group = FocusGroup()
        self.message = ""
        self.started = False  # the host was told to start
        self.handed = False  # the race scene follows the host from now on (it closes it when it goes)
        self.hosting: Hosting | None = None
        self.link: Link | None = None  # this screen's link to its host (its messages followed)
        self.port: int | None = None
        self.failed = ""
        self.takeover = DEFAULT_TAKEOVER
        self.takeover_level: levels.Policy = "normal"
        self.clock = round(TURN_CLOCK)  # on by default: a silent friend cannot hold the race (0 in the lobby: none)
        self.watching = 0  # spectators following the room (with the invite or the code, without a seat)

    def enter(self) -> None:
        record = None
        try:
            reopened = self._reopened()
        except (KeyError, TypeError, ValueError) as error:  # (a saved race, damaged: it stays in the list)
            reopened, self.failed = ([], None), t("host.cannot_reopen", error=error)
        if reopened is not None:
            seats, record = reopened
        else:
            self.board = boards.load(self.setup["board"])
            self.turns = int(self.setup["turns"])
            # the host's secret: 128 bits from the system, its dice keyed (no friend finds it from the faces)
            self.seed = int(self.setup["seed"]) if "seed" in self.setup else seeds.hosted()
            self.code = room_code()
            seats = []
            for racer in self.setup["racers"]:
                kind: levels.SeatKind = racer.get("seat") or ("bot" if racer.get("bot") else "here")
                if kind == "friend":
                    seats.append(Seat("friend", character=racer["character"]))
                elif kind == "bot":
                    seats.append(Seat("bot", bot=racer["bot"], name=racer["name"], character=racer["character"]))
                else:
                    seats.append(Seat("here", name=racer["name"], character=racer["character"]))
        self.seats = [s.to_dict() for s in seats]
        self.lineup = seats  # (the seats as the room started: what a save keeps if the room does not answer)
        settings = self.app.settings if self.app is not None else Settings()
        self.address = settings.host_address
        here = [i for i, seat in enumerate(seats) if seat.kind == "here"]
        follower = Follower(mine=here, host_seed=self.seed, host_board=self.board)
        if not self.failed:  # (a race saved in progress: its friends take their seats back with their keys)
            terms = Terms(
                self.board,
                self.turns,
                seats,
                self.code,
                self.seed,
                takeover=self.takeover,
                takeover_level=self.takeover_level,
                clock=float(self.clock),
                names={character: character_name(character) for character in CHARACTERS},
                record=record,
            )
            self.hosting = Hosting(terms, address=self.address, port=settings.host_port)
            self.link = Link.hosted(self.hosting, follower)
        self.wanted_port = settings.host_port
        self.shown_address = self.address if self.address not in ("", "0.0.0.0", "::") else lan_address()
        self.thumb = BoardRenderer(self.board, 16).thumbnail((120, 100))
        hosting = self.hosting
        self.reach = ReachCard(
            settings.relay,
            hosting.open_relay if hosting is not None else (lambda relay: None),
            lambda: self.lay_out(keep=True),
        )
        self.lay_out()
        if self.reopen is not None and self.setup.get("reach") == "internet" and not self.failed:
            self.reach.set_reach("internet")  # (the same code and seed: the same invite, the host proves it)

    def lay_out(self, keep: bool = False) -> None:
        """The lobby's widgets: how friends reach the race (and Copy), the host's settings, the buttons;
        the focus where it was (`keep`), else on *Start the race*."""
        focused = self.group.focused if keep else None
        reach = self.reach.widgets()
        y = self.choices_top()
        self.group.set(
            [
                *reach,
                Choice(
                    (40, y + 0, 580, 44),
                    t("host.takeover_level"),
                    list(levels.LEVELS),
                    levels.LEVELS.index(self.takeover_level),
                    self.set_level,
                    lambda v: t(f"lobby.level.{v}"),
                    size=20,
                ),
                Choice(
                    (40, y + 54, 580, 44),
                    t("host.takeover_after"),
                    list(TAKEOVER_SECONDS),
                    TAKEOVER_SECONDS.index(self.takeover if self.takeover in TAKEOVER_SECONDS else DEFAULT_TAKEOVER),
                    self.set_delay,
                    lambda v: t("host.seconds", count=v) if v else t("host.at_once"),
                    size=20,
                ),
                Choice(
                    (40, y + 108, 580, 44),
                    t("host.clock"),
                    list(CLOCK_SECONDS),
                    CLOCK_SECONDS.index(self.clock),
                    self.set_clock,
                    lambda v: t("host.seconds", count=v) if v else t("host.no_clock"),
                    size=20,
                ),
                Button((40, 652, 200, 50), t("common.back"), self.back),
                Button(
                    (LOBBY_BOX.right - 206, 578, 190, 42),
                    t("host.friends"),
                    self.friends,
                    size=19,
                    hint=partial(controls.words, Action.FRIENDS),
                ),
                Button(
                    (LOBBY_BOX.right - 300, 652, 300, 50),
                    t("host.start"),
                    self.ask_start,
                    primary=True,
                    hint=confirm_key,
                ),
            ],
            focus=len(reach) + 5,
        )
        if focused is not None:
            same = [w for w in self.group.widgets if type(w) is type(focused) and w.rect == focused.rect]
            if same:
                self.group.focus_on(same[0])

    def choices_top(self) -> int:
        """Where the takeover's choices start: as designed (444), or lower when the line above them
        takes more lines at the Text size."""
        return max(444, 84 + 320 + 8 + len(text.wrap(t("host.when_away"), 580, 16)) * text.line_height(16) + 4)

    def _reopened(self) -> tuple[list[Seat], dict[str, Any] | None] | None:
        """A saved race's seats and record (its friends' racers persons again), its board, turns, seed,
        code and the lobby's delay and level as they were; None for a new race. ValueError, KeyError or
        TypeError for a saved race that cannot open its room again."""
        if self.reopen is None:
            return None
        race, setup = self.reopen.race, self.setup
        self.board, self.turns, self.seed = race.board, race.turns, race.seed or 0
        self.code = str(setup.get("code") or "")
        takeover, level = setup.get("takeover"), setup.get("takeover_level")
        self.takeover = takeover if takeover in TAKEOVER_SECONDS else DEFAULT_TAKEOVER
        self.takeover_level = level if level in levels.LEVELS else "normal"
        if race.seed is None or race.over or not self.code:
            raise ValueError("the race has no seed of its own or no room code, or is over")
        seats = [Seat.from_saved(seat) for seat in setup["seats"]]
        record = race.to_dict()
        for racer, seat in zip(record["racers"], seats):
            if seat.kind == "friend":
                racer["bot"] = None  # (saved as a computer racer, to be resumed alone: a friend's seat again)
        return seats, record

    def exit(self) -> None:
        if not self.handed and self.link is not None:
            self.link.close("closed")

    def set_level(self, level: levels.Policy) -> None:
        self.takeover_level = level
        self._tell_takeover()

    def set_delay(self, seconds: int) -> None:
        self.takeover = seconds
        self._tell_takeover()

    def set_clock(self, seconds: int) -> None:
        self.clock = seconds
        if self.hosting is not None:
            self.hosting.set_clock(float(seconds))

    def friends(self) -> None:
        """The friends' seats, to remove one (his seat opens again)."""
        link = self.link
        if link is not None:
            self.stack.push(FriendsScene(link, link.seat_states, started=False))

    def _tell_takeover(self) -> None:
        if self.hosting is not None:
            self.hosting.set_takeover(float(self.takeover), self.takeover_level)

    def back(self) -> None:
        """Stop hosting (the friends in the lobby are told) and go back to the setup."""
        self.stack.pop()

    def update(self, dt: float) -> None:
        if self.link is None:
            return
        for news in self.link.news():
            message, data = news.message, news.data
            if news.kind is Happened.LISTENING:
                self.port = data["port"]
                log.info("hosting a race on port %s, room code %s", self.port, self.code)
            elif news.kind is Happened.FAILED:
                self.failed = t("host.cannot_listen", port=data["port"], error=data["error"])
                log.warning("cannot host a race on port %s: %s", data["port"], data["error"])
            elif self.reach.heard(news.kind, data):
                pass
            elif news.kind is Happened.NOTE:
                log.info("network: %s", data["line"])
            elif message is not None and message["type"] == "lobby":
                self.seats = [dict(seat) for seat in message["seats"]]
                self.watching = message.get("watching", 0)
            elif message is not None and message["type"] == "start":
                self.race_started()
                return

    def open_seats(self) -> int:
        """How many seats open for a friend nobody has taken yet."""
        return sum(1 for s in self.seats if open_seat(s))

    def ask_start(self) -> None:
        """*Start the race* (or Enter): with seats still open, asked first (computer racers would play
        them); else at once."""
        waiting = self.open_seats()
        if waiting and self.hosting is not None and self.port is not None and not self.started:
            question = t("host.start_question", count=waiting)
            detail = t("host.start_detail", level=t(f"lobby.level.{self.takeover_level}"))
            self.stack.push(self.stack.make("question", question, self.start, yes=t("host.start_yes"), detail=detail))
            return
        self.start()

    def start(self) -> None:
        """Start the race now: seats nobody took (as this screen shows them) are played by computer
        racers of the chosen level. The host builds the race and sends its start here too."""
        hosting = self.hosting
        if hosting is None or self.port is None:
            self.message = self.failed or t("host.not_ready")
            return
        if self.started:
            return
        self.started = True
        assert self.link is not None
        self.link.start([i for i, seat in enumerate(self.seats) if open_seat(seat)])

    def race_started(self) -> None:
        """The host's start came: the race, on this screen, following the host."""
        hosting, link = self.hosting, self.link
        assert hosting is not None and link is not None
        follower = link.follower
        race = follower.race
        assert race is not None
        kinds: list[levels.SeatKind] = [
            "here" if i in follower.mine else ("bot" if r.setup.bot else "friend") for i, r in enumerate(race.racers)
        ]
        answering = HostSeats(link, kinds, self.takeover_level)
        bots = answering.bots_alone(race)
        setup = {
            "board": self.setup["board"],
            "turns": self.turns,
            "racers": [
                {"character": s.character, "name": s.name, "bot": bots.get(i, s.bot)} for i, s in enumerate(race.setups)
            ],
            # the games in progress say so, with the room's code; Resume opens the room again with its seats
            "network": "host",
            "code": self.code,
            "seats": hosting.seats_saved() or [seat.saved() for seat in self.lineup],
            "takeover": self.takeover,
            "takeover_level": self.takeover_level,
            "reach": self.reach.reach,  # through a relay: resumed, the room registers the same invite again
        }
        path = self.reopen.path if self.reopen is not None else None  # (reopened: the same game goes on)
        playing = session.new_race(race, setup, bots=bots, path=path)  # as from the setup
        self.handed = True
        guide = HostGuide(link, link.seat_states)  # F: his friends' seats, over the race
        self.stack.replace(self.stack.make("race", race, seats=answering, session=playing, guide=guide))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.group.handle_screen(
            event, {Action.BACK: self.back, Action.CONFIRM: self.ask_start, Action.FRIENDS: self.friends}
        )
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 200)
        text.draw(surface, t("host.title"), (40, 22), 40, theme.ACCENT, "title")
        card = pygame.Rect(40, 84, 580, 320)
        panel(surface, card, (30, 35, 54))
        port = self.port if self.port is not None else self.wanted_port
        if self.failed:
            area = pygame.Rect(card.left + 20, card.top + 60, card.width - 40, 150)
            text.draw_wrapped(surface, self.failed, area, 20, theme.BAD, "bold")
        else:
            address = f"{self.shown_address}:{port}" if self.shown_address else t("host.no_address", port=port)
            self.reach.draw(surface, address, self.code, port, opening=self.port is None)
        lines = text.wrap(t("host.when_away"), 580, 16)  # (on more lines when it must, never smaller)
        y = self.choices_top() - 8 - len(lines) * text.line_height(16)
        for line in lines:
            y = text.draw(surface, line, (40, y), 16, theme.MUTED).bottom
        box = pygame.Rect(LOBBY_BOX.left, LOBBY_BOX.top, LOBBY_BOX.width, 546)
        panel(surface, box, (30, 35, 54))
        draw_board_header(surface, box, board_name(self.board), self.thumb, self.turns, len(self.seats), self.clock)
        seat_rows(surface, self.seats)
        open_seats = self.open_seats()
        said = [t("host.watching", count=self.watching)] if self.watching else []
        said += [t("host.open_left", count=open_seats)] if open_seats else []
        friends = next(w for w in self.group.widgets if isinstance(w, Button) and w.action == self.friends)
        room = friends.rect.left - 12 - (box.left + 16)  # (left of Friends…, on more lines when it must)
        y = box.bottom - 12
        for line in reversed([part for words in said for part in text.wrap(words, room, 16)]):
            y = text.draw(surface, line, (box.left + 16, y), 16, theme.MUTED, anchor="bottomleft").top
        self.group.draw(surface)
        if self.message:
            text.draw(surface, self.message, (40, 620), 17, theme.BAD, anchor="midleft")
        keys = pygame.Rect(260, 650, LOBBY_BOX.right - 300 - 12 - 260, 64)  # (left of Start the race)
        text.draw_wrapped(surface, t("host.keys"), keys, 16, theme.MUTED, spacing=0, whole=True)
