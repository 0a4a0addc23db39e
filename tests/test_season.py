"""The championship (rule book, section 11): season points, shared places, tie-breaks, saving and
resuming in the middle of a race, an unreadable season set aside, the `season` command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from game import load_board
from game.app import session
from game.meta.season import RaceResult, Season, SeasonError, bot_choices, place_points, points_text
from game.rules.race import RacerSetup

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
BOARDS = [str(MAPS / "meadow.tmx"), str(MAPS / "mine.tmx")]
RACERS = [RacerSetup("elf", "Ann", "normal"), RacerSetup("orc", "Bo", "easy"), RacerSetup("dwarf", "Cy", "hard")]


def load(ref: str):
    return load_board(ref)


def test_season_points_follow_the_places_10_7_5_3_2_1():
    standings = [(1, 3, 40), (2, 0, 30), (3, 5, 20), (4, 1, 10), (5, 2, 5), (6, 4, 1)]
    assert place_points(standings) == {3: 10, 0: 7, 5: 5, 1: 3, 2: 2, 4: 1}


def test_shared_places_share_the_points_of_the_places_they_cover():
    two_first = [(1, 0, 30), (1, 1, 30), (3, 2, 20)]
    assert place_points(two_first) == {0: Fraction(17, 2), 1: Fraction(17, 2), 2: 5}
    three_second = [(1, 0, 30), (2, 1, 20), (2, 2, 20), (2, 3, 20), (5, 4, 3), (6, 5, 1)]
    assert place_points(three_second) == {0: 10, 1: 5, 2: 5, 3: 5, 4: 2, 5: 1}
    last_two = [(1, 0, 9), (2, 1, 8), (3, 2, 7), (4, 3, 6), (5, 4, 5), (5, 5, 5)]
    assert place_points(last_two)[4] == place_points(last_two)[5] == Fraction(3, 2)
    assert points_text(Fraction(17, 2)) == "8.5" and points_text(Fraction(22, 3)) == "7.33"


def result(standings, board="b") -> RaceResult:
    return RaceResult(board, standings, place_points(standings), {}, "")


def test_the_table_breaks_ties_by_race_points_then_best_place_and_shares_what_stays_equal():
    season = Season.new("S", RACERS + [RacerSetup("goblin", "Di", "easy")], BOARDS, 5, 1)
    # race 1: Ann 1st (10), Bo 2nd (7), Cy 3rd (5), Di 4th (3)
    season.results.append(result([(1, 0, 30), (2, 1, 25), (3, 2, 20), (4, 3, 10)]))
    # race 2: Cy 1st (10), Di 2nd (7), Bo 3rd (5), Ann 4th (3)
    season.results.append(result([(1, 2, 31), (2, 3, 28), (3, 1, 26), (4, 0, 11)]))
    table = {line.name: line for line in season.table()}
    # Ann 13, Bo 12, Cy 15, Di 10 season points
    assert [line.name for line in season.table()] == ["Cy", "Ann", "Bo", "Di"]
    assert table["Cy"].season_points == 15 and table["Cy"].race_points == 51
    # equal season points: more race points first
    season.results[1] = result([(1, 2, 31), (2, 3, 28), (3, 0, 26), (4, 1, 11)])  # Ann 15 (56), Bo 10
    season.results[0] = result([(1, 0, 30), (2, 1, 25), (3, 2, 20), (4, 3, 10)])
    lines = season.table()
    assert (lines[0].name, lines[1].name) == ("Ann", "Cy") and lines[0].season_points == lines[1].season_points
    # equal season and race points: the better best place first
    five = Season.new("S", RACERS + [RacerSetup("goblin", "Di"), RacerSetup("thief", "Ed")], BOARDS, 5, 1)
    five.results = [
        result([(1, 0, 40), (2, 1, 30), (3, 2, 20), (4, 3, 10), (5, 4, 5)]),  # Ann 10, Bo 7
        result([(1, 2, 40), (2, 3, 35), (3, 1, 25), (4, 4, 20), (5, 0, 15)]),  # Bo 5, Ann 2
    ]
    lines = five.table()
    assert [(line.name, line.place) for line in lines] == [("Cy", 1), ("Ann", 2), ("Bo", 3), ("Di", 4), ("Ed", 5)]
    assert lines[1].season_points == lines[2].season_points == 12 and lines[1].race_points == lines[2].race_points
    assert (lines[1].best_place, lines[2].best_place) == (1, 2)
    # equal in all three: they share the place
    five.results = [
        result([(1, 0, 40), (1, 1, 40), (3, 2, 20), (4, 3, 10), (5, 4, 5)]),  # Ann and Bo first: 8.5 each
        result([(1, 2, 40), (2, 3, 35), (3, 0, 25), (3, 1, 25), (5, 4, 15)]),  # Ann and Bo third: 4 each
    ]
    lines = {line.name: line for line in five.table()}
    assert lines["Ann"].season_points == lines["Bo"].season_points == Fraction(25, 2)
    assert lines["Ann"].place == lines["Bo"].place == 2 and lines["Di"].place == 4 and lines["Cy"].place == 1


def play_some(season: Season, choices: int) -> None:
    race = season.race
    rngs = {i: random.Random(i) for i in range(len(race.racers))}
    from game.bots import ai

    for _ in range(choices):
        decision = race.pending
        race.choose(ai.pick(race, decision, race.racers[decision.racer].setup.bot, rngs[decision.racer]))


def test_a_season_saved_in_the_middle_of_a_race_resumes_and_ends_as_if_never_stopped():
    def finish(season: Season) -> list:
        while not season.over:
            race = season.race or season.start_race(load)
            bot_choices(race, {i: random.Random(race.seed + i) for i in range(len(race.racers))})
            season.finish_race()
        return [line.to_json() for line in season.table()]

    plain = Season.new("Cup", RACERS, BOARDS, 5, 42)
    plain.start_race(load)
    bot_choices(plain.race, {i: random.Random(plain.race.seed + i) for i in range(3)})
    plain.finish_race()
    plain.start_race(load)
    play_some(plain, 25)
    data = json.loads(json.dumps(plain.to_dict()))  # as the file gives it back
    resumed = Season.from_dict(data)
    assert resumed.race is not None and resumed.race.choices == plain.race.choices
    assert [r.standings for r in resumed.results] == [r.standings for r in plain.results]
    assert resumed.race_setup == plain.race_setup and resumed.race_number == 2
    assert finish(resumed) == finish(plain)


def test_an_unreadable_season_file_gets_its_sentence():
    with pytest.raises(SeasonError, match="not a Fantasy Racing season"):
        Season.from_dict([1, 2])
    with pytest.raises(SeasonError, match=r"newer version of the game \(format 99; this one reads format 2\)"):
        Season.from_dict({"season_format": 99})
    for version in (1, 2):
        with pytest.raises(SeasonError, match="the field 'racers' is missing"):
            Season.from_dict({"season_format": version, "name": "x"})


def test_an_unreadable_season_save_is_set_aside_with_one_sentence(tmp_path, monkeypatch):
    from game.app import userdata

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = userdata.season_path(session.FOLDER)
    path.write_text('{"season_format": 1, "name": "Cup", "racers": "nobody"}')
    season, message = userdata.load_season(session.FOLDER)
    assert season is None and message.startswith(
        f"The saved championship {path} could not be read (the field 'racers' is a text, not a list)"
    )
    assert not path.exists() and len(list(path.parent.glob("season*.json*"))) == 1
    assert message.count(".") >= 1 and "\n" not in message


def test_a_season_saved_by_the_game_loads_back(tmp_path, monkeypatch):
    from game.app import userdata

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    season = Season.new("Cup", RACERS, BOARDS, 5, 7)
    season.start_race(load)
    play_some(season, 10)
    userdata.save_season(session.FOLDER, season)
    loaded, message = userdata.load_season(session.FOLDER)
    assert message is None and loaded.race.choices == season.race.choices and loaded.name == "Cup"


def test_a_finished_season_is_kept_as_a_folder_of_replays(tmp_path, monkeypatch):
    from game.app import userdata
    from game.meta.replay import check
    from game.meta.replay import load as load_replay

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    season = Season.new("Spring Cup", RACERS, BOARDS, 5, 9)
    while not season.over:
        race = season.start_race(load)
        bot_choices(race, {i: random.Random(i) for i in range(3)})
        season.finish_race()
    folder = userdata.keep_season(session.FOLDER, season, "2026-11-24")
    assert folder.name == "2026-11-24-spring-cup"
    assert sorted(p.name for p in folder.iterdir()) == ["race-1.json", "race-2.json", "table.json"]
    for name in ("race-1.json", "race-2.json"):
        assert check(load_replay(folder / name)).ok
    assert json.loads((folder / "table.json").read_text())["table"][0]["place"] == 1


def run_season(*extra: str) -> subprocess.CompletedProcess:
    args = ["--boards", ",".join(BOARDS), "--racers", "elf,orc,dwarf", "--bots", "normal,easy,hard", "--turns", "5"]
    return subprocess.run(
        [sys.executable, "main.py", "season", *args, *extra], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow  # three processes, each playing two races with a hard racer
def test_the_season_command_is_deterministic_and_ends_with_the_table_as_json():
    first, again, other = (
        run_season("--seed", "5", "--json"),
        run_season("--seed", "5", "--json"),
        run_season("--seed", "6", "--json"),
    )
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout and first.stdout != other.stdout
    lines = first.stdout.splitlines()
    assert lines[0].startswith("Race 1 of 2 on Meadow Dash") and any(line.startswith("Race 2 of 2") for line in lines)
    table = json.loads(lines[-1])
    assert [row["place"] for row in table] == sorted(row["place"] for row in table)
    assert set(table[0]) == {"place", "name", "season_points", "race_points"}
    assert sorted(row["name"] for row in table) == ["dwarf-3", "elf-1", "orc-2"]
    assert sum(row["season_points"] for row in table) == 2 * (10 + 7 + 5)


@pytest.mark.parametrize(
    "args, sentence",
    [
        (["--boards", "maps/meadow.tmx"], "--boards: give 2 to 8 boards (one per race), not 1"),
        (["--boards", "maps/meadow.tmx,maps/mine.tmx", "--racers", "elf,wizard"], "unknown character 'wizard'"),
        (["--boards", "maps/meadow.tmx,maps/mine.tmx", "--bots", "genius"], "unknown level 'genius'"),
    ],
)
def test_bad_season_values_get_one_sentence_and_exit_2(args, sentence):
    done = subprocess.run(
        [sys.executable, "main.py", "season", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and sentence in done.stderr and "Traceback" not in done.stderr
