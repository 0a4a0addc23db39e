"""What the two stores of rooms over days on SQL share: game/net/store.py's interface written once in the
SQL both speak (`SqlStore`), the refusals' sentences, and the rows read back into records with every
value's type checked (`room_from_rows`).

SQLite's store (game/net/store_sqlite.py) and PostgreSQL's (game/net/store_postgres.py) keep the same
three tables (rooms; their seats, indexed by their key's hash; their decisions, numbered, the pair (room,
number) unique) and differ only in what is theirs: opening (a file; a server), the tables' types and
upgrades, a transaction (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: one writer at a time across every relay
sharing the database, an advisory lock), and the size (SQLite's pages; a count PostgreSQL keeps).

Each method is one transaction; a write's checks (the room's state, decision `n` only when `n` are kept,
the bounds) are read inside it, so two relays sharing a store can never both take decision `n`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from game.net.store import (
    ENDED,
    ROOM_STATES,
    RUN_OUT,
    Bounds,
    Clock,
    Decision,
    DecisionTaken,
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

LISTED = 100  # rooms a player's list shows at most (the most recently played)
SEED_DIGITS = 40  # a seed is kept as decimal text (SQLite's integers are 64 bits; a hosted seed 128)
ROOM_COLUMNS = (
    "code, seed, board, turns, rules, clock_seconds, run_out, address, network, state, turn, deadline, decisions, "
    "created, updated, ended"
)
SUMMARY = "r.code, s.seat, r.state, r.turn, r.deadline, r.decisions, r.updated, {board}"
SERVERS = ("postgresql://", "postgres://")  # what `relay --store` takes for a PostgreSQL server (else: a file)


class Cursor(Protocol):
    """What a statement gives back (sqlite3's cursor and psycopg's have it)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Db(Protocol):
    """One transaction's connection: statements with `?` for their values."""

    def execute(self, sql: str, values: Any = (), /) -> Cursor: ...

    def executemany(self, sql: str, rows: Iterable[Any], /) -> object: ...


