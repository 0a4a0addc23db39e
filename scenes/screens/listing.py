"""A screen listing the player's own things (the games in progress, the kept races): one row each,
the newest first, focused; Enter (or a click on the row) opens it; its *Delete* button (Right then
Enter, the Delete key, a click) asks first, naming it, and deletes it only on Yes; the list scrolls
by keys and wheel; Escape (or *Back*) leaves.

`ListScene` is the screen and `ListRow` a row; a list says what it holds (`read`), what a row shows
of an item (`shown`: a `Shown`), how an item opens (`open`), is named (`describe`) and deleted
(`remove`), and its words: the catalogue keys under `WORDS` (title, help, none, keys, delete,
delete_question, delete_yes, more_above, more_below).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar, TypeVar

import pygame

from game.app.controls import Action
from scenes.core import audio, controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.render import sprites
from scenes.ui.widgets import Button, FocusGroup, Widget, fit, panel, place_rows, veil

T = TypeVar("T")
LIST = pygame.Rect(40, 104, 1200, 520)  # where the rows go
GAP = 10
DELETE_W = 150
WORDS_ROOM, WIDEST_ROOM = 400, 560  # px: a row's kind and heading as designed, and at most (the racers after)


def row_height() -> int:
    """A row's height: 96 pixels as designed, or its three lines' (kind, heading, line) at the Text size."""
    return max(96, 14 + text.line_height(14, "bold") + text.line_height(26, "heading") + text.line_height(18))


def words_room(shown: list[Shown]) -> int:
    """The room of the rows' kinds and headings (one for the list: the racers' tokens in one column): 400
    pixels as designed, or the widest at the Text size, up to 560 (six racers' tokens and the date after)."""
    widest = max(
        [max(text.width(s.kind.upper(), 14, "bold"), text.width(s.heading, 26, "heading")) for s in shown], default=0
    )
    return min(WIDEST_ROOM, max(WORDS_ROOM, widest))


def rows_shown() -> int:
    """Rows on screen at once (the list scrolls for more)."""
    return (LIST.height + GAP) // (row_height() + GAP)


@dataclass(frozen=True)
class Shown:
    """What a row shows of its item: its kind above its heading, a line under it, its racers' tokens
    and names (none: the line takes the row's width) and when it was saved."""

    kind: str  # "RACE", "CHAMPIONSHIP SPRING CUP · RACE 2"
    heading: str  # the board, or the championship
    line: str  # where the game is, who won, or why the file cannot be read
    colour: tuple[int, int, int]  # the line's
    saved: str  # "today 14:22"
    racers: list[dict[str, Any]] = field(default_factory=list)
    names: str = ""


class ListRow(Widget):
    """An item of the list: opened by Enter or a click; its *Delete* button (Right, then Enter, or a
    click on it, or the Delete key) asks first."""

    def __init__(
        self, rect: pygame.Rect, shown: Shown, open_: Callable[[], None], delete: Callable[[], None], words: str
    ) -> None:
        super().__init__(rect)
        self.shown = shown
        self.open, self.delete, self.words = open_, delete, words
        self.room = WORDS_ROOM  # the kind's and the heading's room (the list's: `words_room`)
        self.part = 0  # 0: the row (open it), 1: its Delete button

    @property
    def delete_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - DELETE_W - 16, self.rect.centery - 22, DELETE_W, 44)

    def activate(self) -> bool:
        audio.play("click")
        (self.delete if self.part else self.open)()
        return True

    def adjust(self, step: int) -> bool:
        self.part = 1 if step > 0 else 0
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        self.part = 1 if self.delete_rect.collidepoint(pos) else 0
        return self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        if controls.pressed(event, Action.DELETE):
            self.part = 1
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not focused:
            self.part = 0
        on_row = focused and self.part == 0
        panel(
            surface,
            self.rect,
            theme.PANEL_LIGHT if on_row or self.hovered else theme.PANEL,
            theme.FOCUS if on_row else theme.PANEL_EDGE,
            radius=10,
            width=3 if on_row else 1,
        )
        self.draw_item(surface)
        button, on = self.delete_rect, focused and self.part == 1
        panel(
            surface,
            button,
            (90, 36, 40) if on else (56, 34, 44),
            theme.FOCUS if on else theme.BAD,
            radius=8,
            width=3 if on else 1,
        )
        words = fit(t(f"{self.words}.delete"), DELETE_W - 12, 18, "bold")
        text.draw(surface, words, button.center, 18, theme.TEXT, "bold", anchor="center")

    def draw_item(self, surface: pygame.Surface) -> None:
        """What the row shows of its item (`Shown`), left of its Delete button."""
        shown, box = self.shown, self.rect
        left, x = box.left + 20, box.left + 40 + self.room  # the words, the racers
        kind = text.draw(
            surface, fit(shown.kind.upper(), self.room, 14, "bold"), (left, box.top + 8), 14, theme.ACCENT, "bold"
        )
        heading = fit(shown.heading, self.room, 26, "heading")
        below = text.draw(surface, heading, (left, kind.bottom + 2), 26, theme.TEXT, "heading").bottom
        room = (x - 20 - left) if shown.racers else box.right - DELETE_W - 40 - left
        text.draw(surface, fit(shown.line, room, 18), (left, max(box.top + 64, below + 4)), 18, shown.colour)
        for index, racer in enumerate(shown.racers[:6]):
            token = sprites.token(racer["character"], theme.racer_colour(index), 34, index + 1)
            surface.blit(token, token.get_rect(center=(x + 18 + index * 38, box.top + 32)))
        if shown.racers:
            names = fit(shown.names, box.right - DELETE_W - 60 - x, 16)
            text.draw(surface, names, (x, max(box.top + 62, box.bottom - 8 - text.line_height(16))), 16, theme.TEXT)
        where = (box.right - DELETE_W - 40, box.top + 14)
        text.draw(surface, shown.saved, where, 16, theme.MUTED, anchor="topright")


