"""Frame time of the race scene at 1280x720 (or --window 1920x1080) with six racers animating, next to
the bare board blit of the same run, and the time from start to first frame.

Three races are measured, each with its six tokens kept sliding: six computer
racers playing on (their dice, banners and fights play, the bots think in
the background), six expert racers (whose searches run in the pool of worker
processes, game/bots/thinking.py: the frame only sends the race's record and picks
up the answer; these frames come at the game's pace, 60 a second, so that the
experts decide as in a real race), and six people, the first of whom is deciding (the decision
panel and its squares are shown).

    .venv/bin/python benchmarks/frames.py [--frames N] [--board FILE] [--window 1920x1080]

A frame is the scene's update and its draw onto the logical screen (the window's size: Interface scale
100 %, so that a larger window draws a larger board)
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
    parser.add_argument("--view-frames", type=int, default=600, help="frames of each view of the largest board")
    parser.add_argument("--window", default="1280x720", help="the window's size, WIDTHxHEIGHT (the logical screen's)")
    args = parser.parse_args()
    width, height = (int(n) for n in args.window.lower().split("x"))
    window = (width, height)

    import tempfile

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())
    from game import Race, RacerSetup
    from game.app.settings import Settings
    from scenes.app import App
    from scenes.core import boards
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
        app = App(settings=Settings(animation_speed=1.0, window=window, interface_scale="100"))
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
        scene.settle_view()  # (the race's opening view of the whole board over: the normal view)
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
            scene.renderer.draw(app.screen, scene.camera.board_view, scene.camera.at)
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
    size = "x".join(str(n) for n in app_size(window))
    print(f"board: {board.name} ({board.width} x {board.height}), 6 racers animating, {args.frames} frames, {size}")
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
    views = measure_views(args.view_frames, window)
    print(f"the largest legal board ({LARGEST[0]} x {LARGEST[1]}), six computer racers, six tokens sliding:")
    for name, times in views.items():
        print(
            f"{name:<40} median {statistics.median(times):.2f} ms, p99 {percentile(times, 99):.2f} ms"
            f"{'   (target: p99 <= 16.7 ms)' if 'CPU' not in name else ''}"
        )


LARGEST = (64, 128)  # the largest legal board (docs/maps.md: 8,192 squares)


def app_size(window: tuple[int, int]) -> tuple[int, int]:
    """The logical screen a window of that size draws at Interface scale 100 %."""
    from scenes.core import canvas

    return canvas.logical_size(window, 1.0)


def measure_views(frames: int, window: tuple[int, int] = (1280, 720)) -> dict[str, list[float]]:
    """Frame times (ms; and their CPU time) of a race on the largest legal board, every square of every
    layer painted: the
    normal view, the whole board at once (V), and a zoom sweep (the scale gliding all the time, from the
    whole board to the nearest and back, around the pointer)."""
    import tempfile

    from game import Race, RacerSetup, load_board
    from game.app.settings import Settings
    from scenes.app import App
    from scenes.race import RaceScene
    from scenes.render import motion
    from tests.hostile_files import legal_board

    folder = Path(tempfile.mkdtemp())
    board = load_board(str(legal_board(*LARGEST)(folder)))
    race = Race.new(board, [RacerSetup(c, c, "greedy") for c in ("elf", "orc", "dwarf", "thief", "sorceress", "baby")])
    app = App(settings=Settings(animation_speed=1.0, window=window, interface_scale="100"))
    scene = app.stack.push(RaceScene(race, {}))
    dt = 1 / 60
    out: dict[str, list[float]] = {}
    for mode in ("normal view", "whole board (V)", "zoom sweep"):
        scene.settle_view()
        camera = scene.camera
        camera.whole = mode.startswith("whole")
        camera.settle(scene.keep_in_view())
        times: list[float] = []
        cpu: list[float] = []  # the frame's own work, without the waits for a core of a busy machine
        for k in range(frames + 30):
            for r in race.racers:
                if not any(isinstance(a, motion.Slide) and a.racer == r.index for a in scene.playback.ambient):
                    start = scene.playback.shown_pos[r.index]
                    path = [board.wrap(start[0] + j, start[1] + (j % 3 == 0)) for j in range(1, 9)]
                    slide = motion.Slide(r.index, start, path, board, per_square=0.12)
                    slide.blocking = False
                    scene.playback.ambient.append(slide)
            if mode == "zoom sweep" and k % 40 == 0:  # out to the whole board, in to the nearest, by turns
                camera.zoom(0.01 if (k // 40) % 2 == 0 else 100.0, (300 + k % 200, 200 + k % 300))
            t0, c0 = time.perf_counter(), time.thread_time()
            app.stack.update(dt)
            app.stack.draw(app.screen)
            if k >= 30:  # (the first frames warm the caches)
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
        out[mode] = times
        out[mode + ", CPU time"] = cpu
    return out


if __name__ == "__main__":
    main()
