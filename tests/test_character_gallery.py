"""The race setup's gallery of the characters (scenes/screens/character_gallery.py): in French at Text
size 150 % a computer racer's heading ("Personnage du coureur 6 (ordinateur · normal)") is wider than the
gallery, so it takes a second line, who the racer is on a line of his own; the portraits go under it and
stay where they are clicked, and stay in place while the focus goes from racer to racer. At 100 % the
gallery is as designed."""

from __future__ import annotations

import pygame
import pytest
import screen_walk
from screen_walk import Look

from scenes.core import i18n, text, theme
from scenes.screens import character_gallery
from scenes.screens.character_gallery import GALLERY
from scenes.screens.setup import SetupScene


@pytest.fixture
def setup(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = screen_walk.window(Look("fr", 150, (1280, 720)))
    scene = app.stack.push(SetupScene())
    scene.set_count(6)
    app.step([])
    yield scene
    i18n.set_language("en")
    theme.use_text_size(100)


def test_a_computer_racers_heading_on_two_lines_the_portraits_under_it(setup) -> None:
    setup.selected = 5  # (a computer racer)
    setup.app.step([])
    laid = setup.gallery()
    assert laid.heading == ["Personnage du coureur 6", "(ordinateur · normal)"]
    assert all(text.width(line, 21, "bold") <= GALLERY.width - 32 for line in laid.heading)
    below_heading = GALLERY.top + 12 + 2 * text.line_height(21, "bold")
    assert min(rect.top for rect in laid.portraits) >= below_heading
    assert max(rect.bottom for rect in laid.portraits) < laid.card.top and GALLERY.contains(laid.card)
    setup.selected = 0  # (a person: his heading fits on one line, the gallery stays in place)
    assert setup.gallery().portraits == laid.portraits and len(setup.gallery().heading) == 1
    setup.selected = 5
    setup.app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=setup.card_rect(9).center, button=1)])
    assert setup.racers[5]["character"] == "lizardman"


def test_at_100_percent_the_gallery_is_as_designed(setup) -> None:
    i18n.set_language("en")
    theme.use_text_size(100)
    laid = character_gallery.layout(setup.racers, 5)
    assert len(laid.heading) == 1
    assert laid.portraits[0] == pygame.Rect(GALLERY.left + 14, GALLERY.top + 50, 108, 106)
    assert laid.portraits[9] == pygame.Rect(GALLERY.left + 14 + 4 * 114, GALLERY.top + 50 + 114, 108, 106)
    assert laid.card.top == GALLERY.top + 282
