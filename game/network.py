"""Races over the network: a host that holds the race, clients that follow it (docs/network.md).

The host is the authority: only it holds the dice and the seed. After every choice it sends every
client the choice and the faces its dice showed since the last one; a client rebuilds the same race
from the setup, the choices and those faces (`ShownDice`), so no client can foresee a roll. The host
asks each decision of a friend's racer of that friend only, and accepts only one of the decision's
options. Messages are JSON objects with a "type"; a bad one (too big, not JSON, wrong schema, too
many, a choice out of turn, a wrong room code) closes that client's connection with a logged
sentence; the host and the race go on. A friend whose connection drops is played by a computer racer
after `takeover` seconds, until he joins again with the same name and code.

The parts:

- `Room`: one hosted race (its seats, its code, what its clients were sent), on the network's event
  loop. Whoever drives the race tells it what to send (`begin`, `ask`, `step`, `finish`) and hears
  from it through its `listener` (answers, joins, leaves).
- `Server`: the WebSocket server; it holds one room or several (each with its own code: a hello's
  code picks the room), so that one dedicated host can serve many races.
- `drive`: the dedicated host's driver (`main.py serve`): the race on the event loop, computer
  racers answering the bot seats and the friends who left.
- `Follower`: a client's side, without any input or output: the host's messages in (each checked:
  the host is a stranger too), the race rebuilt. `join` plays a seat from a terminal with it.
- `Hosting` and `Connection`: the window's host and client, each with its event loop on a
  background thread beside the pygame loop; the scenes call their methods from the frame loop and
  read what happened from a thread-safe queue, so that no frame ever waits for the network.

Transport: `websockets` on asyncio (loopback in the tests).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import queue
import random
import socket
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, TypeVar

from game import ai
from game.board import Board, BoardError
from game.characters import CHARACTERS
from game.dice import DiceExhausted, RecordingDice, ShownDice
from game.race import MAX_RACERS, MIN_RACERS, IllegalChoice, Race, RacerSetup

log = logging.getLogger("fantasy-racing.network")

MAX_MESSAGE = 64 * 1024  # bytes of one message from a client
MAX_FROM_HOST = 1024 * 1024  # bytes of one message from the host (a start carries the board and the history)
MAX_WAITING = 64 * 1024 * 1024  # bytes of the host's messages a window may hold unread (it reads them each frame)
RATE = 100  # messages a second a client may send, at most (a bot answers as fast as it is asked)
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
SEND_TIMEOUT = 5.0  # seconds a message may wait for a client that does not read (it is then dropped)
NAME_LENGTH = 24
PORT = 47810  # the window host's port unless the settings say another
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # room codes without 0/O or 1/I to misread
SEAT_KINDS = ("here", "friend", "bot")  # a person at the host's screen, a friend over the network, a computer


class ProtocolError(ValueError):
    """A message refused; the message says why, in one sentence."""


def _check(message: Any, kind: str, fields: dict[str, type | tuple[type, ...]]) -> dict[str, Any]:
    if not isinstance(message, dict) or message.get("type") != kind:
        raise ProtocolError(f"expected a {kind!r} message")
    for name, wanted in fields.items():
        value = message.get(name)
        if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in _types(wanted)):
            raise ProtocolError(f"the {kind!r} message's {name!r} is missing or of the wrong type")
    return message


def _types(wanted: type | tuple[type, ...]) -> tuple[type, ...]:
    return wanted if isinstance(wanted, tuple) else (wanted,)


def parse(text: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """A message from its text: a JSON object with a "type" (ProtocolError otherwise)."""
    if isinstance(text, bytes):
        raise ProtocolError("binary messages are not part of the protocol")
    if len(text) > limit:
        raise ProtocolError(f"a message of {len(text)} characters, more than {limit}")
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message that is not an object with a type")
    return message


def _freeze(value: Any) -> Any:
    """JSON lists back to the tuples options are made of."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _plain(value: Any) -> Any:
    """An option as JSON data (tuples as lists)."""
    return json.loads(json.dumps(value))


def room_code(rng: random.Random | None = None, length: int = 5) -> str:
    """A short room code to read aloud (no 0/O, no 1/I)."""
    rng = rng or random.SystemRandom()
    return "".join(rng.choice(CODE_LETTERS) for _ in range(length))


