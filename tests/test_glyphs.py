"""Every character the game prints exists in the face it is drawn in: a character a face lacks is
drawn as a blank (the specification's ≤, ↔ and → were: "5   N   15", "face f   101-f").

pygame.font.Font.metrics gives the metrics of the face's blank glyph for a missing character (SDL_ttf
2.24), so the faces are asked through pygame.freetype, whose get_metrics says None for a character
the face has no glyph for. Both language files are checked in every face of the game (any of their
strings may be drawn as body text, in bold, as a heading or as a title), and both player's books in
the faces their parts are drawn in (scenes/screens/rules_help.py); tests/test_words_on_screen.py checks every
line the window draws during races in the face it is drawn in.
"""

from __future__ import annotations

import re
from functools import cache

import pygame.freetype
import pytest

from scenes.core import assets, i18n, text
from scenes.core.rule_book import book_text, parse
from scenes.screens.rules_help import plain

KINDS = ("body", "bold", "heading", "title", "logo")


@cache
def face(kind: str) -> pygame.freetype.Font:
    """The game's face of a kind of text (scenes/core/assets.py picks the file)."""
    pygame.freetype.init()
    return pygame.freetype.Font(assets.font_file(kind), 20)


def missing(words: str, kind: str, as_drawn: bool = True) -> set[str]:
    """The characters of `words` that the face of `kind` has no glyph for (as the game draws them,
    unless `as_drawn` is False)."""
    shown = text.shown(words) if as_drawn else words
    shown = shown.replace("\n", "")
    if not shown:
        return set()
    return {ch for ch, metrics in zip(shown, face(kind).get_metrics(shown)) if metrics is None}


def catalogue_strings(code: str) -> list[tuple[str, str]]:
    """Every text of a language file, (key, text) with its {placeholders} taken out."""
    out = []
    for key, entry in i18n.catalogue(code).items():
        for form in entry.values() if isinstance(entry, dict) else [entry]:
            out.append((key, re.sub(r"\{[^}]*\}", "", form)))
    return out


def test_the_check_sees_a_missing_glyph():
    assert missing("5 ≤ N ≤ 15, f ↔ 101-f, 40 % → 60 %", "body") == {"≤", "↔", "→"}
    assert missing("Gros choc\u00a0!", "logo", as_drawn=False) == {"\u00a0"}  # Cinzel Decorative has none
    assert missing("Gros choc\u00a0!", "logo") == set()  # drawn as a space
    assert missing("Élan, cœur, ex æquo, «\u00a0·\u00a0» −1 × 2", "body") == set()


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_string_of_the_language_files_has_its_glyphs(code, kind):
    lacking = {key: missing(words, kind) for key, words in catalogue_strings(code)}
    assert not {key: chars for key, chars in lacking.items() if chars}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_character_of_the_players_book_has_its_glyph(code):
    lacking: dict[str, set[str]] = {}
    for block in parse(book_text(code)):
        words = plain(block.text)
        if block.kind == "h":
            kinds = ("heading",) if block.level <= 2 else ("bold",)
        elif block.kind == "table":
            words = " ".join(plain(cell) for row in block.rows for cell in row)
            kinds = ("body", "bold")
        else:
            kinds = ("body", "bold")  # bold words, and italics slanted from the body face
        for kind in kinds:
            found = missing(words, kind) | missing(block.marker, "bold")
            if found:
                lacking[words[:60]] = found
    assert not lacking


def test_titles_use_the_plain_capitals_and_only_the_games_name_the_decorative_face():
    from pathlib import Path

    assert "Decorative" not in Path(assets.font_file("title")).name  # its swash H reads "TĦE"
    assert "Decorative" in Path(assets.font_file("logo")).name
