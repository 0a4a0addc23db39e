"""docs/rules-spec.md section 9: the characters' special rules, one rule per test.

Racer 0 plays first on turn 1; the others are unprotected by `arrange` when a
rule must reach them. DCOMBAT, DTHEFT and DOBJ take d100 faces; combat chances
are the attacker's (defeat = faces up to 100 - simple - crushing).
"""

from __future__ import annotations

import pytest

from game.rules.race import Trap
from game.rules.rulebook import Rules
from tests.scenario import choose, events, kinds, points, racer, scenario, shocks, to_action

STEP = [("D6", 1), ("D6", 2)]  # a movement roll without a double: (1, 0) or (2, 0)
NEXT = [("D6", 1), ("D6", 2)]  # the next racer's movement roll (the race pauses at his move)


def arrange(
    unprotect=(),
    objects=None,
    clovers=None,
    coins=None,
    shields=None,
    traps=None,
    points=None,
    baby_step=None,
    poisoned=(),
):
    """A `before=`: unprotected racers, inventories, traps, points, the baby's next action."""

    def before(race):
        for i in unprotect:
            race.racers[i].protected = False
        for i, items in (objects or {}).items():
            race.racers[i].inventory.objects = list(items)
        for i, n in (clovers or {}).items():
            race.racers[i].inventory.clovers = n
        for i, n in (coins or {}).items():
            race.racers[i].inventory.coins = n
        for i, n in (shields or {}).items():
            race.racers[i].inventory.shields = n
        for i, p in (points or {}).items():
            race.racers[i].points = p
        for square, trap in (traps or {}).items():
            race.traps[square] = trap
        if baby_step is not None:
            race.racers[0].baby_step = baby_step
        for i in poisoned:
            race.racers[i].poisoned = True

    return before


def results(race):
    """(attacker, defender, result, winner) of every fight."""
    return [(e["attacker"], e["defender"], e["result"], e["winner"]) for e in events(race, "fight_result")]


def rolled(race, purpose):
    """(racer, dice, faces) of every roll for a purpose."""
    return [(e["racer"], e["die"], e["faces"]) for e in events(race, "rolled") if e["purpose"] == purpose]


# ---------------------------------------------------------------- Fast
def test_a_fast_elf_also_rolls_the_drapid_and_may_move_by_it():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["elf", "dwarf"],
        faces=STEP + [("DRAPID", 5)],
    )
    assert rolled(race, "movement") == [(0, ["D6", "D6", "DRAPID"], [1, 2, 5])]
    assert set(race.pending.options) == {(1, 0), (2, 0), (5, 0)}
    choose(race, (5, 0))
    assert racer(race, 0).square == (5, 2)


def test_the_quick_die_makes_a_double_with_a_d6_of_its_face():  # [house, tuned] (issue 29)
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["elf", "dwarf"],
        faces=[("D6", 3), ("D6", 4), ("DRAPID", 3)],
    )
    assert kinds(race).count("lucky") == 1 and "sprinter" not in kinds(race)
    assert racer(race, 0).inventory.clovers == 1
    assert set(race.pending.options) == {(3, 0), (4, 0)}


def test_a_quick_die_of_another_face_than_both_d6_makes_no_double():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["elf", "dwarf"],
        faces=[("D6", 3), ("D6", 4), ("DRAPID", 5)],
    )
    assert "lucky" not in kinds(race)
    assert racer(race, 0).inventory.clovers == 0


def test_a_fast_elfs_sixes_still_allow_the_l_move_but_not_his_drapid():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["elf", "dwarf"],
        faces=[("D6", 6), ("D6", 1), ("DRAPID", 5)],
    )
    options = set(race.pending.options)
    assert (6, 0) in options and (5, 1) in options and (0, -6) in options
    assert (4, 1) not in options and (1, 0) in options and (5, 0) in options


# ---------------------------------------------------------------- Sore loser
SORE_BOARD = """
    ..1.....
    ........
    ..2.....
    ..3.....
"""


def test_a_human_who_loses_a_fight_may_have_the_attacker_roll_again_and_the_new_result_stands():
    race = scenario(
        SORE_BOARD,
        ["human", "goblin", "goblin"],
        faces=STEP + [("DCOMBAT", 30), ("DCOMBAT", 81), ("D10", 1)],
        before=arrange(unprotect=[1, 2]),
    )
    choose(race, (2, 0))  # onto the goblin at (2, 2)
    assert race.pending.kind == "reroll" and race.pending.racer == 0  # 30: a defeat (30 %)
    choose(race, "reroll")
    assert rolled(race, "combat_reroll") == [(0, ["DCOMBAT"], [81])]
    assert results(race) == [(0, 1, "crushing", 0)]  # 81: crushing for 50 / 20
    assert shocks(race) == [(1, "big", 0)]
    assert points(race, 0, "fight") == 3 and points(race, 1, "fight") == 0


def test_a_human_defender_who_loses_has_the_attacker_roll_again_before_any_shock():
    race = scenario(
        SORE_BOARD,
        ["goblin", "human", "goblin"],
        faces=STEP + [("DCOMBAT", 51), ("DCOMBAT", 50), ("D6", 1)],
        before=arrange(unprotect=[1, 2]),
    )
    choose(race, (2, 0))  # the goblin attacks; 51: simple victory
    assert race.pending.kind == "reroll" and race.pending.racer == 1
    assert "shock" not in kinds(race) and "fight_result" not in kinds(race)
    choose(race, "reroll")
    assert rolled(race, "combat_reroll") == [(0, ["DCOMBAT"], [50])]  # the attacker rolls
    assert results(race) == [(0, 1, "defeat", 1)]
    assert shocks(race) == [(0, "small", 1)]


