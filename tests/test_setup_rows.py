"""The race setup's racers' rows at the largest Text size (issue 44): the line above them ("Racers: a
person here…") is drawn whole at its size, never smaller; when six racers and that line have not the
room, the rows scroll (the focused racer's row on screen, the mouse wheel too), a triangle in the
margin pointing at the rows off screen."""

from __future__ import annotations

import pygame
import pytest
import screen_walk
from screen_walk import Look

from scenes.core import i18n, text, theme
from scenes.core.i18n import t
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


def down() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)


def on_screen(scene: SetupScene, racer: int) -> bool:
    rows = [w for w, i in scene.row_of.items() if i == racer and w not in scene.away]
    window = pygame.Rect(0, 0, 1280, 720)
    return all(window.contains(w.rect) for w in rows) and rows != []


def test_the_racers_line_is_whole_at_its_size_and_six_racers_scroll_by_the_focus_and_the_wheel(setup) -> None:
    app = setup.app
    with text.record(app.screen) as recorder:
        app.step([])
        recorder.check()
    help_words = t(setup.racers_help)
    assert not [f for f in recorder.findings if f.kind == "smaller"], recorder.findings
    assert setup.layout().help.height >= len(text.wrap(help_words, setup.layout().help.width, 17, "bold")) * (
        text.line_height(17, "bold") - 2
    )
    shown = setup.layout().shown
    assert shown < 6, "six racers and the whole line fit: nothing to scroll at this size"
    assert [on_screen(setup, i) for i in range(6)] == [i < shown for i in range(6)]
    assert setup.layout().rows_top + shown * 44 <= 720 - len(setup.layout().keys) * text.line_height(16)
    setup.group.focus = setup.group.widgets.index(next(w for w, i in setup.row_of.items() if i == shown - 1))
    for _ in range(3):  # down from the last row on screen to the one under it
        app.step([down()])
        if setup.selected == shown:
            break
    assert setup.selected == shown and on_screen(setup, shown) and not on_screen(setup, 0)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])  # the wheel up
    assert setup.first == 0 and on_screen(setup, 0) and not on_screen(setup, 5)
