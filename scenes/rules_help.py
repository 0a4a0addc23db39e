"""The rule book in the game: assets/rules/RULES.md (RULES.fr.md in French), with its tables, scrollable."""

from __future__ import annotations

import re
from functools import lru_cache

import pygame

from scenes import assets, i18n
from scenes.i18n import t
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import panel

PAGE = pygame.Rect(330, 76, 920, 610)  # where the text scrolls
TOC = pygame.Rect(30, 76, 280, 610)  # the sections
BODY = 18
INDENT = 24


def rules_text() -> str:
    """The rule book shipped with the game, in the current language."""
    return i18n.document("rules", "RULES.md").read_text(encoding="utf-8")


def plain(line: str) -> str:
    """Markdown inline marks removed (bold, italics, code)."""
    line = re.sub(r"\*\*(.+?)\*\*", r"\1", line)
    line = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", line)
    return line.replace("`", "")


def parse(markdown: str) -> list[tuple]:
    """Blocks: ("h", level, text), ("p", text), ("li", text), ("table", rows)."""
    blocks: list[tuple] = []
    paragraph: list[str] = []
    table: list[list[str]] = []

    def flush() -> None:
        if paragraph:
            kind = "li" if paragraph[0].startswith("- ") else "p"
            joined = " ".join(p.strip() for p in paragraph)
            blocks.append((kind, plain(joined[2:] if kind == "li" else joined)))
            paragraph.clear()
        if table:
            blocks.append(("table", [row for row in table if not all(set(c) <= set("-: ") for c in row)]))
            table.clear()

    for raw in markdown.splitlines():
        line = raw.rstrip()
        if line.startswith("|"):
            if paragraph:
                flush()
            table.append([plain(c.strip()) for c in line.strip("|").split("|")])
            continue
        if table:
            flush()
        if not line.strip():
            flush()
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(("h", level, plain(line.lstrip("#").strip())))
        elif line.lstrip().startswith("- ") or re.match(r"\s*\d+\. ", line):
            flush()
            paragraph.append(
                "- " + re.sub(r"^\s*(- |\d+\. )", "", line) if line.lstrip().startswith("- ") else "- " + line.strip()
            )
        else:
            paragraph.append(line)
    flush()
    return blocks


def _table(rows: list[list[str]], width: int) -> pygame.Surface:
    """A table drawn with a header row, columns sized by their content."""
    columns = max(len(r) for r in rows)
    rows = [r + [""] * (columns - len(r)) for r in rows]
    size = 16 if columns > 6 else BODY - 1
    natural = [max(text.width(r[c], size) for r in rows) + 16 for c in range(columns)]
    total = sum(natural)
    # Too wide: every column keeps room for its longest word, the rest of the width is shared out.
    least = [
        max(text.width(word, size, "bold") for r in rows for word in r[c].split() or [""]) + 16 for c in range(columns)
    ]
    spare = width - sum(least)
    if total <= width:
        widths = natural
    elif spare > 0:
        widths = [lo + int((n - lo) * spare / max(1, total - sum(least))) for n, lo in zip(natural, least)]
    else:
        widths = [max(40, int(n * width / total)) for n in natural]
    lines = [
        [text.wrap(cell, w - 12, size, "bold" if i == 0 else "body") for cell, w in zip(row, widths)]
        for i, row in enumerate(rows)
    ]
    line_h = assets.font(size).get_linesize()
    heights = [max(len(c) for c in row) * line_h + 10 for row in lines]
    surface = pygame.Surface((sum(widths) + 1, sum(heights) + 1), pygame.SRCALPHA)
    y = 0
    for i, (row, h) in enumerate(zip(lines, heights)):
        fill = (58, 66, 96) if i == 0 else ((40, 46, 68) if i % 2 else (34, 40, 60))
        pygame.draw.rect(surface, fill, (0, y, sum(widths), h))
        x = 0
        for cell, w in zip(row, widths):
            for k, part in enumerate(cell):
                surface.blit(
                    text.render(part, size, theme.ACCENT if i == 0 else theme.TEXT, "bold" if i == 0 else "body"),
                    (x + 6, y + 5 + k * line_h),
                )
            x += w
        y += h
    pygame.draw.rect(surface, theme.PANEL_EDGE, surface.get_rect(), 1)
    return surface