def test_a_human_may_accept_his_defeat():
    race = scenario(
        SORE_BOARD,
        ["human", "goblin", "goblin"],
        faces=STEP + [("DCOMBAT", 30), ("D6", 1)],
        before=arrange(unprotect=[1, 2]),
    )
    choose(race, (2, 0), "accept")
    assert results(race) == [(0, 1, "defeat", 1)]
    assert shocks(race) == [(0, "small", 1)]


def test_a_winning_human_is_offered_no_reroll():
    race = scenario(
        SORE_BOARD,
        ["human", "goblin", "goblin"],
        faces=STEP + [("DCOMBAT", 31), ("D6", 1)],
        before=arrange(unprotect=[1, 2]),
    )
    choose(race, (2, 0))
    assert results(race) == [(0, 1, "simple", 0)]
    assert race.pending.kind == "tactical"


def test_the_sore_losers_reroll_never_comes_twice_in_a_game_turn():
    race = scenario(
        SORE_BOARD,
        ["human", "goblin", "goblin"],
        faces=STEP + [("DCOMBAT", 10), ("DCOMBAT", 20), ("D6", 2), ("DCOMBAT", 10), ("D6", 1)],
        before=arrange(unprotect=[1, 2]),
    )
    choose(race, (2, 0), "reroll")  # still a defeat: back to (1, 2)
    assert racer(race, 0).square == (1, 2)
    choose(race, 0, kind="tactical")  # the goblin's tactical move
    choose(race, (0, 0), kind="drift")
    choose(race, "move", kind="action")  # speed 2: onto the second goblin (3, 2)
    # Defeated again in the same game turn: no second reroll.
    assert results(race)[-1] == (0, 2, "defeat", 2)
    assert race.pending.kind == "tactical" and race.pending.racer == 2


def test_nothing_changes_the_new_result_neither_a_clover_nor_the_other_humans_reroll():
    race = scenario(
        SORE_BOARD,
        ["human", "human", "goblin"],
        faces=STEP + [("DCOMBAT", 10), ("DCOMBAT", 100), ("D10", 1)],
        before=arrange(unprotect=[1, 2], clovers={0: 1}),
    )
    choose(race, (), kind="clover")  # the movement roll
    choose(race, (2, 0))
    choose(race, (), kind="clover")  # the first roll may be clovered
    choose(race, "reroll", kind="reroll")
    # The rerolled 100 is a crushing victory; the defender, also a sore loser who has not
    # rerolled this turn, gets no reroll, and the attacker's clover is not offered.
    assert results(race) == [(0, 1, "crushing", 0)]
    assert race.pending.kind == "tactical"
    assert racer(race, 0).inventory.clovers == 1


# ---------------------------------------------------------------- the dwarf's speed
def test_the_dwarf_walks_one_square_in_the_odd_game_turns_and_two_in_the_even_ones():  # [house, tuned] (issue 29)
    race = scenario(
        """
        .1......2.......
    """,
        ["dwarf", "goblin"],
        faces=STEP * 8,
        turns=5,
    )
    walked = []
    while len(walked) < 3:
        decision = race.pending
        if decision.kind == "action" and decision.racer == 0 and "move" in decision.options:
            turn, before = race.turn, racer(race, 0).row
            choose(race, "move")
            walked.append((turn, racer(race, 0).row - before))
        elif decision.kind == "action":
            choose(race, "end" if "end" in decision.options else "rest")
        else:
            choose(race, {"move": (1, 0), "drift": (0, 0)}.get(decision.kind, decision.options[0]))
    assert walked == [(1, 1), (2, 2), (3, 1)]
    assert (
        Rules.of().speed_of("dwarf", 1),
        Rules.of().speed_of("dwarf", 2),
        Rules.of().speed_of("goblin", 1),
        Rules.of().speed_of("goblin", 2),
    ) == (
        1,
        2,
        2,
        2,
    )


# ---------------------------------------------------------------- Initiative
def test_a_dwarf_defender_attacks_a_mover_without_initiative():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["elf", "dwarf"],
        faces=STEP + [("DRAPID", 2), ("DCOMBAT", 21), ("D6", 1)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (2, 0))
    assert events(race, "fight") == [{"attacker": 1, "defender": 0, "square": (2, 2)}]
    assert rolled(race, "combat") == [(1, ["DCOMBAT"], [21])]
    # 21 is a simple victory with the dwarf's 50 / 30 (the elf's 30 / 10 would lose).
    assert results(race) == [(1, 0, "simple", 1)]
    assert shocks(race) == [(0, "small", 1)]


def test_a_mover_with_initiative_attacks_a_dwarf_as_usual():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["dwarf", "dwarf"],
        faces=STEP + [("DCOMBAT", 21), ("D6", 1)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (2, 0))
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (2, 2)}]
    assert results(race) == [(0, 1, "simple", 0)]


# ---------------------------------------------------------------- Vicious
def test_a_vicious_goblin_scores_two_more_for_the_shock_of_a_fight_he_wins():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["goblin", "orc"],
        faces=STEP + [("DCOMBAT", 51), ("D6", 1)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (2, 0))
    assert results(race) == [(0, 1, "simple", 0)]
    # a fight's shock scores its winner nothing more [house, tuned] (issue 29); Vicious scores 2 [tuned]
    assert (points(race, 0, "fight"), points(race, 0, "shock"), points(race, 0, "vicious")) == (3, 0, 2)