def clean_name(text: str) -> str:
    """A friend's name as the host keeps it: printable, trimmed, at most NAME_LENGTH characters."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:NAME_LENGTH]


def split_address(text: str, default_port: int = PORT) -> tuple[str, int]:
    """("host", port) from "host:port", "host" (the default port) or "[v6]:port" (ValueError in one sentence)."""
    text = text.strip()
    if not text:
        raise ValueError("give the host's address, such as 192.168.1.20:47810")
    if text.startswith("["):
        host, closed, rest = text[1:].partition("]")
        if not closed or (rest and not rest.startswith(":")):
            raise ValueError(f"{text!r} is not an address: give it as [IPv6]:PORT, such as [::1]:47810")
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not host or any(ch.isspace() for ch in host):
        raise ValueError(f"{text!r} is not an address: give it as HOST:PORT, such as 192.168.1.20:47810")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"the port of {text!r} must be a number from 1 to 65535")
    return host, int(port_text)


def address_of(host: str, port: int) -> str:
    """HOST:PORT as a WebSocket address takes it ([v6]:port)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def lan_address() -> str | None:
    """This machine's address on its local network (what a friend at home types), or None.

    Asks the system which interface would carry traffic to a private address: a UDP socket is
    "connected" (a routing question, no packet is ever sent), then closed.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 9))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith(("127.", "0.")) else str(address)


# ---------------------------------------------------------------- seats
@dataclass
class Seat:
    """A racer's seat: a friend over the network, a person at the host's screen, or a computer."""

    kind: str  # one of SEAT_KINDS
    bot: str = "normal"  # the level of a computer racer
    name: str = ""  # the friend's (or the person's) name; "" while a friend's seat is open
    character: str = ""  # "" until chosen (a random one at the start)
    client: Any = None  # the connection of the friend in this seat
    left_at: float | None = None  # when his connection dropped (time.monotonic)

    @property
    def open(self) -> bool:
        """A friend's seat nobody has taken."""
        return self.kind == "friend" and not self.name

    def to_dict(self) -> dict[str, Any]:
        """The seat as the lobby shows it (never the connection)."""
        return {
            "kind": self.kind,
            "name": self.name,
            "character": self.character,
            "level": self.bot if self.kind == "bot" else None,
            "connected": self.client is not None,
        }


def start_seats(spec: Sequence[str]) -> list[Seat]:
    """Seats from `person,person,bot:hard,...` (person: a friend; ValueError with one sentence)."""
    seats = []
    for item in spec:
        item = item.strip()
        if item in ("person", "friend"):
            seats.append(Seat("friend"))
        elif item.startswith("bot:") and item[4:] in ai.LEVELS:
            seats.append(Seat("bot", bot=item[4:]))
        else:
            raise ValueError(f"--seats: {item!r} is not person or bot:LEVEL ({', '.join(ai.LEVELS)})")
    if not MIN_RACERS <= len(seats) <= MAX_RACERS:
        raise ValueError(f"--seats: a race has {MIN_RACERS} to {MAX_RACERS} seats, not {len(seats)}")
    if not any(s.kind == "friend" for s in seats):
        raise ValueError("--seats: give at least one person seat (bot-only races: use simulate)")
    return seats


def setups_of(seats: Sequence[Seat], seed: int) -> list[RacerSetup]:
    """The racers of the seats; a seat without a character gets one drawn from the seed (and keeps it)."""
    rng = random.Random(seed)
    characters = list(CHARACTERS)
    out = []
    for index, seat in enumerate(seats):
        drawn = rng.choice(characters)
        seat.character = seat.character or drawn
        if seat.kind == "bot":
            out.append(RacerSetup(seat.character, seat.name or f"{seat.character}-{index + 1}", bot=seat.bot))
        else:
            out.append(RacerSetup(seat.character, seat.name or f"{seat.character}-{index + 1}"))
    return out


# ---------------------------------------------------------------- a hosted race
Listener = Callable[[str, dict[str, Any]], None]
P = ParamSpec("P")
R = TypeVar("R")


def _in_order(
    method: Callable[Concatenate[Room, P], Awaitable[R]],
) -> Callable[Concatenate[Room, P], Coroutine[Any, Any, R]]:
    """A room's sending method, run one at a time in the order called: a client never gets a step
    before the start that it follows, nor an ask before the step that leads to it (the window's
    host posts them from its frame loop one after the other)."""

    async def ordered(room: Room, /, *args: P.args, **kwargs: P.kwargs) -> R:
        async with room.outbox:
            return await method(room, *args, **kwargs)

    ordered.__doc__ = method.__doc__
    return ordered


