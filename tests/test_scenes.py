"""The game's screens, headless: each builds, draws, and answers the mouse and the keys;
a whole race of computer racers runs through the race scene to the results."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game import Board, Race, RacerSetup
from game.app import session, userdata
from game.app.settings import Settings
from scenes.app import App
from scenes.core import boards
from scenes.race import RaceScene
from scenes.screens.pause import PauseScene
from scenes.screens.preview import BoardPreview
from scenes.screens.results import ResultsScene, breakdown
from scenes.screens.rules_help import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene, character_name
from scenes.screens.title import TitleScene

SIX_BOTS = [("elf", "Ann"), ("orc", "Bo"), ("dwarf", "Cy"), ("sorceress", "Di"), ("thief", "Ed"), ("baby", "Fi")]


def key(k, unicode=""):
    """A key press as pygame would give it."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


def typing(words):
    """Keys that type `words` as SDL gives them: each key's press, then the system's TEXTINPUT."""
    events = []
    for char in words:
        events += [key(pygame.K_a, char), pygame.event.Event(pygame.TEXTINPUT, text=char)]
    return events


def click(pos, button=1):
    """A mouse click (press) at a logical position."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The game's app on the dummy video driver, its user folder in tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    game = App(settings=Settings(animation_speed=4.0, tutorial_seen=True))  # a returning player: Play first
    step = game.step

    def step_with_releases(events=(), dt=1 / 30):
        """Every key pressed is released right after, as on a real keyboard."""
        full = []
        for event in events:
            full.append(event)
            if event.type == pygame.KEYDOWN:
                full.append(pygame.event.Event(pygame.KEYUP, key=event.key, mod=0, scancode=0))
        step(full, dt)

    game.step = step_with_releases
    yield game


def practice_setup(racers, turns=5, seed=3):
    """A setup on the practice board."""
    return {
        "board": boards.PRACTICE,
        "turns": turns,
        "seed": seed,
        "racers": [{"character": c, "name": n, "bot": b} for c, n, b in racers],
    }


def run_until(app, condition, events=(), limit=20000, dt=1 / 30, seconds=120.0):
    """Step frames until `condition()` holds; fails when it never does.

    Computer racers think in a worker process or thread, so a quick loop of frames may
    pass many frames per decision: the bound is `limit` frames or, while
    a racer is thinking, `seconds` of wall time.
    """
    deadline = time.monotonic() + seconds
    frames = 0
    while frames < limit and time.monotonic() < deadline:
        if condition():
            return
        if _thinking(app):
            time.sleep(0.0005)  # a frame of the real game while a racer thinks: it does not count
        else:
            frames += 1
        app.step(list(events), dt)
    if condition():
        return
    raise AssertionError("the game never reached the expected state")


def _thinking(app) -> bool:
    """Whether a computer racer of the top scene is thinking right now (in the pool or on a thread)."""
    thinker = getattr(getattr(app.stack.top, "computer", None), "thinker", None)
    return thinker is not None and thinker.busy


# ---------------------------------------------------------------- title, settings, rules, pause
def test_the_title_opens_the_setup_with_enter_and_quits_with_escape_once_asked(app):
    app.stack.push(TitleScene())
    app.step([])
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, SetupScene)
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene)
    app.step([key(pygame.K_ESCAPE)])  # "Quit Fantasy Racing?", No focused
    assert app.running and not isinstance(app.stack.top, TitleScene)
    app.step([key(pygame.K_LEFT), key(pygame.K_RETURN)])
    assert not app.running


def test_the_title_menu_answers_the_mouse(app):
    title = app.stack.push(TitleScene())
    app.step([])
    rules_button = next(w for w in title.group.widgets if w.action == title.rules)
    app.step(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=rules_button.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
            click(rules_button.rect.center),
        ]
    )
    assert isinstance(app.stack.top, RulesScene)


def test_settings_change_with_the_arrows_and_are_saved(app, tmp_path):
    app.stack.push(SettingsScene())
    app.step([key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RIGHT)])
    assert app.settings.animation_speed == 4.0 or app.settings.animation_speed == 0.5
    app.step([key(pygame.K_DOWN), key(pygame.K_LEFT)])
    saved = json.loads((tmp_path / "data" / "fantasy-racing" / "settings.json").read_text())
    assert saved["volume"] == app.settings.volume == 60
    app.step([key(pygame.K_ESCAPE)])
    assert len(app.stack) == 0 or not isinstance(app.stack.top, SettingsScene)


def test_the_rules_help_scrolls_and_jumps_between_sections(app):
    rules = app.stack.push(RulesScene())
    app.step([])
    assert rules.page.height > 5000 and len(rules.sections) >= 10
    app.step([key(pygame.K_PAGEDOWN)])
    assert rules.scroll > 0
    app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert rules.selected >= 1
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)])
    app.step([key(pygame.K_ESCAPE)])
    assert app.stack.top is None or not isinstance(app.stack.top, RulesScene)


def test_the_rules_help_shows_the_books_tables_and_pictures():
    from scenes.core.rule_book import book_text, parse

    blocks = parse(book_text("en"))
    tables = [block.rows for block in blocks if block.kind == "table"]
    assert any(rows[0][:3] == ("ten-sided die", "1", "2") for rows in tables)
    assert sum(block.kind == "img" for block in blocks) >= 20


def test_the_pause_menu_resumes_and_saves_and_quits(app):
    race = Race.new(
        boards.practice_board(), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "greedy")], turns=5, seed=2
    )
    scene = app.stack.push(RaceScene(race, practice_setup([("elf", "Ann", None), ("orc", "Bo", "greedy")])))
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, PauseScene)
    app.step([])
    app.step([key(pygame.K_RETURN)])
    assert app.stack.top is scene
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_UP), key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, TitleScene)
    (game,) = session.games()[0]  # the race, a game in progress of its own
    assert game.kind == "race" and game.path.parent.name == "games"


# ---------------------------------------------------------------- setup
def test_the_setup_builds_six_racers_and_picks_characters_with_mouse_and_keys(app):
    setup = app.stack.push(SetupScene())
    app.step([])
    racers_choice = setup.group.widgets[2]
    for _ in range(4):
        app.step([click((racers_choice.rect.right - 10, racers_choice.rect.centery))])
    assert len(setup.racers) == 6
    setup.selected = 3
    card = setup.card_rect(9)
    app.step([click(card.center)])
    assert setup.racers[3]["character"] == "lizardman"
    character_choice = setup.group.widgets[3 + 3 * 0 + 2]
    setup.group.focus_on(character_choice)
    app.step([key(pygame.K_RIGHT)])
    assert setup.racers[0]["character"] == "human"
    name = setup.group.widgets[3 + 1]
    setup.group.focus_on(name)
    app.step([key(pygame.K_BACKSPACE), *typing("a")])
    assert setup.setup_dict()["racers"][0]["name"] == "Player a"
    turns = setup.group.widgets[1]
    setup.group.focus_on(turns)
    app.step([key(pygame.K_LEFT)])
    assert setup.setup_dict()["turns"] == setup.board.turns - 1
    # a computer racer is called after his character, and his (greyed) name field says so
    computer_character = setup.group.widgets[3 + 3 * 1 + 2]
    setup.group.focus_on(computer_character)
    app.step([key(pygame.K_RIGHT)])
    wanted = setup.setup_dict()["racers"][1]["name"]
    assert wanted == character_name(setup.racers[1]["character"])
    assert setup.group.widgets[3 + 3 * 1 + 1].placeholder == wanted


def test_the_setup_starts_a_race_with_enter(app):
    app.stack.push(TitleScene())
    app.stack.push(SetupScene())
    app.step([])
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, RaceScene)
    race = app.stack.top.race
    assert [r.setup.bot for r in race.racers] == [None, "normal"]


def test_enter_starts_the_race_from_a_chosen_value_which_it_does_not_change(app):
    app.stack.push(TitleScene())
    setup = app.stack.push(SetupScene())
    app.step([])
    turns = setup.group.widgets[1]
    setup.group.focus_on(turns)
    app.step([key(pygame.K_LEFT), key(pygame.K_LEFT)])
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, RaceScene)
    assert app.stack.top.race.turns == setup.board.turns - 2


# ---------------------------------------------------------------- race
def test_a_person_answers_every_decision_with_the_keyboard(app):
    setup = practice_setup([("elf", "Ann", None), ("orc", "Bo", "greedy")], turns=5)
    from scenes.screens.setup import start_race

    app.stack.push(TitleScene())
    assert start_race(app.stack, setup) is None
    scene = app.stack.top
    kinds = set()

    def answer():
        if scene.panel is not None and not scene.busy:
            kinds.add(scene.panel.decision.kind)
            return [key(pygame.K_RETURN)]
        return []

    for _ in range(30000):
        if not isinstance(app.stack.top, RaceScene):
            break
        app.step(answer(), 1 / 20)
    assert isinstance(app.stack.top, ResultsScene)
    assert {"move", "drift", "action"} <= kinds


def test_a_person_answers_with_the_mouse_on_a_highlighted_square(app):
    board = boards.practice_board()
    race = Race.new(board, [RacerSetup("dwarf", "Ann"), RacerSetup("orc", "Bo", "greedy")], turns=5, seed=4)
    scene = app.stack.push(RaceScene(race, {}))
    run_until(app, lambda: scene.panel is not None and bool(scene.panel.squares()))
    made = len(race.choices)
    square, _, _ = scene.panel.squares()[0]
    wanted = scene.panel.entries[0].option
    spot = scene.spots(square)[0]
    app.step([click(spot)])
    assert race.choices[made:] == [wanted]


def test_a_clover_decision_turns_dice_over_and_validates(app):
    from game import RiggedDice

    board = boards.practice_board()
    dice = RiggedDice([("D6", 2), ("D6", 4)], order=[0, 1])  # Ann's movement roll: a 2 and a 4

    def two_clovers(race):
        race.racers[0].inventory.clovers = 2

    setups = [RacerSetup("dwarf", "Ann"), RacerSetup("orc", "Bo", "greedy")]
    race = Race.new(board, setups, turns=5, dice=dice, before=two_clovers)
    scene = app.stack.push(RaceScene(race, {}))
    run_until(app, lambda: scene.panel is not None, limit=4000)
    decision = scene.panel.decision
    assert (decision.kind, decision.racer, decision.info["purpose"]) == ("clover", 0, "movement")
    assert decision.info["faces"] == [2, 4] and scene.panel.flippable == [0, 1]
    app.step([key(pygame.K_1)])  # the first die
    assert scene.panel.selected == {0}
    app.step([key(pygame.K_RETURN)])
    assert race.choices[-1] == (0,)
    assert [(e.kind, e.face, e.flipped) for e in race.log if e.kind == "clover_used"] == [("clover_used", 2, 5)]
    assert race.racers[0].inventory.clovers == 1 and race.pending.kind == "move"


def test_animations_wait_for_a_key_which_skips_them(app):
    race = Race.new(
        boards.practice_board(),
        [RacerSetup("elf", "Ann", "greedy"), RacerSetup("orc", "Bo", "greedy")],
        turns=5,
        seed=1,
    )
    scene = app.stack.push(RaceScene(race, {}))
    app.step([], 0.01)
    assert scene.busy
    app.step([key(pygame.K_SPACE)], 0.01)
    assert not scene.playback.queue and scene.playback.anim is None


def test_the_camera_scrolls_with_the_keys_and_comes_back(app):
    race = Race.new(
        boards.practice_board(), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "greedy")], turns=5, seed=1
    )
    scene = app.stack.push(RaceScene(race, {}))
    before = list(scene.camera.position)
    App.step(app, [key(pygame.K_s)], 0.5)  # held down for half a second
    App.step(app, [pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0)], 0.1)
    assert scene.camera.manual and scene.camera.position != before
    app.step([key(pygame.K_c)], 0.1)
    assert not scene.camera.manual


@pytest.mark.slow
def test_six_computer_racers_race_through_the_race_scene_to_the_results(app):
    levels = ["easy", "normal", "hard", "easy", "normal", "hard"]
    setup = practice_setup([(c, n, level) for (c, n), level in zip(SIX_BOTS, levels)], turns=5, seed=9)
    from scenes.screens.setup import start_race

    app.stack.push(TitleScene())
    start_race(app.stack, setup)
    race = app.stack.top.race
    run_until(app, lambda: not isinstance(app.stack.top, RaceScene), limit=40000, dt=1 / 20, seconds=300)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and race.over
    assert [p for p, _, _ in results.standings] == [p for p, _, _ in race.standings()]
    for r in race.racers:
        assert sum(breakdown(r).values()) == r.points
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, RaceScene) and app.stack.top.race is not race


def test_the_board_wraps_without_seams(app):
    from scenes.render.board import BoardRenderer

    board = boards.practice_board()
    renderer = BoardRenderer(board, 48)
    surface = pygame.Surface((1280, 720))
    view = pygame.Rect(0, 0, 900, 700)
    width, height = renderer.size
    renderer.draw(surface, view, (width - 10, height - 10))
    corner = renderer.surface.get_at((0, 0))
    assert surface.get_at((10, 10)) == corner
    assert renderer.square_at((10 + 48 * 2 + 1, 10 + 1), view, (width - 10, height - 10)) == (0, 2)


def test_a_taken_object_is_drawn_greyed(app):
    from scenes.render.board import BoardRenderer

    board = boards.practice_board()
    renderer = BoardRenderer(board, 48)
    square = next(iter(board.objects))
    rect = renderer.square_rect(square)
    before = renderer.surface.subsurface(rect).copy()
    renderer.sync({square}, set())
    after = renderer.surface.subsurface(rect)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")


# ---------------------------------------------------------------- saves
def test_the_race_is_saved_at_the_end_of_every_racers_turn_and_resumes(app):
    setup = practice_setup([("elf", "Ann", "greedy"), ("orc", "Bo", "greedy")], turns=5, seed=5)
    from scenes.screens.setup import start_race

    app.stack.push(TitleScene())
    start_race(app.stack, setup)
    race = app.stack.top.race
    run_until(app, lambda: sum(e.kind == "turn_ended" for e in race.log) >= 2)
    (game,) = session.games()[0]
    saved, problem = userdata.load_race(session.FOLDER, game.path)
    assert problem is None and saved is not None
    assert len(saved.race.choices) <= len(race.choices)
    assert saved.setup["racers"][0]["name"] == "Ann"
    title = app.stack.reset(TitleScene())
    app.step([])
    assert [g.path for g in title.games] == [game.path]
    app.step([key(pygame.K_RETURN)])  # Resume…: the games in progress, the latest focused
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, RaceScene) and app.stack.top.session.path == game.path


def test_a_corrupt_save_is_set_aside_with_one_message(app):
    path = userdata.save_path(session.FOLDER)
    path.write_text("{not json", encoding="utf-8")
    title = app.stack.push(TitleScene())
    app.step([])
    assert not path.exists()  # an older version's save: brought into the games in progress, then set aside
    assert list(path.parent.glob("games/race-*.unreadable-*.json"))
    assert "could not be read" in title.message and title.games == []


def test_saves_are_written_atomically(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    target = userdata.user_dir() / "x.json"
    session.FOLDER.write_atomically(target, "one")
    session.FOLDER.write_atomically(target, "two")
    assert target.read_text() == "two" and not list(target.parent.glob("*.tmp"))


# ---------------------------------------------------------------- window, sound, preview
def test_the_game_starts_silently_without_a_sound_card(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from scenes.core import audio

    def no_sound(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_sound)
    audio.close()
    try:
        game = App(settings=Settings())
        assert audio.current() is not None and not audio.current().enabled
        game.stack.push(TitleScene())
        game.step([])
        audio.play("dice")
        audio.music("race")
        assert game.frames == 1
    finally:
        audio.close()


def test_a_scaled_window_maps_the_mouse_to_the_logical_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game = App(settings=Settings(window=(1920, 1080), interface_scale="150"))  # (1280x720 drawn 1.5 times larger)
    assert game.to_logical((960, 540)) == (640, 360)
    game.settings.interface_scale = "auto"  # 1.25 at 1920x1080: a logical screen of 1536x864
    game.apply_settings()
    assert game.screen.get_size() == (1536, 864) and game.to_logical((960, 540)) == (768, 432)
    game.stack.push(TitleScene())
    game.step([])
    assert game.window.get_size() == (1920, 1080)


def test_the_board_preview_reloads_when_the_file_changes(app, tmp_path):
    source = boards.assets.maps_dir() / "meadow.tmx"
    if not source.is_file():
        pytest.skip("no shipped meadow board")
    import shutil

    copy = tmp_path / "meadow.tmx"
    shutil.copy(source, copy)
    shutil.copytree(source.parent / "tilesets", tmp_path / "tilesets")
    preview = app.stack.push(BoardPreview(str(copy)))
    app.step([], 0.6)
    assert preview.renderer is not None and preview.reloads == 1
    text = copy.read_text(encoding="utf-8")
    copy.write_text(text.replace('name="name" value="', 'name="name" value="New '), encoding="utf-8")
    import os

    os.utime(copy, (os.stat(copy).st_atime + 5, os.stat(copy).st_mtime + 5))
    app.step([], 0.6)
    assert preview.reloads == 2


def test_the_board_preview_says_a_broken_board_in_the_players_language(app, tmp_path, monkeypatch):
    from game.boards.map_words import sentences
    from scenes.core import i18n
    from scenes.core import text as text_module

    source = boards.assets.maps_dir() / "meadow.tmx"
    if not source.is_file():
        pytest.skip("no shipped meadow board")
    broken = tmp_path / "meadow.tmx"
    broken.write_text(source.read_text(encoding="utf-8").replace('infinite="0"', 'infinite="1"'), encoding="utf-8")
    said: list[str] = []
    monkeypatch.setattr(text_module, "draw_wrapped", lambda surface, words, *a, **k: said.append(words))
    i18n.set_language("fr")
    try:
        preview = app.stack.push(BoardPreview(str(broken)))
        app.step([], 0.6)
    finally:
        i18n.set_language("en")
    assert preview.watcher.problem is not None
    french = preview.watcher.problem.line(sentences("fr"))
    assert french != preview.watcher.error  # the checker has French words for it
    assert said and said[-1] == french


# ---------------------------------------------------------------- screenshots
@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_every_scene_draws_a_full_non_empty_screenshot(app, tmp_path):
    from scenes.screenshots import take_all

    shots = take_all(tmp_path / "shots", app)
    assert set(shots) >= {"title", "setup", "settings", "rules", "race", "pause", "results"}
    for name, path in shots.items():
        image = pygame.image.load(str(path))
        assert image.get_size() == (1280, 720), name
        small = pygame.transform.scale(image, (64, 36))
        colours = {tuple(small.get_at((x, y)))[:3] for x in range(64) for y in range(36)}
        assert len(colours) > 40, f"{name} looks empty"


def test_a_resumed_race_keeps_its_tiled_board_art(app):
    choice = next((c for c in boards.available() if c.board is not None and c.board.art is not None), None)
    if choice is None:
        pytest.skip("no Tiled board is shipped")
    setup = {
        "board": choice.ref,
        "turns": 5,
        "seed": 2,
        "racers": [
            {"character": "elf", "name": "Ann", "bot": "greedy"},
            {"character": "orc", "name": "Bo", "bot": "greedy"},
        ],
    }
    from scenes.screens.setup import start_race

    app.stack.push(TitleScene())
    start_race(app.stack, setup)
    race = app.stack.top.race
    run_until(app, lambda: any(e.kind == "turn_ended" for e in race.log))
    (game,) = session.games()[0]
    saved, problem = userdata.load_race(session.FOLDER, game.path)
    assert problem is None and saved.race.board.art is not None


def test_a_chest_roll_shows_the_alternative_object_and_a_click_takes_it(app):
    from game import RiggedDice

    rows = ["..1.....2.......", "................", "................", "..C............."] + ["." * 16] * 14
    board = Board.from_text("\n".join(rows), name="Chest")
    dice = RiggedDice([("D6", 3), ("D6", 1), ("DRAPID", 2), ("DOBJ", 30)] + [4] * 300, order=[0, 1])
    race = Race.new(board, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "greedy")], turns=5, dice=dice)
    race.racers[0].inventory.clovers = 1
    scene = app.stack.push(RaceScene(race, {}))
    run_until(app, lambda: scene.panel is not None)
    app.step([key(pygame.K_3)])  # the move of 3 squares, onto the chest
    run_until(app, lambda: scene.panel is not None and scene.panel.decision.kind == "clover")
    panel = scene.panel
    info = panel.decision.info
    assert info["purpose"] == "chest" and info["alternative"] != info["object"]
    app.step([click(panel.outcome_rects[1].center)])
    assert panel.selected == {0}
    app.step([click(panel.validate_rect.center)])
    assert race.choices[-1] == (0,)
    assert (
        info["alternative"] in race.racers[0].inventory.objects
        or race.racers[0].inventory.shields
        or race.racers[0].inventory.coins
        or race.racers[0].inventory.clovers
    )


def test_without_a_display_the_game_says_so_in_one_sentence(monkeypatch, capsys, undo_process_state):
    import scenes.app as app_module

    def no_display(*args, **kwargs):
        raise pygame.error("x11 not available")

    monkeypatch.setattr(app_module, "App", no_display)
    assert app_module.run(None) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot open the game's window" in err


def test_drawing_the_race_twice_at_the_same_time_gives_the_same_picture(app):
    race = Race.new(
        boards.practice_board(),
        [RacerSetup("elf", "Ann", "greedy"), RacerSetup("orc", "Bo", "greedy")],
        turns=5,
        seed=1,
    )
    scene = app.stack.push(RaceScene(race, {}))
    for _ in range(40):
        app.step([], 0.02)
        first, second = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
        scene.draw(first)
        scene.draw(second)
        assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")


@pytest.mark.parametrize("ref", ["practice", "shipped"])
def test_a_square_is_found_on_screen_wherever_the_camera_looks(app, ref):
    """`spots` (which takes a short cut on boards larger than the view) finds a square exactly
    where the board renderer draws it, for any camera and board size."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    board = (
        boards.practice_board()
        if ref == "practice"
        else boards.load(next(c.ref for c in boards.available() if c.board is not None and c.ref != boards.PRACTICE))
    )
    race = Race.new(board, [RacerSetup("dwarf", "Ann", "greedy"), RacerSetup("orc", "Bo", "greedy")], turns=5, seed=4)
    scene = app.stack.push(RaceScene(race, {}))
    width, height = scene.renderer.size
    half = scene.tile // 2

    @settings(max_examples=300, deadline=None)
    @given(
        st.integers(0, board.height - 1),
        st.integers(0, board.width - 1),
        st.integers(-3 * width, 3 * width),
        st.integers(-3 * height, 3 * height),
    )
    def check(row, col, cx, cy):
        scene.camera.position = [cx, cy]
        view = scene.camera.board_view  # (a board narrower than the view is drawn once, in its part of the view)
        drawn = scene.renderer.screen_positions((row, col), view, scene.camera.at)
        expected = sorted((x + half, y + half) for x, y in drawn if x < view.right and y < view.bottom)
        assert sorted(scene.spots((row, col))) == expected

    check()


