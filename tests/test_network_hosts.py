"""One host: `serve` and the window's host are the same `Host` (game/net/host.py) behind their
transports (the window's in a room process of its own: game/net/window_room.py). The same seeded race
played through each, with the same friends' choices (scripted clients on 127.0.0.1), sends every client
the same messages, and both hosts keep the same race; a race of computer racers only gives the same
standings through `serve`, the window's host and the engine's own loop with `seeds.bot_rngs`
(the streams `simulate` uses).

Every wait is bounded: on a log line, a port or a message, never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game import Race, RacerSetup, load_board
from game.bots import ai
from game.net.client import Follower
from game.net.host import Host, serve_name, start_seats
from game.net.protocol import standings_json
from game.net.server import serve_rooms
from game.net.window_room import Terms
from game.rules import seeds
from game.rules.dice import KEYED, Dice
from scenes.bridges.network import Hosting

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "maps" / "meadow.tmx"
SEED, TURNS, CODE = 11, 5, "WLSNESTH"
SEATS = ["person", "person", "bot:hard"]
FRIENDS = ("ann", "bob")  # they take the friends' seats in this order
LIMIT = 60.0  # seconds any race of these tests may take


async def friend(port: int, name: str, got: list[dict], seated: asyncio.Event) -> None:
    """A scripted friend on 127.0.0.1: joins, notes every message, answers what he is asked with the
    normal computer racer (its choices depend on the race only, so both hosts get the same ones)."""
    import websockets

    follower = Follower()
    async with websockets.connect(f"ws://127.0.0.1:{port}", open_timeout=10) as server:
        await server.send(json.dumps({"type": "hello", "code": CODE, "name": name}))
        async for text in server:
            message = follower.receive(text)
            got.append(message)
            if message["type"] == "welcome":
                seated.set()  # welcomed in his seat
            race = follower.race
            if message["type"] == "ask" and race is not None and follower.my_decision():
                assert race.pending is not None
                option = ai.pick(race, race.pending, "normal", seeds.stream(0, seeds.BOT, name))
                await server.send(json.dumps(follower.choice(option)))
            elif message["type"] == "over":
                return


async def friends(port: int, start=None) -> dict[str, list[dict]]:
    """Ann joins, then Bob (each once the host has seated the one before); `start()` once both sit."""
    got: dict[str, list[dict]] = {name: [] for name in FRIENDS}
    tasks = []
    for name in FRIENDS:
        seated = asyncio.Event()
        tasks.append(asyncio.ensure_future(friend(port, name, got[name], seated)))
        await asyncio.wait_for(seated.wait(), 10)
    if start is not None:
        start()
    await asyncio.wait_for(asyncio.gather(*tasks), LIMIT)
    return got


def through_serve() -> tuple[dict[str, list[dict]], str]:
    """The race through `main.py serve`'s code path (serve_rooms: the WebSocket server and its host)."""
    said: list[str] = []
    host = Host(load_board(str(BOARD)), TURNS, start_seats(SEATS), CODE, SEED, say=said.append)

    async def scenario():
        serving = asyncio.ensure_future(serve_rooms([host], 0, "127.0.0.1", timeout=LIMIT))
        deadline = time.monotonic() + 10
        while not any(line.startswith("waiting on 127.0.0.1:") for line in said):
            assert time.monotonic() < deadline and not serving.done(), said
            await asyncio.sleep(0.01)
        port = int(next(line for line in said if line.startswith("waiting on")).split(":")[1].split()[0])
        got = await friends(port)
        (race,) = await asyncio.wait_for(serving, 10)
        return got, json.dumps(race.to_dict())

    return asyncio.run(scenario())


