"""The player's settings: settings.json in the player's folder (`game.app.folder.PlayerFolder`, handed
by its owner: the window's, the command's, `game.app.session.FOLDER`).

A small versioned JSON file, written atomically. Every setting is one row of
one table, `SETTINGS` (name, type, bounds or choices, default, the keys of its
words in both languages, the page of the settings screen that shows it): the
settings screen, the file's validation and the defaults all come from it. A
file this game cannot use at all is set aside and the defaults are used; a
file with some bad values is set aside too, its good values kept and the bad
ones clamped or reset; either way one sentence naming the file says so, once.
Older files (the first builds wrote no "format"; later ones lack the newer
settings) are read as they are, the missing settings taking their defaults.
"""

from __future__ import annotations

import json
import locale
import logging
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.app.controls import read_controls
from game.app.folder import PlayerFolder
from game.app.jsonfiles import Unreadable, opened, read_json_file
from game.app.leftovers import remove_leftovers
from game.envelope import Envelope
from game.files import kind_of
from game.rules import levels
from game.rules.characters import CHARACTERS
from game.rules.race import MAX_RACERS, MAX_TURNS, MIN_RACERS
from game.rules.record import LIST, NAME_LENGTH, OBJECT, PATH_LENGTH, TEXT, WHOLE, Field

log = logging.getLogger("fantasy-racing")

SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = 1  # the "format" of settings.json this game writes and reads
ENVELOPE = Envelope("a settings file", "format", SETTINGS_FORMAT)  # (game/envelope.py)

WINDOW_SIZES = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))
WINDOW_LIMITS = (320, 3840)  # smallest and largest side of a window the settings accept (4K at most)
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)
VOLUMES = tuple(range(0, 101, 10))  # the volumes' steps (percent)
LANGUAGES = ("en", "fr")
BOOK_TEXT_SIZES = (100, 110, 120, 130, 140, 150)  # the Rule book text setting's steps (percent)
TEXT_SIZES = (100, 115, 125, 150)  # the Text size setting's steps (percent): every word of every screen
COLOUR_VISIONS = ("normal", "red_green", "blue_yellow", "monochrome")  # the palettes (scenes/core/theme.py)
INTERFACE_SCALES = ("auto", "100", "125", "150", "175", "200")  # the Interface scale's steps (scenes/core/canvas.py)
SEAT_KEYS = 8  # the seat keys of the last races joined that the settings keep (docs/network.md)

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


def settings_path(folder: PlayerFolder) -> Path:
    """Where the settings are kept in the player's folder (raises OSError when it cannot be made)."""
    return folder.path() / SETTINGS_FILE


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


# ---------------------------------------------------------------- the table
Read = tuple[Any, "str | None"]  # a value read from the file, and the phrase of what was corrected (or None)


def _is_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)


def read_flag(row: Setting, value: Any) -> Read:
    """True or false."""
    if isinstance(value, bool):
        return value, None
    return row.default(), f"{row.name} is {kind_of(value)}, not true or false: reset"


def read_whole(row: Setting, value: Any) -> Read:
    """A whole number within the row's bounds: clamped to them (`clamp`), else reset."""
    low, high = row.bounds
    if not _is_number(value):
        return row.default(), f"{row.name} is {kind_of(value)}, not a number: reset"
    if not row.clamp:
        if type(value) is int and low <= value <= high:
            return value, None
        return row.default(), f"{row.name} is {kind_of(value)}, not {row.words_of_bounds}: reset"
    clamped = int(round(max(low, min(high, value))))
    if not low <= value <= high:
        return clamped, f"{row.name} {value:g} is outside {low}-{high}: {clamped}"
    if clamped != value:
        return clamped, f"{row.name} {value:g} is not a whole number: {clamped}"
    return clamped, None


def read_step(row: Setting, value: Any) -> Read:
    """One of the row's numbers (a speed, a percentage): the nearest one (on a log scale)."""
    if not _is_number(value):
        return row.default(), f"{row.name} is {kind_of(value)}, not a number: reset"
    nearest = min(row.choices, key=lambda s: abs(math.log(s) - math.log(max(value, 1e-3))))
    if value in row.choices:
        return nearest, None
    listed = ", ".join(f"{s:g}" for s in row.choices)
    return nearest, f"{row.name} {value:g} is not one of {listed}: {nearest:g}"


