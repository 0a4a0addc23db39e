"""5,000 mutated messages of each type at a `serve` host and at a window's client: both keep running.

The host is `serve`'s (the same `Host` behind the same `Server` as `main.py serve`, in this process so
that its door's clock can be a fake one: wrong room codes are slowed, and 5,000 of them would take
hours of real time). Each mutant of a client's message (`hello`, `take`, `choose`: tests/fuzz_net.py)
goes on a connection of its own from 127.0.0.1; the host answers it or closes that connection with
a sentence (never 1011, an internal error), and its races go on to their end with their friends.

The window's client is the `Follower` that every window's race follows, and what the window shows of
it: each mutant of each of the host's messages is refused in one sentence (ProtocolError) or
followed; what is followed is shown (tags, notices, the panel's question) without an error; and a
sample goes through the windows' own screens (the join screen's lobby, a friend's race scene).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
from typing import Any

import pygame
import pytest

from game.net import protocol
from game.net.client import Follower
from game.net.door import Door
from game.net.host import Host, Seat
from game.net.protocol import ProtocolError
from game.net.server import Server
from scenes.core import boards
from tests.fuzz_net import mutants
from tests.test_network_threats import CODE, FakeClock, connect, hello, play, receive

pytestmark = pytest.mark.slow  # 15,000 connections to a host, 50,000 messages to a client
MUTANTS = int(os.environ.get("FUZZ_MUTANTS", "5000"))  # (fewer to try the test quickly)
LIMIT = 900.0


async def answer_or_close(ws: Any, seconds: float = 5.0) -> str:
    """What the host did with a message: "answered" (it sent something) or "CODE reason" (it closed)."""
    import websockets

    try:
        await asyncio.wait_for(ws.recv(), seconds)
        return "answered"
    except websockets.ConnectionClosed as error:
        return f"{error.rcvd.code} {error.rcvd.reason}" if error.rcvd else "closed"
    except TimeoutError:
        return "silent"


async def asked(ws: Any) -> dict[str, Any] | None:
    """A client's seat's next ask (with the seat's key, as `token`), or None when the race ends first."""
    import websockets

    token = ""
    try:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message["type"] == "welcome":
                token = message["token"]
            elif message["type"] == "ask":
                return {**message, "token": token}
            elif message["type"] == "over":
                return None
    except (websockets.ConnectionClosed, TimeoutError):
        return None


async def seated(ws: Any) -> dict[str, Any]:
    """A friend's welcome, and his "ready" (the game's own clients say it: a lobby seat is kept for them)."""
    welcome = await receive(ws, "welcome")
    await ws.send(json.dumps({"type": "ready"}))
    return welcome


def test_5000_mutated_messages_of_each_type_at_a_serve_host_leave_it_running():
    clock = FakeClock()
    said: list[str] = []
    ends: dict[str, set[str]] = {"hello": set(), "take": set(), "choose": set()}
    rng = random.Random(28)

    def room() -> Host:
        seats = [Seat("friend"), Seat("friend"), Seat("friend"), Seat("bot", bot="easy", character="orc")]
        return Host(boards.practice_board(), 15, seats, CODE, rng.getrandbits(128), takeover=600, say=said.append)

    async def scenario() -> int:
        host = room()
        server = Server([host], door=Door(said.append, in_all=1000, now=clock.now, sleep=clock.sleep))
        port = await server.listen("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{port}"
        hosting = asyncio.ensure_future(host.run(LIMIT))
        try:
            ann = await connect(url)
            await ann.send(hello("ann"))
            friend = asyncio.ensure_future(play(ann, "ann", welcome=await seated(ann)))  # (reading)
            for text in mutants({"type": "hello", "code": CODE, "name": "zed", "pick": True}, MUTANTS, rng, ["take"]):
                ws = await connect(url)
                await ws.send(text)
                ends["hello"].add((await answer_or_close(ws)).split(" ")[0])
                await ws.close()
            take = {"type": "take", "seat": 1, "character": "dwarf"}
            for text in mutants(take, MUTANTS, rng, ["hello", "choose"]):
                ws = await connect(url)
                await ws.send(hello("zed", pick=True))
                await receive(ws, "lobby")
                await ws.send(text)
                ends["take"].add((await answer_or_close(ws)).split(" ")[0])
                await ws.close()
            assert not host.started  # no mutant started the race (nor kept a seat)
            played = 0
            cy = await connect(url)
            await cy.send(hello("cy"))
            other = asyncio.ensure_future(play(cy, "cy", welcome=await seated(cy)))
            left, token, races = MUTANTS, "", 1
            while left:
                if hosting.done():  # that race is over: another room on the same door, its friends seated again
                    assert not hosting.exception()
                    await asyncio.wait_for(asyncio.gather(friend, other), 60)
                    await server.stop()
                    races += 1
                    host = room()
                    server = Server([host], door=server.door)
                    port = await server.listen("127.0.0.1", 0)
                    url = f"ws://127.0.0.1:{port}"
                    hosting = asyncio.ensure_future(host.run(LIMIT))
                    ann, cy = await connect(url), await connect(url)
                    await ann.send(hello("ann"))
                    friend = asyncio.ensure_future(play(ann, "ann", welcome=await seated(ann)))
                    await cy.send(hello("cy"))
                    other = asyncio.ensure_future(play(cy, "cy", welcome=await seated(cy)))
                    token = ""
                mal = await connect(url)
                await mal.send(hello("mal", token=token))
                ask = await asked(mal)
                if ask is None:  # the race is over (or his seat was not his): see again
                    await mal.close()
                    await asyncio.wait([hosting], timeout=5)
                    continue
                token = ask["token"]
                choice = {"type": "choose", "index": ask["index"], "option": rng.choice(ask["options"])}
                text = mutants(choice, 1, rng, ["hello", "take"])[0]
                await mal.send(text)
                end = await answer_or_close(mal, 10)
                ends["choose"].add(end.split(" ")[0])
                left -= 1
                played += end == "answered"
                await mal.close()
            mal = await connect(url)  # then he plays on rightly: the race goes on to its end
            await mal.send(hello("mal", token=token))
            ended = await play(mal, "mal", welcome=await receive(mal, "welcome"))
            assert ended["type"] == "over" and (await asyncio.wait_for(friend, 60))["type"] == "over"
            race = await hosting
            assert race.over
            return races
        finally:
            await server.stop()

    races = asyncio.run(asyncio.wait_for(scenario(), LIMIT))
    for kind, seen in ends.items():
        assert seen <= {"answered", "1008", "1009", "1000", "silent"}, (kind, seen)  # never 1011
        assert "1008" in seen and "answered" in seen, (kind, seen)
    assert races >= 1 and not any("Traceback" in line for line in said)
    assert any("the hosted race is over" in line for line in said)  # a race went on to its end


# ---------------------------------------------------------------- a window's client
def recorded_messages() -> dict[str, dict[str, Any]]:
    """One real message of each of the host's types, from a race hosted in this process."""

    class Client:
        def __init__(self) -> None:
            self.got: list[dict[str, Any]] = []

        async def send(self, text: str) -> None:
            self.got.append(json.loads(text))

        async def close(self, code: int = 1000, reason: str = "") -> None:
            pass

    async def scenario() -> list[dict[str, Any]]:
        seats = [Seat("friend"), Seat("bot", bot="easy", character="orc")]
        host = Host(boards.practice_board(), 5, seats, CODE, 5, clock=0.01, auto_start=False)
        ann = Client()
        await host.hello(ann, {"type": "hello", "code": CODE, "name": "Ann", "pick": True})
        await host.take(ann, None, {"type": "take", "seat": 0, "character": "elf"})
        host.start()
        hosting = asyncio.ensure_future(host.run(30))
        while not any(m["type"] == "late" for m in ann.got):
            await asyncio.sleep(0.01)
        await host.leave(ann)
        hosting.cancel()
        return ann.got

    got = asyncio.run(scenario())
    first: dict[str, dict[str, Any]] = {}
    for message in got:
        first.setdefault(message["type"], message)
    first.update(
        {
            "back": {"type": "back", "seat": 0, "name": "Ann"},
            "left": {"type": "left", "seat": 0, "name": "Ann", "takeover": 60},
            "over": {"type": "over", "standings": [
                {"place": 1, "name": "Ann", "character": "elf", "points": 12},
                {"place": 2, "name": "orc-2", "character": "orc", "points": 3},
            ]},
            "bye": {"type": "bye", "reason": "quit"},
            "said": {"type": "said", "seat": 0, "phrase": "good_luck"},
            "answer": {"type": "answer", "said": "Bob was removed from seat 2"},
            "taken_back": {"type": "taken_back", "seat": 0, "name": "Ann", "index": 0},
            "refused": {"type": "refused", "why": "chance"},
            "waiting": {"type": "waiting", "seat": 1, "name": "Bob", "seconds": 86400.0},
        }
    )  # fmt: skip
    assert set(first) >= set(protocol.HOST_MESSAGES), set(first)
    return first


def test_5000_mutated_messages_of_each_type_at_a_windows_client_are_followed_or_refused_in_a_sentence():
    from scenes.bridges.link import Link
    from scenes.core import text
    from scenes.screens.netplay import FriendSeats

    real = recorded_messages()
    welcome, start = json.dumps(real["welcome"]), json.dumps(real["start"])
    first_step = json.dumps(real["step"])
    before = {  # what a window has followed before each kind of message
        "welcome": [],
        "lobby": [welcome],
        "start": [welcome],
        "step": [welcome, start],
        "ask": [welcome, start],
        "late": [welcome, start],
        "left": [welcome, start],
        "back": [welcome, start, json.dumps(real["left"])],
        "over": [welcome, start, first_step],
        "bye": [welcome, start],
        "taken_back": [welcome, start, first_step],
        "refused": [welcome, start],
        "waiting": [welcome, start],
    }
    pygame.init()
    surface = pygame.Surface((400, 60))
    rng = random.Random(2828)
    for kind, message in real.items():
        if kind not in before:
            continue
        base = Follower()
        for text_ in before[kind]:
            base.receive(text_)
        follower = base
        followed = refused = 0
        for mutated in mutants(message, MUTANTS, rng, list(protocol.HOST_MESSAGES)):
            try:  # the gate first: most mutants stop there, and the follower is unchanged
                checked = protocol.parse(mutated, protocol.MAX_FROM_HOST)
                protocol.check(checked, str(checked["type"]), protocol.HOST_MESSAGES)
            except (ProtocolError, KeyError):
                refused += 1
                continue
            if follower is not base or kind in ("step", "ask", "over", "late", "left", "back", "start", "taken_back"):
                follower = Follower()
                for text_ in before[kind]:
                    follower.receive(text_)
            try:
                follower.receive(mutated)
            except ProtocolError as error:
                refused += 1
                assert "\n" not in str(error) and len(str(error)) < 400
                continue
            followed += 1
            race = follower.race
            if race is not None:  # what a friend's window shows of it
                seats = FriendSeats(Link(None, follower), rejoin={})  # (no transport: nothing is read)
                for racer in range(len(race.racers)):
                    seats.who(race, racer)
                    seats.here(race, racer)
                words = [seats.notice(race), *(tag for tag, _ in seats.tags(race).values())]
                for shown in words:
                    text.draw(surface, shown, (0, 0), 16, (255, 255, 255))
            if follower.lobby is not None:
                for seat in follower.lobby["seats"]:
                    text.draw(surface, seat["name"] or seat["kind"], (0, 0), 16, (255, 255, 255))
        assert refused > MUTANTS // 2 and followed + refused == MUTANTS, (kind, followed, refused)
