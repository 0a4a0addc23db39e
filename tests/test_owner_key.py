"""The owner key (docs/network.md, *The owner key*): `serve` prints it once on its terminal; a client that
holds it may give the host's orders (`remove`, `let`) by message, checked in the Host as `serve`'s terminal
commands are; a wrong key changes nothing, is slowed like a wrong room code, and no friend ever gets it.

On 127.0.0.1 only; every wait bounded (`run`: LIMIT seconds; `receive`: rounds and seconds)."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

from test_network_threats import CODE, connect, hello, listening, play, receive, refusal, run

from game.net import client as net_client
from game.net import protocol
from game.net.console import ORDERS, greet, obey
from game.net.door import FREE_TRIES, Door
from game.net.host import Host, Seat
from game.net.protocol import ProtocolError
from game.rules import seeds
from scenes.core import boards


class Heard:
    """A friend's connection that keeps every text it receives (to look for the owner key in them)."""

    def __init__(self, ws: Any, texts: list[str]) -> None:
        self.ws, self.texts = ws, texts

    def __aiter__(self) -> Heard:
        return self

    async def __anext__(self) -> str:
        import websockets

        try:
            return await self.recv()
        except websockets.ConnectionClosedOK:
            raise StopAsyncIteration from None

    async def recv(self) -> str:
        text = await self.ws.recv()
        self.texts.append(text)
        return text

    async def send(self, text: str) -> None:
        await self.ws.send(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ws, name)


def order(key: str, verb: str, seat: int) -> str:
    return json.dumps({"type": "owner", "key": key, "order": verb, "seat": seat})


def test_the_owner_key_is_the_rooms_own_apart_from_the_relays_secret():
    key = seeds.owner_key(7, CODE)
    assert len(key) == 32 and key == seeds.owner_key(7, CODE)
    assert key not in (seeds.owner_key(8, CODE), seeds.owner_key(7, "ABCDEFGH"), seeds.owner_secret(7, CODE))


def test_an_owner_message_is_one_exact_schema():
    protocol.check({"type": "owner", "key": "k", "order": "remove", "seat": 1}, "owner")
    for wrong in (
        {"type": "owner", "key": "k", "order": "stop", "seat": 1},
        {"type": "owner", "key": "k", "order": "remove", "seat": True},
        {"type": "owner", "key": "k", "order": "remove", "seat": 1, "seed": 7},
        {"type": "owner", "key": "k" * 65, "order": "let", "seat": 1},
    ):
        try:
            protocol.check(wrong, "owner")
        except ProtocolError:
            continue
        raise AssertionError(f"{wrong} was let in")


def test_serve_says_the_owner_key_once_on_its_terminal_and_never_in_the_log(caplog):
    said: list[str] = []
    host = Host(boards.practice_board(), 5, [Seat("friend")], CODE, 7, say=said.append)
    greet([host])
    assert sum(host.owner_key in line for line in said) == 1
    assert host.owner_key not in caplog.text and all(host.owner_key not in event for event in host.events)


def test_a_client_with_the_owner_key_removes_a_silent_friend_and_the_race_ends_without_the_key_reaching_a_friend():
    async def scenario() -> None:
        seats = [Seat("friend"), Seat("friend"), Seat("bot", bot="easy", character="orc")]
        host = Host(boards.practice_board(), 5, seats, CODE, 7, takeover=60, takeover_level="easy")
        server, url = await listening(host)
        hosting = asyncio.ensure_future(host.run(60))
        heard: list[str] = []
        try:
            ann, bob = Heard(await connect(url), heard), Heard(await connect(url), heard)
            await ann.send(hello("Ann"))
            welcome = await receive(ann, "welcome")
            await bob.send(hello("Bob"))
            await receive(bob, "start")  # (Bob never answers)
            owner = await connect(url)
            await owner.send(hello("Host", watch=True))
            await owner.send(order("0" * 32, "remove", 1))
            assert (await receive(owner, "answer"))["said"] == "a wrong owner key: nothing was changed"
            assert host.seats[1].client is not None and not host.seats[1].removed
            await owner.send(order(host.owner_key, "let", 1))
            assert (await receive(owner, "answer"))["said"] == "Bob is in his seat: nothing to let back"
            await owner.send(order(host.owner_key, "remove", 1))
            assert (await receive(owner, "answer"))["said"] == "Bob was removed from seat 2"
            assert "removed you from your seat" in await refusal(bob)
            assert host.decider(1) == "easy"
            await owner.send(order(host.owner_key, "let", 1))
            assert (await receive(owner, "answer"))["said"] == "Bob may come back into seat 2 without his key"
            await owner.close()  # (a window that reads nothing more would be dropped after SEND_TIMEOUT)
            over = await play(ann, "Ann", welcome=welcome)
            assert over["type"] == "over"
            assert (await hosting).over
            assert heard and not any(host.owner_key in text for text in heard)
        finally:
            hosting.cancel()
            await server.stop()

    run(scenario())


