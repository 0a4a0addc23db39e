"""The store of rooms over days in one SQLite file (game/net/store.py's `RoomStore`, stdlib sqlite3; the
interface's methods are game/net/store_sql.py's, shared with PostgreSQL's store: here what is the file's).

- **Nothing committed is lost**: the file is in WAL mode with `synchronous = FULL` (a decision committed
  is on disk before `append` returns, a power cut included); each method is one transaction (`BEGIN
  IMMEDIATE` ... `COMMIT`), so a process killed with `kill -9` in the middle of one leaves the file as
  it was before it, and the next open finds every decision committed
  (tests/test_room_store.py::test_a_writer_killed_with_sigkill_...).
- **One sentence for a file that cannot be used** (`StoreUnusable`, naming the file): not a regular file,
  bigger than its bound allows, not an SQLite file, an SQLite file that is not a store, damaged (SQLite's
  `quick_check` when it opens, and any "malformed" later), written by a newer game (its schema).
- **Older stores upgraded**: the table `schema` holds the version of the tables; each older version is
  upgraded in one transaction, a step a version (`UPGRADES`), never refused for being old.
- **Its size bounded**: new rooms are refused from the bounds' `store_bytes` (the pages in use), and
  SQLite itself writes nothing beyond SIZE_MARGIN times that (`max_page_count`): the rooms already
  open go on growing a little past the bound, never without end.

One connection, used by one thread at a time (a lock): the relay may call it from a worker thread
(`asyncio.to_thread`), so that waiting for the disk never holds its loop.
"""

from __future__ import annotations

import math
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from game import files
from game.net.store import SCHEMA, SIZE_MARGIN, Bounds, StoreRefused, StoreUnusable, seat_problem, size_sentence
from game.net.store_sql import ROOM_COLUMNS, SqlStore, megabytes, one_line, tables

STORE_FILE = "rooms.sqlite3"  # the store's name in the relay's data folder (`relay --store` without a file)
HEADER = b"SQLite format 3\x00"  # the first bytes of every SQLite file
BUSY = 5000  # milliseconds a write waits for another process's (a backup's) before it fails

# The tables of the current version (SCHEMA): game/net/store_sql.py's, in SQLite's types.
TABLES = tables(real="REAL", blob="BLOB", without_rowid=" WITHOUT ROWID")


def _from_1(db: sqlite3.Connection, path: Path) -> None:
    """Version 1 (the store's first draft) kept a room's seats as JSON in its row, and no pending seat:
    the seats move to their own table (indexed by their key's hash), the rooms gain `turn` and `deadline`
    (None: the relay finds them again when it rebuilds the race), the decisions go with their room."""
    db.execute("ALTER TABLE rooms RENAME TO rooms_1")
    db.execute("ALTER TABLE decisions RENAME TO decisions_1")
    for statement in TABLES:
        db.execute(statement)
    db.execute(
        f"INSERT INTO rooms ({ROOM_COLUMNS}) SELECT code, seed, board, turns, rules, clock_seconds, run_out, address, "
        "network, state, NULL, NULL, decisions, created, updated, ended FROM rooms_1"
    )
    for code, text in db.execute("SELECT code, seats FROM rooms_1").fetchall():
        try:
            seats = files.loads(text)
            rows = [
                (
                    code,
                    index,
                    seat["name"],
                    bytes.fromhex(seat["key"]) if seat["key"] else None,
                    seat["bot"],
                    seat["character"],
                )
                for index, seat in enumerate(seats)
            ]
            wrong = next((seat_problem(str(r[2]), r[3]) for r in rows if seat_problem(str(r[2]), r[3])), None)
            if wrong:
                raise ValueError(wrong)
        except (files.FileRefused, ValueError, TypeError, KeyError, AttributeError) as error:
            said = f"{type(error).__name__}: {error}"[:120]
            raise StoreUnusable(
                f"{path}: the seats of room {code!r} cannot be upgraded from version 1 ({said})"
            ) from None
        db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", rows)
    db.execute("INSERT INTO decisions SELECT * FROM decisions_1 WHERE code IN (SELECT code FROM rooms)")
    db.execute("DROP TABLE decisions_1")
    db.execute("DROP TABLE rooms_1")


UPGRADES: dict[int, Callable[[sqlite3.Connection, Path], None]] = {1: _from_1}  # version -> its step to the next


