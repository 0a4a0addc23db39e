"""Settings > Controls: every action of the game (game/app/controls.py) with its keys, mouse buttons
and controller buttons, in the player's words; he rebinds any of them.

Enter (or a click) on an action, then the new key, mouse button or controller button: it becomes the
action's one binding of its kind (a key its keys, a button its buttons); Delete brings the focused
action's own defaults back. A binding another action of
the same place already has is refused, the screen naming that action; Escape (the keyboard's) stops
listening. *Restore defaults* brings every action back to the game's table. Each change is used at
once and saved with the settings.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
from pygame.typing import RectLike

from game.app.controls import ACTIONS, MOUSE_BUTTONS, Action, device, rebind, restore
from scenes.core import audio, controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.core.text import fitting_size
from scenes.ui.widgets import (
    Button,
    FocusGroup,
    Widget,
    control_box,
    fit,
    place_rows,
    titled_card,
    veil,
    warning_sign,
)

LIST = pygame.Rect(96, 150, 1088, 406)  # where the rows go
ROW_H, GAP = 32, 2
SHOWN = (LIST.height + GAP) // (ROW_H + GAP)  # rows on screen at once (the list scrolls for more)
COLUMNS = (0.0, 0.46, 0.77)  # where the action's words, its keys and its controller's buttons start (of the width)
PAD, INSET = 10, (12, 8)  # px between two columns' words; a row's words from its left and right edges
_STARTS: dict[tuple[Any, ...], tuple[int, ...]] = {}


def column_starts(left: int, width: int) -> tuple[int, ...]:
    """Where a row's three columns of words start, and where its words end: as designed (COLUMNS) when
    each column's widest words fit there, else each column as wide as its widest words (measured at the
    Text size, in the player's language) and the room left shared out, so that none is drawn smaller."""
    cells = [[t(f"action.{row.action.value}") for row in ACTIONS]]
    cells += [[kind_words(row.action, kinds) for row in ACTIONS] for kinds in (("key", "mouse"), ("pad",))]
    key = (left, width, theme.text_scale(), *cells[0], *cells[1], *cells[2])
    if key not in _STARTS:
        needs = [max(text.width(w, 17, kind) for w in words) + PAD for words, kind in zip(cells, KINDS)]
        room = width - sum(INSET)
        designed = [int(c * width) for c in COLUMNS] + [room]
        if all(need <= designed[k + 1] - designed[k] for k, need in enumerate(needs)):
            widths = [designed[k + 1] - designed[k] for k in range(3)]
        else:
            spare = max(0, room - sum(needs)) // 3
            widths = [need + spare for need in needs]
        starts = [left + INSET[0]]
        for w in widths:
            starts.append(starts[-1] + w)
        _STARTS.clear()
        _STARTS[key] = tuple(starts)
    return _STARTS[key]


def kind_words(action: Action, kinds: tuple[str, ...]) -> str:
    """The bindings of `action` of these kinds ("key", "mouse", "pad"), in the player's words."""
    found = [controls.binding_words(b) for b in controls.bindings(action) if device(b) in kinds]
    return " / ".join(found) if found else "—"


KINDS = ("body", "bold", "bold")  # the faces of a row's three columns: the action, its keys, its buttons


class BindingRow(Widget):
    """An action and its bindings: Enter (or a click) listens for its new key or button."""

    def __init__(self, rect: RectLike, action: Action, listen: Callable[[BindingRow], None]) -> None:
        super().__init__(rect)
        self.action = action
        self.listen = listen
        self.listening = False

    def activate(self) -> bool:
        audio.play("click")
        self.listen(self)
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        return self.activate()

    def keys_words(self) -> str:
        """Its keys and mouse buttons, or what it waits for."""
        return t("controls.listening") if self.listening else kind_words(self.action, ("key", "mouse"))

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        control_box(surface, self.rect, focused, theme.PANEL_LIGHT if (focused or self.hovered) else theme.PANEL, 6, 2)
        size, y = 17, self.rect.centery
        starts = column_starts(self.rect.left, self.rect.width)
        cells = [
            (t(f"action.{self.action.value}"), theme.TEXT, "body"),
            (
                t("controls.listening") if self.listening else kind_words(self.action, ("key", "mouse")),
                theme.ACCENT,
                "bold",
            ),
            (kind_words(self.action, ("pad",)), theme.MUTED, "bold"),
        ]
        for k, (words, colour, kind) in enumerate(cells):
            room = starts[k + 1] - starts[k] - PAD
            fitted = fitting_size(words, room, size, kind)
            text.draw(surface, fit(words, room, fitted, kind), (starts[k], y), fitted, colour, kind, anchor="midleft")


