"""One envelope for every file the game writes (game/envelope.py): its version field, its upgrades one
step a version, one sentence naming the field; every kind of file of the game goes through it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.app import games, settings, userdata
from game.envelope import Envelope, EnvelopeError
from game.meta import replay, season
from game.rules import record

ROOT = Path(__file__).resolve().parent.parent
ENVELOPES = {
    "the race's record": record.ENVELOPE,
    "a replay": replay.ENVELOPE,
    "a championship": season.ENVELOPE,
    "a saved game": userdata.SAVE_ENVELOPE,
    "a kept championship's table": userdata.TABLE_ENVELOPE,
    "the settings": settings.ENVELOPE,
    "the list's index": games.INDEX_ENVELOPE,
}
VERSION_FIELDS = {envelope.key for envelope in ENVELOPES.values()}


def test_an_old_file_is_upgraded_one_step_a_version_in_order():
    steps = []

    def step(n):
        return lambda data: (steps.append(n), {**data, f"from_{n}": True})[1]

    envelope = Envelope("a test file", "format", 4, {1: step(1), 2: step(2), 3: step(3)})
    old = {"format": 2, "kept": "yes"}
    assert envelope.upgrade(old) == {"format": 4, "kept": "yes", "from_2": True, "from_3": True}
    assert steps == [2, 3] and old == {"format": 2, "kept": "yes"}  # (the file's own data left as it was)


def test_an_envelope_without_the_way_from_a_version_to_the_next_is_refused_at_once():
    with pytest.raises(ValueError, match="no upgrade from version 2"):
        Envelope("a test file", "format", 3, {1: dict})


@pytest.mark.parametrize(
    "data, sentence",
    [
        ([1], "it holds a list, not a test file"),
        ({}, "it has no format version: it is not a test file (no field 'season_format')"),
        ({"season_format": "2"}, "its format version '2' is not a whole number from 1 (the field 'season_format')"),
        ({"season_format": True}, "is not a whole number from 1 (the field 'season_format')"),
        ({"season_format": 0}, "its format version 0 is not a whole number from 1"),
        ({"season_format": 3}, "it was written by a newer version of the game (format 3; this one reads format 2)"),
    ],
)
def test_a_version_that_cannot_be_read_gets_one_sentence_naming_the_field(data, sentence):
    envelope = Envelope("a test file", "season_format", 2, {1: dict})
    with pytest.raises(EnvelopeError) as caught:
        envelope.upgrade(data)
    assert sentence in str(caught.value) and caught.value.newer == ("newer" in sentence)


def test_a_file_of_the_first_builds_without_a_version_is_read_as_the_bare_version():
    envelope = Envelope("a test file", "format", 2, {1: lambda d: {**d, "upgraded": True}}, bare=1)
    assert envelope.upgrade({"name": "x"}) == {"format": 2, "name": "x", "upgraded": True}
    strict = Envelope("a test file", "format", 1)
    assert strict.upgrade({"window": 1}, bare=1) == {"format": 1, "window": 1}
    with pytest.raises(EnvelopeError, match="no format version"):
        strict.upgrade({"window": 1})


@pytest.mark.parametrize("name", ENVELOPES)
def test_every_kind_of_file_reads_back_what_it_writes(name):
    envelope = ENVELOPES[name]
    written = envelope.stamp({"something": [1, 2], envelope.key: "overwritten"})
    assert next(iter(written)) == envelope.key and written[envelope.key] == envelope.current
    assert envelope.upgrade(written) == written
    with pytest.raises(EnvelopeError) as caught:
        envelope.upgrade({**written, envelope.key: envelope.current + 1})
    assert caught.value.newer


def versions_written_by_hand(path: Path) -> list[int]:
    """The lines of a module that write a file's version field by hand: a dict whose key is a version
    field and whose value is a constant named ...FORMAT or ...VERSION (a magic text such as the
    replay's "format": "fantasy-racing-replay" is not a version)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if (
                    isinstance(key, ast.Constant)
                    and key.value in VERSION_FIELDS
                    and isinstance(value, ast.Name)
                    and value.id.endswith(("FORMAT", "VERSION"))
                    and value.id != "REPLAY_FORMAT"
                ):
                    found.append(node.lineno)
    return found


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_no_module_writes_a_files_version_but_through_its_envelope():
    modules = [*sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "scenes").rglob("*.py"))]
    by_hand = {p.relative_to(ROOT).as_posix(): lines for p in modules if (lines := versions_written_by_hand(p))}
    assert by_hand == {}


def test_the_reader_finds_a_version_written_by_hand(tmp_path):
    module = tmp_path / "writer.py"
    module.write_text('A = {"season_format": SEASON_FORMAT}\nB = {"format": REPLAY_FORMAT}\nC = {"version": 1}\n')
    assert versions_written_by_hand(module) == [1]
