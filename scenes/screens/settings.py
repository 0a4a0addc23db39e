"""Settings: the rows of game.app.settings.SETTINGS that have a page, each a line of its page.

The general page (window size, full screen, animation speed, sound and music volumes, language; and the
relay a race hosted on the internet registers on, typed: docs/network.md, *Relays*) and the
accessibility page (colours, flashes, motion, text size, interface scale) are laid out from the table;
each change applies at once (the window, the mixer's volumes, the words) and is saved; values in an
order stop at their ends (Right on the fastest speed leaves it fastest)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import pygame

from game.app.controls import Action
from game.app.settings import PAGES, SETTINGS, WINDOW_SIZES, Setting
from game.net.invite import INVITE_LENGTH
from scenes.core import audio, i18n, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.ui.text_field import TextField
from scenes.ui.widgets import Button, Choice, FocusGroup, Widget, titled_card, veil

RELAY_LABEL = 250  # pixels of the relay's line its label takes, left of its field (or its words' width)
LINES_TOP = 194  # where the first line goes, under the card's title
CARD_BOTTOM = 640  # the foot of the card (titled_card: 540 tall from 100)
SPEED_WORDS = {0.5: "slow", 1.0: "normal", 2.0: "fast", 4.0: "very_fast"}  # keys settings.speed.*


def nearest(values: list[Any], value: Any) -> int:
    """The index of the value of `values` nearest `value`."""
    return values.index(min(values, key=lambda v: abs(v - value)))


def values_of(row: Setting, current: Any) -> list[Any]:
    """The values a line offers: the row's choices (a window's size also the player's own)."""
    if row.name == "window":
        return sorted(set(WINDOW_SIZES) | {tuple(current)})
    return list(row.choices)


def index_of(values: list[Any], current: Any) -> int:
    """Where the current value stands among the line's values (the nearest number)."""
    if current in values:
        return values.index(current)
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return nearest(values, current)
    return 0


def value_words(row: Setting, value: Any) -> str:
    """A value of `row` in the player's words."""
    if row.shown == "size":
        return t("settings.window_value", width=value[0], height=value[1])
    if row.shown == "on_off":
        return t("settings.on") if value else t("settings.off")
    if row.shown == "speed":
        return t("settings.speed_value", word=t(f"settings.speed.{SPEED_WORDS[value]}"), factor=f"{value:g}")
    if row.shown == "percent":
        return t("settings.volume_value", value=value)
    return t(f"{row.shown}.{value}")


