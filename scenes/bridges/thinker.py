"""Computer racers think off the frame loop, so the window never freezes.

The look-ahead bot may take a tenth of a second on a hard decision; a frame
must not wait for it. `Thinker` runs `game.ai.choose` on a worker thread
while the race scene goes on drawing. The race is only read while a bot
thinks (its look-ahead plays on forks): the scene applies the choice itself,
on the frame loop, once it is ready.
"""

from __future__ import annotations

import threading
from typing import Any

from game import ai


class Thinker:
    """One computer racer's decision at a time, computed on a worker thread."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._decision: Any = None
        self._choice: Any = None
        self._error: BaseException | None = None

    def prepare(self, race) -> None:
        """Work out on a thread what the race's computer racers will read (game.ai.prepare)."""
        threading.Thread(target=ai.prepare, args=(race,), name="computer-racers-prepare", daemon=True).start()

    def think(self, race, decision, policy: str, rng) -> None:
        """Start thinking about `decision` (nothing happens if already on it)."""
        if self._decision is decision:
            return
        self._decision, self._choice, self._error = decision, None, None
        self._thread = threading.Thread(
            target=self._work, args=(race, decision, policy, rng), name="computer-racer", daemon=True
        )
        self._thread.start()

    def _work(self, race, decision, policy: str, rng) -> None:
        try:
            self._choice = ai.choose(race, decision, policy, rng)
        except BaseException as error:  # handed to the frame loop, which raises it
            self._error = error

    def ready(self, decision) -> bool:
        """Whether the choice for `decision` is known."""
        return self._decision is decision and self._thread is not None and not self._thread.is_alive()

    def take(self, decision) -> Any:
        """The choice for `decision` (call once `ready`); an error of the bot is raised here."""
        if self._thread is not None:
            self._thread.join()
        self._decision, self._thread = None, None
        if self._error is not None:
            raise self._error
        return self._choice

    def wait(self) -> None:
        """Let a thinking bot finish (before the race is saved or left)."""
        if self._thread is not None:
            self._thread.join()
