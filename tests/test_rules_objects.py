"""docs/rules-spec.md section 8: the objects, one rule per test, on text boards with rigged dice.

Racer 0 plays first; in most tests he walks one row with ("D6", 1) / ("D6", 2)
and the (1, 0) move, does not drift, and uses an object in his action phase.
`NEXT` rigs the next racer's movement roll so the race can pause there.
"""

from __future__ import annotations

import pytest

from game import IllegalChoice
from game.rules.race import Trap
from tests.scenario import choose, events, kinds, points, racer, scenario, shocks, to_action

STEP = [("D6", 1), ("D6", 2)]  # racer 0's movement roll: he walks one row with (1, 0)
NEXT = [("D6", 1), ("D6", 2)]  # the next racer's movement roll (the race pauses at his move)


def arrange(objects=(), unprotect=(), points=None, clovers=0, shields=None, coins=0, traps=None, taken=()):
    """A `before=`: racer 0's objects, clovers and coins, unprotected racers, points, traps."""

    def before(race):
        race.racers[0].inventory.objects.extend(objects)
        race.racers[0].inventory.clovers = clovers
        race.racers[0].inventory.coins = coins
        for i in unprotect:
            race.racers[i].protected = False
        for i, p in (points or {}).items():
            race.racers[i].points = p
        for i, n in (shields or {}).items():
            race.racers[i].inventory.shields = n
        for square, trap in (traps or {}).items():
            race.traps[square] = trap
        race.taken.update(taken)

    return before


def target_options(race):
    assert race.pending.kind == "target"
    return set(race.pending.options)


# ---------------------------------------------------------------- ring of fire
def test_the_ring_of_fire_reaches_ten_plus_two_d10_squares():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["elf", "orc"],
        faces=STEP + [("DRAPID", 5), ("D10", 2), ("D10", 3)],
        before=arrange(["ring_of_fire"]),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    assert race.pending.kind == "path" and race.pending.info["reach"] == 15
    for _ in range(15):
        choose(race, race.pending.options[0])  # straight forward
    assert set(race.pending.options) == {"end", "undo"}


def test_a_clover_flips_a_ring_of_fire_d10_before_the_range_is_fixed():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D10", 1), ("D10", 2)],
        before=arrange(["ring_of_fire"], clovers=1),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    assert race.pending.kind == "clover"
    choose(race, (0,))
    assert race.pending.info["reach"] == 10 + 10 + 2
    assert racer(race, 0).inventory.clovers == 0


def test_the_fireball_path_starts_beside_the_user_and_goes_forward_left_or_right_never_back():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D10", 5), ("D10", 5)],
        before=arrange(["ring_of_fire"]),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    assert set(race.pending.options) == {(2, 2), (1, 1), (1, 3)}  # no "end" before one square
    choose(race, (1, 3))
    assert set(race.pending.options) == {(2, 3), (1, 4), "end", "undo"}  # not back onto the user


def test_a_fireball_path_that_would_return_to_a_row_it_left_is_not_offered():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D10", 10), ("D10", 10)],
        before=arrange(["ring_of_fire"]),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    choose(race, (1, 3))
    for row in list(range(2, 16)) + [0]:
        choose(race, (row, 3))  # all the way round the torus to row 0
    choose(race, (0, 4))
    # (1, 4) was never entered, but row 1 was left at the first forward step.
    assert (1, 4) not in race.pending.options
    assert set(race.pending.options) == {(0, 5), "end", "undo"}


