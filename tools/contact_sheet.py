"""The real-screens check's contact sheet: every screen of tests/screen_walk.py in each cell of its matrix
(English and French, Text size 100 % and 150 %, 1280x720 and 1920x1080 windows), downscaled onto one PNG
sheet per cell in docs/screens/, each picture labelled with its screen and marked red when the text
recorder found something wrong on it; and the findings, one a line, grouped by screen.

    python tools/contact_sheet.py                      # every cell, into docs/screens/
    python tools/contact_sheet.py --only "fr 150"      # the cells whose name holds "fr 150"
    python tools/contact_sheet.py --findings FILE      # also the findings, one a line, into FILE

It plays in a folder of its own (a temporary XDG_DATA_HOME): the player's own folder is never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

THUMB_WIDTH = 256  # px: a screen's picture on a sheet (a 1280x720 screen at a fifth)
COLUMNS = 8
LABEL = 13  # px: the labels' size
LEVELS = (0, 36, 73, 109, 146, 182, 219, 255)  # a sheet's palette: 8 x 8 x 4 shades (small PNGs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"), help="the folder of the sheets")
    parser.add_argument("--only", default="", help="only the cells whose name holds these words")
    parser.add_argument("--findings", default="", help="write the findings, one a line, to this file")
    parser.add_argument("--no-sheets", action="store_true", help="the findings only")
    options = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fantasy-racing-sheet-")  # (before the game's imports)
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    import pygame
    import screen_walk

    from scenes.core import assets

    out = Path(options.out)
    out.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    for look in screen_walk.LOOKS:
        if options.only not in str(look):
            continue
        os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fantasy-racing-sheet-")  # (a folder per cell)
        shots: list[tuple[str, pygame.Surface, bool]] = []
        for name, app, recorder in screen_walk.walk(look):
            lines = screen_walk.lines(look, name, recorder)
            found += lines
            if not options.no_sheets:
                size = app.screen.get_size()
                small = pygame.transform.smoothscale(app.screen, (THUMB_WIDTH, THUMB_WIDTH * size[1] // size[0]))
                shots.append((name, small, bool(lines)))
        if shots:
            font = assets.sized_font(LABEL, "bold")
            path = out / f"{look.language}-{look.text_size}-{look.window[0]}x{look.window[1]}.png"
            save_sheet(sheet(str(look), shots, font), path)
            print(f"{path}: {len(shots)} screens, {sum(bad for *_, bad in shots)} with findings")
    if options.findings:
        Path(options.findings).write_text("".join(f"{line}\n" for line in sorted(found)), encoding="utf-8")
        print(f"{options.findings}: {len(found)} findings")
    return 0


def sheet(title: str, shots: list, font) -> object:
    """The pictures `shots` (name, picture, has findings) in a grid under `title`, each labelled."""
    import pygame

    height = shots[0][1].get_height()
    cell_w, cell_h = THUMB_WIDTH + 8, height + LABEL + 12
    rows = -(-len(shots) // COLUMNS)
    surface = pygame.Surface((COLUMNS * cell_w + 8, rows * cell_h + 40))
    surface.fill((20, 22, 30))
    heading = f"Fantasy Racing, every screen: {title} (red: the recorder found something)"
    surface.blit(font.render(heading, True, (255, 255, 255)), (8, 12))
    for index, (name, picture, bad) in enumerate(shots):
        x, y = 8 + (index % COLUMNS) * cell_w, 36 + (index // COLUMNS) * cell_h
        surface.blit(font.render(name[:40], True, (255, 120, 110) if bad else (220, 220, 220)), (x, y))
        surface.blit(picture, (x, y + LABEL + 4))
        if bad:
            pygame.draw.rect(surface, (230, 60, 50), (x - 2, y + LABEL + 2, THUMB_WIDTH + 4, height + 4), 2)
    return surface


def save_sheet(surface, path: Path) -> None:
    """Save `surface` as a PNG of 256 colours (a sheet of a few megapixels in a few hundred kB)."""
    import pygame

    palette = [(r, g, b) for r in LEVELS for g in LEVELS for b in LEVELS[::2]]
    small = pygame.Surface(surface.get_size(), depth=8)
    small.set_palette(palette)
    small.blit(surface, (0, 0))
    pygame.image.save(small, str(path))


if __name__ == "__main__":
    raise SystemExit(main())
