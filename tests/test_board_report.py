"""The board report (issue 47): its counts are the races' own events counted again by hand, on a small
board; `main.py board-report` writes its picture, its page and its CSV in the language asked, compares
two boards side by side, says a bad input in one sentence; Tiled runs it from the project file and the
extension."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter

import pygame
import pytest
from test_maps_support import MAPS, ROOT, write_board

import main
from game.boards.board import Board
from game.meta import boardstats, tournament

# A small board with two holes, two shortcuts and two chests near the start, where racers meet them.
BUSY = """
.123456.
........
..C..O..
.S......
....O...
......S.
..#.C...
........
...R....
........
........
........
........
........
........
........
"""
RACES = 24
SEED = 4711
PROPERTIES = {"name": "Busy", "turns": 6, "respawn_turns": "3,5"}


class Keeper:
    """A watcher that keeps the race's whole log: the events as the race told them, to count by hand."""

    def __init__(self, race) -> None:
        self.race = race

    def see(self, events) -> None:
        pass

    def result(self, race):
        return list(race.log)


def busy_board() -> Board:
    return Board.from_text(BUSY, name="Busy", turns=6, respawn_turns=(3, 5))


def by_hand(logs) -> dict[str, Counter]:
    """Each count from the events, another way than boardstats' Tally (a shortcut's square: the start of
    the placement it makes, not the racer's last known square)."""
    counts = {kind: Counter() for kind in boardstats.KINDS}
    board = busy_board()
    chests = [s for s, obj in board.objects.items() if obj == "chest"]
    for log in logs:
        caught = set()
        for i, event in enumerate(log):
            if event.kind == "moved" and event.path:
                counts["stops"][event.path[-1]] += 1
            elif event.kind == "placed":
                counts["stops"][event.end] += 1
                if event.cause == "teleport":
                    counts["teleports"][event.start] += 1
            elif event.kind == "fight":
                counts["fights"][event.square] += 1
                for chest in chests:
                    if (
                        max(
                            abs(d) for d in (board.row_delta(chest, event.square), board.col_delta(chest, event.square))
                        )
                        <= 1
                    ):
                        counts["chest_fights"][chest] += 1
            elif event.kind == "fell":
                counts["falls"][event.hole] += 1
                caught.add((event.hole, event.racer))
            elif event.kind == "chest_opened":
                counts["chests"][event.square] += 1
            elif event.kind == "shortcut":
                placed = next(e for e in log[i:] if e.kind == "placed" and e.racer == event.racer)
                assert placed.cause == "shortcut"
                counts["shortcuts"][placed.start] += 1
        for hole, _ in caught:
            counts["caught"][hole] += 1
    return counts


def test_the_reports_counts_are_the_events_counted_by_hand():
    board = busy_board()
    stats = boardstats.gather(board, RACES, SEED, "hard")
    lineup = tournament.character_lineup(6, "hard")
    logs = [record.tally for record in tournament.run([board], lineup, RACES, SEED, watch=Keeper)]
    expected = by_hand(logs)
    for kind in boardstats.KINDS:
        assert stats.squares[kind] == +expected[kind], kind
    assert sum(expected["falls"].values()) > 0 and sum(expected["shortcuts"].values()) > 0
    assert sum(expected["chests"].values()) > 0 and sum(expected["fights"].values()) > 0
    # the win rates are the balance command's, every seat counted once
    assert sum(line.races for line in stats.characters) == RACES * 6
    assert {line.character: line.win_rate for line in stats.characters} == {
        line.name: line.win_rate for line in tournament.table(tournament.run([board], lineup, RACES, SEED), "character")
    }


@pytest.mark.slow
def test_the_counts_do_not_depend_on_the_processes():
    board = busy_board()
    one, two = (boardstats.gather(board, 12, SEED, "hard", jobs=jobs) for jobs in (1, 2))
    assert one.squares == two.squares and one.characters == two.characters


def test_the_suggestions_name_squares_as_the_checker_does():
    board = busy_board()
    stats = boardstats.summarise(board, [], SEED, "hard", 6)
    stats.races = 100
    stats.squares["caught"][(2, 5)] = 300  # half of the 600 racers
    stats.decided_late = 0.2
    said = dict(boardstats.suggestions(stats)[:0] + [(c, v) for c, v in boardstats.suggestions(stats)])
    assert said["hole_catches"] == {"square": (2, 5), "share": 0.5}
    assert said["seldom_close"]["share"] == 0.2
    assert {v["square"] for c, v in boardstats.suggestions(stats) if c == "shortcut_never"} == {(3, 1), (5, 6)}
    from scenes.core import i18n
    from scenes.render import report

    i18n.set_language("en")
    assert report.said("hole_catches", said["hole_catches"]) == "hole at column 5, row 2 catches 50 % of racers"
    i18n.set_language("fr")
    try:
        assert (
            report.said("shortcut_never", {"square": (3, 1)}) == "le raccourci en colonne 1, ligne 3 n'est jamais pris"
        )
    finally:
        i18n.set_language("en")