def test_a_vicious_goblin_scores_two_more_when_his_trap_is_sprung():
    race = scenario(
        """
        ..1..2..
    """,
        ["goblin", "dwarf"],
        faces=STEP + [("D6", 3), ("D6", 4), ("D10", 2)],
        before=arrange(traps={(2, 5): Trap(0)}),
    )
    to_action(race)
    choose(race, "rest")
    choose(race, (3, 0))  # the dwarf walks into the goblin's trap
    assert shocks(race) == [(1, "big", 0)]
    assert (points(race, 0, "shock"), points(race, 0, "vicious")) == (2, 2)


def test_no_vicious_point_for_a_shock_a_shield_cancels():
    race = scenario(
        """
        ..1.....
        ........
        ....2...
    """,
        ["goblin", "dwarf"],
        faces=STEP + NEXT,
        before=arrange(unprotect=[1], objects={0: ["axe"]}, shields={1: 1}),
    )
    to_action(race)
    choose(race, "use:axe", "shield")
    assert points(race, 0, "vicious") == 0 and points(race, 0, "shock") == 0


# ---------------------------------------------------------------- Thick skin
def test_an_orc_suffers_an_axes_big_shock_as_small_and_its_author_scores_one_and_vicious_two():
    race = scenario(
        """
        ..1.....
        ........
        ....2...
    """,
        ["goblin", "orc"],
        faces=STEP + [("D6", 2)] + NEXT,
        before=arrange(unprotect=[1], objects={0: ["axe"]}),
    )
    to_action(race)
    choose(race, "use:axe")
    assert shocks(race) == [(1, "small", 0)]
    assert racer(race, 1).square == (1, 4)
    assert (points(race, 0, "shock"), points(race, 0, "vicious")) == (1, 2)


def test_an_orc_on_the_last_square_of_a_fireball_suffers_a_small_shock():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D10", 1), ("D10", 1), ("D6", 5)] + NEXT,
        before=arrange(unprotect=[1], objects={0: ["ring_of_fire"]}),
    )
    to_action(race)
    choose(race, "use:ring_of_fire", (2, 2), "end")
    assert shocks(race) == [(1, "small", 0)]
    assert points(race, 0, "shock") == 1


def test_an_orc_suffers_a_trap_as_a_small_shock():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["orc", "dwarf"],
        faces=STEP + [("D6", 2)],
        before=arrange(traps={(2, 2): Trap(1)}),
    )
    choose(race, (2, 0))
    assert events(race, "trap_sprung") == [{"racer": 0, "square": (2, 2), "owner": 1, "trap": "trap"}]
    assert shocks(race) == [(0, "small", 1)]
    assert points(race, 1, "shock") == 1


def test_an_orc_losing_a_crushing_fight_suffers_a_big_shock():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["orc", "orc"],
        faces=STEP + [("DCOMBAT", 41), ("D10", 8)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (2, 0))
    assert results(race) == [(0, 1, "crushing", 0)]
    assert shocks(race) == [(1, "big", 0)]
    assert racer(race, 1).square == (15, 2)


# ---------------------------------------------------------------- Flail
FLAIL_BOARD = """
    .#15....
    .4......
    ..32....
"""


def test_the_beastman_lashes_an_adjacent_opponent_one_row_back_after_his_action():
    race = scenario(
        FLAIL_BOARD,
        ["beastman", "goblin", "goblin", "goblin", "goblin"],
        faces=STEP + NEXT,
        before=arrange(unprotect=[1, 2, 3]),
    )
    to_action(race)  # the beast-man stands on (1, 2)
    choose(race, "rest")
    # (2, 2) has the beast-man above it, (1, 1) a barrier, (0, 3) a protected racer:
    # only the goblin on (2, 3) can be pushed.
    assert race.pending.kind == "flail"
    assert set(race.pending.options) == {(2, 3), "none"}
    choose(race, (2, 3))
    assert events(race, "flail") == [{"racer": 0, "square": (2, 3)}]
    assert events(race, "placed") == [{"racer": 1, "start": (2, 3), "end": (1, 3), "cause": "flail"}]
    assert points(race, 0, "flail") == 1
    assert "shock" not in kinds(race)
    assert race.pending.kind == "move" and race.pending.racer == 1  # once: the turn is over


def test_the_flail_is_not_offered_when_no_opponent_can_be_moved():
    race = scenario(
        FLAIL_BOARD,
        ["beastman", "goblin", "goblin", "goblin", "goblin"],
        faces=STEP + NEXT,
        before=arrange(unprotect=[2, 3]),
    )
    to_action(race)
    choose(race, "rest")
    assert "flail" not in kinds(race)
    assert race.pending.kind == "move" and race.pending.racer == 1


def test_the_flail_comes_after_the_action_phase_move():
    race = scenario(
        """
        ..1.....
        ........
        ........
        ...2....
    """,
        ["beastman", "goblin"],
        faces=STEP + NEXT,
        before=arrange(unprotect=[1]),
    )
    to_action(race)
    choose(race, "move")  # speed 2: to (3, 2), beside the goblin
    assert race.pending.kind == "flail"
    choose(race, "none")
    assert race.pending.kind == "move" and race.pending.racer == 1


# ---------------------------------------------------------------- Brainy
def test_the_sorceress_walks_over_her_own_trap():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["sorceress", "dwarf"],
        faces=[("D6", 1), ("D6", 3)],
        before=arrange(traps={(2, 2): Trap(0)}),
    )
    choose(race, (3, 0))
    assert racer(race, 0).square == (3, 2)
    assert (2, 2) in race.traps and "trap_sprung" not in kinds(race)


