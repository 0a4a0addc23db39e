"""What the game keeps for its player between runs: settings and the saved race.

Both live in a per-user folder (see `user_dir`): $XDG_DATA_HOME/fantasy-racing/
on Linux (by default ~/.local/share/fantasy-racing/), %APPDATA%\\fantasy-racing
on Windows, ~/Library/Application Support/fantasy-racing on macOS.

- Files are written atomically (a temporary file beside the target, fsync,
  os.replace), so a crash or a kill during a write leaves the previous file.
- Both files carry a format version. A file this game cannot use (empty, cut
  short, not JSON, not UTF-8, written by a newer version, a field missing or
  of the wrong type, an unknown character, a choice the race does not
  allow, a setting out of range) is renamed aside, never deleted or
  overwritten, and the caller gets one clear sentence naming the file.
- The window game also writes a small rotating log there (fantasy-racing.log),
  the only trace of a problem when there is no console.
"""

from __future__ import annotations

import json
import locale
import logging
import logging.handlers
import math
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import files

if TYPE_CHECKING:
    from game.race import Race
    from game.season import Season

log = logging.getLogger("fantasy-racing")

APP_FOLDER = "fantasy-racing"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "race.json"
LOG_FILE = "fantasy-racing.log"

SETTINGS_FORMAT = 1  # the "format" of settings.json this game writes and reads
SAVE_FILE_FORMAT = 1  # the "version" of race.json's envelope (the race inside has its own format)

WINDOW_SIZES = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))
WINDOW_LIMITS = (320, 7680)  # smallest and largest side of a window the settings accept
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)
LANGUAGES = ("en", "fr")


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
    """Where the unfinished race is kept."""
    return user_dir() / SAVE_FILE


def settings_path() -> Path:
    """Where the settings are kept."""
    return user_dir() / SETTINGS_FILE


def log_path() -> Path:
    """The log file of the window game."""
    return user_dir() / LOG_FILE


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


def _set_aside_phrase(path: Path) -> str:
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


def _kind(value: Any) -> str:
    """A JSON value's kind in plain words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _check_format(data: dict, key: str, known: int, what: str) -> None:
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


# ---------------------------------------------------------------- language
def system_language(environ: dict | None = None) -> str:
    """The language of the system: "fr" when its locale is French, otherwise "en".

    LC_ALL, then LC_MESSAGES, then LANG (the first one set wins, as in POSIX);
    without any, the locale Python sees (Windows, macOS).
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    if environ is None:
        try:
            name = locale.getlocale()[0] or ""
        except ValueError:
            name = ""
        if name.lower().startswith("fr"):
            return "fr"
    return "en"