def test_join_with_the_owner_key_gives_the_orders_typed_and_says_the_hosts_answers():
    async def scenario() -> None:
        seats = [Seat("friend"), Seat("friend"), Seat("bot", bot="easy", character="orc")]
        host = Host(boards.practice_board(), 5, seats, CODE, 7, takeover=60, takeover_level="easy")
        server, url = await listening(host)
        hosting = asyncio.ensure_future(host.run(60))
        told: list[str] = []
        try:
            ann, bob = await connect(url), await connect(url)
            await ann.send(hello("Ann"))
            welcome = await receive(ann, "welcome")
            await bob.send(hello("Bob"))
            await receive(bob, "start")  # (Bob never answers)
            typed = io.StringIO("dance\nremove 2\n")
            address = url.removeprefix("ws://")
            watching = net_client.join(
                address, CODE, "Boss", None, "easy", watch=True, owner=host.owner_key, orders=typed, tell=told.append
            )
            owner, over = await asyncio.gather(watching, play(ann, "Ann", welcome=welcome))
            assert over["type"] == "over" and owner.over and (await hosting).over
            assert "the owner key's holder at 127.0.0.1: Bob was removed from seat 2" in host.events
            assert host.decider(1) == "easy" and told[0] == ORDERS
            assert told[1:] in ([], ["Bob was removed from seat 2"])  # (the answer may come after the race's end)
        finally:
            hosting.cancel()
            await server.stop()

    run(scenario())


def test_wrong_owner_keys_are_slowed_like_wrong_room_codes():
    async def scenario() -> None:
        said: list[str] = []
        door = Door(say=said.append)
        host = Host(boards.practice_board(), 5, [Seat("friend"), Seat("friend")], CODE, 7)
        server, url = await listening(host, door)
        try:
            ann = await connect(url)
            await ann.send(hello("Ann"))
            await receive(ann, "welcome")
            for _ in range(FREE_TRIES):
                await ann.send(order("f" * 32, "remove", 0))
                await receive(ann, "answer")
            assert door.tries["127.0.0.1"].wrong == FREE_TRIES
            assert any("a wrong owner key from 127.0.0.1" in line for line in said)
            assert host.seats[0].name == "Ann" and host.seats[0].client is not None
        finally:
            await server.stop()

    run(scenario())


def test_the_terminal_and_the_owner_message_are_one_order():
    async def scenario() -> None:
        host = Host(boards.practice_board(), 5, [Seat("friend"), Seat("bot", bot="easy")], CODE, 7)
        assert await obey([host], "remove 2") == await host.order("remove", 1) == "seat 2 has no friend in it"

    run(scenario())


def test_the_owner_key_and_serves_terminal_set_the_turn_clock_which_the_lobby_then_says():
    async def scenario() -> None:
        host = Host(boards.practice_board(), 5, [Seat("friend"), Seat("friend")], CODE, 7)
        server, url = await listening(host)
        try:
            ann = await connect(url)
            await ann.send(hello("Ann", pick=True))
            assert (await receive(ann, "lobby"))["clock"] == 60
            boss = await connect(url)
            await boss.send(hello("Boss", watch=True))
            await boss.send(json.dumps({"type": "owner", "key": "0" * 32, "order": "clock", "seconds": 5}))
            assert (await receive(boss, "answer"))["said"] == "a wrong owner key: nothing was changed"
            assert host.clock == 60
            await boss.send(json.dumps({"type": "owner", "key": host.owner_key, "order": "clock"}))
            assert (await receive(boss, "answer"))["said"] == "a clock order names no seconds"
            await boss.send(json.dumps({"type": "owner", "key": host.owner_key, "order": "clock", "seconds": 30}))
            assert (await receive(boss, "answer"))["said"] == "the turn clock is 30 seconds"
            clocks = [(await receive(ann, "lobby"))["clock"]]
            while clocks[-1] != 30 and len(clocks) < 3:  # (the watcher's news may come first)
                clocks.append((await receive(ann, "lobby"))["clock"])
            assert host.clock == 30 and clocks[-1] == 30
            assert await obey([host], "clock 0") == "the turn clock is off" and host.clock == 0
            assert (
                await obey([host], "clock soon")
                == "'soon' is not a turn clock: give its seconds, from 0 (none) to 86400"
            )
            assert (await obey([host], "clock inf")).startswith("'inf' is not a turn clock")
        finally:
            await server.stop()

    run(scenario())


def test_a_terminals_join_removed_by_the_host_says_the_host_removed_it_not_that_it_is_gone():
    from game.cli.joining import Progress, why_not

    async def scenario() -> str:
        host = Host(boards.practice_board(), 5, [Seat("friend"), Seat("bot", bot="easy", character="orc")], CODE, 7)
        server, url = await listening(host)
        hosting = asyncio.ensure_future(host.run(60))
        joining = asyncio.ensure_future(net_client.join("", CODE, "Bob", None, "easy", delay=0.05, url=url))
        try:
            for _ in range(500):  # (at most 5 s: Bob seated and the race started)
                if host.started:
                    break
                await asyncio.sleep(0.01)
            assert (await host.order("remove", 0)) == "Bob was removed from seat 1"
            try:
                await asyncio.wait_for(joining, 10)
            except Exception as error:  # (its bye, or its close while Bob was answering)
                return why_not(error, url[5:], Progress(lambda line: None))
            raise AssertionError("the join went on after its seat was removed")
        finally:
            hosting.cancel()
            joining.cancel()
            await server.stop()

    said = run(scenario())
    assert said.startswith("the host at 127.0.0.1:") and "removed this client from its seat" in said, said
    assert "is gone" not in said


def test_the_owners_start_starts_a_serve_lobby_once_its_open_seats_played_by_computer_racers():
    async def scenario() -> None:
        host = Host(boards.practice_board(), 5, [Seat("friend"), Seat("friend")], CODE, 7, takeover_level="easy")
        assert await obey([host], "start") == "the race starts: computer racers play the open seats"
        assert host.go.is_set() and host.given == [0, 1]
        assert await host.order("start") == "the race has started already"

    run(scenario())
