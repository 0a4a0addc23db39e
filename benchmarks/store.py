"""The store of rooms over days (issue 46) with 10,000 stored rooms: a player's list and opening a room.

    .venv/bin/python benchmarks/store.py [--store sqlite|postgresql] [--rooms 10000] [--samples 2000] [--seed 1]
        [--folder DIR]

A store is built in a fresh folder (`--folder`, by default a temporary one) through the store's own
`save`, one transaction a room (SQLite: WAL, `synchronous = FULL`, as a relay writes it; `--store
postgresql`: a database on a throwaway PostgreSQL server of its own, listening on 127.0.0.1 only, started
as the tests start one, tests/postgres_server.py, but with fsync on): `--rooms` rooms of four seats, each
player sitting in 32 of them (the seats' bound; 10,000 rooms: 1,250 players), each room idle in the middle
of its race (0 to 375 decisions, a 15-turn race of six racers making about 375; the choices those of a
real race), its board a shipped board's record. Then, in a fresh process that opens the store as a relay
does (its check included), `--samples` times each, in a random order drawn from `--seed`: a random
player's list (`rooms_of`, then `waiting_for`), opening a random room (`load`: its seats and every
decision), and appending one decision (a transaction on disk each). Printed: each one's p50 and p99, the
seconds to open the store, its size (the file's; PostgreSQL's: the database's, and the store's own count),
the memory of the process holding it (resident now, and its peak), and the memory of a `main.py relay
--store` process on it, once it is listening and answered /metrics once (which counts the store's rooms).

Targets (issue 46): a player's list and opening a room p99 <= 50 ms each; the relay's memory with
10,000 idle stored rooms <= 150 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEATS = 4  # seats a room
PLAYERS_SEATS = 32  # seats a player takes (the store's bound)
LONGEST_RACE = 375  # decisions of a 15-turn race of six racers (seed 1, normal racers, the meadow)
TARGET_MS = 50.0
TARGET_MB = 150.0


def a_race(seed: int) -> tuple[str, list[str]]:
    """The meadow's record as JSON, and the choices of a 15-turn race of six racers, each as JSON."""
    import random

    from game import Race, RacerSetup, load_board
    from game.bots import ai

    board = load_board(ROOT / "maps" / "meadow.tmx")
    characters = ["elf", "dwarf", "orc", "sorceress", "thief", "baby"]
    race = Race.new(board, [RacerSetup(c, bot="normal") for c in characters], turns=15, seed=seed)
    rng = random.Random(seed)
    while not race.over and race.pending is not None:
        race.choose(ai.pick(race, race.pending, "normal", rng))
    return json.dumps(race.to_dict()["board"]), [json.dumps(choice) for choice in race.choices]


