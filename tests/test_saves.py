"""Saving and loading a race as JSON: exact replays, clear errors for bad saves."""

import json
import random
import re

import pytest

from game import Race, RacerSetup
from game.bots import ai
from game.rules import record, tuning
from game.rules.race import SaveError
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
        race.choose(ai.pick(race, race.pending, "random", rng))
    return race


def test_a_loaded_race_has_the_same_events_racers_and_pending_decision():
    race = race_after(25)
    loaded = Race.from_dict(race.to_dict())
    assert [e.to_dict() for e in loaded.log] == [e.to_dict() for e in race.log]
    assert loaded.pending == race.pending
    assert [(r.square, r.points, r.inventory, r.baby_step, r.stars) for r in loaded.racers] == [
        (r.square, r.points, r.inventory, r.baby_step, r.stars) for r in race.racers
    ]


def test_a_record_holds_setup_seed_choices_and_a_format_version():
    data = race_after(10).to_dict()
    assert data["format"] == record.FORMAT == 4
    assert data["seed"] == 5 and data["turns"] == 6 and data["dice"] == "twister" and data["rules"] == tuning.RULES
    assert [r["character"] for r in data["racers"]] == ["elf", "thief", "baby"]
    assert len(data["choices"]) == 10


def test_a_record_is_plain_data_that_json_gives_back_unchanged():
    data = race_after(40).to_dict()
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize(
    "data, message",
    [
        ([1, 2], "it holds a list, not a race"),
        ({"racers": []}, "no format version"),
        ({"format": 99}, "newer version of the game (format 99; this one reads format 4)"),
        ({"format": "one"}, "format version 'one' is not a whole number"),
        ({"format": 4}, "the field 'race.board' is missing"),
    ],
)
def test_a_bad_record_gives_one_clear_sentence(data, message):
    with pytest.raises(SaveError, match=re.escape(message)):
        Race.from_dict(data)


def test_a_record_with_a_choice_the_race_does_not_offer_is_refused():
    data = race_after(10).to_dict()
    data["choices"][3] = "fly"
    with pytest.raises(SaveError, match="choice 3 is not one the race allows"):
        Race.from_dict(data)


def test_a_record_with_an_unknown_character_is_refused():
    data = race_after(3).to_dict()
    data["racers"][0]["character"] = "dragon"
    with pytest.raises(SaveError, match="racer 1 is an unknown character 'dragon'"):
        Race.from_dict(data)


def test_an_illegal_choice_changes_nothing():
    race = race_after(4)
    before = ([e.to_dict() for e in race.log], race.pending, list(race.choices))
    with pytest.raises(ValueError, match="not an option"):
        race.choose(("nowhere",))
    assert ([e.to_dict() for e in race.log], race.pending, list(race.choices)) == before
