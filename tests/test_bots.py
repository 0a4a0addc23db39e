"""Computer racers: legal, deterministic, blind to future dice, and ordered by strength."""

import copy
import dataclasses
import io
import random
from pathlib import Path

import pytest

from game import Decision, Dice, Race, RacerSetup  # noqa: F401
from game.boards.randomboard import random_board
from game.bots import ai  # noqa: F401
from game.meta import tournament  # noqa: F401
from game.rules.dice import D6, D10
from game.rules.levels import LEVELS

ROOT = Path(__file__).resolve().parent.parent


def race_for(levels, seed):
    rng = random.Random(seed)
    board = random_board(rng, racers=len(levels))
    setups = [RacerSetup(rng.choice(["elf", "orc", "thief", "sorceress", "baby", "human"]), bot=b) for b in levels]
    return Race.new(board, setups, turns=6, seed=seed)


# the expert's look-ahead makes its whole races slow (its choices are checked fast in test_shown_dice)
LEVELS_EXPERT_SLOW = [pytest.param(x, marks=pytest.mark.slow) if x == "expert" else x for x in LEVELS]


@pytest.mark.parametrize("level", LEVELS_EXPERT_SLOW)
def test_every_level_plays_whole_races_with_legal_options(level):
    for seed in range(3):
        race = race_for([level, "random", level], seed)
        rngs = {i: random.Random(i) for i in range(3)}
        ai.play(race, rngs, {i: s.bot for i, s in enumerate(race.setups)})
        assert race.over


def test_the_random_bot_draws_what_random_choice_draws():
    # ai.pick draws the random bot's option itself (without rng.choice's calls): the same options, the same
    # random numbers used, for every number of options, the "undo" of a fireball's path left out as before
    for count in range(1, 70):
        options = tuple((k, -k) for k in range(count))
        decision = Decision(0, "move", options)
        for seed in range(30):
            mine, theirs = random.Random(seed), random.Random(seed)
            drawn = [ai.pick(None, decision, "random", mine) for _ in range(5)]
            assert drawn == [theirs.choice(options) for _ in range(5)]
            assert mine.getstate() == theirs.getstate()
    path = Decision(0, "path", ((3, 4), "end", "undo"))
    mine, theirs = random.Random(5), random.Random(5)
    assert [ai.pick(None, path, "random", mine) for _ in range(20)] == [
        theirs.choice([(3, 4), "end"]) for _ in range(20)
    ]


@pytest.mark.parametrize("level", LEVELS_EXPERT_SLOW)
def test_a_level_is_deterministic_for_a_seed(level):
    def play(seed):
        race = race_for([level, level, level], seed)
        ai.play(race, {i: random.Random(10 + i) for i in range(3)}, {i: level for i in range(3)})
        return race.choices

    assert play(4) == play(4)


@pytest.mark.parametrize("level", [pytest.param(x, marks=pytest.mark.slow) if x == "expert" else x for x in LEVELS])
def test_no_level_sees_the_dice_to_come(level):  # (the expert's, over a second, in the full run)
    race = race_for([level, "normal", level], 7)
    rngs = {i: random.Random(i) for i in range(3)}
    checked = 0
    limit = 25
    while not race.over and checked < limit:
        decision = race.pending
        if race.setups[decision.racer].bot == level:
            bot_rng = copy.deepcopy(rngs[decision.racer])
            real_dice = race.dice
            race.dice = Dice(123456)  # another future
            other = ai.pick(race, decision, level, copy.deepcopy(bot_rng))
            race.dice = real_dice
            assert ai.pick(race, decision, level, bot_rng) == other
            checked += 1
        race.choose(ai.pick(race, decision, race.setups[decision.racer].bot, rngs[decision.racer]))
    assert checked == limit


@pytest.mark.parametrize(
    "lineup",
    [tournament.level_lineup(["easy", "normal", "random"]), tournament.character_lineup(3, "normal")],
    ids=["tournament", "balance"],
)
def test_a_tournament_gives_the_same_records_with_one_process_or_two(lineup):
    boards = [dataclasses.replace(random_board(random.Random(s), racers=3), turns=5) for s in range(2)]
    one = tournament.run(boards, lineup, 12, seed=9, jobs=1)
    two = tournament.run(boards, lineup, 12, seed=9, jobs=2)
    assert [[(s.character, s.bot, s.points) for s in r.seats] for r in one] == [
        [(s.character, s.bot, s.points) for s in r.seats] for r in two
    ]


def test_balance_mixed_draws_a_level_for_each_racer_and_reports_every_character_against_the_band():
    lineup = tournament.character_lineup(6, tournament.MIXED)
    drawn = [lineup(random.Random(seed)) for seed in range(40)]
    levels = [level for _, bots in drawn for level in bots]
    assert set(levels) == set(LEVELS)  # every level seated, racer by racer
    assert any(len(set(bots)) > 1 for _, bots in drawn) and all(len(set(c)) == 6 for c, _ in drawn)
    assert lineup(random.Random(3)) == lineup(random.Random(3))
    boards = [dataclasses.replace(random_board(random.Random(s), racers=6), turns=5) for s in range(2)]
    out = io.StringIO()
    easy_lineup = tournament.character_lineup(6, "easy")
    records = tournament.balance_report(boards, 6, 4, "easy", 6, out, progress=None)
    said = out.getvalue()
    assert "within 0.67x-1.33x of it" in said and "lowest" in said and "highest" in said
    assert len(records) == 6 and easy_lineup(random.Random(1))[1] == ["easy"] * 6


