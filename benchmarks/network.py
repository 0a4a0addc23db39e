"""Network races under load: many bot races at once through one dedicated host, on loopback.

    .venv/bin/python benchmarks/network.py [--races 20] [--seats person,person,person,bot:normal]
                                           [--host-bot LEVEL] [--turns 8] [--board maps/meadow.tmx] [--seed 1]

One `main.py serve --rooms N` process hosts every race (one room each, with its own random room code,
read from what it prints); this process joins every friend's seat of every room (`game.net.client.join`,
a normal bot answering at once), each friend from an address of his own on the loopback network
(127.0.1.2, 127.0.2.2, ...: the host takes at most a few connections from one address or network), and notes
when each step (a choice, with the faces it showed) reaches each client. The host notes
when it made each choice (`serve --timings`); both use time.monotonic(), the system's monotonic clock
on Linux, so a delay is the difference of the two. Prints the host's decisions per second, its CPU time
(user + system, from its start to its end: its process reaped), the clients' (this process), and the
median and p99 delay from a choice to its arrival at every client. Target: p99 under 50 ms.
`--host-bot LEVEL` seats a computer racer of that level on the host in each room (every `bot` seat of
`--seats` plays at that level): `--host-bot expert` measures the searches of 20 rooms sharing the host's
pool of worker processes (game/bots/thinking.py).

Everything stays on 127.0.0.1; the host runs under `timeout` in its own process group, killed at the
end; the clients give up after --limit seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from run_all import machine  # noqa: E402  (this folder: the CPU, cores, Python and load, as every benchmark prints them)

from game.net.client import join  # noqa: E402

TARGET_P99_MS = 50.0


def shown(code: str) -> str:
    """A room code as the host prints it (ABCD-EFGH)."""
    plain = code.replace("-", "")
    return "-".join(plain[i : i + 4] for i in range(0, len(plain), 4))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_codes(host: subprocess.Popen, lines: list[str], seconds: float = 20.0) -> list[str]:
    """Until the host says its rooms' codes; the codes (its own sentence if it stopped first: a bad option)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said = next((line for line in list(lines) if "room code" in line), None)
        if said is not None:
            return [code.strip(" ,.\n") for code in said.split("room code")[1].lstrip("s").split(",")]
        if host.poll() is not None:
            raise SystemExit(
                f"benchmarks/network.py: the host stopped: {lines[-1].strip() if lines else host.returncode}"
            )
        time.sleep(0.05)
    raise SystemExit("benchmarks/network.py: the host never said its room codes")


