"""Network races between game windows, headless: hosting from the setup, joining from the title, the
lobby and its seats, the start when the host says so, decisions sent and received, a friend who
drops shown as disconnected and taken over, the host quitting, and every bad input told in one
sentence. Every window is an App in this process; the host listens on 127.0.0.1 only."""

from __future__ import annotations

import netwindows as nw
import pygame
import pytest

from game.app import session, userdata
from game.meta.replay import check, parse, record
from scenes.core import words
from scenes.race import RaceScene
from scenes.screens.host_lobby import HostScene
from scenes.screens.join import JoinScene
from scenes.screens.keyboard import KeyboardScene
from scenes.screens.netplay import FriendSeats, HostLeftScene, HostSeats
from scenes.screens.pause import PauseScene
from scenes.screens.results import ResultsScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "host"))
    return tmp_path


def standings(app):
    race = app.stack.top.race
    return [(place, race.racers[i].name, points) for place, i, points in race.standings()]


@pytest.mark.slow  # a whole network race between windows
def test_a_race_hosted_from_the_setup_is_joined_from_the_title_and_started_by_the_host(folder):
    port = nw.free_port()
    host, friend = nw.window(port), nw.window()
    apps = [host, friend]
    # the host: Play, then the second seat (a computer by default) opened for a friend, by keys
    host.stack.push(TitleScene())
    nw.step(host, [nw.key(pygame.K_RETURN)])
    setup = host.stack.top
    assert isinstance(setup, SetupScene)
    row = setup.group.widgets.index(next(w for w, i in setup.row_of.items() if i == 1))
    setup.group.focus = row
    for _ in range(3):  # normal > hard > expert > open for a friend
        nw.step(host, [nw.key(pygame.K_RIGHT)])
    assert setup.racers[1]["kind"] == "friend"
    assert setup.start_button.label == "Host the race"
    nw.step(host, [nw.key(pygame.K_RETURN)])
    lobby = host.stack.top
    assert isinstance(lobby, HostScene)
    nw.run([host], lambda: lobby.port is not None, what="the host listening")
    assert lobby.port == port and lobby.shown_address == "127.0.0.1"
    assert len(lobby.code) == 8 and lobby.code.isalnum()
    # the friend: Join a race on the title, the address, code and name typed
    friend.stack.push(TitleScene())
    nw.step(friend)
    title = friend.stack.top
    join_button = next(w for w in title.group.widgets if w.action == title.join)
    nw.step(friend, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=join_button.rect.center, button=1)])
    joining = friend.stack.top
    assert isinstance(joining, JoinScene) and joining.state == "form"
    nw.step(friend, nw.typed(f"127.0.0.1:{port}"))
    nw.step(friend, [nw.key(pygame.K_TAB)] + nw.typed(lobby.code.lower()))  # Tab: the next field, past Type…
    nw.step(friend, [nw.key(pygame.K_TAB)] + nw.typed("Bob"))
    assert (joining.address, joining.code, joining.name) == (f"127.0.0.1:{port}", lobby.code, "Bob")
    nw.step(friend, [nw.key(pygame.K_RETURN)])  # Enter from a field connects
    nw.run(apps, lambda: joining.state == "lobby", what="the host's lobby on the friend's screen")
    # he sees the host's setup: board, turns, seats; he takes the open seat as a dwarf
    follower = joining.follower
    assert follower.lobby["turns"] == setup.turns and follower.board.name == lobby.board.name
    assert [s["kind"] for s in follower.lobby["seats"]] == ["here", "friend"]
    assert joining.takeable() == [1]
    joining.group.focus_on(next(w for w in joining.group.widgets if getattr(w, "values", None) == nw_characters()))
    while joining.character != "dwarf":
        nw.step(friend, [nw.key(pygame.K_RIGHT)])
    joining.group.focus_on(joining.take_button)
    nw.step(friend, [nw.key(pygame.K_RETURN)])
    nw.run(apps, lambda: joining.state == "seated", what="the friend seated")
    nw.run(apps, lambda: lobby.seats[1].get("name") == "Bob", what="the host seeing who joined")
    assert lobby.seats[1] == {"kind": "friend", "name": "Bob", "character": "dwarf", "level": None, "connected": True}
    # the seats are full, yet nothing starts until the host says so
    for _ in range(60):
        for app in apps:
            nw.step(app)
    assert friend.stack.top is joining and host.stack.top is lobby
    lobby.group.focus_on(lobby.group.widgets[-1])
    nw.step(host, [nw.key(pygame.K_RETURN)])
    nw.run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), what="the race on both screens")
    host_race, friend_race = host.stack.top, friend.stack.top
    assert isinstance(host_race.seats, HostSeats) and isinstance(friend_race.seats, FriendSeats)
    assert friend_race.race.racers[1].name == "Bob" and friend_race.race.racers[1].character == "dwarf"
    assert friend_race.race.dice.seed != host_race.race.seed  # the friend never has the host's seed

    # while Bob decides, the host's screen waits for him by name; while the host decides, Bob's waits for him
    def deciding(scene, racer):
        return not scene.busy and scene.race.pending is not None and scene.race.pending.racer == racer

    only_host = lambda app: nw.answer_by_enter(app) if app is host else []  # noqa: E731
    nw.run(apps, lambda: deciding(host_race, 1) and friend_race.panel is not None, events=only_host)
    host_race.drawing.status_line()
    assert host_race.drawing._line[0][0] == ("waiting", "Bob") and host_race.panel is None
    only_friend = lambda app: nw.answer_by_enter(app) if app is friend else []  # noqa: E731
    nw.run(apps, lambda: deciding(friend_race, 0) and host_race.panel is not None, events=only_friend)
    friend_race.drawing.status_line()
    assert friend_race.drawing._line[0][0] == ("waiting", "Player 1") and friend_race.panel is None
    # both play by keys; every decision of Bob's goes from the friend's panel to the host and back
    sent = []
    submit = friend_race.seats.submit
    friend_race.seats.submit = lambda race, option: sent.append(option) or submit(race, option)
    nw.run(
        apps,
        lambda: isinstance(host.stack.top, ResultsScene) and isinstance(friend.stack.top, ResultsScene),
        events=nw.answer_by_enter,
        seconds=180,
        what="both results screens",
    )
    assert sent, "the friend answered none of his decisions"
    labels = [w.label for w in friend.stack.top.group.widgets]
    assert "Race again" not in labels and "Race again" in [w.label for w in host.stack.top.group.widgets]
    host_race_done, friend_race_done = host.stack.top.race, friend.stack.top.race
    assert host_race_done.choices == friend_race_done.choices
    assert all(option in host_race_done.choices for option in sent)
    assert standings(host) == standings(friend)
    assert [e.to_dict() for e in friend_race_done.log] == [e.to_dict() for e in host_race_done.log]
    result = check(parse(record(host_race_done)))  # the host's race is an ordinary race: it replays
    assert result.ok, result.message
    assert session.games() == ([], "")  # finished: no game left in progress, and its replay kept
    (replay_file,) = (folder / "host" / "fantasy-racing" / "replays").glob("*.json")
    assert check(parse(replay_file.read_text())).ok


