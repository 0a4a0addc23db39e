"""Races over days on a relay (issue 46; docs/network.md, *Races over days*): the relay is their authority.

A relay started with a store (`relay --store`, game/net/store.py) keeps rooms over days. Someone creates
one on `/days` (`create`: a board's record, its seats, turns, the clock of a decision and what happens
when it runs out); the relay draws the seed (128 bits: the relay's dice), saves the room's record and
answers its code (the invite: `RELAY/days/CODE`, game/net/invite.py). Players connect to `/days/CODE`
when they like, with the same messages as to a host (game/net/protocol.py): a hello with a name and a
seat key (the key a seat is taken with is the player's; the store keeps only its hash), then their
choices. The race starts once every person's seat is taken.

For each connection to a room, the room's race is **rebuilt from its record** by the same `Host` that
hosts a network race (`DaysHost`): its seed, the same keyed dice, every decision replayed. Then the
relay plays what is not a connected person's (computer racers, each decision's stream drawn from the
seed and the decision's number, so a relay killed and started again plays as if it had never stopped),
asks the connected players their decisions, checks each one as `Host.choose` does, and **appends it to
the store in one transaction before anyone is told of it** (a relay killed right after the append loses
nothing; one killed before it never showed it). It goes on until a decision of a player who is not
connected is pending: everyone connected is told whom the race waits for ("waiting"). A room nobody is
connected to is held in no memory (LIVE rooms at most are: each connection's). Relays sharing a store
(PostgreSQL): every write of a room under way says what it read (an append, a take-back, a seat given
up, the start); one refused because another relay played on (`DecisionTaken`) reloads the room, tells
its players the race as it is now (a new "start") and goes on (`stored`). A player takes back his last
choice as in a hosted race (`take_back`: in the same visit, chance having shown nothing since), the room
kept with that decision fewer before anyone is told.

A decision's clock (the record's `Clock`): when it runs out (`sweep`, every few seconds, the store's
`due` rooms), the takeover level (TAKEOVER) plays that decision, or the seat is given up (its key
forgotten: the takeover level plays it to the end). `/days` also answers a player's list of rooms (by
his keys' hashes: never a key), and the record of a finished room (its replay, to one of its players).
The relay's operator is trusted: the seed, the dice and the computer racers are his relay's.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from game.boards.board import Board
from game.net.host import Host
from game.net.protocol import (
    CLIENT_MESSAGES,
    HELLO_TIMEOUT,
    MAX_FROM_HOST,
    MAX_MESSAGE,
    RATE,
    ProtocolError,
    check,
    check_board,
    clean_name,
    close_reason,
    code_problem,
    parse,
    plain_code,
    room_code,
    same_name,
    standings_json,
)
from game.net.seats import Client, Seat
from game.net.store import (
    CLOCK_SECONDS,
    RUN_OUT,
    SEATS,
    Clock,
    Decision,
    DecisionTaken,
    RoomRecord,
    RoomStore,
    RoomSummary,
    StoredSeat,
    StoreRefused,
    StoreUnusable,
    key_hash,
)
from game.rules import levels, record, rulebook, seeds
from game.rules.characters import CHARACTERS
from game.rules.dice import KEYED, RecordingDice
from game.rules.race import MAX_TURNS, MIN_TURNS, Race
from game.rules.record import freeze, plain
from game.rules.state import Option

log = logging.getLogger("fantasy-racing.relay")

TAKEOVER: levels.Policy = "normal"  # the level that plays a decision whose clock ran out, or a seat given up
LIVE = 1000  # rooms over days held in memory at once (each has a connection: an idle room is held in none)
KEYS_LISTED = 16  # keys' hashes one list of rooms asks about
ANSWER = "answer"  # the type of every answer on /days
RELOADS = 8  # times in a row a room is reloaded (another relay took its decision) before its players join again


class Overtaken(Exception):
    """Another relay of the same store took the decision this one was appending: the room was reloaded."""


class DaysHost(Host):
    """One room over days, rebuilt from its record (see the module): a `Host` whose seats are the record's,
    whose decisions go to the store before anyone hears them, and which waits for nobody's clock but the
    record's."""

    def __init__(self, room: RoomRecord, store: RoomStore, say: Any = None) -> None:
        board = Board.from_dict(json.loads(room.board))
        seats = [
            Seat("bot", bot=levels.policy(s.bot) or TAKEOVER, name=s.name, character=s.character)
            if s.bot is not None
            else Seat("friend", name=s.name, character=s.character)
            for s in room.seats
        ]
        super().__init__(board, room.turns, seats, room.code, room.seed, auto_start=False, say=say, clock=0)
        self.room, self.store = room, store
        self.hashes = [s.key_hash for s in room.seats]
        self.lock = asyncio.Lock()  # one thing at a time: a hello, a choice, a clock run out, a leave
        self.chooser = 0  # the seat whose computer racer (or takeover) chose last
        self.visitors = 0  # connections (and clock run-outs) using the room now: it is let go at none
        self.takeover = CLOCK_SECONDS[0]  # (what a "left" says; a connection's leave says nothing here)
        if not any(seat.open for seat in self.seats):
            self.rebuild()

    # ------------------------------------------------------------ the race from its record
    def _build(self) -> Race:
        """The race as `Host` builds it (the seats' racers, the keyed dice of the seed), by the rules the
        room was created with (a relay of a newer game goes on playing it by them)."""
        self.dice = dice = RecordingDice(self.seed, KEYED)
        return Race.new(self.board, self.racers(), self.turns, self.seed, dice, rules=self.room.rules)

    def rebuild(self) -> None:
        """The race from the record: built as `Host` builds it (its seed, keyed dice, the seats' racers),
        every decision replayed; what a friend who joins is sent (`start_message`) made from it."""
        race = self.race = self._build()
        for decision in self.room.decisions:
            race.choose(freeze(json.loads(decision.choice)))
        race.take_events()
        assert self.dice is not None
        faces, orders = self.dice.take()
        self.started, self.over = True, race.over
        setups = [s.to_dict() for s in race.setups]
        dice = {"dice": self.dice.kind}
        self.opening = record.make(self.board.to_dict(), "", setups, self.turns, None, [], dice, self.room.rules)
        self.sent, self.faces, self.orders = plain(list(race.choices)), list(faces), [list(o) for o in orders]

    def seat_of(self, token: str) -> int | None:
        """The seat this key was taken with (its hash compared in constant time), or None."""
        if not 16 <= len(token) <= 64:
            return None
        hashed = key_hash(token)
        for index, kept in enumerate(self.hashes):
            if kept is not None and hmac.compare_digest(kept, hashed):
                self.seats[index].token = token
                return index
        return None

    def level_of(self, racer: int) -> str | None:
        """Who plays a racer's decisions here: a computer racer's level, TAKEOVER for a seat given up (a
        name without a key), None for a player."""
        seat = self.seats[racer]
        if seat.kind == "bot":
            return seat.bot
        return TAKEOVER if seat.name and self.hashes[racer] is None else None

    # ------------------------------------------------------------ a player comes and goes
    async def hello(self, client: Client, message: dict[str, Any]) -> int | None:
        """A player's hello: his seat by his key, or an open seat taken with it (kept in the store first)."""
        hello = check(message, "hello")
        if not hmac.compare_digest(plain_code(hello["code"]).encode(), self.code.encode()):
            raise ProtocolError("a wrong room code")
        name, token = clean_name(hello["name"]), str(hello.get("token", ""))
        if not name or hello.get("watch") is True:
            raise ProtocolError("a race over days is joined with a name and a seat key")
        async with self.lock:
            index = self.seat_of(token)
            if index is not None:
                return await self._back(client, index, "net.joined_again")
            if any(same_name(s.name, name) for s in self.seats if s.kind == "friend"):
                raise ProtocolError(f"{name}'s seat needs its seat key (this race is over days)")
            index = next((i for i, s in enumerate(self.seats) if s.open), None)
            if index is None or self.started:
                raise ProtocolError("the race has started and has no seat for this name")
            if not 16 <= len(token) <= 64 or not token.isprintable():
                raise ProtocolError("a seat over days is taken with a key of 16 to 64 characters")
            hashed = key_hash(token)
            try:
                await asyncio.to_thread(self.store.take_seat, self.code, index, name, hashed, time.time())
            except StoreRefused as error:
                raise ProtocolError(str(error)) from None
            self.hashes[index] = hashed
            seat = self.seats[index]
            seat.name, seat.token, seat.ready = name, token, True
            self.note(f"{name} took seat {index + 1} of the race over days {self.code}")
            if not any(s.open for s in self.seats) and await self.begin_over_days():  # the last seat: it starts
                self.note(f"the race over days {self.code} starts")
                for other in self.seats:
                    if other.client is not None:
                        await self.send(other.client, self.start_message())
            seat.client = client  # (his welcome first, then the race: `_seated`)
            await self._seated(client, index, again=False)
            return index

    async def begin_over_days(self) -> bool:
        """Every person's seat is taken: the race is built and starts (its start is the store's decision 0).
        Whether it began here (else another relay began it and played on: `stored`)."""
        self.rebuild()
        race = self.race
        assert race is not None and race.pending is not None
        turn, now = race.pending.racer, time.time()
        deadline = now + (self.room.clock.seconds if self.level_of(turn) is None else 0)
        if not await self.stored(self.store.begin, turn, deadline, now):
            return False
        seats = tuple(self.stored_seats())
        self.room = dataclasses.replace(self.room, seats=seats, state="racing", turn=turn, deadline=deadline)
        return True

    def stored_seats(self) -> list[StoredSeat]:
        """The record's seats as they are now (the players' names and keys' hashes)."""
        return [
            dataclasses.replace(kept, name=seat.name, key_hash=hashed)
            for kept, seat, hashed in zip(self.room.seats, self.seats, self.hashes)
        ]

    async def leave(self, client: Client) -> None:
        """A connection closed: its seat waits for its player (nobody is told: he comes when he likes)."""
        for seat in self.seats:
            if seat.client is client:
                seat.client = None

    def connected(self) -> bool:
        return any(s.client is not None for s in self.seats)

    # ------------------------------------------------------------ the decisions
    async def choose(self, client: Client, message: dict[str, Any]) -> bool:
        """A player's choice, checked as `Host.choose` checks it (kept before anyone hears it); then the
        race goes on."""
        async with self.lock:
            taken = False
            with contextlib.suppress(Overtaken):  # (another relay took it: everyone here was told the race as it is)
                taken = await super().choose(client, message)
            await self.go_on()
            return taken

    async def go_on(self) -> None:
        """`advance`, again on the room reloaded when another relay of the store took a decision meanwhile."""
        for _ in range(RELOADS):
            with contextlib.suppress(Overtaken):
                return await self.advance()
        raise StoreRefused(f"the race over days {self.code} changed under this relay {RELOADS} times in a row")

    async def reload(self) -> None:
        """The room as the store keeps it now (another relay played on): rebuilt, its players told the race."""
        room = await asyncio.to_thread(self.store.load, self.code)
        if room is None:
            raise StoreRefused(f"the race over days {self.code} is no longer kept")
        self.room, self.hashes = room, [s.key_hash for s in room.seats]
        for seat, kept in zip(self.seats, room.seats):
            seat.name = kept.name or seat.name
        self.asked, self.quiet, self.taken_back = {}, [], 0
        self.rebuild()
        self.note(f"the race over days {self.code} was played on by another relay: reloaded")
        for seat in self.seats:
            if seat.client is not None:
                await self.send(seat.client, self.start_message())

    async def stored(self, write: Callable[..., None], *values: Any) -> bool:
        """A write of this room to the store (`write(code, *values)`) that says what the relay read: whether
        it was kept; else (`DecisionTaken`: another relay changed the room since) the room is reloaded."""
        try:
            await asyncio.to_thread(write, self.code, *values)
        except DecisionTaken:
            await self.reload()
            return False
        return True

    async def take_back(self, client: Client, message: dict[str, Any]) -> bool:
        """A player takes back his last choice, as in a hosted race (his own turn, nothing shown by chance
        since, in this visit: the next player has not acted): the store keeps the room with that decision
        fewer first (his clock runs on), then everyone is told; else he alone is told why not."""
        async with self.lock:
            index = check(message, "take_back")["index"]
            race = self.race
            if self._refusal(client, index) is not None or race is None or not race.choices:
                return await super().take_back(client, message)  # (refused: he is told why)
            number, turn, deadline = len(self.room.decisions) - 1, self.room.turn, self.room.deadline
            if not await self.stored(self.store.take_back, number, turn, deadline, time.time()):
                await self.go_on()  # (another relay played on: the race as it is now, to everyone here)
                return False
            self.room = dataclasses.replace(self.room, decisions=self.room.decisions[:-1])
            if not await super().take_back(client, message):  # (a race that cannot go back: rebuilt from the store)
                raise StoreRefused("the choice could not be taken back: join again")
            await self.go_on()
            return True

    async def _chosen(self, option: Option, person: int | None = None) -> None:
        """The race took a choice: appended to the store (one transaction), then told to everyone."""
        race = self.race
        assert race is not None
        number = len(race.choices) - 1
        seat = person if person is not None else self.chooser
        now = time.time()
        pending = race.pending
        turn = pending.racer if pending is not None else None
        deadline = None if turn is None else now + (self.room.clock.seconds if self.level_of(turn) is None else 0)
        kept = Decision(json.dumps(plain(option)), seat, now)
        if not await self.stored(self.store.append, number, kept, turn, deadline):
            raise Overtaken
        self.room = dataclasses.replace(self.room, decisions=(*self.room.decisions, kept), turn=turn, deadline=deadline)
        await super()._chosen(option, person)

    async def play(self, level: str, racer: int) -> None:
        """A decision played here (a computer racer's, or a takeover's): its stream drawn from the seed and
        the decision's number."""
        race = self.race
        assert race is not None and race.pending is not None
        rng = seeds.stream(self.seed, seeds.BOT, racer, len(race.choices))
        option = await self._think(race, race.pending, level, {racer: rng})
        race.choose(option)
        self.chooser = racer
        await self._chosen(option)

    async def advance(self) -> None:
        """Play on until a player's decision is pending: asked of him when he is connected, else everyone
        is told the race waits for him. At the end, the room is finished and everyone hears it."""
        race = self.race
        if race is None:
            return
        while race.pending is not None:
            racer = race.pending.racer
            level = self.level_of(racer)
            if level is not None:
                await self.play(level, racer)
                continue
            index = len(race.choices)
            if self.seats[racer].client is not None:
                if self.asked.get(racer, {}).get("index") != index:
                    await self.ask(racer, index, race.pending.kind, race.pending.options)
            await self.wait_for(racer)
            return
        if not self.over:
            await self.ended()

    async def wait_for(self, racer: int | None) -> None:
        """Tell every connected player (but the one asked) whom the race waits for."""
        deadline = self.room.deadline
        seconds = None if deadline is None or racer is None else round(max(0.0, deadline - time.time()), 1)
        name = self.seats[racer].name if racer is not None else ""
        for index, seat in enumerate(self.seats):
            if seat.client is not None and index != racer:
                await self.send(seat.client, {"type": "waiting", "seat": racer, "name": name, "seconds": seconds})

    async def ended(self) -> None:
        """The race is over: the room finished in the store, everyone connected told the standings."""
        race = self.race
        assert race is not None
        try:
            await asyncio.to_thread(self.store.end, self.code, "finished", time.time())
        except StoreRefused:
            pass  # (already finished: a player who comes back after the end)
        else:
            self.note(f"the race over days {self.code} is over: {json.dumps(standings_json(race))}")
        await self.finish(standings_json(race))

    async def came(self, client: Client, seat: int) -> None:
        """After a player's hello: the race goes on (his decision asked), or he hears whom it waits for."""
        async with self.lock:
            if not self.started:
                await self.wait_for(None)
            elif self.over and self.race is not None:
                await self.send(client, {"type": "over", "standings": standings_json(self.race)})
            else:
                await self.go_on()

    async def run_out(self, now: float) -> bool:
        """The pending decision's clock ran out by `now`: the takeover level plays it, or its seat is given
        up (as the record's clock says); then the race goes on. Whether anything was played."""
        async with self.lock:
            race = self.race
            if race is None or race.pending is None:
                return False
            racer = race.pending.racer
            if self.level_of(racer) is None:
                deadline = self.room.deadline
                if deadline is None or deadline > now:
                    return False
                name = self.seats[racer].name
                if self.room.clock.run_out == "give up":
                    if await self.stored(self.store.give_up, racer, len(self.room.decisions), now):  # (else reloaded)
                        self.hashes[racer] = None
                        client, self.seats[racer].client = self.seats[racer].client, None
                        self.room = dataclasses.replace(self.room, seats=tuple(self.stored_seats()))
                        self.note(f"{name} gave up seat {racer + 1} of {self.code}: his clock ran out")
                        if client is not None:
                            await self.send(client, {"type": "bye", "reason": "given up"}, wait=True)
                            await client.close(code=1000, reason="your clock ran out: your seat was given up")
                else:
                    self.asked.pop(racer, None)
                    await self.tell({"type": "late", "seat": racer, "name": name})
                    with contextlib.suppress(Overtaken):  # (another relay played it: the room reloaded)
                        await self.play(TAKEOVER, racer)
            await self.go_on()
            return True


