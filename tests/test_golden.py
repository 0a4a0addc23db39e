"""A golden transcript: one seeded race's events as text, diffed against a committed file.

The race replays a committed list of choices (those four computer racers
made when it was recorded), so the bots may change and only the rules write
the story. Any change of the rules' behaviour shows up here in review. When a
change is meant, regenerate the file and read its diff:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_golden.py

When a rule change makes a recorded choice illegal, record the choices again
(four hard computer racers) and the transcript with them:

    UPDATE_GOLDEN=choices .venv/bin/python -m pytest -q tests/test_golden.py
"""

import json
import os
import random
from pathlib import Path

from game import Race, RacerSetup
from game.bots import ai
from tests.scenario import board

GOLDEN = Path(__file__).resolve().parent / "golden" / "race-seed-7.txt"
CHOICES = GOLDEN.with_name("race-seed-7-choices.json")
TRACK = """
..1..2..3..4....
....#...C..O....
...$....%...)...
..S....R........
.......#....C...
..O.........S...
....$...R.......
........%..#....
.C..........O...
......S.........
...#.......C....
.)......$.......
.....O..........
..........#.....
...C....S.......
.......)........
"""


def transcript() -> str:
    """The events of a seeded race between four racers making the recorded choices, one line each."""
    racers = [RacerSetup(c, bot="normal") for c in ("thief", "baby", "sorceress", "orc")]
    race = Race.new(board(TRACK, name="golden"), racers, turns=5, seed=7)
    if os.environ.get("UPDATE_GOLDEN") == "choices":
        ai.play(race, {i: random.Random(i) for i in range(len(racers))}, {i: "hard" for i in range(len(racers))})
        CHOICES.write_text(json.dumps(race.choices) + "\n", encoding="utf-8")
        race = Race.new(board(TRACK, name="golden"), racers, turns=5, seed=7)
    for choice in json.loads(CHOICES.read_text(encoding="utf-8")):
        race.choose(choice)
    assert race.over, "the recorded choices end the race"
    lines = []
    for event in race.log:
        data = event.to_dict()
        kind = data.pop("kind")
        lines.append(f"{kind} " + " ".join(f"{k}={v!r}" for k, v in data.items()))
    return "\n".join(lines) + "\n"


def test_the_seeded_race_tells_the_same_story_as_its_golden_transcript():
    text = transcript()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected, "the race's events changed: read the diff, then UPDATE_GOLDEN=1 if it is meant"
