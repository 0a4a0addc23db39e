"""The board in view (issue 33): the whole board at once, a zoom that keeps the square under the
pointer under it, and a camera that shows every choice (the focused option's landing square and the
racer who decides, never under the decision panel, its explanation or the dice)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import Race, RacerSetup, load_board
from game.app.session import Session
from game.boards.board import MAX_COLUMNS, MAX_SQUARES
from game.bots import ai
from game.rules.dice import Dice
from scenes.core import i18n
from scenes.race import RaceScene, hud
from scenes.race import scene as race_scene
from scenes.race.camera import ZOOM_MAX, Camera
from scenes.race.decisions import DecisionPanel
from scenes.race.zoom import ZoomableBoard
from tests.test_scenes import app  # noqa: F401  (the fixture)

BOARDS = sorted(Path(__file__).resolve().parent.parent.glob("maps/*.tmx"))
VIEW = hud.board_area()  # (the design-sized screen)
TILE = race_scene.TILE
LARGEST = ((MAX_SQUARES // 128, 128), (MAX_SQUARES // MAX_COLUMNS, MAX_COLUMNS))  # (columns, rows)


class Board:
    """A board's size, as the camera reads it (no picture: the largest legal board's would be 75 MB)."""

    def __init__(self, columns: int, rows: int) -> None:
        self.size = (columns * TILE, rows * TILE)

    def draw_scaled(self, *_: Any) -> None:
        """(It zooms.)"""


def inside(rect: pygame.Rect, area: pygame.Rect) -> bool:
    """Whether `rect` lies whole in `area`."""
    return area.contains(rect)


def shown_whole(camera: Camera, square: Any) -> bool:
    """Whether a square is drawn whole somewhere in the free part of the board view."""
    seen = camera.board_view.clip(camera.free)
    return any(inside(rect, seen) for rect in camera.square_rects(square))


@pytest.mark.parametrize("size", [*LARGEST, "shipped"])
def test_the_whole_board_view_shows_every_square_once_above_the_panel(size):
    sizes = [tuple(size)] if size != "shipped" else [(b.width, b.height) for b in map(load_board, BOARDS)]
    for columns, rows in sizes:
        for free_height in (VIEW.height - 42, 300):  # no panel; a tall decision panel
            camera = Camera(Board(columns, rows), VIEW, TILE, (0.0, 0.0))
            camera.free = pygame.Rect(VIEW.left, VIEW.top + 42, VIEW.width, free_height)
            camera.toggle_whole()
            camera.settle()
            assert camera.tile >= 1, f"{columns}x{rows}: a square is at least a pixel"
            spots = camera.spotter()
            for row in range(rows):
                for column in range(columns):
                    where = spots((row, column))
                    assert len(where) == 1, f"{columns}x{rows}: square {row},{column} shows {len(where)} times"
                    assert shown_whole(camera, (row, column)), f"{columns}x{rows}: square {row},{column} hidden"


@pytest.mark.parametrize("path", BOARDS, ids=[p.name for p in BOARDS])
def test_zooming_keeps_the_square_under_the_pointer_under_it(path):
    board = load_board(str(path))
    camera = Camera(Board(board.width, board.height), VIEW, TILE, (0.0, 0.0))
    rng = random.Random(path.name)
    for _ in range(40):
        pointer = (rng.randrange(VIEW.left + 5, VIEW.right - 5), rng.randrange(VIEW.top + 5, VIEW.bottom - 5))
        camera.position[:] = [rng.uniform(0, 3000), rng.uniform(0, 3000)]
        camera.goal = camera.scale = rng.uniform(0.7, ZOOM_MAX)
        factor = rng.choice((1.25, 1 / 1.25, 1.25**2))
        wide, tall = camera.fits(min(camera.scale, camera.scale * factor))
        if wide or tall:
            continue  # (a board that fits is centred: nothing to keep)
        before = camera.board_point(pointer)
        camera.zoom(factor, pointer)
        for _ in range(5):  # the glide, frame by frame: the point stays put all the way
            camera.update(1 / 60)
            after = camera.board_point(pointer)
            assert before is not None and after is not None
            assert abs(after[0] - before[0]) < 1.0 and abs(after[1] - before[1]) < 1.0
        camera.settle()
        assert camera.square_at(pointer) == (int(before[1] // TILE), int(before[0] // TILE))


@pytest.mark.slow
def test_the_wheel_zooms_at_the_pointer_and_v_shows_the_whole_board(app):  # noqa: F811
    race = Race.new(load_board(str(BOARDS[0])), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=2)
    scene = app.stack.push(RaceScene(race, {}, session=Session.unsaved(race)))
    assert scene.camera.whole, "the race opens on the whole board"
    for _ in range(int(race_scene.OPENING_VIEW * 30) + 30):
        app.step()
    assert not scene.camera.whole, "for a moment"
    scale = scene.camera.scale
    pointer = (300, 300)
    under = scene.camera.square_at(pointer)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)])
    scene.camera.settle()
    assert scene.camera.scale > scale and scene.camera.square_at(pointer) == under
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0)])
    scene.camera.settle()
    assert scene.camera.whole and scene.camera.scale < scale
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0)])
    scene.camera.settle()
    assert not scene.camera.whole and scene.camera.scale > scale


# ---------------------------------------------------------------- every choice in view, over 30 races a board
RACES = 30
TURNS = 5
COORDINATES = re.compile(r"\b(column|row|colonne|ligne) \d", re.IGNORECASE)  # "column 9, row 12"
CHARACTERS = ("elf", "dwarf", "orc", "thief", "sorceress", "baby")


def check_in_view(scene: RaceScene, where: str) -> int:
    """Each entry of the person's panel focused in turn (the first is the one the panel starts on):
    its landing square and the racer who decides drawn whole in the free board view, at the race's
    zoom and with the whole board. The count of checks."""
    panel, camera = scene.panel, scene.camera
    assert panel is not None
    checks = 0
    for focus in [panel.focus] + [k for k, e in enumerate(panel.entries) if e.square is not None]:
        panel.focus = focus
        for whole in (False, True):
            camera.whole, camera.manual = whole, False
            camera.free = scene.free_view()
            keep = scene.keep_in_view()
            camera.settle(keep)
            for square in keep:
                assert shown_whole(camera, square), (
                    f"{where}: {panel.decision.kind} focused on {panel.entries[focus].label!r}: square {square} "
                    f"not in the free view (whole board: {whole}, scale {camera.scale:.2f}, drawn at "
                    f"{camera.square_rects(square)} in {camera.board_view} and {camera.free}, kept {keep})"
                )
                checks += 1
        if panel.clover or not panel.entries:
            break
    return checks


def check_holes(race: Race, panel: DecisionPanel) -> int:
    """A move into a hole lights the square the engine puts the racer on once he climbs out (played
    on a fork of the race); the count of such moves."""
    count = 0
    for entry in panel.entries:
        sure = entry.outcome.sure if entry.outcome is not None else None
        if sure is None or sure.then != "hole":
            continue
        fork = race.fork(Dice(0))
        fork.choose(entry.option)
        exits = [e.end for e in fork.take_events() if e.kind == "placed" and e.cause == "hole_exit"]
        assert exits and entry.square == tuple(exits[0]) != entry.outcome.end, (entry.label, exits, entry.square)
        count += 1
    return count


@pytest.mark.slow
@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("path", BOARDS, ids=[p.name for p in BOARDS])
def test_every_choice_of_30_races_is_shown_in_the_free_view_and_no_log_line_names_a_column(
    app,  # noqa: F811
    monkeypatch,
    path,
    window,
):
    if window != app.screen.get_size():  # a larger window, its logical screen as large (Interface scale 100 %)
        app.settings.window, app.settings.interface_scale = window, "100"
        app.apply_settings()
    assert app.screen.get_size() == window
    board = load_board(str(path))
    picture = ZoomableBoard(board, TILE)  # (drawn once for the 30 races)
    monkeypatch.setattr(race_scene, "ZoomableBoard", lambda *_: picture)
    checks = holes = 0
    for seed in range(RACES):
        rng = random.Random(seed)
        count = max(2, min(board.max_racers, 2 + seed % 3))
        lineup = [RacerSetup(CHARACTERS[(seed + k) % 6], f"R{k}", None if k == 0 else "easy") for k in range(count)]
        race = Race.new(board, lineup, turns=TURNS, seed=seed)
        scene = app.stack.push(RaceScene(race, {}, session=Session.unsaved(race)))
        while not race.over:
            scene.skip()
            scene.playback.sync()
            decision = race.pending
            if decision.racer != 0:
                scene.apply(ai.pick(race, decision, "easy", rng))
                continue
            scene.panel = DecisionPanel(decision, race, lambda _: None, scene.view)
            checks += check_in_view(scene, f"{path.name}, seed {seed}, turn {race.turn}")
            if seed % 3 == 0:  # a race in three: the cards and the log folded away too (H)
                scene.toggle_cards()
                checks += check_in_view(scene, f"{path.name}, seed {seed}, turn {race.turn}, folded")
                scene.toggle_cards()
            holes += check_holes(race, scene.panel)
            scene.apply(rng.choice(decision.options))
        scene.skip()
        for language in ("en", "fr"):
            i18n.set_language(language)
            scene.playback.log.clear()
            scene.playback.write_log(race.log)
            for line in scene.playback.log.texts():
                assert not COORDINATES.search(line), f"{path.name}, seed {seed}, {language}: {line}"
        i18n.set_language("en")
        app.stack.pop()
    assert checks > RACES * TURNS * 2
    if path.name == "mine.tmx":
        assert holes > 0, "Hollow Mine offers moves into a hole"


# ---------------------------------------------------------------- one confirmation rule, the clover's keys
def key(k: int) -> pygame.event.Event:
    """A key press as pygame gives it."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def settle_on_panel(app, scene: RaceScene) -> DecisionPanel:  # noqa: F811
    """Frames until the person's panel is up (bounded)."""
    for _ in range(3000):
        if scene.panel is not None and not scene.busy:
            return scene.panel
        app.step([], 1 / 30)
    raise AssertionError("the panel never came")


