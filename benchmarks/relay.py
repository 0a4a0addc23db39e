"""A relay under load: many rooms of a host and its friends through one `main.py relay` process, on loopback.

    .venv/bin/python benchmarks/relay.py [--rooms 200] [--friends 4] [--rate 2] [--seconds 15] [--seed 1]
        [--phase 3] [--against DIR] [--profile FILE] [--soak [--minutes 10]]
    .venv/bin/python benchmarks/relay.py --days [--store sqlite|postgresql|both] [--rooms 10000] [--samples 1000]
        [--seed 1] (benchmarks/relay_days.py)

One `main.py relay` process (its own process, so that its memory and CPU are its own). Every room's
host plays in a second process (`--hosts`, told each turn on a pipe), its friends in this one, with
plain WebSocket clients: each host registers its room (the relay's `/host`), each friend joins it
(`/ROOM-CODE`), each from the room's own address on the loopback network (127.0.0.2, 127.0.0.3, ...:
the relay takes at most a few connections from one address). Every host sends its friends `--rate`
steps a second (a step's size: 300 bytes, stamped with time.monotonic(), the system's monotonic clock
on Linux), and the room's first friend answers each (a choice), as in a race. The same rooms are also
played with each friend connected straight to his host (a WebSocket server in the hosts' process, no
compression, as the relay): a direct step crosses from one process to another, as between two homes,
and the relay adds the difference of the delays from a host's send to a friend's arrival (p50 and
p99). Target: p99 added <= 5 ms.

Fairly, on a shared machine: every way (direct, the relay, and with `--against DIR` the relay of
another checkout, e.g. `main`'s, as a second relay process) has its rooms connected from the start;
after a first turn each that is not measured (WARMING), the ways take turns of `--phase` seconds in a
rotating order until each has been measured `--seconds`, so that each sees the same load. A relay's
CPU time is read from /proc over its own turns only, and divided by the messages it forwarded then.
The relay is one process on one event loop (one core at most); so are the hosts' and the friends'
processes; whatever else runs on the machine shares the same cores. Each way's p99 is also printed
turn by turn (one stall of the machine in one turn makes a whole run's p99).

Also printed: the relay's memory (resident, after the rooms opened, less before). Everything stays on
the loopback network; each relay runs under `timeout`, killed at the end.

`--soak`: the same rooms for `--minutes` (10) of turns (half of them the relay's, `--seconds` set from
it), with one attacker of each kind of tests/test_relay_siege.py beside them in a process of their own
(10 nicer than the rest: attackers run on other machines, not on the relay's cores)
(pings flooded from sockets that never read, empty rooms registered from 126 addresses 8 at a time, silent sockets
from one, a room crowded with spectators and silent links) and an honest host registering a room and a
friend joining it again and again (each within 5 s, or failed). Printed besides: the relay's memory
after the first minute and at the end (target: within 20 %), the honest rounds and how many failed,
and the friends whose connection ended before the end (target: none).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.protocol import CODE_LETTERS  # noqa: E402
from game.net.relay import OWNER_HEADER, ROOM_HEADER  # noqa: E402

PAD = "x" * 240  # a step's size, about 300 bytes with its fields
WARM = 0.6  # seconds each turn runs before it is measured (every room sending)
SETTLE = 0.3  # seconds after a turn for what is in flight to arrive
# WARMING: every way first plays a turn that is not measured: right after 1,000 connections opened, each
# process's first full garbage collection of them (a relay's: 15 to 80 ms) and cold caches fall there.
# CLIENT_PINGS: the hosts and friends send no keepalive pings of their own (they answer the relay's).
# Their thousands of connections, opened together, would ping all at once every 20 s (websockets'
# default), a stall of this process of 100 ms and more in whichever way's turn it fell.
PROFILED = """
import cProfile, runpy, sys, time
out = sys.argv.pop(1)
del sys.argv[0]  # (then main.py and its arguments)
profile = cProfile.Profile(time.process_time)  # the process's CPU time: not the waits for a core
try:
    profile.runcall(runpy.run_path, "main.py", run_name="__main__")
except (SystemExit, KeyboardInterrupt):
    pass
finally:
    profile.dump_stats(out)
