"""The guided first race: every lesson in both languages frames what it names beside its box, its
arrow ends on it, its numbers are the race's; the training ground is drawn once; a learner who
follows the lessons wins; a wrong choice is explained and asked again, Escape skips it, and the
first start offers it."""

from __future__ import annotations

import pygame
import pytest

from game.app.settings import Settings
from game.meta import tutorial
from game.meta.tutorial import STEPS
from game.rules.characters import CHARACTERS
from scenes.app import App
from scenes.core import i18n, theme
from scenes.race import RaceScene, hud
from scenes.screens.results import ResultsScene
from scenes.screens.title import TitleScene
from scenes.screens.tutorial import Lessons, tutorial_scene
from tests.test_scenes import key

SCREEN = pygame.Rect(0, 0, 1280, 720)


def app_in(tmp_path, monkeypatch, language="en", seen=False):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(animation_speed=4.0, language=language, tutorial_seen=seen))


def press(app, *keys):
    for k, u in keys:
        app.step([key(k, u), pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0)], 1 / 30)


def test_the_prepared_race_reaches_every_lesson_in_order_and_uses_every_prepared_face():
    """The engine alone: the lessons' options chosen, the computer racer's by his bot."""
    import random

    from game.bots import ai

    race = tutorial.new_race("Pip", "Grob")
    steps, seen = list(STEPS), []
    rng = random.Random(1)
    for _ in range(400):
        for event in race.take_events():
            step = steps[len(seen)] if len(seen) < len(steps) else None
            who = getattr(event, "defender", None) if event.kind == "fight" else getattr(event, "racer", 0)
            if step is not None and step.on == "event" and step.kind == event.kind and who == tutorial.PLAYER:
                seen.append(step.key)
        decision = race.pending
        if decision is None:
            break
        step = steps[len(seen)] if len(seen) < len(steps) else None
        if decision.racer == tutorial.PLAYER and step is not None and step.on == "decision":
            assert step.kind == decision.kind, (step.key, decision.kind)
            assert step.expect is None or step.expect in decision.options, (step.key, decision.options)
            seen.append(step.key)
            race.choose(step.expect if step.expect is not None else decision.options[0])
        elif decision.racer == tutorial.PLAYER:
            assert len(seen) == len(steps), f"a decision outside the lessons during them: {decision.kind}"
            race.choose(decision.options[0])
        else:
            race.choose(ai.pick(race, decision, "normal", rng))
    assert seen == [step.key for step in steps]
    assert race.dice.prepared_left == 0 and len(race.dice.faces) == len(tutorial.FACES)
    assert race.over


def square_rect(scene, square) -> pygame.Rect:
    rect = pygame.Rect(0, 0, scene.tile, scene.tile)
    (rect.center,) = scene.spots(square)  # the training ground is drawn once: one spot a square
    return rect


def named_target(scene, lesson) -> pygame.Rect:
    """What a lesson's sentence names, worked out here from the panel, the board and the HUD."""
    panel, point = scene.panel, lesson.point
    if point == "squares":
        return square_rect(scene, panel.square_of(lesson.expect))
    if point == "panel":
        return next(entry.rect for entry in panel.entries if lesson.expect in entry.options)
    if point == "dice":
        return panel.dice_rects[0]
    if point == "shock":  # the first numbered square that moves the racer (a barrier beside keeps 1 on his own)
        here = scene.playback.shown_pos[tutorial.PLAYER]
        return square_rect(scene, next(sq for _, sq in sorted(scene.playback.shock_marks[1].items()) if sq != here))
    if point == "racer":
        return square_rect(scene, scene.playback.shown_pos[tutorial.PLAYER])
    card = hud.card_rects(scene.race, scene.playback.turn_shown)[tutorial.PLAYER]
    parts = dict(hud.card_parts(scene.race, tutorial.PLAYER, card, scene.playback.turn_shown))
    return parts[(*point.split(":")[1:2], tutorial.PLAYER, *point.split(":")[2:])]


def check_lesson(scene, lessons, lesson) -> None:
    """A lesson's box covers neither the racer nor a square it names, all of them shown above the
    panel; its arrow starts on the box and ends on what its sentence names, over no racer."""
    box = lessons.lesson_box()
    start, end = lessons.arrow()
    target = named_target(scene, lesson)
    assert target.collidepoint(end), f"{lesson.key}: the arrow ends at {end}, not on {target}"
    if lesson.point == "dice":
        assert lessons.target().colliderect(target) and target.contains(lessons.target())
    else:
        assert lessons.target() == target, lesson.key
    assert SCREEN.contains(target), lesson.key
    assert box.inflate(2, 2).collidepoint(start) and not box.inflate(-4, -4).collidepoint(start), lesson.key
    squares = lessons.named_squares(lesson)
    named = [square_rect(scene, square) for square in squares]
    assert len(named) == len(squares) >= 1 + len(lesson.names), lesson.key
    top, bottom = lessons.free_band()
    for square, rect in zip(squares, named):
        assert not box.colliderect(rect), f"{lesson.key}: the lesson box covers {square}"
        assert scene.camera.board_view.contains(rect), f"{lesson.key}: {square} is off the board's view"
        assert top - 8 <= rect.top and rect.bottom <= bottom + 8, f"{lesson.key}: {square} is under the panel"
    if lesson.point != "racer":
        assert not named[0].clipline(start, end), f"{lesson.key}: the arrow runs over the racer"


