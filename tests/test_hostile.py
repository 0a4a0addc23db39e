"""Files from strangers cannot hurt the player.

Every limit of game/files.py, just under (accepted) and just over (refused
with one sentence); hostile files (tests/hostile_files.py; the boards among them
are in the board fuzzer, tests/test_fuzz_maps.py) answered with one line by
the loaders, `check-map`, `simulate --board`, `replay --check` and the
setup's list of boards."""

from __future__ import annotations

import json
import signal
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import hostile_files as hostile
import pytest

from game import BoardError, Race, RacerSetup, files, load_board
from game.app import session
from game.boards.board import MAX_COLUMNS
from game.meta.replay import ReplayError, record
from game.meta.replay import load as load_replay

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
SECONDS = 10  # an answer slower than this is a hang (the measured times are in docs/reliability.md)


@pytest.fixture(autouse=True)
def no_hang():
    def stop(signum, frame):
        raise TimeoutError(f"no answer within {SECONDS} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(SECONDS)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def one_line(error: Exception) -> str:
    text = str(error)
    assert text and "\n" not in text and "Traceback" not in text
    return text


@pytest.mark.parametrize("case", [c for c in hostile.cases() if c.kind == "replay"], ids=lambda c: c.name)
def test_a_hostile_replay_gets_one_sentence(tmp_path, case):
    path = case.make(tmp_path / "case")
    with pytest.raises(ReplayError) as refused:
        load_replay(path)
    line = one_line(refused.value)
    assert str(path) in line and case.expected in line, line


@pytest.mark.parametrize("name", ["zlib bomb", "a FIFO as the board", "a 100000x100000 picture"])
def test_the_commands_answer_a_hostile_board_with_exit_1_and_no_traceback(tmp_path, name):
    case = next(c for c in hostile.cases() if c.name == name)
    path = case.make(tmp_path / "case")
    for command, code in ((["check-map", str(path)], 1), (["simulate", "--board", str(path), "--games", "1"], 1)):
        done = subprocess.run(
            [sys.executable, "main.py", *command], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == code, done.stdout + done.stderr
        assert case.expected in done.stdout + done.stderr and "Traceback" not in done.stderr


def test_replay_check_answers_a_huge_replay_with_one_sentence(tmp_path):
    path = hostile.huge_replay(5 * hostile.MB)(tmp_path)
    done = subprocess.run(
        [sys.executable, "main.py", "replay", str(path), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "more than the 4 MB a replay may be" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_hostile_board_in_the_players_folder_shows_as_unusable_in_the_setup(tmp_path, monkeypatch):
    from game.app import userboards
    from game.app.settings import Settings
    from scenes.app import App
    from scenes.core import boards

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(settings=Settings(language="en"))
    folder = userboards.folder()
    hostile.ground_bomb("zlib", 64 * hostile.MB)(folder)
    setup = app.stack.push(app.stack.make("setup"))
    bad = [c for c in setup.choices if c.origin == boards.YOURS]
    assert len(bad) == 1 and bad[0].board is None and "inflates to more than" in bad[0].problem
    assert setup.choices[-1].ref == boards.PRACTICE


# ---------------------------------------------------------------- each limit, just under and just over
def padded_board(tmp_path: Path, size: int) -> Path:
    """The shipped mine board padded with a comment to exactly `size` bytes."""
    text = hostile.mine_text().encode()
    head, tail = text.split(b"<map ", 1)
    filler = size - len(text) - len(b"<!---->\n")
    path = hostile.board_folder(tmp_path) / "board.tmx"
    path.write_bytes(head + b"<!--" + b"x" * filler + b"-->\n<map " + tail)
    assert path.stat().st_size == size
    return path


def test_a_board_of_exactly_the_limit_loads_and_one_byte_more_is_refused(tmp_path):
    limit = files.LIMITS["board"]
    assert load_board(padded_board(tmp_path / "under", limit)).name == "Hollow Mine"
    with pytest.raises(BoardError, match="it is 4.0 MB, more than the 4 MB a board may be"):
        load_board(padded_board(tmp_path / "over", limit + 1))


def test_a_tileset_of_exactly_the_limit_loads_and_one_byte_more_is_refused(tmp_path):
    limit = files.LIMITS["tileset"]
    for folder, size in ((tmp_path / "under", limit), (tmp_path / "over", limit + 1)):
        path = hostile.board_folder(folder) / "board.tmx"
        path.write_text(hostile.mine_text())
        tsx = folder / "tilesets" / "fantasy-racing.tsx"
        text = tsx.read_bytes()
        head, tail = text.split(b"<tileset ", 1)
        tsx.write_bytes(head + b"<!--" + b"x" * (size - len(text) - 8) + b"-->\n<tileset " + tail)
        assert tsx.stat().st_size == size
    assert load_board(tmp_path / "under" / "board.tmx").name == "Hollow Mine"
    with pytest.raises(BoardError, match="more than the 1 MB a tileset may be"):
        load_board(tmp_path / "over" / "board.tmx")


def layer_of(tmp_path: Path, raw: bytes) -> Path:
    """The mine board with its ground layer's data replaced by `raw`, zlib-compressed."""
    data = __import__("base64").b64encode(zlib.compress(raw)).decode()
    text = hostile.GROUND.sub(lambda m: m.group(1) + data + m.group(2), hostile.mine_text(), count=1)
    path = hostile.board_folder(tmp_path) / "board.tmx"
    path.write_text(text)
    return path


def test_layer_data_inflating_to_the_maps_size_loads_and_four_bytes_more_are_refused(tmp_path):
    squares = 18 * 40
    assert load_board(layer_of(tmp_path / "under", struct.pack("<I", 1) * squares)).width == 18
    with pytest.raises(BoardError, match="inflates to more than the 2,880 bytes a 18x40 map needs"):
        load_board(layer_of(tmp_path / "over", struct.pack("<I", 1) * (squares + 1)))


def test_the_widest_map_is_read_and_one_column_more_is_refused(tmp_path):
    for columns in (MAX_COLUMNS, MAX_COLUMNS + 1):
        text = hostile.mine_text().replace('width="18" height="40"', f'width="{columns}" height="40"')
        path = hostile.board_folder(tmp_path / str(columns)) / "board.tmx"
        path.write_text(text)
        with pytest.raises(BoardError) as refused:  # the layers are still 18 wide: an error either way
            load_board(path)
        assert ("a board has at most 256 columns" in str(refused.value)) == (columns > MAX_COLUMNS)


def test_xml_nested_exactly_as_deep_as_allowed_is_read_and_one_level_more_is_refused():
    depth = files.MAX_XML_DEPTH
    assert files.parse_xml(b"<a>" * depth + b"</a>" * depth).tag == "a"
    with pytest.raises(files.FileRefused, match="nest more than 32 deep"):
        files.parse_xml(b"<a>" * (depth + 1) + b"</a>" * (depth + 1))


def png_header(width: int, height: int) -> bytes:
    ihdr = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + ihdr + struct.pack(">I", zlib.crc32(ihdr))


def test_a_picture_of_the_largest_side_passes_and_one_pixel_more_is_refused(tmp_path):
    (tmp_path / "ok.png").write_bytes(png_header(4096, 4096))
    (tmp_path / "big.png").write_bytes(png_header(4096, 4097))
    files.check_image(tmp_path / "ok.png")
    with pytest.raises(files.FileRefused, match="4096x4097 pixels, more than the 4096x4096"):
        files.check_image(tmp_path / "big.png")
    (tmp_path / "odd.png").write_bytes(b"not a picture")
    with pytest.raises(files.FileRefused, match="not a PNG, GIF, BMP or JPEG"):
        files.check_image(tmp_path / "odd.png")


def test_a_replay_of_exactly_the_limit_loads_and_one_byte_more_is_refused(tmp_path):
    race = Race.new(
        load_board(MAPS / "mine.tmx"), [RacerSetup("elf", bot="easy"), RacerSetup("orc", bot="easy")], turns=5, seed=4
    )
    import random

    from game.bots.ai import play

    play(race, {0: random.Random(1), 1: random.Random(2)}, {0: "easy", 1: "easy"})
    text = record(race)
    limit = files.LIMITS["replay"]
    (tmp_path / "under.json").write_text(text + " " * (limit - len(text.encode())))
    (tmp_path / "over.json").write_text(text + " " * (limit + 1 - len(text.encode())))
    assert load_replay(tmp_path / "under.json").race["seed"] == 4
    with pytest.raises(ReplayError, match="more than the 4 MB a replay may be"):
        load_replay(tmp_path / "over.json")


def test_settings_and_saves_over_their_limits_are_set_aside_with_a_sentence(tmp_path, monkeypatch):
    from game.app import userdata
    from game.app.settings import Settings, settings_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    settings = settings_path(session.FOLDER)
    settings.write_text(json.dumps({"format": 1, "language": "en"}) + " " * files.LIMITS["settings"])
    loaded = Settings.load(session.FOLDER)
    assert "more than the 64 KB a settings may be" in loaded.problem and not settings.exists()
    save = userdata.save_path(session.FOLDER)
    save.write_text("{}" + " " * files.LIMITS["save"])
    saved, message = userdata.load_race(session.FOLDER)
    assert saved is None and "more than the 4 MB a save may be" in message and not save.exists()


def test_a_text_board_over_its_limit_is_refused_by_simulate(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text(("." * 20 + "\n") * (files.LIMITS["text board"] // 21 + 1))
    done = subprocess.run(
        [sys.executable, "main.py", "simulate", "--text-board", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "more than the 256 KB a text board may be" in done.stderr


# ---------------------------------------------------------------- issue 27: what went around the first limits
def answer(case: hostile.Case, path: Path) -> str:
    """What the game's own reader says of a case's file ("" when it reads it)."""
    from game.app import userdata
    from game.app.settings import Settings
    from game.meta import replay

    if case.kind in ("board", "usable"):
        try:
            load_board(path)
            return ""
        except BoardError as error:
            return str(error)
    if case.kind == "save":
        return userdata.load_race(session.FOLDER)[1] or ""
    if case.kind == "season":
        return userdata.load_season(session.FOLDER)[1] or ""
    if case.kind == "settings":
        return Settings.load(session.FOLDER).problem
    if case.kind == "folder":
        return ""
    try:
        replay.check(replay.load(path))
        return ""
    except ReplayError as error:
        return str(error)


MORE = hostile.more_cases()


@pytest.mark.parametrize("case", MORE, ids=lambda c: c.name)
def test_every_case_of_issue_27_gets_one_sentence_naming_the_file_and_the_field(tmp_path, monkeypatch, case):
    monkeypatch.setenv("XDG_DATA_HOME", str(hostile.data_home(case, tmp_path / "case")))
    path = case.make(tmp_path / "case")
    said = answer(case, path)
    if not case.expected:  # a file the game uses (around what it cannot)
        assert said == ""
        return
    assert case.expected in one_line(Exception(said)), said
    if case.kind in ("save", "season", "settings") and case.expected:
        assert str(path) in said, said  # set aside, with its name said (corrected settings are written anew)
        assert case.kind == "settings" or not path.exists()
        assert len(list(path.parent.glob(f"{path.stem}.unreadable-*"))) == 1
    elif case.kind != "save":
        assert str(path) in said or path.name in said


SCENE_CASES = [
    (case, scene)
    for case in [*hostile.cases(), *MORE]
    for scene in hostile.scenes_for(case)
    if "six of" not in case.name and "largest" not in case.name
]


@pytest.mark.slow
@pytest.mark.parametrize("case, scene", SCENE_CASES, ids=[f"{scene}: {case.name}" for case, scene in SCENE_CASES])
def test_the_windows_screens_open_on_a_hostile_file_and_say_one_sentence(tmp_path, monkeypatch, case, scene):
    """The title (the player's files), the setup (the boards folder), a race and the preview (a board),
    the replay screen (a replay): each opens, draws, and says at most one sentence."""
    monkeypatch.setenv("XDG_DATA_HOME", str(hostile.data_home(case, tmp_path / "case")))
    path = case.make(tmp_path / "case")
    said = hostile.open_scene(scene, path)
    assert case.expected in said and "\n" not in said and "Traceback" not in said, said


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["the largest legal board (64 x 128)", "six of the largest boards in the boards folder"]
)
def test_the_largest_legal_boards_open_in_every_screen(tmp_path, monkeypatch, name):
    case = next(c for c in MORE if c.name == name)
    monkeypatch.setenv("XDG_DATA_HOME", str(hostile.data_home(case, tmp_path / "case")))
    path = case.make(tmp_path / "case")
    for scene in hostile.scenes_for(case):
        assert hostile.open_scene(scene, path) == ""


def test_a_board_of_older_tiled_loads_and_entities_are_still_refused(tmp_path):
    """A DOCTYPE line (Tiled 0.x and 1.0) and a tileset <image> without width and height (Tiled reads them
    from the picture) load; an entity, even inside the DOCTYPE, is refused."""
    board = load_board(hostile.old_tiled(tmp_path / "old"))
    assert board.name == "Hollow Mine" and board.art is not None
    assert {t.rect[2:] for layer in board.art.layers for t in layer.tiles.values()} == {(32, 32)}
    with pytest.raises(BoardError, match="it declares entities or refers to files"):
        load_board(hostile.billion_laughs(tmp_path / "laughs"))
    outside = (
        hostile.mine_text()
        .replace("<map ", '<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<map ', 1)
        .replace('value="Hollow Mine"', 'value="&x;"')
    )
    path = hostile.board_folder(tmp_path / "outside") / "board.tmx"
    path.write_text(outside)
    with pytest.raises(BoardError, match="it declares entities or refers to files"):
        load_board(path)


def test_a_picture_smaller_than_declared_is_cut_as_it_is_with_a_warning(tmp_path):
    from game.boards.maps import check_board

    path = hostile.small_picture(tmp_path)
    lines = [p.line() for p in check_board(path)]
    assert any("is 32x32 pixels, not the 256x224 the tileset says" in line for line in lines), lines
    assert all(": warning: " in line for line in lines), lines


def test_check_map_cannot_be_made_to_print_a_line_of_the_files_own(tmp_path):
    """A layer's name with line breaks and a fake verdict is printed escaped, inside the problem's own line."""
    fake = "my rocks&#10;board.tmx: ok&#10;checked 1 board: 0 errors, 0 warnings"
    path = hostile.board_folder(tmp_path) / "board.tmx"
    path.write_text(hostile.mine_text().replace('name="decoration"', f'name="{fake}"'))
    done = subprocess.run(
        [sys.executable, "main.py", "check-map", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and "\\nboard.tmx: ok\\nchecked" in lines[0], lines
    assert lines[1] == "checked 1 board: 0 errors, 1 warning" and done.returncode == 0
