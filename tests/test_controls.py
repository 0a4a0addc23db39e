"""The input map: every action named once with its keys, mouse buttons and controller buttons
(game/app/controls.py); Settings > Controls rebinds any of them, refuses a clash, and the bindings are
saved, read back after a restart, used by every screen and named by the hints."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app import controls as table
from game.app import session
from game.app.controls import ACTIONS, Action, bound, find_clash, read_controls, rebind
from game.app.settings import Settings
from scenes.app import App
from scenes.core import controls, gamepad, i18n
from scenes.core.i18n import t
from scenes.race import RaceScene
from scenes.screens.controls_screen import LIST, SHOWN, ControlsScene
from scenes.screens.results import ResultsScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene


@pytest.fixture(autouse=True)
def default_bindings():
    yield
    controls.use({})
    controls.note(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    i18n.set_language("en")


def key(k: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


def letter(char: str) -> pygame.event.Event:
    return key(pygame.key.key_code(char), char)


def tap(char: str) -> list[pygame.event.Event]:
    """A letter's key pressed and let go (a key still held when the screen changes never reaches the next)."""
    down = letter(char)
    return [down, pygame.event.Event(pygame.KEYUP, key=down.key, mod=0, unicode="", scancode=0)]


# ---------------------------------------------------------------- the table
def test_the_default_bindings_never_clash_and_are_all_valid():
    pygame.init()
    assert find_clash(bound({})) is None
    assert len({row.action for row in ACTIONS}) == len(ACTIONS) == len(Action)
    for row in ACTIONS:
        assert row.places, row.action
        for binding in row.defaults():
            assert table.bindings_problem(binding) is None, binding
            if binding.startswith("key:"):
                pygame.key.key_code(binding[4:])  # a name SDL knows (raises otherwise)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_action_and_binding_has_its_words_in_both_languages(language):
    book = i18n.catalogue(language)
    for row in ACTIONS:
        assert f"action.{row.action.value}" in book
        for binding in row.defaults():
            kind, _, name = binding.partition(":")
            said = kind == "key" and (len(name) == 1 or name[0] == "f" and name[1:].isdigit())  # "U", "F1"
            assert said or f"{kind}.{name}" in book, binding


def test_a_clash_is_refused_and_names_the_action_that_has_the_key():
    changed, clash = rebind({}, Action.UNDO, "key:l")
    assert clash is Action.LEGEND and changed == {}
    changed, clash = rebind({}, Action.UNDO, "key:z")
    assert clash is None and changed == {"undo": ["key:z", "pad:b"]}
    changed, clash = rebind(changed, Action.UNDO, "mouse:2")  # a mouse button: its keys kept
    assert clash is None and changed == {"undo": ["mouse:2", "key:z", "pad:b"]}
    changed, clash = rebind({}, Action.LEGEND, "key:l")  # its own default again: nothing kept
    assert clash is None and changed == {}
    changed, clash = rebind({}, Action.PLAY_PAUSE, "key:escape")  # the replay's: Escape is not taken there...
    assert clash is Action.BACK  # ... it is: the replay's Back


@pytest.mark.parametrize(
    "value, phrase",
    [
        ([], "controls is a list, not an object: reset"),
        ({"fly": ["key:f"]}, "controls.fly is not an action of this game: forgotten"),
        ({"undo": "key:z"}, "controls.undo is a text, not a list of at most 8 keys: forgotten"),
        ({"undo": ["key:Z"]}, "a binding of controls.undo 'key:Z' is not a key, a mouse button"),
        ({"undo": ["mouse:1"]}, "a binding of controls.undo 'mouse:1' is not a key"),
        ({"undo": ["pad:q"]}, "a binding of controls.undo 'pad:q' is not a key"),
        ({"undo": ["key:l"]}, "controls bind key:l to both undo and legend: reset"),
    ],
)
def test_bad_bindings_in_the_settings_file_are_forgotten_with_one_phrase(value, phrase):
    kept, fixes = read_controls(value)
    assert any(fix.startswith(phrase) for fix in fixes), fixes
    assert find_clash(bound(kept)) is None


