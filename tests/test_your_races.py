"""*Your races* in the window (issue 46's done-when: "the window's 'Your races' lists the rooms of two
relays with whose turn it is; a headless window plays its pending decision in one").

Two real relays with a store (`main.py relay --store`, each its own process on a free port of
127.0.0.1), a race over days created on each with the CLI (`days create --name Ann`: Ann's seat key kept
in her folder), Bob seated by `join --once` in his own folder; on relay B Ann plays her decision by the
command line too, so the race there waits for Bob. Then a headless window in Ann's folder: the title says
one race waits for her, *Your races* lists both rooms with whose turn it is, and Enter on relay A's row
joins it in the race screen: what happened since her last visit is shown again (a key skips it), she
plays her pending decision (Enter on the decision panel), the relay's store records it in her seat, and
Escape (the pause menu's Leave) comes back to *Your races*, her folder keeping how far she saw the room.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.cli.days import key_for, read_keys
from game.net.invite import parse_relay
from game.net.store_sqlite import SqliteStore
from scenes.bridges import days
from scenes.race.scene import RaceScene
from scenes.screens.title import TitleScene
from scenes.screens.your_races import YourRacesScene, state_line
from tests.netwindows import answer_by_enter, free_port, key, run, step, window
from tests.test_over_days import Relay, code_of, command


def create(relay: Relay, folder: Path) -> str:
    """A two-seat race over days on `relay`, Ann (in `folder`) in seat 1; its invite."""
    made = command(
        "days", "create", "--relay", f"ws://127.0.0.1:{relay.port}", "--board", "sprint", "--seats", "2",
        "--turns", "5", "--clock", "1d", "--name", "Ann", "--quiet", folder=folder,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    return made.stdout.strip()


def visit(invite: str, name: str, folder: Path) -> str:
    """`join --once`: the player's pending decisions played by a computer level; what it printed."""
    joined = command("join", invite, "--name", name, "--bot", "easy", "--once", folder=folder)
    assert joined.returncode == 0, joined.stderr
    return joined.stdout


def decisions(store: Path, code: str) -> list:
    kept = SqliteStore(store)
    try:
        room = kept.load(code)
    finally:
        kept.close()
    assert room is not None
    return list(room.decisions)


