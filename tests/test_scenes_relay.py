"""The window and a relay (headless, on 127.0.0.1): the host's lobby offers *On the internet (invite)*
beside *On this network*, shows the invite once the relay opened the room (Copy puts it on the
clipboard), a friend's window joins with the pasted invite alone and the race goes to its end on both;
without a relay in the settings the lobby says in one sentence what a relay is and where the README
explains running one."""

from __future__ import annotations

import json

import pygame
import pytest

from game.net.relay import Relay
from scenes.bridges.network import Background, Connection
from scenes.race.scene import RaceScene
from scenes.screens.join import JoinScene
from scenes.screens.results import ResultsScene
from scenes.ui.editing import clipboard_text
from tests.netwindows import answer_by_enter, key, run, start_hosting, step, window

pytestmark = pytest.mark.slow  # two windows and a relay racing


class OnLoop:
    """A relay on 127.0.0.1 on a loop of its own: its port, and `drop_host(code)` (the line of a room's
    host to the relay drops)."""

    def __init__(self) -> None:
        self.background = Background("test-relay")
        self.server = Relay()
        self.port = self.background.run(self.server.listen("127.0.0.1", 0)).result(10)

    def drop_host(self, code: str) -> None:
        self.background.run(self.server.rooms[code].host.close()).result(10)


