"""Animations the race scene plays: where a walking token is at each moment."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st

from game import Board  # noqa: E402
from scenes.render import motion  # noqa: E402


class _Size:
    """What a slide needs of a board: its size (it walks across the edges)."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width


BOARD = _Size(10, 8)


def test_a_slide_walks_square_by_square_and_ends_on_its_last_square():
    slide = motion.Slide(0, (5, 3), [(4, 3), (3, 3), (3, 4)], BOARD, per_square=0.1)
    assert slide.position() == (5, 3)
    seen = []
    for _ in range(40):
        slide.update(0.01)
        seen.append(slide.position())
    # on a step's squares at each step's end, eased in between, and still at the end
    assert seen[9] == pytest.approx((4.0, 3.0)) and seen[19] == pytest.approx((3.0, 3.0))
    assert 4.0 < seen[4][0] < 5.0 and seen[4][1] == 3.0
    assert seen[-1] == (3, 4) and slide.done


def test_a_slide_over_the_edge_takes_one_step_not_the_long_way_round():
    slide = motion.Slide(0, (0, 7), [(9, 7), (9, 0)], BOARD, per_square=0.1)
    slide.update(0.05)
    row, col = slide.position()
    assert -1.0 < row < 0.0 and col == 7.0  # between row 0 and the row "above" it (9)
    slide.update(0.1)
    row, col = slide.position()
    assert row == pytest.approx(-1.0) and 7.0 < col < 8.0


@given(
    st.lists(st.sampled_from([(-1, 0), (1, 0), (0, -1), (0, 1)]), min_size=1, max_size=12),
    st.lists(st.floats(0.001, 0.2), min_size=1, max_size=60),
)
def test_a_slide_is_always_within_one_step_of_a_square_of_its_path(moves, ticks):
    here, path = (4, 4), []
    for dr, dc in moves:
        here = ((here[0] + dr) % BOARD.height, (here[1] + dc) % BOARD.width)
        path.append(here)
    slide = motion.Slide(0, (4, 4), path, BOARD, per_square=0.1)
    points = slide.points
    for tick in ticks:
        slide.update(tick)
        row, col = slide.position()
        assert any(abs(row - r) + abs(col - c) <= 1.0 + 1e-9 for r, c in points)
    slide.update(10.0)
    assert slide.position() == points[-1]


def test_a_slide_takes_a_real_boards_size():
    board = Board.from_text("S....\n.....\n.....")
    slide = motion.Slide(0, (0, 0), [(0, 1), (0, 2)], board, per_square=0.2)
    slide.update(0.4)
    assert slide.position() == (0, 2)