def test_a_drift_back_that_costs_a_point_takes_a_second_press(app):  # noqa: F811
    from scenes.race import options

    board = load_board(str(BOARDS[0]))
    for seed in range(40):
        rng = random.Random(seed)
        race = Race.new(board, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], turns=5, seed=seed)
        while not race.over and not (race.pending.kind == "drift" and race.pending.racer == 0):
            race.choose(rng.choice(race.pending.options))
        if race.over:
            continue
        entries = options.entries(race.pending, race)
        if any(e.sure is not None and e.sure.costly for e in entries):
            break
    else:
        raise AssertionError("no costly drift in 40 races")
    scene = app.stack.push(RaceScene(race, {}, session=Session.unsaved(race)))
    panel = settle_on_panel(app, scene)
    costly = next(k for k, e in enumerate(panel.entries) if e.sure is not None and e.sure.costly)
    panel.focus = costly
    made = len(race.choices)
    app.step([key(pygame.K_RETURN)])
    assert len(race.choices) == made and panel.armed == costly, "the first press only arms it"
    assert scene.drawing.explanation()[0].startswith("It costs")
    app.step([key(pygame.K_RETURN)])
    assert race.choices[made:] == [panel.entries[costly].option]


def test_clover_dice_turn_over_with_enter_on_the_focused_die_and_validate_with_its_button(app):  # noqa: F811
    from game import RiggedDice
    from scenes.core import boards

    dice = RiggedDice([("D6", 2), ("D6", 4)], order=[0, 1])

    def two_clovers(race):
        race.racers[0].inventory.clovers = 2

    setups = [RacerSetup("dwarf", "Ann"), RacerSetup("orc", "Bo", "greedy")]
    race = Race.new(boards.practice_board(), setups, turns=5, dice=dice, before=two_clovers)
    scene = app.stack.push(RaceScene(race, {}))
    panel = settle_on_panel(app, scene)
    assert panel.clover and panel.validate_focused, "the focus starts on Validate"
    made = len(race.choices)
    app.step([key(pygame.K_LEFT)])  # onto the second die
    app.step([key(pygame.K_RETURN)])
    assert panel.selected == {1} and len(race.choices) == made, "Enter on a die turns it over"
    app.step([key(pygame.K_LEFT)])
    app.step([key(pygame.K_SPACE)])
    assert panel.selected == {0, 1} and panel.validate_focused, "no die left to turn: on to Validate"
    app.step([key(pygame.K_LEFT)])
    app.step([key(pygame.K_LEFT)])
    app.step([key(pygame.K_RETURN)])  # the first die, back
    assert panel.selected == {1} and len(race.choices) == made
    app.step([key(pygame.K_RIGHT)])
    app.step([key(pygame.K_RIGHT)])
    assert panel.validate_focused
    app.step([key(pygame.K_RETURN)])
    assert race.choices[made:] == [(1,)]


