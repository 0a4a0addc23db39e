"""The guided first race: every lesson in both languages points at something on the screen, a wrong
choice is explained and asked again, Escape skips it, and the first start offers it."""

from __future__ import annotations

import pygame
import pytest

from game import tutorial
from game.app.settings import Settings
from game.tutorial import STEPS
from scenes import i18n
from scenes.app import App
from scenes.race import RaceScene
from scenes.results import ResultsScene
from scenes.title import TitleScene
from scenes.tutorial import Lessons, tutorial_scene
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

    from game import ai

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
            race.choose(ai.choose(race, decision, "normal", rng))
    assert seen == [step.key for step in steps]
    assert race.dice.prepared_left == 0 and len(race.dice.faces) == len(tutorial.FACES)
    assert race.over


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_lesson_shows_its_words_and_points_at_something_on_screen(tmp_path, monkeypatch, language):
    app = app_in(tmp_path, monkeypatch, language)
    scene = app.stack.push(tutorial_scene())
    lessons = scene.guide
    shown = []
    for _ in range(3000):
        if isinstance(app.stack.top, ResultsScene):
            break
        lesson = lessons.lesson
        if lesson is not None and (not shown or shown[-1] != lesson.key):
            shown.append(lesson.key)
            words = i18n.t(f"tutorial.{lesson.key}")
            assert words and not words.startswith("tutorial."), lesson.key
            target = lessons.pointer()
            assert target is not None and SCREEN.collidepoint(target), (lesson.key, target)
            assert not lessons.lesson_box().collidepoint(target), f"{lesson.key}: the arrow points into its own box"
            if lesson.expect is not None:
                assert i18n.t(f"tutorial.{lesson.key}.wrong") != f"tutorial.{lesson.key}.wrong"
        if lesson is not None and lesson.key == "clover":
            press(app, (pygame.K_1, "1"), (pygame.K_RETURN, "\r"))
        else:
            press(app, (pygame.K_RETURN, "\r"))
    assert shown == [step.key for step in STEPS]
    assert isinstance(app.stack.top, ResultsScene) and scene.race.over
    i18n.set_language("en")


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
    assert lessons.pointer() == scene.spots((2, 2))[0]
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
    press(app, (pygame.K_1 + drift, str(drift + 1)))  # and one press takes it (a drift asks only once)
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
    press(app, (pygame.K_ESCAPE, "\x1b"))
    title = app.stack.top
    assert isinstance(title, TitleScene)
    labels = [w.label for w in title.group.widgets]
    assert labels[0] == "Play" and "Learn to play" in labels  # offered, no longer first
