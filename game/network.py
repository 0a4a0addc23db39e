"""Races over the network: a host that holds the race, clients that follow it (docs/network.md).

The host is the authority: only it holds the dice and the seed. After every choice it sends every
client the choice and the faces its dice showed since the last one; a client rebuilds the same
race from the setup, the choices and those faces (`FedDice`), so no client can foresee a roll.
The host asks each decision of a client's racer of that client only, and accepts only one of the
decision's options. Messages are JSON objects with a "type"; a bad one (too big, not JSON, wrong
schema, too many, a choice out of turn, a wrong room code) closes that client's connection with a
logged sentence; the host and the race go on. A friend whose connection drops is played by a
computer racer after `takeover` seconds, until he joins again with the same name and code.

Transport: `websockets` on asyncio (loopback in the tests).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game import ai
from game.board import Board
from game.dice import Dice, Die
from game.race import Race, RacerSetup

log = logging.getLogger("fantasy-racing.network")

MAX_MESSAGE = 64 * 1024  # bytes of one message
CLIENT_LEVELS = ("easy", "normal")  # a client's levels: hard and expert fork the race with seeded dice
RATE = 100  # messages a second a client may send, at most (a bot answers as fast as it is asked)
ASK_TIMEOUT = 600.0  # seconds a connected friend may think before the computer decides for him


class ProtocolError(ValueError):
    """A message the host refuses; the message says why."""


def _check(message: Any, kind: str, fields: dict[str, type | tuple[type, ...]]) -> dict[str, Any]:
    if not isinstance(message, dict) or message.get("type") != kind:
        raise ProtocolError(f"expected a {kind!r} message")
    for name, wanted in fields.items():
        if not isinstance(message.get(name), wanted):
            raise ProtocolError(f"the {kind!r} message's {name!r} is missing or of the wrong type")
    return message


def parse(text: str | bytes) -> dict[str, Any]:
    """A message from its text: a JSON object with a "type" (ProtocolError otherwise)."""
    if isinstance(text, bytes):
        raise ProtocolError("binary messages are not part of the protocol")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"a message of {len(text)} characters, more than {MAX_MESSAGE}")
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message that is not an object with a type")
    return message


class FedDice(Dice):
    """A client's dice: the faces the host's dice showed, in order (the host's choices come with them)."""

    def __init__(self) -> None:
        super().__init__(None)
        self.faces: deque[int] = deque()
        self.orders: deque[list[int]] = deque()

    def roll(self, die: Die) -> int:
        if not self.faces:
            raise ProtocolError(f"the host sent no face for a {die.name}")
        return self.faces.popleft()

    def order(self, count: int) -> list[int]:
        if not self.orders:
            raise ProtocolError("the host sent no order of play")
        return self.orders.popleft()


class _Recorder:
    """Records what the host's own dice show (its race keeps an ordinary seeded Dice, so that it saves
    and replays as any race)."""

    def __init__(self, dice: Dice) -> None:
        self.faces: list[int] = []
        self.orders: list[list[int]] = []
        roll, order = dice.roll, dice.order

        def recorded_roll(die: Die) -> int:
            face = roll(die)
            self.faces.append(face)
            return face

        def recorded_order(count: int) -> list[int]:
            found = order(count)
            self.orders.append(list(found))
            return found

        dice.roll = recorded_roll  # type: ignore[method-assign]  # this race's dice only
        dice.order = recorded_order  # type: ignore[method-assign]

    def take(self) -> tuple[list[int], list[list[int]]]:
        faces, orders, self.faces, self.orders = self.faces, self.orders, [], []
        return faces, orders


@dataclass
class Seat:
    """A racer's seat: a person at a client (`name`), or a computer racer (`bot`)."""

    kind: str  # "person" or "bot"
    bot: str = "normal"  # the level of a computer racer, and of the one who takes over a seat
    name: str = ""
    character: str = ""
    client: Any = None  # the connection of the friend in this seat
    left_at: float | None = None  # when his connection dropped

    @property
    def open(self) -> bool:
        return self.kind == "person" and not self.name


@dataclass
class Host:
    """A race hosted for friends: seats, the race, the clients."""

    board: Board
    turns: int
    seats: list[Seat]
    code: str
    seed: int
    takeover: float = 60.0
    takeover_level: str = "normal"
    race: Race | None = None
    history: list[dict[str, Any]] = field(default_factory=list)  # every "step" message sent, to catch up
    events: list[str] = field(default_factory=list)  # what the host logged (joins, leaves, refusals)

    def note(self, line: str) -> None:
        self.events.append(line)
        log.info("%s", line)
        print(f"serve: {line}", flush=True)

    # ------------------------------------------------------------ seats
    def join(self, client: Any, message: dict[str, Any]) -> int:
        """Seat a friend (a "hello"); his seat (ProtocolError when he may not have one)."""
        hello = _check(message, "hello", {"code": str, "name": str})
        if hello["code"] != self.code:
            raise ProtocolError("a wrong room code")
        name = hello["name"].strip()[:24]
        if not name:
            raise ProtocolError("a hello without a name")
        for index, seat in enumerate(self.seats):
            if seat.kind == "person" and seat.name == name:
                if seat.client is not None:
                    raise ProtocolError(f"{name} is already connected: a second client cannot take his seat")
                seat.client, seat.left_at = client, None
                self.note(f"{name} joined again: seat {index + 1}")
                return index
        if self.race is not None:
            raise ProtocolError("the race has started and has no seat for this name")
        for index, seat in enumerate(self.seats):
            if seat.open:
                character = message.get("character")
                seat.name, seat.client = name, client
                seat.character = character if isinstance(character, str) and character in _characters() else ""
                self.note(f"{name} joined: seat {index + 1}")
                return index
        raise ProtocolError("no open seat is left")

    def leave(self, client: Any) -> None:
        for index, seat in enumerate(self.seats):
            if seat.client is client:
                seat.client, seat.left_at = None, time.monotonic()
                self.note(
                    f"{seat.name} left (seat {index + 1}); a computer racer plays for him after "
                    f"{self.takeover:g} s unless he joins again"
                )

    @property
    def full(self) -> bool:
        return not any(seat.open for seat in self.seats)

    def setups(self) -> list[RacerSetup]:
        rng = random.Random(self.seed)
        characters = list(_characters())
        out = []
        for index, seat in enumerate(self.seats):
            character = seat.character or rng.choice(characters)
            seat.character = character
            if seat.kind == "bot":
                out.append(RacerSetup(character, f"{character}-{index + 1}", bot=seat.bot))
            else:
                out.append(RacerSetup(character, seat.name))
        return out

    # ------------------------------------------------------------ the race
    def welcome(self, seat: int) -> dict[str, Any]:
        return {"type": "welcome", "seat": seat, "seats": [s.name or s.kind for s in self.seats]}

    def start_message(self) -> dict[str, Any]:
        assert self.race is not None
        return {
            "type": "start",
            "board": self.race.board.to_dict(),
            "turns": self.turns,
            "racers": [s.to_dict() for s in self.race.setups],
            "history": list(self.history),
        }

    def decider(self, racer: int) -> str | None:
        """None when the friend in the seat decides, else the bot level that decides for the seat."""
        seat = self.seats[racer]
        if seat.kind == "bot":
            return seat.bot
        if seat.client is not None:
            return None
        if seat.left_at is not None and time.monotonic() - seat.left_at >= self.takeover:
            return self.takeover_level
        return "" if seat.left_at is not None else self.takeover_level  # "": wait for him a little


def _characters() -> list[str]:
    from game.characters import CHARACTERS

    return list(CHARACTERS)


def decision_message(race: Race) -> dict[str, Any]:
    decision = race.pending
    assert decision is not None
    return {
        "type": "ask",
        "racer": decision.racer,
        "kind": decision.kind,
        "options": json.loads(json.dumps(list(decision.options))),
        "index": len(race.choices),
    }


async def serve(host: Host, port: int, address: str = "127.0.0.1", timeout: float = 3600.0) -> Race:
    """Host the race on `address`:`port` until it is over (or `timeout` seconds pass); the race."""
    import websockets

    logging.getLogger("websockets").setLevel(logging.CRITICAL)  # a refused handshake is not the host's error
    started = asyncio.Event()
    pending_answers: dict[int, asyncio.Future[Any]] = {}
    rate: dict[Any, deque[float]] = {}

    async def send(client: Any, message: dict[str, Any]) -> None:
        try:
            await client.send(json.dumps(message))
        except websockets.ConnectionClosed:
            pass

    async def broadcast(message: dict[str, Any]) -> None:
        for seat in host.seats:
            if seat.client is not None:
                await send(seat.client, message)

    async def handler(client: Any) -> None:
        seat = None
        try:
            hello = parse(await asyncio.wait_for(client.recv(), 10))
            seat = host.join(client, hello)
            await send(client, host.welcome(seat))
            if host.race is not None:
                await send(client, host.start_message())
                if host.race.pending is not None and host.race.pending.racer == seat:
                    await send(client, decision_message(host.race))
            elif host.full:
                started.set()
            async for text in client:
                times = rate.setdefault(client, deque())
                now = time.monotonic()
                times.append(now)
                while times and now - times[0] > 1.0:
                    times.popleft()
                if len(times) > RATE:
                    raise ProtocolError(f"more than {RATE} messages a second")
                message = _check(parse(text), "choose", {"index": int})
                race = host.race
                waiting = pending_answers.get(seat)
                if race is None or waiting is None or waiting.done() or message["index"] != len(race.choices):
                    raise ProtocolError("a choice that was not asked of this racer (or an old one)")
                if race.pending is None or race.pending.racer != seat:
                    raise ProtocolError("a choice for another racer")
                option = _freeze(message.get("option"))
                if option not in race.pending.options:
                    raise ProtocolError(f"{message.get('option')!r} is not an option of this decision")
                waiting.set_result(option)
        except ProtocolError as error:
            who = host.seats[seat].name if seat is not None else "a client"
            host.note(f"closed the connection of {who}: {error}")
            await client.close(code=1008, reason=str(error)[:120])
        except (TimeoutError, websockets.ConnectionClosed):
            pass
        finally:
            if seat is not None and host.seats[seat].client is client:
                host.leave(client)

    async with websockets.serve(handler, address, port, max_size=MAX_MESSAGE, ping_interval=5, ping_timeout=10):
        host.note(
            f"waiting on {address}:{port} for {sum(s.kind == 'person' for s in host.seats)} friends, "
            f"room code {host.code}"
        )
        await asyncio.wait_for(started.wait(), timeout)
        host.race = Race.new(host.board, host.setups(), turns=host.turns, seed=host.seed)
        race = host.race
        recorder = _Recorder(race.dice)
        # the race was made before the recorder: its first order and rolls are read from the log
        faces = [f for e in race.log if e.kind == "rolled" for f in e.faces]
        orders = [list(e.order) for e in race.log if e.kind == "turn_started"][:1]
        host.history.append({"type": "step", "option": None, "faces": faces, "orders": orders})
        for seat in host.seats:
            if seat.client is not None:
                await send(seat.client, host.start_message())
        bots = {i: random.Random(host.seed * 31 + i) for i in range(len(host.seats))}
        deadline = time.monotonic() + timeout
        asked = -1  # the index of the choice last asked of a friend
        while race.pending is not None and time.monotonic() < deadline:
            await asyncio.sleep(0)  # let the connections be heard (joins, leaves, answers) between decisions
            decision = race.pending
            level = host.decider(decision.racer)
            if level is None:
                if asked != len(race.choices) or decision.racer not in pending_answers:
                    pending_answers[decision.racer] = asyncio.get_running_loop().create_future()
                    asked = len(race.choices)
                    await send(host.seats[decision.racer].client, decision_message(race))
                try:
                    option = await asyncio.wait_for(asyncio.shield(pending_answers[decision.racer]), 1.0)
                except TimeoutError:
                    continue  # still thinking (a friend who left is taken over after the delay)
                pending_answers.pop(decision.racer, None)
            elif level == "":
                await asyncio.sleep(0.2)
                continue
            else:
                pending_answers.pop(decision.racer, None)
                option = ai.choose(race, decision, level, bots[decision.racer])
            race.choose(option)
            faces, orders = recorder.take()
            step = {"type": "step", "option": json.loads(json.dumps(option)), "faces": faces, "orders": orders}
            host.history.append(step)
            await broadcast(step)
        standings = standings_json(race)
        await broadcast({"type": "over", "standings": standings})
        await asyncio.sleep(0.2)
    return race


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def standings_json(race: Race) -> list[dict[str, Any]]:
    """The final standings as the commands print them with --json."""
    return [
        {"place": place, "name": race.racers[i].name, "character": race.racers[i].character, "points": points}
        for place, i, points in race.standings()
    ]


async def join(
    address: str, code: str, name: str, character: str | None, bot: str, timeout: float = 3600.0, delay: float = 0.0
) -> Race:
    """Join a hosted race and play the seat with the bot `bot` until it is over; the race as rebuilt."""
    import websockets

    async with websockets.connect(f"ws://{address}", max_size=None, open_timeout=10) as server:
        hello: dict[str, Any] = {"type": "hello", "code": code, "name": name}
        if character:
            hello["character"] = character
        await server.send(json.dumps(hello))
        seat: int | None = None
        race: Race | None = None
        dice = FedDice()
        rng = random.Random(hash(name) & 0xFFFF)
        deadline = time.monotonic() + timeout
        async for text in server:
            if time.monotonic() > deadline:
                break
            message = json.loads(text)
            kind = message.get("type")
            if kind == "welcome":
                seat = int(message["seat"])
            elif kind == "start":
                board = Board.from_dict(message["board"])
                for step in message["history"]:
                    dice.faces.extend(step["faces"])
                    dice.orders.extend(step["orders"])
                setups = [RacerSetup(**r) for r in message["racers"]]
                race = Race.new(board, setups, turns=int(message["turns"]), dice=dice)
                for step in message["history"][1:]:
                    race.choose(_freeze(step["option"]))
            elif kind == "step" and race is not None:
                dice.faces.extend(message["faces"])
                dice.orders.extend(message["orders"])
                race.choose(_freeze(message["option"]))
            elif kind == "ask" and race is not None and seat is not None:
                decision = race.pending
                if decision is not None and decision.racer == seat and int(message["index"]) == len(race.choices):
                    option = ai.choose(race, decision, bot, rng)
                    if delay:
                        await asyncio.sleep(delay)  # a person's (or a slow machine's) thinking time
                    await server.send(
                        json.dumps(
                            {"type": "choose", "index": len(race.choices), "option": json.loads(json.dumps(option))}
                        )
                    )
            elif kind == "over":
                return race if race is not None else _empty()
        raise ConnectionError("the host closed the race before its end")


def _empty() -> Race:
    raise ConnectionError("the race never started")


def start_seats(spec: Sequence[str]) -> list[Seat]:
    """Seats from `person,person,bot:hard,...` (ValueError with one sentence)."""
    seats = []
    for item in spec:
        item = item.strip()
        if item == "person":
            seats.append(Seat("person"))
        elif item.startswith("bot:") and item[4:] in ai.LEVELS:
            seats.append(Seat("bot", bot=item[4:]))
        else:
            raise ValueError(f"--seats: {item!r} is not person or bot:LEVEL ({', '.join(ai.LEVELS)})")
    if not 2 <= len(seats) <= 6:
        raise ValueError(f"--seats: a race has 2 to 6 seats, not {len(seats)}")
    if not any(s.kind == "person" for s in seats):
        raise ValueError("--seats: give at least one person seat (bot-only races: use simulate)")
    return seats
