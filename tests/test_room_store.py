"""The store of rooms over days (game/net/store.py's interface): every test of its behaviour runs on each
implementation (`STORES`: SQLite's, and PostgreSQL's on a throwaway server: tests/postgres_server.py;
what is PostgreSQL's own, two relays sharing one database: tests/test_room_store_postgres.py), then the SQLite file's
own promises: one sentence for a file that cannot be used, a version 1 store upgraded, WAL, and every
committed decision kept when a writer is killed with SIGKILL in the middle."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from game.cli.network import store_at
from game.net.store import (
    Bounds,
    Clock,
    Decision,
    DecisionTaken,
    RoomRecord,
    RoomStore,
    StoredSeat,
    StoreRefused,
    StoreUnusable,
    key_hash,
)
from game.net.store_postgres import PostgresStore
from game.net.store_sqlite import SCHEMA, SqliteStore
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parent.parent
ANN, BOB, CID = key_hash("ann's key"), key_hash("bob's key"), key_hash("cid's key")
DAY = 24 * 3600.0
NOW = 1_800_000_000.0  # (a time of the test's own: the store reads no clock)

Maker = Callable[[Bounds], RoomStore]


def open_sqlite(request: pytest.FixtureRequest, folder: Path) -> Maker:
    return lambda bounds: SqliteStore(folder / "rooms.sqlite3", bounds)


def open_postgres(request: pytest.FixtureRequest, folder: Path) -> Maker:
    url = request.getfixturevalue("postgres_url")  # (a database of the test's own on a throwaway server)
    return lambda bounds: PostgresStore(url, bounds)


# Each implementation of the interface: a maker of an empty store of the test's own.
STORES: dict[str, Callable[[pytest.FixtureRequest, Path], Maker]] = {"sqlite": open_sqlite, "postgresql": open_postgres}


@pytest.fixture(params=sorted(STORES))
def make(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Maker]:
    opened: list[RoomStore] = []
    opener = STORES[request.param](request, tmp_path)

    def maker(bounds: Bounds | None = None) -> RoomStore:
        store = opener(bounds or Bounds())
        opened.append(store)
        return store

    yield maker
    for store in opened:
        store.close()


def room(code: str = "KZWX-4242", seats: tuple[StoredSeat, ...] | None = None, **fields) -> RoomRecord:
    """A room over days of three seats (Ann's, an open one, a computer's), a day a decision."""
    given = {
        "seed": 2**127 + 12345,  # (a hosted seed: 128 bits, beyond SQLite's integers)
        "board": '{"name": "Meadow", "terrain": ["....", "..#."]}',
        "turns": 8,
        "rules": 2,
        "clock": Clock(int(DAY), "takeover"),
        "address": "192.0.2.7",
        "network": "192.0.2.0/24",
        "created": NOW,
        "updated": NOW,
    }
    seats = seats or (StoredSeat("Ann", ANN, None, "elf"), StoredSeat(), StoredSeat("", None, "hard", "orc"))
    return RoomRecord(code=code, seats=seats, **{**given, **fields})


def decision(number: int, seat: int = 0) -> Decision:
    return Decision(f'[{number}, "move"]', seat, NOW + number)


def test_a_saved_room_loads_back_as_it_was_with_its_128_bit_seed(make):
    store = make()
    record = room(decisions=(decision(0), decision(1, 2)), state="racing", turn=0, deadline=NOW + DAY)
    store.save(record)
    assert store.load("KZWX-4242") == record
    assert store.load("NONE-0000") is None


def test_decisions_are_appended_one_by_one_and_none_twice(make):
    store = make()
    store.save(room())
    for number in range(5):
        store.append("KZWX-4242", number, decision(number, number % 3), turn=(number + 1) % 3, deadline=NOW + DAY)
    loaded = store.load("KZWX-4242")
    assert loaded is not None
    assert loaded.decisions == tuple(decision(n, n % 3) for n in range(5))
    assert (loaded.state, loaded.turn, loaded.deadline, loaded.updated) == ("racing", 2, NOW + DAY, NOW + 4)
    with pytest.raises(StoreRefused, match="^decision 3 of KZWX-4242 is not the next one: the room holds 5"):
        store.append("KZWX-4242", 3, decision(3), turn=0, deadline=None)
    with pytest.raises(StoreRefused, match="^this relay keeps no race over days NONE-0000$"):
        store.append("NONE-0000", 0, decision(0), turn=0, deadline=None)
    with pytest.raises(StoreRefused, match="seat 7 is not one of the room's 3"):
        store.append("KZWX-4242", 5, decision(5, seat=7), turn=0, deadline=None)
    assert len(store.load("KZWX-4242").decisions) == 5  # type: ignore[union-attr]  # (the refused changed nothing)


def test_a_room_saved_whole_again_replaces_its_decisions_as_an_undo_does(make):
    store = make()
    store.save(room(decisions=(decision(0), decision(1), decision(2))))
    store.save(room(decisions=(decision(0),), turn=1))
    loaded = store.load("KZWX-4242")
    assert loaded is not None and loaded.decisions == (decision(0),) and loaded.turn == 1
    store.append("KZWX-4242", 1, decision(1), turn=0, deadline=None)
    assert store.load("KZWX-4242").decisions == (decision(0), decision(1))  # type: ignore[union-attr]


def test_the_last_decision_is_taken_back_only_while_it_is_the_last(make):
    store = make()
    store.save(room(decisions=(decision(0), decision(1), decision(2)), state="racing", turn=2))
    with pytest.raises(DecisionTaken, match="decision 1 of KZWX-4242 is not its last: the room holds 3"):
        store.take_back("KZWX-4242", 1, turn=0, deadline=None, now=NOW)  # (another relay played on)
    store.take_back("KZWX-4242", 2, turn=0, deadline=NOW + DAY, now=NOW + 5)
    loaded = store.load("KZWX-4242")
    assert loaded is not None and loaded.decisions == (decision(0), decision(1))
    assert (loaded.turn, loaded.deadline, loaded.updated) == (0, NOW + DAY, NOW + 5)
    store.append("KZWX-4242", 2, decision(2, seat=2), turn=1, deadline=None)  # (decision 2 again, another)
    assert store.load("KZWX-4242").decisions[2] == decision(2, seat=2)  # type: ignore[union-attr]
    with pytest.raises(StoreRefused, match="^this relay keeps no race over days NONE-0000$"):
        store.take_back("NONE-0000", 0, turn=0, deadline=None, now=NOW)
    store.end("KZWX-4242", "finished", NOW + 9)
    with pytest.raises(StoreRefused, match="is over"):
        store.take_back("KZWX-4242", 2, turn=0, deadline=None, now=NOW + 10)


def test_a_room_begins_once_its_seats_are_taken_and_only_while_open_with_no_decision(make):
    one, two = make(), make()  # (two relays sharing the store)
    one.save(room())  # Ann's seat, an open one, a computer's
    with pytest.raises(StoreRefused, match="^the race over days KZWX-4242 has 1 open seats: it begins once"):
        one.begin("KZWX-4242", 0, NOW + DAY, NOW)
    one.take_seat("KZWX-4242", 1, "Bob", BOB, NOW)
    two.append("KZWX-4242", 0, decision(0, seat=2), turn=0, deadline=NOW + DAY)  # the other relay played first
    with pytest.raises(DecisionTaken, match="^the race over days KZWX-4242 has begun already: it is racing with 1"):
        one.begin("KZWX-4242", 1, NOW + 2 * DAY, NOW + 1)
    loaded = one.load("KZWX-4242")
    assert loaded is not None and loaded.decisions == (decision(0, seat=2),)  # nothing of the other's lost
    assert (loaded.state, loaded.turn, loaded.deadline) == ("racing", 0, NOW + DAY)
    one.save(room("ABCD-0001", seats=loaded.seats))
    one.begin("ABCD-0001", 2, NOW + DAY, NOW + 3)
    begun = one.load("ABCD-0001")
    assert begun is not None and (begun.state, begun.turn, begun.deadline, begun.updated) == (
        "racing",
        2,
        NOW + DAY,
        NOW + 3,
    )
    with pytest.raises(DecisionTaken, match="has begun already"):  # (once)
        two.begin("ABCD-0001", 0, NOW + DAY, NOW + 4)


def test_a_seat_is_given_up_only_while_its_clock_ran_out_on_the_decisions_the_relay_read(make):
    one, two = make(), make()  # (two relays sharing the store)
    seats = (StoredSeat("Ann", ANN, None, "elf"), StoredSeat("Bob", BOB, None, "orc"), StoredSeat("", None, "hard"))
    one.save(room(seats=seats, decisions=(decision(0),), state="racing", turn=1, deadline=NOW + DAY))
    two.append("KZWX-4242", 1, decision(1, seat=1), turn=0, deadline=NOW + 2 * DAY)  # Bob played on the other relay
    for number, seat in ((1, 1), (2, 1), (1, 0)):  # as the first relay read it (or a seat not pending), refused
        with pytest.raises(DecisionTaken, match=f"^seat {seat + 1} of KZWX-4242 is not given up: the room holds 2"):
            one.give_up("KZWX-4242", seat, number, NOW + 3 * DAY)
    with pytest.raises(DecisionTaken, match="or its clock runs again"):  # (Ann's clock has not run out yet)
        one.give_up("KZWX-4242", 0, 2, NOW + 2 * DAY - 1)
    loaded = one.load("KZWX-4242")
    assert loaded is not None and loaded.seats == seats and loaded.decisions == (decision(0), decision(1, seat=1))
    one.give_up("KZWX-4242", 0, 2, NOW + 2 * DAY + 1)
    loaded = one.load("KZWX-4242")
    assert (
        loaded is not None and loaded.seats[0] == StoredSeat("Ann", None, None, "elf") and loaded.seats[1:] == seats[1:]
    )
    assert (loaded.updated, loaded.turn, len(loaded.decisions)) == (NOW + 2 * DAY + 1, 0, 2)
    assert one.rooms_of(ANN) == [] and len(one.rooms_of(BOB)) == 1  # (her key opens the seat no more)
    one.end("KZWX-4242", "given up", NOW + 3 * DAY)
    with pytest.raises(StoreRefused, match="is over: no seat is given up"):
        one.give_up("KZWX-4242", 0, 2, NOW + 3 * DAY)


def test_a_players_rooms_are_listed_by_his_keys_hash_the_last_played_first(make):
    store = make()
    store.save(room("AAAA-1111", updated=NOW))
    store.save(room("BBBB-2222", updated=NOW + 50))
    store.save(room("CCCC-3333", seats=(StoredSeat("Bob", BOB), StoredSeat("Cid", CID))))
    listed = store.rooms_of(ANN)
    assert [(r.code, r.seat, r.names) for r in listed] == [
        ("BBBB-2222", 0, ("Ann", "", "")),
        ("AAAA-1111", 0, ("Ann", "", "")),
    ]
    assert [r.code for r in store.rooms_of(CID)] == ["CCCC-3333"] and store.rooms_of(CID)[0].seat == 1
    assert store.rooms_of(key_hash("nobody's")) == []


def test_the_rooms_waiting_for_a_player_are_those_whose_pending_decision_is_his(make):
    store = make()
    store.save(room("AAAA-1111", seats=(StoredSeat("Bob", BOB), StoredSeat("Ann", ANN))))
    store.save(room("BBBB-2222", seats=(StoredSeat("Bob", BOB), StoredSeat("Ann", ANN))))
    store.save(room("CCCC-3333", seats=(StoredSeat("Bob", BOB), StoredSeat("Ann", ANN))))
    store.append("AAAA-1111", 0, decision(0, 0), turn=1, deadline=NOW + 2 * DAY)
    store.append("BBBB-2222", 0, decision(0, 0), turn=1, deadline=NOW + DAY)
    store.append("CCCC-3333", 0, decision(0, 1), turn=0, deadline=NOW + DAY)
    assert [r.code for r in store.waiting_for(ANN)] == ["BBBB-2222", "AAAA-1111"]  # (the first to run out first)
    assert [r.code for r in store.waiting_for(BOB)] == ["CCCC-3333"]
    store.end("BBBB-2222", "given up", NOW + 10)
    assert [r.code for r in store.waiting_for(ANN)] == ["AAAA-1111"]
    assert store.due(NOW + DAY) == ["CCCC-3333"]  # (the given up room's clock stopped)
    assert store.due(NOW + 3 * DAY) == ["CCCC-3333", "AAAA-1111"]


def test_an_open_seat_is_given_once_and_a_player_sits_in_so_many_rooms_at_most(make):
    store = make(Bounds(seats_per_player=3))
    store.save(room("AAAA-1111"))
    store.take_seat("AAAA-1111", 1, "Bob", BOB, NOW + 5)
    loaded = store.load("AAAA-1111")
    assert loaded is not None and loaded.seats[1] == StoredSeat("Bob", BOB) and loaded.updated == NOW + 5
    with pytest.raises(StoreRefused, match="^seat 2 of AAAA-1111 is not an open seat$"):
        store.take_seat("AAAA-1111", 1, "Cid", CID, NOW)
    with pytest.raises(StoreRefused, match="^seat 3 of AAAA-1111 is not an open seat$"):
        store.take_seat("AAAA-1111", 2, "Cid", CID, NOW)  # (a computer's seat)
    store.save(room("BBBB-2222"))
    store.save(room("CCCC-3333"))
    with pytest.raises(StoreRefused, match="^a player sits in 3 races over days at most on this relay$"):
        store.save(room("DDDD-4444"))  # (Ann's fourth)
    store.end("CCCC-3333", "finished", NOW)
    store.save(room("DDDD-4444"))  # (an ended room's seat counts no more)
    store.save(room("EEEE-5555", seats=(StoredSeat("Bob", BOB), StoredSeat("Cid", CID), StoredSeat())))
    store.take_seat("DDDD-4444", 1, "Bob", BOB, NOW)
    with pytest.raises(StoreRefused, match="^a player sits in 3 races over days at most on this relay$"):
        store.take_seat("BBBB-2222", 1, "Bob", BOB, NOW)
    with pytest.raises(StoreRefused, match="^the race over days CCCC-3333 is over: its seats are taken no more$"):
        store.take_seat("CCCC-3333", 1, "Cid", CID, NOW)
    bobs = (StoredSeat("Bob", BOB), StoredSeat("Ann", ANN), StoredSeat())
    with pytest.raises(StoreRefused, match="^a player sits in 3 races over days at most on this relay$"):
        store.save(room("BBBB-2222", seats=bobs))  # (a room kept again whole: a fourth seat of Bob's)
    assert store.load("BBBB-2222").seats[0].name == "Ann"  # type: ignore[union-attr]  # (nothing changed)


def test_rooms_are_bounded_per_address_and_per_network_while_they_last(make):
    store = make(Bounds(rooms_per_address=2, rooms_per_network=3))
    store.save(room("AAAA-1111", seats=(StoredSeat(), StoredSeat())))
    store.save(room("BBBB-2222", seats=(StoredSeat(), StoredSeat())))
    with pytest.raises(StoreRefused, match="^an address holds 2 races over days at most on this relay$"):
        store.save(room("CCCC-3333", seats=(StoredSeat(), StoredSeat())))
    store.save(room("CCCC-3333", seats=(StoredSeat(), StoredSeat()), address="192.0.2.8"))
    with pytest.raises(StoreRefused, match="^a network holds 3 races over days at most on this relay$"):
        store.save(room("DDDD-4444", seats=(StoredSeat(), StoredSeat()), address="192.0.2.9"))
    store.save(room("DDDD-4444", seats=(StoredSeat(), StoredSeat()), address="198.51.100.1", network="198.51.100.0/24"))
    store.end("AAAA-1111", "finished", NOW)
    store.save(room("EEEE-5555", seats=(StoredSeat(), StoredSeat())))  # (a finished room counts no more)
    assert store.usage().rooms == 5


def test_a_room_holds_so_many_decisions_at_most_and_none_once_over(make):
    store = make(Bounds(decisions_per_room=3))
    store.save(room())
    for number in range(3):
        store.append("KZWX-4242", number, decision(number), turn=0, deadline=None)
    with pytest.raises(StoreRefused, match="^a race over days holds 3 decisions at most$"):
        store.append("KZWX-4242", 3, decision(3), turn=0, deadline=None)
    with pytest.raises(StoreRefused, match="^a race over days holds 3 decisions at most$"):
        store.save(room("BBBB-2222", decisions=tuple(decision(n) for n in range(4))))
    store.end("KZWX-4242", "finished", NOW)
    with pytest.raises(StoreRefused, match="^the race over days KZWX-4242 is over: no decision is added to it$"):
        store.append("KZWX-4242", 3, decision(3), turn=0, deadline=None)
    with pytest.raises(StoreRefused, match="^the race over days KZWX-4242 is already over$"):
        store.end("KZWX-4242", "given up", NOW)


def test_a_full_store_refuses_new_rooms_then_writes_nothing_past_its_margin(make):
    store = make(Bounds(store_bytes=256 * 1024, rooms_per_address=1000, rooms_per_network=1000))
    board = '"' + "x" * 20_000 + '"'
    with pytest.raises(StoreRefused, match="^the relay's store of races over days is full") as refused:
        for n in range(100):
            store.save(room(f"ROOM-{n:04d}", board=board, seats=(StoredSeat(), StoredSeat())))
    assert "no new race until finished ones are forgotten" in str(refused.value)
    kept = store.usage().rooms
    assert 5 <= kept < 100
    with pytest.raises(StoreRefused, match="^the relay's store of races over days is full"):
        for number in range(1000):  # (a room already open grows on past the bound, up to its margin)
            store.append("ROOM-0000", number, Decision('"' + "y" * 1000 + '"', 0, NOW), turn=0, deadline=None)
    assert 0 < len(store.load("ROOM-0000").decisions) < 1000  # type: ignore[union-attr]
    for n in range(kept):
        store.end(f"ROOM-{n:04d}", "finished", NOW)
    assert store.forget(DAY, NOW + 2 * DAY) == kept
    store.save(room("NEW-ROOM", board=board, seats=(StoredSeat(), StoredSeat())))  # (their pages used again)


def test_ended_rooms_are_forgotten_after_the_operators_time_with_their_seats_and_decisions(make):
    store = make()
    store.save(room("AAAA-1111", decisions=(decision(0),)))
    store.save(room("BBBB-2222", decisions=(decision(0),)))
    store.save(room("CCCC-3333"))
    store.end("AAAA-1111", "finished", NOW)
    store.end("BBBB-2222", "given up", NOW + DAY)
    assert store.forget(7 * DAY, NOW + 7.5 * DAY) == 1
    assert store.load("AAAA-1111") is None and store.load("BBBB-2222") is not None
    assert [r.code for r in store.rooms_of(ANN)] == ["BBBB-2222", "CCCC-3333"]
    assert store.usage().rooms == 2 and store.usage().ended == 1 and store.usage().decisions == 1
    assert store.forget(7 * DAY, NOW + 8.5 * DAY) == 1 and store.forget(7 * DAY, NOW + 100 * DAY) == 0


@pytest.mark.parametrize(
    "change, sentence",
    [
        ({"seats": (StoredSeat("Ann", ANN),)}, "a room has 2 to 12 seats"),
        (
            {"clock": Clock(5, "takeover")},
            "a room's clock gives 60 to 2,592,000 seconds a decision, then takeover or give up",
        ),
        ({"clock": Clock(3600, "explode")}, "a room's clock gives 60"),  # type: ignore[arg-type]
        ({"seats": (StoredSeat("Ann\x1b]0;x", ANN), StoredSeat())}, "seat 1: a player's name is 40 printable"),
        ({"seats": (StoredSeat("Ann", b"short"), StoredSeat())}, "seat 1: a seat keeps the 32 bytes of its key's hash"),
        ({"seed": 2**129}, "a room's seed is a whole number the dice take"),
        ({"code": ""}, "a room's code is 1 to 40 printable characters"),
        ({"decisions": (Decision("", 0, NOW),)}, "decision 0: a choice is 1 to 1,024 characters of JSON"),
    ],
)
def test_a_record_that_is_unfit_is_refused_with_its_sentence_and_nothing_written(make, change, sentence):
    store = make()
    with pytest.raises(StoreRefused, match=f"^{sentence.replace('(', '.').replace(')', '.')}"):
        store.save(replace(room(), **change))
    assert store.usage().rooms == 0


def test_a_store_closed_and_opened_again_keeps_everything(make):
    store = make()
    store.save(room())
    store.append("KZWX-4242", 0, decision(0), turn=1, deadline=NOW + DAY)
    store.close()
    again = make()
    assert again.load("KZWX-4242") == room(
        decisions=(decision(0),), state="racing", turn=1, deadline=NOW + DAY, updated=NOW
    )


# ---------------------------------------------------------------- the SQLite file's own promises


def test_the_sqlite_store_is_written_ahead_with_durable_commits(tmp_path):
    store = SqliteStore(tmp_path / "rooms.sqlite3")
    store.save(room())
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # (FULL)
    other = sqlite3.connect(tmp_path / "rooms.sqlite3")
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert other.execute("SELECT version FROM schema").fetchall() == [(SCHEMA,)]
    other.close()
    store.close()


def damaged(path: Path) -> None:
    store = SqliteStore(path)
    for n in range(40):
        store.save(
            room(
                f"ROOM-{n:04d}",
                board='"' + "z" * 3000 + '"',
                seats=(StoredSeat(), StoredSeat()),
                address=str(n),
                network=str(n),
            )
        )
    store.close()
    data = bytearray(path.read_bytes())
    data[4096 * 3 : 4096 * 12] = bytes(range(256)) * (4096 * 9 // 256)
    path.write_bytes(bytes(data))


def another_programs(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE birds (name TEXT)")
    db.commit()
    db.close()


def newer(path: Path) -> None:
    SqliteStore(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema SET version = ?", (SCHEMA + 1,))
    db.commit()
    db.close()


@pytest.mark.parametrize(
    "make_file, said",
    [
        (lambda p: p.write_text("rooms, please\n"), "is not a room store: it is no SQLite file"),
        (lambda p: p.mkdir(), "is not a regular file (a folder, a device or a pipe): it is no room store"),
        (lambda p: os.mkfifo(p), "is not a regular file (a folder, a device or a pipe): it is no room store"),
        (another_programs, "is an SQLite file but not a room store (it has no schema table)"),
        (damaged, "is damaged"),
        (
            newer,
            f"was written by a newer version of the game (its tables' version {SCHEMA + 1}; this one reads {SCHEMA}",
        ),
        (lambda p: p.write_bytes(b"SQLite format 3\x00" + bytes(300_000)), "is 0.3 MB, more than the 0.3 MB it may be"),
    ],
    ids=["text", "folder", "fifo", "another program's", "damaged", "newer", "too big"],
)
def test_a_store_file_that_cannot_be_used_is_one_sentence_naming_it(tmp_path, make_file, said):
    path = tmp_path / "rooms.sqlite3"
    make_file(path)
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(StoreUnusable) as refused:
        SqliteStore(path, Bounds(store_bytes=250_000) if "too big" in said or "0.3 MB" in said else Bounds())
    sentence = str(refused.value)
    assert str(path) in sentence and said in sentence and "\n" not in sentence, sentence
    if "damaged" not in said:
        assert sorted(p.name for p in tmp_path.iterdir()) == before  # (nothing written beside it)


# A store of version 1, the store's first draft, as its own SQL wrote it: a room's seats as JSON in its row.
VERSION_1 = """
CREATE TABLE schema (version INTEGER NOT NULL);
INSERT INTO schema VALUES (1);
CREATE TABLE rooms (
    code TEXT PRIMARY KEY, seed TEXT NOT NULL, board TEXT NOT NULL, turns INTEGER NOT NULL, rules INTEGER NOT NULL,
    clock_seconds INTEGER NOT NULL, run_out TEXT NOT NULL, seats TEXT NOT NULL, address TEXT NOT NULL,
    network TEXT NOT NULL, state TEXT NOT NULL, decisions INTEGER NOT NULL, created REAL NOT NULL,
    updated REAL NOT NULL, ended REAL);