def players_of(rooms: int, seats: int = SEATS) -> int:
    """Players enough for each to sit in PLAYERS_SEATS rooms at most (10,000 rooms of 4: 1,250 players)."""
    return max(seats, -(-rooms * seats // PLAYERS_SEATS))


def player_token(number: int) -> str:
    """A player's seat key (16 to 64 characters, as a relay takes one)."""
    return f"benchmark seat key {number:06d}"


def player_key(number: int) -> bytes:
    from game.net.store import key_hash

    return key_hash(player_token(number))


def code_of(number: int) -> str:
    """Room `number`'s code, as a relay takes one (eight of its letters: "ROOMAAAC" for room 2)."""
    from game.net.protocol import CODE_LETTERS

    letters = [CODE_LETTERS[number >> shift & 31] for shift in (15, 10, 5, 0)]
    return "RACE" + "".join(letters)


def seated(number: int, seats: int, players: int) -> list[int]:
    """The players sitting in room `number`, seat by seat."""
    return [(number * seats + seat) % players for seat in range(seats)]


def opened(target: str) -> Any:
    """The store at `target` as `relay --store` opens it: a PostgreSQL server's address, or an SQLite file."""
    from game.cli.network import store_at
    from game.net.store import Bounds

    return store_at(target, Bounds(store_bytes=8 * 1024**3))


def size_said(target: str, store: Any) -> str:
    """The store's size: the SQLite file's, or the PostgreSQL database's and the store's own count."""
    from game.net.store_sql import is_server

    if not is_server(target):
        return f"{Path(target).stat().st_size / 1e6:.1f} MB on disk"
    with store.transaction(write=False) as db:
        database = db.execute("SELECT pg_database_size(current_database())").fetchone()[0]
    return f"{database / 1e6:.1f} MB on disk (the database), {store.usage().size / 1e6:.1f} MB counted by the store"


def build(target: str, rooms: int, seed: int, races: Any = None) -> None:
    """The store of `rooms` idle rooms (see the module), built through `save`. `races` (benchmarks/relay.py
    --days): real races as a relay plays them (`board`, `seed`, `rules`, `characters`, `choices` as JSON
    and the seat pending before each, `turns`), each room one of them stopped after 1 to all but one of its
    decisions, so that a relay can rebuild it."""
    import random

    from game.net.store import Clock, Decision, RoomRecord, StoredSeat

    board, choices = a_race(seed)
    rng = random.Random(seed)
    seats = len(races[0].characters) if races else SEATS
    players = players_of(rooms, seats)
    store = opened(target)
    now = 1_800_000_000.0
    started = time.perf_counter()
    for number in range(rooms):
        taken = seated(number, seats, players)
        race = races[number % len(races)] if races else None
        count = rng.randint(1, len(race.choices) - 1) if race else rng.randint(0, LONGEST_RACE)
        played = race.choices if race else choices
        whose = race.turns if race else [n % seats for n in range(count)]
        decisions = tuple(Decision(played[n % len(played)], whose[n], now + n * 600) for n in range(count))
        characters = race.characters if race else ["elf"] * seats
        drawn = rng.getrandbits(128)
        store.save(
            RoomRecord(
                code=code_of(number),
                seed=race.seed if race else drawn,
                board=race.board if race else board,
                turns=15,
                rules=race.rules if race else 2,
                seats=tuple(StoredSeat(f"Player {p}", player_key(p), None, c) for p, c in zip(taken, characters)),
                clock=Clock(24 * 3600),
                decisions=decisions,
                state="racing" if count else "open",
                turn=race.turns[count] if race else count % SEATS,
                deadline=now + count * 600 + 24 * 3600,
                address=f"10.{number // 32 // 256}.{number // 32 % 256}.{number % 32}",  # (32 rooms a network)
                network=f"10.{number // 32 // 256}.{number // 32 % 256}.0/24",
                created=now,
                updated=now + count * 600,
            )
        )
    seconds = time.perf_counter() - started
    usage = store.usage()
    store.close()
    speed = rooms / seconds
    print(f"built {usage.rooms:,} rooms ({usage.decisions:,} decisions) in {seconds:.1f} s: {speed:,.0f} rooms/s")


def resident_mb(pid: int | str = "self", field: str = "VmRSS") -> float:
    """The resident memory of a process (its peak: `VmHWM`), from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentiles(times: list[float]) -> tuple[float, float]:
    """p50 and p99 in milliseconds."""
    ordered = sorted(times)
    return ordered[len(ordered) // 2] * 1000, ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


def measure(target: str, rooms: int, samples: int, seed: int) -> None:
    """In a fresh process: open the store, then each operation `samples` times (see the module)."""
    import random

    from game.net.store import Decision

    before = resident_mb()
    started = time.perf_counter()
    store = opened(target)
    opening = time.perf_counter() - started
    rng = random.Random(seed)
    players = players_of(rooms)
    times: dict[str, list[float]] = {"a player's list": [], "his rooms waiting": [], "opening a room": []}
    listed = loaded = 0
    for _ in range(samples):
        key = player_key(rng.randrange(players))
        started = time.perf_counter()
        listed += len(store.rooms_of(key))
        times["a player's list"].append(time.perf_counter() - started)
        started = time.perf_counter()
        store.waiting_for(key)
        times["his rooms waiting"].append(time.perf_counter() - started)
        started = time.perf_counter()
        record = store.load(code_of(rng.randrange(rooms)))
        times["opening a room"].append(time.perf_counter() - started)
        loaded += len(record.decisions) if record else 0
    appended: list[float] = []
    for number in range(min(samples, 200)):
        code = code_of(rng.randrange(rooms))
        record = store.load(code)
        held = len(record.decisions) if record else 0
        started = time.perf_counter()
        store.append(code, held, Decision('"move"', 0, 1_900_000_000.0 + number), 1, None)
        appended.append(time.perf_counter() - started)
    times["appending a decision"] = appended
    print(f"opened the store in {opening:.2f} s (its check included); {size_said(target, store)}")
    for what, measured in times.items():
        p50, p99 = percentiles(measured)
        judged = "" if what == "appending a decision" or what == "his rooms waiting" else f" {verdict(p99, TARGET_MS)}"
        print(f"{what}: p50 {p50:.2f} ms, p99 {p99:.2f} ms ({len(measured)} times){judged}")
    print(f"  ({listed / samples:.1f} rooms a list, {loaded / samples:.0f} decisions a room opened)")
    peak = resident_mb(field="VmHWM")
    now = resident_mb()
    print(
        f"memory of the process holding the store: {now:.1f} MB resident ({before:.1f} before it), peak {peak:.1f} MB"
    )
    store.close()


def verdict(value: float, limit: float) -> str:
    return "ok" if value <= limit else "OVER"


def relay_memory(target: str) -> None:
    """The resident memory of `main.py relay --store` on the store, once it says it is listening."""
    relay = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "relay", "--port", "0", "--store", target, "--for", "60"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        lines = []
        assert relay.stdout is not None
        for line in relay.stdout:
            lines.append(line.strip())
            if "races over days kept in" in line:  # (said once it listens, its store open)
                port = lines[0].split("127.0.0.1:")[1].split()[0]
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as answer:
                    stored = [
                        m
                        for m in answer.read().decode().splitlines()
                        if m.startswith("fantasy_racing_relay_stored_rooms")
                    ]
                mb = resident_mb(relay.pid)
                print(f"memory of `main.py relay --store` on it: {mb:.1f} MB resident {verdict(mb, TARGET_MB)}")
                print(f"  its start: {' / '.join(lines)}; its /metrics asked once: {' '.join(stored)}")
                return
        print(f"the relay ended before listening: {' / '.join(lines)[-400:]}")
    finally:
        relay.kill()
        relay.wait()


def a_server() -> Any:
    """A throwaway PostgreSQL server as the tests start one (tests/postgres_server.py), fsync on: the
    figures are a relay's, whose decisions are on disk when committed."""
    from tests import postgres_server

    try:
        return postgres_server.start(durable=True)
    except postgres_server.NoServer as reason:
        raise SystemExit(f"benchmarks/store.py: no PostgreSQL server can run here: {reason}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite", help="the store measured")
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--folder", type=Path, default=None, help="build the store there (by default a temporary folder)"
    )
    parser.add_argument("--step", choices=["build", "measure"], help=argparse.SUPPRESS)  # (the fresh processes)
    parser.add_argument("--path", help=argparse.SUPPRESS)  # (the file, or the server's address)
    args = parser.parse_args()
    if args.step == "build":
        build(args.path, args.rooms, args.seed)
        return
    if args.step == "measure":
        measure(args.path, args.rooms, args.samples, args.seed)
        return
    load = os.getloadavg()[0]
    cores = os.cpu_count()
    print(
        f"python {platform.python_version()}, {platform.machine()}, {cores} cores, load {load:.2f} at the start",
        flush=True,
    )
    folder = Path(tempfile.mkdtemp(prefix="store-bench-", dir=args.folder))
    server = None
    try:
        target = str(folder / "rooms.sqlite3")
        if args.store == "postgresql":
            server = a_server()
            target = server.new_database()
            print(f"PostgreSQL: {server.version()}, a throwaway server on 127.0.0.1:{server.port}", flush=True)
        for step in ("build", "measure"):
            command = [sys.executable, __file__, "--step", step, "--path", target, "--rooms", str(args.rooms)]
            command += ["--samples", str(args.samples), "--seed", str(args.seed)]
            subprocess.run(command, check=True)
        relay_memory(target)
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    said = " ".join(["benchmarks/store.py", *sys.argv[1:]])
    print(f"load {os.getloadavg()[0]:.2f} at the end; command: .venv/bin/python {said}")


if __name__ == "__main__":
    main()
