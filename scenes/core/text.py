"""Text drawing with a cache of rendered lines, and word wrapping."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes.core import assets, kept, theme

PICTURES_BUDGET = 10 * 2**20  # bytes of the lines kept drawn (a screen draws 1 MB of them at most, 1280x720)
_CACHE: kept.Pictures[pygame.Surface] = kept.Pictures(PICTURES_BUDGET)
_CACHE_SIZE = 1500  # the lines' fits and widths kept (words, not pictures)


def _cached(key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The picture kept under `key`, made by `make()` the first time (the least recently used go
    first, beyond PICTURES_BUDGET bytes)."""
    return _CACHE.kept(key, make)


def cached_pictures() -> str:
    """The lines kept drawn: their count and MB (printed by benchmarks/long_session.py)."""
    return f"{len(_CACHE)} lines, {_CACHE.bytes / 2**20:.1f} MB"


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
    if _RECORDER:
        _RECORDER[0].drew(surface, text, size, line.get_bounding_rect().move(rect.topleft), pos)
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
    if _RECORDER and fitted != words:
        _RECORDER[0].shortened[fitted] = words
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
                if _RECORDER and line[cut - 1] not in "/\\-_.":
                    _RECORDER[0].broken.add(line[:cut])  # (a word broken between two letters)
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
            if _RECORDER:
                _RECORDER[0].found("cut", text, f"lines left out from {line!r}")
            break
        draw(surface, line, (rect.left, y), size, colour, kind)
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
    if _RECORDER and _SIZED[key] < size:
        for line in wrap(words, rect.width, _SIZED[key], kind):
            _RECORDER[0].smaller[(line, _SIZED[key])] = size
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
    whole, words = words, words[: room + 1]  # (a character is a pixel wide at least: what is beyond never fits)
    smallest = -(-smallest * 100 // round(100 * theme.text_scale()))  # (in the sizes as designed)
    asked = size
    while size > smallest and width(words, size, kind) > room:
        size -= 1
    if _RECORDER and size < asked:
        _RECORDER[0].smaller[(whole, size)] = asked
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


# ---------------------------------------------------------------- the recorder (tests and tools only)
#: what a finding says of a text: cut short with "…", cut (a word broken, lines left out, clipped by its
#: picture), drawn smaller than the Text size, drawn partly outside the window (or outside the panel it is
#: placed in: "beyond its panel"), overlapping another text or a control drawn on the same screen
KINDS = ("shortened", "cut", "smaller", "outside", "overlap")


@dataclass(frozen=True)
class Finding:
    """One text the player cannot read whole: its `kind` (KINDS), its words, and for an overlap what
    it runs into (`other`: another text, or "control <label>")."""

    kind: str
    words: str
    other: str = ""


@dataclass
class _Drawn:
    words: str
    rect: pygame.Rect
    owner: int  # the control it is the words of (-1: none)
    frame: int = 0


@dataclass
class Recorder:
    """Every text one window draws while it is switched on (`record`), where it lands on `screen`, and
    what is wrong with it (`findings`). Texts drawn on a picture land where the picture is laid (`lay`)."""

    screen: pygame.Surface
    findings: list[Finding] = field(default_factory=list)
    frame_number: int = 0
    texts: list[list[_Drawn]] = field(default_factory=list)  # this frame's, one list per layer (a scene)
    controls: list[list[tuple[pygame.Rect, str]]] = field(default_factory=list)
    panels: list[list[pygame.Rect]] = field(default_factory=list)  # this frame's, as drawn (`panel`)
    pictures: dict[int, tuple[pygame.Surface, list[_Drawn]]] = field(default_factory=dict)
    shortened: dict[str, str] = field(default_factory=dict)  # a line fitted with "…" -> the words whole
    smaller: dict[tuple[str, int], int] = field(default_factory=dict)  # (words, size) -> the size asked
    broken: set[str] = field(default_factory=set)  # the pieces of words `wrap` broke
    owner: int = -1

    def frame(self) -> None:
        """A new frame begins: the texts and controls seen are forgotten (the findings kept)."""
        self.frame_number += 1
        self.texts, self.controls, self.panels, self.owner = [[]], [[]], [[]], -1

    def layer(self) -> None:
        """A scene is drawn over what was drawn so far: its texts are compared with its own only."""
        self.texts.append([])
        self.controls.append([])
        self.panels.append([])
        self.owner = -1

    def found(self, kind: str, words: str, other: str = "") -> None:
        finding = Finding(kind, words, other)
        if finding not in self.findings:
            self.findings.append(finding)

    def _on_screen(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
        if surface is self.screen:
            return rect
        if surface.get_abs_parent() is self.screen:
            return rect.move(surface.get_abs_offset())
        return None

    def drew(
        self, surface: pygame.Surface, words: str, size: int, ink: pygame.Rect, at: tuple[int, int] | None = None
    ) -> None:
        """`words` drawn at `size` (as designed) on `surface`, their letters covering `ink`, placed at `at`
        (the point the drawing code put them at: the panel under it is theirs)."""
        if not words.strip():
            return
        whole = self.shortened.get(words)
        if whole is not None:
            self.found("shortened", whole, words)
        asked = self.smaller.get((words, size)) or (self.smaller.get((whole, size)) if whole else None)
        if asked is not None:
            self.found("smaller", whole or words, f"size {size} instead of {asked}")
        if words in self.broken:
            self.found("cut", words, "a word broken")
        clip = surface.get_clip()
        if surface is self.screen and clip == surface.get_rect():
            clip = clip.inflate(2 * ink.width, 2 * ink.height)  # (beyond the window: `check` finds it outside)
        if not clip.colliderect(ink):
            return  # (not drawn: wholly outside where its surface lets it draw)
        if not clip.inflate(2, 2).contains(ink):
            self.found("cut", words, "clipped by its picture")
        if at is not None:
            self._in_its_panel(surface, words, at, ink.clip(clip))
        self._land(surface, _Drawn(words, ink.clip(clip), self.owner, self.frame_number))

    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A panel drawn at `rect` on `surface` (scenes/ui/widgets.py's `panel`): a text placed on it from
        now on is to be drawn inside it."""
        on_screen = self._on_screen(surface, pygame.Rect(rect))
        if on_screen is not None:
            self.panels[-1].append(on_screen)

    def _in_its_panel(self, surface: pygame.Surface, words: str, at: tuple[int, int], ink: pygame.Rect) -> None:
        """Found: `words` placed at `at` on the last panel drawn under that point (of their scene), their
        letters (`ink`) running beyond it."""
        shown = self._on_screen(surface, ink)
        if shown is None:
            return  # (on a picture: what its panels are is the picture's)
        offset = (shown.x - ink.x, shown.y - ink.y)
        point = (at[0] + offset[0], at[1] + offset[1])
        for box in reversed(self.panels[-1]):
            if box.inflate(-2, -2).collidepoint(point):
                if not box.inflate(2, 2).contains(shown):
                    self.found("outside", words, "beyond its panel")
                return

    def _land(self, surface: pygame.Surface, drawn: _Drawn) -> None:
        on_screen = self._on_screen(surface, drawn.rect)
        if on_screen is not None:
            self.texts[-1].append(_Drawn(drawn.words, on_screen, drawn.owner))
            return
        parent = surface.get_abs_parent()
        if parent is not surface:  # (a part of a picture: the words are the picture's)
            drawn = _Drawn(drawn.words, drawn.rect.move(surface.get_abs_offset()), drawn.owner, drawn.frame)
            surface = parent
        kept = self.pictures.get(id(surface))
        if kept is None or kept[0] is not surface:
            kept = self.pictures[id(surface)] = (surface, [])
        if kept[1] and kept[1][-1].frame != drawn.frame:
            kept[1].clear()  # (painted again: what it showed before is gone)
        kept[1].append(drawn)

    def laid(
        self, target: pygame.Surface, picture: pygame.Surface, pos: tuple[int, int], area: pygame.Rect | None
    ) -> None:
        """`picture` (or its `area`) blitted at `pos` on `target`: its texts land there."""
        kept = self.pictures.get(id(picture))
        if kept is None or kept[0] is not picture:
            return
        source = area if area is not None else picture.get_rect()
        for drawn in kept[1]:
            if source.colliderect(drawn.rect):
                moved = drawn.rect.clip(source).move(pos[0] - source.x, pos[1] - source.y)
                self._land(target, _Drawn(drawn.words, moved, -1, self.frame_number))

    def control(self, surface: pygame.Surface, rect: pygame.Rect | None, label: str) -> None:
        """The texts drawn from now are the words of the control at `rect` (None: of no control)."""
        self.owner = -1
        on_screen = self._on_screen(surface, rect) if rect is not None else None
        if on_screen is not None and self.screen.get_rect().colliderect(on_screen):
            self.controls[-1].append((on_screen, label))
            self.owner = len(self.controls[-1]) - 1

    def check(self) -> None:
        """The frame drawn: every text partly outside the window, or running into another text or a
        control of its own scene, found."""
        window = self.screen.get_rect()
        for texts, controls in zip(self.texts, self.controls):
            seen = {(d.words, tuple(d.rect)): d for d in texts if window.colliderect(d.rect)}
            shown = list(seen.values())
            for k, drawn in enumerate(shown):
                if not window.inflate(2, 2).contains(drawn.rect):
                    self.found("outside", drawn.words)
                inner = drawn.rect.inflate(-2, -2)
                for other in shown[k + 1 :]:
                    if other.words != drawn.words and inner.colliderect(other.rect.inflate(-2, -2)):
                        self.found("overlap", drawn.words, other.words)
                for index, (box, label) in enumerate(controls):
                    if index == drawn.owner or box.inflate(2, 2).contains(drawn.rect):
                        continue  # (its own words, or words drawn inside it by its screen)
                    if inner.colliderect(box.inflate(-2, -2)):
                        self.found("overlap", drawn.words, f"control {label}")
                if 0 <= drawn.owner < len(controls) and not controls[drawn.owner][0].inflate(2, 2).contains(drawn.rect):
                    self.found("cut", drawn.words, f"wider than its control {controls[drawn.owner][1]}")


_RECORDER: list[Recorder] = []  # (one while switched on)


@contextmanager
def record(screen: pygame.Surface) -> Iterator[Recorder]:
    """Switch the recorder on for `screen` (tests and tools: off, drawing pays one test of a list)."""
    recorder = Recorder(screen)
    recorder.frame()
    _RECORDER[:] = [recorder]
    try:
        yield recorder
    finally:
        _RECORDER.clear()


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel is drawn at `rect` on `surface` (scenes/ui/widgets.py): the texts placed on it from now on
    are to stay inside it."""
    if _RECORDER:
        _RECORDER[0].panel(surface, rect)


def layer() -> None:
    """A scene is about to draw (scenes/core/stack.py): its texts are compared with its own."""
    if _RECORDER:
        _RECORDER[0].layer()


def control(surface: pygame.Surface, rect: pygame.Rect | None, label: str = "") -> None:
    """The texts drawn from now on are the words of the control at `rect` on `surface` (None: no control's)."""
    if _RECORDER:
        _RECORDER[0].control(surface, rect, label)


def lay(
    target: pygame.Surface, picture: pygame.Surface, pos: tuple[int, int], area: pygame.Rect | None = None
) -> pygame.Rect:
    """Blit `picture` (or its `area`) at `pos` on `target`: the words drawn on it land there."""
    if _RECORDER:
        _RECORDER[0].laid(target, picture, pos, area)
    return target.blit(picture, pos, area)