def test_the_thief_may_stop_on_his_own_trap_without_disarming_it():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["thief", "dwarf"],
        faces=STEP,
        before=arrange(traps={(2, 2): Trap(0)}),
    )
    choose(race, (2, 0))
    assert racer(race, 0).square == (2, 2)
    assert (2, 2) in race.traps
    assert "trap_sprung" not in kinds(race) and not rolled(race, "disarm")


def test_a_racer_without_brainy_suffers_his_own_trap_and_nobody_scores():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["goblin", "dwarf"],
        faces=[("D6", 1), ("D6", 3), ("D10", 2)],
        before=arrange(traps={(2, 2): Trap(0)}),
    )
    choose(race, (3, 0))
    assert racer(race, 0).square == (1, 2)  # stopped on the trap, then 1 row back
    assert shocks(race) == [(0, "big", None)]
    assert points(race, 0, "shock") == 0 and points(race, 0, "vicious") == 0


# ---------------------------------------------------------------- Wand mastery
def test_the_wand_of_teleportation_reaches_squares_within_four_king_steps_without_barrier_rock_or_racer():
    rules = Rules.of(teleport_range=4, teleport_forward=4)  # the scenario's range; the shipped one: tuning.py
    race = scenario(
        """
        ..1.........
        ...........2
        ....#.......
        ...R........
        ..O..3......
        ............
        ............
    """,
        ["sorceress", "dwarf", "dwarf"],
        faces=STEP + NEXT,
        rules=rules,
    )
    to_action(race)  # (1, 2)
    choose(race, "wand:wand_of_teleportation")
    options = set(race.pending.options)
    assert (5, 6) in options and (4, 2) in options and (0, 10) in options  # 4 king steps
    assert (6, 2) not in options and (1, 7) not in options  # 5 king steps
    assert (2, 4) not in options and (3, 3) not in options  # barrier, rock
    assert (4, 5) not in options and (1, 2) not in options  # a racer, herself
    choose(race, (5, 6))
    assert events(race, "placed") == [{"racer": 0, "start": (1, 2), "end": (5, 6), "cause": "teleport"}]
    assert points(race, 0, "distance") == 1 + 4
    # A free action: the action of the phase is still to come, the wand not twice.
    assert "move" in race.pending.options and "wand:wand_of_teleportation" not in race.pending.options


def test_the_shipped_wand_of_teleportation_goes_one_king_step_back_never_forward_nor_sideways():
    race = scenario(
        """
        ............
        ..1.........
        ...#.......2
        ............
    """,
        ["sorceress", "dwarf"],
        faces=STEP + NEXT,
    )
    to_action(race)  # (2, 2) after the step
    choose(race, "wand:wand_of_teleportation")
    # one king step, always one row back [house, tuned] (issue 29): (2, 1) beside her is not offered
    assert race.rules.teleport_forward == -1
    assert set(race.pending.options) == {(1, 1), (1, 2), (1, 3)}
    choose(race, (1, 3))
    assert events(race, "placed") == [{"racer": 0, "start": (2, 2), "end": (1, 3), "cause": "teleport"}]
    assert points(race, 0, "distance") == 1 - 1


def test_the_wand_of_fire_throws_a_fireball_of_range_two_d6_for_free():
    rules = Rules.of(wand_of_fire_dice=2)  # the scenario's dice; the shipped number is in game/rules/tuning.py
    race = scenario(
        """
        ..1.....
        ........
        ...2....
    """,
        ["sorceress", "goblin"],
        faces=STEP + [("D6", 2), ("D6", 3), ("D10", 5)],
        before=arrange(unprotect=[1], objects={0: ["bottle", "syringe"]}),
        rules=rules,
    )
    to_action(race)
    choose(race, "wand:wand_of_fire")
    assert race.pending.kind == "path" and race.pending.info["reach"] == 5
    choose(race, (2, 2), (2, 3), "end")
    assert events(race, "fireball") == [{"racer": 0, "object": "wand_of_fire", "path": [(2, 2), (2, 3)]}]
    assert shocks(race) == [(1, "big", 0)]
    # Outside the two-object limit and free: both objects and the action remain.
    assert {"move", "use:bottle", "use:syringe"} <= set(race.pending.options)
    assert racer(race, 0).inventory.objects == ["bottle", "syringe"]


def play_turns(race, on_action):
    """Play to the end: the first move option, no drift; `on_action(race)` answers actions."""
    while not race.over:
        kind = race.pending.kind
        if kind == "move":
            choose(race, race.pending.options[0])
        elif kind == "drift":
            choose(race, (0, 0))
        elif kind in ("action", "target"):
            choose(race, on_action(race))
        else:
            raise AssertionError(f"unexpected {kind!r} decision")


def test_the_sorceress_wand_used_on_turn_3_is_offered_again_on_turn_6_not_4_or_5():
    rules = Rules.of(teleport_forward=1)  # the scenario's teleport goes a row forward
    race = scenario(
        """
        1.......2.......
    """,
        ["sorceress", "dwarf"],
        faces=STEP * 12,
        turns=6,
        rules=rules,
    )
    offered = {}

    def on_action(race):
        options = race.pending.options
        if race.pending.kind == "target":
            return (race.racers[0].row + 1, race.racers[0].col)
        if race.pending.racer != 0:
            return "rest"
        if race.turn not in offered:
            offered[race.turn] = "wand:wand_of_teleportation" in options
            if race.turn == 3:
                return "wand:wand_of_teleportation"
        return "rest" if "rest" in options else "end"

    play_turns(race, on_action)
    assert offered == {1: True, 2: True, 3: True, 4: False, 5: False, 6: True}
    assert events(race, "object_used") == [{"racer": 0, "object": "wand_of_teleportation"}]


