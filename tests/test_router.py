"""The room's one router (game/net/router.py): each kind of client message to the room's method, the
owner's orders opened by the room's key whoever sends them, anything else refused in one sentence; the
transports use it (the WebSocket server's, the window host's own screen's)."""

from __future__ import annotations

import asyncio
import inspect
import json

import pytest

from game.net import days, local, router, server
from game.net.host import Host, Seat
from game.net.local import Screen
from game.net.protocol import CLIENT_MESSAGES, OWNER_ORDERS, ProtocolError
from game.net.router import ROUTES, Router
from scenes.bridges import link, network
from scenes.core import boards

CODE = "WLSNESTH"


def room() -> tuple[Host, Screen, list[dict]]:
    seats = [Seat("here", name="Hosta"), Seat("friend"), Seat("bot", bot="easy", name="Cy")]
    host = Host(boards.practice_board(), 5, seats, CODE, 7, auto_start=False)
    heard: list[dict] = []
    screen = Screen(host, lambda text: heard.append(json.loads(text)))
    return host, screen, heard


def test_every_kind_a_client_sends_has_one_route_and_each_transport_uses_the_router():
    assert set(ROUTES) == set(CLIENT_MESSAGES)
    for module in (server, local, days):  # (the relay's links are served by the WebSocket server: relayed.py)
        text = inspect.getsource(module)
        assert ".router." in text, module.__name__
        for method in ("host.choose(", "host.take_back(", "host.phrase(", "host.hello(", "host.take("):
            assert method not in text, f"{module.__name__} calls {method} past the router"
    for module in (network, link):  # the window's bridges: no order of the owner's called on the host
        text = inspect.getsource(module)
        for method in ("host.remove(", "host.release(", "host.start(", "host.set_clock(", "host.set_takeover("):
            assert method not in text, f"{module.__name__} calls {method} past the router"


def test_the_owners_orders_go_through_the_router_with_the_rooms_key_and_a_wrong_key_changes_nothing():
    async def scenario() -> None:
        host, screen, _ = room()
        route = host.router.route
        wrong = await route(screen, None, {"type": "owner", "key": "0" * 32, "order": "clock", "seconds": 30.0})
        assert wrong.wrong_key and not wrong.ordered and host.clock != 30.0
        assert wrong.said == "a wrong owner key: nothing was changed"
        key = host.owner_key
        done = await route(screen, None, {"type": "owner", "key": key, "order": "clock", "seconds": 30.0})
        assert done.ordered and host.clock == 30.0 and done.said == "the turn clock is 30 seconds"
        await route(screen, None, {"type": "owner", "key": key, "order": "takeover", "seconds": 5.0, "level": "hard"})
        assert (host.takeover, host.takeover_level) == (5.0, "hard")
        none = await route(screen, None, {"type": "owner", "key": key, "order": "takeover", "seconds": 5.0})
        assert not none.ordered and none.said == "a takeover order names no level"
        far = await route(screen, None, {"type": "owner", "key": key, "order": "remove", "seat": 4})
        assert not far.ordered and far.said == "seat 5 is not a seat of this room"
        started = await route(screen, None, {"type": "owner", "key": key, "order": "start", "given": [1]})
        assert started.ordered and host.go.is_set() and host.given == [1]
        again = await route(screen, None, {"type": "owner", "key": key, "order": "start"})
        assert again.said == "the race has started already"

    asyncio.run(scenario())


def test_a_kind_without_a_route_is_refused_and_the_screens_refusals_are_logged_not_raised(caplog):
    async def scenario() -> None:
        host, screen, _ = room()
        with pytest.raises(ProtocolError, match="a message of unknown type 'shout'"):
            await host.router.route(screen, None, {"type": "shout"})
        await screen.receive({"type": "choose", "index": 0, "option": 1})  # nothing was asked: refused, logged
        assert host.race is None

    asyncio.run(scenario())
    assert "the host refused a choose message of its own screen" in caplog.text


def test_the_window_hosts_orders_are_owner_messages_with_its_rooms_key(monkeypatch):
    """The bridge's orders are messages through the router (no call of the host's own methods)."""
    host, _, _ = room()
    sent: list[dict] = []
    hosting = network.Hosting.__new__(network.Hosting)  # (its messages only: no thread, no socket)
    hosting.owner_key = host.owner_key
    monkeypatch.setattr(hosting, "send", sent.append, raising=False)
    hosting.start([2])
    hosting.remove(1)
    hosting.release(1)
    hosting.set_clock(20)
    hosting.set_takeover(10, "easy")
    assert [(m["type"], m["order"], m["key"] == host.owner_key) for m in sent] == [
        ("owner", order, True) for order in ("start", "remove", "let", "clock", "takeover")
    ]
    assert sent[0]["given"] == [2] and sent[4]["level"] == "easy"
    assert set(OWNER_ORDERS) == {"remove", "let", "clock", "start", "takeover"}
    assert Router is router.Router
