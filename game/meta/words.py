"""The command line's sentences in the game's language: `main.py stats`, `simulate`, `season`, `replay`,
`serve`, `join`... speak the language of the player's settings (the settings file's `language`, read,
never changed; else the system's), as the window does.

Each sentence is the catalogue's entry "cli.<key>" (assets/i18n/<language>.json, the window's words),
plurals chosen by the value `count`; the English entry where a language lacks one. A command runs
`speaking(language)` (the settings' language: game.cli.boards.language_of); outside one (the engine's
tests, a library use) they are English.
A board is named in the reader's language (`board_name`): a kept race names it as it was kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from game.boards.board import Board, names_in
from game.boards.map_words import LANGUAGES, catalogue_entries, form

PREFIX = "cli."
_STATE: dict[str, Any] = {"language": "en", "maps": None}  # the command's language, the shipped maps' folder


def language() -> str:
    """The language the command in progress speaks ("en" outside a command)."""
    return str(_STATE["language"])


@contextmanager
def speaking(code: str, maps: Path | None = None) -> Iterator[None]:
    """The command's sentences in `code` while it runs (then as before), its boards named by the names of
    the shipped boards in `maps` (game.app.userboards.shipped_maps)."""
    before = dict(_STATE)
    _STATE.update(language=code if code in LANGUAGES else "en", maps=maps)
    try:
        yield
    finally:
        _STATE.update(before)


def said(key: str, /, **values: Any) -> str:
    """The sentence "cli.<key>" in the command's language, its {placeholders} filled in."""
    code = language()
    for sentence, used in ((_entries(code).get(key), code), (_entries("en").get(key), "en")):
        if sentence is None:
            continue
        try:
            return form(sentence, values, used).format(**values)
        except (KeyError, IndexError, ValueError):
            continue  # (a broken translation: the English instead)
    raise KeyError(f"no sentence {PREFIX}{key} in the catalogues")


@cache
def _entries(code: str) -> dict[str, Any]:
    return catalogue_entries(code, PREFIX)


def named(kind: str, thing: str) -> str:
    """A game's thing by the window's word for it ("character", "dwarf" -> "Nain"; "level", "easy"), or its id."""
    word = catalogue_entries(language(), f"{kind}.").get(thing)
    return word if isinstance(word, str) else thing


def percent(rate: float, places: int = 0) -> str:
    """A rate as the language writes it: "42%", "42 %", "41.7%", "41,7 %"."""
    return f"{rate:.{places}%}" if language() == "en" else f"{decimal(rate * 100, places)}\u00a0%"


def decimal(value: float, places: int) -> str:
    """A number with `places` decimals as the language writes it: "2.50", "2,50"."""
    shown = f"{value:.{places}f}"
    return shown if language() == "en" else shown.replace(".", ",")


def board_name(name: str) -> str:
    """A board named by the name it had (a kept race's, a statistics' line) in the command's language:
    the shipped boards' names (their maps' `name.fr`...); another board keeps its own."""
    maps = _STATE["maps"]
    return _shipped_names(language(), maps).get(name.casefold(), name) if maps is not None else name


@cache
def _shipped_names(code: str, maps: Path) -> dict[str, str]:
    from game.boards.maps import load_board

    known: list[Board] = []
    for path in sorted(maps.glob("*.tmx")):
        try:
            known.append(load_board(path))
        except (OSError, ValueError):
            continue  # (a board that cannot be read names nothing)
    return names_in(code, known)