def nw_characters():
    from scenes.screens.lobby import CHARACTER_IDS

    return CHARACTER_IDS


@pytest.mark.slow  # a network race between windows, a friend gone and back
def test_a_friend_who_drops_is_shown_disconnected_played_by_a_computer_and_takes_his_seat_back(folder):
    port = nw.free_port()
    host, ann, bob = nw.window(port), nw.window(), nw.window()
    apps = [host, ann, bob]
    lobby = nw.start_hosting(host, ["friend", "friend", "normal"], turns=8)
    lobby.set_delay(0)  # a computer plays at once for a friend who drops
    lobby.set_level("easy")
    lobby.set_clock(0)  # (no turn clock: Bob's notice tells of Ann, not of his own time left)
    nw.join(ann, apps, port, lobby.code, "Ann", lobby=lobby)
    nw.join(bob, apps, port, lobby.code, "Bob", lobby=lobby)
    lobby.start()
    nw.run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), what="the race on every screen")
    scene_host, scene_ann, scene_bob = (a.stack.top for a in apps)
    nw.run(apps, lambda: len(scene_host.race.choices) >= 6, events=nw.answer_by_enter, what="a few choices")
    # Ann leaves the race (the pause menu's last item)
    nw.step(ann, [nw.key(pygame.K_ESCAPE)])
    assert ann.stack.top.group.widgets[-1].label == "Leave the race"
    nw.step(ann, [nw.key(pygame.K_UP), nw.key(pygame.K_RETURN)])
    assert isinstance(ann.stack.top, TitleScene)
    nw.run(
        [host, bob],
        lambda: (
            scene_bob.seats.tags(scene_bob.race).get(0, ("",))[0] == "disconnected"
            and scene_host.seats.tags(scene_host.race).get(0, ("",))[0] == "disconnected, computer plays"
        ),
        events=nw.answer_by_enter,
        what="Ann shown as disconnected on the host's and Bob's screens",
    )
    # the room's takeover clock: a computer racer plays for her (nobody else answers her decisions now)
    nw.run([host, bob], lambda: scene_host.race.pending.racer == 0, events=nw.answer_by_enter, what="Ann's turn")
    hers = len(scene_host.race.choices)
    nw.run([host, bob], lambda: len(scene_host.race.choices) > hers, events=nw.answer_by_enter, what="Ann played for")
    assert "Ann is disconnected" in scene_host.seats.notice(scene_host.race)
    assert "Ann is disconnected" in scene_bob.seats.notice(scene_bob.race)
    assert scene_host.seats.computer_plays(scene_host.race, 0)  # the host's screen: "Ann is thinking…"
    assert not scene_bob.seats.computer_plays(scene_bob.race, 0)  # a friend's: "Waiting for Ann…", as ever
    played = len(scene_host.race.choices)
    nw.run([host, bob], lambda: len(scene_host.race.choices) >= played + 8, events=nw.answer_by_enter)
    # a stranger with her name and the room code, from another computer: refused, her seat waits for its key
    stranger = nw.window()
    refused = nw.join(stranger, [host, stranger, bob], port, lobby.code, "Ann")
    assert refused.state == "form" and "only the computer that took it can take it back" in refused.message
    # Ann joins again from a new window of her computer (its settings keep her seat's key): back into the race
    again = nw.window()
    again.settings.seat_keys = dict(ann.settings.seat_keys)
    assert len(again.settings.seat_keys) == 1
    apps = [host, again, bob]
    nw.join(again, apps, port, lobby.code, "Ann")
    nw.run(apps, lambda: isinstance(again.stack.top, RaceScene), what="Ann back in the race")
    scene_again = again.stack.top
    assert scene_again.seats.follower.seat == 0
    assert scene_again.playback.turn_shown == scene_again.race.turn > 1  # the race as it is now, not from turn 1
    assert len(scene_again.playback.queue) < 40
    nw.run(apps, lambda: 0 not in scene_host.seats.follower.away, what="the host seeing Ann back")
    assert scene_host.seats.tags(scene_host.race)[0][0] == "friend"
    nw.run(
        apps,
        lambda: all(isinstance(a.stack.top, ResultsScene) for a in apps),
        events=nw.answer_by_enter,
        seconds=240,
        what="every results screen",
    )
    assert standings(host) == standings(again) == standings(bob)


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_the_host_quitting_tells_the_friend_in_one_sentence_and_the_race_is_kept(folder, monkeypatch):
    port = nw.free_port()
    host, friend = nw.window(port), nw.window()
    apps = [host, friend]
    lobby = nw.start_hosting(host, ["here", "friend"], turns=6)
    nw.join(friend, apps, port, lobby.code, "Bob", lobby=lobby)
    lobby.start()
    nw.run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), what="the race on both screens")
    scene_host, scene_friend = host.stack.top, friend.stack.top
    nw.run(apps, lambda: len(scene_host.race.choices) >= 10, events=nw.answer_by_enter, what="ten choices")
    # the host saves and quits: his save is an ordinary race, Bob's racer saved as a computer racer
    nw.step(host, [nw.key(pygame.K_ESCAPE)])
    nw.step(host, [nw.key(pygame.K_UP), nw.key(pygame.K_RETURN)])
    asked = host.stack.top  # asked first: Bob would be disconnected (No is focused)
    assert (asked.question, asked.detail) == (
        "Save and quit?",
        "Your friend will be disconnected; Resume… opens the room again.",
    )
    nw.step(host, [nw.key(pygame.K_RETURN)])
    assert isinstance(host.stack.top, PauseScene)  # No: back to the pause menu, nobody disconnected
    nw.step(host, [nw.key(pygame.K_ESCAPE)])
    assert host.stack.top is scene_host and friend.stack.top is scene_friend
    nw.step(host, [nw.key(pygame.K_ESCAPE)])
    nw.step(host, [nw.key(pygame.K_UP), nw.key(pygame.K_RETURN)])
    nw.step(host, [nw.key(pygame.K_LEFT), nw.key(pygame.K_RETURN)])  # Yes
    assert isinstance(host.stack.top, TitleScene)
    (game,) = host.stack.top.games  # a game in progress of the list, said to be the host's network race
    assert game.summary["network"] == "host"
    saved, problem = userdata.load_race(session.FOLDER, game.path)
    assert problem is None and saved is not None
    assert [r.setup.bot for r in saved.race.racers] == [None, "normal"]
    assert saved.race.choices == scene_host.race.choices
    # the friend is told in one sentence, and may keep the race
    monkeypatch.setenv("XDG_DATA_HOME", str(folder / "friend"))
    nw.run([friend], lambda: isinstance(friend.stack.top, HostLeftScene), what="the friend told")
    told = friend.stack.top
    assert told.reason == "The host has left the race."
    assert [w.label for w in told.group.widgets][:2] == ["Keep it as a game in progress", "Keep it as a replay"]
    nw.step(friend, [nw.key(pygame.K_RETURN)])
    assert told.kept == "Kept: it is in Resume… on the title screen, with your other games in progress."
    nw.step(friend, [nw.key(pygame.K_RETURN)])  # kept again: the same game, not two
    nw.step(friend, [nw.key(pygame.K_DOWN), nw.key(pygame.K_RETURN)])
    assert told.kept.startswith("Kept in Replays: ") and "/" not in told.kept  # (its name, not a path)
    (game,) = session.games()[0]  # a game in progress of the list, said to be kept from a friend's race
    assert game.summary["network"] == "friend"
    kept, problem = userdata.load_race(session.FOLDER, game.path)
    assert problem is None and kept is not None
    race = kept.race
    assert [r.setup.bot for r in race.racers] == ["normal", None]  # Bob plays on against a computer racer
    assert race.choices == scene_friend.race.choices
    assert [(r.square, r.points) for r in race.racers] == [(r.square, r.points) for r in scene_friend.race.racers]
    replays = list((folder / "friend" / "fantasy-racing" / "replays").glob("*.json"))
    assert len(replays) == 1 and check(parse(replays[0].read_text())).ok
    # the title resumes it, and it plays to its end at this screen
    nw.step(friend, [nw.key(pygame.K_DOWN), nw.key(pygame.K_DOWN), nw.key(pygame.K_RETURN)])
    assert isinstance(friend.stack.top, TitleScene)
    assert [g.path for g in friend.stack.top.games] == [game.path]
    nw.step(friend, [nw.key(pygame.K_RETURN)])  # Resume…: the games in progress
    nw.step(friend, [nw.key(pygame.K_RETURN)])
    nw.run(
        [friend],
        lambda: isinstance(friend.stack.top, ResultsScene),
        events=nw.answer_by_enter,
        seconds=120,
        what="the kept race finished",
    )


