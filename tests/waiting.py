"""Waiting for what a game or a server did, never for a fixed time: each wait looks every POLL
seconds and gives up after its bound (in time), naming what never came."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from typing import TypeVar

import pytest

POLL = 0.05  # seconds between two looks
T = TypeVar("T")
ANSWERED = "saved a picture of the window"  # the game's log line for F12 (scenes/app.py)


def wait_until(condition: Callable[[], T], what: str, seconds: float = 30.0) -> T:
    """`condition()` once it is true (looked at every POLL seconds); fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() >= deadline:
            pytest.fail(f"waited {seconds:g} s for {what}, in vain")
        time.sleep(POLL)


def answered(env: dict[str, str], log: Callable[[], str], seconds: float = 30.0) -> None:
    """Until the game has taken every key and click sent so far: F12 goes after them, and the game
    reads its events in order, so once its log says it saved the picture, it has taken them all."""
    before = log().count(ANSWERED)
    subprocess.run(["xdotool", "key", "--clearmodifiers", "F12"], env=env, capture_output=True, timeout=20)
    wait_until(lambda: log().count(ANSWERED) > before, "the game to take the keys sent", seconds)
