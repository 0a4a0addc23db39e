"""The rooms of races over days that a relay keeps (issue 46): their records, their bounds, and the one
small interface every store of rooms offers (`RoomStore`; SQLite's is game/net/store_sqlite.py).

A room over days lives on a relay for days: its seats are taken by players who come and go, each plays
his pending decisions when he likes, and the relay (its authority) must find every room again after it
was stopped or killed. What it keeps of a room is its **record** (`RoomRecord`):

- its code (the invite's), the race's seed (the relay's: its dice), its board (the board's record as
  JSON text, opaque to the store), its turns and the version of the rules it plays by;
- its seats (`StoredSeat`): the player's name, the **hash** of the key he took the seat with (never the
  key: `key_hash`), a computer racer's level, the character;
- its clock (`Clock`): seconds a player has for each decision, and what happens when they run out
  (the takeover level plays the decision, or the seat is given up);
- its decisions so far (`Decision`: the choice as JSON text, the seat that took it, when), in order;
- what the store tracks for it: its state (open: seats wait for players; racing; finished; given up),
  whose decision is pending and until when, who opened it (address and network: the bounds below).

The interface (`RoomStore`) saves a whole record, appends **one decision in one transaction** (number
`n` only when `n` decisions are kept: two relays sharing one store can never both take decision `n`),
gives up a seat whose clock ran out and begins a room whose seats are taken (each only while the room
is as the relay read it: another relay of the store may have played on), loads a room, lists a
player's rooms (by the hash of the key he took his seats with: a player who keeps one key per relay
lists every room of his there at once) and the rooms that wait for him (his decision is pending), the
rooms whose pending decision's clock ran out (`due`), gives a seat to a player, ends a room (finished or
given up), and forgets the ended rooms older than the operator's time. Times are the
caller's (seconds since the epoch), so a test may be its own.

Bounds (`Bounds`) are the store's, each refusal one sentence (`StoreRefused`): rooms per address and per
network (rooms not ended), seats per player, decisions per room, the store's size (new rooms refused
from `store_bytes`, everything from SIZE_MARGIN beyond). A record's own fields are checked before they are
written (`record_problem`). A store file that cannot be used (not a store, damaged, too big, written by a
newer game) is one sentence naming it (`StoreUnusable`).

Each implementation is tested by the same suite (tests/test_room_store.py, parametrized by store).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

from game.files import printable
from game.rules.record import MAX_CHOICES, NAME_LENGTH, SEED_RANGE

SCHEMA = 2  # the version of the store's tables (game/net/store_sqlite.py UPGRADES: each older one upgraded)

RunOut = Literal["takeover", "give up"]  # when a clock runs out: the takeover level plays, or the seat is given up
RUN_OUT: tuple[RunOut, ...] = get_args(RunOut)
RoomState = Literal["open", "racing", "finished", "given up"]
ROOM_STATES: tuple[RoomState, ...] = get_args(RoomState)
ENDED: tuple[RoomState, ...] = ("finished", "given up")

CODE_LENGTH = 40  # characters of a room code (the relay's paths take 40)
BOARD_CHARS = 1024 * 1024  # a board's record as JSON text (a 256 x 32 board: about 40 KB)
CHOICE_CHARS = 1024  # a decision's choice as JSON text (a choice is a short list of short values)
SEATS = (2, 12)  # seats a room has
CLOCK_SECONDS = (60, 30 * 24 * 3600)  # seconds a decision may be given: a minute to thirty days
ADDRESS_CHARS = 64  # an address or a network, as the relay writes it


@dataclass(frozen=True)
class Bounds:
    """What one store holds at most (the relay's options set them; each refusal is one sentence)."""

    rooms_per_address: int = 8  # rooms not ended opened from one address
    rooms_per_network: int = 32  # the same for one network (an IPv4 /24, an IPv6 /56)
    seats_per_player: int = 32  # seats taken with one key in rooms not ended
    decisions_per_room: int = MAX_CHOICES  # a 15-turn race of six racers makes under a thousand
    store_bytes: int = 1024 * 1_000_000  # the store's size (1,024 MB, `relay --store-size`): no new room from there


SIZE_MARGIN = 1.1  # beyond store_bytes, the rooms already open may still grow this much; then nothing is written


class StoreRefused(Exception):
    """What the store will not do (a bound, a room that is not there, a decision already taken): one sentence."""


class DecisionTaken(StoreRefused):
    """A write refused because the room is not as the relay read it: another relay of the same store took
    that decision already, or played on, or began the race (the relay reloads the room and goes on from
    there). Every write of a room under way says what it read (`append`, `take_back`, `give_up`, `begin`)."""


class StoreUnusable(Exception):
    """A store file that cannot be used (not a store, damaged, too big, newer): one sentence naming it."""


@dataclass(frozen=True)
class StoredSeat:
    """A seat of a room over days: its player's name and the hash of his key ("" and None while open),
    or a computer racer's level; the character ("" until drawn)."""

    name: str = ""
    key_hash: bytes | None = None
    bot: str | None = None
    character: str = ""


@dataclass(frozen=True)
class Clock:
    """Seconds a player has for each decision, and what happens when they run out."""

    seconds: int
    run_out: RunOut = "takeover"


@dataclass(frozen=True)
class Decision:
    """One decision taken: its choice as JSON text (the race record's choice), the seat that took it (or
    whose clock ran out on it), and when."""

    choice: str
    seat: int
    at: float


@dataclass(frozen=True)
class RoomRecord:
    """A room over days as the store keeps it (see the module)."""

    code: str
    seed: int
    board: str
    turns: int
    rules: int
    seats: tuple[StoredSeat, ...]
    clock: Clock
    decisions: tuple[Decision, ...] = ()
    state: RoomState = "open"
    turn: int | None = None  # the seat whose decision is pending
    deadline: float | None = None  # when its clock runs out
    address: str = ""  # who opened the room (its bounds)
    network: str = ""
    created: float = 0.0
    updated: float = 0.0
    ended: float | None = None  # when it was finished or given up


@dataclass(frozen=True)
class RoomSummary:
    """A room in a player's list: what the list shows without loading the race."""

    code: str
    seat: int  # the player's seat in it
    state: RoomState
    turn: int | None
    deadline: float | None
    decisions: int
    updated: float
    names: tuple[str, ...] = field(default=())  # every seat's name ("" for an open seat)
    board: str = ""  # the board's name (what a player's list of rooms shows: "Meadow")


@dataclass(frozen=True)
class Usage:
    """What a store holds (the relay's start line and /metrics)."""

    rooms: int
    ended: int
    decisions: int
    size: int  # bytes


class RoomStore(Protocol):
    """The store of rooms over days (see the module). Each method is one transaction; each refusal a
    `StoreRefused` with its sentence; a store that cannot be used a `StoreUnusable`."""

    bounds: Bounds

    def save(self, record: RoomRecord) -> None:
        """Keep a room's whole record (a new room, within the bounds of its address, network and players,
        and the store's size; or a room kept again whole: its decisions replaced)."""

    def append(self, code: str, number: int, decision: Decision, turn: int | None, deadline: float | None) -> None:
        """Add decision `number` (0-based) to room `code`, only when it holds `number` decisions (else refused:
        another took it); the room then waits for seat `turn` until `deadline` (None: for nobody)."""

    def take_back(self, code: str, number: int, turn: int | None, deadline: float | None, now: float) -> None:
        """Take decision `number` back from room `code`, only when it is the last one the room holds (else
        refused with `DecisionTaken`: another relay played on); the room then waits for `turn` until `deadline`."""

    def give_up(self, code: str, seat: int, number: int, now: float) -> None:
        """Give up seat `seat` of room `code` (its key forgotten: the takeover level plays it), only while the
        room holds `number` decisions and its pending one is that seat's, its clock run out by `now` (else
        refused with `DecisionTaken`: another relay played on)."""

    def begin(self, code: str, turn: int, deadline: float | None, now: float) -> None:
        """Room `code`, every seat taken, starts: it waits for seat `turn` until `deadline`, only while it is
        open with no decision (else refused with `DecisionTaken`: another relay began it, or played on)."""

    def load(self, code: str) -> RoomRecord | None:
        """Room `code` with its seats and decisions, or None when the store has none of that code."""

    def take_seat(self, code: str, seat: int, name: str, key_hash: bytes, now: float) -> None:
        """Give an open seat of room `code` to a player (within his seats' bound)."""

    def rooms_of(self, key_hash: bytes) -> list[RoomSummary]:
        """The rooms with a seat taken with this key, the most recently played first."""

    def waiting_for(self, key_hash: bytes) -> list[RoomSummary]:
        """Of those, the rooms not ended whose pending decision is this key's seat's, the oldest first."""

    def due(self, now: float) -> list[str]:
        """The rooms not ended whose pending decision's clock ran out by `now`, the oldest first (a hundred
        at most: the relay runs them out, then asks again)."""

    def end(self, code: str, state: RoomState, now: float) -> None:
        """Room `code` is finished or given up (`state`): no decision is added to it any more."""

    def forget(self, older_than: float, now: float) -> int:
        """Forget the rooms ended more than `older_than` seconds before `now`; how many."""

    def usage(self) -> Usage:
        """What the store holds."""

    def close(self) -> None:
        """Let the store go (everything it wrote is already kept)."""


def key_hash(key: str) -> bytes:
    """What a store keeps of a seat's key (never the key itself)."""
    return hashlib.blake2b(key.encode(), digest_size=32, person=b"fr-store-seat").digest()


def record_problem(record: RoomRecord) -> str | None:
    """What makes a record unfit for a store, one sentence naming the field, or None."""
    if not record.code or len(record.code) > CODE_LENGTH or printable(record.code, CODE_LENGTH):
        return f"a room's code is 1 to {CODE_LENGTH} printable characters"
    if type(record.seed) is not int or not SEED_RANGE[0] <= record.seed <= SEED_RANGE[1]:
        return "a room's seed is a whole number the dice take"
    if not record.board or len(record.board) > BOARD_CHARS:
        return f"a room's board is 1 to {BOARD_CHARS:,} characters of JSON"
    if not SEATS[0] <= len(record.seats) <= SEATS[1]:
        return f"a room has {SEATS[0]} to {SEATS[1]} seats"
    if not CLOCK_SECONDS[0] <= record.clock.seconds <= CLOCK_SECONDS[1] or record.clock.run_out not in RUN_OUT:
        low, high = CLOCK_SECONDS
        return f"a room's clock gives {low} to {high:,} seconds a decision, then {' or '.join(RUN_OUT)}"
    if record.state not in ROOM_STATES:
        return f"a room's state is one of {', '.join(ROOM_STATES)}"
    if len(record.address) > ADDRESS_CHARS or len(record.network) > ADDRESS_CHARS:
        return f"an address or a network is {ADDRESS_CHARS} characters at most"
    for index, seat in enumerate(record.seats):
        if seat_problem(seat.name, seat.key_hash) or (seat.bot is not None and len(seat.bot) > NAME_LENGTH):
            return f"seat {index + 1}: {seat_problem(seat.name, seat.key_hash) or 'a level is a short text'}"
    return decisions_problem(record.decisions, len(record.seats))


def seat_problem(name: str, key: bytes | None) -> str | None:
    """What makes a seat's name or key's hash unfit, or None."""
    if len(name) > NAME_LENGTH or printable(name, NAME_LENGTH):
        return f"a player's name is {NAME_LENGTH} printable characters at most"
    if key is not None and len(key) != 32:
        return "a seat keeps the 32 bytes of its key's hash"
    return None


def decisions_problem(decisions: Sequence[Decision], seats: int) -> str | None:
    """What makes decisions unfit for a room of `seats` seats, or None."""
    for number, decision in enumerate(decisions):
        if not decision.choice or len(decision.choice) > CHOICE_CHARS:
            return f"decision {number}: a choice is 1 to {CHOICE_CHARS:,} characters of JSON"
        if not 0 <= decision.seat < seats:
            return f"decision {number}: seat {decision.seat} is not one of the room's {seats}"
    return None


def size_sentence(size: int, bounds: Bounds) -> str:
    """The refusal of a store at its size."""
    return (
        f"the relay's store of races over days is full ({size / 1e6:,.0f} MB of {bounds.store_bytes / 1e6:,.0f}): "
        "no new race until finished ones are forgotten"
    )
