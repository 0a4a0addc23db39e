"""Each connection's own queue of what the host sends it, drained by its own task (docs/network.md).

A host that sends a message to everyone (a step, a quick message) hands it to each connection's
`Outboxes` queue and goes on: a connection that reads slowly, or not at all (a spectator who stopped
reading), delays nobody else. What waits for one connection is bounded: a text that waits SEND_TIMEOUT
seconds to leave, or a queue past OUTBOX_BYTES, closes that connection (its handler sees it go), and
what was queued for it is let go. The texts of one connection leave in the order they were put.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.net.protocol import MAX_FROM_HOST, SEND_TIMEOUT
from game.net.tasks import ending, spawn

if TYPE_CHECKING:
    from game.net.seats import Client

OUTBOX_BYTES = 2 * MAX_FROM_HOST  # characters waiting for one connection, at most (a start and its steps)


@dataclass
class _Box:
    """One connection's queue: (text, its future) in order, their size, the task draining them."""

    client: Client
    waiting: deque[tuple[str, asyncio.Future[None]]] = field(default_factory=deque)
    size: int = 0
    task: asyncio.Task[None] | None = None


class Outboxes:
    """Every connection's queue (see the module). `note(line)` hears each connection closed for not reading."""

    def __init__(self, note: Callable[[str], None], seconds: float = SEND_TIMEOUT, most: int = OUTBOX_BYTES) -> None:
        self.note = note
        self.seconds, self.most = seconds, most
        self.boxes: dict[int, _Box] = {}  # id(client) -> its queue, while it holds something (the box keeps it)

    def put(self, client: Client, text: str) -> asyncio.Future[None]:
        """Queue `text` for `client`; the future is done once it left (or was let go with its connection, or
        with its loop: asked by a task being cancelled, game/net/tasks.py)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if ending():
            done.set_result(None)
            return done
        box = self.boxes.get(id(client))
        if box is None:
            box = self.boxes[id(client)] = _Box(client)
        if box.size + len(text) > self.most:
            self._cut(box, f"dropped a connection that let more than {self.most} characters of messages wait")
            done.set_result(None)
            return done
        box.waiting.append((text, done))
        box.size += len(text)
        if box.task is None:
            box.task = spawn(self._drain(box))
        return done

    async def _drain(self, box: _Box) -> None:
        try:
            while box.waiting:
                text, done = box.waiting[0]
                try:
                    await asyncio.wait_for(box.client.send(text), self.seconds)
                except TimeoutError:
                    self._cut(box, f"dropped a connection that read nothing for {self.seconds:g} s")
                    return
                except Exception:  # a connection closing: its handler sees it
                    pass
                if not box.waiting:  # (let go meanwhile)
                    return
                box.waiting.popleft()
                box.size -= len(text)
                if not done.done():
                    done.set_result(None)
        finally:
            self._let_go(box)

    def _cut(self, box: _Box, line: str) -> None:
        """Close a connection that does not read what it is sent; what waited for it is let go."""
        self.note(line)
        if box.task is not None and box.task is not asyncio.current_task():
            box.task.cancel()  # (its send waits on a connection that does not read)
        transport = getattr(box.client, "transport", None)
        if transport is not None:
            transport.abort()
        else:  # (a connection through a relay: closed by message)
            spawn(_close(box.client))
        self._let_go(box)

    def _let_go(self, box: _Box) -> None:
        for _, done in box.waiting:
            if not done.done():
                done.set_result(None)
        box.waiting.clear()
        box.size = 0
        if self.boxes.get(id(box.client)) is box:
            del self.boxes[id(box.client)]


async def _close(client: Client) -> None:
    try:
        await client.close(code=1008, reason="too slow to read the race")
    except Exception:
        pass
