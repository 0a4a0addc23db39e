"""Kept races in the player's folder, for the tests and pictures of the title's *Replays*: a finished
race's replay (as the session keeps it) and a finished championship of two races (as its end keeps it)."""

from __future__ import annotations

import copy
import functools
import io
import os
from pathlib import Path

from game import Race, RacerSetup
from game.app import session
from game.bots import ai
from game.meta.season import Season, play_headless
from game.rules import seeds
from scenes.core import boards


def finished_race(seed: int = 4, names: tuple[str, str, str] = ("Zoé", "Bo", "Cy")) -> Race:
    """A short race of computer racers on the practice board, played to its end (a new Race each time,
    made from the choices the racers made the first time: the expert's look-ahead is computed once)."""
    race = Race.new(boards.practice_board(), lineup(names), turns=5, seed=seed)
    for choice in copy.deepcopy(_choices(seed, names)):
        race.choose(choice)
    assert race.over
    return race


def lineup(names: tuple[str, str, str]) -> list[RacerSetup]:
    return [
        RacerSetup("dwarf", names[0], "easy"),
        RacerSetup("thief", names[1], "expert"),
        RacerSetup("orc", names[2], "normal"),
    ]


@functools.cache
def _choices(seed: int, names: tuple[str, str, str]) -> list:
    """The choices of the race, each racer's by his level."""
    racers = lineup(names)
    race = Race.new(boards.practice_board(), racers, turns=5, seed=seed)
    rngs = seeds.bot_rngs(seed, len(racers))
    while not race.over:
        decision = race.pending
        assert decision is not None
        race.choose(ai.pick(race, decision, racers[decision.racer].bot or "easy", rngs[decision.racer]))
    return copy.deepcopy(race.choices)


def keep_races(when: float | None = None) -> tuple[Path, Path]:
    """A kept race (replays/) and a finished championship of two races (seasons/); their paths (the
    replay, the championship's folder). `when`: the replay's time (seconds since the epoch)."""
    replay = session.keep_replay(finished_race())
    season = Season.new(
        "Spring Cup",
        [RacerSetup("elf", "Ann", "easy"), RacerSetup("goblin", "Gus", "normal")],
        [boards.PRACTICE, boards.PRACTICE],
        5,
        11,
    )
    play_headless(season, boards.load, io.StringIO())
    folder = session.keep_finished_season(season)
    if when is not None:
        os.utime(replay, (when, when))
        for path in folder.glob("*.json"):
            os.utime(path, (when - 3600, when - 3600))
    return replay, folder
