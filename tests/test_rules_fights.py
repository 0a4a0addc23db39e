"""docs/rules-spec.md section 6: who attacks, how a fight resolves, shocks, shields and recoils."""

import pytest

from game.rules.characters import CHARACTERS
from game.rules.combat import combat_result
from tests.rules_helpers import arrange, grid, scores
from tests.scenario import choose, events, racer, scenario, shocks


def fight_results(race):
    return [(e["attacker"], e["defender"], e["result"], e["winner"]) for e in events(race, "fight_result")]


def orcs_fight(faces, marks=None, characters=("orc", "orc"), **kwargs):
    """Racer 0 at (0, 1) walks 2 onto racer 1 (unprotected) at (2, 1)."""
    board = grid({(0, 1): "1", (2, 1): "2", **(marks or {})})
    kwargs.setdefault("before", arrange(unprotect=[1]))
    race = scenario(board, list(characters), faces=[("D6", 2), ("D6", 5)] + faces, **kwargs)
    if race.pending.kind == "clover":
        choose(race, ())  # no clover on the movement roll
    choose(race, (2, 0), kind="move")
    return race


# ---------------------------------------------------------------- 6.1 attacker and defender
def test_the_racer_who_moves_onto_an_opponent_attacks_him():
    race = orcs_fight([("DCOMBAT", 30), ("D6", 2)])
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (2, 1)}]


def test_a_racer_recoiled_onto_an_opponent_is_attacked_by_the_one_already_there():
    # A trap on (3, 1) sends the orc back two rows (big shock face 5) onto the human on (1, 1).
    race = scenario(
        grid({(0, 1): "1", (1, 1): "2"}),
        ["human", "orc"],
        faces=[("D6", 3), ("D6", 5), ("D10", 5), ("DCOMBAT", 30), ("D6", 2)],
        before=arrange(unprotect=[1], traps={(3, 1): 1}, at={1: (1, 1)}),
    )
    choose(race, (3, 0), kind="move")
    assert events(race, "fight") == [{"attacker": 1, "defender": 0, "square": (1, 1)}]


def test_a_racer_who_falls_in_a_hole_and_comes_out_on_an_opponent_is_the_defender():
    race = scenario(
        grid({(0, 1): "1", (3, 1): "O", (0, 4): "2"}),
        ["orc", "orc"],
        faces=[("D6", 3), ("D6", 5), ("DCOMBAT", 30), ("D6", 2)],
        before=arrange(unprotect=[1], at={1: (2, 1)}),
    )
    choose(race, (3, 0), kind="move")
    assert events(race, "fell") == [{"racer": 0, "hole": (3, 1), "exit": (2, 1)}]
    assert events(race, "fight") == [{"attacker": 1, "defender": 0, "square": (2, 1)}]
    assert fight_results(race) == [(1, 0, "simple", 1)]


def test_a_racer_with_initiative_recoiled_onto_an_opponent_is_still_the_defender():
    # The dwarf steps on the orc's trap on (3, 1): big shock face 5, two rows back onto the orc.
    race = scenario(
        grid({(0, 1): "1", (0, 5): "2"}),
        ["dwarf", "orc"],
        faces=[("D6", 3), ("D6", 5), ("D10", 5), ("DCOMBAT", 30), ("D6", 2)],
        before=arrange(unprotect=[1], traps={(3, 1): 1}, at={1: (1, 1)}),
    )
    choose(race, (3, 0), kind="move")
    assert events(race, "fight") == [{"attacker": 1, "defender": 0, "square": (1, 1)}]


def test_an_opponent_with_initiative_attacks_a_mover_without_it():
    race = orcs_fight([("DCOMBAT", 30), ("D6", 2)], characters=("orc", "dwarf"))
    assert events(race, "fight") == [{"attacker": 1, "defender": 0, "square": (2, 1)}]


def test_a_mover_with_initiative_attacks_an_opponent_with_initiative():
    race = orcs_fight([("DCOMBAT", 30), ("D6", 2)], characters=("dwarf", "dwarf"))
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (2, 1)}]


