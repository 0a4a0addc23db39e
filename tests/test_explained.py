"""Everything on the race screen explains itself: every part of a racer's card (his turn order,
portrait, points, chest badge, clovers, shields, coins, each object, throwing stars, status line)
and every die says what it is and does, with a link that opens the rule book at its section; the
pointer over it, I and the arrows, a click or F1 open it. The cards stay in seat order, each with
its place in the turn order; the legend shows the cards' parts; the fight odds name their shocks."""

from __future__ import annotations

import random

import pygame
import pytest

from game import Race, RacerSetup
from game.app.settings import Settings
from game.bots.ai import pick
from game.rules.characters import CHARACTERS
from game.rules.dice import DICE
from game.rules.objects import NAMES
from game.rules.state import Inventory
from scenes.app import App
from scenes.core import boards, i18n, words
from scenes.core.rule_book import book_text, parse, sections
from scenes.race import RaceScene, explain, hud
from scenes.screens.legend import CARD_PARTS, LegendScene
from scenes.screens.rules_help import RulesScene
from tests.test_scenes import key

SETUP = {"board": boards.PRACTICE, "turns": 6, "racers": []}
PEOPLE = [("elf", "Ann", None), ("sorceress", "Zoé", "greedy"), ("thief", "Tim", "greedy"), ("baby", "Fib", "greedy")]
OBJECTS = [obj for obj in NAMES if obj not in ("clover", "shield", "coin", "wand_of_teleportation", "wand_of_fire")]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The window, every key pressed released at once (as a keyboard does)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    game = App(settings=Settings(animation_speed=4.0, language="en", tutorial_seen=True))
    step = game.step

    def step_with_releases(events=(), dt=1 / 30):
        full = []
        for event in events:
            full.append(event)
            if event.type == pygame.KEYDOWN:
                full.append(pygame.event.Event(pygame.KEYUP, key=event.key, mod=0, scancode=0))
        step(full, dt)

    game.step = step_with_releases
    return game


def laden_race() -> Race:
    """Four racers a few turns in, the person's racer holding clovers, shields, coins and two objects,
    the lizard-man's venom in another's blood."""
    race = Race.new(boards.practice_board(), [RacerSetup(c, n, b) for c, n, b in PEOPLE], turns=6, seed=8)
    rng = random.Random(8)
    while race.pending is not None and (race.turn < 3 or race.pending.racer != 0 or race.pending.kind != "move"):
        race.choose(pick(race, race.pending, "greedy", rng))
    race.racers[0].inventory = Inventory(clovers=2, shields=1, coins=3, objects=["axe", "syringe"])
    race.racers[3].poisoned = True
    return race


def in_window(app, race: Race) -> RaceScene:
    """The race on the screen, its turns so far shown at once (as a key pressed while they play out
    does), its decision asked."""
    scene = app.stack.push(RaceScene(race, SETUP))
    app.step([], 1 / 30)
    scene.skip()
    for _ in range(400):
        app.step([], 1 / 30)
        if not scene.busy and scene.panel is not None:
            break
    return scene


def book_sections(language: str) -> set[str]:
    return {section for section, _ in sections(parse(book_text(language)))}


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_part_of_every_card_and_every_die_says_what_it_is_and_links_to_its_rule(language):
    i18n.set_language(language)
    race = laden_race()
    known = book_sections(language)
    things = []
    for index, rect in hud.card_rects(race).items():
        things += [thing for thing, _ in hud.card_parts(race, index, rect)]
    kinds = {thing[0] for thing in things}
    assert kinds >= {"order", "racer", "points", "tier", "counter", "object", "stars", "poisoned", "baby"}
    assert {thing[2] for thing in things if thing[0] == "counter"} == {"clover", "shield", "coin"}
    assert {thing[2] for thing in things if thing[0] == "object"} >= {"axe", "syringe", "wand_of_fire"}
    things += [("die", die) for die in DICE]
    things += [("object", 0, obj) for obj in OBJECTS]  # every object a card may hold
    for thing in things:
        said = explain.thing_words(race, thing, race.order, None)
        assert said.title and said.lines and all(said.lines), thing
        assert said.section in known, (thing, said.section)
        for line in (said.title, *said.lines):
            assert "{" not in line and "_" not in line, (thing, line)
    assert explain.section_of(("tier", 0)) == "chests" and explain.section_of(("counter", 0, "coin")) == "action"
    assert explain.section_of(("object", 1, "wand_of_fire")) == "characters"
    assert explain.section_of(("die", "DCOMBAT")) == "fights"