def test_board_report_writes_its_picture_page_and_csv(tmp_path, capsys):
    board = write_board(tmp_path, "busy", BUSY, properties=PROPERTIES)
    assert main.main(["board-report", str(board), "--races", "12", "--seed", "3", "--jobs", "1", "--lang", "en"]) == 0
    out = capsys.readouterr()
    png, page, csv = (tmp_path / f"busy-report.{ext}" for ext in ("png", "html", "csv"))
    assert f"wrote {png}" in out.out and "12/12 races" in out.err  # the progress bar on stderr
    picture = pygame.image.load(str(png))
    assert picture.get_width() > 3 * 8 * 8 and picture.get_height() > 16 * 8
    text = page.read_text(encoding="utf-8")
    assert "Board report" in text and 'src="busy-report.png"' in text and "column 5, row 2" in text
    counts = boardstats.read_csv(str(csv))
    stats = boardstats.gather(busy_board(), 12, 3, "hard")
    assert counts == {kind: +stats.squares[kind] for kind in boardstats.KINDS}


def test_board_report_compares_two_boards_in_french(tmp_path, capsys):
    old = write_board(tmp_path, "old", BUSY, properties=PROPERTIES)
    new = write_board(tmp_path, "new", BUSY.replace("..C..O..", "..C.....", 1), properties=PROPERTIES)
    argv = ["board-report", str(old), str(new), "--races", "6", "--jobs", "1", "--lang", "fr", "--out", str(tmp_path)]
    assert main.main(argv) == 0
    said = capsys.readouterr()
    assert "écrit" in said.out and "6/6 courses" in said.err  # the progress bar in French too
    page = (tmp_path / "new-compared-report.html").read_text(encoding="utf-8")
    assert page.count("<h1>Rapport du plateau") == 2
    assert (tmp_path / "old-old-report.csv").is_file() and (tmp_path / "new-new-report.csv").is_file()


@pytest.mark.parametrize(
    "argv, status, words",
    [
        (["board-report", "missing.tmx"], 1, "missing.tmx"),
        (["board-report", "a.tmx", "b.tmx", "c.tmx"], 2, "give one board, or two"),
        (["board-report", "maps/sprint.tmx", "--bot", "godlike"], 2, "unknown level 'godlike'"),
        (["board-report", "maps/sprint.tmx", "--out", "no/such/folder"], 2, "is not a folder"),
    ],
)
def test_a_bad_board_report_says_why_in_one_sentence(argv, status, words, capsys):
    assert main.main(argv) == status
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]


def test_tiled_runs_the_board_report_from_the_project_and_the_extension():
    project = json.loads((MAPS / "fantasy-racing.tiled-project").read_text())
    command = next(c for c in project["commands"] if c["name"] == "Board report")
    assert command["command"] == ".venv/bin/python" and command["saveBeforeExecute"] and command["showOutput"]
    assert command["arguments"].startswith("main.py board-report %mapfile")
    extension = MAPS / "extensions" / "fantasy-racing.js"
    text = extension.read_text()
    assert '"board-report"' in text and "registerAction" in text
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--check", str(extension)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    harness = (
        "global.tiled = undefined; require(process.argv[1]);"
        "const r = globalThis.boardReport;"
        "console.log(JSON.stringify([r.reportFile('/x/my board.tmx'),"
        "r.opener('linux'), r.opener('macos'), r.opener('windows')]));"
    )
    done = subprocess.run([node, "-e", harness, str(extension)], capture_output=True, text=True, timeout=30, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    found, linux, macos, windows = json.loads(done.stdout)
    assert found == "/x/my board-report.png"  # where board-report writes it: beside the board
    assert linux[0] == "xdg-open" and macos[0] == "open" and windows[0] == "cmd"


def test_real_tiled_loads_the_extension_and_defines_both_commands(tmp_path):
    """Tiled itself (Debian's 1.8, offscreen) loads the project's extension from a user's extensions
    folder, as it loads the project's: a probe beside it finds both commands defined and registers one."""
    tiled = shutil.which("tiled")
    if tiled is None:
        pytest.skip("Tiled is not installed (.ci/run installs Debian's tiled)")
    config = tmp_path / "config"
    extensions = config / "tiled" / "extensions"
    extensions.mkdir(parents=True)
    shutil.copy(MAPS / "extensions" / "fantasy-racing.js", extensions)
    probe = tmp_path / "probe.txt"
    (extensions / "zz-probe.js").write_text(
        "var out = [typeof checkBoard.run, typeof boardReport.run, typeof tiled.registerAction].join(' ');\n"
        f"var f = new TextFile({json.dumps(str(probe))}, TextFile.WriteOnly); f.write(out); f.commit();\n"
    )
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(config),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_RUNTIME_DIR=str(tmp_path),
    )
    subprocess.run(
        [tiled, "--export-map", str(MAPS / "meadow.tmx"), str(tmp_path / "meadow.tmj")],
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert probe.is_file(), "Tiled ran no extension of the folder"
    assert probe.read_text() == "function function function"


def test_every_word_the_report_looks_up_is_in_both_catalogues():
    from scenes.core import i18n

    codes = ["favoured", "handicapped", "seldom_close", "hole_catches", "shortcut_never", "shortcut_rare"]
    codes += ["chest_never", "chest_fought", "fight_spot", "nothing", "stops", "fights", "features", "mixed"]
    codes += [f"bot.{level}" for level in ("easy", "normal", "hard", "expert")]
    codes += ["square", "kind", "per_race", "detail", "character", "races_run", "win_rate", "interval", "ratio"]
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    for code in codes:
        assert f"report.{code}" in en and f"report.{code}" in fr, code