def test_with_several_opponents_there_the_mover_fights_the_one_who_arrived_first():
    def before(race):
        arrange(unprotect=[1, 2], at={2: (2, 1)})(race)
        race.racers[1].arrived = 100  # racer 2 has been on (2, 1) longer than racer 1

    board = grid({(0, 1): "1", (2, 1): "2", (0, 5): "3"})
    race = scenario(
        board, ["orc", "orc", "orc"], faces=[("D6", 2), ("D6", 5), ("DCOMBAT", 30), ("D6", 2)], before=before
    )
    choose(race, (2, 0), kind="move")
    assert events(race, "fight") == [{"attacker": 0, "defender": 2, "square": (2, 1)}]


def test_a_protected_racer_there_is_skipped_for_the_unprotected_one():
    board = grid({(0, 1): "1", (2, 1): "2", (0, 5): "3"})
    race = scenario(
        board,
        ["orc", "orc", "orc"],
        faces=[("D6", 2), ("D6", 5), ("DCOMBAT", 30), ("D6", 2)],
        before=arrange(unprotect=[2], at={2: (2, 1)}),
    )
    choose(race, (2, 0), kind="move")
    assert events(race, "fight") == [{"attacker": 0, "defender": 2, "square": (2, 1)}]


def test_a_recoil_onto_a_protected_racer_shares_his_square_without_a_fight():
    race = orcs_fight(
        [("DCOMBAT", 30), ("D6", 2)],
        characters=("orc", "orc", "orc"),
        marks={(0, 5): "3"},
        before=arrange(unprotect=[1], at={2: (1, 1)}),
    )
    assert racer(race, 1).square == racer(race, 2).square == (1, 1)
    assert len(events(race, "fight")) == 1
    assert race.pending.kind == "tactical" and race.pending.racer == 0


def test_a_drifting_racer_attacks_the_opponent_on_his_destination():
    race = scenario(
        grid({(0, 1): "1", (0, 5): "2"}),
        ["orc", "orc"],
        faces=[("D6", 4), ("D6", 5), ("DCOMBAT", 30), ("D6", 2)],
        before=arrange(unprotect=[1], at={1: (3, 2)}),
    )
    choose(race, (4, 0), (-1, 1))
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (3, 2)}]


# ---------------------------------------------------------------- 6.2 resolution
@pytest.mark.parametrize(
    "face, result", [(1, "defeat"), (20, "defeat"), (21, "simple"), (40, "simple"), (41, "crushing"), (100, "crushing")]
)
def test_the_attacker_reads_the_dcombat_against_his_characters_chances(face, result):
    # The orc: 20 % simple, 60 % crushing, so 20 % defeat.
    recoil = ("D10", 5) if result == "crushing" else ("D6", 5)
    race = orcs_fight([("DCOMBAT", face), recoil])
    assert [r[2] for r in fight_results(race)] == [result]


@pytest.mark.parametrize(
    "character, simple, crushing",
    [
        ("elf", 30, 10),
        ("human", 50, 20),
        ("dwarf", 50, 30),
        ("goblin", 30, 20),
        ("orc", 20, 60),
        ("beastman", 40, 25),
        ("sorceress", 30, 20),
        ("baby", 45, 5),
        ("thief", 20, 20),
        ("lizardman", 50, 25),
    ],
)
def test_every_characters_combat_chances_split_the_d100_into_defeat_simple_and_crushing(character, simple, crushing):
    c = CHARACTERS[character]
    assert (c.simple, c.crushing) == (simple, crushing)
    defeat = 100 - simple - crushing
    assert combat_result(defeat, simple, crushing) == "defeat"
    assert combat_result(defeat + 1, simple, crushing) == "simple"
    assert combat_result(defeat + simple, simple, crushing) == "simple"
    assert combat_result(defeat + simple + 1, simple, crushing) == "crushing"