@pytest.mark.slow  # two relays in their processes, CLI runs and a window
def test_your_races_lists_two_relays_rooms_and_a_headless_window_plays_its_pending_decision(tmp_path, monkeypatch):
    ann, bob = tmp_path / "ann", tmp_path / "bob"
    stores = [tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"]
    relays = [Relay(stores[0]), Relay(stores[1])]
    try:
        invite_a, invite_b = create(relays[0], ann), create(relays[1], ann)
        assert "the race waits for Ann" in visit(invite_a, "Bob", bob)  # Bob's seat taken: the race starts
        if not decisions(stores[0], code_of(invite_a)):  # Ann's decision the race's first: one round first,
            visit(invite_a, "Ann", ann)  # so that her window has something that happened since to show
            visit(invite_a, "Bob", bob)
        visit(invite_b, "Bob", bob)
        said = visit(invite_b, "Ann", ann)  # Ann plays relay B's pending decisions by the command line
        assert "the race waits for Bob" in said, said

        monkeypatch.setenv("XDG_DATA_HOME", str(ann))  # the window in Ann's folder: her seat keys
        app = window()
        app.settings.player_name = "Ann"
        title = app.stack.push(TitleScene())
        step(app)
        run([app], lambda: title.days is not None and title.days.done, seconds=30, what="the relays' answers")
        assert title.waiting_line() == "1 race waits for you"
        title.your_races()
        races = app.stack.top
        assert isinstance(races, YourRacesScene)
        run([app], lambda: races.fetch is not None and races.fetch.done and bool(races.rows), what="the rows")
        rooms = races.items
        assert {room.relay for room in rooms} == {f"ws://127.0.0.1:{r.port}" for r in relays}
        by_relay = {room.relay: room for room in rooms}
        mine, theirs = (by_relay[f"ws://127.0.0.1:{r.port}"] for r in relays)
        assert mine.mine and mine.whose() == "Ann" and mine.board
        assert state_line(mine)[0].startswith("Your turn, 23 h")
        assert not theirs.mine and state_line(theirs)[0].startswith("Bob's turn, 23 h")
        assert rooms[0] is mine  # those waiting for him first
        assert races.rows[0].shown.saved == "WAITS FOR YOU" and races.rows[1].shown.saved == ""

        code = code_of(invite_a)
        before = decisions(stores[0], code)
        seat = mine.seat
        races.group.focus_on(races.rows[0])
        step(app, [key(pygame.K_RETURN)])  # Enter on the row: the room joined in the race screen
        run([app], lambda: isinstance(app.stack.top, RaceScene), seconds=30, what="the race screen")
        scene = app.stack.top
        follower = scene.seats.follower
        step(app)  # the first frame: what happened since her last visit (her first: all of it) shown again
        assert not scene.seats.since and len(scene.race.choices) == len(before)
        assert before and scene.busy
        step(app, [key(pygame.K_SPACE)])  # any key skips it
        assert not scene.busy

        def played() -> bool:
            waiting = follower.waiting
            return scene.race.over or (
                waiting is not None and waiting["seat"] not in (None, seat) and len(scene.race.choices) > len(before)
            )

        run([app], played, events=answer_by_enter, seconds=60, what="Ann's decision played")
        after = decisions(stores[0], code)
        assert len(after) > len(before)
        assert any(d.seat == seat for d in after[len(before) :]), "the relay recorded no decision of Ann's seat"
        assert "Bob" in scene.seats.notice(scene.race) or scene.race.over
        step(app, [key(pygame.K_ESCAPE)])  # the pause menu, then its Leave
        pause = app.stack.top
        leave = next(w for w in pause.group.widgets if getattr(w, "action", None) == pause.save_and_quit)
        pause.group.focus_on(leave)
        step(app, [key(pygame.K_RETURN)])
        assert isinstance(app.stack.top, YourRacesScene)
        assert isinstance(app.stack.scenes[0], TitleScene)
        back = app.stack.top
        run([app], lambda: back.fetch is not None and back.fetch.done and bool(back.rows), what="the list again")
        assert not any(room.mine for room in back.items)  # both races now wait for Bob
        seen = json.loads((ann / "fantasy-racing" / "races-over-days-seen.json").read_text())
        assert seen == {mine.invite: len(scene.race.choices)}  # the next visit shows only what is new
        assert all(state_line(room)[0].startswith("Bob's turn") for room in back.items)
    finally:
        for relay in relays:
            if relay.process.poll() is None:
                relay.kill()


def test_a_relay_that_cannot_be_reached_is_one_row_and_the_title_does_not_wait(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    key_for(parse_relay(f"ws://127.0.0.1:{free_port()}"), "Ann", "k" * 24)  # (a relay nobody runs)
    app = window()
    title = app.stack.push(TitleScene())
    step(app)
    assert title.days is not None and title.waiting_line() == ""  # (drawn at once: nothing waited for)
    title.your_races()
    races = app.stack.top
    run([app], lambda: races.fetch.done and bool(races.rows), seconds=30, what="the relay's row")
    assert len(races.rows) == 1 and "No answer" in races.rows[0].shown.line
    assert races.rows[0].shown.heading.startswith("ws://127.0.0.1:")
    first = races.fetch
    monkeypatch.setattr(days, "ASK_AGAIN", 0.0)  # a window left open asks again (and keeps its rows meanwhile)
    step(app)
    assert app.days.fetch is not first and len(races.rows) == 1  # (the window's round: one at a time)
    run([app], lambda: races.fetch is not first and races.fetch.done, seconds=30, what="the relay asked again")
    assert len(races.rows) == 1


def test_add_a_race_keeps_the_seat_key_of_an_invite_and_refuses_what_is_none(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = window()
    app.stack.push(TitleScene())
    races = app.stack.push(YourRacesScene())
    step(app)
    races.add()
    form = app.stack.top
    step(app)
    form.set_invite("race.example.org:47811/KZWX-4242")  # a hosted race's invite, not one over days
    form.add()
    assert form.message == "This is no invite to a race over days: it reads RELAY/days/CODE."
    form.set_invite("race.example.org:47811/days/KZWX-4242")
    form.set_name("Ann")
    form.set_key("short")
    form.add()
    assert form.message == "A seat key has 16 to 64 characters."
    form.set_key("a-seat-key-from-elsewhere_0123")
    step(app, [key(pygame.K_RETURN)])  # (Enter in a field adds it)
    assert app.stack.top is races
    assert read_keys() == [{"relay": "race.example.org:47811", "name": "Ann", "key": "a-seat-key-from-elsewhere_0123"}]
