"""`check-map --format json` (what the Tiled extension reads) and the extension's own logic.

The JSON lists the same problems as the text output, each with its place; the
extension (maps/extensions/fantasy-racing.js, its Check board) is run under Node with a stand-in
for Tiled's API, fed the real JSON of a broken board.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys

import pytest

from game.boards.maps import check_map_command
from tests.test_check_map import CASES, written  # noqa: F401  (the fixture of the malformed boards)
from tests.test_maps_support import MAPS, ROOT, make_boards, paint, write_board

EXTENSION = MAPS / "extensions" / "fantasy-racing.js"


def _both(paths: list[str]) -> tuple[int, list[str], int, dict]:
    """check-map's text output (exit code, lines) and its JSON output (exit code, document)."""
    text, data = io.StringIO(), io.StringIO()
    code = check_map_command(paths, text)
    json_code = check_map_command(paths, data, form="json")
    return code, text.getvalue().splitlines(), json_code, json.loads(data.getvalue())


@pytest.mark.parametrize("name", [c[0] for c in CASES], ids=[c[0] for c in CASES])
def test_the_json_gives_the_same_problems_as_the_text_each_with_its_place(written, name):  # noqa: F811
    code, lines, json_code, data = _both([str(written[name])])
    assert json_code == code
    [board] = data["boards"]
    problems = board["problems"]
    assert [p["line"] for p in problems] == [line for line in lines[:-1] if line != f"{written[name]}: ok"]
    assert board["ok"] == (f"{written[name]}: ok" in lines)
    assert data["summary"] == lines[-1]
    assert data["errors"] == sum(": error: " in line for line in lines[:-1])
    assert data["warnings"] == sum(": warning: " in line for line in lines[:-1])
    for p in problems:
        assert p["severity"] in ("error", "warning") and p["message"] and isinstance(p["layer"], str)
        assert (p["column"] is None) == (p["row"] is None)
        if p["column"] is not None:
            assert f"column {p['column']}, row {p['row']}" in p["line"]
        if p["layer"]:
            assert f'layer "{p["layer"]}"' in p["line"]


