"""Saving and loading a race as JSON: exact replays, clear errors for bad saves."""

import json
import random

import pytest

from game import Race, RacerSetup, ai
from game.race import SaveError
from tests.scenario import board

TEXT = """
.1..2..3........
....#...C..O....
...$....%...)...
..S....R........
"""


def race_after(choices: int, seed: int = 5) -> Race:
    race = Race.new(
        board(TEXT + "................\n" * 12),
        [RacerSetup("elf"), RacerSetup("thief", bot="greedy"), RacerSetup("baby")],
        turns=6,
        seed=seed,
    )
    rng = random.Random(seed)
    while not race.over and len(race.choices) < choices:
        race.choose(ai.choose(race, race.pending, "random", rng))
    return race


def test_a_loaded_race_has_the_same_events_racers_and_pending_decision():
    race = race_after(25)
    loaded = Race.from_json(race.to_json())
    assert [e.to_dict() for e in loaded.log] == [e.to_dict() for e in race.log]
    assert loaded.pending == race.pending
    assert [(r.square, r.points, r.inventory, r.baby_step, r.stars) for r in loaded.racers] == [
        (r.square, r.points, r.inventory, r.baby_step, r.stars) for r in race.racers
    ]


def test_a_save_holds_setup_seed_choices_and_a_format_version():
    data = json.loads(race_after(10).to_json())
    assert data["format"] == 1
    assert data["seed"] == 5 and data["turns"] == 6
    assert [r["character"] for r in data["racers"]] == ["elf", "thief", "baby"]
    assert len(data["choices"]) == 10


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not valid JSON"),
        ('{"format": 1, "board"', "not valid JSON"),
        ("[1, 2]", "no format version"),
        ('{"racers": []}', "no format version"),
        ('{"format": 99}', "format 99"),
        ('{"format": 1}', "damaged"),
    ],
)
def test_a_bad_save_gives_one_clear_sentence(text, message):
    with pytest.raises(SaveError, match=message):
        Race.from_json(text)


def test_a_save_with_a_choice_the_race_does_not_offer_is_damaged():
    data = json.loads(race_after(10).to_json())
    data["choices"][3] = "fly"
    with pytest.raises(SaveError, match="damaged"):
        Race.from_json(json.dumps(data))


def test_a_save_with_an_unknown_character_is_damaged():
    data = json.loads(race_after(3).to_json())
    data["racers"][0]["character"] = "dragon"
    with pytest.raises(SaveError, match="unknown character 'dragon'"):
        Race.from_json(json.dumps(data))


def test_an_illegal_choice_changes_nothing():
    race = race_after(4)
    before = ([e.to_dict() for e in race.log], race.pending, list(race.choices))
    with pytest.raises(ValueError, match="not an option"):
        race.choose(("nowhere",))
    assert ([e.to_dict() for e in race.log], race.pending, list(race.choices)) == before