def play_the_lessons(app, scene, check=None) -> dict[str, str]:
    """Every lesson in turn, the lesson's option chosen (Enter; on the clover's die, then on Validate), then
    Enter on the panel's own focus until the results; the words each lesson showed."""
    lessons = scene.guide
    said: dict[str, str] = {}
    for _ in range(3000):
        if isinstance(app.stack.top, ResultsScene):
            break
        lesson = lessons.lesson
        if lesson is not None and lesson.key not in said:
            for _ in range(40):  # the camera frames the lesson in about half a second
                app.step([], 1 / 30)
            said[lesson.key] = lessons.words(lesson)
            if check is not None:
                check(scene, lessons, lesson)
        press(app, (pygame.K_RETURN, "\r"))  # (the clover's lesson: its die focused, then Validate)
    return said


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_lesson_frames_what_it_names_beside_its_box_and_its_arrow_ends_on_it(tmp_path, monkeypatch, language):
    app = app_in(tmp_path, monkeypatch, language)
    scene = app.stack.push(tutorial_scene())
    said = play_the_lessons(app, scene, check_lesson)
    assert list(said) == [step.key for step in STEPS]
    for key_name, words in said.items():
        assert words and not words.startswith("tutorial.") and "{" not in words, key_name
        if STEPS[[s.key for s in STEPS].index(key_name)].expect is not None:
            assert i18n.t(f"tutorial.{key_name}.wrong") != f"tutorial.{key_name}.wrong"
    assert isinstance(app.stack.top, ResultsScene) and scene.race.over
    i18n.set_language("en")


@pytest.mark.slow
def test_a_learner_who_follows_the_lessons_wins_and_each_lessons_numbers_are_the_races(tmp_path, monkeypatch):
    app = app_in(tmp_path, monkeypatch)
    scene = app.stack.push(tutorial_scene())
    on_the_card: dict[str, int] = {}

    def card_at_the_finish(scene, lessons, lesson):
        if lesson.key == "finish":  # "your card shows them": the lap's points are on the card already
            lap = next(e for e in scene.race.log if e.kind == "scored" and e.cause == "lap")
            on_the_card["shown"], on_the_card["lap"] = scene.playback.shown_points[tutorial.PLAYER], lap.total

    said = play_the_lessons(app, scene, card_at_the_finish)
    assert on_the_card["shown"] == on_the_card["lap"], on_the_card
    race = scene.race
    standings = race.standings()
    assert standings[0][1] == tutorial.PLAYER and standings[0][2] > standings[1][2], standings  # first: top two
    assert race.dice.prepared_left == 0 and len(race.dice.faces) == len(tutorial.FACES)  # the script held
    events = list(race.log)

    def first(kind, **fields):
        return next(e for e in events if e.kind == kind and all(getattr(e, k) == v for k, v in fields.items()))

    def scores(cause):
        return [e.points for e in events if e.kind == "scored" and e.racer == tutorial.PLAYER and e.cause == cause]

    rolled = first("rolled", racer=tutorial.PLAYER)
    assert "the 2 and the 5" in said["move"] and sorted(rolled.faces) == [2, 5]
    assert "(2 squares for a goblin)" in said["action"] and first("moved", cause="action").path[-1] == (3, 3)
    orc = CHARACTERS["orc"]
    assert f"{orc.simple} % simple victory" in said["fight"] and f"{orc.crushing} % crushing" in said["fight"]
    assert f"{orc.defeat} % defeat" in said["fight"] and first("fight").attacker == tutorial.COMPUTER
    assert "for 2 points" in said["shield"] and scores("shield") == [-2]
    chest = first("chest_opened")
    assert f"badge shows {theme.TIER_SYMBOLS[chest.tier]} (max bonus)" in said["chest"] and chest.tier == 4
    assert "a syringe of doping" in said["chest"] and chest.object == "syringe"
    assert "10 more points" in said["finish"] and scores("lap") == [10]
    shortcut = first("shortcut")
    assert (shortcut.face, shortcut.rows) == (9, 5) and "A 9: 5 rows forward" in said["shortcut"]
    fell = events.index(first("fell"))
    after = [e.points for e in events[fell:] if e.kind == "scored"][:2]
    assert "costs 2 points" in said["hole"] and "1 point more" in said["hole"] and after == [-2, -1]