def test_racers_on_one_square_stand_side_by_side_and_the_acting_one_on_top(app):
    board = boards.practice_board()
    race = Race.new(
        board,
        [RacerSetup("dwarf", "Ann", "greedy"), RacerSetup("orc", "Bo", "greedy"), RacerSetup("elf", "Cy", "greedy")],
        turns=5,
        seed=4,
    )
    scene = app.stack.push(RaceScene(race, {}))
    square = scene.playback.shown_pos[0]
    for index in (1, 2):
        scene.playback.shown_pos[index] = square
    scene.playback.acting = 1
    sprites_now = scene.drawing.token_sprites()
    assert len(sprites_now) == 3
    centres = {(x + image.get_width() // 2, y + image.get_height() // 2) for image, (x, y) in sprites_now}
    assert len(centres) == 3, "three tokens on one square, each at its own place"
    plain = [scene.drawing.token_image(i, False, bool(scene.playback.shown_protected.get(i)))[0] for i in range(3)]
    assert sprites_now[0][0] is plain[0] and sprites_now[1][0] is plain[2]
    last = sprites_now[-1][0]
    assert last is not plain[1] and last.get_width() > plain[1].get_width(), (
        "the acting racer is drawn last (on top), in his ring"
    )


def test_a_decision_panel_that_stays_is_not_drawn_again_yet_the_screen_is_the_same(app, monkeypatch):
    from scenes.core import theme

    board = boards.practice_board()
    race = Race.new(board, [RacerSetup("dwarf", "Ann"), RacerSetup("orc", "Bo", "greedy")], turns=5, seed=4)
    scene = app.stack.push(RaceScene(race, {}))
    run_until(app, lambda: scene.panel is not None and not scene.busy)
    scene.camera.whole, scene.opening = False, 0.0  # (the race's opening view of the whole board, over)
    scene.camera.settle()  # at the race's size, where only the board's parts are drawn again
    parts = []
    draw_parts = scene.renderer.draw_parts
    monkeypatch.setattr(scene.renderer, "draw_parts", lambda *a: parts.append(a) or draw_parts(*a))
    kept, fresh = pygame.Surface(theme.SIZE).convert(), pygame.Surface(theme.SIZE).convert()
    scene.draw(kept)
    for k in range(8):
        scene.camera.position[0] += 7.3  # the board scrolls under the panel...
        scene.camera.position[1] += 3.1 * (-1) ** k
        scene.clock += 0.05  # ...and the acting racer's ring pulses
        scene.draw(kept)  # the panel stays: only its corners are drawn
        marks = scene.drawing.hud_on_screen, scene.drawing.panel_on_screen
        fresh.fill((0, 0, 0))
        scene.draw(fresh)  # everything drawn
        scene.drawing.hud_on_screen, scene.drawing.panel_on_screen = marks
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), f"frame {k}"
    assert len(parts) == 8


@pytest.mark.parametrize("view", [pygame.Rect(0, 46, 864, 674), pygame.Rect(30, 60, 200, 150)])
def test_the_board_is_drawn_wrapping_for_any_camera(app, view):
    """The board in a view, with or without one of its edges in sight, is the board repeated."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from scenes.render.board import BoardRenderer

    renderer = BoardRenderer(boards.practice_board(), 48)
    width, height = renderer.size
    tiled = pygame.Surface((width * 3, height * 3))
    for i in range(3):
        for j in range(3):
            tiled.blit(renderer.surface, (i * width, j * height))
    drawn, expected = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))

    @settings(max_examples=60, deadline=None)
    @given(st.floats(-3 * width, 3 * width), st.floats(-3 * height, 3 * height))
    def check(cx, cy):
        drawn.fill((0, 0, 0))
        renderer.draw(drawn, view, (cx, cy))
        expected.fill((0, 0, 0))
        x, y = int(cx) % width, int(cy) % height
        expected.blit(tiled, view.topleft, (x, y, view.width, view.height))
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB")

    check()


def test_the_board_drawn_in_parts_is_the_board_drawn_whole(app):
    """Parts of a view (around a hole, and the hole) drawn one by one give the whole view, for
    any camera, negative or not."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from scenes.render import board as board_render

    renderer = board_render.BoardRenderer(boards.practice_board(), 48)
    view = pygame.Rect(0, 46, 864, 674)
    whole, parts = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))

    @settings(max_examples=60, deadline=None)
    @given(
        st.floats(-2000, 2000),
        st.floats(-2000, 2000),
        st.integers(0, 800),
        st.integers(46, 600),
        st.integers(1, 400),
        st.integers(1, 200),
    )
    def check(cx, cy, x, y, w, h):
        hole = pygame.Rect(x, y, w, h)
        whole.fill((0, 0, 0))
        renderer.draw(whole, view, (cx, cy))
        parts.fill((0, 0, 0))
        renderer.draw_parts(parts, view, (cx, cy), board_render.around(view, hole) + [hole])
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(parts, "RGB")

    check()


