"""The finished championships the player kept (`seasons/<date>-<name>/`: race-1.json, race-2.json, ...
and table.json, game/app/userdata.keep_season): each listed with its name, its racers, its champion and
its races, and rebuilt whole from its races' replays, to show its final table and its podium again.

A championship is rebuilt from its races alone (each a replay file, read with its bounds and checked by
game/replay.py): its standings, season points and highlights are worked out again as the season did
when each race ended, so a championship kept before this list existed opens as well. Only the game
session (`game.app.session`) calls these, as it does every function that reads or deletes the player's
files.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from game import files
from game.app import kept, userdata
from game.replay import Replay, ReplayError, load, rebuild
from game.replay import data as replay_data
from game.season import MAX_RACES, RaceResult, Season, SeasonError, highlights, place_points

RACE_FILE = re.compile(r"race-(\d+)\.json")


@dataclass(frozen=True)
class KeptChampionship:
    """A kept championship as the list shows it: its folder, its name, when it was kept (its last race's
    time), its races as the replays' list shows them (in order), its champions' names (its table's first
    place) and, when it cannot be read, why."""

    folder: Path
    name: str
    saved: float
    races: list[kept.Kept] = field(default_factory=list)
    problem: str = ""
    champions: list[str] = field(default_factory=list)


def race_files(folder: Path) -> list[Path]:
    """A championship folder's races, in their order (race-1.json, race-2.json, ...)."""
    numbered = []
    for path in folder.glob("race-*.json"):
        found = RACE_FILE.fullmatch(path.name)
        if found is not None:
            numbered.append((int(found.group(1)), path))
    return [path for _, path in sorted(numbered)]


def list_championships() -> list[KeptChampionship]:
    """Every kept championship, the newest first."""
    try:
        _, seasons = kept.folders()
    except OSError:
        return []
    found = []
    for folder in sorted(seasons.iterdir()) if seasons.is_dir() else []:
        if folder.is_dir():
            found.append(read_championship(folder))
    found.sort(key=lambda c: (c.saved, c.folder.name), reverse=True)
    return found


def read_championship(folder: Path) -> KeptChampionship:
    """A kept championship as the list shows it (with why, when it cannot be read)."""
    name = kept.season_name(folder)
    files = race_files(folder)
    try:
        saved = max((path.stat().st_mtime for path in files), default=folder.stat().st_mtime)
    except OSError as error:
        return KeptChampionship(folder, name, 0.0, problem=str(error.strerror or error))
    if len(files) > MAX_RACES:  # (not read: a championship has no more)
        problem = f"{folder.name} holds {len(files)} races (a championship has at most {MAX_RACES})"
        return KeptChampionship(folder, name, saved, problem=problem)
    races = [kept.read_kept(path, kept.SEASON, name, number) for number, path in enumerate(files, 1)]
    problem = next((race.problem for race in races if race.problem), "")
    if not races:
        problem = f"{folder.name} holds no race"
    return KeptChampionship(folder, name, saved, races, problem, champions_of(folder))


def champions_of(folder: Path) -> list[str]:
    """The names in first place of a kept championship's table (table.json), or none when it cannot be read."""
    try:
        data = json.loads(files.read_bytes(folder / "table.json", "season").decode("utf-8"))
        lines = data.get("table") if isinstance(data, dict) else None
    except (OSError, ValueError, RecursionError, files.FileRefused):
        return []
    names = []
    for line in lines if isinstance(lines, list) else []:
        if isinstance(line, dict) and line.get("place") == 1 and isinstance(line.get("name"), str):
            if files.printable(line["name"], 80) is None:
                names.append(line["name"])
    return names


def rebuild_season(championship: KeptChampionship) -> Season:
    """The finished championship rebuilt from its races' replays: its table, chart and highlights as
    they were at its end. Raises SeasonError with one sentence naming the file."""
    if championship.problem:
        raise SeasonError(f"the championship {championship.name!r} cannot be opened: {championship.problem}")
    results: list[RaceResult] = []
    racers = None
    turns = None
    for race_kept in championship.races:
        try:
            replay: Replay = load(race_kept.path)
            race = rebuild(replay)
        except ReplayError as error:
            raise SeasonError(str(error)) from None
        if not race.over:
            raise SeasonError(f"{race_kept.path} is not a finished race")
        if racers is None:
            racers, turns = list(race.setups), race.turns
        elif list(race.setups) != racers:
            raise SeasonError(f"{race_kept.path} has other racers than the championship's first race")
        standings = race.standings()
        results.append(
            RaceResult(race.board.name, standings, place_points(standings), highlights(race), replay_data(race))
        )
    assert racers is not None  # (a championship without races has a problem)
    boards = [result.board for result in results]
    return Season(championship.name, racers, boards, turns, 0, results)


def delete_championship(championship: KeptChampionship) -> bool:
    """Delete a kept championship once the player said yes: its races, its table, its folder; True when it
    is gone (nothing outside the championships' folder: userdata.delete_replay checks every file)."""
    for path in [*race_files(championship.folder), championship.folder / "table.json"]:
        if path.exists() and not userdata.delete_replay(path):
            return False
    try:
        championship.folder.rmdir()
    except FileNotFoundError:
        pass
    except OSError:
        return False
    return True
