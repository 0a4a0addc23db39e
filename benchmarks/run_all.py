"""Every benchmark in one run, one table: engine races per second, bot decision times, frame times
against the bare board blit, start-up to the first frame (from source, and from the packaged build
when dist/ holds one), the peak memory of a race, and the store of rooms over days (benchmarks/store.py).

    .venv/bin/python benchmarks/run_all.py [--quick] [--markdown] [--dist DIR]

Each measure runs in a fresh Python process (the bots and frames through their own scripts,
benchmarks/bots.py and benchmarks/frames.py, whose printed figures are read back), so one
measure's caches and memory never colour another's. Speeds are wall-clock times; the engine is
also given in races per CPU second, which a machine shared with other work does not slow down.
--markdown prints the table as Markdown (for docs/performance.md). Targets (issues 4, 6, 8, 12):
engine >= 250 races/s (issue 2 asked for 100); frame median <= 4 ms, p99 <= 10 ms; start <= 1 s;
RSS <= 200 MB; hard bot median <= 100 ms, worst <= 500 ms; with 10,000 rooms over days stored (issue 46), a
player's list and opening a room p99 <= 50 ms, the relay's memory <= 150 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
PYTHON = sys.executable
SCREENSHOT_ENV = "FANTASY_RACING_SCREENSHOT"  # the game saves its window after a few frames and quits

# A measure's own process reports its CPU time and peak resident memory on its last line.
WRAPPER = """
import resource, runpy, sys, time
script = sys.argv[1]
sys.argv = sys.argv[1:]
cpu = time.process_time()
try:
    runpy.run_path(script, run_name="__main__")
