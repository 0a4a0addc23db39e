"""The store of rooms over days in one SQLite file (game/net/store.py's `RoomStore`, stdlib sqlite3).

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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game import files
from game.net.store import (
    ENDED,
    ROOM_STATES,
    RUN_OUT,
    SCHEMA,
    SIZE_MARGIN,
    Bounds,
    Clock,
    Decision,
    RoomRecord,
    RoomState,
    RoomSummary,
    StoredSeat,
    StoreRefused,
    StoreUnusable,
    Usage,
    decisions_problem,
    record_problem,
    seat_problem,
    size_sentence,
)

STORE_FILE = "rooms.sqlite3"  # the store's name in the relay's data folder (`relay --store` without a file)
HEADER = b"SQLite format 3\x00"  # the first bytes of every SQLite file
BUSY = 5000  # milliseconds a write waits for another process's (a backup's) before it fails
LISTED = 100  # rooms a player's list shows at most (the most recently played)
SEED_DIGITS = 40  # a seed is kept as decimal text (SQLite's integers are 64 bits; a hosted seed 128)

# The tables of the current version (SCHEMA). Seats have their own table, indexed by their key's hash (a
# player's list reads only his seats); rooms know whose decision is pending and until when.
TABLES = (
    """CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        seed TEXT NOT NULL,
        board TEXT NOT NULL,
        turns INTEGER NOT NULL,
        rules INTEGER NOT NULL,
        clock_seconds INTEGER NOT NULL,
        run_out TEXT NOT NULL,
        address TEXT NOT NULL,
        network TEXT NOT NULL,
        state TEXT NOT NULL,
        turn INTEGER,
        deadline REAL,
        decisions INTEGER NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        ended REAL)""",
    """CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        key_hash BLOB,
        bot TEXT,
        character TEXT NOT NULL,
        PRIMARY KEY (code, seat)) WITHOUT ROWID""",
    """CREATE TABLE decisions (
        code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        choice TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (code, number)) WITHOUT ROWID""",
    "CREATE INDEX seats_by_key ON seats (key_hash) WHERE key_hash IS NOT NULL",
    "CREATE INDEX rooms_by_address ON rooms (address) WHERE ended IS NULL",
    "CREATE INDEX rooms_by_network ON rooms (network) WHERE ended IS NULL",
    "CREATE INDEX rooms_ended ON rooms (ended) WHERE ended IS NOT NULL",
    "CREATE INDEX rooms_due ON rooms (deadline) WHERE deadline IS NOT NULL",
)
ROOM_COLUMNS = (
    "code, seed, board, turns, rules, clock_seconds, run_out, address, network, state, turn, deadline, decisions, "
    "created, updated, ended"
)
SUMMARY = "r.code, s.seat, r.state, r.turn, r.deadline, r.decisions, r.updated, json_extract(r.board, '$.name')"


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


def megabytes(size: float) -> str:
    return f"{size / 1e6:,.1f} MB"


class SqliteStore:
    """A store of rooms over days in the SQLite file `path` (created with its folder's permission when
    it is missing; see the module)."""

    def __init__(self, path: Path, bounds: Bounds | None = None) -> None:
        self.path = Path(path)
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

    # ---------------------------------------------------------------- the interface (game/net/store.py)
    def save(self, record: RoomRecord) -> None:
        wrong = record_problem(record)
        if wrong:
            raise StoreRefused(wrong)
        bounds = self.bounds
        if len(record.decisions) > bounds.decisions_per_room:
            raise StoreRefused(decisions_sentence(bounds))
        with self.transaction() as db:
            known = db.execute("SELECT 1 FROM rooms WHERE code = ?", (record.code,)).fetchone() is not None
            if not known:
                self.admit(db, record)
            else:  # (kept again whole: its seats and decisions replaced, in this transaction)
                db.execute("DELETE FROM seats WHERE code = ?", (record.code,))
                db.execute("DELETE FROM decisions WHERE code = ?", (record.code,))
                db.execute("DELETE FROM rooms WHERE code = ?", (record.code,))
            self.seated(db, record)
            db.execute(
                f"INSERT INTO rooms ({ROOM_COLUMNS}) VALUES ({', '.join('?' * 16)})",
                (
                    record.code,
                    str(record.seed),
                    record.board,
                    record.turns,
                    record.rules,
                    record.clock.seconds,
                    record.clock.run_out,
                    record.address,
                    record.network,
                    record.state,
                    record.turn,
                    record.deadline,
                    len(record.decisions),
                    record.created,
                    record.updated,
                    record.ended,
                ),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                [(record.code, i, s.name, s.key_hash, s.bot, s.character) for i, s in enumerate(record.seats)],
            )
            db.executemany(
                "INSERT INTO decisions VALUES (?, ?, ?, ?, ?)",
                [(record.code, n, d.seat, d.choice, d.at) for n, d in enumerate(record.decisions)],
            )

    def admit(self, db: sqlite3.Connection, record: RoomRecord) -> None:
        """Whether a new room fits in the store's bounds of size, address and network (else refused with
        its sentence; its players' seats: `seated`)."""
        bounds = self.bounds
        used = self.used()
        if used >= bounds.store_bytes:
            raise StoreRefused(size_sentence(used, bounds))
        count = "SELECT count(*) FROM rooms WHERE {} = ? AND ended IS NULL"
        if record.address and db.execute(count.format("address"), (record.address,)).fetchone()[0] >= (
            bounds.rooms_per_address
        ):
            raise StoreRefused(f"an address holds {bounds.rooms_per_address} races over days at most on this relay")
        if record.network and db.execute(count.format("network"), (record.network,)).fetchone()[0] >= (
            bounds.rooms_per_network
        ):
            raise StoreRefused(f"a network holds {bounds.rooms_per_network} races over days at most on this relay")

    def seated(self, db: sqlite3.Connection, record: RoomRecord) -> None:
        """Whether every player of a room (not yet written) sits in no more rooms than his bound allows."""
        keys = [seat.key_hash for seat in record.seats if seat.key_hash is not None]
        for key in set(keys) if record.ended is None else ():
            if self.seats_of(db, key) + keys.count(key) > self.bounds.seats_per_player:
                raise StoreRefused(seats_sentence(self.bounds))

    def seats_of(self, db: sqlite3.Connection, key: bytes) -> int:
        """Seats taken with this key in rooms not ended."""
        return int(
            db.execute(
                "SELECT count(*) FROM seats s JOIN rooms r ON r.code = s.code WHERE s.key_hash = ? AND r.ended IS NULL",
                (key,),
            ).fetchone()[0]
        )

    def append(self, code: str, number: int, decision: Decision, turn: int | None, deadline: float | None) -> None:
        with self.transaction() as db:
            row = db.execute(
                "SELECT decisions, ended, (SELECT count(*) FROM seats WHERE code = ?) FROM rooms WHERE code = ?",
                (code, code),
            ).fetchone()
            if row is None:
                raise StoreRefused(no_room(code))
            held, ended, seats = row
            if ended is not None:
                raise StoreRefused(f"the race over days {code} is over: no decision is added to it")
            if number != held:
                raise StoreRefused(
                    f"decision {number} of {code} is not the next one: the room holds {held} (another took it)"
                )
            if held >= self.bounds.decisions_per_room:
                raise StoreRefused(decisions_sentence(self.bounds))
            wrong = decisions_problem([decision], seats) or (
                f"seat {turn} is not one of the room's {seats}" if turn is not None and not 0 <= turn < seats else None
            )
            if wrong:
                raise StoreRefused(wrong.replace("decision 0", f"decision {number}"))
            db.execute(
                "INSERT INTO decisions VALUES (?, ?, ?, ?, ?)",
                (code, number, decision.seat, decision.choice, decision.at),
            )
            db.execute(
                "UPDATE rooms SET decisions = ?, turn = ?, deadline = ?, updated = ?, state = 'racing' WHERE code = ?",
                (number + 1, turn, deadline, decision.at, code),
            )

    def load(self, code: str) -> RoomRecord | None:
        with self.transaction(write=False) as db:  # (one snapshot: the room, its seats and decisions together)
            row = db.execute(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            seats = db.execute("SELECT name, key_hash, bot, character FROM seats WHERE code = ? ORDER BY seat", (code,))
            seat_rows = seats.fetchall()
            decisions = db.execute("SELECT choice, seat, at FROM decisions WHERE code = ? ORDER BY number", (code,))
            decision_rows = decisions.fetchall()
        try:
            return room_from_rows(row, seat_rows, decision_rows)
        except (ValueError, TypeError) as error:
            raise StoreUnusable(f"the store {self.path} holds a room {code!r} that cannot be read: {error}") from None

    def take_seat(self, code: str, seat: int, name: str, key_hash: bytes, now: float) -> None:
        wrong = seat_problem(name, key_hash)
        if wrong or not name:
            raise StoreRefused(wrong or "a player's name is needed to take a seat")
        with self.transaction() as db:
            room = db.execute("SELECT ended FROM rooms WHERE code = ?", (code,)).fetchone()
            if room is None:
                raise StoreRefused(no_room(code))
            if room[0] is not None:
                raise StoreRefused(f"the race over days {code} is over: its seats are taken no more")
            taken = db.execute(
                "SELECT name, key_hash, bot FROM seats WHERE code = ? AND seat = ?", (code, seat)
            ).fetchone()
            if taken is None or taken != ("", None, None):
                raise StoreRefused(f"seat {seat + 1} of {code} is not an open seat")
            if self.seats_of(db, key_hash) >= self.bounds.seats_per_player:
                raise StoreRefused(seats_sentence(self.bounds))
            db.execute(
                "UPDATE seats SET name = ?, key_hash = ? WHERE code = ? AND seat = ?", (name, key_hash, code, seat)
            )
            db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (now, code))

    def rooms_of(self, key_hash: bytes) -> list[RoomSummary]:
        return self.summaries(
            f"SELECT {SUMMARY} FROM seats s JOIN rooms r ON r.code = s.code WHERE s.key_hash = ? "
            f"ORDER BY r.updated DESC LIMIT {LISTED}",
            key_hash,
        )

    def waiting_for(self, key_hash: bytes) -> list[RoomSummary]:
        return self.summaries(
            f"SELECT {SUMMARY} FROM seats s JOIN rooms r ON r.code = s.code WHERE s.key_hash = ? AND r.turn = s.seat "
            f"AND r.ended IS NULL ORDER BY r.deadline LIMIT {LISTED}",
            key_hash,
        )

    def summaries(self, query: str, key_hash: bytes) -> list[RoomSummary]:
        with self.transaction(write=False) as db:
            rows = db.execute(query, (key_hash,)).fetchall()
            codes = [row[0] for row in rows]
            names: dict[str, list[str]] = {code: [] for code in codes}
            if codes:
                marks = ", ".join("?" * len(codes))
                for code, name in db.execute(
                    f"SELECT code, name FROM seats WHERE code IN ({marks}) ORDER BY code, seat", codes
                ):
                    names[code].append(str(name))
        try:
            return [
                RoomSummary(
                    str(c),
                    int(s),
                    state_of(st),
                    optional_int(t),
                    optional_float(d),
                    int(n),
                    float(u),
                    tuple(names[c]),
                    str(b)[:80] if isinstance(b, str) else "",
                )  # fmt: skip
                for c, s, st, t, d, n, u, b in rows
            ]
        except (ValueError, TypeError) as error:
            raise StoreUnusable(f"the store {self.path} holds a room that cannot be read: {error}") from None

    def due(self, now: float) -> list[str]:
        """The rooms not ended whose pending decision's clock ran out by `now`, the oldest first."""
        with self.transaction(write=False) as db:
            rows = db.execute(
                f"SELECT code FROM rooms WHERE deadline <= ? AND ended IS NULL ORDER BY deadline LIMIT {LISTED}", (now,)
            ).fetchall()
        return [str(row[0]) for row in rows]

    def end(self, code: str, state: RoomState, now: float) -> None:
        if state not in ENDED:
            raise StoreRefused(f"a race over days ends {' or '.join(ENDED)}")
        with self.transaction() as db:
            room = db.execute("SELECT ended FROM rooms WHERE code = ?", (code,)).fetchone()
            if room is None:
                raise StoreRefused(no_room(code))
            if room[0] is not None:
                raise StoreRefused(f"the race over days {code} is already over")
            db.execute(
                "UPDATE rooms SET state = ?, ended = ?, updated = ?, turn = NULL, deadline = NULL WHERE code = ?",
                (state, now, now, code),
            )

    def forget(self, older_than: float, now: float) -> int:
        with self.transaction() as db:
            return int(db.execute("DELETE FROM rooms WHERE ended < ?", (now - older_than,)).rowcount)

    def usage(self) -> Usage:
        with self.transaction(write=False) as db:
            rooms, ended, decisions = db.execute(
                "SELECT count(*), count(ended), coalesce(sum(decisions), 0) FROM rooms"
            ).fetchone()
            size = self.used()
        return Usage(int(rooms), int(ended), int(decisions), size)

    def close(self) -> None:
        with self.lock:
            self.db.close()


