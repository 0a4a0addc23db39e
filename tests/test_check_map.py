"""`main.py check-map`: one clear line per problem of a broken board, never a traceback.

Each case writes one malformed board (from the small text board of
test_maps_support, bent by an edit) and names the line check-map must print
for it, after the file's path. A line ending in "..." is matched as a prefix.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.boards.map_format import ERROR, WARNING
from game.boards.maps import check_board, check_map_command
from tests.test_maps_support import MAPS, ROOT, SMALL, board_folder, move_racer, paint, write_board

TSX = 'source="tilesets/fantasy-racing.tsx"'


def board(text: str = SMALL, edit=None, **options):
    """A case's writer: the text board, bent by edit, with the writer's options."""

    def build(folder: Path) -> Path:
        return write_board(folder, "board", text, edit=edit, **options)

    return build


def raw(content: str):
    """A case's writer: a .tmx file with exactly this content."""

    def build(folder: Path) -> Path:
        board_folder(folder)
        path = folder / "board.tmx"
        path.write_text(content)
        return path

    return build


def replace(old: str, new: str, count: int = 1):
    """An edit replacing text in the XML."""

    def edit(xml: str) -> str:
        assert old in xml, f"{old!r} is not in the board"
        return xml.replace(old, new, count)

    return edit


def both(*edits):
    """Several edits, one after the other."""

    def edit(xml: str) -> str:
        for each in edits:
            xml = each(xml)
        return xml

    return edit


def layer_as(name: str, element: str):
    """An edit swapping a tile layer for another element."""

    def edit(xml: str) -> str:
        return re.sub(rf' <layer id="\d+" name="{name}".*?</layer>', element, xml, count=1, flags=re.S)

    return edit


def without_start_objects(xml: str) -> str:
    """The start layer emptied."""
    return re.sub(
        r'<objectgroup id="(\d+)" name="start">.*?</objectgroup>',
        r'<objectgroup id="\1" name="start"/>',
        xml,
        flags=re.S,
    )


def without_start_layer(xml: str) -> str:
    """No start layer at all."""
    return xml[: xml.index(" <objectgroup")] + "</map>\n"


def missing_image(folder: Path) -> Path:
    """A board whose tileset image was deleted."""
    path = board()(folder)
    (folder / "tilesets" / "fantasy-racing.png").unlink()
    return path


def broken_tileset(folder: Path) -> Path:
    """A board whose tileset file is cut short."""
    path = board(edit=replace(TSX, 'source="tilesets/broken.tsx"'))(folder)
    (folder / "tilesets" / "broken.tsx").write_text('<?xml version="1.0"?>\n<tileset name="x"')
    return path


def empty_folder(folder: Path) -> Path:
    """A folder with no board in it."""
    (folder / "empty").mkdir()
    return folder / "empty"


NARROW = "\n".join(row[:6] for row in SMALL.strip().splitlines())
SHORT = "\n".join(SMALL.strip().splitlines()[:12])
XML_TILES = "<data>" + '<tile gid="1"/>' * 128 + "</data>"
GROUND_DATA = re.compile(r'(name="ground"[^>]*>\s*<data encoding="base64" compression="zlib">)([^<]*)')

