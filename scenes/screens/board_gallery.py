"""Every board as a picture: the setup's board chooser laid out as cards (*All boards* in a setup).

Each card shows the board drawn small from its own map (kept on disk by
`scenes.render.board.thumbnail`), its name in the player's language, its size,
its proposed turns and how many racers it takes; the player's own boards are
marked as theirs, and a board the game cannot use shows its file and that it
cannot be used. The arrows (a controller's D-pad) move between the cards, Enter
(A) or a click chooses one and goes back to the setup with it, Escape (B) goes
back without changing; the wheel, Page Up and Page Down scroll when there are
more cards than fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from game.app.controls import Action
from scenes.core import boards, controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import board_name, t
from scenes.core.stack import Scene
from scenes.render.board import thumbnail
from scenes.ui.widgets import Button, fit, panel, veil

COLUMNS = 4  # as designed; 3 wider cards when a word of a board's name is wider than a card of 4 has room for
CARD = (286, 168)  # a card's width and height as designed (taller by two name lines' growth at the Text size)
GAP = 14
TOP = 92  # the first row's top
ROWS_SHOWN = 3  # rows on the screen at once, as designed (fewer when the cards grow taller)
BOTTOM = 638  # the last row's foot (above Back)


NAME = 20  # the size of a card's name (its words never smaller: the card grows instead)


def card_size(count: int) -> tuple[int, int]:
    """A card's width and height, `count` in a row, at the Text size."""
    width = (COLUMNS * CARD[0] + (COLUMNS - count) * GAP) // count
    return width, CARD[1] + 2 * text.grown(NAME, "heading")


def name_room(count: int) -> int:
    """The width a card's name has, `count` cards in a row."""
    return card_size(count)[0] - PICTURE[0] - 36


