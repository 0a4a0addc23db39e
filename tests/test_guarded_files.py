"""Issue 34, the player's own files: what a save's summary says is bounded where it is shown, the folder
is read once however many games it holds, and a long text is fitted once, in a few measures."""

from __future__ import annotations

import json
import os
from pathlib import Path

import many_games
import pytest

from game.app import games as gamefiles
from game.app import session, userdata
from scenes.app import App
from scenes.core import text
from scenes.screens.title import TitleScene


@pytest.fixture
def data_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.chdir(many_games.ROOT)
    return tmp_path


def spoil_summary(path: Path, **fields) -> None:
    data = json.loads(path.read_text())
    data["summary"].update(fields)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"saved": 1e300}, "the field 'summary.saved' is 1e+300, more than"),
        ({"board": "B" * 60_000}, "the field 'summary.board' is a text that cannot be used: it is 60,000 characters"),
        ({"turn": 10**30}, "the field 'summary.turn' is"),
        ({"racers": [{"character": "elf", "name": "x" * 5000}]}, "the summary's racer 1's name"),
        ({"network": "moon"}, "the field 'summary.network' is 'moon'"),
    ],
)
def test_a_summary_out_of_bounds_is_set_aside_with_one_sentence_and_the_title_opens(data_home, fields, words):
    games = many_games.fill(data_home, 2)
    bad = sorted(games.glob("race-*.json"))[0]
    spoil_summary(bad, **fields)
    app = App()
    title = app.stack.push(TitleScene())
    app.step([])
    assert words in title.message and str(bad) in title.message and "kept as" in title.message
    assert len(title.games) == 1 and not bad.exists()
    assert len(list(games.glob("race-*.unreadable-*.json"))) == 1
    app.step([])  # (a frame more: it draws)


def test_a_sixty_thousand_character_line_is_fitted_in_a_few_measures_and_once(data_home, monkeypatch):
    App()
    font = text.assets.font(18, "body")
    measured: list[int] = []

    class Counting:
        def size(self, words: str) -> tuple[int, int]:
            measured.append(len(words))
            return font.size(words)

    monkeypatch.setattr(text.assets, "font", lambda size, kind="body": Counting())
    line = "Zoé's board " * 5000
    fitted = text.fit(line, 400, 18)
    assert fitted.endswith("…") and font.size(fitted)[0] <= 400 < font.size(fitted[:-1] + "xx…")[0]
    assert len(measured) <= 12 and max(measured) <= 402  # halving, never the whole line
    measured.clear()
    for _ in range(100):  # drawn every frame: fitted once
        assert text.fit(line, 400, 18) == fitted
    assert measured == []


def test_the_folder_is_read_once_and_a_second_listing_reads_no_game_again(data_home, monkeypatch):
    games = many_games.fill(data_home, 120)
    for leftover in games.glob(".*.tmp"):
        os.utime(leftover, (1, 1))  # (left by writes killed long ago)
    looks: list[str] = []
    reads: list[str] = []
    real_scandir, real_glob, real_read = os.scandir, Path.glob, userdata.read_json_file
    monkeypatch.setattr(os, "scandir", lambda p=".": looks.append(str(p)) or real_scandir(p))
    monkeypatch.setattr(
        Path, "glob", lambda self, pattern: looks.append(f"{self}/{pattern}") or real_glob(self, pattern)
    )
    monkeypatch.setattr(
        userdata, "read_json_file", lambda path, *a: reads.append(Path(path).name) or real_read(path, *a)
    )
    found, problem = session.games()
    assert len(found) == 120 and problem == ""
    assert looks.count(str(games)) == 2 and not [p for p in looks if p.startswith(f"{games}/")]
    assert not list(games.glob(".*.tmp"))  # the leftovers of killed writes went, in the same look
    assert len(reads) == 121  # the index (none yet), then each game once
    looks.clear(), reads.clear()
    again, _ = session.games()
    assert [g.path for g in again] == [g.path for g in found]
    assert reads == [gamefiles.INDEX]  # nothing changed: the index says it all
    changed = found[5].path
    spoil_summary(changed, turn=3)
    reads.clear()
    third, _ = session.games()
    assert reads == [gamefiles.INDEX, changed.name]
    assert next(g for g in third if g.path == changed).summary["turn"] == 3


