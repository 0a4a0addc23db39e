"""The games in progress (game/app/games.py through the game session): several races and
championships at once, each a file of its own, listed with its board, turn, racers and date; a new
game never replaces one; the single race.json and season.json of older versions become games of the
list; nothing is deleted but a finished game (which leaves its replay, or its season's folder) or
one the player said yes to deleting."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from game import Race, RacerSetup, load_board
from game.app import games as gamefiles
from game.app import session
from game.bots import ai
from game.meta.season import Season
from game.rules import seeds

ROOT = Path(__file__).resolve().parent.parent
V1 = ROOT / "tests" / "fixtures" / "v1"
EXPECTED = json.loads((V1 / "expected.json").read_text(encoding="utf-8"))
RACERS = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="easy")]


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.chdir(ROOT)  # (the older saves' boards, maps/*.tmx)
    return tmp_path / "fantasy-racing"


@pytest.fixture
def board():
    return load_board(ROOT / "maps" / "meadow.tmx")


def play_turns(sess: session.Session, turns: int) -> None:
    """Computer choices through the session until `turns` racers' turns ended."""
    race = sess.race
    rngs = seeds.bot_rngs(race.seed or 0, len(race.racers))
    ended = 0
    while ended < turns and not race.over:
        decision = race.pending
        events = sess.choose(ai.pick(race, decision, "greedy", rngs[decision.racer]))
        ended += sum(e.kind == "turn_ended" for e in events)
    session.FOLDER.flush()


def contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_new_race_with_one_in_progress_keeps_the_one_in_progress(board, folder):
    first = session.new_race(Race.new(board, RACERS, turns=6, seed=1), {"board": "meadow"})
    play_turns(first, 3)
    kept = first.path.read_bytes()
    second = session.new_race(Race.new(board, RACERS, turns=5, seed=2), {"board": "meadow"})
    play_turns(second, 2)
    assert second.path != first.path and first.path.read_bytes() == kept
    found, problem = session.games()
    assert problem == "" and {g.path for g in found} == {first.path, second.path}
    assert found[0].path == second.path  # the latest first
    summary = next(g for g in found if g.path == first.path).summary
    assert (summary["board"], summary["turn"], summary["turns"]) == ("Meadow Dash", first.race.turn, 6)
    assert [(r["name"], r["character"], r["bot"]) for r in summary["racers"]] == [
        ("Ann", "elf", None),
        ("Bo", "orc", "easy"),
    ]
    playing, season, problem = session.resume_game(next(g for g in found if g.path == first.path))
    assert season is None and problem == "" and playing.race.choices == first.race.choices


def test_a_new_championship_with_one_in_progress_keeps_it_and_the_race_too(board, folder):
    race = session.new_race(Race.new(board, RACERS, turns=5, seed=1), {"board": "meadow"})
    play_turns(race, 2)
    cup = Season.new("Cup", RACERS, ["meadow", "meadow"], 5, 7)
    cup.start_race(lambda ref: board)
    play_turns(session.season_race(cup), 2)
    before = contents(folder)
    spring = Season.new("Spring", RACERS, ["meadow", "meadow", "meadow"], 5, 8)
    spring.start_race(lambda ref: board)
    play_turns(session.season_race(spring), 1)
    after = contents(folder)
    assert all(after[name] == data for name, data in before.items())  # nothing replaced, nothing lost
    found, _ = session.games()
    assert sorted((g.kind, g.summary.get("name", "")) for g in found) == [
        ("race", ""),
        ("season", "Cup"),
        ("season", "Spring"),
    ]
    spring_game = next(g for g in found if g.summary.get("name") == "Spring")
    assert (spring_game.summary["race_number"], spring_game.summary["races"]) == (1, 3)
    assert spring_game.summary["board"] == "Meadow Dash" and spring_game.summary["turn"] >= 1


def test_the_older_race_json_and_season_json_become_games_of_the_list(folder):
    folder.mkdir(parents=True)
    shutil.copy(V1 / "race.json", folder / "race.json")
    shutil.copy(V1 / "season.json", folder / "season.json")
    old = {"race": (folder / "race.json").read_bytes(), "season": (folder / "season.json").read_bytes()}
    found, problem = session.games()
    assert problem == "" and sorted(g.kind for g in found) == ["race", "season"]
    assert not (folder / "race.json").exists() and not (folder / "season.json").exists()
    for game in found:  # moved as they were, byte for byte, into games/
        assert game.path.parent == folder / "games" and game.path.read_bytes() == old[game.kind]
    race_game = next(g for g in found if g.kind == "race")
    expected = EXPECTED["race.json"]
    assert race_game.summary["turn"] == expected["turn"]  # worked out from the race itself
    assert [r["character"] for r in race_game.summary["racers"]] == [r[0] for r in expected["racers"]]
    playing, _, problem = session.resume_game(race_game)
    assert problem == "" and len(playing.race.choices) == expected["choices"]
    season_game = next(g for g in found if g.kind == "season")
    assert season_game.summary["name"] == EXPECTED["season.json"]["name"]
    playing, _, problem = session.resume_game(season_game)
    assert problem == "" and playing.season is not None and playing.path == season_game.path
    assert len(playing.race.choices) == EXPECTED["season.json"]["race"]["choices"]
    assert session.games()[0] == found  # listed again: the same games, nothing moved twice


