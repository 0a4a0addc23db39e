"""The smoke test of a packaged game, on the system it was built for (the release workflow runs it on
Linux, Windows and macOS; tests/test_packaging.py runs it on the Linux build here).

    python tools/smoke_test.py dist/fantasy-racing/fantasy-racing            # Linux
    python tools/smoke_test.py dist/fantasy-racing/fantasy-racing.exe        # Windows
    python tools/smoke_test.py "dist/Fantasy Racing.app/Contents/MacOS/fantasy-racing"   # macOS

Three checks, each in a fresh process of the packaged game, started from a scratch folder (the game
must find its files beside itself, never in the working directory):
1. `--version` says pyproject.toml's version;
2. `simulate --games 2 --turns 5`: a headless race between computer racers, to its standings;
3. the game itself with the dummy video driver (SDL_VIDEODRIVER=dummy): it draws its first title frame,
   saves it (FANTASY_RACING_SCREENSHOT) and quits; the picture is a PNG of the window's size.
Each check prints one line; the first that fails ends the run with exit 1 and what the game said.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (1280, 720)
LIMIT = 180  # seconds any one check may take (a cold start of a packaged game on a CI runner is slow)


class SmokeError(Exception):
    """A check that failed: what was run and what the game said."""


def expected_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def game_env(home: Path, **more: str) -> dict[str, str]:
    """The packaged game's environment: no Python or SDL settings of the caller, a user folder of its own
    on Linux (XDG_DATA_HOME; Windows and macOS keep theirs where the system says), no sound card."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "PYTHON"))}
    env.update(XDG_DATA_HOME=str(home / "data"), SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **more)
    return env


def run(exe: Path, args: list[str], home: Path, **more: str) -> subprocess.CompletedProcess[str]:
    try:
        done = subprocess.run(
            [str(exe), *args], cwd=home, env=game_env(home, **more), capture_output=True, text=True, timeout=LIMIT
        )
    except subprocess.TimeoutExpired:
        raise SmokeError(f"{exe.name} {' '.join(args)} took more than {LIMIT} s") from None
    if done.returncode != 0:
        raise SmokeError(f"{exe.name} {' '.join(args)} ended with {done.returncode}:\n{done.stdout}{done.stderr}")
    return done


def png_size(path: Path) -> tuple[int, int]:
    """The width and height a PNG file's header says (no image library needed)."""
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise SmokeError(f"{path.name} is not a PNG picture")
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def check_version(exe: Path, home: Path) -> str:
    said = run(exe, ["--version"], home).stdout.strip()
    if said != f"Fantasy Racing {expected_version()}":
        raise SmokeError(f"--version said {said!r}, not pyproject.toml's version {expected_version()}")
    return said


def check_race(exe: Path, home: Path) -> str:
    said = run(exe, ["simulate", "--games", "2", "--turns", "5"], home).stdout
    if "Race 1 (seed 1)" not in said or "2 races in" not in said:
        raise SmokeError(f"simulate did not print two races' standings:\n{said}")
    return "2 simulated races"


def first_frame(exe: Path, home: Path) -> float:
    """Start the game with the dummy video driver until it has saved its first title frame; the seconds
    from the start to its end (the start time to the first frame, and the quitting)."""
    shot = home / "first-frame.png"
    shot.unlink(missing_ok=True)
    started = time.perf_counter()
    run(exe, [], home, SDL_VIDEODRIVER="dummy", FANTASY_RACING_SCREENSHOT=str(shot))
    took = time.perf_counter() - started
    if not shot.is_file():
        raise SmokeError("the game ended without saving its first frame")
    if png_size(shot) != WINDOW:
        raise SmokeError(f"the first frame is {png_size(shot)}, not the window's {WINDOW}")
    return took


def smoke(exe: Path) -> list[str]:
    """Every check on `exe`; a line for each that passed (SmokeError at the first that fails)."""
    if not exe.is_file():
        raise SmokeError(f"{exe}: no packaged game there")
    with tempfile.TemporaryDirectory(prefix="fantasy-racing-smoke-") as folder:
        home = Path(folder)
        lines = [f"version: {check_version(exe, home)}", f"race: {check_race(exe, home)}"]
        lines.append(f"first frame: {WINDOW[0]}x{WINDOW[1]} saved, {first_frame(exe, home):.1f} s from the start")
    return lines


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: tools/smoke_test.py PACKAGED_GAME", file=sys.stderr)
        return 2
    try:
        for line in smoke(Path(args[0]).resolve()):
            print(f"ok  {line}", flush=True)
    except SmokeError as error:
        print(f"smoke test failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
