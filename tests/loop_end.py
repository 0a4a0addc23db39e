"""Run as a script by tests/test_network_loop_end.py: races hosted on 127.0.0.1 (directly, and through
a fake relay) whose loop ends while everything is still connected (asyncio.run's end cancels every
task: the connections' handlers leave, and the room tells the others). Nothing may be left pending
for the interpreter's exit to destroy ("Task was destroyed but it is pending")."""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.host import Host  # noqa: E402
from game.net.invite import parse_relay  # noqa: E402
from game.net.relayed import serve_through  # noqa: E402
from game.net.seats import start_seats  # noqa: E402
from game.net.server import Server  # noqa: E402
from game.rules import seeds  # noqa: E402
from scenes.core import boards  # noqa: E402

CODE, SEED = "ABCDEFGH", 7


async def until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("waited too long")
        await asyncio.sleep(0.01)


def new_host() -> Host:
    return Host(boards.practice_board(), 5, start_seats(["person", "person", "person"]), CODE, SEED, clock=0)


async def direct(started: bool) -> None:
    """Three friends connected to `serve`'s transport, in the lobby or in the race; the loop ends."""
    import websockets

    host = new_host()
    server = Server([host])
    port = await server.listen("127.0.0.1", 0)
    asyncio.ensure_future(host.run(60))
    friends = []
    for name in ("ann", "bob", "cyd")[: 3 if started else 2]:
        friend = await websockets.connect(f"ws://127.0.0.1:{port}")
        await friend.send(json.dumps({"type": "hello", "code": CODE, "name": name}))
        await friend.send(json.dumps({"type": "ready"}))
        friends.append(friend)
    await until(lambda: host.started if started else sum(s.client is not None for s in host.seats) == 2)
    # (the loop ends here: every connection and the host still running)


async def relayed() -> None:
    """Two friends through a fake relay; the loop ends."""
    import websockets

    ready = asyncio.Event()
    sockets = []

    async def relay(socket):
        sockets.append(socket)
        await socket.send("0:" + json.dumps({"type": "registered", "code": CODE}))
        ready.set()
        async for _ in socket:
            pass

    server = await websockets.serve(relay, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    host = new_host()
    relay_at = parse_relay(f"ws://127.0.0.1:{port}")
    asyncio.ensure_future(serve_through([host], relay_at, [seeds.owner_secret(SEED, CODE)]))
    await asyncio.wait_for(ready.wait(), 10)
    for link, name in ((1, "ann"), (2, "bob")):
        await sockets[-1].send(f"0:{json.dumps({'type': 'open', 'link': link, 'address': '127.0.0.9', 'key': ''})}")
        await sockets[-1].send(f"{link}:{json.dumps({'type': 'hello', 'code': CODE, 'name': name})}")
    await until(lambda: sum(s.client is not None for s in host.seats) == 2)


if __name__ == "__main__":
    for scenario in (lambda: direct(False), lambda: direct(True), relayed):
        asyncio.run(scenario())
        gc.collect()
    print("ended")
