"""Frame time of the race scene at 1280x720 with six racers animating, next to
the bare board blit of the same run, and the time from start to first frame.

Three races are measured, each with its six tokens kept sliding: six computer
racers playing on (their dice, banners and fights play, the bots think in
the background), six expert racers (whose searches run in the pool of worker
processes, game/bots/thinking.py: the frame only sends the race's record and picks
up the answer; these frames come at the game's pace, 60 a second, so that the
experts decide as in a real race), and six people, the first of whom is deciding (the decision
panel and its squares are shown).

    .venv/bin/python benchmarks/frames.py [--frames N] [--board FILE]

A frame is the scene's update and its draw onto the 1280x720 logical screen
(showing that screen in the window is the display driver's business and is
left out, as it is for the bare blit). Targets (issue 4): median <= 4 ms, p99 <= 10 ms, median <= 2x the bare board
blit, first frame <= 1 s. Runs headless (SDL dummy drivers) unless a display
driver is set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FIRST_FRAME = """
import os, sys, time, tempfile
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())
sys.path.insert(0, {root!r})
from scenes.app import App, first_scene
app = App()
app.stack.push(first_scene(app, None))
app.step([])
print(time.time())
"""


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def first_frame_seconds() -> float:
    """Seconds from starting a Python process to the title's first frame."""
    started = time.time()
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME.format(root=str(ROOT))],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
    )
    return float(done.stdout.strip().splitlines()[-1]) - started


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--board", default=None, help="a .tmx board (default: the first shipped one)")
    args = parser.parse_args()

    import tempfile

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())
    from game import Race, RacerSetup
    from game.app.settings import Settings
    from scenes import boards
    from scenes.app import App
    from scenes.race import RaceScene
    from scenes.render import motion

    ref = args.board or next((c.ref for c in boards.available() if c.board is not None), boards.PRACTICE)
    board = boards.load(ref)
    characters = ["elf", "orc", "dwarf", "sorceress", "thief", "baby"]

    searching = [0, 0]  # frames with a search in flight, decisions taken (the experts' race)
    cpu_of_worst = [0.0]  # the CPU time (ms) of the experts' slowest frame: the rest of it was waiting for a core
    cpu_times: list[float] = []  # the CPU time (ms) of each of the experts' frames: the frame's own work

    def measure(bot) -> tuple[list[float], list[float]]:
        """Frame and bare blit times (ms) of a race of six racers (`bot` their level, None for
        people), with all six tokens kept sliding."""
        race = Race.new(board, [RacerSetup(c, c, bot) for c in characters], turns=15, seed=1)
        app = App(settings=Settings(animation_speed=1.0))
        scene = app.stack.push(RaceScene(race, {}))
        dt = 1 / 60

        def keep_six_sliding() -> None:
            moving = {a.racer for a in scene.playback.ambient if isinstance(a, motion.Slide)}
            for r in race.racers:
                if r.index not in moving:
                    start = scene.playback.shown_pos[r.index]
                    path = [board.wrap(start[0] + k, start[1] + (k % 3 == 0)) for k in range(1, 9)]
                    slide = motion.Slide(r.index, start, path, board, per_square=0.12)
                    slide.blocking = False
                    scene.playback.ambient.append(slide)

        for _ in range(30):  # warm the caches
            keep_six_sliding()
            app.step([], dt)
        paced = bot == "expert"  # at the game's 60 frames a second: the experts decide as in a real race
        if paced:  # the pool's worker started and made the first choice (the game starts it at the setup)
            deadline = time.monotonic() + 60
            while not race.choices and time.monotonic() < deadline:
                app.step([], dt)
                time.sleep(dt)
        frame_times: list[float] = []
        blit_times: list[float] = []
        next_frame = time.perf_counter()
        for _ in range(args.frames):
            if paced:
                next_frame += dt
                time.sleep(max(0.0, next_frame - time.perf_counter()))
            keep_six_sliding()
            c0 = time.thread_time()
            t0 = time.perf_counter()
            app.stack.update(dt)
            app.stack.draw(app.screen)
            t1 = time.perf_counter()
            if bot == "expert":
                cpu_times.append((time.thread_time() - c0) * 1000)
                if (t1 - t0) * 1000 >= max(frame_times, default=0.0):
                    cpu_of_worst[0] = cpu_times[-1]
            scene.renderer.draw(app.screen, scene.view, scene.camera.position)
            t2 = time.perf_counter()
            frame_times.append((t1 - t0) * 1000)
            blit_times.append((t2 - t1) * 1000)
            if bot == "expert":
                searching[0] += scene.computer.thinker.busy
        if bot == "expert":
            searching[1] = len(race.choices)
            scene.computer.leave()
        return frame_times, blit_times

    frame_times, blit_times = measure("greedy")
    median, p99 = statistics.median(frame_times), percentile(frame_times, 99)
    blit = statistics.median(blit_times)
    expert_frames, _ = measure("expert")
    e_median, e_p99, e_worst = statistics.median(expert_frames), percentile(expert_frames, 99), max(expert_frames)
    person_frames, person_blits = measure(None)
    p_median, p_p99 = statistics.median(person_frames), percentile(person_frames, 99)
    p_blit = statistics.median(person_blits)
    first = first_frame_seconds()
    print(f"board: {board.name} ({board.width} x {board.height}), 6 racers animating, {args.frames} frames, 1280x720")
    print("computer racers playing on (dice, banners, fights; the bots think in the background), six tokens sliding:")
    print(f"race scene frame: median {median:.2f} ms, p99 {p99:.2f} ms   (targets: <= 4 ms, <= 10 ms)")
    print(f"bare board blit:  median {blit:.2f} ms   -> frame / blit = {median / blit:.2f}x   (target: <= 2x)")
    print("expert racers searching in their worker processes (the frame sends the question, takes the answer):")
    print(f"race scene frame: median {e_median:.2f} ms, p99 {e_p99:.2f} ms, worst {e_worst:.2f} ms")
    busy, made = searching
    print(f"  (60 frames a second; a search in flight in {busy} of the {args.frames} frames; {made} choices made;")
    print(f"  the worst frame took {cpu_of_worst[0]:.2f} ms of CPU: the rest of it, waiting for a core)")
    print(
        f"  the frames' own CPU time (what a quiet machine shows): p99 {percentile(cpu_times, 99):.2f} ms, "
        f"worst {max(cpu_times):.2f} ms"
    )
    print("a person deciding (the decision panel and its squares shown), six tokens sliding:")
    print(f"person deciding frame: median {p_median:.2f} ms, p99 {p_p99:.2f} ms   (targets: <= 4 ms, <= 10 ms)")
    print(
        f"person deciding blit:  median {p_blit:.2f} ms   -> frame / blit = {p_median / p_blit:.2f}x   (target: <= 2x)"
    )
    print(f"start to first frame: {first:.2f} s   (target: <= 1 s)")


if __name__ == "__main__":
    main()