def test_a_fireball_never_enters_a_square_twice_and_wraps_around_the_side_edges():
    race = scenario(
        """
        1.......
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D10", 5), ("D10", 5)],
        before=arrange(["ring_of_fire"]),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    assert (1, 7) in race.pending.options  # left of column 0 is column 7
    choose(race, (1, 7))
    choose(race, (1, 6))
    assert (1, 7) not in race.pending.options  # already entered
    choose(race, "undo")
    assert race.pending.info["path"] == [(1, 7)]
    assert set(race.pending.options) == {(2, 7), (1, 6), "end", "undo"}  # (1, 0) is the user's


def test_a_fireball_passes_over_rocks_and_racers_destroys_barriers_and_traps_and_shocks_in_path_order():
    race = scenario(
        """
        ..1.....
        ........
        ..34....
        ...R#...
        .....2..
    """,
        ["dwarf", "goblin", "elf", "human"],
        faces=STEP + [("D10", 3), ("D10", 3), ("D6", 5), ("D10", 2)] + NEXT,
        before=arrange(["ring_of_fire"], unprotect=[1, 2], traps={(3, 5): Trap(1)}),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    for square in [(2, 2), (2, 3), (3, 3), (3, 4), (3, 5), (4, 5)]:
        choose(race, square, kind="path")
    choose(race, "end")
    assert events(race, "fireball") == [
        {"racer": 0, "object": "ring_of_fire", "path": [(2, 2), (2, 3), (3, 3), (3, 4), (3, 5), (4, 5)]}
    ]
    assert events(race, "barrier_destroyed") == [{"square": (3, 4), "by": 0}]
    assert events(race, "trap_destroyed") == [{"square": (3, 5), "by": 0}]
    assert race.traps == {}
    # Racer 2 (elf) comes first on the path: small; racer 1 on the last square: big; the
    # protected human (racer 3) on (2, 3) is spared.
    assert shocks(race) == [(2, "small", 0), (1, "big", 0)]
    assert racer(race, 2).square == (0, 2)
    assert racer(race, 1).square == (3, 5)
    assert points(race, 0, "shock") == 1 + 2


def test_the_fireball_path_may_stop_at_any_length_up_to_its_range():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["dwarf", "goblin"],
        faces=STEP + [("D10", 1), ("D10", 1), ("D10", 5)] + NEXT,
        before=arrange(["ring_of_fire"], unprotect=[1]),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    assert race.pending.info["reach"] == 12
    choose(race, (2, 2), "end")
    assert shocks(race) == [(1, "big", 0)]  # alone on the last square: big


# ---------------------------------------------------------------- ring of lightning
def test_lightning_skips_a_racer_with_fewer_points_than_the_user():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ..2.3...
    """,
        ["dwarf", "orc", "elf"],
        faces=STEP + [("D3", 2), ("D3", 1)] + NEXT,
        before=arrange(["ring_of_lightning"], unprotect=[1, 2], points={0: 4, 1: 5, 2: 4}),
    )
    to_action(race)  # the user walks one row: 5 points
    choose(race, "use:ring_of_lightning")
    assert events(race, "lightning") == [{"racer": 0, "targets": [1], "leaders": [1]}]
    assert racer(race, 1).square == (8 - 3, 2)  # the leader: both D3
    assert racer(race, 2).square == (8, 4)  # 4 points < 5: spared
    assert points(race, 0, "lightning") == 2


def test_lightning_pushes_a_leader_back_by_both_d3_and_the_others_by_the_first():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ..2.3...
    """,
        ["dwarf", "orc", "elf"],
        faces=STEP + [("D3", 2), ("D3", 3)] + NEXT,
        before=arrange(["ring_of_lightning"], unprotect=[1, 2], points={1: 9, 2: 3}),
    )
    to_action(race)
    choose(race, "use:ring_of_lightning")
    assert events(race, "lightning") == [{"racer": 0, "targets": [1, 2], "leaders": [1]}]
    assert events(race, "placed")[:2] == [
        {"racer": 1, "start": (8, 2), "end": (3, 2), "cause": "lightning"},
        {"racer": 2, "start": (8, 4), "end": (6, 4), "cause": "lightning"},
    ]
    assert points(race, 0, "lightning") == 4
    assert racer(race, 1).points == 9 - 5


def test_lightning_ties_for_the_lead_all_lead():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ..2.3...
    """,
        ["dwarf", "orc", "elf"],
        faces=STEP + [("D3", 1), ("D3", 1)] + NEXT,
        before=arrange(["ring_of_lightning"], unprotect=[1, 2], points={1: 6, 2: 6}),
    )
    to_action(race)
    choose(race, "use:ring_of_lightning")
    assert events(race, "lightning")[0]["leaders"] == [1, 2]
    assert racer(race, 1).square == (6, 2) and racer(race, 2).square == (6, 4)


