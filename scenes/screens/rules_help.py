"""The player's rule book in the game: assets/rules/book.md (book.fr.md in French), with its pictures.

The book is the Markdown shipped in the repository, read here as a small subset: headings (## a
section, ### a part of one), paragraphs with **bold** and *italic* words, lists (- and 1.,
indented ones inside), tables, examples (> quotes), pictures (a picture alone on its line is
centred; one that starts a paragraph stands at its left, the words beside it), and the
`<a id="..."></a>` line that names the section after it. The book is laid out once per language
as pieces (a line of words, a picture, a table) at their place on a tall page; a frame draws the
pieces in view.

`RulesScene(section="fights")` (or `stack.make("rules", section="fights")`) opens the book at a
section: the game can link an explanation to its rule.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import pygame

from game.app.controls import Action
from scenes.core import assets, controls, i18n, text, theme
from scenes.core.i18n import t
from scenes.core.rule_book import book_text, parse
from scenes.core.stack import Scene
from scenes.ui.widgets import panel

log = logging.getLogger("fantasy-racing")

PAGE = pygame.Rect(330, 76, 920, 610)  # where the book scrolls
TOC = pygame.Rect(30, 76, 280, 610)  # the contents
INNER = PAGE.inflate(-48, -24)  # the page's text area
BODY = 19
INDENT = 26
GAP = 12  # between blocks
EXAMPLE = (44, 52, 40)  # an example's box
SECTION_SIZE, PART_SIZE = 30, 24
WHEEL, LINE = 70, 44  # pixels a wheel notch and an arrow key scroll


# ---------------------------------------------------------------- words with bold and italics
def runs(line: str) -> list[tuple[str, str]]:
    """A line's pieces as (words, style): "body", "bold" or "italic" (Markdown's marks taken off)."""
    pieces: list[tuple[str, str]] = []
    for part in re.split(r"(\*\*.+?\*\*|(?<![\w*])\*(?!\s).+?(?<!\s)\*(?![\w*])|`[^`]+`)", line):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            pieces.append((part[2:-2], "bold"))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            pieces.append((part[1:-1], "italic"))
        else:
            pieces.append((part.replace("`", ""), "body"))
    return pieces


def plain(line: str) -> str:
    """A line without its Markdown marks."""
    return "".join(words for words, _ in runs(line))


@cache
def font(size: int, style: str) -> pygame.font.Font:
    """The font of a style: the game's body and bold faces; italics slanted from the body face."""
    if style != "italic":
        return assets.sized_font(size, "bold" if style == "bold" else "body")
    slanted = pygame.font.Font(assets.font_file("body"), size)
    slanted.set_italic(True)
    return slanted


def advance(words: str, size: int, style: str) -> int:
    """How far a piece moves the pen: italics advance as the upright words do (their slant leans
    into the space after them)."""
    return font(size, "body" if style == "italic" else style).size(words)[0]


def style_kind(style: str) -> str:
    """The kind of text (scenes/core/text.py) a style is drawn in: its font file."""
    return "bold" if style == "bold" else "body"


Word = list[tuple[str, str]]  # the pieces of one word (a word may change style: "*game*,")


def words_of(line: str) -> list[Word]:
    """A line cut into words at its spaces (a no-break space keeps two words together)."""
    out: list[Word] = [[]]
    for piece, style in runs(line):
        for k, part in enumerate(piece.split(" ")):
            if k:
                out.append([])
            if part:
                out[-1].append((part, style))
    return [w for w in out if w]


def wrap(line: str, width: int, size: int = BODY, narrow: tuple[int, int] = (0, 0)) -> list[Word]:
    """`line` in lines no wider than `width`, the first `narrow[0]` of them `narrow[1]` wide (beside a
    picture); each line a list of pieces."""
    space = font(size, "body").size(" ")[0]
    lines: list[Word] = []
    current: Word = []
    used = 0
    for word in words_of(line):
        wide = sum(advance(part, size, style) for part, style in word)
        room = narrow[1] if len(lines) < narrow[0] else width
        if current and used + space + wide > room:
            lines.append(current)
            current, used = [], 0
        if current:
            current.append((" ", "body"))  # spaces of the body face, whatever the words' style
            used += space
        current.extend(word)
        used += wide
    if current:
        lines.append(current)
    return lines


