"""A client's side of a network race: `Follower` (the host's messages in, the race rebuilt) and `join`
(a terminal's client: a computer racer plays the seat).

A follower treats the host as a stranger: each message is checked (size, numbers of a few digits, a
known type, its schema's exact types and bounds, a board within the limits of a board from a file,
characters that exist, faces each die can show, options the race has in type and value, an ask only
for its own racer and the pending decision); one it cannot follow is a ProtocolError sentence, never
a traceback, and the window ends that race with it (offering to keep it). A friend's follower
rebuilds the race from the setup, the choices and the faces shown (strict `ShownDice`: the host's
dice only, so no roll can be foreseen). The host's own screen follows
with the host's seed instead (it is the host's), and checks that its dice show the faces the host's
did: its race is the host's, to save and replay as any. A choice the host took back (`taken_back`)
rebuilds the race with one choice fewer, the same dice; a follower refuses one that would roll them
again (past what chance showed).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TextIO

from game.boards.board import Board, BoardError
from game.bots import ai
from game.net.door import KEY_HEADER
from game.net.limits import guarded
from game.net.protocol import (
    HOST_MESSAGES,
    MAX_CHOICES,
    MAX_FROM_HOST,
    OPTION,
    RACER_NAME,
    TAKE_BACKS,
    ProtocolError,
    check,
    check_board,
    parse,
    plain,
    words_of_close,
)
from game.net.schema import ListOf
from game.rules import levels, record, seeds
from game.rules.dice import Dice, DiceExhausted, RecordingDice, ShownDice
from game.rules.race import IllegalChoice, Race, RacerSetup
from game.rules.record import freeze
from game.rules.state import Option

if TYPE_CHECKING:  # (websockets is imported when the client connects)
    from websockets.asyncio.client import ClientConnection

CHOICES = ListOf(OPTION, MAX_CHOICES)  # a start's choices so far


ANSWER_TIMEOUT = 20.0  # seconds a host has to answer a hello (a welcome, or its lobby)
PING_EVERY, PING_TIMEOUT = 5.0, 10.0  # the client's keepalive: a host that answers no ping for 10 s is gone


FAULT_CODE = 4408  # the close code a window's client reports for a host it left (`HostFault`): not the host's


class HostFault(ConnectionError):
    """A host that cannot be followed: silent, flooding, or answering no ping (one sentence: what it did)."""


def sentence(error: Exception, longest: int = 160) -> str:
    """An error's words as the end of one short sentence (its first line, printable, cut short)."""
    try:
        words = str(error)
    except ValueError:  # (an integer too long to write)
        words = type(error).__name__
    line = words.splitlines()[0] if words.strip() else type(error).__name__
    return "".join(ch if ch.isprintable() else "?" for ch in line[:longest])


