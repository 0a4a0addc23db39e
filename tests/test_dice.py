"""The seeded dice draw exactly what `random.Random(seed).randint` draws.

`Dice.roll` draws a face without `randint`'s Python calls; replays and saves
depend on the stream staying the same, so it is compared with `randint` for
every die of the game, many seeds, and rolls mixed with the order shuffle and
fork restarts.
"""

from __future__ import annotations

import random

from game.rules.dice import DICE, Dice


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


def test_keyed_dice_are_fair_repeatable_and_go_on_from_a_restored_state():
    """A hosted race's dice (`KEYED`): every face of every die, each about as often, the same for the
    same seed, another stream for another seed (even one apart), and a restored state goes on alike."""
    from collections import Counter

    from game.rules.dice import D6, DCOMBAT, KEYED

    seed = 2**128 - 159  # a hosted race's seed is 128 bits
    dice = Dice(seed, KEYED)
    counts = Counter(dice.roll(D6) for _ in range(60_000))
    assert set(counts) == set(range(1, 7)) and max(counts.values()) - min(counts.values()) < 1_000
    assert len({dice.roll(DCOMBAT) for _ in range(5_000)}) == 100
    again, same, neighbour = Dice(seed, KEYED), Dice(seed, KEYED), Dice(seed + 1, KEYED)
    rolls = [again.roll(D6) for _ in range(200)]
    assert rolls == [same.roll(D6) for _ in range(200)]
    assert rolls != [neighbour.roll(D6) for _ in range(200)]
    assert rolls != [Dice(seed).roll(D6) for _ in range(200)]  # not the twister of the same seed
    for die in DICE.values():
        dice.roll(die)
    copy = Dice.restored(dice.getstate(), KEYED)
    for die in list(DICE.values()) * 20:
        assert copy.roll(die) == dice.roll(die)
    assert copy.order(6) == dice.order(6) and sorted(dice.order(6)) == list(range(6))
    assert dice.replica().roll(D6) == Dice(seed, KEYED).roll(D6)