def render_line(pieces: Word, size: int, colour: theme.Colour) -> pygame.Surface:
    """One line of pieces in their styles."""
    parts = [
        (font(size, style).render(text.shown(words), True, colour), advance(words, size, style))
        for words, style in pieces
    ]
    height = max(font(size, "body").get_linesize(), *(p.get_height() for p, _ in parts))
    width = sum(step for _, step in parts) + max((p.get_width() - step for p, step in parts[-1:]), default=0)
    line = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for part, step in parts:
        line.blit(part, (x, 0))
        x += step
    return line


# ---------------------------------------------------------------- laying the book out
@dataclass
class Page:
    """The book laid out: its pieces (x, y, picture) on a tall page, its height, its sections
    (id, title, y)."""

    pieces: list[tuple[int, int, pygame.Surface]]
    height: int
    sections: list[tuple[str, str, int]]
    missing: list[str]  # pictures the book names that are not shipped


def picture(name: str, width: int) -> pygame.Surface | None:
    """A picture of the book (under assets/rules/), no wider than `width`."""
    image = assets.image(f"rules/{name}")
    if image is None:
        return None
    if image.get_width() > width:
        scale = width / image.get_width()
        image = pygame.transform.smoothscale(image, (width, round(image.get_height() * scale)))
    return image


def table(rows: tuple[tuple[str, ...], ...], width: int, scale: float = 1.0) -> pygame.Surface:
    """A table with a header row, its columns as wide as their words (narrowed to fit `width`), its
    words `scale` times their size."""
    columns = max(len(r) for r in rows)
    cells = [[plain(c) for c in r] + [""] * (columns - len(r)) for r in rows]
    size = round((16 if columns > 6 else BODY - 2) * scale)
    while True:  # (its longest words side by side never wider than the page: smaller words, if they must)
        least = [
            max(text.width(w, size, "bold") for r in cells for w in r[c].split() or [""]) + 18 for c in range(columns)
        ]
        if sum(least) <= width or size <= 12:
            break
        size -= 1
    natural = [max(text.width(r[c], size, "bold") for r in cells) + 18 for c in range(columns)]
    if sum(natural) <= width:
        widths = natural
    else:
        spare = max(0, width - sum(least))
        extra = max(1, sum(natural) - sum(least))
        widths = [lo + int((n - lo) * spare / extra) for n, lo in zip(natural, least)]
    wrapped = [
        [text.wrap(cell, w - 14, size, "bold" if i == 0 else "body") for cell, w in zip(row, widths)]
        for i, row in enumerate(cells)
    ]
    line_h = assets.font(size).get_linesize()
    heights = [max(len(c) for c in row) * line_h + 10 for row in wrapped]
    surface = pygame.Surface((sum(widths) + 1, sum(heights) + 1), pygame.SRCALPHA)
    y = 0
    for i, (row, h) in enumerate(zip(wrapped, heights)):
        fill = (58, 66, 96) if i == 0 else ((40, 46, 68) if i % 2 else (34, 40, 60))
        pygame.draw.rect(surface, fill, (0, y, sum(widths), h))
        x = 0
        for cell, w in zip(row, widths):
            for k, part in enumerate(cell):
                colour, kind = (theme.ACCENT, "bold") if i == 0 else (theme.TEXT, "body")
                text.draw(surface, part, (x + 7, y + 5 + k * line_h), size, colour, kind)
            x += w
        y += h
    pygame.draw.rect(surface, theme.PANEL_EDGE, surface.get_rect(), 1)
    return surface


def layout(language: str, width: int = INNER.width) -> Page:
    """The book of `language` laid out `width` pixels wide, its words at the Rule book text size times
    the Text size (theme.book_text_scale, theme.text_scale; kept: a book is laid out once a size)."""
    scale = theme.book_text_scale() * theme.text_scale()
    with theme.designed_text():  # (the scale holds the Text size: the words are not scaled twice)
        return _layout(language, width, scale)


