"""The second round's attacks against a relay (`main.py relay`, its own process): ping floods that
never read their pongs (from 127.0.0.2-5, each cut connection opened again), silent sockets, many
connections, wrong codes and rooms registered in bulk from one address (127.0.0.1), while an honest
host and two friends race from another (::1). The honest race ends with the same standings on every
side, and the relay's memory stays under 300 MB (tests/test_relay_siege.py: each attack for a minute)."""

from __future__ import annotations

import asyncio
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.net.invite import Invite, Relay
from game.net.protocol import standings_json
from game.net.relayed import RelayLink, join_invite
from game.rules import seeds
from tests.test_relay import CODE, LIMIT, SEED, new_host, until

pytestmark = pytest.mark.slow  # a relay process under attack for several seconds
ROOT = Path(__file__).resolve().parent.parent
MEMORY = 300 * 1024 * 1024  # bytes the relay may hold at its peak
FLOOD = 4.0  # seconds the ping flood lasts
HANDSHAKE = (
    "GET /{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def free_port_on_both() -> int:
    """A port free on 127.0.0.1 and on ::1."""
    for _ in range(50):
        with socket.socket() as four, socket.socket(socket.AF_INET6) as six:
            four.bind(("127.0.0.1", 0))
            port = four.getsockname()[1]
            try:
                six.bind(("::1", port))
            except OSError:
                continue
            return port
    pytest.fail("no port free on both loopback addresses")


def peak_memory(pid: int) -> int:
    """The process's peak resident memory (VmHWM), in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def masked(opcode: int, payload: bytes) -> bytes:
    """One frame as a client sends it (masked with a zero key: the payload unchanged)."""
    return struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + b"\0\0\0\0" + payload


async def ping_flood(port: int, source: str) -> int:
    """Pings of 125 bytes as fast as the relay reads them, for FLOOD seconds, never reading a pong, from
    `source`: each connection the relay cuts is opened again. The bytes sent."""
    sent, ends = 0, time.monotonic() + FLOOD
    chunk = masked(0x9, b"p" * 125) * 2000
    while time.monotonic() < ends:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        except OSError:
            continue
        try:
            writer.write(HANDSHAKE.format(path=CODE).encode())
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            while time.monotonic() < ends and not writer.transport.is_closing():
                writer.write(chunk)
                await asyncio.wait_for(writer.drain(), max(0.01, ends - time.monotonic()))
                sent += len(chunk)
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            pass
        writer.transport.abort()
        await asyncio.sleep(0.01)
    return sent


async def silent(port: int, path: str | None, count: int, over: asyncio.Event) -> None:
    """`count` sockets that say nothing (path None), or finish a handshake to `path` and then say nothing,
    held until `over` is set (the ping floods have ended)."""
    held = []
    for _ in range(count):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            continue
        if path is not None:
            writer.write(HANDSHAKE.format(path=path).encode())
        held.append(writer)
    await asyncio.wait_for(over.wait(), LIMIT)
    for writer in held:
        writer.transport.abort()


async def wrong_codes(port: int, count: int) -> None:
    import websockets

    for n in range(count):
        try:
            async with websockets.connect(
                f"ws://127.0.0.1:{port}/ABCD{n:04d}".replace("0", "Z").replace("1", "Y"), open_timeout=2
            ) as ws:
                await asyncio.wait_for(ws.recv(), 2)
        except Exception:  # refused or slowed: what the relay should do
            pass


async def rooms_in_bulk(port: int, count: int) -> int:
    """Rooms registered from 127.0.0.1, one after another: how many the relay took."""
    links, tasks = [], []
    for n in range(count):
        link = RelayLink(new_host(), Relay(False, "127.0.0.1", port), f"{n:040d}")
        link.host.code = f"RQMS{n:04d}".replace("0", "Z").replace("1", "Y")
        tasks.append(asyncio.ensure_future(link.run()))
        links.append(link)
        await asyncio.wait(
            {tasks[-1], asyncio.ensure_future(link.ready.wait())}, timeout=5, return_when="FIRST_COMPLETED"
        )
    taken = sum(link.ready.is_set() for link in links)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return taken


def test_a_relay_under_the_second_rounds_attacks_stays_small_and_its_honest_room_races_on():
    port = free_port_on_both()
    relay = subprocess.Popen(
        [sys.executable, "main.py", "relay", "--address", "127.0.0.1,::1", "--port", str(port), "--for", "120"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    try:
        assert "relaying on" in relay.stdout.readline()

        async def scenario():
            honest = Invite(Relay(False, "::1", port), CODE)
            said: list[str] = []
            host = new_host(turns=6, say=said.append, takeover=30.0)
            link = RelayLink(host, honest.relay, seeds.owner_secret(SEED, CODE))
            carried = asyncio.ensure_future(link.run())
            hosting = asyncio.ensure_future(host.run(LIMIT))
            await asyncio.wait_for(link.ready.wait(), 10)
            ann = asyncio.ensure_future(join_invite(honest, "ann", None, "normal", delay=0.03))
            await until(lambda: any(line.startswith("ann joined") for line in said))
            bob = asyncio.ensure_future(join_invite(honest, "bob", None, "normal", delay=0.03))
            over = asyncio.Event()

            async def floods() -> list[int]:
                sent = await asyncio.gather(*(ping_flood(port, f"127.0.0.{n + 2}") for n in range(4)))
                over.set()
                return list(sent)

            attacks = asyncio.gather(
                floods(),
                silent(port, None, 40, over),
                silent(port, CODE, 30, over),
                wrong_codes(port, 12),
            )
            flooded, *_ = await asyncio.wait_for(attacks, LIMIT)
            done = [*flooded]
            done.append(await rooms_in_bulk(port, 12))
            races = await asyncio.wait_for(asyncio.gather(ann, bob, hosting), LIMIT)
            carried.cancel()
            return [standings_json(r) for r in races], done

        standings, done = asyncio.run(scenario())
        peak = peak_memory(relay.pid)
    finally:
        relay.kill()
        relay.wait(10)
        relay.stdout.close()
    assert standings[0] == standings[1] == standings[2]
    assert sum(done[:4]) > 1_000_000, done[:4]  # the flood was real: megabytes of pings sent
    assert done[-1] == 8  # rooms one address may hold
    assert 0 < peak < MEMORY, peak
