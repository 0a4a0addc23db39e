"""The host's lobby at a large Text size (issue 44): how friends join does not fit whole under the address
and the code, so the card takes two pages, turned with its button by the mouse or the keys (the focus
staying on it); at 100 % the card is one page, as designed."""

from __future__ import annotations

import pygame
import screen_walk
from screen_words import SCREENS

from scenes.screens.title import TitleScene
from scenes.ui.widgets import Button


def lobby_at(look: screen_walk.Look, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = screen_walk.window(look)
    app.stack.reset(TitleScene())
    app.step([])
    SCREENS["host lobby"](app)
    app.step([])
    return app, app.stack.top


def page_button(lobby) -> Button | None:
    return next((w for w in lobby.group.widgets if isinstance(w, Button) and w.action == lobby.reach.turn_page), None)


def test_at_150_percent_the_card_turns_its_page_with_the_keys_and_the_mouse(tmp_path, monkeypatch):
    app, lobby = lobby_at(screen_walk.Look("fr", 150, (1280, 720)), tmp_path, monkeypatch)
    try:
        button = page_button(lobby)
        assert button is not None and lobby.reach.page == 0
        lobby.group.focus_on(button)
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        app.step([enter, pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, scancode=0)])
        assert lobby.reach.page == 1 and lobby.group.focused is page_button(lobby)
        click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=page_button(lobby).rect.center, button=1)
        app.step([click])
        assert lobby.reach.page == 0
    finally:
        app.stack.reset(TitleScene())
        screen_walk.theme.use_text_size(100)
        screen_walk.i18n.set_language("en")


def test_at_100_percent_the_card_is_one_page(tmp_path, monkeypatch):
    app, lobby = lobby_at(screen_walk.Look("en", 100, (1280, 720)), tmp_path, monkeypatch)
    try:
        assert page_button(lobby) is None
    finally:
        app.stack.reset(TitleScene())