# ---------------------------------------------------------------- Baby
def test_the_babys_beer_dice_go_to_seven_and_the_seven_not_the_six_allows_the_l_move():
    race = scenario(
        """
        ..1.............
        ...............2
    """,
        ["baby", "dwarf"],
        faces=[("beer", 7), ("beer", 6)],
    )
    assert rolled(race, "movement") == [(0, ["beer", "beer"], [7, 6])]
    options = set(race.pending.options)
    assert {(7, 0), (6, 0), (6, 1), (0, -7), (3, 4)} <= options
    assert (5, 1) not in options and (0, 6) not in options  # a six is a plain die for him


def test_a_double_seven_is_the_babys_lucky_sprinter():
    race = scenario(
        """
        ..1.............
        ...............2
    """,
        ["baby", "dwarf"],
        faces=[("beer", 7), ("beer", 7)],
    )
    assert kinds(race).count("sprinter") == 1 and kinds(race).count("lucky") == 1
    assert (14, 0) in race.pending.options
    assert racer(race, 0).inventory.clovers == 1


def test_a_double_six_of_beer_is_lucky_but_no_sprinter():
    race = scenario(
        """
        ..1.............
        ...............2
    """,
        ["baby", "dwarf"],
        faces=[("beer", 6), ("beer", 6)],
    )
    assert "sprinter" not in kinds(race) and "lucky" in kinds(race)
    assert (12, 0) not in race.pending.options


def test_the_baby_does_a_poo_behind_him_after_his_drift():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["baby", "dwarf"],
        faces=STEP,
        before=arrange(baby_step=1),
    )
    to_action(race, drift=(-1, -1))  # from (1, 2) to (0, 1)
    assert events(race, "baby") == [{"racer": 0, "action": "poo"}]
    assert events(race, "trap_laid") == [{"racer": 0, "square": (15, 1), "trap": "poo"}]
    assert race.traps[(15, 1)] == Trap(0, "poo")


def test_no_poo_on_a_square_that_holds_an_object():
    race = scenario(
        """
        ..1.....
        ..$....2
    """,
        ["baby", "dwarf"],
        faces=[("D6", 2), ("D6", 3)],
        before=arrange(baby_step=1),
    )
    to_action(race, move=(2, 0))  # over the coin to (2, 2): it lies behind
    assert events(race, "baby") == [{"racer": 0, "action": "poo"}]
    assert race.traps == {}


def test_a_poo_gives_a_small_shock_to_the_racer_who_steps_on_it():
    race = scenario(
        """
        ..1..2..
    """,
        ["baby", "dwarf"],
        faces=[("beer", 2), ("beer", 3), ("D6", 3), ("D6", 4), ("D6", 2)],
        before=arrange(traps={(2, 5): Trap(0, "poo")}),
    )
    to_action(race, move=(2, 0))
    choose(race, "rest")
    choose(race, (3, 0))  # the dwarf walks into the poo
    assert events(race, "trap_sprung") == [{"racer": 1, "square": (2, 5), "owner": 0, "trap": "poo"}]
    assert shocks(race) == [(1, "small", 0)]
    assert points(race, 0, "shock") == 1


def test_the_sleeping_baby_skips_his_drift_phase_but_keeps_his_action():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["baby", "dwarf"],
        faces=STEP,
        before=arrange(baby_step=2),
    )
    choose(race, (1, 0))
    assert race.pending.kind == "action"
    assert events(race, "phase") == [{"racer": 0, "phase": "movement"}, {"racer": 0, "phase": "action"}]
    assert events(race, "baby") == [{"racer": 0, "action": "sleep"}]


def test_the_crying_baby_shocks_every_unprotected_opponent_within_six_steps():
    rules = Rules.of(cry_king_steps=False, cry_range=6)  # orthogonal steps, the scenario's range (shipped: tuning.py)
    race = scenario(
        """
        1...............
        ..............5.
        .4..............
        ................
        ...23...........
    """,
        ["baby", "goblin", "goblin", "goblin", "goblin"],
        faces=STEP + [("D6", 2), ("D6", 2)],
        before=arrange(unprotect=[1, 2, 4], baby_step=3),
        rules=rules,
    )
    to_action(race)  # the baby cries on (1, 0)
    # (4, 3): 3 + 3 = 6 steps; (1, 14): 2 steps round the edge; (4, 4): 7 steps (4 king
    # steps); (2, 1): 2 steps but protected. Shocks in play order.
    assert events(race, "baby") == [{"racer": 0, "action": "cry"}]
    assert shocks(race) == [(1, "small", 0), (4, "small", 0)]
    assert racer(race, 1).square == (3, 3) and racer(race, 4).square == (0, 14)
    assert points(race, 0, "shock") == 2


def test_with_king_steps_the_cry_also_reaches_an_opponent_four_diagonal_steps_away():
    rules = Rules.of(cry_king_steps=True, cry_range=6)
    race = scenario(
        """
        1...............
        ................
        ................
        ................
        ....2...3.......
    """,
        ["baby", "goblin", "goblin"],
        faces=STEP + [("D6", 2)],
        before=arrange(unprotect=[1, 2], baby_step=3),
        rules=rules,
    )
    to_action(race)  # the baby cries on (1, 0)
    # (4, 4): 7 orthogonal steps but 4 king steps, hit; (4, 8): 8 king steps, not.
    assert shocks(race) == [(1, "small", 0)]


def test_the_shipped_cry_reaches_opponents_seven_king_steps_away():
    race = scenario(
        """
        1...............
        ................
        ................
        ................
        ................
        ................
        ................
        ................
        .......23.......
    """,
        ["baby", "goblin", "goblin"],
        faces=STEP + [("D6", 2)],
        before=arrange(unprotect=[1, 2], baby_step=3),
    )
    to_action(race)  # the baby cries on (1, 0)
    # (8, 7): 7 king steps, hit; (8, 8): 8 king steps, not
    assert shocks(race) == [(1, "small", 0)]


