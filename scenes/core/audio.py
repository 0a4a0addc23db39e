"""The game's sound: effects for engine events and UI, and the music loops.

`Audio(settings)` opens the mixer if the machine has a sound card; when it
has none (pygame.mixer.init raises), it logs one warning and every method
quietly does nothing, so the game never crashes for lack of sound. Effects
are loaded on first use and cached; files are found through
`scenes.core.assets.asset_path` (next to the package or in the PyInstaller
bundle, never relative to the working directory). A missing or unreadable
file is logged once and then ignored. No threads: pygame's mixer plays in
the background on its own.

The files are made by tools/make_sounds.py (see assets/README.md):
assets/sounds/<name>.ogg for effects and assets/music/<name>.ogg for loops.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.app import logs
from game.rules.events import Event
from scenes.core import assets

log = logging.getLogger(__name__)

# Every effect and loop shipped in assets/ (tests check that each one exists and loads).
SOUND_NAMES = (
    "dice",
    "step",
    "fight",
    "shock_small",
    "shock_big",
    "hole",
    "shortcut",
    "chest",
    "pickup",
    "lucky",
    "shield",
    "fireball",
    "lightning",
    "throw",
    "trap",
    "finish",
    "victory",
    "click",
    "hover",
)
MUSIC_NAMES = ("menu", "race")

# Music sits under the effects: at equal settings the loops play at this fraction.
MUSIC_MIX = 0.6
DEFAULT_VOLUME = 0.7


def _shock(event: Event) -> str:
    return "shock_big" if event.size == "big" else "shock_small"


def _crossed(event: Event) -> str | None:
    return "finish" if event.forward else None


def _used(event: Event) -> str | None:
    # Most objects announce themselves through their own event (fireball, lightning, thrown for the
    # axe, the spear and the star ...); the teleporting wand has none that sounds.
    return {"wand_of_teleportation": "shortcut"}.get(event.object)


# engine event kind -> effect name, or a function of the event giving one (or None: silent).
EVENT_SOUNDS: dict[str, str | Callable[[Any], str | None]] = {
    "rolled": "dice",
    "moved": "step",
    "fight": "fight",
    "shock": _shock,
    "fell": "hole",
    "shortcut": "shortcut",
    "chest_opened": "chest",
    "picked_up": "pickup",
    "fireball": "fireball",
    "lightning": "lightning",
    "thrown": "throw",
    "trap_sprung": "trap",
    "crossed_line": _crossed,
    "shield_used": "shield",
    "lucky": "lucky",
    "coins_spent": "pickup",
    "flail": "throw",
    "object_used": _used,
    "barrier_destroyed": "shock_small",
    "trap_destroyed": "shock_small",
}


def sound_for_event(event: Event) -> str | None:
    """The effect an engine event makes, or None for the silent ones."""
    entry = EVENT_SOUNDS.get(event.kind)
    if entry is None or isinstance(entry, str):
        return entry
    return entry(event)


def _fraction(value: Any, default: float) -> float:
    """A volume as 0..1: numbers above 1 are percentages (the settings keep 0-100)."""
    if value is None or isinstance(value, bool):
        return default
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    if number > 1:
        number /= 100
    return max(0.0, min(1.0, number))


def volumes_from(settings: Any) -> tuple[float, float]:
    """(sound, music) volumes 0..1 from a settings object.

    Reads `sound_volume` or `volume` (0-100 or 0..1) for effects and
    `music_volume` (an attribute, or a key of `settings.extra`) for the music,
    which defaults to the sound volume.
    """
    if settings is None:
        return DEFAULT_VOLUME, DEFAULT_VOLUME
    sound = getattr(settings, "sound_volume", None)
    if sound is None:
        sound = getattr(settings, "volume", None)
    sound_volume = _fraction(sound, DEFAULT_VOLUME)
    music = getattr(settings, "music_volume", None)
    extra = getattr(settings, "extra", None)
    if music is None and isinstance(extra, dict):
        music = extra.get("music_volume")
    return sound_volume, _fraction(music, sound_volume)


class Audio:
    """Effects and music; silent (every method a no-op) when there is no sound card."""

    def __init__(self, settings: Any = None) -> None:
        self.sound_volume, self.music_volume = volumes_from(settings)
        self.current_music: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._warned: set[str] = set()
        self.enabled = self._open_mixer()

    # ------------------------------------------------------------------ setup
    def _warn(self, key: str, message: str) -> None:
        """Log a problem once per Audio (a missing file is not worth a warning per frame)."""
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)

    def _open_mixer(self) -> bool:
        try:
            if pygame.mixer.get_init() is None:
                with logs.native_quiet():  # (ALSA's own lines without a sound card: to the log, not the terminal)
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_num_channels() < 16:
                pygame.mixer.set_num_channels(16)
        except (pygame.error, RuntimeError, OSError) as exc:  # no sound card, no driver, no mixer module
            self._warn("mixer", f"sound is off: the audio device could not be opened ({exc})")
            return False
        return True

    # ------------------------------------------------------------------ effects
    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        path = assets.asset_path("sounds", f"{name}.ogg")
        sound = None
        if not path.is_file():
            self._warn(f"sound:{name}", f"no sound file {path}: the {name!r} effect is silent")
        else:
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as exc:
                self._warn(f"sound:{name}", f"cannot read {path} ({exc}): the {name!r} effect is silent")
        self._sounds[name] = sound
        return sound

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play the effect assets/sounds/<name>.ogg once (`volume` 0..1 scales it)."""
        if not self.enabled or self.sound_volume <= 0 or volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(min(1.0, self.sound_volume * volume))
        except pygame.error as exc:
            self._warn("play", f"cannot play sounds ({exc})")

    def play_for_event(self, event: Event) -> str | None:
        """Play the effect of an engine event (see EVENT_SOUNDS); returns its name or None."""
        name = sound_for_event(event)
        if name is not None:
            self.play(name)
        return name

    # ------------------------------------------------------------------ music
    def music(self, name: str | None, fade_ms: int = 700) -> None:
        """Loop assets/music/<name>.ogg; the same name again keeps it playing; None fades it out."""
        if not self.enabled or name == self.current_music:
            return
        try:
            if name is None:
                pygame.mixer.music.fadeout(fade_ms)
                self.current_music = None
                return
            path = assets.asset_path("music", f"{name}.ogg")
            if not path.is_file():
                self._warn(f"music:{name}", f"no music file {path}: the {name!r} loop is silent")
                return
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.music_volume * MUSIC_MIX)
            pygame.mixer.music.play(loops=-1, fade_ms=fade_ms)
            self.current_music = name
        except pygame.error as exc:
            self._warn(f"music:{name}", f"cannot play the music {name!r} ({exc})")

    def stop_music(self, fade_ms: int = 700) -> None:
        """Fade the music out."""
        self.music(None, fade_ms)

    # ------------------------------------------------------------------ volumes
    def set_volumes(self, sound: float, music: float) -> None:
        """Effects and music volumes, 0..1 each (numbers above 1 are read as percentages)."""
        self.sound_volume = _fraction(sound, self.sound_volume)
        self.music_volume = _fraction(music, self.music_volume)
        if self.enabled:
            try:
                pygame.mixer.music.set_volume(self.music_volume * MUSIC_MIX)
            except pygame.error as exc:
                self._warn("volume", f"cannot set the music volume ({exc})")

    def apply_settings(self, settings: Any) -> None:
        """Take the volumes of changed settings."""
        self.set_volumes(*volumes_from(settings))

    @staticmethod
    def sound_path(name: str) -> Path:
        """Where the effect `name` lives."""
        return assets.asset_path("sounds", f"{name}.ogg")

    @staticmethod
    def music_path(name: str) -> Path:
        """Where the music loop `name` lives."""
        return assets.asset_path("music", f"{name}.ogg")


