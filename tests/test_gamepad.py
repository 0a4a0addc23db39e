"""A game controller plays the whole game: synthesized SDL controller events only, from the title
through a whole race to the results; sticks, shoulders and hot-plugging."""

from __future__ import annotations

import pygame
import pytest

from game.app.controls import Action
from game.app.settings import Settings
from scenes.app import App
from scenes.race import RaceScene
from scenes.screens.results import ResultsScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(animation_speed=4.0, language="en", tutorial_seen=True))


def press(button):
    """A controller button pressed and released."""
    return [
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0),
        pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0),
    ]


def stick(axis, value):
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=0)


def test_a_whole_race_is_played_with_a_controller_only(app):
    app.stack.push(TitleScene())
    app.step([])
    app.step(press(pygame.CONTROLLER_BUTTON_A))  # title: Play
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    turns = setup.group.widgets[1]
    setup.group.focus_on(turns)
    for _ in range(11):  # the fewest turns: 5
        if setup.turns == 5:
            break
        app.step(press(pygame.CONTROLLER_BUTTON_DPAD_LEFT))
    assert setup.turns == 5
    app.step(press(pygame.CONTROLLER_BUTTON_A))  # A starts the race from a field
    scene = app.stack.top
    assert isinstance(scene, RaceScene) and [r.setup.bot for r in scene.race.racers] == [None, "normal"]
    person_decisions = 0
    for _ in range(20000):
        if isinstance(app.stack.top, ResultsScene):
            break
        race = scene.race
        if race.pending is not None and race.racers[race.pending.racer].setup.bot is None and scene.panel is not None:
            person_decisions += 1
        app.step(press(pygame.CONTROLLER_BUTTON_A), 1 / 30)  # choose the focused option, or skip an animation
    assert isinstance(app.stack.top, ResultsScene), "the race never ended"
    assert scene.race.over and person_decisions > 5
    app.step(press(pygame.CONTROLLER_BUTTON_B))  # results: back to the title
    assert isinstance(app.stack.top, TitleScene)


def test_the_dpad_and_the_left_stick_move_the_focus_and_start_opens_the_pause_menu(app):
    title = app.stack.push(TitleScene())
    app.step([])
    assert title.group.focus == 0
    app.step(press(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    assert title.group.focus == 1
    app.step([stick(pygame.CONTROLLER_AXIS_LEFTY, 30000)])  # pushed down: one step
    app.step([stick(pygame.CONTROLLER_AXIS_LEFTY, 31000)])  # still down: no more
    assert title.group.focus == 2
    app.step([stick(pygame.CONTROLLER_AXIS_LEFTY, 0), stick(pygame.CONTROLLER_AXIS_LEFTY, -30000)])
    assert title.group.focus == 1
    app.step(press(pygame.CONTROLLER_BUTTON_DPAD_UP) + press(pygame.CONTROLLER_BUTTON_A))
    assert isinstance(app.stack.top, SetupScene)
    app.step(press(pygame.CONTROLLER_BUTTON_A))
    race = app.stack.top
    app.step(press(pygame.CONTROLLER_BUTTON_START))
    assert type(app.stack.top).__name__ == "PauseScene"
    app.step(press(pygame.CONTROLLER_BUTTON_START))
    assert app.stack.top is race


def test_the_shoulders_and_the_right_stick_scroll_the_board(app):
    app.stack.push(TitleScene())
    app.step(press(pygame.CONTROLLER_BUTTON_A))
    app.step(press(pygame.CONTROLLER_BUTTON_A))
    race = app.stack.top
    app.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)])
    assert Action.CAMERA_DOWN in race.camera.scroll_keys
    before = list(race.camera.position)
    app.step([], 0.5)
    assert race.camera.manual and race.camera.position != before
    app.step([pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)])
    assert not race.camera.scroll_keys
    app.step([stick(pygame.CONTROLLER_AXIS_RIGHTX, -32768)])
    assert race.camera.scroll_keys == {Action.CAMERA_LEFT}
    app.step([stick(pygame.CONTROLLER_AXIS_RIGHTX, 100)])
    assert not race.camera.scroll_keys
    app.step(press(pygame.CONTROLLER_BUTTON_Y))  # the camera back on the racer
    assert not race.camera.manual


def test_plugging_and_unplugging_a_controller_never_stops_the_game(app):
    app.stack.push(TitleScene())
    app.step([pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7)])  # nothing there: logged
    app.gamepads.held[(3, pygame.CONTROLLER_AXIS_LEFTX)] = "leftx-"
    app.step([pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=3)])
    assert app.running and not app.gamepads.held and isinstance(app.stack.top, TitleScene)


def test_a_button_held_while_the_screen_changes_holds_back_only_itself(app):
    app.stack.push(TitleScene())
    app.step([])
    app.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0)])
    setup = app.stack.top
    assert isinstance(setup, SetupScene)  # A, still held, opened the setup
    before = setup.group.focus
    app.step(press(pygame.CONTROLLER_BUTTON_DPAD_DOWN))  # another button: the new screen takes it
    assert setup.group.focus != before
    app.step([pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_A, instance_id=0)])
    assert app.stack.top is setup  # A's release belonged to the title
