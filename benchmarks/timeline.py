"""A replay's jump: the time the replay scene takes to show a race as it stood after any event (the
race rebuilt from its record, the picture and the log as they stood, game/meta/timeline.py), on the largest
shipped board (by squares), a 15-turn race of six computer racers.

    .venv/bin/python benchmarks/timeline.py [--jumps N] [--seed S]

Jumps land on each game turn's start, then on events drawn at random (seeded) over the whole race: a jump
forward goes on from the race shown, a jump back restores the checkpoint of its game turn (`Race.restore`)
and replays that turn. Target (issue 39): at most 50 ms a jump. Runs headless (SDL dummy drivers); the wall
clock of a shared machine counts, so the CPU time is printed too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())

from game import load_board  # noqa: E402
from game.app.settings import Settings  # noqa: E402
from game.meta.replay import parse, record, start  # noqa: E402
from game.meta.simulate import run_race  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.screens.replay import ReplayPlayer, replay_board, replay_scene  # noqa: E402

TARGET_MS = 50.0  # issue 39
CHARACTERS = ["elf", "dwarf", "orc", "sorceress", "thief", "baby"]


def largest_board() -> Path:
    """The shipped board with the most squares."""
    boards = sorted((ROOT / "maps").glob("*.tmx"))
    return max(boards, key=lambda path: (lambda b: b.width * b.height)(load_board(path)))


def main() -> None:
    """Time jumps in the replay scene and print the median, the 95th percentile and the worst."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    path = largest_board()
    board = load_board(path)
    count = min(board.max_racers, 6)
    race = run_race(board, CHARACTERS[:count], ["normal"] * count, 15, args.seed)
    replay = parse(record(race))
    app = App(settings=Settings())
    built = time.perf_counter()
    scene = app.stack.push(replay_scene(replay, start(replay, replay_board(replay))))
    built = time.perf_counter() - built
    app.step([], 1 / 60)
    player = scene.guide
    assert isinstance(player, ReplayPlayer)
    timeline = player.timeline
    rng = random.Random(args.seed)
    targets = [timeline.turn_index(turn) for turn in range(1, 16)]
    targets += [rng.randrange(len(timeline.events)) for _ in range(args.jumps)]
    walls, cpus, backs = [], [], []
    for index in targets:
        back = index < player.position
        wall, cpu = time.perf_counter(), time.process_time()
        player.jump(index)
        scene.draw(app.screen)
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        if back:
            backs.append(walls[-1])
    walls.sort()
    backs.sort()
    cpus.sort()
    print(
        f"timeline: {path.name} ({board.width} x {board.height}), {count} racers, 15 turns, "
        f"{len(replay.choices)} choices, {len(timeline.events)} events; timeline built with the scene in "
        f"{built * 1000:.0f} ms"
    )
    print(
        f"timeline: {len(targets)} jumps (each with its frame drawn): median {statistics.median(walls):.1f} ms, "
        f"p95 {walls[int(len(walls) * 0.95)]:.1f} ms, worst {walls[-1]:.1f} ms "
        f"(CPU: median {statistics.median(cpus):.1f} ms, p95 {cpus[int(len(cpus) * 0.95)]:.1f} ms, "
        f"worst {cpus[-1]:.1f} ms); target <= {TARGET_MS:.0f} ms"
    )
    print(
        f"timeline: of them {len(backs)} jumps back (the race restored from its game turn's checkpoint): "
        f"median {statistics.median(backs):.1f} ms, worst {backs[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
