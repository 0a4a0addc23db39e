"""The race setup's card of the chosen board: its picture, its name, its description and its facts (who
made it, its size, how many racers it takes, the turns it proposes), or, for a board the game cannot
use, its file's name and why. The card is as tall as its words need at the player's Text size when the
setup has the room (`wanted_height`); in less room its picture is drawn smaller, then the name is left to
the board chooser just above it, before any words are drawn smaller."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.rules.race import MIN_RACERS
from scenes.core import boards, text, theme
from scenes.core.boards import BoardChoice
from scenes.core.i18n import board_author, board_description, board_name, t
from scenes.core.i18n import character as character_name
from scenes.render.board import thumbnail
from scenes.ui.widgets import fit, panel

HEIGHT = 170  # the card as designed
CARD_TOP, LEFT_WIDTH, ROW_H = 136, 590, 44  # the card's top, the setup's left column's width, a racer's row
PICTURES = ((150, 176), (90, 150))  # the board's picture, and smaller when the words need the room
MARGIN = 10  # px above the words and below them


@dataclass(frozen=True)
class Layout:
    """The setup's left column at the player's Text size (SetupScene.layout)."""

    card: pygame.Rect  # the board's card
    turns_y: int  # the turns' and the racers' count's row
    help: pygame.Rect  # the line above the racers
    rows_top: int  # the racers' rows
    keys: list[str]  # the keys' line at the bottom, wrapped in the column
    shown: int = 6  # the racers' rows on screen at once (fewer than the racers: they scroll)


def row_columns(
    kinds: Sequence[str], characters: Sequence[str], designed: tuple[int, int, int, int]
) -> dict[bool, tuple[int, int, int, int]]:
    """A racer's row's columns, for a computer's or a friend's seat (False) and a person's (True): his
    kind's width, his name field's left and width (0: away), his character's left. As designed (`designed`:
    the kind's, the name's and the character's lefts, the row's right) when every kind and character fits
    whole at the Text size; else the character as wide as the longest, a person's kind as wide as its
    word and his name the rest, and a computer's kind across the name's room (his name is his character's)."""
    kind_x, name_x, character_x, right = designed
    need_kind = max(text.width(t(f"setup.kind.{kind}"), 19, "bold") for kind in kinds) + 64
    need_character = max(text.width(character_name(c), 19, "bold") for c in characters) + 64
    if need_kind <= name_x - kind_x - 8 and need_character <= right - character_x:
        same = (name_x - kind_x - 8, name_x, character_x - name_x - 8, character_x)
        return {False: same, True: same}
    character_x = min(character_x, right - need_character)
    person = min(name_x - kind_x - 8, max(120, text.width(t("setup.kind.person"), 19, "bold") + 64))
    return {
        False: (character_x - 8 - kind_x, name_x, 0, character_x),
        True: (person, kind_x + person + 8, character_x - 16 - kind_x - person, character_x),
    }


@dataclass(frozen=True)
class Plan:
    """How the card is laid: its picture's size, whether the name heads it, the height it then needs."""

    picture: tuple[int, int]
    named: bool
    height: int


def _words(choice: BoardChoice) -> tuple[str, str, str]:
    board = choice.board
    assert board is not None
    facts = [t("setup.in_your_folder", file=Path(choice.ref).name)] if choice.origin == boards.YOURS else []
    facts += [
        t("setup.by", author=board_author(board)) if board.author else t("setup.author_unknown"),
        t("setup.size", width=board.width, height=board.height),
        t("setup.max_racers", count=board.max_racers),
        t("setup.proposes", count=board.turns),
    ]
    return board_name(board), board_description(board) or t("setup.no_description"), "  ·  ".join(facts)


def _paragraph(words: str, width: int, size: int) -> int:
    """The height of `words` wrapped in `width` at `size` as draw_wrapped lays them (4 px apart)."""
    return len(text.wrap(words, width, size)) * (text.line_height(size) + 2)


def plans(choice: BoardChoice, width: int) -> list[Plan]:
    """The ways to lay the card `width` wide, the roomiest first."""
    name, description, facts = _words(choice)
    found = []
    for picture, named in ((PICTURES[0], True), (PICTURES[1], True), (PICTURES[1], False)):
        room = width - picture[0] - 30 - 16
        height = MARGIN + (
            len(text.wrap(name, room, 26, "heading")) * text.line_height(26, "heading") + 2 if named else 0
        )
        height += _paragraph(description, room, 17) + 4 + _paragraph(facts, room, 16) + MARGIN
        found.append(Plan(picture, named, height))  # (the picture is drawn no taller than the card)
    return found


def least_height(choice: BoardChoice, width: int) -> int:
    """The height under which the card's words would be drawn smaller (its tightest plan's)."""
    return HEIGHT if choice.board is None else min(HEIGHT, min(p.height for p in plans(choice, width)))


def wanted_height(choice: BoardChoice, width: int) -> int:
    """The height that shows the whole card as designed at the player's Text size."""
    return HEIGHT if choice.board is None else max(HEIGHT, plans(choice, width)[0].height)


def draw(surface: pygame.Surface, card: pygame.Rect, choice: BoardChoice) -> None:
    """The card of `choice` in `card`."""
    panel(surface, card, (30, 35, 54))
    board = choice.board
    if board is None:  # its file's name, and the checker's sentence wrapped on the card
        inner = card.inflate(-32, -28)
        name = fit(Path(choice.ref).name, inner.width, 26, "heading")
        text.draw(surface, name, inner.topleft, 26, theme.ACCENT, "heading")
        text.draw(surface, t("setup.unusable"), (inner.left, inner.top + 38), 17, theme.BAD, "bold")
        area = pygame.Rect(inner.left, inner.top + 62, inner.width, inner.bottom - inner.top - 62)
        text.draw_wrapped(surface, choice.problem, area, 16, theme.TEXT, spacing=2)
        return
    options = plans(choice, card.width)
    plan = next((p for p in options if p.height <= card.height), options[-1])
    frame = thumbnail_of(choice, (plan.picture[0], min(plan.picture[1], card.height - 12)), card, surface)
    x = card.left + plan.picture[0] + 30 if frame is not None else card.left + 16
    room = card.right - 16 - x
    name, description, facts = _words(choice)
    top = card.top + MARGIN
    if plan.named:
        for line in text.wrap(name, room, 26, "heading"):
            top = text.draw(surface, line, (x, top), 26, theme.ACCENT, "heading").bottom
        top += 2
    below = card.bottom - MARGIN - _paragraph(facts, room, 16)  # (room kept for the facts, whole)
    area = pygame.Rect(x, top, room, max(0, below - 4 - top))
    y = text.draw_wrapped(surface, description, area, 17, theme.TEXT, whole=True)
    area = pygame.Rect(x, y + 4, room, card.bottom - 4 - (y + 4))
    text.draw_wrapped(surface, facts, area, 16, theme.MUTED)


def thumbnail_of(
    choice: BoardChoice, size: tuple[int, int], card: pygame.Rect, surface: pygame.Surface
) -> pygame.Rect | None:
    """The board's picture drawn framed at the card's left, `size` at most; None without one."""
    if choice.board is None:
        return None
    picture = thumbnail(choice.board, size)
    frame = picture.get_rect(center=(card.left + 15 + size[0] // 2, card.centery))
    surface.blit(picture, frame)
    pygame.draw.rect(surface, theme.PANEL_EDGE, frame.inflate(2, 2), 1)
    return frame


def column(keys_words: str, help_words: str, racers: int, choice: BoardChoice, card_height: int) -> Layout:
    """The setup's left column laid out at the player's Text size, from the keys' line (`keys_words`) at
    the bottom up: the `racers`' rows, the line above them (`help_words`, whole, at its size), the turns;
    the board's card as tall as its words want (`card_height`) in what is left (as designed, 170 px, at
    least while there is room). Many racers at a large Text size: the gaps tighter, the card as short as
    its words allow, then fewer rows on screen (they scroll)."""
    keys = text.wrap(keys_words, LEFT_WIDTH, 16)
    help_lines = len(text.wrap(help_words, LEFT_WIDTH, 17, "bold"))
    help_h = max(32, help_lines * text.line_height(17, "bold"))
    wanted = max(card_height, HEIGHT)
    least = max(120, least_height(choice, 580))
    # the gaps: under the card, above the line, under it, above the keys (the roomiest first)
    spacings = ((12, 30 if help_lines == 1 else 12, 4, 4), (4, 4, 2, 4), (4, 2, 0, 0))
    for shown in range(racers, 0, -1):
        rows_top = 716 - len(keys) * text.line_height(16) - shown * ROW_H  # (above the keys)
        rooms = [rows_top - g[3] - g[2] - help_h - g[1] - 44 - g[0] - CARD_TOP for g in spacings]
        fits = [k for k, room in enumerate(rooms) if room >= HEIGHT] or [k for k in (1, 2) if rooms[k] >= least]
        if fits or shown <= MIN_RACERS:
            break
    gaps = spacings[fits[0] if fits else -1]
    room = rooms[fits[0] if fits else -1]
    height = max(120, min(wanted, room))
    turns_y = CARD_TOP + height + gaps[0]
    help_top = turns_y + 44 + gaps[1]
    help_rect = pygame.Rect(40, help_top, LEFT_WIDTH, help_h)
    return Layout(pygame.Rect(40, CARD_TOP, 580, height), turns_y, help_rect, help_rect.bottom + gaps[2], keys, shown)


def more_rows(surface: pygame.Surface, laid: Layout, first: int, racers: int) -> None:
    """Racers' rows above or below those on screen (`first` the first shown): a triangle in the margin
    left of the first row shown, or of the last, points at them."""
    for way, more in ((-1, first > 0), (1, first + laid.shown < racers)):
        if more:
            row = 0 if way < 0 else laid.shown - 1  # (in the margin left of the first or the last row shown)
            tip = laid.rows_top + row * ROW_H + (ROW_H - 6) // 2 + 9 * way
            pygame.draw.polygon(surface, theme.ACCENT, [(20, tip - 12 * way), (34, tip - 12 * way), (27, tip)])