def new_room(request: dict[str, Any], address: str, network: str, now: float) -> RoomRecord:
    """A room over days from a create request (ProtocolError in one sentence for what is not one)."""
    board = check_board(request.get("board"), "the race's board")
    turns, clock, run_out = request.get("turns"), request.get("clock"), request.get("run_out", "takeover")
    seats = request.get("seats")
    if type(turns) is not int or not MIN_TURNS <= turns <= MAX_TURNS:
        raise ProtocolError(f"a race over days has {MIN_TURNS} to {MAX_TURNS} turns")
    if type(clock) is not int or not CLOCK_SECONDS[0] <= clock <= CLOCK_SECONDS[1] or run_out not in RUN_OUT:
        low, high = CLOCK_SECONDS
        raise ProtocolError(f"a decision's clock is {low} to {high:,} seconds, then {' or '.join(RUN_OUT)}")
    if type(seats) is not list or not SEATS[0] <= len(seats) <= min(SEATS[1], board.max_racers):
        raise ProtocolError(f"a race over days on {board.name} has {SEATS[0]} to {board.max_racers} seats")
    seed = seeds.hosted()
    drawn, kept = seeds.stream(seed, seeds.CHARACTERS), []
    for seat in seats:  # ("person" or {"level": LEVEL}, with a "character" or one drawn as a host draws it)
        character = drawn.choice(list(CHARACTERS))
        given = seat if isinstance(seat, dict) else {}
        level, wanted = given.get("level"), given.get("character", "")
        if not (seat == "person" or (isinstance(seat, dict) and (level is None or level in levels.LEVELS))):
            raise ProtocolError('a seat is "person" or {"level": LEVEL, "character": CHARACTER}')
        if wanted and wanted not in CHARACTERS:
            raise ProtocolError(f"no character is called {str(wanted)[:20]!r}")
        kept.append(StoredSeat(bot=level, character=wanted or character))
    name, hashed = request.get("name"), request.get("key_hash")
    if name is not None:  # the creator sits in seat 1 (his key's hash: never his key)
        if type(name) is not str or not clean_name(name) or type(hashed) is not str or len(hashed) != 64:
            raise ProtocolError("the creator's seat is his name and his key's hash (64 hexadecimal digits)")
        first = next((i for i, s in enumerate(kept) if s.bot is None), None)
        if first is None:
            raise ProtocolError("a race over days has a person's seat")
        kept[first] = dataclasses.replace(kept[first], name=clean_name(name), key_hash=bytes.fromhex(hashed))
    if not any(s.bot is None for s in kept):
        raise ProtocolError("a race over days has a person's seat")
    text = json.dumps(board.to_dict())
    return RoomRecord(
        room_code(), seed, text, turns, rulebook.VERSION, tuple(kept), Clock(clock, run_out),
        address=address[:64], network=network[:64], created=now, updated=now,
    )  # fmt: skip


