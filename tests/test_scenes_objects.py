"""Objects and characters on screen, headless: drawing a fireball's path with the mouse and the keys,
picking targets, and every animation (fireball, lightning, thrown axe / spear / star, trap laid,
teleport, the baby's actions) played to its end; the HUD's character lines and Brainy's trap marks.

Races are rigged (tests/scenario.py) so each decision comes deterministically.
`python -m tests.test_scenes_objects docs/screenshots` draws the README's fireball and lightning pictures.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app.settings import Settings  # noqa: E402
from game.rules.race import Trap  # noqa: E402
from game.rules.rulebook import Rules  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.race import (
    RaceScene,  # noqa: E402
    hud,  # noqa: E402  # noqa: E402
)
from scenes.render import actions, motion  # noqa: E402
from tests.scenario import choose, events, racer, scenario, to_action  # noqa: E402

STEP = [("D6", 1), ("D6", 2)]  # racer 0's movement roll: he walks one row with (1, 0)
NEXT = [("D6", 1), ("D6", 2)]  # the next racer's movement roll (the race then waits for his move)


def key(k, mod=0):
    """A key press as pygame would give it."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def hover(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The game on the dummy video driver, its user folder in tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(animation_speed=2.0))


def arrange(objects=(), unprotect=(), points=None, traps=None, baby_step=None, stars=None):
    """A `before=`: racer 0's objects, unprotected racers, points, traps, the baby's step, stars."""

    def before(race):
        race.racers[0].inventory.objects.extend(objects)
        for i in unprotect:
            race.racers[i].protected = False
        for i, p in (points or {}).items():
            race.racers[i].points = p
        for square, trap in (traps or {}).items():
            race.traps[square] = trap
        if baby_step is not None:
            race.racers[0].baby_step = baby_step
        if stars is not None:
            race.racers[0].stars = stars

    return before


def watch(app, race) -> tuple[RaceScene, list]:
    """The race scene on top of the stack, and the list of every animation it starts."""
    scene = app.stack.push(RaceScene(race, {}))
    started: list = []
    play = scene.playback._play

    def spy(anim, animate, done=None):
        started.append(anim)
        play(anim, animate, done)

    scene.playback._play = spy
    return scene, started


def settle(app, scene, limit=3000, dt=1 / 30) -> None:
    """Frames until every event is shown and a decision waits (or the race is over)."""
    for _ in range(limit):
        app.step([], dt)
        if not scene.busy and (scene.panel is not None or scene.race.pending is None):
            return
    raise AssertionError("the scene never settled")


def answer(app, scene, option) -> None:
    """Answer the panel's decision as a click on its button would."""
    settle(app, scene)
    assert option in scene.panel.decision.options, (option, scene.panel.decision)
    scene.panel.choose(option)


def answer_to_action(app, scene, move=(1, 0), drift=(0, 0)) -> None:
    """Through the panel: the move, no drift and no clover, up to the action decision."""
    settle(app, scene)
    while scene.panel.decision.kind != "action":
        kind = scene.panel.decision.kind
        answer(app, scene, move if kind == "move" else drift if kind == "drift" else ())
        settle(app, scene)


def played(started, kind) -> list:
    """The animations of a class that were started (each must have run to its end)."""
    found = [a for a in started if isinstance(a, kind)]
    for anim in found:
        assert anim.done, f"{type(anim).__name__} stopped at {anim.t:.2f} of {anim.duration:.2f} s"
    return found


def spot(scene, square):
    """A screen point of a square inside the board view (above the decision panel)."""
    spots = [
        p
        for p in scene.spots(square)
        if scene.view.collidepoint(p) and not (scene.panel is not None and scene.panel.rect.collidepoint(p))
    ]
    assert spots, f"{square} is not on screen"
    return spots[0]


# ---------------------------------------------------------------- the fireball's path
FIRE_BOARD = """
    ..1.....
    ........
    ........
    ........
    ....2...
"""


def fire_race():
    """Racer 0 (a dwarf) at (1, 2), in his action phase, holding a ring of fire of range 10 + 3 + 3."""
    race = scenario(
        FIRE_BOARD,
        ["dwarf", "orc"],
        faces=STEP + [("D10", 3), ("D10", 3)] + [("D6", 1)] + NEXT,
        before=arrange(["ring_of_fire"], unprotect=[1]),
    )
    to_action(race)
    choose(race, "use:ring_of_fire")
    assert race.pending.kind == "path"
    return race


