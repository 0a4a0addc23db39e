"""Run every test module alone, each in a fresh Python process, a few at a time: a module that passes
only after another one ran (a display left open, a cache filled, a setting changed) fails here.

    .venv/bin/python tools/each_test_alone.py            # every tests/test_*.py, two at a time
    .venv/bin/python tools/each_test_alone.py --jobs 1 tests/test_truth.py tests/test_dice.py

CI (.ci/run) runs it before the whole suite. Each module runs in its own random order (pytest-randomly)
with the seed it prints; the exit status is 1 if any module failed, with the failed modules' output.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE_TIME_LIMIT = 1800  # seconds one module may take alone before it counts as failed


def run_alone(module: Path) -> tuple[Path, int, float, str]:
    """One module in a fresh process: its exit status, its time in seconds and its output."""
    start = time.monotonic()
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(module.relative_to(ROOT))]
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=MODULE_TIME_LIMIT, env=os.environ.copy()
        )
        status, output = done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as late:
        said = late.stdout.decode(errors="replace") if isinstance(late.stdout, bytes) else late.stdout or ""
        status, output = 1, f"still running after {MODULE_TIME_LIMIT} s\n{said}"
    if status == 5:  # pytest: no test collected (a module whose tests are all skipped here)
        status = 0
    return module, status, time.monotonic() - start, output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", type=Path, help="test modules (default: every tests/test_*.py)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="modules run at once")
    args = parser.parse_args(argv)
    modules = [m.resolve() for m in args.modules] or sorted((ROOT / "tests").glob("test_*.py"))
    failed: list[tuple[Path, str]] = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for module, status, seconds, output in pool.map(run_alone, modules):
            verdict = "ok" if status == 0 else "FAILED"
            print(f"{verdict:6} {seconds:7.1f} s  {module.relative_to(ROOT)}", flush=True)
            if status:
                failed.append((module, output))
    for module, output in failed:
        print(f"\n==== {module.relative_to(ROOT)} alone ====\n{output[-6000:]}")
    print(f"each test module alone: {len(modules) - len(failed)} of {len(modules)} modules passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