CASES = [
    # id, writer, the expected line after the file's path, exit code of check-map for that file alone
    ("missing file", lambda folder: folder / "nowhere.tmx", ": error: no such file", 1),
    ("empty folder", empty_folder, ": error: this folder holds no .tmx board", 1),
    ("empty file", raw(""), ": error: not a Tiled map: broken XML at line 1, column 1", 1),
    (
        "broken xml",
        raw('<?xml version="1.0"?>\n<map width="8">\n <layer>\n</map>\n'),
        ": error: not a Tiled map: broken XML at line 4, column 3",
        1,
    ),
    (
        "a tileset, not a map",
        raw((MAPS / "tilesets" / "fantasy-racing.tsx").read_text()),
        ": error: not a Tiled map: the file holds <tileset>, a .tmx holds <map>",
        1,
    ),
    (
        "infinite map",
        board(edit=replace('infinite="0"', 'infinite="1"')),
        ": error: the map is infinite; untick Map > Map Properties > Infinite and give it a size",
        1,
    ),
    (
        "isometric map",
        board(edit=replace('orientation="orthogonal"', 'orientation="isometric"')),
        ": error: the map is isometric; a board must be orthogonal (Map > Map Properties > Orientation)",
        1,
    ),
    (
        "tiles not square",
        board(edit=replace('tileheight="32" infinite', 'tileheight="16" infinite')),
        ": error: the tiles are 32x16 pixels; a board needs square tiles",
        1,
    ),
    (
        "too narrow",
        board(NARROW),
        ": error: the map is 6 columns by 16 rows; a board needs at least 8 columns and 16 rows",
        1,
    ),
    (
        "too short",
        board(SHORT),
        ": error: the map is 8 columns by 12 rows; a board needs at least 8 columns and 16 rows",
        1,
    ),
    (
        "no ground layer",
        board(edit=replace('name="ground"', 'name="paint"')),
        ': error: no tile layer named "ground"; paint the track on a layer named "ground"',
        1,
    ),
    (
        "ground as an image layer",
        board(edit=layer_as("ground", ' <imagelayer id="1" name="ground"><image source="x.png"/></imagelayer>')),
        ', layer "ground": error: this is an image layer; the ground is painted on a tile layer',
        1,
    ),
    (
        "holes on an object layer",
        board(edit=layer_as("holes", ' <objectgroup id="5" name="holes"/>')),
        ', layer "holes": error: this is an object layer; holes are painted on a tile layer',
        1,
    ),
    (
        "start as a tile layer",
        board(edit=both(replace('name="start"', 'name="unused"'), replace('name="start boxes"', 'name="start"'))),
        ', layer "start": error: this is a tile layer; start squares are points on an object layer',
        1,
    ),
    (
        "a rock on a hole",
        board(edit=lambda xml: paint(xml, "rocks", [(8, 3)])),
        ', layer "rocks", column 3, row 8: error: a rock and a hole on one square; a square holds at most one obstacle',
        1,
    ),
    (
        "a barrier on a shortcut",
        board(edit=lambda xml: paint(xml, "barriers", [(10, 2)])),
        ', layer "barriers", column 2, row 10: error: a barrier and a shortcut on one square; '
        "a square holds at most one obstacle",
        1,
    ),
    (
        "a coin on a clover",
        board(edit=lambda xml: paint(xml, "coins", [(4, 1)])),
        ', layer "clovers", column 1, row 4: error: a clover and a gold coin on one square; '
        "a square holds at most one object",
        1,
    ),
    (
        "a chest on a barrier",
        board(edit=lambda xml: paint(xml, "chests", [(6, 2)])),
        ', layer "chests", column 2, row 6: error: a chest lies on a barrier; objects go on free squares',
        1,
    ),
    (
        "a shield on a hole",
        board(edit=lambda xml: paint(xml, "shields", [(8, 3)])),
        ', layer "shields", column 3, row 8: error: a shield lies on a hole; objects go on free squares',
        1,
    ),
    (
        "a coin on a rock",
        board(edit=lambda xml: paint(xml, "coins", [(6, 5)])),
        ', layer "coins", column 5, row 6: error: a gold coin lies on a rock; objects go on free squares',
        1,
    ),
    (
        "an empty start layer",
        board(edit=without_start_objects),
        ': error: the board has no start square: add points on row 0 to an object layer named "start", '
        "or leave free squares on row 0",
        1,
    ),
    (
        "no start layer and row 0 blocked",
        board(SMALL.replace(".123456.", "##RRRR##"), edit=without_start_layer),
        ': error: the board has no start square: add points on row 0 to an object layer named "start", '
        "or leave free squares on row 0",
        1,
    ),
    (
        "too few start squares",
        board(SMALL.replace("123456", "..123.")),
        ', layer "start": error: the board has 3 start squares but max_racers is 6; '
        "add start squares or lower max_racers",
        1,
    ),
    (
        "a start square off row 0",
        board(edit=lambda xml: move_racer(xml, 1, y=80)),
        ', layer "start", column 1, row 2: error: this start square is not on row 0 (the top row)',
        1,
    ),
    (
        "a start square on a hole",
        board(SMALL.replace(".123456.", "O123456."), edit=lambda xml: move_racer(xml, 1, x=16)),
        ', layer "start", column 0, row 0: error: this start square is on a hole; start squares must be free',
        1,
    ),
    (
        "a start square on a coin",
        board(SMALL.replace(".123456.", ".123456$"), edit=lambda xml: move_racer(xml, 6, x=240)),
        ', layer "start", column 7, row 0: error: this start square holds a gold coin; start squares must be free',
        1,
    ),
    (
        "a start point outside the map",
        board(edit=lambda xml: move_racer(xml, 1, x=-40)),
        ', layer "start", column -2, row 0: error: this start point lies outside the map',
        1,
    ),
    (
        "a start point at no position",
        board(edit=lambda xml: move_racer(xml, 1, x="nan")),
        ', layer "start": error: start object 1 has no usable position (x=nan, y=16.0)',
        1,
    ),
    (
        "two start points on one square",
        board(edit=lambda xml: move_racer(xml, 2, x=48)),
        ', layer "start", column 1, row 0: error: two start points on one square',
        1,
    ),
    (
        "start order not a number",
        board(edit=replace('<property name="order" type="int" value="1"/>', '<property name="order" value="first"/>')),
        ', layer "start", column 1, row 0: error: start property "order" must be a whole number, not \'first\'',
        1,
    ),
    (
        "too many turns",
        board(properties={"turns": 20}),
        ': error: map property "turns" is 20; it must be from 5 to 15',
        1,
    ),
    ("too few turns", board(properties={"turns": 4}), ': error: map property "turns" is 4; it must be from 5 to 15', 1),
    (
        "turns in words",
        board(properties={"turns": "ten"}),
        ": error: map property \"turns\" must be a whole number from 5 to 15, not 'ten'",
        1,
    ),
    (
        "turns as a float",
        board(
            properties={"turns": 8},
            edit=replace('name="turns" type="int" value="8"', 'name="turns" type="float" value="7.5"'),
        ),
        ': error: map property "turns" is a float property; make it an int from 5 to 15',
        1,
    ),
    (
        "turns as a bool",
        board(
            properties={"turns": 8},
            edit=replace('name="turns" type="int" value="8"', 'name="turns" type="bool" value="true"'),
        ),
        ': error: map property "turns" is a bool property; make it an int from 5 to 15',
        1,
    ),
    (
        "one racer",
        board(properties={"max_racers": 1}),
        ': error: map property "max_racers" is 1; it must be from 2 to 6',
        1,
    ),
    (
        "seven racers",
        board(properties={"max_racers": 7}),
        ': error: map property "max_racers" is 7; it must be from 2 to 6',
        1,
    ),
    (
        "an int property holding words",
        board(properties={"max_racers": 6}, edit=replace('value="6"/>', 'value="six"/>')),
        ": error: map property \"max_racers\" must be a whole number from 2 to 6, not 'six'",
        1,
    ),
    (
        "an object property of the wrong type",
        board(
            edit=replace(
                '<property name="order" type="int" value="1"/>', '<property name="order" type="int" value="x"/>'
            )
        ),
        ": error: property 'order' of object 1 is an int but holds 'x'",
        1,
    ),
    (
        "respawn turns with a word",
        board(properties={"respawn_turns": "4,x"}),
        ': error: map property "respawn_turns" must list game turns from 1 to 15 separated by commas, '
        "like \"4,7,10,13\", not '4,x'",
        1,
    ),
    (
        "respawn turn past the race",
        board(properties={"respawn_turns": "4,20"}),
        ': error: map property "respawn_turns" must list game turns from 1 to 15 separated by commas, '
        "like \"4,7,10,13\", not '4,20'",
        1,
    ),
    (
        "missing tileset file",
        board(edit=replace(TSX, 'source="tilesets/nope.tsx"')),
        ": error: tileset file 'tilesets/nope.tsx' not found (looked for ...",
        1,
    ),
    (
        "tileset not a tsx",
        board(edit=replace(TSX, 'source="tilesets/fantasy-racing.json"')),
        ": error: tileset file 'tilesets/fantasy-racing.json' is not a .tsx file; save the tileset as .tsx",
        1,
    ),
    (
        "broken tileset file",
        broken_tileset,
        ": error: tileset file 'tilesets/broken.tsx' is broken XML at line 2, column ...",
        1,
    ),
    (
        "missing tileset image",
        missing_image,
        ": error: tileset 'tilesets/fantasy-racing.tsx': image 'tilesets/fantasy-racing.png' not found",
        1,
    ),
    (
        "layer data too short",
        board(edit=lambda xml: re.sub(r",\n[0-9,]+\n</data>", "\n</data>", xml, count=1)),
        ', layer "ground": error: the layer holds 120 tiles but a 8x16 map needs 128',
        1,
    ),
    (
        "layer of another size",
        board(edit=replace('name="ground" width="8"', 'name="ground" width="9"')),
        ', layer "ground": error: the layer is 9x16 squares but the map is 8x16',
        1,
    ),
    (
        "layer saved as xml tiles",
        board(
            edit=lambda xml: re.sub(
                r'(name="ground"[^>]*>\s*)<data encoding="csv">.*?</data>',
                lambda m: m.group(1) + XML_TILES,
                xml,
                count=1,
                flags=re.S,
            )
        ),
        ', layer "ground": error: the layer is saved as XML tiles; choose CSV or Base64 '
        "(Map > Map Properties > Tile Layer Format)",
        1,
    ),
    (
        "zstd compression",
        board(encoding="zlib", edit=replace('compression="zlib"', 'compression="zstd"')),
        ", layer \"ground\": error: layer compression 'zstd' is not readable; choose Base64 (zlib) or Base64 (gzip)",
        1,
    ),
    (
        "damaged base64 data",
        board(encoding="zlib", edit=lambda xml: GROUND_DATA.sub(lambda m: m.group(1) + "AAAA" + m.group(2)[4:], xml)),
        ', layer "ground": error: the layer data is damaged (base64+zlib does not decode)',
        1,
    ),
    (
        "a combination: rock, hole and coin on one square",
        board(edit=lambda xml: paint(paint(xml, "rocks", [(8, 3)]), "coins", [(8, 3)])),
        ', layer "coins", column 3, row 8: error: a gold coin lies on a hole; objects go on free squares',
        1,
    ),
    (
        "a combination: bad turns and a typo",
        board(properties={"turns": 99}, edit=replace('name="holes"', 'name="Hole"')),
        ', layer "Hole": warning: this layer is read as decoration; did you mean "holes"?',
        1,
    ),
    # warnings only: exit 0
    (
        "typo: hole",
        board(edit=replace('name="holes"', 'name="hole"')),
        ', layer "hole": warning: this layer is read as decoration; did you mean "holes"?',
        0,
    ),
    (
        "typo: Chest layer",
        board(edit=replace('name="chests"', 'name="Chest layer"')),
        ', layer "Chest layer": warning: this layer is read as decoration; did you mean "chests"?',
        0,
    ),
    (
        "typo: barrier",
        board(edit=replace('name="barriers"', 'name="Barrier"')),
        ', layer "Barrier": warning: this layer is read as decoration; did you mean "barriers"?',
        0,
    ),
    (
        "typo in a map property",
        board(properties={"turn": 8}),
        ': warning: map property "turn" is not read; did you mean "turns"?',
        0,
    ),
    (
        "squares with no ground",
        board(edit=lambda xml: paint(xml, "ground", [(3, 2), (5, 0)], gid=0)),
        ', layer "ground", column 2, row 3: warning: 2 squares with no ground tile (the first is shown)',
        0,
    ),
    (
        "a tile from no tileset",
        board(edit=lambda xml: paint(xml, "decoration", [(1, 4)], gid=999)),
        ', layer "decoration", column 4, row 1: warning: 1 tile from no tileset, which cannot be drawn '
        "(the first is shown)",
        0,
    ),
    (
        "seven start points",
        board(
            edit=replace(
                "</objectgroup>", '  <object id="7" name="spare" x="240" y="16"><point/></object>\n </objectgroup>'
            )
        ),
        ', layer "start": warning: the board has 7 start squares; only the first 6 are used',
        0,
    ),
]


