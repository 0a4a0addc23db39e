"""The setup's board pictures: drawn once, kept in the per-user folder across runs, drawn again when the
board's file (or a picture of its tiles) changes."""

from __future__ import annotations

import os
import shutil
import struct
import zlib

import pygame
import pytest

from game.boards.maps import load_board
from scenes.render import board as render
from tests.test_maps_support import MAPS, TILESETS

SIZE = (150, 176)


@pytest.fixture(scope="module")
def screen():
    """A hidden display, so images can be converted."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


@pytest.fixture
def drawn(screen, monkeypatch, tmp_path):
    """A fresh per-user folder, no picture in memory, and a count of the pictures drawn."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(render, "_thumbnails", {})
    count = []
    real = render.BoardRenderer

    def counting(*args, **kwargs):
        count.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(render, "BoardRenderer", counting)
    return count


def kept(tmp_path):
    return sorted((tmp_path / "data" / "fantasy-racing" / render.THUMBNAIL_FOLDER).glob("*.png"))


def a_copy(tmp_path):
    """A shipped board copied with its tileset, to change."""
    shutil.copytree(TILESETS, tmp_path / "b" / "tilesets")
    shutil.copy(MAPS / "hoard.tmx", tmp_path / "b" / "hoard.tmx")
    return tmp_path / "b" / "hoard.tmx"


def test_a_board_s_picture_is_kept_on_disk_and_read_back_on_the_next_run(drawn, tmp_path):
    board = load_board(MAPS / "hoard.tmx")
    first = render.thumbnail(board, SIZE)
    assert len(drawn) == 1 and len(kept(tmp_path)) == 1
    render._thumbnails.clear()  # a new run: nothing in memory
    again = render.thumbnail(board, SIZE)
    assert len(drawn) == 1  # read from the disk, not drawn
    assert again.get_size() == first.get_size()
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(first, "RGB")


def test_the_picture_is_drawn_again_when_the_board_or_its_tiles_change(drawn, tmp_path):
    path = a_copy(tmp_path)
    render.thumbnail(load_board(path), SIZE)
    path.write_text(path.read_text().replace("Dragon's Hoard", "Dragon's Lair"))
    render.thumbnail(load_board(path), SIZE)
    assert len(drawn) == 2
    picture = tmp_path / "b" / "tilesets" / "fantasy-racing.png"
    tiles = pygame.image.load(str(picture))
    tiles.set_at((0, 0), (255, 0, 255))
    pygame.image.save(tiles, str(picture))  # the tileset's picture saved again, changed
    render.thumbnail(load_board(path), SIZE)
    assert len(drawn) == 3 and len(kept(tmp_path)) == 3


def test_the_key_is_the_bytes_not_the_time_and_size(drawn, tmp_path):
    path = a_copy(tmp_path)
    render.thumbnail(load_board(path), SIZE)
    info = path.stat()
    stamp = info.st_mtime_ns + 5_000_000_000
    os.utime(path, ns=(stamp, stamp))  # touched: the same bytes, the same picture
    render._thumbnails.clear()
    render.thumbnail(load_board(path), SIZE)
    assert len(drawn) == 1
    text = path.read_text()
    changed = text.replace("Dragon's Hoard", "Dragon's Horde")  # the same size, and given the same time
    assert len(changed) == len(text) and changed != text
    path.write_text(changed)
    os.utime(path, ns=(stamp, stamp))
    assert path.stat().st_size == info.st_size
    render._thumbnails.clear()
    render.thumbnail(load_board(path), SIZE)
    assert len(drawn) == 2


def huge_png(width: int, height: int) -> bytes:
    """A small file whose header declares a huge picture (its pixels zeros, deflated)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\0" * (1 + (width + 7) // 8)
    rows = zlib.compressobj(9)
    pixels = b"".join(rows.compress(row) for _ in range(min(height, 2000))) + rows.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def test_a_kept_picture_that_declares_a_huge_size_is_never_decoded(drawn, tmp_path, monkeypatch):
    board = load_board(MAPS / "hoard.tmx")
    render.thumbnail(board, SIZE)
    [file] = kept(tmp_path)
    crafted = huge_png(60_000, 60_000)  # 3.6 billion pixels declared: 14 GB decoded
    assert len(crafted) < render.THUMBNAIL_BYTES
    file.write_bytes(crafted)
    decoded = []
    real = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda *a, **k: decoded.append(a) or real(*a, **k))
    render._thumbnails.clear()
    picture = render.thumbnail(board, SIZE)
    assert [a for a in decoded if not str(a[0]).endswith("fantasy-racing.png")] == []  # (the tiles, drawn again)
    assert len(drawn) == 2 and picture.get_width() <= SIZE[0]
    assert render.files.png_size(file.read_bytes()) == picture.get_size()  # kept again, ours


def test_a_kept_file_that_is_not_a_picture_of_ours_is_drawn_again(drawn, tmp_path):
    board = load_board(MAPS / "hoard.tmx")
    render.thumbnail(board, SIZE)
    [file] = kept(tmp_path)
    file.write_bytes(b"not a png")
    render._thumbnails.clear()
    picture = render.thumbnail(board, SIZE)
    assert len(drawn) == 2 and picture.get_width() <= SIZE[0]
    assert file.read_bytes().startswith(b"\x89PNG")  # kept again, whole
