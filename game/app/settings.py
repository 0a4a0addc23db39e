"""The player's settings: settings.json in the per-user folder (`game.app.userdata`).

A small versioned JSON file, written atomically. A file this game cannot use
at all is set aside and the defaults are used; a file with some bad values
is set aside too, its good values kept and the bad ones clamped or reset;
either way one sentence naming the file says so, once.
"""

from __future__ import annotations

import json
import locale
import logging
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.app.userdata import (
    Unreadable,
    check_format,
    read_json_file,
    remove_leftovers,
    set_aside_phrase,
    user_dir,
    write_atomically,
)
from game.files import kind_of
from game.rules import levels
from game.rules.characters import CHARACTERS
from game.rules.race import MAX_RACERS, MAX_TURNS, MIN_RACERS
from game.rules.record import LIST, NAME_LENGTH, OBJECT, PATH_LENGTH, TEXT, WHOLE, Field

log = logging.getLogger("fantasy-racing")

SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = 1  # the "format" of settings.json this game writes and reads

WINDOW_SIZES = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))
WINDOW_LIMITS = (320, 3840)  # smallest and largest side of a window the settings accept (4K at most)
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)
LANGUAGES = ("en", "fr")
SEAT_KEYS = 8  # the seat keys of the last races joined that the settings keep (docs/network.md)
#: The settings' texts, as the record's one validation checks them (printable, bounded).
TEXTS = (
    Field("last_board", TEXT, longest=PATH_LENGTH),
    Field("host_address", TEXT, longest=255),  # a host name is at most 253 characters
    Field("join_address", TEXT, longest=255),
    Field("join_code", TEXT, longest=16),
    Field("player_name", TEXT, longest=NAME_LENGTH),
    Field("me_names", TEXT, longest=8 * (NAME_LENGTH + 2)),  # "that's me": other names of the player, by commas
    Field("stats_since", TEXT, longest=32),  # the statistics count the races kept from then (ISO), "" all
)

#: The setups that remember their last lineup ("race": the race's and the host's, "season": the
#: championship's), and what a lineup holds: the board (the championship: its name and a board per
#: race), the turns (0: each board's own), the racers (who plays each, his name, his character).
LINEUPS = ("race", "season")
SEAT_KINDS = levels.SETUP_KINDS  # a person here, a computer, a friend
LINEUP_FIELDS = (
    Field("board", TEXT, optional=True, longest=PATH_LENGTH),
    Field("name", TEXT, optional=True, longest=NAME_LENGTH),
    Field("boards", LIST, optional=True, items=TEXT, longest=8, item_longest=PATH_LENGTH),
    Field("turns", WHOLE, low=0, high=MAX_TURNS),
    Field("racers", LIST, items=OBJECT, longest=MAX_RACERS),
)
LINEUP_RACER = (
    Field("kind", TEXT, among=SEAT_KINDS),
    Field("name", TEXT, longest=NAME_LENGTH),
    Field("character", TEXT, among=tuple(CHARACTERS)),
)


def lineup_problem(lineup: Any, name: str) -> str | None:
    """What is wrong with a remembered lineup (`name`: its place in the file), or None."""
    if not isinstance(lineup, dict):
        return f"{name} is {kind_of(lineup)}, not a lineup"
    for key, fields in ((None, LINEUP_FIELDS), *((k, LINEUP_RACER) for k in range(len(lineup.get("racers") or [])))):
        data = lineup if key is None else lineup["racers"][key]
        where = name if key is None else f"{name}.racers[{key + 1}]"
        for each in fields:
            if each.key not in data:
                if not each.optional:
                    return f"{where} has no {each.key}"
                continue
            wrong = each.problem(data[each.key], f"{where}.{each.key}")
            if wrong is not None:
                return wrong
    if len(lineup["racers"]) < MIN_RACERS:
        return f"{name} has {len(lineup['racers'])} racers, fewer than {MIN_RACERS}"
    return None


def settings_path() -> Path:
    """Where the settings are kept."""
    return user_dir() / SETTINGS_FILE