# ---------------------------------------------------------------------- the game's one Audio
# The scenes call these module functions; they do nothing until the app has called `init`
# (tests and headless tools stay silent and never open the mixer).
_current: Audio | None = None


def init(settings: Any = None) -> Audio:
    """Open the game's sound (once); silent with one warning when there is no sound card."""
    global _current
    if _current is None or (_current.enabled and pygame.mixer.get_init() is None):
        _current = Audio(settings)
    else:
        _current.apply_settings(settings)
    return _current


def current() -> Audio | None:
    """The game's Audio, or None before `init`."""
    return _current


def close() -> None:
    """Forget the game's Audio (the mixer itself is closed by pygame.quit)."""
    global _current
    _current = None


def play(name: str, volume: float = 1.0) -> None:
    """Play an effect by name (nothing before `init` or without a sound card)."""
    if _current is not None:
        _current.play(name, volume)


def play_event(event: Event) -> str | None:
    """Play the effect of an engine event (see EVENT_SOUNDS); its name, or None."""
    name = sound_for_event(event)
    if _current is not None and name is not None:
        _current.play(name)
    return name


def music(name: str | None) -> None:
    """Loop a music (the same name again keeps it playing; None fades it out)."""
    if _current is not None:
        _current.music(name)


def apply_settings(settings: Any) -> None:
    """Take the volumes of changed settings."""
    if _current is not None:
        _current.apply_settings(settings)
