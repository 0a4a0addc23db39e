"""`benchmarks/relay.py --days`: rooms over days on a relay (issue 46), as a player meets them.

    .venv/bin/python benchmarks/relay.py --days [--store sqlite|postgresql|both] [--rooms 10000] [--samples 1000]
        [--seed 1]

benchmarks/store.py measures the store alone; this measures the relay. A store of `--rooms` idle rooms
is built through the store's `save` by benchmarks/store.py's builder (imported: one transaction a room),
each room one of a few real races of six seats on the meadow (15 turns, as a relay plays them: the
room's seed, its keyed dice; about 375 decisions whole) stopped after 1 to all but one of its decisions,
each player sitting in 32 rooms (the seats' bound). `--store sqlite` (the default): a file in a fresh
folder (WAL, `synchronous = FULL`); `--store postgresql`: a database on a throwaway PostgreSQL server of
its own, started as the tests start one (tests/postgres_server.py's `start`, through benchmarks/store.py's
`a_server`: Debian's programs, a temporary folder, 127.0.0.1 only, run as `nobody` under root, fsync on
as a relay's server has it); `--store both`: SQLite's, then PostgreSQL's, in the same run, with the same
rooms, their figures side by side at the end. Then a real `main.py relay --store` process on 127.0.0.1,
and over real WebSocket connections, `--samples` times each, in a random order drawn from `--seed`:

- **a player's list**: a connection to `/days`, the `rooms` request with his key's hash, its answer;
- **opening a room**: a connection to `/days/CODE`, the hello with his name and seat key, until the race
  so far (`start`) has come and the relay asks him his decision (`ask`) or says whom it waits for
  (`waiting`): the relay loads the room and rebuilds its race from its record (every decision replayed).

Each time is from the connection's start to the answer. Printed: p50 and p99 of each (target: p99 <= 50
ms), the relay's resident memory (from /proc) with the rooms idle after the samples and its peak (target:
<= 150 MB; PostgreSQL's server is apart, its memory not counted), with the machine, the command, the seed
and the load. Everything stays on loopback and stops by itself: the relay is killed at the end of each
store, PostgreSQL's server stopped (a fast shutdown, then a kill after 30 s) and every folder removed,
also on Ctrl+C, SIGTERM or an error; every wait is bounded. The relay holds no idle room (its /metrics:
none held after the samples); its memory grows over the first thousand connections (the worker threads
of the store's calls, their memory arenas, the rules' first use) and then stays (8 rounds of 800
connections: 67 to 74 MB).
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import queue
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import store as builder  # benchmarks/store.py (this folder is the script's: on sys.path)

ROOT = Path(__file__).resolve().parent.parent
SEATS = 6  # seats of a room (six racers: about 375 decisions a whole race)
RACES = 4  # distinct real races the rooms are cut from
WAIT = 60.0  # seconds the relay may take to start, or to answer (bounded: never a fixed sleep)


@dataclass(frozen=True)
class Template:
    """A real race as a relay plays it (benchmarks/store.py's `build` takes these as `races`)."""

    board: str
    seed: int
    rules: int
    characters: list[str]
    choices: list[str]  # each decision's choice as JSON
    turns: list[int]  # the seat whose decision is pending before each (and after the last)


def templates(count: int, seed: int) -> list[Template]:
    """`count` real races of SEATS persons' seats, played by the normal level, each as `DaysHost` rebuilds
    it from a record (its seed, keyed dice, the rules of this game)."""
    from game.boards.maps import load_board
    from game.bots import ai
    from game.net.days import DaysHost
    from game.net.store import Clock, RoomRecord, StoredSeat
    from game.rules import rulebook
    from game.rules.characters import CHARACTERS
    from game.rules.record import plain

    board = json.dumps(load_board(ROOT / "maps" / "meadow.tmx").to_dict())
    rng = random.Random(seed)
    out = []
    for number in range(count):
        characters = rng.sample(sorted(CHARACTERS), SEATS)
        seats = tuple(StoredSeat(f"Player {n}", bytes(32), None, c) for n, c in enumerate(characters))
        room = RoomRecord(
            builder.code_of(number), rng.getrandbits(128), board, 15, rulebook.VERSION, seats, Clock(86400)
        )
        race = DaysHost(room, None).race  # type: ignore[arg-type]  # (no store: only rebuilt)
        assert race is not None
        turns = []
        while race.pending is not None:
            turns.append(race.pending.racer)
            race.choose(ai.pick(race, race.pending, "normal", rng))
        turns.append(0)
        choices = [json.dumps(plain(c)) for c in race.choices]
        out.append(Template(board, room.seed, room.rules, characters, choices, turns))
    return out


class Relay:
    """`main.py relay --store` in its own process on 127.0.0.1; its lines read on a thread (never blocked)."""

    def __init__(self, target: str) -> None:
        command = [sys.executable, str(ROOT / "main.py"), "relay", "--port", "0", "--store", target, "--for", "3600"]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            self.lines: queue.Queue[str] = queue.Queue()
            threading.Thread(target=self.read, daemon=True).start()
            first = self.line("relaying on")
            self.port = int(first.split("127.0.0.1:")[1].split()[0])
            self.line("races over days kept in")
        except BaseException:
            self.stop()  # (never left running: it did not start, or we were interrupted)
            raise

    def read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def line(self, words: str) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if words in line:
                return line
        raise SystemExit(f"the relay never said {words!r}")

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(WAIT)


def address_of(player: int) -> str:
    """Each player's own loopback address (a relay takes a few new sockets a second from one address)."""
    return f"127.1.{player // 250}.{player % 250 + 1}"


async def a_list(port: int, player: int) -> int:
    """A player's list on /days: how many rooms it names."""
    from websockets.asyncio.client import connect

    key = builder.player_key(player)
    url = f"ws://127.0.0.1:{port}/days"
    async with connect(url, open_timeout=WAIT, compression=None, local_addr=(address_of(player), 0)) as socket:
        await socket.send(json.dumps({"type": "rooms", "keys": [key.hex()]}))
        answer = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
    if "rooms" not in answer:
        raise SystemExit(f"the relay refused a list: {answer}")
    return len(answer["rooms"][0])


async def an_opening(port: int, code: str, player: int) -> int:
    """A player opens his room: hello, then the race so far and the relay's ask or wait; its decisions."""
    from websockets.asyncio.client import connect

    decisions = -1
    hello = {"type": "hello", "code": code, "name": f"Player {player}", "token": builder.player_token(player)}
    url = f"ws://127.0.0.1:{port}/days/{code}"
    async with connect(url, open_timeout=WAIT, compression=None, local_addr=(address_of(player), 0)) as socket:
        await socket.send(json.dumps(hello))
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
            if message["type"] == "start":
                decisions = len(message["race"]["choices"])
            elif message["type"] in ("ask", "waiting") and decisions >= 0:
                return decisions


async def measure(port: int, rooms: int, samples: int, seed: int) -> dict[str, Any]:
    """Each kind `samples` times in a random order from `seed` (see the module)."""
    rng = random.Random(seed)
    players = builder.players_of(rooms, SEATS)
    work = [("a player's list", n) for n in range(samples)] + [("opening a room", n) for n in range(samples)]
    rng.shuffle(work)
    times: dict[str, list[float]] = {"a player's list": [], "opening a room": []}
    listed = replayed = 0
    await a_list(port, 0)  # (one of each first, not measured: the relay's first imports)
    await an_opening(port, builder.code_of(0), builder.seated(0, SEATS, players)[0])
    for kind, _ in work:
        if kind == "a player's list":
            player = rng.randrange(players)
            started = time.perf_counter()
            listed += await a_list(port, player)
        else:
            number = rng.randrange(rooms)
            player = rng.choice(builder.seated(number, SEATS, players))
            started = time.perf_counter()
            replayed += await an_opening(port, builder.code_of(number), player)
        times[kind].append(time.perf_counter() - started)
    return {"times": times, "listed": listed / samples, "replayed": replayed / samples}


def held(port: int) -> str:
    """What the relay's /metrics says it holds: rooms over days in memory, connections open."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=WAIT) as answer:
        lines = answer.read().decode().splitlines()
    found = dict(line.rsplit(" ", 1) for line in lines if line and not line.startswith("#"))
    rooms, connections = (found.get(f"fantasy_racing_relay_{name}") for name in ("days_rooms_open", "connections"))
    return f"rooms over days held: {rooms}, connections: {connections}"


def machine() -> str:
    model = "?"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    return f"{model}, {os.cpu_count()} cores (nproc), python {platform.python_version()}, {platform.machine()}"


def commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() or "?"


STORES = {"sqlite": ["sqlite"], "postgresql": ["postgresql"], "both": ["sqlite", "postgresql"]}  # (--store)


def interrupted(number: int, _frame: Any) -> None:
    """SIGTERM or SIGHUP ends the run as Ctrl+C does: through every `finally` (the relay and the server stopped)."""
    raise SystemExit(128 + number)


def one_store(kind: str, races: list[Template], rooms: int, samples: int, seed: int, home: Path) -> dict[str, Any]:
    """The store `kind` built with `rooms` rooms, a relay on it, its figures measured (printed and returned);
    the relay, and PostgreSQL's throwaway server, stopped whatever happens."""
    relay = server = None
    try:
        if kind == "postgresql":
            server = builder.a_server()  # (tests/postgres_server.py's, fsync on, as benchmarks/store.py starts it)
            target = server.new_database()
            print(f"[{kind}] PostgreSQL {server.version()}, a throwaway server on 127.0.0.1:{server.port}", flush=True)
        else:
            target = str(home / "rooms.sqlite3")
        print(f"[{kind}] ", end="", flush=True)
        started = time.perf_counter()
        builder.build(target, rooms, seed, races)
        built = time.perf_counter() - started
        relay = Relay(target)
        before = builder.resident_mb(relay.process.pid)
        print(f"[{kind}] a relay on 127.0.0.1:{relay.port} with the store: {before:.1f} MB resident before any sample")
        found = asyncio.run(measure(relay.port, rooms, samples, seed))
        figures: dict[str, Any] = {"store": kind, "build": built, "before": before}
        for what, measured in found["times"].items():
            p50, p99 = builder.percentiles(measured)
            figures[what] = (p50, p99)
            verdict = builder.verdict(p99, builder.TARGET_MS)
            said = f"p50 {p50:.2f} ms, p99 {p99:.2f} ms ({len(measured)} times, over WebSocket)"
            print(f"[{kind}] {what}: {said} {verdict}")
        print(f"[{kind}]   ({found['listed']:.1f} rooms a list, {found['replayed']:.0f} decisions a room opened)")
        idle = figures["idle"] = builder.resident_mb(relay.process.pid)
        peak = figures["peak"] = builder.resident_mb(relay.process.pid, "VmHWM")
        print(
            f"[{kind}] memory of the relay with {rooms:,} idle stored rooms after the samples: {idle:.1f} MB resident "
            f"{builder.verdict(idle, builder.TARGET_MB)} (peak {peak:.1f} MB; {held(relay.port)})",
            flush=True,
        )
        return figures
    finally:
        if relay is not None:
            relay.stop()
        if server is not None:
            server.stop()  # (a fast shutdown, bounded; its folder removed)


def side_by_side(results: list[dict[str, Any]], rooms: int) -> None:
    """The stores' figures, one line each (the targets: p99 <= 50 ms each, the relay's memory <= 150 MB)."""
    print(f"side by side, {rooms:,} stored rooms (p50 / p99 ms; the relay's MB resident with the rooms idle, peak):")
    for figures in results:
        listing, opening = figures["a player's list"], figures["opening a room"]
        judged = [builder.verdict(listing[1], builder.TARGET_MS), builder.verdict(opening[1], builder.TARGET_MS)]
        judged.append(builder.verdict(figures["idle"], builder.TARGET_MB))
        print(
            f"  {figures['store']:<10} built in {figures['build']:6.1f} s | a player's list {listing[0]:6.2f} / "
            f"{listing[1]:6.2f} | opening a room {opening[0]:6.2f} / {opening[1]:6.2f} | relay {figures['idle']:.1f} "
            f"MB ({figures['peak']:.1f}) | {' '.join(judged)}"
        )


def run(rooms: int, samples: int, seed: int, folder: Path | None, store: str = "sqlite") -> None:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # (Ctrl+C, even where a shell ignored it)
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, interrupted)
    print(f"machine: {machine()}; commit {commit()}", flush=True)
    print(f"load at the start: {Path('/proc/loadavg').read_text().strip()}", flush=True)
    home = Path(tempfile.mkdtemp(prefix="relay-days-bench-", dir=folder))
    results = []
    try:
        started = time.perf_counter()
        races = templates(RACES, seed)
        lengths = ", ".join(str(len(t.choices)) for t in races)
        spent = time.perf_counter() - started
        print(f"{len(races)} real races of {SEATS} seats played in {spent:.1f} s ({lengths} decisions)")
        for kind in STORES[store]:
            results.append(one_store(kind, races, rooms, samples, seed, home))
            print(f"load after {kind}: {Path('/proc/loadavg').read_text().strip()}", flush=True)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if len(results) > 1:
        side_by_side(results, rooms)
    said = " ".join(["benchmarks/relay.py", *sys.argv[1:]])
    print(f"load at the end: {Path('/proc/loadavg').read_text().strip()}; seed {seed}")
    print(f"command: .venv/bin/python {said}")