class Follower:
    """A client's side of a network race, without input or output (see the module).

    `level`: the computer level that plays this client's racer (a terminal's --bot), if any; `seed`:
    the seed a race kept from this one rolls on with; `mine`: the racers this client answers (a friend:
    his seat, from the welcome; the host's screen: its people's); `host_seed` and `host_board`: the
    host's own screen follows with the host's seed, on the host's board."""

    def __init__(
        self,
        level: str | None = None,
        seed: int | None = None,
        mine: Iterable[int] = (),
        host_seed: int | None = None,
        host_board: Board | None = None,
    ) -> None:
        self.level = level
        self.seat: int | None = None
        self.mine = set(mine)
        self.host_seed, self.host_board = host_seed, host_board
        self.race: Race | None = None
        self.dice: Dice = ShownDice(strict=True, seed=seed if seed is not None else seeds.fresh())
        self.lobby: dict[str, Any] | None = None
        self.board: Board | None = None  # the lobby's board
        self.asked: dict[str, Any] | None = None  # the ask for this client's racer now pending
        self.away: dict[int, float] = {}  # seat -> when the host said he left (time.monotonic), until back
        self.takeover: dict[int, float] = {}  # seat -> the host's delay before a computer plays for him
        self.standings: list[dict[str, Any]] | None = None
        self.bye: str | None = None
        self.token = ""  # this client's seat key (from its welcome): it takes the seat back after a drop
        self.clock_ends: float | None = None  # when the turn clock of the decision asked of this client runs out
        self.late: tuple[int, float] | None = None  # (seat, when): the host said a computer chose for him
        self.said: list[tuple[int, str, float]] = []  # quick messages heard: (seat, phrase id, when), the last 20
        self.answer = ""  # the host's last answer to an owner order (`join --owner`)
        self.quiet: list[int] = []  # the racers of the choices since chance last showed something
        self.taken_back = 0  # choices taken back since chance last showed something
        self.forced: int | None = None  # the seat the host's computer racer decides for next (its clock ran out)
        self.took: tuple[int, Option, float] | None = None  # the last take-back heard: (seat, its choice, when)
        self.refused: tuple[str, float] | None = None  # the host's last refusal of this client's take-back: (why, when)
        self.waiting: dict[str, Any] | None = None  # a race over days waits for another player (his seat, name)

    def receive(self, text: str | bytes) -> dict[str, Any]:
        """Take in one message from the host; the message (ProtocolError when it cannot be followed)."""
        message = parse(text, MAX_FROM_HOST)
        kind = message["type"]
        if kind not in HOST_MESSAGES:
            raise ProtocolError(f"the host sent a message of unknown type {kind[:20]!r}")
        check(message, kind, HOST_MESSAGES)
        try:
            getattr(self, f"_{kind}")(message)
        except ProtocolError:
            raise
        except (BoardError, DiceExhausted, IllegalChoice, IndexError, KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"the host's {kind!r} message cannot be followed ({sentence(error)})") from None
        return message

    def _welcome(self, message: dict[str, Any]) -> None:
        if message["seat"] >= len(message["seats"]):
            raise ProtocolError("the host gave this client a seat its race does not have")
        self.seat, self.token = message["seat"], message["token"]
        self.mine = {self.seat}

    def _lobby(self, message: dict[str, Any]) -> None:
        if "board" in message:  # (the first lobby; its news keep it)
            self.board = check_board(message["board"])
        self.lobby = message

    def _start(self, message: dict[str, Any]) -> None:
        """The race so far: its record (as a save keeps it) without the host's seed, with the faces and
        orders of play his dice showed; the race is rebuilt from it, choice by choice."""
        try:
            data = record.check(message["race"])
        except record.RecordError as error:
            raise ProtocolError(f"the host's race cannot be followed: {sentence(error)}") from None
        shown = data.get("shown")
        if data["seed"] is not None or shown is None:
            raise ProtocolError("the host's race must show its faces and keep its seed")
        if self.seat is not None and self.seat >= len(data["racers"]):
            raise ProtocolError("the host's race has no racer in this client's seat")
        board = self.host_board if self.host_board is not None else check_board(data["board"], "the race's board")
        CHOICES.check(data["choices"], "the race's choices")
        setups = []
        for index, racer in enumerate(data["racers"]):
            bot = racer.get("bot")
            if bot is not None and bot not in levels.LEVELS:
                raise ProtocolError(f"racer {index + 1} of the host's race is played by an unknown level")
            if index == self.seat and self.level in levels.LEVELS:
                bot = self.level  # his computer racer plays this seat here (a look-ahead one keeps snapshots)
            name = racer.get("name", "")
            RACER_NAME.check(name, f"the name of racer {index + 1}")
            setups.append(RacerSetup(racer["character"], name, bot))
        if self.host_seed is not None:
            self.dice = RecordingDice(self.host_seed, data["dice"])  # (the host's kind of dice: keyed)
            self.race = Race.new(board, setups, turns=data["turns"], seed=self.host_seed, dice=self.dice)
        else:
            self.dice = ShownDice(shown["faces"], shown["orders"], strict=True, seed=self.dice.seed)
            self.race = Race.new(board, setups, turns=data["turns"], dice=self.dice)
        for choice in data["choices"]:
            self.race.choose(freeze(choice))
        self._shown({"faces": shown["faces"], "orders": shown["orders"]})
        if data["choices"]:
            self.race.take_events()  # joined again: what happened before is the race's log, not news to show
        self.asked = None
        self.quiet, self.taken_back = [], 0  # (joined again: nothing of before is offered back)

    def _show(self, step: Any) -> None:
        """The faces a step shows, to the dice that will give them."""
        if isinstance(self.dice, ShownDice):
            self.dice.show(step["faces"], step["orders"])

    def _shown(self, step: Any) -> None:
        """The host's screen: its dice showed the faces the host's did (else it is not the host's race)."""
        if isinstance(self.dice, RecordingDice):
            faces, orders = self.dice.take()
            if (faces, orders) != (step["faces"], step["orders"]):
                raise ProtocolError("the host's dice showed other faces than its screen's")

    def _step(self, message: dict[str, Any]) -> None:
        race = self.race
        if race is None or race.pending is None:
            raise ProtocolError("the host sent a step before the start (or after the end)")
        racer = race.pending.racer
        self._show(message)
        race.choose(freeze(message.get("option")))
        self._shown(message)
        self.asked = None
        if message["faces"] or message["orders"]:  # chance showed something: nothing before it goes back
            self.quiet, self.taken_back = [], 0
        elif race.racers[racer].setup.bot or self.forced == racer:  # (a computer racer's: nobody's to take back)
            self.quiet = []
        else:
            self.quiet.append(racer)
        self.forced = None

    def _taken_back(self, message: dict[str, Any]) -> None:
        """The host took a racer's last choice back: the race rebuilt from its record with that choice
        fewer, the same dice (a host that would roll them again, or give the decision to another racer,
        cannot be followed)."""
        race = self.race
        if race is None or not race.choices or message["index"] != len(race.choices) - 1:
            raise ProtocolError("the host took back a choice the race does not have")
        seat = self._racer(message)
        option = race.choices[-1]
        back = Race.restore(race.checkpoint(len(race.choices) - 1))
        if back.dice.getstate() != self.dice.getstate() or back.pending is None or back.pending.racer != seat:
            raise ProtocolError("the host took back a choice past what chance showed, or another racer's")
        back.dice = self.dice  # (where they were: nothing was rolled since)
        self.race = back
        if self.quiet:
            self.quiet.pop()
        self.taken_back += 1
        self.asked, self.clock_ends = None, None
        self.took = (seat, option, time.monotonic())

    def _refused(self, message: dict[str, Any]) -> None:
        self.refused = (message["why"], time.monotonic())

    def _ask(self, message: dict[str, Any]) -> None:
        race = self.race
        if race is None or message["racer"] not in self.mine:
            raise ProtocolError("the host asked a decision of another racer")
        pending = race.pending
        if pending is None or pending.racer != message["racer"] or message["index"] != len(race.choices):
            raise ProtocolError("the host asked a decision the race does not have")
        if freeze(message["options"]) != tuple(pending.options) or message["kind"] != pending.kind:
            raise ProtocolError("the host asked a decision with other options than the race's")
        self.asked = message
        clock = message.get("clock")
        self.clock_ends = time.monotonic() + clock if clock is not None else None

    def _racer(self, message: dict[str, Any]) -> int:
        """The seat a message names: one of the race's racers (ProtocolError otherwise)."""
        if self.race is None or message["seat"] >= len(self.race.racers):
            raise ProtocolError(f"the host's {message['type']!r} message names a racer the race does not have")
        return int(message["seat"])

    def _late(self, message: dict[str, Any]) -> None:
        self.late = (self._racer(message), time.monotonic())
        self.forced = self.late[0]  # (the step that follows is the computer's choice, not his to take back)

    def _over(self, message: dict[str, Any]) -> None:
        self.standings = message["standings"]

    def _left(self, message: dict[str, Any]) -> None:
        seat = self._racer(message)
        self.away[seat] = time.monotonic()
        self.takeover[seat] = float(message["takeover"])

    def _back(self, message: dict[str, Any]) -> None:
        self.away.pop(self._racer(message), None)

    def _said(self, message: dict[str, Any]) -> None:
        seats = len(self.race.racers) if self.race is not None else len((self.lobby or {}).get("seats", ()))
        if message["seat"] >= seats:
            raise ProtocolError("the host's 'said' message names a seat the race does not have")
        self.said = [*self.said[-19:], (message["seat"], message["phrase"], time.monotonic())]

    def _bye(self, message: dict[str, Any]) -> None:
        self.bye = message["reason"][:40]

    def _waiting(self, message: dict[str, Any]) -> None:
        """A race over days waits for a seat whose player is not here (or for players: seat None)."""
        if message["seat"] is not None:
            self._racer(message)
        self.waiting = message

    def _answer(self, message: dict[str, Any]) -> None:
        self.answer = message["said"]  # the host's sentence to this client's owner order

    def my_decision(self) -> bool:
        """Whether the host asked this client the race's pending decision."""
        race, asked = self.race, self.asked
        return (
            race is not None
            and asked is not None
            and race.pending is not None
            and race.pending.racer == asked["racer"]
            and asked["index"] == len(race.choices)
        )

    def choice(self, option: Option) -> dict[str, Any]:
        """The "choose" message answering the asked decision with `option`."""
        assert self.race is not None
        self.asked, self.clock_ends = None, None
        return {"type": "choose", "index": len(self.race.choices), "option": plain(option)}

    def may_take_back(self) -> bool:
        """Whether the racer whose decision the host asked of this client may take his last choice back:
        his, made since chance last showed something, fewer than TAKE_BACKS taken back since (the host
        decides: it refuses what this cannot know, a choice its computer racer made for him)."""
        race = self.race
        if not self.my_decision() or race is None or race.pending is None:
            return False
        return bool(self.quiet) and self.quiet[-1] == race.pending.racer and self.taken_back < TAKE_BACKS

    def take_back(self) -> dict[str, Any]:
        """The "take_back" message asking the host to take back the last choice of the racer asked."""
        assert self.race is not None
        return {"type": "take_back", "index": len(self.race.choices)}

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock of the decision asked of this client (None: no clock)."""
        if self.clock_ends is None or not self.my_decision():
            return None
        return max(0.0, self.clock_ends - time.monotonic())


def kept_race(race: Race, bots: dict[int, str], seed: int | None = None) -> Race:
    """A race to play on alone: the same race, these seats played by computer racers of those levels.

    A race followed from a host's faces keeps them (and rolls on from a seed of its own); a seeded race
    stays seeded: either saves, resumes and replays as any race.
    """
    setups = [RacerSetup(s.character, s.name, levels.policy(bots.get(i, s.bot))) for i, s in enumerate(race.setups)]
    dice = race.dice
    if isinstance(dice, ShownDice):
        seed = seed if seed is not None else dice.seed
        copy = Race.new(race.board, setups, race.turns, seed, ShownDice(dice.faces, dice.orders, seed=seed))
    else:
        copy = Race.new(race.board, setups, race.turns, race.seed, Dice(race.seed, dice.kind))
    for option in race.choices:
        copy.choose(option)
    return copy


async def join(
    address: str,
    code: str,
    name: str,
    character: str | None,
    bot: str,
    timeout: float = 3600.0,
    delay: float = 0.0,
    observe: Callable[[dict[str, Any], float], None] | None = None,
    token: str = "",
    keep: Callable[[str], None] | None = None,
    source: str | None = None,
    progress: Callable[[dict[str, Any], Follower], None] | None = None,
    url: str | None = None,
    ssl: Any = None,
    watch: bool = False,
    owner: str = "",
    orders: TextIO | None = None,
    tell: Callable[[str], None] = lambda line: None,
    once: bool = False,
) -> Race:
    """Join a hosted race and play the seat with the bot `bot` until it is over; the race as rebuilt.

    The bot's choices come from `seeds.stream(0, seeds.BOT, name)`: a client has no seed of the race,
    so his computer racer's stream is his name's (the same name plays the same way).
    `token`: the seat key of a seat taken before (it takes it back); `keep(token)` hears the seat key the
    host gives (to join again with it). `observe(message, arrived)`, for benchmarks, hears every message
    and when it arrived (time.monotonic); `source`: the local address to connect from; `progress(message,
    follower)`, for the terminal's lines, every message once the follower took it in; `url`: the
    WebSocket address to connect to instead of ws://`address` (a relay's room: game/net/invite.py), with
    the TLS context `ssl` for a wss:// one; `watch`: follow the race as a spectator, without a seat;
    `owner`: the room's owner key, with which the lines of `orders` (the terminal by default: `remove SEAT`,
    `let SEAT`) are sent as the host's orders (game/net/console.py, `give_orders`): `tell(line)` hears
    the host's answers (and how to write a line it could not read); `once` (a race over days): leave at the
    first wait for another player, raising `Waiting`.
    """
    import websockets

    headers = {KEY_HEADER: token} if token else {}
    where: dict[str, Any] = {"local_addr": (source, 0)} if source else {}
    if ssl is not None:
        where["ssl"] = ssl
    connection = guarded_client()
    try:
        given: dict[str, Any] = {"code": code, "name": name, "character": character, "bot": bot}
        given.update(timeout=timeout, delay=delay)
        given.update(observe=observe, token=token, keep=keep, progress=progress)
        given.update(url=url, watch=watch, owner=owner, orders=orders, tell=tell, once=once)
        return await _follow(address, headers, where, connection, given)
    except websockets.ConnectionClosed as error:
        raise fault(connection.last, error) or error from None


def fault(server: ClientConnection | None, error: BaseException | None) -> HostFault | None:
    """The host's fault, when the connection to it ended by one (cut here, or its keepalive unanswered)."""
    why = getattr(server, "why_cut", "")
    sent = getattr(error, "sent", None) or getattr(getattr(server, "protocol", None), "close_sent", None)
    if why:
        return HostFault(why)
    if sent is not None and sent.code == 1011:
        return HostFault(f"answered no ping for {PING_TIMEOUT:g} s")
    return None


