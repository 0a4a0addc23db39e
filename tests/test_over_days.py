"""Races over days on a relay (issue 46, game/net/days.py, game/cli/days.py).

The end to end test: a relay with a store (`main.py relay --store`), a three-seat race created on it
(`main.py days create`), three players each in his own folder who connect in turn, play only their
pending decisions and leave (`main.py join INVITE --once`), until the race ends; the relay is killed with
`kill -9` in the middle and started again on the same store; the three standings equal those of the
store's record, and the finished race's replay (downloaded from the relay) checks (`replay --check`). It
runs with each store (`relay_store`): an SQLite file, then a real PostgreSQL server's store (a throwaway
server, tests/postgres_server.py: skipped with its reason where none can run, a failure in CI).

Then the relay's authority in process: a decision by a wrong seat or key refused, a decision stored
before anyone hears it (a relay killed right after the append loses nothing), and the clocks' run-out
(the takeover level plays, or the seat is given up).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from game.boards.maps import load_board
from game.cli.network import store_at
from game.net.days import TAKEOVER, Days, DaysHost, new_room
from game.net.protocol import ProtocolError, seat_token, standings_json
from game.net.store import Clock, RoomStore, StoreRefused, key_hash
from game.net.store_sqlite import SqliteStore
from game.rules.race import Race

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("P1", "P2", "P3")
WAIT = 60.0  # seconds a process may take to say its line, or a join to end (bounded: never a fixed sleep)


class Relay:
    """`main.py relay --store` in its own process; its lines read on a thread."""

    def __init__(self, store: str, port: int = 0) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "main.py", "relay", "--port", str(port), "--store", str(store)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        line = self.line("relaying on")
        self.port = int(line.split("127.0.0.1:")[1].split()[0])

    def read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def line(self, words: str) -> str:
        """The relay's first line with these words from now (AssertionError after WAIT seconds)."""
        while True:
            try:
                line = self.lines.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"the relay never said {words!r}") from None
            if words in line:
                return line

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(WAIT)
        if self.process.stdout is not None:
            self.process.stdout.close()


