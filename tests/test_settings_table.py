"""The settings are one table (game.app.settings.SETTINGS): the defaults, the file's validation and the
settings screen all come from it, and the files older games wrote are read as they are."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.app import session
from game.app import settings as app_settings
from game.app.settings import PAGES, SETTINGS, TABLE, Settings
from scenes.core import i18n
from scenes.screens.settings import value_words, values_of

# settings.json as the game wrote it before the table (format 1, every key of that game)
BEFORE_THE_TABLE = {
    "format": 1,
    "window": [1600, 900],
    "fullscreen": False,
    "animation_speed": 2.0,
    "volume": 40,
    "music_volume": 50,
    "language": "fr",
    "last_board": "maps/forest.tmx",
    "tutorial_seen": True,
    "host_address": "",
    "host_port": 47810,
    "join_address": "127.0.0.1",
    "join_code": "ABCDEFGH",
    "player_name": "Zoé",
    "lineups": {},
    "seat_keys": {},
}


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "fantasy-racing"
    folder.mkdir()
    return folder


def test_every_setting_is_a_row_of_the_table_and_a_field_of_the_settings():
    fields = [f.name for f in dataclasses.fields(Settings) if f.name not in ("extra", "problem")]
    assert fields == [row.name for row in SETTINGS]
    assert len(TABLE) == len(SETTINGS)


@pytest.mark.parametrize("row", SETTINGS, ids=[row.name for row in SETTINGS])
def test_each_default_is_a_value_its_own_row_accepts(row):
    value, fixed = row.read(row, json.loads(json.dumps(row.write(row.default()))))
    assert fixed is None and value == row.default()
    assert getattr(Settings(), row.name) == row.default()


def test_the_defaults_written_and_read_back_need_no_correction():
    settings, fixes = Settings.from_dict(Settings().to_dict())
    assert fixes == [] and settings == Settings()


def test_a_file_written_before_the_table_is_read_as_it_is(data_home):
    (data_home / "settings.json").write_text(json.dumps(BEFORE_THE_TABLE), encoding="utf-8")
    loaded = Settings.load(session.FOLDER)
    assert loaded.problem == "" and loaded.extra == {}
    for key, value in BEFORE_THE_TABLE.items():
        if key != "format":
            assert app_settings.TABLE[key].write(getattr(loaded, key)) == value, key
    for row in SETTINGS:  # the settings that file did not know take their defaults
        if row.name not in BEFORE_THE_TABLE:
            assert getattr(loaded, row.name) == row.default(), row.name


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_line_of_the_settings_screen_has_its_words_and_its_values_words(language):
    i18n.set_language(language)
    try:
        catalogue = i18n.catalogue(language)
        for row in SETTINGS:
            if not row.page:
                continue
            assert row.page in PAGES and row.words in catalogue, row.name
            assert row.page == PAGES[0] or f"{row.words}.help" in catalogue, row.name  # (said under the lines)
            for value in values_of(row, row.default()):
                words = value_words(row, value)
                assert words and "{" not in words and not words.startswith(row.shown + "."), (row.name, value)
    finally:
        i18n.set_language("en")
