"""Adding boards in one gesture: `add-board` with a board or a pack, every board checked, packs read
as hostile files, the boards folder unchanged by anything refused."""

from __future__ import annotations

import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.app import addboards
from tests.test_maps_support import ROOT, SMALL, TILESETS, make_boards, paint, write_board

BROKEN = lambda xml: paint(xml, "shields", [(8, 3)], make_boards.tile_ids()["shield"])  # noqa: E731  (on a hole)


def folder_state(where: Path) -> dict[str, bytes]:
    """Every file of a folder and its bytes."""
    return {p.relative_to(where).as_posix(): p.read_bytes() for p in sorted(where.rglob("*")) if p.is_file()}


@pytest.fixture
def boards_folder(tmp_path):
    """A player's boards folder as the game makes it: the README and the shipped tileset."""
    where = tmp_path / "boards"
    shutil.copytree(TILESETS, where / "tilesets")
    (where / "README.txt").write_text("your boards\n")
    return where


def a_board(folder: Path, name: str, title: str, edit=None, tileset: str | None = None) -> Path:
    """A small board named `title`; `tileset`: its own copy of the tileset under that name."""
    if tileset is None:
        return write_board(folder, name, SMALL, edit=edit, properties={"name": title})
    (folder / "art").mkdir(parents=True, exist_ok=True)
    shutil.copy(TILESETS / "fantasy-racing.png", folder / "art" / f"{tileset}.png")
    tsx = (TILESETS / "fantasy-racing.tsx").read_text().replace("fantasy-racing.png", f"{tileset}.png")
    (folder / "art" / f"{tileset}.tsx").write_text(tsx)
    return write_board(folder, name, SMALL, edit=edit, properties={"name": title}, tileset=f"art/{tileset}.tsx")