def test_the_babys_fourth_turn_cries_and_his_fifth_drinks_again():
    race = scenario(
        """
        1.......2.......
    """,
        ["baby", "dwarf"],
        faces=[2, 3] * 10,
        turns=5,
    )
    play_turns(race, lambda race: "rest")
    assert [e["action"] for e in events(race, "baby")] == ["beer", "poo", "sleep", "cry", "beer"]
    assert [dice for who, dice, _ in rolled(race, "movement") if who == 0] == [
        ["beer", "beer"],
        ["D6", "D6"],
        ["D6", "D6"],
        ["D6", "D6"],
        ["beer", "beer"],
    ]
    drifts = [e["racer"] for e in events(race, "phase") if e["phase"] == "drift"]
    assert drifts.count(0) == 4  # no drift on the sleeping turn


# ---------------------------------------------------------------- Disarm and Loves traps
def test_a_thief_ending_his_move_on_an_opponents_trap_may_disarm_it_and_keep_it():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["thief", "dwarf"],
        faces=STEP + [("DTHEFT", 61)],
        before=arrange(traps={(2, 2): Trap(1)}),
    )
    choose(race, (2, 0))
    assert rolled(race, "disarm") == [(0, ["DTHEFT"], [61])]
    assert events(race, "trap_sprung") == [{"racer": 0, "square": (2, 2), "owner": 1, "trap": "disarmed"}]
    assert race.traps == {} and "shock" not in kinds(race)
    assert racer(race, 0).inventory.objects == ["trap"]
    assert racer(race, 0).square == (2, 2)


def test_a_failed_disarm_springs_the_trap_as_usual():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["thief", "dwarf"],
        faces=STEP + [("DTHEFT", 60), ("D10", 2)],
        before=arrange(traps={(2, 2): Trap(1)}),
    )
    choose(race, (2, 0))
    assert events(race, "trap_sprung") == [{"racer": 0, "square": (2, 2), "owner": 1, "trap": "trap"}]
    assert shocks(race) == [(0, "big", 1)]
    assert racer(race, 0).square == (1, 2) and racer(race, 0).inventory.objects == []
    assert points(race, 1, "shock") == 2


def test_a_disarmed_poo_is_only_removed():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["thief", "baby"],
        faces=STEP + [("DTHEFT", 100)],
        before=arrange(traps={(2, 2): Trap(1, "poo")}),
    )
    choose(race, (2, 0))
    assert race.traps == {} and "shock" not in kinds(race)
    assert racer(race, 0).inventory.objects == []


def test_a_thief_placed_on_an_opponents_trap_by_a_recoil_suffers_it_without_disarming():
    race = scenario(
        """
        ..1.....
        ........
        ..2....3
    """,
        ["thief", "goblin", "dwarf"],
        faces=STEP + [("DCOMBAT", 10), ("D6", 1), ("D10", 2)],
        before=arrange(unprotect=[1], traps={(1, 1): Trap(2)}),
    )
    choose(race, (2, 0))  # onto the goblin; 10 is a defeat
    # The small shock sends the thief to (1, 1), onto the dwarf's trap: no DTHEFT.
    assert shocks(race) == [(0, "small", 1), (0, "big", 2)]
    assert not rolled(race, "disarm")
    assert racer(race, 0).square == (0, 1)


def test_a_thief_drifting_onto_an_opponents_trap_may_disarm_it():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["thief", "dwarf"],
        faces=STEP + [("DTHEFT", 80)],
        before=arrange(traps={(0, 1): Trap(1)}),
    )
    to_action(race, drift=(-1, -1))  # a drift is a voluntary move
    assert rolled(race, "disarm") == [(0, ["DTHEFT"], [80])]
    assert racer(race, 0).inventory.objects == ["trap"] and "shock" not in kinds(race)


def test_a_thiefs_traps_do_not_count_in_his_two_object_limit():
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["thief", "dwarf"],
        faces=STEP + [("DTHEFT", 61)],
        before=arrange(objects={0: ["axe", "spear", "trap"]}, traps={(2, 2): Trap(1)}),
    )
    choose(race, (2, 0))
    assert "object_dropped" not in kinds(race)
    assert sorted(racer(race, 0).inventory.objects) == ["axe", "spear", "trap", "trap"]
    assert race.pending.kind == "drift"


# ---------------------------------------------------------------- Backstab
@pytest.mark.parametrize(
    "face, result, recoil",
    [(40, "defeat", ("D6", 1)), (41, "simple", ("D6", 1)), (70, "simple", ("D6", 1)), (71, "crushing", ("D10", 1))],
)
def test_a_thief_ending_his_move_just_above_an_opponent_backstabs_him_at_30_30_40(face, result, recoil):
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["thief", "goblin"],
        faces=STEP + [("DCOMBAT", face), recoil],
        before=arrange(unprotect=[1]),
    )
    choose(race, (1, 0))  # to (1, 2), just above the goblin
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (2, 2)}]
    assert results(race)[0][:3] == (0, 1, result)


def test_a_backstabbed_dwarf_does_not_take_the_initiative():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["thief", "dwarf"],
        faces=STEP + [("DCOMBAT", 41), ("D6", 1)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (1, 0))
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (2, 2)}]
    assert results(race) == [(0, 1, "simple", 0)]