def test_the_join_screen_says_what_is_wrong_in_one_sentence(folder):
    port = nw.free_port()
    host, friend = nw.window(port), nw.window()
    apps = [host, friend]
    lobby = nw.start_hosting(host, ["friend", "here"])
    joining = friend.stack.push(JoinScene())
    nw.step(friend)

    def attempt(address, code, name):
        joining.address, joining.code, joining.name = address, code, name
        joining.connect()
        nw.run(apps, lambda: joining.state in ("form", "lobby"), what="an answer")
        message = joining.message
        if joining.state != "form":
            joining.disconnect()
        return message

    assert attempt("", "X", "Bob") == "Type the host's address, such as 192.168.1.20:47810."
    assert attempt("a b:1", "X", "Bob").startswith("“a b:1” is not an address")
    assert attempt("127.0.0.1:99999", "X", "Bob").startswith("“127.0.0.1:99999” is not an address")
    assert attempt(f"127.0.0.1:{port}", "", "Bob") == "Type the room code the host's screen shows."
    assert attempt(f"127.0.0.1:{port}", "X", " ").startswith("Type your name")
    nobody = nw.free_port()
    assert attempt(f"127.0.0.1:{nobody}", "X", "Bob") == (
        f"No race answers at 127.0.0.1:{nobody}: check the address, and that the host is hosting."
    )
    assert attempt(f"127.0.0.1:{port}", "WRONG", "Bob") == "The host refused: this is not the room code of his race."
    assert attempt(f"127.0.0.1:{port}", lobby.code, "Hosta") == (
        "The host refused: someone with this name is already in the race. Choose another name."
    )
    assert attempt(f"127.0.0.1:{port}", lobby.code, "Bob") == ""  # in the lobby at last
    assert "Traceback" not in (joining.message or "")