@pytest.mark.slow  # a process checking every malformed board: over half a second
def test_main_py_check_map_format_json_on_every_malformed_board_at_once(written):  # noqa: F811
    paths = [str(written[name]) for name, *_ in CASES]
    run = lambda *extra: subprocess.run(  # noqa: E731
        [sys.executable, "main.py", "check-map", *extra, *paths], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    text, as_json = run(), run("--format", "json")
    assert as_json.returncode == text.returncode == 1 and not as_json.stderr
    data = json.loads(as_json.stdout)
    assert [b["name"] for b in data["boards"]] == paths
    lines = [p["line"] for b in data["boards"] for p in b["problems"]]
    assert lines == [line for line in text.stdout.splitlines()[:-1] if not line.endswith(": ok")]
    assert data["summary"] == text.stdout.splitlines()[-1]


def test_a_good_board_in_json_is_ok_with_no_problem():
    code, _, json_code, data = _both([str(MAPS / "meadow.tmx")])
    assert code == json_code == 0
    assert data["boards"][0]["ok"] is True and data["boards"][0]["problems"] == []
    assert data["boards"][0]["file"] == str((MAPS / "meadow.tmx").resolve())


def test_the_extension_is_javascript_that_parses():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: the extension's syntax cannot be checked here")
    done = subprocess.run([node, "--check", str(EXTENSION)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


HARNESS = r"""
const fs = require("fs"), vm = require("vm");
const [script, report, mapFile] = process.argv.slice(2);
const context = {};
vm.createContext(context);
vm.runInContext(fs.readFileSync(script, "utf8") + "\nthis.checkBoard = checkBoard;", context);
const said = [], ran = [], selected = [];
const layer = (name, extra) => Object.assign({ name: name, isGroupLayer: false, isObjectLayer: false }, extra || {});
const start = layer("start", {
    isObjectLayer: true,
    objects: [{ id: 1, x: 48, y: 48, width: 0, height: 0 }, { id: 2, x: 80, y: 16, width: 0, height: 0 }],
});
const group = layer("things", { isGroupLayer: true, layerCount: 1, layerAt: () => layer("Shields") });
const layers = [layer("ground"), group, start];
const map = {
    isTileMap: true, modified: true, fileName: mapFile, tileWidth: 32, tileHeight: 32,
    layerCount: layers.length, layerAt: (i) => layers[i], currentLayer: null, selectedObjects: [],
    selectedArea: { set: (r) => selected.push([r.x, r.y, r.width, r.height]) },
};
const centred = [];
const api = {
    activeAsset: map, folder: "/game", editor: { currentMapView: { centerOn: (x, y) => centred.push([x, y]) } },
    exists: (p) => p === "/game/.venv/bin/python",
    newProcess: () => ({
        exec: (program, args, throwOnError) => { ran.push([program, args, throwOnError]); return 1; },
        readStdOut: () => fs.readFileSync(report, "utf8"), readStdErr: () => "", close: () => {},
    }),
    trigger: (name) => ran.push(["trigger", name]),
    error: (text, jump) => said.push(["error", text, jump]),
    warning: (text, jump) => said.push(["warning", text, jump]),
    log: (text) => ran.push(["log", text]),
};
context.Qt = { rect: (x, y, width, height) => ({ x, y, width, height }) };
context.checkBoard.run(api);
const jumps = said.map(([kind, text, jump]) => {
    selected.length = 0; centred.length = 0; map.selectedObjects = []; map.currentLayer = null;
    jump();
    return {
        kind, text, layer: map.currentLayer && map.currentLayer.name, area: selected.slice(),
        objects: map.selectedObjects.map((o) => o.id), centred: centred.slice(),
    };
});
console.log(JSON.stringify({ ran, jumps }));
"""


def test_the_extension_lists_each_problem_and_jumps_to_its_square_or_object(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: the extension cannot be run here")
    ids = make_boards.tile_ids()

    def broken(xml: str) -> str:  # a shield on a hole (a layer in a group, named in another case),
        xml = paint(xml, "shields", [(8, 3)], ids["shield"])  # racer 1's start moved onto row 1,
        xml = xml.replace('name="shields"', 'name="Shields"').replace('x="48" y="16"', 'x="48" y="48"', 1)
        xml = xml.replace('name="order" type="int" value="2"', 'name="order" value="x"')  # racer 2's order,
        return xml.replace('name="turns"', 'name="turn"')  # and a probable typo

    path = write_board(tmp_path, "broken", edit=broken, properties={"turns": 8})
    report = tmp_path / "report.json"
    with report.open("w") as out:
        assert check_map_command([str(path)], out, form="json") == 1
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS)
    done = subprocess.run(
        [node, str(harness), str(EXTENSION), str(report), str(path)], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["ran"][0] == ["trigger", "Save"]
    assert result["ran"][1] == [
        "/game/.venv/bin/python",
        ["main.py", "check-map", "--format", "json", str(path)],
        False,
    ]
    expected = [p for b in json.loads(report.read_text())["boards"] for p in b["problems"]]
    assert len(result["jumps"]) == len(expected) >= 4
    for jump, problem in zip(result["jumps"], expected):
        assert jump["kind"] == problem["severity"] and jump["text"].endswith(problem["message"])
    by_layer = {j["layer"]: j for j in result["jumps"] if j["layer"]}
    shields = by_layer["Shields"]  # a tile layer inside a group: its square selected, the view on it
    assert shields["area"] == [[3, 8, 1, 1]] and shields["centred"] == [[3.5 * 32, 8.5 * 32]]
    order, on_row_1 = [j for j in result["jumps"] if j["layer"] == "start"]
    assert on_row_1["objects"] == [1] and on_row_1["area"] == [] and on_row_1["centred"] == [[1.5 * 32, 1.5 * 32]]
    assert order["objects"] == [2] and order["centred"] == [[80, 16]]  # the start point named by its id
    assert [p["object"] for p in expected if p["layer"] == "start"] == [2, None]
    typo = next(j for j in result["jumps"] if "turn" in j["text"])
    assert typo["layer"] is None and typo["area"] == [] and typo["centred"] == []
    assert result["ran"][-1] == ["log", "Check board: checked 1 board: 3 errors, 1 warning"]


def test_check_map_json_of_an_empty_boards_folder_is_a_json_report_of_no_board(monkeypatch, tmp_path, capsys):
    from game.cli.boards import run_check_map

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert run_check_map([], "json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["boards"] == [] and data["errors"] == data["warnings"] == 0
    assert "holds no board" in data["summary"]
