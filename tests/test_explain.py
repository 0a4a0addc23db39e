"""Options that explain themselves (game/rules/explain.py): the squares and points shown for a move are those
the race then gives; a fight's chances are the character table's; objects not offered say why."""

from __future__ import annotations

import random

import pytest

from game import Board, Race, RacerSetup, load_board
from game.bots import ai
from game.rules import explain
from game.rules.characters import CHARACTERS
from game.rules.race import Inventory

CUT = ("fell", "shortcut", "fight", "trap_sprung", "shock", "turn_ended", "phase")


def what_the_race_gives(race: Race, racer: int, option) -> tuple[list, int]:
    """The real race (rebuilt from its save) answering `option`: the squares walked and the points they
    score, up to where the walk ends (a chest on the way opens and the walk goes on)."""
    twin = Race.from_dict(race.to_dict(), board=race.board)
    twin.choose(option)
    path, points = [], 0
    while True:
        for event in twin.take_events():
            if event.kind == "moved" and event.racer == racer:
                path += [tuple(s) for s in event.path]
            elif event.kind == "placed" and event.racer == racer:
                path.append(tuple(event.end))
            elif event.kind == "scored" and event.racer == racer and event.cause in ("distance", "lap"):
                points += event.points
            elif event.kind in CUT or (event.kind == "rolled" and event.purpose != "chest"):
                return path, points
        pending = twin.pending
        if pending is None or pending.racer != racer or pending.kind not in ("clover", "drop"):
            return path, points
        twin.choose(pending.options[0])  # a chest's clover, an object dropped: the walk goes on


@pytest.mark.parametrize("board", ["meadow.tmx", "mine.tmx", "forest.tmx"])
def test_every_walking_option_shows_the_squares_and_points_the_race_gives(board):
    race = Race.new(
        load_board(f"maps/{board}"),
        [RacerSetup("elf", bot="normal"), RacerSetup("thief", bot="normal"), RacerSetup("dwarf", bot="normal")],
        turns=6,
        seed=17,
    )
    rng = random.Random(3)
    checked = 0
    while (decision := race.pending) is not None:
        if decision.kind in explain.WALKING_KINDS:
            for option in decision.options:
                outcome = explain.move_outcome(race, decision, option)
                path, points = what_the_race_gives(race, decision.racer, option)
                assert outcome is not None and list(outcome.path) == path and outcome.points == points, option
                checked += 1
        race.choose(ai.pick(race, decision, "normal", rng))
    assert checked > 40


def placed(racers, squares, board_text):
    board = Board.from_text(board_text)

    def before(race):
        for racer, square in zip(race.racers, squares):
            racer.row, racer.col = square

    return Race.new(board, [RacerSetup(c, bot="normal") for c in racers], turns=5, seed=5, before=before)


OPEN = "\n".join(["..1.2..."] + ["........"] * 15)


def test_a_fight_where_a_move_ends_shows_the_attackers_chances_from_the_character_table():
    race = placed(["elf", "orc"], [(0, 2), (3, 2)], OPEN)
    for racer in race.racers:
        racer.protected = False
    odds = explain.fight_at(race, 0, (3, 2))
    elf = CHARACTERS["elf"]
    assert (odds.attacker, odds.defender, odds.simple, odds.crushing) == (0, 1, elf.simple, elf.crushing)
    assert odds.defeat == 100 - elf.simple - elf.crushing


def test_initiative_makes_the_defender_the_attacker_in_the_explanation_as_in_the_race():
    race = placed(["elf", "dwarf"], [(0, 2), (3, 2)], OPEN)
    race.racers[1].protected = False
    odds = explain.fight_at(race, 0, (3, 2))
    dwarf = CHARACTERS["dwarf"]
    assert (odds.attacker, odds.defender, odds.simple, odds.crushing) == (1, 0, dwarf.simple, dwarf.crushing)
    race.racers[1].protected = True
    assert explain.fight_at(race, 0, (3, 2)) is None  # a protected racer is not fought


def test_an_object_or_a_free_action_not_offered_says_why():
    race = placed(["sorceress", "thief"], [(0, 2), (8, 6)], OPEN)
    sorceress, thief = race.racers
    sorceress.inventory = Inventory(objects=["axe"])
    race.turn = 2
    sorceress.wand_used["wand_of_fire"] = 1
    reasons = explain.why_not(race, 0)
    assert reasons["axe"] == "no_target"  # the thief is 8 rows away, an axe reaches 6 king steps
    assert reasons["wand_of_fire"] == ("resting", 4)
    thief.stars = 0
    assert explain.why_not(race, 1)["star"] == "no_stars"


