"""End to end: `python main.py` in a real window under Xvfb, driven with xdotool.

Through the title and the race setup (keys and clicks) into a race of one
person and one computer racer; the person plays at least one full turn; then
the screen (a screenshot of the X display) and the saved race are checked.
Skipped when Xvfb or xdotool is missing (CI installs them: apt packages xvfb
and xdotool). The screen is read with xwd (apt x11-apps) when it is there,
otherwise from the picture the game saves of its window on F12.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.waiting import POLL, answered, wait_until

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        any(shutil.which(t) is None for t in TOOLS), reason="needs Xvfb and xdotool (apt: xvfb xdotool)"
    ),
]


def start_xvfb():
    """An X server on a free display; returns (process, ':N')."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = b""
    deadline = time.time() + 15
    while not number.endswith(b"\n") and time.time() < deadline:
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    if not number.strip():
        xvfb.kill()
        pytest.fail("Xvfb did not start")
    return xvfb, f":{number.decode().strip()}"


def xdotool(env, *args) -> str:
    """Run xdotool; its output."""
    done = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=20)
    return done.stdout.strip()


def wait_ready(env, log: Callable[[], str], seconds: float = 30.0) -> None:
    """Until the game answers keys: F12 (a picture of the window), pressed again each second, until the
    game's log says it saved one."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        xdotool(env, "key", "--clearmodifiers", "F12")
        again = min(deadline, time.monotonic() + 1.0)
        while time.monotonic() < again:
            if "saved a picture of the window" in log():
                return
            time.sleep(POLL)
    pytest.fail(f"the game never answered a key:\n{log()[-3000:]}")


def find_window(env, game: subprocess.Popen | int, timeout: float = 30.0) -> str:
    """The game's window, found by its process id (SDL2 windows do not match --name); fails if none
    appears, with what the game said (and, when it hangs, where: its threads' stacks) when given its
    process."""
    process = game if isinstance(game, subprocess.Popen) else None
    pid = game.pid if isinstance(game, subprocess.Popen) else game
    deadline = time.time() + timeout
    while time.time() < deadline and (process is None or process.poll() is None):
        found = xdotool(env, "search", "--pid", str(pid))
        if found:
            return found.split()[-1]
        time.sleep(POLL)
    pytest.fail(f"the game's window never appeared; the game said:\n{said(process) if process else '(not read)'}")


def move_pointer(env, window: str, x: int, y: int) -> None:
    """The pointer at (x, y) of the game's window, which fills the screen at +0+0, seen there by the X
    server before this returns: a move that did not happen would click wherever the pointer was (the
    screen's middle at first: *Join a race* on the title, seen once in 40 runs)."""
    geometry = xdotool(env, "getwindowgeometry", window)
    assert "Position: 0,0" in geometry and "Geometry: 1280x720" in geometry, geometry

    def there() -> bool:
        xdotool(env, "mousemove", str(x), str(y))
        found = dict(
            line.split("=", 1) for line in xdotool(env, "getmouselocation", "--shell").splitlines() if "=" in line
        )
        return found.get("X") == str(x) and found.get("Y") == str(y)

    wait_until(there, f"the pointer at {x},{y}", 10)


def said(game: subprocess.Popen) -> str:
    """What the game wrote to its terminal (its process stopped first: a hung game is aborted, and
    Python's fault handler, on in its environment, writes where each thread stood)."""
    if game.poll() is None:
        game.send_signal(signal.SIGABRT)
    try:
        out, _ = game.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        game.kill()
        out, _ = game.communicate()
    return out.decode(errors="replace")[-6000:]


def game_env(display: str, data: Path) -> dict[str, str]:
    """The game's environment: the X display, no sound, its own user folder, the fault handler on."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(data), PYTHONPATH=str(ROOT))
    env["PYTHONFAULTHANDLER"] = "1"
    return env


def read_xwd(data: bytes):
    """(width, height, set of sampled colours) of an XWD screenshot (24/32-bit TrueColor)."""
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = fields[7], fields[11], fields[12], fields[19]
    pixels = data[header_size + 12 * ncolors :]
    step = bits_per_pixel // 8
    colours = set()
    for y in range(0, height, 9):
        row = pixels[y * bytes_per_line : (y + 1) * bytes_per_line]
        for x in range(0, width, 9):
            chunk = row[x * step : x * step + 3]
            colours.add(tuple(chunk) if byte_order else tuple(reversed(chunk)))
    return width, height, colours


def screen_picture(env, key, tmp_path: Path):
    """(width, height, sampled colours) of the screen: xwd of the display, or the game's F12 picture."""
    if shutil.which("xwd"):
        shot = subprocess.run(["xwd", "-root", "-silent"], env=env, capture_output=True, timeout=20).stdout
        (tmp_path / "screen.xwd").write_bytes(shot)
        return read_xwd(shot)
    import pygame

    key("F12")
    folder = tmp_path / "data" / "fantasy-racing" / "screenshots"

    def picture():
        try:  # (the newest picture, once it is whole)
            return pygame.image.load(str(sorted(folder.glob("*.png"))[-1]))
        except (IndexError, pygame.error, OSError):
            return None

    image = wait_until(picture, "the game's picture of the window", 10)
    colours = {
        tuple(image.get_at((x, y)))[:3] for x in range(0, image.get_width(), 9) for y in range(0, image.get_height(), 9)
    }
    return image.get_width(), image.get_height(), colours


def saved_race(data_home: Path):
    """The race of the one game in progress (games/race-*.json), replayed, or None."""
    found = sorted((data_home / "fantasy-racing" / "games").glob("race-*.json"))
    if len(found) != 1:
        return None
    path = found[0]
    from game import Race

    try:
        return Race.from_dict(json.loads(path.read_text())["race"])
    except (ValueError, KeyError):
        return None


def returning_player(data_home: Path) -> None:
    """A user folder whose settings say the guided first race was seen (the title offers Play first)."""
    folder = data_home / "fantasy-racing"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"format": 1, "window": [1280, 720], "tutorial_seen": True}))


