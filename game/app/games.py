"""The games in progress: every unfinished race and championship of the player, a file each in the
player's folder's `games/`, listed with its board, turn, racers and date.

- A new race or championship never replaces one in progress: it takes a file of its own
  (`new_path`: `race-<date>-<time>.json`, `season-<date>-<time>.json`).
- The list (`list_games`, the most recent first) reads each file's summary, written with it (the
  board, the turn, the racers, a network race's part); a file without one (written by an older
  version) is read whole once to work it out.
- The single `race.json` and `season.json` of older versions are moved into `games/` as they are
  found (`bring_in_older`): renamed, never rewritten, refused or deleted.
- A file that cannot be read is set aside as any save is (`PlayerFolder.set_aside`), with one sentence.

Only the game session (`game.app.session`) calls these, handing them its player's folder
(`game.app.folder.PlayerFolder`): it is the one owner of the player's games.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.app import leftovers, userdata
from game.app.folder import PlayerFolder
from game.app.jsonfiles import opened
from game.boards.map_format import BOARD_NAME_LENGTH
from game.envelope import Envelope
from game.rules import record
from game.rules.record import BOARD_NAMES_MOST

if TYPE_CHECKING:
    from game.boards.board import Board
    from game.meta.season import Season
    from game.rules.race import Race

log = logging.getLogger("fantasy-racing")

FOLDER = "games"  # in the player's folder: the games in progress
RACE, SEASON = "race", "season"  # the kinds of games in progress (the first word of a file's name)
WHAT = {RACE: "a saved race", SEASON: "a championship"}  # (the words of an unreadable file's sentence)
INDEX = ".summaries.json"  # in games/: each file's summary as last read, by the file's state (`list_games`)
INDEX_FORMAT = 1
INDEX_ENVELOPE = Envelope("the list's index", "format", INDEX_FORMAT)  # (game/envelope.py)


@dataclass(frozen=True)
class Game:
    """A game in progress as the list shows it: its file, its kind, when it was saved last (seconds
    since the epoch: its summary's, else the file's time) and its summary (`race_summary`,
    `season_summary`)."""

    path: Path
    kind: str
    saved: float
    summary: dict[str, Any]


def folder(home: PlayerFolder) -> Path:
    """The folder of the games in progress (created when needed; raises OSError)."""
    path = home.path() / FOLDER
    path.mkdir(exist_ok=True)
    return path


def new_path(home: PlayerFolder, kind: str, when: float | None = None) -> Path:
    """A new file for a game in progress of `kind`, named after the time `when` (by default now):
    never the name of a file that is there, nor one given already (two games started in one second)."""
    base = folder(home)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    number = 1
    while True:
        path = base / f"{kind}-{stamp}{'' if number == 1 else f'-{number}'}.json"
        if path not in home.given and not path.exists():
            home.given.add(path)
            return path
        number += 1


# ---------------------------------------------------------------- summaries
def racer_lines(setups: Any) -> list[dict[str, Any]]:
    """The racers of a summary: name ("" for a character's own), character, computer level or None."""
    return [{"name": s.name, "character": s.character, "bot": s.bot} for s in setups]


def race_summary(race: Race, setup: dict[str, Any], bots: dict[int, str] | None = None) -> dict[str, Any]:
    """What the list shows of a race: its board, its turn, its racers (`bots`: those saved as
    computer racers of those levels), whether it was a network race ("host", or "friend": kept by a
    friend after his host left) and its room's code."""
    racers = racer_lines(race.setups)
    for index, level in (bots or {}).items():
        racers[index]["bot"] = level
    return {
        "saved": time.time(),
        "board": race.board.name,
        "turn": race.turn,
        "turns": race.turns,
        "racers": racers,
        "network": str(setup.get("network") or ""),
        "code": str(setup.get("code") or ""),
        "board_names": board_names(race.board),
    }


def board_names(board: Board) -> dict[str, str]:
    """A board's name in the other languages it gives one in (its map's `name.fr`...), for the list."""
    named = {key.split(".", 1)[1]: text for key, text in board.translations.items() if key.startswith("name.")}
    return {language: text[:BOARD_NAME_LENGTH] for language, text in sorted(named.items())[:BOARD_NAMES_MOST]}


def season_summary(season: Season) -> dict[str, Any]:
    """What the list shows of a championship: its name, the race it is at (of how many), that race's
    board and turn (0 between races), its racers."""
    race = season.race
    return {
        "saved": time.time(),
        "name": season.name,
        "race_number": season.race_number,
        "races": len(season.boards),
        "board": race.board.name if race is not None else "",
        "board_names": board_names(race.board) if race is not None else {},
        "next": "" if race is not None or season.over else season.boards[len(season.results)],
        "turn": race.turn if race is not None else 0,
        "turns": race.turns if race is not None else 0,
        "racers": racer_lines(season.racers),
    }


def _usable(summary: Any, kind: str) -> bool:
    """Whether a summary read from a file has what the list shows (else it is worked out again)."""
    if not isinstance(summary, dict):
        return False
    wanted = {"board": str, "turn": int, "turns": int, "racers": list}
    if kind == SEASON:
        wanted.update(name=str, race_number=int, races=int)
    if not all(isinstance(summary.get(key), of) for key, of in wanted.items()):
        return False
    return all(isinstance(r, dict) and isinstance(r.get("character"), str) for r in summary["racers"])


# ---------------------------------------------------------------- the list
def list_games(home: PlayerFolder) -> tuple[list[Game], list[str]]:
    """The games in progress, the most recent first, and a sentence for each file that could not be
    read (it was set aside). The files of older versions are brought in first."""
    home.flush()
    try:
        base = folder(home)
        older = bring_in_older(home)
        with os.scandir(base) as entries:  # (one look at the folder, however many games it holds)
            paths = sorted(Path(e.path) for e in entries if e.name.endswith(".json") and not e.name.startswith("."))
    except OSError:  # no user folder: nothing was saved (the settings said so once)
        return [], []
    games, problems = [], []
    index, known = _read_index(base), {}
    for path in [*older, *paths]:
        kind = path.name.split("-", 1)[0] if path.parent == base else (RACE if path.name == "race.json" else SEASON)
        if kind not in WHAT or ".unreadable-" in path.name:
            continue
        try:
            state = _state(path)
            game = _indexed(index.get(path.name), state, path, kind) or read_game(home, path, kind)
        except userdata.Unreadable as reason:
            problems.append(unreadable(home, path, kind, str(reason)))
            continue
        except OSError:  # gone meanwhile (another window of the game resumed and finished it)
            continue
        games.append(game)
        if path.parent == base:
            known[path.name] = [*state, kind, game.summary, game.saved]
    if known != index:
        _write_index(home, base, known)
    leftovers.remove_all_leftovers(base)
    for path in older:
        leftovers.remove_leftovers(path)
    games.sort(key=lambda game: (game.saved, game.path.name), reverse=True)
    return games, problems


def _state(path: Path) -> list[int]:
    """What tells whether a file changed: its inode, time and size."""
    info = path.stat()
    return [info.st_ino, info.st_mtime_ns, info.st_size]


def _read_index(base: Path) -> dict[str, Any]:
    """The summaries the last listing read, by file name (empty when there is no usable index: it is
    only a shortcut, made again)."""
    try:
        data = opened(INDEX_ENVELOPE, userdata.read_json_file(base / INDEX, "the list's index", "games index"))
    except (userdata.Unreadable, OSError):
        return {}
    if not isinstance(data.get("games"), dict):
        return {}
    games: dict[str, Any] = data["games"]
    return games


def _indexed(entry: Any, state: list[int], path: Path, kind: str) -> Game | None:  # (Any: JSON, checked here)
    """The game as the index has it (`entry`), if its file has not changed since (its summary checked
    again)."""
    if not isinstance(entry, list) or len(entry) != 6 or entry[3] != kind or entry[:3] != state:
        return None
    summary, saved = entry[4], entry[5]
    try:
        record.check_summary(summary, kind == SEASON)
    except record.RecordError:
        return None
    if type(saved) not in (int, float) or not 0 <= saved <= record.LATEST_SAVE:
        return None
    return Game(path, kind, float(saved), summary)


def _write_index(home: PlayerFolder, base: Path, known: dict[str, Any]) -> None:
    """Keep what this listing read for the next (not in a read-only window; a failure costs only time)."""
    if home.read_only:
        return
    try:
        home.write_atomically(base / INDEX, json.dumps(INDEX_ENVELOPE.stamp({"games": known})))
    except OSError as error:
        log.info("the list of games in progress could not keep its index: %s", error)


def unreadable(home: PlayerFolder, path: Path, kind: str, reason: str) -> str:
    """Set a game's file aside; the sentence that says why and where it went."""
    if kind == SEASON:
        message = (
            f"The saved championship {path} could not be read ({reason}); {home.set_aside_phrase(path)} "
            "and a new championship can start."
        )
    else:
        message = (
            f"The saved race {path} could not be read ({reason}); {home.set_aside_phrase(path)} "
            "and a new race can start."
        )
    log.warning("%s", message)
    return message


def read_game(home: PlayerFolder, path: Path, kind: str) -> Game:
    """A game in progress as the list shows it (Unreadable when its file cannot be used)."""
    from game.meta.season import SeasonError, upgrade

    state = path.stat()
    data = userdata.read_json_file(path, WHAT[kind], "save" if kind == RACE else "season")
    try:
        if kind == RACE:
            userdata.check_save(data)
        else:
            upgrade(data)
    except SeasonError as error:
        raise userdata.Unreadable(str(error)) from None
    summary = data.get("summary")
    if _usable(summary, kind):
        try:
            record.check_summary(summary, kind == SEASON)
        except record.RecordError as error:
            raise userdata.Unreadable(str(error)) from None
    else:
        key = (str(path), state.st_mtime_ns, state.st_size)
        summary = home.summaries.get(key)  # (summaries read from whole files, by the file's state)
        if summary is None:
            summary = _work_out(path, kind)
            summary.pop("saved")  # (not now: when the file was written)
            home.summaries[key] = summary
    saved = summary.get("saved")
    return Game(path, kind, saved if isinstance(saved, (int, float)) else state.st_mtime, summary)


def _work_out(path: Path, kind: str) -> dict[str, Any]:
    """The summary of a file written without one: the game read whole (Unreadable if it cannot be)."""
    from game.meta.season import Season, SeasonError

    if kind == RACE:
        saved = userdata.read_save(path)
        return race_summary(saved.race, saved.setup)
    try:
        return season_summary(Season.from_dict(userdata.read_json_file(path, WHAT[kind], "season")))
    except SeasonError as error:
        raise userdata.Unreadable(str(error)) from None


def bring_in_older(home: PlayerFolder) -> list[Path]:
    """Move the one race and the one championship older versions kept (race.json, season.json) into
    games/, each a game in progress of the list (its file renamed as it is, named after its time);
    those that stay where they are (a read-only window moves nothing), to be listed there."""
    staying = []
    for old, kind in ((userdata.save_path(home), RACE), (userdata.season_path(home), SEASON)):
        if not old.is_file():
            continue
        if home.read_only:
            staying.append(old)
            continue
        leftovers.remove_leftovers(old)
        target = new_path(home, kind, old.stat().st_mtime)
        try:
            _move(old, target)
            log.info("the %s of an older version is now the game in progress %s", old.name, target.name)
        except OSError as error:
            log.warning("%s could not be moved to %s: %s", old, target, error)
            staying.append(old)
        finally:
            home.given.discard(target)
            home.seen(old)
            home.seen(target)
    return staying


def _move(path: Path, target: Path) -> None:
    """Rename a file, never over another one (a hard link fails where a file is; then the old name goes)."""
    if hasattr(os, "link"):
        try:
            os.link(path, target)
        except FileExistsError:
            raise
        except OSError:
            pass
        else:
            os.unlink(path)
            return
    if target.exists():
        raise FileExistsError(17, "a file of that name is there", str(target))
    os.rename(path, target)  # (Windows: rename refuses to replace an existing file)
