"""Hints from the input map: every hint, footer and tooltip that names a key names the player's own
binding. Each action in turn (with the actions of other places that share its key: Escape is both
*Back* and *Pause menu*) is rebound to a key no action uses, and every screen that shows hints is drawn
again: none of them names the old key any more, and the race's top bar names the new one."""

from __future__ import annotations

import re

import pygame
import pytest
from screen_words import Words, screens, window

from game.app.controls import ACTIONS, PAD_BUTTONS, Action, rebind
from scenes.core import controls, i18n
from scenes.screens.keyboard import KEY_ROWS

FREE = "key:f7"  # a key no action uses (the hints name it "F7")


def test_the_free_key_is_bound_to_no_action():
    assert all(FREE not in row.defaults() for row in ACTIONS)


def groups() -> dict[str, list[Action]]:
    """The actions by the key words their hints name now (the actions of one key, each of another place)."""
    found: dict[str, list[Action]] = {}
    for row in ACTIONS:
        said = controls.words(row.action, pad=False)
        if any(c.isalpha() for c in said) and row.keys:  # (digits, "+", "-": the options' numbers, zooms)
            found.setdefault(said, []).append(row.action)
    return found


#: words that name no key although they read like one (a six "in an L", a right stick, Ctrl+V, the
#: keys of other actions that hold one's words, "A" and "End" as the first word of a sentence)
NOT_KEYS = re.compile(
    r"\b(an|en) L\b|stick [DG]\b|Ctrl\+V|Page (Up|Down|préc\.|suiv\.)|(Right|Left) button"
    r"|(^|\. )(A|End) (?=[a-z])"
)


def named(old: str, line: str) -> bool:
    """Whether a drawn line names the key `old` ("Échap", "C"), as a word of its own."""
    line = NOT_KEYS.sub(" ", line)
    return re.search(rf"(?<![\w'’.-]){re.escape(old)}(?![\w'’-])", line) is not None


def not_hints(screen: str) -> set[str]:
    """The lines of a screen that are no hint: the actions' names (Settings > Controls), the
    on-screen keyboard's keys."""
    names = {i18n.t(f"action.{row.action.value}") for row in ACTIONS}
    names |= {i18n.t(f"{kind}.delete") for kind in ("games", "replays", "championships")}  # (buttons)
    if screen == "controls":  # (its column of a controller's buttons: "A", "B")
        names |= {controls.binding_words(f"pad:{button}") for button in PAD_BUTTONS}
    if screen == "on-screen keyboard":
        names |= {*"".join(KEY_ROWS), i18n.t("keyboard.space")}
    return names


@pytest.fixture(params=["fr", "en"])
def french(tmp_path, monkeypatch, request):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = window(request.param)
    yield app
    controls.use({})
    controls.note(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))


@pytest.mark.slow  # about twenty screens, each drawn once per key of the input map (some 40 keys)
def test_every_hint_names_the_rebound_key_and_never_the_old_one(french, monkeypatch):
    words = Words(monkeypatch)
    every = groups()
    assert {"C", "F1", "K", "Tab"} <= set(every) and len(every) > 25
    found: dict[tuple[str, str], str] = {}
    seen = 0
    for screen in screens(french):
        for old, actions in every.items():
            changed: dict[str, list[str]] = {}
            for action in actions:
                changed, clash = rebind(changed, action, FREE)
                assert clash is None, f"{FREE} already does {clash}"
            french.settings.controls = changed
            controls.use(changed)
            for scene in french.stack.scenes:
                scene.resume()  # (as when back from Settings > Controls)
            try:
                lines = words.of(french)
                top_bar = i18n.t("hud.camera")  # ("F7: camera back")
            finally:
                french.settings.controls = {}
                controls.use({})
            seen += len(lines)
            for line in set(lines) - not_hints(screen):
                if named(old, line):
                    found.setdefault((screen, old), line)
            if screen == "the race, its camera moved" and Action.CAMERA_BACK in actions:
                assert any(line == top_bar for line in lines), lines
    assert seen > 2000
    assert not found, "\n".join(f"{screen}, {old} rebound: {line!r}" for (screen, old), line in found.items())
