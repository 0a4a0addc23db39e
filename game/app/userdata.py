"""What the game keeps for its player between runs: the games in progress, replays, finished seasons.

They live in a per-user folder (see `user_dir`, found with `platformdirs`):
$XDG_DATA_HOME/fantasy-racing/ on Linux (by default ~/.local/share/fantasy-racing/),
%APPDATA%\\fantasy-racing on Windows, ~/Library/Application Support/fantasy-racing
on macOS. The settings (`game.app.settings`), the log (`game.app.logs`) and
the player's boards (`game.app.userboards`) are there too.

- Every game in progress (a race, a championship) is a file of its own in `games/`, listed by
  `game.app.games`; the functions here read and write one such file. The single `race.json` and
  `season.json` of older versions are their default files (moved into `games/` as they are found).
- Files are written atomically (`game.files.write_atomically`: a temporary
  file of a unique name created exclusively beside the target, fsync,
  os.replace), so a crash, a kill or a full disk during a write leaves the
  previous file; a save that fails says so (`take_problems`) and keeps it.
- One game window per folder (`lock_folder`): a second window opens
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
import queue
import re
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import platformdirs
import platformdirs.macos
import platformdirs.unix
import platformdirs.windows

from game import files
from game.files import kind_of

if TYPE_CHECKING:
    from game.meta.season import Season
    from game.rules.race import Race

log = logging.getLogger("fantasy-racing")

APP_FOLDER = "fantasy-racing"
SAVE_FILE = "race.json"
SAVE_FILE_FORMAT = 1  # the "version" of race.json's envelope (the race inside has its own format)


# ---------------------------------------------------------------- the folder
def user_dir() -> Path:
    """The per-user folder of the game, by the platform's conventions (created when needed).

    `platformdirs`' user data folder: $XDG_DATA_HOME (or ~/.local/share) on Linux, %APPDATA% on
    Windows (roaming, as the game always kept it), ~/Library/Application Support on macOS."""
    if sys.platform.startswith("win"):
        system: type[platformdirs.PlatformDirsABC] = platformdirs.windows.Windows
    elif sys.platform == "darwin":
        system = platformdirs.macos.MacOS
    else:  # Linux and the other Unixes: $XDG_DATA_HOME, else ~/.local/share, as before
        system = platformdirs.unix.Unix
    folder = Path(system(appname=APP_FOLDER, appauthor=False, roaming=True).user_data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_path() -> Path:
    """Where older versions kept their one unfinished race (moved into `games/` as it is found)."""
    return user_dir() / SAVE_FILE


# ---------------------------------------------------------------- one window per folder
LOCK_FILE = "window.lock"
_LOCK: IO[bytes] | None = None  # the open lock file while this process holds the folder
_READ_ONLY = False  # another window holds the folder: this one writes nothing
ANOTHER_WINDOW = (
    "Another Fantasy Racing window is already open on this player's folder ({folder}); this window is read-only: "
    "it saves nothing (races, championships, settings) until the other one is closed."
)


def lock_folder() -> bool:
    """Hold the player's folder for this window (until the process ends, or `unlock_folder`): True when
    this window may write; False (the window is then read-only) when another window holds it. A folder
    that cannot be locked at all (no folder, a file system without locks) is not held and writable."""
    global _LOCK, _READ_ONLY
    if _LOCK is not None:
        return True
    try:
        stream = open(user_dir() / LOCK_FILE, "a+b")  # noqa: SIM115  # (held open while the window lives)
    except OSError:
        return True
    try:
        if sys.platform.startswith("win"):
            import msvcrt

            stream.seek(0)
            msvcrt.locking(stream.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        stream.close()
        _READ_ONLY = True
        return False
    except OSError as error:
        stream.close()
        if error.errno in (11, 13, 35):  # EAGAIN, EACCES (Windows), EWOULDBLOCK (macOS): held elsewhere
            _READ_ONLY = True
            return False
        return True
    _LOCK = stream
    return True


def unlock_folder() -> None:
    """Let the player's folder go (the window closes); a read-only window becomes writable again."""
    global _LOCK, _READ_ONLY
    stream, _LOCK, _READ_ONLY = _LOCK, None, False
    if stream is not None:
        stream.close()  # (closing the file releases the lock)