def test_a_controller_types_the_address_on_the_screens_keyboard(folder):
    friend = nw.window()
    joining = friend.stack.push(JoinScene())
    nw.step(friend)
    typing = joining.group.widgets[1]  # "Type…" beside the address
    assert typing.label == "Type…"
    joining.group.focus_on(typing)
    nw.step(friend, [nw.key(pygame.K_RETURN)])  # a controller's A
    keyboard = friend.stack.top
    assert isinstance(keyboard, KeyboardScene)
    # row 0 holds the digits: 1 then Right to 2, Enter on each
    keyboard.row, keyboard.col = 0, 0
    nw.step(friend, [nw.key(pygame.K_RETURN), nw.key(pygame.K_RIGHT), nw.key(pygame.K_RETURN)])
    nw.step(friend, [nw.key(pygame.K_DOWN)] * 3 + [nw.key(pygame.K_LEFT)] * 4)  # to ":", on the last row of letters
    nw.step(friend, [nw.key(pygame.K_RETURN)])
    assert joining.address.endswith("12:")
    nw.step(friend, [nw.key(pygame.K_DOWN), nw.key(pygame.K_LEFT), nw.key(pygame.K_RETURN)])  # Done, then "/"
    assert joining.address.endswith("12:/")  # (an invite: race.example.org/KZWX-4242)
    nw.step(friend, [nw.key(pygame.K_ESCAPE)])  # a controller's B: back to the form
    assert friend.stack.top is joining