# ---------------------------------------------------------------- settings
@dataclass
class Settings:
    """The player's settings (settings.json, a small versioned JSON file)."""

    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation_speed: float = 1.0  # 1.0 = normal; 2.0 = twice as fast
    volume: int = 70  # sound effects, 0-100
    music_volume: int = 60  # music, 0-100
    language: str = field(default_factory=system_language)  # "en" or "fr"
    last_board: str = ""
    tutorial_seen: bool = False  # the guided first race was played or skipped (the title offers it until then)
    host_address: str = ""  # where a race hosted from the window listens: "" every interface, or one address
    host_port: int = 47810  # its port (the one to open on a home router)
    join_address: str = ""  # the last race joined: the host's address, the room code, the name given
    join_code: str = ""
    player_name: str = ""
    extra: dict = field(default_factory=dict)  # keys of a newer game, kept and written back
    problem: str = field(default="", compare=False, repr=False)  # why the file was set aside

    @property
    def sound_volume(self) -> int:
        """The volume of the sound effects (another name of `volume`)."""
        return self.volume

    @sound_volume.setter
    def sound_volume(self, value: int) -> None:
        self.volume = value

    @classmethod
    def _defaults_because(cls, problem: str) -> Settings:
        """The default settings, with the one sentence that says why (logged once)."""
        settings = cls()
        settings.problem = problem
        log.warning("%s", problem)
        return settings

    @classmethod
    def load(cls) -> Settings:
        """The saved settings, or the defaults; never raises for a bad file.

        A file that cannot be used at all is set aside and the defaults are
        used; a file with some bad values is set aside too, and its good
        values are kept (the bad ones clamped or reset). `problem` then holds
        one sentence naming the file, shown once (the next start finds no
        bad file).
        """
        try:
            path = settings_path()
        except OSError as error:
            return cls._defaults_because(
                f"The game's folder for settings and saves cannot be made ({error}); "
                f"the default settings are used and nothing will be kept."
            )
        remove_leftovers(path)
        if not path.is_file():
            return cls()
        try:
            data = read_json_file(path, "settings", "settings")
            if not isinstance(data, dict):
                raise Unreadable(f"it holds {_kind(data)}, not settings")
            if "format" in data or "window" not in data:  # the first builds wrote no format
                _check_format(data, "format", SETTINGS_FORMAT, "a settings file")
        except Unreadable as reason:
            return cls._defaults_because(
                f"The settings file {path} could not be read ({reason}); "
                f"{_set_aside_phrase(path)} and the default settings are used."
            )
        settings, fixes = cls.from_dict(data)
        if fixes:
            shown = "; ".join(fixes[:4]) + ("; ..." if len(fixes) > 4 else "")
            settings.problem = (
                f"The settings file {path} had values this game cannot use ({shown}); "
                f"{_set_aside_phrase(path)} and those settings were corrected."
            )
            log.warning("%s", settings.problem)
            if not path.exists():
                settings.save()  # the corrected settings, in a new file
        return settings

    @classmethod
    def from_dict(cls, data: dict) -> tuple[Settings, list[str]]:
        """Settings from a file's values, and what had to be corrected (phrases)."""
        settings, fixes = cls(), []

        def number(key: str) -> float | None:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                fixes.append(f"{key} is {_kind(value)}, not a number: reset")
                return None
            return value

        if "window" in data:
            value = data["window"]
            if (
                isinstance(value, list)
                and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                low, high = WINDOW_LIMITS
                size = (max(low, min(high, value[0])), max(low, min(high, value[1])))
                if size != tuple(value):
                    fixes.append(f"window {value[0]} x {value[1]} is not within {low}-{high}: {size[0]} x {size[1]}")
                settings.window = size
            else:
                fixes.append(f"window is {_kind(value)}, not two whole numbers: reset")
        if "fullscreen" in data:
            if isinstance(data["fullscreen"], bool):
                settings.fullscreen = data["fullscreen"]
            else:
                fixes.append(f"fullscreen is {_kind(data['fullscreen'])}, not true or false: reset")
        if "animation_speed" in data:
            value = number("animation_speed")
            if value is not None:
                nearest = min(ANIMATION_SPEEDS, key=lambda s: abs(math.log(s) - math.log(max(value, 1e-3))))
                if value not in ANIMATION_SPEEDS:
                    fixes.append(
                        f"animation_speed {value:g} is not one of "
                        f"{', '.join(f'{s:g}' for s in ANIMATION_SPEEDS)}: {nearest:g}"
                    )
                settings.animation_speed = nearest
        for key in ("volume", "music_volume"):
            if key in data:
                value = number(key)
                if value is not None:
                    clamped = int(round(max(0, min(100, value))))
                    if not 0 <= value <= 100:
                        fixes.append(f"{key} {value:g} is outside 0-100: {clamped}")
                    elif clamped != value:
                        fixes.append(f"{key} {value:g} is not a whole number: {clamped}")
                    setattr(settings, key, clamped)
        if "language" in data:
            if data["language"] in LANGUAGES:
                settings.language = data["language"]
            else:
                fixes.append(f"language {data['language']!r} is not one of {', '.join(LANGUAGES)}: {settings.language}")
        if "last_board" in data:
            if isinstance(data["last_board"], str):
                settings.last_board = data["last_board"]
            else:
                fixes.append(f"last_board is {_kind(data['last_board'])}, not a text: reset")
        if "tutorial_seen" in data:
            if isinstance(data["tutorial_seen"], bool):
                settings.tutorial_seen = data["tutorial_seen"]
            else:
                fixes.append(f"tutorial_seen is {_kind(data['tutorial_seen'])}, not true or false: reset")
        for key in ("host_address", "join_address", "join_code", "player_name"):
            if key in data:
                if isinstance(data[key], str) and len(data[key]) <= 80:
                    setattr(settings, key, data[key])
                else:
                    fixes.append(f"{key} is {_kind(data[key])}, not a short text: reset")
        if "host_port" in data:
            value = data["host_port"]
            if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 65535:
                settings.host_port = value
            else:
                fixes.append(f"host_port is {_kind(value)}, not a port from 1 to 65535: reset")
        known = {
            "format",
            "window",
            "fullscreen",
            "animation_speed",
            "volume",
            "music_volume",
            "language",
            "last_board",
            "tutorial_seen",
            "host_address",
            "host_port",
            "join_address",
            "join_code",
            "player_name",
        }
        settings.extra = {k: v for k, v in data.items() if k not in known}
        return settings, fixes

    def to_dict(self) -> dict:
        """The settings as written to the file."""
        data = dict(self.extra)
        data.update(
            {
                "format": SETTINGS_FORMAT,
                "window": [int(self.window[0]), int(self.window[1])],
                "fullscreen": bool(self.fullscreen),
                "animation_speed": float(self.animation_speed),
                "volume": int(self.volume),
                "music_volume": int(self.music_volume),
                "language": self.language,
                "last_board": self.last_board,
                "tutorial_seen": bool(self.tutorial_seen),
                "host_address": str(self.host_address),
                "host_port": int(self.host_port),
                "join_address": str(self.join_address),
                "join_code": str(self.join_code),
                "player_name": str(self.player_name),
            }
        )
        return data

    def save(self) -> None:
        """Write the settings (atomically); a disk problem is logged, never raised."""
        try:
            write_atomically(settings_path(), json.dumps(self.to_dict(), indent=2) + "\n")
        except OSError as error:
            log.warning("the settings could not be saved: %s", error)


# ---------------------------------------------------------------- saves
@dataclass
class SavedRace:
    """A race read back from the save file, with what setup it came from."""

    race: Race
    setup: dict[str, Any]


_SAVE_LOCK = threading.Lock()  # one save written at a time
_SAVE_THREADS: list[threading.Thread] = []  # saves being written in the background


def save_race(race, setup: dict, background: bool = False, bots: dict[int, str] | None = None) -> None:
    """Save an unfinished race with its setup (atomically); `bots` (racer: level) are saved as computer
    racers of those levels (a network race's friends, when the race is resumed alone).

    In the background, the file is written (and synced to disk, which may take
    a few milliseconds) by a thread, so that a frame never waits for the disk;
    saves are written in order, and `wait_for_saves` waits for them. Raises
    SaveError for a race that cannot be saved (rigged dice).
    """
    saved = json.loads(race.to_json())
    for index, level in (bots or {}).items():
        saved["racers"][index]["bot"] = level
    text = json.dumps({"version": SAVE_FILE_FORMAT, "setup": setup, "race": saved})
    path = save_path()

    def write() -> None:
        with _SAVE_LOCK:
            try:
                write_atomically(path, text)
            except OSError as error:
                if not background:
                    raise
                log.warning("the race could not be saved in %s: %s", path, error)

    if not background:
        wait_for_saves()  # saves started earlier are written first: this one is the newest
        write()
        return
    thread = threading.Thread(target=write, name="save-race")
    _SAVE_THREADS[:] = [t for t in _SAVE_THREADS if t.is_alive()] + [thread]
    thread.start()


def wait_for_saves() -> None:
    """Wait until every save started in the background is on disk."""
    for thread in list(_SAVE_THREADS):
        thread.join()
    _SAVE_THREADS.clear()


def delete_save() -> None:
    """Forget the saved race (it is over, or the player chose a new one)."""
    wait_for_saves()
    try:
        save_path().unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        log.warning("the saved race could not be deleted: %s", error)


_RACE_FIELDS = (
    ("board", dict, "an object"),
    ("racers", list, "a list"),
    ("turns", int, "a whole number"),
    ("seed", int, "a whole number"),
    ("choices", list, "a list"),
)


def check_save(data: Any) -> None:
    """Raise Unreadable with a plain reason when a save file's content cannot be a race."""
    from game.characters import CHARACTERS
    from game.race import SAVE_FORMAT

    if not isinstance(data, dict):
        raise Unreadable(f"it holds {_kind(data)}, not a saved race")
    _check_format(data, "version", SAVE_FILE_FORMAT, "a saved race")
    if "race" not in data:
        raise Unreadable("the field 'race' is missing")
    race = data["race"]
    if not isinstance(race, dict):
        raise Unreadable(f"the field 'race' is {_kind(race)}, not an object")
    if "setup" in data and not isinstance(data["setup"], (dict, type(None))):
        raise Unreadable(f"the field 'setup' is {_kind(data['setup'])}, not an object")
    _check_format(race, "format", SAVE_FORMAT, "a saved race")
    for key, kind, words in _RACE_FIELDS:
        if key not in race:
            raise Unreadable(f"the field 'race.{key}' is missing")
        value = race[key]
        if isinstance(value, bool) or not isinstance(value, kind):
            raise Unreadable(f"the field 'race.{key}' is {_kind(value)}, not {words}")
    for i, racer in enumerate(race["racers"], 1):
        if not isinstance(racer, dict):
            raise Unreadable(f"racer {i} is {_kind(racer)}, not an object")
        character = racer.get("character")
        if character not in CHARACTERS:
            raise Unreadable(f"racer {i} is an unknown character {character!r}")


def _replay(saved: dict):
    """The saved race, on its Tiled board (with its art) when the file still replays it."""
    from game import Race, load_board

    text = json.dumps(saved)
    source = saved.get("source") or ""
    if isinstance(source, str) and source and os.path.isfile(source):
        try:
            return Race.from_json(text, board=load_board(source))
        except Exception:  # the board was edited since: replay on the board kept in the save
            pass
    return Race.from_json(text)


def read_save(path: Path) -> SavedRace:
    """The race saved in `path`, or Unreadable with a plain reason."""
    from game.race import IllegalChoice, SaveError

    data = read_json_file(path, "a saved race", "save")
    check_save(data)
    try:
        race = _replay(data["race"])
    except SaveError as error:
        cause = error.__cause__ or error.__context__
        if isinstance(cause, IllegalChoice) or "not an option" in str(error):
            raise Unreadable("one of its choices is not one the race allows at that point") from None
        raise Unreadable(str(error).removeprefix("the save ").splitlines()[0][:160]) from None
    except IllegalChoice:
        raise Unreadable("one of its choices is not one the race allows at that point") from None
    except Exception as error:  # any other damage: still one sentence, never a traceback
        raise Unreadable(f"it is damaged ({type(error).__name__}: {str(error)[:100]})") from None
    return SavedRace(race=race, setup=dict(data.get("setup") or {}))


def load_race() -> tuple[SavedRace | None, str | None]:
    """The saved race and no message, or None and a sentence saying why it was set aside."""
    wait_for_saves()
    try:
        path = save_path()
    except OSError:  # no user folder: nothing was saved (the settings said so once)
        return None, None
    remove_leftovers(path)
    if not path.is_file():
        return None, None
    try:
        saved = read_save(path)
    except Unreadable as reason:
        message = (
            f"The saved race {path} could not be read ({reason}); {_set_aside_phrase(path)} and a new race can start."
        )
        log.warning("%s", message)
        return None, message
    if getattr(saved.race, "over", False):
        delete_save()
        return None, None
    return saved, None


# ---------------------------------------------------------------- the championship
SEASON_FILE = "season.json"
SEASONS_FOLDER = "seasons"  # finished seasons, each a folder of replays and its table


def season_path() -> Path:
    """Where the championship in progress is kept."""
    return user_dir() / SEASON_FILE


def save_season(season: Season, background: bool = False) -> None:
    """Save the championship (and its race in progress) atomically, like a race (see save_race)."""
    text = season.to_json()
    path = season_path()

    def write() -> None:
        with _SAVE_LOCK:
            try:
                write_atomically(path, text)
            except OSError as error:
                if not background:
                    raise
                log.warning("the season could not be saved in %s: %s", path, error)

    if not background:
        wait_for_saves()  # saves started earlier are written first: this one is the newest
        write()
        return
    thread = threading.Thread(target=write, name="save-season")
    _SAVE_THREADS[:] = [t for t in _SAVE_THREADS if t.is_alive()] + [thread]
    thread.start()


def delete_season() -> None:
    """Forget the championship in progress (it is over, or the player started another)."""
    wait_for_saves()
    try:
        season_path().unlink(missing_ok=True)
    except OSError as error:
        log.warning("the season file could not be removed: %s", error)


def load_season() -> tuple[Season | None, str | None]:
    """The championship in progress and no message, or None and a sentence saying why it was set aside."""
    from game.season import Season, SeasonError

    wait_for_saves()
    try:
        path = season_path()
    except OSError:
        return None, None
    remove_leftovers(path)
    if not path.is_file():
        return None, None
    try:
        data = read_json_file(path, "a championship", "season")
        season = Season.from_json(json.dumps(data))
    except (Unreadable, SeasonError) as reason:
        message = (
            f"The saved championship {path} could not be read ({reason}); {_set_aside_phrase(path)} "
            "and a new championship can start."
        )
        log.warning("%s", message)
        return None, message
    return season, None


def keep_season(season: Season, day: str) -> Path:
    """Write a finished season where the player keeps it: seasons/<day>-<name>/ with each race's replay
    (race-1.json, ...) and the final table (table.json); the folder (raises OSError)."""
    import re

    slug = re.sub(r"[^a-z0-9]+", "-", season.name.lower()).strip("-") or "championship"
    base = user_dir() / SEASONS_FOLDER
    folder = base / f"{day}-{slug}"
    number = 2
    while folder.exists():
        folder = base / f"{day}-{slug}-{number}"
        number += 1
    folder.mkdir(parents=True)
    for index, result in enumerate(season.results, 1):
        write_atomically(folder / f"race-{index}.json", result.replay)
    table = [line.to_json() for line in season.table()]
    write_atomically(folder / "table.json", json.dumps({"name": season.name, "table": table}, ensure_ascii=False))
    return folder


# ---------------------------------------------------------------- log
class _LogStream:
    """A stand-in for a missing sys.stdout / sys.stderr: lines go to the log."""

    def __init__(self, level: int) -> None:
        self.level = level
        self._line = ""

    def write(self, text: str) -> int:
        self._line += text
        while "\n" in self._line:
            line, self._line = self._line.split("\n", 1)
            if line.strip():
                log.log(self.level, "%s", line)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log the window game to a rotating file in the user folder (and to stderr when there is one).

    Without a console (a windowed build, pythonw: sys.stdout or sys.stderr is
    None) printed lines and uncaught errors go to the log too. Returns the
    log file, or None when the folder cannot be written.
    """
    root = logging.getLogger()
    root.setLevel(min(root.level or level, level))
    path: Path | None = None
    if not any(h.get_name() == "fantasy-racing-file" for h in root.handlers):
        try:
            path = log_path()
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=512_000, backupCount=2, encoding="utf-8", delay=True
            )
        except OSError:
            handler = None
        if handler is not None:
            handler.set_name("fantasy-racing-file")
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
            root.addHandler(handler)
        if sys.stderr is not None and not any(h.get_name() == "fantasy-racing-console" for h in root.handlers):
            console = logging.StreamHandler(sys.stderr)
            console.set_name("fantasy-racing-console")
            console.setLevel(logging.WARNING)
            console.setFormatter(logging.Formatter("%(name)s: %(message)s"))
            root.addHandler(console)
    if sys.stdout is None:
        sys.stdout = _LogStream(logging.INFO)
    if sys.stderr is None:
        sys.stderr = _LogStream(logging.ERROR)

    def log_uncaught(kind, value, traceback) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, value, traceback)
            return
        log.critical("the game stopped on an error", exc_info=(kind, value, traceback))

    sys.excepthook = log_uncaught
    log.info(
        "Fantasy Racing starts (Python %s, %s%s)",
        sys.version.split()[0],
        sys.platform,
        ", packaged" if getattr(sys, "frozen", False) else "",
    )
    return path