def test_barriers_protect_against_lightning_and_only_targets_moved_score():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ..#.....
        ....#...
        ..2.3...
    """,
        ["dwarf", "orc", "elf"],
        faces=STEP + [("D3", 3), ("D3", 3)] + NEXT,
        before=arrange(["ring_of_lightning"], unprotect=[1, 2], points={1: 9, 2: 3}),
    )
    to_action(race)
    choose(race, "use:ring_of_lightning")
    assert racer(race, 1).square == (7, 2)  # 6 rows asked, stopped under the barrier
    assert racer(race, 2).square == (8, 4)  # barrier just above: not moved
    assert points(race, 0, "lightning") == 2
    assert "barrier_destroyed" not in kinds(race)


def test_lightning_is_no_shock_no_shield_no_vicious():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ..2.....
    """,
        ["goblin", "orc"],
        faces=STEP + [("D3", 1), ("D3", 2)] + NEXT,
        before=arrange(["ring_of_lightning"], unprotect=[1], points={1: 5}, shields={1: 1}),
    )
    to_action(race)
    choose(race, "use:ring_of_lightning")
    assert racer(race, 1).square == (5, 2)  # the leader, 1 + 2 rows
    assert racer(race, 1).inventory.shields == 1  # no shield decision was asked
    assert "shock" not in kinds(race)
    assert points(race, 0, "vicious") == 0
    assert points(race, 0, "lightning") == 2


def test_a_racer_pushed_by_lightning_onto_an_opponent_is_attacked_by_him():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ..3.....
        ........
        ..2.....
    """,
        ["dwarf", "goblin", "orc"],
        faces=STEP + [("D3", 1), ("D3", 1), ("DCOMBAT", 50), ("D10", 5)],
        before=arrange(["ring_of_lightning"], unprotect=[1, 2], points={1: 5}),
    )
    to_action(race)
    choose(race, "use:ring_of_lightning")
    # The goblin (the leader, 1 + 1 rows) lands on the orc, who has fewer points than the
    # user and is no target: the orc, there first, attacks (a lightning recoil is suffered).
    assert events(race, "lightning") == [{"racer": 0, "targets": [1], "leaders": [1]}]
    assert events(race, "fight") == [{"attacker": 2, "defender": 1, "square": (6, 2)}]
    assert racer(race, 1).square == (4, 2)


def test_lightning_is_not_offered_without_targets():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ..2.3...
    """,
        ["dwarf", "orc", "elf"],
        faces=STEP,
        before=arrange(["ring_of_lightning"], unprotect=[1], points={0: 8, 1: 3, 2: 20}),
    )
    to_action(race)
    # Racer 1 has fewer points; racer 2 has more but is protected (he has not played yet).
    assert "use:ring_of_lightning" not in race.pending.options


# ---------------------------------------------------------------- magic axe
AXE_BOARD = """
    ....1...........
    ................
    ...........2....
    ..3.....#.......
    ................
    ........4.......
    ................
    ..........5.....
"""


def test_the_axe_targets_exactly_the_opponents_barriers_and_traps_within_six_king_steps():
    race = scenario(
        AXE_BOARD,
        ["dwarf", "orc", "elf", "human", "goblin"],
        faces=STEP,
        before=arrange(["axe"], unprotect=[1, 2, 4], traps={(6, 4): Trap(1)}),
    )
    to_action(race)  # the user stands on (1, 4)
    choose(race, "use:axe")
    # (2, 11) is 7 king steps away; (5, 8) holds a protected racer; (7, 10) is 6 away.
    assert target_options(race) == {(3, 2), (3, 8), (6, 4), (7, 10)}


