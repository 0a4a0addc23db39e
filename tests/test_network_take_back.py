"""Taking a choice back in a network race (issue 46): the person whose decision is pending takes back his
own last choice of this turn through the room's host, while chance has shown nothing since; the host
rebuilds the race with that choice fewer and every client (friends, spectators) rebuilds it too. After a
die is rolled it is refused with one sentence, and so is a take-back of another seat's choice, or one too
many in a turn.

Scripted clients on 127.0.0.1, every wait bounded (a condition looked at, never a fixed sleep).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import load_board
from game.bots import ai
from game.net.client import Follower
from game.net.host import Host, start_seats
from game.net.protocol import TAKE_BACKS, ProtocolError, plain
from game.net.server import serve_rooms
from game.rules import seeds
from tests.waiting import POLL

ROOT = Path(__file__).resolve().parent.parent
SEED, TURNS, CODE = 5, 5, "WLSNESTH"
LIMIT = 60.0  # seconds a scenario may take in all


class Client:
    """A scripted client: its connection, its follower, and every message it followed."""

    def __init__(self, name: str, socket: Any, follower: Follower) -> None:
        self.name, self.socket, self.follower = name, socket, follower
        self.got: list[dict[str, Any]] = []
        self.pump = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for text in self.socket:
            self.got.append(self.follower.receive(text))

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    def heard(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.got if m["type"] == kind]

    def race_now(self) -> dict[str, Any]:
        race = self.follower.race
        assert race is not None
        return {"choices": plain(race.choices), "squares": [r.square for r in race.racers], "pending": race.pending}


async def until(condition: Callable[[], Any], what: str, seconds: float = 15.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}, in vain")
        await asyncio.sleep(POLL)
    return found


async def connect(port: int, name: str, watch: bool = False) -> Client:
    import websockets

    socket = await websockets.connect(f"ws://127.0.0.1:{port}", open_timeout=10)
    hello: dict[str, Any] = {"type": "hello", "code": CODE, "name": name}
    if watch:
        hello["watch"] = True
    await socket.send(json.dumps(hello))
    client = Client(name, socket, Follower())
    if not watch:
        await until(lambda: client.follower.seat is not None, f"{name}'s welcome")
        await client.send({"type": "ready"})
    return client


async def room(scenario: Callable[[Host, list[Client]], Any]) -> None:
    """A host of two friends' seats and a computer racer on 127.0.0.1, two friends and a spectator in it,
    the race started; then `scenario(host, [ann, bob, eve])`."""
    said: list[str] = []
    host = Host(
        load_board(str(ROOT / "maps" / "meadow.tmx")),
        TURNS,
        start_seats(["person", "person", "bot:normal"]),
        CODE,
        SEED,
        say=said.append,
        clock=0,
    )
    serving = asyncio.ensure_future(serve_rooms([host], 0, "127.0.0.1", timeout=LIMIT))
    line = await until(lambda: next((s for s in said if s.startswith("waiting on 127.0.0.1:")), None), "the host")
    port = int(line.split(":")[1].split()[0])
    clients: list[Client] = []
    try:
        clients.append(await connect(port, "eve", watch=True))
        clients.append(await connect(port, "ann"))
        clients.append(await connect(port, "bob"))
        await until(lambda: all(c.follower.race is not None for c in clients), "the start on every client")
        await asyncio.wait_for(scenario(host, [clients[1], clients[2], clients[0]]), LIMIT)
    finally:
        for client in clients:
            client.pump.cancel()
            await client.socket.close()
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)


def asked(clients: list[Client]) -> Client | None:
    """The friend whose decision the host asked, once his follower has it."""
    return next((c for c in clients if c.follower.my_decision()), None)


async def answer(client: Client) -> Any:
    """The asked friend chooses as a normal computer racer would; the option."""
    race = client.follower.race
    assert race is not None and race.pending is not None
    option = ai.pick(race, race.pending, "normal", seeds.stream(0, seeds.BOT, client.name))
    await client.send(client.follower.choice(option))
    return option


async def refused(client: Client, index: int) -> str:
    """A take-back of `index` sent by `client`: the host's refusal, why."""
    count = len(client.heard("refused"))
    await client.send({"type": "take_back", "index": index})
    await until(lambda: len(client.heard("refused")) > count, f"the host's refusal to {client.name}")
    return str(client.heard("refused")[-1]["why"])