async def clients(port: int, codes: list[str], friends: int, limit: float) -> dict[tuple[str, int], list[float]]:
    """Every friend's seat of every room joined; (room, step index) -> when it arrived at each client."""
    arrivals: dict[tuple[str, int], list[float]] = {}

    async def one(code: str, name: str, source: str) -> None:
        seen = 0

        def observe(message: dict[str, Any], arrived: float) -> None:
            nonlocal seen
            if message["type"] == "start":
                seen = 1 + len(message["race"]["choices"])  # the start, then a step a choice
            elif message["type"] == "step":
                arrivals.setdefault((code, seen), []).append(arrived)
                seen += 1

        await join(f"127.0.0.1:{port}", code, name, None, "normal", timeout=limit, observe=observe, source=source)

    # a friend, an address, each in a network of its own (127.0.1.2, 127.0.2.2, ...: the host lets few
    # strangers of one /24 in at once, game/net/limits.py)
    sources = (f"127.{n // 250}.{n % 250 + 1}.2" for n in range(len(codes) * friends))
    await asyncio.wait_for(
        asyncio.gather(
            *(one(code, f"friend{k + 1}", source) for code in codes for k, source in zip(range(friends), sources))
        ),
        limit,
    )
    return arrivals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=20, help="races at once, each a room of the one host")
    parser.add_argument("--seats", default="person,person,person,bot:normal", help="each race's seats (serve --seats)")
    parser.add_argument(
        "--host-bot", default=None, help="the level of each room's computer racer on the host (easy ... expert)"
    )
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--board", default=str(ROOT / "maps" / "meadow.tmx"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds before everything gives up")
    args = parser.parse_args()
    if args.host_bot is not None:
        args.seats = ",".join(
            f"bot:{args.host_bot}" if seat.strip().startswith("bot") else seat.strip() for seat in args.seats.split(",")
        )
    friends = sum(seat.strip() == "person" for seat in args.seats.split(","))
    port = free_port()
    where = machine()
    with tempfile.TemporaryDirectory() as folder:
        timings_file = Path(folder) / "timings.json"
        command = [
            "timeout",
            str(int(args.limit) + 30),
            sys.executable,
            str(ROOT / "main.py"),
            "serve",
            "--address",
            "127.0.0.1",
            "--port",
            str(port),
            "--rooms",
            str(args.races),
            "--board",
            args.board,
            "--turns",
            str(args.turns),
            "--seats",
            args.seats,
            "--seed",
            str(args.seed),
            "--takeover",
            "0",
            "--timings",
            str(timings_file),
        ]
        reaped = resource.getrusage(resource.RUSAGE_CHILDREN)  # (the host's CPU: what it adds once reaped)
        host = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        lines: list[str] = []
        said = host.stdout
        assert said is not None
        reader = threading.Thread(target=lambda: lines.extend(iter(said.readline, "")), daemon=True)
        reader.start()
        try:
            codes = wait_codes(host, lines)
            started, own = time.monotonic(), time.process_time()
            arrivals = asyncio.run(clients(port, codes, friends, args.limit))
            wall, own = time.monotonic() - started, time.process_time() - own
            host.wait(timeout=60)
            ended = resource.getrusage(resource.RUSAGE_CHILDREN)
            host_cpu = (ended.ru_utime - reaped.ru_utime) + (ended.ru_stime - reaped.ru_stime)
            reader.join(10)
            out = "".join(lines)
        finally:
            try:
                os.killpg(host.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            host.wait(10)
        if host.returncode != 0 or not timings_file.is_file():
            print(out[-3000:], file=sys.stderr)
            raise SystemExit(f"benchmarks/network.py: the host failed (exit {host.returncode})")
        sent = {(shown(code), index): at for code, index, at in json.loads(timings_file.read_text())}
    delays = sorted((arrived - sent[key]) * 1000 for key, times in arrivals.items() if key in sent for arrived in times)
    if not delays:
        raise SystemExit("benchmarks/network.py: no step was measured")
    first, last = min(sent.values()), max(sent.values())
    decisions = len(sent)
    per_second = decisions / max(last - first, 1e-9)
    p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
    missing = sum(1 for key in sent if len(arrivals.get(key, [])) != friends)
    print(f"network: {args.races} races at once through one dedicated host (rooms of main.py serve), 127.0.0.1")
    print(f"  each race: {args.seats} on {Path(args.board).name}, {args.turns} turns; {friends * args.races} clients")
    print(f"  machine: {where}")
    print(f"  wall time {wall:.1f} s (joining to the last standings)")
    print(f"{'measure':<52}{'value':>12}")
    print(f"{'host decisions (choices made, every room)':<52}{decisions:>12}")
    print(f"{'host decisions per second (first to last choice)':<52}{per_second:>12.0f}")
    print(f"{'deliveries measured (a step at a client)':<52}{len(delays):>12}")
    print(f"{'delay choice -> client, median (ms)':<52}{statistics.median(delays):>12.2f}")
    print(f"{'delay choice -> client, p99 (ms)':<52}{p99:>12.2f}")
    print(f"{'delay choice -> client, worst (ms)':<52}{delays[-1]:>12.2f}")
    print(f"{'steps not seen by every client':<52}{missing:>12}")
    print(f"{'host CPU, user + system, start to end (s)':<52}{host_cpu:>12.2f}")
    print(f"{'host CPU per decision (ms)':<52}{host_cpu * 1000 / decisions:>12.3f}")
    print(f"{'clients CPU, this process (s)':<52}{own:>12.2f}")
    verdict = "met" if p99 < TARGET_P99_MS else f"missed by {p99 - TARGET_P99_MS:.1f} ms"
    print(f"target: p99 under {TARGET_P99_MS:g} ms: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