finally:
    print("RUN_ALL", time.process_time() - cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
"""

MEMORY = """
import json, random, resource, sys, tracemalloc
sys.path.insert(0, {root!r})
tracemalloc.start()
from game import Race, RacerSetup, load_board
from game.bots import ai
from pathlib import Path
boards = [load_board(p) for p in sorted(Path({root!r}, "maps").glob("*.tmx"))]
board = max(boards, key=lambda b: b.width * b.height)
bots = ["hard", "normal", "easy", "hard", "normal", "random"]
chars = ["elf", "dwarf", "orc", "sorceress", "thief", "baby"]
race = Race.new(board, [RacerSetup(c, bot=b) for c, b in zip(chars, bots)], turns=15, seed=1)
rngs = [random.Random(k) for k in range(6)]
while not race.over:
    d = race.pending
    race.choose(ai.pick(race, d, bots[d.racer], rngs[d.racer]))
size, peak = tracemalloc.get_traced_memory()
print(json.dumps({{"board": board.name, "choices": len(race.choices), "events": len(race.log),
                  "traced_peak": peak, "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}}))
"""


@dataclass
class Row:
    """One line of the table."""

    what: str
    measured: str
    target: str = ""
    verdict: str = ""


def found(pattern: str, out: str) -> re.Match[str]:
    """The match of a figure a benchmark prints; a missing figure stops the run with its pattern."""
    match = re.search(pattern, out)
    if match is None:
        raise SystemExit(f"run_all.py: a benchmark did not print /{pattern}/; its output was:\n{out}")
    return match


def check(value: float | None, limit: float, higher_is_better: bool = False) -> str:
    """'met' or the gap to the target."""
    if value is None:
        return "not measured"
    ok = value >= limit if higher_is_better else value <= limit
    if ok:
        return "met"
    gap = (limit - value) if higher_is_better else (value - limit)
    return f"missed by {gap:.3g} ({abs(gap) / limit:.0%})"


def run(args: list[str], timeout: float = 900, env: dict | None = None) -> str:
    """A command's standard output (its errors are shown, never hidden)."""
    done = subprocess.run(
        args,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", **(env or {})},
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return done.stdout


def wrapped(script: Path, *options: str) -> tuple[str, float, float]:
    """A benchmark script's output, its CPU seconds and its peak RSS in MB."""
    out = run([PYTHON, "-c", WRAPPER, str(script), *options])
    last = [line for line in out.splitlines() if line.startswith("RUN_ALL ")][-1].split()
    return out, float(last[1]), int(last[2]) / 1024


def engine(races: int) -> list[Row]:
    data = json.loads(
        run(
            [PYTHON, str(ROOT / "benchmarks" / "engine.py"), "--races", str(races), "--seed", "1", "--json"]
        ).splitlines()[-1]
    )
    wall_rate, cpu_rate = data["races"] / data["wall"], data["races"] / data["cpu"]
    return [
        Row(
            f"engine: races per second ({races} races, 6 random bots x 15 turns)",
            f"{wall_rate:.0f}",
            ">= 250",
            check(wall_rate, 250, True),
        ),
        Row("engine: races per CPU second (the same run)", f"{cpu_rate:.0f}", ">= 250", check(cpu_rate, 250, True)),
        Row("engine: decisions per second", f"{data['decisions'] / data['wall']:,.0f}"),
    ]


def bots(races: int) -> list[Row]:
    out, _, _ = wrapped(HERE / "bots.py", "--races", str(races))
    rows = []
    for level, count, median, _p99, worst in re.findall(r"^(\w+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$", out, re.M):
        median, worst = float(median), float(worst)
        if level == "hard":
            rows.append(
                Row(
                    f"bots: hard, median decision ({count} decisions)",
                    f"{median:.1f} ms",
                    "<= 100 ms",
                    check(median, 100),
                )
            )
            rows.append(Row("bots: hard, worst decision", f"{worst:.0f} ms", "<= 500 ms", check(worst, 500)))
        else:
            rows.append(Row(f"bots: {level}, median / worst decision", f"{median:.2f} / {worst:.1f} ms"))
    return rows


def store(rooms: int) -> list[Row]:
    """The store of rooms over days (benchmarks/store.py): a player's list, opening a room, the relay's memory."""
    out = run([PYTHON, str(HERE / "store.py"), "--rooms", str(rooms), "--samples", "1000"])
    rows = []
    for what in ("a player's list", "opening a room"):
        p99 = float(found(rf"(?m)^{what}: p50 [\d.]+ ms, p99 ([\d.]+) ms", out).group(1))
        rows.append(Row(f"store: {what}, p99 ({rooms:,} rooms)", f"{p99:.1f} ms", "<= 50 ms", check(p99, 50)))
    relay = float(found(r"(?m)^memory of `main.py relay --store` on it: ([\d.]+) MB", out).group(1))
    rows.append(
        Row(f"store: the relay's memory ({rooms:,} idle rooms)", f"{relay:.0f} MB", "<= 150 MB", check(relay, 150))
    )
    return rows


def frames(count: int) -> tuple[list[Row], float]:
    out, _, rss = wrapped(HERE / "frames.py", "--frames", str(count))
    median, p99 = map(float, found(r"race scene frame: median ([\d.]+) ms, p99 ([\d.]+) ms", out).groups())
    blit, ratio = map(float, found(r"bare board blit:\s+median ([\d.]+) ms .*= ([\d.]+)x", out).groups())
    p_median, p_p99 = map(float, found(r"person deciding frame: median ([\d.]+) ms, p99 ([\d.]+) ms", out).groups())
    p_blit, p_ratio = map(float, found(r"person deciding blit:\s+median ([\d.]+) ms .*= ([\d.]+)x", out).groups())
    first = float(found(r"start to first frame: ([\d.]+) s", out).group(1))
    board = re.search(r"board: (.*?), 6 racers", out)
    rows = [
        Row(
            f"frames: race scene median ({count} frames, 6 racers animating, {board.group(1) if board else ''})",
            f"{median:.2f} ms",
            "<= 4 ms",
            check(median, 4),
        ),
        Row("frames: race scene p99", f"{p99:.2f} ms", "<= 10 ms", check(p99, 10)),
        Row("frames: bare board blit median (frame / blit)", f"{blit:.2f} ms ({ratio:.2f}x)", "<= 2x", check(ratio, 2)),
        Row("frames: a person deciding, median", f"{p_median:.2f} ms", "<= 4 ms", check(p_median, 4)),
        Row("frames: a person deciding, p99", f"{p_p99:.2f} ms", "<= 10 ms", check(p_p99, 10)),
        Row(
            "frames: a person deciding, bare blit (frame / blit)",
            f"{p_blit:.2f} ms ({p_ratio:.2f}x)",
            "<= 2x",
            check(p_ratio, 2),
        ),
        Row("start: import to first title frame, from source", f"{first:.2f} s", "<= 1 s", check(first, 1)),
    ]
    return rows, rss


def first_screenshot(command: list[str], runs: int = 3) -> float:
    """Median seconds from starting the game to its smoke-test screenshot (a few frames drawn)."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            shot = Path(folder) / "shot.png"
            env = {
                **os.environ,
                SCREENSHOT_ENV: str(shot),
                "XDG_DATA_HOME": folder,
                "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
                "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"),
                "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            }
            started = time.perf_counter()
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            while not shot.exists() and process.poll() is None and time.perf_counter() - started < 60:
                time.sleep(0.005)
            elapsed = time.perf_counter() - started
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
            if shot.exists():
                times.append(elapsed)
    return statistics.median(times) if times else float("nan")


def packaged(dist: Path) -> Path | None:
    """The packaged game in `dist` (one folder or one file), if a build is there."""
    for candidate in (dist / "fantasy-racing" / "fantasy-racing", dist / "fantasy-racing"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def startup(dist: Path) -> list[Row]:
    rows = []
    source = first_screenshot([PYTHON, "main.py"])
    rows.append(
        Row(
            "start: main.py to its 5th frame drawn (smoke screenshot), from source",
            f"{source:.2f} s",
            "<= 1 s",
            check(source if source == source else None, 1),
        )
    )
    build = packaged(dist)
    if build is None:
        rows.append(Row(f"start: packaged build ({dist})", "no build there", "<= 1 s", "not measured"))
    else:
        seconds = first_screenshot([str(build)])
        rows.append(
            Row(
                f"start: packaged build ({build.parent.name}/{build.name}) to its 5th frame",
                f"{seconds:.2f} s",
                "<= 1 s",
                check(seconds if seconds == seconds else None, 1),
            )
        )
    return rows


def memory(frames_rss: float) -> list[Row]:
    data = json.loads(run([PYTHON, "-c", MEMORY.format(root=str(ROOT))]).splitlines()[-1])
    rss = data["maxrss_kb"] / 1024
    return [
        Row(
            f"memory: peak RSS of a whole race, headless ({data['board']}, 6 racers with hard bots, "
            f"{data['choices']} choices)",
            f"{rss:.0f} MB",
            "<= 200 MB",
            check(rss, 200),
        ),
        Row("memory: peak Python allocations of that race (tracemalloc)", f"{data['traced_peak'] / 2**20:.1f} MB"),
        Row(
            "memory: peak RSS of the game drawing a race (frames benchmark process)",
            f"{frames_rss:.0f} MB",
            "<= 200 MB",
            check(frames_rss, 200),
        ),
    ]


def machine() -> str:
    """CPU model, cores, Python version, load."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()} "
        f"{platform.release()}, load average {load:.2f} at the start"
    )


def table(rows: list[Row], markdown: bool) -> str:
    head = ("measure", "measured", "target", "verdict")
    cells = [head] + [(r.what, r.measured, r.target, r.verdict) for r in rows]
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|---|---:|---|---|"]
        lines += ["| " + " | ".join(c) + " |" for c in cells[1:]]
        return "\n".join(lines)
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    lines = [
        "  ".join(c[i].ljust(widths[i]) if i != 1 else c[i].rjust(widths[i]) for i in range(4)).rstrip() for c in cells
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer races and frames (a smoke run, noisier)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the packaged build is (dist/)")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"machine: {machine()}", flush=True)
    rows = engine(60 if args.quick else 300)
    rows += bots(2 if args.quick else 12)
    frame_rows, frames_rss = frames(120 if args.quick else 600)
    rows += frame_rows
    rows += startup(args.dist.resolve())
    rows += memory(frames_rss)
    rows += store(1000 if args.quick else 10_000)
    print(table(rows, args.markdown))
    print(
        f"command: .venv/bin/python {' '.join(['benchmarks/run_all.py'] + sys.argv[1:])}; "
        f"took {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
