"""The engine as a hypothesis state machine: random legal choices, save and load round trips,
forks and replays in any order, with the engine's invariants checked after every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game import Dice, Race, RacerSetup
from game.boards.board import BARRIER, ROCK
from game.boards.randomboard import random_board
from game.bots import ai
from game.meta.replay import check, parse, record
from game.rules.characters import CHARACTERS

QUICK_BOTS = ("random", "easy", "normal")


def state(race: Race) -> tuple:
    """Everything a player can see of a race, to compare two races."""
    return (
        race.turn,
        race.current,
        race.phase,
        tuple(race.order),
        race.over,
        race.pending,
        tuple(
            (
                r.square,
                r.points,
                r.inventory,
                r.protected,
                r.rows,
                r.laps,
                tuple(sorted(r.by_cause.items())),
                r.poisoned,
                r.stars,
                r.baby_step,
                tuple(sorted(r.wand_used.items())),
            )
            for r in race.racers
        ),
        frozenset(race.taken),
        frozenset(race.destroyed),
        tuple(sorted(race.traps.items())),
        tuple(race.choices),
        len(race.log),
    )


class RaceMachine(RuleBasedStateMachine):
    """One race at a time; a finished race is followed by a new one."""

    def __init__(self) -> None:
        super().__init__()
        self.race: Race | None = None
        self.booked: list[int] = []
        self.races = 0

    # ---------------------------------------------------------------- races
    def _new(self, seed: int) -> None:
        rng = random.Random(seed)
        count = rng.randint(2, 6)
        board = random_board(rng, racers=count, chests_everywhere=rng.random() < 0.25)
        setups = [RacerSetup(rng.choice(list(CHARACTERS)), bot=rng.choice(QUICK_BOTS)) for _ in range(count)]
        self.race = Race.new(board, setups, turns=rng.randint(5, 15), seed=seed)
        self.booked = [0] * count
        self.races += 1
        self._book()

    def _book(self) -> None:
        for happened in self.race.take_events():
            if happened.kind == "scored":
                self.booked[happened.racer] += happened.points
            if happened.kind == "race_over":
                event("a race ran to its end")

    @initialize(seed=st.integers(0, 2**31))
    def first_race(self, seed):
        self._new(seed)

    @rule(seed=st.integers(0, 2**31))
    @precondition(lambda self: self.race.over)
    def new_race(self, seed):
        self._new(seed)

    # ---------------------------------------------------------------- choices
    @rule(data=st.data())
    @precondition(lambda self: not self.race.over)
    def choose_any_legal_option(self, data):
        option = data.draw(st.sampled_from(self.race.pending.options), label="option")
        self.race.choose(option)
        self._book()

    @rule(policy=st.sampled_from(QUICK_BOTS), seed=st.integers(0, 1000), steps=st.integers(1, 150))
    @precondition(lambda self: not self.race.over)
    def bots_play_a_while(self, policy, seed, steps):
        rng = random.Random(seed)
        for _ in range(steps):
            if self.race.over:
                break
            self.race.choose(ai.pick(self.race, self.race.pending, policy, rng))
            self._book()

    # ---------------------------------------------------------------- saves, forks, replays
    @rule()
    def save_and_load_round_trip(self):
        before = state(self.race)
        loaded = Race.from_dict(self.race.to_dict())
        assert state(loaded) == before
        assert [e.to_dict() for e in loaded.log] == [e.to_dict() for e in self.race.log]
        self.race = loaded  # play on from the loaded race

    @rule(dice_seed=st.integers(0, 2**31), data=st.data())
    @precondition(lambda self: not self.race.over)
    def a_fork_leaves_the_race_alone(self, dice_seed, data):
        before = state(self.race)
        fork = self.race.fork(Dice(dice_seed))
        assert fork.pending == self.race.pending
        assert [(r.square, r.points) for r in fork.racers] == [(r.square, r.points) for r in self.race.racers]
        for _ in range(data.draw(st.integers(0, 25), label="fork steps")):
            if fork.over:
                break
            fork.choose(data.draw(st.sampled_from(fork.pending.options), label="fork option"))
        assert state(self.race) == before

    @rule()
    @precondition(lambda self: len(self.race.choices) % 3 == 0)
    def the_replay_checks_and_re_records_identically(self):
        text = record(self.race)
        replay = parse(text)
        result = check(replay)
        assert result.ok, result.message
        assert result.events == len(self.race.log)

    # ---------------------------------------------------------------- invariants
    @invariant()
    def points_are_the_sum_of_the_scored_events(self):
        self._book()
        for r in self.race.racers:
            assert r.points == self.booked[r.index], f"{r.name}: {r.points} points, events say {self.booked[r.index]}"

    @invariant()
    def distance_points_are_rows_and_laps(self):
        for r in self.race.racers:
            assert r.by_cause.get("distance", 0) + r.by_cause.get("lap", 0) == r.rows + 10 * r.laps

    @invariant()
    def racers_stand_on_the_board_never_on_a_barrier_or_rock(self):
        board = self.race.board
        for r in self.race.racers:
            assert 0 <= r.row < board.height and 0 <= r.col < board.width
            assert self.race.terrain_at(r.square) not in (BARRIER, ROCK)

    @invariant()
    def inventories_are_never_negative(self):
        for r in self.race.racers:
            inv = r.inventory
            assert min(inv.clovers, inv.shields, inv.coins, r.stars) >= 0

    @invariant()
    def a_pending_decision_has_at_least_two_distinct_options_until_the_end(self):
        race = self.race
        assert (race.pending is None) == race.over
        if race.pending is not None:
            assert len(race.pending.options) >= 2
            assert len(set(race.pending.options)) == len(race.pending.options)
            assert 0 <= race.pending.racer < len(race.racers)
        if race.over:
            assert race.log[-1].kind == "race_over"


TestRaceMachine = pytest.mark.slow(RaceMachine.TestCase)  # 40 random runs of 40 steps
TestRaceMachine.settings = settings(
    max_examples=40,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
