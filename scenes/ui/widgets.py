"""Buttons, choices and the focus group that drives them (and the text fields of
scenes/ui/text_field.py).

Every widget can be used with the mouse (hover, click) and the keyboard: a
`FocusGroup` moves the focus with the up and down arrows (Tab / Shift+Tab go
from field to field: a text field or a choice, never a button between two),
gives left and right to the focused widget, and activates it with Enter or
Space. One control is shown focused at a time: the default action (a primary
button) is drawn as such only while it has the focus.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame
from pygame.typing import RectLike

from game.app.controls import Action
from scenes.core import audio, controls, text, theme
from scenes.core.text import fitting_size

PRIMARY_FILL = (214, 160, 48)  # the default action's gold, while it has the focus


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: theme.Colour = theme.PANEL,
    edge: theme.Colour = theme.PANEL_EDGE,
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
    text.panel(surface, rect)  # (the recorder's: the words placed on it are to stay inside it)


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
    if title:
        text.draw(surface, title, (box.centerx, box.top + 28), title_size, theme.ACCENT, "title", anchor="midtop")
    return box


def warning_sign(surface: pygame.Surface, right_middle: tuple[int, int], height: int) -> pygame.Rect:
    """A warning's sign (a triangle with "!"), its right end at `right_middle`: warnings, costs and
    refusals carry it as well as their colour."""
    h = max(10, int(height * 0.9))
    rect = pygame.Rect(0, 0, int(h * 1.15), h)
    rect.midright = (right_middle[0] - 4, right_middle[1])
    points = [(rect.centerx, rect.top), (rect.right, rect.bottom), (rect.left, rect.bottom)]
    pygame.draw.polygon(surface, theme.ACCENT, points)
    pygame.draw.polygon(surface, (30, 22, 8), points, 1)
    text.draw(
        surface, "!", (rect.centerx, rect.centery + h // 8), max(9, int(h * 0.8)), (30, 22, 8), "bold", anchor="center"
    )
    return rect


def veil(surface: pygame.Surface, alpha: int = 160) -> None:
    """Darken everything already drawn (for modal screens): the whole screen, also around the region
    of a larger screen a menu is drawn in (scenes/core/stack.py gives it a part of the screen)."""
    whole = surface.get_abs_parent()
    key = (whole.get_size(), alpha)
    shade = _VEIL.get(key)
    if shade is None:  # one shade kept, the last screen's: not a screen-sized picture made every frame
        shade = pygame.Surface(whole.get_size(), pygame.SRCALPHA)
        shade.fill((6, 8, 16, alpha))
        _VEIL.clear()
        _VEIL[key] = shade
    whole.blit(shade, (0, 0))


_VEIL: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


class Widget:
    """Something on screen that can be hovered, focused and used."""

    focusable = True
    field = False  # a field of a form (a text field, a choice): Tab goes from one to the next
    types = False  # takes typed words (TEXTINPUT, TEXTEDITING: scenes/ui/text_field.py's TextField)

    def __init__(self, rect: RectLike, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.hovered = False

    def activate(self) -> bool:
        """Enter or a click on the widget; True when something happened."""
        return False

    def adjust(self, step: int) -> bool:
        """Left (-1) or right (+1) while focused; True when used."""
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click at `pos` inside the widget."""
        return self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        """A key press while focused, before the group's own keys; True when used."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        """Draw the widget."""


class Button(Widget):
    """A labelled button that calls `action` when used."""

    def __init__(
        self,
        rect: RectLike,
        label: str,
        action: Callable[[], None],
        enabled: bool = True,
        size: int = 24,
        primary: bool = False,
        hint: str | Callable[[], str] = "",
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.action = action
        self.size = size
        self.primary = primary
        self.said = hint  # its key, at its right: words, or how to say them (the player's binding, as he rebinds)

    @property
    def hint(self) -> str:
        """The key named at the button's right ("Enter"): the binding in use when it names one."""
        return self.said() if callable(self.said) else self.said

    def activate(self) -> bool:
        if not self.enabled:
            return False
        audio.play("click")
        self.action()
        return True

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        # the default action is gold only while focused: one control at a time looks chosen
        if not self.enabled:
            fill, edge, colour = (40, 44, 60), (60, 66, 86), theme.DIM
        elif self.primary and focused:
            fill, edge, colour = PRIMARY_FILL, theme.FOCUS, (30, 22, 8)
        else:
            fill = theme.PANEL_LIGHT if (focused or self.hovered) else theme.PANEL
            edge, colour = (theme.FOCUS if focused else theme.PANEL_EDGE), theme.TEXT
        panel(surface, self.rect, fill, edge, radius=8, shadow=True, width=3 if focused else 1)
        label, hint = self.label, self.hint
        room = self.rect.width - 16 - (2 * (text.width(hint, 14) + 12) if hint else 0)
        if hint and text.width(label, self.size, "bold") > room:  # the words first (the footer names the key)
            hint, room = "", self.rect.width - 16
        size = fitting_size(label, room, self.size, "bold")
        text.draw(surface, fit(label, room, size, "bold"), self.rect.center, size, colour, "bold", anchor="center")
        if hint:
            text.draw(
                surface,
                hint,
                (self.rect.right - 10, self.rect.centery),
                14,
                colour if self.primary and focused else theme.MUTED,
                anchor="midright",
            )