def read_among(row: Setting, value: Any) -> Read:
    """One of the row's words (a language, a palette)."""
    if isinstance(value, str) and value in row.choices:
        return value, None
    default = row.default()
    return default, f"{row.name} {repr(value)[:24]} is not one of {', '.join(row.choices)}: {default}"


def read_text(row: Setting, value: Any) -> Read:
    """A printable text no longer than the row's bound."""
    wrong = Field(row.name, TEXT, longest=row.bounds[1]).problem(value, row.name)
    return (value, None) if wrong is None else (row.default(), f"{wrong}: reset")


def read_window(row: Setting, value: Any) -> Read:
    """A window's width and height, each within WINDOW_LIMITS."""
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        return row.default(), f"{row.name} is {kind_of(value)}, not two whole numbers: reset"
    low, high = row.bounds
    size = (max(low, min(high, value[0])), max(low, min(high, value[1])))
    if size != tuple(value):
        return size, f"{row.name} {value[0]} x {value[1]} is not within {low}-{high}: {size[0]} x {size[1]}"
    return size, None


def read_lineups(row: Setting, value: Any) -> Read:
    """The setups' last lineups: each one checked on its own (a bad one is forgotten, the others kept)."""
    if not isinstance(value, dict):
        return row.default(), f"{row.name} is {kind_of(value)}, not an object: reset"
    kept, fixes = {}, []
    for key in LINEUPS:
        if key in value:
            wrong = lineup_problem(value[key], f"{row.name}.{key}")
            if wrong is None:
                kept[key] = value[key]
            else:
                fixes.append(f"{wrong}: forgotten")
    return kept, "; ".join(fixes) or None


def read_seat_keys(row: Setting, value: Any) -> Read:
    """The keys of the seats of the last races joined: "place" -> key, the last SEAT_KEYS."""
    if isinstance(value, dict) and all(
        isinstance(k, str)
        and isinstance(v, str)
        and len(k) <= 200
        and 16 <= len(v) <= 64
        and k.isprintable()
        and v.isprintable()
        for k, v in value.items()
    ):
        return dict(list(value.items())[-SEAT_KEYS:]), None
    return row.default(), f"{row.name} is {kind_of(value)}, not the keys of seats: reset"


def read_bindings(row: Setting, value: Any) -> Read:
    """The player's bindings: the actions he rebound (game.app.controls), each checked."""
    kept, fixes = read_controls(value)
    return kept, "; ".join(fixes) or None


@dataclass(frozen=True)
class Setting:
    """One setting: its name (the attribute and the file's key), how the file's value is read, its
    default, its bounds or choices, and where the settings screen shows it: `page` ("" for the settings
    the game keeps by itself), `words` the key of its label in the catalogues (assets/i18n), `shown`
    how its values are said ("size", "on_off", "speed", "percent", or a catalogue prefix: the value's
    key is prefix + "." + value), `applies` what a change sets going ("window", "volumes", "language",
    "" only saved)."""

    name: str
    read: Callable[[Setting, Any], Read]
    make: Callable[[], Any]  # the default (a fresh one each time: lists and dicts are never shared)
    choices: tuple[Any, ...] = ()
    bounds: tuple[int, int] = (0, 0)
    clamp: bool = True  # a whole number outside its bounds: clamped (True) or reset (False)
    words_of_bounds: str = ""  # a whole number reset: what it should have been ("a port from 1 to 65535")
    page: str = ""
    words: str = ""
    shown: str = ""
    applies: str = ""
    write: Callable[[Any], Any] = lambda value: value  # the value as the file holds it

    def default(self) -> Any:
        """The default value."""
        return self.make()


def percent(name: str, default: int, steps: tuple[int, ...], page: str, applies: str) -> Setting:
    """A setting in whole percents from the first of `steps` to the last (the screen steps through them)."""
    return Setting(
        name,
        read_whole,
        lambda: default,
        steps,
        (steps[0], steps[-1]),
        page=page,
        words=f"settings.{name}",
        shown="percent",
        applies=applies,
    )


def effects(name: str) -> Setting:
    """Effects that can be "full" (the default) or "reduced", on the Accessibility page."""
    return Setting(
        name,
        read_among,
        lambda: "full",
        ("full", "reduced"),
        page="access",
        words=f"settings.{name}",
        shown="settings.effects",
        applies="theme",
    )


