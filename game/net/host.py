"""THE authoritative host of a network race (docs/network.md): one `Host` a race, whoever hosts it.

`main.py serve` runs hosts behind the WebSocket transport (game/net/server.py); the window's host runs
the same `Host` in a process of its own (game/net/window_room.py), where the window's own screen is one
more client, over that process's standard streams (game/net/local.py). A host holds:

- the seats (game/net/seats.py): a friend over the network, a person at the host's screen ("here"),
  a computer racer; who sits where, who is connected, who left and when (the takeover clock:
  `decider`); each friend's seat key, without which nobody takes his seat back after a drop;
- the race, built once from the seats and the seed (`racers`: the characters of open seats from
  `seeds.stream(seed, seeds.CHARACTERS)`), with the only dice (`RecordingDice`, keyed: no face shown
  reveals the seed): after every choice each client gets it with the faces shown (`step`), never the
  seed;
- the driving (`run`): it asks each decision of the person whose racer decides (a friend, or the
  host's screen for its people), lets computer racers choose (each racer's stream of
  `seeds.bot_rngs(seed, racers)`, the same as `simulate`'s), plays a friend who left after `takeover`
  seconds with a computer racer of `takeover_level`, and decides for a connected friend whose turn
  clock ran out (`clock` seconds, TURN_CLOCK by default; he is told: `late`); a friend who let it run
  out on his last MISSED decisions has AWAY_CLOCK seconds for the next, until he answers one;
- the validation of a choice, once, where it enters (`choose`): asked of this client's racer, for
  the pending decision, and one of its options in type and value; then the race takes it;
- taking a choice back (`take_back`), as a local race does: the person whose decision is pending takes
  back his own last choice of this turn while chance has shown nothing since (no face, no order of play:
  no die rolled, no chest opened, nothing a racer hid), TAKE_BACKS at most between two things chance
  shows; the race is rebuilt from its record with that choice fewer, the same dice, and everyone is told
  (`taken_back`); otherwise only he is told why not (`refused`).

A transport hands its clients' messages to the room's `router` (game/net/router.py), which calls `hello`,
`take`, `choose`, `take_back`, `phrase`, `order` and `leave` for them (each client a connection with
`send(text)` and `close(code, reason)`); what a host sends goes out in the order it was decided
(`_in_order`). A message refused raises ProtocolError: the transport closes that connection.
The host himself may `remove` a friend from his seat, `release` a seat (let its friend back in without
his key), and a race saved in progress is hosted again with `Host.reopen`.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from game.boards.board import Board
from game.bots import ai, thinking
from game.meta.words import said
from game.net.protocol import AWAY_CLOCK, MISSED, TAKE_BACKS, ProtocolError, check, plain, standings_json
from game.net.room import LOBBY_NEWS, Room, _in_order
from game.net.router import Router
from game.net.seats import Client, Seat, serve_name, start_seats
from game.rules import levels, record, seeds
from game.rules.characters import CHARACTERS
from game.rules.dice import KEYED, RecordingDice
from game.rules.race import Decision, IllegalChoice, Race, RacerSetup
from game.rules.record import freeze
from game.rules.state import Option

log = logging.getLogger("fantasy-racing.network")
__all__ = ["Host", "Seat", "serve_name", "start_seats", "LOBBY_NEWS"]


class Host(Room):
    """One race hosted for friends, on an event loop (see the module): its room (seats, code,
    connections: game/net/room.py), its race, and everything its clients were sent (so that a friend
    who joins again catches up).

    `say(line)` hears what the host logs (joins, leaves, refusals); `name_of(character, index)` names a
    racer whose seat has none; `pace(index)`, when given, is awaited before a computer racer's choice
    `index` is played (the window's host: once its screen has shown the race so far); `clock`: the
    seconds a connected friend has for each decision (0: no limit)."""

    def __init__(
        self,
        board: Board,
        turns: int,
        seats: list[Seat],
        code: str,
        seed: int,
        name_of: Callable[[str, int], str] = serve_name,
        pace: Callable[[int], Awaitable[None]] | None = None,
        **room: Any,
    ) -> None:
        """`room`: the room's own (`Room`: takeover, takeover_level, auto_start, say, clock)."""
        super().__init__(board, turns, seats, code, **room)
        self.seed = seed
        self.name_of, self.pace = name_of, pace
        self.given: list[int] = []  # seats the window's host saw open when he started: computer racers
        self.dice: RecordingDice | None = None
        self.resumed: dict[str, Any] | None = None  # a race saved in progress, hosted again (`reopen`)
        self.sent: list[Any] = []  # every choice sent in a step, in order
        self.faces: list[int] = []  # every face shown, in order
        self.orders: list[list[int]] = []  # every order of play shown
        self.expired: dict[int, int] = {}  # racer -> the choice his clock ran out on (his late answer is let go)
        self.answered = 0  # choices friends made over the network
        self.quiet: list[int] = []  # the racers of the people's choices since chance last showed something
        self.taken_back = 0  # choices taken back since chance last showed something (TAKE_BACKS at most)
        self.timings: list[tuple[str, int, float]] | None = None  # (room, choice index, time sent): benchmarks
        self.router = Router(self)  # the one way of every transport's messages into this room

    # ------------------------------------------------------------ the host's orders (`serve`'s terminal, the owner key)
    @property
    def owner_key(self) -> str:
        """The key that lets a client give this room's orders: printed by `serve`, never sent to a friend."""
        return seeds.owner_key(self.seed, self.code)

    def owner_says(self, key: str) -> bool:
        """Whether `key` is this room's owner key (compared in constant time)."""
        return hmac.compare_digest(key.encode(), self.owner_key.encode())

    async def order(
        self, verb: str, index: float = 0, seats: Sequence[int] = (), level: levels.Policy | None = None
    ) -> str:
        """The host's order `verb` ("remove" or "let" seat `index`; "clock": the turn clock's `index` seconds;
        "start": now, computer racers in the open seats and those of `seats`; "takeover": a friend who left is
        waited for `index` seconds, then `level` plays for him), from `serve`'s terminal or an owner's message
        (the window's host's own, through its router): done, and the sentence that answers it."""
        if verb == "start":
            if self.started or self.go.is_set():
                return "the race has started already"
            self.start(seats)
            given = len(self.given)
            open_seats = f"the open seat{'s' if given > 1 else ''}"
            return f"the race starts: computer racers play {open_seats}" if given else "the race starts"
        if verb == "takeover":
            self.set_takeover(float(index), level or self.takeover_level)
            return f"a computer racer of level {self.takeover_level} plays for a friend away {index:g} seconds"
        if verb == "clock":
            self.set_clock(float(index))
            await self.news()  # (the lobby says it)
            return f"the turn clock is {index:g} seconds" if index else "the turn clock is off"
        index = int(index)
        seat = self.seats[index]
        if seat.kind != "friend" or not seat.name:
            return f"seat {index + 1} has no friend in it"
        if verb == "remove":
            if seat.removed:
                return f"{seat.name} was removed already"
            name = seat.name
            await self.remove(index)
            return f"{name} was removed from seat {index + 1}"
        if not self.started or seat.client is not None:
            return f"{seat.name} is in his seat: nothing to let back"
        await self.release(index)
        return f"{seat.name} may come back into seat {index + 1} without his key"

    @classmethod
    def reopen(cls, data: Any, seats: list[Seat], code: str, **options: Any) -> Host:
        """A race saved in progress by its host (its record, with its seed, and its seats as `Seat.saved`
        keeps them, keys included), hosted again under the same `code`: the race goes on from its
        last choice, and each friend takes his seat back with his key as after a dropped connection
        (until then the takeover clock runs for him). ValueError (a RecordError) in one sentence."""
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

    # ------------------------------------------------------------ a choice, where it enters
    async def choose(self, client: Client, message: dict[str, Any]) -> bool:
        """A person's choice (a friend's, or one from the host's screen), checked once: asked of this
        client's racer, for the pending decision, one of its options in type and value. Then the race
        takes it (True). A friend's answer that comes just after his turn clock ran out is let go
        (False)."""
        choice = check(message, "choose")
        race = self.race
        decision = race.pending if race is not None else None
        asked = self.asked.get(decision.racer) if decision is not None else None
        if (
            decision is None
            or asked is None
            or self.client_of(decision.racer) is not client
            or choice["index"] != asked["index"]
        ):
            if any(s.client is client and self.expired.get(i) == choice["index"] for i, s in enumerate(self.seats)):
                return False  # too late: a computer racer chose (or is choosing) for him
            raise ProtocolError("a choice that was not asked of this racer (or an old one)")
        assert race is not None
        option = freeze(choice["option"])
        try:
            race.choose(option)  # the option's type and value are checked first: nothing changes otherwise
        except IllegalChoice as error:
            raise ProtocolError(str(error)) from None
        del self.asked[decision.racer]
        self.seats[decision.racer].missed = 0
        if client is not self.screen:
            self.answered += 1
        await self._chosen(option, person=decision.racer)
        return True

    async def _chosen(self, option: Option, person: int | None = None) -> None:
        """The race took a choice (a `person`'s racer's, or a computer racer's: None); everyone gets it with
        the faces shown since the last one."""
        assert self.dice is not None
        faces, orders = self.dice.take()
        if faces or orders:  # chance showed something: nothing before it goes back
            self.quiet, self.taken_back = [], 0
        elif person is None:  # (a computer racer's choice is nobody's to take back)
            self.quiet = []
        else:
            self.quiet.append(person)
        self.changed.set()
        await self.step(option, faces, orders)

    # ------------------------------------------------------------ a choice taken back
    def _refusal(self, client: Client, index: int) -> str | None:
        """Why this client may not take back the last choice now (one of REFUSALS), or None."""
        race = self.race
        decision = race.pending if race is not None else None
        asked = self.asked.get(decision.racer) if decision is not None else None
        if decision is None or asked is None or asked["index"] != index or self.client_of(decision.racer) is not client:
            return "not_yours"
        if not self.quiet or self.quiet[-1] != decision.racer:
            return "chance"
        return "too_many" if self.taken_back >= TAKE_BACKS else None

    @_in_order
    async def take_back(self, client: Client, message: dict[str, Any]) -> bool:
        """A person takes his last choice back (see the module): the race rebuilt with one choice fewer,
        the same dice, his decision asked again, everyone told (True); else he alone is told why not. In
        its turn: after every step already decided has gone out."""
        index = check(message, "take_back")["index"]
        why = self._refusal(client, index)
        race = self.race
        back = None
        if why is None and race is not None and race.choices:
            try:
                back = Race.restore(race.checkpoint(len(race.choices) - 1))
            except ValueError as error:  # (a race that replays, by its checkpoint: a bug, said in the log)
                log.error("the last choice could not be taken back: %s", error)
            if back is not None and back.dice.getstate() != race.dice.getstate():  # (never past chance)
                log.error("taking the last choice back would roll the dice again: refused")
                back = None
        if back is None or race is None or back.pending is None:
            await self.send(client, {"type": "refused", "why": why or "chance"})
            return False
        back.dice = race.dice  # (the host's own dice, where they were: nothing was rolled since)
        racer = back.pending.racer
        self.race = back
        self.quiet.pop()
        self.taken_back += 1
        self.sent.pop()
        self.asked.clear()
        if racer in self.deadline:  # his turn clock runs on: a take-back gives no time
            self.deadline[racer] = (len(back.choices), self.deadline[racer][1])
        self.changed.set()
        name = back.racers[racer].name
        self.note(said("net.taken_back", name=name, seat=racer + 1))
        await self.broadcast({"type": "taken_back", "seat": racer, "name": name, "index": len(back.choices)})
        return True

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
            out.append(RacerSetup(seat.character, name, bot=levels.policy(seat.bot) if seat.kind == "bot" else None))
        return out

    def _build(self) -> Race:
        """The race: new from the seats, or (reopened) the saved one again, its choices replayed with the
        host's dice (their faces become the faces shown so far)."""
        data = self.resumed  # (a reopened race keeps the dice it was saved with: keyed, or an older race's)
        self.dice = dice = RecordingDice(self.seed, data["dice"] if data is not None else KEYED)
        if data is None:
            return Race.new(self.board, self.racers(), turns=self.turns, seed=self.seed, dice=dice)
        setups = [RacerSetup(r["character"], r.get("name", ""), r.get("bot")) for r in data["racers"]]
        race = Race.new(self.board, setups, turns=self.turns, seed=self.seed, dice=dice)
        for choice in data["choices"]:
            race.choose(freeze(choice))
        race.take_events()
        now = self.now()
        for seat in self.seats:
            if seat.kind == "friend":  # each friend takes his seat back with his key, as after a drop
                seat.left_at, seat.left_index = now, len(race.choices)
        return race

    async def run(self, timeout: float | None = 3600.0) -> Race:
        """Host the race until it is over: wait for the start, build the race, drive it (at most
        `timeout` seconds in all, then it ends where it is; None: no limit, as a window's host)."""
        deadline = time.monotonic() + timeout if timeout is not None else math.inf
        if self.auto_start and not any(s.open for s in self.seats):
            self.go.set()  # computer racers only
        await self._lobby(deadline)
        dropped = self._give_seats()
        self.race = race = self._build()
        kinds = [s.kind for s in self.seats]
        self.note(said("net.starts", racers=", ".join(f"{s.name} ({k})" for s, k in zip(race.setups, kinds))))
        assert self.dice is not None
        await self.begin(race.setups, *self.dice.take(), dropped=dropped, choices=race.choices)
        for index, seat in enumerate(self.seats):  # (reopened: the friends are away until they are back)
            if seat.kind == "friend" and seat.client is None and seat.left_at is not None:
                message = {"type": "left", "seat": index, "name": seat.name, "takeover": self.waiting(index)}
                await self.tell(message)
        await self._drive(deadline)
        race = self.race  # (a choice taken back: the race rebuilt)
        if self.closed:
            return race  # the host left: his friends were told
        standings = standings_json(race)
        await self.finish(standings)
        self.note(said("net.over", count=self.answered, standings=json.dumps(standings)))
        return race

    async def _lobby(self, deadline: float) -> None:
        """Wait for the start (TimeoutError past `deadline`), giving back the seats of clients that never
        said they are ready."""
        while not self.go.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the race never started")
            await self.give_back_unready()
            try:
                await asyncio.wait_for(self.go.wait(), min(self.tick, left))
            except TimeoutError:
                pass

    def _give_seats(self) -> list[Any]:
        """The seats given to computer racers at the start; the connections that had taken them."""
        dropped = []
        for index in self.given:
            seat = self.seats[index]
            if seat.client is not None:
                dropped.append(seat.client)
            seat.kind, seat.client, seat.name, seat.bot, seat.token = "bot", None, "", self.takeover_level, ""
        return dropped

    async def _drive(self, deadline: float) -> None:
        """Ask each decision of its person, let computer racers choose, until the race is over (the race
        is `self.race`: a choice taken back rebuilds it)."""
        assert self.race is not None
        bots = seeds.bot_rngs(self.seed, len(self.race.racers))
        while (race := self.race) is not None and race.pending is not None:
            if time.monotonic() >= deadline or self.closed:
                break
            await asyncio.sleep(0)  # let the connections be heard (joins, leaves, answers) between decisions
            if race is not self.race or race.pending is None:
                continue
            decision = race.pending
            index = len(race.choices)
            self.changed.clear()
            level = self.decider(decision.racer)
            if level is None:  # a person: asked once, answers through `choose`
                left = self._clock(decision.racer, index)
                if self.asked.get(decision.racer, {}).get("index") != index:
                    await self.ask(decision.racer, index, decision.kind, decision.options)
                if len(race.choices) == index and left is not None and left <= 0:
                    await self._late(race, decision, bots)
                elif len(race.choices) == index:
                    await self._wait(self.tick if left is None else min(self.tick, left))
            elif level == "":  # a friend who left may come back
                await self._wait(min(self.tick, self.waiting(decision.racer)))
            else:
                self.asked.pop(decision.racer, None)
                option = await self._think(race, decision, level, bots)
                if self.pace is not None:
                    await self.pace(index)
                if self.closed:
                    break
                if race is not self.race or len(race.choices) != index:
                    continue  # (never while a computer racer decides: no person's decision is pending)
                race.choose(option)
                await self._chosen(option)

    def _clock(self, racer: int, index: int) -> float | None:
        """A connected friend's turn clock for decision `index` (started at his first ask, kept when he
        comes and goes): the seconds left, or None without a clock."""
        seat = self.seats[racer]
        if self.clock <= 0 or seat.kind != "friend":
            return None
        started = self.deadline.get(racer)
        if started is None or started[0] != index:  # (silent for his last MISSED decisions: a short clock)
            clock = self.clock if seat.missed < MISSED else min(self.clock, AWAY_CLOCK)
            self.deadline[racer] = (index, self.now() + clock)
        return self.deadline[racer][1] - self.now()

    async def _late(self, race: Race, decision: Decision, bots: dict[int, Any]) -> None:
        """A friend's turn clock ran out: the takeover level decides this one decision, and he is told."""
        index, racer = len(race.choices), decision.racer
        self.asked.pop(racer, None)
        self.expired[racer] = index
        option = await self._think(race, decision, self.takeover_level, bots)
        if self.closed or race is not self.race or len(race.choices) != index:
            return
        name = self.seats[racer].name
        self.seats[racer].missed += 1
        self.note(said("net.time_out", name=name, seat=racer + 1))
        await self.tell({"type": "late", "seat": racer, "name": name})
        race.choose(option)
        await self._chosen(option)

    async def _wait(self, seconds: float) -> None:
        try:
            await asyncio.wait_for(self.changed.wait(), max(0.01, seconds))
        except TimeoutError:
            pass

    async def _think(self, race: Race, decision: Decision, level: str, bots: dict[int, Any]) -> Any:
        """A computer racer's choice: the levels that search think in the pool of worker processes
        (game/bots/thinking.py, shared fairly by the rooms; the host goes on hearing its clients), the others
        at once."""
        rng = bots[decision.racer]
        if level in levels.SEARCHING:
            return await thinking.answer(race, decision, level, rng, owner=self.code)
        return ai.pick(race, decision, level, rng)

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
            await self.send(client, {"type": "bye", "reason": "started"}, wait=True)
            await client.close(code=1000, reason="the race started")
        # The race's record, as a save or a replay keeps it, less its seed (never the board's file path)
        setups = [s.to_dict() for s in racers]
        kind = self.dice.kind if self.dice is not None else KEYED
        self.opening = record.make(self.board.to_dict(), "", setups, self.turns, None, [], {"dice": kind})
        self.sent, self.faces, self.orders = plain(list(choices)), list(faces), [list(o) for o in orders]
        for client in list(self.looking):
            await self.send(client, {"type": "bye", "reason": "started"}, wait=True)
            await client.close(code=1000, reason="the race started")
        self.looking.clear()
        await self.broadcast(self.start_message())

    def start_message(self) -> dict[str, Any]:
        """The race so far for a friend who starts following it: its record (the one format of saves,
        replays and seasons) with, instead of the seed, the faces and orders of play the dice showed."""
        assert self.opening is not None
        shown = record.without_seed({**self.opening, "choices": plain(self.sent)}, self.faces, self.orders)
        return {"type": "start", "race": shown}

    @_in_order
    async def ask(self, racer: int, index: int, kind: str, options: Sequence[Any]) -> None:
        """Ask a person's decision of him (again, when a friend joins back before answering), with the
        seconds his turn clock gives him (None: no clock)."""
        message = {"type": "ask", "racer": racer, "kind": kind, "options": plain(list(options)), "index": index}
        self.asked[racer] = message
        await self.send(self.client_of(racer), {**message, "clock": self._clock_left(racer)})

    @_in_order
    async def step(self, option: Option, faces: list[int], orders: list[list[int]]) -> None:
        """A choice was made: everyone gets it with the faces shown since the last one."""
        self.asked.clear()
        step = {"type": "step", "option": plain(option), "faces": faces, "orders": orders}
        self.sent.append(plain(option))
        self.faces += faces
        self.orders += [list(o) for o in orders]
        if self.timings is not None:  # the choice is made: from now until it reaches every client
            self.timings.append((self.code, len(self.sent), time.monotonic()))
        await self.broadcast(step)
