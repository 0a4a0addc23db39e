"""The WebSocket transport: one server, one host or several (rooms, each with its own code).

A connection's first message is its hello; its code picks the host (the room). Every message is parsed
and checked here for what the transport knows (size, JSON, a type, the rate); the host checks what the
message means. A message refused closes that connection only (WebSocket close code 1008 with the
reason, 1009 for a message too big), logged in one line; the host and the race go on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any

from game.net.host import Host
from game.net.protocol import CLIENT_MESSAGES, HELLO_TIMEOUT, MAX_MESSAGE, RATE, ProtocolError, check, parse
from game.race import Race

log = logging.getLogger("fantasy-racing.network")


class Server:
    """The WebSocket server of one host or several (a hello's code picks the host)."""

    def __init__(self, hosts: Iterable[Host]) -> None:
        self.hosts = {host.code: host for host in hosts}
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

        logging.getLogger("websockets").setLevel(logging.CRITICAL)  # a refused handshake is not the host's error
        where: Any = address or None  # "": every interface
        self.server = await websockets.serve(
            self.handler, where, port, max_size=MAX_MESSAGE, ping_interval=5, ping_timeout=10
        )
        self.port = int(self.server.sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def handler(self, client: Any) -> None:
        """One connection, from its hello to its close."""
        import websockets

        host: Host | None = None
        seat: int | None = None
        times: deque[float] = deque()
        try:
            try:
                hello = parse(await asyncio.wait_for(client.recv(), HELLO_TIMEOUT))
            except TimeoutError:
                raise ProtocolError(f"no hello within {HELLO_TIMEOUT:g} s") from None
            code = hello.get("code")
            host = self.hosts.get(code) if isinstance(code, str) else None
            if host is None:
                check(hello, "hello", CLIENT_MESSAGES["hello"])
                raise ProtocolError("a wrong room code")
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
                    await host.choose(client, message)
                else:
                    raise ProtocolError(f"a message of unknown type {message['type'][:20]!r}")
        except ProtocolError as error:
            who = host.seats[seat].name if host is not None and seat is not None else "a client"
            line = f"closed the connection of {who}: {error}"
            if host is not None:
                host.note(line)
            else:
                self.note(line)
            await client.close(code=1008, reason=str(error)[:120])
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
    codes = ", ".join(host.code for host in hosts)
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
