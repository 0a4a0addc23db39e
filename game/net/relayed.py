"""A host reached through a relay (game/net/relay.py): it connects outward, registers its room, and
serves the friends the relay forwards as if they had connected to it.

`RelayLink` holds one connection to the relay for one host (its room code, and the owner's secret
that proves the code is its: `seeds.owner_secret`, from the race's seed, so a race saved and resumed
registers its room again with the same invite). Each friend's link becomes a `Piped` connection that
the host's own WebSocket transport (`Server.handler`: its door, hello, rates, the host's checks) serves
as it serves a socket. When the relay's connection drops, the friends' connections end (the host sees
them leave: the takeover clock runs) and the link connects again, with waits of 0.5 s growing to 10 s;
the friends join again with their seat keys and take their seats back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
import time
from collections.abc import Callable
from typing import Any, cast

from game.meta.words import said
from game.net.door import KEY_HEADER
from game.net.host import Host
from game.net.invite import Invite, Relay
from game.net.protocol import MAX_FROM_HOST, ProtocolError, parse
from game.net.relay import CONTROL, OWNER_HEADER, ROOM_HEADER
from game.net.schema import Text, Whole
from game.net.server import Server
from game.net.tasks import spawn

log = logging.getLogger("fantasy-racing.network")
INBOX = 256  # messages from one friend waiting for the host to take them, at most
WAITS = (0.5, 1.0, 2.0, 5.0, 10.0)  # seconds before connecting to the relay again, one after another
LINK_DIGITS = 9  # digits of a link's number, at most (as the relay reads a host's)
LINK = Whole(1, 10**LINK_DIGITS - 1)  # a friend's link, as the relay numbers them (0: the relay's own)
PIPES = 64  # friends' links the host serves through one relay at once (a relay opens 24 a room)
DROPPED_EVERY = 60.0  # seconds between two log lines about the relay's messages dropped


def link_of(text: str) -> tuple[int, str] | None:
    """A relayed message's link number (ASCII digits, LINK_DIGITS at most) and its body; None otherwise."""
    link_text, colon, body = text.partition(":")
    if not colon or not 1 <= len(link_text) <= LINK_DIGITS or not (link_text.isascii() and link_text.isdigit()):
        return None
    return int(link_text), body


def relay_order(body: str) -> dict[str, Any]:
    """The relay's own message about a link ("open", "closed", "registered"), its numbers and words of
    the exact kind and range (a JSON object, no NaN, no infinity, no number of more digits than the
    protocol's: `protocol.parse`); ProtocolError in one sentence otherwise."""
    order = parse(body, CONTROL)
    kind = order["type"]
    if kind in ("open", "closed"):
        LINK.check(order.get("link"), f"the link of a {kind[:10]!r} message")
    if kind == "open":
        for field in ("address", "key"):
            Text(64).check(order.get(field, ""), f"the {field} of an 'open' message")
    return order


class Piped:
    """A friend's link through the relay, with what the host's transport uses of a WebSocket."""

    def __init__(self, link: RelayLink, number: int, address: str, key: str) -> None:
        self.link, self.number = link, number
        self.remote_address = (address, 0)
        self.request = _Request({KEY_HEADER: key} if key else {})
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def deliver(self, text: str | None) -> None:
        """A message from the friend (None: his link ended)."""
        if text is not None and self.inbox.qsize() >= INBOX:
            self.link.forget(self.number)
            spawn(self.close(1008, "more messages than the host takes in"))
            text = None
        self.inbox.put_nowait(text)

    async def recv(self) -> str:
        import websockets

        text = await self.inbox.get()
        if text is None:
            self.inbox.put_nowait(None)  # (whoever reads again hears the end again)
            raise websockets.ConnectionClosedOK(None, None)
        return text

    def __aiter__(self) -> Piped:
        return self

    async def __anext__(self) -> str:
        import websockets

        try:
            return await self.recv()
        except websockets.ConnectionClosed:
            raise StopAsyncIteration from None

    async def send(self, text: str) -> None:
        if not self.closed:
            await self.link.send(f"{self.number}:{text}")

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            order = {"type": "close", "link": self.number, "code": code, "reason": reason[:120]}
            text = json.dumps(order)
            if len(text) > CONTROL:
                text = json.dumps({**order, "reason": ""})
            await self.link.send(f"0:{text}")
            self.inbox.put_nowait(None)