def test_the_host_lobby_says_so_when_its_port_is_taken(folder):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        host = nw.window(port)
        lobby = host.stack.push(HostScene(nw.host_setup(["here", "friend"])))
        nw.run([host], lambda: bool(lobby.failed), seconds=15, what="the host's failure told")
        assert lobby.failed.startswith(f"This computer cannot host on port {port}")
        lobby.start()
        assert host.stack.top is lobby and lobby.message == lobby.failed


def test_a_friend_seated_after_the_host_started_is_told_there_is_no_seat_for_him(folder):
    """The host presses Start while his lobby still shows the seat open (the friend's take is on its
    way): the seat goes to a computer racer, and the friend is told so in one sentence."""
    port = nw.free_port()
    host, friend = nw.window(port), nw.window()
    apps = [host, friend]
    lobby = nw.start_hosting(host, ["here", "friend"])
    joining = nw.join(friend, apps, port, lobby.code, "Bob", lobby=lobby)
    lobby.seats[1] = {**lobby.seats[1], "name": "", "connected": False}  # what his screen showed a moment ago
    lobby.start()
    nw.run(apps, lambda: joining.state == "form" and isinstance(host.stack.top, RaceScene), what="the friend told")
    assert joining.message == "The race has started without a seat for you."
    race = host.stack.top.race
    assert race.racers[1].setup.bot == "normal"


