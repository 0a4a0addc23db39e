"""The replay scene, headless: it plays a recorded race to its end through the race scene's
animations, pauses, steps, changes speed, goes back; the results keep a race as a replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from game import Race, RacerSetup, load_board
from game.app import session
from game.app.settings import Settings
from game.meta.replay import SPEEDS, load, parse, record, start
from game.meta.simulate import run_race
from scenes.app import App
from scenes.core.i18n import t
from scenes.screens.replay import replay_board, replay_scene
from scenes.screens.results import ResultsScene

ROOT = Path(__file__).resolve().parent.parent
BOARD = sorted((ROOT / "maps").glob("*.tmx"))[0]


def key(k, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(animation_speed=4.0))


@pytest.fixture(scope="module")
def finished():
    board = load_board(BOARD)
    return run_race(board, ["elf", "orc", "baby"], ["random", "normal", "easy"], 5, seed=21)


def test_the_replay_plays_the_recorded_race_to_its_end(app, finished, tmp_path):
    replay = parse(record(finished))
    board = replay_board(replay)
    assert board is not None and board.art is not None  # the Tiled art is used when the file is the same
    scene = app.stack.push(replay_scene(replay, start(replay, board), speed=8.0))
    save = tmp_path / "data" / "fantasy-racing" / "race.json"
    shown = 0
    for _ in range(30000):
        if scene.guide.at_end:
            break
        app.step([], 1 / 20)
        shown += 1
    assert scene.guide.at_end and scene.race.over and scene.guide.problem is None
    assert [e.to_dict() for e in scene.race.log] == [e.to_dict() for e in finished.log]
    assert not save.exists()  # a replay never writes or deletes the player's saved race
    app.step([], 1 / 20)
    app.step([key(pygame.K_ESCAPE)])
    assert not app.stack.scenes and not app.running


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_pause_step_and_speed(app, finished):
    replay = parse(record(finished))
    scene = app.stack.push(replay_scene(replay, start(replay)))
    app.step([key(pygame.K_SPACE)])
    assert scene.guide.is_paused
    before = (len(scene.playback.queue), len(scene.race.choices), scene.playback.anim)
    for _ in range(50):
        app.step([], 1 / 20)
    assert (len(scene.playback.queue), len(scene.race.choices), scene.playback.anim) == before  # frozen while paused
    choices = len(scene.race.choices)
    for _ in range(400):
        app.step([key(pygame.K_RIGHT)], 1 / 20)
    assert len(scene.race.choices) > choices and scene.guide.is_paused
    app.step([key(pygame.K_n)], 1 / 20)
    factor = scene.guide.factor
    app.step([key(pygame.K_PLUS, "+")])
    assert scene.guide.factor == SPEEDS[SPEEDS.index(factor) + 1]
    for _ in range(10):
        app.step([key(pygame.K_MINUS, "-")])
    assert scene.guide.factor == SPEEDS[0]
    app.step([key(pygame.K_SPACE)])
    assert not scene.guide.is_paused
    app.step([], 1 / 20)


def test_a_damaged_choice_is_shown_not_raised(app, finished):
    data = json.loads(record(finished))
    data["race"]["choices"][2] = "nonsense"
    replay = parse(json.dumps(data))
    scene = app.stack.push(replay_scene(replay, start(replay), speed=8.0))
    for _ in range(3000):
        if scene.guide.at_end:
            break
        app.step([], 1 / 20)
    assert scene.guide.problem and "choice 2 is not legal" in scene.guide.problem


def test_keep_as_replay_writes_a_file_that_checks(app, finished, tmp_path):
    results = app.stack.push(ResultsScene(finished, {}))
    app.step([])
    app.step([key(pygame.K_k)])
    folder = tmp_path / "data" / "fantasy-racing" / "replays"
    files = sorted(folder.glob("*.json"))
    assert len(files) == 1 and files[0].name in results.kept and str(folder) not in results.kept
    from game.meta.replay import check

    assert check(load(files[0])).ok
    app.step([])  # the message is drawn
    assert results.keep.label == "Watch the replay"
    app.step([key(pygame.K_k)])  # kept already: K names it again, writing nothing new
    assert app.stack.top is results and sorted(folder.glob("*.json")) == files
    results.keep.activate()  # the button plays it back
    assert type(app.stack.top.guide).__name__ == "ReplayPlayer"
    assert sorted(folder.glob("*.json")) == files


def test_a_friends_results_have_one_title_button_and_the_replay(app, finished):
    results = app.stack.push(ResultsScene(finished, {"network": "friend"}))
    app.step([])
    labels = [w.label for w in results.group.widgets]
    assert labels.count("Title") == 1 and len(labels) == 2, labels


def test_a_race_with_rigged_dice_says_why_it_cannot_be_kept(app):
    from game.rules.dice import Dice

    class Loaded(Dice):
        """Dice that are not the game's own: such a race cannot be replayed."""

    race = Race.new(load_board(BOARD), [RacerSetup("orc"), RacerSetup("dwarf")], turns=5, dice=Loaded(1))
    results = app.stack.push(ResultsScene(race, {}))
    app.step([])
    results.keep_replay()
    assert "could not be written" in results.kept


