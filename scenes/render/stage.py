"""What an animation reads of the screen it plays on (the race scene, a rule book's picture): one
narrow interface, so that the animations depend on no screen of their own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

# A square on the board as an animation sees it: whole (row, column), or between two squares while a
# token moves (float row and column).
Where = tuple[float, float]


class Stage(Protocol):
    """A square's size on screen, the board view, and where a square shows in it (each copy of it on
    a board that repeats)."""

    @property
    def tile(self) -> int: ...

    @property
    def view(self) -> pygame.Rect: ...

    def spots(self, where: Where) -> list[tuple[int, int]]: ...
