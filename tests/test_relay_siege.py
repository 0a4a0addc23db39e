"""A relay (`main.py relay`, its own process) under each attack of the third round for
RELAY_SIEGE_SECONDS (60 by default): pings flooded from sockets that never read, empty rooms
registered and left from many addresses, silent sockets from one address, a room filled with
spectators and silent links. Meanwhile an honest host registers a room and a friend joins it, again
and again, each within 5 s; the relay's peak memory stays under 150 MB and its log holds no
traceback. Every socket is on the loopback network (127.x.y.z as sources)."""

from __future__ import annotations

import asyncio
import http.client
import itertools
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import websockets

from game.net.door import KEY_HEADER, SOCKETS_PER_ADDRESS
from game.net.relay import OWNER_HEADER, ROOM_HEADER
from tests.test_relay_attacks import masked, peak_memory

pytestmark = pytest.mark.slow  # a relay process under attack for a minute
ROOT = Path(__file__).resolve().parent.parent
SIEGE = float(os.environ.get("RELAY_SIEGE_SECONDS", "60"))  # seconds each attack lasts
MEMORY = 150 * 1024 * 1024  # bytes the relay may hold at its peak
SERVED = 5.0  # seconds an honest host has to register and his friend to join
ROOM = "WLSNESTH"  # the honest room the fourth attack fills
LINES = 3  # lines the relay's log may take a minute for each address attacking (each kind once a minute)
ASKED = itertools.count()  # the relay's /metrics asked so far
PING = masked(0x9, b"p" * 125)


STOP = threading.Event()  # set: every attack and honest round ends now (benchmarks/relay.py --soak)


def going(ends: float) -> bool:
    """Whether an attack (or the honest rounds) goes on: before `ends`, and not stopped."""
    return time.monotonic() < ends and not STOP.is_set()


def handshake(path: str, headers: dict[str, str] | None = None) -> bytes:
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    return (
        f"GET /{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    ).encode()


HONEST_CODES = 1 << 31  # honest rounds' room codes from here on: never an attacker's (they count up from 4096;
# when they counted from 90000, a long siege's empty rooms reached them, under another owner: a round refused)


def code(n: int, letters: str = "ABCDEFGHJKMNPQRS") -> str:
    """A room code of 8 letters for the number n."""
    return "".join(letters[(n >> (4 * k)) % 16] for k in range(8))


async def opened(port: int, source: str, request: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), SERVED
        )
    except (OSError, TimeoutError):
        return None
    writer.write(request)
    return reader, writer


