"""The scene stack: every screen of the game is a `Scene` on a `SceneStack`.

Lifecycle of a scene (each hook does nothing by default):

- ``enter()``   once, when the scene is pushed (or replaces another);
- ``pause()``   when another scene is pushed on top of it;
- ``resume()``  when the scene above it is popped and it is on top again;
- ``exit()``    once, when it is popped or replaced (or the stack is reset).

Every frame, the top scene gets the frame's input through
``handle_event(event)``, which returns ``None`` when the scene used the event
and the event itself otherwise: the event is then handed down the stack to
the scene below (a modal scene simply uses everything). Then the top scene
gets ``update(dt)`` (seconds since the last frame): the only place where time
passes. Finally the stack draws: from the highest scene that is ``opaque``
up to the top, each ``draw(surface)``, which must change nothing, so that
two draws at the same game time give the same picture.

The logical screen follows the window (scenes/app.py) and is never smaller than the design size
(theme.SIZE, 1280x720) for which every menu is laid out. A scene that lays itself out on the whole
screen (the race) says so with ``whole_screen = True`` and is told of a new size by
``resized(size)``; every other scene is drawn into the design-sized region at the centre of a larger
screen (a part of the screen of its own, the backdrop filling the rest) and gets the pointer's
positions in that region's coordinates: the menus need no change to fit any window.

Scenes move between screens through ``self.stack`` (push, pop, replace,
reset) and ask it for the next screen by name (``self.stack.make("title")``)
from the catalogue the application gives it (``scenes.app.SCENES``), so no
scene imports another that could import it back; they reach the application
(settings, saves, quitting) through ``self.app``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import pygame
from pygame import KEYDOWN, KEYUP

from scenes.core import text, theme
from scenes.core.backdrop import backdrop

log = logging.getLogger("fantasy-racing")


class Scene:
    """One screen of the game; subclasses override the hooks they need."""

    #: Whether the scene covers the whole screen (scenes below it are not drawn).
    opaque = True
    #: Whether the scene lays itself out on the whole logical screen (else: on its design-sized centre).
    whole_screen = False

    def __init__(self) -> None:
        # The stack that holds the scene: set by push/replace/reset, None again
        # once popped. Every hook runs while a stack holds the scene, so the
        # scenes use it without checking (typed as always there).
        self.stack: SceneStack = None  # type: ignore[assignment]

    @property
    def app(self) -> Any:
        """The application that runs the stack (settings, saves, quit)."""
        return self.stack.app if self.stack is not None else None

    def enter(self) -> None:
        """The scene was pushed: build what it needs."""

    def exit(self) -> None:
        """The scene was popped or replaced: let go of what it holds."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped: this one is on top again."""

    def handle_event(self, event: pygame.event.Event) -> Any:
        """Use an input event and return None, or return it to hand it down."""
        return event

    def update(self, dt: float) -> None:
        """Let `dt` seconds of game time pass (animations, computer racers)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on `surface`; changes nothing."""

    def resized(self, size: tuple[int, int]) -> None:
        """The logical screen has a new size (the window's, or the interface scale, changed)."""

    def rest(self) -> float | None:
        """While nothing on the screen moves by itself: the seconds before its picture changes by
        itself (math.inf: not before an input, a message or a change of screen), so that the window
        may rest meanwhile (scenes/app.py); None while something animates (every frame drawn)."""
        return None

    def title(self) -> None:
        """Back to the title screen, every other screen closed."""
        self.stack.reset(self.stack.make("title"))


S = TypeVar("S", bound=Scene)