@lru_cache(maxsize=3)
def layout(width: int = PAGE.width - 40, language: str = "") -> tuple[pygame.Surface, tuple[tuple[str, int], ...]]:
    """The whole book (in `language`, the current one) drawn once on a tall surface, and its sections (title, y)."""
    pieces: list[tuple[int, int, pygame.Surface]] = []
    sections: list[tuple[str, int]] = []
    y = 0
    line_h = assets.font(BODY).get_linesize() + 2
    for block in parse(rules_text()):
        if block[0] == "h":
            _, level, title = block
            size = {1: 34, 2: 28, 3: 23}.get(level, 20)
            y += 18 if pieces else 0
            if level == 2:
                sections.append((title, y))
            colour = theme.ACCENT if level < 3 else (255, 214, 130)
            pieces.append((0, y, text.render(title, size, colour, "title" if level == 1 else "bold")))
            y += size + 14
        elif block[0] in ("p", "li"):
            indent = INDENT if block[0] == "li" else 0
            wrapped = text.wrap(block[1], width - indent, BODY)
            if block[0] == "li":
                pieces.append((6, y, text.render("•", BODY, theme.ACCENT, "bold")))
            for line in wrapped:
                pieces.append((indent, y, text.render(line, BODY, theme.TEXT)))
                y += line_h
            y += 8
        else:
            table = _table(block[1], width)
            pieces.append((0, y + 4, table))
            y += table.get_height() + 18
    page = pygame.Surface((width, y + 40), pygame.SRCALPHA)
    for left, top, piece in pieces:
        page.blit(piece, (left, top))
    return page, tuple(sections)


class RulesScene(Scene):
    """Read the rules: wheel or arrows scroll, the sections on the left jump."""

    def __init__(self) -> None:
        super().__init__()
        self.scroll = 0.0
        self.selected = 0

    def enter(self) -> None:
        self.page, self.sections = layout(PAGE.width - 40, i18n.language())

    @property
    def max_scroll(self) -> int:
        """How far the page can scroll."""
        return max(0, self.page.get_height() - PAGE.height + 20)

    def scroll_by(self, dy: float) -> None:
        """Scroll the page, within its ends."""
        self.scroll = max(0.0, min(float(self.max_scroll), self.scroll + dy))
        self.selected = max((i for i, (_, y) in enumerate(self.sections) if y <= self.scroll + 40), default=0)

    def jump(self, index: int) -> None:
        """Scroll to section `index`."""
        index = max(0, min(len(self.sections) - 1, index))
        self.scroll = max(0.0, min(float(self.max_scroll), self.sections[index][1] - 4))
        self.selected = index

    def toc_rows(self) -> list[tuple[pygame.Rect, int]]:
        """The rectangles of the sections' names."""
        rows = []
        for i in range(len(self.sections)):
            rows.append((pygame.Rect(TOC.left + 8, TOC.top + 46 + i * 25, TOC.width - 16, 24), i))
        return rows

    def handle_event(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self.toc_rows():
                if rect.collidepoint(event.pos):
                    self.jump(index)
            if self.back_rect().collidepoint(event.pos):
                self.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll_by(-60 if event.button == 4 else 60)
        elif event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_DOWN: 40,
                pygame.K_UP: -40,
                pygame.K_PAGEDOWN: PAGE.height - 60,
                pygame.K_PAGEUP: -(PAGE.height - 60),
                pygame.K_SPACE: PAGE.height - 60,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key == pygame.K_RIGHT or event.key == pygame.K_TAB:
                self.jump(self.selected + 1)
            elif event.key == pygame.K_LEFT:
                self.jump(self.selected - 1 if self.scroll <= self.sections[self.selected][1] + 4 else self.selected)
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
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
        text.draw(surface, t("rules.sections"), (TOC.left + 14, TOC.top + 12), 20, theme.MUTED, "bold")
        for rect, index in self.toc_rows():
            if rect.bottom > TOC.bottom:
                break
            if index == self.selected:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=5)
            title = self.sections[index][0]
            colour = theme.FOCUS if index == self.selected else theme.TEXT
            while text.width(title, 17) > rect.width - 14:
                title = title[:-2] + "…"
            text.draw(surface, title, (rect.left + 8, rect.centery), 17, colour, anchor="midleft")
        panel(surface, PAGE, (28, 33, 50))
        inner = PAGE.inflate(-40, -20)
        surface.blit(self.page, inner.topleft, pygame.Rect(0, int(self.scroll), inner.width, inner.height))
        if self.max_scroll:
            bar_h = max(40, int(PAGE.height * PAGE.height / self.page.get_height()))
            bar_y = PAGE.top + int((PAGE.height - bar_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (PAGE.right - 10, bar_y, 6, bar_h), border_radius=3)
        text.draw(surface, t("rules.keys"), (theme.SIZE[0] // 2, theme.SIZE[1] - 18), 16, theme.MUTED, anchor="center")
