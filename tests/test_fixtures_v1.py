"""Every file the game wrote before the race record (tests/fixtures/v1, made by commit 14c1549)
still loads, and gives back the race, the season and the replay it held: the same turn, choices,
pending decision, racers, standings and table; each replay checks event for event; written again,
a save and a season are of the current format and give back the same."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import main
from game.app import session, userdata
from game.bots import ai
from game.meta import replay
from game.meta.season import SEASON_FORMAT
from game.rules import record
from scenes.core import boards

ROOT = Path(__file__).resolve().parent.parent
V1 = ROOT / "tests" / "fixtures" / "v1"
EXPECTED = json.loads((V1 / "expected.json").read_text(encoding="utf-8"))
REPLAYS = ["replay.json", "friend-replay.json", "served-race.json", *(f"race-{n}.json" for n in (1, 2, 3))]


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A user folder of its own; the working folder the repository's root (where the saves'
    boards, maps/*.tmx, are found)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(ROOT)
    return userdata.user_dir()


def summary(race) -> dict:
    """What make_v1.py noted of each race (the same fields, in the same form)."""
    pending = race.pending
    return {
        "over": race.over,
        "turn": race.turn,
        "choices": len(race.choices),
        "pending": None if pending is None else [pending.racer, pending.kind, json.loads(json.dumps(pending.options))],
        "racers": [[r.character, r.name, r.setup.bot, list(r.square), r.points] for r in race.racers],
        "standings": [list(s) for s in race.standings()],
        "events": len(race.log),
    }


def without(data: dict, *keys: str) -> dict:
    return {k: v for k, v in data.items() if k not in keys}


def finish(race, seed: int = 1) -> None:
    rng = random.Random(seed)
    while race.pending is not None:
        race.choose(ai.pick(race, race.pending, race.racers[race.pending.racer].setup.bot or "normal", rng))


@pytest.mark.parametrize("where", ["with its board file", "without it"])
def test_the_windows_unfinished_race_resumes_where_it_was(home, where, monkeypatch, tmp_path):
    if where == "without it":
        monkeypatch.chdir(tmp_path)  # maps/meadow.tmx is not found: the board kept in the save
    shutil.copy(V1 / "race.json", userdata.save_path(session.FOLDER))
    saved, problem = userdata.load_race(session.FOLDER)
    assert problem is None and saved is not None
    expected = EXPECTED["race.json"]
    assert saved.setup == expected["setup"]
    assert summary(saved.race) == without(expected, "setup")
    assert saved.race.board.source == "maps/meadow.tmx"
    userdata.save_race(session.FOLDER, saved.race, saved.setup)  # written again: in the current format, the same race
    data = json.loads(userdata.save_path(session.FOLDER).read_text(encoding="utf-8"))
    assert data["race"]["format"] == record.FORMAT and data["setup"] == expected["setup"]
    again, problem = userdata.load_race(session.FOLDER)
    assert problem is None and summary(again.race) == summary(saved.race)
    finish(saved.race)
    assert saved.race.over


def test_a_friends_race_kept_when_the_host_left_resumes_with_the_hosts_faces_then_its_own(home):
    shutil.copy(V1 / "friend-race.json", userdata.save_path(session.FOLDER))
    saved, problem = userdata.load_race(session.FOLDER)
    assert problem is None and saved is not None
    expected = EXPECTED["friend-race.json"]
    assert summary(saved.race) == without(expected, "host")
    assert saved.setup["network"] == "friend"
    host = expected["host"]  # the host's race at the same choice: the same squares and points
    assert [r[3:] for r in summary(saved.race)["racers"]] == [r[3:] for r in host["racers"]]
    finish(saved.race, seed=2)  # past the faces the host showed: dice of the friend's own seed
    result = replay.check(replay.parse(replay.record(saved.race)))
    assert result.ok, result.message


@pytest.mark.parametrize("name", REPLAYS)
def test_every_replay_checks_event_for_event_and_rebuilds_its_race(home, name, capsys):
    path = V1 / name if not name.startswith("race-") else next(V1.glob("seasons/*")) / name
    loaded = replay.load(path)
    result = replay.check(loaded)
    assert result.ok, result.message
    if name in EXPECTED:
        assert summary(replay.rebuild(loaded)) == EXPECTED[name]
    assert main.main(["replay", str(path), "--check"]) == 0
    assert "ok" in capsys.readouterr().out


def test_the_unfinished_championship_resumes_with_its_table_and_its_race_in_progress(home):
    shutil.copy(V1 / "season.json", userdata.season_path(session.FOLDER))
    season, problem = userdata.load_season(session.FOLDER)
    assert problem is None and season is not None
    expected = EXPECTED["season.json"]
    assert (season.name, season.seed, season.boards) == (expected["name"], expected["seed"], expected["boards"])
    assert season.race_setup == expected["race_setup"]
    assert [[r.board, [list(s) for s in r.standings]] for r in season.results] == expected["results"]
    table = [[line.place, line.name, str(line.season_points), line.race_points] for line in season.table()]
    assert table == expected["table"]
    assert season.race is not None and summary(season.race) == expected["race"]
    for result in season.results:
        assert replay.check(replay.read(result.replay)).ok
    userdata.save_season(session.FOLDER, season)  # written again: in the current format, the same season
    assert (
        json.loads(userdata.season_path(session.FOLDER).read_text(encoding="utf-8"))["season_format"] == SEASON_FORMAT
    )
    again, problem = userdata.load_season(session.FOLDER)
    assert problem is None and again.table() == season.table() and summary(again.race) == summary(season.race)
    finish(season.race, seed=3)  # the season goes on to its end
    season.finish_race()
    season.start_race(boards.load)
    finish(season.race, seed=4)
    season.finish_race()
    assert season.over and len(season.results) == 3


def test_a_kept_season_holds_its_replays_and_its_table():
    (folder,) = V1.glob("seasons/*")
    expected = EXPECTED[f"seasons/{folder.name}"]
    table = json.loads((folder / "table.json").read_text(encoding="utf-8"))
    assert table == {"name": "Autumn Cup", "table": expected["table"]}
    for n, (board, standings) in enumerate(expected["results"], 1):
        race = replay.rebuild(replay.load(folder / f"race-{n}.json"))
        assert race.over and race.board.name == board and [list(s) for s in race.standings()] == standings