# The tables and indexes of the current version (SCHEMA) that every store has, in its own SQL types
# (`tables`): seats have their own table, indexed by their key's hash (a player's list reads only his
# seats); rooms know whose decision is pending and until when.
_TABLES = (
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
        deadline {real},
        decisions INTEGER NOT NULL,
        created {real} NOT NULL,
        updated {real} NOT NULL,
        ended {real})""",
    """CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        key_hash {blob},
        bot TEXT,
        character TEXT NOT NULL,
        PRIMARY KEY (code, seat)){without_rowid}""",
    """CREATE TABLE decisions (
        code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        choice TEXT NOT NULL,
        at {real} NOT NULL,
        PRIMARY KEY (code, number)){without_rowid}""",
    "CREATE INDEX seats_by_key ON seats (key_hash) WHERE key_hash IS NOT NULL",
    "CREATE INDEX rooms_by_address ON rooms (address) WHERE ended IS NULL",
    "CREATE INDEX rooms_by_network ON rooms (network) WHERE ended IS NULL",
    "CREATE INDEX rooms_ended ON rooms (ended) WHERE ended IS NOT NULL",
    "CREATE INDEX rooms_due ON rooms (deadline) WHERE deadline IS NOT NULL",
)


def tables(real: str, blob: str, without_rowid: str = "") -> tuple[str, ...]:
    """The statements that make the tables every store has (see _TABLES), with its types of a real number
    and of bytes (and SQLite's WITHOUT ROWID for the tables keyed by two columns)."""
    return tuple(statement.format(real=real, blob=blob, without_rowid=without_rowid) for statement in _TABLES)


class SqlStore:
    """The interface (game/net/store.py's `RoomStore`) on SQL; a store brings `transaction`, `used` and
    `where` (its name in sentences: a file's path, a server's address without its password)."""

    bounds: Bounds
    where: str
    BOARD_NAME = "json_extract(r.board, '$.name')"  # a room's board's name from its record (SQLite's words)

    def transaction(self, write: bool = True) -> AbstractContextManager[Db]:
        """One transaction (a write's with no other writer of the store at the same time); rolled back on
        any error, the store's errors as its sentences."""
        raise NotImplementedError

    def used(self) -> int:
        """Bytes the store's rooms use (read inside a transaction)."""
        raise NotImplementedError

    def close(self) -> None:
        """Let the store go (everything it wrote is already kept)."""
        raise NotImplementedError

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
                "INSERT INTO seats (code, seat, name, key_hash, bot, character) VALUES (?, ?, ?, ?, ?, ?)",
                [(record.code, i, s.name, s.key_hash, s.bot, s.character) for i, s in enumerate(record.seats)],
            )
            if record.decisions:
                db.executemany(
                    "INSERT INTO decisions (code, number, seat, choice, at) VALUES (?, ?, ?, ?, ?)",
                    [(record.code, n, d.seat, d.choice, d.at) for n, d in enumerate(record.decisions)],
                )

    def admit(self, db: Db, record: RoomRecord) -> None:
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

    def seated(self, db: Db, record: RoomRecord) -> None:
        """Whether every player of a room (not yet written) sits in no more rooms than his bound allows."""
        keys = [seat.key_hash for seat in record.seats if seat.key_hash is not None]
        for key in set(keys) if record.ended is None else ():
            if self.seats_of(db, key) + keys.count(key) > self.bounds.seats_per_player:
                raise StoreRefused(seats_sentence(self.bounds))

    def seats_of(self, db: Db, key: bytes) -> int:
        """Seats taken with this key in rooms not ended."""
        return int(
            db.execute(
                "SELECT count(*) FROM seats s JOIN rooms r ON r.code = s.code WHERE s.key_hash = ? AND r.ended IS NULL",
                (key,),
            ).fetchone()[0]
        )

    def take_back(self, code: str, number: int, turn: int | None, deadline: float | None, now: float) -> None:
        took_back(self, code, number, turn, deadline, now)

    def give_up(self, code: str, seat: int, number: int, now: float) -> None:
        gave_up(self, code, seat, number, now)

    def begin(self, code: str, turn: int, deadline: float | None, now: float) -> None:
        began(self, code, turn, deadline, now)

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
                raise DecisionTaken(taken_sentence(code, number, held))
            if held >= self.bounds.decisions_per_room:
                raise StoreRefused(decisions_sentence(self.bounds))
            wrong = decisions_problem([decision], seats) or (
                f"seat {turn} is not one of the room's {seats}" if turn is not None and not 0 <= turn < seats else None
            )
            if wrong:
                raise StoreRefused(wrong.replace("decision 0", f"decision {number}"))
            db.execute(
                "INSERT INTO decisions (code, number, seat, choice, at) VALUES (?, ?, ?, ?, ?)",
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
            raise StoreUnusable(f"the store {self.where} holds a room {code!r} that cannot be read: {error}") from None

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
            if taken is None or tuple(taken) != ("", None, None):
                raise StoreRefused(f"seat {seat + 1} of {code} is not an open seat")
            if self.seats_of(db, key_hash) >= self.bounds.seats_per_player:
                raise StoreRefused(seats_sentence(self.bounds))
            db.execute(
                "UPDATE seats SET name = ?, key_hash = ? WHERE code = ? AND seat = ?", (name, key_hash, code, seat)
            )
            db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (now, code))

    def summary(self) -> str:
        """The columns of a room's summary, its board's name read from its record in the store's own words."""
        return SUMMARY.format(board=self.BOARD_NAME)

    def rooms_of(self, key_hash: bytes) -> list[RoomSummary]:
        return self.summaries(
            f"SELECT {self.summary()} FROM seats s JOIN rooms r ON r.code = s.code WHERE s.key_hash = ? "
            f"ORDER BY r.updated DESC LIMIT {LISTED}",
            key_hash,
        )

    def waiting_for(self, key_hash: bytes) -> list[RoomSummary]:
        return self.summaries(
            f"SELECT {self.summary()} FROM seats s JOIN rooms r ON r.code = s.code WHERE s.key_hash = ? "
            f"AND r.turn = s.seat AND r.ended IS NULL ORDER BY r.deadline LIMIT {LISTED}",
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
            raise StoreUnusable(f"the store {self.where} holds a room that cannot be read: {error}") from None

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


def is_server(store: str) -> bool:
    """Whether `relay --store` names a PostgreSQL server (an address) rather than an SQLite file."""
    return store.lower().startswith(SERVERS)


def one_line(error: BaseException) -> str:
    """A database's message in one line of 160 characters at most."""
    return " ".join(str(error).split())[:160]


def megabytes(size: float) -> str:
    return f"{size / 1e6:,.1f} MB"


def took_back(store: SqlStore, code: str, number: int, turn: int | None, deadline: float | None, now: float) -> None:
    """`SqlStore.take_back` (see game/net/store.py): decision `number` deleted when it is the room's last."""
    with store.transaction() as db:
        held, _, _, _ = room_now(db, code, "no decision is taken back")
        if held != number + 1:
            raise DecisionTaken(
                f"decision {number} of {code} is not its last: the room holds {held} (another played on)"
            )
        db.execute("DELETE FROM decisions WHERE code = ? AND number = ?", (code, number))
        db.execute(
            "UPDATE rooms SET decisions = ?, turn = ?, deadline = ?, updated = ? WHERE code = ?",
            (number, turn, deadline, now, code),
        )


def gave_up(store: SqlStore, code: str, seat: int, number: int, now: float) -> None:
    """`SqlStore.give_up` (see game/net/store.py): the seat's key forgotten while the room is as it was read
    (`number` decisions, that seat's pending, its clock run out by `now`)."""
    with store.transaction() as db:
        held, _, turn, deadline = room_now(db, code, "no seat is given up")
        if held != number or turn != seat or deadline is None or deadline > now:
            raise DecisionTaken(
                f"seat {seat + 1} of {code} is not given up: the room holds {held} decisions, not {number}, "
                "or its clock runs again (another relay played on)"
            )
        given = db.execute(
            "UPDATE seats SET key_hash = NULL WHERE code = ? AND seat = ? AND bot IS NULL AND name <> ''", (code, seat)
        )
        if given.rowcount != 1:
            raise StoreRefused(f"seat {seat + 1} of {code} is no player's seat: it is not given up")
        db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (now, code))


