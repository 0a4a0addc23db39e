"""Draw the game's icon (window, desktop menu, packaged game) from its own fonts.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/make_icon.py [--out assets/images/icon]

A rounded square of the meadow's green, a chequered finish line across its
foot, and the gold "FR" of the title's logo (Cinzel Decorative, OFL) with a
dark outline and a warm glow. Each size is drawn at 4x and scaled down, so the
small ones stay crisp; the output is deterministic.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "assets" / "fonts" / "CinzelDecorative-Bold.ttf"
SIZES = (16, 32, 48, 64, 128, 256)
GREEN_TOP, GREEN_FOOT = (74, 132, 62), (30, 70, 36)
GOLD_TOP, GOLD_FOOT = (255, 226, 140), (214, 132, 34)
INK = (34, 20, 10)


def _vertical(size: tuple[int, int], top: tuple[int, int, int], foot: tuple[int, int, int]) -> pygame.Surface:
    """A vertical gradient."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(size[1]):
        f = y / max(1, size[1] - 1)
        colour = [round(a + (b - a) * f) for a, b in zip(top, foot)]
        pygame.draw.line(surface, colour, (0, y), (size[0], y))
    return surface


def _masked(picture: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """`picture` where `mask` is opaque."""
    out = picture.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def draw(size: int, finer: int = 4) -> pygame.Surface:
    """The icon at `size` x `size` pixels, drawn `finer` times larger and scaled down (the shipped PNGs at
    4; the large sizes of tools/icon_files.py at less, where 4 would take minutes)."""
    big = size * finer
    shape = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=big // 5)
    icon = _masked(_vertical((big, big), GREEN_TOP, GREEN_FOOT), shape)

    # The finish line: two rows of chequers across the lower part.
    cell = big // 8
    chequers = pygame.Surface((big, big), pygame.SRCALPHA)
    top = big - 2 * cell - big // 10
    for row in range(2):
        for col in range(8):
            colour = (245, 240, 225, 255) if (row + col) % 2 == 0 else (25, 25, 30, 255)
            chequers.fill(colour, (col * cell, top + row * cell, cell, cell))
    icon.blit(_masked(chequers, shape), (0, 0))

    # The letters: gold with a gradient, an ink outline, a soft glow behind.
    font = pygame.font.Font(str(FONT), int(big * 0.46))
    letters = font.render("FR", True, (255, 255, 255))
    gold = _masked(_vertical(letters.get_size(), GOLD_TOP, GOLD_FOOT), letters)
    ink = font.render("FR", True, INK)
    place = letters.get_rect(center=(big // 2, int(big * 0.39)))
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    glow.blit(font.render("FR", True, (255, 196, 80)), place)
    for _ in range(3):  # a blur: down to an eighth and back up
        glow = pygame.transform.smoothscale(pygame.transform.smoothscale(glow, (big // 8, big // 8)), (big, big))
    icon.blit(_masked(glow, shape), (0, 0))
    outline = max(2, big // 40)
    for dx in range(-outline, outline + 1):
        for dy in range(-outline, outline + 1):
            if dx * dx + dy * dy <= outline * outline:
                icon.blit(ink, place.move(dx, dy))
    icon.blit(gold, place)

    # A thin gold rim.
    pygame.draw.rect(icon, (*GOLD_FOOT, 255), icon.get_rect(), width=max(2, big // 48), border_radius=big // 5)
    return pygame.transform.smoothscale(icon, (size, size))


def main(argv: list[str] | None = None) -> int:
    """Write fantasy-racing-<size>.png for every size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "assets" / "images" / "icon"))
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        path = out / f"fantasy-racing-{size}.png"
        pygame.image.save(draw(size), str(path))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