class SettingsScene(Scene):
    """Change the settings of one page; each change applies at once and is saved."""

    def __init__(self, page: str = PAGES[0]) -> None:
        super().__init__()
        self.page = page
        self.group = FocusGroup()

    def enter(self) -> None:
        self.build(focus=0)

    def resume(self) -> None:
        """Back from another page: its words in the language now chosen."""
        self.build(focus=self.group.focus)

    def rows(self) -> list[Setting]:
        """The settings of this page, in the table's order."""
        return [row for row in SETTINGS if row.page == self.page]

    def build(self, focus: int) -> None:
        """Lay out the lines in the current language, each as tall as its words at the Text size."""
        s = self.app.settings
        general = self.page == PAGES[0]  # (its last line: the relay's address, typed)
        x, w = theme.SIZE[0] // 2 - 320, 640
        h = text.tall(45 if general else 47, 22, "bold", margin=5)
        self.step = h + (7 if general else 10)
        self.lines: list[Widget] = []  # the page's lines, in order (they scroll when they do not all fit)
        for row in self.rows():
            current = getattr(s, row.name)
            values = values_of(row, current)
            self.lines.append(
                Choice(
                    (x, 0, w, h),
                    t(row.words),
                    values,
                    index_of(values, current),
                    functools.partial(self.change, row),
                    functools.partial(value_words, row),
                )
            )
        self.relay_row: pygame.Rect | None = None
        if general:
            said = min(text.width(t("settings.relay"), 18) + 28, w // 2)
            self.relay_label = max(RELAY_LABEL, said)
            self.relay_row = pygame.Rect(x, 0, w, h)  # (placed with the lines)
            field = (x + self.relay_label, 0, w - self.relay_label, h)
            relay = t("settings.relay_example")
            self.lines.append(TextField(field, s.relay, self.set_relay, INVITE_LENGTH, 18, relay, ".:-[]_/"))
        buttons: list[tuple[str, Callable[[], None]]] = [
            (t(f"settings.page.{page}"), functools.partial(self.open, page)) for page in PAGES if page != self.page
        ]
        buttons.append((t("settings.controls"), self.open_controls))
        buttons.append((t("common.back"), self.back))
        width, gap = 220, 16
        height = text.tall(52, 24, "bold", margin=4)
        left = theme.SIZE[0] // 2 - (len(buttons) * width + (len(buttons) - 1) * gap) // 2
        self.buttons_top = min(572 if general else 552, CARD_BOTTOM - 16 - height)
        widgets = list(self.lines)
        for k, (label, action) in enumerate(buttons):
            primary = k == len(buttons) - 1
            widgets.append(
                Button((left + k * (width + gap), self.buttons_top, width, height), label, action, primary=primary)
            )
        self.first = 0
        self.group.set(widgets, focus=min(focus, len(widgets) - 1))
        self.place()

    def help_height(self) -> int:
        """The room the focused line's explanation takes under the lines (the accessibility page): as many
        lines as the longest explanation of the page takes."""
        if self.page == PAGES[0]:
            return 0
        lines = max(len(text.wrap(t(f"{row.words}.help"), 640, 17)) for row in self.rows())
        return 6 + lines * (text.line_height(17) + 2)

    def shown(self) -> int:
        """How many lines fit above the explanation and the buttons (the others scroll into view)."""
        room = self.buttons_top - 8 - self.help_height() - LINES_TOP
        return max(1, min(len(self.lines), (room + self.step - self.lines[0].rect.height) // self.step))

    def place(self) -> None:
        """Scroll so that the focused line is on screen; every line where it is drawn (off screen: away)."""
        shown, focus = self.shown(), self.group.focus
        if focus < len(self.lines):
            self.first = min(max(self.first, focus - shown + 1), focus)
        self.first = max(0, min(self.first, len(self.lines) - shown))
        for index, line in enumerate(self.lines):
            on = self.first <= index < self.first + shown
            line.rect.top = LINES_TOP + (index - self.first) * self.step if on else -1000
        if self.relay_row is not None:
            relay = self.lines[-1].rect
            self.relay_row = pygame.Rect(relay.left - self.relay_label, relay.top, 640, relay.height)

    def change(self, row: Setting, value: Any) -> None:
        """A new value of `row`, applied at once as the row says and saved."""
        s = self.app.settings
        value = tuple(value) if isinstance(value, list) else value
        if row.applies == "language":
            s.language = i18n.set_language(value)
            self.app.save_settings()
            self.build(focus=self.group.focus)
            return
        setattr(s, row.name, value)
        if row.applies == "window":
            self.app.apply_settings()
        elif row.applies == "theme":
            self.app.apply_theme()
            self.build(focus=self.group.focus)  # (a new Text size: the lines measured again)
        elif row.applies == "volumes":
            self.app.apply_volumes()
            if row.name == "volume":
                audio.play("click")  # heard at the new volume
        else:
            self.app.save_settings()

    def set_relay(self, address: str) -> None:
        """The relay's address, as typed (checked where a race is hosted on it), saved."""
        self.app.settings.relay = address.strip()
        self.app.save_settings()

    def set_language(self, code: str) -> None:
        """English or French, at once (the screen is laid out again in it) and saved."""
        self.change(next(row for row in SETTINGS if row.applies == "language"), code)

    def open(self, page: str) -> None:
        """Another page of the settings, in this one's place (Back leaves the settings from any page)."""
        self.stack.replace(SettingsScene(page))

    def open_controls(self) -> None:
        """Settings > Controls: the actions and their keys and buttons, rebound there."""
        self.stack.push(self.stack.make("controls"))

    def back(self) -> None:
        """Back to where the settings were opened from."""
        self.stack.pop()

    def rest(self) -> float:
        """Nothing here moves by itself: the window rests until an input."""
        return math.inf

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        # (used by a widget: the focus may have moved onto a line scrolled away)
        self.group.handle_screen(event, {Action.BACK: self.back}, used=self.place)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 120)
        title = t("settings.title") if self.page == PAGES[0] else t(f"settings.heading.{self.page}")
        titled_card(surface, (720, 540), 100, title, 44)
        if self.relay_row is not None and self.relay_row.top >= 0:
            row = self.relay_row
            text.draw(surface, t("settings.relay"), (row.left + 14, row.centery), 18, theme.MUTED, anchor="midleft")
        self.group.draw(surface)
        shown = self.shown()
        if self.first > 0 or self.first + shown < len(self.lines):  # more lines above or below: their way
            self.draw_more(surface, shown)
        rows = self.rows()
        if self.page != PAGES[0] and self.group.focus < len(rows):  # what the focused option does
            below = LINES_TOP + (shown - 1) * self.step + self.lines[0].rect.height + 6
            area = pygame.Rect(theme.SIZE[0] // 2 - 320, below, 640, self.buttons_top - 4 - below)
            text.draw_wrapped(surface, t(f"{rows[self.group.focus].words}.help"), area, 17, theme.MUTED, spacing=2)
        text.draw(
            surface, t("settings.keys"), (theme.SIZE[0] // 2, theme.SIZE[1] - 40), 17, theme.MUTED, anchor="center"
        )

    def draw_more(self, surface: pygame.Surface, shown: int) -> None:
        """Small arrows right of the lines: more lines above (up), below (down)."""
        x = theme.SIZE[0] // 2 + 320 + 12
        top, bottom = LINES_TOP, LINES_TOP + (shown - 1) * self.step + self.lines[0].rect.height
        if self.first > 0:
            pygame.draw.polygon(surface, theme.ACCENT, [(x, top + 12), (x + 14, top + 12), (x + 7, top)])
        if self.first + shown < len(self.lines):
            pygame.draw.polygon(surface, theme.ACCENT, [(x, bottom - 12), (x + 14, bottom - 12), (x + 7, bottom)])