def test_a_friends_kept_race_and_a_hosts_network_race_are_listed(board, folder):
    kept = Race.new(board, RACERS, turns=5, seed=3)
    play_turns(session.Session.unsaved(kept), 2)
    friend_setup = {"board": "meadow", "turns": 5, "network": "friend", "racers": []}
    path = session.keep_as_save(kept, friend_setup)
    assert session.keep_as_save(kept, friend_setup, path) == path  # kept twice: the same game
    hosted = session.Session(Race.new(board, RACERS, turns=5, seed=4), {"network": "host", "code": "K7Q2"})
    play_turns(hosted, 1)
    found, _ = session.games()
    assert len(found) == 2
    by_network = {g.summary["network"]: g for g in found}
    assert by_network["friend"].path == path and by_network["host"].summary["code"] == "K7Q2"
    assert by_network["friend"].summary["turn"] == kept.turn


def test_deleting_a_game_deletes_that_one_only(board, folder):
    sessions = [session.new_race(Race.new(board, RACERS, turns=5, seed=s), {}) for s in (1, 2)]
    for each in sessions:
        play_turns(each, 1)
    found, _ = session.games()
    session.delete_game(next(g for g in found if g.path == sessions[0].path))
    assert [g.path for g in session.games()[0]] == [sessions[1].path]


def test_an_unreadable_game_is_set_aside_with_a_sentence_and_the_others_stay(board, folder):
    good = session.new_race(Race.new(board, RACERS, turns=5, seed=1), {})
    play_turns(good, 1)
    bad = gamefiles.new_path(session.FOLDER, gamefiles.RACE)
    bad.write_text('{"version": 1, "race": {"format": 2}}')
    found, problem = session.games()
    assert [g.path for g in found] == [good.path]
    assert problem.startswith(f"The saved race {bad} could not be read (") and "kept as" in problem
    (aside,) = bad.parent.glob("race-*.unreadable-*.json")
    assert aside.read_text() == '{"version": 1, "race": {"format": 2}}'
    assert session.games() == (found, "")  # said once; the file set aside is never listed nor lost


def test_a_game_damaged_past_its_summary_is_set_aside_when_resumed(board, folder):
    sess = session.new_race(Race.new(board, RACERS, turns=5, seed=1), {})
    play_turns(sess, 2)
    data = json.loads(sess.path.read_text())
    data["race"]["choices"][1] = "fly"
    sess.path.write_text(json.dumps(data))
    (game,) = session.games()[0]  # its summary still reads
    playing, season, problem = session.resume_game(game)
    assert playing is None and season is None and "not one the race allows" in problem
    assert session.games() == ([], "") and list(sess.path.parent.glob("race-*.unreadable-*.json"))


def test_two_games_started_in_the_same_second_have_files_of_their_own(folder):
    when = time.time()
    names = {gamefiles.new_path(session.FOLDER, gamefiles.RACE, when) for _ in range(3)}
    assert len(names) == 3


def test_the_list_says_when_each_game_was_saved_the_latest_first(board, folder):
    older = session.new_race(Race.new(board, RACERS, turns=5, seed=1), {})
    newer = session.new_race(Race.new(board, RACERS, turns=5, seed=2), {})
    play_turns(newer, 1)
    play_turns(older, 1)
    found, _ = session.games()
    assert [g.path for g in found] == [older.path, newer.path]  # saved last, listed first
    data = json.loads(older.path.read_text())
    data["summary"]["saved"] -= 86400
    older.path.write_text(json.dumps(data))
    found, _ = session.games()
    assert [g.path for g in found] == [newer.path, older.path]
    assert found[0].saved - found[1].saved > 80000
    data.pop("summary")  # (an older version's file: the file's own time)
    older.path.write_text(json.dumps(data))
    os.utime(older.path, (time.time() - 3 * 86400, time.time() - 3 * 86400))
    found, _ = session.games()
    assert [g.path for g in found] == [newer.path, older.path] and time.time() - found[1].saved > 3 * 86000


def test_saves_made_in_the_background_reach_the_disk_in_the_order_they_were_made(board, folder, monkeypatch):
    """A newer save is never overwritten by an older one, even when the disk holds the first write up
    until the next saves are made (as a busy machine may): one writer takes them in order."""
    import threading

    real, written, more_came = session.FOLDER.write_atomically, [], threading.Event()

    def first_comes_late(path, text, **kwargs):
        if not written:
            more_came.wait(5)  # until the next saves have been made (bounded)
        written.append(json.loads(text)["race"]["choices"])
        real(path, text, **kwargs)

    queued, put = [], session.FOLDER.writer.put

    def counted(job):
        queued.append(job)
        put(job)
        if len(queued) >= 2:
            more_came.set()

    monkeypatch.setattr(session.FOLDER, "write_atomically", first_comes_late)
    monkeypatch.setattr(session.FOLDER.writer, "put", counted)
    sess = session.new_race(Race.new(board, RACERS, turns=5, seed=1), {"board": "meadow"})
    play_turns(sess, 3)  # (three saves in the background, one after the other)
    assert len(written) >= 3 and [len(c) for c in written] == sorted(len(c) for c in written)  # in order
    saved = json.loads(sess.path.read_text())
    assert saved["race"]["choices"] == json.loads(json.dumps(sess.race.choices))
