"""Random legal boards, for property tests, fuzzing and benchmarks."""

from __future__ import annotations

import random

from game.boards.board import BARRIER, CHEST, CLOVER, COIN, FLOOR, HOLE, ROCK, SHIELD, SHORTCUT, Board, Square

TERRAIN_WEIGHTS: tuple[tuple[str, int], ...] = ((FLOOR, 80), (BARRIER, 6), (ROCK, 4), (HOLE, 5), (SHORTCUT, 5))
OBJECT_WEIGHTS: tuple[tuple[str | None, int], ...] = ((None, 85), (CHEST, 4), (COIN, 4), (CLOVER, 4), (SHIELD, 3))


def random_board(rng: random.Random, racers: int = 6, chests_everywhere: bool = False) -> Board:
    """A legal board: 8-14 columns, 16-24 rows, starts on row 0, every kind of square likely."""
    width, height = rng.randint(8, 14), rng.randint(16, 24)
    kinds, weights = zip(*TERRAIN_WEIGHTS)
    terrain = [[rng.choices(kinds, weights)[0] for _ in range(width)] for _ in range(height)]
    start_cols = sorted(rng.sample(range(width), racers))
    for col in start_cols:
        terrain[0][col] = FLOOR
    objects: dict[Square, str] = {}
    things, chances = zip(*OBJECT_WEIGHTS)
    for row in range(height):
        for col in range(width):
            if terrain[row][col] in (FLOOR, SHORTCUT) and not (row == 0 and col in start_cols):
                found = CHEST if chests_everywhere and rng.random() < 0.25 else rng.choices(things, chances)[0]
                if found:
                    objects[(row, col)] = found
    return Board(
        width=width,
        height=height,
        terrain=tuple(tuple(r) for r in terrain),
        objects=objects,
        starts=tuple((0, c) for c in start_cols),
        name=f"random-{width}x{height}",
        respawn_turns=(3, 5, 7, 9, 11, 13),
    )
