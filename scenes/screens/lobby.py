"""What both lobbies of a network race draw (the host's, scenes/screens/host_lobby.py, and a friend's on the
join screen, scenes/screens/join.py): the board's header and the seats, one row each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame.typing import RectLike

from game.rules import levels
from game.rules.characters import CHARACTERS
from scenes.core import assets, text, theme
from scenes.core.i18n import character as character_name
from scenes.core.i18n import racer_kind, t
from scenes.render import sprites
from scenes.screens.kinds import open_seat
from scenes.ui.widgets import Widget, panel

CHARACTER_IDS = list(CHARACTERS)
LOBBY_BOX = pygame.Rect(650, 84, 590, 466)  # the host's board and seats, on the right of both screens
ROWS_TOP = LOBBY_BOX.top + 120
ROW_H = 58
CLOCK_SECONDS = (0, 15, 30, 60, 120)  # the host's choices of time a connected friend has per decision (0: no clock)


def seat_rows(
    surface: pygame.Surface,
    seats: list[dict[str, Any]],
    mine: int | None = None,
    chosen: int | None = None,
) -> list[pygame.Rect]:
    """The seats of a lobby, one row each: colour and number, who sits there (or that the seat is open),
    the character's portrait; returns the rows' rects."""
    rects = []
    for index, seat in enumerate(seats):
        row = seat_rect(index)
        rects.append(row)
        is_open = open_seat(seat)
        edge = theme.ACCENT if index == chosen else (theme.racer_colour(index) if index == mine else theme.PANEL_EDGE)
        panel(
            surface,
            row,
            theme.PANEL_LIGHT if index in (mine, chosen) else theme.PANEL,
            edge,
            radius=8,
            shadow=False,
            width=3 if index == chosen else 1,
        )
        centre = (row.left + 26, row.centery)
        shape = sprites.mark(index, 32, theme.racer_colour(index), index + 1)  # the seat's shape, colour and number
        surface.blit(shape, shape.get_rect(center=centre))
        character = seat.get("character") or ""
        if character in CHARACTERS:
            image = assets.portrait(character, ROW_H - 12)
            if image is not None:
                surface.blit(image, image.get_rect(midright=(row.right - 8, row.centery)))
        kind = seat.get("kind")
        if kind == "bot":
            level = seat.get("level")
            who = seat.get("name") or t("lobby.computer_racer")
            state, colour = racer_kind(level if level in levels.LEVELS else "computer"), theme.MUTED
        elif kind == "here":
            who = seat.get("name") or t("lobby.person_here")
            state, colour = t("lobby.at_host"), theme.MUTED
        elif is_open:
            who = t("lobby.open_seat")
            state, colour = t("lobby.waiting_friend"), theme.ACCENT
        else:
            who = seat.get("name") or ""
            joined = seat.get("connected")
            state, colour = (t("lobby.joined"), theme.GOOD) if joined else (t("lobby.not_connected"), theme.BAD)
            if index == mine:
                state, colour = t("lobby.you"), theme.ACCENT
        big, small = 20, 16  # the two lines' sizes: the Text size's, smaller only if the row cannot hold both
        while big > 12 and assets.font(big, "bold").get_height() + assets.font(small).get_height() > row.height - 6:
            big, small = big - 1, small - 1
        text.draw(surface, fit(who, 330, big), (row.left + 54, row.top + 3), big, theme.TEXT, "bold")
        line = character_name(character) if character in CHARACTERS else ""
        line = f"{line}  ·  {state}" if line and state else line or state
        line = fit(line, row.width - 54 - ROW_H, small, "body")
        text.draw(surface, line, (row.left + 54, row.bottom - 3), small, colour, anchor="bottomleft")
    return rects


def seat_rect(index: int) -> pygame.Rect:
    """Where seat `index`'s row is."""
    return pygame.Rect(LOBBY_BOX.left + 12, ROWS_TOP + index * ROW_H, LOBBY_BOX.width - 24, ROW_H - 6)


def draw_board_header(
    surface: pygame.Surface,
    box: pygame.Rect,
    name: str,
    thumb: pygame.Surface | None,
    turns: int,
    count: int,
    clock: float = 0.0,
) -> None:
    """The lobby box's head: the board's name and picture, the turns and the racers, the turn clock."""
    right = box.right - 16
    if thumb is not None:
        picture = thumb.get_rect(topright=(box.right - 14, box.top + 10))
        surface.blit(thumb, picture)
        right = picture.left - 12
    room = right - (box.left + 16)  # (the words left of the picture, all the room there is)
    text.draw(surface, fit(name, room, 26, "heading"), (box.left + 16, box.top + 14), 26, theme.ACCENT, "heading")
    line = t("lobby.setup_line", turns=turns, count=count) + " · "
    line += t("lobby.clock_line", count=round(clock)) if clock > 0 else t("lobby.no_clock")
    text.draw(surface, fit(line, room, 18, "body"), (box.left + 16, box.top + 52), 18, theme.MUTED)


def fit(words: str, room: int, size: int, kind: str = "bold") -> str:
    """`words` cut short with "…" to fit `room` pixels (`text.fit`, in the lobby's bold by default)."""
    return text.fit(words, room, size, kind)


class SeatRow(Widget):
    """A lobby's seat row under the mouse (the keyboard chooses with the seat chooser)."""

    focusable = False

    def __init__(self, rect: RectLike, index: int, pick: Callable[[int], object]) -> None:
        super().__init__(rect)
        self.index, self.pick = index, pick

    def activate(self) -> bool:
        return bool(self.pick(self.index))