def test_a_badges_words_come_from_the_tables():
    race = laden_race()
    tier = race.tier(0)
    said = explain.thing_words(race, ("tier", 0))
    from game.rules.objects import TIER_CHANCES

    powerful, modest = TIER_CHANCES[tier]
    assert f"{powerful} times in 100" in said.lines[0] and f"{modest} times in 100" in said.lines[0]
    axe = explain.thing_words(race, ("object", 0, "axe"))
    from game.rules import tuning

    assert f"up to {tuning.AXE_RANGE} squares" in axe.lines[0]
    elf = explain.thing_words(race, ("racer", 0))
    c = CHARACTERS["elf"]
    assert any(f"{c.crushing} % crushing: a big shock" in line for line in elf.lines)


def test_the_pointer_over_a_badge_explains_it_and_a_click_opens_the_rules_at_chests(app):
    scene = in_window(app, laden_race())
    rect = dict(hud.card_parts(scene.race, 0, hud.card_rects(scene.race)[0]))[("tier", 0)]
    app.step([motion(rect.center)], 1 / 30)
    shown = scene.inspector.current()
    assert shown is not None and shown[0] == ("tier", 0)
    said = scene.inspector.explained(shown[0])
    assert said.title.startswith("Chest: ")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)], 1 / 30)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    assert rules.sections[rules.selected][0] == "chests"
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.stack.top is scene


@pytest.mark.parametrize("part", [("counter", 0, "clover"), ("counter", 0, "shield"), ("counter", 0, "coin")])
def test_each_counter_and_object_held_opens_its_own_section(app, part):
    scene = in_window(app, laden_race())
    parts = dict(hud.card_parts(scene.race, 0, hud.card_rects(scene.race)[0]))
    for thing in (part, ("object", 0, "syringe")):
        app.step([motion(parts[thing].center)], 1 / 30)
        assert scene.inspector.current()[0] == thing
        app.step([key(pygame.K_F1)], 1 / 30)
        rules = app.stack.top
        assert isinstance(rules, RulesScene), thing
        assert rules.sections[rules.selected][0] == explain.section_of(thing)
        app.stack.pop()


def test_the_keys_walk_the_cards_and_enter_opens_the_rule_of_the_thing_walked_to(app):
    scene = in_window(app, laden_race())
    app.step([key(pygame.K_i)], 1 / 30)
    inspector = scene.inspector
    assert inspector.walking and inspector.current()[0] == ("racer", 0)  # the deciding racer's portrait
    seen = []
    for _ in range(len(inspector.things())):
        seen.append(inspector.current()[0])
        app.step([key(pygame.K_RIGHT)], 1 / 30)
    assert ("tier", 0) in seen and ("counter", 0, "coin") in seen and ("object", 0, "axe") in seen
    assert scene.panel is not None and scene.race.choices  # the arrows walked: the panel kept its focus
    app.step([key(pygame.K_DOWN)], 1 / 30)
    last_card = next(thing for thing in reversed(seen) if thing[0] != "die")  # (the dice rolled come last)
    assert inspector.current()[0][1] == (last_card[1] + 1) % 4 or inspector.current()[0][0] == "racer"
    while inspector.current()[0] != ("tier", 2):
        app.step([key(pygame.K_RIGHT)], 1 / 30)
    app.step([key(pygame.K_RETURN)], 1 / 30)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.sections[rules.selected][0] == "chests"
    app.stack.pop()
    app.step([], 1 / 30)
    assert not inspector.walking  # back from the book: the panel has the keys again
    app.step([key(pygame.K_i)], 1 / 30)
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert not inspector.walking and app.stack.top is scene  # Escape ends the walk, not the race


def test_a_controllers_back_button_walks_the_cards(app):
    scene = in_window(app, laden_race())
    back = pygame.CONTROLLER_BUTTON_BACK
    app.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=back, instance_id=0)], 1 / 30)
    assert scene.inspector.walking


def test_f1_on_the_panel_opens_the_rule_of_the_focused_option_and_an_objects_option_says_what_it_does(app):
    race = laden_race()
    scene = in_window(app, race)
    assert scene.panel.decision.kind == "move"
    app.step([motion((5, 200))], 1 / 30)  # the pointer over nothing that explains itself
    app.step([key(pygame.K_F1)], 1 / 30)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.sections[rules.selected][0] == "moving"
    app.stack.pop()
    decision = scene.panel.decision
    lines = explain.option_lines(race, type(decision)(0, "action", ["use:syringe", "move", "rest"]), "use:syringe")
    assert lines[0].startswith("Syringe of doping: Your action: walk straight forward up to 2 plus")


def test_the_explanation_strip_links_to_the_rule_and_a_click_on_the_link_opens_it(app):
    scene = in_window(app, laden_race())
    app.step([], 1 / 30)
    link, section = scene.drawing.link
    assert section == "moving"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=link.center, button=1)], 1 / 30)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.sections[rules.selected][0] == "moving"


