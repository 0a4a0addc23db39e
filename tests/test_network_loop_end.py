"""A loop that ends while races are hosted (directly, and through a relay) leaves no task pending: the
interpreter's exit never says "Task was destroyed but it is pending" (game/net/tasks.py), nor that a
future's exception was never retrieved. The races run in a subprocess (tests/loop_end.py), on 127.0.0.1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_no_task_is_left_pending_when_the_loop_ends_mid_race():
    done = subprocess.run(
        [sys.executable, str(HERE / "loop_end.py")], capture_output=True, text=True, timeout=120, cwd=HERE.parent
    )
    assert done.returncode == 0 and "ended" in done.stdout, done.stdout + done.stderr
    assert "Task was destroyed" not in done.stderr, done.stderr
    assert "never retrieved" not in done.stderr and "Traceback" not in done.stderr, done.stderr
