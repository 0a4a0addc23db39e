"""One seed derivation (game/rules/seeds.py): the same seed and lineup of computer racers give the same race,
whether `simulate` plays it, `serve` hosts it (bot seats only) or the window shows it (headless), for
the same kind of dice: a hosted race's dice are keyed (`simulate --dice keyed` draws them too)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from game import Race, RacerSetup, load_board
from game.app.settings import Settings
from game.meta.simulate import run_race
from game.rules.dice import KEYED
from scenes.app import App
from scenes.race import RaceScene
from scenes.screens.results import ResultsScene
from tests.test_scenes import run_until

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "maps" / "meadow.tmx"
SEED, TURNS = 11, 5
LINEUP = [("elf", "hard"), ("dwarf", "normal"), ("orc", "easy")]
LIMIT = 120.0  # seconds a command may take


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main_py(*words: str) -> str:
    done = subprocess.run([sys.executable, "main.py", *words], cwd=ROOT, capture_output=True, text=True, timeout=LIMIT)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def points_by_racer(race: Race) -> list[tuple[str, int]]:
    return [(r.character, r.points) for r in race.racers]


def through_the_window() -> list[tuple[str, int]]:
    setups = [RacerSetup(character, f"{character}-{i + 1}", bot=level) for i, (character, level) in enumerate(LINEUP)]
    race = Race.new(load_board(BOARD), setups, turns=TURNS, seed=SEED)
    app = App(settings=Settings(animation_speed=4.0, tutorial_seen=True))
    app.stack.push(RaceScene(race, {"board": str(BOARD), "turns": TURNS}))
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=60000, dt=1 / 10, seconds=LIMIT)
    assert race.over
    return points_by_racer(race)


@pytest.mark.slow  # two processes (simulate, serve) and a window playing the race: a second or more
def test_the_same_seed_and_lineup_give_the_same_race_through_simulate_serve_and_the_window():
    characters, levels = [c for c, _ in LINEUP], [level for _, level in LINEUP]
    engine = points_by_racer(run_race(load_board(BOARD), characters, levels, TURNS, SEED))
    hosted = points_by_racer(run_race(load_board(BOARD), characters, levels, TURNS, SEED, KEYED))
    names = [f"{character}-{i + 1}" for i, (character, _) in enumerate(LINEUP)]

    def simulated(*dice: str) -> dict[str, int]:
        said = main_py(
            "simulate", "--board", str(BOARD), "--racers", ",".join(characters), "--bots", ",".join(levels),
            "--turns", str(TURNS), "--seed", str(SEED), *dice,
        )  # fmt: skip
        return {name: int(points) for name, points in re.findall(r"\d\. (\S+)\s+(-?\d+) points", said)}

    seats = ",".join(f"bot:{level}:{character}" for character, level in LINEUP)
    served_out = main_py(
        "serve", "--port", str(free_port()), "--code", "WLSNESTH", "--board", str(BOARD), "--seats", seats,
        "--turns", str(TURNS), "--seed", str(SEED), "--json",
    )  # fmt: skip
    served = {line["name"]: line["points"] for line in json.loads(served_out.strip().splitlines()[-1])}

    shown = through_the_window()
    assert shown == engine
    assert simulated() == {name: points for name, (_, points) in zip(names, engine)}
    assert simulated("--dice", "keyed") == served == {name: points for name, (_, points) in zip(names, hosted)}
    assert len({points for _, points in engine}) > 1 and hosted != engine  # real races, each with its own dice
