"""The store of rooms over days on a PostgreSQL server (game/net/store.py's `RoomStore`, psycopg 3; the
interface's methods are game/net/store_sql.py's, shared with SQLite's store: here what is the server's).

Several relays behind one name share one database (`relay --store postgresql://USER@HOST/DATABASE`),
so that a player finds his rooms over days whichever relay answers him:

- **No decision taken twice**: every write takes one lock for the whole database (a transaction-scoped
  advisory lock, `pg_advisory_xact_lock`), then reads what it checks (the room's decisions, its state,
  the bounds) and writes: the writes of every relay sharing the database are one after the other, as
  SQLite's `BEGIN IMMEDIATE` makes them on one machine (a write waits WAIT_SECONDS at most; a relay
  stuck in the middle of a transaction is cut by the server after IDLE_SECONDS, its lock freed); and
  the decisions' primary key (room, number) refuses a second decision `n` whatever happens. Decisions
  come a few a minute: one writer at a time costs nothing. A read is one snapshot (`REPEATABLE READ`):
  a room, its seats and its decisions together.
- **Nothing committed is lost**: a transaction committed is the server's (its write-ahead log, fsync on);
  a relay killed in the middle of one leaves it rolled back.
- **One sentence for a server that cannot be used** (`StoreUnusable`, naming it by its address without
  its password, `masked`): not an address, not reached, refusing the user, a database whose tables are
  not a store's, written by a newer game.
- **Older tables upgraded**: the table `schema` holds their version, as in SQLite's store; PostgreSQL's
  tables were first written at version 2, and each later version brings its step here (`UPGRADES`).
- **Its size bounded by a count**: the server's files do not shrink when rooms are forgotten, so the
  store counts the bytes of its rows itself (the table `size`, kept by triggers in every write's
  transaction): new rooms are refused from the bounds' `store_bytes`, and a write that would leave the
  store past SIZE_MARGIN times that is rolled back, one sentence.

One connection, used by one thread at a time (a lock); a connection lost (the server restarted) is made
again at the next call, the call that lost it refused in one sentence.
"""

from __future__ import annotations

import threading
import urllib.parse
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg

from game.net.store import SCHEMA, SIZE_MARGIN, Bounds, StoreRefused, StoreUnusable, size_sentence
from game.net.store_sql import Cursor, Db, SqlStore, one_line, tables

CONNECT_SECONDS = 10  # a server that does not answer within this is not reached
WAIT_SECONDS = 15  # a write waits this long at most for another relay's (then refused: "cannot be reached")
IDLE_SECONDS = 60  # a relay stuck this long in the middle of a transaction is cut by the server: its lock freed
LOCK = 0x46_52_2D_52_4F_4F_4D_53  # the advisory lock of every write ("FR-ROOMS"): one writer at a time
ROW = 64  # bytes counted for each row beyond its text (the server's own for a row is about that)
ROOM = 256  # bytes counted for a room beyond its board and code (its other columns, its indexes' entries)

