"""What the window asks of the system it runs on, in one small interface: run a coroutine off the frame
loop, think a computer racer's decision off it, persist a file.

The desktop's answers (a thread with an asyncio loop, the pool of worker processes or a thread,
atomic writes: scenes/bridges/desktop.py) are one `Platform`; another front end (a browser's, a
phone's) gives its own to `install`, and no screen changes. The scenes ask `current()`; the `scenes`
package names the desktop's as the default (`use_by_default`), built the first time it is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:  # (the package imports this module first thing: it stays light)
    import random

    from game import Decision, Option, Race

T = TypeVar("T")


class Thinking(Protocol):
    """One computer racer's decision at a time, thought about off the frame loop: the frame loop
    starts it (`think`), asks each frame whether it is `ready`, then `take`s the choice."""

    @property
    def busy(self) -> bool:
        """Whether a computer racer is thinking right now."""
        ...

    def prepare(self, race: Race) -> None:
        """Work out, ahead, what the race's computer racers will read."""

    def think(self, race: Race, decision: Decision, policy: str, rng: random.Random) -> None:
        """Start thinking about `decision` (nothing happens if already on it)."""

    def ready(self, decision: Decision) -> bool:
        """Whether the choice for `decision` is known."""
        ...

    def take(self, decision: Decision) -> Option:
        """The choice for `decision` (once `ready`)."""
        ...

    def cancel(self) -> None:
        """Forget the decision being thought about."""

    def wait(self) -> None:
        """Let a thinking racer finish."""


class Platform(Protocol):
    """The system under the window: the three things the scenes cannot do on the frame loop."""

    def run(self, coroutine: Coroutine[Any, Any, T]) -> Future[T] | None:
        """Run a coroutine off the frame loop; its future (None when it can no longer run)."""
        ...

    def thinker(self) -> Thinking:
        """A new thinker for one screen's computer racers."""
        ...

    def persist(self, path: Path, data: bytes, *, replace: bool = True, within: Path | None = None) -> None:
        """Write a file whole or not at all (never half a file); `replace=False` keeps one that is there;
        `within`: the folder the path must stay in."""


_current: Platform | None = None
_default: Callable[[], Platform] | None = None


def install(platform: Platform | None) -> None:
    """Make `platform` the one the scenes use (None: the default again, built when next asked for)."""
    global _current
    _current = platform


def use_by_default(factory: Callable[[], Platform]) -> None:
    """The platform built the first time one is asked for and none was installed."""
    global _default
    _default = factory


def current() -> Platform:
    """The platform the scenes run on."""
    global _current
    if _current is None:
        if _default is None:
            raise RuntimeError("no platform: scenes.core.platform.install() was never called")
        _current = _default()
    return _current
