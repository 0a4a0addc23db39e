"""The game's words are types (issue 35): few parameters named for a domain object are typed `Any`, and
each of those says why (data not yet checked, or a class that imports the module back)."""

from __future__ import annotations

from tools import typed_any

MOST = 3  # today's count: an index entry and a board as JSON gave them, the window's application


def test_few_domain_parameters_are_typed_any_and_each_says_why():
    places = [
        (path, line, name)
        for path in [
            *sorted((typed_any.ROOT / "game").rglob("*.py")),
            *sorted((typed_any.ROOT / "scenes").rglob("*.py")),
        ]
        for line, name in typed_any.typed_any(path)
    ]
    assert len(places) <= MOST, places
    for path, line, name in places:
        lines = path.read_text(encoding="utf-8").splitlines()
        around = " ".join(lines[max(0, line - 2) : line + 1])
        assert "#" in around and "Any" in around.split("#", 1)[1], f"{path}:{line}: {name}: Any says no reason"