@pytest.mark.slow  # a whole network race between windows, saved and resumed half way
def test_a_host_saves_and_quits_resumes_from_the_title_and_his_friend_takes_his_seat_back(folder):
    """The host saves and quits with a friend connected (asked first); the friend is told. The host
    resumes the race from the title: the same room opens again with the same code. The friend joins
    again with the same code and name, takes his seat back, and the race finishes with the same
    standings on both screens."""
    port = nw.free_port()
    host, friend = nw.window(port), nw.window()
    apps = [host, friend]
    lobby = nw.start_hosting(host, ["here", "friend", "easy"], turns=5)
    code = lobby.code
    nw.join(friend, apps, port, code, "Bob", lobby=lobby)
    lobby.start()
    nw.run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), what="the race on both screens")
    scene_host = host.stack.top
    nw.run(apps, lambda: len(scene_host.race.choices) >= 12, events=nw.answer_by_enter, what="twelve choices")
    nw.step(host, [nw.key(pygame.K_ESCAPE)])
    nw.step(host, [nw.key(pygame.K_UP), nw.key(pygame.K_RETURN)])
    assert host.stack.top.question == "Save and quit?"
    nw.step(host, [nw.key(pygame.K_LEFT), nw.key(pygame.K_RETURN)])  # Yes
    saved_choices = list(scene_host.race.choices)
    assert isinstance(host.stack.top, TitleScene)
    (game,) = host.stack.top.games
    assert (game.summary["network"], game.summary["code"]) == ("host", code)
    nw.run([friend], lambda: isinstance(friend.stack.top, HostLeftScene), what="the friend told")
    # the host resumes it: Resume…, then the game (the latest): the room opens again, the race goes on
    nw.step(host, [nw.key(pygame.K_RETURN)])
    nw.step(host, [nw.key(pygame.K_RETURN)])
    nw.run([host], lambda: isinstance(host.stack.top, RaceScene), what="the reopened race on the host's screen")
    resumed = host.stack.top
    assert resumed.seats.hosting.code == code and resumed.seats.hosting.port == port  # the same room
    assert resumed.race.choices[: len(saved_choices)] == saved_choices
    assert resumed.session.path == game.path  # the same game of the list goes on
    nw.run([host], lambda: 1 in resumed.seats.follower.away, what="Bob shown away")
    # Bob joins again with the same code and name (his screen's "Join again"), and takes his seat back
    told = friend.stack.top
    assert told.rejoin["code"] == code and told.rejoin["name"] == "Bob"
    told.join_again()
    nw.run(apps, lambda: isinstance(friend.stack.top, RaceScene), what="Bob back in the race")
    back = friend.stack.top
    assert back.seats.follower.seat == 1
    nw.run(apps, lambda: 1 not in resumed.seats.follower.away, what="Bob back on the host's screen")
    sent = []
    submit = back.seats.submit
    back.seats.submit = lambda race, option: sent.append(option) or submit(race, option)
    nw.run(
        apps,
        lambda: isinstance(host.stack.top, ResultsScene) and isinstance(friend.stack.top, ResultsScene),
        events=nw.answer_by_enter,
        seconds=240,
        what="both results screens",
    )
    assert sent, "Bob answered none of his decisions after he came back"
    assert standings(host) == standings(friend)
    done = host.stack.top.race
    assert done.choices[: len(saved_choices)] == saved_choices and done.choices == friend.stack.top.race.choices
    assert check(parse(record(done))).ok
    assert session.games() == ([], "")  # finished: the game left the list, its replay kept


