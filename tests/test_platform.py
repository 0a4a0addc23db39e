"""The window's one platform interface (scenes/core/platform.py): the desktop's answers run a coroutine,
think a decision and persist a file, and another platform installed in its place is the one the
race's computer racers think on."""

from __future__ import annotations

import asyncio
import random

import pytest

from game import Race, RacerSetup
from game.boards.randomboard import random_board
from scenes.bridges.desktop import Desktop
from scenes.bridges.thinker import Thinker
from scenes.core import platform
from scenes.race.seats import ComputerRacers


@pytest.fixture
def desktop():
    made = Desktop()
    yield made
    made.end()


def test_the_desktop_runs_a_coroutine_off_the_frame_loop(desktop):
    async def answer() -> int:
        await asyncio.sleep(0)
        return 42

    future = desktop.run(answer())
    assert future is not None and future.result(timeout=10) == 42


def test_the_desktop_persists_a_file_whole_and_keeps_one_when_asked(desktop, tmp_path):
    path = tmp_path / "picture.png"
    desktop.persist(path, b"one")
    desktop.persist(path, b"two")
    assert path.read_bytes() == b"two"
    with pytest.raises(FileExistsError):
        desktop.persist(path, b"three", replace=False)
    assert path.read_bytes() == b"two"


def test_the_desktop_thinks_with_the_thinker(desktop):
    assert isinstance(desktop.thinker(), Thinker)


class Recorded:
    """A platform of another front end: its thinker answers a decision's first option at once."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def run(self, coroutine):
        coroutine.close()
        return None

    def thinker(self):
        asked = self.asked

        class Quick:
            busy = False

            def prepare(self, race):
                pass

            def think(self, race, decision, policy, rng):
                asked.append(policy)

            def ready(self, decision):
                return True

            def take(self, decision):
                return decision.options[0]

            def cancel(self):
                pass

            def wait(self):
                pass

        return Quick()

    def persist(self, path, data, *, replace=True, within=None):
        pass


def test_a_platform_installed_in_the_desktops_place_is_the_one_computer_racers_think_on():
    race = Race.new(
        random_board(random.Random(3), racers=2), [RacerSetup("elf", bot="easy"), RacerSetup("orc")], seed=3
    )
    other = Recorded()
    platform.install(other)
    try:
        racers = ComputerRacers(race)
        decision = race.pending
        ready, option = racers.answer(race, decision, "easy", dt=10.0)
    finally:
        platform.install(None)
    assert ready and option == decision.options[0] and other.asked == ["easy"]
    assert isinstance(platform.current(), Desktop)  # the default again once uninstalled
