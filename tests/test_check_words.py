"""The board checker's sentences in the player's language (game/boards/map_words.py).

Every problem is a key of the table and its values; each key has an English and a
French sentence in the catalogues, with the same placeholders; a bad board checked in
French gives French sentences (text and JSON), with the same places, count and codes
as in English; `main.py check-map --lang fr` and `add-board` speak French.
"""

from __future__ import annotations

import ast
import io
import json
import string
from pathlib import Path

import pytest

from game.app import addboards, session
from game.boards.map_words import PLACES, SENTENCES, Said, said, sentences
from game.boards.maps import check_map_command
from tests import code_trees
from tests.test_check_map import CASES, written  # noqa: F401  (the fixture of the malformed boards)
from tests.test_maps_support import ROOT, paint, write_board

CATALOGUES = ROOT / "assets" / "i18n"
SAME_IN_FRENCH = {"word.obstacle"}  # the word is French too


def placeholders(text: str) -> set[tuple[str, str, str]]:
    """The placeholders of a str.format sentence: (name, conversion, format spec)."""
    return {(name, conv or "", spec or "") for _, name, spec, conv in string.Formatter().parse(text) if name}


def forms(sentence) -> dict[str, str]:
    """A sentence's forms: itself, or its plural forms."""
    return sentence if isinstance(sentence, dict) else {"": sentence}


def mismatches(catalogue: dict, english: dict) -> list[str]:
    """What is wrong with a catalogue's board checker sentences against the English table: a key missing,
    a plural form missing, or a form whose placeholders differ from the English ones."""
    wrong = []
    for key, sentence in english.items():
        given = catalogue.get(f"check.{key}")
        if given is None:
            wrong.append(f"{key}: missing")
            continue
        if isinstance(sentence, dict) != isinstance(given, dict) or forms(sentence).keys() != forms(given).keys():
            wrong.append(f"{key}: not the same forms")
            continue
        needed = set().union(*(placeholders(text) for text in forms(sentence).values()))
        for name, text in forms(given).items():
            if not placeholders(text) <= needed or not needed <= placeholders(text) | _one(given, name):
                wrong.append(f"{key} {name}: placeholders {sorted(placeholders(text))}, not {sorted(needed)}")
    return wrong


def _one(sentence, name: str) -> set:
    """What a plural's "one" form may leave out: its count (French writes "une case")."""
    return {("count", "", "")} if isinstance(sentence, dict) and name == "one" else set()