# ---------------------------------------------------------------- the screen, a restart, a race
def rebind_on_screen(app: App, action: Action, binding_keys: list[pygame.event.Event], use: pygame.event.Event):
    """Focus `action`'s row of Settings > Controls, press `use` (the confirm key now) and the new keys."""
    screen = app.stack.top
    assert isinstance(screen, ControlsScene)
    row = next(r for r in screen.rows if r.action is action)
    screen.group.focus_on(row)
    app.step([use])
    assert screen.waiting is row
    for each in binding_keys:
        app.step([each])
    return screen


@pytest.mark.slow  # a whole race
def test_confirm_and_undo_rebound_are_saved_read_back_after_a_restart_and_play_a_whole_race(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(animation_speed=4.0, language="en", tutorial_seen=True))
    app.stack.push(TitleScene())
    app.stack.push(ControlsScene())
    app.step([])
    screen = rebind_on_screen(app, Action.CONFIRM, [letter("j")], key(pygame.K_RETURN))
    assert "J" in screen.message and screen.waiting is None
    screen = rebind_on_screen(app, Action.UNDO, [letter("l")], letter("j"))  # L: the legend's in a race
    assert screen.message_bad and "Legend" in screen.message and screen.waiting is not None  # refused
    app.step([letter("z")])
    assert not screen.message_bad and screen.waiting is None
    saved = json.loads((tmp_path / "fantasy-racing" / "settings.json").read_text())
    assert saved["controls"] == {"confirm": ["key:j", "pad:a"], "undo": ["key:z", "pad:b"]}
    assert t("dec.validate") == "Validate (J)" and t("undo.button") == "Undo (Z)"  # the hints say so
    i18n.set_language("fr")
    assert t("undo.button") == "Annuler (Z)" and t("tutorial.go_on").startswith("J : continuer")
    controls.note(gamepad.pad_event(pygame.KEYDOWN, "dpdown"))
    assert t("undo.button") == "Annuler (B)"  # a controller in use: its buttons
    i18n.set_language("en")
    app.quit()

    controls.use({})  # (a restart: the bindings come from the file)
    app = App(settings=Settings.load(session.FOLDER))
    assert app.settings.controls == saved["controls"]
    app.stack.push(TitleScene())
    app.step([])
    app.step([key(pygame.K_RETURN, "\r")])  # Enter is no longer confirm
    assert isinstance(app.stack.top, TitleScene)
    app.step(tap("j"))  # title: Play
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.group.focus_on(setup.group.widgets[1])
    for _ in range(11):  # the fewest turns: 5
        if setup.turns == 5:
            break
        app.step([key(pygame.K_LEFT)])
    app.step(tap("j"))  # J starts the race from a field
    scene = app.stack.top
    assert isinstance(scene, RaceScene)
    taken_back = 0
    for _ in range(20000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if scene.panel is not None and not scene.busy and taken_back == 0 and scene.can_take_back():
            before = len(scene.race.choices)
            app.step([key(pygame.K_u, "u")])  # U is no longer undo
            assert len(scene.race.choices) == before
            app.step(tap("z"))
            assert len(scene.race.choices) < before  # Z took the choice back
            taken_back += 1
            continue
        app.step(tap("j"), 1 / 30)  # choose the focused option, or skip an animation
    assert isinstance(app.stack.top, ResultsScene), "the race never ended"
    assert scene.race.over and taken_back == 1


def test_restore_defaults_brings_every_key_back(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(language="en", controls={"undo": ["key:z"]}))
    assert controls.bindings(Action.UNDO) == ("key:z",)
    screen = app.stack.push(ControlsScene())
    app.step([])
    screen.group.focus_on(screen.restore_button)
    app.step([key(pygame.K_RETURN, "\r")])
    assert app.settings.controls == {} and controls.bindings(Action.UNDO) == ("key:u", "key:backspace", "pad:b")
    assert json.loads((tmp_path / "fantasy-racing" / "settings.json").read_text())["controls"] == {}


def test_delete_brings_one_actions_defaults_back_unless_another_took_one_of_them(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(language="en", controls={"undo": ["key:z", "pad:b"], "legend": ["key:u", "pad:x"]}))
    screen = app.stack.push(ControlsScene())
    app.step([])
    undo = next(r for r in screen.rows if r.action is Action.UNDO)
    legend = next(r for r in screen.rows if r.action is Action.LEGEND)
    screen.group.focus_on(undo)
    app.step([key(pygame.K_DELETE)])
    assert screen.message_bad and "Legend" in screen.message  # its default U is the legend's now: refused
    assert controls.bindings(Action.UNDO) == ("key:z", "pad:b")
    screen.group.focus_on(legend)
    app.step([key(pygame.K_DELETE)])
    screen.group.focus_on(undo)
    app.step([key(pygame.K_DELETE)])
    assert not screen.message_bad and app.settings.controls == {}
    assert controls.bindings(Action.UNDO) == ("key:u", "key:backspace", "pad:b")


def test_the_wheel_scrolls_the_list_of_actions_and_a_row_focused_comes_back_on_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(language="en"))
    screen = app.stack.push(ControlsScene())
    app.step([])
    assert len(screen.rows) > SHOWN
    screen.group.focus_on(screen.back_button)  # (a row focused keeps itself on screen)

    def wheel(notches: int) -> None:
        app.step(
            [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=notches)]
        )

    wheel(-2)
    assert screen.first == 2 and screen.rows[2].rect.top == LIST.top and screen.rows[0].rect.top == -1000
    wheel(-1000)
    assert screen.first == len(screen.rows) - SHOWN and screen.rows[-1].rect.top >= LIST.top
    wheel(5)
    assert screen.first == len(screen.rows) - SHOWN - 5
    screen.group.focus_on(screen.rows[0])
    app.step([key(pygame.K_DOWN), key(pygame.K_UP)])  # the focus moves: its row is brought on screen
    assert screen.group.focused is screen.rows[0] and screen.first == 0 and screen.rows[0].rect.top == LIST.top