def test_the_axes_path_goes_round_rocks_and_may_squeeze_between_them_diagonally():
    race = scenario(
        """
        .....1....
        ..........
        RRRRR.....
        .....RRRRR
        ....2.....
        ..........
        ..........
        ..........
        ...RRR....
        ...R3R....
        ...R.R....
        ..........
    """,
        ["dwarf", "goblin", "elf"],
        faces=STEP + [("D10", 2)] + NEXT,
        before=arrange(["axe"], unprotect=[1, 2]),
    )
    to_action(race)
    # (4, 4): 3 steps through the diagonal gap between the rocks (2, 4) and (3, 5); every
    # other way crosses the walls of rows 2-3 the same way. (9, 4) is too far: the only
    # target, so it is taken at once.
    choose(race, "use:axe")
    assert events(race, "thrown") == [{"racer": 0, "object": "axe", "square": (4, 4)}]
    assert shocks(race) == [(1, "big", 0)]


def test_the_axe_ignores_king_distance_when_rocks_make_the_way_longer():
    race = scenario(
        """
        ....1.....
        ..........
        ..........
        ...RRR....
        ...R2R....
        ...R.R....
        ..........
    """,
        ["dwarf", "orc"],
        faces=STEP,
        before=arrange(["axe", "spear"], unprotect=[1]),
    )
    to_action(race)
    # (4, 4) is 3 king steps from (1, 4), but its pocket of rocks opens only below: the
    # shortest rock-free way is (2, 3), (3, 2), (4, 2), (5, 2), (6, 3), (5, 4), (4, 4): 7 steps.
    assert "use:axe" not in race.pending.options
    assert "use:spear" not in race.pending.options  # the rock at (3, 4) stops the spear


def test_the_axe_gives_a_big_shock_and_scores_two():
    race = scenario(
        """
        ....1...
        ........
        ......2.
    """,
        ["dwarf", "elf"],
        faces=STEP + [("D10", 8)] + NEXT + [("DRAPID", 2)],
        before=arrange(["axe"], unprotect=[1]),
    )
    to_action(race)
    choose(race, "use:axe")  # the only target: taken at once
    assert events(race, "thrown") == [{"racer": 0, "object": "axe", "square": (2, 6)}]
    assert shocks(race) == [(1, "big", 0)]
    assert racer(race, 1).square == (15, 6)  # 3 rows back over the start line
    assert points(race, 0, "shock") == 2
    assert racer(race, 0).inventory.objects == []


