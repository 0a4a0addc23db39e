"""One small cached loader for the game's images and fonts.

Files are found relative to the installed package (or the PyInstaller
bundle), never relative to the working directory. A missing file is not an
error: the caller gets None and draws its own stand-in.
"""

from __future__ import annotations

import sys
from functools import cache, lru_cache
from pathlib import Path

import pygame

from scenes.core import theme


def root() -> Path:
    """The folder that holds `assets/`, `maps/` and the packages."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent.parent


def asset_path(*parts: str) -> Path:
    """The path of a file under assets/."""
    return root().joinpath("assets", *parts)


def maps_dir() -> Path:
    """The folder of the boards that ship with the game."""
    return root() / "maps"


@cache
def _raw_image(path: str) -> pygame.Surface | None:
    try:
        surface = pygame.image.load(path)
    except (pygame.error, FileNotFoundError, OSError):
        return None
    try:
        return surface.convert_alpha()
    except pygame.error:  # no video mode yet: keep the surface as loaded
        return surface


@lru_cache(maxsize=512)
def image(relative: str, size: tuple[int, int] | None = None) -> pygame.Surface | None:
    """The image at assets/<relative>, scaled to `size` when given; None if missing."""
    path = asset_path(*relative.split("/"))
    if not path.is_file():
        return None
    surface = _raw_image(str(path))
    if surface is None or size is None or surface.get_size() == tuple(size):
        return surface
    return pygame.transform.smoothscale(surface, size)


def portrait(character: str, size: int) -> pygame.Surface | None:
    """A character's portrait (assets/images/characters/<id>.png)."""
    return image(f"images/characters/{character}.png", (size, size))


def token_glyph(character: str, size: int) -> pygame.Surface | None:
    """A character's token glyph (assets/images/tokens/<id>.png)."""
    return image(f"images/tokens/{character}.png", (size, size))


def object_icon(obj: str, size: int) -> pygame.Surface | None:
    """An object's icon (assets/images/objects/<id>.png)."""
    return image(f"images/objects/{obj}.png", (size, size))


def ui_icon(name: str, size: int) -> pygame.Surface | None:
    """A UI icon (assets/images/ui/<name>.png)."""
    return image(f"images/ui/{name}.png", (size, size))


def _font_files() -> list[Path]:
    folder = asset_path("fonts")
    return sorted(folder.glob("*.ttf")) if folder.is_dir() else []


@cache
def font_file(kind: str) -> str | None:
    """The .ttf for a kind of text: "body", "bold", "heading", "title" or "logo" (the game's name alone);
    None for pygame's own."""
    files = _font_files()
    if not files:
        return None

    def pick(*words: str, avoid: tuple[str, ...] = ()) -> Path | None:
        for path in files:
            name = path.stem.lower()
            if all(w in name for w in words) and not any(a in name for a in avoid):
                return path
        return None

    if kind == "logo":  # the game's name on the title screen: the decorative face (its swash H would
        # read as "Ħ" in any other word: titles use the plain capitals)
        found = pick("decor") or pick("display") or pick("cinzel") or pick("bold") or pick("regular")
    elif kind == "title":
        found = pick("cinzel", avoid=("decor",)) or pick("bold", avoid=("italic",)) or pick("regular")
    elif kind == "heading":
        found = pick("cinzel", avoid=("decor",)) or pick("bold", avoid=("italic",)) or pick("regular")
    elif kind == "bold":
        found = pick("bold", avoid=("italic", "title", "display", "decor")) or pick("regular")
    else:
        found = pick("regular", avoid=("title", "display", "decor")) or pick(
            "", avoid=("bold", "italic", "title", "display", "decor")
        )
    return str(found or files[0])


def font(size: int, kind: str = "body") -> pygame.font.Font:
    """A font of the game at `size` px as designed, drawn at the player's Text size (theme.text_scale):
    kind "body", "bold" or "title". The one place the Text size setting applies."""
    return sized_font(theme.text_px(size), kind)


@cache
def sized_font(size: int, kind: str = "body") -> pygame.font.Font:
    """A font of the game at exactly `size` px, whatever the Text size."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_file(kind)
    loaded = pygame.font.Font(path, size)
    if path is None and kind in ("bold", "title", "heading", "logo"):
        loaded.set_bold(True)
    return loaded


def clear_caches() -> None:
    """Forget every loaded file (after a display mode change or in tests)."""
    _raw_image.cache_clear()
    image.cache_clear()
