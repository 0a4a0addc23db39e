"""A fork is a copy of one state record: the race's moment (state.MOMENT), every field copied.

Every attribute of a race is in one list: MOMENT (what the rules change, copied by a fork), FIXED
(what never changes, shared) or DRIVING (dice, choices, log, pending decision: each fork its own).
A new attribute in none of them fails here, before a fork silently shares or forgets it.
"""

import dataclasses
import random

import pytest

from game import Race, RacerSetup
from game.boards.randomboard import random_board
from game.bots import ai
from game.rules import state
from game.rules.dice import Dice
from game.rules.state import DRIVING, FIXED, MOMENT, RaceState

IMMUTABLE = (int, float, bool, str, tuple, type(None), frozenset)


def unlisted(race: Race) -> set[str]:
    """The race's attributes that no list names."""
    return set(vars(race)) - set(MOMENT) - set(FIXED) - set(DRIVING)


def a_race(seed: int, person: bool = True) -> Race:
    rng = random.Random(seed)
    board = random_board(rng, racers=4)
    bots = [None if person else "random", "random", "easy", "normal"]
    return Race.new(board, [RacerSetup(c, bot=b) for c, b in zip(("elf", "orc", "thief", "baby"), bots)], 6, seed)


def seen(race: Race) -> dict:
    """The race's moment as plain comparable data (a racer by his fields)."""
    return {
        name: [dataclasses.asdict(r) for r in value] if name == "racers" else value
        for name, value in ((name, getattr(race, name)) for name in MOMENT)
    }


def test_the_lists_do_not_overlap():
    assert len(set(MOMENT) | set(FIXED) | set(DRIVING)) == len(MOMENT) + len(FIXED) + len(DRIVING)


@pytest.mark.parametrize("person", [True, False])
def test_every_attribute_of_a_race_and_of_its_forks_is_listed(person):
    race = a_race(3, person)
    assert unlisted(race) == set()
    rng = random.Random(1)
    for _ in range(30):
        race.choose(ai.pick(race, race.pending, "random", rng))
    fork = race.fork(Dice(0))
    assert unlisted(race) == unlisted(fork) == set()
    assert set(vars(fork)) == set(vars(race))


def test_an_attribute_added_to_the_race_and_not_listed_is_found(monkeypatch):
    before = RaceState.__init__

    def with_weather(self, *args):
        before(self, *args)
        self.weather = "rain"

    monkeypatch.setattr(RaceState, "__init__", with_weather)
    assert unlisted(a_race(3)) == {"weather"}


@pytest.mark.parametrize("seed", range(3))
def test_a_fork_is_the_race_at_every_decision_and_changes_nothing_of_it(seed):
    race = a_race(seed)
    rng, forks = random.Random(seed), 0
    while not race.over:
        fork = race.fork(Dice(seed))
        assert fork.pending == race.pending and seen(fork) == seen(race) and fork.choices == race.choices
        before = seen(race)
        fork.choose(fork.pending.options[-1])
        if fork.pending is not None:
            fork.choose(fork.pending.options[0])
        assert seen(race) == before
        forks += 1
        race.choose(ai.pick(race, race.pending, "random", rng))
    assert forks > 30


def test_a_race_without_snapshots_forks_to_the_same_race_by_replaying():
    kept, rng = a_race(5), random.Random(2)
    for _ in range(40):
        kept.choose(ai.pick(kept, kept.pending, "random", rng))
    bare = a_race(5)
    bare._keep_marks, bare._mark = False, None  # as a race of computer racers alone keeps none
    for choice in kept.choices:
        bare.choose(choice)
    assert bare._mark is None and kept._mark is not None
    assert seen(bare.fork(Dice(1))) == seen(kept.fork(Dice(1)))


def test_a_racers_copy_shares_no_field_the_rules_can_change():
    racer = a_race(1).racers[0]
    twin = racer.copy()
    assert twin == racer
    for field in dataclasses.fields(racer):
        value = getattr(racer, field.name)
        frozen = dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen
        if not isinstance(value, IMMUTABLE) and not frozen:
            assert getattr(twin, field.name) is not value, f"Racer.copy shares its {field.name}"
    assert twin.inventory.objects is not racer.inventory.objects


def test_a_copied_moment_shares_nothing_a_rule_changes():
    race = a_race(2)
    moment = race.moment()
    for name in MOMENT:
        value = getattr(race, name)
        if not isinstance(value, IMMUTABLE):
            assert moment[name] is not value, name
    assert all(a is not b for a, b in zip(moment["racers"], race.racers))
    assert state.copied(race.racers)[0] == race.racers[0]
