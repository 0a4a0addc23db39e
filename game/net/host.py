"""THE authoritative host of a network race (docs/network.md): one `Host` a race, whoever hosts it.

`main.py serve` runs hosts behind the WebSocket transport (game/net/server.py); the window's host runs
the same `Host` on its network thread (scenes/bridges/network.py), where the host's own screen is one
more client, in the same process (game/net/local.py). A host holds:

- the seats: a friend over the network, a person at the host's screen ("here"), a computer racer;
  who sits where, who is connected, who left and when (the takeover clock: `decider`);
- the race, built once from the seats and the seed (`racers`: the characters of open seats from
  `seeds.stream(seed, seeds.CHARACTERS)`), with the only dice (`RecordingDice`): after every choice
  each client gets it with the faces shown (`step`), never the seed;
- the driving (`run`): it asks each decision of the person whose racer decides (a friend, or the
  host's screen for its people), lets computer racers choose (each racer's stream of
  `seeds.bot_rngs(seed, racers)`, the same as `simulate`'s), and plays a friend who left after
  `takeover` seconds with a computer racer of `takeover_level`;
- the validation of a choice, once, where it enters (`choose`): asked of this client's racer, for
  the pending decision, and one of its options; then the race takes it.

A race saved in progress by its host is hosted again with `Host.reopen` (its seats as `Seat.saved` kept
them): the race goes on from its last choice, each friend taking his seat back as after a drop.

A transport calls `hello`, `take`, `choose` and `leave` for its clients (each a connection with
`send(text)` and `close(code, reason)`); what a host sends goes out in the order it was decided
(`_in_order`). A message refused raises ProtocolError: the transport closes that connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, TypeVar

from game import ai, record, seeds, thinking
from game.board import Board
from game.characters import CHARACTERS
from game.dice import RecordingDice
from game.net.protocol import (
    CLIENT_MESSAGES,
    SEND_TIMEOUT,
    ProtocolError,
    check,
    clean_name,
    freeze,
    plain,
    standings_json,
)
from game.race import MAX_RACERS, MIN_RACERS, Decision, Race, RacerSetup

log = logging.getLogger("fantasy-racing.network")


# ---------------------------------------------------------------- seats
@dataclass
class Seat:
    """A racer's seat: a friend over the network, a person at the host's screen, or a computer."""

    kind: str  # one of SEAT_KINDS
    bot: str = "normal"  # the level of a computer racer
    name: str = ""  # the friend's (or the person's) name; "" while a friend's seat is open
    character: str = ""  # "" until chosen (one drawn from the seed at the start)
    client: Any = None  # the connection of the friend in this seat
    left_at: float | None = None  # when his connection dropped (time.monotonic)

    @property
    def open(self) -> bool:
        """A friend's seat nobody has taken."""
        return self.kind == "friend" and not self.name

    def to_dict(self) -> dict[str, Any]:
        """The seat as the lobby shows it (never the connection)."""
        return {
            "kind": self.kind,
            "name": self.name,
            "character": self.character,
            "level": self.bot if self.kind == "bot" else None,
            "connected": self.kind == "friend" and self.client is not None,
        }

    def saved(self) -> dict[str, Any]:
        """What a host's save keeps of the seat (`Host.reopen` seats its friend again)."""
        return {"kind": self.kind, "bot": self.bot, "name": self.name, "character": self.character}

    @classmethod
    def from_saved(cls, data: dict[str, Any]) -> Seat:
        """A seat of `saved` (ValueError in one sentence for one that is not)."""
        kind, bot, name, character = (data.get(key) for key in ("kind", "bot", "name", "character"))
        if kind not in ("here", "friend", "bot") or bot not in ai.LEVELS or type(name) is not str:
            raise ValueError("a saved seat is not a kind, a level, a name and a character")
        if type(character) is not str or (character and character not in CHARACTERS) or len(name) > 40:
            raise ValueError("a saved seat's character or name is not one")
        return cls(kind, bot, name, character)


