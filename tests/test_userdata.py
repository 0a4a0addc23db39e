"""Settings and saves: the per-user folder, atomic writes that survive a kill,
and every kind of unusable file reported in one sentence, set aside (never
deleted or overwritten) while the game goes on with defaults."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import platformdirs.windows
import pytest

from game import Race, RacerSetup
from game.app import folder as player_folder
from game.app import session, userdata
from game.app import settings as app_settings
from game.app.settings import Settings
from game.bots import ai
from game.rules import record
from tests.scenario import board

ROOT = Path(__file__).resolve().parent.parent
BOARD = (
    """
.1..2..3........
....#...C..O....
...$....%...)...
..S....R........
"""
    + "................\n" * 12
)


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch) -> Iterator[Path]:
    """Each test has its own user folder and a known system language."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield tmp_path / "data" / "fantasy-racing"
    session.FOLDER.take_problems()  # what a test's failed saves said is not the next test's


def a_race(choices: int = 12, seed: int = 3) -> Race:
    race = Race.new(board(BOARD), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="greedy")], turns=6, seed=seed)
    rng = random.Random(seed)
    while not race.over and len(race.choices) < choices:
        race.choose(ai.pick(race, race.pending, "random", rng))
    return race


def save_text(**changes) -> dict:
    """The content of a good save file (a dict to spoil)."""
    race = a_race()
    return {"version": 1, "setup": {"turns": 6, "seed": 3}, "race": race.to_dict(), **changes}


def asides(folder: Path, stem: str) -> list[Path]:
    return sorted(folder.glob(f"{stem}.unreadable-*"))


