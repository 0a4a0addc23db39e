"""How long the title takes to draw its first frame with 100, 1,000 and 4,000 games in progress.

Each size in a fresh player's folder (tests/many_games.py: one race saved by the game, copied under as
many names, a leftover of a killed write beside every tenth), in its own process: the seconds from the
title pushed to its first frame drawn (the window itself made before), and the folder's listing alone.

    .venv/bin/python benchmarks/games_list.py [--sizes 100,1000,4000]

The target (issue 34): under 1 s for 4,000 games.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ONE = """
import os, sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {tests!r})
import many_games
many_games.fill(__import__("pathlib").Path(os.environ["XDG_DATA_HOME"]), {count})
from game.app import session
started = time.perf_counter(); games, _ = session.games(); listed = time.perf_counter() - started
from scenes.app import App, first_scene
app = App()
started = time.perf_counter()
app.stack.push(first_scene(app, None))
app.step([])
print(len(games), listed, time.perf_counter() - started)
"""


def measure(count: int) -> tuple[int, float, float]:
    """(games listed, seconds to list them, seconds to the title's first frame) for `count` games."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_DATA_HOME": home, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        code = ONE.format(root=str(ROOT), tests=str(ROOT / "tests"), count=count)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        listed, seconds, frame = done.stdout.split()[-3:]
        return int(listed), float(seconds), float(frame)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,4000")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}, load {os.getloadavg()[0]:.2f}")
    for count in (int(n) for n in args.sizes.split(",")):
        listed, seconds, frame = measure(count)
        verdict = "ok" if frame < 1.0 else "FAIL"
        print(f"{count:6d} games: listed {listed} in {seconds:.3f} s, title's first frame in {frame:.3f} s  {verdict}")


if __name__ == "__main__":
    main()
