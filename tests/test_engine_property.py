"""Random races on random legal boards, with the engine's invariants checked after every choice.

Set FUZZ_RACES=N to play N races instead of the default 1,000 (a long fuzzing run):

    FUZZ_RACES=10000 .venv/bin/python -m pytest -q tests/test_engine_property.py
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Race, RacerSetup
from game.boards.board import BARRIER, ROCK
from game.boards.randomboard import random_board
from game.bots import ai
from game.rules.characters import CHARACTERS


def _races() -> int:
    """The number of random races: FUZZ_RACES if set (a long run), else 1,000."""
    text = os.environ.get("FUZZ_RACES", "").strip()
    if not text:
        return 1000
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"FUZZ_RACES must be a positive whole number, not {text!r}")
    return int(text)


RACES = _races()
QUICK_BOTS = ("random", "easy", "normal")  # the look-ahead bot has tests of its own (test_bots.py)


def new_race(seed: int) -> tuple[Race, random.Random]:
    """A random race: board, 2-6 random characters and bots, 5-15 turns."""
    rng = random.Random(seed)
    count = rng.randint(2, 6)
    board = random_board(rng, racers=count, chests_everywhere=rng.random() < 0.2)
    setups = [RacerSetup(rng.choice(list(CHARACTERS)), bot=rng.choice(QUICK_BOTS)) for _ in range(count)]
    return Race.new(board, setups, turns=rng.randint(5, 15), seed=seed), rng


def check_invariants(race: Race, booked: list[int]) -> None:
    """What must hold between any two choices."""
    for event in race.take_events():
        if event.kind == "scored":
            booked[event.racer] += event.points
    for r in race.racers:
        assert r.points == booked[r.index], f"{r.name}: points {r.points} but events say {booked[r.index]}"
        distance = r.by_cause.get("distance", 0) + r.by_cause.get("lap", 0)
        assert distance == r.rows + 10 * r.laps, f"{r.name}: distance points {distance} != rows + 10 x laps"
        assert race.terrain_at(r.square) not in (BARRIER, ROCK), f"{r.name} stands on {race.terrain_at(r.square)}"
    assert (race.pending is None) == race.over
    if race.pending is not None:
        assert len(race.pending.options) >= 2, "a single-option decision reached the caller"
        assert len(set(race.pending.options)) == len(race.pending.options), "an option is offered twice"


def play_checked(race: Race, rng: random.Random, save_at: int | None = None) -> str | None:
    """Play with bots, checking invariants after each choice; returns the save made at `save_at`."""
    booked = [0] * len(race.racers)
    bot_rng = random.Random(rng.random())
    saved = None
    check_invariants(race, booked)
    while not race.over:
        if save_at is not None and len(race.choices) == save_at:
            saved = race.to_dict()
        decision = race.pending
        policy = race.racers[decision.racer].bot
        race.choose(ai.pick(race, decision, policy, bot_rng))
        check_invariants(race, booked)
    return saved


@pytest.mark.parametrize("block", [0] + [pytest.param(b, marks=pytest.mark.slow) for b in range(1, 10)])
def test_random_races_keep_every_invariant_and_saves_replay_identically(block):
    for seed in range(block * RACES // 10, (block + 1) * RACES // 10):  # the blocks cover 0 .. RACES-1
        race, rng = new_race(seed)
        save_at = rng.randint(0, 60)
        saved = play_checked(race, rng, save_at)
        if saved is None:
            continue
        loaded = Race.from_dict(saved)
        for choice in race.choices[save_at:]:
            loaded.choose(choice)
        assert loaded.over
        assert [e.to_dict() for e in loaded.log] == [e.to_dict() for e in race.log], f"seed {seed}"


def test_every_offered_option_is_accepted_on_a_copy():
    """At sampled moments, each option of the pending decision is accepted by a fresh copy."""
    for seed in range(40):
        race, rng = new_race(10_000 + seed)
        stop = rng.randint(0, 80)
        bot_rng = random.Random(seed)
        while not race.over and len(race.choices) < stop:
            race.choose(ai.pick(race, race.pending, "random", bot_rng))
        if race.over:
            continue
        saved = race.to_dict()
        for option in race.pending.options[:12]:
            copy = Race.from_dict(saved)
            copy.choose(option)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 200))
def test_a_race_saved_at_any_point_loads_to_the_same_state(seed, cut):
    race, rng = new_race(seed)
    bot_rng = random.Random(seed)
    while not race.over and len(race.choices) < cut:
        race.choose(ai.pick(race, race.pending, "random", bot_rng))
    loaded = Race.from_dict(race.to_dict())
    assert [e.to_dict() for e in loaded.log] == [e.to_dict() for e in race.log]
    assert loaded.pending == race.pending
    assert [(r.square, r.points, r.inventory) for r in loaded.racers] == [
        (r.square, r.points, r.inventory) for r in race.racers
    ]