CREATE TABLE decisions (
    code TEXT NOT NULL, number INTEGER NOT NULL, seat INTEGER NOT NULL, choice TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (code, number));
"""


def version_1(path: Path, seats_json: str) -> None:
    db = sqlite3.connect(path)
    db.executescript(VERSION_1)
    db.execute(
        "INSERT INTO rooms VALUES ('KZWX-4242', ?, '{\"name\": \"Meadow\"}', 8, 2, 86400, 'give up', ?, '192.0.2.7', "
        "'192.0.2.0/24', 'racing', 2, ?, ?, NULL)",
        (str(2**127 + 1), seats_json, NOW, NOW + 2),
    )
    db.execute(
        "INSERT INTO rooms VALUES ('OVER-0001', '7', '{}', 5, 2, 3600, 'takeover', '[]', '', '', 'finished', 0, 1, 1, "
        "2)"
    )
    db.executemany(
        "INSERT INTO decisions VALUES ('KZWX-4242', ?, ?, ?, ?)", [(0, 0, "3", NOW + 1), (1, 1, '"chest"', NOW + 2)]
    )
    db.commit()
    db.close()


def test_a_version_1_store_is_upgraded_with_its_rooms_seats_and_decisions(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    seats = f'[{{"name": "Ann", "key": "{ANN.hex()}", "bot": null, "character": "elf"}},' + (
        ' {"name": "", "key": null, "bot": "hard", "character": "orc"}]'
    )
    version_1(path, seats)
    store = SqliteStore(path)
    loaded = store.load("KZWX-4242")
    assert loaded == RoomRecord(
        code="KZWX-4242",
        seed=2**127 + 1,
        board='{"name": "Meadow"}',
        turns=8,
        rules=2,
        seats=(StoredSeat("Ann", ANN, None, "elf"), StoredSeat("", None, "hard", "orc")),
        clock=Clock(86400, "give up"),
        decisions=(Decision("3", 0, NOW + 1), Decision('"chest"', 1, NOW + 2)),
        state="racing",
        address="192.0.2.7",
        network="192.0.2.0/24",
        created=NOW,
        updated=NOW + 2,
    )
    assert [r.code for r in store.rooms_of(ANN)] == ["KZWX-4242"]
    store.append("KZWX-4242", 2, decision(2, 1), turn=0, deadline=NOW + DAY)  # (it goes on as a store of today)
    assert store.forget(DAY, NOW) == 1  # (the finished room of version 1)
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM schema").fetchall() == [(SCHEMA,)]
    assert {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == {
        "schema",
        "rooms",
        "seats",
        "decisions",
    }
    db.close()


def test_a_version_1_store_whose_seats_cannot_be_read_is_one_sentence_and_left_as_it_was(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    version_1(path, '[{"name": "Ann", "key": "not hex"}]')
    before = path.read_bytes()
    with pytest.raises(
        StoreUnusable, match="the seats of room 'KZWX-4242' cannot be upgraded from version 1"
    ) as refused:
        SqliteStore(path)
    assert str(path) in str(refused.value)
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM schema").fetchall() == [(1,)]  # (the upgrade's transaction rolled back)
    assert db.execute("SELECT count(*) FROM rooms").fetchone() == (2,)
    db.close()
    assert len(path.read_bytes()) == len(before)


WRITER = """
import sys
from game.net.store import Bounds, Clock, Decision, RoomRecord, StoredSeat
from game.cli.network import store_at
store = store_at(sys.argv[1], Bounds(decisions_per_room=1_000_000))
store.save(RoomRecord("KILL-0009", 9, "{}", 8, 2, (StoredSeat(), StoredSeat()), Clock(3600)))
for number in range(1_000_000):
    store.append("KILL-0009", number, Decision(f"[{number}]", number % 2, float(number)), number % 2, None)
    print(number, flush=True)