class SceneStack:
    """The scenes of the game, the top one active, those below it still drawn."""

    # (app: Any: scenes.app.App, which imports this module; each scene reads what it needs of it)
    def __init__(self, app: Any = None, catalogue: Mapping[str, Callable[..., Scene]] | None = None) -> None:
        self.app = app
        self.catalogue: dict[str, Callable[..., Scene]] = dict(catalogue or {})
        self.scenes: list[Scene] = []
        self._down: set[int] = set()  # keys held down now
        # Screen changes asked while a scene handles an event or lets time pass wait here, and are
        # applied once it has returned (Tuxemon's state queue): a scene never leaves the stack in
        # the middle of its own code, and what it does after asking happens on the stack it knew.
        self._working = 0
        self._queued: list[Callable[[], object]] = []
        self._held_over: set[int] = set()  # keys held down since before the top scene changed

    @property
    def top(self) -> Scene | None:
        """The active scene, or None when the stack is empty."""
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the catalogue's kind `name`, built with the arguments given."""
        try:
            factory = self.catalogue[name]
        except KeyError:
            raise KeyError(
                f"no scene called {name!r} in the stack's catalogue "
                f"(it has: {', '.join(sorted(self.catalogue)) or 'none'})"
            ) from None
        return factory(*args, **kwargs)

    @property
    def changing(self) -> bool:
        """Whether a change of screen is asked and waits for the scene at work to return."""
        return bool(self._queued)

    def _when_free(self, change: Callable[[], object]) -> bool:
        """Queue `change` while a scene is at work (True), else let the caller make it now (False)."""
        if self._working:
            self._queued.append(change)
            return True
        return False

    def _work(self, action: Callable[[], Any]) -> Any:
        """Run a scene's handler or update, then the screen changes it asked for, in order."""
        self._working += 1
        try:
            return action()
        finally:
            self._working -= 1
            while not self._working and self._queued:
                self._queued.pop(0)()

    def push(self, scene: S) -> S:
        """Put `scene` on top; the one below is paused (once the scene at work has returned)."""
        if self._when_free(lambda: self.push(scene)):
            return scene
        if self.scenes:
            self.scenes[-1].pause()
        return self._enter(scene)

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below resumes (once the scene at work has returned: then
        None is returned)."""
        if self._when_free(self.pop):
            return None
        if not self.scenes:
            return None
        scene = self._leave()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: S) -> S:
        """Swap the top scene for `scene` (the one below is not resumed)."""
        if self._when_free(lambda: self.replace(scene)):
            return scene
        if self.scenes:
            self._leave()
        return self._enter(scene)

    def reset(self, scene: S) -> S:
        """Empty the stack (top first) and start again from `scene`."""
        if self._when_free(lambda: self.reset(scene)):
            return scene
        self.close()
        return self.push(scene)

    def close(self) -> None:
        """Empty the stack (top first), each scene exiting (the window closes)."""
        while self.scenes:
            self._leave()

    def _enter(self, scene: S) -> S:
        """`scene` on top, entering."""
        scene.stack = self
        self.scenes.append(scene)
        log.info("screen: %s", type(scene).__name__)  # (what a player's report and the window tests follow)
        scene.enter()
        return scene

    def _leave(self) -> Scene:
        """The top scene off the stack, exiting."""
        scene = self.scenes.pop()
        scene.exit()
        scene.stack = None  # type: ignore[assignment]  # off the stack
        return scene

    def handle_event(self, event: pygame.event.Event) -> Any:
        """Offer an event to the top scene, then down the stack; None once used.

        A key still held down when the top scene changed (its repeats, its
        release) belongs to the scene that was left: the new one never sees
        it, so holding Enter a little long never skips a screen.
        """
        kind = getattr(event, "type", None)
        key = getattr(event, "key", None)
        if kind in (KEYDOWN, KEYUP) and key in self._held_over:
            if kind == KEYUP:
                self._held_over.discard(key)
                self._down.discard(key)
            return None
        if kind == KEYDOWN and key is not None:
            self._down.add(key)
        elif kind == KEYUP:
            self._down.discard(key)
        top = self.top

        def offer(event: pygame.event.Event) -> Any:
            for scene in reversed(list(self.scenes)):
                if event is None:
                    break
                seen = self.seen_by(scene, event)
                used = scene.handle_event(seen)
                event = event if used is seen else used
            return event

        event = self._work(lambda: offer(event))
        if self.top is not top:
            self._held_over |= self._down
        return event

    def rest(self) -> float | None:
        """The top scene's rest (None: it animates, or there is none)."""
        return self.scenes[-1].rest() if self.scenes else None

    def update(self, dt: float) -> None:
        """Let time pass for the top scene only."""
        if self.scenes:
            self._work(lambda: self.scenes[-1].update(dt))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest opaque scene up to the top."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        for scene in list(self.scenes[start:]):
            text.layer()  # (a test's recorder compares each scene's words with its own)
            scene.draw(self.area(scene, surface))

    def resized(self, size: tuple[int, int]) -> None:
        """Tell every scene the logical screen's new size."""
        for scene in list(self.scenes):
            scene.resized(size)

    @staticmethod
    def area(scene: Scene, surface: Any) -> Any:
        """Where `scene` draws: the whole screen, or, for a scene laid out for the design size on a
        larger screen, the design-sized region at its centre (an opaque one's backdrop around it)."""
        if scene.whole_screen or not isinstance(surface, pygame.Surface) or surface.get_size() == theme.SIZE:
            return surface
        size = surface.get_size()
        if scene.opaque:
            surface.blit(backdrop(size), (0, 0))  # (the whole screen's, kept)
        return surface.subsurface((*theme.design_offset(size), *theme.SIZE))

    @staticmethod
    def seen_by(scene: Scene, event: pygame.event.Event) -> pygame.event.Event:
        """`event` as `scene` sees it: a pointer's position in its region's coordinates (see `area`)."""
        pos = getattr(event, "pos", None)
        if scene.whole_screen or pos is None:
            return event
        x, y = theme.design_offset()
        if not (x or y):
            return event
        data = dict(event.dict)
        data["pos"] = (pos[0] - x, pos[1] - y)
        return pygame.event.Event(event.type, data)