def summary_of(room: RoomSummary) -> dict[str, Any]:
    return {
        "code": room.code,
        "seat": room.seat,
        "state": room.state,
        "turn": room.turn,
        "deadline": room.deadline,
        "decisions": room.decisions,
        "names": list(room.names),
        "board": room.board,
    }


class Days:
    """The relay's rooms over days (see the module): `create` and the lists on `/days`, the players'
    connections on `/days/CODE`, the clocks' sweep. `door` is the relay's (the wrong codes it slows)."""

    def __init__(self, store: RoomStore, door: Any, say: Any = None) -> None:
        self.store, self.door = store, door
        self.say = say or (lambda line: log.info("%s", line))
        self.live: dict[str, DaysHost] = {}  # rooms with a connection, rebuilt from their record
        self.gate = asyncio.Lock()  # (a room is rebuilt once, however many come at once)

    async def room(self, code: str) -> DaysHost | None:
        """Room `code` in memory: the one live, or rebuilt from the store (None: no such room)."""
        async with self.gate:
            host = self.live.get(code)
            if host is None:
                room = await asyncio.to_thread(self.store.load, code)
                if room is None:
                    return None
                host = self.live[code] = DaysHost(room, self.store, self.say)
            host.visitors += 1  # (until its `let_go`)
            return host

    def let_go(self, host: DaysHost) -> None:
        """A visitor of `room` is done: a room nobody is connected to (nor about to be) is held in no memory."""
        host.visitors = max(0, host.visitors - 1)
        if not host.visitors and not host.connected() and self.live.get(host.code) is host:
            del self.live[host.code]

    # ------------------------------------------------------------ /days: create, lists, replays
    async def service(self, socket: Any, address: str, network: str) -> None:
        """One request on `/days`, one answer (then the connection is closed)."""
        try:
            text = await asyncio.wait_for(socket.recv(), HELLO_TIMEOUT)
            request = parse(text, MAX_FROM_HOST)
            answer = await self.answer(request, address, network)
        except (ProtocolError, StoreRefused, StoreUnusable) as error:
            answer = {"type": ANSWER, "refused": str(error)}
        await socket.send(json.dumps(answer))
        await socket.close(code=1000, reason="answered")

    async def answer(self, request: dict[str, Any], address: str, network: str) -> dict[str, Any]:
        kind = request["type"]
        if kind == "create":
            room = new_room(request, address, network, time.time())
            await asyncio.to_thread(self.store.save, room)
            self.say(f"a race over days {room.code} was created from {address} ({len(room.seats)} seats)")
            return {"type": ANSWER, "code": room.code}
        hashes = request.get("keys")
        if type(hashes) is not list or not 1 <= len(hashes) <= KEYS_LISTED or not all(hexadecimal(h) for h in hashes):
            raise ProtocolError(f"a request names 1 to {KEYS_LISTED} keys' hashes (64 hexadecimal digits each)")
        if kind == "rooms":
            lists = []
            for hashed in hashes:
                rooms = await asyncio.to_thread(self.store.rooms_of, bytes.fromhex(hashed))
                lists.append([summary_of(r) for r in rooms])
            return {"type": ANSWER, "rooms": lists}
        if kind == "replay":
            code = plain_code(str(request.get("code", ""))[:40])
            found: RoomRecord | None = None if code_problem(code) else await asyncio.to_thread(self.store.load, code)
            wanted = {bytes.fromhex(h) for h in hashes}
            if found is None or not any(s.key_hash in wanted for s in found.seats):
                await self.door.turn(address)
                self.door.wrong(address)
                raise ProtocolError("no race over days of yours has this code")
            if found.state != "finished":
                raise ProtocolError("the race is not finished: its replay is given at its end")
            host = DaysHost(found, self.store)
            assert host.race is not None
            return {"type": ANSWER, "race": host.race.to_dict()}
        raise ProtocolError(f"/days answers create, rooms and replay, not {kind[:20]!r}")

    # ------------------------------------------------------------ /days/CODE: a player
    async def visit(self, socket: Any, address: str, code: str) -> None:
        """A player's connection to his room over days, from his hello to his leave."""
        await self.door.turn(address)
        host = None if code_problem(code) else await self.room(code)
        if host is None:
            self.door.wrong(address)
            await socket.close(code=1008, reason="a wrong room code")
            return
        self.door.right(address)
        if len(self.live) > LIVE:
            self.let_go(host)
            await socket.close(code=1013, reason="the relay holds as many races over days as it takes: try again")
            return
        times: deque[float] = deque()
        try:
            hello = parse(await asyncio.wait_for(socket.recv(), HELLO_TIMEOUT))
            check(hello, "hello", CLIENT_MESSAGES)
            seat = (await host.router.route(socket, None, hello)).seat
            welcome = getattr(socket, "welcomed", None)
            if welcome is not None:
                welcome()
            assert seat is not None
            await host.came(socket, seat)
            async for text in socket:
                now = time.monotonic()
                times.append(now)
                while times and now - times[0] > 1.0:
                    times.popleft()
                if len(times) > RATE or not isinstance(text, str) or len(text) > MAX_MESSAGE:
                    raise ProtocolError(f"more than {RATE} messages a second, or one too big")
                message = parse(text)
                if message["type"] in ("choose", "say", "take_back"):
                    await host.router.route(socket, seat, message)  # (the room's one way in: game/net/router.py)
                elif message["type"] != "ready":
                    raise ProtocolError(f"a message of type {message['type'][:20]!r} in a race over days")
        except ProtocolError as error:
            await socket.close(code=1008, reason=close_reason(str(error)))
        except (StoreRefused, StoreUnusable) as error:  # the store refused a decision: the room is rebuilt
            self.say(f"the race over days {code}: {error}")
            self.live.pop(code, None)
            for other in host.seats:
                if other.client is not None:
                    await other.client.close(code=1013, reason=close_reason(f"{error}: join again"))
        finally:
            await host.router.leave(socket)
            self.let_go(host)

    # ------------------------------------------------------------ the clocks
    async def sweep(self, now: float | None = None) -> int:
        """The decisions whose clock ran out by `now`, played (or their seats given up); how many rooms."""
        now = time.time() if now is None else now
        codes = await asyncio.to_thread(self.store.due, now)
        played = 0
        for code in codes:
            try:
                host = await self.room(code)
                if host is not None and await host.run_out(now):
                    played += 1
            except (StoreRefused, StoreUnusable, ValueError) as error:
                self.say(f"the race over days {code}: its clock could not be run out: {error}")
                self.live.pop(code, None)
                continue
            if host is not None:
                self.let_go(host)
        return played


def hexadecimal(text: object) -> bool:
    return type(text) is str and len(text) == 64 and all(c in "0123456789abcdef" for c in text)
