"""The protocol without processes: a client treats the host's messages as hostile too (size, schema,
a race it cannot follow: one ProtocolError sentence, never a traceback), a room checks each message of
the lobby (take), and addresses and room codes are read as the screens and commands give them."""

from __future__ import annotations

import json
import random
from typing import get_args

import pytest

from game import Race, RacerSetup
from game.net import protocol
from game.net.client import Follower
from game.net.host import Host, Seat
from game.net.local import Screen
from game.net.server import Server
from game.rules import record
from game.rules.dice import RecordingDice
from scenes.bridges.network import Connection
from scenes.core import boards

CODE = "WLSNESTH"  # a room code: eight letters of protocol.CODE_LETTERS


def hosted(seed=3):
    board = boards.practice_board()
    setups = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bob")]
    dice = RecordingDice(seed)
    race = Race.new(board, setups, turns=5, seed=seed, dice=dice)
    faces, orders = dice.take()
    opening = record.make(board.to_dict(), "", [s.to_dict() for s in setups], 5, None, [])
    start = {"type": "start", "race": record.without_seed(opening, faces, orders)}
    return race, dice, start


def follower_at_start(seat=1):
    race, dice, start = hosted()
    follower = Follower()
    follower.receive(json.dumps({"type": "welcome", "seat": seat, "seats": ["Ann", "Bob"], "token": "k" * 32}))
    follower.receive(json.dumps(start))
    return race, dice, follower


def test_a_follower_rebuilds_the_hosts_race_from_steps_and_answers_only_what_it_is_asked():
    race, dice, follower = follower_at_start()
    rng = random.Random(1)
    from game.bots import ai

    asked = 0
    while race.pending is not None:
        decision = race.pending
        if decision.racer == 1:
            asked += 1
            follower.receive(
                json.dumps(
                    {
                        "type": "ask",
                        "racer": 1,
                        "kind": decision.kind,
                        "options": json.loads(json.dumps(list(decision.options))),
                        "index": len(race.choices),
                    }
                )
            )
            assert follower.my_decision()
        else:
            assert not follower.my_decision()
        option = ai.pick(race, decision, "normal", rng)
        race.choose(option)
        faces, orders = dice.take()
        follower.receive(json.dumps({"type": "step", "option": option, "faces": faces, "orders": orders}))
    assert follower.race.over and [e.to_dict() for e in follower.race.log] == [e.to_dict() for e in race.log]
    assert 0 < asked < len(race.choices)  # the follower was asked some of the race's decisions, not all


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        "[1, 2]",
        '{"type": "weather"}',
        '{"type": "step", "option": null, "faces": "six", "orders": []}',
        '{"type": "step", "option": [99, 99], "faces": [], "orders": []}',  # not an option of the decision
        '{"type": "step", "option": "move", "faces": [], "orders": []}',
        '{"type": "ask", "racer": 0, "kind": "move", "options": [], "index": 0}',  # another racer's decision
        '{"type": "ask", "racer": 1, "kind": "move", "options": [], "index": 5}',  # a decision the race lacks
        '{"type": "lobby", "board": {}, "turns": 5, "seats": [], "takeover": 60, "level": "normal"}',
        '{"type": "welcome", "seat": true, "seats": []}',
        '{"type": "ask", "racer": 1.0, "kind": "move", "options": [[1, 0]], "index": 0, "clock": null}',
        '{"type": "left", "seat": 0, "name": "Ann", "takeover": "soon"}',
        json.dumps({"type": "bye", "reason": "x" * (protocol.MAX_FROM_HOST + 1)}),
    ],
)
def test_a_follower_refuses_what_it_cannot_follow_in_one_sentence(message):
    race, dice, follower = follower_at_start()
    with pytest.raises(protocol.ProtocolError) as error:
        follower.receive(message)
    assert "\n" not in str(error.value) and len(str(error.value)) < 400