"""


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def test_a_writer_killed_with_sigkill_while_appending_leaves_every_committed_decision(tmp_path, kind, request):
    # (PostgreSQL's: another relay finds every decision the killed one committed, and goes on)
    said = tmp_path / "committed.txt"
    target = str(tmp_path / "rooms.sqlite3") if kind == "sqlite" else request.getfixturevalue("postgres_url")
    with open(said, "w") as out:
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, target], cwd=ROOT, stdout=out, env={**os.environ, "PYTHONPATH": str(ROOT)}
        )
        try:
            wait_until(lambda: said.read_text().count("\n") >= 300 or writer.poll() is not None, "300 decisions", 60)
            writer.send_signal(signal.SIGKILL)
        finally:
            writer.kill()
            writer.wait(30)
    assert writer.returncode == -signal.SIGKILL
    lines = said.read_text().split("\n")[:-1]  # (whole lines: each said after its commit)
    assert lines == [str(n) for n in range(len(lines))] and len(lines) >= 300
    store = store_at(target, Bounds(decisions_per_room=1_000_000))
    loaded = store.load("KILL-0009")
    assert loaded is not None
    assert len(loaded.decisions) >= len(lines)  # (one more may have committed before its line was written)
    assert loaded.decisions == tuple(Decision(f"[{n}]", n % 2, float(n)) for n in range(len(loaded.decisions)))
    store.append("KILL-0009", len(loaded.decisions), Decision("[0]", 0, 0.0), 1, None)  # (and it goes on)
    store.close()


def test_a_backup_made_while_the_store_is_open_is_a_store_with_every_committed_decision(tmp_path):
    store = SqliteStore(tmp_path / "rooms.sqlite3")
    store.save(room())
    for number in range(3):
        store.append("KZWX-4242", number, decision(number), turn=1, deadline=None)
    copy = sqlite3.connect(tmp_path / "backup.sqlite3")  # (SQLite's online backup: the sqlite3 shell's .backup)
    source = sqlite3.connect(tmp_path / "rooms.sqlite3")
    source.backup(copy)
    source.close()
    copy.close()
    store.append("KZWX-4242", 3, decision(3), turn=1, deadline=None)
    store.close()
    kept = SqliteStore(tmp_path / "backup.sqlite3")
    assert kept.load("KZWX-4242").decisions == tuple(decision(n) for n in range(3))  # type: ignore[union-attr]
    kept.close()
