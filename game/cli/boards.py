"""`check-map`: boards drawn in Tiled checked as the game reads them (docs/maps.md); `add-board`: boards and
packs of boards added to the player's boards folder."""

from __future__ import annotations

import json
import sys

from game.app import addboards, userboards
from game.app.session import FOLDER
from game.app.settings import SETTINGS_FILE, system_language
from game.app.userdata import Unreadable, read_json_file
from game.boards.map_words import LANGUAGES, catalogue_entries
from game.boards.maps import check_map_command, problems_json


def language_of(lang: str | None = None) -> str:
    """The language a command speaks: `lang` (its --lang), else the language of the player's saved
    settings (read, never changed: a command does not set a bad settings file aside), else the system's."""
    if lang is not None:
        return lang
    try:
        path = FOLDER.path(create=False) / SETTINGS_FILE  # (a command that only reads makes no folder)
        saved = read_json_file(path, "settings", "settings") if path.is_file() else None
    except (OSError, Unreadable):
        saved = None
    chosen = saved.get("language") if isinstance(saved, dict) else None
    return chosen if chosen in LANGUAGES else system_language()


def run_check_map(names: list[str], form: str = "text", lang: str | None = None) -> int:
    """`check-map FILE...` (`form`: "text" or "json"; `lang`: "en", "fr" or None, the settings' language);
    with no file, the player's own boards folder (made if missing)."""
    language = language_of(lang)
    if names:
        return check_map_command(names, form=form, language=language)
    where = userboards.prepare()
    if where is None:
        print(
            "check-map: the game's per-user folder cannot be made, so there is no boards folder to check; "
            "give a board or a folder of boards",
            file=sys.stderr,
        )
        return 1
    if not userboards.board_files(where):
        if form == "json":  # a tool reading the JSON gets JSON: no board, nothing wrong
            print(json.dumps(problems_json([], f"your boards folder {where} holds no board (.tmx) yet")))
            return 0
        print(
            f"check-map: your boards folder {where} holds no board (.tmx) yet; "
            "give a board or a folder to check another one"
        )
        return 0
    return check_map_command([str(where)], form=form, language=language)


def run_add_board(names: list[str], lang: str | None = None) -> int:
    """`add-board FILE...`: each board or pack added to the player's boards folder, a board's problems
    said in `lang` (None: the settings' language); exit 1 when anything was refused (what passed is
    added all the same)."""
    language = language_of(lang)
    where = userboards.prepare()
    if where is None:
        print("add-board: the game's per-user folder cannot be made, so there is no boards folder", file=sys.stderr)
        return 1
    refused = False
    for name in names:
        outcome = addboards.add_boards(name, where, language)
        for line in outcome_lines(outcome, language):
            print(line)
        refused = refused or bool(outcome.refused)
    print(said_in(language, "folder", f"your boards folder: {where}", path=where))
    return 1 if refused else 0


def outcome_lines(outcome: addboards.Outcome, language: str) -> list[str]:
    """What adding boards did, in sentences of `language` (English: `Outcome.lines`, as it reads)."""
    if language == "en" or not catalogue_entries(language, "dropped."):
        return outcome.lines()
    named = [(file, outcome.translations.get(file, {}).get(f"name.{language}") or name) for file, name in outcome.added]
    lines = [said_in(language, "added", "", name=name, file=file) for file, name in named]
    lines += [said_in(language, "present", "", what=what) for what in outcome.present]
    for refused in outcome.refused:
        why = said_in(language, f"why.{refused.why}", "", **dict(refused.values))
        lines.append(said_in(language, "refused", refused.line(), what=refused.what, why=why.rstrip(".")))
    return lines


def said_in(language: str, key: str, english: str, **values: object) -> str:
    """The window's words "dropped.<key>" in `language`, filled in; `english` where there are none."""
    sentence = catalogue_entries(language, "dropped.").get(key) if language != "en" else None
    if not isinstance(sentence, str):
        return english
    try:
        return sentence.format(**values)
    except (KeyError, IndexError, ValueError):
        return english
