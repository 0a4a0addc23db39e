"""What the game keeps for its player between runs: the games in progress, replays, finished seasons.

They live in a per-user folder (see `user_dir`): $XDG_DATA_HOME/fantasy-racing/
on Linux (by default ~/.local/share/fantasy-racing/), %APPDATA%\\fantasy-racing
on Windows, ~/Library/Application Support/fantasy-racing on macOS. The
settings (`game.app.settings`), the log (`game.app.logs`) and the player's
boards (`game.app.userboards`) are there too.

- Every game in progress (a race, a championship) is a file of its own in `games/`, listed by
  `game.app.games`; the functions here read and write one such file. The single `race.json` and
  `season.json` of older versions are their default files (moved into `games/` as they are found).
- Files are written atomically (a temporary file beside the target, fsync,
  os.replace), so a crash or a kill during a write leaves the previous file.
- Every file carries a format version. A file this game cannot use (empty, cut
  short, not JSON, not UTF-8, written by a newer version, a field missing or
  of the wrong type, an unknown character, a choice the race does not
  allow) is renamed aside, never deleted or overwritten, and the caller gets
  one clear sentence naming the file. A file of an older version is upgraded
  as it is read (`game.record`), never refused.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import files
from game.files import kind_of

if TYPE_CHECKING:
    from game.race import Race
    from game.season import Season

log = logging.getLogger("fantasy-racing")

APP_FOLDER = "fantasy-racing"
SAVE_FILE = "race.json"
SAVE_FILE_FORMAT = 1  # the "version" of race.json's envelope (the race inside has its own format)


# ---------------------------------------------------------------- the folder
def user_dir() -> Path:
    """The per-user folder of the game, by the platform's conventions (created when needed)."""
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / "Library" / "Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / APP_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_path() -> Path:
    """Where older versions kept their one unfinished race (moved into `games/` as it is found)."""
    return user_dir() / SAVE_FILE


