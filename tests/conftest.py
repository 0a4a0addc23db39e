"""Shared test setup: headless SDL, and the repository on the import path."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The game's per-user folder (settings, saves, the player's boards) goes to a
# temporary folder, never the real one of whoever runs the tests.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fantasy-racing-tests-")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