def guarded_client() -> Any:  # (its class made at run time: a ClientConnection with the bounds)
    """The client's connection class: the host's pings counted, reading paused while too much waits
    to leave, and cut when the host says nothing within ANSWER_TIMEOUT seconds of the connection."""
    from websockets.asyncio.client import ClientConnection

    class Client(guarded(ClientConnection)):  # type: ignore[misc]
        deadline = ANSWER_TIMEOUT
        last: Any = None  # the last connection made (what `join` asks why it ended)

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            type(self).last = self

        def _late(self) -> None:
            self.cut(f"sent nothing within {ANSWER_TIMEOUT:g} s of the connection")

        def cut(self, why: str) -> None:
            super().cut(why)
            self.recv_messages.close()

    return Client


async def _follow(
    address: str,
    headers: dict[str, str],
    where: dict[str, Any],
    connection: type[ClientConnection],
    given: dict[str, Any],
) -> Race:
    """`join`'s race (`given`: its arguments), on a connection of class `connection`."""
    import websockets

    code, name, character, bot = given["code"], given["name"], given["character"], given["bot"]
    token, url, watch, owner = given["token"], given["url"], given["watch"], given["owner"]
    async with websockets.connect(
        url or f"ws://{address}",
        max_size=MAX_FROM_HOST,
        open_timeout=10,
        additional_headers=headers,
        ping_interval=PING_EVERY,
        ping_timeout=PING_TIMEOUT,
        close_timeout=PING_TIMEOUT,
        create_connection=connection,
        **where,
    ) as server:
        hello: dict[str, Any] = {"type": "hello", "code": code, "name": name}
        if character:
            hello["character"] = character
        if token:
            hello["token"] = token
        if watch:
            hello["watch"] = True
        await server.send(json.dumps(hello))
        if owner:
            from game.net.console import give_orders

            ordering = asyncio.ensure_future(give_orders(server.send, owner, given["tell"], given["orders"]))
            try:
                return await _race(server, given, Follower(level=bot))
            finally:
                ordering.cancel()
        return await _race(server, given, Follower(level=bot))


