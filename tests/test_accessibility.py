"""The accessibility options are offered on the first start, before the guided race, and from the pause
menu: Colour vision, Flashes, Motion, Text size and the Controls; each applies at once, is saved, and is used
again after a restart."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app import session
from game.app.settings import Settings
from scenes.app import App
from scenes.core import assets, theme
from scenes.screens.controls_screen import ControlsScene
from scenes.screens.pause import PauseScene
from scenes.screens.settings import SettingsScene
from scenes.screens.title import TitleScene


@pytest.fixture(autouse=True)
def normal_theme():
    yield
    theme.use_palette("normal")
    theme.use_effects("full", "full")
    theme.use_text_size(100)


def key(k: int, unicode: str = "") -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0),
        pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0),
    ]


def labels(scene) -> list[str]:
    return [getattr(w, "label", "") for w in scene.group.widgets]


def test_the_first_start_offers_accessibility_right_after_learn_to_play(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(language="en"))
    title = app.stack.push(TitleScene())
    app.step([])
    assert labels(title)[:3] == ["Learn to play", "Accessibility…", "Play"] and title.group.focus == 0
    app.step(key(pygame.K_DOWN) + key(pygame.K_RETURN, "\r"))
    page = app.stack.top
    assert isinstance(page, SettingsScene) and page.page == "access"
    assert labels(page)[:3] == ["Colour vision", "Flashes", "Motion"]
    assert labels(page)[-2:] == ["Controls…", "Back"]
    for _ in range(2):  # Colour vision: normal -> red-green -> blue-yellow
        app.step(key(pygame.K_RIGHT))
    assert theme.palette() == "blue_yellow"  # at once
    app.step(key(pygame.K_DOWN) + key(pygame.K_RIGHT))  # Flashes: reduced
    app.step(key(pygame.K_DOWN) + key(pygame.K_RIGHT))  # Motion: reduced
    assert theme.calm_flashes() and theme.calm_motion()
    saved = json.loads((tmp_path / "fantasy-racing" / "settings.json").read_text())
    assert (saved["colour_vision"], saved["flashes"], saved["motion"]) == ("blue_yellow", "reduced", "reduced")
    page.group.focus = len(page.group.widgets) - 2
    app.step(key(pygame.K_RETURN, "\r"))
    assert isinstance(app.stack.top, ControlsScene)
    theme.use_palette("normal")
    theme.use_effects("full", "full")
    App(settings=Settings.load(session.FOLDER))  # a restart
    assert theme.palette() == "blue_yellow" and theme.calm_flashes() and theme.calm_motion()


def test_the_pause_menu_opens_the_accessibility_settings_and_back(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(language="fr", tutorial_seen=True))
    app.stack.push(TitleScene())
    pause = app.stack.push(PauseScene(lambda: None))
    app.step([])
    assert "Accessibilité…" in labels(pause)
    pause.group.focus = labels(pause).index("Accessibilité…")
    app.step(key(pygame.K_RETURN, "\r"))
    assert isinstance(app.stack.top, SettingsScene) and app.stack.top.page == "access"
    app.step(key(pygame.K_ESCAPE, "\x1b"))
    assert app.stack.top is pause


def test_the_text_size_grows_every_word_at_once_lays_the_page_out_again_and_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(language="en"))
    app.stack.push(TitleScene())
    page = app.stack.push(SettingsScene("access"))
    app.step([])
    line = labels(page).index("Text size")
    tall = page.group.widgets[line].rect.height
    body = assets.font(20).get_linesize()
    page.group.focus = line
    for _ in range(5):  # 100 -> 115 -> 125 -> 150 %, and Right stops there
        app.step(key(pygame.K_RIGHT))
    assert theme.text_scale() == 1.5 and assets.font(20).get_linesize() > 1.4 * body  # at once, every font
    assert assets.font(60).get_height() == assets.sized_font(60).get_height()  # (a title already large keeps its size)
    page = app.stack.top
    assert page.group.widgets[line].rect.height > tall  # the page measured again from its words
    assert page.group.focus == line  # still on its line
    saved = json.loads((tmp_path / "fantasy-racing" / "settings.json").read_text())
    assert saved["text_size"] == 150
    theme.use_text_size(100)
    again = App(settings=Settings.load(session.FOLDER))  # read back after a restart
    assert again.settings.text_size == 150 and theme.text_scale() == 1.5
