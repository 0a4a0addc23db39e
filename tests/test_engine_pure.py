"""The rules engine stays pure when it runs: pygame is never loaded (tests/test_layers.py reads the imports)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_never_imports_pygame():
    code = (
        "import sys, game, game.bots.ai, game.bots.thinking, game.boards.randomboard, game.boards.maps;"
        "import game.meta.simulate, game.meta.season, game.meta.tournament, game.meta.replay;"
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
