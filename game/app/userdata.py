"""What the game keeps for its player between runs: the games in progress, replays, finished seasons.

They live in the player's folder (`game.app.folder.PlayerFolder`, which the game session owns and
hands to every function here: where it is, its lock, the files it knows, its one writer). The
settings (`game.app.settings`), the log (`game.app.logs`) and the player's boards
(`game.app.userboards`) are there too.

- Every game in progress (a race, a championship) is a file of its own in `games/`, listed by
  `game.app.games`; the functions here read and write one such file. The single `race.json` and
  `season.json` of older versions are their default files (moved into `games/` as they are found).
- Files are written atomically (`game.files.write_atomically`: a temporary
  file of a unique name created exclusively beside the target, fsync,
  os.replace), so a crash, a kill or a full disk during a write leaves the
  previous file; a save that fails says so (`PlayerFolder.take_problems`) and keeps it.
- One game window per folder (`PlayerFolder.lock`): a second window opens
  read-only (it writes and deletes nothing, and says so), and a save never
  replaces a file another process wrote since this one read or wrote it.
- Every file carries a format version. A file this game cannot use (empty, cut
  short, not JSON, not UTF-8, written by a newer version, a field missing or
  of the wrong type, an unknown character, a choice the race does not
  allow) is renamed aside, never deleted or overwritten, and the caller gets
  one clear sentence naming the file. A file of an older version is upgraded
  as it is read (`game.rules.record`), never refused.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.app.folder import APP_FOLDER as APP_FOLDER
from game.app.folder import PlayerFolder
from game.app.folder import ReadOnly as ReadOnly
from game.app.folder import user_dir as user_dir
from game.app.jsonfiles import Unreadable as Unreadable
from game.app.jsonfiles import opened
from game.app.jsonfiles import read_json_file as read_json_file
from game.app.leftovers import remove_leftovers
from game.envelope import Envelope
from game.files import kind_of

if TYPE_CHECKING:
    from game.meta.season import Season
    from game.rules.race import Race

log = logging.getLogger("fantasy-racing")

SAVE_FILE = "race.json"
SAVE_FILE_FORMAT = 1  # the "version" of a saved game's envelope (the race inside has its own format)
SAVE_ENVELOPE = Envelope("a saved race", "version", SAVE_FILE_FORMAT)  # (game/envelope.py)
#: a kept championship's final table (table.json: its name and its lines); the first ones had no format
TABLE_ENVELOPE = Envelope("a championship's table", "format", 1, bare=1)


def save_path(folder: PlayerFolder) -> Path:
    """Where older versions kept their one unfinished race (moved into `games/` as it is found)."""
    return folder.path() / SAVE_FILE


# ---------------------------------------------------------------- saves
@dataclass
class SavedRace:
    """A race read back from the save file, with what setup it came from."""

    race: Race
    setup: dict[str, Any]


def _write_save(folder: PlayerFolder, path: Path, text: str, background: bool, what: str) -> None:
    """Write a save atomically, now or in the background; saves are written in the order given.

    In the background, the file is written (and synced to disk, which may take
    a few milliseconds) by the writer's thread, so that a frame never waits for
    the disk; a disk problem is then said (`take_problems`), never raised, and
    the previous save stays. A file another process wrote since this one last
    read or wrote it is never replaced (nor in a read-only window): this save is
    not written, and that is said. `PlayerFolder.flush` waits for them.
    """

    def write() -> None:
        try:
            if folder.read_only:
                raise ReadOnly("another game window has the player's folder open")
            if folder.changed_elsewhere(path):
                folder.say(
                    f"The {what} in {path} was written by another game window since this one read it; "
                    f"it is kept, and this window's {what} was not saved over it."
                )
                return
            folder.write_atomically(path, text)
        except ReadOnly:
            if not background:
                raise
        except OSError as error:
            if not background:
                raise
            folder.say(
                f"The {what} could not be saved in {path} ({error.strerror or error}); "
                f"the previous save is kept as it was."
            )

    if background:
        folder.writer.put(write)
        return
    folder.flush()  # saves queued earlier are written first: this one is the newest
    with folder.writer.lock:
        write()


def save_race(
    folder: PlayerFolder,
    race: Race,
    setup: dict[str, Any],
    background: bool = False,
    bots: dict[int, str] | None = None,
    path: Path | None = None,
    summary: dict[str, Any] | None = None,
) -> None:
    """Save an unfinished race with its setup in `path` (a game of `games/`; by default the
    `race.json` of older versions), atomically (see `_write_save`), with the `summary` the list of
    games in progress shows (`game.app.games`). `bots` (racer: level) are saved as computer racers of those levels (a
    network race's friends, when the race is resumed alone). Raises SaveError for a race that
    cannot be saved (rigged dice)."""
    saved = race.to_dict()
    for index, level in (bots or {}).items():
        saved["racers"][index]["bot"] = level
    content = SAVE_ENVELOPE.stamp({"setup": setup, "race": saved})
    if summary is not None:
        content["summary"] = summary
    _write_save(folder, path or save_path(folder), json.dumps(content), background, "race")


def delete_save(folder: PlayerFolder, path: Path | None = None) -> bool:
    """Forget a game in progress (`path`; by default the `race.json` of older versions): it is over
    and kept as a replay, or the player said yes to deleting it. Whether it is gone."""
    return _forget(folder, path, save_path, "the saved race")


def _forget(folder: PlayerFolder, path: Path | None, default: Callable[[PlayerFolder], Path], what: str) -> bool:
    """Delete a game in progress's file (`path`, else `default()`) once every save is on disk, unless
    another game window wrote it since this one last read or wrote it, or holds the folder (then it is
    kept, and the log says so); whether it is gone."""
    folder.flush()
    if folder.read_only:
        log.warning("%s %s is kept: another game window holds the folder, this one deletes nothing", what, path)
        return False
    try:
        path = path or default(folder)
        if folder.changed_elsewhere(path):
            log.warning("%s %s was written by another game window: it is kept", what, path)
            return False
        path.unlink(missing_ok=True)
        folder.seen(path)
        return True
    except OSError as error:
        log.warning("%s %s could not be deleted: %s", what, path, error)
        return False


def check_save(data: Any) -> dict[str, Any]:
    """The race record of a save file's content, upgraded and checked (`game.rules.record.check`), or
    Unreadable with a plain reason naming the field."""
    from game.rules import record

    if not isinstance(data, dict):
        raise Unreadable(f"it holds {kind_of(data)}, not a saved race")
    data = opened(SAVE_ENVELOPE, data)
    if "race" not in data:
        raise Unreadable("the field 'race' is missing")
    if not isinstance(data["race"], dict):
        raise Unreadable(f"the field 'race' is {kind_of(data['race'])}, not an object")
    if "setup" in data and not isinstance(data["setup"], (dict, type(None))):
        raise Unreadable(f"the field 'setup' is {kind_of(data['setup'])}, not an object")
    try:
        if data.get("setup"):
            record.check_setup(data["setup"])
        return record.check(data["race"])
    except record.RecordError as error:
        raise Unreadable(str(error)) from None


def _replay(saved: dict[str, Any]) -> Race:
    """The saved race, on its Tiled board (with its art) when the file still replays it."""
    from game import Race, load_board

    source = saved.get("source") or ""
    if isinstance(source, str) and source and os.path.isfile(source):
        try:
            return Race.from_dict(saved, board=load_board(source))
        except Exception:  # the board was edited since: replay on the board kept in the save
            pass
    return Race.from_dict(saved)


def read_save(path: Path) -> SavedRace:
    """The race saved in `path`, or Unreadable with a plain reason."""
    from game.rules.race import IllegalChoice, SaveError

    data = read_json_file(path, "a saved race", "save")
    saved = check_save(data)
    try:
        race = _replay(saved)
    except SaveError as error:
        if isinstance(error.__cause__, IllegalChoice):
            raise Unreadable("one of its choices is not one the race allows at that point") from None
        raise Unreadable(str(error).splitlines()[0][:160]) from None
    except Exception as error:  # any other damage: still one sentence, never a traceback
        raise Unreadable(f"it is damaged ({type(error).__name__}: {str(error)[:100]})") from None
    return SavedRace(race=race, setup=dict(data.get("setup") or {}))


def _to_read(folder: PlayerFolder, path: Path | None, default: Callable[[PlayerFolder], Path]) -> Path | None:
    """The file of a game in progress (`path`, else `default()`), to read once every save is on disk,
    the leftovers of an interrupted save removed and the file noted as seen; None when there is none
    (or no user folder: nothing was saved)."""
    folder.flush()
    try:
        path = path or default(folder)
    except OSError:
        return None
    remove_leftovers(path)
    folder.seen(path)
    return path if path.is_file() else None


def load_race(folder: PlayerFolder, path: Path | None = None) -> tuple[SavedRace | None, str | None]:
    """The race saved in `path` (by default the `race.json` of older versions) and no message, or
    None and a sentence saying why it was set aside. A race that is over is given too (its caller
    keeps its replay): nothing is deleted here."""
    path = _to_read(folder, path, save_path)
    if path is None:
        return None, None
    try:
        saved = read_save(path)
    except Unreadable as reason:
        message = (
            f"The saved race {path} could not be read ({reason}); {folder.set_aside_phrase(path)} "
            "and a new race can start."
        )
        log.warning("%s", message)
        return None, message
    return saved, None


# ---------------------------------------------------------------- the championship
SEASON_FILE = "season.json"
SEASONS_FOLDER = "seasons"  # finished seasons, each a folder of replays and its table


def season_path(folder: PlayerFolder) -> Path:
    """Where older versions kept their one championship in progress (moved into `games/` as it is found)."""
    return folder.path() / SEASON_FILE


def save_season(
    folder: PlayerFolder,
    season: Season,
    background: bool = False,
    path: Path | None = None,
    summary: dict[str, Any] | None = None,
) -> None:
    """Save the championship (and its race in progress) in `path` (a game of `games/`; by default the
    `season.json` of older versions) atomically, like a race (see `_write_save`), with its `summary`."""
    content = season.to_dict()
    if summary is not None:
        content["summary"] = summary
    _write_save(folder, path or season_path(folder), json.dumps(content, ensure_ascii=False), background, "season")


def delete_season(folder: PlayerFolder, path: Path | None = None) -> bool:
    """Forget a championship in progress (`path`; by default the `season.json` of older versions):
    it is over and kept in `seasons/`, or the player said yes to deleting it. Whether it is gone."""
    return _forget(folder, path, season_path, "the championship")


def load_season(folder: PlayerFolder, path: Path | None = None) -> tuple[Season | None, str | None]:
    """The championship saved in `path` (by default the `season.json` of older versions) and no
    message, or None and a sentence saying why it was set aside."""
    from game.meta.season import Season, SeasonError

    path = _to_read(folder, path, season_path)
    if path is None:
        return None, None
    try:
        data = read_json_file(path, "a championship", "season")
        season = Season.from_dict(data)
    except (Unreadable, SeasonError) as reason:
        message = (
            f"The saved championship {path} could not be read ({reason}); {folder.set_aside_phrase(path)} "
            "and a new championship can start."
        )
        log.warning("%s", message)
        return None, message
    return season, None


def keep_season(folder: PlayerFolder, season: Season, day: str) -> Path:
    """Write a finished season where the player keeps it: seasons/<day>-<name>/ with each race's replay
    (race-1.json, ...) and the final table (table.json); the folder (raises OSError)."""

    slug = re.sub(r"[^a-z0-9]+", "-", season.name.lower())[:40].strip("-") or "championship"
    base = folder.path() / SEASONS_FOLDER
    kept = base / f"{day}-{slug}"
    number = 2
    while kept.exists():
        kept = base / f"{day}-{slug}-{number}"
        number += 1
    kept.mkdir(parents=True)
    from game.meta.replay import text

    for index, result in enumerate(season.results, 1):
        folder.write_atomically(kept / f"race-{index}.json", text(result.replay))
    table = [line.to_json() for line in season.table()]
    content = TABLE_ENVELOPE.stamp({"name": season.name, "table": table})
    folder.write_atomically(kept / "table.json", json.dumps(content, ensure_ascii=False))
    return kept


def delete_replay(folder: PlayerFolder, path: Path) -> bool:
    """Delete a kept race (a replay of `replays/`, a championship's race of `seasons/`) once the player
    said yes; True when it is gone. Nothing outside those folders, nor in a read-only window."""
    if folder.read_only:
        return False
    path = Path(path)
    try:
        base = folder.path().resolve()
        where = path.resolve()
        if where.suffix != ".json" or not any(
            where.is_relative_to(base / folder) for folder in ("replays", SEASONS_FOLDER)
        ):
            log.warning("%s is not a kept race of the player's folder: it is not deleted", path)
            return False
        where.unlink()
    except FileNotFoundError:
        return True
    except OSError as error:
        log.warning("the kept race %s could not be deleted: %s", path, error)
        return False
    return True
