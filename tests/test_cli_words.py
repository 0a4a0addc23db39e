"""The command line answers in the player's words (issue 26): every subcommand's --help has its line of
description and an example (and, where racers or levels are given, the character ids and the four
levels); each bad argument exits 2 with one sentence, before anything starts; `join` says what to
check when no host answers (in under 2 s on a closed port), what it is doing while it races, and that
its host is gone; output files are checked before the work; SDL's and ALSA's own lines stay out of the
terminal unless --verbose."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_network import CODE, Game, free_port, processes, serve  # noqa: F401  # (processes: the fixture)

import main
from game.cli.options import build_parser
from game.rules.characters import CHARACTERS
from game.rules.levels import LEVELS

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("simulate", "tournament", "balance", "season", "serve", "join", "check-map", "replay", "days", "races")
LINEUP = ("simulate", "tournament", "balance", "season", "serve", "join")  # they take characters or levels


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_every_subcommands_help_has_a_description_and_an_example(command, capsys):
    with pytest.raises(SystemExit) as done:
        main.main([command, "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    described = next(
        a for a in build_parser()._subparsers._group_actions[0].choices.values() if a.prog.endswith(command)
    )
    assert described.description and described.description in " ".join(shown.split())
    assert described.description.endswith(".") and "\n" not in described.description
    assert "example" in shown and f"main.py {command}" in shown.split("example", 1)[1]
    if command in LINEUP:
        assert ", ".join(CHARACTERS) in shown and ", ".join(LEVELS) in shown


def test_the_commands_list_says_what_each_does(capsys):
    with pytest.raises(SystemExit):
        main.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for command in COMMANDS:
        assert f"{command} " in shown
    assert "Races between computer racers" in shown and "Join a race a friend hosts" in shown


BAD = [
    (
        ["serve", "--port", "47810", "--code", "", "--board", "maps/meadow.tmx", "--seats", "person,bot:easy"],
        "--code: give",
    ),
    (
        ["serve", "--port", "47810", "--code", "   ", "--board", "maps/meadow.tmx", "--seats", "person,bot:easy"],
        "--code: give",
    ),
    (["join", "127.0.0.1:1", "--code", "", "--name", "Ann"], "--code: give the room code"),
    (["join", "127.0.0.1:1", "--code", "OWL", "--name", ""], "--name: give your name"),
    (["join", "127.0.0.1:1", "--code", "OWL", "--name", "  "], "--name: give your name"),
    (["join", "127.0.0.1:1", "--code", "OWL", "--name", "Ann", "--character", "dragon"], "unknown character 'dragon'"),
    (["join", "127.0.0.1:1", "--code", "OWL", "--name", "Ann", "--bot", "godlike"], "easy, normal, hard, expert"),
    (["season", "--boards", "maps/meadow.tmx,maps/mine.tmx", "--name", " "], "--name: give the championship's name"),
    (["season", "--boards", "maps/meadow.tmx,maps/mine.tmx", "--bots", "godlike"], "easy, normal, hard, expert"),
    (["balance", "--bot", "godlike", "--games", "1"], "easy, normal, hard, expert"),
    (["tournament", "--bots", "easy,godlike", "--games", "1"], "easy, normal, hard, expert"),
    (["simulate", "--bots", "godlike"], "easy, normal, hard, expert"),
    (["simulate", "--turns", "ten"], "--turns must be a whole number"),
]


@pytest.mark.parametrize("argv, sentence", BAD, ids=[" ".join(a[:1] + a[-2:]) for a, _ in BAD])
def test_each_bad_argument_exits_2_with_one_sentence(argv, sentence, capsys):
    assert main.main(argv) == 2
    said = capsys.readouterr()
    assert sentence in said.err and said.out == ""
    assert len(said.err.strip().splitlines()) == 1 and said.err.startswith("main.py: ")


@pytest.mark.parametrize("option", ["--csv", "--plot"])
@pytest.mark.parametrize("command", ["tournament", "balance"])
def test_output_files_are_checked_before_a_single_race(command, option, tmp_path, capsys, monkeypatch):
    from game.meta import tournament

    monkeypatch.setattr(tournament, "tournament_report", lambda *a, **k: pytest.fail("a race was run"))
    monkeypatch.setattr(tournament, "balance_report", lambda *a, **k: pytest.fail("a race was run"))
    for given, said in (
        (str(tmp_path), "is a folder"),
        (str(tmp_path / "missing" / "out.png"), "does not exist"),
        ("  ", "not an empty name"),
    ):
        assert main.main([command, "--games", "1", option, given]) == 2
        err = capsys.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1
    assert main.main([command, "--games", "1", "--plot", str(tmp_path / "chart.txt")]) == 2
    assert "must be a .png file" in capsys.readouterr().err


def test_serve_checks_where_it_saves_before_it_listens(tmp_path, capsys):
    argv = [
        "serve",
        "--port",
        str(free_port()),
        "--code",
        "OWL",
        "--board",
        "maps/meadow.tmx",
        "--seats",
        "person,bot:easy",
    ]
    assert main.main([*argv, "--save", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert main.main([*argv, "--save", str(tmp_path / "no" / "race.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_blank_codes_and_names_are_refused_in_one_sentence_without_a_traceback():
    code = run("serve", "--port", "47810", "--code", "", "--board", "maps/meadow.tmx", "--seats", "person,bot:easy")
    name = run("join", "127.0.0.1:47810", "--code", "OWL", "--name", "")
    for out in (code, name):
        assert out.returncode == 2 and "Traceback" not in out.stderr and out.stdout == ""
        assert len(out.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # two processes, and a bound on the time they take that a busy machine may cross
def test_join_against_a_closed_port_says_what_to_check_in_under_two_seconds():
    port = free_port()  # nobody listens there
    began = time.monotonic()
    out = run("join", f"127.0.0.1:{port}", "--code", "OWL", "--name", "Ann")
    took = time.monotonic() - began
    assert out.returncode == 1 and took < 2.0, (took, out.stderr)
    assert out.stderr.strip() == (
        f"main.py: nobody is hosting a race at 127.0.0.1:{port} (the connection was refused): check the address "
        "and the port the host gave you, and that his race is open"
    )
    assert out.stdout.strip() == f"join: connecting to 127.0.0.1:{port}..."
    quiet = run("join", f"127.0.0.1:{port}", "--code", "OWL", "--name", "Ann", "--quiet")
    assert quiet.stdout == "" and quiet.returncode == 1


def test_join_names_an_address_that_is_no_computer():
    out = run("join", "no-such-host.invalid:47810", "--code", "OWL", "--name", "Ann", "--quiet")
    assert out.returncode == 1 and "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "there is no computer called no-such-host.invalid" in out.stderr and "check the address" in out.stderr


@pytest.mark.slow  # a host and a client, in processes
def test_join_says_what_it_is_doing_and_that_its_host_is_gone(processes):  # noqa: F811
    port = free_port()
    host = serve(processes, port, "--seats", "person,bot:easy", "--takeover", "0")
    client = Game("join", f"127.0.0.1:{port}", "--code", CODE, "--name", "Ann", "--delay", "0.3")
    processes.append(client)
    client.wait_for("join: turn 2 of 5")
    host.kill()
    output = client.finish()
    lines = [line for line in output.splitlines() if line.strip()]
    assert lines[0] == f"join: connecting to 127.0.0.1:{port}..."
    assert "join: in seat 1: waiting for the host to start the race" in lines
    assert any(line.startswith("join: racing on Meadow Dash: 2 racers, 5 turns") for line in lines)
    assert "join: turn 1 of 5" in lines
    assert lines[-1].startswith(f"main.py: the host at 127.0.0.1:{port} is gone (the connection closed at turn ")
    assert "join again with the same name" in lines[-1] and client.returncode == 1
    assert "Traceback" not in output


@pytest.mark.slow  # the window opens (on the dummy video driver) and quits after a few frames
def test_sdl_and_alsa_keep_their_own_lines_out_of_the_terminal_unless_verbose(tmp_path):
    env = {
        "SDL_VIDEODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path),
        "FANTASY_RACING_SCREENSHOT": str(tmp_path / "x.png"),
    }
    env["SDL_AUDIODRIVER"] = "alsa"  # (the sound system that writes its own lines when there is no card)
    verbose = run("--verbose", env=env)
    if "ALSA lib" not in verbose.stderr:
        pytest.skip("this machine's sound system says nothing of its own")
    quiet = run(env=env)
    assert quiet.returncode == 0 and "ALSA lib" not in quiet.stderr
    assert len(quiet.stderr.strip().splitlines()) <= 1  # at most the game's own "sound is off"
    log = (tmp_path / "fantasy-racing" / "fantasy-racing.log").read_text()
    assert "ALSA lib" in log  # kept in the log, where it can be read