@pytest.mark.slow  # (a race on the loopback, a few seconds)
def test_a_choice_taken_back_before_any_reveal_is_shown_to_every_client_and_after_a_roll_it_is_refused():
    async def scenario(host: Host, clients: list[Client]) -> None:
        ann, bob, eve = clients
        friends = [ann, bob]
        # the first decision asked follows the roll of the turn: refused, one sentence, nothing changed
        first = await until(lambda: asked(friends), "a friend asked")
        index = len(first.follower.race.choices)
        assert not first.follower.may_take_back()
        assert await refused(first, index) == "chance"
        assert len(host.race.choices) == index and not any(c.heard("taken_back") for c in clients)
        # played on until a friend is asked again in his turn after a choice that showed nothing
        before: dict[int, dict[str, Any]] = {}
        while True:
            mover = await until(lambda: asked(friends), "a friend asked")
            race = mover.follower.race
            if mover.follower.may_take_back():
                break
            before[len(race.choices)] = mover.race_now()
            count = len(race.choices)
            await answer(mover)
            await until(lambda m=mover, c=count: len(m.follower.race.choices) > c, "the step of his choice")
        other = bob if mover is ann else ann
        index = len(mover.follower.race.choices)
        # another seat's take-back, a spectator's, an old one: refused, nothing changed
        assert await refused(other, index) == "not_yours"
        assert await refused(eve, index) == "not_yours"
        assert await refused(mover, index - 1) == "not_yours"
        assert len(host.race.choices) == index
        # his own: every client sees the race as it was before that choice, the same as the host's
        await mover.send(mover.follower.take_back())
        await until(lambda: all(c.heard("taken_back") for c in clients), "the take-back on every client")
        for client in clients:
            assert client.heard("taken_back")[-1] == {
                "type": "taken_back",
                "seat": mover.follower.seat,
                "name": mover.name,
                "index": index - 1,
            }
            assert client.race_now() == before[index - 1], client.name
        assert (
            plain(host.race.choices) == before[index - 1]["choices"]
            and host.race.pending == before[index - 1]["pending"]
        )
        # his decision is asked again; a flood of choose and take back is bounded: TAKE_BACKS a turn at most
        taken = 1
        while True:
            await until(
                lambda: mover.follower.my_decision() and len(mover.follower.race.choices) == index - 1, "asked again"
            )
            await answer(mover)
            await until(
                lambda: mover.follower.my_decision() and len(mover.follower.race.choices) == index, "asked after it"
            )
            counts = len(mover.heard("taken_back")), len(mover.heard("refused"))
            await mover.send({"type": "take_back", "index": index})
            answered = lambda c=counts: (len(mover.heard("taken_back")), len(mover.heard("refused"))) != c  # noqa: E731
            await until(answered, "the host's answer")
            if len(mover.heard("refused")) > counts[1]:
                break
            taken += 1
        assert taken == TAKE_BACKS and mover.heard("refused")[-1]["why"] == "too_many"
        assert not mover.follower.may_take_back()  # (the window would not have asked)

    asyncio.run(room(scenario))


def test_a_host_that_takes_back_past_what_chance_showed_cannot_be_followed():
    """A client checks the host's take-back as it checks its steps: one that would roll the dice again,
    or name another racer or choice, is a ProtocolError, never a wrong race."""
    board = load_board(str(ROOT / "maps" / "meadow.tmx"))
    host = Host(board, TURNS, start_seats(["person", "person"]), CODE, SEED)
    race = host._build()
    follower = Follower()
    follower.receive(json.dumps({"type": "welcome", "seat": 0, "seats": ["a", "b"], "token": "k" * 24}))
    host.opening = None
    from game.rules import record

    shown = host.dice.take() if host.dice is not None else ([], [])
    opening = record.make(
        board.to_dict(), "", [s.to_dict() for s in race.setups], TURNS, None, [], {"dice": host.dice.kind}
    )
    follower.receive(json.dumps({"type": "start", "race": record.without_seed(opening, shown[0], shown[1])}))
    assert host.dice is not None
    race.choose(race.pending.options[0])  # the first choice follows the roll: the next shows faces or not
    faces, orders = host.dice.take()
    follower.receive(json.dumps({"type": "step", "option": plain(race.choices[-1]), "faces": faces, "orders": orders}))
    wrong = {"type": "taken_back", "seat": 0, "name": "a", "index": 5}
    with pytest.raises(ProtocolError, match="does not have"):
        follower.receive(json.dumps(wrong))
    while not faces and race.pending is not None:  # on to a choice that showed faces
        race.choose(race.pending.options[-1])
        faces, orders = host.dice.take()
        follower.receive(
            json.dumps({"type": "step", "option": plain(race.choices[-1]), "faces": faces, "orders": orders})
        )
    seat = follower.race.pending.racer
    past = {"type": "taken_back", "seat": seat, "name": "a", "index": len(race.choices) - 1}
    with pytest.raises(ProtocolError, match="past what chance showed"):
        follower.receive(json.dumps(past))