def _expects(line: str, path: Path, expected: str) -> bool:
    """Whether a printed line is the expected one for this file."""
    if expected.endswith("..."):
        return line.startswith(f"{path}{expected[:-3]}")
    return line == f"{path}{expected}"


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """Every case's board, each in its own folder: id -> path."""
    root = tmp_path_factory.mktemp("malformed")
    paths = {}
    for number, (name, build, _, _) in enumerate(CASES):
        folder = root / f"case{number:02d}"
        folder.mkdir()
        paths[name] = build(folder)
    return paths


def test_there_are_at_least_thirty_malformed_boards():
    assert sum(code == 1 for *_, code in CASES) >= 30


@pytest.mark.parametrize("name, expected, code", [(c[0], c[2], c[3]) for c in CASES], ids=[c[0] for c in CASES])
def test_check_map_prints_the_expected_line_and_exit_code(written, name, expected, code):
    path = written[name]
    out = io.StringIO()
    assert check_map_command([str(path)], out) == code, out.getvalue()
    lines = out.getvalue().splitlines()
    assert any(_expects(line, path, expected) for line in lines), (
        f"{name}: expected {path}{expected}\ngot:\n{out.getvalue()}"
    )
    assert re.fullmatch(r"checked 1 board: \d+ errors?, \d+ warnings?", lines[-1]), lines[-1]
    assert all(line.startswith(str(path)) for line in lines[:-1]), out.getvalue()


