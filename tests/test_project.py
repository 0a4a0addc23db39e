"""The project as Python's tools see it (pyproject.toml): installable, with its console command."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_pyproject_names_the_game_its_python_and_the_pinned_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "fantasy-racing"
    assert project["requires-python"] == ">=3.11"
    assert project["scripts"] == {"fantasy-racing": "main:main"}
    pinned = [
        line.split("==")[0].lower()
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    declared = [d.split(">")[0].split("=")[0].split("<")[0].strip().lower() for d in project["dependencies"]]
    assert sorted(declared) == sorted(pinned), "pyproject.toml's dependencies and requirements.txt disagree"
    dev = " ".join(project["optional-dependencies"]["dev"])
    for tool in ("pytest", "hypothesis", "ruff", "mypy"):
        assert tool in dev


@pytest.mark.slow  # a venv and an install
def test_pip_install_editable_gives_a_fantasy_racing_command_that_simulates(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    install = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "-e", str(ROOT)], capture_output=True, text=True, timeout=600
    )
    assert install.returncode == 0, install.stderr[-2000:]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run(
        [str(venv / "bin" / "fantasy-racing"), "simulate", "--games", "2", "--turns", "5", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    assert "Race 2 (seed" in run.stdout and "races per second" in run.stdout
