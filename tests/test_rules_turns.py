"""docs/rules-spec.md sections 2 (game length, order, protection), 3 (dice), 4 (the three phases) and 8's clover."""

import pytest

from game import Race, RacerSetup
from game.boards.board import Board
from game.rules import tuning
from game.rules.chests import theft_succeeds
from game.rules.dice import BEER, D3, D6, D10, DCOMBAT, DOBJ, DRAPID, DTHEFT
from tests.rules_helpers import arrange, grid, kinds_of, scores
from tests.scenario import choose, events, racer, scenario


def finish_turn(race, drift=(0, 0), action="rest"):
    """Answer the drift and action decisions of the racer playing."""
    choose(race, drift, kind="drift")
    choose(race, action, kind="action")


# ---------------------------------------------------------------- 2. game length and order
def test_a_race_lasts_exactly_its_number_of_game_turns_then_ends():
    faces = [("D6", 1), ("D6", 2)] * 10
    race = scenario(
        """
        .1..2...
    """,
        ["dwarf", "orc"],
        faces=faces,
        turns=5,
    )
    for _ in range(10):
        choose(race, (1, 0), kind="move")
        finish_turn(race)
    assert race.over and race.pending is None
    assert [e["turn"] for e in events(race, "turn_started")] == [1, 2, 3, 4, 5]
    assert len(events(race, "racer_turn")) == 10
    assert race.log[-1].kind == "race_over"


@pytest.mark.parametrize("turns", [4, 16])
def test_a_race_cannot_last_fewer_than_5_or_more_than_15_turns(turns):
    with pytest.raises(ValueError, match="5 to 15"):
        scenario(".1..2...", ["dwarf", "orc"], turns=turns)


@pytest.mark.parametrize("count", [1, 7])
def test_a_race_needs_2_to_6_racers(count):
    board = Board.from_text(grid({(0, c): str(c + 1) for c in range(6)}))
    with pytest.raises(ValueError, match="2 to 6"):
        Race.new(board, [RacerSetup("dwarf")] * count, turns=5)


def test_several_racers_may_pick_the_same_character():
    race = scenario(".1..2...", ["orc", "orc"], faces=[("D6", 1), ("D6", 2)])
    assert [r.character for r in race.racers] == ["orc", "orc"]


def _three_racers_play_turn_one(order, moves_by_racer, next_faces):
    """Racers 0, 1, 2 (dwarves, own columns) play turn 1 in `order`, moving as given."""
    faces = []
    for i in order:
        faces += [("D6", moves_by_racer[i]), ("D6", 6 if moves_by_racer[i] != 6 else 5)]
    race = scenario(
        """
        .1..2..3
    """,
        ["dwarf", "dwarf", "dwarf"],
        faces=faces + next_faces,
        order=order,
    )
    for i in order:
        assert race.pending.racer == i
        choose(race, (moves_by_racer[i], 0), kind="move")
        finish_turn(race)
    return race


def test_from_turn_two_racers_play_from_fewest_to_most_points():
    race = _three_racers_play_turn_one([0, 1, 2], {0: 5, 1: 1, 2: 3}, [("D6", 1), ("D6", 2)])
    assert events(race, "turn_started")[1] == {"turn": 2, "order": [1, 2, 0]}
    assert race.pending.racer == 1


def test_tied_racers_keep_the_relative_order_of_the_previous_turn():
    race = _three_racers_play_turn_one([2, 1, 0], {0: 2, 1: 2, 2: 4}, [("D6", 1), ("D6", 2)])
    # 0 and 1 tie on 2 points: 1 played before 0 on turn 1, so he still does.
    assert events(race, "turn_started")[1] == {"turn": 2, "order": [1, 0, 2]}