def test_the_race_scene_shows_the_focused_options_explanation_above_the_panel(tmp_path, monkeypatch):
    import pygame

    from game.app.settings import Settings
    from scenes.app import App
    from scenes.screens.setup import start_race
    from tests.test_scenes import key, run_until

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(animation_speed=4.0, language="en"))
    start_race(
        app.stack,
        {
            "board": "maps/meadow.tmx",
            "turns": 5,
            "seed": 2,
            "racers": [
                {"character": "elf", "name": "Ann", "bot": None},
                {"character": "orc", "name": "Bo", "bot": "normal"},
            ],
        },
    )
    scene = app.stack.top
    run_until(app, lambda: scene.panel is not None and scene.panel.decision.kind == "move" and not scene.busy)
    lines = scene.drawing.explanation()
    option = scene.panel.entries[scene.panel.focus].option
    outcome = explain.move_outcome(scene.race, scene.panel.decision, option)
    assert lines and lines[0].startswith(f"{len(outcome.path)} square")
    app.step([key(pygame.K_RIGHT)])
    assert scene.drawing.explanation() != lines or len(scene.panel.entries) == 1


def test_a_target_says_whom_the_object_hits_or_what_it_destroys():
    from game.rules.state import Decision

    race = placed(
        ["elf", "orc"], [(0, 2), (3, 2)], "\n".join(["..1.2..."] + ["........"] * 5 + ["..#....."] + ["........"] * 9)
    )
    race.racers[1].protected = False
    decision = Decision(0, "target", ((3, 2), (6, 2), (5, 5)), {"object": "axe"})
    on_orc = explain.target_outcome(race, decision, (3, 2))
    assert (on_orc.item, on_orc.victim, on_orc.destroys) == ("axe", 1, None)
    on_barrier = explain.target_outcome(race, decision, (6, 2))
    assert (on_barrier.victim, on_barrier.destroys) == (None, "barrier")
    assert explain.target_outcome(race, decision, (5, 5)).destroys is None


def test_the_words_of_each_explained_kind_exist_in_both_languages():
    from game.rules.state import Decision
    from scenes.core import i18n
    from scenes.race.explain import option_lines

    race = placed(["elf", "orc"], [(0, 2), (3, 2)], OPEN)
    race.racers[1].protected = False
    for language in ("en", "fr"):
        i18n.set_language(language)
        for decision, option in (
            (Decision(0, "target", ((3, 2),), {"object": "spear"}), (3, 2)),
            (Decision(0, "shield", ("shield", "take"), {"size": "big"}), "shield"),
            (Decision(0, "shield", ("shield", "take"), {"size": "small"}), "take"),
            (Decision(0, "shortcut_stop", ("stop", "go_on"), {"left": 3}), "go_on"),
        ):
            lines = option_lines(race, decision, option)
            assert lines and all(line and "explain." not in line for line in lines), (language, decision.kind, lines)
    i18n.set_language("en")


def test_a_flail_a_fireball_path_a_reroll_a_drop_and_a_clover_explain_themselves():
    from game.rules.state import Decision
    from scenes.core import i18n
    from scenes.race.explain import option_lines

    three = "\n".join(["..1.2.3."] + ["........"] * 15)
    race = placed(["beastman", "orc", "elf"], [(4, 2), (5, 2), (7, 3)], three)
    for racer in race.racers:
        racer.protected = False
    flail = Decision(0, "flail", ((5, 2), "none"), {})
    assert explain.flail_victim(race, flail, "none") is None
    race.racers[0].row = 6  # the orc is pushed back to row 4, now free
    assert explain.flail_victim(race, flail, (5, 2)) == 1
    path = Decision(0, "path", ((6, 3), (7, 3), "end"), {"object": "ring_of_fire", "path": [(5, 2)], "reach": 12})
    assert explain.path_victims(race, path, (7, 3)) == [1, 2]
    assert explain.path_victims(race, path, "end") == [1]
    i18n.set_language("en")
    assert option_lines(race, flail, (5, 2))[0] == f"Pushes {race.racers[1].name} one row back: 1 point to you"
    assert option_lines(race, path, (7, 3))[0].startswith("The fireball hits: ")
    reroll = Decision(1, "reroll", ("reroll", "accept"), {"result": "crushing"})
    assert "crushing" in option_lines(race, reroll, "accept")[0].lower()
    drop = Decision(0, "drop", ("axe", "spear"), {"objects": ["axe", "spear", "trap"]})
    assert option_lines(race, drop, "axe")[0].endswith("you carry too many objects")
    clover = Decision(0, "clover", ((), (0,)), {})
    assert option_lines(race, clover, (0,)) == ["Turns 1 die over: one clover spent"]