def test_a_defeat_makes_the_defender_win_and_shock_the_attacker_small():
    race = orcs_fight([("DCOMBAT", 20), ("D6", 5)])
    assert fight_results(race) == [(0, 1, "defeat", 1)]
    assert shocks(race) == [(0, "small", 1)]
    assert racer(race, 0).square == (0, 1)
    assert scores(race, 1) == [(1, 3, "fight")]  # the victory only: its shock scores nothing more [house, tuned]
    assert race.pending.kind == "tactical" and race.pending.racer == 1


def test_a_simple_victory_scores_3_and_gives_the_defender_a_small_shock():
    race = orcs_fight([("DCOMBAT", 21), ("D6", 5)])
    assert fight_results(race) == [(0, 1, "simple", 0)]
    assert shocks(race) == [(1, "small", 0)]
    assert racer(race, 1).square == (0, 1)
    assert scores(race) == [(0, 2, "distance"), (0, 3, "fight"), (1, -2, "distance")]


def test_a_crushing_victory_sends_the_defender_back_by_the_big_recoil():
    board = grid({(0, 1): "1", (4, 1): "2"})
    race = scenario(
        board, ["orc", "orc"], faces=[("D6", 4), ("D6", 5), ("DCOMBAT", 41), ("D10", 8)], before=arrange(unprotect=[1])
    )
    choose(race, (4, 0))
    assert fight_results(race) == [(0, 1, "crushing", 0)]
    assert shocks(race) == [(1, "big", 0)]
    assert racer(race, 1).square == (1, 1)
    assert scores(race) == [(0, 4, "distance"), (0, 3, "fight"), (1, -3, "distance")]


def test_the_winners_tactical_move_goes_only_to_squares_free_of_barriers_rocks_and_racers():
    race = orcs_fight(
        [("DCOMBAT", 30), ("D6", 2)],
        characters=("orc", "orc", "orc"),
        marks={(2, 0): "#", (0, 5): "3"},
        before=arrange(at={2: (2, 2)}, unprotect=[1]),
    )
    # Only "stay" is left, so it was taken at once: the turn goes on to the drift.
    assert race.pending.kind == "drift" and racer(race, 0).square == (2, 1)


def test_the_winners_tactical_move_is_one_square_left_or_right_or_staying():
    race = orcs_fight([("DCOMBAT", 30), ("D6", 2)], marks={(2, 2): "R"})
    assert race.pending.kind == "tactical" and race.pending.options == (-1, 0)
    choose(race, -1)
    assert events(race, "moved")[-1] == {"racer": 0, "path": [(2, 0)], "cause": "tactical"}
    assert racer(race, 0).square == (2, 0)


def test_the_losers_landing_fight_is_resolved_before_the_first_winners_tactical_move():
    # Orc 0 beats orc 1, whose recoil lands on orc 2: orc 2 (already there) attacks
    # and wins; orc 2's tactical move comes before orc 0's.
    race = orcs_fight(
        [("DCOMBAT", 30), ("D6", 2), ("DCOMBAT", 30), ("D6", 2)],
        characters=("orc", "orc", "orc"),
        marks={(0, 5): "3"},
        before=arrange(unprotect=[1, 2], at={2: (1, 1)}),
    )
    assert events(race, "fight") == [
        {"attacker": 0, "defender": 1, "square": (2, 1)},
        {"attacker": 2, "defender": 1, "square": (1, 1)},
    ]
    assert race.pending.kind == "tactical" and race.pending.racer == 2
    choose(race, 0)
    assert race.pending.kind == "tactical" and race.pending.racer == 0
    assert racer(race, 1).square == (0, 1)


def test_a_loser_who_stays_on_the_winners_square_with_a_shield_does_not_fight_him_again():
    race = orcs_fight([("DCOMBAT", 30)], before=arrange(unprotect=[1], shields={1: 1}))
    assert race.pending.kind == "shield" and race.pending.racer == 1
    choose(race, "shield")
    assert racer(race, 1).square == racer(race, 0).square == (2, 1)
    assert len(events(race, "fight")) == 1
    assert race.pending.kind == "tactical" and race.pending.racer == 0


