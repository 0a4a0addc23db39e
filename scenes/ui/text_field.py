"""A one-line text entry (a racer's name, an address, a room code) for the focus group of
scenes/ui/widgets.py.

A `TextField` takes what the system types (`TEXTINPUT`: input methods, compose
and dead keys, on-screen keyboards), pasted text (Ctrl+V, Shift+Insert), and
has a caret with the editing keys a player expects (Left / Right, Home / End,
Backspace / Delete, Ctrl with the arrows and Backspace for a word).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame
from pygame.typing import RectLike

from game.app.controls import Action
from scenes.core import controls, text, theme
from scenes.ui.editing import clipboard_text, command_held
from scenes.ui.widgets import FocusGroup, Widget, control_box, fit

CARET_BLINK = 500  # milliseconds a focused field's caret is shown, then hidden


class TextField(Widget):
    """A one-line text entry (a racer's name, an address, a room code): see the module."""

    field = True
    types = True

    def __init__(
        self,
        rect: RectLike,
        value: str,
        on_change: Callable[[str], None],
        max_length: int = 14,
        size: int = 20,
        placeholder: str = "",
        allowed: str = " -_'.",
        upper: bool = False,
    ) -> None:
        super().__init__(rect)
        self.value = value
        self.caret = len(value)  # where the next character goes (0: before the first)
        self.composing = ""  # what an input method is composing, not yet typed (TEXTEDITING)
        self.on_change = on_change
        self.max_length = max_length
        self.size = size
        self.placeholder = placeholder
        self.allowed = allowed  # characters taken besides letters and digits (an address takes ":" and "[]")
        self.upper = upper  # letters typed in capitals (a room code)

    # ---------------------------------------------------------------- editing
    def takes(self, char: str) -> bool:
        """Whether the field takes this character (letters of every language, digits, `allowed`)."""
        return bool(char) and char.isprintable() and (char.isalnum() or char in self.allowed)

    def insert(self, words: str) -> bool:
        """Type `words` at the caret (typed, composed or pasted): the characters the field takes, up to
        its length; True when something was taken."""
        words = unicodedata.normalize("NFC", " ".join(str(words).splitlines()))  # (an é typed as e + ´ is one letter)
        value, caret = self.value, min(self.caret, len(self.value))
        for char in words:
            if not self.takes(char) or len(value) >= self.max_length:
                continue
            if char == " " and (caret == 0 or value[caret - 1] == " "):
                continue  # no space first, nor two in a row
            char = char.upper() if self.upper else char
            value, caret = value[:caret] + char + value[caret:], caret + 1
        if value == self.value:
            return False
        self.value, self.caret = value, caret
        self.on_change(self.value)
        return True

    def type(self, char: str) -> bool:
        """Add a character at the caret (the on-screen keyboard); True when taken."""
        return self.insert(char)

    def set_value(self, value: str) -> None:
        """Replace the whole text (the caret at its end)."""
        self.value, self.caret = value, len(value)

    def _word_start(self) -> int:
        """Where the word before the caret starts (Ctrl+Left, Ctrl+Backspace)."""
        at = self.caret
        while at > 0 and self.value[at - 1] == " ":
            at -= 1
        while at > 0 and self.value[at - 1] != " ":
            at -= 1
        return at

    def _word_end(self) -> int:
        """Where the word after the caret ends (Ctrl+Right, Ctrl+Delete)."""
        at, end = self.caret, len(self.value)
        while at < end and self.value[at] == " ":
            at += 1
        while at < end and self.value[at] != " ":
            at += 1
        return at

    def _cut(self, start: int, end: int) -> None:
        if start == end:
            return
        self.value = self.value[:start] + self.value[end:]
        self.caret = start
        self.on_change(self.value)

    def erase(self, word: bool = False) -> None:
        """Backspace: the character (or the word) before the caret."""
        self.caret = min(self.caret, len(self.value))
        self._cut(self._word_start() if word else max(0, self.caret - 1), self.caret)

    def delete(self, word: bool = False) -> None:
        """Delete: the character (or the word) after the caret."""
        self.caret = min(self.caret, len(self.value))
        self._cut(self.caret, self._word_end() if word else min(len(self.value), self.caret + 1))

    def paste(self) -> bool:
        """Ctrl+V: the clipboard's text typed at the caret."""
        return self.insert(clipboard_text())

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type != pygame.KEYDOWN:
            return False
        command, k = command_held(event), event.key
        self.caret = min(self.caret, len(self.value))
        if k == pygame.K_BACKSPACE:
            self.erase(word=command)
        elif k == pygame.K_DELETE:
            self.delete(word=command)
        elif k == pygame.K_LEFT:
            self.caret = self._word_start() if command else max(0, self.caret - 1)
        elif k == pygame.K_RIGHT:
            self.caret = self._word_end() if command else min(len(self.value), self.caret + 1)
        elif k == pygame.K_HOME:
            self.caret = 0
        elif k == pygame.K_END:
            self.caret = len(self.value)
        elif (command and k == pygame.K_v) or (k == pygame.K_INSERT and event.mod & pygame.KMOD_SHIFT):
            self.paste()
        elif command:
            return False  # (another shortcut: not the field's)
        elif k == pygame.K_SPACE or (getattr(event, "unicode", "") or "\r").isprintable():
            pass  # a character: it comes as the system's TEXTINPUT (with accents, compose and input methods)
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        """A click puts the caret between the two characters nearest the pointer."""
        if self.enabled:
            x = pos[0] - self._text_left()
            widths = [text.width(self.value[:i], self.size) for i in range(len(self.value) + 1)]
            self.caret = min(range(len(widths)), key=lambda i: abs(widths[i] - x))
        return True

    # ---------------------------------------------------------------- drawing
    def _text_left(self) -> int:
        """Where the text starts: the box's left, or further left when the caret would be past its right."""
        inner = self.rect.width - 20
        before = text.width(self.value[: self.caret] + self.composing, self.size)
        return self.rect.left + 10 - max(0, before - inner + 4)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        control_box(surface, self.rect, focused, (24, 28, 42) if self.enabled else (36, 40, 54), radius=6, width=2)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-6, -4).clip(clip) if clip else self.rect.inflate(-6, -4))
        y = self.rect.centery
        if not self.value and not self.composing:
            shown = fit(self.placeholder, self.rect.width - 20, self.size)
            text.draw(surface, shown, (self.rect.left + 10, y), self.size, theme.DIM, anchor="midleft")
            x = self.rect.left + 10
        else:
            caret = min(self.caret, len(self.value))
            left = self._text_left()
            before = text.draw(surface, self.value[:caret], (left, y), self.size, theme.TEXT, anchor="midleft")
            x = before.right if self.value[:caret] else left
            if self.composing:  # an input method's word being composed: underlined, not typed yet
                drawn = text.draw(surface, self.composing, (x, y), self.size, theme.ACCENT, anchor="midleft")
                pygame.draw.line(surface, theme.ACCENT, (drawn.left, drawn.bottom - 2), (drawn.right, drawn.bottom - 2))
                x = drawn.right
            text.draw(surface, self.value[caret:], (x, y), self.size, theme.TEXT, anchor="midleft")
        surface.set_clip(clip)
        if focused and self.enabled and (pygame.time.get_ticks() // CARET_BLINK) % 2 == 0:
            pygame.draw.line(surface, theme.FOCUS, (x, self.rect.top + 7), (x, self.rect.bottom - 7), 2)


def caret_rest() -> float:
    """Seconds until a focused field's caret blinks on or off (a resting screen's next change)."""
    return (CARET_BLINK - pygame.time.get_ticks() % CARET_BLINK) / 1000


def handle_form(
    group: FocusGroup, event: pygame.event.Event, submit: Callable[[], object] | None, back: Callable[[], object]
) -> None:
    """A form's input: Enter in a text field `submit`s it (when it may be sent: not None); otherwise the
    screen's input of `group`, Back being `back`."""
    if submit is not None and controls.pressed(event, Action.CONFIRM) and isinstance(group.focused, TextField):
        submit()
        return
    group.handle_screen(event, {Action.BACK: back})
