"""Player words on the screen: 30 seeded races of computer racers run headless through the race
screen (every character, half of them in English and half in French), and every log line and every
line the window draws is scanned for the engine's die ids (DCOMBAT, DOBJ, DRAPID, DTHEFT, D6, ...)
and other ids, and checked against the glyphs of the face it is drawn in."""

from __future__ import annotations

import pygame
import pytest

from game.app.settings import Settings
from game.rules.characters import CHARACTERS
from scenes.app import App
from scenes.core import boards, text, words
from scenes.race import RaceScene
from scenes.render import rolls
from scenes.screens.setup import start_race
from scenes.screens.title import TitleScene
from tests.test_glyphs import missing
from tests.test_i18n import engine_ids
from tests.test_scenes import run_until

RACES = 30
NAMES = ("Ann", "Bo", "Cy")
LEVELS = ("easy", "normal", "easy")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    game = App(settings=Settings(animation_speed=4.0, tutorial_seen=True))
    yield game
    from scenes.core import i18n

    i18n.set_language("en")


def cast(number: int) -> list[dict]:
    """Three racers of race `number`: over ten races every character runs three times."""
    ids = list(CHARACTERS)
    chosen = [ids[number % 10], ids[(number + 3) % 10], ids[(number + 7) % 10]]
    return [{"character": c, "name": n, "bot": b} for c, n, b in zip(chosen, NAMES, LEVELS)]


@pytest.mark.slow  # 30 races through the window: about a minute
def test_thirty_races_show_no_engine_id_and_no_missing_glyph(app, monkeypatch):
    from scenes.core import i18n

    logged: list[str] = []
    drawn: set[tuple[str, str]] = set()
    dice: set[str] = set()
    describe, render = words.describe, text.render

    def logging(event, race):
        line = describe(event, race)
        if line:
            logged.append(line)
        return line

    def drawing(line, size=20, colour=(255, 255, 255), kind="body"):
        drawn.add((line, kind))
        return render(line, size, colour, kind)

    class Rolled(rolls.Dice):
        def __init__(self, names, *args, **kwargs):
            dice.update(names)
            super().__init__(names, *args, **kwargs)

    monkeypatch.setattr(words, "describe", logging)
    monkeypatch.setattr(text, "render", drawing)
    monkeypatch.setattr(rolls, "Dice", Rolled)
    for number in range(RACES):
        i18n.set_language("en" if number < RACES // 2 else "fr")
        app.stack.reset(TitleScene())
        setup = {"board": boards.PRACTICE, "turns": 5, "seed": 100 + number, "racers": cast(number)}
        assert start_race(app.stack, setup) is None
        run_until(app, lambda: not isinstance(app.stack.top, RaceScene), limit=40000, dt=1 / 15, seconds=300)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert len(logged) > 30 * 40 and len(drawn) > 1000
    assert {"D6", "DRAPID", "beer", "DCOMBAT", "DOBJ", "D10"} <= dice, dice  # the dice the races rolled
    assert any(line.endswith("on the quick die.") for line in logged)  # "Ann rolls 5 and 1 on the six-sided ..."
    assert any("au dé de combat" in line for line in logged) and any("au dé cadeau" in line for line in logged)
    names = {n for n in NAMES} | {boards.practice_board().name}
    shown_ids = {line: engine_ids(line) for line in logged + [line for line, _ in drawn] if line not in names}
    assert not {line: ids for line, ids in shown_ids.items() if ids}
    lacking = {(line, kind): missing(line, kind) for line, kind in drawn}
    assert not {key: chars for key, chars in lacking.items() if chars}
