"""Sound effects, played when a sound card is there and silent when not."""

from __future__ import annotations

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
    _state["ready"] = True
    return True


def set_volume(volume: int) -> None:
    """Change the volume (0-100) of the next sounds."""
    _state["volume"] = max(0, min(100, volume)) / 100


@lru_cache(maxsize=None)
def _sound(name: str) -> Optional["pygame.mixer.Sound"]:
    for suffix in (".ogg", ".wav"):
        path = assets.asset_path("sounds", name + suffix)
        if path.is_file():
            try:
                return pygame.mixer.Sound(str(path))
            except pygame.error:
                return None
    return None


def play(name: str) -> None:
    """Play assets/sounds/<name>.ogg (or .wav) if there is one and a sound card."""
    if not _state["ready"] or _state["volume"] <= 0:
        return
    sound = _sound(name)
    if sound is not None:
        sound.set_volume(_state["volume"])
        sound.play()