async def _race(server: ClientConnection, given: dict[str, Any], follower: Follower) -> Race:
    """The race followed on `server` (its hello sent) until it is over."""
    name, bot = given["name"], given["bot"]
    timeout, delay, observe = given["timeout"], given["delay"], given["observe"]
    keep, progress = given["keep"], given["progress"]
    rng = seeds.stream(0, seeds.BOT, name)
    deadline = time.monotonic() + timeout
    async for text in server:
        server.welcomed()  # type: ignore[attr-defined]
        arrived = time.monotonic()
        if arrived > deadline:
            break
        message = follower.receive(text)
        if observe is not None:
            observe(message, arrived)
        if progress is not None:
            progress(message, follower)
        race = follower.race
        if message["type"] == "welcome" and race is None:
            await server.send(json.dumps({"type": "ready"}))  # (its seat is kept for it)
        if message["type"] == "welcome" and keep is not None:
            keep(follower.token)
        if message["type"] == "ask" and race is not None and follower.my_decision():
            assert race.pending is not None
            option = await asyncio.to_thread(ai.pick, race, race.pending, bot, rng)
            if delay:
                await asyncio.sleep(delay)  # a person's (or a slow machine's) thinking time
            await server.send(json.dumps(follower.choice(option)))
        elif message["type"] == "over":
            if race is None:
                raise ConnectionError("the race never started")
            return race
        elif message["type"] == "waiting" and given.get("once"):
            raise Waiting(message, race)
        elif message["type"] == "bye":
            break
    failed = fault(server, None)
    if failed is not None:
        raise failed
    why = words_of_close(server.close_code or 1006, server.close_reason or "")
    words = f"the host closed the race before its end ({why or follower.bye or 'no reason given'})"
    raise HostClosed(server.close_code or 1006, words, follower.bye or "")


class Waiting(Exception):
    """`join --once` in a race over days: the race waits for another player (`message`: the relay's
    "waiting"), this client's decisions are played; `race`: the race so far (None before its start)."""

    def __init__(self, message: dict[str, Any], race: Race | None) -> None:
        super().__init__(message["name"] or "the players to come")
        self.message, self.race = message, race


class HostClosed(ConnectionError):
    """The host (or a relay) closed the connection before the race's end: `code` is the WebSocket close
    code (1012: the host's connection to his relay dropped, 1013: try again in a moment); `bye`: the reason
    the host said goodbye with, if it did ("removed": he removed this client from its seat)."""

    def __init__(self, code: int, words: str, bye: str = "") -> None:
        super().__init__(words)
        self.code = code
        self.bye = bye