# ---------------------------------------------------------------- safe files
def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a reader sees the old or the new file, never half.

    The text goes to a temporary file in the same folder, is flushed and
    synced to the disk, then renamed over `path` (an atomic step); the folder
    is synced too where the system allows it, so the rename survives a crash.
    """
    path = Path(path)
    data = text.encode("utf-8")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


def remove_leftovers(path: Path, older_than: float = 60.0) -> None:
    """Delete the temporary files a killed write of `path` left (ours, never the player's file)."""
    path = Path(path)
    now = time.time()
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > older_than:
                leftover.unlink()
        except OSError:
            pass


def _sync_folder(folder: Path) -> None:
    """fsync a folder so a rename in it is on the disk (POSIX only)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def set_aside(path: Path) -> Path:
    """Rename an unusable file beside itself; never delete or overwrite the player's data.

    The new name is `<stem>.unreadable-<date>-<time><suffix>`, with `-2`, `-3`...
    added when a file of that name is already there.
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        aside = path.with_name(f"{path.stem}.unreadable-{stamp}{'' if n == 1 else f'-{n}'}{path.suffix}")
        if not aside.exists():
            break
        n += 1
    if hasattr(os, "link"):
        try:  # a hard link never replaces an existing file; then the old name goes
            os.link(path, aside)
            os.unlink(path)
            return aside
        except FileExistsError:
            return set_aside(path)
        except OSError:
            pass
    os.rename(path, aside)  # Windows: rename refuses to replace an existing file
    return aside


def set_aside_phrase(path: Path) -> str:
    """Set a file aside and say where it went (or that it could not be moved)."""
    try:
        return f"it was kept as {set_aside(path).name}"
    except OSError as error:
        return f"it could not be renamed aside ({error.strerror}) and is left as it is"


class Unreadable(Exception):
    """Why a settings or save file cannot be used (a phrase for the player)."""


def read_json_file(path: Path, what: str, kind: str) -> Any:
    """The JSON value in `path`, or Unreadable with a plain reason ("what" names the content;
    `kind`, a kind of game.files.LIMITS, bounds the file's size before it is read)."""
    try:
        data = files.read_bytes(path, kind)
    except files.FileRefused as error:
        raise Unreadable(str(error)) from None
    except OSError as error:
        raise Unreadable(f"the file cannot be opened: {error.strerror}") from None
    if not data.strip():
        raise Unreadable("the file is empty")
    if b"\x00" in data or sum(b < 9 or 13 < b < 32 for b in data[:4096]) > 8:
        raise Unreadable(f"it holds binary data, not {what}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(f"it is not UTF-8 text (byte {error.start + 1} is 0x{data[error.start]:02x})") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise Unreadable("it is nested too deep to be a game file") from None
    except json.JSONDecodeError as error:
        if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
            raise Unreadable("the file is cut short (it ends in the middle of the JSON)") from None
        raise Unreadable(f"it is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None


def check_format(data: dict[str, Any], key: str, known: int, what: str) -> None:
    """Refuse a missing, invalid or newer format version."""
    if key not in data:
        raise Unreadable(f"it has no format version: it is not {what}")
    version = data[key]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise Unreadable(f"its format version {version!r} is not a whole number from 1")
    if version > known:
        raise Unreadable(
            f"it was written by a newer version of the game (format {version}; this one reads format {known})"
        )


# ---------------------------------------------------------------- saves
@dataclass
class SavedRace:
    """A race read back from the save file, with what setup it came from."""

    race: Race
    setup: dict[str, Any]


_SAVE_LOCK = threading.Lock()  # one save written at a time
_SAVE_THREADS: list[threading.Thread] = []  # saves being written in the background


def _write_save(path: Path, text: str, background: bool, what: str) -> None:
    """Write a save atomically, now or in the background; saves are written in the order given.

    In the background, the file is written (and synced to disk, which may take
    a few milliseconds) by a thread, so that a frame never waits for the disk;
    a disk problem is then logged, never raised. `wait_for_saves` waits for them.
    """

    def write() -> None:
        with _SAVE_LOCK:
            try:
                write_atomically(path, text)
            except OSError as error:
                if not background:
                    raise
                log.warning("the %s could not be saved in %s: %s", what, path, error)

    if not background:
        wait_for_saves()  # saves started earlier are written first: this one is the newest
        write()
        return
    thread = threading.Thread(target=write, name=f"save-{what}")
    _SAVE_THREADS[:] = [t for t in _SAVE_THREADS if t.is_alive()] + [thread]
    thread.start()


def save_race(
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
    content: dict[str, Any] = {"version": SAVE_FILE_FORMAT, "setup": setup, "race": saved}
    if summary is not None:
        content["summary"] = summary
    _write_save(path or save_path(), json.dumps(content), background, "race")


def wait_for_saves() -> None:
    """Wait until every save started in the background is on disk."""
    for thread in list(_SAVE_THREADS):
        thread.join()
    _SAVE_THREADS.clear()


def delete_save(path: Path | None = None) -> None:
    """Forget a game in progress (`path`; by default the `race.json` of older versions): it is over
    and kept as a replay, or the player said yes to deleting it."""
    wait_for_saves()
    try:
        (path or save_path()).unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        log.warning("the saved game could not be deleted: %s", error)


def check_save(data: Any) -> dict[str, Any]:
    """The race record of a save file's content, upgraded and checked (`game.record.check`), or
    Unreadable with a plain reason naming the field."""
    from game import record

    if not isinstance(data, dict):
        raise Unreadable(f"it holds {kind_of(data)}, not a saved race")
    check_format(data, "version", SAVE_FILE_FORMAT, "a saved race")
    if "race" not in data:
        raise Unreadable("the field 'race' is missing")
    if not isinstance(data["race"], dict):
        raise Unreadable(f"the field 'race' is {kind_of(data['race'])}, not an object")
    if "setup" in data and not isinstance(data["setup"], (dict, type(None))):
        raise Unreadable(f"the field 'setup' is {kind_of(data['setup'])}, not an object")
    try:
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
    from game.race import IllegalChoice, SaveError

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


def load_race(path: Path | None = None) -> tuple[SavedRace | None, str | None]:
    """The race saved in `path` (by default the `race.json` of older versions) and no message, or
    None and a sentence saying why it was set aside. A race that is over is given too (its caller
    keeps its replay): nothing is deleted here."""
    wait_for_saves()
    try:
        path = path or save_path()
    except OSError:  # no user folder: nothing was saved (the settings said so once)
        return None, None
    remove_leftovers(path)
    if not path.is_file():
        return None, None
    try:
        saved = read_save(path)
    except Unreadable as reason:
        message = (
            f"The saved race {path} could not be read ({reason}); {set_aside_phrase(path)} and a new race can start."
        )
        log.warning("%s", message)
        return None, message
    return saved, None


# ---------------------------------------------------------------- the championship
SEASON_FILE = "season.json"
SEASONS_FOLDER = "seasons"  # finished seasons, each a folder of replays and its table


def season_path() -> Path:
    """Where older versions kept their one championship in progress (moved into `games/` as it is found)."""
    return user_dir() / SEASON_FILE


def save_season(
    season: Season, background: bool = False, path: Path | None = None, summary: dict[str, Any] | None = None
) -> None:
    """Save the championship (and its race in progress) in `path` (a game of `games/`; by default the
    `season.json` of older versions) atomically, like a race (see `_write_save`), with its `summary`."""
    content = season.to_dict()
    if summary is not None:
        content["summary"] = summary
    _write_save(path or season_path(), json.dumps(content, ensure_ascii=False), background, "season")


def delete_season(path: Path | None = None) -> None:
    """Forget a championship in progress (`path`; by default the `season.json` of older versions):
    it is over and kept in `seasons/`, or the player said yes to deleting it."""
    wait_for_saves()
    try:
        (path or season_path()).unlink(missing_ok=True)
    except OSError as error:
        log.warning("the season file could not be removed: %s", error)


def load_season(path: Path | None = None) -> tuple[Season | None, str | None]:
    """The championship saved in `path` (by default the `season.json` of older versions) and no
    message, or None and a sentence saying why it was set aside."""
    from game.season import Season, SeasonError

    wait_for_saves()
    try:
        path = path or season_path()
    except OSError:
        return None, None
    remove_leftovers(path)
    if not path.is_file():
        return None, None
    try:
        data = read_json_file(path, "a championship", "season")
        season = Season.from_dict(data)
    except (Unreadable, SeasonError) as reason:
        message = (
            f"The saved championship {path} could not be read ({reason}); {set_aside_phrase(path)} "
            "and a new championship can start."
        )
        log.warning("%s", message)
        return None, message
    return season, None


def keep_season(season: Season, day: str) -> Path:
    """Write a finished season where the player keeps it: seasons/<day>-<name>/ with each race's replay
    (race-1.json, ...) and the final table (table.json); the folder (raises OSError)."""

    slug = re.sub(r"[^a-z0-9]+", "-", season.name.lower()).strip("-") or "championship"
    base = user_dir() / SEASONS_FOLDER
    folder = base / f"{day}-{slug}"
    number = 2
    while folder.exists():
        folder = base / f"{day}-{slug}-{number}"
        number += 1
    folder.mkdir(parents=True)
    from game.replay import text

    for index, result in enumerate(season.results, 1):
        write_atomically(folder / f"race-{index}.json", text(result.replay))
    table = [line.to_json() for line in season.table()]
    write_atomically(folder / "table.json", json.dumps({"name": season.name, "table": table}, ensure_ascii=False))
    return folder