def test_a_racer_who_lands_on_a_racer_who_has_not_played_yet_shares_the_square():
    race = scenario(
        """
        .1......
        ........
        .2......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 2), ("D6", 3)],
    )
    assert racer(race, 1).protected
    choose(race, (2, 0), kind="move")
    assert racer(race, 0).square == racer(race, 1).square == (2, 1)
    assert events(race, "fight") == []
    assert race.pending.kind == "drift"


def test_protection_ends_when_the_racers_first_turn_begins():
    race = scenario(
        """
        .1......
        ........
        .2......
    """,
        ["orc", "goblin"],
        order=[1, 0],
        faces=[("D6", 1), ("D6", 3), ("D6", 3), ("D6", 5), ("DCOMBAT", 10), ("D6", 2)],
    )
    assert racer(race, 1).protected is False  # his turn has begun
    choose(race, (1, 0), kind="move")  # the dwarf to (3, 1)
    finish_turn(race)
    assert not racer(race, 1).protected
    choose(race, (3, 0), kind="move")  # the orc onto him
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (3, 1)}]


# ---------------------------------------------------------------- 3. dice
@pytest.mark.parametrize(
    "die, pairs",
    [
        (D6, [(1, 6), (2, 5), (3, 4)]),
        (D3, [(1, 3), (2, 2)]),
        (D10, [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]),
        (DCOMBAT, [(1, 100), (2, 99), (37, 64), (50, 51)]),
        (DTHEFT, [(1, 100), (60, 41)]),
        (DOBJ, [(1, 100), (10, 91)]),
        (DRAPID, [(2, 5), (3, 4)]),
        (BEER, [(2, 7), (3, 6), (4, 5)]),
    ],
)
def test_every_die_has_the_opposite_faces_of_the_table(die, pairs):
    assert list(die.faces) == list(range(die.low, die.high + 1))
    for a, b in pairs:
        assert die.opposite(a) == b and die.opposite(b) == a
    assert [f for f in die.faces if not die.flippable(f)] == ([2] if die is D3 else [])


def test_dtheft_succeeds_above_100_minus_its_chance():
    assert [theft_succeeds(f) for f in (1, 60, 61, 100)] == [False, False, True, True]


def test_a_seeded_race_replays_identically_from_its_choices():
    board = Board.from_text(grid({(0, 1): "1", (0, 4): "2", (5, 2): "C", (3, 6): "O", (8, 1): "#"}))

    def run():
        race = Race.new(board, [RacerSetup("elf"), RacerSetup("orc")], turns=5, seed=1234)
        while race.pending is not None:
            race.choose(race.pending.options[-1])
        return [e.to_dict() for e in race.log]

    assert run() == run()


# ---------------------------------------------------------------- 8. the clover on one's own rolls
def test_a_clover_flips_a_movement_die_to_its_opposite_face_and_is_consumed():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 2), ("D6", 3)], before=arrange(clovers={0: 1}))
    assert race.pending.kind == "clover"
    assert race.pending.options == ((), (0,), (1,))
    assert race.pending.info["opposite"] == [5, 4]
    choose(race, (0,))
    assert racer(race, 0).inventory.clovers == 0
    assert events(race, "clover_used") == [{"racer": 0, "die": "D6", "index": 0, "face": 2, "flipped": 5}]
    assert set(race.pending.options) == {(5, 0), (3, 0)}


def test_two_clovers_may_flip_two_dice_but_never_one_die_twice():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 2), ("D6", 3)], before=arrange(clovers={0: 3}))
    assert race.pending.options == ((), (0,), (1,), (0, 1))
    choose(race, (0, 1))
    assert racer(race, 0).inventory.clovers == 1
    assert set(race.pending.options) == {(5, 0), (4, 0)}


def test_a_d3_showing_2_cannot_be_flipped_by_a_clover():
    race = scenario(
        ".1..2...",
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 2), ("D3", 2), ("D3", 1)],
        before=arrange(objects={0: ["bottle"]}),
    )
    choose(race, (1, 0), kind="move")
    race.racers[0].inventory.clovers = 1
    choose(race, (0, 0), kind="drift")
    choose(race, "use:bottle", kind="action")
    assert race.pending.kind == "clover"
    assert race.pending.options == ((), (1,))


def test_a_clover_is_not_offered_on_an_opponents_roll():
    race = scenario(
        """
        .1......
        ........
        .2......
    """,
        ["orc", "goblin"],
        faces=[("D6", 2), ("D6", 3), ("DCOMBAT", 10), ("D6", 2)],
        before=arrange(unprotect=[1], clovers={1: 2}),
    )
    choose(race, (2, 0), kind="move")
    # The orc's DCOMBAT and recoil roll go by without the goblin being asked.
    assert [e["purpose"] for e in events(race, "roll_validated")] == ["movement", "combat", "shock"]
    assert racer(race, 1).inventory.clovers == 2


# ---------------------------------------------------------------- 4.1 movement phase
def test_without_a_six_the_racer_moves_straight_by_one_die_of_his_choice():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 4), ("D6", 2)])
    assert race.pending.kind == "move" and set(race.pending.options) == {(4, 0), (2, 0)}
    choose(race, (2, 0))
    assert racer(race, 0).square == (2, 1)


def test_a_six_may_also_be_spent_on_both_axes_as_one_l_move():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 6), ("D6", 2)])
    expected = {(6, 0), (2, 0)} | {(6 - b, s * b) for b in range(1, 7) for s in (-1, 1)}
    assert set(race.pending.options) == expected
    choose(race, (4, 2))
    assert events(race, "moved")[0]["path"] == [(1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3)]
    assert scores(race) == [(0, 4, "distance")]


def test_a_six_spent_wholly_sideways_wraps_around_the_left_edge():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 6), ("D6", 2)])
    choose(race, (0, -6))
    assert events(race, "moved")[0]["path"] == [(0, 0), (0, 7), (0, 6), (0, 5), (0, 4), (0, 3)]
    assert scores(race) == []


def test_whatever_ends_the_forward_part_of_an_l_move_ends_all_of_it():
    race = scenario(
        """
        .1..2...
        ........
        ........
        .#......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 6), ("D6", 2)],
    )
    choose(race, (4, 2))
    assert racer(race, 0).square == (2, 1)


