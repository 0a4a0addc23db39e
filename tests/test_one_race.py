"""The window that hosts a race (issue 46, *Rooms as a service*): its owner's orders and its people's choices
go to the room as messages through the room's one router (game/net/router.py), as a friend's do (watched in
the room's own process: tests/route_spy); and the number of races the window holds while it hosts one,
counted in this process: one, the race it follows (the room's authority runs in the room's process,
game/net/window_room.py).

Headless (SDL's dummy drivers); the friend is another process (`main.py join`, a computer racer playing his
seat) over 127.0.0.1, so that every race counted here is the host window's own."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import netwindows as nw
import pytest

from game.rules.state import RaceState
from scenes.bridges.network import wait_closed
from scenes.race import RaceScene

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "host"))
    return tmp_path


class Routed:
    """Every message the routers of the window's room take, in the room's process (tests/route_spy)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def seen(self) -> list[tuple[str, str, str]]:
        lines = self.path.read_text(encoding="utf-8").splitlines() if self.path.exists() else []
        return [tuple(json.loads(line)) for line in lines if line.endswith("]")]

    def __contains__(self, item: object) -> bool:
        return item in self.seen()


@pytest.fixture
def routed(tmp_path, monkeypatch) -> Routed:
    """The window's room process, started with its router watched: (who sent it, its type, its order)."""
    path = tmp_path / "routed.jsonl"
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(ROOT / "tests" / "route_spy"), os.environ.get("PYTHONPATH", "")])
    )
    monkeypatch.setenv("FANTASY_RACING_ROUTE_SPY", str(path))
    monkeypatch.setenv("FANTASY_RACING_ROOT", str(ROOT))
    return Routed(path)


class Hosted:
    """A race hosted from a window: a person at the host's screen, a friend in another process, a computer."""

    def __init__(self) -> None:
        self.port = nw.free_port()
        self.host = nw.window(self.port)
        self.lobby = nw.start_hosting(self.host, ["here", "friend", "easy"], turns=5)
        self.lobby.set_clock(0)  # (no turn clock: the friend's computer racer answers in its time)
        self.friend = subprocess.Popen(
            [sys.executable, "main.py", "join", f"127.0.0.1:{self.port}", "--code", self.lobby.code]
            + ["--name", "Bob", "--bot", "easy", "--quiet"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        nw.run([self.host], lambda: any(s.get("name") == "Bob" for s in self.lobby.seats), what="Bob seated")
        self.lobby.start()
        nw.run([self.host], lambda: isinstance(self.host.stack.top, RaceScene), what="the race on the host's screen")
        self.scene: RaceScene = self.host.stack.top

    def play(self, choices: int) -> None:
        scene = self.scene
        nw.run([self.host], lambda: len(scene.race.choices) >= choices, events=nw.answer_by_enter, what="choices")

    def end(self) -> None:
        if self.lobby.link is not None:
            self.lobby.link.close()
        self.friend.kill()
        self.friend.wait(10)
        wait_closed(5.0)


@pytest.fixture
def hosted(folder) -> Iterator[Hosted]:
    race = Hosted()
    try:
        yield race
    finally:
        race.end()


@pytest.mark.slow  # a network process
def test_the_hosts_window_sends_its_owners_orders_and_its_peoples_choices_through_the_router(routed, hosted):
    hosted.play(6)
    nw.run(
        [hosted.host],
        lambda: ("Screen", "choose", "") in routed,
        events=nw.answer_by_enter,
        what="a choice of the host's person",
    )
    link = hosted.scene.seats.link
    assert link.remove(1)  # the owner's hand removes Bob (as the friends' screen does)
    hosting = hosted.lobby.hosting
    assert hosting is not None
    nw.run([hosted.host], lambda: bool(hosting.seat_states[1]["removed"]), what="Bob removed")
    assert hosted.friend.wait(20) is not None  # his connection was closed: "removed"
    assert ("Screen", "owner", "start") in routed  # the lobby's start, a message through the router
    assert ("Screen", "owner", "remove") in routed
    assert ("Screen", "owner", "clock") in routed  # the lobby's setting too
    assert any(who != "Screen" and kind == "choose" for who, kind, _ in routed.seen())  # Bob's, over the network


@pytest.mark.slow  # a network process
def test_the_hosts_window_keeps_one_race(hosted):
    hosted.play(6)
    gc.collect()
    races = [o for o in gc.get_objects() if isinstance(o, RaceState)]
    assert len(races) == 1, f"{len(races)} races in the host's window: {[type(r).__name__ for r in races]}"