def read_only() -> bool:
    """Whether another window holds the folder, so that this one writes nothing."""
    return _READ_ONLY


def another_window_sentence() -> str:
    """What the title says in a read-only window."""
    try:
        folder = str(user_dir())
    except OSError:
        folder = APP_FOLDER
    return ANOTHER_WINDOW.format(folder=folder)


class ReadOnly(PermissionError):
    """A write refused because another window holds the folder."""


# ---------------------------------------------------------------- safe files
_PROBLEMS: list[str] = []  # what could not be saved, for the player (`take_problems`)
_SEEN: dict[str, tuple[int, int, int] | None] = {}  # a file as this process last read or wrote it


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


def changed_elsewhere(path: Path) -> bool:
    """Whether another process wrote (or removed) a player's file since this one last read or wrote it."""
    known = _SEEN.get(str(path), "unknown")
    return known != "unknown" and _signature(path) != known


def seen(path: Path) -> None:
    """Note a player's file as this process read (or wrote, or removed) it: a save never replaces a
    newer file another process wrote since."""
    _SEEN[str(path)] = _signature(path)


def say(problem: str) -> None:
    """Keep a sentence for the player (logged now, shown by the next screen that asks)."""
    log.warning("%s", problem)
    if problem not in _PROBLEMS:
        _PROBLEMS.append(problem)
    del _PROBLEMS[:-4]


def take_problems() -> list[str]:
    """The sentences of what could not be saved since the last call (the title shows them)."""
    taken = list(_PROBLEMS)
    _PROBLEMS.clear()
    return taken


def write_atomically(path: Path, text: str) -> None:
    """Write a player's file so that a reader sees the old or the new file, never half
    (`game.files.write_atomically`); raises OSError (the previous file is kept), `ReadOnly` in a
    window that does not hold the folder."""
    if _READ_ONLY:
        raise ReadOnly(f"another game window has {Path(path).parent} open, so this one writes nothing")
    files.write_atomically(path, text)
    seen(Path(path))


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


def set_aside(path: Path) -> Path:
    """Rename an unusable file beside itself; never delete or overwrite the player's data.

    The new name is `<stem>.unreadable-<date>-<time><suffix>`, with `-2`, `-3`...
    added when a file of that name is already there. In a read-only window it stays where it is.
    """
    path = Path(path)
    if _READ_ONLY:
        raise ReadOnly("another game window has the folder open")
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
            seen(path)
            return aside
        except FileExistsError:
            return set_aside(path)
        except OSError:
            pass
    os.rename(path, aside)  # Windows: rename refuses to replace an existing file
    seen(path)
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
        return files.loads(text)
    except files.FileRefused as error:
        raise Unreadable(str(error)) from None
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
        raise Unreadable(f"its format version {files.shown(version)} is not a whole number from 1")
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


class Writer:
    """The one thread that writes the saves made in the background, in the order they were made.

    A save is queued and the frame goes on; the writer takes the queue in order (a newer save is
    never overwritten by an older one), one file at a time, and ends when the queue is empty (the
    next save starts it again: no thread is left waiting for nothing). `wait` waits for the queue.
    """

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None]] = queue.Queue()
        self.lock = threading.Lock()  # a write, queued or not, at a time
        self._starting = threading.Lock()  # (the writer's start and end against a new job)
        self.thread: threading.Thread | None = None

    def put(self, job: Callable[[], None]) -> None:
        """Write later, after every save queued before."""
        with self._starting:
            self.jobs.put(job)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="save-writer")
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self._starting:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    self.thread = None
                    return
            try:
                with self.lock:
                    job()
            finally:
                self.jobs.task_done()

    def wait(self) -> None:
        """Until every save queued is on disk."""
        self.jobs.join()


WRITER = Writer()  # the saves of this process (the game session's, through this module)