def test_on_the_sideways_part_of_an_l_move_the_hole_rule_counts_from_the_corner():
    # The hole is the 3rd square of the whole move but the 2nd of its sideways part.
    race = scenario(
        """
        .1..2...
        ...O....
    """,
        ["orc", "dwarf"],
        faces=[("D6", 6), ("D6", 2)],
    )
    choose(race, (1, 5))
    assert racer(race, 0).square == (1, 4)
    assert events(race, "fell") == []


def test_an_l_move_may_stop_on_a_shortcut_at_its_corner_with_the_sideways_squares_left():
    race = scenario(
        """
        .1..2...
        ........
        .S......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 6), ("D6", 2), ("D10", 7)],
    )
    choose(race, (2, 4))
    assert race.pending.kind == "shortcut_stop" and race.pending.info["left"] == 4
    choose(race, "stop")
    assert events(race, "shortcut") == [{"racer": 0, "face": 7, "rows": 3}]
    assert racer(race, 0).square == (5, 1)


def test_an_l_move_going_on_from_a_shortcut_at_its_corner_is_not_affected_by_it():
    race = scenario(
        """
        .1..2...
        ........
        .S......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 6), ("D6", 2)],
    )
    choose(race, (2, 4), "go_on")
    assert racer(race, 0).square == (2, 5) and events(race, "shortcut") == []


def test_an_l_move_goes_on_past_a_hole_at_its_corner_jumping_it_from_the_3rd_square():
    race = scenario(
        """
        .1..2...
        ........
        ........
        .O......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 6), ("D6", 2)],
    )
    choose(race, (3, 3))
    assert events(race, "fell") == []
    assert racer(race, 0).square == (3, 4)
    assert events(race, "moved")[0]["path"] == [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (3, 4)]


def test_an_l_move_with_a_close_hole_at_its_corner_stops_just_after_it_on_the_sideways_part():
    race = scenario(
        """
        .1..2...
        ........
        .O......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 6), ("D6", 2)],
    )
    choose(race, (2, -4))
    assert events(race, "fell") == []
    assert racer(race, 0).square == (2, 0)


