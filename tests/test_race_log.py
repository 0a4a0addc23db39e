"""The race log keeps the whole race: a resumed race's lines are written again from its events, each
game turn's lines are grouped under its heading, the person's own racer's lines are marked, and the
log scrolls by the wheel over it (not the board), Page Up / Page Down and Home / End (a controller's
triggers zoom the board instead)."""

from __future__ import annotations

import random

import pygame
import pytest

from game import Race, RacerSetup
from game.app.settings import Settings
from game.bots.ai import pick
from scenes.app import App
from scenes.core import boards, words
from scenes.race import RaceScene
from tests.test_scenes import key

SETUP = {"board": boards.PRACTICE, "turns": 6, "racers": []}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(animation_speed=4.0, language="en", tutorial_seen=True))


def far_race(turns_played: int = 4) -> Race:
    """A race of a person (Ann, seat 1) and two computer racers, played by bots some game turns in,
    stopped at the person's decision."""
    race = Race.new(
        boards.practice_board(),
        [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "greedy"), RacerSetup("dwarf", "Cy", "greedy")],
        turns=6,
        seed=4,
    )
    rng = random.Random(4)
    while race.pending is not None and (race.turn <= turns_played or race.racers[race.pending.racer].setup.bot):
        race.choose(pick(race, race.pending, "greedy", rng))
    return race


def resumed(app, turns_played: int = 4) -> RaceScene:
    """The race as the title's Resume gives it back: rebuilt from its record."""
    race = Race.from_dict(far_race(turns_played).to_dict())
    scene = app.stack.push(RaceScene(race, SETUP))
    app.step([], 1 / 30)
    return scene


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_a_resumed_race_holds_every_line_of_the_race_from_its_first_turn(app):
    scene = resumed(app)
    race = scene.race
    said = [line for line in (words.describe(event, race) for event in race.log) if line]
    assert scene.playback.log.texts() == said and len(said) > 100  # every line, none dropped
    headings = [line.text for line in scene.playback.log if line.kind == "turn"]
    assert headings[0] == "— Game turn 1 of 6 —" and len(headings) == race.turn
    app.step([key(pygame.K_HOME)], 1 / 30)  # the first line of the race is there, at the top
    log = scene.playback.log
    assert log.scroll == log.most() > 0
    assert log.shown()[0].line.text == "— Game turn 1 of 6 —"


def test_each_game_turns_lines_are_grouped_and_the_persons_racer_lines_marked(app):
    scene = resumed(app, turns_played=2)
    lines = list(scene.playback.log)
    turn = 0
    for line in lines:
        if line.kind == "turn":
            turn += 1
        assert line.turn == turn  # each line belongs to the game turn whose heading is above it
    ann = 0  # her seat: her lines are drawn in her colour and shape
    marked = [line.text for line in lines if line.mark == ann]
    assert marked and all("Ann" in text for text in marked)  # her lines, and only hers
    assert not any(line.mark is not None and "Ann" not in line.text for line in lines)
    assert any(line.mark is None and line.text.startswith("Bo ") for line in lines)  # a computer racer's: not marked
    openers = [line for line in lines if line.kind == "racer"]
    assert {line.racer for line in openers} == {0, 1, 2}  # each racer's turn opens with his own line


def test_the_wheel_over_the_log_scrolls_the_log_and_over_the_board_the_board(app):
    scene = resumed(app)
    log, camera = scene.playback.log, scene.camera
    app.step([motion(log.rect.center), wheel(1)], 1 / 30)
    assert log.scroll == 3 and not camera.manual  # (the wheel moving the board makes the camera the player's)
    app.step([wheel(-1)], 1 / 30)
    assert log.scroll == 0
    app.step([motion(scene.view.center), wheel(1)], 1 / 30)
    assert log.scroll == 0 and camera.manual


def test_page_up_page_down_home_and_end_scroll_the_log_and_new_lines_keep_it_still(app):
    scene = resumed(app)
    log = scene.playback.log
    page = log.visible() - 2
    app.step([key(pygame.K_PAGEUP), pygame.event.Event(pygame.KEYUP, key=pygame.K_PAGEUP, mod=0)], 1 / 30)
    assert log.scroll == page
    top_row = log.shown()[0]
    app.step([key(pygame.K_PAGEDOWN), pygame.event.Event(pygame.KEYUP, key=pygame.K_PAGEDOWN, mod=0)], 1 / 30)
    assert log.scroll == 0
    app.step([key(pygame.K_HOME)], 1 / 30)
    assert log.scroll == log.most()
    app.step([key(pygame.K_END)], 1 / 30)
    assert log.scroll == 0
    # scrolled up, the lines in view stay while the race goes on
    app.step([key(pygame.K_PAGEUP), pygame.event.Event(pygame.KEYUP, key=pygame.K_PAGEUP, mod=0)], 1 / 30)
    before = len(log)
    for _ in range(600):
        if len(log) > before + 3 and not scene.busy:
            break
        app.step([key(pygame.K_RETURN)] if scene.panel is not None else [], 1 / 30)
    assert len(log) > before
    assert log.shown()[0] == top_row


def test_a_held_page_key_keeps_scrolling_and_a_controllers_triggers_zoom_the_board_not_the_log(app):
    scene = resumed(app)
    log = scene.playback.log
    app.step([key(pygame.K_PAGEUP)], 1 / 30)
    first = log.scroll
    assert first == log.visible() - 2
    for _ in range(30):  # held for a second: it goes on scrolling
        app.step([], 1 / 30)
    assert log.scroll > first
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_PAGEUP, mod=0)], 1 / 30)
    held = log.scroll
    for _ in range(10):
        app.step([], 1 / 30)
    assert log.scroll == held  # let go: it stops
    scene.camera.settle()
    scale = scene.camera.scale
    for axis, way in ((pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 1), (pygame.CONTROLLER_AXIS_TRIGGERLEFT, -1)):
        pull = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=30000, instance_id=0)
        release = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=0, instance_id=0)
        app.step([pull], 1 / 30)
        app.step([release], 1 / 30)
        scene.camera.settle()
        assert (scene.camera.scale - scale) * way > 0, "the right trigger zooms in, the left one out"
        assert log.scroll == held, "the log stays where it was"
        scale = scene.camera.scale
