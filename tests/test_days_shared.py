"""Two relays sharing one store of races over days (game/net/days.py, game/net/store_sql.py): the writes of
a room under way that were whole saves say what they read, so one relay's stale view of a room never
overwrites a decision another relay kept. A seat given up when its clock ran out, and the first start of
a race, are refused by the store (`DecisionTaken`) when the other relay played on meanwhile: the relay
reloads the room, tells its players the race as it is, and nothing of the other's is lost. Each test runs
on both stores (`relay_store`: two SQLite connections to one file, then two PostgreSQL stores of one
database on a throwaway server, tests/postgres_server.py); every wait is for a state, bounded in time."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from game.cli.network import store_at
from game.net.days import Days, DaysHost
from game.net.protocol import seat_token
from game.net.store import RoomStore, key_hash
from tests.test_over_days import WAIT, Connection, Door, a_room


async def until(condition: Callable[[], Any], what: str) -> Any:
    """`condition()` once it is true, looked at every hundredth of a second (AssertionError after WAIT)."""
    deadline = time.monotonic() + WAIT
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {WAIT:g} s for {what}, in vain")
        await asyncio.sleep(0.01)
    return found


def asked(client: Connection, index: int) -> dict[str, Any] | None:
    """The ask of decision `index` this player was sent, or None."""
    return next((m for m in reversed(client.sent) if m["type"] == "ask" and m["index"] == index), None)


async def seated(days: Days, code: str, keys: list[str]) -> tuple[DaysHost, list[Connection]]:
    """Every seat of `code` taken (or taken back) with its key on this relay; its pending decision asked."""
    host = await days.room(code)
    assert host is not None
    connections = [Connection() for _ in keys]
    for index, (client, key) in enumerate(zip(connections, keys)):
        await host.hello(client, {"type": "hello", "code": code, "name": f"P{index + 1}", "token": key})
    for index, client in enumerate(connections):
        await host.came(client, index)
    await pending_asked(host, connections)
    return host, connections


async def pending_asked(host: DaysHost, connections: list[Connection]) -> dict[str, Any]:
    race = host.race
    assert race is not None and race.pending is not None
    index, racer = len(race.choices), race.pending.racer
    found: dict[str, Any] = await until(lambda: asked(connections[racer], index), f"decision {index} asked")
    return found


async def played(host: DaysHost, connections: list[Connection]) -> int:
    """The pending decision answered (its first option) by its player on this relay; its number."""
    ask = await pending_asked(host, connections)
    assert host.race is not None and host.race.pending is not None
    client = connections[host.race.pending.racer]
    assert await host.choose(client, {"type": "choose", "index": ask["index"], "option": ask["options"][0]})
    return int(ask["index"])


def as_kept(store: RoomStore, code: str, host: DaysHost) -> None:
    """The relay's race is the one the store keeps (rebuilt from its record)."""
    room = store.load(code)
    assert room is not None and host.race is not None
    rebuilt = DaysHost(room, store).race
    assert rebuilt is not None and host.race.to_dict() == rebuilt.to_dict()


def test_a_seat_given_up_on_one_relay_after_its_decision_was_kept_on_another_is_refused_and_nothing_lost(
    relay_store,
):
    async def run() -> None:
        one, two = store_at(relay_store), store_at(relay_store)
        code = a_room(one, clock=60, run_out="give up")
        keys = [seat_token(), seat_token()]
        days = Days(one, Door())
        first, here = await seated(days, code, keys)
        second, there = await seated(Days(two, Door()), code, keys)
        assert first.race is not None and first.race.pending is not None
        late = first.race.pending.racer  # (as the first relay read the room: his clock runs)
        number = await played(second, there)  # he answers on the second relay
        kept = one.load(code)
        assert kept is not None and len(kept.decisions) == number + 1 and kept.deadline is not None
        assert first.race.pending.racer == late and len(first.race.choices) == number  # (the first's view: stale)
        heard = len(here[late].sent)
        await days.sweep(kept.deadline + 1)  # the first relay's clocks, past every deadline: his seat's ran out
        again = one.load(code)
        assert again is not None and again.decisions[: number + 1] == kept.decisions  # the second's decision kept
        assert again.seats[late].key_hash == key_hash(keys[late])  # his seat not given up
        assert first.hashes[late] == key_hash(keys[late]) and here[late].closed is None
        news = await until(lambda: [m for m in here[late].sent[heard:] if m["type"] == "start"], "the race reloaded")
        assert len(news[0]["race"]["choices"]) == number + 1  # (its players told the race as it is now)
        as_kept(one, code, first)
        one.close()
        two.close()

    asyncio.run(run())


class Paused:
    """A relay's `take_seat` that stops right after the seat is kept (before the race's start is), until let go."""

    def __init__(self, store: Any) -> None:
        self.store, self.take_seat = store, store.take_seat
        self.kept, self.go = threading.Event(), threading.Event()
        store.take_seat = self

    def __call__(self, *values: Any) -> None:
        self.take_seat(*values)
        self.kept.set()
        assert self.go.wait(WAIT), "never let go"


def test_a_race_begun_on_one_relay_after_another_kept_its_first_decision_is_refused_and_nothing_lost(relay_store):
    async def run() -> None:
        one, two = store_at(relay_store), store_at(relay_store)
        code = a_room(one)
        keys = [seat_token(), seat_token()]
        first = await Days(one, Door()).room(code)
        assert first is not None
        ann, bob = Connection(), Connection()
        await first.hello(ann, {"type": "hello", "code": code, "name": "P1", "token": keys[0]})
        paused = Paused(one)  # Bob takes the last seat on the first relay, which stops before the race starts
        hello = asyncio.create_task(first.hello(bob, {"type": "hello", "code": code, "name": "P2", "token": keys[1]}))
        assert await asyncio.to_thread(paused.kept.wait, WAIT)
        second, there = await seated(Days(two, Door()), code, keys)  # meanwhile both play on the second relay
        number = await played(second, there)
        kept = two.load(code)
        assert kept is not None and kept.state == "racing" and len(kept.decisions) == number + 1
        paused.go.set()  # the first relay goes on: its start of the race is refused, the room reloaded
        assert await asyncio.wait_for(hello, WAIT) == 1
        await first.came(bob, 1)
        again = one.load(code)
        assert again is not None and again.state == "racing"
        assert again.decisions[: number + 1] == kept.decisions  # nothing of the second relay's lost
        as_kept(one, code, first)
        await until(lambda: len(bob.sent) >= 2, "Bob's welcome and race")
        assert [m["type"] for m in bob.sent][:2] == ["welcome", "start"]  # his welcome, then the race as it is
        assert len(bob.sent[1]["race"]["choices"]) == number + 1
        await until(lambda: [m for m in ann.sent if m["type"] == "start"], "Ann told the race as it is")
        assert len([m for m in ann.sent if m["type"] == "start"][-1]["race"]["choices"]) == number + 1
        await pending_asked(first, [ann, bob])  # the race goes on here: its pending decision asked
        one.close()
        two.close()

    asyncio.run(run())
