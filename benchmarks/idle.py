"""The window's CPU while nothing happens: the title, the race setup, a race waiting for the player.

    .venv/bin/python benchmarks/idle.py [--seconds 10] [--screens title,setup,race]

Each screen is opened in a fresh process, in a real window on an X server of its own (Xvfb, started
here on a free display), and left alone: no key, no pointer. Once it is still (the race: its
decision panel shown, every animation played), the game's own frame loop runs for the given
seconds; the process's CPU time over that time (`resource.getrusage`, user and system) is printed
as a share of one core, with the frames drawn. The X server's own work is not counted.

Target (issue 35): each screen <= 10 % of one core; before the frame rested, the idle title took
54 to 77 %.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 10.0  # per cent of one core, at most (issue 35)
SCREENS = ("title", "setup", "race")

CHILD = """
import json, os, resource, sys, time
sys.path.insert(0, {root!r})
import pygame
from game import Race, RacerSetup, load_board
from game.app.settings import Settings
from scenes.app import App, first_scene
from scenes.race import RaceScene

screen, seconds = {screen!r}, {seconds!r}
app = App(settings=Settings(language="en", tutorial_seen=True))
app.stack.push(first_scene(app, None))
if screen == "setup":
    app.stack.push(app.stack.make("setup"))
elif screen == "race":
    board = "maps/meadow.tmx"
    setups = [RacerSetup("elf", "Ann"), RacerSetup("orc", bot="normal"), RacerSetup("dwarf", bot="normal")]
    scene = app.stack.push(RaceScene(Race.new(load_board(board), setups, seed=7), {{"board": board}}))
    for _ in range(6000):  # the computer racers play and every animation ends (time given, not waited)
        if scene.panel is not None and not scene.busy:
            break
        app.step(pygame.event.get(), 1 / 30)
        time.sleep(0.002)  # (a computer racer thinks on a worker thread)
    else:
        raise SystemExit("the race never waited for the player")
for _ in range(30):  # settle: fonts, pictures and caches made
    app.step(pygame.event.get(), 1 / 60)
pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
frames = app.frames
used, wall = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
app.loop()
after, wall = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter() - wall
cpu = (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)
print(json.dumps({{"screen": screen, "cpu": cpu, "wall": wall, "frames": app.frames - frames}}))
"""


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """An X server on a free display: (process, ':N')."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number, deadline = b"", time.monotonic() + 15
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    if not number.strip():
        xvfb.kill()
        raise SystemExit("benchmarks/idle.py: Xvfb did not start")
    return xvfb, f":{number.decode().strip()}"


def measure(screen: str, seconds: float, display: str) -> dict[str, float]:
    """One screen's CPU over `seconds` of its frame loop, in a fresh process."""
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=data)
        code = CHILD.format(root=str(ROOT), screen=screen, seconds=seconds)
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=seconds + 300
        )
    if done.returncode != 0:
        raise SystemExit(f"benchmarks/idle.py: the {screen} failed:\n{done.stderr[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Print each screen's share of one core (or JSON lines)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if shutil.which("Xvfb") is None:
        raise SystemExit("benchmarks/idle.py: needs Xvfb (apt: xvfb)")
    xvfb, display = start_xvfb()
    try:
        for screen in args.screens.split(","):
            row = measure(screen, args.seconds, display)
            share = 100 * row["cpu"] / row["wall"]
            if args.json:
                print(json.dumps(row | {"share": share}))
                continue
            verdict = "met" if share <= TARGET else "NOT met"
            print(
                f"idle {screen:<6}: {share:5.1f} % of one core over {row['wall']:.1f} s, "
                f"{row['frames'] / row['wall']:5.1f} frames a second (target <= {TARGET:.0f} %: {verdict})"
            )
    finally:
        xvfb.terminate()
        xvfb.wait(10)


if __name__ == "__main__":
    main()