def _write_save(path: Path, text: str, background: bool, what: str) -> None:
    """Write a save atomically, now or in the background; saves are written in the order given.

    In the background, the file is written (and synced to disk, which may take
    a few milliseconds) by the writer's thread, so that a frame never waits for
    the disk; a disk problem is then said (`take_problems`), never raised, and
    the previous save stays. A file another process wrote since this one last
    read or wrote it is never replaced (nor in a read-only window): this save is
    not written, and that is said. `wait_for_saves` waits for them.
    """

    def write() -> None:
        try:
            if _READ_ONLY:
                raise ReadOnly("another game window has the player's folder open")
            if changed_elsewhere(path):
                say(
                    f"The {what} in {path} was written by another game window since this one read it; "
                    f"it is kept, and this window's {what} was not saved over it."
                )
                return
            write_atomically(path, text)
        except ReadOnly:
            if not background:
                raise
        except OSError as error:
            if not background:
                raise
            say(
                f"The {what} could not be saved in {path} ({error.strerror or error}); "
                f"the previous save is kept as it was."
            )

    if background:
        WRITER.put(write)
        return
    WRITER.wait()  # saves queued earlier are written first: this one is the newest
    with WRITER.lock:
        write()


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
    WRITER.wait()


def delete_save(path: Path | None = None) -> None:
    """Forget a game in progress (`path`; by default the `race.json` of older versions): it is over
    and kept as a replay, or the player said yes to deleting it."""
    _forget(path, save_path, "the saved race")


def _forget(path: Path | None, default: Callable[[], Path], what: str) -> None:
    """Delete a game in progress's file (`path`, else `default()`) once every save is on disk, unless
    another game window wrote it since this one last read or wrote it (then it is kept, and the log
    says so)."""
    wait_for_saves()
    if _READ_ONLY:
        return
    try:
        path = path or default()
        if changed_elsewhere(path):
            log.warning("%s %s was written by another game window: it is kept", what, path)
            return
        path.unlink(missing_ok=True)
        seen(path)
    except OSError as error:
        log.warning("%s %s could not be deleted: %s", what, path, error)


def check_save(data: Any) -> dict[str, Any]:
    """The race record of a save file's content, upgraded and checked (`game.rules.record.check`), or
    Unreadable with a plain reason naming the field."""
    from game.rules import record

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


def _to_read(path: Path | None, default: Callable[[], Path]) -> Path | None:
    """The file of a game in progress (`path`, else `default()`), to read once every save is on disk,
    the leftovers of an interrupted save removed and the file noted as seen; None when there is none
    (or no user folder: nothing was saved)."""
    wait_for_saves()
    try:
        path = path or default()
    except OSError:
        return None
    remove_leftovers(path)
    seen(path)
    return path if path.is_file() else None


def load_race(path: Path | None = None) -> tuple[SavedRace | None, str | None]:
    """The race saved in `path` (by default the `race.json` of older versions) and no message, or
    None and a sentence saying why it was set aside. A race that is over is given too (its caller
    keeps its replay): nothing is deleted here."""
    path = _to_read(path, save_path)
    if path is None:
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
    _forget(path, season_path, "the championship")


def load_season(path: Path | None = None) -> tuple[Season | None, str | None]:
    """The championship saved in `path` (by default the `season.json` of older versions) and no
    message, or None and a sentence saying why it was set aside."""
    from game.meta.season import Season, SeasonError

    path = _to_read(path, season_path)
    if path is None:
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

    slug = re.sub(r"[^a-z0-9]+", "-", season.name.lower())[:40].strip("-") or "championship"
    base = user_dir() / SEASONS_FOLDER
    folder = base / f"{day}-{slug}"
    number = 2
    while folder.exists():
        folder = base / f"{day}-{slug}-{number}"
        number += 1
    folder.mkdir(parents=True)
    from game.meta.replay import text

    for index, result in enumerate(season.results, 1):
        write_atomically(folder / f"race-{index}.json", text(result.replay))
    table = [line.to_json() for line in season.table()]
    write_atomically(folder / "table.json", json.dumps({"name": season.name, "table": table}, ensure_ascii=False))
    return folder


def delete_replay(path: Path) -> bool:
    """Delete a kept race (a replay of `replays/`, a championship's race of `seasons/`) once the player
    said yes; True when it is gone. Nothing outside those folders, nor in a read-only window."""
    if _READ_ONLY:
        return False
    path = Path(path)
    try:
        base = user_dir().resolve()
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
