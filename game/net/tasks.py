"""The network's background tasks (a connection's outbox, a room's lobby news, a relayed link), started
by `spawn`: never by a task that is being cancelled.

A loop ends by cancelling every task it has (asyncio.run's end, a window's network thread closing), once:
a connection's handler cancelled then leaves its room, and the room would tell the others in a new
task (their outboxes, the lobby's news). A task started then outlives its loop, and the interpreter's
exit says it was destroyed pending. A task being cancelled starts none: what it would have sent is
let go with the loop (the connections end with it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def ending() -> bool:
    """Whether the task running now is being cancelled (its loop, or its owner, is ending it)."""
    current = asyncio.current_task()
    return current is not None and current.cancelling() > 0


def spawn(coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T] | None:
    """`coroutine` in a task of its own, or None (closed, never started) when the task asking is being
    cancelled (see the module)."""
    if ending():
        coroutine.close()
        return None
    return asyncio.ensure_future(coroutine)
