"""The host's door: who may come in, how many, how often, and what is said of those refused.

The WebSocket transport (game/net/server.py) asks its `Door` about every connection:

- **sockets**: one address holds at most SOCKETS_PER_ADDRESS sockets at a time, handshakes included
  (beyond, a new one is cut at once), and opens at most `opened_a_second` new ones a second (the
  relay's: a storm of connections opened again as soon as cut costs their accepts, not handshakes),
  one network (an IPv4 /24, an IPv6 /56) SOCKETS_PER_NETWORK, and
  the host at most as many as its descriptors allow less SPARE_DESCRIPTORS: a stranger cannot hold
  the host at its limit of open files (`counted` builds the connection class that counts them, for
  the host's server and the relay alike);
- **strangers**: a connection that has not said a right hello yet counts against a separate, smaller
  budget (game/net/limits.py `Strangers`: per address, per /24 or /64, per /56, in all), the oldest
  stranger of a full network let go for the newest: strangers cannot crowd out friends;
- **connections**: once its hello names a room, one address holds at most PER_ADDRESS connections, the
  host at most `in_all`, each beyond refused with a sentence; a friend who brings a seat key (the
  KEY_HEADER of his handshake) passes the per-address limit and may use RESERVE more in all (the
  host's friends first);
- **room codes**: after FREE_TRIES wrong codes from an address, its tries go one a SPACING seconds
  (those waiting in turn), forgotten after FORGET quiet seconds; a right code frees the address only
  when the host (or the relay: `rooms` may be a count asked each time) has one room (with several, a
  friend of one room could free his own guesses at another's code); 100 wrong codes take more than 90 seconds;
- **what is said**: a refusal from an address is logged once a minute at most (with how many more
  there were), so that a stranger cannot fill the host's log.

An address is an IPv4 address, or an IPv6 network of 64 bits (what one home is given). The door's
clock and sleep may be a test's.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from websockets.asyncio.connection import Connection

from game.net.limits import Strangers, guarded, networks

KEY_HEADER = "X-Fantasy-Racing-Seat"  # a friend's seat key, in his handshake: he passes the limits first
SOCKETS_PER_ADDRESS = 16  # sockets an address may hold, handshakes included
SOCKETS_PER_NETWORK = 128  # sockets an IPv4 /24 or an IPv6 /56 may hold
PER_ADDRESS = 8  # connections an address may hold: a household of friends and their lobbies
IN_ALL = 128  # connections the host holds at most (it may hold more with many rooms), friends aside
RESERVE = 16  # more connections in all for friends who bring their seat key
FREE_TRIES = 5  # wrong room codes an address may try at once
SPACING = 1.0  # seconds between two tries of an address past its free tries
LOG_EVERY = 60.0  # seconds between two lines about the same refusal from the same address
FORGET = 600.0  # seconds without a wrong code after which an address's wrong codes are forgotten
REMEMBERED = 4096  # addresses whose wrong codes and refusals are remembered, at most (the oldest forgotten)
SPARE_DESCRIPTORS = 64  # files the host keeps for itself (its board, its log, its save) below its limit


def address_of(peer: object) -> str:
    """The address a connection counts against: its IPv4 address, or its IPv6 network of 64 bits."""
    return address_of_host(str(peer[0] if isinstance(peer, tuple) and peer else peer))


@functools.lru_cache(maxsize=4096)
def address_of_host(host: str) -> str:
    """`address_of` one host (kept for the most recent hosts)."""
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return str(host)[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def network_of(peer: object) -> str:
    """The network a connection's sockets count against: its IPv4 /24, or its IPv6 /56."""
    found = dict(networks(peer))
    return found.get("large") or found.get("small") or found["address"]


def descriptors() -> int:
    """How many files (sockets included) this process may have open (a large number where unknown)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to run into
        return 1 << 16
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft > 0 else 1 << 16


@dataclass
class Tries:
    """An address's wrong room codes."""

    wrong: int = 0
    next_try: float = 0.0  # when its next try may be checked (past its free tries)
    last: float = 0.0  # when it last tried


