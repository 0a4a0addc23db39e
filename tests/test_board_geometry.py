"""The board's tables of squares (`Board.steps`, `Board.around`, `Board.rocks`) give what `Board.wrap`
gives square by square, on boards of every size down to one square."""

import random

import pytest

from game.boards.board import FLOOR, ROCK, Board


def floor(width: int, height: int) -> Board:
    return Board(width=width, height=height, terrain=tuple((FLOOR,) * width for _ in range(height)))


SIZES = [(1, 1), (1, 3), (2, 2), (3, 5), (8, 16), (13, 21)]


@pytest.mark.parametrize("width, height", SIZES)
def test_a_straight_step_is_the_square_wrap_gives(width, height):
    board = floor(width, height)
    for row in range(height):
        for col in range(width):
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                assert board.steps[dr, dc][row][col] == board.wrap(row + dr, col + dc)


@pytest.mark.parametrize("width, height", SIZES)
def test_the_squares_around_are_those_wrap_gives_row_by_row_but_the_square_itself(width, height):
    board = floor(width, height)
    rng = random.Random(width * 100 + height)
    for _ in range(10):
        square = (rng.randrange(height), rng.randrange(width))
        for reach in range(5):
            steps = range(-reach, reach + 1)
            expected = [board.wrap(square[0] + dr, square[1] + dc) for dr in steps for dc in steps]
            assert board.around(square, reach) == [s for s in expected if s != square]


def test_signed_differences_go_the_shortest_way_round():
    board = floor(8, 16)
    assert board.row_delta((1, 0), (15, 0)) == -2
    assert board.row_delta((15, 0), (1, 0)) == 2
    assert board.col_delta((0, 7), (0, 1)) == 2
    assert board.col_delta((0, 1), (0, 7)) == -2
    assert board.col_delta((0, 0), (0, 4)) == 4


def test_rocks_are_the_walls_that_are_rocks():
    board = Board.from_text("R#..\n" + "....\n" * 15)
    assert board.rocks == {(0, 0)}
    assert board.walls == {(0, 0), (0, 1)}
    assert board.terrain_at((0, 0)) == ROCK
