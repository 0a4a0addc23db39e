"""The setup's board pictures: drawn once, kept in the per-user folder across runs, drawn again when the
board's file (or a picture of its tiles) changes."""

from __future__ import annotations

import os
import shutil

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
    stamp = picture.stat().st_mtime_ns + 5_000_000_000
    os.utime(picture, ns=(stamp, stamp))  # the tileset's picture saved again
    render.thumbnail(load_board(path), SIZE)
    assert len(drawn) == 3 and len(kept(tmp_path)) == 3


def test_a_kept_file_that_is_not_a_picture_of_ours_is_drawn_again(drawn, tmp_path):
    board = load_board(MAPS / "hoard.tmx")
    render.thumbnail(board, SIZE)
    [file] = kept(tmp_path)
    file.write_bytes(b"not a png")
    render._thumbnails.clear()
    picture = render.thumbnail(board, SIZE)
    assert len(drawn) == 2 and picture.get_width() <= SIZE[0]
    assert file.read_bytes().startswith(b"\x89PNG")  # kept again, whole