def test_the_quick_messages_key_is_an_action_the_player_rebinds_and_the_say_button_names_it():
    from types import SimpleNamespace

    from scenes.race import quick

    pygame.init()
    race = SimpleNamespace(seats=SimpleNamespace(talks=True))  # a network race's scene, as quick reads it
    assert quick.asks(race, letter("q")) and t("say.button") == "Say… (Q)"
    controls.use({"quick_messages": ["key:t"]})
    assert quick.asks(race, letter("t")) and not quick.asks(race, letter("q"))
    assert t("say.button") == "Say… (T)"
    assert not quick.asks(SimpleNamespace(seats=SimpleNamespace(talks=False)), letter("t"))  # no network race


def test_the_say_button_stands_on_the_race_logs_heading_wherever_it_is_and_folds_away_with_it():
    from types import SimpleNamespace

    import pygame

    from scenes.race import quick

    def click(pos):
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)

    for log in (pygame.Rect(872, 200, 400, 300), pygame.Rect(1512, 480, 400, 590)):  # (1280x720, 1920x1080)
        scene = SimpleNamespace(seats=SimpleNamespace(talks=True), folded=False, log_box=log)
        button = quick.say_button(scene)
        assert button is not None and log.contains(button) and button.top < log.top + 40  # on its heading
        assert quick.asks(scene, click(button.center)) and not quick.asks(scene, click((log.left + 5, log.top + 5)))
        scene.folded = True  # the cards and the log folded away: nothing answers where the button was
        assert quick.say_button(scene) is None and not quick.asks(scene, click(button.center))
    assert quick.say_button(SimpleNamespace(seats=SimpleNamespace(talks=True), folded=False, log_box=None)) is None


def test_a_click_on_the_visible_lower_arrow_lowers_even_when_a_long_label_pushed_it_past_the_middle():
    from scenes.core import text, theme
    from scenes.ui.widgets import Choice

    theme.use_text_size(150)
    try:
        chosen: list[int] = []
        field = Choice((100, 100, 420, 44), "Courses du championnat", [1, 2, 3, 4, 5], 2, chosen.append)
        surface = pygame.Surface((800, 300))
        field.draw(surface, True)
        lower, higher = field.arrows_x()
        assert lower > field.rect.centerx, "the long label pushed '<' into the right half (the case found)"
        assert lower == field.rect.left + 14 + text.width(field.label, field.size - 2) + 6 + 16
        field.click((lower, field.rect.centery))
        assert chosen == [2]
        field.click((higher, field.rect.centery))
        assert chosen == [2, 3]
    finally:
        theme.use_text_size(100)