class _Request:
    def __init__(self, headers: dict[str, str]) -> None:
        self.headers = headers


class RelayLink:
    """One host's room on a relay (see the module). `ready` is set once the room is registered."""

    def __init__(
        self,
        host: Host,
        relay: Relay,
        secret: str,
        ssl: Any = None,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.host, self.relay, self.secret, self.ssl = host, relay, secret, ssl
        self.say = say or host.note
        self.server = Server([host])
        self.pipes: dict[int, Piped] = {}
        self.socket: Any = None
        self.ready = asyncio.Event()
        self.connections = 0  # times the room was registered (1, then one more after each drop)
        self.drops, self.dropped_said = 0, -DROPPED_EVERY  # the relay's messages dropped (`dropped`)

    @property
    def invite(self) -> Invite:
        return Invite(self.relay, self.host.code)

    async def send(self, text: str) -> None:
        socket = self.socket
        if socket is not None:
            try:
                await socket.send(text)
            except Exception:  # (the relay's connection dropped: `run` connects again)
                pass

    def forget(self, number: int) -> None:
        self.pipes.pop(number, None)

    async def run(self) -> None:
        """Keep the room registered on the relay until cancelled; RelayRefused when the relay says no."""
        import websockets

        waits = 0
        while True:
            try:
                async with websockets.connect(
                    self.relay.url("host"),
                    ssl=self.ssl if self.relay.secure else None,
                    max_size=MAX_FROM_HOST,
                    open_timeout=10,
                    additional_headers={ROOM_HEADER: self.host.code, OWNER_HEADER: self.secret},
                ) as socket:
                    await self.carry(socket)
                    waits = 0
            except (RelayRefused, ssl.SSLCertVerificationError):
                raise
            except (OSError, TimeoutError, websockets.WebSocketException) as error:
                if self.connections == 0 and waits >= len(WAITS):
                    raise
                log.info("the relay at %s: %s", self.relay.text, error)
            self.end_links()
            await asyncio.sleep(WAITS[min(waits, len(WAITS) - 1)])
            waits += 1

    async def carry(self, socket: Any) -> None:
        """One connection to the relay: registered, then every link's messages both ways."""
        import websockets

        try:
            first = await asyncio.wait_for(socket.recv(), 10)
            if not isinstance(first, str) or not first.startswith("0:"):
                raise RelayRefused(f"what answers at {self.relay.text} is not a Fantasy Racing relay")
            self.socket = socket
            self.connections += 1
            if self.connections == 1:
                self.say(said("net.relay_open", invite=self.invite.text))
            else:
                self.say(said("net.relay_again", invite=self.invite.text))
            self.ready.set()
            async for text in socket:
                if isinstance(text, str):
                    self.take(text)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.socket = None
        reason = socket.close_reason or ""
        if socket.close_code in (1008, 1013) and reason:
            raise RelayRefused(f"the relay at {self.relay.text} refused this room: {reason}")

    def take(self, text: str) -> None:
        """One message from the relay: a friend's, or the relay's own about a link. One that is not what
        the relay sends (a link's number not a whole number of its range: `1e999`, `Infinity`, `-1`) is
        dropped, and logged (once a minute at most, with the count): the room goes on."""
        linked = link_of(text)
        if linked is None:
            self.dropped(f"a message without a link's number ({text[:20]!r})")
            return
        number, body = linked
        if number != 0:
            pipe = self.pipes.get(number)
            if pipe is not None:
                pipe.deliver(body)
            return
        try:
            order = relay_order(body)
        except ProtocolError as error:
            self.dropped(str(error))
            return
        number = order.get("link", 0)
        if order["type"] == "open" and number not in self.pipes:
            if len(self.pipes) >= PIPES:
                self.dropped(f"a link opened past the {PIPES} the host serves at once")
                spawn(self.send(f"0:{json.dumps({'type': 'close', 'link': number, 'code': 1013})}"))
                return
            pipe = self.pipes[number] = Piped(self, number, order.get("address", ""), order.get("key", ""))
            spawn(self.serve(pipe))
        elif order["type"] == "closed":
            pipe = self.pipes.pop(number, None)
            if pipe is not None:
                pipe.closed = True
                pipe.deliver(None)

    def dropped(self, why: str) -> None:
        """A message of the relay dropped: one log line, then at most one a minute with how many."""
        self.drops += 1
        now = time.monotonic()
        if now - self.dropped_said >= DROPPED_EVERY:
            more = f" ({self.drops} dropped since the last line)" if self.drops > 1 else ""
            log.warning("dropped a message of the relay at %s: %s%s", self.relay.text, why[:160], more)
            self.drops, self.dropped_said = 0, now

    async def serve(self, pipe: Piped) -> None:
        try:
            await self.server.handler(cast(Any, pipe))  # (a link has the surface the transport uses of a socket)
        except ProtocolError:
            pass
        finally:
            self.pipes.pop(pipe.number, None)

    def end_links(self) -> None:
        """The relay's connection dropped: every friend's link ends (they come back with their keys)."""
        for pipe in self.pipes.values():
            pipe.closed = True
            pipe.deliver(None)
        self.pipes.clear()
        self.ready.clear()


class RelayRefused(ConnectionError):
    """The relay refused the room (another host owns its code, or it holds as many rooms as it takes)."""


async def serve_through(
    hosts: list[Host],
    relay: Relay,
    secrets: list[str],
    ssl: Any = None,
    timeout: float = 3600.0,
    terminal: bool = False,
) -> list[Any]:
    """Host the races through `relay` until every one is over (`main.py serve --relay`); with
    `terminal`, the lines typed on it are the host's commands (game/net/console.py)."""
    links = [RelayLink(host, relay, secret, ssl) for host, secret in zip(hosts, secrets)]
    carried = [asyncio.ensure_future(link.run()) for link in links]
    commands = None
    if terminal:
        from game.net.console import console, greet

        greet(hosts)
        commands = asyncio.ensure_future(console(hosts, hosts[0].say))
    races: asyncio.Future[Any] = asyncio.gather(*(host.run(timeout) for host in hosts))
    try:
        waiting: set[asyncio.Future[Any]] = {races, *carried}
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        if races not in done:
            races.cancel()
            for task in carried:
                if task.done():
                    task.result()  # (RelayRefused, or the relay never answered)
        result = await races
        await asyncio.sleep(0.2)  # the last messages leave
        return list(result)
    finally:
        for task in carried:
            task.cancel()
        if commands is not None:
            commands.cancel()
        races.cancel()  # (cancelled itself, or its loop ending: its end is heard, never left unread)
        races.add_done_callback(lambda future: future.cancelled() or future.exception())


AGAIN = {1012, 1013}  # close codes after which a friend joins again: the host's link dropped, try in a moment
TRIES = 30  # times a friend joins again through a relay before he gives up (about a minute and a half)


async def join_invite(
    invite: Invite,
    name: str,
    character: str | None,
    bot: str,
    token: str = "",
    keep: Callable[[str], None] | None = None,
    ssl: Any = None,
    said: Callable[[str], None] | None = None,
    **options: Any,
) -> Any:
    """Join the race of an invite (`client.join` on the relay's room), and join again with the seat's key
    while the host is away from the relay (his connection dropped, or his race is being resumed)."""
    import websockets

    from game.net.client import HostClosed, join

    key = [token]

    def kept(new: str) -> None:
        key[0] = new
        if keep is not None:
            keep(new)

    for attempt in range(TRIES):
        try:
            return await join(
                invite.relay.text, invite.code, name, character, bot,
                token=key[0], keep=kept, url=invite.url, ssl=ssl if invite.relay.secure else None, **options,
            )  # fmt: skip
        except (HostClosed, websockets.ConnectionClosed) as error:
            closed = getattr(error, "rcvd", None)  # (a connection closed while sending: its close frame)
            code = error.code if isinstance(error, HostClosed) else closed.code if closed is not None else 1006
            if code not in AGAIN or attempt == TRIES - 1:
                raise
            if said is not None:
                said(f"the host is away from the relay ({error}): joining again")
            await asyncio.sleep(WAITS[min(attempt, len(WAITS) - 1)] * 0.6)
    raise ConnectionError("the host never came back")  # (not reached: the last try raises)