def test_main_py_check_map_reports_every_malformed_board_in_one_run(written):
    paths = [str(written[name]) for name, *_ in CASES]
    done = subprocess.run(
        [sys.executable, "main.py", "check-map", *paths], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert done.returncode == 1, done.stdout
    lines = done.stdout.splitlines()
    for name, _, expected, _ in CASES:
        path = written[name]
        own = [line for line in lines if line.startswith(f"{path}:") or line.startswith(f"{path},")]
        assert any(_expects(line, path, expected) for line in own), f"{name}: expected {path}{expected}, got {own}"
    errors = sum(": error: " in line for line in lines)
    assert lines[-1].startswith(f"checked {len(CASES)} boards: {errors} errors")


@pytest.mark.parametrize(
    "args, code, expected",
    [
        (["maps/meadow.tmx"], 0, "maps/meadow.tmx: ok"),
        (["maps"], 0, "checked 8 boards: 0 errors, 0 warnings"),
        (["maps/meadow.tmx", "maps/nowhere.tmx"], 1, "maps/nowhere.tmx: error: no such file"),
    ],
    ids=["a good board", "a folder", "a missing file"],
)
def test_main_py_check_map_exit_codes(args, code, expected):
    done = subprocess.run(
        [sys.executable, "main.py", "check-map", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == code, done.stdout + done.stderr
    assert expected in done.stdout.splitlines(), done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_a_board_with_only_warnings_exits_zero_in_a_subprocess(written):
    done = subprocess.run(
        [sys.executable, "main.py", "check-map", str(written["typo: hole"])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "warning: this layer is read as decoration" in done.stdout


def test_problems_carry_file_layer_square_and_severity(written):
    problems = check_board(written["a shield on a hole"])
    assert [(p.layer, p.square, p.severity) for p in problems] == [("shields", (8, 3), ERROR)]
    warning = check_board(written["typo: hole"])[0]
    assert (warning.file, warning.layer, warning.square, warning.severity) == (
        str(written["typo: hole"]),
        "hole",
        None,
        WARNING,
    )


def test_no_bent_attribute_makes_the_checker_crash(tmp_path):
    """A seeded storm of odd attribute values: every one gives problems, never an exception."""
    rng = random.Random(7)
    odd = ["", "-1", "0", "99999", "x", "1.5", "nan", "inf", "true", "4294967295"]
    bases = [write_board(tmp_path, f"base-{e}", SMALL, encoding=e).read_text() for e in ("csv", "zlib", "gzip")]
    path = tmp_path / "bent.tmx"
    for _ in range(150):
        xml = rng.choice(bases)
        for _ in range(rng.randint(1, 3)):
            spot = rng.choice(list(re.finditer(r'="([^"]*)"', xml)))
            xml = xml[: spot.start(1)] + rng.choice(odd) + xml[spot.end(1) :]
        path.write_text(xml)
        problems = check_board(path)
        assert all(p.line().startswith(str(path)) for p in problems)
