"""The room of a race the window hosts, in a process of its own (game/net/window_room.py, `main.py room`):
its terms come on its standard input (the seed never on its command line), it says where it listens, it
ends with its window's stream however the window ended (its friends told), and terms it cannot read
get one sentence and a non-zero exit. Network on 127.0.0.1 only; every wait bounded."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game import load_board
from game.net.seats import start_seats
from game.net.window_room import Terms
from scenes.bridges.network import Hosting, room_command

ROOT = Path(__file__).resolve().parent.parent
SEED, CODE = 987654321987654321, "WLSNESTH"
LIMIT = 15.0


def terms() -> Terms:
    board = load_board(str(ROOT / "maps" / "meadow.tmx"))
    return Terms(board, 5, start_seats(["person", "bot:easy"]), CODE, SEED)


def news(hosting: Hosting, kind: str) -> Any:
    """The room's first news of `kind` (bounded)."""
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        got = hosting.get()
        if got is None:
            time.sleep(0.005)
        elif got[0] == kind:
            return got[1]
        else:
            assert got[0] != "failed", got
    raise AssertionError(f"the room never said {kind!r}")


def test_the_seed_goes_on_the_rooms_input_and_it_ends_with_its_windows_stream_telling_its_friends():
    import websockets

    hosting = Hosting(terms(), address="127.0.0.1", port=0)
    try:
        assert str(SEED) not in " ".join(map(str, hosting.process.args))  # (`ps` shows no secret)
        port = news(hosting, "listening")["port"]

        async def friend() -> list[str]:
            async with websockets.connect(f"ws://127.0.0.1:{port}", open_timeout=5) as ws:
                await ws.send(json.dumps({"type": "hello", "code": CODE, "name": "ann"}))
                seen = [json.loads(await asyncio.wait_for(ws.recv(), 5))["type"]]
                assert hosting.process.stdin is not None
                hosting.process.stdin.close()  # the window ended without a word (as after kill -9)
                try:
                    while True:
                        seen.append(json.loads(await asyncio.wait_for(ws.recv(), LIMIT))["type"])
                except websockets.ConnectionClosed:
                    return seen

        seen = asyncio.run(friend())
        assert seen[0] == "welcome" and "bye" in seen  # told the host went
        assert hosting.process.wait(LIMIT) == 0
    finally:
        hosting.close()
        hosting.join(LIMIT)


@pytest.mark.parametrize("first", [b"not json\n", b'{"terms": {"board": null}}\n', b"\n"])
def test_terms_the_room_cannot_read_get_one_sentence_and_a_non_zero_exit(first):
    room = subprocess.run(room_command(), input=first, capture_output=True, timeout=60, cwd=ROOT)
    assert room.returncode == 1, room
    kind, data = json.loads(room.stdout.decode().splitlines()[-1])
    assert kind == "failed" and data["error"].startswith("the window's room cannot start: "), data
    assert b"Traceback" not in room.stderr and b"Fatal" not in room.stderr


@pytest.mark.parametrize("stream_closed", [True, False])
def test_a_room_closed_by_its_window_ends_cleanly_whether_or_not_the_window_closes_its_stream(stream_closed):
    line = {"terms": terms().to_json(), "address": "127.0.0.1", "port": 0}
    room = subprocess.Popen(
        room_command(), cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert room.stdin is not None and room.stdout is not None
        room.stdin.write(json.dumps(line).encode() + b"\n")
        room.stdin.flush()
        assert json.loads(room.stdout.readline())[0] == "listening"
        room.stdin.write(b'["close", "quit"]\n')
        room.stdin.flush()
        if stream_closed:
            room.stdin.close()
        assert room.wait(LIMIT) == 0
        assert room.stderr is not None
        said = room.stderr.read().decode()
        assert "Fatal Python error" not in said and "Traceback" not in said, said
    finally:
        room.kill()
        room.wait(LIMIT)


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie nobody reaped yet has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux) for the room's process")
def test_the_room_of_a_window_killed_with_sigkill_ends_and_frees_its_port():
    """A process that hosts as the window does (scenes/bridges/network.py `Hosting`), killed with SIGKILL:
    its room's process hears its stream end and ends (no room outlives its window)."""
    script = (
        "import sys, time\n"
        "sys.path.insert(0, 'tests')\n"
        "from test_window_room import terms, news\n"
        "from scenes.bridges.network import Hosting\n"
        "hosting = Hosting(terms(), address='127.0.0.1', port=0)\n"
        "print(hosting.process.pid, news(hosting, 'listening')['port'], flush=True)\n"
        "time.sleep(120)\n"  # (killed long before)
    )
    window = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert window.stdout is not None
        pid, port = map(int, window.stdout.readline().split())
        assert alive(pid)
        window.send_signal(signal.SIGKILL)
        window.wait(LIMIT)
        deadline = time.monotonic() + LIMIT
        while alive(pid):
            assert time.monotonic() < deadline, "the room outlived its window"
            time.sleep(0.02)
        with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        window.kill()
        window.wait(LIMIT)
