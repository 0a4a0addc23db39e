"""Jumping through the timeline of a hostile replay (issue 43's own attack round): a fraction that is
huge, infinite or not a number lands on the race's first or last event, never an error; a number of
choices that is not a whole number of the replay's range is refused in one sentence; a replay whose
recorded standings give 10**38 points counts for nothing in the statistics or the replays' list."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.app import kept, stats
from game.meta.replay import load
from game.meta.timeline import Timeline

REPLAY = Path(__file__).resolve().parent / "fixtures" / "v1" / "replay.json"
HOSTILE_FRACTIONS = [math.nan, -math.nan, math.inf, -math.inf, 1e308, -1e308, 10**38, -(10**38), 10**400, 2, -1]


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    return Timeline(load(REPLAY))


def test_a_jump_to_any_fraction_lands_on_an_event(timeline):
    last = len(timeline.events) - 1
    assert timeline.at_fraction(0.5) == round(0.5 * last) and timeline.at_fraction(1.0) == last
    for fraction in HOSTILE_FRACTIONS:
        index = timeline.at_fraction(fraction)
        assert 0 <= index <= last, fraction
    assert timeline.at_fraction(math.inf) == last and timeline.at_fraction(math.nan) == 0


def test_a_jump_by_step_or_turn_from_anywhere_stays_in_the_race(timeline):
    last = len(timeline.events) - 1
    for index in (10**38, -(10**38), last + 1, -2):
        for how in ("event", "racer", "turn"):
            for direction in (1, -1):
                assert 0 <= timeline.step(index, how, direction) <= last
    for turn in (10**38, -(10**38), 0):
        assert 0 <= timeline.turn_index(turn) <= last


def test_a_race_at_a_number_of_choices_that_is_not_one_is_refused_in_a_sentence(timeline):
    for made in (10**38, -1, math.nan, math.inf, 2.5, True):
        with pytest.raises(ValueError, match="choices that replay, not"):
            timeline.race_at(made)
    assert len(timeline.race_at(timeline.made).choices) == timeline.made


def test_points_of_10_to_the_38_count_for_nothing(tmp_path):
    data = json.loads(REPLAY.read_text(encoding="utf-8"))
    for event in data["events"]:
        if event.get("kind") == "race_over":
            event["standings"] = [[1, 1, 10**38], [2, 0, -(10**38)], [3, 2, 10**38 - 1], [4, 3, 12]]
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    replay = load(path)
    assert stats.figures(replay) == []  # (its standings are not a race's: no figure taken from it)
    summary = kept.summarise(replay)
    assert summary["winners"] == [] and summary["points"] == 0
