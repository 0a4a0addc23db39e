"""Boards drawn in Tiled: the shipped boards, loading, art data, round trips, live reload."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.boards.board import BARRIER, BOARD_OBJECTS, HOLE, ROCK, SHORTCUT, Board, BoardError, TileImage
from game.boards.map_format import ERROR
from game.boards.maps import BoardWatcher, check_board, load_board
from tests.test_maps_support import MAPS, ROOT, SHIPPED, SMALL, board_folder, make_boards, rows, write_board


# ---------------------------------------------------------------- the shipped boards
def test_the_game_ships_eight_boards():
    assert len(SHIPPED) == 8, f"maps/ holds {[p.name for p in SHIPPED]}"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_board_has_no_problem(path):
    problems = check_board(path)
    assert not problems, f"{path.name}:\n" + "\n".join(p.line() for p in problems)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_board_is_a_fun_race_with_every_kind_of_square(path):
    board = load_board(path)
    kinds = {board.terrain_at(s) for s in board.squares()} | set(board.objects.values())
    missing = {BARRIER, ROCK, HOLE, SHORTCUT, *BOARD_OBJECTS} - kinds
    assert not missing, f"{path.name} never uses {sorted(missing)}"
    # from a short sprint (16x20) to a long course (20x64), a duel's gorge 10 wide
    assert 10 <= board.width <= 24 and 20 <= board.height <= 64, f"{path.name} is {board.width}x{board.height}"
    assert 5 <= board.turns <= 15 and 2 <= board.max_racers <= 6, f"{path.name}: turns/max_racers"
    assert len(board.starts) >= board.max_racers and all(s[0] == 0 for s in board.starts), path.name
    assert board.name != path.stem and board.description and board.author == "Fantasy Racing team", path.name
    assert board.source == str(path)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_board_is_what_its_text_layout_says(path):
    layouts = {file: layout for file, layout, *_ in make_boards.BOARDS}
    assert path.name in layouts, f"{path.name} has no layout in tools/make_boards.py"
    rules, _ = make_boards.split_layout(layouts[path.name])
    assert load_board(path).to_text() == "\n".join(rules) + "\n", f"{path.name}: run tools/make_boards.py"


def test_shipped_boards_use_csv_and_base64_zlib():
    texts = " ".join(p.read_text() for p in SHIPPED)
    assert 'encoding="csv"' in texts and 'compression="zlib"' in texts


def test_the_tiled_project_declares_the_board_properties():
    import json

    project = json.loads((MAPS / "fantasy-racing.tiled-project").read_text())
    board = next(t for t in project["propertyTypes"] if t["name"] == "board")
    assert board["type"] == "class" and "map" in board["useAs"]
    assert {m["name"] for m in board["members"]} == {
        "name",
        "name.fr",
        "description",
        "description.fr",
        "author",
        "turns",
        "respawn_turns",
        "max_racers",
    }
    assert project["folders"] == ["."]


def _tiled_command(name: str, board: Path) -> tuple[list[str], Path]:
    """A command of the Tiled project as Tiled 1.8 runs it: its words and its working folder.

    Tiled quotes the executable, puts the quoted map file for %mapfile and the
    project's folder (unquoted) for %projectpath in the working directory."""
    import json
    import shlex

    project = json.loads((MAPS / "fantasy-racing.tiled-project").read_text())
    command = next(c for c in project["commands"] if c["name"] == name)
    assert command["enabled"] and command["saveBeforeExecute"] and command["showOutput"]
    line = f'"{command["command"]}" ' + command["arguments"].replace("%mapfile", f'"{board}"')
    folder = Path(command["workingDirectory"].replace("%projectpath", str(MAPS)))
    return shlex.split(line), folder.resolve()


def test_the_tiled_projects_check_board_command_checks_the_edited_board(tmp_path):
    broken = tmp_path / "broken board.tmx"
    broken.write_text(SHIPPED[0].read_text().replace('name="ground"', 'name="grund"'))
    for board, status, says in ((SHIPPED[0], 0, ": ok"), (broken, 1, "error")):
        words, folder = _tiled_command("Check board", board)
        assert folder == ROOT and words[0] == ".venv/bin/python"  # the README's setup makes it
        done = subprocess.run([sys.executable, *words[1:]], cwd=folder, capture_output=True, text=True, timeout=60)
        assert done.returncode == status, done.stdout + done.stderr
        assert says in done.stdout and str(board) in done.stdout


@pytest.mark.parametrize("name, watch", [("Play board", False), ("Preview board (reloads on save)", True)])
def test_the_tiled_projects_play_commands_open_the_edited_board(name, watch):
    from game.cli.options import build_parser

    words, folder = _tiled_command(name, SHIPPED[0])
    assert folder == ROOT and words[:2] == [".venv/bin/python", "main.py"]
    options = build_parser().parse_args(words[2:])
    assert options.command is None and options.board == str(SHIPPED[0]) and options.watch == watch