def pack(path: Path, entries: dict[str, bytes | Path], links: tuple[str, ...] = ()) -> Path:
    """A zip of these entries (a Path: that file's bytes); `links`: entries written as symbolic links."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries.items():
            data = content.read_bytes() if isinstance(content, Path) else content
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = ((stat.S_IFLNK | 0o777) if name in links else (stat.S_IFREG | 0o644)) << 16
            archive.writestr(info, data)
    return path


def two_boards_pack(tmp_path: Path) -> Path:
    """A good pack: two boards in a folder, one with a tileset of its own."""
    made = tmp_path / "made"
    canyon = a_board(made, "canyon", "Red Canyon", tileset="canyon")
    salt = a_board(made, "salt", "Salt Flats")
    return pack(
        tmp_path / "friends.zip",
        {
            "friends/canyon.tmx": canyon,
            "friends/art/canyon.tsx": made / "art" / "canyon.tsx",
            "friends/art/canyon.png": made / "art" / "canyon.png",
            "friends/salt.tmx": salt,
            "friends/tilesets/fantasy-racing.tsx": TILESETS / "fantasy-racing.tsx",
            "friends/tilesets/fantasy-racing.png": TILESETS / "fantasy-racing.png",
            "friends/README.md": b"two boards from a friend\n",
        },
    )


# ---------------------------------------------------------------- accepted
def test_a_board_is_added_with_the_tileset_it_uses(tmp_path, boards_folder):
    board = a_board(tmp_path / "mine", "canyon", "Red Canyon", tileset="canyon")
    outcome = addboards.add_boards(board, boards_folder)
    assert outcome.added == [("canyon.tmx", "Red Canyon")] and not outcome.refused
    assert (boards_folder / "art" / "canyon.tsx").read_bytes() == (
        tmp_path / "mine" / "art" / "canyon.tsx"
    ).read_bytes()
    assert (boards_folder / "canyon.tmx").read_bytes() == board.read_bytes()
    assert outcome.lines() == ["added 'Red Canyon' to your boards folder as canyon.tmx"]


def test_a_good_pack_adds_every_board_and_only_what_they_use(tmp_path, boards_folder):
    before = folder_state(boards_folder)
    outcome = addboards.add_boards(two_boards_pack(tmp_path), boards_folder)
    assert outcome.added == [("canyon.tmx", "Red Canyon"), ("salt.tmx", "Salt Flats")] and not outcome.refused
    after = folder_state(boards_folder)
    assert set(after) - set(before) == {"canyon.tmx", "salt.tmx", "art/canyon.tsx", "art/canyon.png"}
    assert all(after[name] == data for name, data in before.items())  # the same tileset was not written again


def test_the_same_board_twice_is_there_already_and_another_of_its_name_gets_a_free_one(tmp_path, boards_folder):
    first = a_board(tmp_path / "a", "canyon", "Red Canyon")
    assert addboards.add_boards(first, boards_folder).added == [("canyon.tmx", "Red Canyon")]
    again = addboards.add_boards(first, boards_folder)
    assert again.added == [] and again.present == ["canyon.tmx"] and not again.refused
    assert again.lines() == ["canyon.tmx: already in your boards folder"]
    other = a_board(tmp_path / "b", "canyon", "Blue Canyon")
    assert addboards.add_boards(other, boards_folder).added == [("canyon-2.tmx", "Blue Canyon")]
    assert b"Red Canyon" in (boards_folder / "canyon.tmx").read_bytes()  # never overwritten


# ---------------------------------------------------------------- refused, the folder unchanged
def _refused(source: Path, where: Path) -> list[str]:
    before = folder_state(where)
    outcome = addboards.add_boards(source, where)
    assert outcome.added == [] and folder_state(where) == before
    return [refused.line() for refused in outcome.refused]


def test_a_board_that_fails_its_check_is_refused_with_the_checkers_sentence(tmp_path, boards_folder):
    board = a_board(tmp_path / "mine", "broken", "Broken", edit=BROKEN)
    assert _refused(board, boards_folder) == [
        'broken.tmx: refused: layer "shields", column 3, row 8: a shield lies on a hole; objects go on free squares'
    ]


def test_a_pack_whose_only_board_fails_is_refused_and_adds_nothing(tmp_path, boards_folder):
    board = a_board(tmp_path / "made", "broken", "Broken", edit=BROKEN)
    zipped = pack(
        tmp_path / "p.zip",
        {
            "broken.tmx": board,
            "tilesets/fantasy-racing.tsx": TILESETS / "fantasy-racing.tsx",
            "tilesets/fantasy-racing.png": TILESETS / "fantasy-racing.png",
        },
    )
    [sentence] = _refused(zipped, boards_folder)
    assert sentence.startswith('p.zip: broken.tmx: refused: layer "shields", column 3, row 8: a shield lies on a hole')


@pytest.mark.parametrize("name", ["../evil.tmx", "/etc/evil.tmx", "a/../../evil.tmx", "C:/evil.tmx", "a\\..\\evil.tmx"])
def test_a_pack_with_a_path_leaving_its_folder_is_refused_whole(tmp_path, boards_folder, name):
    good = a_board(tmp_path / "made", "salt", "Salt Flats")
    zipped = pack(tmp_path / "p.zip", {"salt.tmx": good, name: good})
    assert _refused(zipped, boards_folder) == [f"p.zip: refused: its entry {name!r} leaves the pack's folder"]


def test_a_pack_with_a_link_is_refused_whole(tmp_path, boards_folder):
    good = a_board(tmp_path / "made", "salt", "Salt Flats")
    zipped = pack(tmp_path / "p.zip", {"salt.tmx": good, "tilesets/x.tsx": b"/etc/passwd"}, links=("tilesets/x.tsx",))
    assert _refused(zipped, boards_folder) == [
        "p.zip: refused: its entry 'tilesets/x.tsx' is a link, which a pack may not hold"
    ]


def test_a_zip_bomb_is_refused_before_it_inflates(tmp_path, boards_folder):
    good = a_board(tmp_path / "made", "salt", "Salt Flats")
    zipped = pack(tmp_path / "bomb.zip", {"salt.tmx": good, "tilesets/big.png": bytes(12 << 20)})
    assert zipped.stat().st_size < 100_000
    assert _refused(zipped, boards_folder) == [
        "bomb.zip: refused: its entry 'tilesets/big.png' inflates 200 times or more: a zip bomb"
    ]


def test_a_pack_entry_larger_than_its_kind_may_be_is_refused(tmp_path, boards_folder):
    zipped = pack(tmp_path / "big.zip", {"huge.tmx": bytes(5 << 20)})
    assert _refused(zipped, boards_folder) == [
        "big.zip: refused: its entry 'huge.tmx' inflates to 5 MB, more than the 4 MB a board may be"
    ]


def test_a_pack_of_too_many_entries_is_refused(tmp_path, boards_folder):
    zipped = pack(tmp_path / "many.zip", {f"n{i}.txt": b"" for i in range(addboards.PACK_ENTRIES + 1)})
    assert _refused(zipped, boards_folder) == ["many.zip: refused: it holds 257 entries, more than the 256 allowed"]


def test_a_file_that_is_no_zip_and_no_board_is_refused(tmp_path, boards_folder):
    fake = tmp_path / "fake.zip"
    fake.write_bytes(b"not a zip at all")
    [sentence] = _refused(fake, boards_folder)
    assert sentence.startswith("fake.zip: refused: it is not a zip file the game can read")
    notes = tmp_path / "notes.txt"
    notes.write_text("hi")
    assert _refused(notes, boards_folder) == [
        "notes.txt: refused: it is neither a board (.tmx) nor a pack of boards (.zip)"
    ]


def test_a_board_whose_tileset_differs_from_one_of_that_name_there_is_refused(tmp_path, boards_folder):
    (boards_folder / "art").mkdir()
    (boards_folder / "art" / "canyon.tsx").write_text("<tileset/>")  # another board's tileset of that name
    board = a_board(tmp_path / "mine", "canyon", "Red Canyon", tileset="canyon")
    [sentence] = _refused(board, boards_folder)
    assert sentence.startswith("canyon.tmx: refused: it uses art/canyon.tsx, and your boards folder already holds")


# ---------------------------------------------------------------- the command
@pytest.mark.slow
def test_main_py_add_board_says_what_it_added_and_refused_and_exits_1_on_a_refusal(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    good = two_boards_pack(tmp_path)
    bad = pack(tmp_path / "evil.zip", {"../evil.tmx": b"<map/>"})
    run = lambda *files: subprocess.run(  # noqa: E731
        [sys.executable, "main.py", "add-board", *map(str, files)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    done = run(good)
    folder = tmp_path / "data" / "fantasy-racing" / "boards"
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "added 'Red Canyon' to your boards folder as canyon.tmx",
        "added 'Salt Flats' to your boards folder as salt.tmx",
        f"your boards folder: {folder}",
    ]
    done = run(bad)
    assert done.returncode == 1 and "evil.zip: refused: its entry '../evil.tmx' leaves the pack's folder" in done.stdout
    assert not (tmp_path / "data" / "fantasy-racing" / "evil.tmx").exists()


def test_main_py_add_board_speaks_the_players_language(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    good = two_boards_pack(tmp_path)
    bad = pack(tmp_path / "evil.zip", {"../evil.tmx": b"<map/>"})
    run = lambda *files: subprocess.run(  # noqa: E731
        [sys.executable, "main.py", "add-board", "--lang", "fr", *map(str, files)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    folder = tmp_path / "data" / "fantasy-racing" / "boards"
    done = run(good)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "« Red Canyon » ajouté à votre dossier de plateaux (canyon.tmx).",
        "« Salt Flats » ajouté à votre dossier de plateaux (salt.tmx).",
        f"Votre dossier de plateaux : {folder}",
    ]
    done = run(bad)
    assert done.returncode == 1
    assert "evil.zip : refusé : son entrée '../evil.tmx' sort du dossier du paquet." in done.stdout, done.stdout