class Door:
    """The host's door (see the module). `say(line)` hears what it logs."""

    def __init__(
        self,
        say: Callable[[str], None],
        in_all: int = IN_ALL,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        rooms: int | Callable[[], int] = 1,
        opened_a_second: float = 0.0,
    ) -> None:
        self.say = say
        self.rooms = rooms
        self.strangers = Strangers()
        self.now, self.sleep = now, sleep
        ceiling = max(8, descriptors() - SPARE_DESCRIPTORS)
        self.in_all = min(in_all, ceiling - RESERVE)
        self.most_sockets = ceiling
        self.sockets: Counter[str] = Counter()
        self.networks: Counter[str] = Counter()
        self.opened_a_second = opened_a_second  # new sockets an address may open a second (0: no bound)
        self.opening: dict[str, tuple[float, float]] = {}  # address -> (sockets it may open now, when counted)
        self.open: Counter[str] = Counter()
        self.tries: dict[str, Tries] = {}
        self.said: dict[tuple[str, str], tuple[float, int]] = {}  # (address, what) -> (when said, untold since)

    # ------------------------------------------------------------ sockets and connections
    def socket_opened(self, address: str, network: str = "") -> bool:
        """A socket was accepted from `address` (in `network`): whether it may stay (it is counted only then)."""
        if self.opened_a_second and not self.may_open(address):
            self.tell(address, "fast", f"cut sockets from {address}: more than {self.opened_a_second:g} new a second")
            return False
        if self.sockets[address] >= SOCKETS_PER_ADDRESS:
            self.tell(address, "cut", f"cut sockets from {address}: more than {SOCKETS_PER_ADDRESS} at a time")
            return False
        if network and self.networks[network] >= SOCKETS_PER_NETWORK:
            self.tell(network, "cut", f"cut sockets from {network}: more than {SOCKETS_PER_NETWORK} at a time")
            return False
        if self.sockets.total() >= self.most_sockets:
            self.tell("all", "cut", f"cut a socket from {address}: {self.most_sockets} open, all this process may hold")
            return False
        self.sockets[address] += 1
        if network:
            self.networks[network] += 1
        return True

    def may_open(self, address: str) -> bool:
        """Whether `address` may open one more socket now: SOCKETS_PER_ADDRESS at once, then
        `opened_a_second` (a connection cut or refused and opened again at once costs only its accept)."""
        now = self.now()
        left, at = self.opening.pop(address, (float(SOCKETS_PER_ADDRESS), now))
        left = min(float(SOCKETS_PER_ADDRESS), left + (now - at) * self.opened_a_second)
        self.opening[address] = (left - 1 if left >= 1 else left, now)  # (the most recent last)
        while len(self.opening) > REMEMBERED:
            del self.opening[next(iter(self.opening))]
        return left >= 1

    def socket_closed(self, address: str, network: str = "") -> None:
        for counter, name in ((self.sockets, address), (self.networks, network)):
            if name:
                counter[name] -= 1
                if counter[name] <= 0:
                    del counter[name]

    def admit(self, address: str, friend: bool) -> str:
        """A connection asks in: "" when it may (it is counted: `leave` when it ends), else the sentence
        that refuses it. A friend with his seat key comes first."""
        if not friend and self.open[address] >= PER_ADDRESS:
            return f"too many connections from your address (at most {PER_ADDRESS})"
        if self.open.total() >= self.in_all + (RESERVE if friend else 0):
            return "the host has as many connections as it takes: try again in a moment"
        self.open[address] += 1
        return ""

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    # ------------------------------------------------------------ room codes
    async def turn(self, address: str) -> None:
        """Wait for this address's turn to have a room code checked: at once for its first FREE_TRIES
        wrong codes, then one try every SPACING seconds (tries waiting in turn), until a right code."""
        tries = self.tries.get(address)
        now = self.now()
        if tries is not None and now - tries.last > FORGET:
            del self.tries[address]
            return
        if tries is None or tries.wrong < FREE_TRIES:
            return
        at = max(now, tries.next_try)
        tries.next_try = at + SPACING
        if at > now:
            await self.sleep(at - now)

    def wrong(self, address: str, what: str = "room code") -> None:
        """A wrong room code (or owner key: `what`) from this address, counted alike (said once a minute)."""
        now = self.now()
        tries = self.tries.pop(address, None) or Tries()
        if now - tries.last > FORGET and tries.wrong:
            tries = Tries()
        tries.wrong += 1
        tries.last = now
        if tries.wrong >= FREE_TRIES:
            tries.next_try = max(tries.next_try, now + SPACING)
        self.tries[address] = tries  # (the most recent last: the oldest are forgotten first)
        while len(self.tries) > REMEMBERED:
            del self.tries[next(iter(self.tries))]
        self.tell(address, what, f"a wrong {what} from {address}")

    def right(self, address: str) -> None:
        """A right room code: the address tries freely again, when the host has one room (else its wrong
        codes were guesses at another room's, and are kept)."""
        if (self.rooms() if callable(self.rooms) else self.rooms) == 1:
            self.tries.pop(address, None)

    # ------------------------------------------------------------ what is said
    def tell(self, address: str, what: str, line: str) -> None:
        """Log `line` about `address`, unless a line about the same (`what`) was logged from it in the last
        minute: then it is counted, and said with the next line."""
        now = self.now()
        key = (address, what)
        when, untold = self.said.get(key, (-LOG_EVERY, 0))
        if now - when < LOG_EVERY:
            self.said[key] = (when, untold + 1)
            return
        more = f" (and {untold} more like it in the last minute)" if untold else ""
        self.said.pop(key, None)
        self.said[key] = (now, 0)
        while len(self.said) > REMEMBERED:
            del self.said[next(iter(self.said))]
        self.say(f"{line}{more}")


