"""The packaged game's icon files, made from the game's art at build time (build.spec calls `make`).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/icon_files.py OUT_FOLDER

- `fantasy-racing.ico` (Windows: the executable's and the window's icon): 16, 24, 32, 48, 64, 128 and
  256 px; below 256 px each image is a 32-bit bitmap with its mask, which every Windows reads; the
  256 px one is a PNG, as Windows Vista and later keep it.
- `fantasy-racing.icns` (macOS: the .app bundle's icon): PNG entries `ic07` (128 px), `ic08` (256),
  `ic09` (512), `ic10` (1024, the 512 px icon at twice the density), `ic11`, `ic12`, `ic13`, `ic14`
  (16, 32, 128 and 256 px at twice the density), and a table of contents (`TOC `).
- `fantasy-racing.png` (Linux: 256 px, what the desktop entry and the window show).

Each size is drawn afresh by tools/make_icon.py (the green square, the finish line and the gold "FR"
of the title's font), so the large macOS sizes are as sharp as the small ones (drawn 1024 px large at
most and scaled down: a few seconds in all). Only pygame and the
standard library's struct are used: no image library is bundled or needed.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_icon  # noqa: E402

NAME = "fantasy-racing"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (type, pixels) of each .icns entry, every one a PNG (macOS 10.7 and later read them all)
ICNS_ENTRIES = (
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
LINUX_SIZE = 256
DRAWN = 1024  # pixels each size is drawn at (at most 4 times its size) before it is scaled down

Draw = Callable[[int], pygame.Surface]


def png_bytes(picture: pygame.Surface) -> bytes:
    """The picture as a PNG file's bytes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "icon.png"
        pygame.image.save(picture, str(path))
        return path.read_bytes()


def bitmap_bytes(picture: pygame.Surface) -> bytes:
    """An .ico entry's bitmap: a BITMAPINFOHEADER (height doubled: colour and mask), the BGRA rows from
    the bottom up, then the 1-bit mask (all zeros: the alpha channel says what shows)."""
    width, height = picture.get_size()
    header = struct.pack("<IiiHHIIiiII", 40, width, height * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    raw = pygame.image.tobytes(picture, "BGRA")
    rows = b"".join(raw[y * width * 4 : (y + 1) * width * 4] for y in reversed(range(height)))
    mask_row = ((width + 31) // 32) * 4  # each row padded to 32 bits
    return header + rows + bytes(mask_row * height)


def ico_bytes(pictures: dict[int, pygame.Surface]) -> bytes:
    """A Windows .ico holding every picture (square, at most 256 px): ICONDIR, one ICONDIRENTRY each,
    then the images."""
    images = [png_bytes(p) if size >= 256 else bitmap_bytes(p) for size, p in sorted(pictures.items())]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, image in zip(sorted(pictures), images):
        byte = size if size < 256 else 0  # 0 means 256
        out += struct.pack("<BBBBHHII", byte, byte, 0, 0, 1, 32, len(image), offset)
        offset += len(image)
    return out + b"".join(images)


def icns_bytes(pngs: list[tuple[bytes, bytes]]) -> bytes:
    """An Apple .icns of (type, PNG bytes) entries, after its table of contents: big-endian
    'icns' + length, 'TOC ' + length + (type, entry length) each, then each entry."""
    toc = b"TOC " + struct.pack(">I", 8 + 8 * len(pngs))
    toc += b"".join(kind + struct.pack(">I", 8 + len(png)) for kind, png in pngs)
    body = toc + b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in pngs)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make(out: Path, draw: Draw | None = None) -> dict[str, Path]:
    """Write the .ico, the .icns and the Linux PNG into `out`; their paths by system."""
    if draw is None:  # the game's art
        pygame.display.init()
        pygame.font.init()

        def draw(size: int) -> pygame.Surface:
            return make_icon.draw(size, finer=max(1, min(4, DRAWN // size)))

    out.mkdir(parents=True, exist_ok=True)
    drawn: dict[int, pygame.Surface] = {}

    def at(size: int) -> pygame.Surface:
        if size not in drawn:
            drawn[size] = draw(size)
        return drawn[size]

    paths = {"windows": out / f"{NAME}.ico", "macos": out / f"{NAME}.icns", "linux": out / f"{NAME}.png"}
    paths["windows"].write_bytes(ico_bytes({size: at(size) for size in ICO_SIZES}))
    paths["macos"].write_bytes(icns_bytes([(kind, png_bytes(at(size))) for kind, size in ICNS_ENTRIES]))
    pygame.image.save(at(LINUX_SIZE), str(paths["linux"]))
    return paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: tools/icon_files.py OUT_FOLDER", file=sys.stderr)
        return 2
    for path in make(Path(args[0])).values():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