async def ping_flood(port: int, ends: float) -> int:
    """Eight sockets, a host's and his friends' links, each flooding pings and never reading; each cut
    opens again. The pings sent."""

    async def one(n: int) -> int:
        sent = 0
        while going(ends):
            source = f"127.0.3.{n + 2}"
            path, headers = ("host", {ROOM_HEADER: code(n), OWNER_HEADER: "f" * 40}) if n == 0 else (code(0), None)
            pair = await opened(port, source, handshake(path, headers))
            if pair is None:
                await asyncio.sleep(0.05)
                continue
            reader, writer = pair
            try:
                await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), SERVED)
                while going(ends) and not writer.transport.is_closing():
                    writer.write(PING * 500)
                    await asyncio.wait_for(writer.drain(), max(0.01, ends - time.monotonic()))
                    sent += 500
            except (OSError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                pass
            writer.transport.abort()
            await asyncio.sleep(0.05)
        return sent

    return sum(await asyncio.gather(*(one(n) for n in range(8))))


async def empty_rooms(port: int, ends: float, at_once: int = 100) -> int:
    """Rooms registered from 125 addresses, 8 each, and left at once, `at_once` at a time, over and over:
    the rooms taken."""
    taken, n = 0, 0

    async def register(n: int) -> int:
        source = f"127.1.{n // 8 % 125 // 250}.{n // 8 % 125 + 2}" if n % 2 else f"127.1.{n // 8 % 125}.2"
        try:
            async with websockets.connect(
                f"ws://127.0.0.1:{port}/host",
                additional_headers={ROOM_HEADER: code(n + 4096), OWNER_HEADER: f"{n:040d}"},
                local_addr=(source, 0),
                open_timeout=SERVED,
            ) as ws:
                return int("registered" in await asyncio.wait_for(ws.recv(), SERVED))
        except Exception:  # refused: what the relay may do
            return 0

    while going(ends):
        taken += sum(await asyncio.gather(*(register(n + k) for k in range(at_once))))
        n += at_once
        await asyncio.sleep(0.05)
    return taken


async def silent_sockets(port: int, ends: float) -> int:
    """300 sockets from one address that say nothing; each cut opened again. The most sockets the relay
    held at once (its /metrics)."""
    held: list[asyncio.StreamWriter] = []
    most = 0
    while going(ends):
        held = [writer for writer in held if not writer.transport.is_closing()]
        for _ in range(300 - len(held)):
            pair = await opened(port, "127.0.4.2", b"")
            if pair is not None:
                held.append(pair[1])
        await asyncio.sleep(0.05)
        most = max(most, await asyncio.to_thread(sockets, port))
    for writer in held:
        writer.transport.abort()
    return most


def sockets(port: int) -> int:
    """The sockets the relay holds, by its /metrics (asked from an address of its own each time: an
    address opens at most 8 sockets a second)."""
    source = f"127.0.10.{next(ASKED) % 250 + 2}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=SERVED, source_address=(source, 0))
    try:
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
    finally:
        connection.close()
    return int(next(line.split()[1] for line in text.splitlines() if line.startswith("fantasy_racing_relay_sockets ")))


async def crowded_room(port: int, ends: float) -> int:
    """16 spectators (without a seat key) and 8 silent links in the honest room, each one that gave way
    opened again. The links opened."""
    count = 0

    async def one(n: int) -> None:
        nonlocal count
        while going(ends):
            source = f"127.0.5.{n // 4 + 2}"
            pair = await opened(port, source, handshake(ROOM))
            if pair is None:
                await asyncio.sleep(0.05)
                continue
            count += 1
            reader, writer = pair
            try:
                await asyncio.wait_for(reader.read(), max(0.01, ends - time.monotonic()))  # (until it is closed)
            except (OSError, TimeoutError):
                pass
            writer.transport.abort()
            await asyncio.sleep(0.05)

    await asyncio.gather(*(one(n) for n in range(24)))
    return count


ATTACKS = {"ping flood": ping_flood, "empty rooms": empty_rooms, "silent sockets": silent_sockets}
ATTACKS["spectators and silent links"] = crowded_room
SOURCES = {"ping flood": 8, "empty rooms": 126, "silent sockets": 1, "spectators and silent links": 6}  # addresses


async def honest_rounds(port: int, ends: float, keyed: bool) -> list[float]:
    """An honest host registers a room and a friend joins it (with his seat key, in the crowded room),
    again and again until `ends`: the seconds each round took (None: it failed)."""
    rounds: list[float] = []
    home = None
    if keyed:
        home = await websockets.connect(
            f"ws://127.0.0.1:{port}/host", additional_headers={ROOM_HEADER: ROOM, OWNER_HEADER: "h" * 40}
        )
        await home.recv()
    n = 0
    while going(ends):
        n += 1
        started = time.monotonic()
        try:
            room, key = (ROOM, {KEY_HEADER: "k" * 32}) if keyed else (code(n + HONEST_CODES), {})
            async with asyncio.timeout(SERVED):
                host = home
                if host is None:
                    host = await websockets.connect(
                        f"ws://127.0.0.1:{port}/host",
                        additional_headers={ROOM_HEADER: room, OWNER_HEADER: f"{n:040d}"},
                        local_addr=(f"127.9.{n % 200}.2", 0),
                    )
                    assert "registered" in await host.recv()
                friend = await websockets.connect(
                    f"ws://127.0.0.1:{port}/{room}", additional_headers=key, local_addr=(f"127.9.{n % 200}.3", 0)
                )
                while '"key": "' + key.get(KEY_HEADER, "") + '"' not in await host.recv():
                    pass
                await friend.send('{"type": "hello"}')
                while not (await host.recv()).startswith(("1", "2", "3", "4", "5", "6", "7", "8", "9")):
                    pass
            rounds.append(time.monotonic() - started)
            await friend.close()
            if host is not home:
                await host.close()
        except Exception as error:  # (a round that failed: counted, and the siege goes on)
            rounds.append(float("inf"))
            print(f"honest round {n} failed: {type(error).__name__} {error}")
        await asyncio.sleep(0.05)
    return rounds


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_a_relay_under_attack_for_a_minute_stays_small_and_serves_honest_hosts_and_friends(attack):
    from tests.test_relay_attacks import free_port_on_both

    port = free_port_on_both()
    relay = subprocess.Popen(
        [sys.executable, "main.py", "relay", "--address", "127.0.0.1", "--port", str(port), "--for", str(SIEGE + 60)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    try:
        assert relay.stdout is not None and "relaying on" in relay.stdout.readline()

        async def siege() -> tuple[int, list[float]]:
            ends = time.monotonic() + SIEGE
            keyed = attack == "spectators and silent links"
            done, rounds = await asyncio.wait_for(
                asyncio.gather(ATTACKS[attack](port, ends), honest_rounds(port, ends, keyed)), SIEGE + 60
            )
            return done, rounds

        done, rounds = asyncio.run(siege())
        peak = peak_memory(relay.pid)
    finally:
        relay.kill()
        relay.wait(10)
    log = relay.stdout.read()
    relay.stdout.close()
    if os.environ.get("RELAY_SIEGE_LOG"):
        Path(os.environ["RELAY_SIEGE_LOG"]).write_text(log)
    print(
        f"{attack}: {done} done, {len(rounds)} honest rounds, slowest {max(rounds):.2f} s, peak {peak / 2**20:.0f} MB"
    )
    print(f"{attack}: {len(log.splitlines())} lines of log, {len(log)} characters")
    assert done > 0, attack
    if attack == "silent sockets":
        assert done <= SOCKETS_PER_ADDRESS + 4, done  # (and the honest round's, and /metrics' own)
    assert len(rounds) >= SIEGE / 2 and max(rounds) < SERVED, rounds
    assert 0 < peak < MEMORY, peak
    lines = LINES * SOURCES[attack] * (1 + SIEGE // 60) + 20  # (and the honest rounds')
    assert "Traceback" not in log and len(log.splitlines()) <= lines, log[-2000:]
