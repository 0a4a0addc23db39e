"""The icon files of the packaged game (tools/icon_files.py, which build.spec runs): the Windows .ico and
the macOS .icns read back here, entry by entry, and by the systems' own tools' Linux ports where present
(`icotool` from the apt package icoutils, `icns2png` from icnsutils; .ci/run installs both)."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pygame
import pytest

from tools import icon_files

PNG = b"\x89PNG\r\n\x1a\n"


def plain(size: int) -> pygame.Surface:
    """A quick stand-in for the game's art: a square of one colour whose red says its size."""
    picture = pygame.Surface((size, size), pygame.SRCALPHA)
    picture.fill((size % 256, 100, 50, 255))
    return picture


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG, data[:8]
    width, height = struct.unpack(">II", data[16:24])  # IHDR, the first chunk
    return width, height


def read_ico(data: bytes) -> list[tuple[int, int, bytes]]:
    """(width, height, image bytes) of each entry of an .ico."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    entries = []
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index : 22 + 16 * index]
        )
        assert (planes, bits) == (1, 32)
        entries.append((width or 256, height or 256, data[offset : offset + length]))
    return entries


def read_icns(data: bytes) -> tuple[list[bytes], dict[bytes, bytes]]:
    """The table of contents' types and every entry's data of an .icns."""
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    entries: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        entries[kind] = data[at + 8 : at + length]
        at += length
    assert at == len(data)
    toc = entries.pop(b"TOC ")
    listed = [toc[i : i + 4] for i in range(0, len(toc), 8)]
    for i, kind in enumerate(listed):  # the table's lengths are the entries' own
        assert struct.unpack(">I", toc[i * 8 + 4 : i * 8 + 8])[0] == len(entries[kind]) + 8
    return listed, entries


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, Path]:
    return icon_files.make(tmp_path_factory.mktemp("icons"), draw=plain)


def test_the_ico_holds_every_windows_size_bitmaps_below_256_and_a_png_at_256(made):
    entries = read_ico(made["windows"].read_bytes())
    assert [(w, h) for w, h, _ in entries] == [(s, s) for s in icon_files.ICO_SIZES]
    for width, height, image in entries:
        if width == 256:
            assert png_size(image) == (256, 256)
            continue
        size, w, h, planes, bits = struct.unpack("<IiiHH", image[:16])
        assert (size, w, h, planes, bits) == (40, width, height * 2, 1, 32)
        mask = ((width + 31) // 32) * 4 * height
        assert len(image) == 40 + width * height * 4 + mask
        b, g, r, a = image[40:44]  # the bottom row's first pixel, as BGRA
        assert (r, g, b, a) == (width % 256, 100, 50, 255)


def test_the_icns_lists_its_png_entries_in_its_table_of_contents(made):
    listed, entries = read_icns(made["macos"].read_bytes())
    assert listed == [kind for kind, _ in icon_files.ICNS_ENTRIES] == list(entries)
    for kind, size in icon_files.ICNS_ENTRIES:
        assert png_size(entries[kind]) == (size, size), kind
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= set(listed)


def test_the_linux_png_is_the_256_pixel_icon(made):
    assert png_size(made["linux"].read_bytes()) == (256, 256)


@pytest.mark.slow
def test_the_games_art_makes_files_the_systems_tools_read(tmp_path):
    made = icon_files.make(tmp_path)  # the real drawing, every size (a few seconds)
    entries = read_ico(made["windows"].read_bytes())
    png = pygame.image.load(str(made["linux"]))
    assert png.get_size() == (256, 256)
    corner, middle = png.get_at((0, 0)), png.get_at((128, 128))
    assert corner.a == 0 and middle.a == 255, "the icon is a rounded square on a clear ground"
    assert len({tuple(png.get_at((x, y))) for x in range(0, 256, 8) for y in range(0, 256, 8)}) > 50
    assert len(entries) == len(icon_files.ICO_SIZES)
    if shutil.which("icotool"):
        listed = subprocess.run(["icotool", "-l", str(made["windows"])], capture_output=True, text=True, timeout=60)
        assert listed.returncode == 0, listed.stderr
        assert [line.split("--width=")[1].split()[0] for line in listed.stdout.splitlines()] == [
            str(s) for s in icon_files.ICO_SIZES
        ]
        out = tmp_path / "from-ico"
        out.mkdir()
        done = subprocess.run(["icotool", "-x", "-o", str(out), str(made["windows"])], capture_output=True, timeout=60)
        assert done.returncode == 0 and len(list(out.glob("*.png"))) == len(icon_files.ICO_SIZES)
    if shutil.which("icns2png"):
        listed = subprocess.run(["icns2png", "-l", str(made["macos"])], capture_output=True, text=True, timeout=60)
        assert listed.returncode == 0, listed.stderr
        for kind, _ in icon_files.ICNS_ENTRIES:
            assert f"'{kind.decode()}'" in listed.stdout, kind
        assert f"{len(icon_files.ICNS_ENTRIES) + 1} elements total" in listed.stdout  # and the TOC
        # (icnsutils reads the 1024 px entry, which every macOS since 10.7 shows on a high-resolution screen)
        assert "'ic10' 1024x1024 32-bit icon" in listed.stdout


def test_the_command_wants_its_folder():
    assert icon_files.main([]) == 2
