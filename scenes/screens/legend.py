"""The legend: what every kind of square and object of the board is, drawn with the board's own
tiles, and what the racers' cards show.

Opened from a race (L, or the *Legend* button of the top bar; a controller's X): each kind is
shown as it looks on this very board (a square of that kind cut out of the board's picture), or
drawn as the game draws it when the board has none, with its name and what it does. A third
column shows the parts of a racer's card as the sidebar draws them: his place in the turn order,
his points, his chest badge (the five of them), his clovers, shields and coins, the objects he
holds.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.controls import Action
from game.boards.board import BARRIER, CHEST, CLOVER, COIN, FLOOR, HOLE, ROCK, SHIELD, SHORTCUT, Board
from scenes.core import controls, i18n, text, theme
from scenes.core.i18n import board_name, t
from scenes.core.stack import Scene
from scenes.render import sprites
from scenes.render.board import BoardRenderer, object_sprite, paint_ground, paint_object, paint_terrain
from scenes.ui.widgets import panel, veil

TERRAINS = (FLOOR, BARRIER, ROCK, HOLE, SHORTCUT)
OBJECTS = (CHEST, COIN, CLOVER, SHIELD)
LAID = ("trap", "poo")  # laid by racers during the race
KINDS = ("finish",) + TERRAINS + OBJECTS + LAID
CARD_PARTS = ("order", "points", "tier", "counters", "objects")  # legend.card.<part>: the racers' cards
PICTURE = 52  # pixels a side of each kind's picture
CLOSE_ACTIONS = (Action.PAUSE, Action.BACK, Action.LEGEND, Action.CONFIRM, Action.ACTIVATE)


def example_square(board: Board, kind: str, avoid: frozenset[Any] = frozenset()) -> tuple[int, int] | None:
    """A square of the board that shows `kind` (terrain or object), none of `avoid` (objects taken,
    barriers broken), or None when there is none."""
    for square in board.squares():
        if square in avoid:
            continue
        terrain, thing = board.terrain_at(square), board.objects.get(square)
        if kind == "finish" and square[0] == 0 and terrain == FLOOR:
            return square
        if kind in OBJECTS and thing == kind:
            return square
        if kind in TERRAINS and terrain == kind and thing is None and square[0] != 0:
            return square
    return None


def picture(renderer: BoardRenderer, kind: str) -> tuple[pygame.Surface, bool]:
    """The picture of a kind, and whether it was cut out of this board."""
    avoid = renderer.taken | renderer.destroyed
    square = example_square(renderer.board, kind, avoid) if kind not in LAID else None
    if square is not None:
        cut = renderer.surface.subsurface(renderer.square_rect(square)).copy()
        return pygame.transform.smoothscale(cut, (PICTURE, PICTURE)), True
    ground = example_square(renderer.board, FLOOR, avoid)
    if ground is not None:  # what lies on the track is drawn on this board's own track
        cut = renderer.surface.subsurface(renderer.square_rect(ground)).copy()
        surface = pygame.transform.smoothscale(cut, (PICTURE, PICTURE))
    else:
        surface = pygame.Surface((PICTURE, PICTURE)).convert()
        paint_ground(surface, surface.get_rect(), (0, 0))
    rect = surface.get_rect()
    if kind in TERRAINS and kind != FLOOR:
        paint_terrain(surface, rect, kind, (0, 0))
    elif kind in OBJECTS:
        paint_object(surface, rect, kind, False)
    elif kind in LAID:
        sprite = object_sprite(kind, int(PICTURE * 0.8))
        surface.blit(sprite, sprite.get_rect(center=rect.center))
    return surface, False


def card_picture(part: str) -> pygame.Surface:
    """A part of a racer's card as the sidebar draws it."""
    surface = pygame.Surface((PICTURE, PICTURE)).convert()
    surface.fill(theme.PANEL)
    rect = surface.get_rect()
    if part == "order":
        pygame.draw.rect(surface, theme.racer_colour(1), (0, 0, 18, PICTURE))
        text.draw(surface, "2", (9, PICTURE // 2), 16, (16, 18, 28), "bold", anchor="center")
        token = sprites.token("dwarf", theme.racer_colour(1), 30, 2)
        surface.blit(token, token.get_rect(midleft=(21, PICTURE // 2)))
    elif part == "points":
        text.draw(surface, "13", (rect.centerx, rect.centery - 4), 28, theme.ACCENT, "heading", anchor="center")
        text.draw(surface, t("hud.points"), (rect.centerx, rect.bottom - 2), 13, theme.MUTED, anchor="midbottom")
    elif part == "tier":
        badge = sprites.tier_badge(4, 30)
        surface.blit(badge, badge.get_rect(midtop=(rect.centerx, 3)))
        text.draw(
            surface, theme.TIER_SYMBOLS[4], (rect.centerx, rect.bottom - 2), 15, theme.TEXT, "bold", anchor="midbottom"
        )
    elif part == "counters":
        for k, (name, count) in enumerate((("clover", 1), ("shield", 0), ("coin", 2))):
            icon = sprites.icon("object", name, 15)
            y = 9 + 17 * k
            surface.blit(icon, icon.get_rect(midleft=(8, y)))
            colour = theme.TEXT if count else theme.DIM
            text.draw(surface, str(count), (27, y), 14, colour, "bold", anchor="midleft")
    else:
        icon = sprites.icon("object", "syringe", 40)
        surface.blit(icon, icon.get_rect(center=rect.center))
    return surface


class LegendScene(Scene):
    """Every kind of square and object, over the race (any key or click closes it)."""

    opaque = False

    def __init__(self, renderer: BoardRenderer) -> None:
        super().__init__()
        self.entries = [(kind, *picture(renderer, kind)) for kind in KINDS]
        self.cards = [(part, card_picture(part)) for part in CARD_PARTS]
        self.board_name = board_name(renderer.board)
        self.page = 0  # the page shown when the words take two (the board's kinds, then the racers' cards)
        self._pages: tuple[tuple[float, str], int] | None = None  # ((Text size, language), pages)

    def handle_event(self, event: pygame.event.Event) -> Any:
        turn = (Action.LEFT, Action.RIGHT, Action.PAGE_UP, Action.PAGE_DOWN)
        if self.pages() > 1 and controls.pressed(event, *turn):
            self.page = 1 - self.page
        elif controls.pressed(event, *CLOSE_ACTIONS) or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.stack.pop()
        return None  # modal

    # ---------------------------------------------------------------- layout
    @staticmethod
    def box() -> pygame.Rect:
        box = pygame.Rect(0, 0, 1240, 664)
        box.center = (theme.SIZE[0] // 2, theme.SIZE[1] // 2)
        return box

    def top(self) -> int:
        """The first row's top: under the title and the columns' headings."""
        box = self.box()
        title = box.top + 14 + text.line_height(28, "heading")
        return max(box.top + 84, title + text.line_height(17, "bold") + 8)

    def pages(self) -> int:
        """1 when every kind's words show whole at the Text size on one page (the board's kinds in two
        columns, the cards in a third), else 2: the board's kinds in three columns, then the cards."""
        key = (theme.text_scale(), i18n.language())
        if self._pages is None or self._pages[0] != key:
            column_w = (self.box().width - 48) // 3
            rows = (len(self.entries) + 1) // 2
            room = (self.box().bottom - 34 - self.top()) // rows
            card_h = (self.box().bottom - 34 - self.top() - 40) // len(self.cards)
            whole = all(fits(t(f"legend.{kind}.what"), column_w, room) for kind, _, _ in self.entries)
            whole = whole and all(fits(t(f"legend.card.{part}.what"), column_w - 12, card_h) for part, _ in self.cards)
            self._pages = (key, 1 if whole else 2)
        return self._pages[1]

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 170)
        box = self.box()
        panel(surface, box, (26, 30, 46))
        text.draw(
            surface,
            t("legend.title", board=self.board_name),
            (box.left + 24, box.top + 14),
            28,
            theme.ACCENT,
            "heading",
        )
        top, pages = self.top(), self.pages()
        column_w = (box.width - 48) // 3
        if pages == 1 or self.page == 0:
            columns = 2 if pages == 1 else 3
            rows = -(-len(self.entries) // columns)
            text.draw(surface, t("legend.board"), (box.left + 24, top - 28), 17, theme.MUTED, "bold")
            for column in range(columns):
                kinds = self.entries[column * rows : (column + 1) * rows]
                heights = shared_heights(
                    [t(f"legend.{kind}.what") for kind, _, _ in kinds], column_w, box.bottom - 34 - top
                )
                y = top
                for (kind, image, own), height in zip(kinds, heights):
                    name = t(f"legend.{kind}.name") + ("" if own or kind in LAID else t("legend.not_here"))
                    where = (box.left + 24 + column * column_w, y)
                    self.draw_entry(surface, image, name, t(f"legend.{kind}.what"), where, column_w, height)
                    y += height
        if pages == 1 or self.page == 1:
            self.draw_cards(surface, top, column_w, pages)
        close = t("legend.close") if pages == 1 else t("legend.pages", page=self.page + 1, pages=pages)
        text.draw(surface, close, (box.centerx, box.bottom - 10), 15, theme.MUTED, anchor="midbottom")

    def draw_cards(self, surface: pygame.Surface, top: int, column_w: int, pages: int) -> None:
        """What the racers' cards show: in the third column beside the board's kinds, or on a page of their own."""
        box = self.box()
        if pages == 1:
            x = box.left + 24 + 2 * column_w + 12
            pygame.draw.line(surface, theme.PANEL_EDGE, (x - 14, top - 30), (x - 14, box.bottom - 34))
            spots = [(x, column_w - 12)] * len(self.cards)
            card_h = (box.bottom - 34 - top - 40) // len(self.cards)
            rows = len(self.cards)
        else:  # (a page of their own: two columns)
            x = box.left + 24
            rows = -(-len(self.cards) // 2)
            spots = [
                (x + (index // rows) * (column_w + column_w // 2), column_w + column_w // 2)
                for index in range(len(self.cards))
            ]
            card_h = (box.bottom - 34 - top - 40) // rows
        text.draw(surface, t("legend.cards"), (x, top - 28), 17, theme.MUTED, "bold")
        for index, (part, image) in enumerate(self.cards):
            left, width = spots[index]
            where = (left, top + (index % rows) * card_h)
            name, what = t(f"legend.card.{part}.name"), t(f"legend.card.{part}.what")
            self.draw_entry(surface, image, name, what, where, width, card_h)
        hint = pygame.Rect(x, box.bottom - 34 - 40, (column_w - 24) if pages == 1 else box.width - 48, 40)
        text.draw_wrapped(surface, t("legend.cards_hint"), hint, 15, theme.HIGHLIGHT, spacing=0, whole=True)

    @staticmethod
    def draw_entry(
        surface: pygame.Surface,
        image: pygame.Surface,
        name: str,
        what: str,
        where: tuple[int, int],
        width: int,
        height: int,
    ) -> None:
        """One kind: its picture, its name and what it does beside it."""
        x, y = where
        surface.blit(image, (x, y))
        pygame.draw.rect(surface, theme.PANEL_EDGE, (x - 1, y - 1, PICTURE + 2, PICTURE + 2), 1)
        said = text.fitted_line(surface, name, (x + PICTURE + 12, y - 3), width - PICTURE - 28, 18, theme.TEXT, "bold")
        text.draw_wrapped(
            surface, what, entry_area(where, width, height, said.bottom), 15, theme.MUTED, spacing=0, whole=True
        )


def entry_area(where: tuple[int, int], width: int, height: int, name_bottom: int) -> pygame.Rect:
    """Where a kind's words go: beside its picture, under its name."""
    x, y = where
    below = max(y + 19, name_bottom - 2)
    return pygame.Rect(x + PICTURE + 12, below, width - PICTURE - 18, y + height - below - 1)


def shared_heights(words: list[str], width: int, room: int) -> list[int]:
    """The heights of a column's entries in `room` pixels: each as tall as its words at the Text size,
    the rest shared out evenly (evenly, when they do not all fit)."""
    name = 3 + text.line_height(18, "bold")
    area = entry_area((0, 0), width, 0, name).width
    needs = [max(PICTURE, name + len(text.wrap(what, area, 15)) * text.line_height(15)) + 4 for what in words]
    if sum(needs) > room:
        return [room // len(words)] * len(words)
    return [need + (room - sum(needs)) // len(words) for need in needs]


def fits(what: str, width: int, height: int) -> bool:
    """Whether a kind's words show whole at the Text size in an entry of `width` x `height`."""
    area = entry_area((0, 0), width, height, 3 + text.line_height(18, "bold"))
    return text.paragraph_size(what, area, 15, spacing=0) == 15