def test_a_clovers_dice_explain_themselves_on_the_panel(app):
    race = laden_race()
    scene = in_window(app, race)
    race.racers[0].inventory.clovers = 3
    panel = scene.panel
    from game.rules.state import Decision

    scene.panel = type(panel)(
        Decision(0, "clover", [(), (0,), (1,), (0, 1)], {"die": ["D6", "D6"], "faces": [1, 4], "opposite": [6, 3]}),
        race,
        lambda option: None,
        scene.view,
    )
    scene.inspector._things = None
    things = [thing for thing, _ in scene.inspector.things() if thing[0] == "die"]
    assert things == [("die", "D6"), ("die", "D6")]
    rect = scene.panel.dice_rects[0]
    scene.inspector.mouse = rect.center
    assert scene.inspector.current()[0] == ("die", "D6")


def test_the_cards_stay_in_seat_order_with_their_place_in_the_turn_order(app):
    race = laden_race()
    scene = in_window(app, race)
    first = hud.card_rects(race)
    assert list(first) == [0, 1, 2, 3]  # seat order
    assert [rect.top for rect in first.values()] == sorted(rect.top for rect in first.values())
    drawn = []
    from scenes.core import text

    real = text.draw

    def spy(surface, said, pos, *args, **kwargs):
        drawn.append((said, pos))
        return real(surface, said, pos, *args, **kwargs)

    rng = random.Random(1)
    orders = set()
    for _ in range(3):  # over game turns whose order changes, each card stays where it is
        turn = race.turn
        while race.pending is not None and race.turn == turn:
            race.choose(pick(race, race.pending, "greedy", rng))
        orders.add(tuple(race.order))
        scene.playback.sync()
        assert {i: r.topleft for i, r in hud.card_rects(race).items()} == {i: r.topleft for i, r in first.items()}
        drawn.clear()
        text.draw = spy
        try:
            scene.drawing.forget()
            scene.drawing._hud_cache = None
            scene.drawing.hud()
        finally:
            text.draw = real
        for index, rect in hud.card_rects(race).items():
            stripe = pygame.Rect(rect.left, rect.top, hud.STRIPE, rect.height)
            place = str(list(race.order).index(index) + 1)
            assert (place, stripe.center) in drawn, (index, place)
    assert len(orders) > 1


def test_the_legend_shows_the_cards_parts_in_both_languages(app):
    scene = in_window(app, laden_race())
    for language in ("en", "fr"):
        i18n.set_language(language)
        legend = LegendScene(scene.renderer)
        assert [part for part, _ in legend.cards] == list(CARD_PARTS)
        for part in CARD_PARTS:
            assert i18n.has(f"legend.card.{part}.name") and i18n.has(f"legend.card.{part}.what")
        legend.draw(app.screen)


def test_the_fight_odds_name_the_shock_each_outcome_gives():
    race = laden_race()
    from game.rules.explain import FightOdds

    odds = FightOdds(1, 0, 30, 20)
    said = i18n.t(
        "explain.fight",
        attacker="Zoé",
        defender="Ann",
        simple=odds.simple,
        crushing=odds.crushing,
        defeat=odds.defeat,
    )
    assert "20 % crushing: a big shock for Ann" in said and "50 % defeat: a small shock for Zoé" in said
    assert words.die_name("DCOMBAT") == "combat die" and race.racers[1].name == "Zoé"


@pytest.mark.slow  # three races and the guided race up to its eleventh lesson, drawn headless: some seconds
def test_the_readmes_pictures_of_an_explained_badge_a_scrolled_log_and_two_lessons_draw(tmp_path, monkeypatch):
    from tests import screen_shots

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    pictures = screen_shots.take(tmp_path / "shots")
    names = sorted(path.name for path in pictures)
    assert names == sorted(
        ["explained-badge.png", "race-log.png", "guided-step.png", "guided-step-2.png", "legend.png"]
    )
    for path in pictures:
        assert pygame.image.load(str(path)).get_size() == (1280, 720)


def test_a_drift_two_back_is_explained_as_two_squares_as_its_label_says():
    race = Race.new(boards.load(boards.PRACTICE), [RacerSetup("orc"), RacerSetup("dwarf")], turns=6, seed=3)
    rng = random.Random(3)
    for _ in range(400):  # the first drift that may go two back (a bounded walk through a race)
        decision = race.pending
        assert decision is not None, "no drift two back in the race"
        two_back = [o for o in decision.options if decision.kind == "drift" and o[0] == -2]
        if two_back:
            break
        race.choose(pick(race, decision, "random", rng))
    i18n.set_language("en")
    option = two_back[0]
    assert words.option_label(decision, option, race).startswith("2 back")
    assert explain.option_lines(race, decision, option)[0].startswith("2 squares, ")