def test_left_and_right_move_between_the_results_buttons_side_by_side(app):  # noqa: F811
    from scenes.screens.results import ResultsScene

    race = Race.new(load_board(str(BOARDS[0])), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=1)
    rng = random.Random(1)
    while not race.over:
        race.choose(rng.choice(race.pending.options))
    results = app.stack.push(ResultsScene(race, {"tutorial": True}))
    app.step([], 1 / 30)
    labels = {"results.again": "again", "results.title_button": "title", "results.keep": "keep"}
    named = {w.label: labels[k] for k, w in zip(labels, results.group.widgets, strict=False)}
    walked = [named[results.group.focused.label]]
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT):
        app.step([key(k)], 1 / 30)
        walked.append(named[results.group.focused.label])
    assert walked == ["again", "title", "again", "keep", "keep", "again"], "left to right: keep, again, title"


def test_the_dice_of_the_roll_stay_in_the_panel_until_the_choice_and_explain_themselves(app):  # noqa: F811
    race = Race.new(load_board(str(BOARDS[0])), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=3)
    scene = app.stack.push(RaceScene(race, {}, session=Session.unsaved(race)))
    panel = settle_on_panel(app, scene)
    if panel.clover:  # (a double: the clover's own panel shows the dice; validate as rolled)
        app.step([key(pygame.K_RETURN)])
        panel = settle_on_panel(app, scene)
    assert panel.decision.kind == "move"
    rolled = [e for e in race.log if e.kind in ("rolled", "roll_validated")][-1]
    assert panel.roll is not None and panel.roll.faces == [str(f) for f in rolled.faces]
    assert panel.roll.names == list(rolled.die) and "DRAPID" in panel.roll.names, "the elf's quick die too"
    for name, rect in zip(panel.roll.names, panel.roll.rects, strict=True):
        assert panel.rect.contains(rect), "in the panel's head, never over the board"
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
        assert scene.inspector.current()[0] == ("die", name)
    app.step([key(pygame.K_RETURN)])
    for _ in range(300):  # the next decision of his (the drift): the movement's dice are gone
        if scene.panel is not None and not scene.busy and scene.panel.decision is not panel.decision:
            break
        app.step([], 1 / 30)
    assert scene.panel is not None and scene.panel.roll is None