# ---------------------------------------------------------------- language
def system_language(environ: Mapping[str, str] | None = None) -> str:
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
    me_names: str = ""  # the statistics' "that's me" (game/app/stats.py): other names he plays under
    stats_since: str = ""  # the statistics' reset: the races kept from then count
    lineups: dict[str, dict[str, Any]] = field(default_factory=dict)  # LINEUPS: each setup's last lineup
    # the seat keys the hosts of the last races joined gave (a seat is taken back after a drop only with
    # its key): "address code name" (game.net.protocol.key_place) -> key, the most recent last
    seat_keys: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # keys of a newer game, kept and written back
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
                raise Unreadable(f"it holds {kind_of(data)}, not settings")
            if "format" in data or "window" not in data:  # the first builds wrote no format
                check_format(data, "format", SETTINGS_FORMAT, "a settings file")
        except Unreadable as reason:
            return cls._defaults_because(
                f"The settings file {path} could not be read ({reason}); "
                f"{set_aside_phrase(path)} and the default settings are used."
            )
        settings, fixes = cls.from_dict(data)
        if fixes:
            shown = "; ".join(fixes[:4]) + ("; ..." if len(fixes) > 4 else "")
            settings.problem = (
                f"The settings file {path} had values this game cannot use ({shown}); "
                f"{set_aside_phrase(path)} and those settings were corrected."
            )
            log.warning("%s", settings.problem)
            if not path.exists():
                settings.save()  # the corrected settings, in a new file
        return settings

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a file's values, and what had to be corrected (phrases)."""
        settings, fixes = cls(), []

        def number(key: str) -> float | None:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                fixes.append(f"{key} is {kind_of(value)}, not a number: reset")
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
                fixes.append(f"window is {kind_of(value)}, not two whole numbers: reset")
        for key in ("fullscreen", "tutorial_seen"):
            if key in data:
                if isinstance(data[key], bool):
                    setattr(settings, key, data[key])
                else:
                    fixes.append(f"{key} is {kind_of(data[key])}, not true or false: reset")
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
            if isinstance(data["language"], str) and data["language"] in LANGUAGES:
                settings.language = data["language"]
            else:
                shown = repr(data["language"])[:24]
                fixes.append(f"language {shown} is not one of {', '.join(LANGUAGES)}: {settings.language}")
        for text in TEXTS:
            if text.key in data:
                wrong = text.problem(data[text.key], text.key)
                if wrong is None:
                    setattr(settings, text.key, data[text.key])
                else:
                    fixes.append(f"{wrong}: reset")
        if "lineups" in data:
            value = data["lineups"]
            if isinstance(value, dict):
                for key in LINEUPS:
                    if key in value:
                        wrong = lineup_problem(value[key], f"lineups.{key}")
                        if wrong is None:
                            settings.lineups[key] = value[key]
                        else:
                            fixes.append(f"{wrong}: forgotten")
            else:
                fixes.append(f"lineups is {kind_of(value)}, not an object: reset")
        if "seat_keys" in data:
            value = data["seat_keys"]
            if isinstance(value, dict) and all(
                isinstance(k, str)
                and isinstance(v, str)
                and len(k) <= 200
                and 16 <= len(v) <= 64
                and k.isprintable()
                and v.isprintable()
                for k, v in value.items()
            ):
                settings.seat_keys = dict(list(value.items())[-SEAT_KEYS:])
            else:
                fixes.append(f"seat_keys is {kind_of(value)}, not the keys of seats: reset")
        if "host_port" in data:
            value = data["host_port"]
            if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 65535:
                settings.host_port = value
            else:
                fixes.append(f"host_port is {kind_of(value)}, not a port from 1 to 65535: reset")
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
            "me_names",
            "stats_since",
            "lineups",
            "seat_keys",
        }
        settings.extra = {k: v for k, v in data.items() if k not in known}
        return settings, fixes

    def to_dict(self) -> dict[str, Any]:
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
                "me_names": str(self.me_names),
                "stats_since": str(self.stats_since),
                "lineups": {key: self.lineups[key] for key in LINEUPS if key in self.lineups},
                "seat_keys": dict(self.seat_keys),
            }
        )
        return data

    def keep_seat_key(self, place: str, key: str) -> None:
        """Keep the key of a seat taken (`place`: game.net.protocol.key_place), the last SEAT_KEYS only."""
        self.seat_keys.pop(place, None)
        if key:
            self.seat_keys[place] = key
        while len(self.seat_keys) > SEAT_KEYS:
            del self.seat_keys[next(iter(self.seat_keys))]

    def save(self) -> None:
        """Write the settings (atomically); a disk problem is logged, never raised."""
        try:
            write_atomically(settings_path(), json.dumps(self.to_dict(), indent=2) + "\n")
        except OSError as error:
            log.warning("the settings could not be saved: %s", error)
