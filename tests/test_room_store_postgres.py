"""The store of rooms over days on PostgreSQL, what is its own (the interface's tests run on it in
tests/test_room_store.py): several relays share one database (a room saved by one is loaded by the
other; decision `n` taken by both at once: exactly one wins), a server that cannot be used is one
sentence naming it without its password, its tables' version upgraded or refused, a lost connection
made again, a pg_dump that is a store (a writer killed with SIGKILL: tests/test_room_store.py). On a
throwaway server (tests/postgres_server.py)."""

from __future__ import annotations

import subprocess
import threading
from dataclasses import replace

import psycopg
import pytest

from game.net import store_postgres
from game.net.store import SCHEMA, Clock, Decision, RoomRecord, StoredSeat, StoreRefused, StoreUnusable, key_hash
from game.net.store_postgres import PostgresStore, masked
from game.net.store_sql import is_server
from tests.postgres_server import free_port, programs

ANN, BOB = key_hash("ann's key"), key_hash("bob's key")
NOW = 1_800_000_000.0


def room(code: str = "KZWX-4242") -> RoomRecord:
    seats = (StoredSeat("Ann", ANN, None, "elf"), StoredSeat("Bob", BOB, None, "orc"))
    return RoomRecord(code, 2**127 + 5, '{"name": "Meadow"}', 8, 2, seats, Clock(3600), created=NOW, updated=NOW)


def test_two_relays_sharing_a_database_see_each_others_rooms_seats_and_decisions(postgres_url):
    first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
    try:
        first.save(room())
        assert second.load("KZWX-4242") == room()
        second.append("KZWX-4242", 0, Decision("[1]", 0, NOW + 1), turn=1, deadline=NOW + 3600)
        assert [r.code for r in first.waiting_for(BOB)] == ["KZWX-4242"]
        with pytest.raises(StoreRefused, match="^decision 0 of KZWX-4242 is not the next one: the room holds 1"):
            first.append("KZWX-4242", 0, Decision("[2]", 0, NOW + 2), turn=1, deadline=None)
        first.append("KZWX-4242", 1, Decision("[3]", 1, NOW + 3), turn=0, deadline=None)
        assert second.load("KZWX-4242").decisions == (  # type: ignore[union-attr]
            Decision("[1]", 0, NOW + 1),
            Decision("[3]", 1, NOW + 3),
        )
        second.end("KZWX-4242", "finished", NOW + 4)
        assert first.usage().ended == 1 and first.forget(0, NOW + 5) == 1 and second.load("KZWX-4242") is None
    finally:
        first.close()
        second.close()


