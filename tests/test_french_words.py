"""Every word in the player's language: every screen drawn in French, with real data (races kept on the
shipped boards, a championship on Thornwood and Meadow Dash, the statistics of their racer), shows none
of the English catalogue's sentences nor a shipped board's English name; the boards are named in French
wherever a board is named (the replays, a kept championship's races, the statistics, the setup)."""

from __future__ import annotations

import re
import string

import pytest
from screen_words import Words, board_names, screens, window

from scenes.core import i18n

#: a piece of an English sentence: two words of three letters or more (between the placeholders)
WORDY = re.compile(r"[A-Za-z]{3,}\W+[A-Za-z]{3,}")


def english_pieces() -> tuple[set[str], set[str]]:
    """The English catalogue's entries that French says otherwise: their pieces between placeholders
    of two words or more, and the entries of one word (a whole line when drawn)."""
    english, french = i18n.catalogue("en"), i18n.catalogue("fr")
    said = {form for entry in french.values() for form in (entry.values() if isinstance(entry, dict) else [entry])}
    pieces: set[str] = set()
    words: set[str] = set()
    for key, entry in english.items():
        if key.startswith(("key.", "pad.", "mouse.")) or french.get(key) == entry:
            continue
        for form in entry.values() if isinstance(entry, dict) else [entry]:
            literal = [text for text, *_ in string.Formatter().parse(form)]
            if len(literal) == 1 and re.fullmatch(r"[A-Za-z]{4,}", form):
                words.add(form)
            pieces |= {text.strip() for text in literal if WORDY.search(text)}
    french_too = "\n".join(said)  # (a word French uses as well: "normal", a controller's "Back")
    return {p for p in pieces if p not in french_too}, {w for w in words if w not in said}


@pytest.fixture
def french(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return window("fr")


@pytest.mark.slow  # some twenty screens with real data, drawn once
def test_every_screen_in_french_shows_no_english_sentence_nor_english_board_name(french, monkeypatch):
    words = Words(monkeypatch)
    pieces, single = english_pieces()
    names = {ids["en"]: ids["fr"] for ids in board_names().values() if ids["en"] != ids["fr"]}
    assert "Thornwood" in names and len(pieces) > 500
    found: dict[str, list[str]] = {}
    shown: dict[str, list[str]] = {}
    for screen in screens(french):
        lines = shown[screen] = words.of(french)
        for line in set(lines):
            english = [p for p in pieces if p in line] + [w for w in single if w == line.strip()]
            english += [name for name in names if name in line]
            if english:
                found.setdefault(screen, []).append(f"{line!r} ({', '.join(english)})")
    assert not found, "\n".join(f"{screen}: {lines}" for screen, lines in found.items())
    everything = "\n".join(line for lines in shown.values() for line in lines)
    for board in ("Le Bois-aux-Épines", "La Course du pré", i18n.catalogue("fr")["board.practice.name"]):
        assert board in everything, f"{board} is named nowhere"
    assert any("Course 1\u00a0: Le Bois-aux-Épines" in line for line in shown["a kept championship's table"])
    assert any("Le Bois-aux-Épines" in line for line in shown["replays"])
    assert any("Le Bois-aux-Épines" in line for line in shown["statistics"])
