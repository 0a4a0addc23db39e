"""Direct hosting (`serve`, the window's host: game/net/server.py) takes no per-message compression, as
the relay: a friend who offers deflate is answered without it (docs/performance.md measures the CPU it
saves)."""

from __future__ import annotations

import asyncio

from game.net.host import Host
from game.net.seats import start_seats
from game.net.server import Server
from scenes.core import boards


def test_a_friend_offering_deflate_is_answered_without_compression():
    import websockets

    async def scenario() -> None:
        host = Host(boards.practice_board(), 5, start_seats(["person", "person"]), "ABCDEFGH", 7)
        server = Server([host])
        port = await server.listen("127.0.0.1", 0)
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}", compression="deflate") as friend:
                assert "Sec-WebSocket-Extensions" not in friend.response.headers
        finally:
            await server.stop()

    asyncio.run(scenario())