"""  # `main.py` under cProfile (`--profile`): its statistics written when it stops (Ctrl+C)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def source(room: int, friend: int = -1) -> str:
    """A room's host's address (friend -1) or his friend's: every room a /24 of its own (127.2.0.0/24,
    127.2.1.0/24, ...), every friend an address of his own, as homes are (the relay's bounds count
    sockets and strangers per address and per /24)."""
    return f"127.{2 + room // 256}.{room % 256}.{friend + 3}"


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
    """A room's host and friends: how its host sends to each friend."""

    def __init__(self, number: int, code: str) -> None:
        self.number, self.code = number, code
        self.to_friends: list[Any] = []  # (in the hosts' process) callables sending a step to one friend


class Way:
    """One way from hosts to friends (direct, or a relay process): its rooms, and what its turns measured."""

    def __init__(self, name: str, rooms: list[Room], relay: subprocess.Popen[str] | None = None) -> None:
        self.name, self.rooms, self.relay = name, rooms, relay
        self.pid, self.port = 0, 0  # the relay's own process (under `timeout`) and port
        self.delays: list[float] = []  # seconds from a measured step's send to its arrival
        self.turns: list[list[float]] = []  # the same, turn by turn
        self.messages = 0  # messages sent along this way (steps to each friend, answers)
        self.cpu = self.hosts = self.mine = self.spent = 0.0  # CPU of the relay, the hosts, the friends; the wall
        self.memory = (0, 0)  # the relay's resident bytes before and after its rooms opened
        self.tasks: list[asyncio.Future[Any]] = []
        self.closing: list[Any] = []


# ---------------------------------------------------------------- the hosts' process (--hosts)
async def steps(room: Room, way: Way, rate: float, stop: asyncio.Event, measuring: list[bool], rng) -> None:
    await asyncio.sleep(rng.random() / rate)  # the rooms out of step with each other
    n = 0
    while not stop.is_set():
        text = json.dumps({"type": "step", "n": n, "t": time.monotonic(), "m": measuring[0], "pad": PAD})
        for send in room.to_friends:
            await send(text)
        way.messages += len(room.to_friends)
        n += 1
        await asyncio.sleep(1 / rate)


async def register(way: Way) -> None:
    """Every room's host on a relay: registered, his friends' links noted as they open."""
    import websockets

    for room in way.rooms:
        headers = {ROOM_HEADER: room.code, OWNER_HEADER: f"{room.number:040d}"}
        ws = await websockets.connect(
            f"ws://127.0.0.1:{way.port}/host",
            additional_headers=headers,
            local_addr=(source(room.number), 0),
            ping_interval=None,  # (see CLIENT_PINGS)
        )
        await ws.recv()  # registered
        way.closing.append(ws)
        way.tasks.append(asyncio.ensure_future(carry(room, ws)))


async def carry(room: Room, ws: Any) -> None:
    """A host's connection to the relay: his friends' links as they open (their answers read and dropped)."""
    async for text in ws:
        link, _, body = text.partition(":")
        if link == "0" and json.loads(body)["type"] == "open":
            number = json.loads(body)["link"]
            room.to_friends.append(lambda text, number=number: ws.send(f"{number}:{text}"))


async def serve_direct(way: Way) -> None:
    """Every room's host as a WebSocket server of his own (one server, the path naming the room)."""
    import websockets

    by_code = {room.code: room for room in way.rooms}

    async def handler(ws: Any) -> None:
        room = by_code[ws.request.path[1:]]
        room.to_friends.append(ws.send)
        async for _ in ws:
            pass

    server = await websockets.serve(
        handler,
        "127.0.0.1",
        0,
        max_queue=8,
        compression=None,
        ping_interval=None,  # (as the relay; CLIENT_PINGS)
    )
    way.closing.append(server)
    way.port = next(iter(server.sockets)).getsockname()[1]


