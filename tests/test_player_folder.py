"""The player's folder is one object (game/app/folder.py, PlayerFolder) owned by the game session: its
place, its lock, what it could not save and its one writer are its own, never a module's; two folder
objects on one place behave as two windows; the saves made in the background are written by one thread,
in order, and closing the folder writes what is queued before it lets the folder go."""

from __future__ import annotations

import ast
import json
import threading
from pathlib import Path

import pytest

from game import Race, RacerSetup, load_board
from game.app import folder as player_folder
from game.app import session, userdata
from game.app.folder import PlayerFolder, ReadOnly
from game.app.settings import Settings
from game.bots import ai
from game.rules import seeds

ROOT = Path(__file__).resolve().parent.parent
RACERS = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="easy")]


@pytest.fixture
def race() -> Race:
    return Race.new(load_board(ROOT / "maps" / "meadow.tmx"), RACERS, turns=5, seed=3)


def play_turns(sess: session.Session, turns: int) -> None:
    race = sess.race
    rngs = seeds.bot_rngs(race.seed or 0, len(race.racers))
    ended = 0
    while ended < turns and not race.over:
        decision = race.pending
        events = sess.choose(ai.pick(race, decision, "greedy", rngs[decision.racer]))
        ended += sum(e.kind == "turn_ended" for e in events)


def test_a_folder_of_its_own_keeps_the_sessions_saves_and_the_settings_there(tmp_path, race):
    home = PlayerFolder(tmp_path / "player")
    sess = session.Session(race, {"board": "meadow"}, folder=home)
    play_turns(sess, 2)
    home.flush()
    assert sess.path is not None and sess.path.parent == tmp_path / "player" / "games"
    assert json.loads(sess.path.read_text())["race"]["choices"] == json.loads(json.dumps(race.choices))
    Settings(volume=3).save(home)
    assert Settings.load(home).volume == 3 and (tmp_path / "player" / "settings.json").is_file()


def test_two_folder_objects_on_one_place_are_two_windows_the_second_read_only(tmp_path, race):
    first, second = PlayerFolder(tmp_path), PlayerFolder(tmp_path)
    try:
        assert first.lock() and not first.read_only
        assert second.lock() is False and second.read_only
        assert "already open" in second.another_window_sentence() and str(tmp_path) in second.another_window_sentence()
        with pytest.raises(ReadOnly):
            second.write_atomically(tmp_path / "settings.json", "{}")
        userdata.save_race(second, race, {}, background=True)  # (said nowhere, written nowhere)
        second.flush()
        Settings(volume=2).save(second)
        assert not (tmp_path / "race.json").exists() and not (tmp_path / "settings.json").exists()
        first.close()
        second.unlock()
        assert second.lock() and not second.read_only  # the other window closed
    finally:
        first.close()
        second.close()


def test_the_saves_made_in_the_background_are_written_by_one_thread_in_order(tmp_path, race, monkeypatch):
    home = PlayerFolder(tmp_path)
    real, writers, written, go = home.write_atomically, set(), [], threading.Event()

    def held(path, text):
        go.wait(5)  # (bounded) until every save is queued
        writers.add(threading.current_thread())
        written.append(len(json.loads(text)["race"]["choices"]))
        real(path, text)

    monkeypatch.setattr(home, "write_atomically", held)
    sess = session.Session(race, {}, folder=home)
    play_turns(sess, 4)
    assert sum(t.name == "save-writer" for t in threading.enumerate()) == 1  # one writer for four saves
    go.set()
    home.flush()
    assert len(written) >= 4 and written == sorted(written) and len(writers) == 1


def test_closing_the_folder_writes_the_saves_queued_then_lets_it_go(tmp_path, race, monkeypatch):
    home, other = PlayerFolder(tmp_path), PlayerFolder(tmp_path)
    assert home.lock()
    real, go = home.write_atomically, threading.Event()

    def slow(path, text):
        go.wait(5)  # (bounded) a disk that takes its time
        real(path, text)

    monkeypatch.setattr(home, "write_atomically", slow)
    sess = session.Session(race, {}, folder=home)
    play_turns(sess, 2)
    assert sess.path is not None and not sess.path.exists()  # still queued
    go.set()
    home.close()  # (the window's end: its close box, Escape, SIGTERM)
    assert sess.path.is_file() and other.lock()  # written, then the folder let go
    other.close()


def test_no_module_keeps_the_folders_state():
    """The modules of the player's files hold no state of the folder in module globals (as the lock,
    the read-only flag, the problems, the files seen, the names given, the files of championships and
    replays kept and the writer were): no `global` statement, no private module-level name, nothing
    made at import but envelopes, patterns and loggers; the one folder object is the session's."""
    made_at_import = {"Envelope", "logging.getLogger", "re.compile"}
    for name in ("folder", "userdata", "games", "kept", "session"):
        path = ROOT / "game" / "app" / f"{name}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.Global)], name
        for node in tree.body:
            if not isinstance(node, (ast.Assign, ast.AnnAssign)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
            assert not [n for n in names if n.startswith("_") and n != "__all__"], f"{name}.py line {node.lineno}"
            if isinstance(node.value, ast.Call):
                allowed = made_at_import | ({"PlayerFolder"} if names == ["FOLDER"] and name == "session" else set())
                assert ast.unparse(node.value.func) in allowed, f"{name}.py line {node.lineno}"
    assert isinstance(session.FOLDER, PlayerFolder) and player_folder.user_dir().is_dir()