def test_decision_n_taken_by_two_relays_at_once_is_taken_by_exactly_one(postgres_url):
    relays = [PostgresStore(postgres_url) for _ in range(2)]
    relays[0].save(room())
    rounds, taken, refused = 30, [0, 0], [0, 0]
    start = threading.Barrier(2, timeout=30)

    def relay(index: int) -> None:
        for number in range(rounds):
            start.wait()  # (both take decision `number` at the same moment)
            try:
                relays[index].append("KZWX-4242", number, Decision(f"[{index}]", index, NOW), 1 - index, None)
                taken[index] += 1
            except StoreRefused as refusal:
                assert f"decision {number} of KZWX-4242 is not the next one" in str(refusal), refusal
                refused[index] += 1
            start.wait()  # (the round is over for both before the next)

    threads = [threading.Thread(target=relay, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    try:
        assert not any(thread.is_alive() for thread in threads)
        assert sum(taken) == rounds and sum(refused) == rounds, (taken, refused)
        loaded = relays[1].load("KZWX-4242")
        assert loaded is not None and len(loaded.decisions) == rounds
    finally:
        for store in relays:
            store.close()


def test_a_server_not_reached_is_one_sentence_naming_it_without_its_password():
    url = f"postgresql://ann:s3cret-word@127.0.0.1:{free_port()}/rooms"
    with pytest.raises(StoreUnusable) as refused:
        PostgresStore(url)
    sentence = str(refused.value)
    assert sentence.startswith(f"the store postgresql://ann:***@127.0.0.1:{url.split(':')[3]} cannot be reached: ")
    assert "s3cret" not in sentence and "\n" not in sentence, sentence


@pytest.mark.parametrize(
    "url, said",
    [
        ("postgresql://ann@127.0.0.1:port/rooms", "is no PostgreSQL address"),
        ("postgresql://ann@127.0.0.1/rooms?colour=blue", "is no PostgreSQL address"),
    ],
)
def test_an_address_that_is_not_one_is_one_sentence(url, said):
    with pytest.raises(StoreUnusable, match=said) as refused:
        PostgresStore(url)
    assert url in str(refused.value) and "\n" not in str(refused.value)


def test_which_stores_are_servers_and_how_their_addresses_are_shown():
    assert is_server("postgresql://relay@db.example.org/rooms") and is_server("postgres://relay@db/rooms")
    assert not is_server("rooms.sqlite3") and not is_server("/var/lib/relay/postgresql.sqlite3")
    assert masked("postgresql://relay:hunter2@db.example.org:5433/rooms?sslmode=require") == (
        "postgresql://relay:***@db.example.org:5433/rooms?sslmode=require"
    )
    assert masked("postgresql://relay@db.example.org/rooms") == "postgresql://relay@db.example.org/rooms"
    assert masked("postgresql://relay@db/rooms?sslmode=require&password=hunter2") == (
        "postgresql://relay@db/rooms?sslmode=require&password=***"
    )


def test_a_password_in_the_query_is_never_said_either():
    url = f"postgresql://ann@127.0.0.1:{free_port()}/rooms?password=s3cret-word"
    with pytest.raises(StoreUnusable) as refused:
        PostgresStore(url)
    assert "s3cret" not in str(refused.value) and "password=***" in str(refused.value), refused.value


def test_a_database_with_tables_of_another_program_is_no_store_and_is_left_as_it_was(postgres_url):
    with psycopg.connect(postgres_url, autocommit=True) as other:
        other.execute("CREATE TABLE rooms (number INTEGER)")
    with pytest.raises(StoreUnusable, match=r"has tables of its own \(rooms\) but no schema table: it is no room"):
        PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as other:
        assert other.execute("SELECT to_regclass('schema') IS NULL").fetchone() == (True,)


def test_tables_of_a_newer_game_are_refused_and_older_ones_upgraded_a_step_a_version(postgres_url, monkeypatch):
    PostgresStore(postgres_url).close()
    with psycopg.connect(postgres_url, autocommit=True) as other:
        other.execute("UPDATE schema SET version = %s", (SCHEMA + 1,))
    with pytest.raises(StoreUnusable, match=f"newer version of the game .its tables' version {SCHEMA + 1}; this"):
        PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as other:
        other.execute("UPDATE schema SET version = %s", (SCHEMA,))
    # A version after this one, its step planted: the tables are upgraded when a store opens them.
    monkeypatch.setattr(store_postgres, "SCHEMA", SCHEMA + 1)
    monkeypatch.setitem(store_postgres.UPGRADES, SCHEMA, lambda db: db.execute("ALTER TABLE rooms ADD note TEXT"))
    store = PostgresStore(postgres_url)
    store.save(room())
    assert store.load("KZWX-4242") == room()
    store.close()
    with psycopg.connect(postgres_url, autocommit=True) as other:
        assert other.execute("SELECT version FROM schema").fetchall() == [(SCHEMA + 1,)]
        assert other.execute("SELECT note FROM rooms").fetchall() == [(None,)]


def test_a_failing_upgrade_leaves_the_tables_as_they_were(postgres_url, monkeypatch):
    PostgresStore(postgres_url).close()
    monkeypatch.setattr(store_postgres, "SCHEMA", SCHEMA + 1)
    monkeypatch.setitem(store_postgres.UPGRADES, SCHEMA, lambda db: db.execute("ALTER TABLE nothing ADD x TEXT"))
    with pytest.raises(StoreUnusable, match="cannot be used: relation .nothing. does not exist"):
        PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as other:
        assert other.execute("SELECT version FROM schema").fetchall() == [(SCHEMA,)]


def test_a_lost_connection_refuses_one_call_and_is_made_again_for_the_next(postgres_url):
    store = PostgresStore(postgres_url)
    store.save(room())
    assert store.connection is not None
    pid = store.connection.info.backend_pid
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(StoreUnusable, match="cannot be reached"):
        store.load("KZWX-4242")
    assert store.load("KZWX-4242") == room()
    store.close()


def test_the_size_is_counted_in_and_out_with_the_rows(postgres_url):
    store = PostgresStore(postgres_url)
    empty = store.usage().size
    store.save(replace(room(), board='"' + "x" * 50_000 + '"'))
    full = store.usage().size
    assert 50_000 < full - empty < 52_000
    store.append("KZWX-4242", 0, Decision('"' + "y" * 900 + '"', 0, NOW), 1, None)
    assert 900 < store.usage().size - full < 1100
    store.end("KZWX-4242", "given up", NOW)
    assert store.forget(0, NOW + 1) == 1 and store.usage().size == empty
    store.close()


@pytest.mark.slow  # (two databases made, pg_dump and pg_restore run)
def test_a_pg_dump_made_while_relays_write_restores_to_a_store_with_every_committed_decision(postgres_server, tmp_path):
    postgres_url = postgres_server.new_database()
    store = PostgresStore(postgres_url)
    store.save(room())
    for number in range(3):
        store.append("KZWX-4242", number, Decision(f"[{number}]", number % 2, NOW + number), 1, None)
    folder = programs()
    assert folder is not None
    dump = tmp_path / "rooms.dump"
    subprocess.run([str(folder / "pg_dump"), "--format=custom", f"--file={dump}", postgres_url], check=True, timeout=60)
    store.append("KZWX-4242", 3, Decision("[3]", 1, NOW + 3), 0, None)  # (after the backup: not in it)
    store.close()
    copy_url = postgres_server.new_database()
    subprocess.run([str(folder / "pg_restore"), f"--dbname={copy_url}", str(dump)], check=True, timeout=60)
    copy = PostgresStore(copy_url)
    kept = copy.load("KZWX-4242")
    assert kept is not None and [d.choice for d in kept.decisions] == ["[0]", "[1]", "[2]"]
    copy.append("KZWX-4242", 3, Decision("[3]", 1, NOW + 3), 0, None)  # (a store that goes on, its size counted)
    assert copy.usage().size > 0
    copy.close()


def test_a_relay_stuck_in_the_middle_of_a_write_holds_the_others_a_bounded_time(postgres_url, monkeypatch):
    monkeypatch.setattr(store_postgres, "WAIT_SECONDS", 1)
    store = PostgresStore(postgres_url)
    with psycopg.connect(postgres_url) as stuck:  # (a relay paused with the writers' lock taken)
        stuck.execute("SELECT pg_advisory_xact_lock(%s)", (store_postgres.LOCK,))
        with pytest.raises(StoreUnusable, match="cannot be reached: canceling statement due to lock timeout"):
            store.save(room())
        assert store.load("KZWX-4242") is None  # (reads never wait)
    store.save(room())  # (the lock freed with the stuck transaction)
    store.close()
