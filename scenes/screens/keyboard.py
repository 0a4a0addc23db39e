"""Letters and digits on screen, for a game controller (no keyboard) to type an address, an invite, a
room code or a name (scenes/screens/join.py)."""

from __future__ import annotations

import pygame

from game.app.controls import Action
from scenes.core import controls, text, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.screens.lobby import fit
from scenes.ui.text_field import TextField
from scenes.ui.widgets import control_box, panel, veil

KEY_ROWS = ("1234567890", "ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ.:-_")
KEY = 64
MOVES = {Action.UP: -1, Action.DOWN: 1, Action.LEFT: -1, Action.RIGHT: 1}  # the focus among the keys


class KeyboardScene(Scene):
    """Letters and digits on screen: the arrows move, Enter types, Escape (a controller's B) closes."""

    opaque = False

    def __init__(self, field: TextField) -> None:
        super().__init__()
        self.field = field
        self.row, self.col = 1, 0
        self.keys: list[list[tuple[str, pygame.Rect]]] = []
        left, top = (theme.SIZE[0] - 10 * (KEY + 8)) // 2, 250
        for r, letters in enumerate(KEY_ROWS):
            self.keys.append(
                [(ch, pygame.Rect(left + c * (KEY + 8), top + r * (KEY + 8), KEY, KEY)) for c, ch in enumerate(letters)]
            )
        bottom = top + len(KEY_ROWS) * (KEY + 8)
        last = ("erase", "space", "/", "done")  # ("/": an invite, race.example.org/KZWX-4242)
        wide = (10 * (KEY + 8) - 8 * (len(last) - 1)) // len(last)
        self.keys.append([(name, pygame.Rect(left + k * (wide + 8), bottom, wide, KEY)) for k, name in enumerate(last)])

    def press(self, key: str) -> None:
        if key == "erase":
            self.field.erase()
        elif key == "space":
            self.field.type(" ")
        elif key == "done":
            self.stack.pop()
        else:
            self.field.type(key.lower() if not self.field.upper and key.isalpha() else key)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            action = controls.which(event, (Action.BACK, Action.CONFIRM, Action.ACTIVATE, *MOVES))
            if event.key == pygame.K_BACKSPACE:  # (a keyboard's own erase, as in a text field)
                self.field.erase()
            elif action is Action.BACK:
                self.stack.pop()
            elif action in (Action.CONFIRM, Action.ACTIVATE):
                self.press(self.keys[self.row][self.col][0])
            elif action in (Action.UP, Action.DOWN):
                self.row = (self.row + MOVES[action]) % len(self.keys)
                self.col = min(self.col, len(self.keys[self.row]) - 1)
            elif action in (Action.LEFT, Action.RIGHT):
                self.col = (self.col + MOVES[action]) % len(self.keys[self.row])
        elif event.type == pygame.TEXTINPUT:  # a keyboard too: what it types goes in the field
            self.field.insert(event.text)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, row in enumerate(self.keys):
                for c, (key, rect) in enumerate(row):
                    if rect.collidepoint(event.pos):
                        self.row, self.col = r, c
                        self.press(key)
                        return None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 190)
        frame = pygame.Rect(0, 0, 10 * (KEY + 8) + 40, 5 * (KEY + 8) + 140)
        frame.midtop = (theme.SIZE[0] // 2, 150)
        panel(surface, frame, (30, 35, 54))
        shown = self.field.value or " "
        box = pygame.Rect(frame.left + 20, frame.top + 20, frame.width - 40, 52)
        panel(surface, box, (24, 28, 42), theme.ACCENT_DARK, radius=6, shadow=False, width=2)  # (the focus: a key)
        text.draw(
            surface,
            fit(shown, box.width - 24, 26, "body"),
            (box.left + 12, box.centery),
            26,
            theme.TEXT,
            anchor="midleft",
        )
        for r, row in enumerate(self.keys):
            for c, (key, rect) in enumerate(row):
                focused = (r, c) == (self.row, self.col)
                control_box(surface, rect, focused)
                label = t(f"keyboard.{key}") if key in ("erase", "space", "done") else key
                text.draw(surface, label, rect.center, 24 if len(key) == 1 else 20, theme.TEXT, "bold", anchor="center")
        text.draw(surface, t("keyboard.keys"), (frame.centerx, frame.bottom - 12), 16, theme.MUTED, anchor="midbottom")
