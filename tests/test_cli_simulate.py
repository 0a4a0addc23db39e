"""`python main.py simulate`: races in the terminal, clear errors for bad values."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOARD = str(ROOT / "tests" / "boards" / "straight.txt")


def run(*args):
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_simulate_prints_the_standings_and_races_per_second():
    out = run(
        "simulate",
        "--text-board",
        BOARD,
        "--racers",
        "elf,dwarf,orc",
        "--bots",
        "greedy",
        "--turns",
        "5",
        "--games",
        "2",
        "--seed",
        "4",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("1. ") >= 2
    assert "races per second" in out.stdout


def test_simulate_summarises_many_races():
    out = run("simulate", "--text-board", BOARD, "--racers", "elf,dwarf", "--games", "20")
    assert out.returncode == 0, out.stderr
    assert "mean points" in out.stdout and "20 races in" in out.stdout


def test_the_same_seed_gives_the_same_races():
    a = run("simulate", "--text-board", BOARD, "--racers", "thief,baby,sorceress", "--seed", "9")
    b = run("simulate", "--text-board", BOARD, "--racers", "thief,baby,sorceress", "--seed", "9")
    assert a.stdout.splitlines()[:4] == b.stdout.splitlines()[:4]


@pytest.mark.parametrize(
    "args, sentence",
    [
        (["--racers", "elf,dragon"], "unknown character 'dragon'"),
        (["--racers", "elf"], "2 to 6 racers"),
        (["--racers", "elf,elf,elf,elf,elf,elf,elf"], "2 to 6 racers"),
        (["--bots", "clever"], "unknown policy 'clever'"),
        (["--bots", "random,greedy"], "one per racer"),
        (["--turns", "20"], "between 5 and 15"),
        (["--turns", "ten"], "whole number"),
        (["--games", "0"], "between 1 and"),
        (["--seed", "-3"], "between 0 and"),
    ],
)
def test_bad_values_get_one_sentence_and_exit_2(args, sentence):
    out = run("simulate", "--text-board", BOARD, *args)
    assert out.returncode == 2
    assert sentence in out.stderr
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_a_missing_text_board_is_named():
    out = run("simulate", "--text-board", "no/such/board.txt")
    assert out.returncode == 1 and "no/such/board.txt" in out.stderr and "Traceback" not in out.stderr


def test_a_broken_text_board_is_named(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("..1..2..\n..X.....\n", encoding="utf-8")
    out = run("simulate", "--text-board", str(bad))
    assert out.returncode == 1 and "bad.txt" in out.stderr and "'X'" in out.stderr


def test_a_lap_crossed_forward_then_back_is_not_printed_as_lap_plus_nothing():
    import io
    from types import SimpleNamespace

    from game.meta.simulate import print_standings

    racers = [
        SimpleNamespace(name="elf-1", by_cause={"distance": 10}),
        SimpleNamespace(name="dwarf-2", by_cause={"distance": 2, "lap": 0}),
    ]
    race = SimpleNamespace(standings=lambda: [(1, 0, 10), (2, 1, 2)], racers=racers)
    out = io.StringIO()
    print_standings(race, out, title="Race 1:")
    assert "2. dwarf-2           2 points  (distance +2)\n" in out.getvalue()
    assert "+0" not in out.getvalue()
