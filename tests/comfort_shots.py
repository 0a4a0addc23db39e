"""The README's pictures of a game that remembers and listens (issue 26): the title's *Replays* (a kept
race and a championship's two races), the settings with both volumes, and the race setup after a
restart (the last lineup back: Zoé the dwarf, an easy thief, two expert racers).

`python -m tests.comfort_shots docs/screenshots` draws them again (headless, in a player's folder of
its own, never the real one); a test draws them too.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # (kept_races, beside this file)

from game.app import session  # noqa: E402
from game.app.settings import Settings  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.screenshots import settle  # noqa: E402


def _key(k: int) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0),
    ]


def replays_shot(app: App, folder: Path) -> Path:
    """The title's Replays: the newest kept race first, then a championship's races."""
    from kept_races import keep_races

    from scenes.screens.title import TitleScene

    keep_races(time.time() - 25 * 60)
    title = app.stack.reset(TitleScene())
    settle(app)
    title.replays()
    settle(app)
    path = folder / "replays.png"
    app.screenshot(path)
    return path


def settings_shot(app: App, folder: Path) -> Path:
    """The settings, the focus on the music volume (beside the sound volume)."""
    from scenes.screens.settings import SettingsScene
    from scenes.screens.title import TitleScene

    app.stack.reset(TitleScene())
    app.stack.push(SettingsScene())
    for _ in range(4):
        app.step(_key(pygame.K_DOWN), 1 / 30)
    app.step(_key(pygame.K_LEFT), 1 / 30)
    settle(app)
    path = folder / "settings.png"
    app.screenshot(path)
    return path


def setup_shot(folder: Path) -> Path:
    """The race setup of a game started again: the lineup it was left with is back."""
    from scenes.screens.setup import SetupScene
    from scenes.screens.title import TitleScene

    first = App(settings=Settings(language="en", tutorial_seen=True))
    setup = first.stack.reset(TitleScene()) and first.stack.push(SetupScene())
    settle(first)
    setup.set_turns(6)
    setup.set_count(4)
    setup.set_name(0, "Zoé")
    setup.set_character(0, "dwarf")
    setup.set_kind(1, "easy")
    setup.set_character(1, "thief")
    setup.set_kind(2, "expert")
    setup.set_character(2, "orc")
    setup.set_kind(3, "expert")
    setup.set_character(3, "sorceress")
    setup.back()
    again = App(settings=Settings.load(session.FOLDER))  # the game started again
    again.stack.reset(TitleScene())
    setup = again.stack.push(SetupScene())
    setup.selected = 0
    settle(again)
    path = folder / "setup-remembered.png"
    again.screenshot(path)
    return path


def take(folder) -> list[Path]:
    """Every picture of this module, in FOLDER."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fantasy-racing-shots-")  # never the player's own
    try:
        app = App(settings=Settings(language="en", tutorial_seen=True))
        return [replays_shot(app, folder), settings_shot(app, folder), setup_shot(folder)]
    finally:
        if before is None:
            os.environ.pop("XDG_DATA_HOME", None)
        else:
            os.environ["XDG_DATA_HOME"] = before


if __name__ == "__main__":
    for picture in take(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"):
        print(picture)