class Room:
    """One race hosted for friends, on the network's event loop: its seats and code, its clients, and
    everything they were sent (so that a friend who joins again catches up)."""

    def __init__(
        self,
        board: Board,
        turns: int,
        seats: list[Seat],
        code: str,
        seed: int,
        takeover: float = 60.0,
        takeover_level: str = "normal",
        auto_start: bool = True,
        listener: Listener | None = None,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.board, self.turns, self.seats, self.code, self.seed = board, turns, seats, code, seed
        self.takeover, self.takeover_level = takeover, takeover_level
        self.auto_start = auto_start  # the dedicated host starts when every seat is taken; a window when told
        self.listener = listener or (lambda kind, data: None)
        self.say = say or (lambda line: None)
        self.looking: dict[Any, str] = {}  # connected, no seat taken yet (a window's friend in the lobby): his name
        self.started = False
        self.over = False
        self.start: dict[str, Any] | None = None  # the start message, but for its history
        self.history: list[dict[str, Any]] = []  # every step sent
        self.asked: dict[int, dict[str, Any]] = {}  # racer -> the ask message sent for his pending decision
        self.events: list[str] = []  # what the host logged (joins, leaves, refusals)
        self.full = asyncio.Event()
        self.outbox = asyncio.Lock()  # what a room sends goes out in the order it was asked (_in_order)
        self.timings: list[tuple[str, int, float]] | None = None  # (room, choice index, time sent): benchmarks

    def note(self, line: str) -> None:
        self.events.append(line)
        log.info("%s", line)
        self.say(line)
        self.listener("note", {"line": line})

    # ------------------------------------------------------------ sending
    async def send(self, client: Any, message: dict[str, Any]) -> None:
        if client is not None:
            await self._send_text(client, json.dumps(message))

    def clients(self) -> list[Any]:
        return [s.client for s in self.seats if s.client is not None]

    async def broadcast(self, message: dict[str, Any], lobby: bool = False) -> None:
        """To every seated friend (and those looking at the lobby, for lobby news)."""
        text = json.dumps(message)
        targets = self.clients() + (list(self.looking) if lobby else [])
        await asyncio.gather(*(self._send_text(c, text) for c in targets))

    async def _send_text(self, client: Any, text: str) -> None:
        """Send, or drop a client that does not read what it is sent (the room would wait for it)."""
        try:
            await asyncio.wait_for(client.send(text), SEND_TIMEOUT)
        except TimeoutError:
            self.note(f"dropped a connection that read nothing for {SEND_TIMEOUT:g} s")
            transport = getattr(client, "transport", None)
            if transport is not None:
                transport.abort()
        except Exception:  # a connection closing: its handler sees it
            pass

    # ------------------------------------------------------------ the lobby
    def lobby_message(self) -> dict[str, Any]:
        return {
            "type": "lobby",
            "board": self.board.to_dict(),
            "turns": self.turns,
            "seats": [s.to_dict() for s in self.seats],
            "takeover": self.takeover,
            "level": self.takeover_level,
            "started": self.started,
        }

    def seats_changed(self) -> None:
        self.listener("seats", {"seats": [s.to_dict() for s in self.seats]})
        if self.auto_start and not self.started and not any(s.open for s in self.seats):
            self.full.set()

    async def news(self) -> None:
        """The seats changed: the window and the lobby's clients hear it."""
        self.seats_changed()
        if not self.started:
            await self.broadcast(self.lobby_message(), lobby=True)

    @_in_order
    async def hello(self, client: Any, message: dict[str, Any]) -> int | None:
        """A new connection's hello: its seat, or None while it looks at the lobby ("pick": true)."""
        hello = _check(message, "hello", {"code": str, "name": str})
        if hello["code"] != self.code:
            raise ProtocolError("a wrong room code")
        name = clean_name(hello["name"])
        if not name:
            raise ProtocolError("a hello without a name")
        for index, seat in enumerate(self.seats):
            if seat.kind == "here" and seat.name == name:
                raise ProtocolError(f"{name} is already in a seat")
            if seat.kind == "friend" and seat.name == name:
                if seat.client is not None:
                    raise ProtocolError(f"{name} is already connected: a second client cannot take his seat")
                seat.client, seat.left_at = client, None
                self.note(f"{name} joined again: seat {index + 1}")
                await self._seated(client, index, again=True)
                return index
        if self.started:
            raise ProtocolError("the race has started and has no seat for this name")
        if hello.get("pick") is True:
            self.looking[client] = name
            await self.send(client, self.lobby_message())
            return None
        for index, seat in enumerate(self.seats):
            if seat.open:
                character = hello.get("character")
                return await self._take(client, index, name, character if isinstance(character, str) else "")
        raise ProtocolError("no open seat is left")

    @_in_order
    async def take(self, client: Any, seat: int | None, message: dict[str, Any]) -> int:
        """A friend in the lobby takes an open seat (or changes his character, or moves to another
        open seat) with a "take"; his seat."""
        take = _check(message, "take", {"seat": int, "character": str})
        if self.started:
            raise ProtocolError("a seat taken after the start")
        index = take["seat"]
        if not 0 <= index < len(self.seats) or (index != seat and not self.seats[index].open):
            raise ProtocolError(f"seat {index + 1} is not open")
        if seat is None and client not in self.looking:
            raise ProtocolError("a take without a hello asking to pick a seat")
        name = self.seats[seat].name if seat is not None else self.looking[client]
        if seat is not None and seat != index:
            old = self.seats[seat]
            old.name, old.character, old.client = "", "", None
        self.looking.pop(client, None)
        return await self._take(client, index, name, take["character"])

    async def _take(self, client: Any, index: int, name: str, character: str) -> int:
        if any(s.kind != "bot" and s.name == name and i != index for i, s in enumerate(self.seats)):
            raise ProtocolError(f"{name} is already in a seat")
        seat = self.seats[index]
        fresh = seat.client is not client
        seat.name, seat.client, seat.left_at = name, client, None
        seat.character = character if character in CHARACTERS else ""
        if fresh:
            self.note(f"{name} joined: seat {index + 1}")
        await self._seated(client, index, again=False)
        return index

    async def _seated(self, client: Any, index: int, again: bool) -> None:
        await self.send(client, {"type": "welcome", "seat": index, "seats": [s.name or s.kind for s in self.seats]})
        if self.start is not None:
            await self.send(client, {**self.start, "history": list(self.history)})
            asked = self.asked.get(index)
            if asked is not None:
                await self.send(client, asked)
        if again and self.started:
            await self.broadcast({"type": "back", "seat": index, "name": self.seats[index].name})
            self.listener("back", {"seat": index, "name": self.seats[index].name})
        await self.news()

    @_in_order
    async def leave(self, client: Any) -> None:
        """A connection closed."""
        self.looking.pop(client, None)
        for index, seat in enumerate(self.seats):
            if seat.client is not client:
                continue
            seat.client = None
            if not self.started:  # in the lobby: the seat is open again
                self.note(f"{seat.name} left the lobby (seat {index + 1} is open again)")
                seat.name, seat.character = "", ""
            elif not self.over:
                seat.left_at = time.monotonic()
                self.note(
                    f"{seat.name} left (seat {index + 1}); a computer racer plays for him after "
                    f"{self.takeover:g} s unless he joins again"
                )
                await self.broadcast({"type": "left", "seat": index, "name": seat.name, "takeover": self.takeover})
                self.listener("left", {"seat": index, "name": seat.name})
            await self.news()

    def decider(self, racer: int) -> str | None:
        """Who decides for a seat now: None for its friend (connected), "" while he may still come back,
        else the bot level that decides (a computer seat, a friend away for longer than `takeover`)."""
        seat = self.seats[racer]
        if seat.kind == "bot":
            return seat.bot
        if seat.kind == "here":
            return None
        if seat.client is not None:
            return None
        if seat.left_at is not None and time.monotonic() - seat.left_at < self.takeover:
            return ""
        return self.takeover_level

    async def choose(self, client: Any, seat: int | None, message: dict[str, Any]) -> None:
        """A friend's choice: checked against what he was asked, then handed to the driver."""
        choice = _check(message, "choose", {"index": int})
        asked = self.asked.get(seat) if seat is not None else None
        if seat is None or asked is None or choice["index"] != asked["index"]:
            raise ProtocolError("a choice that was not asked of this racer (or an old one)")
        option = _freeze(choice.get("option"))
        if option not in asked["frozen"]:
            raise ProtocolError(f"{str(choice.get('option'))[:40]!r} is not an option of this decision")
        del self.asked[seat]
        self.listener("answer", {"racer": seat, "index": asked["index"], "option": option})

    # ------------------------------------------------------------ the race (told by its driver)
    @_in_order
    async def begin(
        self, racers: Sequence[RacerSetup], faces: list[int], orders: list[list[int]], bots: Sequence[int] = ()
    ) -> None:
        """The race has started: every seated friend gets the start; those in the lobby without a seat
        are told there is none. `bots`: friends' seats the host gave to computer racers (nobody had
        taken them when he started), refused to anyone who took them since."""
        self.started = True
        for index in bots:
            seat = self.seats[index]
            if seat.client is not None:
                await self.send(seat.client, {"type": "bye", "reason": "started"})
                await seat.client.close(code=1000, reason="the race started")
            seat.kind, seat.client, seat.name = "bot", None, ""
        self.start = {
            "type": "start",
            "board": self.board.to_dict(),
            "turns": self.turns,
            "racers": [s.to_dict() for s in racers],
        }
        self.history = [{"type": "step", "option": None, "faces": faces, "orders": orders}]
        for client in list(self.looking):
            await self.send(client, {"type": "bye", "reason": "started"})
            await client.close(code=1000, reason="the race started")
        self.looking.clear()
        await self.broadcast({**self.start, "history": list(self.history)})
        self.seats_changed()

    @_in_order
    async def ask(self, racer: int, index: int, kind: str, options: Sequence[Any]) -> None:
        """Ask a friend's decision of him (again, when he joins back before answering)."""
        message = {"type": "ask", "racer": racer, "kind": kind, "options": _plain(list(options)), "index": index}
        self.asked[racer] = {**message, "frozen": tuple(options)}
        await self.send(self.seats[racer].client, message)

    @_in_order
    async def step(self, option: Any, faces: list[int], orders: list[list[int]]) -> None:
        """A choice was made: everyone gets it with the faces shown since the last one."""
        self.asked.clear()
        step = {"type": "step", "option": _plain(option), "faces": faces, "orders": orders}
        self.history.append(step)
        if self.timings is not None:  # the choice is made: from now until it reaches every client
            self.timings.append((self.code, len(self.history) - 1, time.monotonic()))
        await self.broadcast(step)

    @_in_order
    async def finish(self, standings: list[dict[str, Any]]) -> None:
        self.over = True
        await self.broadcast({"type": "over", "standings": standings})

    @_in_order
    async def close(self, reason: str = "quit") -> None:
        """The host goes: everyone is told (a "bye"), then disconnected."""
        self.over = True
        for client in self.clients() + list(self.looking):
            await self.send(client, {"type": "bye", "reason": reason})
            try:
                await client.close(code=1001, reason="the host left")
            except Exception:
                pass


# ---------------------------------------------------------------- the server
class Server:
    """The WebSocket server of one room or several (a hello's code picks the room)."""

    def __init__(self, rooms: Iterable[Room]) -> None:
        self.rooms = {room.code: room for room in rooms}
        self.server: Any = None
        self.port = 0

    def note(self, line: str) -> None:
        room = next(iter(self.rooms.values()), None)
        if room is not None:
            room.note(line)
        else:
            log.info("%s", line)

    async def listen(self, address: str, port: int) -> int:
        """Start listening on `address`:`port` (0: any free port); the port (OSError when it cannot)."""
        import websockets

        logging.getLogger("websockets").setLevel(logging.CRITICAL)  # a refused handshake is not the host's error
        host: Any = address or None  # "": every interface
        self.server = await websockets.serve(
            self.handler, host, port, max_size=MAX_MESSAGE, ping_interval=5, ping_timeout=10
        )
        self.port = int(self.server.sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def handler(self, client: Any) -> None:
        import websockets

        room: Room | None = None
        seat: int | None = None
        times: deque[float] = deque()
        try:
            try:
                hello = parse(await asyncio.wait_for(client.recv(), HELLO_TIMEOUT))
            except TimeoutError:
                raise ProtocolError(f"no hello within {HELLO_TIMEOUT:g} s") from None
            code = hello.get("code")
            room = self.rooms.get(code) if isinstance(code, str) else None
            if room is None:
                _check(hello, "hello", {"code": str, "name": str})
                raise ProtocolError("a wrong room code")
            seat = await room.hello(client, hello)
            async for text in client:
                now = time.monotonic()
                times.append(now)
                while times and now - times[0] > 1.0:
                    times.popleft()
                if len(times) > RATE:
                    raise ProtocolError(f"more than {RATE} messages a second")
                message = parse(text)
                if message["type"] == "take":
                    seat = await room.take(client, seat, message)
                elif message["type"] == "choose":
                    await room.choose(client, seat, message)
                else:
                    raise ProtocolError(f"a message of unknown type {message['type'][:20]!r}")
        except ProtocolError as error:
            who = room.seats[seat].name if room is not None and seat is not None else "a client"
            line = f"closed the connection of {who}: {error}"
            if room is not None:
                room.note(line)
            else:
                self.note(line)
            await client.close(code=1008, reason=str(error)[:120])
        except (TimeoutError, websockets.ConnectionClosed):
            pass
        finally:
            if room is not None:
                await room.leave(client)


# ---------------------------------------------------------------- the dedicated host's driver
async def drive(room: Room, timeout: float = 3600.0) -> Race:
    """Play the room's race on the event loop until it is over: friends answer their racers,
    computer racers the others (and the friends away for longer than the takeover)."""
    answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    listener = room.listener

    def hear(kind: str, data: dict[str, Any]) -> None:
        if kind == "answer":
            answers.put_nowait(data)
        listener(kind, data)

    room.listener = hear
    deadline = time.monotonic() + timeout
    await asyncio.wait_for(room.full.wait(), timeout)
    dice = RecordingDice(room.seed)
    race = Race.new(room.board, setups_of(room.seats, room.seed), turns=room.turns, seed=room.seed, dice=dice)
    await room.begin(race.setups, *dice.take())
    bots = {i: random.Random(room.seed * 31 + i) for i in range(len(room.seats))}
    while race.pending is not None and time.monotonic() < deadline:
        await asyncio.sleep(0)  # let the connections be heard (joins, leaves, answers) between decisions
        decision = race.pending
        index = len(race.choices)
        level = room.decider(decision.racer)
        if level is None:
            if room.asked.get(decision.racer, {}).get("index") != index:
                await room.ask(decision.racer, index, decision.kind, decision.options)
            try:
                answer = await asyncio.wait_for(answers.get(), 1.0)
            except TimeoutError:
                continue  # still thinking (a friend who left is taken over after the delay)
            if answer["index"] != index:
                continue
            option = answer["option"]
        elif level == "":
            await asyncio.sleep(0.2)
            continue
        else:
            room.asked.pop(decision.racer, None)
            option = ai.choose(race, decision, level, bots[decision.racer])
        race.choose(option)
        await room.step(option, *dice.take())
    await room.finish(standings_json(race))
    return race


async def serve_rooms(
    rooms: Sequence[Room], port: int, address: str = "127.0.0.1", timeout: float = 3600.0
) -> list[Race]:
    """Host the rooms on `address`:`port` until every race is over (or `timeout` seconds pass)."""
    server = Server(rooms)
    await server.listen(address, port)
    seats = sum(s.kind == "friend" for s in rooms[0].seats)
    codes = ", ".join(room.code for room in rooms)
    where = f"{address}:{server.port}"
    if len(rooms) == 1:
        rooms[0].note(f"waiting on {where} for {seats} friends, room code {codes}")
    else:
        rooms[0].note(f"waiting on {where} for {seats} friends in each of {len(rooms)} rooms, room codes {codes}")
    try:
        races = await asyncio.gather(*(drive(room, timeout) for room in rooms))
        await asyncio.sleep(0.2)  # the last messages leave
    finally:
        await server.stop()
    return list(races)


async def serve(room: Room, port: int, address: str = "127.0.0.1", timeout: float = 3600.0) -> Race:
    """Host one race (`main.py serve`) until it is over; the race."""
    return (await serve_rooms([room], port, address, timeout))[0]


def standings_json(race: Race) -> list[dict[str, Any]]:
    """The final standings as the commands print them with --json."""
    return [
        {"place": place, "name": race.racers[i].name, "character": race.racers[i].character, "points": points}
        for place, i, points in race.standings()
    ]


# ---------------------------------------------------------------- a client's side
HOST_MESSAGES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "welcome": {"seat": int, "seats": list},
    "lobby": {"board": dict, "turns": int, "seats": list, "takeover": (int, float), "level": str},
    "start": {"board": dict, "turns": int, "racers": list, "history": list},
    "step": {"faces": list, "orders": list},
    "ask": {"racer": int, "kind": str, "options": list, "index": int},
    "over": {"standings": list},
    "left": {"seat": int, "name": str, "takeover": (int, float)},
    "back": {"seat": int, "name": str},
    "bye": {"reason": str},
}


class Follower:
    """A client's side of a network race, without input or output: the host's messages in (each
    checked: a hostile or broken host gets a ProtocolError, never a traceback), the race rebuilt
    from the setup, the choices and the faces shown (strict `ShownDice`: the host's dice only)."""

    def __init__(self, level: str | None = None, seed: int | None = None) -> None:
        self.level = level  # the computer level that plays this client's racer (a terminal's --bot), if any
        self.seat: int | None = None
        self.race: Race | None = None
        self.dice = ShownDice(strict=True, seed=seed if seed is not None else random.randrange(2**31))
        self.lobby: dict[str, Any] | None = None
        self.board: Board | None = None  # the lobby's board
        self.asked: dict[str, Any] | None = None  # the ask for this client's racer now pending
        self.away: dict[int, float] = {}  # seat -> when the host said he left (time.monotonic), until back
        self.takeover: dict[int, float] = {}  # seat -> the host's delay before a computer plays for him
        self.standings: list[dict[str, Any]] | None = None
        self.bye: str | None = None

    def receive(self, text: str | bytes) -> dict[str, Any]:
        """Take in one message from the host; the message (ProtocolError when it cannot be followed)."""
        message = parse(text, MAX_FROM_HOST)
        kind = message["type"]
        if kind not in HOST_MESSAGES:
            raise ProtocolError(f"the host sent a message of unknown type {kind[:20]!r}")
        _check(message, kind, HOST_MESSAGES[kind])
        try:
            getattr(self, f"_{kind}")(message)
        except ProtocolError:
            raise
        except (BoardError, DiceExhausted, IllegalChoice, KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"the host's {kind!r} message cannot be followed ({error})") from None
        return message

    def _welcome(self, message: dict[str, Any]) -> None:
        self.seat = message["seat"]

    def _lobby(self, message: dict[str, Any]) -> None:
        board = Board.from_dict(message["board"])
        for seat in message["seats"]:
            _check({**seat, "type": "seat"} if isinstance(seat, dict) else None, "seat", {"kind": str, "name": str})
        self.lobby, self.board = message, board

    def _start(self, message: dict[str, Any]) -> None:
        board = Board.from_dict(message["board"])
        setups = []
        for index, racer in enumerate(message["racers"]):
            _check({**racer, "type": "racer"} if isinstance(racer, dict) else None, "racer", {"character": str})
            name, bot = racer.get("name", ""), racer.get("bot")
            if index == self.seat and self.level in ai.LEVELS:
                bot = self.level  # his computer racer plays this seat here (a look-ahead one keeps snapshots)
            setups.append(RacerSetup(racer["character"], str(name)[:40], bot if isinstance(bot, str) else None))
        history = message["history"]
        if not history:
            raise ProtocolError("the host's start has no history")
        self.dice = ShownDice(strict=True, seed=self.dice.seed)
        self._show(history[0])
        self.race = Race.new(board, setups, turns=message["turns"], dice=self.dice)
        for step in history[1:]:
            self._step(step)
        if len(history) > 1:
            self.race.take_events()  # joined again: what happened before is the race's log, not news to show
        self.asked = None

    def _show(self, step: Any) -> None:
        _check(step, "step", HOST_MESSAGES["step"])
        self.dice.show(step["faces"], step["orders"])

    def _step(self, message: dict[str, Any]) -> None:
        if self.race is None:
            raise ProtocolError("the host sent a step before the start")
        self._show(message)
        self.race.choose(_freeze(message.get("option")))
        self.asked = None

    def _ask(self, message: dict[str, Any]) -> None:
        race = self.race
        if race is None or message["racer"] != self.seat:
            raise ProtocolError("the host asked a decision of another racer")
        if race.pending is None or race.pending.racer != self.seat or message["index"] != len(race.choices):
            raise ProtocolError("the host asked a decision the race does not have")
        self.asked = message

    def _over(self, message: dict[str, Any]) -> None:
        self.standings = message["standings"]

    def _left(self, message: dict[str, Any]) -> None:
        self.away[message["seat"]] = time.monotonic()
        self.takeover[message["seat"]] = float(message["takeover"])

    def _back(self, message: dict[str, Any]) -> None:
        self.away.pop(message["seat"], None)

    def _bye(self, message: dict[str, Any]) -> None:
        self.bye = message["reason"][:40]

    def my_decision(self) -> bool:
        """Whether the host asked this client's racer the race's pending decision."""
        race, asked = self.race, self.asked
        return (
            race is not None
            and asked is not None
            and race.pending is not None
            and race.pending.racer == self.seat
            and asked["index"] == len(race.choices)
        )

    def choice(self, option: Any) -> dict[str, Any]:
        """The "choose" message answering the asked decision with `option`."""
        assert self.race is not None
        self.asked = None
        return {"type": "choose", "index": len(self.race.choices), "option": _plain(option)}


def kept_race(race: Race, bots: dict[int, str], seed: int | None = None) -> Race:
    """A race to play on alone: the same race, these seats played by computer racers of those levels.

    A race followed from a host's faces keeps them (and rolls on from a seed of its own); a seeded race
    stays seeded: either saves, resumes and replays as any race.
    """
    setups = [RacerSetup(s.character, s.name, bots.get(i, s.bot)) for i, s in enumerate(race.setups)]
    dice = race.dice
    if isinstance(dice, ShownDice):
        seed = seed if seed is not None else dice.seed
        copy = Race.new(race.board, setups, race.turns, seed, ShownDice(dice.faces, dice.orders, seed=seed))
    else:
        copy = Race.new(race.board, setups, race.turns, race.seed)
    for option in race.choices:
        copy.choose(option)
    return copy


async def join(
    address: str,
    code: str,
    name: str,
    character: str | None,
    bot: str,
    timeout: float = 3600.0,
    delay: float = 0.0,
    observe: Callable[[dict[str, Any], float], None] | None = None,
) -> Race:
    """Join a hosted race and play the seat with the bot `bot` until it is over; the race as rebuilt.

    `observe(message, arrived)`, for benchmarks, hears every message and when it arrived (time.monotonic).
    """
    import websockets

    async with websockets.connect(f"ws://{address}", max_size=MAX_FROM_HOST, open_timeout=10) as server:
        hello: dict[str, Any] = {"type": "hello", "code": code, "name": name}
        if character:
            hello["character"] = character
        await server.send(json.dumps(hello))
        follower = Follower(level=bot)
        rng = random.Random(sum(map(ord, name)))
        deadline = time.monotonic() + timeout
        async for text in server:
            arrived = time.monotonic()
            if arrived > deadline:
                break
            message = follower.receive(text)
            if observe is not None:
                observe(message, arrived)
            race = follower.race
            if message["type"] == "ask" and race is not None and follower.my_decision():
                assert race.pending is not None
                option = await asyncio.to_thread(ai.choose, race, race.pending, bot, rng)
                if delay:
                    await asyncio.sleep(delay)  # a person's (or a slow machine's) thinking time
                await server.send(json.dumps(follower.choice(option)))
            elif message["type"] == "over":
                if race is None:
                    raise ConnectionError("the race never started")
                return race
            elif message["type"] == "bye":
                break
        raise ConnectionError("the host closed the race before its end")


# ---------------------------------------------------------------- the window's sides
class Background:
    """An asyncio event loop on a daemon thread, beside the pygame loop."""

    running: set[Background] = set()  # every loop not yet ended (the window waits for them when it closes)

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        Background.running.add(self)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.close()
            Background.running.discard(self)

    def run(self, coroutine: Any) -> concurrent.futures.Future[Any] | None:
        """Run a coroutine on the loop (from any thread); its future (None once the loop has ended)."""
        try:
            return asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        except RuntimeError:  # the loop is closed
            coroutine.close()
            return None

    def call(self, function: Callable[[], None]) -> None:
        """Call a function on the loop (from any thread)."""
        try:
            self.loop.call_soon_threadsafe(function)
        except RuntimeError:
            pass

    def end(self, last: Any = None, seconds: float = 3.0) -> None:
        """Run `last` (a coroutine, at most `seconds`), then stop the loop; returns at once."""

        async def ending() -> None:
            try:
                if last is not None:
                    await asyncio.wait_for(last, seconds)
            except Exception:  # a slow or broken connection: the loop stops anyway
                pass
            finally:
                asyncio.get_running_loop().stop()

        if self.run(ending()) is None and last is not None:
            last.close()

    def join(self, seconds: float) -> bool:
        """Wait (at most `seconds`) for the thread to end; whether it did."""
        self.thread.join(seconds)
        return not self.thread.is_alive()


def wait_closed(seconds: float = 2.0) -> None:
    """Wait (at most `seconds` in all) for the window's network loops to end (the window is closing)."""
    deadline = time.monotonic() + seconds
    for background in list(Background.running):
        background.join(max(0.0, deadline - time.monotonic()))


class Hosting:
    """The window host's network side: a Server with one Room on a background loop.

    The scenes call its methods from the frame loop (each only posts work to the loop) and read what
    happened from `notices` (a thread-safe queue of (kind, data)): "listening" (data: port),
    "failed" (data: error, one sentence), "seats", "note", "left", "back", "answer".
    """

    def __init__(
        self,
        board: Board,
        turns: int,
        seats: list[Seat],
        code: str,
        seed: int,
        takeover: float = 60.0,
        takeover_level: str = "normal",
        address: str = "",
        port: int = PORT,
    ) -> None:
        self.notices: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
        self.room = Room(
            board,
            turns,
            seats,
            code,
            seed,
            takeover,
            takeover_level,
            auto_start=False,
            listener=lambda kind, data: self.notices.put((kind, data)),
        )
        self.server = Server([self.room])
        self.address, self.port = address, port
        self.background = Background("network-host")
        self.closed = False
        self.background.run(self._open())

    async def _open(self) -> None:
        try:
            port = await self.server.listen(self.address, self.port)
        except OSError as error:
            self.notices.put(("failed", {"error": error.strerror or str(error), "port": self.port}))
            return
        self.notices.put(("listening", {"port": port}))

    def _post(self, coroutine: Any) -> None:
        if self.closed:
            coroutine.close()
        else:
            self.background.run(coroutine)

    def set_takeover(self, seconds: float, level: str) -> None:
        def change() -> None:
            self.room.takeover, self.room.takeover_level = seconds, level

        self.background.call(change)

    def begin(
        self, racers: Sequence[RacerSetup], faces: list[int], orders: list[list[int]], bots: Sequence[int] = ()
    ) -> None:
        self._post(self.room.begin(list(racers), faces, orders, list(bots)))

    def ask(self, racer: int, index: int, kind: str, options: Sequence[Any]) -> None:
        self._post(self.room.ask(racer, index, kind, tuple(options)))

    def step(self, option: Any, faces: list[int], orders: list[list[int]]) -> None:
        self._post(self.room.step(option, faces, orders))

    def finish(self, standings: list[dict[str, Any]]) -> None:
        self._post(self.room.finish(standings))

    def close(self, reason: str = "quit") -> None:
        """Tell everyone the host goes (unless the race is over), stop listening, end the thread; returns at
        once (the frame loop never waits for the network)."""
        if self.closed:
            return
        self.closed = True

        async def shut() -> None:
            if not self.room.over:
                await self.room.close(reason)
            await self.server.stop()

        self.background.end(shut())


class Connection:
    """The window client's network side: one connection to a host on a background loop.

    `send` posts a message; `get` gives what came, in order: ("connected", None), ("message", text) for
    each of the host's messages, then ("closed", {"code", "reason"}) or ("unreachable", {"error"}). The
    frame loop follows the race with a `Follower`. A host that sends more than the window reads (more
    than MAX_WAITING bytes unread) is cut off.
    """

    def __init__(
        self, address: str, hello: dict[str, Any], connect_timeout: float = 10.0, max_waiting: int = MAX_WAITING
    ) -> None:
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.waiting = 0  # bytes of messages not yet read
        self.max_waiting = max_waiting
        self._count = threading.Lock()
        self.address = address
        self.background = Background("network-client")
        self.socket: Any = None
        self.closed = False
        self.background.run(self._run(hello, connect_timeout))

    async def _run(self, hello: dict[str, Any], connect_timeout: float) -> None:
        import websockets

        try:
            async with websockets.connect(
                f"ws://{self.address}", max_size=MAX_FROM_HOST, open_timeout=connect_timeout, ping_interval=5
            ) as server:
                self.socket = server
                await server.send(json.dumps(hello))
                self.inbox.put(("connected", None))
                async for text in server:
                    with self._count:
                        self.waiting += len(text)
                        flooded = self.waiting > self.max_waiting
                        if flooded:
                            self.waiting -= len(text)  # not kept
                    if flooded:
                        self.inbox.put(("closed", {"code": 1008, "reason": "the host sent more than this game reads"}))
                        await server.close(code=1008, reason="too many messages")
                        return
                    self.inbox.put(("message", text))
                code, reason = server.close_code, server.close_reason
            self.inbox.put(("closed", {"code": code or 1000, "reason": reason or ""}))
        except websockets.ConnectionClosed as error:
            code = error.rcvd.code if error.rcvd is not None else 1006
            reason = error.rcvd.reason if error.rcvd is not None else ""
            self.inbox.put(("closed", {"code": code, "reason": reason}))
        except (OSError, TimeoutError, websockets.InvalidURI, websockets.InvalidHandshake) as error:
            self.inbox.put(("unreachable", {"error": str(error) or type(error).__name__}))
        except Exception as error:  # anything else the network throws: one sentence on screen, never a traceback
            self.inbox.put(("unreachable", {"error": f"{type(error).__name__}: {error}"}))

    def get(self) -> tuple[str, Any] | None:
        """The next thing that came from the network, or None (never waits)."""
        try:
            kind, data = self.inbox.get_nowait()
        except queue.Empty:
            return None
        if kind == "message":
            with self._count:
                self.waiting -= len(data)
        return kind, data

    def send(self, message: dict[str, Any]) -> None:
        socket_ = self.socket
        if socket_ is None or self.closed:
            return
        text = json.dumps(message)

        async def out() -> None:
            try:
                await socket_.send(text)
            except Exception:
                pass

        self.background.run(out())

    def close(self) -> None:
        """Leave: close the connection and end the thread; returns at once."""
        if self.closed:
            return
        self.closed = True
        socket_ = self.socket
        self.background.end(socket_.close() if socket_ is not None else None)


def words_of_close(code: int, reason: str) -> str:
    """What a refusal's close says, for the screen's one sentence (the host's reason, or the code's)."""
    reason = "".join(ch for ch in reason if ch.isprintable())[:120]
    if reason:
        return reason
    return {1009: "a message too big", 1001: "the host left", 1006: "the connection was lost"}.get(code, "")