async def play_hosts(args: argparse.Namespace) -> None:
    """The hosts' process: told each turn on its standard input, it answers on its standard output."""
    rng = random.Random(args.seed + 1)
    codes = room_codes(args)
    ways = {"direct": Way("direct", [Room(n, code) for n, code in enumerate(codes)])}
    for name, port in json.loads(args.hosts).items():
        ways[name] = Way(name, [Room(n, code) for n, code in enumerate(codes)])
        ways[name].port = port

    def say(what: dict[str, Any]) -> None:
        print(json.dumps(what), flush=True)

    await serve_direct(ways["direct"])
    for way in list(ways.values())[1:]:
        await register(way)
    say({"direct": ways["direct"].port})
    for way in ways.values():
        await joined(way, args.friends)
    quiet_collector()
    say({"joined": True})
    while line := await asyncio.to_thread(sys.stdin.readline):
        order = json.loads(line)
        if "turn" not in order:
            break
        way, sent, cpu = ways[order["turn"]], ways[order["turn"]].messages, time.process_time()
        stop, measuring = asyncio.Event(), [False]
        sending = [asyncio.ensure_future(steps(room, way, args.rate, stop, measuring, rng)) for room in way.rooms]
        await asyncio.sleep(WARM)
        measuring[0] = order["measured"]
        await asyncio.sleep(order["seconds"])
        measuring[0] = False
        stop.set()
        await asyncio.gather(*sending)
        say({"sent": way.messages - sent, "cpu": time.process_time() - cpu})
    for way in ways.values():
        await close(way)


async def joined(way: Way, friends: int) -> None:
    deadline = time.monotonic() + 120
    while sum(len(room.to_friends) for room in way.rooms) < len(way.rooms) * friends:
        if time.monotonic() > deadline:
            raise SystemExit(f"{way.name}: the friends did not all join within 120 s")
        await asyncio.sleep(0.05)


async def close(way: Way) -> None:
    for task in way.tasks:
        task.cancel()
    for closing in way.closing:
        if hasattr(closing, "recv"):  # a host's connection
            await closing.close()
        else:  # the direct way's server
            closing.close()


# ---------------------------------------------------------------- the friends' process (this one)
async def friend(url: str, room: Room, way: Way, answers: bool, local: tuple[str, int] | None) -> None:
    import websockets

    async with websockets.connect(url, open_timeout=30, local_addr=local, ping_interval=None) as ws:  # CLIENT_PINGS
        await ws.send(json.dumps({"type": "hello", "code": room.code, "name": "f"}))
        with contextlib.suppress(websockets.ConnectionClosed):  # (the end, or a friend dropped: counted by --soak)
            await read(ws, way, answers)


async def read(ws: Any, way: Way, answers: bool) -> None:
    async for text in ws:
        arrived = time.monotonic()
        message = json.loads(text)
        if message["m"]:
            way.delays.append(arrived - message["t"])
            way.turns[-1].append(arrived - message["t"])
        if answers:
            way.messages += 1
            await ws.send(json.dumps({"type": "choose", "index": message["n"], "option": 1}))


