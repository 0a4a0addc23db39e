"""The camera over the race's board: where the view looks, and where a square shows on the screen.

It follows the racer of the moment (the one deciding, else the one acting) unless the player
looks around: W A S D, the mouse wheel and a right-button drag move it by hand, C gives it back
to the race. The board wraps: a square may show more than once on a board shorter than the view,
and the camera always takes the short way round to its target. A board narrower than the view is
drawn once across (`board_view`: never two copies of a racer side by side), centred or where the
race's guide puts it (`board_left`), and the camera only moves up and down.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.app.controls import Action
from scenes import controls
from scenes.render.board import BoardRenderer
from scenes.ui import theme

CAMERA_FOLLOW = 6.0  # how fast the camera catches up (per second)
SCROLL_SPEED = 520  # pixels per second when the player scrolls with W A S D
SCROLLING = {Action.CAMERA_UP, Action.CAMERA_DOWN, Action.CAMERA_LEFT, Action.CAMERA_RIGHT}

Spotter = Callable[[Any], list[tuple[int, int]]]


class Camera:
    """Where the board view looks (see the module)."""

    def __init__(self, renderer: BoardRenderer, view: pygame.Rect, tile: int, at: tuple[float, float]) -> None:
        self.renderer = renderer
        self.view = view
        self.tile = tile
        self.position: list[float] = list(at)
        self.manual = False  # the player moved it: it stays where he put it until C (or a new turn)
        self.scroll_keys: set[Action] = set()  # the scrolling actions held down
        self.dragging: tuple[int, int] | None = None
        self.board_left: int | None = None  # a narrow board's left edge in the view (None: centred)

    @property
    def narrow(self) -> bool:
        """Whether the board is narrower than the view (drawn once, the camera fixed across)."""
        return self.renderer.size[0] < self.view.width

    @property
    def at(self) -> tuple[float, float]:
        """The board pixel at the top-left of `board_view` (a narrow board's left edge, always)."""
        return (0.0 if self.narrow else self.position[0]), self.position[1]

    @property
    def board_view(self) -> pygame.Rect:
        """The part of the view the board is drawn in: the view, or the width of a narrow board."""
        width = self.renderer.size[0]
        if width >= self.view.width:
            return self.view
        left = (self.view.width - width) // 2 if self.board_left is None else self.board_left
        return pygame.Rect(
            self.view.left + max(0, min(left, self.view.width - width)), self.view.top, width, self.view.height
        )

    def target(self, where: Any, anchor: float) -> tuple[float, float]:
        """The camera position that shows square `where` at `anchor` of the view's height."""
        x = (where[1] + 0.5) * self.tile - self.view.width / 2 if not self.narrow else 0.0
        y = (where[0] + 0.5) * self.tile - self.view.height * anchor
        return x, y

    def follow(self, target: tuple[float, float], dt: float) -> None:
        """Move by the keys held, or towards `target` (the short way round the wrapping board)."""
        width, height = self.renderer.size
        if self.scroll_keys:
            self.manual = True
            keys = self.scroll_keys
            dx = (Action.CAMERA_RIGHT in keys) - (Action.CAMERA_LEFT in keys)
            dy = (Action.CAMERA_DOWN in keys) - (Action.CAMERA_UP in keys)
            self.position[0] += dx * SCROLL_SPEED * dt
            self.position[1] += dy * SCROLL_SPEED * dt
        if self.narrow:
            self.position[0] = 0.0  # drawn once across: only up and down
        if self.manual:
            return
        tx, ty = target
        k = 1.0 if theme.calm_motion() else min(1.0, dt * CAMERA_FOLLOW)  # Motion: reduced cuts
        ex = (tx - self.position[0] + width / 2) % width - width / 2
        ey = (ty - self.position[1] + height / 2) % height - height / 2
        self.position[0] = (self.position[0] + ex * k) % width
        self.position[1] = (self.position[1] + ey * k) % height

    def let_go(self) -> None:
        """Forget the keys and the drag (another screen went over the race)."""
        self.scroll_keys.clear()
        self.dragging = None

    def handle_event(self, event: Any) -> bool:
        """W A S D, the wheel and a right-button drag scroll the board; C brings the camera back."""
        if controls.pressed(event, *SCROLLING):
            self.scroll_keys |= controls.actions(event) & SCROLLING
            return True
        if controls.released(event, *SCROLLING):
            self.scroll_keys -= controls.actions(event)
            return True
        if controls.pressed(event, Action.CAMERA_BACK):
            self.manual = False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.manual = True
            self.position[1] -= event.y * self.tile
            self.position[0] -= event.x * self.tile
            return True
        if (
            controls.pressed(event, Action.CAMERA_DRAG)
            and event.type == pygame.MOUSEBUTTONDOWN
            and self.view.collidepoint(event.pos)
        ):
            self.dragging = event.pos
            return True
        if controls.released(event, Action.CAMERA_DRAG):
            self.dragging = None
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self.manual = True
            self.position[0] -= event.pos[0] - self.dragging[0]
            self.position[1] -= event.pos[1] - self.dragging[1]
            self.dragging = event.pos
            return True
        return False

    def square_at(self, pos: tuple[int, int]) -> Any:
        """The board square under a screen position (None outside the view)."""
        return self.renderer.square_at(pos, self.board_view, self.at)

    def spotter(self) -> Spotter:
        """Screen centres where a (float) square shows in the board view, for the camera of this
        moment, as a function with the view and camera fixed (the tokens ask it several times a frame)."""
        width, height = self.renderer.size
        view, camera = self.board_view, (int(self.at[0]), int(self.at[1]))
        left, top, right, bottom = view.left, view.top, view.right, view.bottom
        camera_x, camera_y = camera
        tile = self.tile
        half = tile / 2

        if width >= right - left + tile and height >= bottom - top + tile:

            def spots(where: Any) -> list[tuple[int, int]]:
                # A board larger than the view shows a square at most once: just above/left of the
                # view's edge (partly visible) or inside it.
                x = (where[1] * tile - camera_x) % width + left
                y = (where[0] * tile - camera_y) % height + top
                if x + tile > left + width:
                    x -= width
                if y + tile > top + height:
                    y -= height
                if x < right and y < bottom and x + tile > left and y + tile > top:
                    return [(int(x + half), int(y + half))]
                return []

            return spots

        renderer = self.renderer

        def spots_wrapping(where: Any) -> list[tuple[int, int]]:
            return [(int(x + half), int(y + half)) for x, y in renderer.screen_positions(where, view, camera)]

        return spots_wrapping
