"""Computer racers think off the frame loop, so the window never freezes nor stutters.

A frame must not wait for a computer racer, nor share the interpreter with his search. `Thinker`
hands the decision of a racer who searches (the expert) to the pool of worker processes
(game/bots/thinking.py): the frame loop only sends the question (the race's record) and, frames later,
picks up the answer; the screen goes on animating and the player looks around the board meanwhile.
The other levels decide in a fraction of a millisecond, on a worker thread as before. The race is
only read while a racer thinks: the scene applies the choice itself, on the frame loop, once ready.
A question still out when the race is left is cancelled (`cancel`): its worker stops searching.
"""

from __future__ import annotations

import logging
import random
import threading
from typing import Any, cast

from game import Decision, Option, Race
from game.bots import ai, thinking
from game.rules import levels

log = logging.getLogger("fantasy-racing")


class Thinker:
    """One computer racer's decision at a time: in the pool (a searching level) or on a thread."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._thought: thinking.Thought | None = None
        self._rng: Any = None
        self._race: Any = None
        self._policy = ""
        self._decision: Any = None
        self._choice: Any = None
        self._error: BaseException | None = None
        self.owner = f"window-{id(self)}"  # the pool's queue of this screen's questions

    def prepare(self, race: Race) -> None:
        """Let the pool work out what the race's searching racers will read (their course tables)."""
        try:
            thinking.shared().prepare(race)
        except Exception:  # no pool: the racers will think on a thread, and work it out then
            log.warning("computer racers: the pool of worker processes cannot start", exc_info=True)

    def think(self, race: Race, decision: Decision, policy: str, rng: random.Random) -> None:
        """Start thinking about `decision` (nothing happens if already on it)."""
        if self._decision is decision:
            return
        self.cancel()
        self._decision, self._choice, self._error = decision, None, None
        self._race, self._policy, self._rng = race, policy, rng
        if policy in levels.SEARCHING and race.dice.replayable:
            try:
                self._thought = thinking.shared().ask(race, decision, policy, rng, self.owner)
                return
            except Exception:  # no pool: think on a thread
                log.warning("computer racers: the pool of worker processes cannot start", exc_info=True)
        self._on_thread()

    def _on_thread(self) -> None:
        self._thought = None
        self._thread = threading.Thread(
            target=self._work, args=(self._race, self._decision, self._policy, self._rng), daemon=True,
            name="computer-racer",
        )  # fmt: skip
        self._thread.start()

    def _work(self, race: Race, decision: Decision, policy: str, rng: random.Random) -> None:
        try:
            self._choice = ai.pick(race, decision, policy, rng)
        except BaseException as error:  # handed to the frame loop, which raises it
            self._error = error

    @property
    def busy(self) -> bool:
        """Whether a computer racer is thinking right now (in the pool or on the thread)."""
        if self._thought is not None:
            return not self._thought.done
        return self._thread is not None and self._thread.is_alive()

    def ready(self, decision: Decision) -> bool:
        """Whether the choice for `decision` is known."""
        if self._decision is not decision:
            return False
        thought = self._thought
        if thought is not None:
            if thought.done and isinstance(thought.error, thinking.Stopped):  # the pool went away
                log.warning("computer racers: %s; thinking on a thread", thought.error)
                self._on_thread()
                return False
            return thought.done
        return self._thread is not None and not self._thread.is_alive()

    def take(self, decision: Decision) -> Option:
        """The choice for `decision` (call once `ready`); an error of the bot is raised here."""
        thought, self._thought = self._thought, None
        self._decision = None
        if thought is not None:
            return thought.take(self._rng)
        if self._thread is not None:
            self._thread.join()
        self._thread = None
        if self._error is not None:
            raise self._error
        return cast(Option, self._choice)

    def cancel(self) -> None:
        """Forget the decision being thought about (the race was left or changed): a worker searching
        it stops; a thread (a quick level) ends by itself."""
        if self._thought is not None:
            self._thought.cancel()
        self._thought, self._decision = None, None

    def wait(self) -> None:
        """Let a thinking racer finish."""
        if self._thought is not None:
            self._thought.wait()
        elif self._thread is not None:
            self._thread.join()
