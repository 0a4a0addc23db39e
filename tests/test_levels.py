"""The computer levels' one table (game/rules/levels.py) says the truth: who forks the race, who is
offered, and the race's record takes exactly its policies."""

import random
import typing

import pytest

from game import Race, RacerSetup
from game.boards.randomboard import random_board
from game.bots import ai
from game.rules import levels, record
from game.rules.levels import LEVEL_TABLE, Policy


def a_race(policy: str, seed: int = 4) -> Race:
    rng = random.Random(seed)
    board = random_board(rng, racers=2)
    return Race.new(board, [RacerSetup("elf", bot=policy), RacerSetup("orc", bot="random")], turns=5, seed=seed)


def test_the_table_names_each_policy_once_and_the_type_names_the_same():
    assert len(levels.POLICIES) == len(set(levels.POLICIES)) == len(LEVEL_TABLE)
    assert set(levels.POLICIES) == set(typing.get_args(Policy))
    assert levels.LEVELS == ("easy", "normal", "hard", "expert")  # weakest first, as docs/bots.md ranks them
    assert levels.SEARCHING <= levels.FORKING <= set(levels.POLICIES)


@pytest.mark.parametrize("policy", [level.name for level in LEVEL_TABLE if not level.forks])
def test_a_level_the_table_says_does_not_fork_never_forks_the_race(policy, monkeypatch):
    race = a_race(policy)

    def forbidden(*_args, **_kwargs):
        raise AssertionError(f"{policy} forked the race")

    monkeypatch.setattr(Race, "fork", forbidden)
    rng = random.Random(1)
    for _ in range(40):
        if race.over:
            break
        race.choose(ai.pick(race, race.pending, policy if race.pending.racer == 0 else "random", rng))
    assert len(race.choices) > 10


def test_a_level_the_table_says_forks_does_fork_the_race_and_its_race_keeps_snapshots(monkeypatch):
    forking = [level.name for level in LEVEL_TABLE if level.forks]
    assert forking == ["expert"]
    race = a_race("expert")
    assert race._keep_marks
    forks = []
    real = Race.fork
    monkeypatch.setattr(Race, "fork", lambda self, dice: forks.append(1) or real(self, dice))
    while race.pending.racer != 0 or len(race.pending.options) < 2:
        race.choose(ai.pick(race, race.pending, "random", random.Random(2)))
    ai.pick(race, race.pending, "expert", random.Random(3))
    assert forks


def test_the_record_takes_every_policy_of_the_table_and_refuses_another():
    data = a_race("easy").to_dict()
    for policy in levels.POLICIES:
        data["racers"][0]["bot"] = policy
        assert record.check(data)["racers"][0]["bot"] == policy
    data["racers"][0]["bot"] = "grandmaster"
    with pytest.raises(record.RecordError, match="bot"):
        record.check(data)