def test_a_thief_backstabs_the_first_arrived_of_several_opponents_below_him():
    def before(race):
        for i in (1, 2):
            race.racers[i].protected = False
            race.racers[i].row, race.racers[i].col = 2, 2
        race.racers[2].arrived = 0  # racer 2 was there first

    race = scenario(
        """
        ..1.....
        ........
        ....2.3.
    """,
        ["thief", "goblin", "goblin"],
        faces=STEP + [("DCOMBAT", 41), ("D6", 1)],
        before=before,
    )
    choose(race, (1, 0))
    assert events(race, "fight") == [{"attacker": 0, "defender": 2, "square": (2, 2)}]


def test_no_backstab_when_a_fight_starts_on_his_own_square_nor_after_a_tactical_move():
    race = scenario(
        """
        ..1.....
        ..2.....
        ..34....
    """,
        ["thief", "goblin", "goblin", "goblin"],
        faces=STEP + [("DCOMBAT", 61), ("D6", 2)],
        before=arrange(unprotect=[1, 2, 3]),
    )
    choose(race, (1, 0))  # onto the goblin at (1, 2); 61: simple
    assert set(race.pending.options) == {-2, -1, 0, 1, 2}
    choose(race, 1, kind="tactical")  # to (1, 3), just above another goblin
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (1, 2)}]
    assert racer(race, 0).square == (1, 3)
    assert race.pending.kind == "drift"