def path_of(race):
    return [tuple(p) for p in race.pending.info["path"]]


def test_the_fireball_path_is_drawn_with_the_mouse_hover_click_undo_and_end(app):
    race = fire_race()
    scene, started = watch(app, race)
    settle(app, scene)
    assert scene.panel.decision.kind == "path"
    # Hovering the square to the right previews it (without choosing it).
    app.step([hover(spot(scene, (1, 3)))])
    assert scene.panel.preview() == (1, 3) and path_of(race) == []
    # A click extends the path; the hover keeps previewing on the new panel.
    app.step([click(spot(scene, (1, 3)))])
    assert path_of(race) == [(1, 3)]
    app.step([hover(spot(scene, (2, 3)))])
    assert scene.panel.preview() == (2, 3)
    app.step([click(spot(scene, (2, 3)))])
    app.step([click(spot(scene, (3, 3)))])
    assert path_of(race) == [(1, 3), (2, 3), (3, 3)]
    assert race.pending.info["reach"] == 16
    # A square that is not a next step (the user's own, or one already on the path) does nothing.
    app.step([click(spot(scene, (1, 2)))])
    app.step([click(spot(scene, (2, 3)))])
    assert path_of(race) == [(1, 3), (2, 3), (3, 3)]
    # Backspace undoes the last step.
    app.step([key(pygame.K_BACKSPACE)])
    assert path_of(race) == [(1, 3), (2, 3)]
    app.step([click(spot(scene, (3, 3)))])
    app.step([click(spot(scene, (4, 3)))])
    app.step([click(spot(scene, (4, 4)))])
    # The remaining range is shown while drawing.
    assert scene.drawing.path_drawn()[-1] == (4, 4)
    # A click on the last square ends the path: the fireball flies and the orc on (4, 4) is hit.
    app.step([click(spot(scene, (4, 4)))])
    assert events(race, "fireball") == [
        {"racer": 0, "object": "ring_of_fire", "path": [(1, 3), (2, 3), (3, 3), (4, 3), (4, 4)]}
    ]
    settle(app, scene)
    (ball,) = played(started, actions.Fireball)
    assert ball.squares == [(1, 2), (1, 3), (2, 3), (3, 3), (4, 3), (4, 4)]
    assert events(race, "shock")[0]["racer"] == 1


def test_the_fireball_path_is_drawn_with_the_arrow_keys_backspace_and_enter(app):
    race = fire_race()
    scene, started = watch(app, race)
    settle(app, scene)
    # Before any step: the keys' preview is the focused next square; Enter cannot end an empty path.
    assert scene.panel.preview() in race.pending.options
    app.step([key(pygame.K_RETURN)])
    assert race.pending.kind == "path" and path_of(race) == []
    app.step([key(pygame.K_DOWN)])
    app.step([key(pygame.K_RIGHT)])
    app.step([key(pygame.K_DOWN)])
    assert path_of(race) == [(2, 2), (2, 3), (3, 3)]
    # Left is the way back to (3, 2)? No: (3, 2) was never entered, so it is a legal step.
    app.step([key(pygame.K_LEFT)])
    assert path_of(race) == [(2, 2), (2, 3), (3, 3), (3, 2)]
    app.step([key(pygame.K_RIGHT)])  # (3, 3) is already on the path: refused
    assert path_of(race) == [(2, 2), (2, 3), (3, 3), (3, 2)]
    app.step([key(pygame.K_BACKSPACE)])
    app.step([key(pygame.K_BACKSPACE)])
    assert path_of(race) == [(2, 2), (2, 3)]
    # Tab moves the preview between the legal next squares.
    before = scene.panel.preview()
    app.step([key(pygame.K_TAB)])
    assert scene.panel.preview() != before and scene.panel.preview() in race.pending.options
    app.step([key(pygame.K_DOWN)])
    app.step([key(pygame.K_DOWN)])
    app.step([key(pygame.K_RIGHT)])
    app.step([key(pygame.K_RETURN)])
    assert events(race, "fireball")[0]["path"] == [(2, 2), (2, 3), (3, 3), (4, 3), (4, 4)]
    settle(app, scene)
    assert len(played(started, actions.Fireball)) == 1