def catalogue(code: str) -> dict:
    return json.loads((CATALOGUES / f"{code}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", ["en", "fr"])
def test_every_problem_key_has_a_sentence_with_the_same_placeholders(code):
    assert mismatches(catalogue(code), {**SENTENCES, **PLACES}) == []


def test_the_english_catalogue_says_what_the_table_says_and_french_differs():
    en, fr = catalogue("en"), catalogue("fr")
    for key, sentence in {**SENTENCES, **PLACES}.items():
        assert en[f"check.{key}"] == sentence, key
        assert fr[f"check.{key}"] != sentence or key in SAME_IN_FRENCH, key


def test_a_missing_sentence_or_a_wrong_placeholder_is_found():
    good = {f"check.{key}": sentence for key, sentence in {**SENTENCES, **PLACES}.items()}
    assert mismatches(good, {**SENTENCES, **PLACES}) == []
    missing = dict(good)
    del missing["check.check_map_shape.4"]
    assert mismatches(missing, SENTENCES) == ["check_map_shape.4: missing"]
    renamed = {**good, "check.check_map_shape.4": "les tuiles font {width}x{tile_height} pixels"}
    assert [m.split(":")[0] for m in mismatches(renamed, SENTENCES)] == ["check_map_shape.4 "]
    shown = {**good, "check.check_images.2": "image {source} introuvable ({label!r})"}  # !r lost
    assert [m.split(":")[0] for m in mismatches(shown, SENTENCES)] == ["check_images.2 "]
    one_form = {**good, "check.check_ground.1": "{count} cases sans sol"}
    assert mismatches(one_form, SENTENCES) == ["check_ground.1: not the same forms"]


def test_every_sentence_the_checker_says_is_in_the_table_and_every_one_is_said():
    """Each said("key", ...) of game/boards names a key of the table, and gives the values its sentence names."""
    used = set()
    for path in sorted((ROOT / "game" / "boards").glob("*.py")):
        for node in ast.walk(code_trees.tree(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "said":
                key = node.args[0].value  # type: ignore[attr-defined]
                assert key in SENTENCES, f"{path.name}: {key}"
                needed = {name for text in forms(SENTENCES[key]).values() for name, _, _ in placeholders(text)}
                assert {k.arg for k in node.keywords} == needed, f"{path.name}: {key}"
                used.add(key)
    assert used == set(SENTENCES)


def test_a_sentence_is_said_in_the_language_asked_and_counts_by_its_rule():
    problem = said("check_map_shape.4", tile_width=32, tile_height=16)
    assert problem.text() == "the tiles are 32x16 pixels; a board needs square tiles"
    assert problem.text(sentences("fr")) == "les tuiles font 32x16 pixels ; un plateau a besoin de tuiles carrées"
    assert said("check_ground.1", count=1).text() == "1 square with no ground tile (the first is shown)"
    assert said("check_ground.1", count=0).text(sentences("fr")).startswith("0 case sans tuile")
    assert said("check_ground.1", count=3).text(sentences("fr")).startswith("3 cases sans tuile")
    broken = {**sentences("fr"), "check_map_shape.4": "les tuiles font {nothing}"}  # a broken translation
    assert problem.text(broken) == problem.text()
    assert Said("check_map_shape.4", (("tile_width", 1), ("tile_height", 2))).text(sentences("xx")).startswith("the")
    with pytest.raises(KeyError):
        said("no such problem")


def _checked(paths: list[str], language: str) -> tuple[list[str], dict]:
    text, data = io.StringIO(), io.StringIO()
    check_map_command(paths, text, language=language)
    check_map_command(paths, data, form="json", language=language)
    return text.getvalue().splitlines(), json.loads(data.getvalue())


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_the_bad_boards_checked_in_french_give_french_sentences_with_the_same_places(written):  # noqa: F811
    paths = [str(written[name]) for name, *_ in CASES]
    en_lines, en = _checked(paths, "en")
    fr_lines, fr = _checked(paths, "fr")
    assert len(fr_lines) == len(en_lines) and fr["errors"] == en["errors"] > 0 and fr["warnings"] == en["warnings"]
    assert fr_lines[-1] == fr["summary"] and fr["summary"].startswith("vérifié : ")
    assert sum(": erreur: " in line for line in fr_lines) == sum(": error: " in line for line in en_lines)
    said_in_french = 0
    for en_board, fr_board in zip(en["boards"], fr["boards"], strict=True):
        assert len(en_board["problems"]) == len(fr_board["problems"])
        for e, f in zip(en_board["problems"], fr_board["problems"], strict=True):
            assert (f["code"], f["layer"], f["column"], f["row"], f["object"]) == (
                e["code"],
                e["layer"],
                e["column"],
                e["row"],
                e["object"],
            )
            assert f["code"] in SENTENCES and f["line"] in fr_lines
            if f["column"] is not None:
                assert f"colonne {f['column']}, ligne {f['row']}" in f["line"]
            if f["layer"]:
                assert f"calque « {f['layer']} »" in f["line"]
            assert f["message"] != e["message"], f["code"]
            said_in_french += 1
    assert said_in_french == sum(len(board["problems"]) for board in en["boards"]) >= len(CASES) - 2


def test_main_py_check_map_speaks_the_language_asked(tmp_path, capsys):
    import main

    bad = write_board(tmp_path / "bad", "tiles", edit=lambda xml: xml.replace('tilewidth="32"', 'tilewidth="16"', 1))
    assert main.main(["check-map", "--lang", "fr", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "erreur: les tuiles font 16x32 pixels ; un plateau a besoin de tuiles carrées" in out
    assert main.main(["check-map", "--lang", "en", "--format", "json", str(bad)]) == 1
    [problem] = json.loads(capsys.readouterr().out)["boards"][0]["problems"]
    assert problem["code"] == "check_map_shape.4" and problem["message"].startswith("the tiles are 16x32")


def test_add_board_says_why_a_board_is_refused_in_the_language_asked(tmp_path):
    holes = write_board(
        tmp_path / "bad", "holes", edit=lambda xml: paint(paint(xml, "holes", [(3, 3)]), "chests", [(3, 3)])
    )
    folder = tmp_path / "boards"
    folder.mkdir()
    outcome = addboards.add_boards(holes, folder, "fr")
    [refused] = outcome.refused
    assert refused.why == "check" and "colonne 3, ligne 3" in dict(refused.values)["problem"]
    assert "les objets vont sur des cases libres" in dict(refused.values)["problem"]
    assert list(folder.iterdir()) == []
    english = addboards.add_boards(holes, folder).refused[0]
    assert "objects go on free squares" in dict(english.values)["problem"]


def test_the_setup_card_says_a_refused_board_in_the_player_language(tmp_path):
    from scenes.core import boards, i18n

    bad = write_board(tmp_path / "mine", "tiles", edit=lambda xml: xml.replace('tilewidth="32"', 'tilewidth="16"', 1))
    before = i18n.language()
    try:
        i18n.set_language("fr")
        [choice] = [c for c in boards.available(str(bad)) if c.ref == str(bad)]
    finally:
        i18n.set_language(before)
    assert choice.board is None and "erreur: les tuiles font 16x32 pixels" in choice.problem
    assert Path(choice.ref) == bad


def test_the_commands_speak_the_language_of_the_saved_settings_unless_told(monkeypatch, tmp_path):
    from game.app.settings import Settings
    from game.cli import boards

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert boards.language_of(None) == "en"
    settings = Settings()
    settings.language = "fr"
    settings.save(session.FOLDER)
    assert boards.language_of(None) == "fr" and boards.language_of("en") == "en"