C = TypeVar("C")


def counted(door: Door, base: type[C], deadline: float) -> type[C]:
    """`base` (a websockets server connection class) `guarded` (game/net/limits.py) and counted at `door`
    from its first byte: an address or network holding too many sockets has the next one cut at once,
    and it is a stranger until `welcomed` (a right hello, a room registered), cut after `deadline` s."""

    class Counted(guarded(base)):  # type: ignore[misc, valid-type]
        counted = ""
        network = ""
        stranger: int | None = None
        made = False  # let in at the door: websockets' connection started (its handshake's task...)

        def connection_made(self, transport: Any) -> None:
            peer = transport.get_extra_info("peername")
            address, network = address_of(peer), network_of(peer)
            if not door.socket_opened(address, network):
                shed(self, transport)  # (cut before websockets starts anything: nothing left to collect)
                return
            self.made, self.deadline = True, deadline
            super().connection_made(transport)
            self.ends = 2  # (its handler's end, its transport's: then its circles are broken)
            handler = getattr(getattr(self, "server", None), "handlers", {}).get(self)
            if handler is None:
                self.ends = 1
            else:
                handler.add_done_callback(self.ended)
            self.counted, self.network = address, network
            self.stranger = door.strangers.come(peer, lambda: self.cut("a newer stranger took its place"))

        def welcomed(self) -> None:
            super().welcomed()
            if self.stranger is not None:
                door.strangers.gone(self.stranger)
                self.stranger = None

        def on_cut(self, why: str) -> None:
            door.tell(self.counted or "?", why[:40], f"cut a connection from {self.counted}: {why}")

        def connection_lost(self, exc: Exception | None) -> None:
            if not self.made:
                return
            self.welcomed()
            if self.counted:
                door.socket_closed(self.counted, self.network)
                self.counted = ""
            super().connection_lost(exc)
            self.ended()

        def ended(self, _: object = None) -> None:
            self.ends -= 1
            if self.ends == 0:
                shed(self, self.transport, ended=True)

    Counted.__name__ = Counted.__qualname__ = f"Counted{base.__name__}"
    return Counted  # type: ignore[return-value]


def shed(connection: Connection, transport: Any, ended: bool = False) -> None:
    """A socket cut at the door, before its connection started (or, `ended`, a connection over: its
    handler done, its transport lost): cut, and the references its making and its end left in circles
    broken (its logger's, its parser's, its transport's reading, its errors' tracebacks), so that it is
    freed as soon as asyncio lets it go, not by the garbage collector (under attack a relay cuts hundreds
    a second: each was about 50 objects in circles, the collector's work)."""
    if not ended:
        transport.abort()
    protocol: Any = getattr(connection, "protocol", None)
    if ended:
        for error in (getattr(protocol, "handshake_exc", None), getattr(protocol, "parser_exc", None)):
            untraced(error)
        untraced(getattr(connection, "recv_exc", None))
        connection.keepalive_task = None  # (cancelled: its error's traceback holds the connection)
        messages = getattr(connection, "recv_messages", None)
        if messages is not None:
            messages.pause = messages.resume = nothing
    logger = getattr(protocol, "logger", None)
    if isinstance(logger, logging.LoggerAdapter):  # (its `extra` names the connection)
        protocol.logger = connection.logger = logger.logger
    parser = getattr(protocol, "parser", None)
    if parser is not None and hasattr(parser, "close"):  # (a generator whose frame holds the protocol)
        parser.close()
    if hasattr(transport, "_read_ready_cb"):  # (asyncio's socket transport holds its own bound method)
        transport._read_ready_cb = None


def untraced(error: BaseException | None) -> None:
    """An error kept after its connection ended, and those it came from, without their tracebacks (whose
    frames hold the connection)."""
    seen = 0
    while error is not None and seen < 8:
        error.__traceback__ = None
        error, seen = error.__cause__ or error.__context__, seen + 1


def nothing() -> None:
    pass
