"""Sound effects, played when a sound card is there and silent when not.

A sound is assets/sounds/<name>.ogg (or .wav) when the art has one; otherwise
a short effect synthesised once (dice rattle, fanfare, thud, chime), so the
game is never mute for lack of files.
"""

from __future__ import annotations

import math
import random
from array import array
from functools import lru_cache
from typing import Optional

import pygame

from scenes import assets

_state = {"ready": False, "volume": 0.7, "music": None}
MUSIC_VOLUME = 0.55  # music sits under the effects


def init(volume: int) -> bool:
    """Start the mixer if the machine can; the game runs silently otherwise."""
    _state["volume"] = max(0, min(100, volume)) / 100
    if _state["ready"]:
        return True
    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    _state["ready"] = pygame.mixer.get_init() is not None
    return _state["ready"]


def set_volume(volume: int) -> None:
    """Change the volume (0-100) of the next sounds and of the music."""
    _state["volume"] = max(0, min(100, volume)) / 100
    if _state["ready"] and _state["music"]:
        pygame.mixer.music.set_volume(_state["volume"] * MUSIC_VOLUME)


def music(name: str) -> None:
    """Loop assets/music/<name>.ogg (nothing if it is already playing, missing, or there is no sound card)."""
    if not _state["ready"] or _state["music"] == name:
        return
    path = assets.asset_path("music", name + ".ogg")
    if not path.is_file():
        return
    try:
        pygame.mixer.music.load(str(path))
        pygame.mixer.music.set_volume(_state["volume"] * MUSIC_VOLUME)
        pygame.mixer.music.play(-1, fade_ms=600)
    except pygame.error:
        return
    _state["music"] = name


def _tone(freq: float, seconds: float, rate: int, volume: float = 0.5, slide: float = 0.0,
          noise: float = 0.0, rng: Optional[random.Random] = None) -> list[float]:
    """A decaying tone (frequency sliding by `slide` Hz per second), optionally noisy."""
    rng = rng or random.Random(1)
    samples, phase = [], 0.0
    count = int(seconds * rate)
    for i in range(count):
        t = i / rate
        phase += 2 * math.pi * (freq + slide * t) / rate
        envelope = math.exp(-5 * t / seconds) * min(1.0, i / 60)
        value = math.sin(phase) * (1 - noise) + rng.uniform(-1, 1) * noise
        samples.append(value * envelope * volume)
    return samples


def _synth(name: str, rate: int) -> Optional[list[float]]:
    """The samples (-1..1) of a built-in effect, or None for effects without one."""
    rng = random.Random(name)
    if name == "dice":
        out: list[float] = []
        for _ in range(5):
            out += _tone(rng.uniform(900, 1600), 0.035, rate, 0.5, noise=0.7, rng=rng)
            out += [0.0] * int(rate * rng.uniform(0.02, 0.05))
        return out
    if name == "finish":
        out = []
        for freq in (523, 659, 784, 1047):
            out += _tone(freq, 0.12, rate, 0.45)
        return out + _tone(1047, 0.35, rate, 0.45)
    if name == "fight":
        return _tone(110, 0.25, rate, 0.8, slide=-120, noise=0.35, rng=rng)
    if name == "chest":
        return _tone(660, 0.12, rate, 0.4) + _tone(990, 0.25, rate, 0.4)
    if name == "hole":
        return _tone(500, 0.45, rate, 0.5, slide=-700)
    if name in ("shock_big", "shock_small"):
        return _tone(180 if name == "shock_big" else 260, 0.2, rate, 0.7, noise=0.5, rng=rng)
    return None


@lru_cache(maxsize=None)
def _sound(name: str) -> Optional["pygame.mixer.Sound"]:
    for suffix in (".ogg", ".wav"):
        path = assets.asset_path("sounds", name + suffix)
        if path.is_file():
            try:
                return pygame.mixer.Sound(str(path))
            except pygame.error:
                return None
    mixer = pygame.mixer.get_init()
    if mixer is None:
        return None
    rate, size, channels = mixer
    if abs(size) != 16:
        return None
    samples = _synth(name, rate)
    if samples is None:
        return None
    pcm = array("h")
    for value in samples:
        pcm.extend([int(max(-1.0, min(1.0, value)) * 32000)] * channels)
    try:
        return pygame.mixer.Sound(buffer=pcm.tobytes())
    except pygame.error:
        return None


def play(name: str) -> None:
    """Play an effect (assets/sounds/<name>) if there is a sound card."""
    if not _state["ready"] or _state["volume"] <= 0:
        return
    sound = _sound(name)
    if sound is not None:
        sound.set_volume(_state["volume"])
        sound.play()