class Screenless:
    """A friend's connection in the host's own process: what the host sends it, followed."""

    def __init__(self) -> None:
        self.follower = Follower()
        self.got: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.got.append(self.follower.receive(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def test_a_take_back_gives_no_time_the_friends_turn_clock_runs_on():
    from game.net.seats import Seat

    async def scenario() -> tuple[float, float]:
        now = [1000.0]
        seats = [Seat("friend"), Seat("bot", bot="easy", character="orc")]
        host = Host(load_board(str(ROOT / "maps" / "meadow.tmx")), TURNS, seats, CODE, SEED, clock=30, auto_start=False)
        host.now = lambda: now[0]
        ann = Screenless()
        await host.hello(ann, {"type": "hello", "code": CODE, "name": "Ann", "pick": True})
        await host.take(ann, None, {"type": "take", "seat": 0, "character": "elf"})
        host.start()
        hosting = asyncio.ensure_future(host.run(LIMIT))
        try:
            while True:  # Ann plays until she is asked after a choice of hers that showed nothing
                await until(ann.follower.my_decision, "Ann asked")
                if ann.follower.may_take_back():
                    break
                index = len(ann.follower.race.choices)
                await host.choose(ann, ann.follower.choice(ann.follower.race.pending.options[0]))
                await until(lambda i=index: len(ann.follower.race.choices) > i, "her step")
            asks = len(ann.follower.race.choices)
            first = [m for m in ann.got if m["type"] == "ask"][-1]["clock"]
            now[0] += 10  # she thinks for 10 seconds, then takes her choice back
            assert await host.take_back(ann, ann.follower.take_back())
            await until(
                lambda: ann.follower.my_decision() and len(ann.follower.race.choices) == asks - 1, "asked again"
            )
            again = [m for m in ann.got if m["type"] == "ask"][-1]["clock"]
            return first, again
        finally:
            hosting.cancel()
            await asyncio.gather(hosting, return_exceptions=True)

    first, again = asyncio.run(asyncio.wait_for(scenario(), LIMIT))
    assert first == 30 and again == 20  # (not 30 again: choosing and taking back never stops the clock)


def test_a_choice_the_computer_made_for_a_friend_whose_clock_ran_out_is_not_his_to_take_back():
    from game.net.seats import Seat

    async def scenario() -> str:
        now = [1000.0]
        seats = [Seat("friend"), Seat("bot", bot="easy", character="orc")]
        host = Host(load_board(str(ROOT / "maps" / "meadow.tmx")), TURNS, seats, CODE, SEED, clock=30, auto_start=False)
        host.now, host.tick = (lambda: now[0]), 0.01
        ann = Screenless()
        await host.hello(ann, {"type": "hello", "code": CODE, "name": "Ann", "pick": True})
        await host.take(ann, None, {"type": "take", "seat": 0, "character": "elf"})
        host.start()
        hosting = asyncio.ensure_future(host.run(LIMIT))
        try:
            while True:  # Ann lets her clock run out until the computer's choice for her showed nothing
                await until(ann.follower.my_decision, "Ann asked")
                news = [m for m in ann.got if m["type"] in ("late", "step")]
                if len(news) > 1 and news[-2]["type"] == "late" and not news[-1]["faces"] and not news[-1]["orders"]:
                    break
                index = len(ann.follower.race.choices)
                now[0] += 31
                await until(lambda i=index: len(ann.follower.race.choices) > i, "the computer's choice for her")
            assert not ann.follower.may_take_back()  # (her window would not ask)
            count = len(host.race.choices)
            await host.take_back(ann, ann.follower.take_back())
            assert len(host.race.choices) == count
            refusal = await until(lambda: [m for m in ann.got if m["type"] == "refused"], "the host's refusal")
            return str(refusal[-1]["why"])
        finally:
            hosting.cancel()
            await asyncio.gather(hosting, return_exceptions=True)

    assert asyncio.run(asyncio.wait_for(scenario(), LIMIT)) == "chance"