# ---------------------------------------------------------------- the folder
def test_the_user_folder_follows_each_platforms_conventions(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert userdata.user_dir() == tmp_path / "data" / "fantasy-racing"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert userdata.user_dir() == tmp_path / "home" / ".local" / "share" / "fantasy-racing"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert userdata.user_dir() == tmp_path / "home" / "Library" / "Application Support" / "fantasy-racing"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    # platformdirs asks Windows itself (ctypes) for %APPDATA%; here, as Windows would say, the variable
    monkeypatch.setattr(platformdirs.windows, "_resolve_win_folder", platformdirs.windows.get_win_folder_from_env_vars)
    assert userdata.user_dir() == tmp_path / "roaming" / "fantasy-racing"


@pytest.mark.parametrize(
    "env, language",
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr"}, "fr"),
        ({"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "fr_BE", "LANG": "de_DE"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_defaults_to_the_systems_locale(env, language):
    assert app_settings.system_language(env) == language


def test_new_settings_take_the_systems_language(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert Settings().language == "fr"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert Settings().language == "en"


# ---------------------------------------------------------------- settings
def test_settings_are_saved_in_a_small_versioned_file_and_read_back(data_home):
    settings = Settings(
        window=(1600, 900),
        fullscreen=True,
        animation_speed=2.0,
        volume=30,
        music_volume=80,
        language="fr",
        last_board="maps/mine.tmx",
    )
    settings.save(session.FOLDER)
    data = json.loads((data_home / "settings.json").read_text(encoding="utf-8"))
    assert data["format"] == app_settings.SETTINGS_FORMAT == 1
    assert data["language"] == "fr" and data["music_volume"] == 80 and data["volume"] == 30
    loaded = Settings.load(session.FOLDER)
    assert loaded == settings and loaded.problem == ""
    assert not [p for p in data_home.iterdir() if p.name.endswith(".tmp")]


def test_settings_of_the_first_builds_without_a_format_are_still_read(data_home):
    data_home.mkdir(parents=True)
    (data_home / "settings.json").write_text(
        json.dumps({"window": [1600, 900], "fullscreen": False, "animation_speed": 2.0, "volume": 40, "last_board": ""})
    )
    loaded = Settings.load(session.FOLDER)
    assert loaded.problem == "" and loaded.window == (1600, 900) and loaded.volume == 40
    assert loaded.language == "en" and loaded.music_volume == Settings().music_volume


def test_unknown_keys_of_a_newer_game_are_kept(data_home):
    data_home.mkdir(parents=True)
    (data_home / "settings.json").write_text(json.dumps({"format": 1, "volume": 20, "colour_blind": True}))
    loaded = Settings.load(session.FOLDER)
    assert loaded.problem == "" and loaded.extra == {"colour_blind": True}
    loaded.save(session.FOLDER)
    assert json.loads((data_home / "settings.json").read_text())["colour_blind"] is True


UNREADABLE_SETTINGS = [
    ("empty file", b"", "the file is empty"),
    ("only spaces", b"  \n\t \n", "the file is empty"),
    ("truncated JSON", b'{"format": 1, "window": [1280, 7', "cut short"),
    ("not JSON", b"volume = 70\nfullscreen = yes\n", "not valid JSON (Expecting value at line 1, column 1)"),
    ("binary garbage", bytes(range(256)) * 4, "binary data, not settings"),
    ("non-UTF-8 bytes", '{"format": 1, "last_board": "for\xeat.tmx"}'.encode("latin-1"), "not UTF-8 text"),
    ("wrong top-level type", b"[1280, 720, true]", "it holds a list, not settings"),
    ("a bare number", b"42", "it holds a number, not settings"),
    ("missing format", b'{"volume": 70}', "no format version"),
    ("future format", b'{"format": 2, "volume": 70}', "newer version of the game (format 2; this one reads format 1)"),
    ("invalid format", b'{"format": "one", "volume": 70}', "format version 'one' is not a whole number"),
]


@pytest.mark.parametrize("kind, content, phrase", UNREADABLE_SETTINGS, ids=[k for k, _, _ in UNREADABLE_SETTINGS])
def test_an_unreadable_settings_file_is_set_aside_with_one_sentence_and_defaults_are_used(
    data_home, kind, content, phrase
):
    data_home.mkdir(parents=True)
    path = data_home / "settings.json"
    path.write_bytes(content)
    settings = Settings.load(session.FOLDER)
    assert settings.problem.startswith(f"The settings file {path} could not be read (")
    assert phrase in settings.problem, settings.problem
    assert "default settings are used" in settings.problem
    assert settings.problem.endswith(".") and "\n" not in settings.problem
    assert settings.to_dict() == Settings().to_dict()
    kept = asides(data_home, "settings")
    assert len(kept) == 1 and kept[0].read_bytes() == content and kept[0].name in settings.problem
    assert not path.exists()
    again = Settings.load(session.FOLDER)  # reported once: the next start finds no bad file
    assert again.problem == "" and asides(data_home, "settings") == kept


BAD_VALUES = [
    ("volume out of range", {"volume": 150}, "volume 150 is outside 0-100: 100", {"volume": 100}),
    ("negative music volume", {"music_volume": -5}, "music_volume -5 is outside 0-100: 0", {"music_volume": 0}),
    ("volume of the wrong type", {"volume": "loud"}, "volume is a text, not a number: reset", {"volume": 70}),
    (
        "fullscreen of the wrong type",
        {"fullscreen": "yes"},
        "fullscreen is a text, not true or false",
        {"fullscreen": False},
    ),
    (
        "window too small",
        {"window": [10, 20]},
        "window 10 x 20 is not within 320-3840: 320 x 320",
        {"window": (320, 320)},
    ),
    ("window of the wrong type", {"window": "big"}, "window is a text, not two whole numbers", {"window": (1280, 720)}),
    (
        "an animation speed not offered",
        {"animation_speed": 3},
        "animation_speed 3 is not one of 0.5, 1, 2, 4",
        {"animation_speed": 4.0},
    ),
    ("an unknown language", {"language": "de"}, "language 'de' is not one of en, fr: en", {"language": "en"}),
    ("a board of the wrong type", {"last_board": 7}, "last_board is a number, not a text", {"last_board": ""}),
]


@pytest.mark.parametrize("kind, values, phrase, expected", BAD_VALUES, ids=[k for k, *_ in BAD_VALUES])
def test_settings_with_bad_values_are_corrected_with_one_sentence_and_the_file_set_aside(
    data_home, kind, values, phrase, expected
):
    data_home.mkdir(parents=True)
    path = data_home / "settings.json"
    content = json.dumps(
        {"format": 1, "fullscreen": True, "animation_speed": 2.0, "volume": 40, "language": "fr", **values}
    ).encode()
    path.write_bytes(content)
    settings = Settings.load(session.FOLDER)
    assert settings.problem.startswith(f"The settings file {path} had values this game cannot use (")
    assert phrase in settings.problem, settings.problem
    assert settings.problem.endswith("those settings were corrected.") and "\n" not in settings.problem
    good = {"fullscreen": True, "animation_speed": 2.0, "volume": 40, "language": "fr"}
    for key, value in {**good, **expected}.items():
        assert getattr(settings, key) == value, key
    kept = asides(data_home, "settings")
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert (
        Settings.load(session.FOLDER) == settings and Settings.load(session.FOLDER).problem == ""
    )  # the corrected file, no new message


# ---------------------------------------------------------------- saves
def test_a_race_is_saved_with_a_format_version_and_resumes(data_home):
    race = a_race(15)
    userdata.save_race(session.FOLDER, race, {"turns": 6, "seed": 3})
    data = json.loads(userdata.save_path(session.FOLDER).read_text(encoding="utf-8"))
    assert data["version"] == userdata.SAVE_FILE_FORMAT and data["race"]["format"] == record.FORMAT == 4
    saved, problem = userdata.load_race(session.FOLDER)
    assert problem is None and saved.race.choices == race.choices and saved.setup == {"turns": 6, "seed": 3}


def spoil(change):
    def make() -> bytes:
        data = save_text()
        change(data)
        return json.dumps(data).encode()

    return make


def good_save_cut_in_half() -> bytes:
    text = json.dumps(save_text()).encode()
    return text[: len(text) // 2]


def with_choice(data, index, value):
    data["race"]["choices"][index] = value


UNREADABLE_SAVES = [
    ("empty file", lambda: b"", "the file is empty"),
    ("truncated JSON", good_save_cut_in_half, "the file is cut short"),
    ("not JSON", lambda: b"race: elf, orc\nturn: 3\n", "it is not valid JSON (Expecting value at line 1"),
    ("binary garbage", lambda: random.Random(4).randbytes(3000), "it holds binary data, not a saved race"),
    (
        "non-UTF-8 bytes",
        lambda: json.dumps(save_text(setup={"name": "\xe9lodie"}), ensure_ascii=False).encode("latin-1"),
        "it is not UTF-8 text",
    ),
    ("wrong top-level type", lambda: b'["elf", "orc"]', "it holds a list, not a saved race"),
    ("a bare string", lambda: b'"race"', "it holds a text, not a saved race"),
    ("missing format", spoil(lambda d: d.pop("version")), "it has no format version: it is not a saved race"),
    ("missing race format", spoil(lambda d: d["race"].pop("format")), "it has no format version"),
    (
        "future format",
        spoil(lambda d: d.update(version=2)),
        "written by a newer version of the game (format 2; this one reads format 1)",
    ),
    (
        "future race format",
        spoil(lambda d: d["race"].update(format=9)),
        "written by a newer version of the game (format 9",
    ),
    ("missing race", spoil(lambda d: d.pop("race")), "the field 'race' is missing"),
    ("missing field", spoil(lambda d: d["race"].pop("seed")), "the field 'race.seed' is missing"),
    (
        "wrong field type",
        spoil(lambda d: d["race"].update(turns="ten")),
        "the field 'race.turns' is a text, not a whole number",
    ),
    ("wrong setup type", spoil(lambda d: d.update(setup=[1, 2])), "the field 'setup' is a list, not an object"),
    (
        "unknown character",
        spoil(lambda d: d["race"]["racers"][0].update(character="dragon")),
        "racer 1 is an unknown character 'dragon'",
    ),
    (
        "an illegal choice in the list",
        spoil(lambda d: with_choice(d, 5, "fly")),
        "one of its choices is not one the race allows at that point",
    ),
    (
        "a racer that is not an object",
        spoil(lambda d: d["race"]["racers"].__setitem__(1, "orc")),
        "racer 2 is a text, not an object",
    ),
    ("nested too deep", lambda: b"[" * 100_000 + b"]" * 100_000, "nest more than 24 deep"),
]


@pytest.mark.parametrize("kind, make, phrase", UNREADABLE_SAVES, ids=[k for k, _, _ in UNREADABLE_SAVES])
def test_an_unreadable_save_is_set_aside_with_one_clear_sentence(data_home, kind, make, phrase):
    content = make()
    data_home.mkdir(parents=True, exist_ok=True)
    path = userdata.save_path(session.FOLDER)
    path.write_bytes(content)
    saved, message = userdata.load_race(session.FOLDER)
    assert saved is None
    assert message.startswith(f"The saved race {path} could not be read (")
    assert phrase in message, message
    assert message.endswith("and a new race can start.") and "\n" not in message and len(message) < 400
    kept = asides(data_home, "race")
    assert len(kept) == 1 and kept[0].read_bytes() == content and f"it was kept as {kept[0].name}" in message
    assert not path.exists()
    assert userdata.load_race(session.FOLDER) == (None, None)  # one message, once


def test_a_set_aside_file_is_never_overwritten(data_home, monkeypatch):
    monkeypatch.setattr(player_folder.time, "strftime", lambda *args: "20260101-120000")
    data_home.mkdir(parents=True)
    path = userdata.save_path(session.FOLDER)
    contents = [b"", b"{", b"[]", b"nonsense"]
    for content in contents:
        path.write_bytes(content)
        assert userdata.load_race(session.FOLDER)[1] is not None
    kept = asides(data_home, "race")
    assert sorted(p.read_bytes() for p in kept) == sorted(contents)
    assert {p.name for p in kept} == {
        "race.unreadable-20260101-120000.json",
        "race.unreadable-20260101-120000-2.json",
        "race.unreadable-20260101-120000-3.json",
        "race.unreadable-20260101-120000-4.json",
    }


def test_a_file_that_cannot_be_renamed_aside_is_left_alone_with_a_sentence(data_home, monkeypatch):
    data_home.mkdir(parents=True)
    path = userdata.save_path(session.FOLDER)
    path.write_bytes(b"{")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(player_folder.os, "link", refuse)
    monkeypatch.setattr(player_folder.os, "rename", refuse)
    saved, message = userdata.load_race(session.FOLDER)
    assert saved is None and "could not be renamed aside (Permission denied)" in message
    assert path.read_bytes() == b"{"


def test_a_save_that_fails_in_the_background_is_logged_not_raised(data_home, monkeypatch, caplog):
    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session.FOLDER, "write_atomically", full_disk)
    userdata.save_race(session.FOLDER, a_race(), {}, background=True)
    session.FOLDER.flush()
    assert "No space left on device" in caplog.text


def test_without_a_user_folder_the_game_runs_with_defaults_and_says_so_once(tmp_path, monkeypatch):
    import pygame

    from scenes.app import App, first_scene

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    game = App()
    assert game.settings.to_dict() == Settings().to_dict()
    assert game.settings.problem.startswith("The game's folder for settings and saves cannot be made (")
    title = game.stack.push(first_scene(game, None))
    game.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)])
    assert game.running and title.message == game.settings.problem
    game.settings.save(session.FOLDER)  # logged, not raised
    userdata.delete_save(session.FOLDER)
    assert userdata.load_race(session.FOLDER) == (None, None)


def test_the_game_keeps_running_with_defaults_after_bad_files(data_home):
    import pygame

    from scenes.app import App, first_scene

    data_home.mkdir(parents=True)
    (data_home / "settings.json").write_bytes(b"\xff\xfe garbage")
    game = App()
    assert game.settings.to_dict() == Settings().to_dict()
    title = game.stack.push(first_scene(game, None))
    assert "The settings file" in title.message
    game.step([])
    assert "The settings file" in title.message and game.running
    userdata.save_path(session.FOLDER).write_bytes(b'{"version": 1, "race": {"format": 1}}')
    title.refresh()
    assert "The saved race" in title.message and "'race.board' is missing" in title.message
    for _ in range(3):
        game.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)])
    assert game.running and game.frames == 4
    assert len(asides(data_home, "settings")) == 1 and len(asides(data_home / "games", "race-*")) == 1