def test_a_person_plays_a_turn_against_a_computer_racer_in_a_real_window(tmp_path):
    returning_player(tmp_path / "data")
    xvfb, display = start_xvfb()
    env = game_env(display, tmp_path / "data")
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        window = find_window(env, game)
        xdotool(env, "windowfocus", "--sync", window)
        wait_ready(env, lambda: _log(tmp_path))

        def key(name):
            xdotool(env, "key", "--clearmodifiers", name)
            answered(env, lambda: _log(tmp_path))

        def click(x, y):
            move_pointer(env, window, x, y)
            answered(env, lambda: _log(tmp_path))  # (the game has seen the pointer there before the click)
            xdotool(env, "click", "1")
            answered(env, lambda: _log(tmp_path))

        click(640, 272)  # title: Play
        key("Down")  # setup: the keyboard moves the focus...
        key("Up")
        click(1110, 677)  # ...and a click starts the race
        race = None
        deadline = time.time() + 120
        while time.time() < deadline:
            race = saved_race(tmp_path / "data")
            person_done = race is not None and any(
                e.kind == "turn_ended" and race.racers[e.racer].setup.bot is None for e in race.log
            )
            if person_done:
                break
            key("Return")  # answers the focused option, or skips an animation
            assert game.poll() is None, game.stdout.read().decode(errors="replace")
        assert race is not None, f"the race was never saved; the game's log ends:\n{_log(tmp_path)[-3000:]}"
        assert [r.setup.bot is None for r in race.racers] == [True, False]
        assert any(e.kind == "turn_ended" and race.racers[e.racer].setup.bot is None for e in race.log)
        assert any(e.kind == "moved" for e in race.log)

        width, height, colours = screen_picture(env, key, tmp_path)
        assert (width, height) == (1280, 720)
        assert len(colours) > 50, "the screen is (nearly) empty"
        assert game.poll() is None, "the game stopped by itself"
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
        xvfb.terminate()
        xvfb.wait(10)


def test_a_person_plays_a_two_race_championship_by_keys_to_the_podium(tmp_path):
    """Title > Championship; the season setup set to 2 races of 5 turns by keys; both races
    played by keys (Enter answers the focused option or skips an animation) through the results
    and the season table to the podium, where the season is kept as replays."""
    returning_player(tmp_path / "data")
    xvfb, display = start_xvfb()
    data = tmp_path / "data"
    env = game_env(display, data)
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        window = find_window(env, game)
        xdotool(env, "windowfocus", "--sync", window)
        wait_ready(env, lambda: _log(tmp_path))

        def key(name):
            xdotool(env, "key", "--clearmodifiers", name)
            answered(env, lambda: _log(tmp_path))

        key("Down")  # title: Play > Championship
        key("Return")
        _wait_log(tmp_path, "screen: SeasonSetupScene")
        for name in (
            "Down",
            "Down",
            "Down",
            "Down",
            "Left",
        ):  # setup: Start > folder > Whole card… > name > races: 3 -> 2
            key(name)
        for name in ("Down", "Down", "Down", "Right"):  # race 1's board, race 2's board, turns: 5
            key(name)
        key("Return")  # Enter from a field starts the season
        games = data / "fantasy-racing" / "games"
        kept = data / "fantasy-racing" / "seasons"
        saw_first_race = saw_second_race = False
        deadline = time.time() + 300
        while time.time() < deadline and not (kept.is_dir() and any(kept.iterdir())):
            season_file = next(iter(sorted(games.glob("season-*.json"))), None)
            if season_file is not None and season_file.is_file():
                try:
                    saved = json.loads(season_file.read_text())
                except ValueError:
                    saved = None
                if saved is not None:
                    assert saved["turns"] == 5 and len(saved["boards"]) == 2
                    assert [r["bot"] is None for r in saved["racers"]] == [True, False]
                    saw_first_race = saw_first_race or saved["race"] is not None
                    saw_second_race = saw_second_race or len(saved["results"]) == 1
            key("Return")
            assert game.poll() is None, game.stdout.read().decode(errors="replace")
        assert saw_first_race and saw_second_race, "the season's races were never saved"
        folders = list(kept.iterdir())
        assert len(folders) == 1, "the podium never kept the season"
        assert sorted(p.name for p in folders[0].iterdir()) == ["race-1.json", "race-2.json", "table.json"]
        table = json.loads((folders[0] / "table.json").read_text())["table"]
        assert sorted(row["place"] for row in table) == [row["place"] for row in table] and len(table) == 2
        assert not list(games.glob("season-*.json")), "a finished season stays in progress"
        width, height, colours = screen_picture(env, key, tmp_path)
        assert (width, height) == (1280, 720) and len(colours) > 50
        assert game.poll() is None, "the game stopped by itself"
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
        xvfb.terminate()
        xvfb.wait(10)


