"""The designers' live preview: `python main.py --board FILE --watch`.

The board is drawn as in a race, from its own Tiled tiles, and drawn again
whenever the file (or a tileset it uses) is saved. A broken version shows its
first problem in one sentence and keeps the last good picture.
"""

from __future__ import annotations

import pygame

from game.app.controls import Action
from game.boards.map_words import sentences
from game.boards.maps import BoardWatcher
from scenes.core import controls, text, theme
from scenes.core.i18n import board_name, language, t
from scenes.core.stack import Scene
from scenes.render.board import BoardRenderer

POLL_EVERY = 0.5  # seconds between looks at the file
VIEW = pygame.Rect(0, 56, 1280, 664)
SCROLL_SPEED = 600
SCROLLING = {Action.CAMERA_UP, Action.CAMERA_DOWN, Action.CAMERA_LEFT, Action.CAMERA_RIGHT}
SCROLLING |= {Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT}


class BoardPreview(Scene):
    """Shows one board and reloads it when it changes on disk."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = str(path)
        self.camera = [0.0, 0.0]
        self.keys: set[Action] = set()  # the scrolling actions held down
        self.since_poll = 0.0
        self.renderer: BoardRenderer | None = None
        self.reloads = 0
        self.tile = 32

    def enter(self) -> None:
        self.watcher = BoardWatcher(self.path)
        self._rebuild()

    def _rebuild(self) -> None:
        board = self.watcher.board
        if board is not None:
            self.renderer = BoardRenderer(board, self.tile)
            self.reloads += 1

    def update(self, dt: float) -> None:
        self.since_poll += dt
        if self.since_poll >= POLL_EVERY:
            self.since_poll = 0.0
            if self.watcher.poll() and self.watcher.error is None:
                self._rebuild()
        held = self.keys
        dx = bool(held & {Action.CAMERA_RIGHT, Action.RIGHT}) - bool(held & {Action.CAMERA_LEFT, Action.LEFT})
        dy = bool(held & {Action.CAMERA_DOWN, Action.DOWN}) - bool(held & {Action.CAMERA_UP, Action.UP})
        self.camera[0] += dx * SCROLL_SPEED * dt
        self.camera[1] += dy * SCROLL_SPEED * dt

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if controls.pressed(event, Action.BACK):
            if self.app is not None:
                self.app.quit()
        elif controls.pressed(event, Action.ZOOM_IN):
            self.tile = min(64, self.tile + 8)
            self._rebuild()
        elif controls.pressed(event, Action.ZOOM_OUT):
            self.tile = max(8, self.tile - 8)
            self._rebuild()
        elif event.type == pygame.KEYDOWN:
            self.keys |= controls.actions(event) & SCROLLING
        elif event.type == pygame.KEYUP:
            self.keys -= controls.actions(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.camera[1] -= event.y * 48
        elif event.type == pygame.MOUSEMOTION and event.buttons[0]:
            self.camera[0] -= event.rel[0]
            self.camera[1] -= event.rel[1]
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        if self.renderer is not None:
            self.renderer.draw(surface, VIEW, self.camera)
        pygame.draw.rect(surface, (16, 19, 30), (0, 0, 1280, 56))
        board = self.watcher.board
        title = (
            t("preview.board", name=board_name(board), width=board.width, height=board.height) if board else self.path
        )
        text.draw(surface, t("preview.title", title=title), (16, 28), 24, theme.ACCENT, "heading", anchor="midleft")
        text.draw(surface, t("preview.keys"), (1264, 28), 16, theme.MUTED, anchor="midright")
        if self.watcher.error:
            box = pygame.Rect(40, 600, 1200, 90)
            pygame.draw.rect(surface, (70, 30, 34), box, border_radius=10)
            pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=10)
            said = self.watcher.problem  # the checker's sentence in the player's language
            line = said.line(sentences(language())) if said is not None else self.watcher.error
            text.draw_wrapped(surface, line, box.inflate(-24, -20), 18, theme.TEXT)
