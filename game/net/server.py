"""The WebSocket transport: one server, one host or several (rooms, each with its own code).

A connection's first message is its hello; its code picks the host (the room). Every message is parsed
and checked here for what the transport knows (size, JSON, a type, its schema, the rate); the host
checks what the message means. The door (game/net/door.py) bounds the sockets and connections of an
address and in all (a friend with his seat key first), slows an address that tries wrong room codes,
and logs each kind of refusal from an address once a minute. A message refused closes that connection
only (WebSocket close code 1008 with the reason, 1009 for a message too big, 1013 when the host takes
no more connections), logged; the host and the race go on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from game.net.door import KEY_HEADER, Door, address_of
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
        self.door = door or Door(self.note, in_all=max(128, ROOM_CONNECTIONS * len(self.hosts)))
        self.server: Any = None
        self.port = 0

    def note(self, line: str) -> None:
        host = next(iter(self.hosts.values()), None)
        if host is not None:
            host.note(line)
        else:
            log.info("%s", line)

    async def listen(self, address: str, port: int) -> int:
        """Start listening on `address`:`port` (0: any free port); the port (OSError when it cannot)."""
        import websockets
        from websockets.asyncio.server import ServerConnection

        door = self.door

        class Counted(ServerConnection):
            """A connection counted at the door from its first byte: an address holding too many sockets
            has the next one cut at once (it cannot hold the host at its limit of open files)."""

            counted = ""

            def connection_made(self, transport: Any) -> None:
                super().connection_made(transport)
                address = address_of(transport.get_extra_info("peername"))
                if door.socket_opened(address):
                    self.counted = address
                else:
                    transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                if self.counted:
                    door.socket_closed(self.counted)
                    self.counted = ""
                super().connection_lost(exc)

        logging.getLogger("websockets").setLevel(logging.CRITICAL)  # a refused handshake is not the host's error
        where: Any = address or None  # "": every interface
        self.server = await websockets.serve(
            self.handler,
            where,
            port,
            max_size=MAX_MESSAGE,
            max_queue=8,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=5,
            ping_timeout=10,
            create_connection=Counted,
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
        """One connection, from its hello to its close."""
        address = address_of(client.remote_address)
        refusal = self.door.admit(address, self.has_key(client))
        if refusal:
            self.door.tell(address, "full", f"refused a connection from {address}: {refusal}")
            await client.close(code=1013, reason=close_reason(refusal))
            return
        try:
            await self.visit(client, address)
        finally:
            self.door.leave(address)

    async def visit(self, client: ServerConnection, address: str) -> None:
        """An admitted connection, from its hello to its close."""
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
            seat = await host.hello(client, hello)
            async for text in client:
                now = time.monotonic()
                times.append(now)
                while times and now - times[0] > 1.0:
                    times.popleft()
                if len(times) > RATE:
                    raise ProtocolError(f"more than {RATE} messages a second")
                message = parse(text)
                if message["type"] == "take":
                    seat = await host.take(client, seat, message)
                elif message["type"] == "choose":
                    if await host.choose(client, message):
                        times.pop()  # (an answer to what the host asked: as many as it asks, however fast)
                else:
                    raise ProtocolError(f"a message of unknown type {message['type'][:20]!r}")
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
                await host.leave(client)


async def serve_rooms(
    hosts: Sequence[Host], port: int, address: str = "127.0.0.1", timeout: float = 3600.0
) -> list[Race]:
    """Host the races on `address`:`port` until every one is over (or `timeout` seconds pass)."""
    server = Server(hosts)
    await server.listen(address, port)
    friends = sum(s.kind == "friend" for s in hosts[0].seats)
    codes = ", ".join(shown_code(host.code) for host in hosts)
    where = f"{address}:{server.port}"
    friends_said = f"{friends} friend" if friends == 1 else f"{friends} friends"
    if not friends:
        hosts[0].note(f"listening on {where}, computer racers only, room code {codes}")
    elif len(hosts) == 1:
        hosts[0].note(f"waiting on {where} for {friends_said}, room code {codes}")
    else:
        hosts[0].note(f"waiting on {where} for {friends_said} in each of {len(hosts)} rooms, room codes {codes}")
    try:
        races = await asyncio.gather(*(host.run(timeout) for host in hosts))
        await asyncio.sleep(0.2)  # the last messages leave
    finally:
        await server.stop()
    return list(races)


async def serve(host: Host, port: int, address: str = "127.0.0.1", timeout: float = 3600.0) -> Race:
    """Host one race (`main.py serve`) until it is over; the race."""
    return (await serve_rooms([host], port, address, timeout))[0]
