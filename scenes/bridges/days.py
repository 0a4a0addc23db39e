"""The player's races over days, asked of their relays beside the frame loop (the title's count, *Your
races*): `RacesFetch` reads the seat keys kept in the player's folder (the same source as `main.py
races`, game/cli/days.py), asks every relay he used for his rooms by his keys' hashes (never a key) on a
background loop, all relays at once, and leaves what they answered where the frame loop reads it
(`done`, `rooms`, `unreachable`): no frame ever waits for a relay; one that cannot be reached is one
short sentence for its rows. `DaysWatch` is the window's: one round at a time, again every ASK_AGAIN
seconds whatever screen is open, and the races that newly wait for the player (the turn's notice,
scenes/ui/turn_notice.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from game.cli.days import read_keys
from game.net.days import KEYS_LISTED
from game.net.days_client import ANSWER_TIMEOUT, ask
from game.net.invite import DAYS, Relay, parse_relay
from game.net.protocol import shown_code
from game.net.store import key_hash
from scenes.bridges.network import Background

log = logging.getLogger("fantasy-racing")
ENDED = ("finished", "given up")
ASK_AGAIN = 300.0  # seconds after which an open window asks the relays again (on any screen)
KNOWN_MOST = 1000  # pending decisions remembered as told (then only those of the last answer)


@dataclass(frozen=True)
class DaysRoom:
    """One of the player's races over days, as its relay listed it (and the seat key he sits with)."""

    relay: str  # the relay's text (host:port, or wss://…)
    name: str  # the player's name in it
    key: str  # his seat key (kept in his folder; sent only to that relay, in a hello)
    code: str
    seat: int
    state: str  # open, racing, finished, given up
    turn: int | None  # the seat whose decision is pending
    deadline: float | None  # when its clock runs out (seconds since the epoch)
    names: tuple[str, ...] = ()
    board: str = ""
    decisions: int = 0

    @property
    def invite(self) -> str:
        return f"{self.relay}/{DAYS}/{shown_code(self.code)}"

    @property
    def ended(self) -> bool:
        return self.state in ENDED

    @property
    def mine(self) -> bool:
        """Whether the race waits for this player (his decision is pending)."""
        return not self.ended and self.turn is not None and self.turn == self.seat

    def left(self, now: float | None = None) -> float | None:
        """Seconds left on the pending decision's clock (None: no clock runs)."""
        if self.deadline is None or self.ended or self.turn is None:
            return None
        return max(0.0, self.deadline - (time.time() if now is None else now))

    def whose(self) -> str:
        """The name of the player whose decision is pending ("" for none, or a computer racer)."""
        if self.turn is None or not 0 <= self.turn < len(self.names):
            return ""
        return self.names[self.turn]


def order(room: DaysRoom) -> tuple[int, float]:
    """Those waiting for him first (the first to run out first), then the others racing, those waiting for
    their players, and the ended ones."""
    rank = 0 if room.mine else 3 if room.ended else 2 if room.turn is None else 1
    return rank, room.left() or 0.0


def kept_keys() -> list[dict[str, str]]:
    """The player's seat keys over days (none when his folder cannot be read: the title opens anyway)."""
    try:
        return read_keys()
    except OSError:
        return []


@dataclass
class RacesFetch:
    """One look at the player's races over days (see the module): started at once, read each frame."""

    keys: list[dict[str, str]] = field(default_factory=kept_keys)
    done: bool = False  # every relay answered (or could not be reached)
    rooms: list[DaysRoom] = field(default_factory=list)
    unreachable: dict[str, str] = field(default_factory=dict)  # relay -> why, in a few words

    def __post_init__(self) -> None:
        self.started = time.monotonic()
        self.relays = list(dict.fromkeys(k["relay"] for k in self.keys))
        if not self.relays:
            self.done = True
            return
        Background("days-list").end(self._all(), seconds=ANSWER_TIMEOUT + 15)

    def stale(self) -> bool:
        """Whether it is time to ask again (an open window tells when a turn comes: every ASK_AGAIN seconds)."""
        return self.done and bool(self.relays) and time.monotonic() - self.started > ASK_AGAIN

    @property
    def waiting(self) -> int:
        """How many races wait for the player."""
        return sum(1 for room in self.rooms if room.mine)

    async def _all(self) -> None:
        try:
            found = await asyncio.gather(*(self._one(relay) for relay in self.relays), return_exceptions=True)
            rooms = [room for got in found if isinstance(got, list) for room in got]
            self.rooms = sorted(rooms, key=order)  # (a whole new list: read from the frame loop's thread)
        finally:
            self.done = True

    async def _one(self, relay_text: str) -> list[DaysRoom]:
        mine = [k for k in self.keys if k["relay"] == relay_text]
        rooms: list[DaysRoom] = []
        try:
            relay = parse_relay(relay_text)
            for start in range(0, len(mine), KEYS_LISTED):
                some = mine[start : start + KEYS_LISTED]
                request = {"type": "rooms", "keys": [key_hash(k["key"]).hex() for k in some]}
                answer = await asyncio.wait_for(ask(relay, request), ANSWER_TIMEOUT + 10)
                for entry, listed in zip(some, answer.get("rooms", [])):
                    rooms += [room_of(relay_text, entry, r) for r in listed if isinstance(r, dict)]
        except Exception as error:  # (a relay down, refusing, or answering nonsense: its rows say so)
            log.info("the relay %s could not be asked for the races over days: %s", relay_text, error)
            self.unreachable = {**self.unreachable, relay_text: short(error)}
            return []
        return rooms


