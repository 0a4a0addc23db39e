"""The setup's character card whole (scenes/screens/character_sheet.py): *Whole card…* on the card opens
it with the mouse and with the keys, for the selected racer's character; Escape or Back closes it."""

from __future__ import annotations

import pygame
import pytest

from game.app.settings import Settings
from scenes.app import App
from scenes.screens.character_sheet import CharacterSheetScene
from scenes.screens.setup import SetupScene
from scenes.ui.widgets import Button


def key(k):
    """A key pressed, then released, as a real keyboard gives them."""
    down = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    return down, pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(animation_speed=4.0, tutorial_seen=True))


def whole_card(setup: SetupScene) -> Button:
    return next(w for w in setup.group.widgets if isinstance(w, Button) and w.action == setup.whole_card)


def test_whole_card_opens_with_a_click_on_the_selected_racers_character_and_closes_with_escape(app):
    setup = app.stack.push(SetupScene())
    app.step([])
    setup.selected = 1
    button = whole_card(setup)
    assert setup.character_box().contains(button.rect)  # (on the card)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
    sheet = app.stack.top
    assert isinstance(sheet, CharacterSheetScene) and sheet.character == setup.racers[1]["character"]
    app.step([*key(pygame.K_ESCAPE)])
    assert app.stack.top is setup


def test_whole_card_is_reached_with_the_keys_from_start_and_back_closes_it(app):
    setup = app.stack.push(SetupScene())
    app.step([])
    assert setup.group.focused.label == "Start the race"
    for _ in range(3):  # Down: the boards folder, all boards, then the card's button (portraits are clicked)
        app.step([*key(pygame.K_DOWN)])
    assert setup.group.focused is whole_card(setup)
    app.step([*key(pygame.K_RETURN)])
    sheet = app.stack.top
    assert isinstance(sheet, CharacterSheetScene)
    app.step([*key(pygame.K_RETURN)])  # (its one button, Back, focused)
    assert app.stack.top is setup