class ListScene(Scene, ABC):
    """The list (see the module)."""

    WORDS: ClassVar[str] = ""  # the catalogue's prefix of this list's words

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self.message = message
        self.items: list[Any] = []
        self.rows: list[ListRow] = []
        self.group = FocusGroup()
        self.first = 0  # the first row on screen

    # ---------------------------------------------------------------- what a list says
    @abstractmethod
    def shown(self, item: Any) -> Shown:
        """What the item's row shows."""

    @abstractmethod
    def read(self) -> list[Any]:
        """The items, newest first (a problem reading them goes in `self.message`)."""

    @abstractmethod
    def open(self, item: Any) -> None:
        """Open an item (resume a game, play a race back)."""

    @abstractmethod
    def describe(self, item: Any) -> str:
        """The item in one line (the delete question's card)."""

    @abstractmethod
    def remove(self, item: Any) -> None:
        """Delete the item (through the game session, the one owner of the player's files)."""

    def opened(self, found: tuple[T | None, str]) -> T | None:
        """What opening an item found (the session's thing, or None and the sentence of why not): the
        thing, and the list's message cleared, or None and the sentence said."""
        thing, problem = found
        self.message = "" if thing is not None else problem
        return thing

    def back(self) -> None:
        """Escape or *Back*: to the title."""
        self.title()

    def more_buttons(self) -> list[Button]:
        """Buttons of the list's own beside *Back*, at the bottom right (the replays' *Championships*)."""
        return []

    # ---------------------------------------------------------------- the list
    def enter(self) -> None:
        audio.music("menu")
        self.refresh(0)

    def resume(self) -> None:
        """Back from an opened item or the question (Yes deleted it, No kept it): the list read again."""
        audio.music("menu")
        self.refresh(self.group.focus)

    def refresh(self, focus: int) -> None:
        """Read the items again and lay the rows out, the focus on row `focus`."""
        self.items = self.read()
        shown = [self.shown(item) for item in self.items]
        self.rows = [
            ListRow(
                pygame.Rect(LIST.left, 0, LIST.width, row_height()),
                said,
                partial(self.open, item),
                partial(self.ask, item),
                self.WORDS,
            )
            for item, said in zip(self.items, shown)
        ]
        room = words_room(shown)
        for row in self.rows:
            row.room = room
        self.back_button = Button((40, 648, 220, 50), t("common.back"), self.back, size=22)
        self.more = self.more_buttons()
        self.group.set([*self.rows, self.back_button, *self.more], focus=min(focus, max(0, len(self.rows) - 1)))
        self.place()

    def place(self) -> None:
        """Scroll so that the focused row is on screen; every row where it is drawn (off screen: away)."""
        self.first = place_rows(self.rows, self.group.focus, self.first, rows_shown(), LIST.top, GAP)

    def scroll(self, rows: int) -> None:
        """The mouse wheel: the list `rows` up (> 0) or down."""
        self.first -= rows
        self.place()

    def ask(self, item: Any) -> None:
        """Delete an item: only once the question naming it is answered Yes."""
        words = self.WORDS
        detail = fit(self.describe(item), 520, 18)  # (the question's card)
        question = self.stack.make(
            "question",
            t(f"{words}.delete_question"),
            partial(self.delete, item),
            yes=t(f"{words}.delete_yes"),
            detail=detail,
        )
        self.stack.push(question)

    def delete(self, item: Any) -> None:
        """The question was answered Yes: the item goes, and the list is read again."""
        self.remove(item)
        self.refresh(self.group.focus)

    def handle_event(self, event: pygame.event.Event) -> Any:
        self.group.handle_screen(event, {Action.BACK: self.back}, used=self.place, wheel=self.scroll)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        words = self.WORDS
        surface.blit(backdrop(), (0, 0))
        veil(surface, 190)
        text.draw(surface, t(f"{words}.title"), (40, 18), 44, theme.ACCENT, "title")
        text.draw(surface, fit(t(f"{words}.help", count=len(self.items)), 1196, 18), (44, 74), 18, theme.MUTED)
        if not self.items:
            area = pygame.Rect(LIST.left + 200, 280, LIST.width - 400, 120)
            text.draw_wrapped(surface, t(f"{words}.none"), area, 22, theme.TEXT)
        clip = surface.get_clip()
        surface.set_clip(LIST.inflate(8, 8))
        self.group.draw(surface)
        surface.set_clip(clip)
        for button in (self.back_button, *self.more):
            button.draw(surface, self.group.focused is button)
        room = (min(b.rect.left for b in self.more) - 20 if self.more else 1240) - 290
        if self.first > 0:
            said = t(f"{words}.more_above", count=self.first)
            text.draw(surface, said, (LIST.right, LIST.top - 6), 15, theme.MUTED, anchor="bottomright")
        below = len(self.rows) - self.first - rows_shown()
        if below > 0:
            said = t(f"{words}.more_below", count=below)
            text.draw(surface, said, (LIST.right, LIST.bottom + 4), 15, theme.MUTED, anchor="topright")
        if self.message:
            text.draw_wrapped(surface, self.message, pygame.Rect(290, 640, room, 70), 16, theme.BAD)
        else:
            text.draw_wrapped(surface, t(f"{words}.keys"), pygame.Rect(290, 650, room, 60), 16, theme.MUTED)