def test_a_podium_of_two_racers_has_two_steps(app, monkeypatch):  # noqa: F811
    from game.meta.season import Season
    from scenes.screens.season import PodiumScene
    from scenes.ui import widgets

    season = Season.new("Cup", [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo")], ["practice", "practice"], 5, 1)
    steps: list[pygame.Rect] = []
    real = widgets.panel
    monkeypatch.setattr(
        "scenes.screens.season.panel",
        lambda s, rect, *a, **k: steps.append(pygame.Rect(rect)) or real(s, rect, *a, **k),
    )
    app.stack.push(PodiumScene(season))
    app.step([], 1 / 30)
    assert len([r for r in steps if r.width == 160 and r.bottom == 440]) == 2, "no empty third step"


def test_a_resumed_race_can_take_back_the_choices_of_this_turn_made_before_it_was_left():
    from game.app.session import Session as GameSession

    board = load_board(str(BOARDS[0]))
    for seed in range(30):
        race = Race.new(board, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo")], turns=5, seed=seed)
        session = GameSession(race, {}, saves=True)
        rng = random.Random(seed)
        while not race.over and not session.since_chance:
            session.choose(rng.choice(race.pending.options))
        if race.over:
            continue
        resumed = GameSession(Race.from_dict(race.to_dict(), board=board), {}, saves=True)
        assert resumed.since_chance == session.since_chance
        assert resumed.can_take_back(lambda racer: True) == session.can_take_back(lambda racer: True)
        back = resumed.take_back()
        assert back is not None and back.choices == race.choices[:-1]
        return
    raise AssertionError("no choice free of chance in 30 races")


@pytest.mark.slow
def test_after_an_undo_the_camera_follows_the_racer_again(app):  # noqa: F811
    board = load_board(str(BOARDS[0]))
    for seed in range(30):
        race = Race.new(board, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], turns=5, seed=seed)
        scene = app.stack.push(RaceScene(race, {}))
        panel = settle_on_panel(app, scene)
        before = len(scene.race.choices)
        app.step([key(pygame.K_RETURN)])
        app.step([key(pygame.K_RETURN)])  # (a second press, should it surely cost)
        settle_on_panel(app, scene)
        if scene.can_take_back() and len(scene.race.choices) > before:
            break
        app.stack.pop()
    else:
        raise AssertionError("no choice to take back in 30 races")
    assert panel is not None
    scene.camera.manual = True  # the player looked elsewhere
    app.step([key(pygame.K_u)])
    assert len(scene.race.choices) == before and not scene.camera.manual


def test_h_folds_the_cards_and_the_log_away_and_the_board_and_the_panel_take_the_width(app):  # noqa: F811
    race = Race.new(load_board(str(BOARDS[0])), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=3)
    scene = app.stack.push(RaceScene(race, {}, session=Session.unsaved(race)))
    panel = settle_on_panel(app, scene)
    cards = [thing for thing, _ in scene.inspector.things() if thing[0] != "die"]
    assert cards and scene.view.width == 864
    app.step([key(pygame.K_RIGHT)])
    focus = scene.panel.focus
    app.step([key(pygame.K_h)])
    assert scene.folded and scene.view.width == 1280 and scene.camera.view == scene.view
    assert scene.panel is not panel and scene.panel.rect.width > panel.rect.width and scene.panel.focus == focus
    assert not [thing for thing, _ in scene.inspector.things() if thing[0] != "die"], "no card to point at"
    app.step([key(pygame.K_h)])
    assert not scene.folded and scene.view.width == 864


def test_a_still_zoomed_view_under_the_panel_is_drawn_in_parts_yet_the_screen_is_the_same(app):  # noqa: F811
    from scenes.core import theme

    race = Race.new(load_board(str(BOARDS[0])), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=3)
    scene = app.stack.push(RaceScene(race, {}, session=Session.unsaved(race)))
    settle_on_panel(app, scene)
    scene.settle_view()
    scene.camera.goal, scene.camera.manual = 0.7, True
    scene.camera.settle()
    assert abs(scene.camera.scale - 0.7) < 1e-3
    kept, fresh = pygame.Surface(theme.SIZE).convert(), pygame.Surface(theme.SIZE).convert()
    scene.draw(kept)
    for k in range(4):
        scene.camera.position[1] += 13.0 * (-1) ** k  # the board moves under the panel
        scene.draw(kept)  # only the board round the panel is drawn again
        marks = scene.drawing.hud_on_screen, scene.drawing.panel_on_screen
        fresh.fill((0, 0, 0))
        scene.draw(fresh)
        scene.drawing.hud_on_screen, scene.drawing.panel_on_screen = marks
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), f"frame {k}"


@pytest.mark.slow
def test_the_readmes_pictures_of_the_view_draw_in_both_languages(tmp_path, monkeypatch):
    from tests import view_shots

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    made = view_shots.take(tmp_path / "shots")
    assert len(made) == 10 and all(path.stat().st_size > 10_000 for path in made)
    assert {path.name for path in made} >= {
        "view-whole.png",
        "view-zoomed-fr.png",
        "view-dice.png",
        "view-hole-fr.png",
        "view-1920x1080.png",
    }


def test_the_undo_line_and_the_seats_line_stand_under_the_boards_buttons_never_over_them(app):  # noqa: F811
    race = Race.new(load_board(str(BOARDS[0])), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=3)
    scene = app.stack.push(RaceScene(race, {}, session=Session.unsaved(race)))
    settle_on_panel(app, scene)
    buttons = list(scene.view_buttons.rects(scene).values())
    assert buttons, "a shipped board zooms: its buttons are shown"
    scene.takeback.say("Your choice is taken back: Ann's move of 4 squares and all it did", True, scene.clock)
    lines = [scene.takeback.line_box(scene), scene.drawing.notice_box("Bo left: a computer racer plays in 30 s")]
    for box in lines:
        assert box.colliderect(scene.view) and not any(box.colliderect(b) for b in buttons), (box, buttons)
    app.step([], 1 / 30)  # drawn as placed
