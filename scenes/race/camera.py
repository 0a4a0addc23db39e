"""The camera over the race's board: where the view looks, how near, and where a square shows.

It keeps in view what matters (the racer of the moment and, while a person chooses, the square his
focused option lands on), moving only as far as needed to bring it into the free part of the view
(the board above the decision panel, its explanation and the dice), unless the player looks around:
W A S D, a right-button drag and a zoom at the pointer (the wheel, a pinch) move it by hand, C gives
it back to the race. + and - zoom in and out around what it keeps in view; V (or the top bar's
button) shows the whole board at once, and V again goes back. Zooming is smooth: the scale glides to
its goal, the board point under the pointer staying under it.

The board wraps: a square may show more than once on a board shorter than the view, and the camera
always takes the short way round. A board narrower than the view is drawn once across
(`board_view`: never two copies of a racer side by side), centred or where the race's guide puts it
(`board_left`), or, zoomed at the pointer, where the pointer's square stays under it until the camera
is given back to the race (a larger window's view is wider than most boards); a board that fits in
the free height is drawn once, centred in it.

Positions: `position` is the view's top-left in pixels of the board drawn at the race's size (scale
1); `at` is the same at the current scale, the pixel `ZoomableBoard.draw_scaled` takes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.app.controls import Action
from game.boards.board import Square
from scenes.core import controls, theme
from scenes.render.stage import Where

if TYPE_CHECKING:
    from scenes.render.board import BoardRenderer

CAMERA_FOLLOW = 6.0  # how fast the camera catches up (per second)
ZOOM_GLIDE = 10.0  # how fast the scale reaches its goal (per second)
SCROLL_SPEED = 520  # pixels per second when the player scrolls with W A S D
SCROLLING = {Action.CAMERA_UP, Action.CAMERA_DOWN, Action.CAMERA_LEFT, Action.CAMERA_RIGHT}
ZOOM_STEP = 1.25  # one wheel notch, one + or -
ZOOM_MAX = 1.6  # the nearest: squares of 77 pixels at the race's 48
PINCH_ZOOM = 4.0  # a pinch's distance change (a fraction of the touchpad) to a zoom factor

Spotter = Callable[[Where], list[tuple[int, int]]]


def _spots_on_axis(
    start: float, length: float, at: float, low: int, high: int, tile: float, wraps: bool
) -> list[float]:
    """Where a square starting at board pixel `start` shows between screen `low` and `high`, on one axis."""
    if not wraps:
        first = low + start
        return [first] if first < high and first + tile > low else []
    first = (start - at) % length + low - length
    out = []
    while first < high:
        if first + tile > low:
            out.append(first)
        first += length
    return out


class Camera:
    """Where the board view looks, and how near (see the module)."""

    def __init__(self, renderer: BoardRenderer, view: pygame.Rect, tile: int, at: tuple[float, float]) -> None:
        self.renderer = renderer  # a ZoomableBoard (or a BoardRenderer, never zoomed)
        self.view = view
        self.base_tile = tile  # a square's pixels at scale 1
        self.position: list[float] = list(at)
        self.scale = 1.0
        self.goal = 1.0  # the scale it glides to
        self.zoom_anchor: tuple[float, float] | None = None  # the screen point that stays put while zooming
        self.whole = False  # the whole board at once (V)
        self.before_whole = 1.0  # the scale V goes back to
        self.zooms = hasattr(renderer, "draw_scaled")  # (a guided race keeps its one size)
        self.free = view  # the part of the view nothing covers (above the panel, its explanation, the dice)
        self.needed = ZOOM_MAX  # the largest scale that shows what the camera keeps in view at once
        self.manual = False  # the player moved it: it stays where he put it until C (or a new turn)
        self.scroll_keys: set[Action] = set()  # the scrolling actions held down
        self.dragging: tuple[int, int] | None = None
        self.board_left: int | None = None  # a narrow board's left edge in the view (None: centred)
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen (the wheel zooms there)

    # ---------------------------------------------------------------- sizes
    @property
    def tile(self) -> float:
        """A square's size on screen now, in pixels."""
        return self.base_tile * self.scale

    def board_size(self, scale: float | None = None) -> tuple[float, float]:
        """The board's size on screen at `scale` (now, by default)."""
        w, h = self.renderer.size
        s = self.scale if scale is None else scale
        return w * s, h * s

    def fits(self, scale: float | None = None) -> tuple[bool, bool]:
        """Whether the board is drawn once across (narrower than the view) and once down (no taller
        than the free part of the view)."""
        w, h = self.board_size(scale)
        return w <= self.view.width, h <= self.free.height

    @property
    def narrow(self) -> bool:
        """Whether the board is narrower than the view (drawn once across, the camera fixed across)."""
        return self.fits()[0]

    @property
    def gliding(self) -> bool:
        """Whether the zoom is on its way to its goal."""
        return self.zoom_anchor is not None or abs(self._goal_now() - self.scale) > 1e-3

    def _goal_now(self) -> float:
        """The scale the zoom glides to now."""
        return self.whole_scale() if self.whole else max(self.whole_scale(), min(ZOOM_MAX, self.goal, self.needed))

    def whole_scale(self) -> float:
        """The scale that shows the whole board in the free part of the view (never above 1)."""
        w, h = self.renderer.size
        return min(1.0, self.view.width / w, max(1, self.free.height) / h)

    @property
    def at(self) -> tuple[float, float]:
        """The board pixel (at the current scale) at the top-left of `board_view`."""
        across, down = self.fits()
        return (0.0 if across else self.position[0] * self.scale), (0.0 if down else self.position[1] * self.scale)

    @property
    def board_view(self) -> pygame.Rect:
        """The part of the view the board is drawn in: the view, or the board's own width (height)
        where it is drawn once."""
        w, h = self.board_size()
        across, down = self.fits()
        view = self.view
        left, width = view.left, view.width
        if across:
            width = max(1, min(view.width, math.ceil(w - 1e-6)))
            offset = (view.width - width) // 2 if self.board_left is None else self.board_left
            left = view.left + max(0, min(offset, view.width - width))
        top, height = view.top, view.height
        if down:
            height = max(1, min(self.free.height, math.ceil(h - 1e-6)))
            top = self.free.top + (self.free.height - height) // 2
        return pygame.Rect(left, top, width, height)

    # ---------------------------------------------------------------- following
    def target(self, where: Where, anchor: float) -> tuple[float, float]:
        """The camera position (`at`'s pixels) that shows square `where` at `anchor` of the view's height."""
        tile = self.tile
        x = (where[1] + 0.5) * tile - self.view.width / 2 if not self.narrow else 0.0
        y = (where[0] + 0.5) * tile - self.view.height * anchor
        return x, y

    def goal_showing(self, squares: Sequence[Any]) -> tuple[float, float]:
        """The nearest camera position (`at`'s pixels) that shows `squares` in the free part of the
        view, with a margin; when they cannot all be, the first."""
        tile = self.tile
        width, height = self.board_size()
        at = [self.position[0] * self.scale, self.position[1] * self.scale]
        view = self.board_view
        bands = (
            (self.view.left - view.left, self.view.right - view.left),
            (self.free.top - view.top, self.free.bottom - view.top),
        )
        for axis, (length, (low, high)) in enumerate(zip((width, height), bands, strict=True)):
            if not squares or length <= (self.view.width if axis == 0 else self.free.height):
                continue  # (drawn once on this axis: nothing to move)
            room = high - low - tile
            margin = min(tile * 0.75, max(0.0, room / 2))
            middle = (low + high - tile) / 2
            starts = [square[1 - axis] * tile - at[axis] for square in squares]
            first = (starts[0] - middle + length / 2) % length - length / 2 + middle  # the nearest copy
            spots = [first] + [(start - first + length / 2) % length - length / 2 + first for start in starts[1:]]
            # all of them with a margin, else all of them at the edges, else the first with its margin
            for first, edge in ((spots, margin), (spots, 0.0), (spots[:1], margin)):
                lo, hi = max(first) - (high - tile - edge), min(first) - (low + edge)
                if lo <= hi:
                    break
            at[axis] += min(max(0.0, lo), hi)
        return at[0], at[1]

    def scale_showing(self, squares: Sequence[Where]) -> float:
        """The largest scale at which `squares` fit in the free part of the view at once, with margins
        (the camera zooms out that far while they are what it keeps in view)."""
        if len(squares) < 2:
            return ZOOM_MAX
        w, h = self.renderer.size
        best = ZOOM_MAX
        for axis, (length, room) in enumerate(((w, self.view.width), (h, self.free.height))):
            size = length / self.base_tile  # squares on this axis
            first = squares[0][1 - axis]
            offsets = [(square[1 - axis] - first + size / 2) % size - size / 2 for square in squares]
            span = max(offsets) - min(offsets) + 2.5  # the squares, and a margin each side
            best = min(best, max(room / (span * self.base_tile), room / length))
        return best

    def update(self, dt: float, keep: Sequence[Where] = (), led: tuple[float, float] | None = None) -> None:
        """One frame: zoom towards the goal, scroll by the keys held, else move towards `led` (a
        guide's position) or only as far as needed to keep the squares `keep` in view."""
        self.needed = ZOOM_MAX if self.manual or led is not None else self.scale_showing(keep)
        if self.zooms and not self.manual:  # (back on the race: a narrow board centred again)
            self.board_left = None
        self._glide(dt)
        if self.scroll_keys:
            self.manual = True
            keys = self.scroll_keys
            dx = (Action.CAMERA_RIGHT in keys) - (Action.CAMERA_LEFT in keys)
            dy = (Action.CAMERA_DOWN in keys) - (Action.CAMERA_UP in keys)
            self.position[0] += dx * SCROLL_SPEED * dt / self.scale
            self.position[1] += dy * SCROLL_SPEED * dt / self.scale
        if self.manual or self.whole:
            return
        if led is not None:
            self.follow(led, dt)
        elif keep:
            self.follow(self.goal_showing(keep), dt)

    def follow(self, target: tuple[float, float], dt: float) -> None:
        """Move towards camera position `target` (`at`'s pixels), the short way round the board."""
        width, height = self.renderer.size
        k = 1.0 if theme.calm_motion() else min(1.0, dt * CAMERA_FOLLOW)  # Motion: reduced cuts
        for axis, length in enumerate((width, height)):
            goal = target[axis] / self.scale
            gap = (goal - self.position[axis] + length / 2) % length - length / 2
            self.position[axis] = (self.position[axis] + gap * k) % length

    def settle(self, keep: Sequence[Where] = (), led: tuple[float, float] | None = None) -> None:
        """Be at once where the camera is going (the zoom's goal, the squares in view)."""
        self.needed = ZOOM_MAX if self.manual or led is not None else self.scale_showing(keep)
        self._glide(None)
        if not (self.manual or self.whole):
            goal = led if led is not None else self.goal_showing(keep) if keep else None
            if goal is not None:
                self.position[:] = [goal[0] / self.scale, goal[1] / self.scale]

    # ---------------------------------------------------------------- zoom
    def _glide(self, dt: float | None) -> None:
        """Bring the scale towards its goal (at once when `dt` is None), the anchor staying put."""
        goal = self._goal_now()
        if abs(goal - self.scale) < 1e-4:
            if self.scale != goal:
                self._rescale(goal)
            self.zoom_anchor = None
            return
        k = 1.0 if dt is None or theme.calm_motion() else min(1.0, dt * ZOOM_GLIDE)
        self._rescale(self.scale * (goal / self.scale) ** k if k < 1 else goal)

    def _rescale(self, scale: float) -> None:
        """Change the scale, the board point under the anchor (by default the free part's centre) kept."""
        anchor = self.zoom_anchor or (self.free.centerx, self.free.centery)
        point = self.board_point(anchor)
        self.scale = scale
        if point is not None:
            if self.zoom_anchor is not None and self.narrow:  # (a narrow board: its edge moves instead)
                self.board_left = round(anchor[0] - self.view.left - point[0] * scale)
            view = self.board_view
            self.position[0] = point[0] - (anchor[0] - view.left) / scale
            self.position[1] = point[1] - (anchor[1] - view.top) / scale

    def board_point(self, pos: tuple[float, float]) -> tuple[float, float] | None:
        """The board pixel (scale 1) under a screen position (None off the board)."""
        view = self.board_view
        if not view.collidepoint(pos):
            return None
        at = self.at
        w, h = self.renderer.size
        return ((pos[0] - view.left + at[0]) / self.scale) % w, ((pos[1] - view.top + at[1]) / self.scale) % h

    def zoom(self, factor: float, anchor: tuple[float, float] | None = None) -> None:
        """Zoom in (factor > 1) or out around a screen point (by default the free part's centre)."""
        if not self.zooms:
            return
        base = self.whole_scale() if self.whole else self.goal
        self.whole = False
        self.goal = max(self.whole_scale(), min(ZOOM_MAX, base * factor))
        self.zoom_anchor = anchor

    def toggle_whole(self) -> None:
        """The whole board at once, or back to the scale before it (V, the top bar's button)."""
        if not self.zooms:
            return
        if self.whole:
            self.whole, self.goal = False, self.before_whole
        else:
            self.whole, self.before_whole = True, self.goal
        self.zoom_anchor = None

    # ---------------------------------------------------------------- input
    def let_go(self) -> None:
        """Forget the keys and the drag (another screen went over the race)."""
        self.scroll_keys.clear()
        self.dragging = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """W A S D, a right-button drag scroll the board; the wheel, a pinch, + and - zoom; V shows
        the whole board; C brings the camera back."""
        kind = event.type
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.pointer = event.pos
        if controls.pressed(event, *SCROLLING):
            self.scroll_keys |= controls.actions(event) & SCROLLING
            return True
        if controls.released(event, *SCROLLING):
            self.scroll_keys -= controls.actions(event)
            return True
        if controls.pressed(event, Action.CAMERA_BACK):
            self.manual = False
            return True
        if self.zooms and controls.pressed(event, Action.WHOLE_BOARD):
            self.toggle_whole()
            return True
        if self.zooms and controls.pressed(event, Action.ZOOM_IN, Action.ZOOM_OUT):
            self.zoom(ZOOM_STEP if controls.pressed(event, Action.ZOOM_IN) else 1 / ZOOM_STEP)
            return True
        if kind == pygame.MOUSEWHEEL:
            pos = self.pointer
            if event.y and self.zooms:
                self.manual = True
                self.zoom(ZOOM_STEP**event.y, pos if pos is not None and self.view.collidepoint(pos) else None)
            elif event.y:
                self.manual = True
                self.position[1] -= event.y * self.base_tile
            if event.x:
                self.manual = True
                self.position[0] += event.x * self.base_tile / self.scale
            return True
        if kind == pygame.MULTIGESTURE and self.zooms and getattr(event, "num_fingers", 2) >= 2:
            width, height = theme.screen_size()  # (a touchpad's fingers: 0-1 of the window, so of the screen)
            pos = (event.x * width, event.y * height)
            self.manual = True
            self.zoom(max(0.5, 1.0 + event.pinched * PINCH_ZOOM), pos if self.view.collidepoint(pos) else None)
            return True
        if (
            controls.pressed(event, Action.CAMERA_DRAG)
            and kind == pygame.MOUSEBUTTONDOWN
            and self.view.collidepoint(event.pos)
        ):
            self.dragging = event.pos
            return True
        if controls.released(event, Action.CAMERA_DRAG):
            self.dragging = None
            return True
        if kind == pygame.MOUSEMOTION and self.dragging is not None:
            self.manual = True
            self.position[0] -= (event.pos[0] - self.dragging[0]) / self.scale
            self.position[1] -= (event.pos[1] - self.dragging[1]) / self.scale
            self.dragging = event.pos
            return True
        return False

    # ---------------------------------------------------------------- squares on screen
    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The board square under a screen position (None outside the board)."""
        point = self.board_point(pos)
        if point is None:
            return None
        return int(point[1] // self.base_tile), int(point[0] // self.base_tile)

    def spotter(self) -> Spotter:
        """Screen centres where a (float) square shows in the board view, for the camera of this
        moment, as a function with the view and camera fixed (the tokens ask it several times a frame)."""
        width, height = self.board_size()
        view = self.board_view
        across, down = self.fits()
        at_x, at_y = self.at
        tile = self.tile
        half = tile / 2
        left, top, right, bottom = view.left, view.top, view.right, view.bottom

        def spots(where: Where) -> list[tuple[int, int]]:
            xs = _spots_on_axis(where[1] * tile, width, at_x, left, right, tile, not across)
            if not xs:
                return []
            ys = _spots_on_axis(where[0] * tile, height, at_y, top, bottom, tile, not down)
            return [(int(x + half), int(y + half)) for y in ys for x in xs]

        return spots

    def square_rects(self, square: Where) -> list[pygame.Rect]:
        """Where a square shows on screen, as drawn (parts cut by the board view's edge included)."""
        width, height = self.board_size()
        view = self.board_view
        across, down = self.fits()
        at_x, at_y = self.at
        tile = self.tile
        xs = _spots_on_axis(square[1] * tile, width, at_x, view.left, view.right, tile, not across)
        ys = _spots_on_axis(square[0] * tile, height, at_y, view.top, view.bottom, tile, not down)
        return [
            pygame.Rect(round(x), round(y), round(x + tile) - round(x), round(y + tile) - round(y))
            for y in ys
            for x in xs
        ]