# The tables of the current version (SCHEMA), every store's (game/net/store_sql.py), in PostgreSQL's
# types; then the count of their bytes, kept by triggers (a room forgotten takes its seats
# and decisions with it, and their triggers count them out).
TABLES = (
    "CREATE TABLE schema (version INTEGER NOT NULL)",
    *tables(real="DOUBLE PRECISION", blob="BYTEA"),
    "CREATE INDEX rooms_by_update ON rooms (updated)",
    "CREATE TABLE size (bytes BIGINT NOT NULL)",
    "INSERT INTO size VALUES (0)",
    f"""CREATE FUNCTION counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE size SET bytes = bytes
            + CASE WHEN TG_OP <> 'DELETE' THEN {ROW} + coalesce(octet_length(NEW::text), 0) ELSE 0 END
            - CASE WHEN TG_OP <> 'INSERT' THEN {ROW} + coalesce(octet_length(OLD::text), 0) ELSE 0 END;
        RETURN NULL;
    END $$""",
    f"""CREATE FUNCTION counted_room() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE size SET bytes = bytes
            + CASE WHEN TG_OP = 'INSERT' THEN {ROOM} + octet_length(NEW.board) + octet_length(NEW.code) ELSE 0 END
            - CASE WHEN TG_OP = 'DELETE' THEN {ROOM} + octet_length(OLD.board) + octet_length(OLD.code) ELSE 0 END;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER counted AFTER INSERT OR DELETE ON rooms FOR EACH ROW EXECUTE FUNCTION counted_room()",
    "CREATE TRIGGER counted AFTER INSERT OR UPDATE OR DELETE ON seats FOR EACH ROW EXECUTE FUNCTION counted()",
    "CREATE TRIGGER counted AFTER INSERT OR DELETE ON decisions FOR EACH ROW EXECUTE FUNCTION counted()",
)
# (A room is counted by its board and code, which never change, and a fixed part for the rest: its updates
# change only that rest, whose state, whose turn, the count.)

UPGRADES: dict[int, Callable[[Db], None]] = {}  # version -> its step to the next (the first tables: version 2)
FIRST = 2  # the version of PostgreSQL's first tables


def masked(url: str) -> str:
    """A server's address as the logs and sentences show it: its password, if any (before the host or
    in the query, `?password=`), as ***."""
    try:
        parts = urllib.parse.urlsplit(url)
        if parts.password is not None:
            parts = parts._replace(netloc=f"{parts.username or ''}:***@{parts.netloc.rpartition('@')[2]}")
        query = [
            "password=***" if item.split("=")[0].lower() == "password" else item for item in parts.query.split("&")
        ]
        return urllib.parse.urlunsplit(parts._replace(query="&".join(query)))
    except ValueError:
        return url.split("://")[0] + "://(an address that cannot be read)"


def passwords(url: str) -> list[str]:
    """The passwords an address holds (before the host, or in the query), to be kept out of sentences."""
    try:
        parts = urllib.parse.urlsplit(url)
        found = [parts.password] if parts.password else []
        found += [v for k, v in urllib.parse.parse_qsl(parts.query) if k.lower() == "password" and v]
        return found + [urllib.parse.quote(v, safe="") for v in found]
    except ValueError:
        return []


class Pg:
    """A transaction's statements with `?` for their values (the SQL the two stores share), on psycopg."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self.connection = connection

    def execute(self, sql: str, values: Any = (), /) -> Cursor:
        return self.connection.execute(sql.replace("?", "%s"), values)  # type: ignore[arg-type]  # (our own SQL)

    def executemany(self, sql: str, rows: Iterable[Any], /) -> object:
        with self.connection.cursor() as cursor:
            cursor.executemany(sql.replace("?", "%s"), rows)  # type: ignore[arg-type]  # (our own SQL)
        return None


