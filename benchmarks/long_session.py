"""A long session in one window (issue 44): races one after another as a player plays them, the
window's memory after each.

Each race goes the player's way through the screens: the title, the race setup (the next shipped board
in turn, the racers' count and characters changed, every racer a computer racer so that the race plays
itself), the race (its animations skipped as a hurried player skips them), the results, the kept
races (Replays), the statistics, and back to the title. After each race the window's resident memory
(RSS, from /proc) is printed, once Python's garbage collector has run (what is kept, not what waits to
be freed), with the largest of the picture caches.

    .venv/bin/python benchmarks/long_session.py [--races 30] [--turns 5] [--level normal]

Target (issue 44): after the third race, the memory stays within 10 % of what it was then. Runs
headless (SDL dummy drivers), in a player's folder of its own (a temporary XDG_DATA_HOME).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="long-session-"))

CHARACTERS = ("elf", "dwarf", "orc", "baby", "thief", "sorceress", "human", "goblin")
FRAME = 1 / 30  # seconds a frame stands for


def resident_mb() -> float:
    """The process's resident memory, MB (Linux's /proc; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def frames(app, count: int) -> None:
    """`count` frames of the window, nothing pressed."""
    for _ in range(count):
        app.step([], FRAME)


def play_race(app, index: int, turns: int, level: str, limit: float) -> str:
    """One race the player's way (see the module); the board's name."""
    from scenes.race import RaceScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.title import TitleScene

    title = app.stack.reset(TitleScene())
    frames(app, 3)
    title.play()
    setup = app.stack.top
    frames(app, 3)
    setup.set_board(index % len(setup.choices))
    setup.set_count(min(2 + index % 3, setup.max_racers()))
    for seat in range(len(setup.racers)):
        setup.set_kind(seat, level)
        setup.set_character(seat, CHARACTERS[(index + seat) % len(CHARACTERS)])
    setup.set_turns(turns)
    frames(app, 3)
    board = Path(setup.choices[setup.board_index].ref).stem
    setup.start()
    if app.stack.top is setup:  # refused: say why rather than wait for a race that never comes
        raise SystemExit(f"long_session.py: race {index + 1} on {board} did not start: {setup.message}")
    deadline = time.monotonic() + limit
    while not isinstance(app.stack.top, ResultsScene):
        if time.monotonic() > deadline:
            raise SystemExit(f"long_session.py: race {index + 1} on {board} did not end within {limit:g} s")
        scene = app.stack.top
        if isinstance(scene, RaceScene):
            scene.skip()
        app.step([], FRAME)
    frames(app, 10)  # the results, their chart drawn
    for screen in ("replays", "statistics"):
        app.stack.push(app.stack.make(screen))
        frames(app, 10)
        app.stack.pop()
    return str(board)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=30, help="races in the session (default 30)")
    parser.add_argument("--turns", type=int, default=5, help="turns a race (default 5)")
    parser.add_argument("--level", default="normal", help="the computer racers' level (default normal)")
    parser.add_argument("--limit", type=float, default=300, help="seconds a race may take at most (default 300)")
    args = parser.parse_args()
    from game.rules.race import MAX_TURNS, MIN_TURNS

    if not MIN_TURNS <= args.turns <= MAX_TURNS:
        parser.error(f"--turns must be from {MIN_TURNS} to {MAX_TURNS} (the setup's own range)")

    from game.app.settings import Settings
    from scenes.app import App
    from scenes.core import text

    app = App(settings=Settings(tutorial_seen=True, animation_speed=4.0))
    print(f"long session: {args.races} races of {args.turns} turns, {args.level} computer racers, one window")
    print(f"{'race':>4}  {'board':<18} {'seconds':>7}  {'RSS MB':>7}  {'vs race 3':>9}  text pictures")
    after_third = None
    memories = []
    for index in range(args.races):
        started = time.monotonic()
        board = play_race(app, index, args.turns, args.level, args.limit)
        gc.collect()
        memory = resident_mb()
        memories.append(memory)
        if index == 2:
            after_third = memory
        ratio = f"x{memory / after_third:.3f}" if after_third else ""
        pictures = text.cached_pictures() if hasattr(text, "cached_pictures") else ""
        print(f"{index + 1:>4}  {board:<18} {time.monotonic() - started:>7.1f}  {memory:>7.1f}  {ratio:>9}  {pictures}")
    if after_third is not None:
        later = memories[3:] or [after_third]
        print(
            f"after race 3: {after_third:.1f} MB; later at most {max(later):.1f} MB (x{max(later) / after_third:.3f}),"
            f" at the end {memories[-1]:.1f} MB (x{memories[-1] / after_third:.3f}); target: within x1.10"
        )
    app.stack.close()
    import pygame

    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
