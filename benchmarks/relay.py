"""A relay under load: many rooms of a host and its friends through one `main.py relay` process, on loopback.

    .venv/bin/python benchmarks/relay.py [--rooms 200] [--friends 4] [--rate 2] [--seconds 15] [--seed 1]

One `main.py relay` process (its own process, so that its memory and CPU are its own); this process
plays every room's host and friends with plain WebSocket clients: each host registers its room (the
relay's `/host`), each friend joins it (`/ROOM-CODE`), each from the room's own address on the loopback
network (127.0.0.2, 127.0.0.3, ...: the relay takes at most a few connections from one address). Every
host sends its friends `--rate` steps a second (a step's size: 300 bytes, stamped with
time.monotonic(), the system's monotonic clock on Linux), and the room's first friend answers each
(a choice), as in a race. The same rooms are then run with each friend connected straight to his host
(a WebSocket server in this process), and the delay from a host's send to a friend's arrival compared:
the relay adds the difference (its p50 and p99). Target: p99 added <= 5 ms. Also printed: the relay's
memory (resident, after the rooms opened, less before) and CPU time per room.

Everything stays on the loopback network; the relay runs under `timeout`, killed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.protocol import CODE_LETTERS  # noqa: E402
from game.net.relay import OWNER_HEADER, ROOM_HEADER  # noqa: E402

PAD = "x" * 240  # a step's size, about 300 bytes with its fields


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def source(room: int) -> str:
    return f"127.0.{room // 250}.{room % 250 + 2}"


def proc(pid: int) -> tuple[int, float]:
    """A process's resident memory (bytes) and CPU time (seconds)."""
    rss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) * 1024
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


class Room:
    """A room's host and friends: how each sends to the others, and the delays its friends saw."""

    def __init__(self, number: int, code: str) -> None:
        self.number, self.code = number, code
        self.to_friends: list[Any] = []  # callables sending a step to one friend
        self.delays: list[float] = []


async def friend(url: str, room: Room, answers: bool, stop: asyncio.Event, measuring: list[bool]) -> None:
    import websockets

    async with websockets.connect(url, open_timeout=30, local_addr=(source(room.number), 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "code": room.code, "name": "f"}))
        async for text in ws:
            arrived = time.monotonic()
            message = json.loads(text)
            if measuring[0]:
                room.delays.append(arrived - message["t"])
            if answers:
                await ws.send(json.dumps({"type": "choose", "index": message["n"], "option": 1}))
            if stop.is_set():
                return


async def steps(room: Room, rate: float, stop: asyncio.Event, rng: random.Random) -> None:
    await asyncio.sleep(rng.random() / rate)  # the rooms out of step with each other
    n = 0
    while not stop.is_set():
        text = json.dumps({"type": "step", "n": n, "t": time.monotonic(), "pad": PAD})
        for send in room.to_friends:
            await send(text)
        n += 1
        await asyncio.sleep(1 / rate)


async def through_relay(port: int, rooms: list[Room], friends: int, rate: float, seconds: float, rng) -> None:
    import websockets

    stop, measuring, hosts = asyncio.Event(), [False], []
    for room in rooms:
        headers = {ROOM_HEADER: room.code, OWNER_HEADER: f"{room.number:040d}"}
        ws = await websockets.connect(
            f"ws://127.0.0.1:{port}/host", additional_headers=headers, local_addr=(source(room.number), 0)
        )
        await ws.recv()  # registered
        hosts.append(ws)

    async def carry(room: Room, ws: Any) -> None:
        async for text in ws:
            link, _, body = text.partition(":")
            if link == "0" and json.loads(body)["type"] == "open":
                number = json.loads(body)["link"]
                room.to_friends.append(lambda text, number=number: ws.send(f"{number}:{text}"))

    carried = [asyncio.ensure_future(carry(room, ws)) for room, ws in zip(rooms, hosts)]
    clients = [
        asyncio.ensure_future(friend(f"ws://127.0.0.1:{port}/{room.code}", room, k == 0, stop, measuring))
        for room in rooms
        for k in range(friends)
    ]
    while sum(len(room.to_friends) for room in rooms) < len(rooms) * friends:
        await asyncio.sleep(0.05)
    await run_steps(rooms, rate, seconds, stop, measuring, rng)
    for task in carried + clients:
        task.cancel()
    for ws in hosts:
        await ws.close()