def test_the_path_can_not_go_beyond_its_range(app):
    race = fire_race()
    scene, _ = watch(app, race)
    settle(app, scene)
    for _ in range(20):  # round the row's edge, never onto the user
        app.step([key(pygame.K_RIGHT)])
    assert len(path_of(race)) == 7  # the row's 7 other squares, then the user's own
    for _ in range(20):
        app.step([key(pygame.K_DOWN)])
    assert len(path_of(race)) == 16
    assert set(race.pending.options) == {"end", "undo"}
    app.step([key(pygame.K_RETURN)])
    assert len(events(race, "fireball")[0]["path"]) == 16


def test_the_wand_of_fire_draws_its_path_the_same_way_and_rests_in_the_hud(app):
    dice = [("D6", 4)] * Rules.of().wand_of_fire_dice
    race = scenario(FIRE_BOARD, ["sorceress", "orc"], faces=STEP + dice + NEXT, before=arrange(unprotect=[1]))
    to_action(race)
    choose(race, "wand:wand_of_fire")
    scene, started = watch(app, race)
    settle(app, scene)
    assert scene.panel.decision.kind == "path"
    assert race.pending.info["reach"] == 4 * Rules.of().wand_of_fire_dice
    app.step([key(pygame.K_DOWN)])
    app.step([key(pygame.K_DOWN)])
    app.step([key(pygame.K_RETURN)])
    assert events(race, "fireball") == [{"racer": 0, "object": "wand_of_fire", "path": [(2, 2), (3, 2)]}]
    settle(app, scene)
    assert len(played(started, actions.Fireball)) == 1
    said = [w for _, w, *_ in hud.status(race, racer(race, 0), race.turn)]
    assert said == ["teleport ready", "fire: ready on turn 4"]


# ---------------------------------------------------------------- targets
AXE_BOARD = """
    ....1...
    ........
    ......2.
    ..3.....
"""


def axe_race():
    race = scenario(
        AXE_BOARD,
        ["dwarf", "elf", "goblin"],
        faces=STEP + [("D10", 8)] + NEXT + [("DRAPID", 2)],
        before=arrange(["axe"], unprotect=[1, 2]),
    )
    to_action(race)
    choose(race, "use:axe")
    assert race.pending.kind == "target" and set(race.pending.options) == {(2, 6), (3, 2)}
    return race


def test_a_target_is_picked_with_the_mouse_on_exactly_the_lit_squares(app):
    race = axe_race()
    scene, started = watch(app, race)
    settle(app, scene)
    lit = {square for square, _, _ in scene.panel.squares()}
    assert lit == {(2, 6), (3, 2)}
    app.step([click(spot(scene, (2, 5)))])  # not a target: nothing happens
    assert race.pending.kind == "target"
    app.step([hover(spot(scene, (3, 2)))])
    assert scene.panel.focused.square == (3, 2)
    app.step([click(spot(scene, (3, 2)))])
    assert events(race, "thrown") == [{"racer": 0, "object": "axe", "square": (3, 2)}]
    settle(app, scene)
    (axe,) = played(started, actions.Thrown)
    assert axe.kind == "axe"


