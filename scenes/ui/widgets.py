"""Buttons, choices, text fields and the focus group that drives them.

Every widget can be used with the mouse (hover, click) and the keyboard: a
`FocusGroup` moves the focus with Tab / Shift+Tab and the up and down
arrows, gives left and right to the focused widget, and activates it with
Enter or Space.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes import audio
from scenes.ui import text, theme

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour=theme.PANEL,
    edge=theme.PANEL_EDGE,
    radius: int = 10,
    shadow: bool = True,
    width: int = 1,
) -> None:
    """A rounded panel with a soft shadow and a thin edge."""
    rect = pygame.Rect(rect)
    if shadow:
        pygame.draw.rect(surface, (8, 10, 18), rect.move(0, 4), border_radius=radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if edge is not None and width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def control_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    focused: bool,
    fill: tuple[int, int, int] | None = None,
    radius: int = 8,
    width: int = 3,
) -> None:
    """A control's box: lighter and framed in the focus colour (`width` thick) when focused."""
    colour = fill if fill is not None else (theme.PANEL_LIGHT if focused else theme.PANEL)
    edge = theme.FOCUS if focused else theme.PANEL_EDGE
    panel(surface, rect, colour, edge, radius=radius, shadow=False, width=width if focused else 1)


def titled_card(surface: pygame.Surface, size: tuple[int, int], top: int, title: str, title_size: int) -> pygame.Rect:
    """A menu's card centred across the screen at `top`, its title written at its head; the card."""
    box = pygame.Rect(0, 0, *size)
    box.midtop = (theme.SIZE[0] // 2, top)
    panel(surface, box, (30, 35, 54))
    text.draw(surface, title, (box.centerx, box.top + 28), title_size, theme.ACCENT, "title", anchor="midtop")
    return box


def veil(surface: pygame.Surface, alpha: int = 160) -> None:
    """Darken everything already drawn (for modal screens)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((6, 8, 16, alpha))
    surface.blit(shade, (0, 0))


class Widget:
    """Something on screen that can be hovered, focused and used."""

    focusable = True

    def __init__(self, rect, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.hovered = False

    def activate(self) -> bool:
        """Enter or a click on the widget; True when something happened."""
        return False

    def adjust(self, step: int) -> bool:
        """Left (-1) or right (+1) while focused; True when used."""
        return False

    def click(self, pos) -> bool:
        """A left click at `pos` inside the widget."""
        return self.activate()

    def key(self, event) -> bool:
        """A key press while focused, before the group's own keys; True when used."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        """Draw the widget."""


class Button(Widget):
    """A labelled button that calls `action` when used."""

    def __init__(
        self,
        rect,
        label: str,
        action: Callable[[], None],
        enabled: bool = True,
        size: int = 24,
        primary: bool = False,
        hint: str = "",
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.action = action
        self.size = size
        self.primary = primary
        self.hint = hint

    def activate(self) -> bool:
        if not self.enabled:
            return False
        audio.play("click")
        self.action()
        return True

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not self.enabled:
            fill, edge, colour = (40, 44, 60), (60, 66, 86), theme.DIM
        elif self.primary:
            fill = (214, 160, 48) if (focused or self.hovered) else (186, 136, 38)
            edge, colour = theme.FOCUS if focused else (120, 86, 20), (30, 22, 8)
        else:
            fill = theme.PANEL_LIGHT if (focused or self.hovered) else theme.PANEL
            edge, colour = (theme.FOCUS if focused else theme.PANEL_EDGE), theme.TEXT
        panel(surface, self.rect, fill, edge, radius=8, shadow=True, width=3 if focused else 1)
        text.draw(surface, self.label, self.rect.center, self.size, colour, "bold", anchor="center")
        if self.hint:
            text.draw(
                surface,
                self.hint,
                (self.rect.right - 10, self.rect.centery),
                14,
                colour if self.primary else theme.MUTED,
                anchor="midright",
            )


class Choice(Widget):
    """A value picked among `values` with the arrows (or the < > ends with the mouse)."""

    def __init__(
        self,
        rect,
        label: str,
        values: Sequence[Any],
        index: int,
        on_change: Callable[[Any], None],
        describe: Callable[[Any], str] = str,
        size: int = 22,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.values = list(values)
        self.index = index
        self.on_change = on_change
        self.describe = describe
        self.size = size

    @property
    def value(self):
        """The chosen value."""
        return self.values[self.index]

    def adjust(self, step: int) -> bool:
        if not self.enabled or len(self.values) < 2:
            return False
        self.index = (self.index + step) % len(self.values)
        self.on_change(self.value)
        return True

    def activate(self) -> bool:
        return self.adjust(1)

    def click(self, pos) -> bool:
        return self.adjust(-1 if pos[0] < self.rect.centerx else 1)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        control_box(surface, self.rect, focused, theme.PANEL_LIGHT if (focused or self.hovered) else theme.PANEL)
        y = self.rect.centery
        left = self.rect.left
        if self.label:
            label = text.draw(
                surface, self.label, (self.rect.left + 14, y), self.size - 2, theme.MUTED, anchor="midleft"
            )
            left = label.right + 6
        arrows = theme.ACCENT if self.enabled else theme.DIM
        text.draw(surface, "<", (left + 16, y), self.size, arrows, "bold", anchor="center")
        text.draw(surface, ">", (self.rect.right - 16, y), self.size, arrows, "bold", anchor="center")
        value = self.describe(self.value)
        room = self.rect.right - left - 64
        while len(value) > 3 and text.width(value, self.size, "bold") > room:
            value = value[:-2] + "…"
        text.draw(
            surface, value, ((left + 16 + self.rect.right - 16) // 2, y), self.size, theme.TEXT, "bold", anchor="center"
        )


class TextField(Widget):
    """A one-line text entry (a racer's name)."""

    def __init__(
        self,
        rect,
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
        self.on_change = on_change
        self.max_length = max_length
        self.size = size
        self.placeholder = placeholder
        self.allowed = allowed  # characters taken besides letters and digits (an address takes ":" and "[]")
        self.upper = upper  # letters typed in capitals (a room code)

    def type(self, char: str) -> bool:
        """Add a character (from the keyboard, or the on-screen keyboard); True when taken."""
        if not (char and char.isprintable() and (char.isalnum() or char in self.allowed)):
            return False
        if len(self.value) >= self.max_length or (char == " " and not self.value):
            return False
        self.value += char.upper() if self.upper else char
        self.on_change(self.value)
        return True

    def erase(self) -> None:
        """Remove the last character."""
        self.value = self.value[:-1]
        self.on_change(self.value)

    def key(self, event) -> bool:
        if not self.enabled:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.erase()
            return True
        return self.type(getattr(event, "unicode", ""))

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        control_box(surface, self.rect, focused, (24, 28, 42) if self.enabled else (36, 40, 54), radius=6, width=2)
        shown = self.value or self.placeholder
        colour = theme.TEXT if self.value else theme.DIM
        rect = text.draw(surface, shown, (self.rect.left + 10, self.rect.centery), self.size, colour, anchor="midleft")
        if focused and self.enabled and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = rect.right + 2 if self.value else self.rect.left + 10
            pygame.draw.line(surface, theme.FOCUS, (x, self.rect.top + 7), (x, self.rect.bottom - 7), 2)


class FocusGroup:
    """The widgets of a screen, one of them focused, driven by mouse and keys."""

    def __init__(self, widgets: Sequence[Widget] = (), focus: int = 0) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = focus if self.widgets else -1
        self._skip_disabled(1)

    def set(self, widgets: Sequence[Widget], focus: int | None = None) -> None:
        """Replace the widgets, keeping the focus index when it still fits."""
        keep = self.focus if focus is None else focus
        self.widgets = list(widgets)
        self.focus = min(max(keep, 0), len(self.widgets) - 1) if self.widgets else -1
        self._skip_disabled(1)

    @property
    def focused(self) -> Widget | None:
        """The focused widget."""
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    def focus_on(self, widget: Widget) -> None:
        """Move the focus to `widget`."""
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def _usable(self, widget: Widget) -> bool:
        return widget.focusable and widget.enabled

    def _skip_disabled(self, step: int) -> None:
        if not self.widgets or not any(self._usable(w) for w in self.widgets):
            return
        for _ in range(len(self.widgets)):
            if self._usable(self.widgets[self.focus]):
                return
            self.focus = (self.focus + step) % len(self.widgets)

    def move(self, step: int) -> None:
        """Focus the next (+1) or previous (-1) usable widget."""
        if not self.widgets:
            return
        self.focus = (self.focus + step) % len(self.widgets)
        self._skip_disabled(step)

    def widget_at(self, pos) -> Widget | None:
        """The widget under the mouse."""
        for widget in self.widgets:
            if widget.rect.collidepoint(pos):
                return widget
        return None

    def handle_event(self, event) -> bool:
        """Use an input event; True when it was used."""
        if event.type == pygame.MOUSEMOTION:
            for widget in self.widgets:
                widget.hovered = widget.enabled and widget.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            clicked = self.widget_at(event.pos)
            if clicked is None or not clicked.enabled:
                return False
            if clicked.focusable:
                self.focus_on(clicked)
            clicked.click(event.pos)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        focused = self.focused
        if focused is not None and focused.key(event):
            return True
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN,):
            self.move(1)
            return True
        if event.key in (pygame.K_UP,):
            self.move(-1)
            return True
        if focused is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return focused.adjust(-1 if event.key == pygame.K_LEFT else 1)
        if focused is not None and event.key in ACTIVATE_KEYS:
            return focused.activate()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget, the focused one marked."""
        for index, widget in enumerate(self.widgets):
            widget.draw(surface, index == self.focus)


def menu_buttons(
    items: Sequence[tuple[str, Callable[[], None]]],
    centre_x: int,
    top: int,
    width: int = 360,
    height: int = 54,
    gap: int = 14,
    size: int = 26,
) -> list[Button]:
    """A column of buttons for a menu, the first one primary."""
    buttons = []
    for index, (label, action) in enumerate(items):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + index * (height + gap))
        buttons.append(Button(rect, label, action, size=size, primary=index == 0))
    return buttons