def test_the_training_ground_is_drawn_once_beside_the_lessons(tmp_path, monkeypatch):
    from scenes.race.drawing import MARGIN

    app = app_in(tmp_path, monkeypatch)
    scene = app.stack.push(tutorial_scene())
    lesson_on_screen(app, scene.guide, "move")
    board = scene.camera.board_view
    assert board.width == scene.race.board.width * scene.tile < scene.view.width
    for square in scene.race.board.squares():
        assert len(scene.spots(square)) <= 1  # never two copies of a square, nor of a racer
    assert len(scene.spots(scene.playback.shown_pos[tutorial.PLAYER])) == 1
    beside = (board.right + 4, scene.view.top + 4)
    assert app.screen.get_at(beside)[:3] == MARGIN and scene.camera.square_at(beside) is None
    assert scene.guide.lesson_box().left > board.right


def lesson_on_screen(app, lessons, key_name):
    for _ in range(400):
        if lessons.lesson is not None and lessons.lesson.key == key_name:
            return
        app.step([], 1 / 30)
    raise AssertionError(f"the lesson {key_name} never came")


def test_a_wrong_choice_is_explained_and_asked_again_and_a_costly_one_confirmed(tmp_path, monkeypatch):
    app = app_in(tmp_path, monkeypatch)
    scene = app.stack.push(tutorial_scene())
    lessons = scene.guide
    lesson_on_screen(app, lessons, "move")
    panel = scene.panel
    # The 2 and the 5 both end in front of the barrier: one choice, lit where the walk really ends.
    assert [entry.options for entry in panel.entries] == [((2, 0), (5, 0))]
    assert panel.square_of((5, 0)) == panel.square_of((2, 0)) == (2, 2)
    end = scene.spots((2, 2))[0]
    assert lessons.target().center == end and lessons.target().collidepoint(lessons.pointer())
    press(app, (pygame.K_1, "1"))
    assert scene.race.choices == [(2, 0)]
    lesson_on_screen(app, lessons, "drift")
    panel = scene.panel
    assert panel.focused.option == (-1, 1)  # the lesson's drift, focused
    stay = next(i for i, entry in enumerate(panel.entries) if entry.option == (0, 0))
    press(app, (pygame.K_1 + stay, str(stay + 1)))  # not the lesson's: explained, asked again
    assert lessons.wrong and scene.race.choices == [(2, 0)] and lessons.lesson.key == "drift"
    drift = next(i for i, entry in enumerate(panel.entries) if entry.option == (-1, 1))
    assert "−1 point" in panel.entries[drift].label  # a row back costs a point: the label says so
    press(app, (pygame.K_1 + drift, str(drift + 1)))  # a sure cost: the first press arms it (issue 33)...
    assert scene.race.choices == [(2, 0)] and panel.armed == drift
    press(app, (pygame.K_1 + drift, str(drift + 1)))  # ...the second takes it
    assert not lessons.wrong and scene.race.choices == [(2, 0), (-1, 1)]


def test_escape_leaves_the_lessons_at_any_step_and_the_title_offers_them_again(tmp_path, monkeypatch):
    app = app_in(tmp_path, monkeypatch)
    title = app.stack.push(TitleScene())
    app.step([])
    assert title.group.widgets[0].label == "Learn to play"  # the first start offers it first
    press(app, (pygame.K_RETURN, "\r"))
    scene = app.stack.top
    assert isinstance(scene, RaceScene) and isinstance(scene.guide, Lessons) and app.settings.tutorial_seen
    for _ in range(60):
        app.step([key(pygame.K_RETURN, "\r")], 1 / 30)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, scancode=0)], 1 / 30)
    press(app, (pygame.K_ESCAPE, "\x1b"))  # asked first, No focused (issue 33)
    from scenes.screens.question import QuestionScene

    question = app.stack.top
    assert isinstance(question, QuestionScene) and question.question == "Leave the lessons?"
    press(app, (pygame.K_RETURN, "\r"))  # No: the lessons go on
    assert app.stack.top is scene
    press(app, (pygame.K_ESCAPE, "\x1b"), (pygame.K_LEFT, ""), (pygame.K_RETURN, "\r"))  # Yes
    title = app.stack.top
    assert isinstance(title, TitleScene)
    labels = [w.label for w in title.group.widgets]
    assert labels[0] == "Play" and "Learn to play" in labels  # offered, no longer first
