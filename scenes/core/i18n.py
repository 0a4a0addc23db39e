"""The game's words in the player's language: English or French.

Every text the screens show comes from a catalogue, assets/i18n/<language>.json
(found next to the package, never from the working directory), through
`t(key, **values)`: the entry of the current language, with its
str.format placeholders filled in. An entry may be a plural, a small object
{"one": ..., "other": ...} chosen by the value `count` (French counts 0 and 1
as singular, English only 1).

The language is set once at start from the settings (`set_language`); its
default is the system's (`system_language`). A third, test-only language,
PSEUDO, shows the English texts each wrapped in MARKS, so that a test can see
which text on screen did not come from a catalogue.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules.rulebook import Rules
from scenes.core import assets

if TYPE_CHECKING:
    from game.boards.board import Board

LANGUAGES = ("en", "fr")
DEFAULT = "en"
PSEUDO = "pseudo"  # tests only: English, every text marked
MARKS = ("\u27e6", "\u27e7")  # ⟦ ⟧

_STATE: dict[str, str] = {}  # "language": the language in use, once known
_HINTS: dict[str, Any] = {}  # "prefix", "values": the placeholders of the player's bindings (scenes/core/controls.py)


def system_language() -> str:
    """ "fr" when the system's locale (LC_ALL, then LC_MESSAGES, then LANG) is French, else "en"."""
    from game.app.settings import system_language as settings_default

    return settings_default()


def language() -> str:
    """The current language ("en" or "fr"; PSEUDO in tests)."""
    if "language" not in _STATE:
        _STATE["language"] = system_language()
    return _STATE["language"]


def set_language(code: str) -> str:
    """Switch the language (an unknown code falls back to English); returns the language set."""
    code = str(code or "").lower()
    _STATE["language"] = code if code in LANGUAGES or code == PSEUDO else DEFAULT
    return _STATE["language"]


def set_hints(prefix: str, values: Callable[[], dict[str, str]]) -> None:
    """Fill every placeholder named `prefix`... ("{key_confirm}") with `values()` (the player's own
    bindings, in his words) unless the caller gives it."""
    _HINTS.update(prefix=prefix, values=values)


def catalogue_path(code: str) -> Path:
    """The catalogue file of a language."""
    return assets.asset_path("i18n", f"{code}.json")


@cache
def catalogue(code: str) -> dict[str, Any]:
    """A language's catalogue: key -> text (or plural forms)."""
    book: dict[str, Any] = json.loads(catalogue_path(code).read_text(encoding="utf-8"))
    return book


def plural_form(code: str, count: object) -> str:
    """ "one" or "other" for a number, by the language's rule."""
    try:
        number = abs(float(count))  # type: ignore[arg-type]  # (a number, or words of one)
    except (TypeError, ValueError):
        return "other"
    if code == "fr":
        return "one" if number < 2 else "other"
    return "one" if number == 1 else "other"


def _entry(key: str) -> str | dict[str, str]:
    code = language()
    book = catalogue(DEFAULT if code == PSEUDO else code)
    found: str | dict[str, str] = book[key] if key in book else catalogue(DEFAULT).get(key, key)
    return found


_ELIDING = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWEL_SOUND = tuple("aeiouyhàâäéèêëîïôöûüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜ")


def _elided(entry: str, values: dict[str, Any]) -> str:
    """French elides "de" and "que" before a vowel sound: "Au tour d'Orc", "le piège d'Elfe" (the
    names filled in are known only now; an h counts as mute, as in the characters' names)."""

    def elide(match: re.Match[str]) -> str:
        word, name = match.group(1), match.group(2)
        value = str(values.get(name, ""))
        if value.startswith(_VOWEL_SOUND):
            return f"{word[:-1]}'{{{name}}}"
        return match.group(0)

    return _ELIDING.sub(elide, entry)


def t(key: str, /, **values: object) -> str:
    """The text of `key` in the current language, its {placeholders} filled from `values`."""
    entry = _entry(key)
    code = language()
    if isinstance(entry, dict):
        entry = entry.get(plural_form(code, values.get("count", 0)), entry.get("other", key))
    if _HINTS and isinstance(entry, str) and "{" + _HINTS["prefix"] in entry:
        values = {**_HINTS["values"](), **values}
    if code == "fr" and isinstance(entry, str):
        entry = _elided(entry, values)
    try:
        result = str(entry).format(**values)
    except (KeyError, IndexError, ValueError):
        result = str(entry)
    if code == PSEUDO:
        return f"{MARKS[0]}{result}{MARKS[1]}"
    return result


def decimal(value: float, places: int = 1) -> str:
    """A number with `places` decimals as the player's language writes it: "2.5", "2,5"."""
    shown = f"{value:.{places}f}"
    return shown.replace(".", ",") if language() == "fr" else shown


def has(key: str) -> bool:
    """Whether the catalogue of the current language holds `key`."""
    code = language()
    return key in catalogue(DEFAULT if code == PSEUDO else code)


def placeholders(entry: str | dict[str, str]) -> set[str]:
    """The placeholder names of a catalogue entry (all forms of a plural)."""
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}


def document(*parts: str) -> Path:
    """A translated document under assets/ (e.g. rules/book.md): book.fr.md in French when shipped."""
    path = assets.asset_path(*parts)
    code = language()
    if code not in (DEFAULT, PSEUDO):
        localized = path.with_name(f"{path.stem}.{code}{path.suffix}")
        if localized.is_file():
            return localized
    return path


# ---------------------------------------------------------------- the game's names
def character(character_id: str) -> str:
    """A character's name (l'elfe is "Elfe" in French)."""
    return t(f"character.{character_id}")


def phrase(phrase_id: str) -> str:
    """A quick message (game.net.protocol.PHRASES) in the reader's language."""
    return t(f"phrase.{phrase_id}")


def board_name(board: Board) -> str:
    """A board's name in the player's language (its map's `name.fr`...), else its own."""
    return board.name_in(language())


def board_author(board: Board) -> str:
    """A board's author in the player's language (its map's `author.fr`...), else its own."""
    return board.author_in(language())


def board_description(board: Board) -> str:
    """A board's description in the player's language (its map's `description.fr`...), else its own."""
    return board.description_in(language())


def racer_kind(bot: str | None) -> str:
    """Who plays a racer, in words: "person", or "computer · expert" (a level without words of its own,
    such as a simulation's random policy: "computer")."""
    if not bot:
        return t("level.person")
    key = f"level.{bot}"
    return t(key) if has(key) else t("level.computer")


def object_name(obj: str) -> str:
    """An object's name, capitalised as a label."""
    key = f"object.{obj}"
    return t(key) if has(key) else obj.replace("_", " ").capitalize()


def object_a(obj: str) -> str:
    """An object with its indefinite article, in a sentence ("a magic shield", "un bouclier magique")."""
    key = f"object.{obj}.a"
    return t(key) if has(key) else obj.replace("_", " ")


def object_the(obj: str) -> str:
    """An object with its definite article, in a sentence ("the magic shield", "le bouclier magique")."""
    key = f"object.{obj}.the"
    return t(key) if has(key) else obj.replace("_", " ")


def rule_text(rule: str, rules: Rules | None = None) -> str:
    """A special rule in words, with the numbers of `rules` (None: this game's) filled in."""
    values = (rules or Rules.of()).numbers()
    key = f"rule.{rule}"
    return t(key, **values) if has(key) else rule.replace("_", " ")