# ---------------------------------------------------------------- no pygame in the rules
def test_loading_a_board_never_imports_pygame():
    code = (
        "import sys, game; b = game.load_board(sys.argv[1]); "
        "print(b.name, 'pygame' in sys.modules, 'pytmx' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(SHIPPED[0])], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-2:] == ["False", "True"], done.stdout


# ---------------------------------------------------------------- round trips
def test_a_text_board_and_its_tmx_load_to_equal_boards(tmp_path):
    text_board = Board.from_text(SMALL, name="small", author="Fantasy Racing team")
    path = write_board(tmp_path, "small", SMALL, properties={"name": "small"})
    loaded = load_board(path)
    assert loaded == text_board
    assert loaded.starts == text_board.starts


@pytest.mark.parametrize("encoding", ["csv", "base64", "zlib", "gzip"])
def test_every_layer_encoding_reads_the_same(tmp_path, encoding):
    path = write_board(tmp_path, encoding, SMALL, encoding=encoding)
    assert load_board(path).to_text() == Board.from_text(SMALL).to_text()


_square = st.sampled_from(".........#ROS C$%)".replace(" ", ""))


@st.composite
def text_boards(draw):
    """A random text board with free start squares on row 0."""
    width, height = draw(st.integers(8, 12)), draw(st.integers(16, 20))
    lines = [[draw(_square) for _ in range(width)] for _ in range(height)]
    racers = draw(st.integers(2, 6))
    cols = draw(st.lists(st.integers(0, width - 1), min_size=racers, max_size=racers, unique=True))
    lines[0] = ["."] * width
    for number, col in enumerate(cols, start=1):
        lines[0][col] = str(number)
    return "\n".join("".join(line) for line in lines), racers


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text_boards())
def test_any_text_board_survives_the_trip_through_tiled(tmp_path, drawn):
    text, racers = drawn
    path = write_board(tmp_path, "random", text, properties={"name": "random", "max_racers": racers}, encoding="zlib")
    expected = Board.from_text(text, name="random", author="Fantasy Racing team", max_racers=racers)
    assert load_board(path) == expected


def test_properties_are_read_with_their_defaults(tmp_path):
    path = write_board(tmp_path, "plain", SMALL)
    board = load_board(path)
    assert (board.name, board.turns, board.respawn_turns, board.max_racers) == ("plain", 10, (4, 7, 10, 13), 6)
    path = write_board(
        tmp_path,
        "set",
        SMALL,
        properties={"name": "Set", "description": "d", "turns": 7, "respawn_turns": "3, 9", "max_racers": 4},
    )
    board = load_board(path)
    assert (board.name, board.description, board.turns, board.respawn_turns, board.max_racers) == (
        "Set",
        "d",
        7,
        (3, 9),
        4,
    )


def test_map_properties_declared_through_a_class_are_read(tmp_path):
    def as_class(xml):
        return xml.replace(
            " <properties>\n",
            ' <properties>\n  <property name="board" type="class" '
            'propertytype="board">\n   <properties>\n    <property name="turns" type="int" '
            'value="6"/>\n   </properties>\n  </property>\n',
            1,
        )

    board = load_board(write_board(tmp_path, "classy", SMALL, edit=as_class))
    assert board.turns == 6


def test_without_a_start_layer_the_middle_of_row_zero_is_used(tmp_path):
    def drop_starts(xml):
        return xml[: xml.index(" <objectgroup")] + "</map>\n"

    board = load_board(
        write_board(
            tmp_path, "nostart", SMALL.replace("123456", "......"), properties={"max_racers": 4}, edit=drop_starts
        )
    )
    assert board.starts == ((0, 2), (0, 3), (0, 4), (0, 5))


@pytest.mark.parametrize("attribute", ["type", "class"])
def test_objects_of_class_or_type_start_are_start_points_on_any_object_layer(tmp_path, attribute):
    def move_to_other_layer(xml):
        xml = xml.replace('name="start"', 'name="racers"')
        return xml.replace("<object id=", f'<object {attribute}="start" id=')

    board = load_board(write_board(tmp_path, attribute, SMALL, edit=move_to_other_layer))
    assert board.starts == Board.from_text(SMALL).starts


def test_start_order_decides_who_starts_where(tmp_path):
    board = load_board(write_board(tmp_path, "order", SMALL.replace("123456", "654321")))
    assert board.starts == ((0, 6), (0, 5), (0, 4), (0, 3), (0, 2), (0, 1))


def test_an_embedded_tileset_reads_like_an_external_one(tmp_path):
    tsx = (MAPS / "tilesets" / "fantasy-racing.tsx").read_text()
    body = tsx[tsx.index("<tileset") :].replace("<tileset ", '<tileset firstgid="1" ', 1)
    body = body.replace('source="fantasy-racing.png"', 'source="tilesets/fantasy-racing.png"')

    def embed(xml):
        return xml.replace('<tileset firstgid="1" source="tilesets/fantasy-racing.tsx"/>', body)

    named = {"name": "same"}
    external = load_board(write_board(tmp_path, "external", SMALL, properties=named))
    embedded = load_board(write_board(tmp_path, "embedded", SMALL, properties=named, edit=embed))
    assert embedded == external
    assert embedded.art == external.art


