"""The designers' live preview: `python main.py --board FILE --watch`.

The board is drawn as in a race, from its own Tiled tiles, and drawn again
whenever the file (or a tileset it uses) is saved. A broken version shows its
first problem in one sentence and keeps the last good picture.
"""

from __future__ import annotations

import pygame

from game.boards.maps import BoardWatcher
from scenes.i18n import t
from scenes.render.board import BoardRenderer
from scenes.stack import Scene
from scenes.ui import text, theme

POLL_EVERY = 0.5  # seconds between looks at the file
VIEW = pygame.Rect(0, 56, 1280, 664)
SCROLL_SPEED = 600


class BoardPreview(Scene):
    """Shows one board and reloads it when it changes on disk."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = str(path)
        self.camera = [0.0, 0.0]
        self.keys: set[int] = set()
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
        dx = (pygame.K_d in self.keys or pygame.K_RIGHT in self.keys) - (
            pygame.K_a in self.keys or pygame.K_LEFT in self.keys
        )
        dy = (pygame.K_s in self.keys or pygame.K_DOWN in self.keys) - (
            pygame.K_w in self.keys or pygame.K_UP in self.keys
        )
        self.camera[0] += dx * SCROLL_SPEED * dt
        self.camera[1] += dy * SCROLL_SPEED * dt

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_q):
                if self.app is not None:
                    self.app.quit()
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.tile = min(64, self.tile + 8)
                self._rebuild()
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.tile = max(8, self.tile - 8)
                self._rebuild()
            else:
                self.keys.add(event.key)
        elif event.type == pygame.KEYUP:
            self.keys.discard(event.key)
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
        title = t("preview.board", name=board.name, width=board.width, height=board.height) if board else self.path
        text.draw(surface, t("preview.title", title=title), (16, 28), 24, theme.ACCENT, "heading", anchor="midleft")
        text.draw(surface, t("preview.keys"), (1264, 28), 16, theme.MUTED, anchor="midright")
        if self.watcher.error:
            box = pygame.Rect(40, 600, 1200, 90)
            pygame.draw.rect(surface, (70, 30, 34), box, border_radius=10)
            pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=10)
            text.draw_wrapped(surface, self.watcher.error, box.inflate(-24, -20), 18, theme.TEXT)
