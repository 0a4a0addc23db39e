"""The races the player kept to watch again: the replays of `replays/` (every finished race, and those
kept with *Keep as replay*) and the races of the finished championships of `seasons/`, each listed
with its board, its date, its racers and its winner, the newest first; and the finished championships
themselves (`list_championships`), each with its races and its champions.

A file is read once to list it (its summary is kept while the file does not change); a file that
cannot be read is listed too, with the sentence that says why, so that the player may delete it.
Only the game session (`game.app.session`) calls these, as it does every function that reads or
deletes the player's files.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import files
from game.app import stats, userdata
from game.app.folder import PlayerFolder
from game.meta.replay import Replay, ReplayError, load
from game.meta.season import MAX_RACES
from game.rules.race import MAX_POINTS

log = logging.getLogger("fantasy-racing")

REPLAYS = "replays"  # in the player's folder: the races kept as replays
RACE_FILE = re.compile(r"race-(\d+)\.json")  # a championship's race in its folder
SEASONS = userdata.SEASONS_FOLDER  # the finished championships, a folder each (race-1.json, ..., table.json)
RACE, SEASON = "race", "season"  # a race's replay, a championship's race


@dataclass(frozen=True)
class Kept:
    """A kept race as the list shows it: its file, its kind, when it was kept (the file's time), its
    board's name, its racers (name, character, computer level or None), the racers who won (their
    indexes; none for a race kept before its end) and their points, the championship it was a race of (its name and the
    race's number) and, for a file that cannot be read, why."""

    path: Path
    kind: str
    saved: float
    board: str = ""
    racers: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    points: int = 0
    season: str = ""
    number: int = 0
    problem: str = ""
    figures: list[dict[str, Any]] = field(default_factory=list)  # each racer's, for the statistics (game.app.stats)


def folders(home: PlayerFolder) -> tuple[Path, Path]:
    """The replays' folder and the championships' (raises OSError without a player's folder)."""
    base = home.path()
    return base / REPLAYS, base / SEASONS


def list_kept(home: PlayerFolder) -> list[Kept]:
    """Every kept race, the newest first (a championship's races: the last first)."""
    try:
        replays, seasons = folders(home)
    except OSError:
        return []
    found: list[Kept] = []
    for path in sorted(replays.glob("*.json")) if replays.is_dir() else []:
        found.append(read_kept(home, path, RACE))
    for folder in sorted(seasons.iterdir()) if seasons.is_dir() else []:
        if not folder.is_dir():
            continue
        name = season_name(folder)
        for path in sorted(folder.glob("race-*.json")):
            number = re.fullmatch(r"race-(\d+)\.json", path.name)
            if number is not None:
                found.append(read_kept(home, path, SEASON, name, int(number.group(1))))
    found.sort(key=lambda kept: (kept.saved, kept.number, kept.path.name), reverse=True)
    return found


def read_table(folder: Path) -> dict[str, Any]:
    """A kept championship's table.json in its envelope's current format (raises OSError, FileRefused or
    ValueError: the envelope's EnvelopeError, JSON's, UTF-8's), read as every JSON file of the player's folder
    (`files.loads`: its nesting bounded)."""
    data = files.loads(files.read_bytes(folder / "table.json", "season").decode("utf-8"))
    return userdata.TABLE_ENVELOPE.upgrade(data)


def table_problem(folder: Path) -> str:
    """Why a kept championship's table.json cannot be read, naming it, or "" (no table, or a table read)."""
    path = folder / "table.json"
    if not folder.is_dir() or not path.exists():
        return ""
    try:
        read_table(folder)
    except (OSError, ValueError, files.FileRefused) as error:  # (EnvelopeError too: a ValueError)
        return f"{path} cannot be read: {getattr(error, 'strerror', None) or error}"
    return ""


def table_problems(home: PlayerFolder) -> list[str]:
    """Why each kept championship's table.json that cannot be read is so, one sentence each naming it."""
    try:
        _, seasons = folders(home)
    except OSError:
        return []
    found = [table_problem(folder) for folder in sorted(seasons.iterdir())] if seasons.is_dir() else []
    return [problem for problem in found if problem]


def season_name(folder: Path) -> str:
    """A finished championship's name: its table's, else its folder's (without the date)."""
    try:
        data = read_table(folder)
        name = data.get("name")
        if isinstance(name, str) and name.strip() and files.printable(name, 80) is None:
            return name.strip()
    except (OSError, ValueError, files.FileRefused):  # (EnvelopeError too: a ValueError)
        pass
    return re.sub(r"^\d{4}-\d{2}-\d{2}-", "", folder.name).replace("-", " ").strip() or folder.name


def read_kept(home: PlayerFolder, path: Path, kind: str, season: str = "", number: int = 0) -> Kept:
    """A kept race as the list shows it (with the sentence of why, for a file that cannot be read)."""
    try:
        state = path.stat()
    except OSError as error:
        return Kept(path, kind, 0.0, season=season, number=number, problem=str(error.strerror or error))
    key = (str(path), state.st_mtime_ns, state.st_size)
    summary = home.summaries.get(key)  # (a file's summary, by its path and state)
    if summary is None:
        try:
            summary = summarise(load(path))
        except ReplayError as error:
            summary = {"problem": str(error)}
        home.summaries[key] = summary
    return Kept(path, kind, state.st_mtime, season=season, number=number, **summary)


def summarise(replay: Replay) -> dict[str, Any]:
    """What the list shows of a replay: its board, its racers and who won."""
    race = replay.race
    racers = [
        {"name": str(r.get("name") or ""), "character": str(r["character"]), "bot": r.get("bot")}
        for r in race["racers"]
    ]
    winners: list[int] = []
    points = 0
    for event in reversed(replay.events or []):
        if event.get("kind") == "race_over":
            standings = event.get("standings")
            if isinstance(standings, list):
                first = [
                    line
                    for line in standings
                    if isinstance(line, list)
                    and len(line) == 3
                    and line[0] == 1
                    and all(type(n) is int for n in line)
                    and 0 <= line[1] < len(racers)
                    and -MAX_POINTS <= line[2] <= MAX_POINTS
                ]
                winners = [line[1] for line in first]
                points = first[0][2] if first else 0
            break
    figures = stats.figures(replay)  # (read here, once per file, for the statistics)
    return {"board": replay.board_name, "racers": racers, "winners": winners, "points": points, "figures": figures}


def open_kept(kept: Kept) -> tuple[Replay | None, str]:
    """The kept race's replay, or None and the sentence that says why it cannot be played."""
    try:
        return load(kept.path), ""
    except ReplayError as error:
        return None, str(error)


# ---------------------------------------------------------------- the championships kept
@dataclass(frozen=True)
class KeptChampionship:
    """A kept championship as the list shows it: its folder, its name, when it was kept (its last race's
    time), its races as the replays' list shows them (in order), its champions' names (its table's first
    place) and, when it cannot be read, why."""

    folder: Path
    name: str
    saved: float
    races: list[Kept] = field(default_factory=list)
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


def list_championships(home: PlayerFolder) -> list[KeptChampionship]:
    """Every kept championship, the newest first."""
    try:
        _, seasons = folders(home)
    except OSError:
        return []
    found = []
    for folder in sorted(seasons.iterdir()) if seasons.is_dir() else []:
        if folder.is_dir():
            found.append(read_championship(home, folder))
    found.sort(key=lambda c: (c.saved, c.folder.name), reverse=True)
    return found


def read_championship(home: PlayerFolder, folder: Path) -> KeptChampionship:
    """A kept championship as the list shows it (with why, when it cannot be read)."""
    name = season_name(folder)
    files = race_files(folder)
    try:
        saved = max((path.stat().st_mtime for path in files), default=folder.stat().st_mtime)
    except OSError as error:
        return KeptChampionship(folder, name, 0.0, problem=str(error.strerror or error))
    if len(files) > MAX_RACES:  # (not read: a championship has no more)
        problem = f"{folder.name} holds {len(files)} races (a championship has at most {MAX_RACES})"
        return KeptChampionship(folder, name, saved, problem=problem)
    races = [read_kept(home, path, SEASON, name, number) for number, path in enumerate(files, 1)]
    problem = next((race.problem for race in races if race.problem), "")
    if not races:
        problem = f"{folder.name} holds no race"
    return KeptChampionship(folder, name, saved, races, problem, champions_of(folder))


def champions_of(folder: Path) -> list[str]:
    """The names in first place of a kept championship's table (table.json), or none when it cannot be read."""
    try:
        data = read_table(folder)
        lines = data.get("table")
    except (OSError, ValueError, files.FileRefused):  # (EnvelopeError too: a ValueError)
        return []
    names = []
    for line in lines if isinstance(lines, list) else []:
        if isinstance(line, dict) and line.get("place") == 1 and isinstance(line.get("name"), str):
            if files.printable(line["name"], 80) is None:
                names.append(line["name"])
    return names
