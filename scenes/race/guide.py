"""What may lead a race scene from above: the guided race's lessons, a replay's controls.

A race scene plays a race the same way whatever leads it; a `Guide` is the one seam through which
something else takes part: it may hold the playback (a lesson being read, a replay paused), see
every event shown and every decision asked, refuse a choice (the lesson asked for another), take
the keys first, slow or speed the race's time, point the camera, and draw over the board. The default guide does
none of it.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import pygame

from game import Option
from game.rules.events import Event
from scenes.race.decisions import DecisionPanel

# What a guide reads of the scene it leads: the race scene names itself (scenes.race.scene imports this
# module); a guide that reads less names only that (`HostedScene`, scenes/screens/friends.py).
# Contravariant: a guide that reads less leads any scene that offers more.
S = TypeVar("S", contravariant=True)


class Guide(Generic[S]):
    """A race scene left to itself (see the module)."""

    speed = 1.0  # times the animation speed setting
    rests = True  # what it draws does not move by itself: the race may rest while the player thinks
    says_keys = False  # it says what C and Escape do itself (a replay's keys): the race screen's hint left out

    def enter(self, scene: S) -> None:
        """The race scene opened."""

    def resized(self, scene: S) -> None:
        """The race scene's board view has a new size (the window's, or the cards folded)."""

    def paused(self) -> bool:
        """Whether the race's time stands still (nothing moves, nobody decides)."""
        return False

    def holds(self) -> bool:
        """Whether the playback waits before showing more (asked before every step)."""
        return False

    def shown(self, event: Event) -> None:
        """An event was shown."""

    def camera_target(self, scene: S) -> tuple[float, float] | None:
        """Where the camera looks instead of following the racer of the moment (None: it follows)."""
        return None

    def asked(self, scene: S, panel: DecisionPanel) -> None:
        """A person's decision is on the panel (every frame while it is)."""

    def allows(self, scene: S, option: Option) -> bool:
        """Whether the person's choice goes to the race (False: refused, asked again)."""
        return True

    def handle_event(self, scene: S, event: pygame.event.Event) -> bool:
        """Input before the race scene's own (True: taken)."""
        return False

    def draw(self, surface: pygame.Surface, scene: S) -> None:
        """Over the race scene's frame."""