def test_a_start_whose_faces_run_out_or_board_is_broken_is_refused():
    _, _, start = hosted()
    race = start["race"]
    for broken in (
        {**start, "race": {**race, "shown": {"faces": [], "orders": []}}},  # no face shown
        {**start, "race": {**race, "board": {"terrain": ["..", "."]}}},
        {**start, "race": {**race, "racers": [{"character": "dragon"}, {"character": "elf"}]}},
        {**start, "race": {**race, "seed": 3}},  # the host's seed: never sent
        {**start, "race": {k: v for k, v in race.items() if k != "shown"}},
        {**start, "race": {**race, "choices": [[9, 9]]}},
    ):
        follower = Follower()
        with pytest.raises(protocol.ProtocolError):
            follower.receive(json.dumps(broken))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1:47810", ("127.0.0.1", 47810)),
        (" 127.0.0.1 ", ("127.0.0.1", protocol.PORT)),
        ("[::1]:5000", ("::1", 5000)),
        ("my-pc.local:80", ("my-pc.local", 80)),
        ("::1", ("::1", protocol.PORT)),
    ],
)
def test_addresses_are_read_as_a_host_shows_them(text, expected):
    assert protocol.split_address(text) == expected


@pytest.mark.parametrize("text", ["", "a b:1", "host:0", "host:70000", "host:http", "[::1:80"])
def test_a_bad_address_is_refused_in_one_sentence(text):
    with pytest.raises(ValueError) as error:
        protocol.split_address(text)
    assert "\n" not in str(error.value)


def test_room_codes_are_eight_letters_that_never_mix_up_0_o_1_i_and_short_ones_are_refused():
    codes = {protocol.room_code() for _ in range(2000)}
    assert len(codes) == 2000  # each room its own code, from the system's randomness
    assert all(len(c) == protocol.CODE_LENGTH >= 8 and not set(c) & set("01OI") for c in codes)
    assert len(protocol.CODE_LETTERS) ** protocol.CODE_LENGTH >= 2**40  # 40 bits: beyond guessing (Threats)
    assert protocol.plain_code(" abcd-efgh ") == "ABCDEFGH" and protocol.shown_code("ABCDEFGH") == "ABCD-EFGH"
    for short in ("", "OWL", "ABCDEFG", "ABCDEFG0", "ABCDEFGI"):
        assert protocol.code_problem(protocol.plain_code(short))
        with pytest.raises(ValueError):
            Host(boards.practice_board(), 5, [Seat("friend"), Seat("bot")], short, 7)


