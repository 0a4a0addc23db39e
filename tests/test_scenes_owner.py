"""The owner's powers from a window (docs/network.md, *The owner key*): where the host's seat is not in a
window (`serve`), a window given the owner key on the Join screen watches the race and, with F, removes
a friend from his seat, as orders the host checks against its secret; a window with a wrong key is
refused in the host's sentence and changes nothing; a window without one is offered nothing.

The same through a relay's room (`serve --relay`), the window joining with the invite. Headless windows driven
by events, a `serve` host (and a relay) on 127.0.0.1 on loops of their own; every wait bounded
(tests/netwindows.py)."""

from __future__ import annotations

import pygame
import pytest

from game.net.host import Host, Seat
from game.net.protocol import room_code
from game.net.server import Server
from scenes.bridges.network import Background
from scenes.core import boards
from scenes.core.i18n import t
from scenes.race.scene import RaceScene
from scenes.screens.friends import FriendsScene
from scenes.screens.join import JoinScene
from scenes.screens.question import QuestionScene
from tests.netwindows import answer_by_enter, join, key, run, step, typed, window


class Served:
    """`serve`'s host on 127.0.0.1, on a loop of its own: two friends' seats and a computer racer."""

    def __init__(self) -> None:
        self.background = Background("test-serve")
        seats = [Seat("friend"), Seat("friend"), Seat("bot", bot="easy", name="Bot", character="orc")]
        self.host = Host(boards.practice_board(), 5, seats, room_code(), 7, takeover=60, takeover_level="easy")
        self.server = Server([self.host])
        self.port = self.background.run(self.server.listen("127.0.0.1", 0)).result(10)
        self.background.run(self.host.run(120))

    def end(self) -> None:
        self.background.end(self.server.stop())
        self.background.join(5)


@pytest.fixture
def served(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    on_loop = Served()
    yield on_loop
    on_loop.end()


def click(app, widget) -> None:
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=widget.rect.center, button=1)])


def watching_window(apps, served: Served, owner_key: str, invite: str = ""):
    """A window that types the address (or `invite`), the code, its name and `owner_key` (if any), then
    clicks Watch."""
    app = window()
    apps.append(app)
    scene = app.stack.push(JoinScene())
    step(app)
    for field, words in (
        (scene.address_field, invite or f"127.0.0.1:{served.port}"),
        (scene.code_field, served.host.code),
        (scene.name_field, "Owner"),
        (scene.owner_field, owner_key),
    ):
        click(app, field)
        step(app, typed(words))
    watch = next(w for w in scene.group.widgets if getattr(w, "label", "") == t("join.watch"))
    click(app, watch)
    run(apps, lambda: scene.state == "watching", what="the window watching the lobby")
    return app, scene


def remove_with_f(app, apps, seat: int) -> FriendsScene:
    """F over the race, then Remove on the friend's row, then Yes."""
    step(app, [key(pygame.K_f, "f")])
    friends = app.stack.top
    assert isinstance(friends, FriendsScene)
    rows = [index for index, _ in friends.rows()]
    click(app, friends.group.widgets[2 * rows.index(seat)])
    assert isinstance(app.stack.top, QuestionScene)
    step(app, [key(pygame.K_LEFT), key(pygame.K_RETURN)])  # Yes
    assert isinstance(app.stack.top, RaceScene)  # (the race log says the host's answer)
    return friends


def test_a_window_with_the_owner_key_removes_a_friend_from_a_serve_race_and_one_with_a_wrong_key_is_refused(served):
    apps: list = []
    owner, owner_join = watching_window(apps, served, served.host.owner_key)
    wrong, _ = watching_window(apps, served, "0" * 32)
    keyless, keyless_join = watching_window(apps, served, "")
    assert keyless_join.link is not None and not keyless_join.link.owns
    assert not any(getattr(w, "label", "") == t("host.start") for w in keyless_join.group.widgets)
    assert any(getattr(w, "label", "") == t("host.start") for w in owner_join.group.widgets)
    ann, bob = window(), window()
    apps += [ann, bob]
    join(ann, apps, served.port, served.host.code, "Ann")
    join(bob, apps, served.port, served.host.code, "Bob")  # every seat taken: serve starts
    run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), events=answer_by_enter, what="the race")

    refused = remove_with_f(wrong, apps, 1)
    run(apps, lambda: bool(refused.link.follower.answer), events=answer_by_enter, what="the host's answer")
    assert refused.link.follower.answer == "a wrong owner key: nothing was changed"
    assert served.host.seats[1].client is not None and not served.host.seats[1].removed

    step(keyless, [key(pygame.K_f, "f")])
    assert isinstance(keyless.stack.top, RaceScene)  # no owner's hand without the key

    friends = remove_with_f(owner, apps, 1)
    run(apps, lambda: bool(friends.link.follower.answer), events=answer_by_enter, what="the host's answer")
    assert friends.link.follower.answer == "Bob was removed from seat 2"
    race = owner.stack.top
    assert any(
        line.text == t("net.host_answer", said="Bob was removed from seat 2") for line in race.playback.log.lines
    )
    run(apps, lambda: type(bob.stack.top).__name__ == "HostLeftScene", events=answer_by_enter, what="Bob told")
    assert bob.stack.top.reason == t("net.removed")
    assert served.host.seats[1].removed and served.host.decider(1) == "easy"
    run(apps, lambda: 1 in owner_join.link.follower.away, events=answer_by_enter, what="Bob shown gone")


