"""The scenario helpers themselves: a walk, a fight, rigged dice running out."""

import pytest

from game import DiceExhausted
from tests.scenario import choose, events, racer, scenario


def test_a_racer_moves_by_the_die_he_picks():
    race = scenario(
        """
        .1..2...
    """,
        ["dwarf", "orc"],
        faces=[("D6", 3), ("D6", 5)],
    )
    assert race.pending.kind == "move"
    assert set(race.pending.options) == {(3, 0), (5, 0)}
    choose(race, (5, 0))
    assert racer(race, 0).square == (5, 1)
    assert events(race, "moved")[0]["path"] == [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]


def test_rigged_dice_fail_loudly_when_they_run_out():
    with pytest.raises(DiceExhausted, match="add a face"):
        scenario(".1..2...", ["dwarf", "orc"], faces=[("D6", 3)])