def test_a_thief_drifting_just_above_an_opponent_backstabs_him():
    race = scenario(
        """
        ..1.....
        ........
        .2......
    """,
        ["thief", "goblin"],
        faces=STEP + [("DCOMBAT", 71), ("D10", 1)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (2, 0))  # to (2, 2)
    choose(race, (-1, -1), kind="drift")  # to (1, 1), above the goblin
    assert events(race, "fight") == [{"attacker": 0, "defender": 1, "square": (2, 1)}]
    assert results(race) == [(0, 1, "crushing", 0)]


# ---------------------------------------------------------------- Theft
THEFT_BOARD = """
    ..1.....
    ..2.....
"""


def test_a_thiefs_failed_theft_costs_2():
    race = scenario(
        THEFT_BOARD,
        ["thief", "goblin"],
        faces=STEP + [("DCOMBAT", 61), ("D6", 2), ("DTHEFT", 60)],
        before=arrange(unprotect=[1], coins={1: 1}),
    )
    choose(race, (1, 0))
    assert results(race) == [(0, 1, "simple", 0)]
    assert points(race, 0, "theft") == -2
    assert racer(race, 1).inventory.coins == 1 and racer(race, 0).inventory.coins == 0
    # The theft comes after the loser's shock and its recoil, before the tactical move.
    order = [e.kind for e in race.log if e.kind in ("placed", "rolled")]
    assert order[-2:] == ["placed", "rolled"] and rolled(race, "theft") == [(0, ["DTHEFT"], [60])]
    assert race.pending.kind == "tactical"


def test_a_successful_theft_usually_takes_the_most_common_object_ties_going_to_the_earliest():
    race = scenario(
        THEFT_BOARD,
        ["thief", "goblin"],
        faces=STEP + [("DCOMBAT", 61), ("D6", 2), ("DTHEFT", 61), ("d100", 90)],
        before=arrange(unprotect=[1], coins={1: 2}, objects={1: ["bottle", "axe", "bottle"]}),
    )
    choose(race, (1, 0))
    # Two coins and two bottles: the coin comes first in the chest table.
    assert events(race, "object_dropped") == [{"racer": 1, "object": "coin"}]
    assert racer(race, 0).inventory.coins == 1 and racer(race, 1).inventory.coins == 1
    assert points(race, 0, "theft") == 0


def test_a_successful_theft_sometimes_takes_the_rarest_object_ties_going_to_the_latest():
    race = scenario(
        THEFT_BOARD,
        ["thief", "goblin"],
        faces=STEP + [("DCOMBAT", 61), ("D6", 2), ("DTHEFT", 61), ("d100", 91)],
        before=arrange(unprotect=[1], coins={1: 2}, objects={1: ["bottle", "axe"]}),
    )
    choose(race, (1, 0))
    # One bottle and one axe (rarest, tied): the axe comes later in the chest table.
    assert events(race, "object_dropped") == [{"racer": 1, "object": "axe"}]
    assert racer(race, 0).inventory.objects == ["axe"] and racer(race, 1).inventory.objects == ["bottle"]


def test_no_theft_roll_when_the_loser_holds_nothing_of_the_chest_table():
    race = scenario(
        THEFT_BOARD, ["thief", "sorceress"], faces=STEP + [("DCOMBAT", 61), ("D6", 2)], before=arrange(unprotect=[1])
    )
    choose(race, (1, 0))
    assert not rolled(race, "theft") and race.pending.kind == "tactical"


def test_a_thief_who_wins_as_defender_steals_too():
    race = scenario(
        """
        ..1.....
        ..2.....
    """,
        ["goblin", "thief"],
        faces=STEP + [("DCOMBAT", 50), ("D6", 2), ("DTHEFT", 99), ("d100", 1)],
        before=arrange(unprotect=[1], shields={0: 0}, coins={0: 1}),
    )
    choose(race, (1, 0))  # the goblin attacks; 50 is his defeat
    assert results(race) == [(0, 1, "defeat", 1)]
    assert racer(race, 1).inventory.coins == 1 and racer(race, 0).inventory.coins == 0


# ---------------------------------------------------------------- Fearful
def test_the_fearful_thiefs_tactical_move_may_shift_two_squares_but_never_past_a_barrier():
    race = scenario(
        """
        ..1.....
        .32#....
    """,
        ["thief", "goblin", "goblin"],
        faces=STEP + [("DCOMBAT", 61), ("D6", 2)],
        before=arrange(unprotect=[1, 2]),
    )
    choose(race, (1, 0))  # onto the goblin at (1, 2)
    # Left: (1, 1) holds a racer, (1, 0) is free (racers are no wall); right: a barrier.
    assert race.pending.kind == "tactical" and set(race.pending.options) == {-2, 0}
    choose(race, -2)
    assert racer(race, 0).square == (1, 0)


def test_other_winners_shift_at_most_one_square():
    race = scenario(
        """
        ..1.....
        ..2.....
    """,
        ["goblin", "orc"],
        faces=STEP + [("DCOMBAT", 51), ("D6", 2)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (1, 0))
    assert set(race.pending.options) == {-1, 0, 1}


# ---------------------------------------------------------------- Throwing stars
def test_the_thief_throws_a_free_star_that_pushes_an_opponent_one_row_back_for_one_point():
    race = scenario(
        """
        ..1.....
        .....2..
        ........
        ..3.....
    """,
        ["thief", "goblin", "goblin"],
        faces=STEP,
        before=arrange(unprotect=[1, 2], shields={1: 1}),
    )
    assert racer(race, 0).stars == 3
    to_action(race)  # (1, 2); a goblin 3 squares right
    choose(race, "star", (1, 5))
    assert events(race, "object_used") == [{"racer": 0, "object": "throwing_star"}]
    assert events(race, "placed") == [{"racer": 1, "start": (1, 5), "end": (0, 5), "cause": "star"}]
    assert racer(race, 1).inventory.shields == 1 and "shock" not in kinds(race)
    assert points(race, 0, "star") == 1 and racer(race, 0).stars == 2
    # Free, and one per action phase (the goblin at (3, 2) is still in line).
    assert "move" in race.pending.options and "star" not in race.pending.options


def test_a_throwing_star_does_not_reach_five_squares():
    race = scenario(
        """
        ..1.........
        .......2....
    """,
        ["thief", "goblin"],
        faces=STEP,
        before=arrange(unprotect=[1]),
    )
    to_action(race)  # (1, 2): the goblin 5 right, 7 left
    assert "star" not in race.pending.options


def test_throwing_stars_fly_straight_four_squares_at_opponents_a_push_can_move():
    race = scenario(
        """
        ....1.......
        ..6...#.2...
        ....#3......
        ....4.......
        ............
        ....5.......
    """,
        ["thief", "goblin", "goblin", "goblin", "goblin", "goblin"],
        faces=STEP + NEXT,
        before=arrange(unprotect=[1, 2, 3, 4]),
    )
    to_action(race)  # the thief on (1, 4)
    choose(race, "star")
    # (1, 8): 4 right, over a barrier; (5, 4): 4 down. (3, 4) has a barrier above it,
    # (2, 5) is diagonal, (1, 2) is protected; a barrier is no target.
    assert race.pending.kind == "target" and set(race.pending.options) == {(1, 8), (5, 4)}
    choose(race, (5, 4))
    assert racer(race, 4).square == (4, 4)


def test_no_star_is_offered_once_the_three_are_thrown():
    race = scenario(
        """
        ..1.....
        .....2..
    """,
        ["thief", "goblin"],
        faces=STEP,
        before=arrange(unprotect=[1]),
    )
    race.racers[0].stars = 0
    to_action(race)
    assert "star" not in race.pending.options


# ---------------------------------------------------------------- Venom
def test_the_loser_of_a_fight_against_the_lizardman_rolls_a_single_die_next_movement_phase():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["lizardman", "goblin"],
        faces=STEP + [("DCOMBAT", 26), ("D6", 1), ("D6", 6)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (2, 0))  # 26: a simple victory (50 / 25)
    choose(race, 0, kind="tactical")
    to_action(race)
    choose(race, "rest")
    assert rolled(race, "movement")[-1] == (1, ["D6"], [6])
    options = set(race.pending.options)
    assert (6, 0) in options and (0, 6) in options and (3, -3) in options
    assert "lucky" not in kinds(race) and not racer(race, 1).poisoned


def test_a_poisoned_elf_rolls_no_drapid_and_may_clover_his_single_die():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["lizardman", "elf"],
        faces=STEP + [("DCOMBAT", 26), ("D6", 1), ("D6", 1)],
        before=arrange(unprotect=[1], clovers={1: 1}),
    )
    choose(race, (2, 0))
    choose(race, (), kind="clover")  # the elf's recoil roll
    choose(race, 0, kind="tactical")
    to_action(race)
    choose(race, "rest")
    assert race.pending.kind == "clover" and set(race.pending.options) == {(), (0,)}
    choose(race, (0,))
    assert rolled(race, "movement")[-1] == (1, ["D6"], [1])
    assert (6, 0) in race.pending.options and (2, 4) in race.pending.options  # the L-move


def test_an_attacker_who_loses_to_a_lizardman_defender_is_poisoned_for_one_movement_phase():
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
    """,
        ["elf", "lizardman"],
        faces=STEP + [("DRAPID", 5), ("DCOMBAT", 10), ("D6", 2)] + STEP + [("D6", 4)],
        before=arrange(unprotect=[1]),
    )
    choose(race, (2, 0))  # onto the lizard-man; 10: the elf loses
    choose(race, 0, kind="tactical")
    to_action(race)
    choose(race, "rest")
    to_action(race)  # the lizard-man's turn
    choose(race, "rest")
    # Turn 2: the elf (1 point) plays first, with one die: a single option, taken at once.
    assert rolled(race, "movement")[-1] == (0, ["D6"], [4])
    assert racer(race, 0).square == (5, 2)