def test_ratings_order_the_levels_with_intervals_around_them():
    def record(points):
        return tournament.RaceRecord(
            [tournament.Seat(0, 0, "b", "elf", bot, p, 0, {}) for bot, p in points.items()], 0, False
        )

    records = [record({"a": 30, "b": 20, "c": 10}) for _ in range(30)] + [
        record({"a": 10, "b": 30, "c": 20}) for _ in range(10)
    ]
    rows = tournament.ratings(records, ["a", "b", "c"], seed=1, samples=60)
    assert [row.name for row in rows] == ["a", "b", "c"]
    for row in rows:
        assert row.low <= row.rating <= row.high
    assert rows[0].rating - rows[2].rating > 100


def test_the_beginner_never_walks_backwards_or_into_a_wall_when_he_can_go_on():
    checked = {"drift": 0, "move": 0, "action": 0}
    for seed in range(4):
        race = race_for(["easy", "normal"], seed)
        rng = random.Random(seed)
        while race.pending is not None:
            decision = race.pending
            choice = ai.pick(race, decision, race.setups[decision.racer].bot, rng)
            if race.setups[decision.racer].bot == "easy":
                square = race.racers[decision.racer].square
                blocked_ahead = ai.lane(race, square) <= 1
                if decision.kind == "drift" and not blocked_ahead:
                    assert choice == (0, 0), "a beginner does not step back for nothing"
                    checked["drift"] += 1
                if decision.kind == "move" and not blocked_ahead:
                    gone = {o: ai._rows_gone(race, decision, o) for o in decision.options}
                    assert gone[choice] > 0 and gone[choice] >= sorted(gone.values())[-2], (decision.options, choice)
                    checked["move"] += 1
                if decision.kind == "action":
                    assert choice != "coins", "a beginner forgets his coins"
                    checked["action"] += 1
            race.choose(choice)
    assert min(checked.values()) >= 5, checked  # each rule was put to the test, more than once


@pytest.mark.slow  # a tournament of 40 races a lineup
def test_the_levels_are_ordered_over_a_small_fixed_run():
    boards = [random_board(random.Random(s), racers=4) for s in range(4)]
    boards = [dataclasses.replace(b, turns=8) for b in boards]
    records = tournament.run(boards, tournament.level_lineup(list(LEVELS)), 40, seed=3, jobs=2)
    lines = {line.name: line for line in tournament.table(records, "bot")}
    assert lines["expert"].points > lines["hard"].points > lines["normal"].points > lines["easy"].points
    for better, worse in zip(LEVELS[1:], LEVELS):
        above, below, _ = tournament.head_to_head(records, better, worse)
        assert above > below, (better, worse, above, below)
    rows = tournament.ratings(records, LEVELS, seed=3, samples=40)
    assert [row.name for row in rows] == ["expert", "hard", "normal", "easy"]


def test_a_samples_dice_give_every_option_the_same_luck_for_the_same_racers_turn():
    race = race_for(["expert", "normal"], 2)
    faces = []
    for _ in range(2):
        dice = ai.SampledDice(99, race)
        faces.append([dice.roll(D6) for _ in range(5)] + [dice.roll(D10)])
    assert faces[0] == faces[1]
    assert len(set(faces[0][:5])) > 1, "the dice of one turn differ from roll to roll"
    other = ai.SampledDice(100, race)
    assert [other.roll(D6) for _ in range(5)] + [other.roll(D10)] != faces[0]
    every = [ai.SampledDice(seed, race).roll(D6) for seed in range(600)]
    assert all(70 <= every.count(face) <= 130 for face in range(1, 7)), "each face about a sixth of the time"


def test_turns_left_count_the_turn_a_racer_plays_or_has_yet_to_play():
    race = race_for(["normal", "normal", "normal"], 5)
    current = race.current
    slot = race.order.index(current)
    for r in range(3):
        expected = race.turns - race.turn + (1 if race.order.index(r) >= slot else 0)
        assert ai.turns_left(race, r) == expected
    while race.pending is not None:
        race.choose(race.pending.options[0])
    assert all(ai.turns_left(race, r) == 0 for r in range(3))


def test_the_levels_look_further_and_further_down_the_lane():
    # a fence across columns 0-2, row 11: straight on (6, 0) ends 4 squares above it; the L-move
    # (5, -1) ends in column 7, an open lane. Normal looks 3 squares ahead and sees nothing wrong;
    # hard (7 squares) and expert (the course ahead) step aside.
    from tests.scenario import scenario

    race = scenario(
        """
        1.....2.
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ###.....
        """,
        ["human", "human"],
        faces=[("D6", 6), ("D6", 1)],
    )
    decision = race.pending
    assert decision.kind == "move"
    assert ai._ranked(race, decision, ai.NORMAL)[0] == (6, 0)
    for judges in (ai.HARD, ai.EXPERT):
        ranked = ai._ranked(race, decision, judges)
        assert ranked.index((5, -1)) < ranked.index((6, 0))
