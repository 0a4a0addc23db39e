"""docs/rules-spec.md sections 1 (board, wrapping, scoring) and 10 (end of the race, standings)."""

from game import Board
from tests.rules_helpers import arrange, grid, scores
from tests.scenario import choose, events, racer, scenario


def test_racers_start_on_the_start_squares_of_row_0():
    race = scenario(".1..2..3", ["orc", "dwarf", "elf"], faces=[("D6", 1), ("D6", 2)])
    assert [r.square for r in race.racers] == [(0, 1), (0, 4), (0, 7)]


def test_a_board_without_start_squares_puts_the_racers_on_row_0_nearest_the_middle():
    board = Board.from_text(grid({(0, 3): "#"}))
    assert board.default_starts(3) == ((0, 2), (0, 4), (0, 5))


def test_crossing_the_finish_line_forward_scores_the_row_and_10_more():
    race = scenario(grid({(14, 1): "1", (0, 4): "2"}), ["orc", "dwarf"], faces=[("D6", 3), ("D6", 1)])
    choose(race, (3, 0))
    assert racer(race, 0).square == (1, 1)
    assert events(race, "crossed_line") == [{"racer": 0, "forward": True}]
    assert scores(race) == [(0, 3, "distance"), (0, 10, "lap")]
    assert (racer(race, 0).rows, racer(race, 0).laps) == (3, 1)


def test_crossing_the_line_backwards_costs_10():
    race = scenario(".1..2...", ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2)])
    choose(race, (1, 0), (-2, -2))  # from (1, 1) to (15, 7), over the line
    assert racer(race, 0).square == (15, 7)
    assert events(race, "crossed_line") == [{"racer": 0, "forward": False}]
    assert scores(race) == [(0, 1, "distance"), (0, -2, "distance"), (0, -10, "lap")]
    assert racer(race, 0).points == -11


def test_a_recoil_over_the_line_backwards_costs_10_too():
    race = scenario(
        ".1..2...", ["human", "dwarf"], faces=[("D6", 1), ("D6", 2), ("D10", 5)], before=arrange(traps={(1, 1): 1})
    )
    choose(race, (1, 0))
    assert racer(race, 0).square == (15, 1)
    assert scores(race, 0) == [(0, 1, "distance"), (0, -2, "distance"), (0, -10, "lap")]


def test_a_shortcut_back_over_the_line_scores_by_its_own_direction():
    race = scenario(
        grid({(0, 1): "1", (0, 4): "2", (1, 1): "S"}), ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2), ("D10", 1)]
    )
    choose(race, (1, 0))
    assert racer(race, 0).square == (13, 1)
    assert scores(race) == [(0, 1, "distance"), (0, -4, "distance"), (0, -10, "lap")]


def test_the_distance_points_always_equal_the_net_rows_plus_10_per_net_lap():
    # Forward over the line, then back over it by the drift, then forward again.
    race = scenario(
        grid({(14, 1): "1", (0, 4): "2"}),
        ["orc", "dwarf"],
        faces=[("D6", 3), ("D6", 1), ("D6", 1), ("D6", 2), ("D6", 4), ("D6", 5)],
    )
    choose(race, (3, 0), (-2, -2), "move")  # (1, 1) -> drift (15, 7) -> move (1, 7)
    r = racer(race, 0)
    assert r.square == (1, 7)
    assert [e["forward"] for e in events(race, "crossed_line")] == [True, False, True]
    assert (r.rows, r.laps) == (3, 1)
    assert r.points == r.rows + 10 * r.laps == 13


def test_a_drift_wraps_around_the_left_edge():
    race = scenario("1...2...", ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2)])
    choose(race, (2, 0), (-2, -2))  # (2, 0) -> (0, 6)
    assert racer(race, 0).square == (0, 6)


