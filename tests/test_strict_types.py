"""mypy's strict options hold over scenes/ as over game/ (pyproject.toml's overrides): a vocabulary is
compared as its type, so a misspelt word (`kind == "frend"`) is a type error, not a comparison that is
silently always false. mypy checks a copy of a module with misspelt and well-spelt comparisons planted
(`--shadow-file`: the module keeps its name, so the project's settings for it apply; nothing is written
into the tree)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = "scenes/screens/kinds.py"  # the screens' vocabularies

PLANTED = """

from scenes.render.effects import HIDDEN, Hidden
from scenes.screens.kinds import Network


def planted(seat: Mapping[str, object], racer: SetupRacer, network: Network, hidden: Hidden) -> list[bool]:
    return [
        seat_kind(seat) == "frend",  # wrong: seat
        racer["kind"] == "persn",  # wrong: racer
        network == "hots",  # wrong: network
        hidden == "hiden",  # wrong: hidden
        seat_kind(seat) == "friend",
        racer["kind"] == "person" or racer["kind"] == "expert",
        network == "host",
        hidden == HIDDEN,
    ]
"""


@pytest.mark.slow
def test_a_misspelt_word_of_a_vocabulary_in_scenes_is_a_type_error_and_a_well_spelt_one_is_not(tmp_path):
    shadow = tmp_path / "kinds.py"
    source = (ROOT / MODULE).read_text(encoding="utf-8")
    shadow.write_text(source + PLANTED, encoding="utf-8")
    first = len(source.splitlines()) + 1
    planted = PLANTED.splitlines()
    wrong = {first + i for i, line in enumerate(planted) if "# wrong:" in line}
    found = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--cache-dir",
            str(tmp_path / "cache"),
            "--shadow-file",
            MODULE,
            str(shadow),
            MODULE,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = {
        int(line.split(":")[1])
        for line in found.stdout.splitlines()
        if line.startswith(f"{MODULE}:") and "[comparison-overlap]" in line
    }
    assert lines == wrong, found.stdout
    assert found.stdout.count("error:") == len(wrong), found.stdout


def test_the_strict_options_cover_scenes_as_they_cover_game():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    strict = [o for o in config["tool"]["mypy"]["overrides"] if o.get("strict_equality")]
    modules = {m for o in strict for m in ([o["module"]] if isinstance(o["module"], str) else o["module"])}
    assert {"game", "game.*", "scenes", "scenes.*"} <= modules
    for flag in ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any", "no_implicit_reexport"):
        assert all(o.get(flag) for o in strict), flag