def test_a_double_gives_a_clover_only_after_the_roll_is_validated():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 3), ("D6", 3)], before=arrange(clovers={0: 1}))
    # One clover held: the double's clover cannot already flip the second die.
    assert race.pending.kind == "clover" and race.pending.options == ((), (0,), (1,))
    assert racer(race, 0).inventory.clovers == 1
    choose(race, ())
    assert kinds_of(race, "roll_validated", "lucky") == ["roll_validated", "lucky"]
    assert racer(race, 0).inventory.clovers == 2


def test_a_double_of_a_racer_without_clover_gives_him_one():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 2), ("D6", 2)])
    assert events(race, "lucky") == [{"racer": 0}]
    assert racer(race, 0).inventory.clovers == 1
    assert racer(race, 0).square == (2, 1)  # the only option, taken at once
    assert race.pending.kind == "drift"


def test_a_double_six_lets_the_lucky_sprinter_move_the_sum_and_gives_a_clover():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 6), ("D6", 6)])
    assert (12, 0) in race.pending.options and (6, 0) in race.pending.options
    assert events(race, "sprinter") == [{"racer": 0}] and events(race, "lucky") == [{"racer": 0}]
    choose(race, (12, 0))
    assert racer(race, 0).square == (12, 1) and racer(race, 0).inventory.clovers == 1


def test_a_double_made_by_a_clover_is_not_lucky():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 3), ("D6", 4)], before=arrange(clovers={0: 1}))
    choose(race, (0,), kind="clover")  # 3 -> 4: the dice now show 4 and 4
    assert events(race, "lucky") == []
    assert racer(race, 0).inventory.clovers == 0
    assert racer(race, 0).square == (4, 1)


def test_a_double_as_rolled_stays_lucky_when_a_clover_breaks_it():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 3), ("D6", 3)], before=arrange(clovers={0: 1}))
    choose(race, (0,), kind="clover")  # 3 -> 4
    assert events(race, "lucky") == [{"racer": 0}]
    assert racer(race, 0).inventory.clovers == 1
    assert set(race.pending.options) == {(4, 0), (3, 0)}


def test_a_one_and_a_six_flipped_to_a_double_six_is_not_a_sprinter():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 1), ("D6", 6)], before=arrange(clovers={0: 1}))
    choose(race, (0,), kind="clover")  # 1 -> 6
    assert events(race, "sprinter") == [] and events(race, "lucky") == []
    assert (12, 0) not in race.pending.options and (6, 0) in race.pending.options


def test_a_fast_racer_may_move_by_the_drapid():
    race = scenario(".1..2...", ["elf", "dwarf"], faces=[("D6", 1), ("D6", 2), ("DRAPID", 5)])
    assert set(race.pending.options) == {(1, 0), (2, 0), (5, 0)}
    choose(race, (5, 0))
    assert racer(race, 0).square == (5, 1)


def test_the_drapid_counts_for_a_double_with_a_d6_of_its_face_once():  # [house, tuned] (issue 29)
    race = scenario(".1..2...", ["elf", "dwarf"], faces=[("D6", 4), ("D6", 2), ("DRAPID", 4)])
    assert events(race, "lucky") == [{"racer": 0}]
    assert racer(race, 0).inventory.clovers == 1
    assert set(race.pending.options) == {(4, 0), (2, 0)}
    race = scenario(".1..2...", ["elf", "dwarf"], faces=[("D6", 3), ("D6", 3), ("DRAPID", 3)])
    assert events(race, "lucky") == [{"racer": 0}]  # three of a kind: one double, one clover
    assert racer(race, 0).inventory.clovers == 1


def test_the_drapid_makes_no_double_for_a_racer_without_it_nor_with_other_faces():
    race = scenario(".1..2...", ["elf", "dwarf"], faces=[("D6", 4), ("D6", 2), ("DRAPID", 3)])
    assert events(race, "lucky") == [] and racer(race, 0).inventory.clovers == 0


