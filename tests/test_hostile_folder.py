"""Hostile files in the player's folder, read by the one JSON reader (game/files.py `loads`): nesting
bounded, never a RecursionError, one sentence naming the file (issue 43)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import main
from game import files
from game.app import session, userdata
from game.meta import replay

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "v1"
DEEP = 100_000  # lists inside each other: far past what Python's parser takes


def deep_json() -> str:
    return "[" * DEEP + "]" * DEEP


def test_the_one_reader_refuses_a_deep_nest_in_a_sentence():
    with pytest.raises(files.FileRefused, match="nest more than"):
        files.loads(deep_json())
    with pytest.raises(files.FileRefused, match="nest more than"):
        files.loads('{"a":' * DEEP + "1" + "}" * DEEP)
    with pytest.raises(replay.ReplayError, match="nest more than"):
        replay.parse(deep_json(), "deep.json")


def a_kept_championship(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = userdata.user_dir() / "seasons" / "2026-11-27-deep-cup"
    folder.mkdir(parents=True)
    shutil.copy(next(FIXTURES.glob("seasons/*/race-1.json")), folder / "race-1.json")
    (folder / "table.json").write_text(deep_json(), encoding="utf-8")
    return folder


def test_stats_names_a_deep_table_in_one_sentence(tmp_path, monkeypatch, capsys):
    folder = a_kept_championship(tmp_path, monkeypatch)
    assert main.main(["stats", "--name", "nobody"]) == 0
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(folder / "table.json") in lines[0] and "nest more than" in lines[0]
    assert "Traceback" not in err and "RecursionError" not in err


def test_the_statistics_and_replays_screens_reader_take_a_deep_table(tmp_path, monkeypatch):
    folder = a_kept_championship(tmp_path, monkeypatch)
    (kept,) = session.kept_championships()
    assert kept.name == "deep cup" and kept.champions == [] and len(kept.races) == 1
    races = session.kept_races()
    assert len(races) == 1 and races[0].problem == ""
    found = session.statistics("nobody")
    assert any(str(folder / "table.json") in line for line in found.unreadable)


def test_a_deep_kept_race_is_named_not_a_traceback(tmp_path, monkeypatch, capsys):
    folder = a_kept_championship(tmp_path, monkeypatch)
    (folder / "table.json").write_text(json.dumps({"name": "Deep Cup", "table": []}), encoding="utf-8")
    (folder / "race-2.json").write_text(deep_json(), encoding="utf-8")
    assert main.main(["stats", "--name", "nobody"]) == 0
    captured = capsys.readouterr()
    assert "race-2.json" in captured.err and "nest more than" in captured.err