def command(*words: str, folder: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if folder is not None:
        env["XDG_DATA_HOME"] = str(folder)
    return subprocess.run(
        [sys.executable, "main.py", *words], cwd=ROOT, env=env, capture_output=True, text=True, timeout=WAIT
    )


@pytest.mark.slow
def test_a_three_seat_race_over_days_played_by_visits_survives_a_relay_killed_and_replays(tmp_path, relay_store):
    store = relay_store  # (an SQLite file, then a PostgreSQL server's store: `relay --store postgresql://…`)
    relay = Relay(store)
    try:
        made = command(
            "days", "create", "--relay", f"ws://127.0.0.1:{relay.port}", "--board", "sprint", "--seats", "3",
            "--turns", "5", "--clock", "1d", "--quiet",
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        invite = made.stdout.strip()
        assert invite.startswith(f"ws://127.0.0.1:{relay.port}/days/")
        standings: dict[str, Any] = {}
        visits, killed, waits_for = 0, False, ""
        while len(standings) < len(PLAYERS):
            assert visits < 400, "the race never ended"
            for name in PLAYERS:
                if name in standings:
                    continue
                words = ("join", invite, "--name", name, "--bot", "easy", "--once", "--json")
                joined = command(*words, folder=tmp_path / name)
                visits += 1
                assert joined.returncode == 0, joined.stderr
                last = json.loads(joined.stdout.strip().splitlines()[-1])
                if isinstance(last, list):
                    standings[name] = last
                else:
                    assert last["waiting"]["name"] != name
                    waits_for = last["waiting"]["name"]
            if not killed and visits >= 9:  # in the middle: the relay killed, started again on its store
                before = load(store, code_of(invite))
                relay.kill()
                relay = Relay(store, relay.port)
                after = load(store, code_of(invite))
                assert before is not None and after == before and len(before.decisions) > 0
                assert before.state == "racing"
                killed = True
                for name in PLAYERS:  # each player's list: the race, and whose turn it is
                    listed = command("races", folder=tmp_path / name)
                    assert listed.returncode == 0, listed.stderr
                    mine = name == waits_for
                    assert ("YOUR TURN" in listed.stdout) == mine, listed.stdout
                    assert f"1 race over days, {int(mine)} waiting for you" in listed.stdout
        assert killed
        room = load(store, code_of(invite))
        assert room is not None and room.state == "finished"
        recorded = asyncio.run(rebuilt(room, store))
        assert standings == {name: recorded for name in PLAYERS}
        replay = tmp_path / "replay.json"
        got = command("days", "replay", invite, "--name", "P2", "--out", str(replay), folder=tmp_path / "P2")
        assert got.returncode == 0, got.stderr
        assert standings_json(Race.from_dict(json.loads(replay.read_text()))) == recorded
        checked = command("replay", str(replay), "--check")
        assert checked.returncode == 0, checked.stderr + checked.stdout
        listed = command("races", folder=tmp_path / "P1")
        assert listed.returncode == 0 and "finished" in listed.stdout and "0 waiting for you" in listed.stdout
        kept = tmp_path / "P1" / "fantasy-racing" / "races-over-days.json"
        assert kept.stat().st_mode & 0o777 == 0o600
        keys = kept.read_text()
        key = json.loads(keys)["keys"][0]["key"]
        assert key not in listed.stdout
        relay.kill()
        relay.lines.put("")
        logged = "".join(relay.lines.queue)
        assert key not in logged
    finally:
        if relay.process.poll() is None:
            relay.kill()


def code_of(invite: str) -> str:
    return invite.rsplit("/", 1)[1].replace("-", "")


def load(where: str, code: str) -> Any:
    store = store_at(where)
    try:
        return store.load(code)
    finally:
        store.close()


async def rebuilt(room: Any, where: str) -> list[dict[str, Any]]:
    """The standings of the race rebuilt from the store's record, as the relay rebuilds it."""
    store = store_at(where)
    host = DaysHost(room, store)
    store.close()
    assert host.race is not None and host.race.over
    return standings_json(host.race)


# ---------------------------------------------------------------- the authority, in process
class Connection:
    """A player's connection as the host sees it: what it was sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.sent]


def a_room(store: RoomStore, persons: int = 2, clock: int = 3600, run_out: str = "takeover") -> str:
    board = load_board(ROOT / "maps" / "sprint.tmx").to_dict()
    request = {"board": board, "turns": 5, "seats": ["person"] * persons, "clock": clock, "run_out": run_out}
    room = new_room(request, "192.0.2.1", "192.0.2.0/24", 1.0)
    store.save(room)
    return room.code


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0.01)


async def seated(days: Days, code: str, keys: list[str]) -> tuple[DaysHost, list[Connection]]:
    """Every seat taken (by its key), the race started; the players still connected."""
    host = await days.room(code)
    assert host is not None
    connections = []
    for index, key in enumerate(keys):
        client = Connection()
        await host.hello(client, {"type": "hello", "code": code, "name": f"P{index + 1}", "token": key})
        connections.append(client)
    for index, client in enumerate(connections):
        await host.came(client, index)
    await settle()
    return host, connections


class Door:
    async def turn(self, address: str) -> None:
        pass

    def wrong(self, address: str, what: str = "") -> None:
        pass

    def right(self, address: str) -> None:
        pass


def test_a_decision_by_a_wrong_seat_or_key_is_refused(tmp_path):
    async def run() -> None:
        store = SqliteStore(tmp_path / "store.db")
        code = a_room(store)
        keys = [seat_token(), seat_token()]
        host, (one, two) = await seated(Days(store, Door()), code, keys)
        race = host.race
        assert race is not None and race.pending is not None
        asker = race.pending.racer
        other = (one, two)[1 - asker]
        ask = next(m for m in (one, two)[asker].sent if m["type"] == "ask")
        with pytest.raises(ProtocolError):  # another seat answers the pending decision
            await host.choose(other, {"type": "choose", "index": ask["index"], "option": ask["options"][0]})
        stranger = Connection()
        with pytest.raises(ProtocolError, match="seat key"):  # his name, without his key
            await host.hello(stranger, {"type": "hello", "code": code, "name": f"P{asker + 1}", "token": seat_token()})
        with pytest.raises(ProtocolError, match="no seat"):  # another name, the seats taken
            await host.hello(stranger, {"type": "hello", "code": code, "name": "Eve", "token": seat_token()})
        with pytest.raises(ProtocolError):  # an option the decision does not have
            await host.choose((one, two)[asker], {"type": "choose", "index": ask["index"], "option": "nonsense"})
        kept = store.load(code)
        assert kept is not None and len(kept.decisions) == 0
        store.close()

    asyncio.run(run())


class Watched(SqliteStore):
    """A store that notes, at each append, what the players had been sent then; or fails its appends."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.clients: list[Connection] = []
        self.seen: list[int] = []
        self.failing = False

    def append(self, code: str, number: int, decision: Any, turn: Any, deadline: Any) -> None:
        if self.failing:
            raise StoreRefused("the disk is gone")
        self.seen.append(sum(m["type"] == "step" for c in self.clients for m in c.sent))
        super().append(code, number, decision, turn, deadline)


def test_a_decision_is_stored_before_anyone_hears_it_and_a_relay_killed_after_loses_nothing(tmp_path):
    async def run() -> None:
        store = Watched(tmp_path / "store.db")
        code = a_room(store)
        host, connections = await seated(Days(store, Door()), code, [seat_token(), seat_token()])
        store.clients = connections
        race = host.race
        assert race is not None and race.pending is not None
        asker = connections[race.pending.racer]
        ask = [m for m in asker.sent if m["type"] == "ask"][-1]
        await host.choose(asker, {"type": "choose", "index": ask["index"], "option": ask["options"][0]})
        await settle()
        assert store.seen[0] == 0  # nobody had heard of it when it was stored
        heard = sum(m["type"] == "step" for m in connections[0].sent)
        assert heard >= 1
        kept = store.load(code)  # "killed" now: a new relay finds the race where the players saw it
        assert kept is not None and len(kept.decisions) == len(race.choices) == heard
        again = DaysHost(kept, store)
        assert again.race is not None and again.race.to_dict() == race.to_dict()
        store.failing = True  # a store that refuses: nobody hears of the decision
        ask = [m for m in connections[race.pending.racer].sent if m["type"] == "ask"][-1]
        before = [len(c.sent) for c in connections]
        with pytest.raises(StoreRefused):
            await host.choose(
                connections[race.pending.racer], {"type": "choose", "index": ask["index"], "option": ask["options"][0]}
            )
        await settle()
        assert [len(c.sent) for c in connections] == before
        store.close()

    asyncio.run(run())


@pytest.mark.parametrize("run_out", ["takeover", "give up"])
def test_a_clock_run_out_plays_the_takeover_level_or_gives_the_seat_up(tmp_path, run_out):
    async def run() -> None:
        store = SqliteStore(tmp_path / "store.db")
        code = a_room(store, clock=60, run_out=run_out)
        days = Days(store, Door())
        keys = [seat_token(), seat_token()]
        host, connections = await seated(days, code, keys)
        for client in connections:  # everyone leaves: the room is held in no memory
            await host.leave(client)
            days.let_go(host)
        assert code not in days.live
        room = store.load(code)
        assert room is not None and room.turn is not None and room.deadline is not None
        late = room.turn
        assert await days.sweep(room.deadline - 1) == 0  # not yet
        assert await days.sweep(room.deadline + 1) == 1
        assert code not in days.live
        after = store.load(code)
        assert after is not None and len(after.decisions) > len(room.decisions)
        assert after.decisions[len(room.decisions)].seat == late  # played for him, in his seat
        assert after.turn != late or after.state == "finished" or run_out == "takeover"
        if run_out == "give up":
            assert after.seats[late].key_hash is None and after.seats[late].name == f"P{late + 1}"
            again = DaysHost(after, store)
            assert again.level_of(late) == TAKEOVER
            client = Connection()
            with pytest.raises(ProtocolError):  # his key opens the seat no more
                await again.hello(client, {"type": "hello", "code": code, "name": f"P{late + 1}", "token": keys[late]})
        else:
            assert after.seats[late].key_hash == key_hash(keys[late])
        store.close()

    asyncio.run(run())


def test_a_room_is_created_within_its_bounds_and_an_idle_one_is_held_in_no_memory(tmp_path):
    async def run() -> None:
        store = SqliteStore(tmp_path / "store.db")
        store.bounds = dataclasses.replace(store.bounds, rooms_per_address=2)
        days = Days(store, Door())
        board = load_board(ROOT / "maps" / "sprint.tmx").to_dict()
        request = {"type": "create", "board": board, "turns": 5, "seats": ["person", {"level": "easy"}], "clock": 3600}
        codes = [(await days.answer(dict(request), "192.0.2.1", "192.0.2.0/24"))["code"] for _ in range(2)]
        with pytest.raises(StoreRefused, match="an address holds 2"):
            await days.answer(dict(request), "192.0.2.1", "192.0.2.0/24")
        with pytest.raises(ProtocolError, match="clock"):
            await days.answer({**request, "clock": 5}, "192.0.2.9", "192.0.2.0/24")
        room = store.load(codes[0])
        assert room is not None and room.clock == Clock(3600, "takeover") and room.seats[1].bot == "easy"
        host = await days.room(codes[0])
        client = Connection()
        assert host is not None
        await host.hello(client, {"type": "hello", "code": codes[0], "name": "Ann", "token": seat_token()})
        await host.came(client, 0)
        await settle()
        assert "start" in client.kinds() and "ask" in client.kinds()  # (the computer racer played meanwhile)
        await host.leave(client)
        days.let_go(host)
        assert days.live == {}
        store.close()

    asyncio.run(run())


def test_a_choice_taken_back_over_days_is_stored_first_then_shown_to_everyone_and_after_a_roll_refused(tmp_path):
    async def run() -> None:
        store = SqliteStore(tmp_path / "store.db")
        code = a_room(store)
        host, connections = await seated(Days(store, Door()), code, [seat_token(), seat_token()])
        race = host.race
        assert race is not None
        for _ in range(400):  # played on until a player is asked again after a choice of his that showed nothing
            assert race.pending is not None, "no choice could be taken back in the whole race"
            mover = connections[race.pending.racer]
            index = len(race.choices)
            if host._refusal(mover, index) is None:
                break
            ask = [m for m in mover.sent if m["type"] == "ask"][-1]
            await host.choose(mover, {"type": "choose", "index": index, "option": ask["options"][0]})
            await settle()
        other = connections[1 - connections.index(mover)]
        await host.take_back(other, {"type": "take_back", "index": index})  # not his: refused, nothing changed
        await settle()
        assert other.sent[-1] == {"type": "refused", "why": "not_yours"}
        kept = store.load(code)
        assert kept is not None and len(kept.decisions) == index
        assert await host.take_back(mover, {"type": "take_back", "index": index})
        await settle()
        kept = store.load(code)
        assert kept is not None and len(kept.decisions) == index - 1 == len(host.race.choices)
        for client in connections:
            assert [m for m in client.sent if m["type"] == "taken_back"][-1]["index"] == index - 1
        again = DaysHost(kept, store)  # a relay started again finds the race as everyone saw it
        assert again.race is not None and again.race.to_dict() == host.race.to_dict()
        assert [m for m in mover.sent if m["type"] == "ask"][-1]["index"] == index - 1  # asked again
        store.close()

    asyncio.run(run())


def test_a_relay_whose_decision_another_relay_of_the_store_took_reloads_the_room_and_goes_on(postgres_url):
    """Two relays on one PostgreSQL store (in process): a player connected to both answers on the second
    first; the first relay's append of the same decision is refused (another took it): it reloads the
    room, tells its players the race as it is now, and goes on (the store holds the second's decision)."""

    async def run() -> None:
        one, two = store_at(postgres_url), store_at(postgres_url)
        code = a_room(one)
        keys = [seat_token(), seat_token()]
        first, here = await seated(Days(one, Door()), code, keys)
        second, there = await seated(Days(two, Door()), code, keys)
        race = first.race
        assert race is not None and race.pending is not None and second.race is not None
        asker = race.pending.racer
        ask = [m for m in there[asker].sent if m["type"] == "ask"][-1]
        assert await second.choose(there[asker], {"type": "choose", "index": ask["index"], "option": ask["options"][0]})
        await settle()
        kept = one.load(code)
        assert kept is not None and len(kept.decisions) == ask["index"] + 1
        options = [m for m in here[asker].sent if m["type"] == "ask"][-1]["options"]
        before = [len(c.sent) for c in here]
        taken = await first.choose(here[asker], {"type": "choose", "index": ask["index"], "option": options[-1]})
        await settle()
        assert taken is False  # (not his choice any more: the other relay's was kept)
        again = one.load(code)
        assert again is not None and again.decisions == kept.decisions  # nothing appended twice
        rebuilt = DaysHost(again, one).race
        assert first.race is not None and rebuilt is not None and first.race.to_dict() == rebuilt.to_dict()
        for client, count in zip(here, before):  # each player told the race as it is now, from the start
            news = client.sent[count:]
            start = next(m for m in news if m["type"] == "start")
            assert len(start["race"]["choices"]) == len(again.decisions)
        pending = first.race.pending
        assert pending is not None  # the race goes on: the next decision is asked of its player here
        assert [m for m in here[pending.racer].sent if m["type"] == "ask"][-1]["index"] == len(again.decisions)
        ask = [m for m in here[pending.racer].sent if m["type"] == "ask"][-1]
        assert await first.choose(
            here[pending.racer], {"type": "choose", "index": ask["index"], "option": ask["options"][0]}
        )
        await settle()
        last = one.load(code)
        assert last is not None and len(last.decisions) == len(again.decisions) + 1
        one.close()
        two.close()

    asyncio.run(run())


def test_a_choice_taken_back_after_another_relay_played_on_reloads_the_room_instead(postgres_url):
    """A player's quiet choice on one relay, then his next decision answered on another relay of the same
    PostgreSQL store: his take-back on the first is refused by the store (the choice is not the room's
    last any more): the first relay reloads the room and tells everyone the race as it is; nothing is lost."""

    async def run() -> None:
        one, two = store_at(postgres_url), store_at(postgres_url)
        code = a_room(one)
        keys = [seat_token(), seat_token()]
        first, here = await seated(Days(one, Door()), code, keys)
        race = first.race
        assert race is not None
        for _ in range(400):  # played on the first relay until a choice may be taken back there
            assert race.pending is not None, "no choice could be taken back in the whole race"
            mover = here[race.pending.racer]
            index = len(race.choices)
            if first._refusal(mover, index) is None:
                break
            ask = [m for m in mover.sent if m["type"] == "ask"][-1]
            await first.choose(mover, {"type": "choose", "index": index, "option": ask["options"][0]})
            await settle()
        racer = race.pending.racer
        second, there = await seated(Days(two, Door()), code, keys)  # the same players, on the other relay
        ask = [m for m in there[racer].sent if m["type"] == "ask"][-1]
        assert ask["index"] == index
        assert await second.choose(there[racer], {"type": "choose", "index": index, "option": ask["options"][0]})
        kept = one.load(code)
        assert kept is not None and len(kept.decisions) == index + 1
        before = len(mover.sent)
        assert not await first.take_back(mover, {"type": "take_back", "index": index})
        await settle()
        again = one.load(code)
        assert again is not None and again.decisions == kept.decisions  # the other relay's decision stands
        rebuilt = DaysHost(again, one).race
        assert first.race is not None and rebuilt is not None and first.race.to_dict() == rebuilt.to_dict()
        start = next(m for m in mover.sent[before:] if m["type"] == "start")
        assert len(start["race"]["choices"]) == index + 1
        assert not any(m["type"] == "taken_back" for m in mover.sent[before:])
        one.close()
        two.close()

    asyncio.run(run())
