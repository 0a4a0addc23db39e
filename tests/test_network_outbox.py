"""Each connection's own outgoing queue (game/net/outbox.py): a spectator who stops reading delays no
broadcast to the others, and is closed at the bound (SEND_TIMEOUT seconds for one text, or OUTBOX_BYTES
waiting); one connection's texts leave in order. Fake connections in one process; every wait bounded."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from game.net.host import Host, Seat
from game.net.outbox import Outboxes
from scenes.core import boards

CODE = "ABCDEFGH"


class Reader:
    """A connection that reads everything at once."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send(self, text: str) -> None:
        self.texts.append(text)


class Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


class Stalled:
    """A connection that never reads: its send never ends (its peer's window is full)."""

    def __init__(self) -> None:
        self.transport = Transport()

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()


async def until(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.01)


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_a_spectator_who_stops_reading_delays_no_broadcast_and_is_closed_at_the_bound():
    async def scenario() -> None:
        host = Host(boards.practice_board(), 5, [Seat("friend"), Seat("bot", bot="easy", character="orc")], CODE, 7)
        host.outboxes.seconds = 1.0  # (SEND_TIMEOUT, shortened for the test)
        friend, watcher = Reader(), Stalled()
        host.seats[0].client, host.seats[0].name = friend, "Ann"
        host.watchers[watcher] = "Watcher"
        await host.send(watcher, {"type": "said", "seat": 0, "phrase": "oops"})  # (its own: queued, not waited)
        for _ in range(20):
            await host.tell({"type": "said", "seat": 0, "phrase": "oops"})
        # Nobody waited for the spectator: a send to it ends only when it is cut at the bound, and it is not yet.
        assert not watcher.transport.aborted
        await until(lambda: len(friend.texts) == 20)
        await until(lambda: watcher.transport.aborted, seconds=10)  # cut at the bound
        assert any("read nothing for 1 s" in line for line in host.events), host.events
        assert host.outboxes.boxes == {}  # nothing kept for it

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_one_connections_queue_past_its_size_closes_it_and_lets_its_texts_go():
    async def scenario() -> None:
        said: list[str] = []
        outboxes = Outboxes(said.append, seconds=60, most=1000)
        stalled, reader = Stalled(), Reader()
        waits = [outboxes.put(stalled, "x" * 300) for _ in range(4)]  # the fourth passes 1000
        for n in range(5):
            outboxes.put(reader, json.dumps(n))
        await until(lambda: stalled.transport.aborted and len(reader.texts) == 5)
        await asyncio.wait_for(asyncio.gather(*waits), 1)  # every wait on it ends
        assert reader.texts == ["0", "1", "2", "3", "4"]  # in order
        assert said == ["dropped a connection that let more than 1000 characters of messages wait"]
        assert outboxes.boxes == {}

    asyncio.run(asyncio.wait_for(scenario(), 30))