PAGES = ("general", "access")  # the settings screen's pages (scenes/screens/settings.py), in order

SETTINGS: tuple[Setting, ...] = (
    # name, how the file's value is read, default, bounds or choices, the screen's page, words, values, effect
    Setting(
        "window",
        read_window,
        lambda: (1280, 720),
        WINDOW_SIZES,
        WINDOW_LIMITS,
        page="general",
        words="settings.window",
        shown="size",
        applies="window",
        write=lambda v: [int(v[0]), int(v[1])],
    ),
    Setting(
        "fullscreen",
        read_flag,
        lambda: False,
        (False, True),
        page="general",
        words="settings.fullscreen",
        shown="on_off",
        applies="window",
    ),
    Setting(
        "animation_speed",
        read_step,
        lambda: 1.0,
        ANIMATION_SPEEDS,
        page="general",
        words="settings.speed",
        shown="speed",
        write=float,
    ),  # 1.0 = normal; 2.0 = twice as fast
    percent("volume", 70, VOLUMES, page="general", applies="volumes"),  # the sound effects
    percent("music_volume", 60, VOLUMES, page="general", applies="volumes"),
    Setting(
        "language",
        read_among,
        system_language,
        LANGUAGES,
        page="general",
        words="settings.language",
        shown="language",
        applies="language",
    ),
    # accessibility: the racers' colours for the player's eyes (scenes/core/theme.py PALETTES)
    Setting(
        "colour_vision",
        read_among,
        lambda: "normal",
        COLOUR_VISIONS,
        page="access",
        words="settings.colour_vision",
        shown="settings.colour_vision",
        applies="theme",
    ),
    # effects that do not hurt: "reduced" flashes (no full-screen flash, never more than three flashes a
    # second) and "reduced" motion (the camera cuts instead of gliding)
    effects("flashes"),
    effects("motion"),
    # every word of every screen, 100 to 150 % of its size (scenes/core/assets.py font() scales each size by it)
    percent("text_size", 100, TEXT_SIZES, page="access", applies="theme"),
    # the rule book's words, 100 to 150 % of their size (scenes/screens/rules_help.py lays the book out with them)
    percent("book_text_size", 100, BOOK_TEXT_SIZES, page="access", applies="theme"),
    # how large the interface is drawn: "auto" follows the window (and a high-density desktop), else a
    # percentage; the logical screen is the window over it, so the race's board takes what is left
    Setting(
        "interface_scale",
        read_among,
        lambda: "auto",
        INTERFACE_SCALES,
        page="access",
        words="settings.interface_scale",
        shown="settings.interface_scale",
        applies="window",
    ),
    Setting("last_board", read_text, str, bounds=(0, PATH_LENGTH)),
    # the guided first race was played or skipped (the title offers it until then)
    Setting("tutorial_seen", read_flag, lambda: False),
    # where a race hosted from the window listens: "" every interface, or one address (a host name is at most
    # 253 characters), and its port (the one to open on a home router)
    Setting("host_address", read_text, str, bounds=(0, 255)),
    Setting(
        "host_port", read_whole, lambda: 47810, bounds=(1, 65535), clamp=False, words_of_bounds="a port from 1 to 65535"
    ),
    # the relay a race hosted "on the internet" registers on: [ws://|wss://]host[:port] (game/net/invite.py),
    # checked where it is used
    Setting("relay", read_text, str, bounds=(0, 300)),
    # the last race joined: the host's address, the room code, the name given
    Setting("join_address", read_text, str, bounds=(0, 255)),
    Setting("join_code", read_text, str, bounds=(0, 16)),
    Setting("player_name", read_text, str, bounds=(0, NAME_LENGTH)),
    # the statistics' "that's me" (game/app/stats.py): the other names the player plays under, by commas
    Setting("me_names", read_text, str, bounds=(0, 8 * (NAME_LENGTH + 2))),
    # the statistics' reset: only the races kept from then (ISO) count; "" all
    Setting("stats_since", read_text, str, bounds=(0, 32)),
    # LINEUPS: each setup's last lineup
    Setting("lineups", read_lineups, dict, write=lambda v: {key: v[key] for key in LINEUPS if key in v}),
    # the seat keys the hosts of the last races joined gave (a seat is taken back after a drop only with
    # its key): "address code name" (game.net.protocol.key_place) -> key, the most recent last
    Setting("seat_keys", read_seat_keys, dict, write=dict),
    # the actions the player rebound (Settings > Controls): an action -> its keys and buttons; the others
    # keep their defaults (game/app/controls.py)
    Setting("controls", read_bindings, dict, write=lambda v: {k: list(b) for k, b in v.items()}),
)
TABLE = {row.name: row for row in SETTINGS}


