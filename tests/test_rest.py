"""A frame that rests (scenes/app.py): a still screen is not drawn again until something changes;
an input, another screen or an animation draws at once; a waiting race rests only while its player
thinks. (The CPU it saves is measured by benchmarks/idle.py, never here.)"""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import Race, RacerSetup, load_board  # noqa: E402
from scenes.app import App, first_scene, waited  # noqa: E402
from scenes.race import RaceScene  # noqa: E402
from scenes.race.drawing import ring_changes, ring_pulse  # noqa: E402
from scenes.ui.text_field import TextField  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    from game.app.settings import Settings

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(settings=Settings(animation_speed=4.0, language="en", tutorial_seen=True))
    app.stack.push(first_scene(app, None))
    app.step([])
    yield app
    app.stack.close()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_a_still_title_is_not_drawn_again_until_an_input_comes(app):
    assert app.stack.rest() == math.inf
    drawn = app.frames
    for _ in range(5):
        app.step([], 0.1, still=True)
    assert app.frames == drawn
    app.step([key(pygame.K_DOWN)], 0.1, still=True)
    assert app.frames == drawn + 1


def test_another_screen_is_drawn_at_once_even_from_a_rest(app, monkeypatch):
    title, drawn = app.stack.top, app.frames
    monkeypatch.setattr(title, "update", lambda dt: title.stack.push(title.stack.make("setup")))
    app.step([], 0.1, still=True)  # (a message, a clock: the screen changed in its update)
    assert app.stack.top is not title and app.frames == drawn + 1


def test_the_setup_rests_until_its_name_fields_caret_blinks(app):
    setup = app.stack.push(app.stack.make("setup"))
    app.step([])
    fields = [w for w in setup.group.widgets if isinstance(w, TextField)]
    assert fields
    setup.group.focus_on(fields[0])
    assert 0 < app.stack.rest() <= 0.5
    setup.group.focus_on(next(w for w in setup.group.widgets if not isinstance(w, TextField)))
    assert app.stack.rest() == math.inf


def test_a_race_rests_only_while_its_player_thinks_and_not_while_it_animates(app):
    board = "maps/meadow.tmx"
    setups = [RacerSetup("elf", "Ann"), RacerSetup("orc", bot="greedy")]
    scene = app.stack.push(RaceScene(Race.new(load_board(board), setups, seed=7), {"board": board}))
    app.step([], 1 / 30)
    assert scene.busy and app.stack.rest() is None  # the first turn's dice and moves play
    for _ in range(900):
        if scene.panel is not None and not scene.busy and app.stack.rest() is not None:
            break
        app.step([], 1 / 30)
    rest = app.stack.rest()
    assert scene.panel is not None and rest is not None and 0 < rest <= 0.5
    scene.camera.scroll_keys.add(pygame.K_d)  # the player scrolls the board: every frame drawn
    assert app.stack.rest() is None
    scene.camera.scroll_keys.clear()
    scene.playback.log._held[pygame.K_PAGEUP] = 0.0  # a Page key held: the log scrolls on
    assert app.stack.rest() is None


def test_the_acting_racers_ring_changes_exactly_when_the_rest_says():
    for clock in (0.01, 0.1, 0.26, 0.5, 0.74, 0.9, 3.3):
        wait = ring_changes(clock)
        assert 0 < wait <= 0.5
        assert ring_pulse(clock + wait - 0.001) == ring_pulse(clock)  # unchanged till then
        assert ring_pulse(clock + wait + 0.001) != ring_pulse(clock + wait - 0.001)  # changed just after


def test_a_rest_ends_with_the_first_input_and_takes_all_that_came(app):
    pygame.event.clear()  # (the window's own events of its opening)
    assert waited(0.001) == []
    pygame.event.post(key(pygame.K_a))
    pygame.event.post(key(pygame.K_b))
    got = waited(5.0)  # (returns at once: the events are there)
    assert [e.key for e in got if e.type == pygame.KEYDOWN] == [pygame.K_a, pygame.K_b]
