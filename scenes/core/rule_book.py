"""The player's rule book read: assets/rules/book.md (book.fr.md in French) as a small subset of Markdown.

Headings (## a section, ### a part of one), paragraphs, lists (- and 1., indented ones inside), tables,
examples (> quotes), pictures, and the `<a id="..."></a>` line that names the section after it, each a
`Block`. The rule book's screen (scenes/screens/rules_help.py) lays the blocks out; an explanation on
the race screen (scenes/race/explain.py) names a section by its title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from scenes.core import assets, i18n


@dataclass(frozen=True)
class Block:
    """A block of the book: kind ("anchor", "h", "p", "li", "quote", "img", "table"), its indent
    (a list's depth), and what it holds."""

    kind: str
    text: str = ""
    level: int = 0  # a heading's level; a block's indent
    marker: str = ""  # a list item's "•" or "2."
    image: str = ""  # a picture's file, under assets/rules/
    rows: tuple[tuple[str, ...], ...] = ()


IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)\s*")
ANCHOR = re.compile(r'<a id="([\w-]+)"></a>')
ITEM = re.compile(r"(- |\d+\. )")


def book_text(language: str = "") -> str:
    """The player's rule book in `language` (the current one by default)."""
    if language:
        path = assets.asset_path("rules", "book.md" if language == i18n.DEFAULT else f"book.{language}.md")
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return str(i18n.document("rules", "book.md").read_text(encoding="utf-8"))


def parse(markdown: str) -> list[Block]:
    """The book's blocks, in order."""
    blocks: list[Block] = []
    current: dict[str, Any] = {}

    def flush() -> None:
        if not current:
            return
        kind, level = current["kind"], current["level"]
        if kind == "table":
            rows = [r for r in current["rows"] if not all(set(c) <= set("-: ") for c in r)]
            blocks.append(Block("table", level=level, rows=tuple(rows)))
        else:
            words = " ".join(current["lines"])
            found = IMAGE.match(words)
            if found and kind in ("p", "li"):
                rest = words[found.end() :]
                blocks.append(Block("img", rest, level, current.get("marker", ""), found.group(2)))
            else:
                blocks.append(Block(kind, words, level, current.get("marker", "")))
        current.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        indent = (len(raw) - len(raw.lstrip(" "))) // 2
        if not line:
            flush()
        elif ANCHOR.fullmatch(line):
            flush()
            blocks.append(Block("anchor", ANCHOR.fullmatch(line).group(1)))  # type: ignore[union-attr]
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(Block("h", line.lstrip("#").strip(), level))
        elif line.startswith("|"):
            if current.get("kind") != "table":
                flush()
                current.update(kind="table", level=indent, rows=[])
            current["rows"].append(tuple(c.strip() for c in line.strip("|").split("|")))
        elif line.startswith(">"):
            if current.get("kind") != "quote":
                flush()
                current.update(kind="quote", level=indent, lines=[])
            current["lines"].append(line[1:].strip())
        elif ITEM.match(line):
            flush()
            marker = ITEM.match(line).group(1).strip()  # type: ignore[union-attr]
            current.update(
                kind="li", level=indent, marker="•" if marker == "-" else marker, lines=[line[len(marker) :].strip()]
            )
        elif current.get("kind") in ("p", "li", "quote"):
            current["lines"].append(line)
        else:
            flush()
            current.update(kind="p", level=indent, lines=[line])
    flush()
    return blocks


def sections(blocks: list[Block]) -> list[tuple[str, str]]:
    """The book's sections: (id, title) of every ## heading, the id from the anchor before it."""
    found, anchor = [], ""
    for block in blocks:
        if block.kind == "anchor":
            anchor = block.text
        elif block.kind == "h" and block.level == 2:
            found.append((anchor, block.text))
            anchor = ""
    return found
