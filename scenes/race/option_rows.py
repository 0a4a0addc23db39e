"""The decision panel's rows of option buttons (scenes/race/decisions.py): as many buttons to a row as fit
across the panel, in as few rows as that takes, and never more than MAX_ROWS rows on screen
(more in a larger window: `most_rows`). A longer
list (fourteen moves of a double six, in French) scrolls: the focused option's row is always shown
(Left / Right, Tab and the number keys move the focus, and so the rows), and a mark at the rows'
right, an arrow with the count of rows out of sight, says there are more above or below; a click
on it shows the next row that way. The panel takes only the height of the rows it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.core import text, theme

MAX_ROWS = 3  # rows of buttons on screen at most in the designed board view (674 high): the board keeps the rest
ROW_ROOM = 120  # each this much more height of the board's view (a larger window) allows one row more


def most_rows(view_height: int) -> int:
    """The rows of buttons shown at most over a board view `view_height` high: MAX_ROWS at the designed
    size, one more for each ROW_ROOM pixels more (a larger window shows a long list whole)."""
    return MAX_ROWS + max(0, (view_height - 674) // ROW_ROOM)


GAP = 10  # between two buttons of a row
MARK = 30  # the scroll marks' column, at the rows' right (only while the rows scroll)


def lines_of(entries: Sequence[Any], room: int, width_of: Callable[[Any], int]) -> list[list[tuple[Any, int, int]]]:
    """The entries in rows of at most `room` pixels: (entry, x in its row, width)."""
    lines: list[list[tuple[Any, int, int]]] = [[]]
    x = 0
    for entry in entries:
        w = width_of(entry)
        if x + w > room and lines[-1]:
            lines.append([])
            x = 0
        lines[-1].append((entry, x, w))
        x += w + GAP
    return [line for line in lines if line]


class OptionRows:
    """The buttons' rows of one decision panel (see the module)."""

    def __init__(self, entries: Sequence[Any], room: int, width_of: Callable[[Any], int], most: int = MAX_ROWS) -> None:
        self.lines = lines_of(entries, room, width_of)
        if len(self.lines) > most:  # (room for the marks beside the rows)
            self.lines = lines_of(entries, room - MARK, width_of)
        self.shown = min(len(self.lines), most)
        self.first = 0  # the first row shown
        self.area = pygame.Rect(0, 0, 0, 0)  # where the rows shown are (set by place)
        self.pitch = self.tall = 0

    @property
    def scrolls(self) -> bool:
        """Whether some rows are out of sight."""
        return len(self.lines) > self.shown

    def place(self, left: int, top: int, right: int, pitch: int, tall: int) -> None:
        """Lay the rows out from (left, top), each `pitch` below the one before, buttons `tall` high."""
        self.area = pygame.Rect(left, top, right - left, (self.shown - 1) * pitch + tall if self.shown else 0)
        self.pitch, self.tall = pitch, tall
        self._apply()

    def row_of(self, entry: object) -> int | None:
        """The row an entry's button is in (None: it has no button)."""
        return next((k for k, line in enumerate(self.lines) if any(e is entry for e, _, _ in line)), None)

    def show(self, entry: object) -> None:
        """Scroll as little as needed for `entry`'s row to be shown."""
        row = self.row_of(entry)
        if row is None or not self.scrolls:
            return
        first = min(max(self.first, row - self.shown + 1), row)
        if first != self.first:
            self.first = first
            self._apply()

    def _apply(self) -> None:
        """Each button's place (None for the rows out of sight: neither drawn nor clicked)."""
        for k, line in enumerate(self.lines):
            shown = self.first <= k < self.first + self.shown
            for entry, x, w in line:
                y = self.area.top + (k - self.first) * self.pitch
                entry.rect = pygame.Rect(self.area.left + x, y, w, self.tall) if shown else None

    def marks(self) -> list[tuple[int, pygame.Rect, int]]:
        """The scroll marks: (the way, -1 up or +1 down; where; the count of rows out of sight that way)."""
        if not self.scrolls:
            return []
        out = []
        above, below = self.first, len(self.lines) - self.first - self.shown
        column = pygame.Rect(self.area.right - MARK + 4, self.area.top, MARK - 4, self.tall)
        if above:
            out.append((-1, column.copy(), above))
        if below:
            out.append((+1, column.move(0, (self.shown - 1) * self.pitch), below))
        return out

    def clicked(self, pos: tuple[int, int]) -> Any:
        """The first entry of the row a click on a scroll mark brings into sight (None: not on one)."""
        for way, rect, _ in self.marks():
            if rect.collidepoint(pos):
                row = self.first - 1 if way < 0 else self.first + self.shown
                return self.lines[row][0][0]
        return None

    def draw_marks(self, surface: pygame.Surface) -> None:
        """An arrow up or down, and the count of rows that way, at the rows' right."""
        for way, rect, count in self.marks():
            x, tip = rect.centerx, rect.top + 4 if way < 0 else rect.bottom - 4
            base = tip + 10 * way * -1
            pygame.draw.polygon(surface, theme.ACCENT, [(x, tip), (x - 8, base), (x + 8, base)])
            middle = rect.bottom - 10 if way < 0 else rect.top + 10
            text.draw(surface, f"+{count}", (x, middle), 13, theme.MUTED, "bold", anchor="center")
