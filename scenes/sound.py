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

_state = {"ready": False, "volume": 0.7}


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
    """Change the volume (0-100) of the next sounds."""
    _state["volume"] = max(0, min(100, volume)) / 100


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


def _synth(name: str, rate: int) -> list[float]:
    """The samples (-1..1) of a built-in effect."""
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
    if name == "fall":
        return _tone(500, 0.45, rate, 0.5, slide=-700)
    if name == "shock":
        return _tone(220, 0.2, rate, 0.7, noise=0.5, rng=rng)
    return _tone(880, 0.05, rate, 0.3)


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
    pcm = array("h")
    for value in _synth(name, rate):
        pcm.extend([int(max(-1.0, min(1.0, value)) * 32000)] * channels)
    try:
        return pygame.mixer.Sound(buffer=pcm.tobytes())
    except pygame.error:
        return None


def play(name: str) -> None:
    """Play an effect (dice, finish, fight, chest, fall, shock) if there is a sound card."""
    if not _state["ready"] or _state["volume"] <= 0:
        return
    sound = _sound(name)
    if sound is not None:
        sound.set_volume(_state["volume"])
        sound.play()