Pending = tuple[str, str, int, int]  # a decision waiting for the player: relay, room, seat, decisions made


def pending(room: DaysRoom) -> Pending:
    """Which decision of his a room waits for (the next after the `decisions` made: one played, and the
    next that comes back to him is another)."""
    return room.relay, room.code, room.seat, room.decisions


@dataclass
class DaysWatch:
    """The window's look at the player's races over days, whatever screen is open (issue 46: "an open
    window tells when a turn comes"): one round of asks at a time (a `RacesFetch`, which the title and
    *Your races* read too: `ask`), another ASK_AGAIN seconds after the last began, his seat keys read
    again each time (none: no relay is asked). `news()`, read each frame, gives once each race that
    newly waits for him: a decision of his pending now that no answer before had shown (the first
    answer only learns what waits already: the title says how many)."""

    fetch: RacesFetch | None = None
    known: set[Pending] | None = None  # the decisions of his seen pending (None: no answer yet)
    read: RacesFetch | None = None  # the round whose answer was looked at last

    def ask(self) -> RacesFetch:
        """A round of asks now (the title or *Your races* opening), or the one under way."""
        if self.fetch is None or self.fetch.done:
            self.fetch = RacesFetch()
        return self.fetch

    def due(self) -> bool:
        fetch = self.fetch
        return fetch is None or (fetch.done and time.monotonic() - fetch.started > ASK_AGAIN)

    def news(self) -> list[DaysRoom]:
        """The races newly waiting for the player, once per answer (a new round asked when it is due)."""
        fetch = self.fetch
        new: list[DaysRoom] = []
        if fetch is not None and fetch.done and fetch is not self.read:
            self.read = fetch
            now = {pending(room): room for room in fetch.rooms if room.mine}
            if self.known is not None:
                new = [room for decision, room in now.items() if decision not in self.known]
                self.known = set(now) if len(self.known) > KNOWN_MOST else self.known | set(now)
            else:
                self.known = set(now)
        if self.due():  # (in the same frame as an answer read: the next round never waits a frame more)
            self.ask()
        return new


def asked(app: object) -> RacesFetch:
    """A round of asks for a screen that shows the races: the window's (never two at once), or one of
    its own for a screen on a stack with no window (tests)."""
    watch = getattr(app, "days", None)
    return watch.ask() if isinstance(watch, DaysWatch) else RacesFetch()


def newer(app: object, fetch: RacesFetch | None) -> RacesFetch | None:
    """For a screen showing `fetch`: the window's round answered since it began (None: none yet), or,
    with no window, one of its own once `fetch` is stale."""
    watch = getattr(app, "days", None)
    if not isinstance(watch, DaysWatch):
        return RacesFetch() if fetch is not None and fetch.stale() else None
    latest = watch.fetch
    if latest is None or latest is fetch or not latest.done:
        return None
    return latest if fetch is None or latest.started > fetch.started else None


def room_of(relay: str, entry: dict[str, str], room: dict[str, Any]) -> DaysRoom:
    """A room as the relay listed it (its fields checked by type: a relay's answer is a stranger's)."""
    turn, deadline, names = room.get("turn"), room.get("deadline"), room.get("names")
    return DaysRoom(
        relay=relay,
        name=entry["name"],
        key=entry["key"],
        code=str(room["code"])[:16],
        seat=int(room["seat"]),
        state=str(room.get("state", ""))[:16],
        turn=turn if type(turn) is int else None,
        deadline=float(deadline) if isinstance(deadline, (int, float)) and not isinstance(deadline, bool) else None,
        names=tuple(str(n)[:40] for n in names) if isinstance(names, list) else (),
        board=str(room.get("board", ""))[:80],
        decisions=int(room.get("decisions", 0)),
    )


def short(error: BaseException) -> str:
    """Why a relay could not be asked, in a few words (its first line, 80 characters at most)."""
    words = str(error).splitlines()[0] if str(error) else type(error).__name__
    return words[:80]


@dataclass
class DaysCreate:
    """A race over days being created on a relay (*Your races → New race over days*): the same `create`
    request as `main.py days create` (game/net/days_client.py), sent on a background loop; the frame
    loop reads `done`, then `code` (the room's) or `problem` (why not: "unreachable" with the relay's
    words, or "refused" with its refusal)."""

    relay: Relay
    request: dict[str, Any]
    done: bool = False
    code: str = ""
    problem: tuple[str, str] | None = None  # ("unreachable" or "refused", in a few words)

    def __post_init__(self) -> None:
        Background("days-create").end(self._create(), seconds=ANSWER_TIMEOUT + 15)

    async def _create(self) -> None:
        try:
            answer = await asyncio.wait_for(ask(self.relay, self.request), ANSWER_TIMEOUT + 10)
            code = answer.get("code")
            if not isinstance(code, str) or not code:
                raise ConnectionError("the relay answered no room's code")
            self.code = code[:16]
        except ConnectionError as error:
            said = str(error)
            refused = said.startswith("the relay refused: ")
            self.problem = (
                ("refused", said.removeprefix("the relay refused: ")[:200])
                if refused
                else ("unreachable", short(error))
            )
        except Exception as error:  # (unreachable, no relay there, closed, answering nonsense)
            log.info("the relay %s could not create a race over days: %s", self.relay.text, error)
            self.problem = ("unreachable", short(error))
        finally:
            self.done = True
