"""How fast, and in how little memory, the game answers hostile files.

Writes every hostile file of tests/hostile_files.py at the sizes of the issue that
asked for the limits (a 1 GiB zlib bomb and a 1 GiB gzip bomb, a 300 MB
comment, a 200 MB property value, a 120 MB replay, ...), then runs each
command a player or a script would use on it under `/usr/bin/time -v` and
prints its exit status, wall time and peak memory (maximum resident set):

- `main.py check-map FILE` and `main.py simulate --board FILE` for boards,
- `main.py replay FILE --check` for replays,
- the window's board list (`scenes.boards.available`, as the race setup
  reads the player's boards folder when it opens) with the file in that folder.

    .venv/bin/python benchmarks/hostile.py [--small]     # --small: the test sizes

The targets (issue 14): each answer within 2 s and 150 MB, exit 1 or 2, no traceback.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import hostile_files as hostile  # noqa: E402

BOARD_LIST = (
    "import sys; from pathlib import Path; from scenes import boards; "
    "found = [c for c in boards.available(yours=Path(sys.argv[1])) if c.origin == boards.YOURS]; "
    "print(found[0].problem if found and found[0].board is None else 'USABLE' if found else 'NOT LISTED')"
)


def measure(command: list[str], env: dict[str, str]) -> tuple[int, float, float, str]:
    """Exit status, wall seconds, peak MB and the first line of the answer."""
    done = subprocess.run(
        ["/usr/bin/time", "-v", *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else -1.0
    status = re.search(r"Exit status: (\d+)", done.stderr)
    said = (done.stdout + done.stderr.split("\tCommand being timed")[0]).strip().splitlines()
    answer = next(
        (line for line in said if "error" in line or "refused" in line or "not" in line), said[0] if said else ""
    )
    if "Traceback" in done.stderr:
        answer = "TRACEBACK " + answer
    return int(status.group(1)) if status else done.returncode, seconds, int(rss.group(1)) / 1024 if rss else -1, answer


def main() -> None:
    small = "--small" in sys.argv
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    python = sys.executable
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"sizes: {'tests' if small else 'issue'}"
    )
    print(f"{'hostile file':34} {'command':22} {'exit':>4} {'seconds':>8} {'peak MB':>8}  answer")
    worst = (0.0, 0.0)
    with tempfile.TemporaryDirectory() as scratch:
        for number, case in enumerate(hostile.cases(big=not small)):
            folder = Path(scratch) / f"case{number}"
            path = case.make(folder)
            size = path.stat().st_size if path.is_file() else 0
            if case.kind == "board":
                runs = {
                    "check-map": [python, "main.py", "check-map", str(path)],
                    "simulate --board": [python, "main.py", "simulate", "--board", str(path), "--games", "1"],
                    "the setup's board list": [python, "-c", BOARD_LIST, str(folder)],
                }
            else:
                runs = {"replay --check": [python, "main.py", "replay", str(path), "--check"]}
            for name, command in runs.items():
                status, seconds, peak, answer = measure(command, env)
                worst = (max(worst[0], seconds), max(worst[1], peak))
                label = f"{case.name} ({size / hostile.MB:.1f} MB)" if size > hostile.MB else case.name
                print(f"{label:34} {name:22} {status:>4} {seconds:8.2f} {peak:8.0f}  {answer[:110]}")
            shutil.rmtree(folder, ignore_errors=True)
    print(f"worst: {worst[0]:.2f} s, {worst[1]:.0f} MB peak (targets: 2 s, 150 MB)")


if __name__ == "__main__":
    main()