def test_the_games_own_save_file_replays(app, tmp_path):
    import main
    from game.app import userdata

    race = Race.new(load_board(BOARD), [RacerSetup("elf", bot="normal"), RacerSetup("orc")], seed=12)
    rng = random.Random(2)
    for _ in range(25):
        race.choose(rng.choice(race.pending.options))
    userdata.save_race(session.FOLDER, race, {"board": str(BOARD)})
    path = userdata.save_path(session.FOLDER)
    assert main.main(["replay", str(path), "--check"]) == 0
    replay = load(path)
    assert replay.events is None and replay.choices == race.to_dict()["choices"]
    scene = app.stack.push(replay_scene(replay, start(replay), speed=8.0))
    for _ in range(5000):
        if scene.guide.at_end:
            break
        app.step([], 1 / 20)
    assert scene.guide.at_end and not scene.race.over and scene.race.pending == race.pending
    assert path.exists()  # the saved race is left where it was


def test_a_replay_says_nobody_thinks_that_escape_goes_back_and_its_view_zooms(app, finished, monkeypatch):
    from scenes.core import text

    replay = parse(record(finished))
    scene = app.stack.push(replay_scene(replay, start(replay)))
    drawn: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    scene.drawing._line = None
    for _ in range(200):
        app.step([], 1 / 20)
        if not scene.busy:
            assert scene.drawing.status_line() is None, "a recording: nobody is thinking"
    scene.drawing._hud_cache = None
    top: list[str] = []
    real_draw = text.draw
    monkeypatch.setattr(text, "draw", lambda s, words, *a, **k: top.append(words) or real_draw(s, words, *a, **k))
    app.step([], 1 / 20)  # (a frame: the top bar, and the replay's keys over the board)
    back = t("replay.keys").rsplit(" · ", 1)[-1]  # ("Escape back": its keys' panel says it, no "Escape: menu")
    assert any(words.endswith(back) for words in top) and not any(words.endswith(": menu") for words in top)
    assert not any("thinking" in words for words in drawn)
    whole = scene.view_buttons.rects(scene)["whole"]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=whole.center, button=1)], 1 / 20)
    assert scene.camera.whole


def test_the_replays_timeline_spans_the_board_view_again_after_a_resize(app, finished):
    replay = parse(record(finished))
    scene = app.stack.push(replay_scene(replay, start(replay, replay_board(replay)), speed=8.0))
    app.step([])
    assert scene.guide.bar.rect.width == scene.view.width
    app.settings.window, app.settings.interface_scale = (1920, 1080), "100"
    app.apply_settings()  # (the window made larger: the race's view too)
    app.step([])
    assert scene.view.width > 1000 and scene.guide.bar.rect.width == scene.view.width
    assert scene.guide.bar.rect.bottom == scene.view.bottom == 1080


@pytest.mark.parametrize(("language", "size"), [("en", 100), ("fr", 150)])
def test_the_replays_status_is_said_whole_at_the_text_size_beside_or_under_the_view_buttons(
    tmp_path, monkeypatch, finished, language, size
):
    from scenes.core import i18n, text, theme

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(settings=Settings(animation_speed=4.0, language=language, text_size=size))
    app.use_theme()
    try:
        replay = parse(record(finished))
        scene = app.stack.push(replay_scene(replay, start(replay)))
        scene.guide.jump(len(scene.guide.timeline.events) // 2)  # (halfway: "choice 30 / 60", the longer)
        scene.guide.is_paused = True
        drawn: list[tuple[str, tuple[int, int], int]] = []
        real = text.draw

        def spy(surface, words, pos, size=20, *args, **kwargs):
            drawn.append((words, pos, size))
            return real(surface, words, pos, size, *args, **kwargs)

        monkeypatch.setattr(text, "draw", spy)
        for _ in range(10):
            drawn.clear()
            app.step([], 1 / 30)
        shown, total = len(scene.race.choices), len(replay.choices)
        said = t("replay.status", state=t("replay.paused"), speed="1", shown=shown, total=total)
        status = [(words, pos) for words, pos, size in drawn if words in said and size == 18]
        assert " ".join(words for words, _ in status) == said  # whole, at its size (no "…", never smaller)
        buttons = scene.view_buttons.rects(scene).values()
        for words, (x, y) in status:
            beside = x + text.width(words, 18, "bold") <= min(b.left for b in buttons)
            assert beside or y >= max(b.bottom for b in buttons), words  # (never over the view's buttons)
    finally:
        i18n.set_language("en")
        theme.use_text_size(100)