def test_a_loser_whose_recoil_cannot_move_him_does_not_fight_the_winner_again():
    race = orcs_fight([("DCOMBAT", 30), ("D6", 1)], marks={(2, 0): "#"})
    assert racer(race, 1).square == (2, 1)
    assert len(events(race, "fight")) == 1
    assert race.pending.kind == "tactical" and race.pending.options == (0, 1)


# ---------------------------------------------------------------- 6.3 shocks and recoils
def test_a_shield_cancels_the_shock_for_2_points_and_the_author_scores_nothing_for_it():
    race = orcs_fight([("DCOMBAT", 50)], before=arrange(unprotect=[1], shields={1: 2}))
    assert race.pending.info["size"] == "crushing" or race.pending.info["size"] == "big"
    choose(race, "shield")
    assert events(race, "shield_used") == [{"racer": 1, "size": "big"}]
    assert racer(race, 1).inventory.shields == 1
    assert scores(race) == [(0, 2, "distance"), (0, 3, "fight"), (1, -2, "shield")]
    assert [e["purpose"] for e in events(race, "rolled")] == ["movement", "combat"]


def test_a_shocked_racer_may_keep_his_shield_and_take_the_shock():
    race = orcs_fight([("DCOMBAT", 30), ("D6", 2)], before=arrange(unprotect=[1], shields={1: 1}))
    choose(race, "take")
    assert racer(race, 1).inventory.shields == 1 and racer(race, 1).square == (1, 1)
    assert events(race, "shock") and (0, 3, "fight") in scores(race)


def test_a_fights_winner_scores_3_whatever_the_shock_while_a_thrown_objects_shock_scores_its_author():
    # [house, tuned] (issue 29): the winner of a fight scores the victory (3) only, a small or a big
    # shock; a shock from an object, a trap, a cry still scores its author 1 or 2 (section 1).
    for face, size, recoil in ((21, "small", ("D6", 5)), (41, "big", ("D10", 5))):
        race = orcs_fight([("DCOMBAT", face), recoil])
        assert shocks(race) == [(1, size, 0)]
        assert [s for s in scores(race, 0) if s[2] != "distance"] == [(0, 3, "fight")]


def _trap_shock(face, marks=None, size_die="D10", **kwargs):
    """The human walks from (4, 3) onto racer 1's trap on (5, 3): a big shock."""
    board = grid({(4, 3): "1", (0, 6): "2", **(marks or {})})
    race = scenario(
        board,
        ["human", "dwarf"],
        faces=[("D6", 1), ("D6", 2), (size_die, face)],
        before=arrange(traps={(5, 3): 1}),
        **kwargs,
    )
    choose(race, (1, 0))
    return race


@pytest.mark.parametrize(
    "face, dr, dc",
    [(1, 1, -1), (2, 1, 0), (3, 1, 1), (4, 2, -1), (5, 2, 0), (6, 2, 1), (7, 3, -1), (8, 3, 0), (9, 3, 1), (10, 4, 0)],
)
def test_a_big_shock_recoils_by_the_d10_table(face, dr, dc):
    race = _trap_shock(face)
    assert events(race, "shock")[0]["squares"][face] == (5 - dr, 3 + dc)
    assert racer(race, 0).square == (5 - dr, 3 + dc)


