"""The desktop's platform (scenes/core/platform.py): coroutines on an asyncio loop on a background thread,
computer racers thinking in the pool of worker processes or on a thread, files written atomically."""

from __future__ import annotations

import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from game import files
from scenes.bridges.network import Background
from scenes.bridges.thinker import Thinker

T = TypeVar("T")


class Desktop:
    """The `Platform` of a window on a desktop computer."""

    def __init__(self) -> None:
        self._loop: Background | None = None
        self._lock = threading.Lock()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> Future[T] | None:
        """Run a coroutine on the platform's loop (started the first time), beside the frame loop."""
        with self._lock:
            if self._loop is None or not self._loop.thread.is_alive():
                self._loop = Background("platform")
        future: Future[T] | None = self._loop.run(coroutine)
        return future

    def thinker(self) -> Thinker:
        """A thinker: the pool of worker processes for a searching racer, else a thread."""
        return Thinker()

    def persist(self, path: Path, data: bytes, *, replace: bool = True, within: Path | None = None) -> None:
        """Write the file atomically (game.files.write_atomically)."""
        files.write_atomically(path, data, replace=replace, within=within)

    def end(self) -> None:
        """Stop the platform's loop, if it ran."""
        if self._loop is not None:
            self._loop.end()