@lru_cache(maxsize=4)
def _layout(language: str, width: int, scale: float = 1.0) -> Page:
    pieces: list[tuple[int, int, pygame.Surface]] = []
    found: list[tuple[str, str, int]] = []
    missing: list[str] = []
    body = round(BODY * scale)  # the words' size: every line below is measured with it
    line_h = font(body, "body").get_linesize() + 3
    y, anchor = 0, ""

    def words(line: str, x: int, top: int, beside: int = 0, rows_beside: int = 0) -> int:
        """Lay a paragraph's lines from `top` at `x` (its first `rows_beside` lines at `beside`, right
        of a picture); returns the y below them."""
        for i, pieces_of_line in enumerate(wrap(line, width - x, body, (rows_beside, width - beside))):
            pieces.append((beside if i < rows_beside else x, top, render_line(pieces_of_line, body, theme.TEXT)))
            top += line_h
        return top

    for block in parse(book_text(language)):
        x = block.level * INDENT
        if block.kind == "anchor":
            anchor = block.text
        elif block.kind == "h":
            if block.level == 1:
                continue  # the book's title: the screen's own heading says it
            size = round((SECTION_SIZE if block.level == 2 else PART_SIZE) * scale)
            y += 26 if block.level == 2 and pieces else 10 if pieces else 0
            if block.level == 2:
                found.append((anchor, block.text, y))
                anchor = ""
            kind, colour = ("heading", theme.ACCENT) if block.level == 2 else ("bold", (255, 214, 130))
            for line in text.wrap(block.text, width, size, kind):
                pieces.append((0, y, text.render(line, size, colour, kind)))
                y += size + 10
            if block.level == 2:
                pieces.append((0, y - 4, _rule(width)))
                y += 8
        elif block.kind in ("p", "li"):
            if block.kind == "li":
                marker = text.render(block.marker, body, theme.ACCENT, "bold")
                pieces.append((max(0, x + INDENT - 8 - marker.get_width()), y, marker))
                x += INDENT
            y = words(block.text, x, y) + GAP // 2
        elif block.kind == "quote":
            lines = wrap(block.text, width - 2 * 18, body)
            box = pygame.Surface((width, len(lines) * line_h + 24), pygame.SRCALPHA)
            pygame.draw.rect(box, EXAMPLE, box.get_rect(), border_radius=8)
            pygame.draw.rect(
                box, theme.GOOD, (0, 0, 5, box.get_height()), border_top_left_radius=8, border_bottom_left_radius=8
            )
            for i, laid in enumerate(lines):
                box.blit(render_line(laid, body, theme.TEXT), (18, 12 + i * line_h))
            pieces.append((0, y + 4, box))
            y += box.get_height() + GAP + 4
        elif block.kind == "img":
            image = picture(block.image, width - x)
            if image is None:
                missing.append(block.image)
                continue
            if block.text:  # a picture at the left of its words
                if block.marker:  # a list item's
                    marker = text.render(block.marker, body, theme.ACCENT, "bold")
                    pieces.append((max(0, x + INDENT - 8 - marker.get_width()), y, marker))
                    x += INDENT
                pieces.append((x, y + 2, image))
                beside = x + image.get_width() + 16
                rows_beside = (image.get_height() + line_h - 1) // line_h
                bottom = words(block.text, x, y, beside, rows_beside)
                y = max(bottom, y + image.get_height() + 4) + GAP
            else:
                y += 6
                pieces.append((x + (width - x - image.get_width()) // 2, y + 4, image))
                y += image.get_height() + GAP + 8
        elif block.kind == "table":
            drawn = table(block.rows, width - x, scale)
            pieces.append((x, y + 2, drawn))
            y += drawn.get_height() + GAP + 4
    return Page(pieces, y + 40, found, missing)


def _rule(width: int) -> pygame.Surface:
    """The thin line under a section's heading."""
    line = pygame.Surface((width, 2), pygame.SRCALPHA)
    line.fill((*theme.ACCENT_DARK, 160))
    return line


# ---------------------------------------------------------------- the screen
class RulesScene(Scene):
    """Read the book: the wheel, the arrows and the page keys scroll; Left and Right (a gamepad's
    D-pad) and the contents jump between sections; Escape goes back."""

    def __init__(self, section: str = "") -> None:
        super().__init__()
        self.scroll = 0.0
        self.selected = 0
        self.section = section
        self.page: Page | None = None

    def enter(self) -> None:
        self.page = layout(i18n.language())
        if self.page.missing:
            log.warning("the rule book names pictures that are not shipped: %s", ", ".join(self.page.missing))
        if self.section:
            ids = [s[0] for s in self.page.sections]
            if self.section in ids:
                self.jump(ids.index(self.section))
            else:
                log.warning("the rule book has no section %r (it has: %s)", self.section, ", ".join(ids))
            self.section = ""

    @property
    def sections(self) -> list[tuple[str, str, int]]:
        """The book's sections: (id, title, y on the page)."""
        return self.page.sections if self.page else []

    @property
    def max_scroll(self) -> int:
        """How far the page can scroll."""
        return max(0, (self.page.height if self.page else 0) - INNER.height)

    def scroll_by(self, dy: float) -> None:
        """Scroll the page, within its ends."""
        self.scroll = max(0.0, min(float(self.max_scroll), self.scroll + dy))
        self.selected = max((i for i, s in enumerate(self.sections) if s[2] <= self.scroll + 60), default=0)

    def jump(self, index: int) -> None:
        """Scroll to section `index`."""
        if not self.sections:
            return
        index = max(0, min(len(self.sections) - 1, index))
        self.scroll = max(0.0, min(float(self.max_scroll), self.sections[index][2] - 4))
        self.selected = index

    def toc_rows(self) -> list[tuple[pygame.Rect, int]]:
        """The rectangles of the sections' names in the contents."""
        return [
            (pygame.Rect(TOC.left + 8, TOC.top + 50 + i * 34, TOC.width - 16, 32), i) for i in range(len(self.sections))
        ]

    def handle_event(self, event: pygame.event.Event) -> Any:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * WHEEL)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self.toc_rows():
                if rect.collidepoint(event.pos):
                    self.jump(index)
            if self.back_rect().collidepoint(event.pos):
                self.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll_by(-WHEEL if event.button == 4 else WHEEL)
        elif event.type == pygame.KEYDOWN:
            page = INNER.height - 60
            steps = {
                Action.DOWN: LINE,
                Action.UP: -LINE,
                Action.CAMERA_DOWN: LINE,  # (a controller's shoulders and right stick too)
                Action.CAMERA_UP: -LINE,
                Action.PAGE_DOWN: page,
                Action.PAGE_UP: -page,
                Action.ACTIVATE: page,
                Action.FIRST: -(10**6),
                Action.LAST: 10**6,
            }
            action = controls.which(event, (*steps, Action.RIGHT, Action.NEXT_FIELD, Action.CAMERA_RIGHT))
            action = action or controls.which(event, (Action.LEFT, Action.CAMERA_LEFT, Action.BACK, Action.CONFIRM))
            if action in steps:
                self.scroll_by(steps[action])
            elif action in (Action.RIGHT, Action.NEXT_FIELD, Action.CAMERA_RIGHT):
                self.jump(self.selected + 1)
            elif action in (Action.LEFT, Action.CAMERA_LEFT):
                at_start = self.sections and self.scroll <= self.sections[self.selected][2] + 4
                self.jump(self.selected - 1 if at_start else self.selected)
            elif action in (Action.BACK, Action.CONFIRM):
                self.stack.pop()
        return None

    @staticmethod
    def back_rect() -> pygame.Rect:
        """The Back button."""
        return pygame.Rect(theme.SIZE[0] - 160, 18, 130, 42)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        text.draw(surface, t("rules.title"), (30, 22), 34, theme.ACCENT, "heading")
        back = self.back_rect()
        panel(surface, back, theme.PANEL_LIGHT, shadow=False)
        text.draw(surface, t("common.back"), back.center, 22, theme.TEXT, "bold", anchor="center")
        panel(surface, TOC, theme.PANEL)
        text.draw(surface, t("rules.sections"), (TOC.left + 14, TOC.top + 14), 20, theme.MUTED, "bold")
        for rect, index in self.toc_rows():
            if rect.bottom > TOC.bottom:
                break
            if index == self.selected:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=5)
                pygame.draw.rect(surface, theme.FOCUS, (rect.left, rect.top + 4, 4, rect.height - 8))
            title = self.sections[index][1]
            while text.width(title, 18) > rect.width - 20 and len(title) > 2:
                title = title[:-2] + "…"
            colour = theme.FOCUS if index == self.selected else theme.TEXT
            text.draw(surface, title, (rect.left + 12, rect.centery), 18, colour, anchor="midleft")
        panel(surface, PAGE, (28, 33, 50))
        self.draw_page(surface)
        if self.max_scroll:
            height = self.page.height if self.page else 1
            bar_h = max(40, int(PAGE.height * INNER.height / height))
            bar_y = PAGE.top + int((PAGE.height - bar_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (PAGE.right - 12, bar_y, 6, bar_h), border_radius=3)
        text.draw(surface, t("rules.keys"), (theme.SIZE[0] // 2, theme.SIZE[1] - 18), 16, theme.MUTED, anchor="center")

    def draw_page(self, surface: pygame.Surface) -> None:
        """The pieces of the page in view."""
        if self.page is None:
            return
        top = int(self.scroll)
        clip = surface.get_clip()
        surface.set_clip(INNER.inflate(8, 8))
        for x, y, piece in self.page.pieces:
            if y + piece.get_height() >= top and y <= top + INNER.height:
                text.lay(surface, piece, (INNER.left + x, INNER.top + y - top))
        surface.set_clip(clip)