def confirm_key() -> str:
    """The words of the key that confirms, for a default button's hint ("Enter", or the player's own)."""
    return controls.words(Action.CONFIRM)


def fit(words: str, room: int, size: int, kind: str = "body") -> str:
    """`words` cut short with "…" to fit `room` pixels (`text.fit`: fitted once, however long)."""
    return text.fit(words, room, size, kind)


class Choice(Widget):
    """A value picked among `values` with the arrows (or the < > ends with the mouse); values in an
    order (numbers, sizes, speeds) stop at their ends, a list without one goes round (`wrap`)."""

    field = True

    def __init__(
        self,
        rect: RectLike,
        label: str,
        values: Sequence[Any],
        index: int,
        on_change: Callable[[Any], None],
        describe: Callable[[Any], str] = str,
        size: int = 22,
        wrap: bool = False,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.values = list(values)
        self.index = index
        self.on_change = on_change
        self.describe = describe
        self.size = size
        self.wrap = wrap  # a list without an order (characters, boards) goes round; numbers stop at their ends

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.values[self.index]

    def adjust(self, step: int) -> bool:
        if not self.enabled or len(self.values) < 2:
            return False
        index = (
            (self.index + step) % len(self.values)
            if self.wrap
            else max(0, min(len(self.values) - 1, self.index + step))
        )
        if index == self.index:
            return True  # (at its end: the key is used, nothing changes)
        self.index = index
        self.on_change(self.value)
        return True

    def activate(self) -> bool:
        if not self.wrap and self.index == len(self.values) - 1:
            return self.adjust(-(len(self.values) - 1))  # (Space on the last value: back to the first)
        return self.adjust(1)

    def arrows_x(self) -> tuple[int, int]:
        """Where "<" and ">" stand (a long label pushes "<" to the right of the field's middle)."""
        left = self.rect.left
        if self.label:
            left += 14 + text.width(self.label, self.size - 2) + 6
        return left + 16, self.rect.right - 16

    def click(self, pos: tuple[int, int]) -> bool:
        """A click lowers left of the value's middle ("<" included) and raises right of it."""
        lower, higher = self.arrows_x()
        return self.adjust(-1 if pos[0] < (lower + higher) // 2 else 1)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        control_box(surface, self.rect, focused, theme.PANEL_LIGHT if (focused or self.hovered) else theme.PANEL)
        y = self.rect.centery
        left = self.rect.left
        if self.label:
            label = text.draw(
                surface, self.label, (self.rect.left + 14, y), self.size - 2, theme.MUTED, anchor="midleft"
            )
            left = label.right + 6
        lower = self.enabled and (self.wrap or self.index > 0)
        higher = self.enabled and (self.wrap or self.index < len(self.values) - 1)
        text.draw(
            surface, "<", (left + 16, y), self.size, theme.ACCENT if lower else theme.DIM, "bold", anchor="center"
        )
        text.draw(
            surface,
            ">",
            (self.rect.right - 16, y),
            self.size,
            theme.ACCENT if higher else theme.DIM,
            "bold",
            anchor="center",
        )
        value = self.describe(self.value)
        room = self.rect.right - left - 64
        size = fitting_size(value, room, self.size, "bold")
        text.draw(
            surface,
            fit(value, room, size, "bold"),
            ((left + 16 + self.rect.right - 16) // 2, y),
            size,
            theme.TEXT,
            "bold",
            anchor="center",
        )


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

    def move_across(self, step: int) -> bool:
        """Left (-1) or Right (+1) on a widget that takes no value: the nearest usable widget beside
        it on the same row (buttons side by side); True when the focus moved."""
        focused = self.focused
        if focused is None:
            return False
        here = focused.rect
        beside = [
            w
            for w in self.widgets
            if w is not focused
            and self._usable(w)
            and w.rect.top < here.bottom
            and here.top < w.rect.bottom
            and (w.rect.centerx - here.centerx) * step > 0
        ]
        if not beside:
            return False
        self.focus_on(min(beside, key=lambda w: abs(w.rect.centerx - here.centerx)))
        return True

    def next_field(self, step: int) -> None:
        """Tab (+1) or Shift+Tab (-1): the next usable field (a text field, a choice), never a button
        between two; on a screen without fields, the next usable widget."""
        fields = [i for i, w in enumerate(self.widgets) if w.field and self._usable(w)]
        if not fields:
            self.move(step)
            return
        count = len(self.widgets)
        self.focus = min(fields, key=lambda i: ((i - self.focus) * step - 1) % count)

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        """The widget under the mouse."""
        for widget in self.widgets:
            if widget.rect.collidepoint(pos):
                return widget
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
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
        focused = self.focused
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            return focused is not None and focused.types and focused.key(event)  # (typed words: a field's only)
        if event.type != pygame.KEYDOWN:
            return False
        if focused is not None and focused.key(event):
            return True
        action = controls.which(event, (Action.NEXT_FIELD, Action.DOWN, Action.UP, Action.LEFT, Action.RIGHT))
        if action is Action.NEXT_FIELD:
            self.next_field(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if action in (Action.DOWN, Action.UP):
            self.move(1 if action is Action.DOWN else -1)
            return True
        if focused is not None and action in (Action.LEFT, Action.RIGHT):
            step = -1 if action is Action.LEFT else 1
            return focused.adjust(step) or self.move_across(step)
        if focused is not None and controls.pressed(event, Action.CONFIRM, Action.ACTIVATE):
            return focused.activate()
        return False

    def handle_screen(
        self,
        event: pygame.event.Event,
        keys: Mapping[Action, Callable[[], object]],
        used: Callable[[], object] | None = None,
        wheel: Callable[[int], object] | None = None,
    ) -> bool:
        """A screen's input: its widgets first (then `used`, e.g. the focused line scrolled into view),
        the mouse wheel (`wheel(rows)`, up > 0), then the first of `keys` pressed does what it maps to
        (Back: leave; the screen's own keys); True when the event was used."""
        if self.handle_event(event):
            if used is not None:
                used()
            return True
        if wheel is not None and event.type == pygame.MOUSEWHEEL:
            wheel(event.y)
            return True
        action = controls.which(event, keys)
        if action is None:
            return False
        keys[action]()
        return True

    def handle_card(self, event: pygame.event.Event, back: Callable[[], object]) -> None:
        """A card's input, its buttons side by side over the screen (a question): Left and Right go from
        one to the next, Back is `back`."""
        if controls.pressed(event, Action.LEFT, Action.RIGHT):
            self.move(1)
        else:
            self.handle_screen(event, {Action.BACK: back})

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget, the focused one marked."""
        for index, widget in enumerate(self.widgets):
            text.control(surface, widget.rect, str(getattr(widget, "label", type(widget).__name__)))
            widget.draw(surface, index == self.focus)
        text.control(surface, None)


def place_rows(rows: Sequence[Widget], focus: int, first: int, shown: int, top: int, gap: int) -> int:
    """A scrolled list's first row on screen, from `first`, moved so that the focused row (`focus`, when one
    of `rows`) is among the `shown` on screen; each row's rect put where it is drawn, from `top`, `gap`
    apart (off screen: away)."""
    if focus < len(rows):
        first = min(max(first, focus - shown + 1), focus)
    first = max(0, min(first, len(rows) - shown))
    for index, row in enumerate(rows):
        on_screen = first <= index < first + shown
        row.rect.top = top + (index - first) * (row.rect.height + gap) if on_screen else -1000
    return first


def menu_buttons(
    items: Sequence[tuple[str, Callable[[], None]]],
    centre_x: int,
    top: int,
    width: int = 360,
    height: int = 54,
    gap: int = 14,
    size: int = 26,
    bottom: int = 0,
) -> list[Button]:
    """A column of buttons for a menu, the first one primary: each as tall as designed or as its words
    at the Text size; two columns side by side when one would go below `bottom` (when given)."""
    height = text.tall(height, size, "bold", margin=3)
    columns = 1
    if bottom and top + len(items) * (height + gap) - gap > bottom:
        columns = 2
        gap = max(4, min(gap, (bottom - top) // max(1, (len(items) + 1) // 2) - height))
    rows = -(-len(items) // columns)
    buttons = []
    for index, (label, action) in enumerate(items):
        column, row = divmod(index, rows)
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x + (column - (columns - 1) / 2) * (width + 24), top + row * (height + gap))
        buttons.append(Button(rect, label, action, size=size, primary=index == 0))
    return buttons