@pytest.mark.slow  # a network race between windows, to a choice taken back
def test_a_choice_taken_back_before_any_reveal_is_shown_on_every_window_and_after_a_roll_refused(folder):
    port = nw.free_port()
    host, friend = nw.window(port), nw.window()
    apps = [host, friend]
    lobby = nw.start_hosting(host, ["here", "friend", "normal"])
    nw.join(friend, apps, port, lobby.code, "Bob", lobby=lobby)
    lobby.start()
    nw.run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), what="the race on both screens")
    scenes = {app: app.stack.top for app in apps}

    def deciding(app):
        return scenes[app].panel is not None and not scenes[app].busy

    # the first decision of a person follows his roll: U is refused in one sentence, nothing is sent
    nw.run(apps, lambda: any(deciding(a) for a in apps), what="a person deciding")
    first = scenes[next(a for a in apps if deciding(a))]
    count = len(first.race.choices)
    nw.step(next(a for a in apps if scenes[a] is first), [nw.key(pygame.K_u)])
    assert first.takeback.said == "Nothing to take back: chance spoke since (a roll, a chest or a fight's die)."
    assert len(first.race.choices) == count and first.seats.sent is None
    # played on (Enter) until a person decides again after a choice of his that showed nothing
    nw.run(apps, lambda: any(scenes[a].can_take_back() for a in apps), events=nw.answer_by_enter, what="a quiet choice")
    mover = next(a for a in apps if scenes[a].can_take_back())
    other = scenes[friend if mover is host else host]
    count, racer, option = (
        len(scenes[mover].race.choices),
        scenes[mover].race.pending.racer,
        scenes[mover].race.choices[-1],
    )
    nw.step(mover, [nw.key(pygame.K_u)])
    nw.run(
        apps,
        lambda: all(scenes[a].seats.follower.took and len(scenes[a].race.choices) == count - 1 for a in apps),
        what="the race taken back on both screens",
    )
    # both show the race as it is again (the same choices, his decision pending), each with its line
    for app in apps:
        race = scenes[app].race
        assert race is scenes[app].session.race is scenes[app].playback.race
        assert race.choices == scenes[host].race.choices and race.pending == scenes[host].race.pending
        assert race.pending.racer == racer
    assert scenes[mover].takeback.said == "Choice taken back: choose again."
    label = words.option_label(other.race.pending, option, other.race)
    name = other.race.racers[racer].name
    assert other.takeback.said == f"{name} took a choice back ({label}): he chooses again."
    # his decision is asked again on his screen, and the race goes on from there, the same on both
    nw.run(apps, lambda: deciding(mover), what="the decision asked again")
    nw.run(
        apps, lambda: len(scenes[host].race.choices) > count + 2, events=nw.answer_by_enter, what="the race going on"
    )
    nw.run(
        apps, lambda: scenes[friend].race.choices[: count + 2] == scenes[host].race.choices[: count + 2], what="both"
    )


@pytest.mark.parametrize("why", ["chance", "not_yours", "too_many"])
def test_the_hosts_refusal_of_a_take_back_is_said_in_one_line_and_the_decision_comes_back(why):
    from game.net.client import Follower
    from scenes.bridges.link import Link
    from scenes.core.i18n import t

    class Shown:  # the race scene, as the seats see it
        def __init__(self):
            self.lines = []

        def taken_back(self, race, line):
            self.lines.append((race, line))

    seats, scene = FriendSeats(Link(None, Follower()), rejoin={}), Shown()
    seats.sent = 7  # the take-back asked at decision 7: nothing is chosen here meanwhile
    seats.heard(scene, {"type": "refused", "why": why})
    assert scene.lines == [(None, t(f"undo.refused.{why}"))] and seats.sent is None
    assert scene.lines[0][1].startswith("Refused: ") and "\n" not in scene.lines[0][1]