def rows_shown(count: int) -> int:
    """The rows of cards on the screen at once, `count` in a row."""
    return max(1, min(ROWS_SHOWN, (BOTTOM - TOP + GAP) // (card_size(count)[1] + GAP)))


PICTURE = (96, 148)  # the board's picture, at a card's left


class BoardGalleryScene(Scene):
    """The boards as cards (see the module)."""

    def __init__(self, choices: Sequence[boards.BoardChoice], chosen: int, on_choose: Callable[[int], None]) -> None:
        super().__init__()
        self.choices = list(choices)
        self.focus = chosen
        self.on_choose = on_choose
        self.first_row = 0  # the row shown at the top
        self._columns: tuple[tuple[float, int], int] | None = None  # ((Text size, words), cards in a row)
        self.back_button = Button((40, 652, 200, 50), t("common.back"), self.back)

    def enter(self) -> None:
        self.show(self.focus)

    def columns(self) -> int:
        """The cards in a row: COLUMNS, or one fewer (wider) when a word of a board's name would not fit."""
        words = [word for c in self.choices if c.board is not None for word in board_name(c.board).split()]
        key = (theme.text_scale(), len(words))
        if self._columns is None or self._columns[0] != key:
            wide = max((text.width(word, NAME, "heading") for word in words), default=0)
            self._columns = (key, COLUMNS if wide <= name_room(COLUMNS) else COLUMNS - 1)
        return self._columns[1]

    def rows_shown(self) -> int:
        return rows_shown(self.columns())

    def shown(self) -> range:
        """The cards on the screen."""
        count = self.columns()
        return range(self.first_row * count, min(len(self.choices), (self.first_row + self.rows_shown()) * count))

    # ---------------------------------------------------------------- layout
    def rect(self, index: int) -> pygame.Rect:
        """Where card `index` is drawn (rows above the first shown land above the screen)."""
        count = self.columns()
        card = card_size(count)
        row, column = divmod(index, count)
        left = (theme.SIZE[0] - count * card[0] - (count - 1) * GAP) // 2
        top = TOP + (row - self.first_row) * (card[1] + GAP)
        return pygame.Rect(left + column * (card[0] + GAP), top, *card)

    def rows(self) -> int:
        return (len(self.choices) + self.columns() - 1) // self.columns()

    def show(self, index: int) -> None:
        """Focus card `index`, scrolled into view."""
        self.focus = max(0, min(len(self.choices) - 1, index))
        row = self.focus // self.columns()
        if row < self.first_row:
            self.first_row = row
        elif row >= self.first_row + self.rows_shown():
            self.first_row = row - self.rows_shown() + 1

    def scroll(self, rows: int) -> None:
        self.first_row = max(0, min(max(0, self.rows() - self.rows_shown()), self.first_row + rows))
        shown = range(self.first_row * self.columns(), (self.first_row + self.rows_shown()) * self.columns())
        if self.focus not in shown:
            self.show(min(shown.stop - 1, max(shown.start, self.focus)))

    # ---------------------------------------------------------------- input
    def take(self, index: int) -> None:
        """Back to the setup with this board (a board is taken; `choose` is a race's word: a decision answered)."""
        self.stack.pop()
        self.on_choose(index)

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        steps = {Action.LEFT: -1, Action.RIGHT: 1, Action.UP: -self.columns(), Action.DOWN: self.columns()}
        step = controls.which(event, steps)
        if step is not None:
            self.show(self.focus + steps[step])
            return None
        if controls.pressed(event, Action.PAGE_UP, Action.PAGE_DOWN):
            self.scroll(-self.rows_shown() if controls.pressed(event, Action.PAGE_UP) else self.rows_shown())
            return None
        if controls.pressed(event, Action.CONFIRM, Action.ACTIVATE):
            self.take(self.focus)
            return None
        if controls.pressed(event, Action.BACK):
            self.back()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.back_button.rect.collidepoint(event.pos):
            self.back()
            return None
        if event.type == pygame.MOUSEMOTION:
            hovered = self.card_at(event.pos)
            if hovered is not None:
                self.focus = hovered
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            clicked = self.card_at(event.pos)
            if clicked is not None:
                self.take(clicked)
        return None

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card under a point, if one is shown there."""
        for index in self.shown():
            if self.rect(index).collidepoint(pos):
                return index
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 150)
        text.draw(surface, t("gallery.title"), (40, 22), 44, theme.ACCENT, "title")
        shown = self.shown()
        for index in shown:
            self.draw_card(surface, index)
        if self.rows() > self.rows_shown():
            more = t("gallery.more", first=shown.start + 1, last=shown.stop, count=len(self.choices))
            text.draw(surface, more, (1240, 677), 16, theme.MUTED, anchor="midright")
        self.back_button.draw(surface, False)
        text.draw(surface, t("gallery.keys"), (640, 677), 16, theme.MUTED, anchor="center")

    def draw_card(self, surface: pygame.Surface, index: int) -> None:
        choice, box = self.choices[index], self.rect(index)
        focused = index == self.focus
        panel(
            surface,
            box,
            theme.PANEL_LIGHT if focused else theme.PANEL,
            theme.FOCUS if focused else theme.PANEL_EDGE,
            width=3 if focused else 1,
        )
        board = choice.board
        x, room = box.left + PICTURE[0] + 24, name_room(self.columns())
        if board is None:
            text.draw(
                surface,
                fit(Path(choice.ref).name, box.width - 24, 20, "heading"),
                (box.left + 12, box.top + 12),
                20,
                theme.ACCENT,
                "heading",
            )
            text.draw(surface, t("setup.unusable"), (box.left + 12, box.top + 44), 16, theme.BAD, "bold")
            area = pygame.Rect(box.left + 12, box.top + 68, box.width - 24, box.height - 76)
            text.draw_wrapped(surface, choice.problem, area, 14, theme.TEXT, spacing=2)
            return
        picture = thumbnail(board, PICTURE)
        frame = picture.get_rect(center=(box.left + 12 + PICTURE[0] // 2, box.centery))
        surface.blit(picture, frame)
        pygame.draw.rect(surface, theme.PANEL_EDGE, frame.inflate(2, 2), 1)
        name, size = board_name(board), NAME
        y = box.top + 12
        for line in text.wrap(name, room, size, "heading")[:2]:  # (two lines: the card is as tall as they are)
            text.draw(surface, fit(line, room, size, "heading"), (x, y), size, theme.ACCENT, "heading")
            y += size + 6 + text.grown(size, "heading")
        facts = [
            t("setup.size", width=board.width, height=board.height),
            t("setup.proposes", count=board.turns),
            t("setup.max_racers", count=board.max_racers),
        ]
        mark = choice.origin in (boards.YOURS, boards.GIVEN)  # (its line at the card's foot)
        step = 22 + text.grown(15)
        for fact in facts[: (box.bottom - 6 - y - (step if mark else 0)) // step]:  # (those above the foot)
            text.fitted_line(surface, fact, (x, y + 4), room, 15, theme.TEXT)
            y += step
        if choice.origin == boards.YOURS:
            text.draw(surface, t("gallery.yours"), (x, box.bottom - 12), 15, theme.GOOD, "bold", anchor="bottomleft")
        elif choice.origin == boards.GIVEN:
            text.draw(
                surface, t("gallery.given"), (x, box.bottom - 12), 15, theme.HIGHLIGHT, "bold", anchor="bottomleft"
            )
