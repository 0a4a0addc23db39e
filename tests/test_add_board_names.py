"""Board packs whose file names carry a terminal's control sequences (ESC, BEL, an OSC title, a clear
screen) or a right-to-left override: refused by `add-board` with a sentence that shows the name
escaped and quoted, never printed raw nor written into the boards folder (issue 43)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from game.app import addboards
from tests.test_add_board import a_board, boards_folder, folder_state, pack  # noqa: F401  (a fixture)
from tests.test_maps_support import ROOT, TILESETS

NAMES = {
    "ESC": "\x1b[31mred.tmx",
    "BEL": "bell\x07.tmx",
    "an OSC title": "\x1b]0;owned\x07title.tmx",
    "a clear screen": "\x1b[2J\x1b[Hclear.tmx",
    "a right-to-left override": "evil\u202exmt.exe.tmx",
    "a line break": "two\nlines.tmx",
}
RAW = ("\x1b", "\x07", "\u202e", "\nlines")


def raw_in(text: str) -> bool:
    return any(bad in text for bad in RAW)


@pytest.mark.parametrize("what", NAMES)
def test_a_pack_whose_entry_names_cannot_be_shown_is_refused_whole(tmp_path, boards_folder, what):  # noqa: F811
    name = NAMES[what]
    board = a_board(tmp_path / "made", "salt", "Salt Flats")
    before = folder_state(boards_folder)
    for entries in (
        {f"friends/{name}": board},  # the board itself
        {"friends/salt.tmx": board, f"friends/{name[:-4]}.png": TILESETS / "fantasy-racing.png"},  # a file beside it
        {f"{name[:-4]}/salt.tmx": board},  # a folder
    ):
        outcome = addboards.add_boards(pack(tmp_path / "friends.zip", entries), boards_folder)
        assert outcome.added == [] and len(outcome.refused) == 1, outcome.lines()
        (sentence,) = outcome.lines()
        assert "which cannot be shown: rename it" in sentence and not raw_in(sentence), sentence
        assert f"U+{ord(next(c for c in name if not c.isprintable())):04X}" in sentence
    assert folder_state(boards_folder) == before


@pytest.mark.parametrize("what", NAMES)
def test_a_board_file_whose_name_cannot_be_shown_is_refused(tmp_path, boards_folder, what):  # noqa: F811
    board = a_board(tmp_path / "made", "salt", "Salt Flats")
    hostile = board.with_name(NAMES[what])
    shutil.copy(board, hostile)
    before = folder_state(boards_folder)
    outcome = addboards.add_boards(hostile, boards_folder)
    (sentence,) = outcome.lines()
    assert outcome.added == [] and "rename it" in sentence and not raw_in(sentence), sentence
    assert folder_state(boards_folder) == before


def test_a_board_that_uses_a_tileset_whose_name_cannot_be_shown_is_refused(tmp_path, boards_folder):  # noqa: F811
    board = a_board(tmp_path / "made", "canyon", "Red Canyon", tileset="can\u202eyon")
    outcome = addboards.add_boards(board, boards_folder)
    (sentence,) = outcome.lines()
    assert outcome.added == [] and "rename it" in sentence and "\\u202e" in sentence and not raw_in(sentence)
    assert not any("\u202e" in p.name for p in boards_folder.rglob("*"))


def test_a_name_that_can_be_shown_is_shown_as_it_is_and_others_escaped():
    assert addboards.quoted("canyon.tmx") == "canyon.tmx"
    assert addboards.quoted("Gorge é.tmx") == "Gorge é.tmx"
    assert addboards.quoted("\x1b]0;x\x07.tmx") == "'\\x1b]0;x\\x07.tmx'"
    assert addboards.quoted("a\u202eb") == "'a\\u202eb'"


@pytest.mark.slow
def test_main_py_add_board_never_prints_a_pack_names_control_sequences(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    board = a_board(tmp_path / "made", "salt", "Salt Flats")
    entries = {f"friends/{name}": board for name in NAMES.values()}
    hostile = pack(tmp_path / "hostile.zip", entries)
    for language in ("en", "fr"):
        done = subprocess.run(
            [sys.executable, "main.py", "add-board", "--lang", language, str(hostile)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 1, done.stdout + done.stderr
        assert "U+001B" in done.stdout and not raw_in(done.stdout + done.stderr), done.stdout
        assert ("renommez-le" if language == "fr" else "rename it") in done.stdout, done.stdout
    folder = tmp_path / "data" / "fantasy-racing" / "boards"
    assert not any(not p.name.isprintable() for p in folder.rglob("*"))
