"""End to end: two game windows (a host and a friend), each `python main.py` on its own Xvfb display,
play a short network race by keys, on the loopback interface only (the host listens on 127.0.0.1).

The host opens a seat for a friend in the setup and hosts; the friend joins from the title with the
address (kept from an earlier race, as the game does), the room code the host's screen shows (read
from the host's log here) and his name, both typed, takes the seat, and the host starts; both press
Enter until the race is over on both screens, which must end with the same standings. Every process
runs under `timeout` in its own process group, killed at the end. Skipped when Xvfb or xdotool is
missing (CI installs them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_e2e_window import find_window, read_xwd, start_xvfb, wait_ready, xdotool
from tests.waiting import POLL, answered

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 400  # seconds any process of the test may live
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        any(shutil.which(t) is None for t in ("Xvfb", "xdotool")), reason="needs Xvfb and xdotool (apt: xvfb xdotool)"
    ),
]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Window:
    """The game on its own X display, with its own user folder."""

    def __init__(self, tmp_path: Path, name: str, settings: dict) -> None:
        self.data = tmp_path / name
        folder = self.data / "fantasy-racing"
        folder.mkdir(parents=True)
        (folder / "settings.json").write_text(
            json.dumps({"format": 1, "window": [1280, 720], "tutorial_seen": True, **settings})
        )
        self.xvfb, display = start_xvfb()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        self.env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(self.data), PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(  # `timeout` stops it by itself; its own process group, killed whole
            ["timeout", str(LIMIT), sys.executable, str(ROOT / "main.py")],
            cwd=tmp_path,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.window = find_window(self.env, self.game_pid())
        xdotool(self.env, "windowfocus", "--sync", self.window)
        wait_ready(self.env, self.log)

    def game_pid(self, seconds: float = 15.0) -> int:
        """The game's process: the child of `timeout`."""
        deadline = time.time() + seconds
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        while time.time() < deadline:
            found = children.read_text().split() if children.exists() else []
            if found:
                return int(found[0])
            time.sleep(POLL)
        pytest.fail("the game's process never started")

    def key(self, *names: str) -> None:
        for name in names:
            xdotool(self.env, "key", "--clearmodifiers", name)
            answered(self.env, self.log)

    def type(self, words: str) -> None:
        """Type `words` key by key. Only keys without Shift: under load xdotool's Shift may be released
        before the game reads the key (SDL asks the keyboard's state when it reads it), and "Bob"
        came out "bob"; the game upper-cases a room code itself."""
        keys = {".": "period", "-": "minus", **{c: c for c in string.ascii_lowercase + string.digits}}
        assert all(c in keys for c in words), f"{words!r} needs Shift or a key this test does not type"
        for c in words:
            xdotool(self.env, "key", "--clearmodifiers", keys[c])
            time.sleep(0.06)  # (xdotool's own pace: keys sent faster are dropped by a loaded X server)
        answered(self.env, self.log)

    def log(self) -> str:
        path = self.data / "fantasy-racing" / "fantasy-racing.log"
        return path.read_text(errors="replace") if path.is_file() else ""

    def wait_log(self, pattern: str, seconds: float = 30.0, after: int = 0) -> re.Match:
        """The first match of `pattern` in the log from character `after` on, waited for `seconds`."""
        found = self.saw(pattern, seconds, after)
        if found is None:
            pytest.fail(f"never logged {pattern!r}:\n{self.log()[-3000:]}")
        return found

    def saw(self, pattern: str, seconds: float, after: int = 0) -> re.Match | None:
        """The first match of `pattern` in the log from character `after` on, or None after `seconds`."""
        deadline = time.time() + seconds
        while True:
            found = re.compile(pattern).search(self.log(), after)
            if found or time.time() >= deadline:
                return found
            self.alive()
            time.sleep(POLL)

    def alive(self) -> None:
        assert self.process.poll() is None, self.process.stdout.read().decode(errors="replace")

    def picture(self):
        shot = subprocess.run(["xwd", "-root", "-silent"], env=self.env, capture_output=True, timeout=20).stdout
        return read_xwd(shot)

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # `timeout` and the game
        except ProcessLookupError:
            pass
        self.process.wait(10)
        self.xvfb.terminate()
        self.xvfb.wait(10)


def test_a_host_and_a_friend_play_a_short_network_race_by_keys_in_two_windows(tmp_path):
    port = free_port()
    windows: list[Window] = []
    try:
        host = Window(tmp_path, "host", {"host_address": "127.0.0.1", "host_port": port})
        windows.append(host)
        # the friend joined a race at this address before: the join screen shows it (":" needs Shift)
        friend = Window(tmp_path, "friend", {"join_address": f"127.0.0.1:{port}"})
        windows.append(friend)
        # the host: Play; the practice board, 5 turns; the second seat open for a friend; Host the race
        host.key("Return")
        host.wait_log(r"screen: SetupScene")
        # Start > boards folder > All boards > the character's Whole card… > the board (by file, practice
        # last): Meadow > Hollow Mine > Goblin Sprint > practice
        host.key("Down", "Down", "Down", "Down", "Right", "Right", "Right")
        host.key("Down", "Left", "Left", "Left")  # turns: 8 > 5
        host.key("Down", "Down", "Down", "Down", "Down")  # racers, racer 1's kind, name, character, racer 2's kind
        host.key("Right", "Right", "Right")  # computer 2 > 3 > 4 > open for a friend
        host.key("Return")
        code = host.wait_log(rf"hosting a race on port {port}, room code (\w+)").group(1)
        # the friend: Join a race; the code and his name; Enter connects
        friend.key("Down", "Down", "Return")  # Play > Championship > Join a race
        friend.wait_log(r"screen: JoinScene")
        friend.key("Tab")  # from the address, shown, to the code (Tab goes from field to field)
        friend.type(code.lower())
        friend.key("Tab")
        friend.type("bob")
        friend.key("Return")
        friend.wait_log(rf"in the lobby of the race at 127.0.0.1:{port}: 2 seats")
        friend.key("Return")  # take the seat offered
        host.wait_log(r"network: bob joined: seat 2")  # the name as typed
        started = host.saw(r"the hosted race starts", seconds=1.0)  # a moment in which it must not start itself
        assert started is None, "the race started before the host said so"
        host.key("Return")  # Start the race
        host.wait_log(r"the hosted race starts: .*bob \(friend\)")
        friend.wait_log(r"joined the race at 127.0.0.1:\d+ in seat 2")
        # both play by keys: Enter answers the focused option, or skips an animation
        deadline = time.time() + 300
        over = re.compile(r"the (?:hosted race|race joined) is over, (\d+) decisions answered [^:]*: (.*)")
        while time.time() < deadline and not (over.search(host.log()) and over.search(friend.log())):
            host.key("Return")
            friend.key("Return")
            host.alive()
            friend.alive()
        ends = [over.search(w.log()) for w in (host, friend)]
        standings = [json.loads(end.group(2)) for end in ends]
        assert standings[0] == standings[1]
        assert [row["name"] for row in standings[0]].count("bob") == 1
        answered = [int(end.group(1)) for end in ends]
        assert answered[0] == answered[1] >= 1, answered  # Bob's decisions, sent by his keys, heard by the host
        for window in (host, friend):
            width, height, colours = window.picture()
            assert (width, height) == (1280, 720) and len(colours) > 50
            window.alive()
    finally:
        for window in windows:
            window.stop()