class Screen:
    """The window host's screen, as HostSeats is: its host's messages followed, and each computer
    racer's decision let go (`ready`) once shown."""

    def __init__(self, hosting: Hosting, board) -> None:
        self.hosting = hosting
        self.follower = Follower(host_seed=SEED, host_board=board)
        self.port: int | None = None

    def follow(self, until, seconds: float = LIMIT, let_go: bool = True) -> None:
        """Read the host's news until `until()` (at most `seconds`); `let_go`: say `ready` as the window
        does."""
        deadline = time.monotonic() + seconds
        while not until():
            assert time.monotonic() < deadline, "the host's screen never saw what it waited for"
            got = self.hosting.get()
            if got is None:
                time.sleep(0.002)
                continue
            kind, data = got
            assert kind != "failed", data
            if kind == "listening":
                self.port = data["port"]
            elif kind == "message":
                self.follower.receive(data)
                race = self.follower.race
                pending = race.pending if race is not None else None
                if let_go and race is not None and pending is not None and pending.racer not in self.follower.mine:
                    self.hosting.ready(len(race.choices))


def window_host(seats: list[str]) -> tuple[Hosting, Screen]:
    """The window's host on 127.0.0.1 (any free port), listening."""
    board = load_board(str(BOARD))
    hosting = Hosting(Terms(board, TURNS, start_seats(seats), CODE, SEED), address="127.0.0.1", port=0)
    screen = Screen(hosting, board)
    screen.follow(lambda: screen.port is not None, seconds=10)
    return hosting, screen


def through_the_window() -> tuple[dict[str, list[dict]], str | None, Race]:
    """The same race through the window's host: the same Host in the window's room process, its screen
    its client over the process's streams; the friends play from a thread of their own."""
    hosting, screen = window_host(SEATS)
    result: dict = {}
    try:
        assert screen.port is not None
        port = screen.port
        clients = threading.Thread(
            target=lambda: result.update(asyncio.run(friends(port, start=hosting.start))), daemon=True
        )
        clients.start()
        screen.follow(lambda: screen.follower.standings is not None)
        clients.join(LIMIT)
        assert not clients.is_alive() and set(result) == set(FRIENDS)
        assert screen.follower.race is not None
    finally:
        hosting.close()
        assert hosting.join(10)  # (the room's process over)
    assert hosting.process.returncode == 0
    return result, json.dumps(screen.follower.race.to_dict()), screen.follower.race


def race_news(messages: list[dict]) -> list[dict]:
    """A friend's messages but the lobby's news (they come together, as fast as the friends join), with
    his seat key left out (each host draws its own) and the seconds left on his turn clock (read from
    the wall clock as an ask is sent: a busy machine may send it a tenth of a second later on one
    host than on the other; `clocks` compares them)."""
    return [{k: v for k, v in m.items() if k not in ("token", "clock")} for m in messages if m["type"] != "lobby"]


def clocks(messages: list[dict]) -> list[float]:
    """The seconds left on the turn clock, as each ask that carries it said."""
    return [m["clock"] for m in messages if "clock" in m]


