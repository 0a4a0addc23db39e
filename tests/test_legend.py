"""The legend: every kind of square and object, drawn with the board's own tiles, opened from a race."""

from __future__ import annotations

import pygame
import pytest

from game import Board
from game.app.settings import Settings
from scenes.app import App
from scenes.race import RaceScene, hud
from scenes.screens.legend import KINDS, LegendScene, example_square
from tests.test_scenes import key, practice_setup


@pytest.fixture
def race_scene(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(settings=Settings(animation_speed=4.0, language="en"))
    from scenes.screens.setup import start_race

    start_race(
        app.stack,
        {**practice_setup([("elf", "Ann", None), ("orc", "Bo", "greedy")], turns=5), "board": "maps/mine.tmx"},
    )
    app.step([])
    return app, app.stack.top


def test_l_opens_the_legend_over_the_race_and_any_key_closes_it(race_scene):
    app, scene = race_scene
    assert isinstance(scene, RaceScene)
    app.step([key(pygame.K_l)])
    legend = app.stack.top
    assert isinstance(legend, LegendScene) and not legend.opaque
    assert [kind for kind, _, _ in legend.entries] == list(KINDS)
    app.step([key(pygame.K_ESCAPE)])
    assert app.stack.top is scene


def test_the_top_bars_button_opens_the_legend(race_scene):
    app, scene = race_scene
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hud.legend_button().center, button=1)])
    assert isinstance(app.stack.top, LegendScene)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)])
    assert app.stack.top is scene


def test_each_kind_on_the_board_is_drawn_with_the_boards_own_tile(race_scene):
    app, scene = race_scene
    legend = LegendScene(scene.renderer)
    board = scene.race.board
    for kind, picture, own in legend.entries:
        assert picture.get_size() == (52, 52)
        square = example_square(board, kind, scene.renderer.taken | scene.renderer.destroyed)
        assert own == (square is not None and kind not in ("trap", "poo")), kind
        if own:
            cut = scene.renderer.surface.subsurface(scene.renderer.square_rect(square))
            assert pygame.transform.smoothscale(cut, (52, 52)).get_at((26, 26)) == picture.get_at((26, 26)), kind
    assert {kind for kind, _, own in legend.entries if own} >= {"floor", "barrier", "rock", "hole", "chest"}


def test_a_kind_the_board_lacks_is_drawn_as_the_game_draws_it_and_said_absent(race_scene):
    from scenes.render.board import BoardRenderer

    board = Board.from_text("\n".join(["..1.2..."] + ["........"] * 14 + ["...#...."]))
    assert example_square(board, "rock") is None and example_square(board, "barrier") is not None
    legend = LegendScene(BoardRenderer(board, 32))
    own = {kind: flag for kind, _, flag in legend.entries}
    assert own["barrier"] and own["floor"] and not own["rock"] and not own["chest"]
