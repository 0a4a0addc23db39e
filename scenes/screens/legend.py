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
from scenes.core import controls, text, theme
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

    def handle_event(self, event: pygame.event.Event) -> Any:
        if controls.pressed(event, *CLOSE_ACTIONS) or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.stack.pop()
        return None  # modal

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 170)
        box = pygame.Rect(0, 0, 1240, 664)
        box.center = (theme.SIZE[0] // 2, theme.SIZE[1] // 2)
        panel(surface, box, (26, 30, 46))
        title = text.draw(
            surface,
            t("legend.title", board=self.board_name),
            (box.left + 24, box.top + 14),
            28,
            theme.ACCENT,
            "heading",
        )
        column_w = (box.width - 48) // 3
        rows = (len(self.entries) + 1) // 2
        top = max(box.top + 84, title.bottom + text.line_height(17, "bold") + 8)  # (under the title and headings)
        row_h = (box.bottom - 34 - top) // rows
        text.draw(surface, t("legend.board"), (box.left + 24, top - 28), 17, theme.MUTED, "bold")
        for index, (kind, image, own) in enumerate(self.entries):
            column, row = divmod(index, rows)
            name = t(f"legend.{kind}.name") + ("" if own or kind in LAID else t("legend.not_here"))
            where = (box.left + 24 + column * column_w, top + row * row_h)
            self.draw_entry(surface, image, name, t(f"legend.{kind}.what"), where, column_w, row_h)
        x = box.left + 24 + 2 * column_w + 12
        pygame.draw.line(surface, theme.PANEL_EDGE, (x - 14, top - 30), (x - 14, box.bottom - 34))
        text.draw(surface, t("legend.cards"), (x, top - 28), 17, theme.MUTED, "bold")
        card_h = (box.bottom - 34 - top - 40) // len(self.cards)
        for index, (part, image) in enumerate(self.cards):
            where = (x, top + index * card_h)
            name, what = t(f"legend.card.{part}.name"), t(f"legend.card.{part}.what")
            self.draw_entry(surface, image, name, what, where, column_w - 12, card_h)
        hint = pygame.Rect(x, box.bottom - 34 - 40, column_w - 24, 40)
        text.draw_wrapped(surface, t("legend.cards_hint"), hint, 15, theme.HIGHLIGHT, spacing=0, whole=True)
        text.draw(surface, t("legend.close"), (box.centerx, box.bottom - 10), 15, theme.MUTED, anchor="midbottom")

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
        below = max(y + 19, said.bottom - 2)
        area = pygame.Rect(x + PICTURE + 12, below, width - PICTURE - 28, y + height - below - 1)
        text.draw_wrapped(surface, what, area, 15, theme.MUTED, spacing=0, whole=True)
