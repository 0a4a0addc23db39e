"""How fast, and in how little memory, the game answers hostile files: the commands and the window.

Writes every hostile file of tests/hostile_files.py at the sizes of the issues that asked for the limits
(issue 14: a 1 GiB zlib and gzip bomb, a 300 MB comment, a 200 MB property value, a 120 MB replay;
issue 27: the player's own files with huge numbers, NUL, surrogates, million-character names, a save
whose board is a FIFO or 1,500 squares wide; a 200 MB and a 2.8 GB bomb in a layer where Tiled puts
none, tileset pictures of a million pixels or of 1-pixel tiles, nested tilesets that are FIFOs, a GIF
whose frame is larger than its header says, the largest legal board and six of them in the boards
folder, a board of Tiled 1.0), then runs each command a player or a script would use on it, and opens
each screen of the window that reads it, each in its own process under `/usr/bin/time -v`, and prints
its exit status, wall time, peak memory (maximum resident set) and the first line of its answer:

- boards: `main.py check-map FILE`, `main.py simulate --board FILE`, the window's setup (the file in
  the player's boards folder), a race on it and the designers' preview (`--board FILE --watch`);
- replays: `main.py replay FILE --check` and the window's replay screen;
- the player's settings, race save and championship: the window's title (and what it resumes).

    .venv/bin/python benchmarks/hostile.py [--small] [--jobs N] [--only TEXT]
        # --small: the tests' sizes; N processes at a time (2); only the files whose name holds TEXT

It ends with the same answers as one table of a row per file (docs/reliability.md holds it).

The targets (issue 27): each answer within 2 s and 300 MB, one sentence, no traceback, exit 1 for a
refused file given to a command (0 for a file the game can use). A row that misses one says FAIL. The exit
status is 1 when an answer is wrong (a traceback, the exit status, the sentence, the memory); a row that
is only slow says FAIL slow, a figure to read (a loaded machine is slow), and leaves the status at 0.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import hostile_files as hostile  # noqa: E402

SECONDS, MEGABYTES = 2.0, 300.0
OPEN = [sys.executable, str(Path(__file__).resolve()), "--open"]


def measure(command: list[str], env: dict[str, str]) -> tuple[int, float, float, str, bool]:
    """Exit status, wall seconds, peak MB, the first line of the answer, and whether it printed a traceback."""
    done = subprocess.run(
        ["/usr/bin/time", "-v", *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else -1.0
    status = re.search(r"Exit status: (\d+)", done.stderr)
    said = [
        line
        for line in (done.stdout + done.stderr.split("\tCommand being timed")[0]).strip().splitlines()
        if line.strip() and not line.startswith("pygame-ce")
    ]
    answer = next((line for line in said if "error" in line or "refused" in line or "not" in line), "")
    answer = answer or (said[0] if said else "")
    traceback = "Traceback" in done.stderr or "Traceback" in done.stdout
    exit_status = int(status.group(1)) if status else done.returncode
    return exit_status, seconds, int(rss.group(1)) / 1024 if rss else -1, answer, traceback


def runs(case: hostile.Case, path: Path) -> dict[str, tuple[list[str], int | None]]:
    """Each command and screen that reads the case's file: its command line and the exit status expected
    (None: a screen of the window, which goes on)."""
    python = sys.executable
    refused = 1 if case.expected else 0
    if case.kind in ("board", "usable"):
        return {
            "check-map": ([python, "main.py", "check-map", str(path)], refused),
            "simulate --board": ([python, "main.py", "simulate", "--board", str(path), "--games", "1"], refused),
            "window: setup": ([*OPEN, "setup", str(path)], None),
            "window: race": ([*OPEN, "race", str(path)], None),
            "window: preview": ([*OPEN, "preview", str(path)], None),
        }
    if case.kind == "folder":
        return {"window: setup": ([*OPEN, "setup", str(path)], None)}
    if case.kind in ("replay", "usable replay"):
        return {
            "replay --check": ([python, "main.py", "replay", str(path), "--check"], refused),
            "window: replay": ([*OPEN, "replay", str(path)], None),
        }
    return {"window: title": ([*OPEN, "title", str(path)], None)}


def open_scene(scene: str, path: str) -> int:
    """`--open SCENE FILE`: open a screen of the window on the file (tests/hostile_files.py) and print
    what it says."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import logging

    logging.disable(logging.WARNING)  # (the sentence is printed below, once)
    said = hostile.open_scene(scene, Path(path))
    print(said or f"the {scene} screen opened and drew its frames")
    return 0