def test_a_fast_racers_two_d6_still_make_a_double():
    race = scenario(".1..2...", ["elf", "dwarf"], faces=[("D6", 3), ("D6", 3), ("DRAPID", 5)])
    assert events(race, "lucky") == [{"racer": 0}]
    assert set(race.pending.options) == {(3, 0), (5, 0)}


# ---------------------------------------------------------------- 4.2 drift phase
def test_the_drift_targets_are_one_or_two_squares_diagonally_back_or_staying():
    race = scenario(
        """
        .1..2...
    """,
        ["orc", "dwarf"],
        faces=[("D6", 4), ("D6", 1)],
    )
    choose(race, (4, 0))
    assert race.pending.kind == "drift"
    assert set(race.pending.options) == {(0, 0), (-1, -1), (-1, 1), (-2, -2), (-2, 2)}
    choose(race, (-2, 2))
    assert racer(race, 0).square == (2, 3)
    assert scores(race) == [(0, 4, "distance"), (0, -2, "distance")]


def test_a_drift_cannot_end_on_an_obstacle_nor_cross_one_in_its_middle_square():
    # From (4, 3): (2, 1) is a barrier; the rock on (3, 4) is both a target and
    # the middle square of the drift to (2, 5), which is free.
    race = scenario(
        """
        ...1..2.
        ........
        .#......
        ....R...
    """,
        ["orc", "dwarf"],
        faces=[("D6", 4), ("D6", 1)],
    )
    choose(race, (4, 0))
    assert set(race.pending.options) == {(0, 0), (-1, -1)}


def test_a_two_square_drift_may_pass_over_a_hole_or_a_racer_in_its_middle_square():
    race = scenario(
        """
        .1..2...
        ........
        ........
        ..O.....
    """,
        ["orc", "dwarf"],
        faces=[("D6", 4), ("D6", 1)],
        before=arrange(at={1: (3, 0)}),
    )
    choose(race, (4, 0))
    assert set(race.pending.options) == {(0, 0), (-1, -1), (-1, 1), (-2, -2), (-2, 2)}
    choose(race, (-2, 2))
    assert racer(race, 0).square == (2, 3) and events(race, "fell") == []


def test_a_drift_takes_only_what_lies_on_its_destination():
    race = scenario(
        """
        .1..2...
        ........
        ...$....
        ..C.....
    """,
        ["orc", "dwarf"],
        faces=[("D6", 4), ("D6", 1)],
    )
    choose(race, (4, 0), (-2, 2))
    assert events(race, "chest_opened") == [] and events(race, "rolled")[1:] == []
    assert events(race, "picked_up") == [{"racer": 0, "object": "coin", "square": (2, 3)}]


def test_a_drift_ending_on_a_hole_falls_in():
    race = scenario(
        """
        .1..2...
        ........
        ........
        ..O.....
    """,
        ["orc", "dwarf"],
        faces=[("D6", 4), ("D6", 1)],
    )
    choose(race, (4, 0), (-1, 1))
    assert events(race, "fell") == [{"racer": 0, "hole": (3, 2), "exit": (2, 2)}]
    assert racer(race, 0).square == (2, 2)
    assert scores(race) == [(0, 4, "distance"), (0, -1, "distance"), (0, -2, "hole"), (0, -1, "distance")]


# ---------------------------------------------------------------- 4.3 action phase
@pytest.mark.parametrize(
    "character, faces",
    [
        ("dwarf", [("D6", 1), ("D6", 2)]),
        ("orc", [("D6", 1), ("D6", 2)]),
        ("elf", [("D6", 1), ("D6", 2), ("DRAPID", 2)]),
    ],
)
def test_the_action_move_goes_straight_forward_by_the_characters_speed(character, faces):
    speed = tuning.SPEED[character]
    race = scenario(".1..2...", [character, "dwarf"], faces=faces + [("D6", 1), ("D6", 2)])
    choose(race, (1, 0), (0, 0))
    assert set(race.pending.options) == {"move", "rest"}
    choose(race, "move")
    assert events(race, "moved")[-1] == {
        "racer": 0,
        "path": [(1 + k, 1) for k in range(1, speed + 1)],
        "cause": "action",
    }
    assert racer(race, 0).square == (1 + speed, 1)


