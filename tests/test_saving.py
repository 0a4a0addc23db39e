"""Saving never destroys (issue 27): a full disk while saving a race, a championship at the podium or a
kept replay keeps every previous file and says so; a symbolic link planted at a temporary name is never
followed; a second game window on the same folder is read-only and never overwrites the first's race; a
save never replaces a newer one another process wrote; logging that cannot write falls silent."""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game import Race, RacerSetup, files
from game.app import logs, session, userdata
from game.app.settings import Settings
from game.bots import ai
from game.meta.season import Season, bot_choices
from game.rules import seeds
from scenes.core import boards

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield userdata.user_dir()
    session.FOLDER.flush()
    session.FOLDER.unlock()
    session.FOLDER.take_problems()


def a_race(choices: int = 10, seed: int = 4) -> Race:
    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "normal")], seed=seed)
    rng = random.Random(seed)
    while len(race.choices) < choices:
        race.choose(ai.pick(race, race.pending, "random", rng))
    return race


@pytest.fixture
def full_disk(monkeypatch):
    """Every file the game writes from now on fails as on a full disk (its temporary file's descriptor
    is /dev/full: the write or the sync fails with ENOSPC)."""
    real = tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        handle, name = real(*args, **kwargs)
        full = os.open("/dev/full", os.O_WRONLY)
        os.dup2(full, handle)
        os.close(full)
        return handle, name

    def on(enabled: bool = True) -> None:
        monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp if enabled else real)

    return on


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` and its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.name != "window.lock"
    }


# ---------------------------------------------------------------- a full disk
def test_a_full_disk_while_saving_a_race_keeps_the_previous_save_and_says_so(data_home, full_disk):
    userdata.save_race(session.FOLDER, a_race(6), {"turns": 8})
    before = snapshot(data_home)
    full_disk()
    playing = session.Session(a_race(10), {"turns": 8})
    playing.save()  # in the background, as after a racer's turn
    session.wait_for_saves()
    with pytest.raises(OSError, match="No space left"):
        userdata.save_race(session.FOLDER, a_race(12), {"turns": 8})
    assert snapshot(data_home) == before  # the previous save, and no temporary file left
    said = session.problems()
    assert len(said) == 1 and "could not be saved" in said[0] and "the previous save is kept" in said[0]
    full_disk(False)
    saved, problem = userdata.load_race(session.FOLDER)
    assert problem is None and saved is not None and len(saved.race.choices) == 6


def finished_season(name: str = "Autumn Cup") -> Season:
    season = Season.new(
        name, [RacerSetup("elf", "Ann", "normal"), RacerSetup("orc", "Bo", "normal")], ["practice"] * 2, 5, 9
    )
    while not season.over:
        race = season.start_race(boards.load)
        bot_choices(race, seeds.bot_rngs(race.seed, 2))
        season.finish_race()
    return season


def test_a_full_disk_at_the_podium_keeps_the_championship(data_home, full_disk):
    from scenes.app import App
    from scenes.screens.season import PodiumScene

    season = finished_season()
    userdata.save_season(session.FOLDER, season)
    before = snapshot(data_home)
    app = App(settings=Settings(language="en"))
    full_disk()
    podium = app.stack.push(PodiumScene(season))
    app.step([])
    assert "could not" in podium.kept.lower() or "no space" in podium.kept.lower(), podium.kept
    after = snapshot(data_home)
    assert after["season.json"] == before["season.json"]  # the championship is still there to keep
    assert not any(".tmp" in name for name in after)
    full_disk(False)
    loaded, problem = userdata.load_season(session.FOLDER)
    assert problem is None and loaded is not None and loaded.over


def test_a_championship_of_a_very_long_name_is_kept(data_home):
    season = finished_season("x" * 5000)
    session.save_season(season)
    game = session.season_file(season)
    assert game.exists()
    folder = session.keep_finished_season(season)
    assert len(folder.name) < 60 and (folder / "table.json").exists() and not game.exists()


def test_a_full_disk_while_keeping_a_replay_keeps_the_other_replays(data_home, full_disk):
    first = session.keep_replay(a_race(6))
    before = snapshot(data_home)
    full_disk()
    with pytest.raises(OSError):
        session.keep_replay(a_race(8))
    assert snapshot(data_home) == before and first.exists()


# ---------------------------------------------------------------- planted links
def test_a_link_planted_at_a_temporary_name_is_never_followed(data_home, tmp_path, monkeypatch):
    """The temporary names are unique and made exclusively: a link planted where a temporary file would go
    is left alone (another name is taken), and the file it points to is never written."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    names = iter(["planted", "planted", "planted", "fresh1", "fresh2", "fresh3", "fresh4"])
    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: names)
    for target in ("race.json", "season.json", "settings.json"):
        (data_home / f".{target}.planted.tmp").symlink_to(victim)
    userdata.save_race(session.FOLDER, a_race(), {})
    Settings().save(session.FOLDER)
    replays = data_home / session.REPLAYS_FOLDER
    replays.mkdir()
    for day_name in ("board", "practice-meadow", "entrainement"):  # the old fixed name of a kept replay
        for stem in {p.stem for p in replays.glob("*.json")} | {f"{__import__('datetime').date.today()}-{day_name}"}:
            (replays / f"{stem}.json.tmp").symlink_to(victim)
    kept = session.keep_replay(a_race())
    assert victim.read_text() == "precious"
    assert kept.is_file() and not kept.is_symlink() and userdata.save_path(session.FOLDER).is_file()


# ---------------------------------------------------------------- two windows
HOLD = """
import sys
sys.path.insert(0, {root!r})
from game.app import session
print("held" if session.FOLDER.lock() else "refused", flush=True)
sys.stdin.read()
"""


def test_a_second_window_on_the_same_folder_is_read_only_and_never_overwrites_the_first(data_home):
    userdata.save_race(session.FOLDER, a_race(6), {"turns": 8})
    first = userdata.save_path(session.FOLDER).read_bytes()
    window = subprocess.Popen(
        [sys.executable, "-c", HOLD.format(root=str(ROOT))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    try:
        assert window.stdout.readline().strip() == "held"  # (bounded: the child answers at once)
        assert session.FOLDER.lock() is False and session.read_only()
        playing = session.Session(a_race(12), {"turns": 8})
        playing.save()
        session.wait_for_saves()
        session.new_race(a_race(2), {})  # would delete the save
        Settings(volume=3).save(session.FOLDER)
        assert userdata.save_path(session.FOLDER).read_bytes() == first
        assert not (data_home / "settings.json").exists()
    finally:
        window.stdin.close()
        window.wait(timeout=30)
    session.FOLDER.unlock()
    assert session.FOLDER.lock() is True and not session.read_only()  # the other window closed


def test_the_title_of_a_second_window_says_it_is_read_only(data_home):
    from scenes.app import App
    from scenes.screens.title import TitleScene

    window = subprocess.Popen(
        [sys.executable, "-c", HOLD.format(root=str(ROOT))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert window.stdout.readline().strip() == "held"
        assert session.FOLDER.lock() is False
        app = App(settings=Settings(language="en"))
        title = app.stack.push(TitleScene())
        app.step([])
        assert "already open" in title.message and "read-only" in title.message
    finally:
        window.stdin.close()
        window.wait(timeout=30)


def test_a_save_never_replaces_a_newer_one_another_process_wrote(data_home):
    first = session.Session(a_race(6), {"turns": 8})
    first.save(background=False)
    (game,) = session.games()[0]
    saved, _, _ = session.resume_game(game)  # this window read it
    other = a_race(14, seed=7)
    text = __import__("json").dumps({"version": 1, "setup": {}, "race": other.to_dict()})
    files.write_atomically(game.path, text)  # another window saves its race since
    newer = game.path.read_bytes()
    saved.save()
    session.wait_for_saves()
    assert game.path.read_bytes() == newer
    said = session.problems()
    assert len(said) == 1 and "written by another game window" in said[0]
    session.delete_game(game)  # neither is it deleted
    assert game.path.read_bytes() == newer


# ---------------------------------------------------------------- the log
def test_logging_that_cannot_write_falls_silent(data_home, capfd):
    (data_home / logs.LOG_FILE).symlink_to("/dev/full")  # every write fails: a full disk
    logs.setup_logging()
    try:
        for _ in range(3):
            logging.getLogger("fantasy-racing").info("a line the log cannot take")
    finally:
        logs.undo_logging()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Logging error" not in err