def test_an_index_that_lies_is_checked_like_the_files_and_read_past(data_home):
    games = many_games.fill(data_home, 3)
    session.games()
    index = json.loads((games / gamefiles.INDEX).read_text())
    for entry in index["games"].values():
        entry[4]["board"] = "B" * 60_000
        entry[5] = 1e300
    (games / gamefiles.INDEX).write_text(json.dumps(index))
    found, problem = session.games()
    assert problem == "" and len(found) == 3 and all(g.summary["board"] == "Meadow Dash" for g in found)
    (games / gamefiles.INDEX).write_text("[" * 100_000)
    assert len(session.games()[0]) == 3


# ---------------------------------------------------------------- links planted where the game writes
def test_links_planted_where_the_game_writes_leave_nothing_written_outside_the_players_folder(data_home, tmp_path):
    import logging

    from game import Race, RacerSetup, load_board
    from game.app import logs, userboards
    from game.app.settings import Settings

    home = userdata.user_dir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "games").mkdir()
    planted = {
        home / "settings.json": outside / "settings.json",
        home / "fantasy-racing.log": outside / "log.txt",
        home / "window.lock": outside / "lock",
        home / "screenshots": outside / "shots",
        home / "games": outside / "games",
        home / "boards": outside / "boards",
    }
    for link, target in planted.items():
        link.symlink_to(target)
    settings = Settings()
    settings.volume = 33
    settings.save(session.FOLDER)  # (the link is replaced by the file: nothing goes through it)
    assert not (home / "settings.json").is_symlink() and json.loads((home / "settings.json").read_text())
    assert session.FOLDER.lock()  # (a lock it cannot take through a link: the window is not held)
    session.FOLDER.unlock()
    path = logs.setup_logging()
    logging.getLogger("fantasy-racing").warning("a line for the log")
    logs.undo_logging()
    assert path is not None
    assert userboards.prepare() is not None  # (logged: the boards folder is a link)
    app = App()
    app.step([])
    assert app.save_window_picture() is None
    board = load_board(many_games.ROOT / "maps" / "meadow.tmx")
    race = Race.new(board, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="easy")], turns=5, seed=1)
    session.new_race(race, {}).save()
    session.FOLDER.flush()
    assert any("is a symbolic link: the game writes nothing through it" in p for p in session.FOLDER.take_problems())
    assert sorted(p.name for p in outside.rglob("*")) == ["games"] and not list((outside / "games").iterdir())


def test_a_dangling_readme_or_tileset_link_in_the_boards_folder_is_left_as_it_is(data_home, tmp_path):
    from game.app import userboards

    where = userboards.folder()
    (where / "tilesets").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (where / userboards.README).symlink_to(outside / "readme")
    (where / "tilesets" / userboards.TILESET_FILES[0]).symlink_to(outside / "tileset")
    assert userboards.prepare() == where
    assert list(outside.iterdir()) == []
    assert (where / "tilesets" / userboards.TILESET_FILES[1]).read_bytes()[:4] == b"\x89PNG"


# ---------------------------------------------------------------- a read-only window
def test_a_read_only_window_says_it_deletes_nothing_and_its_log_tells_the_truth(data_home, monkeypatch, caplog):
    from scenes.core.i18n import t
    from scenes.screens.games import GamesScene

    games = many_games.fill(data_home, 2)
    monkeypatch.setattr(session.FOLDER, "read_only", True)
    app = App()
    scene = app.stack.push(GamesScene())
    app.step([])
    game = scene.games[0]
    scene.ask(game)
    assert scene.message == t("games.read_only_delete", file=game.path.name) and app.stack.top is scene
    with caplog.at_level("INFO"):
        assert session.delete_game(game) is False  # (asked anyway: nothing goes, and nothing says it went)
    assert game.path.exists() and len(list(games.glob("race-*.json"))) == 2
    assert "was deleted" not in caplog.text and "this one deletes nothing" in caplog.text
    scene.remove(game)
    assert scene.message == t("games.not_deleted", file=game.path.name)
    app.step([])