def one(number: int, case: hostile.Case, scratch: Path, env: dict[str, str]) -> list[str]:
    """Make one case's file and measure everything that reads it; its rows of the table."""
    folder = scratch / f"case{number}"
    path = case.make(folder)
    env = {**env, "XDG_DATA_HOME": str(hostile.data_home(case, folder))}
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    label = f"{case.name} ({size / hostile.MB:.1f} MB)" if size > hostile.MB else case.name
    rows = []
    for name, (command, expected) in runs(case, path).items():
        status, seconds, peak, answer, traceback = measure(command, env)
        problems = [
            what
            for what, bad in (
                ("traceback", traceback),
                (f"exit {status}", status != (expected if expected is not None else 0)),
                ("slow", seconds > SECONDS),
                ("memory", peak > MEGABYTES),
                ("answer", case.expected not in answer),
            )
            if bad
        ]
        verdict = "FAIL " + ", ".join(problems) if problems else "ok"
        rows.append(f"| {label} | {name} | {status} | {seconds:.2f} | {peak:.0f} | {verdict} | {answer[:150]} |")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(hostile.data_home(case, folder), ignore_errors=True)
    return rows


COLUMNS = (
    "check-map",
    "simulate --board",
    "replay --check",
    "window: title",
    "window: setup",
    "window: race",
    "window: preview",
    "window: replay",
)


def summary(rows: list[str]) -> None:
    """The answers again, one row per hostile file: exit status, seconds and peak MB of each command or
    screen (a screen's exit is left out: the window goes on), then the answer."""
    table: dict[str, dict[str, str]] = {}
    answers: dict[str, str] = {}
    for row in rows:
        label, name, status, seconds, peak, verdict, answer = row[2:-2].split(" | ", 6)
        cell = f"{float(seconds):.2f} s, {float(peak):.0f} MB"
        cell = cell if name.startswith("window") else f"exit {status}, {cell}"
        table.setdefault(label, {})[name] = cell + ("" if verdict == "ok" else f" **{verdict}**")
        answers.setdefault(label, re.sub(r"/tmp/[^/ ]+/", "", answer))  # (the scratch folder: the same for all)
    print()
    print("| hostile file | " + " | ".join(COLUMNS) + " | the answer (first line) |")
    print("|---" * (len(COLUMNS) + 2) + "|")
    for label, cells in table.items():
        print(f"| {label} | " + " | ".join(cells.get(c, "") for c in COLUMNS) + f" | {answers[label][:90]} |")
    print()


def main() -> None:
    if "--open" in sys.argv:
        at = sys.argv.index("--open")
        sys.exit(open_scene(sys.argv[at + 1], sys.argv[at + 2]))
    small = "--small" in sys.argv
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 2
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    cases = [*hostile.cases(big=not small), *hostile.more_cases(big=not small)]
    if "--only" in sys.argv:
        cases = [c for c in cases if sys.argv[sys.argv.index("--only") + 1] in c.name]
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"sizes: {'tests' if small else 'issues'}; {jobs} at a time; command: {' '.join(sys.argv)}"
    )
    print("| hostile file | command or screen | exit | seconds | peak MB | verdict | answer |")
    print("|---|---|---|---|---|---|---|")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(one, n, case, Path(scratch), env) for n, case in enumerate(cases)]
        rows = []
        for future in futures:
            for row in future.result():
                rows.append(row)
                print(row, flush=True)
    summary(rows)
    worst_seconds = max(float(r.split(" | ")[3]) for r in rows)
    worst_peak = max(float(r.split(" | ")[4]) for r in rows)
    failed = [r for r in rows if "| FAIL" in r]
    wrong = [r for r in failed if r.split(" | ")[5].replace("FAIL ", "") != "slow"]
    print(
        f"{len(rows)} answers to {len(cases)} hostile files in {time.perf_counter() - started:.0f} s; worst: "
        f"{worst_seconds:.2f} s, {worst_peak:.0f} MB peak (targets: {SECONDS:g} s, {MEGABYTES:g} MB); "
        f"{len(failed)} FAIL"
    )
    sys.exit(1 if wrong else 0)  # (slow alone is a figure to read, on a loaded machine too, not a wrong answer)


if __name__ == "__main__":
    main()
