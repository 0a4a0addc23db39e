"""The course ahead (game/bots/course.py) against the rules themselves.

With one game turn left, the course's value of a square is the best the racer can expect from his
turn alone: every roll of his dice, every move, drift and action move the race offers, played with
the real engine. These tests take the best path through every option of the real race for every
roll and compare.
"""

from __future__ import annotations

import itertools

import pytest

from game import Race, RacerSetup, RiggedDice
from game.bots.course import Course, course
from tests.scenario import board

# Barriers, a rock, holes (one to fall in, one to jump), the finish line a few rows below.
BOARD = board(
    """
    .1...2....
    ..........
    .#........
    .O...R.O..
    ..........
    ....####..
    ..........
    ...O......
    ..........
    ..........
    #.#.......
    ..........
    .....O....
    ..........
    ...#......
    ..........
    """
)


def best_turn(character: str, square: tuple[int, int]) -> float:
    """The racer's best expected points of one turn from `square`, by trying every option of the race."""
    quick = character == "elf"
    total = 0.0
    rolls = list(itertools.product(range(1, 7), range(1, 7), (2, 3, 4, 5) if quick else (None,)))
    for a, b, g in rolls:
        faces = [("D6", a), ("D6", b)] + ([("DRAPID", g)] if g else []) + [("D6", 1), ("D6", 2)]
        total += _best_path(character, square, faces, []) / len(rolls)
    return total


def _best_path(character: str, square: tuple[int, int], faces: list, chosen: list) -> float:
    def before(race: Race) -> None:
        race.racers[0].row, race.racers[0].col = square

    race = Race.new(
        BOARD,
        [RacerSetup(character), RacerSetup("human")],
        turns=5,
        dice=RiggedDice(faces, order=[0, 1]),
        before=before,
    )
    for option in chosen:
        race.choose(option)
    if race.pending is None or race.pending.racer != 0:
        return race.racers[0].points
    return max(_best_path(character, square, faces, [*chosen, option]) for option in race.pending.options)


SQUARES = [(1, 1), (2, 5), (4, 4), (0, 7), (6, 3), (8, 0), (11, 5), (13, 9), (15, 1)]


@pytest.mark.parametrize("square", SQUARES)
def test_one_turn_of_the_course_is_the_best_the_rules_give_a_racer_alone(square):
    table = Course(BOARD, speed=2, quick=False, turns=1)
    assert table.before_move(square, 1) == pytest.approx(best_turn("human", square), abs=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("square", [(2, 5), (8, 0), (13, 9)])
def test_the_elfs_quick_die_is_in_his_course(square):
    table = Course(BOARD, speed=2, quick=True, turns=1)
    assert table.before_move(square, 1) == pytest.approx(best_turn("elf", square), abs=1e-9)


def test_a_slow_racers_course_is_worth_less():
    fast, slow = Course(BOARD, 2, False, 3), Course(BOARD, 1, False, 3)
    assert all(fast.before_move((r, 0), 3) > slow.before_move((r, 0), 3) for r in range(16) if (r, 0) != (10, 0))


def test_the_finish_line_is_worth_ten_points_within_reach():
    table = Course(BOARD, 2, False, 2)
    # two rows before the line the last turn crosses it for sure; far from it, never: ten points
    # apart, but for a few rows that the open lane of row 4 brings more
    assert table.before_move((14, 8), 1) - table.before_move((4, 8), 1) == pytest.approx(10, abs=0.5)


def test_more_turns_never_bring_less_and_the_board_keeps_its_tables():
    found = course(BOARD, 2, False, 4)
    assert found is course(BOARD, 2, False, 4)
    assert all(
        found.before_move(sq, t + 1) > found.before_move(sq, t) for sq in [(0, 0), (7, 7), (12, 1)] for t in range(4)
    )