def one_line(error: BaseException) -> str:
    """SQLite's message in one line of 160 characters at most."""
    return " ".join(str(error).split())[:160]


def no_room(code: str) -> str:
    return f"this relay keeps no race over days {code}"


def decisions_sentence(bounds: Bounds) -> str:
    return f"a race over days holds {bounds.decisions_per_room:,} decisions at most"


def seats_sentence(bounds: Bounds) -> str:
    return f"a player sits in {bounds.seats_per_player} races over days at most on this relay"


def state_of(value: object) -> RoomState:
    state = next((s for s in ROOM_STATES if s == value), None)
    if state is None:
        raise ValueError(f"its state {str(value)[:20]!r} is none of {', '.join(ROOM_STATES)}")
    return state


def optional_int(value: object) -> int | None:
    if value is not None and type(value) is not int:
        raise TypeError(f"{str(value)[:20]!r} is no whole number")
    return value


def optional_float(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]  # (a wrong type: TypeError)


def room_from_rows(
    row: Sequence[Any], seats: Sequence[Sequence[Any]], decisions: Sequence[Sequence[Any]]
) -> RoomRecord:
    """A room's record from its rows, every value's type checked (ValueError or TypeError otherwise)."""
    code, seed, board, turns, rules, seconds, run_out, address, network, state, turn, deadline = row[:12]
    count, created, updated, ended = row[12:]
    if type(seed) is not str or len(seed) > SEED_DIGITS or not seed.lstrip("-").isdigit() or not seed.isascii():
        raise ValueError(f"its seed {str(seed)[:20]!r} is no whole number")
    clock_run_out = next((r for r in RUN_OUT if r == run_out), None)
    if clock_run_out is None:
        raise ValueError(f"its clock's end {str(run_out)[:20]!r} is none of {', '.join(RUN_OUT)}")
    if len(decisions) != count:
        raise ValueError(f"it counts {count} decisions and holds {len(decisions)}")
    return RoomRecord(
        code=str(code),
        seed=int(seed),
        board=text(board),
        turns=whole(turns),
        rules=whole(rules),
        seats=tuple(
            StoredSeat(
                text(name), None if key is None else bytes(key), None if bot is None else text(bot), text(character)
            )
            for name, key, bot, character in seats
        ),
        clock=Clock(whole(seconds), clock_run_out),
        decisions=tuple(Decision(text(choice), whole(seat), float(at)) for choice, seat, at in decisions),
        state=state_of(state),
        turn=optional_int(turn),
        deadline=optional_float(deadline),
        address=text(address),
        network=text(network),
        created=float(created),
        updated=float(updated),
        ended=optional_float(ended),
    )


def text(value: object) -> str:
    if type(value) is not str:
        raise TypeError(f"{str(value)[:20]!r} is no text")
    return value


def whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"{str(value)[:20]!r} is no whole number")
    return value
