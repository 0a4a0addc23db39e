"""All boards as pictures: the setup's gallery, chosen with the keys or the mouse, the player's own marked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.app import userboards
from game.app.settings import Settings
from scenes.app import App
from scenes.core import boards
from scenes.screens.board_gallery import BoardGalleryScene
from tests.test_maps_support import MAPS


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def release(k):
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


@pytest.fixture
def setup(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(settings=Settings(language="en"))
    shutil.copy(MAPS / "hoard.tmx", userboards.prepare() / "my-hoard.tmx")
    scene = app.stack.push(app.stack.make("setup"))
    app.step([], 1 / 30)
    return scene


def test_all_boards_shows_every_board_of_the_setup_and_enter_chooses_the_focused_one(setup):
    app = setup.app
    setup.open_gallery()
    gallery = app.stack.top
    assert isinstance(gallery, BoardGalleryScene) and gallery.choices == setup.choices
    assert gallery.focus == setup.board_index
    start = gallery.focus
    app.step([key(pygame.K_RIGHT), key(pygame.K_DOWN)], 1 / 30)
    assert gallery.focus == min(len(gallery.choices) - 1, start + 1 + gallery.columns())
    wanted = gallery.focus
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert app.stack.top is setup and setup.board_index == wanted


def test_escape_leaves_the_board_as_it_was(setup):
    app, before = setup.app, setup.board_index
    setup.open_gallery()
    app.step([key(pygame.K_LEFT), key(pygame.K_ESCAPE)], 1 / 30)
    assert app.stack.top is setup and setup.board_index == before


def test_a_click_on_a_card_chooses_its_board_and_the_player_s_own_is_marked(setup):
    app = setup.app
    setup.open_gallery()
    gallery = app.stack.top
    yours = next(i for i, c in enumerate(gallery.choices) if c.origin == boards.YOURS)
    assert Path(gallery.choices[yours].ref).name == "my-hoard.tmx"
    gallery.show(yours)
    app.step([], 1 / 30)  # drawn: the card says "your board"
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=gallery.rect(yours).center)
    gallery.handle_event(click)
    assert app.stack.top is setup and setup.board_index == yours
    assert setup.board_label(yours) == "Dragon's Hoard (your board)"


def test_after_a_board_is_chosen_in_the_gallery_enter_starts_the_race_as_the_footer_says(setup):
    app = setup.app
    button = next(w for w in setup.group.widgets if getattr(w, "label", "") == "All boards")
    setup.group.focus_on(button)
    app.step([key(pygame.K_RETURN), release(pygame.K_RETURN)], 1 / 30)
    gallery = app.stack.top
    assert isinstance(gallery, BoardGalleryScene)
    app.step([key(pygame.K_RIGHT)], 1 / 30)
    app.step([key(pygame.K_RETURN), release(pygame.K_RETURN)], 1 / 30)
    assert app.stack.top is setup and setup.group.focused is setup.start_button
    app.step([key(pygame.K_RETURN), release(pygame.K_RETURN)], 1 / 30)
    assert type(app.stack.top).__name__ == "RaceScene", "Enter started the race, not the gallery again"
