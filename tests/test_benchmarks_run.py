"""Every benchmark runs (issue 45): each script of benchmarks/ at its smallest size, in its own process,
ends well and prints figures. A benchmark that broke (a board it cannot seat, an argument renamed)
fails here, not on the day someone wants its figures. No figure is judged: speed is the benchmarks'
business, printed for a person, never asserted by a test."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import postgres_server

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
LIMIT = 600  # seconds one smoke run may take before it counts as broken

# Each benchmark's smallest run: the arguments that make it quick, and what it needs from the machine;
# a benchmark's flag that starts another kind of run has its own ("script --flag").
SMOKE: dict[str, list[str]] = {
    "bots.py": ["--races", "8"],  # (a race on each shipped board, with the racers it takes)
    "engine.py": ["--races", "5"],
    "explain.py": ["--races", "1", "--runs", "1"],
    "flood.py": ["--seconds", "3"],
    "frames.py": ["--frames", "20", "--view-frames", "20"],
    "games_list.py": ["--sizes", "10"],
    "hostile.py": ["--small", "--only", "gzip"],
    "idle.py": ["--seconds", "1", "--screens", "title"],
    "long_session.py": ["--races", "2", "--turns", "5"],
    "network.py": ["--races", "1", "--turns", "5", "--seats", "person,bot:easy", "--limit", "120"],
    "packaged.py": ["--runs", "1", "--no-deb"],  # (a build of the game, about a minute)
    "relay.py": ["--rooms", "2", "--friends", "1", "--seconds", "1", "--phase", "0.5"],
    "relay.py --days": ["--days", "--rooms", "30", "--samples", "10"],  # (rooms over days on a relay)
    "relay.py --days --store postgresql": ["--days", "--store", "postgresql", "--rooms", "30", "--samples", "10"],
    "relay.py --soak": ["--soak", "--minutes", "0.2", "--rooms", "2", "--friends", "1", "--phase", "0.5"],
    "run_all.py": ["--quick"],
    "store.py": ["--rooms", "50", "--samples", "20"],
    "store.py --store postgresql": ["--store", "postgresql", "--rooms", "20", "--samples", "10"],  # (its own server)
    "timeline.py": ["--jumps", "5"],
}
NEEDS = {"idle.py": "Xvfb", "hostile.py": "/usr/bin/time"}
PARTS = {"relay_days.py": "relay.py --days"}  # modules that are a benchmark's part: run by that benchmark's flag


def test_every_benchmark_has_a_smoke_run():
    scripts = sorted(path.name for path in BENCHMARKS.glob("*.py") if path.name not in PARTS)
    assert all(run in SMOKE for run in PARTS.values())
    assert scripts == sorted({run.split()[0] for run in SMOKE}), (
        "give each benchmark its smallest run in SMOKE (and none that is gone)"
    )


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(SMOKE))
def test_the_benchmark_runs_at_its_smallest_size(script: str, tmp_path: Path):
    script, run = script.split()[0], script
    needed = NEEDS.get(script)
    if needed and not shutil.which(needed):
        pytest.skip(f"{script} needs {needed}, which this machine lacks (.ci/run installs it)")
    if "postgresql" in run and postgres_server.programs() is None and not os.environ.get("CI"):
        pytest.skip(f"{run} needs PostgreSQL's initdb and postgres, which this machine lacks (.ci/run installs them)")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), TMPDIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *SMOKE[run]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=LIMIT,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, f"{script} {' '.join(SMOKE[run])} ended with {done.returncode}:\n{said[-4000:]}"
    assert "Traceback" not in said, said[-4000:]
    assert re.search(r"\d", done.stdout), f"{script} printed no figure:\n{said[-2000:]}"
