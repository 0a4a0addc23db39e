"""The WebSocket transport: one server, one host or several (rooms, each with its own code).

A connection's first message is its hello; its code picks the host (the room). Every message is parsed
and checked here for what the transport knows (size, JSON, a type, its schema, the rate); the host
checks what the message means. The door (game/net/door.py) bounds the sockets and connections of an
address and in all (a friend with his seat key first), keeps those who have not said a right hello
to a smaller budget of their own, slows an address that tries wrong room codes, and logs each kind of
refusal from an address once a minute. Every connection is `guarded` (game/net/limits.py): its pings
counted like messages, its reading paused while it does not read, cut when too much waits for it to
read, or when it has not said a right hello within OPEN_TIMEOUT + HELLO_TIMEOUT seconds. A message
refused closes that connection only (WebSocket close code 1008 with the reason, 1009 for a message
too big, 1013 when the host takes no more connections), logged; the host and the race go on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from game.meta.words import said
from game.net.door import KEY_HEADER, Door, address_of, counted
from game.net.host import Host
from game.net.protocol import (
    CLIENT_MESSAGES,
    HELLO_TIMEOUT,
    MAX_MESSAGE,
    RATE,
    ProtocolError,
    check,
    close_reason,
    parse,
    plain_code,
    shown_code,
)
from game.net.router import Routed
from game.rules.race import Race

if TYPE_CHECKING:  # (websockets is imported when the server listens)
    from websockets.asyncio.server import ServerConnection

log = logging.getLogger("fantasy-racing.network")
OPEN_TIMEOUT = 5.0  # seconds a new socket has to finish its WebSocket handshake
ROOM_CONNECTIONS = 12  # connections a room may need: its friends, those looking at its lobby, those coming back


class Server:
    """The WebSocket server of one host or several (a hello's code picks the host), behind its door."""

    def __init__(self, hosts: Iterable[Host], door: Door | None = None) -> None:
        self.hosts = {host.code: host for host in hosts}
        self.door = door or Door(self.note, in_all=max(128, ROOM_CONNECTIONS * len(self.hosts)), rooms=len(self.hosts))
        self.server: Any = None
        self.port = 0

    def note(self, line: str) -> None:
        host = next(iter(self.hosts.values()), None)
        if host is not None:
            host.note(line)
        else:
            log.info("%s", line)

    async def listen(self, address: str, port: int, ssl: Any = None) -> int:
        """Start listening on `address`:`port` (0: any free port; wss:// with the TLS context `ssl`); the
        port (OSError when it cannot)."""
        import websockets
        from websockets.asyncio.server import ServerConnection

        counting = counted(self.door, ServerConnection, OPEN_TIMEOUT + HELLO_TIMEOUT)  # (game/net/door.py)
        logging.getLogger("websockets").setLevel(logging.CRITICAL)  # a refused handshake is not the host's error
        where: Any = address or None  # "": every interface
        self.server = await websockets.serve(
            self.handler,
            where,
            port,
            ssl=ssl,
            max_size=MAX_MESSAGE,
            max_queue=8,
            compression=None,  # (deflate costs every message twice, and memory on every connection: the relay's too)
            open_timeout=OPEN_TIMEOUT,
            ping_interval=5,
            ping_timeout=10,
            create_connection=counting,
        )
        self.port = int(self.server.sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def has_key(self, client: ServerConnection) -> bool:
        """Whether the connection's handshake brings a seat key of one of the rooms (a friend)."""
        request = getattr(client, "request", None)
        token = request.headers.get(KEY_HEADER, "") if request is not None else ""
        return bool(token) and len(token) <= 64 and any(h.seat_of(token) is not None for h in self.hosts.values())

    async def handler(self, client: ServerConnection) -> None:
        """One connection, from its hello to its close: a friend with his seat key is admitted at once, any
        other once its hello names a room (until then it is a stranger: game/net/limits.py)."""
        address = address_of(client.remote_address)
        admitted = self.has_key(client)
        if admitted and not await self.admitted(client, address, friend=True):
            return
        try:
            await self.visit(client, address, admitted)
        finally:
            if admitted or getattr(client, "admitted", False):
                self.door.leave(address)

    async def admitted(self, client: ServerConnection, address: str, friend: bool) -> bool:
        """Whether the door lets this connection in (counted: `leave` when it ends); else it is closed
        with the door's sentence. Either way it is no longer a stranger."""
        refusal = self.door.admit(address, friend)
        welcomed = getattr(client, "welcomed", None)
        if welcomed is not None:
            welcomed()
        if refusal:
            self.door.tell(address, "full", f"refused a connection from {address}: {refusal}")
            await client.close(code=1013, reason=close_reason(refusal))
            return False
        client.admitted = True  # type: ignore[attr-defined]  # (the server's own mark on the connection, read above)
        return True

    async def visit(self, client: ServerConnection, address: str, admitted: bool) -> None:
        """A connection, from its hello to its close."""
        import websockets

        host: Host | None = None
        seat: int | None = None
        times: deque[float] = deque()
        try:
            try:
                hello = parse(await asyncio.wait_for(client.recv(), HELLO_TIMEOUT))
            except TimeoutError:
                raise ProtocolError(f"no hello within {HELLO_TIMEOUT:g} s") from None
            check(hello, "hello", CLIENT_MESSAGES)
            await self.door.turn(address)  # after wrong codes, an address's tries wait in turn
            host = self.hosts.get(plain_code(hello["code"]))
            if host is None:
                self.door.wrong(address)
                raise ProtocolError("a wrong room code")
            self.door.right(address)
            if not admitted and not await self.admitted(client, address, friend=False):
                host = None
                return
            router = host.router  # (the room's one way in: game/net/router.py)
            seat = (await router.route(client, None, hello)).seat
            async for text in client:
                now = time.monotonic()
                times.append(now)
                while times and now - times[0] > 1.0:
                    times.popleft()
                if len(times) > RATE:
                    raise ProtocolError(f"more than {RATE} messages a second")
                message = parse(text)
                if message["type"] == "owner":
                    await self.door.turn(address)  # (a wrong owner key slows the address as a wrong code does)
                routed = await router.route(client, seat, message)
                seat = routed.seat
                if routed.answered:
                    times.pop()  # (an answer to what the host asked: as many as it asks, however fast)
                if routed.said is not None:
                    await self.answer(client, address, host, routed)
        except ProtocolError as error:
            if host is not None and seat is not None:  # a friend in his seat: always said
                host.note(f"closed the connection of {host.seats[seat].name}: {error}")
            elif str(error) != "a wrong room code":  # (the door says those)
                self.door.tell(address, str(error)[:40], f"closed a connection from {address}: {error}")
            await client.close(code=1008, reason=close_reason(str(error)))
        except (TimeoutError, websockets.ConnectionClosed):
            pass
        finally:
            if host is not None:
                await host.router.leave(client)

    async def answer(self, client: ServerConnection, address: str, host: Host, routed: Routed) -> None:
        """An owner's order was answered (obeyed with the room's owner key, else refused and counted as a
        wrong code by the door's slowing): one sentence back."""
        if routed.wrong_key:
            self.door.wrong(address, "owner key")
        elif routed.ordered:
            host.note(f"the owner key's holder at {address}: {routed.said}")
        await host.send(client, {"type": "answer", "said": routed.said})


async def serve_rooms(
    hosts: Sequence[Host],
    port: int,
    address: str = "127.0.0.1",
    timeout: float = 3600.0,
    ssl: Any = None,
    terminal: bool = False,
) -> list[Race]:
    """Host the races on `address`:`port` until every one is over (or `timeout` seconds pass); with
    `terminal`, the lines typed on it are the host's commands (game/net/console.py)."""
    server = Server(hosts)
    await server.listen(address, port, ssl)
    friends = sum(s.kind == "friend" for s in hosts[0].seats)
    codes = ", ".join(shown_code(host.code) for host in hosts)
    where = f"{address}:{server.port}"
    if not friends:
        hosts[0].note(said("net.listening", where=where, codes=codes))
    elif len(hosts) == 1:
        hosts[0].note(said("net.waiting", where=where, count=friends, codes=codes))
    else:
        hosts[0].note(said("net.waiting_rooms", where=where, count=friends, rooms=len(hosts), codes=codes))
    commands = None
    if terminal:
        from game.net.console import console, greet

        greet(hosts)
        commands = asyncio.ensure_future(console(hosts, hosts[0].say))
    try:
        races = await asyncio.gather(*(host.run(timeout) for host in hosts))
        await asyncio.sleep(0.2)  # the last messages leave
    finally:
        if commands is not None:
            commands.cancel()
        await server.stop()
    return list(races)


async def serve(host: Host, port: int, address: str = "127.0.0.1", timeout: float = 3600.0) -> Race:
    """Host one race (`main.py serve`) until it is over; the race."""
    return (await serve_rooms([host], port, address, timeout))[0]