class SqliteStore(SqlStore):
    """A store of rooms over days in the SQLite file `path` (created with its folder's permission when
    it is missing; see the module)."""

    def __init__(self, path: Path, bounds: Bounds | None = None) -> None:
        self.path = Path(path)
        self.where = str(self.path)
        self.bounds = bounds or Bounds()
        self.lock = threading.Lock()
        self.check_file()
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreUnusable(f"the store {self.path} cannot be opened: {one_line(error)}") from None
        try:
            self.prepare()
        except BaseException:
            self.db.close()
            raise

    # ---------------------------------------------------------------- opening
    def check_file(self) -> None:
        """The file before SQLite reads it: a regular file within its bound, an SQLite file (or nothing yet)."""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return
        except OSError as error:
            raise StoreUnusable(f"the store {self.path} cannot be opened: {error.strerror}") from None
        if not stat.S_ISREG(info.st_mode):
            raise StoreUnusable(
                f"{self.path} is not a regular file (a folder, a device or a pipe): it is no room store"
            )
        most = self.bounds.store_bytes * SIZE_MARGIN
        if info.st_size > most:
            raise StoreUnusable(
                f"the store {self.path} is {megabytes(info.st_size)}, more than the {megabytes(most)} it may be "
                "(--store-size): forget finished rooms with a larger bound, or give a larger one"
            )
        if info.st_size == 0:
            return
        try:
            with open(self.path, "rb") as stream:
                head = stream.read(len(HEADER))
        except OSError as error:
            raise StoreUnusable(f"the store {self.path} cannot be read: {error.strerror}") from None
        if head != HEADER:
            raise StoreUnusable(f"{self.path} is not a room store: it is no SQLite file")

    def prepare(self) -> None:
        """WAL, durable commits, foreign keys, the size's bound; then the tables checked, made or upgraded."""
        with self.guarded():
            self.db.execute(f"PRAGMA busy_timeout = {BUSY}")
            mode = self.db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreUnusable(f"the store {self.path} cannot be written ahead (SQLite's WAL mode: {mode})")
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.execute("PRAGMA foreign_keys = ON")
            page = int(self.db.execute("PRAGMA page_size").fetchone()[0])
            self.db.execute(f"PRAGMA max_page_count = {math.ceil(self.bounds.store_bytes * SIZE_MARGIN / page)}")
            check = self.db.execute("PRAGMA quick_check(1)").fetchone()[0]
            if check != "ok":
                said = " ".join(str(check).replace("*** in database main ***", "").split())[:120]
                raise StoreUnusable(f"the store {self.path} is damaged (SQLite's check: {said}): restore a backup")
            tables = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            with self.transaction() as db:
                db.execute("CREATE TABLE schema (version INTEGER NOT NULL)")
                db.execute("INSERT INTO schema VALUES (?)", (SCHEMA,))
                for statement in TABLES:
                    db.execute(statement)
            return
        if "schema" not in tables:
            raise StoreUnusable(f"{self.path} is an SQLite file but not a room store (it has no schema table)")
        version = self.version()
        if version > SCHEMA:
            raise StoreUnusable(
                f"the store {self.path} was written by a newer version of the game (its tables' version {version}; "
                f"this one reads {SCHEMA} and older)"
            )
        while version < SCHEMA:
            with self.transaction() as db:
                UPGRADES[version](db, self.path)
                db.execute("UPDATE schema SET version = ?", (version + 1,))
            version = self.version()

    def version(self) -> int:
        with self.guarded():
            rows = self.db.execute("SELECT version FROM schema").fetchall()
        if len(rows) != 1 or type(rows[0][0]) is not int or not 1 <= rows[0][0] <= 1_000_000:
            raise StoreUnusable(f"the store {self.path} has no version it can be read by (its schema table)")
        return int(rows[0][0])

    # ---------------------------------------------------------------- transactions
    @contextmanager
    def guarded(self) -> Iterator[None]:
        """SQLite's errors as the store's sentences: a full store refused, a damaged one unusable."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if "full" in str(error):
                raise StoreRefused(size_sentence(self.used(), self.bounds)) from None
            raise StoreUnusable(f"the store {self.path} cannot be used: {one_line(error)}") from None
        except sqlite3.DatabaseError as error:
            raise StoreUnusable(f"the store {self.path} is damaged or no room store: {one_line(error)}") from None

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction (a write's taken at once: `BEGIN IMMEDIATE`), by one thread at a time; rolled
        back on any error."""
        with self.lock, self.guarded():
            self.db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self.db
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def used(self) -> int:
        """Bytes of the pages in use (a forgotten room's pages are used again)."""
        try:
            pages = int(self.db.execute("PRAGMA page_count").fetchone()[0])
            free = int(self.db.execute("PRAGMA freelist_count").fetchone()[0])
            return (pages - free) * int(self.db.execute("PRAGMA page_size").fetchone()[0])
        except sqlite3.Error:
            return 0

    def close(self) -> None:
        with self.lock:
            self.db.close()
