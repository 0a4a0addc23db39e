"""Races over the network, on the loopback interface only (127.0.0.1), every process bounded in time
and killed at the end: the host and its clients agree, a client killed in mid-race is taken over
and takes his seat back, and bad messages close only their own connection."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.waiting import POLL

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 90  # seconds any process of a test may live
pytestmark = pytest.mark.slow  # every test starts game processes


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Game:
    """`main.py` with arguments, under `timeout` in its own process group (to be killed whole), its
    output read line by line as it comes, so a test can wait for what the game says."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        self.process = subprocess.Popen(  # `timeout` stops it by itself
            ["timeout", str(LIMIT), sys.executable, "main.py", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []
        self.closed = False
        self.heard = threading.Condition()
        self.reader = threading.Thread(target=self._read, name=f"main.py {args[0]}: output")
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            with self.heard:
                self.lines.append(line)
                self.heard.notify_all()
        with self.heard:
            self.closed = True
            self.heard.notify_all()

    def output(self) -> str:
        with self.heard:
            return "".join(self.lines)

    def wait_for(self, text: str, seconds: float = 30.0) -> None:
        """Until the game has said `text`; fails when it ends or `seconds` pass first."""
        with self.heard:
            self.heard.wait_for(lambda: self.closed or any(text in line for line in self.lines), seconds)
        assert text in self.output(), f"the game never said {text!r}:\n{self.output()}"

    def poll(self) -> int | None:
        return self.process.poll()

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def finish(self) -> str:
        """Its whole output, once it has ended by itself (killed after LIMIT seconds)."""
        try:
            self.process.wait(LIMIT)
        except subprocess.TimeoutExpired:
            self.kill()
        self.reader.join(LIMIT)
        return self.output()

    def kill(self) -> None:
        """SIGKILL the game and `timeout` above it."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(10)
        self.reader.join(10)
        self.process.stdout.close()


def wait_listening(port: int, seconds: float = 15.0) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(POLL)
    pytest.fail(f"the host never listened on 127.0.0.1:{port}")


CODE = "wlsnesth"  # the room code of these tests (a code is read without case: WLSNESTH)


def wait_started(port: int, code: str = CODE, seconds: float = 30.0) -> None:
    """Until the room's race has started (every seat taken): a newcomer is then refused for that reason."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        refusal = asyncio.run(_attempt(port, [f'{{"type": "hello", "code": "{code}", "name": "eve"}}'], rounds=1))
        if "the race has started" in refusal:
            return
        assert "no open seat is left" in refusal, f"a newcomer before the start was told {refusal!r}"
        time.sleep(0.05)  # between two knocks on the host's door
    pytest.fail(f"the race at 127.0.0.1:{port} never started")


def last_json(output: str) -> list:
    return json.loads(output.strip().splitlines()[-1])


@pytest.fixture
def processes():
    started: list[Game] = []
    yield started
    for process in started:
        process.kill()


def serve(processes, port, *extra):
    host = Game(
        "serve",
        "--port",
        str(port),
        "--code",
        CODE,
        "--board",
        "maps/meadow.tmx",
        "--turns",
        "5",
        "--seed",
        "8",
        "--json",
        *extra,
    )
    processes.append(host)
    wait_listening(port)
    return host


def join(processes, port, name, *extra):
    client = Game("join", f"127.0.0.1:{port}", "--code", CODE, "--name", name, "--json", *extra)
    processes.append(client)
    return client


def test_a_host_and_three_clients_finish_with_the_same_standings_and_the_save_replays(processes, tmp_path):
    port = free_port()
    save = tmp_path / "race.json"
    host = serve(processes, port, "--seats", "person,person,person,bot:hard", "--save", str(save))
    clients = [  # the look-ahead levels fork the race each client rebuilt from the faces the host showed
        join(processes, port, name, "--bot", level)
        for name, level in (("ann", "hard"), ("bob", "easy"), ("cy", "expert"))
    ]
    outputs = [p.finish() for p in [host, *clients]]
    standings = [last_json(out) for out in outputs]
    assert all(s == standings[0] for s in standings), outputs
    assert sorted(row["name"] for row in standings[0])[:3] == ["ann", "bob", "cy"]
    assert {row["place"] for row in standings[0]} >= {1} and set(standings[0][0]) == {
        "place",
        "name",
        "character",
        "points",
    }
    check = subprocess.run(
        [sys.executable, "main.py", "replay", str(save), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0 and ": ok" in check.stdout, check.stdout + check.stderr


def test_a_client_killed_in_mid_race_is_taken_over_and_takes_his_seat_back(processes):
    port = free_port()
    host = serve(processes, port, "--seats", "person,person", "--takeover", "0", "--turns", "15")
    # ann's pace makes the race last (about 30 s) long enough for bob's return, even on a loaded machine
    steady = join(processes, port, "ann", "--delay", "1.0")
    doomed = join(processes, port, "bob", "--delay", "0.1")
    host.wait_for("ann joined: seat")
    host.wait_for("bob joined: seat")
    wait_started(port)
    assert host.poll() is None and doomed.poll() is None, "the race ended before the kill"
    doomed.wait_for("your seat's key is ")
    key = doomed.output().split("your seat's key is ")[1].split()[0]
    doomed.kill()
    host.wait_for("bob left (seat")  # else his seat is still his old connection's
    stranger = asyncio.run(_attempt(port, [f'{{"type": "hello", "code": "{CODE}", "name": "bob"}}']))
    assert "bob's seat needs its seat key" in stranger  # his name and the code, without his key: refused
    back = join(processes, port, "bob", "--delay", "0.01", "--key", key)
    outputs = [p.finish() for p in (host, steady, back)]
    seat = outputs[0].split("bob joined: seat ")[1][0]
    assert f"bob left (seat {seat})" in outputs[0] and f"bob joined again: seat {seat}" in outputs[0], outputs[0]
    assert last_json(outputs[0]) == last_json(outputs[1]) == last_json(outputs[2])


async def _attempt(port: int, messages: list[str], rounds: int = 20) -> str:
    """Send `messages` on a new connection and read; how the host ended it ("1008 reason", or "open")."""
    import websockets

    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}", max_size=None, open_timeout=5) as ws:
            for message in messages:
                await ws.send(message)
            for _ in range(rounds):
                await asyncio.wait_for(ws.recv(), 5)
    except websockets.ConnectionClosed as error:
        return f"{error.rcvd.code} {error.rcvd.reason}" if error.rcvd else "closed"
    except TimeoutError:
        return "open"
    return "open"


def test_garbage_oversized_wrong_codes_and_choices_out_of_turn_close_only_their_connection(processes):
    hello = '{"type": "hello", "code": "' + CODE + '", "name": "%s"}'
    # the same race without attacks, for comparison (the third seat played by a normal computer racer)
    plain = free_port()
    reference = serve(processes, plain, "--seats", "person,person,person", "--takeover", "0", "--turns", "8")
    for name in ("ann", "bob", "mal"):
        join(processes, plain, name)
    expected = last_json(reference.finish())

    port = free_port()
    host = serve(processes, port, "--seats", "person,person,person", "--takeover", "0", "--turns", "8")
    ann = join(processes, port, "ann", "--delay", "0.05")
    host.wait_for("ann joined: seat")  # before the refusals: the fourth is for his name
    refusals = [
        asyncio.run(_attempt(port, ['{"type": "hello", "code": "WRONGCODE", "name": "eve"}'])),
        asyncio.run(_attempt(port, ["not json at all"])),
        asyncio.run(_attempt(port, [hello % ("x" * 70000)])),
        asyncio.run(_attempt(port, [hello % "ann"])),
    ]
    assert [r.split(" ")[0] for r in refusals] == ["1008", "1008", "1009", "1008"], refusals
    assert "ann is already in a seat" in refusals[3]
    bob = join(processes, port, "bob", "--delay", "0.05")
    host.wait_for("bob joined: seat")
    # mal takes the third seat, the race starts; he sends a choice nobody asked of him (for another
    # racer), then, back in his seat, an old choice again
    out_of_turn = '{"type": "choose", "index": 0, "option": [1, 0]}'
    first = asyncio.run(_attempt(port, [hello % "mal", out_of_turn], rounds=10))
    host.wait_for("mal left (seat")  # his first connection, closed for the choice out of turn, is gone
    again = asyncio.run(_attempt(port, [hello % "mal", out_of_turn], rounds=10))
    assert first.startswith("1008") and again.startswith("1008"), (first, again)
    outputs = [p.finish() for p in (host, ann, bob)]
    assert host.returncode == 0
    assert last_json(outputs[0]) == last_json(outputs[1]) == last_json(outputs[2]), outputs[0]

    def race_of(standings):  # who sits where depends on who connects first; the race itself may not change
        return [(row["place"], row["character"], row["points"]) for row in standings]

    assert race_of(last_json(outputs[0])) == race_of(expected)
    for line in ("a wrong room code", "a message that is not JSON", "already in a seat", "not asked of this racer"):
        assert line in outputs[0], outputs[0]
    assert "Traceback" not in outputs[0]


def test_one_host_holds_several_rooms_each_with_its_own_random_code(processes):
    port = free_port()
    host = Game(
        "serve", "--port", str(port), "--board", "maps/meadow.tmx", "--turns", "5", "--seed", "8", "--json",
        "--seats", "person,bot:normal", "--rooms", "2", "--takeover", "0",
    )  # fmt: skip
    processes.append(host)
    host.wait_for("room codes ")
    codes = host.output().split("room codes ")[1].split()[0:2]
    codes = [code.strip(",") for code in codes]
    assert len(set(codes)) == 2 and all(len(code.replace("-", "")) >= 8 for code in codes), codes
    assert codes[0][:4] != codes[1][:4]  # not one code and a number: a friend of one room cannot guess the other
    wrong = asyncio.run(_attempt(port, [f'{{"type": "hello", "code": "{CODE}", "name": "eve"}}']))
    first = join_room(processes, port, codes[0].lower(), "ann")  # (a code is read without case or dash)
    second = join_room(processes, port, codes[1], "bob", "--bot", "expert")
    outputs = [p.finish() for p in (host, first, second)]
    assert wrong.startswith("1008") and "a wrong room code" in wrong
    rooms = last_json(outputs[0])
    assert set(rooms) == set(codes)
    assert rooms[codes[0]] == last_json(outputs[1]) and rooms[codes[1]] == last_json(outputs[2])
    assert [p.returncode for p in (host, first, second)] == [0, 0, 0]


def test_serve_refuses_an_empty_short_or_shared_room_code():
    for code, rooms, words in (
        ("", "1", "not an empty one"),
        ("   ", "1", "not an empty one"),
        ("OWL", "1", "at least 8 letters and digits"),
        ("WLSNEST0", "1", "no 0, O, 1 or I"),
        ("WLSNESTH", "3", "each of --rooms has its own random code"),
    ):
        done = subprocess.run(
            [sys.executable, "main.py", "serve", "--port", "1", "--board", "maps/meadow.tmx",
             "--seats", "person,person", "--code", code, "--rooms", rooms],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr, done.stderr


def join_room(processes, port, code, name, *extra):
    client = Game("join", f"127.0.0.1:{port}", "--code", code, "--name", name, "--json", *extra)
    processes.append(client)
    return client


def test_join_says_in_one_sentence_that_no_host_answers_or_the_address_is_bad():
    port = free_port()  # nobody listens there
    gone = subprocess.run(
        [sys.executable, "main.py", "join", f"127.0.0.1:{port}", "--code", CODE, "--name", "ann"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert gone.returncode == 1 and gone.stderr.count("\n") == 1 and "Traceback" not in gone.stderr
    assert f"nobody is hosting a race at 127.0.0.1:{port}" in gone.stderr
    bad = subprocess.run(
        [sys.executable, "main.py", "join", "127.0.0.1:http", "--code", CODE, "--name", "ann"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "must be a number from 1 to 65535" in bad.stderr and "Traceback" not in bad.stderr
    level = subprocess.run(
        [sys.executable, "main.py", "join", "127.0.0.1:1", "--code", CODE, "--name", "ann", "--bot", "godlike"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert level.returncode == 2 and "--bot: choose among easy, normal, hard, expert" in level.stderr
