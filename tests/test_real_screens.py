"""The real-screens check (issue 44): every screen the game has, with real data (tests/screen_walk.py), in
English and French, at 100 % and 150 % text, in 1280x720 and 1920x1080 windows, drawn with the text
recorder on (scenes/core/text.py): no word shortened with "…" or cut, drawn smaller than the Text size,
outside the window, or over another text or a control. The findings not fixed yet are named, one a
line, in tests/real_screens_known.txt: the test fails on a new finding and on one fixed but still named
(remove its line), so that the list only shrinks."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import screen_walk
from screen_walk import LOOKS, Look

from scenes.core import text, theme
from scenes.ui import widgets

KNOWN = Path(__file__).with_name("real_screens_known.txt")


def known(look: Look) -> set[str]:
    """The findings named in KNOWN for `look`."""
    rows = KNOWN.read_text(encoding="utf-8").splitlines() if KNOWN.exists() else []
    return {row for row in rows if row.startswith(f"{look} | ")}


@pytest.mark.slow  # about forty screens in one look: seconds each look
@pytest.mark.parametrize("look", LOOKS, ids=str)
def test_every_screen_shows_its_words_whole_and_apart(look: Look, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # (the player's folder: this look's own)
    found: set[str] = set()
    screens = 0
    for name, _app, recorder in screen_walk.walk(look):
        found.update(screen_walk.lines(look, name, recorder))
        screens += 1
    assert screens >= 40, f"only {screens} screens walked"
    named = known(look)
    new, fixed = sorted(found - named), sorted(named - found)
    assert not new and not fixed, "\n".join(
        [f"{len(new)} new findings (fix them, or name them in {KNOWN.name}):", *new]
        + [f"{len(fixed)} fixed (remove their lines from {KNOWN.name}):", *fixed]
    )


# ---------------------------------------------------------------- the recorder finds each kind
@pytest.fixture
def screen():
    pygame.font.init()
    theme.use_text_size(100)
    yield pygame.Surface((400, 300))
    theme.use_text_size(100)


def test_the_recorder_finds_overlaps_words_outside_and_nothing_when_apart(screen) -> None:
    with text.record(screen) as recorder:
        text.draw(screen, "Alone", (10, 10))
        text.draw(screen, "Apart", (10, 60))
        recorder.check()
        assert recorder.findings == []
        recorder.frame()
        text.draw(screen, "Over", (10, 10))
        text.draw(screen, "Under", (14, 14))
        text.draw(screen, "Beyond", (380, 100))
        recorder.check()
    assert text.Finding("overlap", "Over", "Under") in recorder.findings
    assert text.Finding("outside", "Beyond") in recorder.findings


def test_the_recorder_finds_words_shortened_smaller_cut_and_over_a_control(screen) -> None:
    sentence = "a sentence far too long for forty pixels"
    with text.record(screen) as recorder:
        text.fitted_line(screen, sentence, (10, 10), 40, 20, theme.TEXT)
        text.draw_wrapped(screen, sentence, pygame.Rect(10, 40, 120, 20), 18)
        text.control(screen, pygame.Rect(10, 200, 100, 30), "OK")
        text.draw(screen, "OK", (40, 205))
        text.control(screen, None)
        text.draw(screen, "Running into the button", (100, 205))
        recorder.check()
    kinds = {(f.kind, f.words) for f in recorder.findings}
    assert ("smaller", sentence) in kinds and ("shortened", sentence) in kinds
    assert ("cut", sentence) in kinds  # (its lines below the box left out)
    assert text.Finding("overlap", "Running into the button", "control OK") in recorder.findings
    assert not any(f.words == "OK" for f in recorder.findings)


def test_the_recorder_finds_words_placed_on_a_panel_running_beyond_it(screen) -> None:
    long = "A heading far too long for its panel"
    with text.record(screen) as recorder:
        text.draw(screen, "Drawn before the panel", (100, 80))
        widgets.panel(screen, pygame.Rect(10, 10, 200, 100))
        text.draw(screen, "Inside", (20, 20))
        text.draw(screen, long, (20, 50))
        text.draw(screen, "= 40", (205, 30))
        text.draw(screen, "Beside the panel, placed outside it", (20, 150))
        recorder.check()
    assert recorder.findings == [
        text.Finding("outside", long, "beyond its panel"),
        text.Finding("outside", "= 40", "beyond its panel"),
    ]


def test_words_drawn_on_a_picture_land_where_the_picture_is_laid(screen) -> None:
    picture = pygame.Surface((100, 40))
    with text.record(screen) as recorder:
        text.draw(picture, "Inside", (2, 2))
        text.draw(picture, "Clipped", (80, 2))
        text.draw(screen, "Under", (302, 102))
        text.lay(screen, picture, (300, 100))
        recorder.check()
    assert text.Finding("cut", "Clipped", "clipped by its picture") in recorder.findings
    assert text.Finding("overlap", "Under", "Inside") in recorder.findings


def test_the_recorder_switched_off_records_nothing(screen) -> None:
    with text.record(screen) as recorder:
        pass
    text.draw(screen, "Over", (10, 10))
    text.draw(screen, "Over too", (12, 12))
    assert recorder.findings == [] and not text._RECORDER