def test_an_axe_destroys_the_barrier_it_targets():
    race = scenario(
        """
        ....1...
        ........
        ..#.....
        ........
        ........
        ........
        ........
        ........
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + NEXT,
        before=arrange(["axe"]),
    )
    to_action(race)
    choose(race, "use:axe")  # the only target: taken at once
    assert events(race, "barrier_destroyed") == [{"square": (2, 2), "by": 0}]
    assert race.terrain_at((2, 2)) == "floor"


# ---------------------------------------------------------------- magic spear
def test_the_spear_flies_straight_in_four_directions_up_to_ten_squares_stopped_only_by_rocks():
    race = scenario(
        """
        1.......................
        ..#..3....2..4..........
        ........................
        ...6....................
        R.......................
        ........................
        5.......................
    """,
        ["dwarf", "orc", "elf", "human", "goblin", "baby"],
        faces=STEP,
        before=arrange(["spear"], unprotect=[1, 2, 3, 4, 5]),
    )
    to_action(race)  # the user stands on (1, 0)
    choose(race, "use:spear")
    # Right: barrier (1, 2), racer (1, 5), racer (1, 10) past them; (1, 13) is 11 away.
    # Down: the rock (4, 0) hides racer (6, 0). Diagonal (3, 3): never.
    assert target_options(race) == {(1, 2), (1, 5), (1, 10)}


def test_the_spear_reaches_backwards_and_round_the_edges():
    race = scenario(
        """
        ..1.....
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
        ........
        ........
        ........
        ..2.....
    """,
        ["dwarf", "goblin"],
        faces=STEP + [("D10", 2)] + NEXT,
        before=arrange(["spear"], unprotect=[1]),
    )
    to_action(race)  # (1, 2); racer 1 is 3 rows back via row 0
    choose(race, "use:spear")
    assert events(race, "thrown")[0]["square"] == (14, 2)
    assert shocks(race) == [(1, "big", 0)]


def test_the_spear_destroys_a_trap():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + NEXT,
        before=arrange(["spear"], traps={(1, 6): Trap(1)}),
    )
    to_action(race)
    choose(race, "use:spear")
    assert events(race, "trap_destroyed") == [{"square": (1, 6), "by": 0}]
    assert race.traps == {}


# ---------------------------------------------------------------- trap
def test_a_trap_goes_on_an_empty_square_within_three_king_steps():
    race = scenario(
        """
        ...1.....
        .........
        .#R.O$C..
        ...3..2..
        .........
        .........
    """,
        ["dwarf", "orc", "elf"],
        faces=STEP,
        before=arrange(["trap"], unprotect=[1], traps={(4, 3): Trap(1)}, taken=[(2, 6)]),
    )
    to_action(race)  # (1, 3)
    choose(race, "use:trap")
    options = target_options(race)
    assert (3, 6) in options  # an opponent: a big shock at once
    assert (3, 3) not in options  # a racer (protected) is no empty square
    assert (2, 1) not in options and (2, 2) not in options and (2, 4) not in options
    assert (2, 5) not in options  # a coin lies there
    assert (2, 6) not in options  # a chest's square, even taken
    assert (4, 3) not in options  # already a trap
    assert (0, 3) in options and (4, 0) in options and (4, 6) in options
    assert (5, 3) not in options and (1, 7) not in options  # 4 king steps away
    assert (1, 3) not in options  # his own square


def test_a_trap_laid_on_the_track_gives_its_owner_a_big_shock_on_the_first_racer_to_step_on_it():
    race = scenario(
        """
        ..1..2..
    """,
        ["dwarf", "elf"],
        faces=STEP + [("D6", 3), ("D6", 4), ("DRAPID", 2), ("D10", 2)] + NEXT,
        before=arrange(["trap"]),
    )
    to_action(race)
    choose(race, "use:trap")
    choose(race, (2, 5), kind="target")
    assert events(race, "trap_laid") == [{"racer": 0, "square": (2, 5), "trap": "trap"}]
    choose(race, (3, 0), kind="move")  # the elf walks from (0, 5) into it
    assert events(race, "trap_sprung") == [{"racer": 1, "square": (2, 5), "owner": 0, "trap": "trap"}]
    assert shocks(race) == [(1, "big", 0)]
    assert racer(race, 1).square == (1, 5)
    assert points(race, 0, "shock") == 2
    assert (2, 5) not in race.traps


def test_a_trap_laid_on_an_opponent_is_a_big_shock_at_once():
    race = scenario(
        """
        ..1.....
        ........
        .....2..
    """,
        ["dwarf", "elf"],
        faces=STEP + [("D10", 5)] + NEXT + [("DRAPID", 2)],
        before=arrange(["trap"], unprotect=[1]),
    )
    to_action(race)
    choose(race, "use:trap")
    choose(race, (2, 5))
    assert shocks(race) == [(1, "big", 0)]
    assert racer(race, 1).square == (0, 5)
    assert race.traps == {}
    assert points(race, 0, "shock") == 2


# ---------------------------------------------------------------- bottle and syringe
def test_the_bottle_walks_up_to_two_d3_squares_the_racer_picks_the_distance():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ..$.....
        ........
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D3", 2), ("D3", 3)] + NEXT,
        before=arrange(["bottle"]),
    )
    to_action(race)
    choose(race, "use:bottle")
    assert race.pending.kind == "distance" and race.pending.options == (1, 2, 3, 4, 5)
    choose(race, 4)
    assert racer(race, 0).square == (5, 2)
    assert events(race, "moved")[-1] == {"racer": 0, "path": [(4, 2), (5, 2)], "cause": "bottle"}
    assert racer(race, 0).inventory.coins == 1  # a walk: objects on the way are taken


def test_the_syringe_walks_up_to_two_plus_two_d3_squares():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D3", 1), ("D3", 3)] + NEXT,
        before=arrange(["syringe"]),
    )
    to_action(race)
    choose(race, "use:syringe")
    assert race.pending.options == (1, 2, 3, 4, 5, 6)
    choose(race, 6)
    assert racer(race, 0).square == (7, 2)


def test_a_clover_is_not_offered_on_a_d3_showing_two():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D3", 2), ("D3", 1)] + NEXT,
        before=arrange(["bottle"], clovers=2),
    )
    to_action(race)
    choose(race, "use:bottle")
    assert race.pending.kind == "clover" and set(race.pending.options) == {(), (1,)}
    choose(race, (1,))
    assert race.pending.options == (1, 2, 3, 4, 5)  # 2 + 3
    assert racer(race, 0).inventory.clovers == 1


# ---------------------------------------------------------------- clover, shield, coins
def test_a_clover_turns_a_movement_die_to_its_opposite_face_one_clover_per_die():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=[("D6", 2), ("D6", 4)],
        before=arrange(clovers=3),
    )
    assert race.pending.kind == "clover"
    assert set(race.pending.options) == {(), (0,), (1,), (0, 1)}
    assert race.pending.info["opposite"] == [5, 3]
    choose(race, (0,))
    assert events(race, "clover_used") == [{"racer": 0, "die": "D6", "index": 0, "face": 2, "flipped": 5}]
    assert set(race.pending.options) == {(5, 0), (4, 0)}
    assert racer(race, 0).inventory.clovers == 2


def test_a_shield_cancels_an_axe_shock_for_two_points_and_the_thrower_scores_nothing():
    race = scenario(
        """
        ..1.....
        ........
        ....2...
    """,
        ["dwarf", "goblin"],
        faces=STEP + NEXT,
        before=arrange(["axe"], unprotect=[1], shields={1: 1}),
    )
    to_action(race)
    choose(race, "use:axe")  # the only target: taken at once
    assert race.pending.kind == "shield" and race.pending.racer == 1
    choose(race, "shield")
    assert events(race, "shield_used") == [{"racer": 1, "size": "big"}]
    assert racer(race, 1).square == (2, 4)
    assert points(race, 1, "shield") == -2
    assert points(race, 0, "shock") == 0


def test_gold_coins_walk_a_triangular_number_of_squares_as_a_free_action():
    race = scenario(
        """
        ..1.....
        ........
        .......2
    """,
        ["dwarf", "orc"],
        faces=STEP + NEXT,
        before=arrange(coins=3),
    )
    to_action(race)
    choose(race, "coins")
    assert set(race.pending.options) == {1, 2, 3}
    choose(race, 3)
    assert events(race, "coins_spent") == [{"racer": 0, "coins": 3, "squares": 6}]
    assert racer(race, 0).square == (7, 2)
    assert racer(race, 0).inventory.coins == 0
    assert "move" in race.pending.options  # the action is still to come


def test_objects_without_a_legal_target_are_not_offered():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ......2.
    """,
        ["dwarf", "orc"],
        faces=STEP,
        before=arrange(["axe", "spear"]),
    )
    to_action(race)
    # The only opponent is protected (he has not played), and no barrier or trap is near.
    assert not any(o.startswith("use:") for o in race.pending.options)
    with pytest.raises(IllegalChoice):
        choose(race, "use:axe")
