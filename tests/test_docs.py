"""The repository's documents stand alone: every link they make leads to a file of the repository."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted(
    [
        ROOT / "README.md",
        *(ROOT / "docs").glob("*.md"),
        *(ROOT / "assets" / "rules").glob("*.md"),
        ROOT / "assets" / "CREDITS.md",
    ]
)
LINK = re.compile(r"\]\(([^)\s]+)\)")  # [text](target) and ![alt](target)
OUTSIDE = re.compile(r"\.\./shared|/work/|(?<![\w/])(MAPS|DESIGN|STYLE)\.md")


def links(text: str) -> list[str]:
    """The local targets of the Markdown links in `text` (web addresses and anchors left out)."""
    return [
        target.split("#")[0]
        for target in LINK.findall(text)
        if not re.match(r"[a-z]+:", target) and not target.startswith("#")
    ]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_a_document_leads_to_a_file_of_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    for target in links(text):
        path = (doc.parent / target).resolve()
        assert path.is_relative_to(ROOT), f"{doc.name} links outside the repository: {target}"
        assert path.exists(), f"{doc.name} links to {target}, which is not in the repository"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_sends_its_reader_outside_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    assert not OUTSIDE.search(text), f"{doc.name} mentions {OUTSIDE.search(text).group(0)!r}, not in the repository"


def test_the_link_checker_sees_a_broken_link_and_a_reference_outside():
    assert links("see [the design](docs/nowhere.md#top), [web](https://x.org) and [here](#a)") == ["docs/nowhere.md"]
    assert OUTSIDE.search("the contract is MAPS.md in the shared specs")
    assert OUTSIDE.search("See ../shared/DESIGN.md")
    assert not OUTSIDE.search("the contract is docs/maps.md")
