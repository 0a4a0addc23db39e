"""Text drawing with a cache of rendered lines, and word wrapping."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pygame

from scenes.core import assets, theme

_CACHE: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
_CACHE_SIZE = 1500


def _cached(key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The picture kept under `key`, made by `make()` the first time (the oldest go first)."""
    surface = _CACHE.get(key)
    if surface is None:
        surface = _CACHE[key] = make()
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return surface


def shown(text: str) -> str:
    """The characters a line is drawn with: a no-break space (French puts one before its colons)
    keeps two words together when lines are wrapped, and is drawn as a space, which every face
    of the game has (Cinzel Decorative has no no-break space)."""
    return text.replace("\u00a0", " ")


def render(text: str, size: int = 20, colour: theme.Colour = theme.TEXT, kind: str = "body") -> pygame.Surface:
    """A rendered line of text (cached: the same line is rendered once)."""
    key = (text, size, tuple(colour), kind, theme.text_scale())
    return _cached(key, lambda: assets.font(size, kind).render(shown(text), True, colour))


def draw(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 20,
    colour: theme.Colour = theme.TEXT,
    kind: str = "body",
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw a line of text with its `anchor` (a pygame.Rect attribute) at `pos`."""
    line = render(text, size, colour, kind)
    rect = line.get_rect(**{anchor: pos})
    surface.blit(shadowed(text, size, colour, kind) if shadow else line, rect)
    return rect


def shadowed(text: str, size: int = 20, colour: theme.Colour = theme.TEXT, kind: str = "body") -> pygame.Surface:
    """A rendered line over its black shadow (two pixels down and right), composed once."""

    def make() -> pygame.Surface:
        line = render(text, size, colour, kind)
        surface = pygame.Surface((line.get_width() + 2, line.get_height() + 2), pygame.SRCALPHA)
        surface.blit(render(text, size, (0, 0, 0), kind), (2, 2))
        surface.blit(line, (0, 0))
        return surface

    return _cached((text, size, tuple(colour), kind, theme.text_scale(), "shadow"), make)


def width(text: str, size: int = 20, kind: str = "body") -> int:
    """The width in pixels of a line of text."""
    return assets.font(size, kind).size(text)[0]


_FITTED: OrderedDict[tuple[str, int, int, str, float], str] = OrderedDict()


def fit(words: str, room: int, size: int = 20, kind: str = "body") -> str:
    """`words` cut short with "…" to fit `room` pixels: the longest start that fits, found by halving
    (a few measures of at most `room` characters, however long the text: a character is a pixel wide
    at least), and kept, so that a line drawn every frame is fitted once."""
    key = (words, room, size, kind, theme.text_scale())
    fitted = _FITTED.get(key)
    if fitted is None:
        fitted = _FITTED[key] = _fit(words, room, size, kind)
        if len(_FITTED) > _CACHE_SIZE:
            _FITTED.popitem(last=False)
    return fitted


def _fit(words: str, room: int, size: int, kind: str) -> str:
    font = assets.font(size, kind)
    if len(words) <= room and font.size(words)[0] <= room:
        return words
    low, high = 0, min(len(words), max(room, 0))  # words[:low] + "…" fits; words[:high + 1] + "…" does not
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(words[:middle] + "…")[0] <= room:
            low = middle
        else:
            high = middle - 1
    return words[: max(low, 1)].rstrip() + "…"


def wrap(text: str, max_width: int, size: int = 20, kind: str = "body") -> list[str]:
    """Split `text` into lines no wider than `max_width` (paragraphs kept; a word wider than a line,
    such as a file's path, is cut after a "/" where it can be, else where it must)."""
    font = assets.font(size, kind)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = word if not line else line + " " + word
            if font.size(candidate)[0] <= max_width or (not line and font.size(word)[0] <= max_width):
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while font.size(line)[0] > max_width and len(line) > 1:
                cut = _longest_start(line, max_width, font)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _longest_start(word: str, max_width: int, font: pygame.font.Font) -> int:
    """How many characters of `word` go on a line: the most that fit, ending after a separator of a
    path ("/", "\\", "-", "_", ".") when one is in the second half."""
    fits = 1
    while fits < len(word) and font.size(word[: fits + 1])[0] <= max_width:
        fits += 1
    cut = max(word.rfind(mark, 0, fits) for mark in "/\\-_.") + 1
    return cut if cut > fits // 2 else fits


def draw_wrapped(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int = 18,
    colour: theme.Colour = theme.TEXT,
    kind: str = "body",
    spacing: int = 4,
    whole: bool = False,
) -> int:
    """Draw wrapped text inside `rect` (the lines below its bottom left out); returns the y below the last
    line. `whole`: the words whole, at the Text size if they fit, else at the largest size that shows them
    all (paragraph_size)."""
    if whole:
        size = paragraph_size(text, rect, size, kind, spacing)
    y = rect.top
    line_height = assets.font(size, kind).get_linesize() + spacing - 2
    for line in wrap(text, rect.width, size, kind):
        if y + line_height > rect.bottom + spacing:
            break
        surface.blit(render(line, size, colour, kind), (rect.left, y))
        y += line_height
    return y


def line_height(size: int = 20, kind: str = "body") -> int:
    """The height of a line of text at `size` as drawn (the Text size applied): what a box that holds
    it is measured from."""
    return assets.font(size, kind).get_linesize()


def tall(height: int, size: int = 20, kind: str = "body", margin: int = 8) -> int:
    """A box's `height` as designed, or taller: as tall as a line of `size` and a `margin` above and
    below it, once the Text size makes the line taller than the box was drawn for."""
    return max(height, line_height(size, kind) + 2 * margin)


def grown(size: int, kind: str = "body") -> int:
    """How many pixels taller a line of `size` is at the Text size than as designed (0 at 100 %): what
    a box laid out by hand for it grows by."""
    return line_height(size, kind) - assets.sized_font(size, kind).get_linesize()


def paragraph_size(
    words: str, rect: pygame.Rect, size: int, kind: str = "body", spacing: int = 4, smallest: int = 12
) -> int:
    """The largest size from `size` down at which `words` wrapped in `rect` show whole: the player's Text
    size first, smaller only as the last resort, never below `smallest` pixels."""
    key = (words, rect.width, rect.height, size, kind, spacing, smallest, theme.text_scale())
    if key not in _SIZED:  # (kept: a paragraph drawn every frame is measured once)
        _SIZED[key] = _paragraph_size(words, rect, size, kind, spacing, smallest)
        if len(_SIZED) > _CACHE_SIZE:
            _SIZED.popitem(last=False)
    return _SIZED[key]


_SIZED: OrderedDict[tuple[Any, ...], int] = OrderedDict()


def _paragraph_size(words: str, rect: pygame.Rect, size: int, kind: str, spacing: int, smallest: int) -> int:
    floor = -(-smallest * 100 // round(100 * theme.text_scale()))  # (in the sizes as designed)
    while size > floor:
        lines = len(wrap(words, rect.width, size, kind))
        if lines * (line_height(size, kind) + spacing - 2) <= rect.height + spacing:
            break
        size -= 1
    return size


def fitting_size(words: str, room: int, size: int, kind: str = "body", smallest: int = 14) -> int:
    """The largest size from `size` down at which `words` fit in `room` pixels: the player's Text size
    first, smaller only as the last resort, never below `smallest` pixels."""
    words = words[: room + 1]  # (a character is a pixel wide at least: what is beyond never fits)
    smallest = -(-smallest * 100 // round(100 * theme.text_scale()))  # (in the sizes as designed)
    while size > smallest and width(words, size, kind) > room:
        size -= 1
    return size


def fitted_line(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    room: int,
    size: int,
    colour: theme.Colour,
    kind: str = "body",
    anchor: str = "topleft",
) -> pygame.Rect:
    """A line drawn in `room` pixels: at the player's Text size, smaller only if it must (fitting_size),
    cut short with "…" only as the very last resort."""
    size = fitting_size(words, room, size, kind)
    return draw(surface, fit(words, room, size, kind), pos, size, colour, kind, anchor=anchor)
