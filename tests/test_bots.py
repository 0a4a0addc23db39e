"""Computer racers: legal, deterministic, blind to future dice, and ordered by strength."""

import copy
import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import Dice, Race, RacerSetup, ai, tournament  # noqa: F401
from game.randomboard import random_board

ROOT = Path(__file__).resolve().parent.parent


def race_for(levels, seed):
    rng = random.Random(seed)
    board = random_board(rng, racers=len(levels))
    setups = [RacerSetup(rng.choice(["elf", "orc", "thief", "sorceress", "baby", "human"]), bot=b) for b in levels]
    return Race.new(board, setups, turns=6, seed=seed)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_plays_whole_races_with_legal_options(level):
    for seed in range(3):
        race = race_for([level, "random", level], seed)
        rngs = {i: random.Random(i) for i in range(3)}
        ai.play(race, rngs, {i: s.bot for i, s in enumerate(race.setups)})
        assert race.over


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_level_is_deterministic_for_a_seed(level):
    def play(seed):
        race = race_for([level, level, level], seed)
        ai.play(race, {i: random.Random(10 + i) for i in range(3)}, {i: level for i in range(3)})
        return race.choices

    assert play(4) == play(4)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_searching_bots_do_not_see_the_dice_to_come(level):
    race = race_for([level, "normal", level], 7)
    rngs = {i: random.Random(i) for i in range(3)}
    checked = 0
    limit = 25 if level == "hard" else 8
    while not race.over and checked < limit:
        decision = race.pending
        if race.setups[decision.racer].bot == level:
            bot_rng = copy.deepcopy(rngs[decision.racer])
            real_dice = race.dice
            race.dice = Dice(123456)  # another future
            other = ai.choose(race, decision, level, copy.deepcopy(bot_rng))
            race.dice = real_dice
            assert ai.choose(race, decision, level, bot_rng) == other
            checked += 1
        race.choose(ai.choose(race, decision, race.setups[decision.racer].bot, rngs[decision.racer]))
    assert checked == limit


def test_a_tournament_gives_the_same_records_with_one_process_or_two():
    boards = [dataclasses.replace(random_board(random.Random(s), racers=3), turns=5) for s in range(2)]
    lineup = tournament.level_lineup(["easy", "normal", "random"])
    one = tournament.run(boards, lineup, 12, seed=9, jobs=1)
    two = tournament.run(boards, lineup, 12, seed=9, jobs=2)
    assert [[(s.character, s.bot, s.points) for s in r.seats] for r in one] == [
        [(s.character, s.bot, s.points) for s in r.seats] for r in two
    ]


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
    for seed in range(4):
        race = race_for(["easy", "normal"], seed)
        rng = random.Random(seed)
        while race.pending is not None:
            decision = race.pending
            choice = ai.choose(race, decision, race.setups[decision.racer].bot, rng)
            if race.setups[decision.racer].bot == "easy":
                square = race.racers[decision.racer].square
                blocked_ahead = ai.lane(race, square) <= 1
                if decision.kind == "drift" and not blocked_ahead:
                    assert choice == (0, 0), "a beginner does not step back for nothing"
                if decision.kind == "move" and not blocked_ahead:
                    gone = {o: ai._rows_gone(race, decision, o) for o in decision.options}
                    assert gone[choice] > 0 and gone[choice] >= sorted(gone.values())[-2], (decision.options, choice)
                if decision.kind == "action":
                    assert choice != "coins", "a beginner forgets his coins"
            race.choose(choice)


def test_hard_beats_normal_and_normal_beats_easy_over_a_small_fixed_run():
    boards = [random_board(random.Random(s), racers=3) for s in range(4)]
    boards = [dataclasses.replace(b, turns=8) for b in boards]
    records = tournament.run(boards, tournament.level_lineup(["easy", "normal", "hard"]), 60, seed=3)
    lines = {line.name: line for line in tournament.table(records, "bot")}
    assert lines["hard"].points > lines["normal"].points > lines["easy"].points
    hard_normal = tournament.head_to_head(records, "hard", "normal")
    normal_easy = tournament.head_to_head(records, "normal", "easy")
    assert hard_normal[0] > hard_normal[1]
    assert normal_easy[0] > normal_easy[1]


def test_the_sign_test_and_the_wilson_interval_give_known_values():
    assert tournament.sign_test(12, 0) == pytest.approx(2 / 2**12)
    assert tournament.sign_test(5, 5) == 1.0
    assert tournament.sign_test(60, 40) == pytest.approx(0.0569, abs=1e-3)
    low, high = tournament.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)


def run(*args):
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_the_tournament_command_prints_the_table_and_writes_csv_and_chart(tmp_path):
    out = run(
        "tournament",
        "--bots",
        "easy,normal",
        "--games",
        "4",
        "--seed",
        "2",
        "--csv",
        str(tmp_path / "t.csv"),
        "--plot",
        str(tmp_path / "t.png"),
    )
    assert out.returncode == 0, out.stderr
    assert "win rate" in out.stdout and "sign test p" in out.stdout and "lead changes" in out.stdout
    assert (tmp_path / "t.csv").read_text().count("\n") == 4 * 2 + 1
    assert (tmp_path / "t.png").stat().st_size > 5000


def test_the_balance_command_reports_every_character_seen(tmp_path):
    out = run("balance", "--games", "5", "--racers", "4", "--bot", "easy", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "average win rate" in out.stdout


@pytest.mark.parametrize(
    "args, sentence",
    [
        (["tournament", "--bots", "easy,genius"], "unknown level 'genius'"),
        (["tournament", "--bots", "easy"], "2 to 6 levels"),
        (["balance", "--bot", "clever"], "unknown level 'clever'"),
        (["balance", "--racers", "9"], "between 2 and 6"),
        (["tournament", "--games", "0"], "between 1 and"),
        (["tournament", "--csv", "/no/such/folder/t.csv"], "does not exist"),
        (["tournament", "--board", "/no/such/board.tmx"], "board.tmx"),
    ],
)
def test_bad_series_values_get_one_sentence_and_exit_2_or_1_for_an_unusable_file(args, sentence):
    out = run(*args)
    assert out.returncode == (1 if "--board" in args else 2), out.stdout
    assert sentence in out.stderr and "Traceback" not in out.stderr
