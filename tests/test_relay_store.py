"""`main.py relay --store`: the relay opens its store of rooms over days before it listens (by default in
its own data folder), says it in its start line, counts it in /metrics, forgets the finished rooms after
the operator's days, and a store file that cannot be used is one sentence naming it (exit 1)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import psycopg
import pytest

from game.cli.network import store_at
from game.net.relay import Relay
from game.net.store import Clock, RoomRecord, StoredSeat, key_hash
from game.net.store_sqlite import SqliteStore

ROOT = Path(__file__).resolve().parent.parent
DAY = 86400.0


def a_room(code: str) -> RoomRecord:
    seats = (StoredSeat("Ann", key_hash("ann")), StoredSeat())
    return RoomRecord(code, 7, '{"name": "Meadow"}', 8, 2, seats, Clock(3600), address="192.0.2.1", created=1.0)


def test_the_relay_says_its_store_in_its_start_line_and_counts_it_in_its_metrics(relay_store):
    store = store_at(relay_store)  # (an SQLite file, then a PostgreSQL store: as the relay opens them)
    store.save(a_room("AAAA-1111"))
    store.save(a_room("BBBB-2222"))
    store.end("BBBB-2222", "finished", 2.0)
    store.close()
    relay = subprocess.Popen(
        [sys.executable, "main.py", "relay", "--port", "0", "--store", relay_store, "--for", "60"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert relay.stdout is not None
        listening, kept = relay.stdout.readline(), relay.stdout.readline()
        assert "relaying on ws://127.0.0.1:" in listening, listening + kept
        port = listening.split("127.0.0.1:")[1].split()[0]
        assert kept.strip() == (
            f"relay: races over days kept in {relay_store}: 2 rooms, 1 MB of 1024 MB; finished ones forgotten after "
            "30 days"
        )
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
            metrics = answer.read().decode()
    finally:
        relay.kill()
        relay.wait(10)
        if relay.stdout is not None:
            relay.stdout.close()
    assert "fantasy_racing_relay_stored_rooms 2\n" in metrics
    assert "fantasy_racing_relay_stored_finished_rooms 1\n" in metrics
    assert "fantasy_racing_relay_forgotten_rooms_total 0\n" in metrics


def relay_for_no_time(*options: str, data: Path) -> str:
    """What `main.py relay --port 0 OPTIONS` says, stopped as soon as it listens (in its own process: a
    relay's process freezes its garbage collector's old objects), with `data` as its per-user folder."""
    done = subprocess.run(
        [sys.executable, "main.py", "relay", "--port", "0", *options, "--for", "0"],
        cwd=ROOT,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and not done.stderr, done.stdout + done.stderr
    return done.stdout


def test_without_a_file_the_store_is_made_in_the_relays_own_data_folder(tmp_path):
    said = relay_for_no_time("--store", "--store-size", "5", "--keep-finished", "2", data=tmp_path)
    path = tmp_path / "fantasy-racing" / "relay" / "rooms.sqlite3"
    assert path.is_file()
    assert f"races over days kept in {path}: 0 rooms, 1 MB of 5 MB; finished ones forgotten after 2 days" in said


def test_without_store_the_relay_keeps_no_file_and_no_store_counter(tmp_path):
    assert "races over days" not in relay_for_no_time(data=tmp_path)
    assert not (tmp_path / "fantasy-racing" / "relay").exists()
    assert "stored_rooms" not in Relay().metrics()


def test_a_store_file_that_cannot_be_used_stops_the_relay_with_one_sentence_naming_it(tmp_path, capsys):
    import main

    junk = tmp_path / "rooms.sqlite3"
    junk.write_text("not a store\n")
    assert main.main(["relay", "--port", "0", "--store", str(junk), "--for", "0"]) == 1
    said = capsys.readouterr().err.strip()
    assert said == f"main.py: {junk} is not a room store: it is no SQLite file", said


def test_the_relay_forgets_the_rooms_finished_more_than_the_operators_days_ago(tmp_path):
    store = SqliteStore(tmp_path / "rooms.sqlite3")
    for code in ("AAAA-1111", "BBBB-2222", "CCCC-3333"):
        store.save(a_room(code))
    store.end("AAAA-1111", "finished", 10 * DAY)
    store.end("BBBB-2222", "given up", 12 * DAY)
    relay = Relay(store=store, finished_kept=3 * DAY)
    asyncio.run(relay.forget_finished(now=14 * DAY))
    assert store.load("AAAA-1111") is None and store.load("BBBB-2222") is not None
    assert "fantasy_racing_relay_forgotten_rooms_total 1\n" in relay.metrics()
    assert "fantasy_racing_relay_stored_rooms 2\n" in relay.metrics()
    store.close()


@pytest.mark.slow  # (two relay processes)
def test_two_relays_on_one_postgresql_database_say_it_without_its_password_and_share_its_rooms(postgres_url):
    from game.net.store_postgres import PostgresStore

    store = PostgresStore(postgres_url)
    store.save(a_room("AAAA-1111"))
    store.close()
    with_password = postgres_url.replace("://fr@", "://fr:s3cret-word@")  # (trusted on loopback: any password)
    shown = postgres_url.replace("://fr@", "://fr:***@")
    relays = [
        subprocess.Popen(
            [sys.executable, "main.py", "relay", "--port", "0", "--store", with_password, "--for", "60"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(2)
    ]
    try:
        for relay in relays:
            assert relay.stdout is not None
            listening, kept = relay.stdout.readline(), relay.stdout.readline()
            assert "relaying on ws://127.0.0.1:" in listening, listening + kept
            assert kept.startswith(f"relay: races over days kept in {shown}: 1 rooms, 1 MB of 1024 MB;"), kept
            port = listening.split("127.0.0.1:")[1].split()[0]
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
                assert "fantasy_racing_relay_stored_rooms 1\n" in answer.read().decode()
    finally:
        for relay in relays:
            relay.kill()
            relay.wait(10)
            if relay.stdout is not None:
                relay.stdout.close()


def test_a_postgresql_server_that_cannot_be_reached_stops_the_relay_with_one_sentence_without_its_password(capsys):
    import main
    from tests.postgres_server import free_port

    port = free_port()
    url = f"postgresql://relay:s3cret-word@127.0.0.1:{port}/rooms"
    assert main.main(["relay", "--port", "0", "--store", url, "--for", "0"]) == 1
    said = capsys.readouterr().err.strip()
    shown = f"postgresql://relay:***@127.0.0.1:{port}/rooms"
    assert said.startswith(f"main.py: the store {shown} cannot be reached: "), said
    assert "s3cret" not in said and "\n" not in said and "Traceback" not in said


def test_the_relays_health_fails_while_its_postgresql_store_cannot_be_reached_and_comes_back_with_it(postgres_server):
    from game.net.store_postgres import PostgresStore

    postgres_url = postgres_server.new_database()  # (a whole database of its own: its connections refused)

    database = postgres_url.rsplit("/", 1)[1]
    admin_url = postgres_url.rsplit("/", 1)[0] + "/postgres"
    said: list[str] = []

    def admin(sql: str) -> None:
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(sql)

    async def scenario() -> list[int]:
        store = await asyncio.to_thread(PostgresStore, postgres_url)
        relay = Relay(store=store, say=said.append)
        port = await relay.listen("127.0.0.1", 0)

        def health() -> int:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=10) as answer:
                    return int(answer.status)
            except urllib.error.HTTPError as error:
                return int(error.code)

        answers = [await asyncio.to_thread(health)]
        await asyncio.to_thread(admin, f"ALTER DATABASE {database} ALLOW_CONNECTIONS false")
        await asyncio.to_thread(
            admin, f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'"
        )
        await relay.forget_finished()  # (the relay's look every 30 seconds)
        answers.append(await asyncio.to_thread(health))
        await asyncio.to_thread(admin, f"ALTER DATABASE {database} ALLOW_CONNECTIONS true")
        await relay.forget_finished()
        answers.append(await asyncio.to_thread(health))
        await relay.stop()
        store.close()
        return answers

    assert asyncio.run(scenario()) == [200, 503, 200]
    assert any("cannot be reached" in line and database in line for line in said), said


def test_without_psycopg_a_postgresql_store_is_one_sentence_saying_what_to_install(monkeypatch, capsys):
    import main

    monkeypatch.setitem(sys.modules, "psycopg", None)  # (as in the packaged game, which leaves it out)
    monkeypatch.delitem(sys.modules, "game.net.store_postgres", raising=False)
    url = "postgresql://relay:s3cret-word@127.0.0.1:5432/rooms"
    assert main.main(["relay", "--port", "0", "--store", url, "--for", "0"]) == 1
    said = capsys.readouterr().err.strip()
    assert said == (
        "main.py: a store on PostgreSQL needs psycopg, which this installation of the game lacks: run the relay "
        "from the sources with the game's requirements (pip install -r requirements.txt)"
    ), said
