"""The players' own boards folder: made on the first start, listed in the setup, checked by check-map."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app import userboards
from game.app.settings import Settings
from scenes.app import App
from scenes.core import boards

ROOT = Path(__file__).resolve().parent.parent


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(language="en"))


def put_boards(folder: Path) -> tuple[Path, Path]:
    """A good board (a copy of a shipped one) and a broken one (no ground layer) in `folder`."""
    good = folder / "my-mine.tmx"
    shutil.copy(ROOT / "maps" / "mine.tmx", good)
    broken = folder / "broken.tmx"
    broken.write_text((ROOT / "maps" / "mine.tmx").read_text().replace('name="ground"', 'name="grund"'))
    return good, broken


def test_the_first_start_makes_the_folder_with_its_readme_and_tileset_and_never_overwrites(app):
    where = userboards.folder()
    assert (where / "README.txt").read_text().startswith("Your boards for Fantasy Racing")
    for name in userboards.TILESET_FILES:
        assert (where / "tilesets" / name).read_bytes() == (ROOT / "maps" / "tilesets" / name).read_bytes()
    (where / "README.txt").write_text("my notes")
    (where / "tilesets" / "fantasy-racing.tsx").write_text("<my tileset/>")
    App(settings=Settings())
    assert (where / "README.txt").read_text() == "my notes"
    assert (where / "tilesets" / "fantasy-racing.tsx").read_text() == "<my tileset/>"


def test_a_shipped_board_copied_into_the_folder_finds_its_tiles(app):
    good, _ = put_boards(userboards.folder())
    board = boards.load(str(good))
    assert board.art is not None and board.name == "Hollow Mine"


def test_the_setup_lists_the_players_boards_good_and_broken_and_reads_the_folder_again(app):
    setup = app.stack.push(app.stack.make("setup"))
    assert all(c.origin != boards.YOURS for c in setup.choices)
    good, broken = put_boards(userboards.folder())
    app.stack.pop()
    setup = app.stack.push(app.stack.make("setup"))
    yours = {Path(c.ref).name: c for c in setup.choices if c.origin == boards.YOURS}
    assert set(yours) == {"my-mine.tmx", "broken.tmx"}
    assert yours["my-mine.tmx"].board is not None
    assert yours["broken.tmx"].board is None
    assert str(broken) in yours["broken.tmx"].problem and 'no tile layer named "ground"' in yours["broken.tmx"].problem
    shipped = [c for c in setup.choices if c.origin == boards.SHIPPED and c.ref != boards.PRACTICE]
    assert len(shipped) == 8 and setup.choices[-1].ref == boards.PRACTICE  # the broken one stops nothing
    index = setup.choices.index(yours["my-mine.tmx"])
    assert setup.board_label(index) == "Hollow Mine (your board)"
    assert setup.board_label(setup.choices.index(yours["broken.tmx"])) == "broken.tmx (unreadable)"


def test_a_broken_board_of_the_folder_shows_its_sentence_and_cannot_start_a_race(app):
    _, broken = put_boards(userboards.folder())
    setup = app.stack.push(app.stack.make("setup"))
    setup.set_board(next(i for i, c in enumerate(setup.choices) if c.ref == str(broken)))
    app.step([], 1 / 30)
    assert not setup.start_button.enabled  # Start cannot be pressed; its card says why
    assert str(broken) in setup.choices[setup.board_index].problem
    setup.start()  # (Enter from a field)
    assert app.stack.top is setup
    assert "cannot be used" in setup.message and not setup.message_ok


def test_a_board_of_the_folder_starts_a_race(app):
    good, _ = put_boards(userboards.folder())
    setup = app.stack.push(app.stack.make("setup"))
    setup.set_board(next(i for i, c in enumerate(setup.choices) if c.ref == str(good)))
    setup.start()
    race_scene = app.stack.top
    assert race_scene is not setup and race_scene.race.board.name == "Hollow Mine"


def test_the_folder_button_opens_the_file_manager_by_key_and_by_mouse(app, monkeypatch):
    opened = []
    monkeypatch.setattr(userboards.shutil, "which", lambda name: "/usr/bin/xdg-open" if name == "xdg-open" else None)
    monkeypatch.setattr(userboards.subprocess, "Popen", lambda args, **kw: opened.append(args))
    setup = app.stack.push(app.stack.make("setup"))
    button = next(w for w in setup.group.widgets if getattr(w, "action", None) == setup.open_boards_folder)
    setup.group.focus = setup.group.widgets.index(button)
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert opened == [["/usr/bin/xdg-open", str(userboards.folder())]]
    assert setup.message_ok and str(userboards.folder()) in setup.message
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1),
        ],
        1 / 30,
    )
    assert len(opened) == 2


def test_without_a_file_manager_the_setup_says_where_the_folder_is(app, monkeypatch):
    monkeypatch.setattr(userboards.shutil, "which", lambda name: None)
    assert userboards.open_in_file_manager(userboards.folder()) is not None
    setup = app.stack.push(app.stack.make("setup"))
    setup.open_boards_folder()
    assert not setup.message_ok and str(userboards.folder()) in setup.message


def _check_map(tmp_path: Path) -> subprocess.CompletedProcess:
    env = {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "PATH": "/usr/bin:/bin",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    return subprocess.run(
        [sys.executable, "main.py", "check-map"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_check_map_without_a_file_checks_the_players_boards_folder(tmp_path):
    done = _check_map(tmp_path)
    folder = tmp_path / "data" / "fantasy-racing" / "boards"
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        f"check-map: your boards folder {folder} holds no board (.tmx) yet; "
        "give a board or a folder to check another one"
    )
    good, broken = put_boards(folder)
    done = _check_map(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert f"{good}: ok" in lines
    assert f'{broken}: error: no tile layer named "ground"; paint the track on a layer named "ground"' in lines
    assert lines[-1] == "checked 2 boards: 1 error, 1 warning"
    assert "Traceback" not in done.stderr


def test_without_a_per_user_folder_the_setup_and_check_map_go_on_with_one_sentence(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    game = App(settings=Settings(language="en"))
    setup = game.stack.push(game.stack.make("setup"))
    assert setup.choices[-1].ref == boards.PRACTICE and all(c.origin != boards.YOURS for c in setup.choices)
    setup.open_boards_folder()
    assert setup.message == "There is no boards folder: the game's per-user folder cannot be made."
    env = {"XDG_DATA_HOME": str(blocker), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "main.py", "check-map"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("check-map: the game's per-user folder cannot be made")
