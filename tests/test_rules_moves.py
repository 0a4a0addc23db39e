"""docs/rules-spec.md section 5: walks square by square, placements, holes, shortcuts, landings, respawns."""

import pytest

from game.boards.board import DEFAULT_RESPAWN_TURNS
from tests.rules_helpers import arrange, grid, kinds_of, scores
from tests.scenario import choose, events, racer, scenario

# The second racer waits out of the way in column 4 of row 0.


# ---------------------------------------------------------------- 5.1 walks
def test_a_barrier_ahead_ends_the_move_on_the_square_before_it():
    race = scenario(
        """
        .1..2...
        ........
        ........
        .#......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert events(race, "moved") == [{"racer": 0, "path": [(1, 1), (2, 1)], "cause": "movement"}]
    assert scores(race) == [(0, 2, "distance")]


def test_a_rock_ahead_ends_the_move_on_the_square_before_it():
    race = scenario(
        """
        .1..2...
        .R......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert events(race, "moved") == [] and racer(race, 0).square == (0, 1)
    assert race.pending.kind == "drift"


def test_a_trap_ahead_stops_the_racer_on_it_with_a_big_shock_to_its_owners_credit_and_is_removed():
    race = scenario(
        """
        .1..2...
    """,
        ["human", "dwarf"],
        faces=[("D6", 5), ("D6", 1), ("D10", 2)],
        before=arrange(traps={(2, 1): 1}),
    )
    choose(race, (5, 0))
    assert events(race, "moved") == [{"racer": 0, "path": [(1, 1), (2, 1)], "cause": "movement"}]
    assert events(race, "trap_sprung") == [{"racer": 0, "square": (2, 1), "owner": 1, "trap": "trap"}]
    assert [(e["racer"], e["size"], e["author"]) for e in events(race, "shock")] == [(0, "big", 1)]
    assert (2, 1) not in race.traps
    assert racer(race, 0).square == (1, 1)  # big shock face 2: one row back
    assert scores(race) == [(0, 2, "distance"), (1, 2, "shock"), (0, -1, "distance")]


def test_a_move_ending_on_a_hole_falls_in():
    race = scenario(
        """
        .1..2...
        ........
        ........
        .O......
    """,
        ["orc", "goblin"],
        faces=[("D6", 3), ("D6", 1)],
    )
    choose(race, (3, 0))
    assert events(race, "fell") == [{"racer": 0, "hole": (3, 1), "exit": (2, 1)}]
    assert racer(race, 0).square == (2, 1)
    assert scores(race) == [(0, 3, "distance"), (0, -2, "hole"), (0, -1, "distance")]


def test_a_hole_just_ahead_stops_the_racer_just_after_it():
    race = scenario(
        """
        .1..2...
        .O......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert racer(race, 0).square == (2, 1) and events(race, "fell") == []


def test_a_hole_two_squares_ahead_stops_the_racer_just_after_it():
    race = scenario(
        """
        .1..2...
        ........
        .O......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert events(race, "moved")[0]["path"] == [(1, 1), (2, 1), (3, 1)]
    assert racer(race, 0).square == (3, 1) and events(race, "fell") == []
    assert scores(race) == [(0, 3, "distance")]


def test_a_hole_three_squares_ahead_is_jumped():
    race = scenario(
        """
        .1..2...
        ........
        ........
        .O......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert racer(race, 0).square == (5, 1) and events(race, "fell") == []
    assert scores(race) == [(0, 5, "distance")]


def test_a_racer_stopped_just_after_a_close_hole_takes_what_lies_there():
    race = scenario(
        """
        .1..2...
        .O......
        .$......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert racer(race, 0).square == (2, 1) and racer(race, 0).inventory.coins == 1


def test_a_racer_falls_into_a_close_hole_when_the_square_after_it_is_a_barrier():
    race = scenario(
        """
        .1..2...
        ........
        .O......
        .#......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert events(race, "fell") == [{"racer": 0, "hole": (2, 1), "exit": (1, 1)}]
    assert racer(race, 0).square == (1, 1)
    assert scores(race) == [(0, 2, "distance"), (0, -2, "hole"), (0, -1, "distance")]


def test_a_racer_falls_into_a_close_hole_when_the_square_after_it_is_a_rock():
    race = scenario(
        """
        .1..2...
        .O......
        .R......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    assert events(race, "fell") == [{"racer": 0, "hole": (1, 1), "exit": (0, 1)}]


def test_a_racer_may_choose_to_stop_on_a_shortcut_he_walks_over():
    race = scenario(
        """
        .1..2...
        ........
        .S......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1), ("D10", 7)],
    )
    choose(race, (5, 0))
    assert race.pending.kind == "shortcut_stop" and race.pending.info["left"] == 3
    choose(race, "stop")
    assert events(race, "shortcut") == [{"racer": 0, "face": 7, "rows": 3}]
    assert racer(race, 0).square == (5, 1)


def test_a_racer_who_walks_on_past_a_shortcut_is_not_affected_by_it():
    race = scenario(
        """
        .1..2...
        ........
        .S......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0), "go_on")
    assert racer(race, 0).square == (5, 1)
    assert events(race, "shortcut") == [] and race.pending.kind == "drift"


def test_clovers_shields_and_coins_are_taken_on_passing():
    race = scenario(
        """
        .1..2...
        .%......
        .)......
        .$......
    """,
        ["orc", "goblin"],
        faces=[("D6", 5), ("D6", 1)],
    )
    choose(race, (5, 0))
    inv = racer(race, 0).inventory
    assert (inv.clovers, inv.shields, inv.coins) == (1, 1, 1)
    assert racer(race, 0).square == (5, 1)
    assert race.taken == {(1, 1), (2, 1), (3, 1)}


def test_a_chest_on_the_way_pauses_the_walk_for_the_dobj_then_the_walk_goes_on():
    race = scenario(
        """
        .1..2...
        ........
        .C......
    """,
        ["orc", "goblin"],
        faces=[("D6", 4), ("D6", 1), ("DOBJ", 15)],
    )
    choose(race, (4, 0))
    assert kinds_of(race, "moved", "chest_opened") == ["moved", "chest_opened", "moved"]
    assert [e["path"] for e in events(race, "moved")] == [[(1, 1), (2, 1)], [(3, 1), (4, 1)]]
    assert events(race, "chest_opened")[0]["square"] == (2, 1)
    assert racer(race, 0).square == (4, 1)


def test_other_racers_do_not_block_a_walk():
    race = scenario(
        """
        .1......
        ........
        .2......
    """,
        ["orc", "goblin"],
        faces=[("D6", 4), ("D6", 1)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (4, 0))
    assert racer(race, 0).square == (4, 1) and events(race, "fight") == []


def test_a_walk_wraps_from_the_last_row_to_the_first():
    race = scenario(grid({(14, 1): "1", (0, 4): "2"}), ["orc", "goblin"], faces=[("D6", 3), ("D6", 1)])
    choose(race, (3, 0))
    assert events(race, "moved")[0]["path"] == [(15, 1), (0, 1), (1, 1)]


# ---------------------------------------------------------------- 5.2 placements
def _onto_shortcut(extra: dict, faces: list, **kwargs):
    """The orc (0, 1) walks 2 onto the shortcut on (2, 1); `extra` marks more squares."""
    marks = {(0, 1): "1", (0, 4): "2", (2, 1): "S", **extra}
    race = scenario(grid(marks), ["orc", "goblin"], faces=[("D6", 2), ("D6", 1)] + faces, **kwargs)
    if race.pending.kind == "clover":
        choose(race, ())  # no clover on the movement roll
    choose(race, (2, 0), kind="move")
    return race


def test_a_racer_placed_on_a_barrier_destroys_it_and_suffers_a_small_shock_without_author():
    race = _onto_shortcut({(4, 1): "#"}, [("D10", 5), ("D6", 2)])
    assert events(race, "placed")[0] == {"racer": 0, "start": (2, 1), "end": (4, 1), "cause": "shortcut"}
    assert events(race, "barrier_destroyed") == [{"square": (4, 1), "by": None}]
    assert [(e["size"], e["author"]) for e in events(race, "shock")] == [("small", None)]
    assert racer(race, 0).square == (3, 1)
    assert race.terrain_at((4, 1)) == "floor"
    assert scores(race) == [(0, 2, "distance"), (0, 2, "distance"), (0, -1, "distance")]


def test_a_racer_placed_on_a_rock_suffers_a_small_shock_during_which_no_shield_may_be_used():
    race = _onto_shortcut({(4, 1): "R"}, [("D10", 5), ("D6", 2)], before=arrange(shields={0: 1}))
    assert [(e["size"], e["author"]) for e in events(race, "shock")] == [("small", None)]
    assert events(race, "shield_used") == [] and racer(race, 0).inventory.shields == 1
    assert racer(race, 0).square == (3, 1)
    assert race.terrain_at((4, 1)) == "rock"


def test_a_racer_whose_recoil_cannot_move_him_off_a_rock_is_put_back_where_he_came_from():
    # The small shock's face 2 goes straight up, but (3, 1) is a barrier: he is put
    # back on the shortcut, which does not trigger again.
    race = _onto_shortcut({(4, 1): "R", (3, 1): "#"}, [("D10", 5), ("D6", 2)])
    placed = events(race, "placed")
    assert placed[-1] == {"racer": 0, "start": (4, 1), "end": (2, 1), "cause": "put_back"}
    assert racer(race, 0).square == (2, 1)
    assert len(events(race, "shortcut")) == 1
    assert race.pending.kind == "drift"
    assert racer(race, 0).points == 2


def test_a_shortcut_does_not_trigger_when_the_placement_came_from_a_shortcut():
    race = _onto_shortcut({(4, 1): "S"}, [("D10", 6)])
    assert racer(race, 0).square == (4, 1)
    assert len(events(race, "shortcut")) == 1
    assert race.pending.kind == "drift"


def test_a_racer_moved_zero_squares_lands_nowhere():
    # A respawned coin under a racer stays there while his move is blocked at once.
    race = scenario(
        """
        .1..2...
        .$......
        .#......
    """,
        ["orc", "goblin"],
        turns=5,
        respawn_turns=(2,),
        faces=[("D6", 1), ("D6", 2), ("D6", 1), ("D6", 2), ("D6", 1), ("D6", 2)],
    )
    choose(race, (1, 0), (0, 0), "rest", "end")  # the orc takes the coin
    choose(race, (1, 0), (0, 0), "rest")  # the goblin
    assert events(race, "respawned") == [{"squares": [(1, 1)]}]
    choose(race, (1, 0))  # blocked by the barrier: zero squares
    assert racer(race, 0).inventory.coins == 1
    assert race.object_at((1, 1)) == "coin"


# ---------------------------------------------------------------- 5.3 holes
def test_a_racer_comes_out_of_a_hole_on_the_nearest_square_above_that_is_no_barrier_rock_or_hole():
    # An L-move ends on the hole (5, 1); above it: barrier, hole, rock, then (1, 1).
    race = scenario(
        """
        .21.....
        ........
        .R......
        .O......
        .#......
        .O......
    """,
        ["orc", "goblin"],
        faces=[("D6", 6), ("D6", 1)],
    )
    choose(race, (5, -1))
    assert events(race, "fell") == [{"racer": 0, "hole": (5, 1), "exit": (1, 1)}]
    assert events(race, "placed")[0] == {"racer": 0, "start": (5, 1), "end": (1, 1), "cause": "hole_exit"}
    assert racer(race, 0).square == (1, 1)
    assert scores(race) == [(0, 5, "distance"), (0, -2, "hole"), (0, -4, "distance")]


# ---------------------------------------------------------------- 5.4 shortcuts
@pytest.mark.parametrize(
    "face, rows", [(1, -4), (2, -3), (3, -2), (4, -1), (5, 2), (6, 2), (7, 3), (8, 4), (9, 5), (10, 5)]
)
def test_a_shortcut_places_the_racer_in_his_own_column_by_the_d10_table(face, rows):
    race = scenario(
        grid({(5, 1): "1", (0, 4): "2", (6, 1): "S"}), ["orc", "goblin"], faces=[("D6", 1), ("D6", 2), ("D10", face)]
    )
    choose(race, (1, 0))
    assert events(race, "shortcut") == [{"racer": 0, "face": face, "rows": rows}]
    assert racer(race, 0).square == (6 + rows, 1)
    assert scores(race) == [(0, 1, "distance"), (0, rows, "distance")]


# ---------------------------------------------------------------- 5.5 where a move ends
def test_where_a_move_ends_the_chest_is_opened_before_the_fight():
    race = scenario(
        """
        .1..2...
        ........
        .C......
    """,
        ["orc", "goblin"],
        faces=[("D6", 2), ("D6", 1), ("DOBJ", 15), ("DCOMBAT", 10), ("D6", 2)],
        before=arrange(unprotect=[1], at={1: (2, 1)}),
    )
    choose(race, (2, 0))
    assert kinds_of(race, "chest_opened", "fight") == ["chest_opened", "fight"]


def test_a_shortcut_acts_before_a_fight_so_the_racer_fights_only_where_he_finally_stays():
    race = _onto_shortcut({}, [("D10", 7)], before=arrange(unprotect=[1], at={1: (2, 1)}))
    assert events(race, "fight") == []
    assert racer(race, 0).square == (5, 1)
    assert race.pending.kind == "drift"


def test_a_racer_placed_by_a_shortcut_onto_an_opponent_attacks_him():
    race = _onto_shortcut({}, [("D10", 7), ("DCOMBAT", 10), ("D6", 2)], before=arrange(unprotect=[1], at={1: (5, 1)}))
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (5, 1)}]


# ---------------------------------------------------------------- 5.7 respawn
def test_taken_objects_come_back_at_the_start_of_the_maps_respawn_turns():
    race = scenario(
        """
        .1..2...
        .$..C...
    """,
        ["orc", "goblin"],
        turns=5,
        respawn_turns=(3,),
        faces=[("D6", 1), ("D6", 2), ("D6", 1), ("D6", 2), ("DOBJ", 35)] + [("D6", 2), ("D6", 3)] * 3,
    )
    choose(race, (1, 0), (0, 0), "rest", "end")
    choose(race, (1, 0), (0, 0), "rest")
    assert race.taken == {(1, 1), (1, 4)}
    choose(race, (2, 0), (0, 0), "rest", "end")
    assert events(race, "respawned") == []  # not on turn 2
    choose(race, (2, 0), (0, 0), "rest")
    assert events(race, "respawned") == [{"squares": [(1, 1), (1, 4)]}]
    assert race.taken == set()
    assert race.object_at((1, 1)) == "coin" and race.object_at((1, 4)) == "chest"
    respawned = race.log.index(next(e for e in race.log if e.kind == "respawned"))
    assert race.log[respawned - 1].kind == "turn_started" and race.log[respawned - 1].turn == 3


def test_the_default_respawn_turns_are_4_7_10_and_13():
    assert DEFAULT_RESPAWN_TURNS == (4, 7, 10, 13)
    race = scenario(".1..2...", ["orc", "goblin"], faces=[("D6", 1), ("D6", 2)])
    assert race.board.respawn_turns == (4, 7, 10, 13)


def test_an_object_that_comes_back_under_a_racer_waits_for_the_next_racer_who_enters_its_square():
    race = scenario(
        """
        .1..2...
        .$......
        .#......
    """,
        ["orc", "goblin"],
        turns=5,
        respawn_turns=(2,),
        faces=[
            ("D6", 1),
            ("D6", 2),
            ("D6", 1),
            ("D6", 2),
            ("D6", 1),
            ("D6", 2),
            ("D6", 2),
            ("D6", 3),
            ("DCOMBAT", 10),
            ("D6", 2),
        ],
        before=arrange(at={1: (15, 1)}),
    )
    choose(race, (1, 0), (0, 0), "rest", "end")  # the orc takes the coin and stays on it
    choose(race, (1, 0), (0, 0), "rest")  # the goblin to (0, 1)
    choose(race, (1, 0), (0, 0), "rest", "end")  # turn 2, the coin is back under the orc
    assert racer(race, 0).inventory.coins == 1 and race.object_at((1, 1)) == "coin"
    choose(race, (2, 0))  # the goblin enters (1, 1): the coin is his
    assert racer(race, 1).inventory.coins == 1 and race.object_at((1, 1)) is None


def test_a_clover_may_flip_the_shortcuts_d10():
    race = _onto_shortcut({}, [("D10", 1)], before=arrange(clovers={0: 1}))
    assert race.pending.kind == "clover" and race.pending.info["purpose"] == "shortcut"
    choose(race, (0,))  # 1 (-4) -> 10 (+5)
    assert events(race, "shortcut") == [{"racer": 0, "face": 10, "rows": 5}]
    assert racer(race, 0).square == (7, 1)


def test_a_placement_does_not_act_on_the_squares_it_passes_over_only_on_its_landing():
    # The shortcut's +3 passes over a chest and a hole and lands on a coin.
    race = _onto_shortcut({(3, 1): "C", (4, 1): "O", (5, 1): "$"}, [("D10", 7)])
    assert events(race, "chest_opened") == [] and events(race, "fell") == []
    assert racer(race, 0).square == (5, 1) and racer(race, 0).inventory.coins == 1


def test_a_racer_placed_on_a_barrier_may_use_a_shield_against_its_small_shock():
    race = _onto_shortcut({(4, 1): "#"}, [("D10", 5)], before=arrange(shields={0: 1}))
    assert race.pending.kind == "shield"
    choose(race, "shield")
    assert racer(race, 0).square == (4, 1) and race.terrain_at((4, 1)) == "floor"
    assert scores(race) == [(0, 2, "distance"), (0, 2, "distance"), (0, -2, "shield")]


def test_coming_out_of_a_hole_onto_a_shortcut_triggers_it():
    race = scenario(
        """
        .1..2...
        ........
        .S......
        .O......
    """,
        ["orc", "goblin"],
        faces=[("D6", 3), ("D6", 1), ("D10", 7)],
    )
    choose(race, (3, 0), "go_on")
    assert events(race, "fell") == [{"racer": 0, "hole": (3, 1), "exit": (2, 1)}]
    assert events(race, "shortcut") == [{"racer": 0, "face": 7, "rows": 3}]
    assert racer(race, 0).square == (5, 1)