def test_the_window_gets_the_games_icon_before_it_opens(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    icons = []  # (size of the icon, whether a window was open already)
    monkeypatch.setattr(
        pygame.display,
        "set_icon",
        lambda surface: icons.append((surface.get_size(), pygame.display.get_surface() is not None)),
    )
    pygame.display.quit()
    App(settings=Settings())
    assert icons == [((64, 64), False)]


def test_a_racers_turn_banner_never_shows_the_previous_racers_phase(app):
    """Seen while playing: "Player 1's turn · action phase" while his banner showed."""
    from scenes.race import hud

    setup = practice_setup([("elf", "Ann", "greedy"), ("orc", "Bo", "greedy")], turns=5)
    from scenes.screens.setup import start_race

    start_race(app.stack, setup)
    scene = app.stack.top
    seen = []
    original = hud.draw_top_bar

    def spy(surface, race, turn, acting, phase, *rest):
        seen.append((acting, phase))
        return original(surface, race, turn, acting, phase, *rest)

    hud.draw_top_bar = spy
    try:
        run_until(app, lambda: scene.race.turn >= 2 and len({a for a, _ in seen}) == 2, seconds=60)
    finally:
        hud.draw_top_bar = original
    for (before_acting, _), (acting, phase) in zip(seen, seen[1:]):
        if acting != before_acting:
            assert phase in ("", "movement"), (
                f"racer {acting}'s turn showed the phase {phase!r} of racer {before_acting}"
            )
