"""What the game keeps for its player between runs: settings and the saved race.

Both live in a per-user folder: $XDG_DATA_HOME/fantasy-racing/ (on Linux by
default ~/.local/share/fantasy-racing/; %APPDATA% on Windows). Files are
written atomically (temporary file, fsync, os.replace), so a crash never
leaves half a file; a file that cannot be read is renamed aside, never
deleted, and the caller gets one clear sentence to show.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

APP_FOLDER = "fantasy-racing"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "race.json"

WINDOW_SIZES = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)


def user_dir() -> Path:
    """The per-user folder of the game (created when needed)."""
    base = os.environ.get("XDG_DATA_HOME")
    if not base:
        if sys.platform.startswith("win"):
            base = os.environ.get("APPDATA") or str(Path.home())
        else:
            base = str(Path.home() / ".local" / "share")
    folder = Path(base) / APP_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a reader sees the old or the new file, never half."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def set_aside(path: Path) -> Path:
    """Rename an unreadable file beside itself (never delete the player's data)."""
    aside = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    os.replace(path, aside)
    return aside


@dataclass
class Settings:
    """The player's settings (settings.json)."""

    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation_speed: float = 1.0   # 1.0 = normal; 2.0 = twice as fast
    volume: int = 70               # 0-100
    last_board: str = ""
    extra: dict = field(default_factory=dict)

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings, or the defaults when there are none or they are unreadable."""
        path = user_dir() / SETTINGS_FILE
        if not path.is_file():
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            settings = cls(
                window=tuple(int(v) for v in data.get("window", (1280, 720)))[:2],
                fullscreen=bool(data.get("fullscreen", False)),
                animation_speed=float(data.get("animation_speed", 1.0)),
                volume=max(0, min(100, int(data.get("volume", 70)))),
                last_board=str(data.get("last_board", "")),
            )
        except (ValueError, TypeError, AttributeError):
            set_aside(path)
            return cls()
        if settings.animation_speed not in ANIMATION_SPEEDS:
            settings.animation_speed = 1.0
        if len(settings.window) != 2 or min(settings.window) < 200:
            settings.window = (1280, 720)
        return settings

    def save(self) -> None:
        """Write the settings (atomically)."""
        data = asdict(self)
        data["window"] = list(self.window)
        data.pop("extra", None)
        write_atomically(user_dir() / SETTINGS_FILE, json.dumps(data, indent=2))


@dataclass
class SavedRace:
    """A race read back from the save file, with what setup it came from."""

    race: object
    setup: dict


def save_path() -> Path:
    """Where the unfinished race is kept."""
    return user_dir() / SAVE_FILE


_SAVES = {"lock": threading.Lock(), "threads": []}


def save_race(race, setup: dict, background: bool = False) -> None:
    """Save an unfinished race with its setup (atomically).

    In the background, the file is written (and synced to disk, which may take
    a few milliseconds) by a thread, so that a frame never waits for the disk;
    saves are written in order, and `wait_for_saves` waits for them.
    """
    text = json.dumps({"version": 1, "setup": setup, "race": json.loads(race.to_json())})
    path = save_path()

    def write() -> None:
        with _SAVES["lock"]:
            write_atomically(path, text)
    if not background:
        write()
        return
    thread = threading.Thread(target=write, name="save-race")
    _SAVES["threads"] = [t for t in _SAVES["threads"] if t.is_alive()] + [thread]
    thread.start()


def wait_for_saves() -> None:
    """Wait until every save started in the background is on disk."""
    for thread in list(_SAVES["threads"]):
        thread.join()
    _SAVES["threads"] = []


def delete_save() -> None:
    """Forget the saved race (it is over, or the player chose a new one)."""
    wait_for_saves()
    try:
        save_path().unlink()
    except FileNotFoundError:
        pass


def _replay(saved: dict):
    """The saved race, on its Tiled board (with its art) when the file still replays it."""
    from game import Race, load_board

    text = json.dumps(saved)
    source = saved.get("source") or ""
    if source and os.path.isfile(source):
        try:
            return Race.from_json(text, board=load_board(source))
        except Exception:  # the board was edited since: replay on the board kept in the save
            pass
    return Race.from_json(text)


def load_race() -> tuple[Optional[SavedRace], Optional[str]]:
    """The saved race and no message, or None and a sentence saying why it was set aside."""
    wait_for_saves()
    path = save_path()
    if not path.is_file():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        race = _replay(data["race"])
        setup = dict(data.get("setup") or {})
    except Exception as error:  # any unreadable save is set aside, whatever broke
        aside = set_aside(path)
        if isinstance(error, json.JSONDecodeError):
            reason = "it is not valid JSON"
        else:
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return None, (f"The saved race {path} could not be read ({reason[:90]}); "
                      f"it was kept as {aside.name} and a new race can start.")
    if getattr(race, "over", False):
        delete_save()
        return None, None
    return SavedRace(race=race, setup=setup), None