def began(store: SqlStore, code: str, turn: int, deadline: float | None, now: float) -> None:
    """`SqlStore.begin` (see game/net/store.py): an open room with no decision, every seat taken, racing."""
    with store.transaction() as db:
        held, state, _, _ = room_now(db, code, "it begins no more")
        if state != "open" or held:
            raise DecisionTaken(
                f"the race over days {code} has begun already: it is {state} with {held} decisions (another relay "
                "began it)"
            )
        seats, empty = db.execute(
            "SELECT count(*), count(CASE WHEN name = '' AND bot IS NULL THEN 1 END) FROM seats WHERE code = ?", (code,)
        ).fetchone()
        if empty:
            raise StoreRefused(f"the race over days {code} has {empty} open seats: it begins once they are taken")
        if not 0 <= turn < seats:
            raise StoreRefused(f"seat {turn} is not one of the room's {seats}")
        db.execute(
            "UPDATE rooms SET state = 'racing', turn = ?, deadline = ?, updated = ? WHERE code = ?",
            (turn, deadline, now, code),
        )


def room_now(db: Db, code: str, over: str) -> tuple[int, str, int | None, float | None]:
    """What a conditional write of room `code` checks, read in its transaction: the decisions it holds, its
    state, the seat whose decision is pending and until when (refused: no such room; an ended one, `over`)."""
    row = db.execute("SELECT decisions, state, turn, deadline, ended FROM rooms WHERE code = ?", (code,)).fetchone()
    if row is None:
        raise StoreRefused(no_room(code))
    held, state, turn, deadline, ended = row
    if ended is not None:
        raise StoreRefused(f"the race over days {code} is over: {over}")
    return int(held), str(state), optional_int(turn), optional_float(deadline)


def no_room(code: str) -> str:
    return f"this relay keeps no race over days {code}"


def taken_sentence(code: str, number: int, held: int) -> str:
    return f"decision {number} of {code} is not the next one: the room holds {held} (another took it)"


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
