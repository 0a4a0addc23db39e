"""The room of a hosted race: its seats and its connections (docs/network.md).

A `Room` is the part of a host (`game.net.host.Host`) that knows who is there: each connection's
hello (a room code, a name, a seat key), the lobby and its news (a few a second at most, whatever
the friends do), who takes which seat and with which key, who left and came back (the takeover
clock), and the host's own hand on the seats: `remove` a friend from his seat, `release` a seat (let
its friend back in without his key). Everything it sends goes out in the order it was decided
(`_in_order`); a message it refuses raises ProtocolError, and the transport closes that connection.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import math
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

from game.boards.board import Board
from game.meta.words import said
from game.net.outbox import Outboxes
from game.net.protocol import (
    PHRASE_SPACING,
    READY_WITHIN,
    SEND_TIMEOUT,
    TURN_CLOCK,
    WATCHERS,
    ProtocolError,
    check,
    clean_name,
    code_problem,
    plain_code,
    same_name,
    seat_token,
)
from game.net.seats import Client, Seat
from game.net.tasks import spawn
from game.rules import levels
from game.rules.characters import CHARACTERS
from game.rules.race import Race

log = logging.getLogger("fantasy-racing.network")
LOBBY_NEWS = 0.25  # seconds between two lobby news, at least (a friend's changes come together)

P = ParamSpec("P")
R = TypeVar("R")
H = TypeVar("H", bound="Room")


def _in_order(
    method: Callable[Concatenate[H, P], Awaitable[R]],
) -> Callable[Concatenate[H, P], Coroutine[Any, Any, R]]:
    """A host's sending method, run one at a time in the order called: a client never gets a step
    before the start that it follows, nor an ask before the step that leads to it."""

    async def ordered(host: H, /, *args: P.args, **kwargs: P.kwargs) -> R:
        async with host.outbox:
            return await method(host, *args, **kwargs)

    ordered.__doc__ = method.__doc__
    return ordered


class Room(ABC):
    """The seats and connections of one hosted race (see the module); `Host` adds the race.

    `say(line)` hears what the room logs (joins, leaves, refusals); `clock`: the seconds a connected
    friend has for each decision (0: no limit); `watch(seats)`, when given, hears the seats
    (`seat_states`) whenever they change (the window host's screen)."""

    def __init__(
        self,
        board: Board,
        turns: int,
        seats: list[Seat],
        code: str,
        takeover: float = 60.0,
        takeover_level: levels.Policy = "normal",
        auto_start: bool = True,
        say: Callable[[str], None] | None = None,
        clock: float = TURN_CLOCK,
    ) -> None:
        problem = code_problem(code)
        if problem:
            raise ValueError(problem)
        self.board, self.turns, self.seats, self.code = board, turns, seats, code
        self.takeover, self.takeover_level, self.clock = takeover, takeover_level, clock
        self.auto_start = auto_start  # the dedicated host starts when every seat is taken; a window when told
        self.say = say or (lambda line: None)
        self.watch: Callable[[list[dict[str, Any]]], None] | None = None
        self.now = time.monotonic  # the room's clock (a test's may be another)
        self.tick = 1.0  # seconds between two looks at the clocks while nothing happens (a test's may be shorter)
        self.screen: Client | None = None  # the host's own screen (a window's): a client answering the "here" seats
        self.looking: dict[Any, str] = {}  # connected, no seat taken yet (a window's friend in the lobby): his name
        self.watchers: dict[Any, str] = {}  # spectators (WATCHERS at most): the race's news, never a seat or key
        self.phrased: dict[int, float] = {}  # seat -> when its last quick message went out
        self.started = False
        self.over = False  # the race is over, or the host left
        self.closed = False  # the host left
        self.race: Race | None = None
        self.opening: dict[str, Any] | None = None  # the race's record at its start (no seed, no choice)
        self.asked: dict[int, dict[str, Any]] = {}  # racer -> the ask message sent for the pending decision
        self.deadline: dict[int, tuple[int, float]] = {}  # racer -> (choice index, when his turn clock runs out)
        self.events: list[str] = []  # what the room logged (joins, leaves, refusals)
        self.go = asyncio.Event()  # the race may start
        self.changed = asyncio.Event()  # what the driver waits for happened: a choice, a join, a leave
        self.outbox = asyncio.Lock()  # what a host sends goes out in the order it was decided (_in_order)
        self.outboxes = Outboxes(self.note)  # each connection's own queue: a slow one delays nobody else
        self.lobby_due = False  # the seats changed since the last lobby news
        self.lobby_sent = -math.inf  # when the last lobby news went out
        self.lobby_task: asyncio.Task[None] | None = None

    @abstractmethod
    def start_message(self) -> dict[str, Any]:
        """The race so far, for a friend who starts following it (`Host`)."""

    def note(self, line: str) -> None:
        self.events.append(line)
        log.info("%s", line)
        self.say(line)

    # ------------------------------------------------------------ sending
    def clients(self) -> list[Any]:
        """The friends' connections."""
        return [s.client for s in self.seats if s.client is not None]

    def client_of(self, racer: int) -> Any:
        """Who answers a racer's decisions: his friend's connection, the host's screen, or None (a computer)."""
        seat = self.seats[racer]
        return self.screen if seat.kind == "here" else seat.client

    async def send(self, client: Client, message: dict[str, Any], wait: bool = False) -> None:
        """To one client, after what waits for it (its own queue: nobody else waits for it); `wait`: until it
        left (a last word before its connection is closed), SEND_TIMEOUT seconds at most."""
        if client is not None:
            sent = self.outboxes.put(client, json.dumps(message))
            if wait:
                await sent

    async def broadcast(self, message: dict[str, Any], lobby: bool = False) -> list[asyncio.Future[None]]:
        """To every seated friend and the host's screen (and those looking at the lobby, for lobby news):
        queued for each (game/net/outbox.py), never waiting for one that does not read; each one's future."""
        text = json.dumps(message)
        targets = self.clients() + ([self.screen] if self.screen is not None else []) + list(self.watchers)
        targets += list(self.looking) if lobby else []
        return [self.outboxes.put(client, text) for client in targets]

    # ------------------------------------------------------------ the lobby
    def lobby_message(self, board: bool = True) -> dict[str, Any]:
        """The lobby: the seats and the host's settings, and the board for a client's first lobby."""
        message = {
            "type": "lobby",
            "turns": self.turns,
            "seats": [s.to_dict() for s in self.seats],
            "takeover": self.takeover,
            "level": self.takeover_level,
            "clock": self.clock,
            "started": self.started,
            "watching": len(self.watchers),
        }
        return {**message, "board": self.board.to_dict()} if board else message

    def seat_states(self) -> list[dict[str, Any]]:
        """Each seat as the host's own screen manages them: who, connected, removed, let back in."""
        return [
            {
                **seat.to_dict(),
                "removed": seat.removed,
                "released": seat.released,
                "away": seat.kind == "friend" and bool(seat.name) and seat.client is None,
            }
            for seat in self.seats
        ]

    async def news(self) -> None:
        """The seats changed: the lobby's clients (and the host's screen) hear it, a few times a second
        at most; the dedicated host starts once every seat is taken."""
        self.changed.set()
        if self.watch is not None:
            self.watch(self.seat_states())
        if self.auto_start and not self.started and not any(s.open for s in self.seats):
            self.go.set()
        if not self.started:
            self.lobby_due = True
            if self.lobby_task is None or self.lobby_task.done():
                self.lobby_task = spawn(self._lobby_news())

    async def _lobby_news(self) -> None:
        """Send the lobby's news once LOBBY_NEWS seconds have passed since the last (changes meanwhile
        go together)."""
        while self.lobby_due and not self.started and not self.closed:
            wait = self.lobby_sent + LOBBY_NEWS - self.now()
            if wait > 0:
                await asyncio.sleep(wait)
            await self._send_lobby()

    @_in_order
    async def _send_lobby(self) -> None:
        if self.lobby_due and not self.started:
            self.lobby_due, self.lobby_sent = False, self.now()
            await self.broadcast(self.lobby_message(board=False), lobby=True)

    @_in_order
    async def hello(self, client: Client, message: dict[str, Any]) -> int | None:
        """A new connection's hello: its seat, or None while it looks at the lobby ("pick": true).

        A seat key takes its seat back (after a drop, or from another window: the old connection goes);
        a name of a seat taken is refused, unless the host let that seat's friend back in by hand."""
        hello = check(message, "hello")
        if not hmac.compare_digest(plain_code(hello["code"]).encode(), self.code.encode()):
            raise ProtocolError("a wrong room code")
        name = clean_name(hello["name"])
        if not name:
            raise ProtocolError("a hello without a name")
        if hello.get("watch") is True:
            await self._watch(client, name)
            return None
        index = self.seat_of(hello.get("token", ""))
        if index is not None:
            return await self._back(client, index, "net.joined_again")
        for index, seat in enumerate(self.seats):
            if seat.kind == "bot" or not same_name(seat.name, name):
                continue
            if seat.kind == "friend" and seat.released and seat.client is None:
                seat.token = seat_token()
                return await self._back(client, index, "net.let_in_again")
            if seat.kind == "friend" and self.started:
                raise ProtocolError(f"{seat.name}'s seat needs its seat key (the host can let him back in)")
            raise ProtocolError(f"{name} is already in a seat")
        if self.started:
            raise ProtocolError("the race has started and has no seat for this name")
        if hello.get("pick") is True:
            self.looking[client] = name
            await self.send(client, self.lobby_message())
            return None
        for index, seat in enumerate(self.seats):
            if seat.open:
                return await self._take(client, index, name, hello.get("character", ""))
        raise ProtocolError("no open seat is left")

    async def _watch(self, client: Client, name: str) -> None:
        """A spectator: the lobby (with its board) or the race so far, then every news of the race as a
        seated friend gets them, but never an ask, a welcome, a seat key or the seed."""
        if len(self.watchers) >= WATCHERS:
            raise ProtocolError(f"the room has as many spectators as it takes ({WATCHERS})")
        self.watchers[client] = name
        self.note(said("net.watches", name=name))
        await self.send(client, self.start_message() if self.opening is not None else self.lobby_message())
        await self.news()

    @_in_order
    async def phrase(self, client: Client | None, message: dict[str, Any]) -> None:
        """A seated person's quick message (a phrase's id, never free text), to everyone in the room;
        one a seat every PHRASE_SPACING seconds, those between dropped."""
        phrase = check(message, "say")["phrase"]
        here = client is not None and client is self.screen  # (a person at the host's screen)
        seat = next(
            (i for i, s in enumerate(self.seats) if (s.kind == "here" if here else s.client is client and client)),
            None,
        )
        if seat is None:
            raise ProtocolError("a quick message from a connection without a seat")
        now = self.now()
        if now - self.phrased.get(seat, -math.inf) < PHRASE_SPACING:
            return
        self.phrased[seat] = now
        await self.broadcast({"type": "said", "seat": seat, "phrase": phrase}, lobby=True)

    def seat_of(self, token: str) -> int | None:
        """The friend's seat this key opens, or None."""
        if not token:
            return None
        for index, seat in enumerate(self.seats):
            if seat.kind == "friend" and seat.token and hmac.compare_digest(seat.token.encode(), token.encode()):
                return index
        return None

    async def _back(self, client: Client, index: int, how: str) -> int:
        """A friend takes his seat back (his key, or the host let him back in: `how`, the line said of it); a
        connection still in it (gone silent, or another window of his) is closed."""
        seat = self.seats[index]
        old, seat.client = seat.client, client
        seat.released = seat.removed = False
        seat.ready = True  # (his seat, taken back with its key or by the host's leave)
        if old is not None and old is not client:
            await self.send(old, {"type": "bye", "reason": "elsewhere"}, wait=True)
            await old.close(code=1000, reason="the seat was taken back with its key from elsewhere")
        self.note(said(how, name=seat.name, seat=index + 1))
        await self._seated(client, index, again=True)
        return index

    @_in_order
    async def take(self, client: Client, seat: int | None, message: dict[str, Any]) -> int:
        """A friend in the lobby takes an open seat (or changes his character, or moves to another
        open seat) with a "take"; his seat."""
        take = check(message, "take")
        if self.started:
            raise ProtocolError("a seat taken after the start")
        index = take["seat"]
        if not index < len(self.seats) or (index != seat and not self.seats[index].open):
            raise ProtocolError(f"seat {index + 1} is not open")
        if seat is None and client not in self.looking:
            raise ProtocolError("a take without a hello asking to pick a seat")
        name = self.seats[seat].name if seat is not None else self.looking[client]
        if seat is not None and seat != index:
            old = self.seats[seat]
            old.name, old.character, old.client, old.token = "", "", None, ""
        self.looking.pop(client, None)
        return await self._take(client, index, name, take["character"])

    async def _take(self, client: Client, index: int, name: str, character: str) -> int:
        if any(s.kind != "bot" and same_name(s.name, name) and i != index for i, s in enumerate(self.seats)):
            raise ProtocolError(f"{name} is already in a seat")
        seat = self.seats[index]
        fresh = seat.client is not client
        seat.name, seat.client, seat.left_at = name, client, None
        seat.character = character if character in CHARACTERS else ""
        if fresh:
            seat.token, seat.ready, seat.seated_at = seat_token(), False, self.now()
            self.note(said("net.joined", name=name, seat=index + 1))
        await self._seated(client, index, again=False)
        return index

    async def _seated(self, client: Client, index: int, again: bool) -> None:
        seats = [s.name or s.kind for s in self.seats]
        await self.send(client, {"type": "welcome", "seat": index, "seats": seats, "token": self.seats[index].token})
        if self.opening is not None:
            await self.send(client, self.start_message())
            asked = self.asked.get(index)
            if asked is not None:
                await self.send(client, {**asked, "clock": self._clock_left(index)})
        if again and self.started:
            await self.broadcast({"type": "back", "seat": index, "name": self.seats[index].name})
        await self.news()

    @_in_order
    async def leave(self, client: Client) -> None:
        """A connection closed. A friend who comes and goes during one decision keeps his takeover
        clock running from the first time he left."""
        self.looking.pop(client, None)
        if self.watchers.pop(client, None) is not None:
            await self.news()
        for index, seat in enumerate(self.seats):
            if seat.client is not client:
                continue
            seat.client = None
            if not self.started:  # in the lobby: the seat is open again
                self.note(said("net.left_lobby", name=seat.name, seat=index + 1))
                seat.name, seat.character, seat.token = "", "", ""
            elif not self.over:
                pending = len(self.race.choices) if self.race is not None else 0
                if seat.left_at is None or seat.left_index != pending:
                    seat.left_at, seat.left_index = self.now(), pending
                self.note(said("net.left", name=seat.name, seat=index + 1, seconds=f"{self.waiting(index):.0f}"))
                await self.broadcast(
                    {"type": "left", "seat": index, "name": seat.name, "takeover": self.waiting(index)}
                )
            await self.news()

    async def ready(self, client: Client, seat: int | None) -> None:
        """A client says it is ready to race in its seat (else, in the lobby, the seat is given back
        READY_WITHIN seconds after it was taken: `give_back_unready`)."""
        if seat is not None and self.seats[seat].client is client and not self.seats[seat].ready:
            self.seats[seat].ready = True
            await self.news()

    async def give_back_unready(self) -> None:
        """In the lobby: the seats taken READY_WITHIN seconds ago by a client that never said it is ready
        are given back (its connection closed: "bye" "unready"), open for a friend who is."""
        if self.started:
            return
        for index, seat in enumerate(self.seats):
            if seat.kind != "friend" or seat.client is None or seat.ready:
                continue
            if self.now() - seat.seated_at < READY_WITHIN:
                continue
            client, name = seat.client, seat.name
            seat.client, seat.name, seat.character, seat.token = None, "", "", ""
            self.note(said("net.not_ready", seat=index + 1, name=name, seconds=f"{READY_WITHIN:g}"))
            await self.send(client, {"type": "bye", "reason": "unready"}, wait=True)
            await client.close(code=1000, reason=f"your seat was given back: not ready within {READY_WITHIN:g} s")
            await self.news()

    # ------------------------------------------------------------ the host's own hand on the seats
    @_in_order
    async def remove(self, index: int) -> None:
        """The host removes a friend from his seat: his connection is closed ("removed"), his key no
        longer opens it; in the lobby the seat is open again, in the race a computer racer of the
        takeover level plays it (until the host lets him back in: `release`)."""
        seat = self.seats[index]
        if seat.kind != "friend" or not seat.name or seat.removed:
            return
        client, name = seat.client, seat.name
        seat.client, seat.token, seat.released = None, "", False
        if not self.started:
            seat.name, seat.character = "", ""
        else:
            seat.removed = True
            self.asked.pop(index, None)
            await self.broadcast({"type": "left", "seat": index, "name": name, "takeover": 0})
        self.note(said("net.removed", name=name, seat=index + 1))
        if client is not None:
            await self.send(client, {"type": "bye", "reason": "removed"}, wait=True)
            await client.close(code=1000, reason="the host removed you from your seat")
        await self.news()

    async def release(self, index: int) -> None:
        """The host lets a friend who left (or whom he removed) back into his seat without his key: the
        next hello with the seat's name takes it, and is given a new key."""
        seat = self.seats[index]
        if seat.kind == "friend" and seat.name and seat.client is None and self.started:
            seat.released = True
            self.note(said("net.let_back", name=seat.name, seat=index + 1))
            await self.news()

    def set_takeover(self, seconds: float, level: levels.Policy) -> None:
        """The window host's lobby changed how long a friend who left waits, and who plays for him."""
        self.takeover, self.takeover_level = seconds, level
        self.changed.set()

    def set_clock(self, seconds: float) -> None:
        """The window host's lobby changed the turn clock of connected friends (0: none)."""
        self.clock = seconds
        self.changed.set()

    # ------------------------------------------------------------ the takeover clock, the turn clock
    def decider(self, racer: int) -> str | None:
        """Who decides for a racer now: None for a person (his friend, connected, or the host's screen),
        "" while a friend who left may still come back, else the bot level that decides (a computer
        seat, a friend removed, or away for longer than `takeover`)."""
        seat = self.seats[racer]
        if seat.kind == "bot":
            return seat.bot
        if seat.removed:
            return self.takeover_level
        if seat.kind == "here" or seat.client is not None:
            return None
        if seat.left_at is not None and self.now() - seat.left_at < self.takeover:
            return ""
        return self.takeover_level

    def waiting(self, racer: int) -> float:
        """Seconds before a computer racer plays for a friend who left (0: he plays now)."""
        left_at = self.seats[racer].left_at
        return 0.0 if left_at is None else max(0.0, self.takeover - (self.now() - left_at))

    def _clock_left(self, racer: int) -> float | None:
        """The seconds left on a friend's turn clock for his pending decision (None: no clock)."""
        deadline = self.deadline.get(racer)
        if deadline is None or self.race is None or deadline[0] != len(self.race.choices):
            return None
        return round(max(0.0, deadline[1] - self.now()), 1)

    @_in_order
    async def tell(self, message: dict[str, Any]) -> None:
        """Every seated friend and the host's screen hear a message, in its turn."""
        await self.broadcast(message)

    @_in_order
    async def finish(self, standings: list[dict[str, Any]]) -> None:
        self.over = True
        sent = await self.broadcast({"type": "over", "standings": standings})
        if sent:
            await asyncio.wait(sent, timeout=SEND_TIMEOUT)  # (the end leaves before the host stops)

    @_in_order
    async def close(self, reason: str = "quit") -> None:
        """The host goes: everyone is told (a "bye"), then disconnected."""
        self.over = self.closed = True
        self.changed.set()
        for client in self.clients() + list(self.looking) + list(self.watchers):
            await self.send(client, {"type": "bye", "reason": reason}, wait=True)
            try:
                await client.close(code=1001, reason="the host left")
            except Exception:
                pass