def test_a_spectators_join_again_watches_again_and_takes_no_seat(served):
    apps: list = []
    watcher, _ = watching_window(apps, served, "")
    ann, bob = window(), window()
    apps += [ann, bob]
    join(ann, apps, served.port, served.host.code, "Ann")
    join(bob, apps, served.port, served.host.code, "Bob")
    run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), events=answer_by_enter, what="the race")
    race = watcher.stack.top
    assert race.seats.follower.seat is None and race.seats.rejoin.get("watch")
    race.seats.leave()
    watcher.stack.push(watcher.stack.make("host_left", race.race, "gone", None, race.seats.rejoin))
    step(watcher)
    step(watcher, [key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN)])  # Join again
    run(
        apps,
        lambda: isinstance(watcher.stack.top, RaceScene) and watcher.stack.top is not race,
        events=answer_by_enter,
        what="the spectator back in the race",
    )
    assert watcher.stack.top.seats.follower.seat is None and not watcher.stack.top.seats.talks
    assert [seat.name for seat in served.host.seats[:2]] == ["Ann", "Bob"]
    assert all(seat.client is not None for seat in served.host.seats[:2])


def test_the_owners_window_sets_the_turn_clock_and_starts_a_serve_race_with_a_seat_still_open(served):
    apps: list = []
    owner, owner_join = watching_window(apps, served, served.host.owner_key)
    ann = window()
    apps.append(ann)
    join(ann, apps, served.port, served.host.code, "Ann")
    clock = next(w for w in owner_join.group.widgets if getattr(w, "label", "") == t("host.clock"))
    owner_join.group.focus_on(clock)
    step(owner, [key(pygame.K_RIGHT)])  # 60 -> 120 seconds
    run(apps, lambda: owner_join.follower.lobby["clock"] == 120, what="the lobby's clock as the owner set it")
    assert served.host.clock == 120 and owner_join.message == t("net.host_answer", said="the turn clock is 120 seconds")
    start = next(w for w in owner_join.group.widgets if getattr(w, "label", "") == t("host.start"))
    click(owner, start)
    run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), events=answer_by_enter, what="the race")
    assert served.host.seats[1].kind == "bot" and served.host.seats[0].name == "Ann"


class ThroughRelay(Served):
    """`serve --relay`'s host: its room on a relay of the test (both on 127.0.0.1, on loops of their own)."""

    def __init__(self) -> None:
        from test_scenes_relay import OnLoop

        from game.net.invite import parse_relay
        from game.net.relayed import serve_through
        from game.rules import seeds

        self.relay = OnLoop()
        self.background = Background("test-serve-relay")
        seats = [Seat("friend"), Seat("friend"), Seat("bot", bot="easy", name="Bot", character="orc")]
        self.host = Host(boards.practice_board(), 5, seats, room_code(), 7, takeover=60, takeover_level="easy")
        where = parse_relay(f"ws://127.0.0.1:{self.relay.port}")
        self.background.run(serve_through([self.host], where, [seeds.owner_secret(7, self.host.code)], timeout=120))
        self.invite = f"ws://127.0.0.1:{self.relay.port}/{self.host.code[:4]}-{self.host.code[4:]}"
        self.port = self.relay.port

    def end(self) -> None:
        self.background.end()
        self.background.join(5)
        self.relay.background.end(self.relay.server.stop())
        self.relay.background.join(5)


@pytest.mark.slow
def test_the_owner_key_removes_a_friend_of_a_room_on_a_relay_from_a_window_that_joined_with_the_invite(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    relayed = ThroughRelay()
    try:
        apps: list = []
        run([], lambda: relayed.host.code in relayed.relay.server.rooms, seconds=15, what="the room on the relay")
        owner, _ = watching_window(apps, relayed, relayed.host.owner_key, invite=relayed.invite)
        for name in ("Ann", "Bob"):
            friend, _ = watching_window(apps, relayed, "", invite=relayed.invite)
            scene = friend.stack.top
            scene.disconnect()  # (from watching to a seat: the same invite, Connect)
            scene.name_field.value = scene.name = name
            scene.connect()
            run(apps, lambda scene=scene: scene.state == "lobby", what=f"{name} in the lobby")
            scene.take()
            run(apps, lambda scene=scene: scene.state == "seated", what=f"{name} seated")
        bob = apps[-1]
        run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), events=answer_by_enter, what="race")
        friends = remove_with_f(owner, apps, 1)
        run(apps, lambda: bool(friends.link.follower.answer), events=answer_by_enter, what="the host's answer")
        assert friends.link.follower.answer == "Bob was removed from seat 2"
        run(apps, lambda: type(bob.stack.top).__name__ == "HostLeftScene", events=answer_by_enter, what="Bob told")
        assert relayed.host.seats[1].removed
    finally:
        relayed.end()
