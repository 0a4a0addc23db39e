"""The window tells when a turn comes in a race over days, on any screen (issue 46: "an open window tells
when a turn comes"; scenes/bridges/days.py's DaysWatch, scenes/ui/turn_notice.py).

With a real relay: a race over days created by Ann with the command line, Bob seated by `join --once`,
Ann's decisions played by the command line, so that the race waits for Bob. Ann's headless window sits on
the statistics (not the title): its first answer only learns what waits. Bob plays by the command line:
the turn comes to Ann, and the window's next answer shows the notice over the statistics, which keep the
focus; F2 opens Your races; more answers never tell the same decision again. Without a relay (rooms as
a relay lists them): the first answer told nothing, each decision newly pending once, a click on the
card opens Your races (its release reaching no screen), a race's window only informs.
"""

from __future__ import annotations

import pygame
import pytest

from scenes.bridges import days
from scenes.bridges.days import DaysRoom, DaysWatch, RacesFetch
from scenes.core.i18n import t
from scenes.race import RaceScene
from scenes.screens.stats import StatsScene
from scenes.screens.title import TitleScene
from scenes.screens.your_races import YourRacesScene
from tests.netwindows import key, run, step, window
from tests.test_over_days import Relay
from tests.test_screens_fit import a_race_asking
from tests.test_your_races import create, visit


def rounds_read(app, more: int):
    """A condition: `more` rounds of asks answered (and read by the window) from now."""
    read: list[RacesFetch] = []

    def answered() -> bool:
        latest = app.days.read
        if latest is not None and not any(latest is r for r in read):
            read.append(latest)
        return len(read) > more  # (the one read already counts as the first)

    return answered


@pytest.mark.slow  # a relay in its process, three CLI runs and a window
def test_a_turn_that_comes_is_told_over_the_statistics_once(tmp_path, monkeypatch):
    ann, bob = tmp_path / "ann", tmp_path / "bob"
    relay = Relay(tmp_path / "a.sqlite3")
    try:
        invite = create(relay, ann)
        visit(invite, "Bob", bob)  # Bob's seat taken: the race starts
        said = visit(invite, "Ann", ann)  # Ann plays her pending decisions by the command line
        assert "the race waits for Bob" in said, said

        monkeypatch.setenv("XDG_DATA_HOME", str(ann))  # the window in Ann's folder: her seat key
        app = window()
        app.stack.push(TitleScene())
        step(app)
        stats = app.stack.push(StatsScene())
        step(app)
        run([app], lambda: app.days.known is not None, seconds=30, what="the relay's first answer")
        assert app.days.read is not None and len(app.days.read.rooms) == 1
        assert not app.days.read.rooms[0].mine and not app.notice.shown  # (it waits for Bob)

        said = visit(invite, "Bob", bob)  # Bob plays: the turn comes to Ann
        assert "the race waits for Ann" in said, said
        monkeypatch.setattr(days, "ASK_AGAIN", 0.0)  # (the window asks again at once, not in 300 s)
        run([app], lambda: app.notice.shown, seconds=30, what="the notice of Ann's turn")
        assert app.stack.top is stats  # told over the statistics, which keep the focus and the input
        assert app.notice.words(racing=False) == (
            "Your turn in a race over days on Goblin Sprint",
            "F2 or a click: open Your races",
        )
        assert app.notice.rect is not None and app.notice.rect.top >= 0

        step(app, [key(pygame.K_F2)])  # its key answers it: Your races over the statistics
        assert isinstance(app.stack.top, YourRacesScene) and not app.notice.shown
        run([app], rounds_read(app, 3), seconds=30, what="three more answers")
        assert not app.notice.shown, "the same pending decision was told twice"
        assert any(room.mine for room in app.days.read.rooms)  # (it still waits for Ann)
        step(app, [key(pygame.K_ESCAPE)])
        assert app.stack.top is stats
    finally:
        if relay.process.poll() is None:
            relay.kill()


def room(decisions: int, turn: int = 0, board: str = "Goblin Sprint") -> DaysRoom:
    return DaysRoom(
        "ws://127.0.0.1:9", "Ann", "a-key", "KZWX4242", 0, "racing", turn, None, ("Ann", "Bob"), board, decisions
    )


def answer(*rooms: DaysRoom) -> RacesFetch:
    """A round of asks as answered (no relay asked: done at once)."""
    fetch = RacesFetch(keys=[])
    fetch.rooms = list(rooms)
    return fetch


def test_each_decision_newly_pending_is_news_once_and_the_first_answer_only_learns():
    watch = DaysWatch()
    watch.fetch = answer(room(3))  # (the window opened: it waits for Ann already; the title says so)
    assert watch.news() == []
    watch.fetch = answer(room(4, turn=1))
    assert watch.news() == []  # (Bob's turn)
    back = room(5)
    watch.fetch = answer(back)
    assert watch.news() == [back] and watch.news() == []
    watch.fetch = answer()  # (the relay unreachable a while)
    assert watch.news() == []
    watch.fetch = answer(back)
    assert watch.news() == []  # (the same decision: not told again)
    watch.fetch = answer(room(7))
    assert watch.news() == [room(7)]


def test_a_click_on_the_notice_opens_your_races_and_a_race_only_informs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = window(language="fr")
    app.stack.push(TitleScene())
    stats = app.stack.push(StatsScene())
    app.notice.tell([room(5)])
    step(app)
    assert app.notice.words(racing=False)[0] == "À vous de jouer dans une course au long cours · Le Sprint des gobelins"
    rect = app.notice.rect
    assert rect is not None
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert app.stack.top is stats and app.notice.shown  # (hovering it does nothing)
    step(app, [key(pygame.K_DOWN)])
    assert app.stack.top is stats and app.notice.shown  # (the screen below keeps its keys)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    step(app, [down])
    races = app.stack.top
    assert isinstance(races, YourRacesScene) and not app.notice.shown
    assert app.notice.swallows(up) and not app.notice.swallows(up)  # (its release reaches no screen, once)
    app.stack.pop()

    race, setup = a_race_asking(3)
    scene = app.stack.push(RaceScene(race, setup))
    step(app)
    app.notice.tell([room(6), room(7, board="")])
    step(app)
    assert app.notice.words(racing=True) == ("À vous de jouer dans 2 courses au long cours", t("news.racing"))
    step(app, [key(pygame.K_F2)])
    assert app.stack.top is scene and app.notice.shown  # (during a race it only informs)
    for _ in range(int(9 / 0.05)):  # (SHOWN seconds of frames, and a second)
        step(app)
    assert not app.notice.shown