async def run_steps(rooms, rate, seconds, stop, measuring, rng) -> None:
    sending = [asyncio.ensure_future(steps(room, rate, stop, rng)) for room in rooms]
    await asyncio.sleep(2.0)  # warming up
    measuring[0] = True
    await asyncio.sleep(seconds)
    measuring[0] = False
    stop.set()
    await asyncio.gather(*sending)


async def direct(rooms: list[Room], friends: int, rate: float, seconds: float, rng) -> None:
    import websockets

    by_code = {room.code: room for room in rooms}

    async def handler(ws: Any) -> None:
        room = by_code[ws.request.path[1:]]
        room.to_friends.append(ws.send)
        async for _ in ws:
            pass

    server = await websockets.serve(handler, "127.0.0.1", 0, max_queue=8)
    port = next(iter(server.sockets)).getsockname()[1]
    stop, measuring = asyncio.Event(), [False]
    clients = [
        asyncio.ensure_future(friend(f"ws://127.0.0.1:{port}/{room.code}", room, k == 0, stop, measuring))
        for room in rooms
        for k in range(friends)
    ]
    while sum(len(room.to_friends) for room in rooms) < len(rooms) * friends:
        await asyncio.sleep(0.05)
    await run_steps(rooms, rate, seconds, stop, measuring, rng)
    for task in clients:
        task.cancel()
    server.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--friends", type=int, default=4, help="friends a room (each gets every step)")
    parser.add_argument("--rate", type=float, default=2.0, help="steps a second in each room")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds measured in each run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    rng = random.Random(args.seed)
    codes = ["".join(rng.choice(CODE_LETTERS) for _ in range(8)) for _ in range(args.rooms)]
    port = free_port()
    relay = subprocess.Popen(
        ["timeout", "600", sys.executable, "main.py", "relay", "--port", str(port), "--max-rooms", str(args.rooms)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert relay.stdout is not None and "relaying on" in relay.stdout.readline()
        pid = int(subprocess.run(["pgrep", "-P", str(relay.pid)], capture_output=True, text=True).stdout.split()[0])
        before, cpu_before = proc(pid)
        relayed = [Room(n, code) for n, code in enumerate(codes)]
        started, mine = time.monotonic(), proc(os.getpid())[1]
        asyncio.run(through_relay(port, relayed, args.friends, args.rate, args.seconds, rng))
        spent, mine_relayed = time.monotonic() - started, proc(os.getpid())[1] - mine
        after, cpu_after = proc(pid)
    finally:
        os.killpg(relay.pid, 9)
        relay.wait(10)
    straight = [Room(n, code) for n, code in enumerate(codes)]
    started, mine = time.monotonic(), proc(os.getpid())[1]
    asyncio.run(direct(straight, args.friends, args.rate, args.seconds, rng))
    spent_direct, mine_direct = time.monotonic() - started, proc(os.getpid())[1] - mine
    through = [d * 1000 for room in relayed for d in room.delays]
    plain = [d * 1000 for room in straight for d in room.delays]
    p = {name: (statistics.median(v), percentile(v, 99)) for name, v in (("relay", through), ("direct", plain))}
    print(
        f"relay: {args.rooms} rooms of a host and {args.friends} friends, {args.rate:g} steps a second each, "
        f"{args.seconds:g} s measured, seed {args.seed}"
    )
    print(f"  steps received: {len(through)} through the relay, {len(plain)} direct")
    print(f"  delay direct:       p50 {p['direct'][0]:6.2f} ms   p99 {p['direct'][1]:6.2f} ms")
    print(f"  delay relay:        p50 {p['relay'][0]:6.2f} ms   p99 {p['relay'][1]:6.2f} ms")
    added = (p["relay"][0] - p["direct"][0], p["relay"][1] - p["direct"][1])
    print(f"  added by the relay: p50 {added[0]:6.2f} ms   p99 {added[1]:6.2f} ms   (target: p99 <= 5 ms)")
    print(
        f"  relay memory: {before / 2**20:.1f} MB idle, {after / 2**20:.1f} MB with the rooms: "
        f"{(after - before) / args.rooms / 1024:.1f} KB a room"
    )
    cpu = cpu_after - cpu_before
    print(
        f"  relay CPU: {cpu:.2f} s over {spent:.1f} s ({100 * cpu / spent:.0f}% of a core): "
        f"{1000 * cpu / spent / args.rooms:.2f} ms a second a room"
    )
    print(
        f"  this process (hosts and friends): {100 * mine_relayed / spent:.0f}% of a core through the relay, "
        f"{100 * mine_direct / spent_direct:.0f}% direct"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