# ---------------------------------------------------------------- art data
def test_the_art_lists_layers_in_drawing_order_with_tile_images(tmp_path):
    board = load_board(write_board(tmp_path, "art", SMALL))
    art = board.art
    assert [layer.name for layer in art.layers][:4] == ["ground", "decoration", "finish line", "start boxes"]
    assert (art.tile_width, art.tile_height) == (32, 32)
    ground = art.layers[0]
    assert len(ground.tiles) == board.width * board.height
    tile = ground.tiles[(0, 0)]
    assert isinstance(tile, TileImage) and tile.image.endswith("fantasy-racing.png")
    assert tile.rect[2:] == (32, 32) and os.path.isfile(tile.image)
    chest = next(layer for layer in art.layers if layer.name == "chests")
    ids = make_boards.tile_ids()
    x, y = chest.tiles[(2, 2)].rect[:2]
    assert (y // 32) * 8 + x // 32 + 1 == ids["chest"]


def test_the_art_honours_visibility_opacity_groups_and_flips(tmp_path):
    flipped = str(1 | 0x80000000 | 0x20000000)  # tile 1, flipped horizontally and diagonally

    def decorate(xml):
        xml = re.sub(
            r'<layer id="(\d+)" name="decoration"',
            r'<group id="20" name="deco" opacity="0.5" '
            r'offsetx="4">\n <layer id="\1" name="decoration" visible="0" opacity="0.5"',
            xml,
        )
        xml = re.sub(r'<layer id="(\d+)" name="finish line"', r'</group>\n <layer id="\1" name="finish line"', xml)
        start = xml.index('name="finish line"')
        return xml[:start] + xml[start:].replace("30,", flipped + ",", 1)

    art = load_board(write_board(tmp_path, "group", SMALL, edit=decorate)).art
    layers = {layer.name: layer for layer in art.layers}
    assert not layers["decoration"].visible and layers["decoration"].opacity == 0.25
    assert layers["decoration"].offset == (4, 0)
    tile = layers["finish line"].tiles[(0, 0)]
    assert (tile.flip_x, tile.flip_y, tile.flip_diagonal) == (True, False, True)
    assert tile.rect == (0, 0, 32, 32)


def test_hidden_rule_layers_still_count(tmp_path):
    def hide(xml):
        return xml.replace('name="holes"', 'name="holes" visible="0"')

    board = load_board(write_board(tmp_path, "hidden", SMALL, edit=hide))
    assert board.terrain_at((8, 3)) == HOLE


# ---------------------------------------------------------------- load_board's errors
def test_load_board_raises_the_first_error_line(tmp_path):
    path = write_board(tmp_path, "bad", SMALL, properties={"turns": 99})
    with pytest.raises(BoardError) as raised:
        load_board(path)
    assert str(raised.value) == f'{path}: error: map property "turns" is 99; it must be from 5 to 15'
    assert check_board(path)[0].severity == ERROR


# ---------------------------------------------------------------- live reload
def _touch(path: Path, text: str, tick: int) -> None:
    """Write a file and give it a distinct modification time."""
    path.write_text(text)
    os.utime(path, ns=(tick * 1_000_000_000, tick * 1_000_000_000))


def test_the_watcher_reloads_a_changed_board_and_keeps_the_last_good_one(tmp_path):
    board_folder(tmp_path)
    path = tmp_path / "live.tmx"
    first = make_boards.tmx_text(rows(SMALL), properties={"name": "first"})
    _touch(path, first, 1)
    watcher = BoardWatcher(path)
    assert watcher.board.name == "first" and watcher.error is None
    assert not watcher.poll() and not watcher.changed

    _touch(path, first.replace('value="first"', 'value="second"'), 2)
    assert watcher.poll() and watcher.changed
    assert watcher.board.name == "second" and watcher.error is None
    assert not watcher.poll()

    _touch(path, first[:200], 3)  # saved half-way: broken XML
    assert watcher.poll()
    assert watcher.board.name == "second" and "broken XML" in watcher.error

    _touch(path, first.replace('value="first"', 'value="fixed"'), 4)
    assert watcher.poll()
    assert watcher.board.name == "fixed" and watcher.error is None


def test_the_watcher_notices_a_changed_tileset_and_a_missing_file(tmp_path):
    path = write_board(tmp_path, "live", SMALL)
    watcher = BoardWatcher(path)
    tsx = tmp_path / "tilesets" / "fantasy-racing.tsx"
    os.utime(tsx, ns=(5_000_000_000, 5_000_000_000))
    assert watcher.poll()
    path.unlink()
    assert watcher.poll() and "no such file" in watcher.error and watcher.board is not None


def test_the_watcher_of_a_broken_board_has_no_board_and_an_error(tmp_path):
    path = tmp_path / "broken.tmx"
    path.write_text("<map")
    watcher = BoardWatcher(path)
    assert watcher.board is None and "broken XML" in watcher.error