@pytest.mark.parametrize("face, dr, dc", [(1, 1, -1), (2, 1, 0), (3, 1, 1), (4, 2, -1), (5, 2, 0), (6, 2, 1)])
def test_a_small_shock_recoils_by_the_d6_table(face, dr, dc):
    board = grid({(0, 3): "1", (4, 3): "2"})
    race = scenario(
        board,
        ["orc", "orc"],
        faces=[("D6", 4), ("D6", 5), ("DCOMBAT", 30), ("D6", face)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (4, 0))
    assert racer(race, 1).square == (4 - dr, 3 + dc)


def test_a_big_shock_face_10_with_a_barrier_two_rows_up_in_the_column_stops_below_the_barrier():
    race = _trap_shock(10, marks={(3, 3): "#"})
    assert racer(race, 0).square == (4, 3)
    assert events(race, "barrier_destroyed") == []


def test_a_recoil_goes_up_the_target_column_and_stops_below_a_rock_there():
    race = _trap_shock(9, marks={(3, 4): "R"})  # (3, +1): stops on (4, 4)
    assert racer(race, 0).square == (4, 4)


def test_a_racer_with_a_barrier_beside_him_in_the_target_column_does_not_move():
    race = _trap_shock(3, marks={(5, 4): "#"})  # (1, +1); (4, 4) is free but unreachable
    assert racer(race, 0).square == (5, 3)
    assert events(race, "shock")[0]["squares"][3] == (5, 3)
    assert (1, 2, "shock") in scores(race)  # the shock was suffered all the same


def test_a_recoil_may_end_in_the_racers_own_row():
    race = _trap_shock(3, marks={(4, 4): "#"})  # (1, +1): enters column 4, cannot go up
    assert racer(race, 0).square == (5, 4)
    assert scores(race, 0) == [(0, 1, "distance")]


def test_a_recoil_ending_on_a_hole_makes_the_racer_fall_in():
    race = _trap_shock(5, marks={(3, 3): "O"})
    assert events(race, "fell") == [{"racer": 0, "hole": (3, 3), "exit": (2, 3)}]
    assert scores(race, 0) == [(0, 1, "distance"), (0, -2, "distance"), (0, -2, "hole"), (0, -1, "distance")]


def test_a_shock_from_ones_own_trap_gives_nobody_points():
    board = grid({(0, 3): "1", (0, 6): "2"})
    race = scenario(
        board, ["human", "dwarf"], faces=[("D6", 5), ("D6", 1), ("D10", 2)], before=arrange(traps={(5, 3): 0})
    )
    choose(race, (5, 0))
    assert [(e["size"], e["author"]) for e in events(race, "shock")] == [("big", None)]
    assert [s for s in scores(race) if s[2] != "distance"] == []


# ---------------------------------------------------------------- 8. the clover on fight and shock rolls
def test_the_d100_face_1_flipped_by_a_clover_on_dcombat_becomes_100():
    race = orcs_fight([("DCOMBAT", 1), ("D10", 5)], before=arrange(unprotect=[1], clovers={0: 1}))
    assert race.pending.kind == "clover" and race.pending.info["purpose"] == "combat"
    assert race.pending.info["results"] == ["defeat"] and race.pending.info["flipped_results"] == ["crushing"]
    choose(race, (0,))
    assert events(race, "clover_used")[0] == {"racer": 0, "die": "DCOMBAT", "index": 0, "face": 1, "flipped": 100}
    assert fight_results(race) == [(0, 1, "crushing", 0)]
    assert shocks(race) == [(1, "big", 0)]


def test_a_shocked_racer_may_clover_his_own_recoil_roll():
    race = orcs_fight([("DCOMBAT", 30), ("D6", 1)], before=arrange(unprotect=[1], clovers={1: 1}))
    assert race.pending.kind == "clover" and race.pending.racer == 1
    assert race.pending.info["purpose"] == "shock"
    choose(race, (0,))  # 1 (1, -1) -> 6 (2, +1)
    assert racer(race, 1).square == (0, 2)


def test_a_racer_pushed_by_lightning_onto_an_opponent_is_attacked_by_the_one_already_there():
    # Orc 1 leads: the lightning pushes him back by both D3 (1 + 1) onto orc 2 on (3, 1),
    # who has fewer points than the user and is not struck.
    board = grid({(0, 6): "1", (5, 1): "2", (3, 1): "3"})
    race = scenario(
        board,
        ["orc", "orc", "orc"],
        faces=[("D6", 1), ("D6", 2), ("D3", 1), ("D3", 1), ("DCOMBAT", 30), ("D6", 2)],
        before=arrange(unprotect=[1, 2], points={1: 10, 2: -5}, objects={0: ["ring_of_lightning"]}),
    )
    choose(race, (1, 0), (0, 0), "use:ring_of_lightning")
    assert events(race, "lightning") == [{"racer": 0, "targets": [1], "leaders": [1]}]
    assert events(race, "fight") == [{"attacker": 2, "defender": 1, "square": (3, 1)}]