@pytest.fixture
def relay(tmp_path, monkeypatch):
    """A relay for the test (the windows' data in a folder of the test)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    on_loop = OnLoop()
    yield on_loop
    on_loop.background.end(on_loop.server.stop())
    on_loop.background.join(5)


def choose_reach(scene, reach: str) -> None:
    choice = scene.group.widgets[0]
    choice.index = ["network", "internet"].index(reach)
    scene.reach.set_reach(reach)


def test_a_host_window_invites_a_friends_window_through_the_relay_and_they_race_to_the_end(relay):
    host = window()
    host.settings.relay = f"ws://127.0.0.1:{relay.port}"
    friend = window(language="fr")
    apps = [host, friend]
    lobby = start_hosting(host, ["here", "friend"], turns=5)
    choose_reach(lobby, "internet")
    run(apps, lambda: bool(lobby.reach.invite) or bool(lobby.reach.problem), seconds=15, what="the invite")
    invite = lobby.reach.invite
    assert invite == f"ws://127.0.0.1:{relay.port}/{lobby.code[:4]}-{lobby.code[4:]}", lobby.reach.problem
    copy = next(w for w in lobby.group.widgets if getattr(w, "action", None) == lobby.reach.copy)
    copy.activate()
    assert clipboard_text() == invite and lobby.reach.copied
    joining = friend.stack.push(JoinScene())
    step(friend)
    joining.address_field.value = joining.address = clipboard_text()  # pasted: the code field left empty
    joining.code_field.value = joining.code = ""
    joining.name_field.value = joining.name = "Zoé"
    joining.connect()
    run(apps, lambda: joining.state == "lobby" or bool(joining.message), what="the host's lobby, through the relay")
    assert joining.state == "lobby", joining.message
    joining.take()
    run(apps, lambda: any(s.get("name") == "Zoé" for s in lobby.seats), what="the friend in his seat")
    hello = {"type": "hello", "code": lobby.code, "name": "Eve", "watch": True}  # a spectator with the invite
    spectator = Connection(f"127.0.0.1:{relay.port}", hello, url=f"ws://127.0.0.1:{relay.port}/{lobby.code}")
    watcher = window(language="fr")  # and one in a window: Watch instead of Connect
    watching = watcher.stack.push(JoinScene())
    step(watcher)
    watching.address_field.value = watching.address = invite
    watching.name_field.value = watching.name = "Cy"
    watching.connect(watch=True)
    run([*apps, watcher], lambda: lobby.watching == 2, what="the lobby counting its spectators")
    assert watching.state == "watching" and watching.follower.seat is None
    lobby.start()
    run(
        [*apps, watcher],
        lambda: all(isinstance(app.stack.top, RaceScene) for app in [*apps, watcher]),
        what="the race on the three windows",
    )
    assert not watcher.stack.top.seats.talks  # a spectator sends no quick message
    apps.append(watcher)
    step(host, [key(pygame.K_q)])  # the host's quick messages, then 1: "Good luck!"
    assert host.stack.top.__class__.__name__ == "QuickScene"
    step(host, [key(pygame.K_1)])
    said = "Hosta : Bonne chance !"  # read in the French friend's language
    run(apps, lambda: said in friend.stack.top.playback.log.texts(), what="the quick message on the friend's log")
    run(apps, lambda: said in watcher.stack.top.playback.log.texts(), what="the quick message on the spectator's")
    assert friend.stack.top.seats.tags(friend.stack.top.race)[0][0] == "« Bonne chance ! »"
    run(
        apps,
        lambda: all(isinstance(app.stack.top, ResultsScene) for app in apps),
        events=answer_by_enter,
        seconds=120,
        what="the race's end on both windows",
    )
    standings = [
        [(place, app.stack.top.race.racers[i].name, points) for place, i, points in app.stack.top.race.standings()]
        for app in apps
    ]
    assert standings[0] == standings[1] and "Zoé" in {name for _, name, _ in standings[0]}
    seen = []
    run(apps, lambda: seen.append(spectator.get()) or (seen[-1] is not None and seen[-1][0] == "closed"), seconds=10)
    kinds = [json.loads(data)["type"] for kind, data in seen if kind == "message"]
    assert kinds[0] == "lobby" and "start" in kinds and "over" in kinds and not {"welcome", "ask"} & set(kinds)
    spectator.close()


def test_without_a_relay_the_lobby_says_what_a_relay_is_and_where_the_readme_explains_it():
    host = window()
    host.settings.relay = ""
    lobby = start_hosting(host, ["here", "friend"], turns=5)
    choose_reach(lobby, "internet")
    assert "relay is a small server" in lobby.reach.problem and "README" in lobby.reach.problem
    host.settings.relay = "ftp://nowhere"
    lobby.reach.relay_setting = host.settings.relay
    lobby.reach._register()
    assert "is not a relay's address" in lobby.reach.problem


def test_a_friends_window_joins_again_by_itself_when_the_hosts_line_to_the_relay_drops(relay):
    host = window()
    host.settings.relay = f"ws://127.0.0.1:{relay.port}"
    friend = window()
    apps = [host, friend]
    lobby = start_hosting(host, ["here", "friend"], turns=5)
    choose_reach(lobby, "internet")
    run(apps, lambda: bool(lobby.reach.invite), seconds=15, what="the invite")
    joining = friend.stack.push(JoinScene())
    step(friend)
    joining.address_field.value = joining.address = lobby.reach.invite
    joining.name_field.value = joining.name = "Zoé"
    joining.connect()
    run(apps, lambda: joining.state == "lobby", what="the host's lobby, through the relay")
    joining.take()
    run(apps, lambda: any(s.get("name") == "Zoé" for s in lobby.seats), what="the friend in his seat")
    lobby.start()
    run(apps, lambda: all(isinstance(app.stack.top, RaceScene) for app in apps), what="the race on both windows")
    first = friend.stack.top
    run(apps, lambda: len(host.stack.top.race.choices) > 6, events=answer_by_enter, what="a few choices")
    relay.drop_host(lobby.code)
    run(
        apps,
        lambda: isinstance(friend.stack.top, RaceScene) and friend.stack.top is not first,
        events=answer_by_enter,
        seconds=30,
        what="the friend back in his seat, by himself",
    )
    assert friend.stack.top.seats.follower.seat == 1
    run(
        apps,
        lambda: all(isinstance(app.stack.top, ResultsScene) for app in apps),
        events=answer_by_enter,
        seconds=120,
        what="the race's end on both windows",
    )
    standings = [[(p, i, n) for p, i, n in app.stack.top.race.standings()] for app in apps]
    assert standings[0] == standings[1]


def test_a_race_hosted_through_a_relay_resumed_from_its_save_registers_the_same_invite_again(relay):
    from scenes.screens.netplay import HostLeftScene
    from scenes.screens.title import TitleScene

    host = window()
    host.settings.relay = f"ws://127.0.0.1:{relay.port}"
    friend = window()
    apps = [host, friend]
    lobby = start_hosting(host, ["here", "friend", "easy"], turns=5)
    choose_reach(lobby, "internet")
    run(apps, lambda: bool(lobby.reach.invite), seconds=15, what="the invite")
    invite = lobby.reach.invite
    joining = friend.stack.push(JoinScene())
    step(friend)
    joining.address_field.value = joining.address = invite
    joining.name_field.value = joining.name = "Bob"
    joining.connect()
    run(apps, lambda: joining.state == "lobby", what="the host's lobby, through the relay")
    joining.take()
    run(apps, lambda: any(s.get("name") == "Bob" for s in lobby.seats), what="the friend in his seat")
    lobby.start()
    run(apps, lambda: all(isinstance(app.stack.top, RaceScene) for app in apps), what="the race on both windows")
    run(apps, lambda: len(host.stack.top.race.choices) >= 8, events=answer_by_enter, what="eight choices")
    step(host, [key(pygame.K_ESCAPE)])  # pause menu, Save and quit, Yes
    step(host, [key(pygame.K_UP), key(pygame.K_RETURN)])
    step(host, [key(pygame.K_LEFT), key(pygame.K_RETURN)])
    assert isinstance(host.stack.top, TitleScene)
    run([friend], lambda: isinstance(friend.stack.top, HostLeftScene), what="the friend told the host left")
    friend.stack.top.join_again()  # before the host is back: the relay says so, his window tries again
    step(host, [key(pygame.K_RETURN)])  # Resume…, the latest game
    step(host, [key(pygame.K_RETURN)])
    run(apps, lambda: isinstance(host.stack.top, RaceScene), what="the resumed race on the host's window")
    hosting = host.stack.top.seats.hosting
    run(apps, lambda: relay.server.rooms[hosting.code].host is not None, seconds=15, what="the room again")
    assert f"{relay.port}/{hosting.code[:4]}-{hosting.code[4:]}" in invite  # the same invite
    run(
        apps,
        lambda: isinstance(friend.stack.top, RaceScene) and friend.stack.top.seats.follower.seat == 1,
        events=answer_by_enter,
        seconds=60,
        what="Bob back in his seat with the same invite",
    )
    run(
        apps,
        lambda: all(isinstance(app.stack.top, ResultsScene) for app in apps),
        events=answer_by_enter,
        seconds=120,
        what="the race's end on both windows",
    )
    standings = [[(p, i, n) for p, i, n in app.stack.top.race.standings()] for app in apps]
    assert standings[0] == standings[1]