def _start_game(tmp_path):
    """The game in a real window under Xvfb, with a fresh user folder: (xvfb, game, env, key)."""
    xvfb, display = start_xvfb()
    env = game_env(display, tmp_path / "data")
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        window = find_window(env, game)
        xdotool(env, "windowfocus", "--sync", window)
        wait_ready(env, lambda: _log(tmp_path))
    except BaseException:
        _stop_game(xvfb, game)
        raise

    def key(name):
        xdotool(env, "key", "--clearmodifiers", name)
        answered(env, lambda: _log(tmp_path))

    return xvfb, game, env, key


def _stop_game(xvfb, game):
    game.terminate()
    try:
        game.wait(10)
    except subprocess.TimeoutExpired:
        game.kill()
    xvfb.terminate()
    xvfb.wait(10)


def _log(tmp_path) -> str:
    path = tmp_path / "data" / "fantasy-racing" / "fantasy-racing.log"
    return path.read_text(errors="replace") if path.is_file() else ""


def _wait_log(tmp_path, text: str, seconds: float = 30.0) -> None:
    """Until the game's log holds `text` (at most `seconds`)."""
    deadline = time.monotonic() + seconds
    while text not in _log(tmp_path):
        assert time.monotonic() < deadline, f"never logged {text!r}:\n{_log(tmp_path)[-3000:]}"
        time.sleep(POLL)


def test_the_guided_first_race_is_played_to_its_end_by_keys(tmp_path):
    """The first start offers Learn to play first; Enter answers each lesson (1 turns the clover's
    die), a wrong first choice is asked again, and the guided race runs to its end."""
    xvfb, game, env, key = _start_game(tmp_path)
    try:
        key("Return")  # the title's first item on the first start: Learn to play
        deadline = time.time() + 300
        while time.time() < deadline and "the guided first race is over" not in _log(tmp_path):
            key("1")  # the first option (asked again when the lesson wants another), or the clover's die
            key("Return")  # the lesson's option, a lesson read, or an animation skipped
            key("Return")  # (the lesson's option again, when it surely costs: the drift's row back)
            assert game.poll() is None, game.stdout.read().decode(errors="replace")
        assert "the guided first race is over after 21 lessons" in _log(tmp_path)
        settings = json.loads((tmp_path / "data" / "fantasy-racing" / "settings.json").read_text())
        assert settings["tutorial_seen"] is True
        width, height, colours = screen_picture(env, key, tmp_path)
        assert (width, height) == (1280, 720) and len(colours) > 50
    finally:
        _stop_game(xvfb, game)


def test_the_guided_first_race_can_be_skipped(tmp_path):
    xvfb, game, env, key = _start_game(tmp_path)
    try:
        key("Return")  # Learn to play
        _wait_log(tmp_path, "screen: RaceScene")
        key("Return")  # the first lesson's move
        key("Escape")  # leave the lessons: asked first (No focused)
        _wait_log(tmp_path, "screen: QuestionScene")
        key("Left")  # Yes
        key("Return")
        _wait_log(tmp_path, "the guided first race was left at lesson")
        assert game.poll() is None, "the game stopped"
        settings = json.loads((tmp_path / "data" / "fantasy-racing" / "settings.json").read_text())
        assert settings["tutorial_seen"] is True
    finally:
        _stop_game(xvfb, game)
