"""Issue 34: no worker process outlives the command or the window that started it, however that ends.

`balance`, `tournament` (worker processes playing races) and a window with expert racers thinking (the
pool of game/thinking.py), each in a session of its own, are ended mid-run with SIGTERM and with
`kill -9`: ten seconds later no process of theirs is running. The window ended with SIGTERM saves its
race first and exits as after a click on its close box."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.waiting import POLL, wait_until

ROOT = Path(__file__).resolve().parent.parent
WITHIN = 10.0  # seconds after the end: nothing of theirs left running
START = 60.0  # seconds the command has to start its workers

WINDOW = """
import sys
sys.path.insert(0, {root!r})
from game import Race, RacerSetup, load_board
from game.app import session
from game.app.settings import Settings
import scenes.app as app_module
from scenes.race import RaceScene

def race_scene(app, options):
    racers = [RacerSetup(c, c, bot="expert") for c in ("elf", "orc", "dwarf", "thief")]
    race = Race.new(load_board({root!r} + "/maps/meadow.tmx"), racers, turns=15, seed=4)
    return RaceScene(race, {{"board": "maps/meadow.tmx", "turns": 15}})

Settings(animation_speed=4.0, tutorial_seen=True).save(session.FOLDER)
app_module.first_scene = race_scene
sys.exit(app_module.run())
"""


def group(pgid: int) -> list[tuple[int, str]]:
    """The processes of a process group that still run (pid, state): zombies, ended, are not counted."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append((int(entry.name), fields[0]))
    return found


def working(pgid: int, workers: int) -> bool:
    """Whether `workers` processes of the group besides its first have each computed for a tenth of a
    second at least (their user time, in clock ticks)."""
    tick = os.sysconf("SC_CLK_TCK")
    busy = 0
    for pid, _ in group(pgid):
        if pid == pgid:
            continue
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        busy += int(fields[11]) >= tick / 10  # (utime: the 14th field, the 12th after the name)
    return busy >= workers


def started(command: list[str], home: Path) -> subprocess.Popen:
    env = {**os.environ, "XDG_DATA_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


def end_mid_run(process: subprocess.Popen, how: int, workers: int) -> list[tuple[int, str]]:
    """Wait until the process runs `workers` more processes (its workers busy), end it with `how`; what of
    its group still runs WITHIN seconds later."""
    deadline = time.monotonic() + START
    while len(group(process.pid)) < 1 + workers and time.monotonic() < deadline and process.poll() is None:
        time.sleep(POLL)
    assert len(group(process.pid)) >= 1 + workers, "its workers never started"
    wait_until(lambda: working(process.pid, workers), "its workers to compute", START)  # (mid-run)
    os.kill(process.pid, how)
    process.wait(timeout=WITHIN)
    deadline = time.monotonic() + WITHIN
    while group(process.pid) and time.monotonic() < deadline:
        time.sleep(POLL)
    left = group(process.pid)
    for pid, _ in left:  # (the test's own cleaning: what it reports stays a failure)
        os.kill(pid, signal.SIGKILL)
    return left


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "kill -9"])
@pytest.mark.parametrize(
    "command",
    [
        ["balance", "--bot", "mixed", "--jobs", "2", "--games", "2000"],
        ["tournament", "--bots", "expert,hard", "--jobs", "2", "--games", "2000"],
    ],
    ids=["balance", "tournament"],
)
def test_a_command_ended_mid_run_leaves_no_worker_running(tmp_path, command, how):
    process = started([sys.executable, "main.py", *command], tmp_path)
    assert end_mid_run(process, how, workers=2) == []


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "kill -9"])
def test_a_window_with_experts_thinking_ended_mid_run_leaves_no_worker_running(tmp_path, how):
    process = started([sys.executable, "-c", WINDOW.format(root=str(ROOT))], tmp_path)
    assert end_mid_run(process, how, workers=1) == []
    if how == signal.SIGTERM:  # as a click on the close box: the race saved first, a clean exit
        assert process.returncode == 0, process.stderr.read().decode() if process.stderr else ""
        assert list((tmp_path / "fantasy-racing" / "games").glob("race-*.json"))