# ---------------------------------------------------------------- killed writers
def halt_mid_write(number: int) -> None:
    """In a writer process: the `number`th file it opens for writing (open and io.open, which os.fdopen
    and pathlib call too: every way Python writes a file) gets the first half of what is written to it,
    flushed to the system; then the process says "mid-write" on its standard output and waits to be
    killed."""
    import builtins
    import io
    import threading

    opened = 0

    class Halting:
        def __init__(self, stream) -> None:
            self._stream = stream

        def write(self, data):
            self._stream.write(data[: len(data) // 2])
            self._stream.flush()
            print("mid-write", flush=True)
            threading.Event().wait()  # until the test kills the process

        def __getattr__(self, name):
            return getattr(self._stream, name)

        def __enter__(self):
            return self

        def __exit__(self, *error):
            return self._stream.__exit__(*error)

    def counting(opener):
        def opening(file, mode="r", *args, **kwargs):
            nonlocal opened
            stream = opener(file, mode, *args, **kwargs)
            if any(letter in mode for letter in "wax+"):
                opened += 1
                if opened == number:
                    return Halting(stream)
            return stream

        return opening

    builtins.open = io.open = counting(io.open)


def kill_mid_write(script: str, *args: str, seconds: float = 60.0) -> None:
    """Run a writer process (`script`, with the repository and `args`) until it says it is in the middle of a
    write (see `halt_mid_write`), then SIGKILL it; fails if it never gets there."""
    child = subprocess.Popen([sys.executable, "-c", script, str(ROOT), *args], stdout=subprocess.PIPE, text=True)
    bound = threading.Timer(seconds, child.kill)  # a writer that never gets there is stopped all the same
    bound.start()
    try:
        said = child.stdout.readline()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        bound.cancel()
        bound.join()
        child.stdout.close()
    assert said == "mid-write\n", f"the writer never reached the middle of a write (it said {said!r})"


SETTINGS_WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[1])
    from game.app import session, settings
    from tests.test_userdata import halt_mid_write
    if sys.argv[2] == "plain":                      # a writer that is not atomic, to see the test fail
        session.FOLDER.write_atomically = lambda path, text: Path(path).write_text(text, encoding="utf-8")
    halt_mid_write(2)
    for volume in (1, 2):                           # the first write whole, the second killed halfway
        settings.Settings(volume=volume, player_name=f"Ann {volume}").save(session.FOLDER)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_during_a_write_leaves_the_previous_file_intact(data_home):
    Settings(volume=0, player_name="Ann 0").save(session.FOLDER)
    kill_mid_write(SETTINGS_WRITER, "atomic")
    leftovers = list(data_home.glob(".settings.json.*.tmp"))
    assert len(leftovers) == 1, "the write killed halfway leaves its temporary file"
    half = leftovers[0].read_text(encoding="utf-8")
    assert half.startswith("{") and "}" not in half, half  # what was written of the second settings
    # the game reads what is there: the first write, whole, no message
    settings = Settings.load(session.FOLDER)
    assert (settings.volume, settings.player_name, settings.problem) == (1, "Ann 1", "")
    assert leftovers[0].exists(), "a recent temporary file may be another game's write"
    os.utime(leftovers[0], (time.time() - 3600, time.time() - 3600))
    assert Settings.load(session.FOLDER).volume == 1 and not list(data_home.glob("*.tmp"))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_kill_lands_mid_write_so_a_plain_write_would_leave_half_a_file(data_home):
    """The test above is meaningful: the same kill, on a writer that is not atomic, breaks the file."""
    Settings(volume=0, player_name="Ann 0").save(session.FOLDER)
    kill_mid_write(SETTINGS_WRITER, "plain")
    assert Settings.load(session.FOLDER).problem.startswith(
        f"The settings file {data_home / 'settings.json'} could not be read"
    )


SAVER = textwrap.dedent("""
    import random, sys
    sys.path.insert(0, sys.argv[1])
    from game.bots import ai
    from game.app import session, userdata
    from tests.test_userdata import a_race, halt_mid_write
    race = a_race(2)
    halt_mid_write(2)
    userdata.save_race(session.FOLDER, race, {"choices": len(race.choices)})  # whole
    race.choose(ai.pick(race, race.pending, "random", random.Random(9)))
    userdata.save_race(session.FOLDER, race, {"choices": len(race.choices)})  # killed halfway
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_during_a_race_save_leaves_the_previous_save_readable(data_home):
    data_home.mkdir(parents=True)
    race = a_race(1)
    userdata.save_race(session.FOLDER, race, {"choices": len(race.choices)})
    kill_mid_write(SAVER)
    saved, problem = userdata.load_race(session.FOLDER)
    assert problem is None and saved is not None
    assert saved.setup["choices"] == len(saved.race.choices) == 2  # the saver's first save, whole
