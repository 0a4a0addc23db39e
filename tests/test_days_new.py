"""*New race over days* in the window (issue 46: "a player creates a race on a relay from the window …
and gets an invite"): a real relay with a store (`main.py relay --store`, its own process on a free port
of 127.0.0.1); a headless window in Ann's folder opens *Your races*, its *New race over days…*, chooses
two seats (Ann and a computer racer), creates the race with the keyboard, and shows its invite; Ann's
seat key is kept where `days create --name` keeps it (races-over-days.json in her folder), the relay's
store holds the room with her seat, and *Your races* lists the race. A relay nobody runs is one sentence.
"""

from __future__ import annotations

import pygame
import pytest

from game.cli.days import read_keys
from game.net.store import key_hash
from game.net.store_sqlite import SqliteStore
from scenes.screens.days_new import NewDaysScene
from scenes.screens.title import TitleScene
from scenes.screens.your_races import YourRacesScene
from tests.netwindows import free_port, key, run, step, window
from tests.test_over_days import Relay, code_of


def form(app, relay: str) -> NewDaysScene:
    """*Your races*, then its *New race over days…* (Enter on the button), the relay's address typed."""
    app.stack.push(TitleScene())
    races = app.stack.push(YourRacesScene())
    step(app)
    button = next(b for b in races.more if b.action == races.new)
    races.group.focus_on(button)
    step(app, [key(pygame.K_RETURN)])
    new = app.stack.top
    assert isinstance(new, NewDaysScene)
    step(app)
    new.fields[0].value = ""
    new.fields[0].insert(relay)
    new.set_relay(new.fields[0].value)
    return new


def choose(app, new: NewDaysScene, label: str, value: object, arrow: int = pygame.K_RIGHT) -> None:
    """The Choice labelled `label` set to `value` with an arrow (the focus kept as the form is laid out)."""
    choice = next(w for w in new.group.widgets if getattr(w, "label", None) == label)
    new.group.focus_on(choice)
    for _ in range(20):
        if choice.value == value:
            return
        step(app, [key(arrow)])
        choice = next(w for w in new.group.widgets if getattr(w, "label", None) == label)
    assert choice.value == value, (label, choice.value)


@pytest.mark.slow  # a relay in its process and a window
def test_a_window_creates_a_race_over_days_keeps_the_seat_key_and_lists_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "ann"))
    store = tmp_path / "store.sqlite3"
    relay = Relay(store)
    try:
        address = f"ws://127.0.0.1:{relay.port}"
        app = window()
        app.settings.player_name = "Ann"
        new = form(app, address)
        choose(app, new, "Seats", 2, pygame.K_LEFT)
        choose(app, new, "Persons", 1, pygame.K_LEFT)  # (1 person, 1 computer racer)
        choose(app, new, "Computers", "easy", pygame.K_LEFT)
        choose(app, new, "Per decision", 12 * 3600, pygame.K_LEFT)
        choose(app, new, "Time runs out", "give up")
        new.group.focus_on(new.create_button)
        step(app, [key(pygame.K_RETURN)])
        run([app], lambda: bool(new.invite) or bool(new.message), seconds=30, what="the relay's answer")
        assert not new.message, new.message
        assert new.invite.startswith(f"{address}/days/")
        code = code_of(new.invite)

        kept = read_keys()
        assert [(k["relay"], k["name"]) for k in kept] == [(address, "Ann")]
        relay.kill()  # (the store read with no relay writing to it)
        room = SqliteStore(store)
        try:
            record = room.load(code)
        finally:
            room.close()
        assert record is not None
        assert [s.bot for s in record.seats] == [None, "easy"]
        assert record.seats[0].name == "Ann" and record.seats[0].key_hash == key_hash(kept[0]["key"])
        assert record.clock.seconds == 12 * 3600 and record.clock.run_out == "give up"
        relay = Relay(store, relay.port)  # (started again: *Your races* asks it)

        step(app, [key(pygame.K_RETURN)])  # "Your races" (the focused default): back to the list
        races = app.stack.top
        assert isinstance(races, YourRacesScene)
        run([app], lambda: races.fetch is not None and races.fetch.done and bool(races.rows), what="the list")
        assert [room.invite for room in races.items] == [new.invite]
        assert races.items[0].name == "Ann" and races.items[0].seat == 0
    finally:
        if relay.process.poll() is None:
            relay.kill()


def test_a_relay_nobody_runs_is_one_sentence_and_the_form_stays(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = window()
    app.settings.player_name = "Ann"
    new = form(app, f"127.0.0.1:{free_port()}")
    new.create()
    assert not new.create_button.enabled
    run([app], lambda: bool(new.message), seconds=30, what="the sentence")
    assert new.message.startswith("The relay 127.0.0.1:") and "cannot be reached" in new.message
    assert new.create_button.enabled and not new.invite and app.stack.top is new
    new.set_relay("")
    new.create()
    assert new.message == "Type the relay's address, such as race.example.org:47811."


def click(app, pos: tuple[int, int]) -> None:
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def test_the_mouse_opens_the_form_changes_a_choice_and_goes_back(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = window()
    app.stack.push(TitleScene())
    races = app.stack.push(YourRacesScene())
    step(app)
    button = next(b for b in races.more if b.action == races.new)
    click(app, button.rect.center)
    new = app.stack.top
    assert isinstance(new, NewDaysScene)
    step(app)
    seats = next(w for w in new.group.widgets if getattr(w, "label", None) == "Seats")
    click(app, (seats.rect.right - 16, seats.rect.centery))  # (">": one seat more)
    assert new.seats == 3 and new.seat_list() == ["person", "person", {"level": "normal"}]
    clock = next(w for w in new.group.widgets if getattr(w, "label", None) == "Per decision")
    click(app, (clock.rect.right - 16, clock.rect.centery))
    assert new.clock == 2 * 86400
    back = next(w for w in new.group.widgets if getattr(w, "label", None) == "Back")
    click(app, back.rect.center)
    assert app.stack.top is races