def default(name: str) -> Any:
    """The dataclass field of setting `name`, its default from the table."""
    return field(default_factory=TABLE[name].make)


# ---------------------------------------------------------------- settings
@dataclass
class Settings:
    """The player's settings (settings.json, a small versioned JSON file); each field a row of SETTINGS."""

    window: tuple[int, int] = default("window")
    fullscreen: bool = default("fullscreen")
    animation_speed: float = default("animation_speed")
    volume: int = default("volume")
    music_volume: int = default("music_volume")
    language: str = default("language")
    colour_vision: str = default("colour_vision")
    flashes: str = default("flashes")
    motion: str = default("motion")
    text_size: int = default("text_size")
    book_text_size: int = default("book_text_size")
    interface_scale: str = default("interface_scale")
    last_board: str = default("last_board")
    tutorial_seen: bool = default("tutorial_seen")
    host_address: str = default("host_address")
    host_port: int = default("host_port")
    relay: str = default("relay")
    join_address: str = default("join_address")
    join_code: str = default("join_code")
    player_name: str = default("player_name")
    me_names: str = default("me_names")
    stats_since: str = default("stats_since")
    lineups: dict[str, dict[str, Any]] = default("lineups")
    seat_keys: dict[str, str] = default("seat_keys")
    controls: dict[str, list[str]] = default("controls")
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
    def load(cls, folder: PlayerFolder) -> Settings:
        """The settings saved in the player's `folder`, or the defaults; never raises for a bad file.

        A file that cannot be used at all is set aside and the defaults are
        used; a file with some bad values is set aside too, and its good
        values are kept (the bad ones clamped or reset). `problem` then holds
        one sentence naming the file, shown once (the next start finds no
        bad file).
        """
        try:
            path = settings_path(folder)
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
            data = opened(ENVELOPE, data, bare=1 if "window" in data else None)  # the first builds wrote no format
        except Unreadable as reason:
            return cls._defaults_because(
                f"The settings file {path} could not be read ({reason}); "
                f"{folder.set_aside_phrase(path)} and the default settings are used."
            )
        settings, fixes = cls.from_dict(data)
        if fixes:
            shown = "; ".join(fixes[:4]) + ("; ..." if len(fixes) > 4 else "")
            settings.problem = (
                f"The settings file {path} had values this game cannot use ({shown}); "
                f"{folder.set_aside_phrase(path)} and those settings were corrected."
            )
            log.warning("%s", settings.problem)
            if not path.exists():
                settings.save(folder)  # the corrected settings, in a new file
        return settings

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a file's values (each read by its row of SETTINGS; a missing one takes its
        default), and what had to be corrected (phrases)."""
        settings, fixes = cls(), []
        for row in SETTINGS:
            if row.name in data:
                value, fixed = row.read(row, data[row.name])
                setattr(settings, row.name, value)
                if fixed:
                    fixes.append(fixed)
        settings.extra = {k: v for k, v in data.items() if k != "format" and k not in TABLE}
        return settings, fixes

    def to_dict(self) -> dict[str, Any]:
        """The settings as written to the file."""
        data = dict(self.extra)
        data.update({row.name: row.write(getattr(self, row.name)) for row in SETTINGS})
        return ENVELOPE.stamp(data)

    def keep_seat_key(self, place: str, key: str) -> None:
        """Keep the key of a seat taken (`place`: game.net.protocol.key_place), the last SEAT_KEYS only."""
        self.seat_keys.pop(place, None)
        if key:
            self.seat_keys[place] = key
        while len(self.seat_keys) > SEAT_KEYS:
            del self.seat_keys[next(iter(self.seat_keys))]

    def save(self, folder: PlayerFolder) -> None:
        """Write the settings in the player's `folder` (atomically, never through a link; nothing in a
        read-only window); a disk problem is logged, never raised."""
        try:
            folder.write_atomically(settings_path(folder), json.dumps(self.to_dict(), indent=2) + "\n")
        except OSError as error:
            log.warning("the settings could not be saved: %s", error)
