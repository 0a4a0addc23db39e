"""The window's one link to a host (scenes/bridges/link.py): the host's messages parsed and followed once
into typed records whose fields are their schemas' own, the transport's news in one enum, a message the
window cannot follow closing the link in one sentence; no scene polls a queue of its own."""

from __future__ import annotations

import json
from typing import Any, get_type_hints

from game.net import protocol
from game.net.client import Follower
from game.net.messages import HOST_KINDS, RECORDS
from scenes.bridges.link import Happened, Link


class Carried:
    """A transport that hands the link what a test gives it (as `Connection.get` does)."""

    def __init__(self, *got: tuple[str, Any]) -> None:
        self.got = list(got)
        self.sent: list[dict[str, Any]] = []
        self.closed = False

    def get(self) -> tuple[str, Any] | None:
        return self.got.pop(0) if self.got else None

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.closed = True


def test_each_kind_of_host_message_has_one_record_with_its_schemas_fields():
    assert set(HOST_KINDS) == set(protocol.HOST_MESSAGES) == set(RECORDS)
    for kind, record in RECORDS.items():
        fields = set(get_type_hints(record)) - {"type"}
        assert fields == set(protocol.HOST_MESSAGES[kind].fields), kind
        assert record.__optional_keys__ == protocol.HOST_MESSAGES[kind].optional, kind


def test_the_link_hands_the_hosts_messages_followed_and_its_transports_news_each_once():
    welcome = {"type": "welcome", "seat": 1, "seats": ["Ann", "Bob"], "token": "k" * 32}
    carried = Carried(("connected", None), ("message", json.dumps(welcome)), ("closed", {"code": 1000, "reason": ""}))
    link = Link(carried, Follower(), "127.0.0.1:1")  # type: ignore[arg-type]
    news = list(link.news())
    assert [n.kind for n in news] == [Happened.CONNECTED, Happened.HEARD, Happened.CLOSED]
    assert news[1].message == welcome and link.follower.seat == 1 and link.follower.token == "k" * 32
    assert list(link.news()) == []


def test_a_message_the_window_cannot_follow_closes_the_link_with_one_sentence():
    carried = Carried(("message", '{"type": "step", "option": 1, "faces": [], "orders": []}'), ("connected", None))
    link = Link(carried, Follower(), "127.0.0.1:1")  # type: ignore[arg-type]
    news = list(link.news())
    assert [n.kind for n in news] == [Happened.BROKEN] and "before the start" in news[0].data["error"]
    assert carried.closed and link.closed


def test_the_owner_orders_go_as_messages_with_the_key_and_never_without_it():
    carried = Carried()
    keyless = Link(carried, Follower(), "127.0.0.1:1")  # type: ignore[arg-type]
    assert not keyless.owns and not keyless.remove(1) and not keyless.start() and carried.sent == []
    owner = Link(carried, Follower(), "127.0.0.1:1", owner_key="f" * 32)  # type: ignore[arg-type]
    assert owner.owns and owner.remove(1) and owner.release(1) and owner.set_clock(30) and owner.start()
    assert carried.sent == [
        {"type": "owner", "key": "f" * 32, "order": "remove", "seat": 1},
        {"type": "owner", "key": "f" * 32, "order": "let", "seat": 1},
        {"type": "owner", "key": "f" * 32, "order": "clock", "seconds": 30.0},
        {"type": "owner", "key": "f" * 32, "order": "start"},
    ]
    for message in carried.sent:
        protocol.check(message, "owner")
