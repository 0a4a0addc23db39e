"""The bounds of one connection, whoever is at either end (docs/network.md, Threats).

Reused by every WebSocket end of the game (the host's server, a friend's client, a relay):

- `guarded(Connection)`: a websockets connection class whose peer cannot make it send or keep more
  than a small bound: the control frames it receives (pings, pongs: each ping asks for a pong) are
  counted as its messages are, at most CONTROL a second (its messages are counted by their reader:
  the host's RATE), what it sent parsed SLICE bytes at a time so that a cut stops the parsing; reading
  pauses while the peer does not read what it is sent (its pongs included);
  a connection whose outgoing queue passes OUTGOING bytes is cut; and one that has not been `welcomed`
  within its `deadline` seconds of its first byte is cut, whatever it sends meanwhile;
- `Strangers`: the separate, smaller budget of connections that have not said a right hello yet,
  counted per address and per network (IPv4: the address and its /24; IPv6: the address, its /64 and
  its /56), the oldest of a full network let go for the newest: a stranger cannot crowd out a friend,
  who says his hello at once;
- `networks(peer)`: the address and networks a peer counts against;
- `Bucket`: messages and bytes a second on one connection (the relay's rates), its reading paused beyond.

The clock may be a test's.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

CONTROL = 20  # control frames (pings, pongs) a second a peer may send: the keepalive sends one every few seconds
OUTGOING = 1024 * 1024 + 64 * 1024  # bytes a connection may have waiting to leave (the largest message and some)
SLICE = 4096  # bytes read are parsed this many at a time: a flood of pings is cut after a few dozen, not 2,000
STRANGER_LIMITS = {  # connections without a right hello yet, at most, per address and network
    "address": 4,  # one computer
    "small": 8,  # an IPv4 /24 or an IPv6 /64: one home or one office
    "large": 16,  # an IPv6 /56: one home line of 256 networks
    "all": 64,  # the host in all
}

if TYPE_CHECKING:  # (websockets is imported when a connection is made)
    from websockets.protocol import Event as WebSocketEvent

C = TypeVar("C")


def networks(peer: object) -> list[tuple[str, str]]:
    """The (kind, name) of the address and networks a peer counts against as a stranger: ("address",
    ip), ("small", its /24 or /64), and for IPv6 ("large", its /56). `peer` is (host, port, ...) or a host."""
    return list(networks_of(str(peer[0] if isinstance(peer, tuple) and peer else peer)))


@functools.lru_cache(maxsize=4096)
def networks_of(host: str) -> tuple[tuple[str, str], ...]:
    """`networks` of one host (kept for the most recent hosts: parsing an address costs more than a
    connection's other bookkeeping)."""
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return (("address", host[:64]),)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if isinstance(ip, ipaddress.IPv4Address):
        return (("address", str(ip)), ("small", str(ipaddress.ip_network(f"{ip}/24", strict=False))))
    return (
        ("address", str(ip)),
        ("small", str(ipaddress.ip_network(f"{ip}/64", strict=False))),
        ("large", str(ipaddress.ip_network(f"{ip}/56", strict=False))),
    )


class Strangers:
    """The connections that have not said a right hello yet (see the module). `come(peer, cut)` counts
    one in (`cut()` ends it when a newer stranger of a full network needs its place); `gone(token)` when
    it said its hello or ended."""

    def __init__(self, limits: dict[str, int] | None = None) -> None:
        self.limits = dict(limits or STRANGER_LIMITS)
        self.count: Counter[str] = Counter()  # network name -> strangers in it
        self.waiting: dict[int, tuple[list[str], Callable[[], None]]] = {}  # token -> (its networks, cut), oldest first
        self.next = 0
        self.let_go = 0  # strangers cut for a newer one (what the host's log counts)

    def come(self, peer: object, cut: Callable[[], None]) -> int:
        """A new connection: counted (its token, for `gone`), after letting go of the oldest strangers of
        each of its networks that is full."""
        names = [f"{kind} {name}" for kind, name in networks(peer)] + ["all"]
        kinds = [kind for kind, _ in networks(peer)] + ["all"]
        for kind, name in zip(kinds, names):
            while self.count[name] >= self.limits[kind]:
                oldest = next(t for t, (nets, _) in self.waiting.items() if name in nets)
                self.let_go += 1
                self.waiting[oldest][1]()
                self.gone(oldest)
        token = self.next
        self.next += 1
        self.waiting[token] = (names, cut)
        self.count.update(names)
        return token

    def gone(self, token: int) -> None:
        """A stranger said his hello, or ended (again: nothing)."""
        entry = self.waiting.pop(token, None)
        if entry is not None:
            self.count.subtract(entry[0])
            for name in entry[0]:
                if self.count[name] <= 0:
                    del self.count[name]


def guarded(base: type[C], now: Callable[[], float] = time.monotonic) -> type[C]:
    """`base` (a websockets asyncio connection class) with the bounds of the module. `deadline` (seconds,
    class attribute or set on the instance before its first byte; 0: none) bounds its time before
    `welcomed()`; `on_cut(why)` hears why a connection was cut."""
    from websockets.frames import Opcode

    connection: Any = base
    control = (Opcode.PING, Opcode.PONG)

    class Guarded(connection):  # type: ignore[misc, valid-type]
        deadline = 0.0
        control_limit = CONTROL
        outgoing_limit = OUTGOING
        why_cut = ""  # why the connection was cut, if it was

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.frames: deque[float] = deque()
            self.queue_full = False  # the messages read wait for the game: reading paused
            self.peer_slow = False  # the peer does not read what it is sent: reading paused
            self.welcome_timer: asyncio.TimerHandle | None = None
            self.recv_messages.pause, self.recv_messages.resume = self._queue_paused, self._queue_resumed
            if self.deadline > 0:
                self.welcome_timer = asyncio.get_running_loop().call_later(self.deadline, self._late)

        def welcomed(self) -> None:
            """A right hello (or the host's welcome): the deadline no longer holds."""
            if self.welcome_timer is not None:
                self.welcome_timer.cancel()
                self.welcome_timer = None

        def cut(self, why: str) -> None:
            if not self.why_cut:
                self.why_cut = why
                self.on_cut(why)
            self.transport.abort()

        def on_cut(self, why: str) -> None:
            pass

        def _late(self) -> None:
            self.cut(f"no hello within {self.deadline:g} s")

        def _reading(self) -> None:
            if self.transport.is_closing():
                return
            if self.queue_full or self.peer_slow:
                self.transport.pause_reading()
            else:
                self.transport.resume_reading()

        def _queue_paused(self) -> None:
            self.queue_full = True
            self._reading()

        def _queue_resumed(self) -> None:
            self.queue_full = False
            self._reading()

        def pause_writing(self) -> None:
            super().pause_writing()
            self.peer_slow = True
            self._reading()

        def resume_writing(self) -> None:
            super().resume_writing()
            self.peer_slow = False
            self._reading()

        def send_data(self) -> None:
            """What the protocol has to send, in one write (a chunk of pings asks hundreds of pongs: one
            write each would warn each time on a connection its peer cut meanwhile); nothing once the
            connection is closing. Its end (an empty chunk, the last) half-closes it, else closes it."""
            chunks = self.protocol.data_to_send()
            if self.transport.is_closing():
                return
            data = b"".join(chunks)
            if data:
                self.transport.write(data)
            if chunks and not chunks[-1]:
                try:
                    if self.transport.can_write_eof():
                        self.transport.write_eof()
                    else:
                        self.transport.close()
                except (OSError, RuntimeError):
                    pass

        def data_received(self, data: bytes) -> None:
            for start in range(0, len(data), SLICE):  # (a cut connection's rest is never parsed)
                super().data_received(data[start : start + SLICE] if len(data) > SLICE else data)
                if self.transport.is_closing():
                    return
            if self.transport.get_write_buffer_size() > self.outgoing_limit:
                self.cut(f"more than {self.outgoing_limit // 1024} kB waiting to be read")

        def process_event(self, event: WebSocketEvent) -> None:
            if getattr(event, "opcode", None) in control:
                moment = now()
                self.frames.append(moment)
                while self.frames and moment - self.frames[0] > 1.0:
                    self.frames.popleft()
                if len(self.frames) > self.control_limit:
                    self.cut(f"more than {self.control_limit} pings a second")
                    return
            super().process_event(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self.welcomed()
            super().connection_lost(exc)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded  # type: ignore[return-value]


class Bucket:
    """Messages and bytes a second: `take` waits (the connection's reading pauses) once either runs out.
    (Numbers only: a message taken makes no object the garbage collector follows.)"""

    __slots__ = ("messages", "bytes", "messages_left", "bytes_left", "at")

    def __init__(self, rate: tuple[int, int]) -> None:
        self.messages, self.bytes = rate
        self.messages_left, self.bytes_left = float(self.messages), float(self.bytes)
        self.at = time.monotonic()

    async def take(self, size: int) -> None:
        while True:
            now = time.monotonic()
            spent, self.at = now - self.at, now
            self.messages_left = min(self.messages, self.messages_left + spent * self.messages)
            self.bytes_left = min(self.bytes, self.bytes_left + spent * self.bytes)
            if self.messages_left >= 1 and self.bytes_left >= min(size, self.bytes):
                self.messages_left -= 1
                self.bytes_left -= size
                return
            await asyncio.sleep(0.02)