async def run(ways: list[Way], args: argparse.Namespace) -> None:
    """The friends of every way, the hosts in their own process; then the ways' turns, in rotation."""
    hosts = subprocess.Popen(
        [sys.executable, __file__, "--hosts", json.dumps({way.name: way.port for way in ways[1:]})]
        + ["--rooms", str(args.rooms), "--friends", str(args.friends), "--rate", str(args.rate)]
        + ["--seed", str(args.seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert hosts.stdin is not None and hosts.stdout is not None

    async def heard() -> dict[str, Any]:
        line = await asyncio.wait_for(asyncio.to_thread(hosts.stdout.readline), 300)  # type: ignore[union-attr]
        if not line:
            raise SystemExit("the hosts' process ended")
        return dict(json.loads(line))

    try:
        ways[0].port = (await heard())["direct"]
        for way in ways:
            local = (lambda room, k: (source(room.number, k), 0)) if way.pid else (lambda room, k: None)
            url = f"ws://127.0.0.1:{way.port}/"
            way.tasks += [
                asyncio.ensure_future(friend(url + room.code, room, way, k == 0, local(room, k)))
                for room in way.rooms
                for k in range(args.friends)
            ]
        await heard()  # every friend joined
        quiet_collector()
        for way in ways[1:]:
            way.memory = (way.memory[0], proc(way.pid)[0])
        await asyncio.sleep(2.0)  # (the handshakes' work done everywhere before the first turn)
        soak = Soak(ways[-1], args) if args.soak else None
        turns = max(1, round(args.seconds / args.phase))
        for way in ways:  # a first turn each, not measured (WARMING)
            hosts.stdin.write(json.dumps({"turn": way.name, "seconds": args.phase, "measured": False}) + "\n")
            hosts.stdin.flush()
            await heard()
            await asyncio.sleep(SETTLE)
        for k in range(turns):
            for way in ways[k % len(ways) :] + ways[: k % len(ways)]:
                cpu, mine, started = proc(way.pid)[1] if way.pid else 0.0, time.process_time(), time.monotonic()
                way.turns.append([])
                order = {"turn": way.name, "seconds": args.seconds / turns, "measured": True}
                hosts.stdin.write(json.dumps(order) + "\n")
                hosts.stdin.flush()
                said = await heard()
                await asyncio.sleep(SETTLE)
                way.cpu += proc(way.pid)[1] - cpu if way.pid else 0.0
                way.mine += time.process_time() - mine
                way.hosts += said["cpu"]
                way.messages += said["sent"]
                way.spent += time.monotonic() - started
        if soak is not None:
            await soak.end()
        hosts.stdin.write("{}\n")
        hosts.stdin.flush()
        for way in ways:
            await close(way)
    finally:
        with contextlib.suppress(subprocess.TimeoutExpired):
            hosts.wait(10)
        hosts.kill()


class Soak:
    """`--soak`: the attackers' process beside the rooms, the relay's memory looked at every few seconds,
    the friends whose connection ended counted (see the module)."""

    def __init__(self, way: Way, args: argparse.Namespace) -> None:
        self.way, self.started = way, time.monotonic()
        self.memory: list[tuple[float, int]] = []  # (seconds since the start, the relay's resident bytes)
        self.lasting = args.minutes * 60
        self.attackers = subprocess.Popen(
            [sys.executable, __file__, "--attack", str(way.port), "--minutes", str(args.minutes)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.looking = asyncio.ensure_future(self.look())
        self.said: dict[str, Any] = {}
        way.soak = self  # type: ignore[attr-defined]  # (read by the report)

    async def look(self) -> None:
        while True:
            self.memory.append((time.monotonic() - self.started, proc(self.way.pid)[0]))
            await asyncio.sleep(5.0)

    async def end(self) -> None:
        self.memory.append((time.monotonic() - self.started, proc(self.way.pid)[0]))
        self.looking.cancel()
        self.dropped = sum(task.done() for task in self.way.tasks)  # friends whose connection ended
        assert self.attackers.stdout is not None and self.attackers.stdin is not None
        with contextlib.suppress(BrokenPipeError):  # (the attackers stay beside the rooms until their turns end)
            self.attackers.stdin.write("stop\n")
            self.attackers.stdin.flush()
        line = await asyncio.wait_for(asyncio.to_thread(self.attackers.stdout.readline), self.lasting + 120)
        self.said = json.loads(line or "{}")
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.attackers.wait(10)
        self.attackers.kill()

    def report(self) -> None:
        first = next((rss for at, rss in self.memory if at >= 60), self.memory[-1][1])
        end = self.memory[-1][1]
        rounds = self.said.get("rounds", [])
        failed = sum(r is None for r in rounds)
        slowest = max((r for r in rounds if r is not None), default=0.0)
        print(
            f"  soak: {self.memory[-1][0] / 60:.1f} minutes; relay memory after the first minute "
            f"{first / 2**20:.1f} MB, "
            f"at the end {end / 2**20:.1f} MB ({100 * (end - first) / first:+.1f} %, target within 20 %), "
            f"most {max(rss for _, rss in self.memory) / 2**20:.1f} MB; friends dropped {self.dropped} "
            f"of {len(self.way.tasks)}; honest rounds {len(rounds)}, {failed} failed, slowest {slowest:.2f} s; "
            f"attacks done {self.said.get('attacks', {})}; the relay's log: {len(LOG)} lines, "
            f"{sum(len(line) for line in LOG)} characters"
        )
        for line in LOG[:: max(1, len(LOG) // 8)][:8]:
            print(f"    {line[:150]}")


async def read_all(ws: Any) -> None:
    import websockets

    with contextlib.suppress(websockets.ConnectionClosed):
        async for _ in ws:
            pass


def attack(port: int, minutes: float) -> None:
    """The attackers' process (`--attack`): one attacker of each kind and the honest rounds, until a line
    comes on its standard input (twice `minutes` and 5 more at most), then one line of JSON: what each attack did,
    the seconds of each honest round (None: failed)."""
    os.nice(10)  # (attackers are on other machines: here they take what the relay and the rooms leave of the cores)
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT))
    from test_relay_siege import ATTACKS, ROOM, STOP, empty_rooms, honest_rounds  # (tests/, as benchmarks/flood.py)

    def stopped() -> None:  # (a line on the standard input: the rooms' turns are over)
        sys.stdin.readline()
        STOP.set()

    threading.Thread(target=stopped, daemon=True).start()

    async def all_of_them() -> dict[str, Any]:
        import websockets

        ends = time.monotonic() + minutes * 120 + 300  # (or sooner: when told, see `stopped`)
        crowded = await websockets.connect(  # (the room the spectators crowd: its host reads and says nothing)
            f"ws://127.0.0.1:{port}/host",
            additional_headers={ROOM_HEADER: ROOM, OWNER_HEADER: "c" * 40},
            local_addr=("127.0.6.2", 0),
        )
        reading = asyncio.ensure_future(read_all(crowded))  # (a host reads: else the relay's pings go unanswered)
        attacks = [ATTACKS[kind](port, ends) for kind in ATTACKS if kind != "empty rooms"]
        attacks.insert(1, empty_rooms(port, ends, at_once=8))  # (one attacker: 8 at a time, not the test's 100)
        done = await asyncio.gather(*attacks, honest_rounds(port, ends, False))
        reading.cancel()
        await crowded.close()
        rounds = [None if r == float("inf") else round(r, 3) for r in done[-1]]
        return {"attacks": dict(zip(ATTACKS, done[:-1])), "rounds": rounds}

    with contextlib.redirect_stdout(sys.stderr):  # (a failed honest round says so: not on the JSON line)
        said = asyncio.run(all_of_them())
    print(json.dumps(said), flush=True)


def quiet_collector() -> None:
    """Every connection open: what this process holds now is frozen (`gc.freeze`), so that Python's
    full collections of thousands of connections (tens of milliseconds each) do not stall the hosts or
    the friends in the middle of a turn: the relay's delays are measured, not the benchmark's."""
    gc.collect()
    gc.freeze()


def room_codes(args: argparse.Namespace) -> list[str]:
    rng = random.Random(args.seed)
    return ["".join(rng.choice(CODE_LETTERS) for _ in range(8)) for _ in range(args.rooms)]


def start_relay(
    directory: Path, rooms: int, profile: str | None, lasting: int = 900
) -> tuple[subprocess.Popen[str], int, int]:
    """`main.py relay` of the checkout in `directory`, in a process of its own, for `lasting` seconds at
    most: (it, its port, its pid)."""
    port = free_port()
    profiling = ["-c", PROFILED, str(Path(profile).resolve())] if profile else []
    relay = subprocess.Popen(
        ["timeout", str(lasting), sys.executable, *profiling, "main.py", "relay", "--port", str(port)]
        + ["--max-rooms", str(rooms)],
        cwd=directory,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert relay.stdout is not None and "relaying on" in relay.stdout.readline()
    threading.Thread(target=drain, args=(relay.stdout,), daemon=True).start()
    pid = int(subprocess.run(["pgrep", "-P", str(relay.pid)], capture_output=True, text=True).stdout.split()[0])
    return relay, port, pid


LOG: list[str] = []  # what the relays logged (read as it comes: a full pipe would stop a relay at its next line)


def drain(out: Any) -> None:
    for line in out:
        LOG.append(line.rstrip())


def stop_relay(way: Way, profiled: bool) -> None:
    assert way.relay is not None
    if profiled:  # Ctrl+C: the relay stops, and cProfile writes its statistics
        os.kill(way.pid, signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            way.relay.wait(30)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(way.relay.pid, signal.SIGKILL)
    way.relay.wait(10)


def report(ways: list[Way], args: argparse.Namespace) -> None:
    print(
        f"relay: {args.rooms} rooms of a host and {args.friends} friends, {args.rate:g} steps a second each, "
        f"{args.seconds:g} s measured a way in turns of about {args.phase:g} s, seed {args.seed}; "
        f"load average {os.getloadavg()[0]:.1f} at the end, {os.cpu_count()} cores"
    )
    p = {way.name: (statistics.median(way.delays) * 1000, percentile(way.delays, 99) * 1000) for way in ways}
    direct = p["direct"]
    for way in ways:
        p50, p99 = p[way.name]
        line = f"  {way.name:<15} {len(way.delays):6d} steps   delay p50 {p50:6.2f} ms   p99 {p99:6.2f} ms"
        if way.relay is not None:
            line += f"   added p50 {p50 - direct[0]:5.2f} ms   p99 {p99 - direct[1]:6.2f} ms (target p99 <= 5 ms)"
        print(line)
    for way in ways:  # (one stall of the machine in one turn makes a way's p99: each turn's own shows it)
        each = [percentile(turn, 99) * 1000 for turn in way.turns if turn]
        print(
            f"  {way.name:<15} p99 of each turn, in order (ms): {'  '.join(f'{t:.1f}' for t in each)}   "
            f"(their median {statistics.median(each):.1f})"
        )
    for way in ways:
        line = (
            f"  {way.name:<15} CPU (% of a core over its turns): hosts' process {100 * way.hosts / way.spent:.0f}%, "
            f"friends' process {100 * way.mine / way.spent:.0f}%"
        )
        if way.relay is not None:
            before, after = way.memory
            line += (
                f", relay {100 * way.cpu / way.spent:.0f}%: {1e6 * way.cpu / max(1, way.messages):.0f} us a message "
                f"({way.messages} messages), {1000 * way.cpu / way.spent / args.rooms:.2f} ms a second a room; "
                f"memory {before / 2**20:.1f} MB idle, {after / 2**20:.1f} MB with the rooms: "
                f"{(after - before) / args.rooms / 1024:.1f} KB a room"
            )
        print(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=None, help="rooms (200; --days: stored rooms, 10,000)")
    parser.add_argument("--friends", type=int, default=4, help="friends a room (each gets every step)")
    parser.add_argument("--rate", type=float, default=2.0, help="steps a second in each room")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds measured on each way")
    parser.add_argument("--phase", type=float, default=3.0, help="seconds of one way's turn (the ways alternate)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="DIR", help="also measure the relay of the checkout in DIR, side by side")
    parser.add_argument("--profile", metavar="FILE", help="run the relay under cProfile, its statistics saved in FILE")
    parser.add_argument("--soak", action="store_true", help="a long run with one attacker of each kind beside")
    parser.add_argument("--minutes", type=float, default=10.0, help="minutes of a soak (--soak)")
    parser.add_argument("--days", action="store_true", help="rooms over days: a player's list, opening a room")
    parser.add_argument("--samples", type=int, default=1000, help="times each is measured (--days)")
    parser.add_argument(
        "--store",
        choices=["sqlite", "postgresql", "both"],
        default="sqlite",
        help="--days: the relay's store (an SQLite file; a throwaway PostgreSQL server of its own; both in turn)",
    )
    parser.add_argument("--hosts", help=argparse.SUPPRESS)  # (the hosts' process: the relays' ports)
    parser.add_argument("--attack", type=int, help=argparse.SUPPRESS)  # (the attackers' process: the relay's port)
    args = parser.parse_args()
    if args.days:
        import relay_days  # (benchmarks/relay_days.py: this folder is the script's)

        try:
            relay_days.run(args.rooms or 10_000, args.samples, args.seed, None, args.store)
        except KeyboardInterrupt:
            print("\ninterrupted: the relay (and PostgreSQL's throwaway server) stopped, their folders removed")
            return 130
        return 0
    args.rooms = args.rooms or 200
    if args.attack:
        attack(args.attack, args.minutes)
        return 0
    if args.soak:
        args.seconds = args.minutes * 60 / 2  # (the relay's turns take half of the soak, the direct way's the rest)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.hosts:
        asyncio.run(play_hosts(args))
        return 0
    codes = room_codes(args)
    ways = [Way("direct", [Room(n, code) for n, code in enumerate(codes)])]
    checkouts = [("relay", ROOT, args.profile)]
    if args.against:
        checkouts.append(("relay --against", Path(args.against), None))
    try:
        for name, directory, profile in checkouts:
            most, lasting = (max(args.rooms, 1000), int(900 + 90 * args.minutes)) if args.soak else (args.rooms, 900)
            relay, port, pid = start_relay(directory, most, profile, lasting)
            ways.append(Way(name, [Room(n, code) for n, code in enumerate(codes)], relay))
            ways[-1].pid, ways[-1].port, ways[-1].memory = pid, port, (proc(pid)[0], 0)
        asyncio.run(run(ways, args))
    finally:
        for way in ways[1:]:
            stop_relay(way, way.name == "relay" and bool(args.profile))
    report(ways, args)
    if args.soak:
        ways[1].soak.report()  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    sys.exit(main())
