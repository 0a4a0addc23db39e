"""What each part of the race screen reads of the race scene: one narrow interface a part.

The race scene (scene.py) hands its parts itself; each part sees it only through the interface
below that names what that part reads (never the whole scene), so what a part depends on is
written in one place and mypy checks that the scene provides it. Read-only: a part changes the
scene only through what it names (a camera it moves, a method it calls).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scenes.render.stage import Stage

if TYPE_CHECKING:
    import pygame

    from game import Race
    from game.app.session import Session
    from scenes.core.stack import SceneStack
    from scenes.race.camera import Camera
    from scenes.race.decisions import DecisionPanel
    from scenes.race.playback import Playback
    from scenes.race.seats import Seats
    from scenes.race.zoom import ZoomableBoard


class Shown(Protocol):
    """What every part reads: the race as it stands, and the board view's place on the screen."""

    @property
    def race(self) -> Race: ...

    @property
    def view(self) -> pygame.Rect: ...

    @property
    def panel(self) -> DecisionPanel | None: ...

    @property
    def busy(self) -> bool: ...


class TopBar(Protocol):
    """What the Undo button reads of the race's drawing: the top bar as the HUD drew it."""

    def hud(self) -> pygame.Surface: ...


class Legend(Protocol):
    """What the inspector reads of the race's drawing: when the HUD changed, the explanation's link to
    the rule book; and what it asks of it: to draw the HUD whole again."""

    @property
    def link(self) -> tuple[pygame.Rect, str] | None: ...

    def hud_key(self) -> tuple[Any, ...]: ...

    def forget(self) -> None: ...


class UndoScene(Shown, Protocol):
    """What the Undo button (takeback.py) reads: who may take back, its line's clock, the top bar."""

    @property
    def session(self) -> Session: ...

    @property
    def seats(self) -> Seats[Any]: ...

    @property
    def drawing(self) -> TopBar: ...

    @property
    def clock(self) -> float: ...

    def can_take_back(self) -> bool: ...

    def banner_top(self) -> int: ...


class ViewScene(Protocol):
    """What the view's buttons (view_buttons.py) read and do: the board view, the camera, the cards."""

    @property
    def view(self) -> pygame.Rect: ...

    @property
    def camera(self) -> Camera: ...

    @property
    def folded(self) -> bool: ...

    def toggle_cards(self) -> None: ...


class InspectedScene(Shown, Protocol):
    """What the inspector (inspect.py) reads: the playback's phase, the drawing's HUD, the stack."""

    @property
    def playback(self) -> Playback: ...

    @property
    def drawing(self) -> Legend: ...

    @property
    def folded(self) -> bool: ...

    @property
    def stack(self) -> SceneStack: ...


class DrawnScene(Shown, Stage, Protocol):
    """What the race's drawing (drawing.py) paints from: the camera, the playback, the seats' words,
    the board's picture, the zoom, the clock; and what its animations read (`Stage`)."""

    def banner_top(self) -> int: ...

    @property
    def camera(self) -> Camera: ...

    @property
    def playback(self) -> Playback: ...

    @property
    def seats(self) -> Seats[Any]: ...

    @property
    def renderer(self) -> ZoomableBoard: ...

    @property
    def tile(self) -> int: ...

    @property
    def clock(self) -> float: ...

    @property
    def stack(self) -> SceneStack: ...

    def token_moves(self) -> tuple[dict[int, Any], set[int]]: ...


class TalkingScene(Protocol):
    """What the quick messages' button (scenes/race/quick.py) reads: the seats (a network race's talk), and
    where the race log is (the button stands on its heading, folded away with it)."""

    @property
    def seats(self) -> Seats[Any]: ...

    @property
    def folded(self) -> bool: ...

    @property
    def log_box(self) -> pygame.Rect | None: ...