def test_a_target_is_picked_with_tab_and_enter(app):
    race = axe_race()
    scene, _ = watch(app, race)
    settle(app, scene)
    first = scene.panel.focused.square
    app.step([key(pygame.K_TAB)])
    second = scene.panel.focused.square
    assert {first, second} == {(2, 6), (3, 2)}
    app.step([key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert scene.panel.focused.square == first
    app.step([key(pygame.K_RIGHT)])
    app.step([key(pygame.K_RETURN)])
    assert events(race, "thrown")[0]["square"] == second


def test_the_spear_flies_to_its_target(app):
    race = scenario(
        """
        1.......
        ..#..2..
        ........
    """,
        ["dwarf", "orc"],
        faces=STEP + NEXT,
        before=arrange(["spear"], unprotect=[1]),
    )
    to_action(race)  # on (1, 0)
    choose(race, "use:spear")
    scene, started = watch(app, race)
    settle(app, scene)
    app.step([click(spot(scene, (1, 2)))])  # the barrier
    settle(app, scene)
    (spear,) = played(started, actions.Thrown)
    assert spear.kind == "spear"
    assert (1, 2) in scene.playback.shown_destroyed


def test_the_thiefs_star_flies_then_knocks_the_target_back(app):
    race = scenario(
        """
        ..1.....
        .....2..
        ........
        ..3.....
    """,
        ["thief", "goblin", "goblin"],
        faces=STEP + NEXT,
        before=arrange(unprotect=[1, 2]),
    )
    to_action(race)
    choose(race, "star")
    scene, started = watch(app, race)
    settle(app, scene)
    assert {s for s, _, _ in scene.panel.squares()} == {(1, 5), (3, 2)}
    app.step([click(spot(scene, (1, 5)))])
    assert events(race, "thrown") == [{"racer": 0, "object": "throwing_star", "square": (1, 5)}]
    settle(app, scene)
    (star,) = played(started, actions.Thrown)
    assert star.kind == "throwing_star"
    slides = [a for a in played(started, motion.Slide) if a.racer == 1]
    assert slides and scene.playback.shown_pos[1] == (0, 5)


def test_a_trap_is_laid_on_a_lit_square_and_drops_onto_the_board(app):
    race = scenario(
        """
        ...1....2
        .........
        .........
    """,
        ["dwarf", "orc"],
        faces=STEP + NEXT,
        before=arrange(["trap"]),
    )
    to_action(race)
    choose(race, "use:trap")
    scene, started = watch(app, race)
    settle(app, scene)
    options = set(race.pending.options)
    assert {s for s, _, _ in scene.panel.squares()} == options and (3, 3) in options
    app.step([click(spot(scene, (3, 3)))])
    settle(app, scene)
    (drop,) = played(started, actions.Drop)
    assert drop.where == (3, 3) and scene.playback.shown_traps[(3, 3)] == "trap"


def test_the_bottle_distance_is_picked_by_number_with_the_squares_lit(app):
    race = scenario(
        """
        ..1....2
        ........
    """,
        ["dwarf", "orc"],
        faces=STEP + [("D3", 1), ("D3", 2)] + NEXT,
        before=arrange(["bottle"]),
    )
    to_action(race)
    choose(race, "use:bottle")
    scene, _ = watch(app, race)
    settle(app, scene)
    assert scene.panel.decision.kind == "distance"
    assert {s for s, _, _ in scene.panel.squares()} == {(2, 2), (3, 2), (4, 2)}
    app.step([key(pygame.K_2)])
    settle(app, scene)
    assert racer(race, 0).square == (3, 2) and scene.playback.shown_pos[0] == (3, 2)


def test_the_sorceress_teleports_to_a_clicked_square_with_a_swirl(app):
    race = scenario(
        """
        ..1.........
        ...........2
    """,
        ["sorceress", "dwarf"],
        faces=STEP + NEXT,
        rules=Rules.of(teleport_range=4, teleport_forward=4),
    )
    to_action(race)
    choose(race, "wand:wand_of_teleportation")
    scene, started = watch(app, race)
    settle(app, scene)
    app.step([click(spot(scene, (5, 4)))])
    settle(app, scene)
    teleports = played(started, motion.Teleport)
    assert [t.swirl for t in teleports] == [True] and teleports[0].end == (5, 4)
    assert scene.playback.shown_pos[0] == (5, 4)
    # The HUD: the wand used on turn 1 is ready on turn 4, the other one is ready.
    lines = hud.status(race, racer(race, 0), race.turn)
    assert [w for _, w, *_ in lines] == [f"teleport: ready on turn {1 + 3}", "fire ready"]


# ---------------------------------------------------------------- lightning, flail, baby
def test_lightning_strikes_each_target_then_they_recoil(app):
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
    scene, started = watch(app, race)  # the scene shows the race from its start
    answer_to_action(app, scene)
    answer(app, scene, "use:ring_of_lightning")
    settle(app, scene)
    (bolt,) = played(started, actions.Bolt)
    assert bolt.squares == [(8, 2), (8, 4)] and bolt.leaders == [True, False]
    recoils = [a for a in played(started, motion.Slide) if a.racer in (1, 2)]
    assert len(recoils) == 2
    assert started.index(bolt) < started.index(recoils[0])
    assert scene.playback.shown_pos[1] == (3, 2) and scene.playback.shown_pos[2] == (6, 4)


def test_the_flail_lashes_a_lit_neighbour(app):
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
    choose(race, "move")
    scene, started = watch(app, race)
    settle(app, scene)
    assert scene.panel.decision.kind == "flail"
    assert [s for s, _, _ in scene.panel.squares()] == [(3, 3)]
    app.step([click(spot(scene, (3, 3)))])
    settle(app, scene)
    assert played(started, actions.Thrown)[0].kind == "flail"
    assert scene.playback.shown_pos[1] == (2, 3)


@pytest.mark.parametrize("step, action", [(0, "beer"), (1, "poo"), (2, "sleep"), (3, "cry")])
def test_the_babys_action_of_the_turn_is_animated_and_logged(app, monkeypatch, step, action):
    faces = ([("beer", 2), ("beer", 3)] if action == "beer" else STEP) + NEXT
    race = scenario(
        """
        ..1.....
        ...2....
    """,
        ["baby", "goblin"],
        faces=faces,
        before=arrange(baby_step=step),
    )  # the goblin is protected
    before = hud.status(race, racer(race, 0), 1)
    assert before[-1][1].startswith("next: ")
    scene, started = watch(app, race)
    answer_to_action(app, scene, move=(2, 0) if action == "beer" else (1, 0))
    assert events(race, "baby") == [{"racer": 0, "action": action}]
    (baby,) = played(started, actions.Baby)
    assert baby.action == action
    lines = scene.playback.log.texts()
    assert any(action_words in line for line in lines for action_words in ("beer", "poo", "asleep", "cries"))
    if action == "poo":
        (drop,) = played(started, actions.Drop)
        assert scene.playback.shown_traps[drop.where] == "poo"
    # The HUD now announces the next action.
    after = hud.status(race, racer(race, 0), 1)
    assert after[-1] != before[-1]


def test_the_sore_losers_reroll_is_asked_on_the_panel(app):
    race = scenario(
        """
        ..1.....
        ........
        ..2.....
        ..3.....
    """,
        ["goblin", "human", "goblin"],
        faces=STEP + [("DCOMBAT", 51), ("DCOMBAT", 50), ("D6", 1)],
        before=arrange(unprotect=[1, 2]),
    )
    choose(race, (2, 0))  # the goblin attacks the human and wins
    assert race.pending.kind == "reroll" and race.pending.racer == 1
    scene, _ = watch(app, race)
    settle(app, scene)
    labels = [e.label for e in scene.panel.entries]
    assert labels == ["Roll again", "Accept"]
    app.step([key(pygame.K_1)])
    assert race.choices[-1] == "reroll"


# ---------------------------------------------------------------- HUD: poison, Brainy
def test_the_hud_shows_poison_stars_and_brainy_trap_owners(app):
    race = scenario(
        """
        ..1.....
        ........
        ...2....
    """,
        ["thief", "goblin"],
        faces=STEP + NEXT,
        before=arrange(traps={(4, 4): Trap(1), (5, 5): Trap(0)}),
    )
    race.racers[1].poisoned = True
    scene, _ = watch(app, race)
    settle(app, scene)
    assert [w for _, w, *_ in hud.status(race, racer(race, 1), 1)] == ["poisoned: one die next move"]
    assert scene.drawing.brainy_viewer() == 0  # the thief is a person, and Brainy
    marks = []
    scene.drawing.owner_mark = lambda surface, centre, owner, own: marks.append((owner, own))
    scene.draw(app.screen)
    assert sorted(set(marks)) == [(0, True), (1, False)]
    race.racers[0].setup = race.racers[0].setup.__class__(race.racers[0].character, "thief0", bot="greedy")
    assert scene.drawing.brainy_viewer() is None  # a computer racer's eyes show nothing


def test_every_special_rule_is_in_the_setup_gallery_words():
    from game.rules.characters import CHARACTERS, RULE_TEXT

    for character in CHARACTERS.values():
        for rule in character.rules:
            assert rule in RULE_TEXT and len(RULE_TEXT[rule]) < 200


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_setup_gallery_shows_every_special_rule_whole(app, monkeypatch, language):
    """The card in the setup shows the first lines of a character's rules at the Text size, a "…" when
    more follow; its card whole (Whole card…) shows every rule, none cut, none smaller."""
    from game.rules.characters import CHARACTERS
    from scenes.core import i18n, text, theme
    from scenes.core.i18n import rule_text
    from scenes.screens.character_sheet import CharacterSheetScene
    from scenes.screens.setup import CHARACTER_IDS, SetupScene

    drawn: list[tuple[str, int, int]] = []  # (words, top, size) of the texts drawn at 16 in the text's colour
    draw = text.draw

    def spy(surface, words, pos, size=18, *args, **kwargs):
        rect = draw(surface, words, pos, size, *args, **kwargs)
        colour = args[0] if args else kwargs.get("colour", theme.TEXT)
        drawn.append((words, rect.top, size if colour == theme.TEXT else 0))
        return rect

    def flat(words: str) -> str:
        return " ".join(words.split())

    def rule_lines(inside: pygame.Rect) -> list[tuple[str, int, int]]:
        return [(w, top, size) for w, top, size in drawn if inside.top <= top < inside.bottom and flat(w) in rules]

    monkeypatch.setattr(text, "draw", spy)
    was = i18n.language()
    i18n.set_language(language)
    try:
        setup = app.stack.push(SetupScene())
        for character in CHARACTER_IDS:
            setup.racers[setup.selected]["character"] = character
            rules = flat("  ".join(rule_text(rule) for rule in CHARACTERS[character].rules))
            drawn.clear()
            app.step([], 1 / 30)
            card = setup.character_box()
            shown = [w for w, _, size in rule_lines(card) if size == 16]
            assert shown and rules.startswith(flat(" ".join(shown))), (character, language, shown)
            if flat(" ".join(shown)) != rules:  # (more follows: said, and the card whole a click away)
                assert any(w == "…" and card.top <= top < card.bottom for w, top, _ in drawn), character
            sheet = app.stack.push(CharacterSheetScene(character))
            app.step([], 1 / 30)
            drawn.clear()
            sheet.draw(pygame.Surface((1280, 720)))  # (the sheet's words alone, not the setup's under it)
            lines = [w for w, _, size in rule_lines(pygame.Rect(0, 0, 1280, 720)) if size == 16]
            assert flat(" ".join(lines)) == rules, (character, language)
            assert not any(w == "…" for w, _, _ in drawn), (character, language)
            sheet.close()
    finally:
        i18n.set_language(was)


# ---------------------------------------------------------------- screenshots (README)
def mid_animation(app, scene, kind, at: float, limit: int = 2000):
    """Step until an animation of `kind` plays and has reached `at` (0..1) of its time."""
    for _ in range(limit):
        if isinstance(scene.playback.anim, kind) and scene.playback.anim.progress >= at:
            return scene.playback.anim
        app.step([], 1 / 60)
    raise AssertionError(f"no {kind.__name__} reached {at}")


def shoot(app, folder: Path) -> dict[str, Path]:
    """The fireball and the lightning, mid-flight, on the first shipped Tiled board."""
    from tests.scenes_objects_shots import fireball_scene, lightning_scene

    folder.mkdir(parents=True, exist_ok=True)
    shots = {}
    scene = fireball_scene(app)
    mid_animation(app, scene, actions.Fireball, 0.62)
    shots["fireball"] = folder / "fireball.png"
    app.screenshot(shots["fireball"])
    scene = lightning_scene(app)
    mid_animation(app, scene, actions.Bolt, 0.22)
    shots["lightning"] = folder / "lightning.png"
    app.screenshot(shots["lightning"])
    return shots


def test_fireball_and_lightning_screenshots_mid_animation(app, tmp_path):
    shots = shoot(app, tmp_path)
    for path in shots.values():
        picture = pygame.image.load(str(path))
        assert picture.get_size() == (1280, 720)
        assert len({picture.get_at((x, y))[:3] for x in range(0, 860, 37) for y in range(50, 700, 31)}) > 40


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    for shot in shoot(App(settings=Settings()), folder).values():
        print(shot)