class PostgresStore(SqlStore):
    """A store of rooms over days in the PostgreSQL database at `url` (its tables made when it has none;
    see the module)."""

    BOARD_NAME = "(r.board::jsonb ->> 'name')"  # a room's board's name from its record

    def __init__(self, url: str, bounds: Bounds | None = None) -> None:
        self.url = url
        self.where = masked(url)
        self.bounds = bounds or Bounds()
        self.lock = threading.Lock()
        self.connection: psycopg.Connection[Any] | None = None
        with self.lock, self.guarded():
            self.connect()
        try:
            self.prepare()
        except BaseException:
            self.close()
            raise

    # ---------------------------------------------------------------- opening
    def connect(self) -> psycopg.Connection[Any]:
        """The connection, made (again, when the server dropped it) if need be."""
        if self.connection is not None and not self.connection.closed and not self.connection.broken:
            return self.connection
        try:
            psycopg.conninfo.conninfo_to_dict(self.url)
            urllib.parse.urlsplit(self.url).port  # noqa: B018  (a port that is no number: ValueError)
        except (psycopg.ProgrammingError, ValueError) as error:
            raise StoreUnusable(f"{self.where} is no PostgreSQL address: {self.said(error)}") from None
        try:
            self.connection = psycopg.connect(
                self.url, autocommit=True, connect_timeout=CONNECT_SECONDS, application_name="fantasy-racing relay"
            )
            self.connection.execute(f"SET lock_timeout = '{WAIT_SECONDS * 1000:d}ms'")  # type: ignore[arg-type]
            self.connection.execute(  # type: ignore[arg-type]  # (our own SQL)
                f"SET idle_in_transaction_session_timeout = '{IDLE_SECONDS * 1000:d}ms'"
            )
        except psycopg.OperationalError as error:
            if "connection option" in str(error) or "invalid" in str(error).split(":")[0]:
                raise StoreUnusable(f"{self.where} is no PostgreSQL address: {self.said(error)}") from None
            raise
        return self.connection

    def prepare(self) -> None:
        """The tables checked, made or upgraded, by one relay at a time (the writers' lock)."""
        with self.lock, self.guarded():
            connection = self.connect()
            with connection.transaction():
                connection.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
                names = ("schema", "rooms", "seats", "decisions", "size")
                row = connection.execute(
                    "SELECT " + ", ".join("to_regclass(%s) IS NOT NULL" for _ in names), names
                ).fetchone()
                found = {name for name, there in zip(names, row or ()) if there}
                if not found:
                    for statement in TABLES:
                        connection.execute(statement)  # type: ignore[arg-type]  # (our own SQL)
                    connection.execute("INSERT INTO schema VALUES (%s)", (SCHEMA,))
                    return
                if "schema" not in found:
                    raise StoreUnusable(
                        f"the database {self.where} has tables of its own ({', '.join(sorted(found))}) but no "
                        "schema table: it is no room store (give the relay a database of its own)"
                    )
                version = self.version(connection)
                if version > SCHEMA:
                    raise StoreUnusable(
                        f"the store {self.where} was written by a newer version of the game (its tables' version "
                        f"{version}; this one reads {SCHEMA} and older)"
                    )
                while version < SCHEMA:  # (in this transaction: every step or none)
                    if version not in UPGRADES:
                        raise StoreUnusable(f"the store {self.where} has tables of version {version}: none is upgraded")
                    UPGRADES[version](Pg(connection))
                    connection.execute("UPDATE schema SET version = %s", (version + 1,))
                    version = self.version(connection)

    def version(self, connection: psycopg.Connection[Any]) -> int:
        rows = connection.execute("SELECT version FROM schema").fetchall()
        if len(rows) != 1 or type(rows[0][0]) is not int or not FIRST <= rows[0][0] <= 1_000_000:
            raise StoreUnusable(f"the store {self.where} has no version it can be read by (its schema table)")
        return int(rows[0][0])

    # ---------------------------------------------------------------- transactions
    def said(self, error: BaseException) -> str:
        """The server's message in one line, without the password if it repeats it."""
        line = one_line(error)
        for password in sorted(passwords(self.url), key=len, reverse=True):
            line = line.replace(password, "***")
        return line

    @contextmanager
    def guarded(self) -> Iterator[None]:
        """The server's errors as the store's sentences (a connection lost is made again next time)."""
        try:
            yield
        except psycopg.errors.UniqueViolation as error:
            raise StoreRefused(f"another relay wrote the same at the same time: {self.said(error)}") from None
        except psycopg.OperationalError as error:
            raise StoreUnusable(f"the store {self.where} cannot be reached: {self.said(error)}") from None
        except psycopg.Error as error:
            raise StoreUnusable(f"the store {self.where} cannot be used: {self.said(error)}") from None

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Db]:
        """One transaction: a write's after every other relay's (the writers' lock), and rolled back when it
        would leave the store past its size's margin; a read's one snapshot."""
        with self.lock, self.guarded():
            connection = self.connect()
            with connection.transaction():
                if not write:
                    connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    yield Pg(connection)
                    return
                connection.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
                before = self.used()
                yield Pg(connection)
                after = self.used()
                if after > before and after > self.bounds.store_bytes * SIZE_MARGIN:
                    raise StoreRefused(size_sentence(after, self.bounds))

    def used(self) -> int:
        """Bytes of the store's rows, as its triggers count them."""
        assert self.connection is not None  # (inside a transaction)
        row = self.connection.execute("SELECT bytes FROM size").fetchone()
        return int(row[0]) if row else 0

    def close(self) -> None:
        with self.lock:
            if self.connection is not None:
                self.connection.close()
