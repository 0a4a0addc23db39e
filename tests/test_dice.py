"""The seeded dice draw exactly what `random.Random(seed).randint` draws.

`Dice.roll` draws a face without `randint`'s Python calls; replays and saves
depend on the stream staying the same, so it is compared with `randint` for
every die of the game, many seeds, and rolls mixed with the order shuffle and
fork restarts.
"""

from __future__ import annotations

import random

from game.dice import DICE, Dice


def test_every_die_draws_what_randint_draws():
    for seed in range(200):
        dice, reference = Dice(seed), random.Random(seed)
        pick = random.Random(seed + 10_000)
        for _ in range(300):
            die = pick.choice(list(DICE.values()))
            assert dice.roll(die) == reference.randint(die.low, die.high)


def test_the_stream_is_the_same_around_shuffles_and_restored_states():
    dice, reference = Dice(7), random.Random(7)
    for _ in range(50):
        order = dice.order(6)
        expected = list(range(6))
        reference.shuffle(expected)
        assert order == expected
        state = dice.getstate()
        assert state == reference.getstate()
        copy = Dice(None)
        copy.setstate(state)
        for die in DICE.values():
            face = reference.randint(die.low, die.high)
            assert dice.roll(die) == face
            assert copy.roll(die) == face


def test_restored_dice_go_on_as_the_dice_they_come_from():
    dice = Dice(11)
    for die in DICE.values():
        dice.roll(die)
    copy = Dice.restored(dice.getstate())
    assert copy.seed is None and copy.getstate() == dice.getstate()
    for die in list(DICE.values()) * 20:
        assert copy.roll(die) == dice.roll(die)
    assert copy.order(6) == dice.order(6)