def test_the_lobby_seats_friends_only_in_open_seats_and_tells_everyone():
    """On 127.0.0.1: a friend looks at the lobby, takes an open seat (not a computer's, not a taken one),
    the others hear it; after the start a take is refused, a friend who drops is announced ("left") to
    the others (and the host's own screen) and his return too ("back"); the host going says "bye"."""
    import asyncio

    import websockets

    async def scenario() -> None:
        seats = [Seat("friend"), Seat("friend"), Seat("bot", bot="easy", name="Cy")]
        room = Host(boards.practice_board(), 5, seats, CODE, 7, auto_start=False)
        heard: list[str] = []  # what the host's own screen was sent
        Screen(room, lambda text: heard.append(json.loads(text)["type"]))
        server = Server([room])
        race = None
        port = await server.listen("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{port}"

        async def receive(ws, kind):
            for _ in range(20):
                message = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if message["type"] == kind:
                    return message
            raise AssertionError(f"no {kind}")

        async def closed_with(ws):
            try:
                for _ in range(20):
                    await asyncio.wait_for(ws.recv(), 5)
            except websockets.ConnectionClosed as error:
                return error.rcvd.reason
            return "open"

        try:
            ann = await websockets.connect(url)
            await ann.send(json.dumps({"type": "hello", "code": CODE, "name": "Ann", "pick": True}))
            lobby = await receive(ann, "lobby")
            assert [s["kind"] for s in lobby["seats"]] == ["friend", "friend", "bot"]
            await ann.send(json.dumps({"type": "take", "seat": 1, "character": "dwarf"}))
            assert (await receive(ann, "welcome"))["seat"] == 1
            news = await receive(ann, "lobby")
            assert news["seats"][1] == {
                "kind": "friend",
                "name": "Ann",
                "character": "dwarf",
                "level": None,
                "connected": True,
            }
            eve = await websockets.connect(url)
            await eve.send(json.dumps({"type": "hello", "code": CODE, "name": "Eve", "pick": True}))
            await receive(eve, "lobby")
            await eve.send(json.dumps({"type": "take", "seat": 2, "character": "elf"}))  # the computer's seat
            assert "seat 3 is not open" in await closed_with(eve)
            eve = await websockets.connect(url)
            await eve.send(json.dumps({"type": "hello", "code": CODE, "name": "Eve", "pick": True}))
            await receive(eve, "lobby")
            await eve.send(json.dumps({"type": "take", "seat": 1, "character": "elf"}))  # Ann's
            assert "seat 2 is not open" in await closed_with(eve)
            bob = await websockets.connect(url)
            await bob.send(json.dumps({"type": "hello", "code": CODE, "name": "Bob"}))  # a terminal's: first open
            welcome = await receive(bob, "welcome")
            assert welcome["seat"] == 0 and len(welcome["token"]) >= 32  # his seat's key
            room.start()
            race = asyncio.ensure_future(room.run())
            start = await receive(ann, "start")
            assert [r["name"] for r in start["race"]["racers"]] == ["Bob", "Ann", "Cy"]
            await bob.send(json.dumps({"type": "take", "seat": 0, "character": "orc"}))
            assert "after the start" in await closed_with(bob)
            left = await receive(ann, "left")
            assert (left["seat"], left["name"]) == (0, "Bob")
            for stranger in ("Bob", "bob", "B\u200bob", " BOB "):  # his name (or one that looks the same): refused
                eve = await websockets.connect(url)
                await eve.send(json.dumps({"type": "hello", "code": CODE, "name": stranger, "pick": True}))
                assert "Bob's seat needs its seat key" in await closed_with(eve)
            bob = await websockets.connect(url)
            await bob.send(json.dumps({"type": "hello", "code": CODE, "name": "Bob", "token": welcome["token"]}))
            assert (await receive(bob, "welcome"))["seat"] == 0
            assert (await receive(bob, "start")) == room.start_message()  # the race so far, to catch up
            assert (await receive(ann, "back"))["name"] == "Bob"
            await room.close("quit")
            assert (await receive(ann, "bye"))["reason"] == "quit"
        finally:
            if race is not None:
                race.cancel()
            await server.stop()
        assert heard[0] == "lobby" and heard[heard.index("start") :].count("lobby") == 0  # (news come together)
        assert "left" in heard and "back" in heard

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_room_sends_in_the_order_it_was_told_even_when_its_sends_wait():
    """The window's host posts a step and the next ask one right after the other: each client gets
    them in that order, even when sending waits on a slow connection."""
    import asyncio

    class SlowClient:
        def __init__(self) -> None:
            self.got: list[str] = []

        async def send(self, text: str) -> None:
            await asyncio.sleep(0.001)  # a connection whose buffer is full for a moment
            self.got.append(json.loads(text)["type"])

    async def scenario() -> list[list[str]]:
        clients = [SlowClient(), SlowClient()]
        seats = [Seat("friend", name="Ann", client=clients[0]), Seat("friend", name="Bob")]
        seats[1].client = clients[1]
        room = Host(boards.practice_board(), 5, seats, CODE, 7, auto_start=False)
        setups = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bob")]
        tasks = [asyncio.ensure_future(room.begin(setups, [], [], dropped=[]))]
        for index in range(1, 6):
            tasks.append(asyncio.ensure_future(room.step("rest", [], [])))
            tasks.append(asyncio.ensure_future(room.ask(index % 2, index, "action", ("move", "rest"))))
        await asyncio.gather(*tasks)
        for _ in range(500):  # (at most 5 s: each connection's queue emptied, in its order)
            if not room.outboxes.boxes:
                break
            await asyncio.sleep(0.01)
        return [c.got for c in clients]

    got = asyncio.run(scenario())
    assert got[0] == ["start", "step", "step", "ask", "step", "step", "ask", "step"]
    assert got[1] == ["start", "step", "ask", "step", "step", "ask", "step", "step", "ask"]


@pytest.mark.slow  # seconds of flooding
def test_a_window_cuts_off_a_host_that_floods_it():
    """A "host" on 127.0.0.1 that sends far more than the window reads: the connection is cut off with
    a sentence, the messages unread stay bounded."""
    import asyncio
    import threading
    import time

    import websockets

    ready = threading.Event()
    port_box: list[int] = []
    stop = threading.Event()

    async def flood(ws) -> None:
        try:
            for _ in range(400):
                await ws.send(json.dumps({"type": "bye", "reason": "x" * 10_000}))
        except websockets.ConnectionClosed:
            pass

    async def host() -> None:
        async with websockets.serve(flood, "127.0.0.1", 0) as server:
            port_box.append(server.sockets[0].getsockname()[1])
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)

    thread = threading.Thread(target=lambda: asyncio.run(host()), daemon=True)
    thread.start()
    assert ready.wait(10)
    connection = Connection(f"127.0.0.1:{port_box[0]}", {"type": "hello"}, max_waiting=200_000)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and connection.background.thread.is_alive():
            if connection.inbox.qsize() and connection.inbox.queue[-1][0] == "closed":
                break
            time.sleep(0.05)
        last = connection.inbox.queue[-1]
        assert last == ("closed", {"code": 1008, "reason": "the host sent more than this game reads"})
        assert connection.waiting <= 200_000 + 20_000
        got = [connection.get() for _ in range(connection.inbox.qsize())]
        assert got[-1][0] == "closed" and connection.waiting == 0
    finally:
        connection.close()
        stop.set()
        thread.join(10)


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_a_client_that_reads_nothing_is_dropped_instead_of_holding_up_the_room():
    import asyncio

    class Transport:
        aborted = False

        def abort(self) -> None:
            self.aborted = True

    class Stuck:
        transport = Transport()

        async def send(self, text: str) -> None:
            await asyncio.Event().wait()  # its buffer is full: it never reads (until cancelled)

    class Reader:
        def __init__(self) -> None:
            self.got: list[str] = []

        async def send(self, text: str) -> None:
            self.got.append(json.loads(text)["type"])

    async def scenario():
        stuck, reader = Stuck(), Reader()
        seats = [Seat("friend", name="Ann", client=stuck), Seat("friend", name="Bob", client=reader)]
        room = Host(boards.practice_board(), 5, seats, CODE, 7, auto_start=False)
        room.outboxes.seconds = 1.0  # (SEND_TIMEOUT, shortened)
        await asyncio.wait_for(room.step("rest", [], []), 5)  # (each connection's queue: nobody waits)
        waited = stuck.transport.aborted  # (a step that waited for Ann would end only once she is cut)
        for _ in range(1000):  # (at most 10 s: the stuck one closed at its bound)
            if stuck.transport.aborted:
                break
            await asyncio.sleep(0.01)
        return room, stuck, reader, waited

    room, stuck, reader, waited = asyncio.run(scenario())
    assert reader.got == ["step"] and stuck.transport.aborted and not waited
    assert any("read nothing" in line for line in room.events)


def test_the_start_is_the_race_record_saves_replays_and_seasons_keep_less_its_seed():
    race, dice, start = hosted()
    for _ in range(12):  # a few choices made, their faces shown, as a friend joining late receives them
        race.choose(race.pending.options[0])
    faces, orders = dice.take()
    opening = start["race"]
    late = record.without_seed(
        {**opening, "choices": record.plain(race.choices)},
        opening["shown"]["faces"] + faces,
        opening["shown"]["orders"] + [list(o) for o in orders],
    )
    assert record.check(late)["seed"] is None and record.check(late)["format"] == record.FORMAT
    rebuilt = Race.from_dict(late)  # the same reader as a save's, a replay's and a season's
    assert [r.square for r in rebuilt.racers] == [r.square for r in race.racers]
    assert [r.points for r in rebuilt.racers] == [r.points for r in race.racers]
    assert rebuilt.pending == race.pending


def test_the_message_kinds_are_the_schemas_kinds():
    """One vocabulary of message kinds: each kind a client or the host sends has its schema, and no schema
    is of a kind the types do not name."""
    assert set(protocol.CLIENT_MESSAGES) == set(get_args(protocol.ClientKind))
    assert set(protocol.HOST_MESSAGES) == set(get_args(protocol.HostKind))
