"""The rules engine stays pure: no pygame, no global random, no clock."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_never_imports_pygame():
    code = (
        "import sys, game, game.bots.ai, game.meta.simulate, game.boards.randomboard, game.boards.maps;"
        "from tests.scenario import scenario;"
        "import glob; [game.load_board(p) for p in sorted(glob.glob('maps/*.tmx'))[:1]];"
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        check=True,
    )
    assert out.stdout.strip() == "False", out.stderr


def test_the_engine_has_no_global_random_and_no_clock():
    for path in sorted((ROOT / "game").glob("*.py")) + sorted((ROOT / "game").glob("[bmr]*/*.py")):
        text = path.read_text(encoding="utf-8")
        for banned in (
            "import pygame",
            "from pygame",
            "random.random(",
            "random.randint(",
            "random.choice(",
            "time.time(",
            "datetime.now(",
        ):
            if path.name in ("simulate.py",) and banned == "time.time(":
                continue
            assert banned not in text, f"{path.name} uses {banned}"
