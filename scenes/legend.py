"""The legend: what every kind of square and object of the board is, drawn with the board's own tiles.

Opened from a race (L, or the *Legend* button of the top bar; a controller's X): each kind is
shown as it looks on this very board (a square of that kind cut out of the board's picture), or
drawn as the game draws it when the board has none, with its name and what it does.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.board import BARRIER, CHEST, CLOVER, COIN, FLOOR, HOLE, ROCK, SHIELD, SHORTCUT
from scenes.i18n import t
from scenes.render.board import BoardRenderer, object_sprite, paint_ground, paint_object, paint_terrain
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import panel, veil

TERRAINS = (FLOOR, BARRIER, ROCK, HOLE, SHORTCUT)
OBJECTS = (CHEST, COIN, CLOVER, SHIELD)
LAID = ("trap", "poo")  # laid by racers during the race
KINDS = ("finish",) + TERRAINS + OBJECTS + LAID
PICTURE = 52  # pixels a side of each kind's picture
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def example_square(board: Any, kind: str, avoid: frozenset[Any] = frozenset()) -> tuple[int, int] | None:
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


class LegendScene(Scene):
    """Every kind of square and object, over the race (any key or click closes it)."""

    opaque = False

    def __init__(self, renderer: BoardRenderer) -> None:
        super().__init__()
        self.entries = [(kind, *picture(renderer, kind)) for kind in KINDS]
        self.board_name = renderer.board.name

    def handle_event(self, event: Any) -> Any:
        if event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            self.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.stack.pop()
        return None  # modal

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 170)
        box = pygame.Rect(0, 0, 1160, 640)
        box.center = (theme.SIZE[0] // 2, theme.SIZE[1] // 2)
        panel(surface, box, (26, 30, 46))
        text.draw(
            surface,
            t("legend.title", board=self.board_name),
            (box.left + 24, box.top + 16),
            28,
            theme.ACCENT,
            "heading",
        )
        rows = (len(self.entries) + 1) // 2
        row_h = (box.height - 90) // rows
        for index, (kind, image, own) in enumerate(self.entries):
            column, row = divmod(index, rows)
            x = box.left + 24 + column * (box.width // 2)
            y = box.top + 66 + row * row_h
            surface.blit(image, (x, y))
            pygame.draw.rect(surface, theme.PANEL_EDGE, (x - 1, y - 1, PICTURE + 2, PICTURE + 2), 1)
            name = t(f"legend.{kind}.name") + ("" if own or kind in LAID else t("legend.not_here"))
            text.draw(surface, name, (x + PICTURE + 14, y - 2), 19, theme.TEXT, "bold")
            text.draw_wrapped(
                surface,
                t(f"legend.{kind}.what"),
                pygame.Rect(x + PICTURE + 14, y + 22, box.width // 2 - PICTURE - 56, row_h - 20),
                15,
                theme.MUTED,
                spacing=0,
            )
        text.draw(surface, t("legend.close"), (box.centerx, box.bottom - 14), 15, theme.MUTED, anchor="midbottom")