def test_an_l_move_wraps_around_the_right_edge():
    race = scenario("...2...1", ["orc", "dwarf"], faces=[("D6", 6), ("D6", 2)])
    choose(race, (5, 1))  # (5, 7) -> (5, 0)
    assert events(race, "moved")[0]["path"][-2:] == [(5, 7), (5, 0)]
    assert racer(race, 0).square == (5, 0)


def test_every_points_change_is_a_scored_event_with_its_cause_and_running_total():
    race = scenario(
        """
        .1..2...
        ........
        .O......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 2), ("D6", 1)],
    )
    choose(race, (2, 0))
    got = [(e["points"], e["cause"], e["total"]) for e in events(race, "scored")]
    assert got == [(2, "distance", 2), (-2, "hole", 0), (-1, "distance", -1)]
    r = racer(race, 0)
    assert r.points == -1 and r.by_cause == {"distance": 1, "hole": -2}


def test_points_may_go_negative():
    race = scenario(
        """
        .1..2...
        .O......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 2)],
    )
    choose(race, (1, 0))
    assert racer(race, 0).points == -2


def test_points_are_booked_as_each_row_is_entered_not_at_the_end_of_the_move():
    race = scenario(
        """
        .1..2...
        ........
        .C......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 4), ("D6", 1), ("DOBJ", 50)],
    )
    choose(race, (4, 0))
    order = [(e.kind, getattr(e, "points", None)) for e in race.log if e.kind in ("scored", "chest_opened")]
    assert order == [("scored", 2), ("chest_opened", None), ("scored", 2)]


# ---------------------------------------------------------------- 10. end of the race
def _three_dwarves_race(moves):
    """Three dwarves race 5 turns; `moves[i]` is the die (1 or 2) racer i always picks."""
    race = scenario(".1..2..3", ["dwarf", "dwarf", "dwarf"], faces=[("D6", 1), ("D6", 2)] * 15, turns=5)
    while race.pending is not None:
        if race.pending.kind == "move":
            choose(race, (moves[race.pending.racer], 0))
        elif race.pending.kind == "drift":
            choose(race, (0, 0))
        else:
            choose(race, "rest")
    return race


def test_the_race_ends_after_the_last_racers_turn_of_the_last_game_turn_with_the_standings():
    race = _three_dwarves_race({0: 2, 1: 1, 2: 1})
    assert race.over
    assert [r.points for r in race.racers] == [10, 5, 5]
    last = race.log[-1]
    assert last.kind == "race_over"
    # Ties share the place.
    assert last.standings == [(1, 0, 10), (2, 1, 5), (2, 2, 5)]
    assert race.log[-2].kind == "turn_ended" and race.log[-2].racer == race.order[-1]


def test_tied_winners_share_the_first_place():
    race = _three_dwarves_race({0: 2, 1: 2, 2: 1})
    assert race.log[-1].standings == [(1, 0, 10), (1, 1, 10), (3, 2, 5)]


def test_falling_into_a_hole_on_row_0_costs_the_lap_back_when_coming_out_above_the_line():
    race = scenario(grid({(15, 1): "1", (0, 4): "2", (0, 1): "O"}), ["orc", "dwarf"], faces=[("D6", 1), ("D6", 2)])
    choose(race, (1, 0))
    assert racer(race, 0).square == (15, 1)
    assert [e["forward"] for e in events(race, "crossed_line")] == [True, False]
    assert scores(race) == [(0, 1, "distance"), (0, 10, "lap"), (0, -2, "hole"), (0, -1, "distance"), (0, -10, "lap")]


def test_a_race_lasts_the_maps_default_number_of_turns_unless_the_setup_changes_it():
    from game import Race, RacerSetup

    board = Board.from_text(grid({(0, 1): "1", (0, 4): "2"}), turns=7)
    assert Race.new(board, [RacerSetup("orc"), RacerSetup("dwarf")], seed=1).turns == 7
    assert Race.new(board, [RacerSetup("orc"), RacerSetup("dwarf")], turns=12, seed=1).turns == 12