def test_serve_and_the_windows_host_send_every_friend_the_same_messages_and_keep_the_same_race():
    served, served_record = through_serve()
    hosted, hosted_record, screen_race = through_the_window()
    for name in FRIENDS:
        kinds = [m["type"] for m in served[name]]
        assert kinds[0] == "welcome" and kinds[-1] == "over" and "ask" in kinds, kinds
        assert race_news(hosted[name]) == race_news(served[name]), name  # every message of the race, in order
        assert clocks(hosted[name]) == pytest.approx(clocks(served[name]), abs=1.0), name  # the same clock, in time
    # the same race (board, racers, seed, every choice), which the window host's screen followed on the
    # host's seed (its dice showed the room's faces, else it would have refused to follow)
    assert hosted_record == served_record and screen_race.seed == SEED
    over = served["ann"][-1]["standings"]
    assert over == standings_json(screen_race)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_computer_racers_only_race_the_same_through_serve_the_windows_host_and_the_engine():
    seats = ["bot:hard:elf", "bot:normal:dwarf", "bot:easy:orc"]
    command = ["serve", "--port", str(free_port()), "--code", CODE, "--board", str(BOARD), "--seats", ",".join(seats)]
    served = subprocess.run(
        [sys.executable, "main.py", *command, "--seed", str(SEED), "--turns", str(TURNS), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=LIMIT,
    )
    assert served.returncode == 0, served.stdout + served.stderr
    from_serve = json.loads(served.stdout.strip().splitlines()[-1])

    hosting, screen = window_host(seats)
    try:
        hosting.start()  # computer racers only: the window's host starts when told
        screen.follow(lambda: screen.follower.standings is not None)
    finally:
        hosting.close()
        hosting.join(10)

    lineup = [seat.split(":")[1:] for seat in seats]  # (level, character)
    racers = [RacerSetup(character, serve_name(character, i), bot=level) for i, (level, character) in enumerate(lineup)]
    race = Race.new(load_board(str(BOARD)), racers, TURNS, SEED, Dice(SEED, KEYED))  # a hosted race's dice
    ai.play(race, seeds.bot_rngs(SEED, len(racers)), {i: level for i, (level, _) in enumerate(lineup)})
    assert from_serve == screen.follower.standings == standings_json(race)


def test_the_windows_host_lets_a_computer_racer_play_once_its_screen_has_shown_the_race_so_far():
    """The window's host paces its computer racers by its screen (Hosting.ready), as when the screen
    drove them: no choice before the screen is ready for it, one choice for each `ready`."""
    hosting, screen = window_host(["bot:normal:elf", "bot:normal:dwarf"])
    try:
        hosting.start()
        screen.follow(lambda: screen.follower.race is not None, seconds=10, let_go=False)
        assert hosting.seats_saved() is not None  # a round trip through the room (after all it sent before)
        screen.follow(lambda: hosting.inbox.empty(), let_go=False)
        assert screen.follower.race.choices == []
        hosting.ready(0)
        screen.follow(lambda: len(screen.follower.race.choices) == 1, let_go=False)
        assert hosting.seats_saved() is not None  # index 1 waits for its ready
        screen.follow(lambda: hosting.inbox.empty(), let_go=False)
        assert len(screen.follower.race.choices) == 1
    finally:
        hosting.close()
        hosting.join(10)


def test_the_windows_host_reopens_a_race_saved_in_progress_with_its_code_and_its_friends_keys():
    """Issue 24's way in: `Hosting(Terms(..., record=record))` (the room's `Host.reopen`) with the seats its
    save kept (`Seat.saved`): the
    room opens under the same code, the race goes on from its last choice, and a friend takes his seat
    back with his key (as after a dropped connection)."""
    import websockets

    from game.net.seats import Seat

    board = load_board(str(BOARD))
    seed = seeds.hosted()
    race = Race.new(
        board, [RacerSetup("elf", "ann"), RacerSetup("orc", "orc-2", "easy")], TURNS, seed, Dice(seed, KEYED)
    )
    rngs = seeds.bot_rngs(seed, 2)
    while len(race.choices) < 15:
        race.choose(ai.pick(race, race.pending, "normal", rngs[race.pending.racer]))
    saved = [Seat("friend", name="ann", character="elf", token="k" * 32).saved(), Seat("bot", bot="easy").saved()]
    record = json.loads(json.dumps(race.to_dict()))
    seats = [Seat.from_saved(s) for s in saved]
    hosting = Hosting(Terms(board, TURNS, seats, CODE, seed, record=record), address="127.0.0.1", port=0)
    screen = Screen(hosting, board)
    screen.follower = Follower(host_seed=seed, host_board=board)
    try:
        screen.follow(lambda: screen.port is not None and screen.follower.race is not None, seconds=10)
        assert screen.follower.race.choices == race.choices  # the host's screen: the race as it was saved

        async def ann() -> dict:
            async with websockets.connect(f"ws://127.0.0.1:{screen.port}", open_timeout=5) as ws:
                await ws.send(json.dumps({"type": "hello", "code": CODE, "name": "ann", "token": "k" * 32}))
                got = [json.loads(await asyncio.wait_for(ws.recv(), 5)) for _ in range(2)]
                return {m["type"]: m for m in got}

        got = asyncio.run(ann())
        choices = got["start"]["race"]["choices"]  # (its computer racer may have played on meanwhile)
        assert got["welcome"]["seat"] == 0 and choices[:15] == json.loads(json.dumps(race.choices))
    finally:
        hosting.close()
        hosting.join(10)
