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
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 90  # seconds any process of a test may live
pytestmark = pytest.mark.slow  # every test starts game processes


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(*args: str) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(  # `timeout` stops it by itself; its own process group, to be killed whole
        ["timeout", str(LIMIT), sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def kill(process: subprocess.Popen) -> None:
    """SIGKILL the process and its child (the game under `timeout`)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(10)


def wait_listening(port: int, seconds: float = 15.0) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    pytest.fail(f"the host never listened on 127.0.0.1:{port}")


def finish(process: subprocess.Popen) -> str:
    try:
        out, _ = process.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    return out


def last_json(output: str) -> list:
    return json.loads(output.strip().splitlines()[-1])


@pytest.fixture
def processes():
    started: list[subprocess.Popen] = []
    yield started
    for process in started:
        kill(process)


def serve(processes, port, *extra):
    host = start(
        "serve",
        "--port",
        str(port),
        "--code",
        "owl",
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
    client = start("join", f"127.0.0.1:{port}", "--code", "owl", "--name", name, "--json", *extra)
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
    outputs = [finish(p) for p in [host, *clients]]
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
    steady = join(processes, port, "ann", "--delay", "0.1")  # the race lasts about ten seconds
    doomed = join(processes, port, "bob", "--delay", "0.1")
    time.sleep(2.0)
    assert host.poll() is None and doomed.poll() is None, "the race ended before the kill"
    kill(doomed)
    time.sleep(0.5)
    back = join(processes, port, "bob", "--delay", "0.01")
    outputs = [finish(p) for p in (host, steady, back)]
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
    hello = '{"type": "hello", "code": "owl", "name": "%s"}'
    # the same race without attacks, for comparison (the third seat played by a normal computer racer)
    plain = free_port()
    reference = serve(processes, plain, "--seats", "person,person,person", "--takeover", "0", "--turns", "8")
    for name in ("ann", "bob", "mal"):
        join(processes, plain, name)
    expected = last_json(finish(reference))

    port = free_port()
    host = serve(processes, port, "--seats", "person,person,person", "--takeover", "0", "--turns", "8")
    ann = join(processes, port, "ann", "--delay", "0.05")
    time.sleep(1.0)
    refusals = [
        asyncio.run(_attempt(port, ['{"type": "hello", "code": "wrong", "name": "eve"}'])),
        asyncio.run(_attempt(port, ["not json at all"])),
        asyncio.run(_attempt(port, [hello % ("x" * 70000)])),
        asyncio.run(_attempt(port, [hello % "ann"])),
    ]
    assert [r.split(" ")[0] for r in refusals] == ["1008", "1008", "1009", "1008"], refusals
    assert "already connected" in refusals[3]
    bob = join(processes, port, "bob", "--delay", "0.05")
    # mal takes the third seat, the race starts; he sends a choice nobody asked of him (for another
    # racer), then, back in his seat, an old choice again
    out_of_turn = '{"type": "choose", "index": 0, "option": [1, 0]}'
    first = asyncio.run(_attempt(port, [hello % "mal", out_of_turn], rounds=10))
    time.sleep(1.0)
    again = asyncio.run(_attempt(port, [hello % "mal", out_of_turn], rounds=10))
    assert first.startswith("1008") and again.startswith("1008"), (first, again)
    outputs = [finish(p) for p in (host, ann, bob)]
    assert host.returncode == 0
    assert last_json(outputs[0]) == last_json(outputs[1]) == last_json(outputs[2]), outputs[0]

    def race_of(standings):  # who sits where depends on who connects first; the race itself may not change
        return [(row["place"], row["character"], row["points"]) for row in standings]

    assert race_of(last_json(outputs[0])) == race_of(expected)
    for line in ("a wrong room code", "a message that is not JSON", "already connected", "not asked of this racer"):
        assert line in outputs[0], outputs[0]
    assert "Traceback" not in outputs[0]


def test_one_host_holds_several_rooms_each_with_its_own_code(processes):
    port = free_port()
    host = serve(processes, port, "--seats", "person,bot:normal", "--rooms", "2", "--takeover", "0")
    wrong = asyncio.run(_attempt(port, ['{"type": "hello", "code": "owl", "name": "eve"}']))
    first = join_room(processes, port, "owl-1", "ann")
    second = join_room(processes, port, "owl-2", "bob", "--bot", "expert")
    outputs = [finish(p) for p in (host, first, second)]
    assert wrong.startswith("1008") and "a wrong room code" in wrong
    rooms = last_json(outputs[0])
    assert set(rooms) == {"owl-1", "owl-2"}
    assert rooms["owl-1"] == last_json(outputs[1]) and rooms["owl-2"] == last_json(outputs[2])
    assert [p.returncode for p in (host, first, second)] == [0, 0, 0]


def join_room(processes, port, code, name, *extra):
    client = start("join", f"127.0.0.1:{port}", "--code", code, "--name", name, "--json", *extra)
    processes.append(client)
    return client


def test_join_says_in_one_sentence_that_no_host_answers_or_the_address_is_bad():
    port = free_port()  # nobody listens there
    gone = subprocess.run(
        [sys.executable, "main.py", "join", f"127.0.0.1:{port}", "--code", "owl", "--name", "ann"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert gone.returncode == 1 and gone.stderr.count("\n") == 1 and "Traceback" not in gone.stderr
    assert f"the race at 127.0.0.1:{port} ended for this client" in gone.stderr
    bad = subprocess.run(
        [sys.executable, "main.py", "join", "127.0.0.1:http", "--code", "owl", "--name", "ann"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "must be a number from 1 to 65535" in bad.stderr and "Traceback" not in bad.stderr
    level = subprocess.run(
        [sys.executable, "main.py", "join", "127.0.0.1:1", "--code", "owl", "--name", "ann", "--bot", "godlike"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert level.returncode == 2 and "--bot: choose among easy, normal, hard, expert" in level.stderr