def start_seats(spec: Sequence[str]) -> list[Seat]:
    """Seats from `person,person,bot:hard,bot:expert:elf,...` (person: a friend; a computer racer's level,
    and his character if given; ValueError with one sentence)."""
    seats = []
    for item in spec:
        item = item.strip()
        level, _, character = item[4:].partition(":")
        if item in ("person", "friend"):
            seats.append(Seat("friend"))
        elif item.startswith("bot:") and level in ai.LEVELS and (not character or character in CHARACTERS):
            seats.append(Seat("bot", bot=level, character=character))
        else:
            raise ValueError(
                f"--seats: {item!r} is not person or bot:LEVEL[:CHARACTER] "
                f"(levels {', '.join(ai.LEVELS)}; characters {', '.join(CHARACTERS)})"
            )
    if not MIN_RACERS <= len(seats) <= MAX_RACERS:
        raise ValueError(f"--seats: a race has {MIN_RACERS} to {MAX_RACERS} seats, not {len(seats)}")
    return seats


def serve_name(character: str, index: int) -> str:
    """A racer's name when his seat has none (`serve`'s computer racers): elf-1, dwarf-2..."""
    return f"{character}-{index + 1}"


# ---------------------------------------------------------------- the host
P = ParamSpec("P")
R = TypeVar("R")


def _in_order(
    method: Callable[Concatenate[Host, P], Awaitable[R]],
) -> Callable[Concatenate[Host, P], Coroutine[Any, Any, R]]:
    """A host's sending method, run one at a time in the order called: a client never gets a step
    before the start that it follows, nor an ask before the step that leads to it."""

    async def ordered(host: Host, /, *args: P.args, **kwargs: P.kwargs) -> R:
        async with host.outbox:
            return await method(host, *args, **kwargs)

    ordered.__doc__ = method.__doc__
    return ordered


