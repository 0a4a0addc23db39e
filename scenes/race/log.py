"""The race log: every line of the race, grouped by game turn, the player's own racer's lines marked.

`RaceLog` keeps the lines of every event shown since the start of the race (a resumed race's
are written again from its events), each with the game turn it belongs to, the racer whose turn
it opens, and the colour of the person's racer it is about (a mark at its left). It lays them
out once per width (a line wrapped into rows), and shows the rows that fit its box, newest at the
bottom. The player scrolls it: the wheel over it, Page Up / Page Down (held: it keeps scrolling),
Home (the first line) and End (back to the newest); a controller's triggers zoom the board instead
(scenes/core/gamepad.py). Scrolled up, it stays on what the player reads while new lines arrive.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

from game.app.controls import Action
from game.rules.events import Event
from scenes.core import assets, controls, text, theme
from scenes.core.i18n import t
from scenes.render import sprites
from scenes.ui.widgets import panel

SIZE = 16  # the log's text size
HEAD = 30  # the box's heading, above the rows
INDENT = 14  # a racer's lines under the line that opens his turn
WHEEL_ROWS = 3  # rows a wheel notch scrolls
HOLD_DELAY, HOLD_SPEED = 0.35, 30.0  # a held Page Up / Page Down: after this long, rows a second
PAGES = (Action.PAGE_UP, Action.PAGE_DOWN)
ABOUT = ("racer", "attacker", "defender", "winner", "loser", "author")  # the fields naming whom a line is about


@dataclass(frozen=True)
class Line:
    """A line of the log: its words and colour, `kind` ("turn" opens a game turn, "racer" a
    racer's turn, "" any other), the game turn it belongs to, the racer whose turn it opens, and
    the person's racer at this screen a line is about (None: not marked; drawn in his colour and shape)."""

    text: str
    colour: tuple[int, int, int]
    kind: str = ""
    turn: int = 0
    racer: int | None = None
    mark: int | None = None


@dataclass(frozen=True)
class Row:
    """A row on screen: a line's words that fit the width (a long line takes several rows)."""

    line: Line
    words: str
    first: bool  # the line's first row
    gap: bool = False  # the empty row before a game turn's heading


def about(event: Event) -> list[int]:
    """The racers an event is about, in the order its fields name them."""
    found: list[int] = []
    for field in ABOUT:
        who = getattr(event, field, None)
        if isinstance(who, int) and who not in found:
            found.append(who)
    return found


class RaceLog:
    """The race's lines and how far the player scrolled them (see the module)."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.scroll = 0  # rows between the newest and the bottom of the box (0: the newest shows)
        self.rect: pygame.Rect | None = None  # where the box was drawn last
        self.turn = 0
        self._rows: list[Row] = []
        self._laid = 0  # lines laid out into rows
        self._width: tuple[int, float] = (0, 1.0)  # the width and the Text size the rows were laid out for
        self._held: dict[Action, float] = {}  # a Page action held down: for how long

    # ---------------------------------------------------------------- the lines
    def add(self, event: Event, words: str, colour: tuple[int, int, int], here: Any) -> None:
        """The line of an event shown (`here(racer)`: whether a person at this screen plays him)."""
        if event.kind == "turn_started":
            self.turn = event.turn
        kind = {"turn_started": "turn", "racer_turn": "racer"}.get(event.kind, "")
        mark = next((r for r in about(event) if here(r)), None)
        racer = event.racer if kind == "racer" else None
        self.lines.append(Line(words, colour, kind, self.turn, racer, mark))

    def note(self, words: str, colour: tuple[int, int, int]) -> None:
        """A line that is no event of the race (a quick message heard in a network race)."""
        self.lines.append(Line(words, colour, "said", self.turn))

    def clear(self) -> None:
        """Forget every line (they are written again, in another language)."""
        self.lines.clear()
        self._rows.clear()
        self._laid = 0
        self.scroll = 0
        self.turn = 0

    def __len__(self) -> int:
        return len(self.lines)

    def __getitem__(self, index: int) -> Line:
        return self.lines[index]

    def __iter__(self) -> Iterator[Line]:
        return iter(self.lines)

    def texts(self) -> list[str]:
        """The words of every line, oldest first."""
        return [line.text for line in self.lines]

    @property
    def stamp(self) -> tuple[int, int]:
        """What the box shows depends on (the HUD is drawn again when it changes)."""
        return len(self.lines), self.scroll

    # ---------------------------------------------------------------- layout
    @staticmethod
    def line_height() -> int:
        return int(assets.font(SIZE).get_linesize())

    def rows(self, width: int) -> list[Row]:
        """Every line laid out in rows `width` wide (the new lines only, while the width stays)."""
        if (width, theme.text_scale()) != self._width:  # (a new width or Text size: laid out again)
            self._width, self._rows, self._laid = (width, theme.text_scale()), [], 0
        new = self.lines[self._laid :]
        added = 0
        for line in new:
            indent = INDENT if line.kind == "" else 0
            room = width - indent
            parts = [line.text] if text.width(line.text, SIZE, self._kind(line)) <= room else None
            if parts is None:
                parts = text.wrap(line.text, room, SIZE, self._kind(line))
            if line.kind == "turn" and self._rows:
                self._rows.append(Row(line, "", False, gap=True))
                added += 1
            for k, part in enumerate(parts):
                self._rows.append(Row(line, part, k == 0))
                added += 1
        self._laid = len(self.lines)
        if self.scroll and added and self._laid > len(new):  # scrolled up: the same rows stay in view
            self.scroll += added
        return self._rows

    @staticmethod
    def _kind(line: Line) -> str:
        return "bold" if line.kind else "body"

    def _area(self, box: pygame.Rect) -> pygame.Rect:
        """The part of the box the rows fill."""
        return pygame.Rect(box.left + 12, box.top + HEAD, box.width - 30, box.height - HEAD - 8)

    def visible(self) -> int:
        """How many rows fit the box drawn last."""
        if self.rect is None:
            return 1
        return max(1, self._area(self.rect).height // self.line_height())

    def most(self) -> int:
        """The farthest the log scrolls up (its first row at the top of the box)."""
        if self.rect is None:
            return 0
        return max(0, len(self.rows(self._area(self.rect).width)) - self.visible())

    def shown(self) -> list[Row]:
        """The rows in view in the box drawn last, top first."""
        if self.rect is None:
            return []
        area = self._area(self.rect)
        rows = self.rows(area.width)
        count = max(1, area.height // self.line_height())
        self.scroll = max(0, min(self.scroll, len(rows) - count))
        end = len(rows) - self.scroll
        return rows[max(0, end - count) : end]

    def scroll_by(self, rows: int) -> None:
        """Scroll up (positive) or down, within the lines there are."""
        self.scroll = max(0, min(self.most(), self.scroll + rows))

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int] | None) -> bool:
        """The wheel over the box, Page Up / Page Down, Home and End scroll it; True when used."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect is None or mouse is None or not self.rect.collidepoint(mouse):
                return False
            self.scroll_by(int(event.y) * WHEEL_ROWS)
            return True
        action = controls.which(event, (*PAGES, Action.FIRST, Action.LAST))
        if action in PAGES:
            page = max(1, self.visible() - 2)
            if action not in self._held:  # (a key held repeats: update scrolls it smoothly)
                self._held[action] = 0.0
                self.scroll_by(page if action is Action.PAGE_UP else -page)
            return True
        if action is Action.FIRST:
            self.scroll_by(self.most())
            return True
        if action is Action.LAST:
            self.scroll = 0
            return True
        if controls.released(event, *PAGES):
            for each in controls.actions(event):
                self._held.pop(each, None)
            return True
        return False

    @property
    def scrolling(self) -> bool:
        """Whether a Page key is held down (the log keeps scrolling)."""
        return bool(self._held)

    def update(self, dt: float) -> None:
        """A Page key held down keeps scrolling."""
        for key, held in list(self._held.items()):
            before = held
            self._held[key] = held = held + dt
            if held > HOLD_DELAY:
                rows = int(held * HOLD_SPEED) - int(max(before, HOLD_DELAY) * HOLD_SPEED)
                if rows:
                    self.scroll_by(rows if key is Action.PAGE_UP else -rows)

    def let_go(self) -> None:
        """Forget the keys held (another screen went over the race)."""
        self._held.clear()

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The box: its heading, the rows in view, a scroll bar when the lines overflow it."""
        self.rect = pygame.Rect(box)
        if box.height < 60:
            return
        panel(surface, box, (24, 28, 44), theme.PANEL_EDGE, radius=8, shadow=False)
        area = self._area(box)
        rows = self.rows(area.width)
        line_h = self.line_height()
        count = max(1, area.height // line_h)
        shown = self.shown()
        heading = t("hud.log")
        if self.scroll and shown:
            heading = t("hud.log_turn", turn=max(1, shown[0].line.turn))
        text.draw(surface, heading, (box.left + 12, box.top + 8), SIZE, theme.MUTED, "bold")
        if self.scroll:
            hint = t("hud.log_newest")
            text.draw(surface, hint, (box.right - 12, box.top + 9), 14, theme.ACCENT, anchor="topright")
        y = area.bottom - line_h * len(shown)
        for row in shown:
            self._draw_row(surface, row, area, y, line_h)
            y += line_h
        if len(rows) > count:  # the scroll bar: where the rows in view are among all of them
            bar = pygame.Rect(box.right - 10, area.top, 4, area.height)
            pygame.draw.rect(surface, (44, 50, 72), bar, border_radius=2)
            size = max(16, bar.height * count // len(rows))
            top = bar.bottom - size - (bar.height - size) * self.scroll // max(1, len(rows) - count)
            pygame.draw.rect(surface, theme.MUTED, (bar.left, top, bar.width, size), border_radius=2)

    def _draw_row(self, surface: pygame.Surface, row: Row, area: pygame.Rect, y: int, line_h: int) -> None:
        line = row.line
        if row.gap:
            return
        if line.kind == "turn":  # a game turn's heading, on its band
            band = pygame.Rect(area.left - 4, y + 1, area.width + 4, line_h - 2)
            pygame.draw.rect(surface, (58, 50, 30), band, border_radius=4)
            text.draw(surface, row.words, (band.centerx, band.centery), SIZE, line.colour, "bold", anchor="center")
            return
        if line.mark is not None:  # a line about the person's own racer
            colour = theme.racer_colour(line.mark)  # (the theme's now: a palette changed shows at once)
            pygame.draw.rect(surface, colour, (area.left - 8, y + 2, 3, line_h - 4), border_radius=1)
        x = area.left
        if line.kind == "racer":
            if row.first and line.racer is not None:
                shape = sprites.mark(line.racer, 11, theme.racer_colour(line.racer))  # his shape and colour
                surface.blit(shape, shape.get_rect(center=(x + 4, y + line_h // 2)))
            x += 12
            text.draw(surface, row.words, (x, y), SIZE, line.colour, "bold")
            return
        text.draw(surface, row.words, (x + INDENT, y), SIZE, line.colour)
