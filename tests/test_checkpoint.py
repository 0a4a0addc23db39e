"""One checkpoint primitive: `Race.checkpoint()` is the race at one decision as one record and
`Race.restore()` makes it again; the bots' forks, the local undo (game/app/session.py) and the replay's
timeline (game/meta/timeline.py) are all made from it, and each gives the race a replay from the start
gives. No other way of copying a race is left in game/ or scenes/."""

from __future__ import annotations

import dataclasses
import inspect
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Race, RacerSetup
from game.boards.randomboard import random_board
from game.bots import ai
from game.meta.replay import parse, record
from game.meta.timeline import Timeline
from game.rules.state import FIXED, MOMENT, Racer

ROOT = Path(__file__).resolve().parent.parent
# The ways of copying an object by hand; one copy of a race's moment is allowed: a racer's (`Racer.copy`,
# what a checkpoint's mark holds).
COPYING = ("object.__new__", "__dict__.update", "__dict__ =", "deepcopy", "copy.copy(", "_fork_by_replay")


def a_race(seed: int) -> Race:
    """A race of a person and three computer racers (it keeps marks) on a random board."""
    rng = random.Random(seed)
    board = random_board(rng, racers=4)
    characters = rng.sample(["elf", "human", "dwarf", "goblin", "orc", "beastman", "sorceress", "baby", "thief"], 4)
    bots = [None, "random", "easy", "normal"]
    return Race.new(board, [RacerSetup(c, bot=b) for c, b in zip(characters, bots)], 6, seed)


def played(seed: int) -> Race:
    """The race played to its end by random choices."""
    race, rng = a_race(seed), random.Random(seed)
    while not race.over:
        race.choose(ai.pick(race, race.pending, "random", rng))
    return race


def from_start(race: Race, made: int) -> Race:
    """The race replayed from its start with its first `made` choices, every event taken."""
    again = Race.new(race.board, race.setups, race.turns, race.seed)
    for choice in race.choices[:made]:
        again.choose(choice)
    again.take_events()
    return again


def state(race: Race, log: bool = True) -> dict:
    """Everything a race is at a decision: its moment, pending decision, choices, dice (and its log)."""
    seen = {name: getattr(race, name) for name in MOMENT}
    seen["racers"] = [dataclasses.asdict(r) for r in race.racers]
    seen.update(pending=race.pending, choices=list(race.choices), dice=race.dice.getstate(), over=race.over)
    if log:
        seen.update(log=list(race.log), told=race._told)
    return seen


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), fraction=st.floats(0, 1))
def test_fork_undo_and_timeline_each_give_the_race_a_replay_from_the_start_gives(seed, fraction):
    race = played(seed)
    made = int(fraction * len(race.choices))
    reference = from_start(race, made)
    # the local undo: a race a few choices further, its checkpoint with `made` choices restored
    ahead = from_start(race, min(len(race.choices), made + 3))
    assert state(Race.restore(ahead.checkpoint(made))) == state(reference)
    # the replay's timeline
    timeline = Timeline(parse(record(race)))
    assert state(timeline.race_at(made)) == state(reference)
    # a bot's fork, with dice that go on as the race's: the same race, and the same after more choices
    if not reference.over:
        fork = reference.fork(reference.dice.replica(reference.dice.getstate()))
        assert state(fork, log=False) == state(reference, log=False)
        for choice in race.choices[made : made + 5]:
            fork.choose(choice)
            reference.choose(choice)
        assert state(fork, log=False) == state(reference, log=False)


def test_a_checkpoint_is_one_record_that_restores_the_race_again_and_again():
    race = played(7)
    checkpoint = from_start(race, 60).checkpoint()
    with pytest.raises(dataclasses.FrozenInstanceError):
        checkpoint.choices = ()  # type: ignore[misc]
    assert checkpoint.fixed == tuple(getattr(race, name) for name in FIXED)  # (what never changes, in order)
    first, second = Race.restore(checkpoint), Race.restore(checkpoint)
    assert state(first) == state(second)
    first.choose(race.choices[60])
    assert state(second) == state(Race.restore(checkpoint))  # restoring shares nothing a race changes
    with pytest.raises(ValueError, match="cannot be forked"):
        first.fork(first.dice).checkpoint()
    with pytest.raises(ValueError, match="not 999"):
        first.checkpoint(999)


def test_no_other_copy_path_of_a_race_is_left():
    found = []
    for folder in ("game", "scenes"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found += [(path.relative_to(ROOT).as_posix(), number, way) for way in COPYING if way in line]
    racer_copy = inspect.getsource(Racer.copy)
    others = [
        (path, number, way) for path, number, way in found if not (path == "game/rules/state.py" and way in racer_copy)
    ]
    assert others == [], f"a copy of a race other than its checkpoint: {others}"
    assert {way for _, _, way in found} <= {"object.__new__", "__dict__ ="}
    session = (ROOT / "game/app/session.py").read_text(encoding="utf-8")
    timeline = (ROOT / "game/meta/timeline.py").read_text(encoding="utf-8")
    assert "Race.restore(" in session and "Race.restore(" in timeline and "from_dict" not in session + timeline
