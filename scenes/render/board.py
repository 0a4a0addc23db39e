"""The board drawn once onto a cached surface, then blitted with wrapping.

A board read from Tiled carries its own tiles (`board.art`): they are drawn
layer by layer, as the designer painted them. A board without art (a text
board of a test) gets painted tiles. Only the squares the race changes are
drawn again (a taken object greyed, a destroyed barrier); traps and racers
are drawn over the board every frame by the race scene.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game import Board, files
from game.app import session
from game.boards.board import BARRIER, FLOOR, HOLE, ROCK, SHORTCUT, Square
from scenes.core import assets, platform
from scenes.render import tiled

GRASS = ((92, 150, 74), (84, 140, 68))
DIRT = (150, 118, 76)


def _seeded(square: Square) -> random.Random:
    return random.Random(square[0] * 7919 + square[1] * 104729)


def paint_ground(surface: pygame.Surface, rect: pygame.Rect, square: Square) -> None:
    """Painted grass with a few tufts (boards without Tiled art)."""
    row, col = square
    surface.fill(GRASS[(row + col) % 2], rect)
    rng = _seeded(square)
    t = rect.width
    for _ in range(3):
        x = rect.left + rng.randint(3, t - 4)
        y = rect.top + rng.randint(3, t - 4)
        pygame.draw.line(surface, (70, 120, 56), (x, y), (x + rng.choice((-2, 2)), y - 3), 1)


def paint_terrain(surface: pygame.Surface, rect: pygame.Rect, kind: str, square: Square) -> None:
    """A painted barrier, rock, hole or shortcut."""
    t = rect.width
    if kind == BARRIER:
        for k in range(3):
            x = rect.left + t * (0.16 + 0.3 * k)
            pygame.draw.rect(surface, (112, 72, 38), (x, rect.top + t * 0.12, t * 0.16, t * 0.76), border_radius=2)
        for y in (0.32, 0.62):
            pygame.draw.rect(
                surface, (156, 104, 58), (rect.left + t * 0.06, rect.top + t * y, t * 0.88, t * 0.14), border_radius=2
            )
            pygame.draw.rect(
                surface, (70, 42, 20), (rect.left + t * 0.06, rect.top + t * y, t * 0.88, t * 0.14), 1, border_radius=2
            )
    elif kind == ROCK:
        body = pygame.Rect(0, 0, t * 0.8, t * 0.66)
        body.center = (rect.centerx, rect.centery + t * 0.06)
        pygame.draw.ellipse(surface, (40, 48, 40), body.move(0, 3))
        pygame.draw.ellipse(surface, (128, 130, 138), body)
        pygame.draw.ellipse(surface, (168, 170, 178), body.inflate(-t * 0.36, -t * 0.34).move(-t * 0.1, -t * 0.08))
        pygame.draw.ellipse(surface, (70, 72, 82), body, 2)
    elif kind == HOLE:
        body = pygame.Rect(0, 0, t * 0.84, t * 0.7)
        body.center = rect.center
        pygame.draw.ellipse(surface, DIRT, body.inflate(4, 4))
        pygame.draw.ellipse(surface, (20, 14, 10), body)
        pygame.draw.ellipse(surface, (48, 34, 24), body.inflate(-t * 0.2, -t * 0.2).move(0, -t * 0.08))
        pygame.draw.ellipse(surface, (20, 14, 10), body.inflate(-t * 0.28, -t * 0.28))
    elif kind == SHORTCUT:
        for k, colour in enumerate(((70, 30, 120), (120, 60, 200), (170, 110, 240), (230, 200, 255))):
            radius = int(t * (0.42 - 0.1 * k))
            pygame.draw.circle(surface, colour, rect.center, max(2, radius))
        pygame.draw.arc(surface, (255, 255, 255), rect.inflate(-t * 0.3, -t * 0.3), 0.3, 2.2, 2)


def paint_object(surface: pygame.Surface, rect: pygame.Rect, obj: str, greyed: bool) -> None:
    """An object lying on the board (its icon), greyed once taken."""
    size = int(rect.width * 0.78)
    icon = object_sprite(obj, size, greyed)
    surface.blit(icon, icon.get_rect(center=rect.center))


@lru_cache(maxsize=64)
def object_sprite(obj: str, size: int, greyed: bool = False) -> pygame.Surface:
    """The board sprite of an object, or its greyed ghost."""
    icon = assets.object_icon(obj, size)
    if icon is None:
        icon = pygame.Surface((size, size), pygame.SRCALPHA)
        colour = {
            "chest": (150, 100, 40),
            "coin": (240, 200, 60),
            "clover": (80, 190, 80),
            "shield": (90, 140, 230),
        }.get(obj, (200, 200, 200))
        pygame.draw.circle(icon, colour, (size // 2, size // 2), size // 2 - 2)
        pygame.draw.circle(icon, (20, 20, 20), (size // 2, size // 2), size // 2 - 2, 2)
    if not greyed:
        return icon
    grey = pygame.transform.grayscale(icon)
    grey.set_alpha(90)
    ghost = pygame.Surface((size, size), pygame.SRCALPHA)
    ghost.blit(grey, (0, 0))
    return ghost


def paint_finish_line(surface: pygame.Surface, width_px: int, tile: int) -> None:
    """The checkered start and finish line along the top edge of row 0."""
    check = max(4, tile // 6)
    for x in range(0, width_px, check):
        for y in range(2):
            colour = (245, 245, 245) if (x // check + y) % 2 == 0 else (24, 24, 24)
            surface.fill(colour, (x, y * check, check, check))


class BoardRenderer:
    """The board's picture at `tile` px per square, kept up to date with the race."""

    def __init__(self, board: Board, tile: int = 48) -> None:
        self.board = board
        self.tile = tile
        self.art = tiled.TileArt.of(board, tile)
        self.surface = pygame.Surface((board.width * tile, board.height * tile)).convert()
        self.size: tuple[int, int] = self.surface.get_size()  # the board's size in pixels
        self.taken: frozenset[Square] = frozenset()
        self.destroyed: frozenset[Square] = frozenset()
        for square in board.squares():
            self._paint(square)
        paint_finish_line(self.surface, self.surface.get_width(), tile)

    def square_rect(self, square: Square) -> pygame.Rect:
        """Where a square is on the board surface."""
        return pygame.Rect(square[1] * self.tile, square[0] * self.tile, self.tile, self.tile)

    def _paint(self, square: Square) -> None:
        rect = self.square_rect(square)
        terrain = self.board.terrain_at(square)
        destroyed = square in self.destroyed
        obj = self.board.objects.get(square)
        greyed = square in self.taken
        if self.art is not None:
            self.art.paint(self.surface, rect, square, destroyed=destroyed, greyed=greyed)
            return
        paint_ground(self.surface, rect, square)
        if terrain != FLOOR and not destroyed:
            paint_terrain(self.surface, rect, terrain, square)
        elif destroyed:  # splinters where the barrier stood
            t = self.tile
            for k in range(3):
                x = rect.left + int(t * (0.2 + 0.3 * k))
                pygame.draw.rect(
                    self.surface, (112, 72, 38), (x, rect.top + int(t * 0.62), int(t * 0.14), int(t * 0.22))
                )
        if obj is not None:
            paint_object(self.surface, rect, obj, greyed)

    def sync(self, taken: Iterable[Any], destroyed: Iterable[Any]) -> None:
        """Draw again the squares whose object was taken or returned, or whose barrier broke."""
        taken, destroyed = frozenset(taken), frozenset(destroyed)
        changed = (taken ^ self.taken) | (destroyed ^ self.destroyed)
        self.taken, self.destroyed = taken, destroyed
        for square in changed:
            self._paint(square)
        if any(square[0] == 0 for square in changed):
            paint_finish_line(self.surface, self.surface.get_width(), self.tile)

    def draw(self, target: pygame.Surface, view: pygame.Rect, camera: Sequence[float]) -> None:
        """Blit the board into `view` with its top-left at board pixel `camera`, wrapping."""
        width, height = self.size
        cx, cy = int(camera[0]) % width, int(camera[1]) % height
        if cx + view.width <= width and cy + view.height <= height:  # no edge of the board in view
            target.blit(self.surface, view.topleft, (cx, cy, view.width, view.height))
            return
        clip = target.get_clip()
        target.set_clip(view)
        y = view.top - cy
        while y < view.bottom:
            x = view.left - cx
            while x < view.right:
                area = pygame.Rect(max(0, view.left - x), max(0, view.top - y), 0, 0)
                area.width = min(width, view.right - x) - area.left
                area.height = min(height, view.bottom - y) - area.top
                if area.width > 0 and area.height > 0:
                    target.blit(self.surface, (x + area.left, y + area.top), area)
                x += width
            y += height
        target.set_clip(clip)

    def draw_parts(
        self, target: pygame.Surface, view: pygame.Rect, camera: Sequence[float], parts: Iterable[pygame.Rect]
    ) -> None:
        """`draw` into some rectangles of `view` only (the board where it is in the whole view)."""
        cx, cy = int(camera[0]), int(camera[1])  # the pixel `draw` takes, whatever the sign
        for part in parts:
            part = part.clip(view)
            if part.width > 0 and part.height > 0:
                self.draw(target, part, (cx + part.left - view.left, cy + part.top - view.top))

    def screen_positions(self, square: Square, view: pygame.Rect, camera: tuple[float, float]) -> list[tuple[int, int]]:
        """Every top-left on screen where a square shows (the board repeats when small)."""
        width, height = self.size
        px, py = square[1] * self.tile, square[0] * self.tile
        x0 = view.left + (px - int(camera[0])) % width
        y0 = view.top + (py - int(camera[1])) % height
        spots = []
        y = y0 - height
        while y < view.bottom:
            x = x0 - width
            while x < view.right:
                if x + self.tile > view.left and y + self.tile > view.top:
                    spots.append((x, y))
                x += width
            y += height
        return spots

    def square_at(self, pos: tuple[int, int], view: pygame.Rect, camera: tuple[float, float]) -> tuple[int, int] | None:
        """The square under a screen position inside `view`."""
        if not view.collidepoint(pos):
            return None
        width, height = self.size
        x = (pos[0] - view.left + int(camera[0])) % width
        y = (pos[1] - view.top + int(camera[1])) % height
        return int(y // self.tile), int(x // self.tile)

    def thumbnail(self, size: tuple[int, int]) -> pygame.Surface:
        """The whole board scaled to fit `size` (setup screen)."""
        width, height = self.size
        scale = min(size[0] / width, size[1] / height)
        return pygame.transform.smoothscale(self.surface, (max(1, int(width * scale)), max(1, int(height * scale))))


def around(view: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`view` less `hole`, as up to four rectangles (above, left, right, below)."""
    hole = hole.clip(view)
    if not hole:
        return [view]
    parts = [
        pygame.Rect(view.left, view.top, view.width, hole.top - view.top),
        pygame.Rect(view.left, hole.top, hole.left - view.left, hole.height),
        pygame.Rect(hole.right, hole.top, view.right - hole.right, hole.height),
        pygame.Rect(view.left, hole.bottom, view.width, view.bottom - hole.bottom),
    ]
    return [part for part in parts if part.width > 0 and part.height > 0]


# ---------------------------------------------------------------- small cached pictures of boards
THUMBNAILS_KEPT = 32  # the board cards kept drawn in memory (a few KB each)
THUMBNAIL_FOLDER = "thumbnails"  # in the per-user folder: the cards drawn, kept across runs
THUMBNAIL_FILES = 200  # the most pictures kept on disk (the oldest go first)
THUMBNAIL_BYTES = 512 * 1024  # a kept picture larger than this is not ours: drawn again
DIGESTS_KEPT = 256  # files whose sha256 is kept in memory, with the state it was computed for
_thumbnails: dict[tuple[Any, ...], pygame.Surface] = {}
_digests: dict[tuple[Any, ...], str | None] = {}  # a file's (path, times, size, inode, device) -> its bytes' sha256


def _digest(path: str, kind: str) -> str | None:
    """The sha256 of a file's bytes (read within its kind's limit; None when it cannot be), computed
    once while the file's state is the same: its change time and inode move whenever its bytes are
    written, whatever time and size it is given."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    state = (path, info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino, info.st_dev)
    if state not in _digests:
        try:
            _digests[state] = hashlib.sha256(files.read_bytes(path, kind)).hexdigest()
        except (OSError, files.FileRefused):
            _digests[state] = None
        if len(_digests) > DIGESTS_KEPT:
            _digests.pop(next(iter(_digests)))
    return _digests[state]


def _board_key(board: Board) -> tuple[Any, ...]:
    """What a board's picture depends on: the bytes of its file and of the pictures of its tiles (their
    sha256, never their time and size: a file given another's time and size is not taken for it), or
    its squares for a board without a file; its size and name."""
    source = getattr(board, "source", "") or ""
    if not source:
        return ("", board.name, board.width, board.height, board.terrain)
    art = getattr(board, "art", None)
    tiles = tuple(_digest(image, "image") for image in (art.images() if art is not None else ()))
    return (_digest(source, "board"), tiles, board.name, board.width, board.height)


def _kept_file(key: tuple[Any, ...]) -> Path | None:
    """Where the picture of this key is kept on disk (None when there is no per-user folder)."""
    try:
        folder = session.FOLDER.path() / THUMBNAIL_FOLDER
    except OSError:
        return None
    return folder / (hashlib.sha256(repr(key).encode("utf-8")).hexdigest()[:32] + ".png")


def _read_kept(path: Path | None, size: tuple[int, int]) -> pygame.Surface | None:
    """A picture kept on disk, if it is one of ours: a PNG of at most THUMBNAIL_BYTES whose header (IHDR)
    declares no more than the card's size, checked before a byte of it is decoded."""
    try:
        if path is None or not path.is_file():
            return None
        with open(path, "rb") as file:
            data = file.read(THUMBNAIL_BYTES + 1)
    except OSError:
        return None
    declared = files.png_size(data)
    if len(data) > THUMBNAIL_BYTES or declared is None:
        return None
    if not (1 <= declared[0] <= size[0] and 1 <= declared[1] <= size[1]):
        return None  # (a huge picture in a small file: never decoded)
    try:
        picture = pygame.image.load(io.BytesIO(data), "card.png")
    except (pygame.error, ValueError):
        return None
    if picture.get_size() != declared:
        return None
    return picture.convert() if pygame.display.get_surface() is not None else picture


def _keep(path: Path | None, picture: pygame.Surface) -> None:
    """Keep a card's picture on disk (written atomically; the oldest go beyond THUMBNAIL_FILES)."""
    if path is None or session.read_only():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = io.BytesIO()
        pygame.image.save(picture, data, "card.png")
        platform.current().persist(path, data.getvalue())
        kept = sorted(path.parent.glob("*.png"), key=lambda p: p.stat().st_mtime_ns)
        for old in kept[: max(0, len(kept) - THUMBNAIL_FILES)]:
            old.unlink(missing_ok=True)
    except (OSError, pygame.error) as error:
        logging.getLogger("fantasy-racing").info("a board's picture is not kept on disk: %s", error)


def thumbnail(board: Board, size: tuple[int, int]) -> pygame.Surface:
    """The whole board, small, to fit `size` (a board card): drawn once at a few pixels a square (never
    at the race's size: a large board's full picture would take hundreds of MB), then kept while its
    file and tiles are unchanged, in memory and in the per-user folder's thumbnails/ (a board read
    from a file), so that the setup's cards open at once however many boards there are, run after run."""
    key = (_board_key(board), tuple(size))
    found = _thumbnails.get(key)
    if found is None:
        kept = _kept_file(key) if key[0][0] else None  # (a board read from a file, its bytes read)
        found = _read_kept(kept, size)
        if found is None:
            tile = max(2, min(16, 2 * size[0] // max(1, board.width), 2 * size[1] // max(1, board.height)))
            found = BoardRenderer(board, tile).thumbnail(size)
            _keep(kept, found)
        if len(_thumbnails) >= THUMBNAILS_KEPT:
            _thumbnails.pop(next(iter(_thumbnails)))
        _thumbnails[key] = found
    return found