class ControlsScene(Scene):
    """The actions and their bindings; rebind any (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.group = FocusGroup()
        self.first = 0
        self.waiting: BindingRow | None = None
        self.message = ""
        self.message_bad = False

    def enter(self) -> None:
        self.rows = [
            BindingRow(pygame.Rect(LIST.left, 0, LIST.width, ROW_H), row.action, self.listen) for row in ACTIONS
        ]
        self.restore_button = Button((LIST.centerx - 330, 616, 320, 50), t("controls.restore"), self.restore, size=22)
        self.back_button = Button((LIST.centerx + 10, 616, 320, 50), t("common.back"), self.back, size=22, primary=True)
        self.group.set([*self.rows, self.restore_button, self.back_button], focus=0)
        self.place()

    def place(self) -> None:
        """Scroll so that the focused row is on screen; every row where it is drawn (off screen: away)."""
        self.first = place_rows(self.rows, self.group.focus, self.first, SHOWN, LIST.top, GAP)

    def scroll(self, rows: int) -> None:
        """The mouse wheel: the list `rows` up (> 0) or down."""
        self.first -= rows
        self.place()

    # ---------------------------------------------------------------- rebinding
    def listen(self, row: BindingRow) -> None:
        """Wait for the new key or button of the row's action."""
        self.stop()
        self.waiting, row.listening = row, True
        self.say(t("controls.press", action=t(f"action.{row.action.value}")))

    def stop(self) -> None:
        """Listen no more."""
        if self.waiting is not None:
            self.waiting.listening = False
        self.waiting = None

    def say(self, words: str, bad: bool = False) -> None:
        self.message, self.message_bad = words, bad

    def take(self, binding: str) -> None:
        """The key or button pressed for the action listened for: bound, or refused for a clash."""
        assert self.waiting is not None
        action = self.waiting.action
        settings = self.app.settings
        changed, clash = rebind(settings.controls, action, binding)
        words = controls.binding_words(binding)
        if clash is not None:
            self.say(t("controls.clash", binding=words, action=t(f"action.{clash.value}")), bad=True)
            return  # (still listening: another key)
        settings.controls = changed
        controls.use(changed)
        self.app.save_settings()
        self.stop()
        self.say(t("controls.bound", binding=words, action=t(f"action.{action.value}")))

    def restore_one(self, row: BindingRow) -> None:
        """The focused action back to its default bindings (Delete), unless another has one of them now."""
        settings = self.app.settings
        changed, clash = restore(settings.controls, row.action)
        if clash is not None:
            self.say(t("controls.clash_default", action=t(f"action.{clash.value}")), bad=True)
            return
        settings.controls = changed
        controls.use(changed)
        self.app.save_settings()
        self.say(t("controls.restored_one", action=t(f"action.{row.action.value}")))

    def restore(self) -> None:
        """Every action back to its default bindings."""
        self.stop()
        self.app.settings.controls = {}
        controls.use({})
        self.app.save_settings()
        self.say(t("controls.restored"))

    def back(self) -> None:
        self.stop()
        self.stack.pop()

    def rest(self) -> float:
        """Nothing here moves by itself: the window rests until an input."""
        return math.inf

    def heard(self, event: pygame.event.Event) -> str | None:
        """The binding an event offers while listening (the left button and the wheel point, never bind)."""
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button in MOUSE_BUTTONS):
            return controls.binding_of(event)
        return None

    def handle_event(self, event: pygame.event.Event) -> Any:
        if self.waiting is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not controls.from_pad(event):
                self.stop()  # (the keyboard's Escape: listen no more)
                self.say("")
                return None
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.stop()  # (a click elsewhere: listen no more, and the click does what it does)
                self.say("")
            else:
                binding = self.heard(event)
                if binding is not None:
                    self.take(binding)
                return None
        focused = self.group.focused
        if isinstance(focused, BindingRow) and controls.pressed(event, Action.DELETE):
            self.restore_one(focused)
            return None
        self.group.handle_screen(event, {Action.BACK: self.back}, used=self.place, wheel=self.scroll)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 150)
        titled_card(surface, (1120, 680), 14, t("controls.title"), 40)
        heads = (t("controls.action"), t("controls.keys_mouse"), t("controls.pad"))
        starts = column_starts(LIST.left, LIST.width)
        for k, words in enumerate(heads):
            x = starts[k]
            text.draw(surface, words, (x, LIST.top - 8), 16, theme.MUTED, "bold", anchor="bottomleft")
        clip = surface.get_clip()
        surface.set_clip(LIST.inflate(6, 6))
        for index, row in enumerate(self.rows):
            row.draw(surface, index == self.group.focus)
        surface.set_clip(clip)
        self.restore_button.draw(surface, self.group.focused is self.restore_button)
        self.back_button.draw(surface, self.group.focused is self.back_button)
        if self.first > 0:
            more = t("controls.more_above", count=self.first)
            text.draw(surface, more, (LIST.left, LIST.bottom + 4), 15, theme.MUTED)  # (under the list: the heads above)
        below = len(self.rows) - self.first - SHOWN
        if below > 0:
            more = t("controls.more_below", count=below)
            text.draw(surface, more, (LIST.right, LIST.bottom + 4), 15, theme.MUTED, anchor="topright")
        line = self.message or t("controls.keys")
        colour = theme.BAD if self.message_bad else (theme.ACCENT if self.message else theme.MUTED)
        middle = max(592, LIST.bottom + 6 + text.line_height(15) + text.line_height(17) // 2)  # (under "more")
        said = text.draw(surface, fit(line, 1050, 17), (theme.SIZE[0] // 2, middle), 17, colour, anchor="center")
        if self.message_bad:  # (a refusal: its sign as well as its colour)
            warning_sign(surface, (said.left, said.centery), said.height)
