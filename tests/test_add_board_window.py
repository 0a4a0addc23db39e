"""Boards dropped on the window: added as `add-board` adds them, the card saying what happened, the
setup listing them at once; a hostile pack refused with its sentence and the boards folder unchanged."""

from __future__ import annotations

import pygame
import pytest

from game.app import userboards
from game.app.settings import Settings
from scenes.app import App
from scenes.screens.dropped import DroppedScene
from tests.test_add_board import BROKEN, a_board, folder_state, pack, two_boards_pack
from tests.test_maps_support import write_board


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def drop(path) -> pygame.event.Event:
    return pygame.event.Event(pygame.DROPFILE, file=str(path))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(language="en"))


def test_a_pack_dropped_on_the_title_adds_its_boards_and_race_on_it_opens_the_setup_on_the_first(app, tmp_path):
    app.stack.push(app.stack.make("title"))
    app.step([drop(two_boards_pack(tmp_path))], 1 / 30)
    card = app.stack.top
    assert isinstance(card, DroppedScene) and [name for _, name in card.outcome.added] == ["Red Canyon", "Salt Flats"]
    lines = [line for line, _ in card.lines()]
    assert lines[0] == "Added \u201cRed Canyon\u201d to your boards folder (canyon.tmx)."
    assert (userboards.folder() / "canyon.tmx").exists() and (userboards.folder() / "salt.tmx").exists()
    app.step([key(pygame.K_RETURN)], 1 / 30)  # Race on it (focused first)
    setup = app.stack.top
    assert type(setup).__name__ == "SetupScene"
    assert setup.choices[setup.board_index].ref == str(userboards.folder() / "canyon.tmx")
    assert setup.board_label(setup.board_index) == "Red Canyon (your board)"


def test_a_board_dropped_on_the_setup_is_listed_at_once_and_the_choice_kept(app, tmp_path):
    setup = app.stack.push(app.stack.make("setup"))
    chosen = setup.choices[setup.board_index].ref
    app.step([drop(a_board(tmp_path / "mine", "canyon", "Red Canyon"))], 1 / 30)
    app.step([key(pygame.K_RIGHT), key(pygame.K_RETURN)], 1 / 30)  # OK
    assert app.stack.top is setup and setup.choices[setup.board_index].ref == chosen
    assert str(userboards.folder() / "canyon.tmx") in [c.ref for c in setup.choices]


@pytest.mark.parametrize("hostile", ["a link", "a path out", "a bomb", "a bad board"])
def test_a_hostile_drop_is_refused_with_one_sentence_and_the_folder_unchanged(app, tmp_path, hostile):
    good = a_board(tmp_path / "made", "salt", "Salt Flats")
    files = {
        "a link": pack(tmp_path / "p.zip", {"salt.tmx": good, "x.tsx": b"/etc"}, links=("x.tsx",)),
        "a path out": pack(tmp_path / "p.zip", {"salt.tmx": good, "../../x.tmx": good}),
        "a bomb": pack(tmp_path / "p.zip", {"salt.tmx": good, "big.png": bytes(12 << 20)}),
        "a bad board": a_board(tmp_path / "bad", "broken", "Broken", edit=BROKEN),
    }
    before = folder_state(userboards.folder())
    app.step([drop(files[hostile])], 1 / 30)
    card = app.stack.top
    assert isinstance(card, DroppedScene) and not card.outcome.added and len(card.outcome.refused) == 1
    assert folder_state(userboards.folder()) == before
    assert len(card.group.widgets) == 1  # OK only: nothing to race on
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert not isinstance(app.stack.top, DroppedScene)


def test_the_card_says_what_was_refused_in_the_player_s_language(tmp_path, monkeypatch):
    from scenes.core import i18n

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(settings=Settings(language="fr"))
    i18n.set_language("fr")
    try:
        french = write_board(tmp_path / "fr", "salt", properties={"name": "Salt Flats", "name.fr": "Les Salines"})
        app.step([drop(french)], 1 / 30)
        assert app.stack.top.lines()[0][0] == "« Les Salines » ajouté à votre dossier de plateaux (salt.tmx)."
        app.step([key(pygame.K_ESCAPE)], 1 / 30)
        good = a_board(tmp_path / "made", "salt", "Salt Flats")
        app.step([drop(pack(tmp_path / "p.zip", {"salt.tmx": good, "x.tsx": b"/etc"}, links=("x.tsx",)))], 1 / 30)
        card = app.stack.top
        lines = [line for line, _ in card.lines()]
        assert lines[0] == "p.zip : refusé : son entrée 'x.tsx' est un lien, ce qu'un paquet ne peut pas contenir."
        assert lines[1].startswith("Votre dossier de plateaux : ")
    finally:
        i18n.set_language("en")


def test_a_dropped_board_failing_its_check_is_explained_in_the_player_s_language(tmp_path, monkeypatch):
    from scenes.core import i18n

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(settings=Settings(language="fr"))
    i18n.set_language("fr")
    try:
        bad = write_board(
            tmp_path / "bad", "tiles", edit=lambda xml: xml.replace('tilewidth="32"', 'tilewidth="16"', 1)
        )
        app.step([drop(bad)], 1 / 30)
        card = app.stack.top
        assert isinstance(card, DroppedScene) and not card.outcome.added
        assert card.lines()[0][0] == (
            "tiles.tmx : refusé : les tuiles font 16x32 pixels ; un plateau a besoin de tuiles carrées."
        )
        assert userboards.board_files(userboards.prepare()) == []
    finally:
        i18n.set_language("en")