def test_resting_does_nothing():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2), ("D6", 1), ("D6", 2)])
    choose(race, (1, 0), (0, 0))
    before = len(race.log)
    choose(race, "rest")
    assert [e.kind for e in race.log[before:]][:2] == ["turn_ended", "racer_turn"]
    assert racer(race, 0).square == (1, 1) and racer(race, 0).points == 1


@pytest.mark.parametrize("n, squares", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_spending_n_coins_walks_n_times_n_plus_1_over_2_squares(n, squares):
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2)], before=arrange(coins={0: 7}))
    choose(race, (1, 0), (0, 0), "coins")
    assert race.pending.kind == "coins" and race.pending.options == (1, 2, 3, 4, 5)
    choose(race, n)
    assert events(race, "coins_spent") == [{"racer": 0, "coins": n, "squares": squares}]
    assert racer(race, 0).square == ((1 + squares) % 16, 1)
    assert racer(race, 0).inventory.coins == 7 - n


def test_the_coin_options_offer_each_reachable_square_at_its_cheapest_n_and_a_short_walk_costs_all():
    # From (1, 1) with a barrier on (6, 1): n=1 -> (2, 1), n=2 -> (4, 1), n=3 -> (5, 1)
    # (blocked), n=4 and n=5 also stop on (5, 1) and are not offered.
    race = scenario(
        """
        .1..2...
        ........
        ........
        ........
        ........
        ........
        .#......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 2)],
        before=arrange(coins={0: 5}),
    )
    choose(race, (1, 0), (0, 0), "coins")
    assert race.pending.options == (1, 2, 3)
    info = race.pending.info["squares"]
    assert [info[n]["square"] for n in (1, 2, 3)] == [(2, 1), (4, 1), (5, 1)]
    assert [info[n]["blocked"] for n in (1, 2, 3)] == [False, False, True]
    assert info[3]["travelled"] == 4 and info[3]["theoretical"] == 6
    choose(race, 3)
    assert racer(race, 0).square == (5, 1) and racer(race, 0).inventory.coins == 2


def test_the_coin_walk_follows_the_hole_rule_as_its_preview_says():
    # n=2 walks 3 squares: the hole is the 2nd, so the walk stops just after it.
    race = scenario(
        """
        .1..2...
        ........
        ........
        .O......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 2)],
        before=arrange(coins={0: 2}),
    )
    choose(race, (1, 0), (0, 0), "coins")
    assert race.pending.info["squares"][2]["square"] == (4, 1)
    choose(race, 2)
    assert racer(race, 0).square == (4, 1) and events(race, "fell") == []


def test_coins_may_be_spent_before_the_main_action_but_only_once():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2)] * 2, before=arrange(coins={0: 5}))
    choose(race, (1, 0), (0, 0))
    assert set(race.pending.options) == {"move", "rest", "coins"}
    choose(race, "coins", 1)
    assert race.pending.kind == "action" and set(race.pending.options) == {"move", "rest"}
    choose(race, "move")
    assert racer(race, 0).square == (4, 1)
    assert racer(race, 0).inventory.coins == 4


def test_coins_may_be_spent_after_the_main_action():
    race = scenario(
        ".1..2...", ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2), ("D6", 1), ("D6", 2)], before=arrange(coins={0: 5})
    )
    choose(race, (1, 0), (0, 0), "move")
    assert race.pending.kind == "action" and set(race.pending.options) == {"coins", "end"}
    choose(race, "coins", 2)
    assert racer(race, 0).square == (6, 1)
    # Once per action phase: the turn is over.
    assert race.pending.racer == 1