class Host:
    """One race hosted for friends, on an event loop (see the module): its seats, its code, its race,
    its clients and everything they were sent (so that a friend who joins again catches up).

    `say(line)` hears what the host logs (joins, leaves, refusals); `name_of(character, index)` names a
    racer whose seat has none; `pace(index)`, when given, is awaited before a computer racer's choice
    `index` is played (the window's host: once its screen has shown the race so far)."""

    def __init__(
        self,
        board: Board,
        turns: int,
        seats: list[Seat],
        code: str,
        seed: int,
        takeover: float = 60.0,
        takeover_level: str = "normal",
        auto_start: bool = True,
        say: Callable[[str], None] | None = None,
        name_of: Callable[[str, int], str] = serve_name,
        pace: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        self.board, self.turns, self.seats, self.code, self.seed = board, turns, seats, code, seed
        self.takeover, self.takeover_level = takeover, takeover_level
        self.auto_start = auto_start  # the dedicated host starts when every seat is taken; a window when told
        self.say = say or (lambda line: None)
        self.name_of, self.pace = name_of, pace
        self.screen: Any = None  # the host's own screen (a window's): a client answering the "here" seats
        self.looking: dict[Any, str] = {}  # connected, no seat taken yet (a window's friend in the lobby): his name
        self.given: list[int] = []  # seats the window's host saw open when he started: computer racers
        self.started = False
        self.over = False  # the race is over, or the host left
        self.closed = False  # the host left
        self.race: Race | None = None
        self.dice: RecordingDice | None = None
        self.resumed: dict[str, Any] | None = None  # a race saved in progress, hosted again (`reopen`)
        self.opening: dict[str, Any] | None = None  # the race's record at its start (no seed, no choice)
        self.history: list[dict[str, Any]] = []  # every step sent
        self.asked: dict[int, dict[str, Any]] = {}  # racer -> the ask message sent for the pending decision
        self.answered = 0  # choices friends made over the network
        self.events: list[str] = []  # what the host logged (joins, leaves, refusals)
        self.go = asyncio.Event()  # the race may start
        self.changed = asyncio.Event()  # what the driver waits for happened: a choice, a join, a leave
        self.outbox = asyncio.Lock()  # what a host sends goes out in the order it was decided (_in_order)
        self.timings: list[tuple[str, int, float]] | None = None  # (room, choice index, time sent): benchmarks

    @classmethod
    def reopen(cls, data: Any, seats: list[Seat], code: str, **options: Any) -> Host:
        """A race saved in progress by its host (its record, with its seed, and its seats as `Seat.saved`
        keeps them), hosted again under the same `code`: the race goes on from its last choice, and each
        friend takes his seat back as after a dropped connection (until then the takeover clock runs for
        him). ValueError (a RecordError) in one sentence."""
        data = record.check(data)
        if data["seed"] is None or len(seats) != len(data["racers"]):
            raise ValueError("a hosted race reopens from its host's record (with its seed) and one seat a racer")
        board = Board.from_dict(data["board"])
        host = cls(board, data["turns"], seats, code, data["seed"], auto_start=False, **options)
        for seat, racer in zip(seats, data["racers"]):
            seat.character, seat.client = racer["character"], None
            seat.name = seat.name or str(racer.get("name", ""))
        host.resumed = data
        host.go.set()
        return host

    def note(self, line: str) -> None:
        self.events.append(line)
        log.info("%s", line)
        self.say(line)

    # ------------------------------------------------------------ sending
    def clients(self) -> list[Any]:
        """The friends' connections."""
        return [s.client for s in self.seats if s.client is not None]

    def client_of(self, racer: int) -> Any:
        """Who answers a racer's decisions: his friend's connection, the host's screen, or None (a computer)."""
        seat = self.seats[racer]
        return self.screen if seat.kind == "here" else seat.client

    async def send(self, client: Any, message: dict[str, Any]) -> None:
        if client is not None:
            await self._send_text(client, json.dumps(message))

    async def broadcast(self, message: dict[str, Any], lobby: bool = False) -> None:
        """To every seated friend and the host's screen (and those looking at the lobby, for lobby news)."""
        text = json.dumps(message)
        targets = self.clients() + ([self.screen] if self.screen is not None else [])
        targets += list(self.looking) if lobby else []
        await asyncio.gather(*(self._send_text(c, text) for c in targets))

    async def _send_text(self, client: Any, text: str) -> None:
        """Send, or drop a client that does not read what it is sent (the host would wait for it)."""
        try:
            await asyncio.wait_for(client.send(text), SEND_TIMEOUT)
        except TimeoutError:
            self.note(f"dropped a connection that read nothing for {SEND_TIMEOUT:g} s")
            transport = getattr(client, "transport", None)
            if transport is not None:
                transport.abort()
        except Exception:  # a connection closing: its handler sees it
            pass

    # ------------------------------------------------------------ the lobby
    def lobby_message(self) -> dict[str, Any]:
        return {
            "type": "lobby",
            "board": self.board.to_dict(),
            "turns": self.turns,
            "seats": [s.to_dict() for s in self.seats],
            "takeover": self.takeover,
            "level": self.takeover_level,
            "started": self.started,
        }

    async def news(self) -> None:
        """The seats changed: the lobby's clients (and the host's screen) hear it; the dedicated host
        starts once every seat is taken."""
        self.changed.set()
        if self.auto_start and not self.started and not any(s.open for s in self.seats):
            self.go.set()
        if not self.started:
            await self.broadcast(self.lobby_message(), lobby=True)

    @_in_order
    async def hello(self, client: Any, message: dict[str, Any]) -> int | None:
        """A new connection's hello: its seat, or None while it looks at the lobby ("pick": true)."""
        hello = check(message, "hello", CLIENT_MESSAGES["hello"])
        if hello["code"] != self.code:
            raise ProtocolError("a wrong room code")
        name = clean_name(hello["name"])
        if not name:
            raise ProtocolError("a hello without a name")
        for index, seat in enumerate(self.seats):
            if seat.kind == "here" and seat.name == name:
                raise ProtocolError(f"{name} is already in a seat")
            if seat.kind == "friend" and seat.name == name:
                if seat.client is not None:
                    raise ProtocolError(f"{name} is already connected: a second client cannot take his seat")
                seat.client, seat.left_at = client, None
                self.note(f"{name} joined again: seat {index + 1}")
                await self._seated(client, index, again=True)
                return index
        if self.started:
            raise ProtocolError("the race has started and has no seat for this name")
        if hello.get("pick") is True:
            self.looking[client] = name
            await self.send(client, self.lobby_message())
            return None
        for index, seat in enumerate(self.seats):
            if seat.open:
                character = hello.get("character")
                return await self._take(client, index, name, character if isinstance(character, str) else "")
        raise ProtocolError("no open seat is left")

    @_in_order
    async def take(self, client: Any, seat: int | None, message: dict[str, Any]) -> int:
        """A friend in the lobby takes an open seat (or changes his character, or moves to another
        open seat) with a "take"; his seat."""
        take = check(message, "take", CLIENT_MESSAGES["take"])
        if self.started:
            raise ProtocolError("a seat taken after the start")
        index = take["seat"]
        if not 0 <= index < len(self.seats) or (index != seat and not self.seats[index].open):
            raise ProtocolError(f"seat {index + 1} is not open")
        if seat is None and client not in self.looking:
            raise ProtocolError("a take without a hello asking to pick a seat")
        name = self.seats[seat].name if seat is not None else self.looking[client]
        if seat is not None and seat != index:
            old = self.seats[seat]
            old.name, old.character, old.client = "", "", None
        self.looking.pop(client, None)
        return await self._take(client, index, name, take["character"])

    async def _take(self, client: Any, index: int, name: str, character: str) -> int:
        if any(s.kind != "bot" and s.name == name and i != index for i, s in enumerate(self.seats)):
            raise ProtocolError(f"{name} is already in a seat")
        seat = self.seats[index]
        fresh = seat.client is not client
        seat.name, seat.client, seat.left_at = name, client, None
        seat.character = character if character in CHARACTERS else ""
        if fresh:
            self.note(f"{name} joined: seat {index + 1}")
        await self._seated(client, index, again=False)
        return index

    async def _seated(self, client: Any, index: int, again: bool) -> None:
        await self.send(client, {"type": "welcome", "seat": index, "seats": [s.name or s.kind for s in self.seats]})
        if self.opening is not None:
            await self.send(client, self.start_message())
            asked = self.asked.get(index)
            if asked is not None:
                await self.send(client, asked)
        if again and self.started:
            await self.broadcast({"type": "back", "seat": index, "name": self.seats[index].name})
        await self.news()

    @_in_order
    async def leave(self, client: Any) -> None:
        """A connection closed."""
        self.looking.pop(client, None)
        for index, seat in enumerate(self.seats):
            if seat.client is not client:
                continue
            seat.client = None
            if not self.started:  # in the lobby: the seat is open again
                self.note(f"{seat.name} left the lobby (seat {index + 1} is open again)")
                seat.name, seat.character = "", ""
            elif not self.over:
                seat.left_at = time.monotonic()
                self.note(
                    f"{seat.name} left (seat {index + 1}); a computer racer plays for him after "
                    f"{self.takeover:g} s unless he joins again"
                )
                await self.broadcast({"type": "left", "seat": index, "name": seat.name, "takeover": self.takeover})
            await self.news()

    def set_takeover(self, seconds: float, level: str) -> None:
        """The window host's lobby changed how long a friend who left waits, and who plays for him."""
        self.takeover, self.takeover_level = seconds, level
        self.changed.set()

    # ------------------------------------------------------------ the takeover clock
    def decider(self, racer: int) -> str | None:
        """Who decides for a racer now: None for a person (his friend, connected, or the host's screen),
        "" while a friend who left may still come back, else the bot level that decides (a computer
        seat, a friend away for longer than `takeover`)."""
        seat = self.seats[racer]
        if seat.kind == "bot":
            return seat.bot
        if seat.kind == "here" or seat.client is not None:
            return None
        if seat.left_at is not None and time.monotonic() - seat.left_at < self.takeover:
            return ""
        return self.takeover_level

    def waiting(self, racer: int) -> float:
        """Seconds before a computer racer plays for a friend who left (0: he plays now)."""
        left_at = self.seats[racer].left_at
        return 0.0 if left_at is None else max(0.0, self.takeover - (time.monotonic() - left_at))

    # ------------------------------------------------------------ a choice, where it enters
    async def choose(self, client: Any, message: dict[str, Any]) -> None:
        """A person's choice (a friend's, or one from the host's screen), checked once: asked of this
        client's racer, for the pending decision, one of its options. Then the race takes it."""
        choice = check(message, "choose", CLIENT_MESSAGES["choose"])
        race = self.race
        decision = race.pending if race is not None else None
        asked = self.asked.get(decision.racer) if decision is not None else None
        if decision is None or asked is None or self.client_of(decision.racer) is not client:
            raise ProtocolError("a choice that was not asked of this racer (or an old one)")
        if choice["index"] != asked["index"]:
            raise ProtocolError("a choice that was not asked of this racer (or an old one)")
        option = freeze(choice.get("option"))
        if option not in decision.options:
            raise ProtocolError(f"{str(choice.get('option'))[:40]!r} is not an option of this decision")
        del self.asked[decision.racer]
        if client is not self.screen:
            self.answered += 1
        await self._play(option)

    async def _play(self, option: Any) -> None:
        """The race takes a choice; everyone gets it with the faces shown since the last one."""
        assert self.race is not None and self.dice is not None
        self.race.choose(option)
        faces, orders = self.dice.take()
        self.changed.set()
        await self.step(option, faces, orders)

    # ------------------------------------------------------------ the race
    def start(self, given: Sequence[int] = ()) -> None:
        """The window's host starts the race now: the seats nobody took, and those his screen showed
        open (`given`: a friend's take may be on its way), are played by computer racers."""
        self.given = [i for i, seat in enumerate(self.seats) if seat.open or i in given]
        self.go.set()

    def racers(self) -> list[RacerSetup]:
        """The racers of the seats, once, at the start: a seat without a character gets the one drawn
        for it (each seat one draw of `seeds.stream(seed, seeds.CHARACTERS)`, used or not)."""
        drawn = seeds.stream(self.seed, seeds.CHARACTERS)
        characters = list(CHARACTERS)
        out = []
        for index, seat in enumerate(self.seats):
            character = drawn.choice(characters)
            seat.character = seat.character or character
            name = seat.name or self.name_of(seat.character, index)
            out.append(RacerSetup(seat.character, name, bot=seat.bot if seat.kind == "bot" else None))
        return out

    async def run(self, timeout: float | None = 3600.0) -> Race:
        """Host the race until it is over: wait for the start, build the race, drive it (at most
        `timeout` seconds in all, then it ends where it is; None: no limit, as a window's host)."""
        deadline = time.monotonic() + timeout if timeout is not None else math.inf
        if self.auto_start and not any(s.open for s in self.seats):
            self.go.set()  # computer racers only
        await asyncio.wait_for(self.go.wait(), timeout)
        dropped = self._give_seats()
        self.race = race = self._build()
        kinds = [s.kind for s in self.seats]
        self.note("the hosted race starts: " + ", ".join(f"{s.name} ({k})" for s, k in zip(race.setups, kinds)))
        assert self.dice is not None
        await self.begin(race.setups, *self.dice.take(), dropped=dropped, choices=race.choices)
        for index, seat in enumerate(self.seats):  # (reopened: the friends are away until they are back)
            if seat.kind == "friend" and seat.client is None and seat.left_at is not None:
                await self.broadcast({"type": "left", "seat": index, "name": seat.name, "takeover": self.takeover})
        await self._drive(race, deadline)
        if self.closed:
            return race  # the host left: his friends were told
        standings = standings_json(race)
        await self.finish(standings)
        self.note(
            f"the hosted race is over, {self.answered} decisions answered over the network: {json.dumps(standings)}"
        )
        return race

    def _build(self) -> Race:
        """The race: new from the seats, or (reopened) the saved one again, its choices replayed with the
        host's dice (their faces become the faces shown so far)."""
        self.dice = dice = RecordingDice(self.seed)
        data = self.resumed
        if data is None:
            return Race.new(self.board, self.racers(), turns=self.turns, seed=self.seed, dice=dice)
        setups = [RacerSetup(r["character"], r.get("name", ""), r.get("bot")) for r in data["racers"]]
        race = Race.new(self.board, setups, turns=self.turns, seed=self.seed, dice=dice)
        for choice in data["choices"]:
            race.choose(freeze(choice))
        race.take_events()
        now = time.monotonic()
        for seat in self.seats:
            if seat.kind == "friend":  # each friend takes his seat back as after a drop
                seat.left_at = now
        return race

    def _give_seats(self) -> list[Any]:
        """The seats given to computer racers at the start; the connections that had taken them."""
        dropped = []
        for index in self.given:
            seat = self.seats[index]
            if seat.client is not None:
                dropped.append(seat.client)
            seat.kind, seat.client, seat.name, seat.bot = "bot", None, "", self.takeover_level
        return dropped

    async def _drive(self, race: Race, deadline: float) -> None:
        """Ask each decision of its person, let computer racers choose, until the race is over."""
        bots = seeds.bot_rngs(self.seed, len(race.racers))
        while race.pending is not None and time.monotonic() < deadline and not self.closed:
            await asyncio.sleep(0)  # let the connections be heard (joins, leaves, answers) between decisions
            decision = race.pending
            index = len(race.choices)
            self.changed.clear()
            level = self.decider(decision.racer)
            if level is None:  # a person: asked once, answers through `choose`
                if self.asked.get(decision.racer, {}).get("index") != index:
                    await self.ask(decision.racer, index, decision.kind, decision.options)
                if len(race.choices) == index:
                    await self._wait(1.0)
            elif level == "":  # a friend who left may come back
                await self._wait(min(1.0, self.waiting(decision.racer)))
            else:
                self.asked.pop(decision.racer, None)
                option = await self._think(race, decision, level, bots)
                if self.pace is not None:
                    await self.pace(index)
                if self.closed:
                    break
                await self._play(option)

    async def _wait(self, seconds: float) -> None:
        try:
            await asyncio.wait_for(self.changed.wait(), max(0.01, seconds))
        except TimeoutError:
            pass

    async def _think(self, race: Race, decision: Decision, level: str, bots: dict[int, Any]) -> Any:
        """A computer racer's choice: the levels that search think in the pool of worker processes
        (game/thinking.py, shared fairly by the rooms; the host goes on hearing its clients), the others
        at once."""
        rng = bots[decision.racer]
        if level in thinking.SEARCHING:
            return await thinking.answer(race, decision, level, rng, owner=self.code)
        return ai.choose(race, decision, level, rng)

    def record(self) -> str | None:
        """The race as its save's text (setup, seed, every choice), or None before the start."""
        return json.dumps(self.race.to_dict()) if self.race is not None else None

    # ------------------------------------------------------------ what the clients are sent
    @_in_order
    async def begin(
        self,
        racers: Sequence[RacerSetup],
        faces: list[int],
        orders: list[list[int]],
        dropped: list[Any],
        choices: Sequence[Any] = (),
    ) -> None:
        """The race has started: every seated friend (and the host's screen) gets the start; a friend
        whose seat went to a computer racer, and those in the lobby without a seat, are told there is none."""
        self.started = True
        for client in dropped:
            await self.send(client, {"type": "bye", "reason": "started"})
            await client.close(code=1000, reason="the race started")
        # The race's record, as a save or a replay keeps it, less its seed (never the board's file path)
        self.opening = record.make(self.board.to_dict(), "", [s.to_dict() for s in racers], self.turns, None, [])
        self.history = [{"type": "step", "option": None, "faces": faces, "orders": orders}]
        self.history += [{"type": "step", "option": plain(c), "faces": [], "orders": []} for c in choices]
        for client in list(self.looking):
            await self.send(client, {"type": "bye", "reason": "started"})
            await client.close(code=1000, reason="the race started")
        self.looking.clear()
        await self.broadcast(self.start_message())

    def start_message(self) -> dict[str, Any]:
        """The race so far for a friend who starts following it: its record (the one format of saves,
        replays and seasons) with, instead of the seed, the faces and orders of play the dice showed."""
        assert self.opening is not None
        shown = record.without_seed(
            {**self.opening, "choices": [step["option"] for step in self.history[1:]]},
            [face for step in self.history for face in step["faces"]],
            [order for step in self.history for order in step["orders"]],
        )
        return {"type": "start", "race": shown}

    @_in_order
    async def ask(self, racer: int, index: int, kind: str, options: Sequence[Any]) -> None:
        """Ask a person's decision of him (again, when a friend joins back before answering)."""
        message = {"type": "ask", "racer": racer, "kind": kind, "options": plain(list(options)), "index": index}
        self.asked[racer] = message
        await self.send(self.client_of(racer), message)

    @_in_order
    async def step(self, option: Any, faces: list[int], orders: list[list[int]]) -> None:
        """A choice was made: everyone gets it with the faces shown since the last one."""
        self.asked.clear()
        step = {"type": "step", "option": plain(option), "faces": faces, "orders": orders}
        self.history.append(step)
        if self.timings is not None:  # the choice is made: from now until it reaches every client
            self.timings.append((self.code, len(self.history) - 1, time.monotonic()))
        await self.broadcast(step)

    @_in_order
    async def finish(self, standings: list[dict[str, Any]]) -> None:
        self.over = True
        await self.broadcast({"type": "over", "standings": standings})

    @_in_order
    async def close(self, reason: str = "quit") -> None:
        """The host goes: everyone is told (a "bye"), then disconnected."""
        self.over = self.closed = True
        self.changed.set()
        for client in self.clients() + list(self.looking):
            await self.send(client, {"type": "bye", "reason": reason})
            try:
                await client.close(code=1001, reason="the host left")
            except Exception:
                pass
