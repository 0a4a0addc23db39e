"""The game session (game/app/session.py) is the one owner of saving: only it calls the save
functions (and the games in progress, game/app/games.py), and it saves a race after every racer's
turn and, at its end, keeps its replay and forgets it, whatever the screen shows."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from game import Race, RacerSetup, load_board
from game.app import session, userdata
from game.app.session import Session
from game.bots import ai
from game.meta.season import Season
from game.rules import seeds
from game.rules.dice import RiggedDice
from tests import code_trees

ROOT = Path(__file__).resolve().parent.parent
SAVE_FUNCTIONS = {
    "save_race",
    "save_season",
    "delete_save",
    "delete_season",
    "delete_replay",
    "keep_season",
    "load_race",
    "load_season",
    "wait_for_saves",
}
GAMES_FUNCTIONS = {"list_games", "bring_in_older", "new_path", "read_game"}  # game/app/games.py's
KEPT_FUNCTIONS = {"list_kept", "open_kept", "read_kept"}  # game/app/kept.py's
OWNER = "game/app/session.py"
OWNED = ("game.app.games", "game.app.kept")  # the games in progress and the kept races: the session's only
RACERS = [RacerSetup("elf", "Ann", bot="easy"), RacerSetup("orc", "Bo", bot="easy")]


def product_files() -> list[Path]:
    return [ROOT / "main.py", *sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "scenes").rglob("*.py"))]


def save_calls(path: Path) -> list[str]:
    """The save functions a module reaches: `userdata.save_race`, `from ...userdata import
    save_race`, writing a replay file (`game.meta.replay.write`), and the modules of the games in progress
    and of the kept races (`game.app.games`, `game.app.kept`)."""
    tree = code_trees.tree(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = {alias.name for alias in node.names}
            if node.module.endswith("userdata") and names & SAVE_FUNCTIONS:
                found.append(f"from {node.module} import {sorted(names & SAVE_FUNCTIONS)}")
            if node.module == "game.meta.replay" and "write" in names:
                found.append("from game.meta.replay import write")
            if node.module == "game.app" and names & {"games", "kept"} or node.module in OWNED:
                found.append(f"from {node.module} import {sorted(names)}")
        elif isinstance(node, ast.Import) and any(alias.name in OWNED for alias in node.names):
            found.append(f"import {sorted(alias.name for alias in node.names)}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "userdata" and node.attr in SAVE_FUNCTIONS:
                found.append(f"userdata.{node.attr}")
            if node.value.id == "replay" and node.attr == "write":
                found.append("replay.write")
    return found


def test_only_the_game_session_calls_the_save_functions():
    callers = {}
    for path in product_files():
        name = path.relative_to(ROOT).as_posix()
        if name.endswith("userdata.py") or name in ("game/meta/replay.py", "game/app/games.py"):
            continue  # where they are written
        calls = save_calls(path)
        if calls:
            callers[name] = calls
    assert set(callers) == {OWNER}, callers


def test_the_reader_finds_a_save_call_where_there_is_one(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from game.app import userdata\n\ndef f(race):\n    userdata.save_race(race, {})\n")
    assert save_calls(sneaky) == ["userdata.save_race"]
    other = tmp_path / "other.py"
    other.write_text("from game.app.userdata import delete_season\nfrom game.meta.replay import write\n")
    assert save_calls(other) == [
        "from game.app.userdata import ['delete_season']",
        "from game.meta.replay import write",
    ]


# Who saves the settings: their own module (a settings file corrected as it is read), the window
# (App.save_settings, for every screen) and `main.py join` (a seat's key, in a process without a window).
SETTINGS_OWNERS = {"game/app/settings.py", "scenes/app.py", "game/cli/network.py"}


def settings_saves(path: Path) -> list[int]:
    """The lines of a module that save the settings themselves: `settings.save(…)`, `….settings.save(…)`,
    `Settings(…).save(…)`, `Settings.load(…).save(…)`, or their file written another way (a write whose
    path is `settings_path(…)` or names settings.json)."""
    found = []
    for node in ast.walk(code_trees.tree(path)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name == "save" and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            named = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            made = ast.unparse(owner.func) if isinstance(owner, ast.Call) else ""
            if named == "settings" or made.endswith(("Settings", "Settings.load")):
                found.append(node.lineno)
        elif name.startswith("write") and node.args:
            where = ast.unparse(node.args[0])
            if "settings_path(" in where or "settings.json" in where:
                found.append(node.lineno)
    return found


def test_only_the_settings_owners_save_them():
    savers = {path.relative_to(ROOT).as_posix(): settings_saves(path) for path in product_files()}
    assert {name for name, lines in savers.items() if lines} == SETTINGS_OWNERS, savers


def test_the_reader_finds_a_screen_saving_the_settings_itself(tmp_path):
    screen = tmp_path / "screen.py"
    screen.write_text(
        "def f(self, settings):\n    self.app.settings.save(home)\n    settings.save(home)\n    self.save()\n"
        "    Settings(volume=1).save(home)\n    Settings.load(home).save(home)\n"
        "    home.write_atomically(settings_path(home), '{}')\n"
        "    write_atomically(home.path() / 'settings.json', '')\n"
        "    home.write_atomically(home.path() / 'race.json', '{}')\n"
    )
    assert settings_saves(screen) == [2, 3, 5, 6, 7, 8]


def play_until(race: Race, kind: str, sess: Session) -> list:
    """Computer choices through the session until an event of `kind`; every event taken."""
    rngs = seeds.bot_rngs(race.seed or 0, len(race.racers))
    events = []
    while not race.over:
        decision = race.pending
        got = sess.choose(ai.pick(race, decision, "greedy", rngs[decision.racer]))
        events += got
        if any(e.kind == kind for e in got):
            return events
    return events


@pytest.fixture
def board():
    return load_board(ROOT / "maps" / "meadow.tmx")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "fantasy-racing"


def test_a_race_is_saved_after_every_racers_turn_and_forgotten_at_its_end(board, folder):
    race = Race.new(board, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="easy")], turns=5, seed=5)
    sess = session.new_race(race, {"board": "meadow", "turns": 5})
    sess.take_events()
    assert sess.path is None and session.games() == ([], "")  # nothing to save before a racer's turn ended
    play_until(race, "turn_ended", sess)
    session.FOLDER.flush()
    assert sess.path is not None and sess.path.parent == folder / "games"
    saved = json.loads(sess.path.read_text())
    assert saved["race"]["choices"] == [list(c) if isinstance(c, tuple) else c for c in race.choices]
    assert saved["setup"] == {"board": "meadow", "turns": 5}
    assert saved["summary"]["turn"] == race.turn and saved["summary"]["board"] == "Meadow Dash"
    play_until(race, "race_over", sess)
    assert race.over and not sess.path.exists()  # over: no longer in progress, and its replay kept
    (replay_file,) = (folder / "replays").glob("*.json")
    assert json.loads(replay_file.read_text())["race"]["choices"] == json.loads(json.dumps(race.choices))
    assert session.keep_replay(race) == replay_file  # the results' "Keep as replay": the same file


def test_a_race_that_is_never_saved_writes_nothing(board, folder):
    race = Race.new(board, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="easy")], turns=5, seed=5)
    sess = Session.unsaved(race)
    play_until(race, "race_over", sess)
    sess.save(background=False)
    assert race.over and not (folder / "race.json").exists() and not list(folder.glob("games/*"))
    rigged = Race.new(board, [RacerSetup("elf"), RacerSetup("orc")], turns=5, seed=None, dice=RiggedDice([3] * 40))
    assert not Session(rigged).saves  # rigged dice do not replay: such a race is never saved


def test_a_championship_race_saves_the_season_and_its_end_records_the_result(board, folder):
    season = Season.new("Cup", RACERS, ["meadow", "meadow"], 5, 7)
    season.start_race(lambda ref: board)
    race = season.race
    sess = session.season_race(season)
    path = session.season_file(season)
    assert path.exists() and path.parent == folder / "games"  # saved as it starts
    play_until(race, "race_over", sess)
    assert len(season.results) == 1 and season.race is None
    assert json.loads(path.read_text())["results"]  # the result is on disk at once
    season.start_race(lambda ref: board)
    play_until(season.race, "race_over", session.season_race(season))
    assert season.over and session.season_file(season) == path  # one file for the whole championship
    kept = session.keep_finished_season(season)
    assert kept.is_dir() and not path.exists()


def test_a_finished_season_that_cannot_be_kept_stays_saved(board, folder, monkeypatch):
    season = Season.new("Cup", RACERS, ["meadow", "meadow"], 5, 7)
    for _ in range(2):
        season.start_race(lambda ref: board)
        play_until(season.race, "race_over", session.season_race(season))

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(userdata, "keep_season", full_disk)
    with pytest.raises(OSError):
        session.keep_finished_season(season)
    assert session.season_file(season).exists()  # nothing lost: the championship is still there
