"""The README's pictures of the board in view (issue 33), in English and in French: the whole board
at once (V), a zoomed view with the focused option's landing square in view, the dice of the
roll in the decision panel's head, and the race in a 1920x1080 window (Interface scale 100 %): the
board's view takes what the panels leave, the French one scrolled to the decision's last options.

`python -m tests.view_shots docs/screenshots` draws them again (headless); a test draws them too.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game import Race, RacerSetup, load_board  # noqa: E402
from game.app.session import Session  # noqa: E402
from scenes.core import i18n  # noqa: E402
from scenes.race import RaceScene  # noqa: E402
from scenes.screenshots import settle  # noqa: E402

BOARD = Path(__file__).resolve().parent.parent / "maps" / "mine.tmx"
LINEUP = [("elf", "Ann", None), ("dwarf", "Brom", "easy"), ("orc", "Grok", "normal"), ("thief", "Vex", "hard")]
SEED = 5  # Ann rolls a double six and a 2 on her quick die: fourteen moves, one into a hole


def _deciding(app) -> RaceScene:
    """Hollow Mine, four racers, at Ann's first move (her dice rolled), the opening view over."""
    race = Race.new(load_board(str(BOARD)), [RacerSetup(c, n, b) for c, n, b in LINEUP], turns=10, seed=SEED)
    scene = app.stack.reset(RaceScene(race, {}, session=Session.unsaved(race)))
    for _ in range(600):
        if scene.panel is not None and not scene.busy:
            break
        app.step([], 1 / 30)
    if scene.panel is not None and scene.panel.clover:  # (the double's clover: kept as rolled)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
        settle(app, 1.5)
    scene.settle_view()
    return scene


def _save(app, scene: RaceScene, path: Path) -> Path:
    scene.camera.settle(scene.keep_in_view())
    settle(app, 0.1)
    scene.camera.settle(scene.keep_in_view())
    app.step([], 1 / 60)
    pygame.image.save(app.screen, str(path))
    return path


def whole_shot(app, folder: Path, suffix: str) -> Path:
    """The whole board at once (V), above the decision panel."""
    scene = _deciding(app)
    scene.camera.toggle_whole()
    return _save(app, scene, folder / f"view-whole{suffix}.png")


def zoomed_shot(app, folder: Path, suffix: str) -> Path:
    """Zoomed in (+ twice) on the focused option, 3 down and 3 right: its landing square and Ann in
    view, the camera moved only as far as needed."""
    scene = _deciding(app)
    panel = scene.panel
    assert panel is not None
    panel.focus = next(k for k, e in enumerate(panel.entries) if (3, 3) in e.options)
    scene.camera.zoom(1.25**2)
    return _save(app, scene, folder / f"view-zoomed{suffix}.png")


def hole_shot(app, folder: Path, suffix: str) -> Path:
    """The 12 squares down into a hole: lit where Ann climbs out of it, the hole walked into."""
    scene = _deciding(app)
    panel = scene.panel
    assert panel is not None
    panel.focus = max(range(len(panel.entries)), key=lambda k: len(panel.entries[k].outcome.path or ()))
    return _save(app, scene, folder / f"view-hole{suffix}.png")


def dice_shot(app, folder: Path, suffix: str) -> Path:
    """The dice rolled in the decision panel's head, the pointer over the quick die explaining it."""
    scene = _deciding(app)
    panel = scene.panel
    assert panel is not None and panel.roll is not None
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=panel.roll.rects[-1].center, rel=(0, 0), buttons=(0, 0, 0))])
    return _save(app, scene, folder / f"view-dice{suffix}.png")


def large_shot(folder: Path, language: str, suffix: str) -> Path:
    """The race at Ann's first move in a 1920x1080 window (Interface scale 100 %): the same panels, a
    larger board's view; in French the focus on the last move (the panel's rows scrolled to it)."""
    from game.app.settings import Settings
    from scenes.app import App

    app = App(settings=Settings(language=language, tutorial_seen=True, window=(1920, 1080), interface_scale="100"))
    scene = _deciding(app)
    panel = scene.panel
    assert panel is not None and app.screen.get_size() == (1920, 1080)
    if suffix:
        panel.focus = len(panel.entries) - 1
    return _save(app, scene, folder / f"view-1920x1080{suffix}.png")


def take(folder) -> list[Path]:
    """Every picture of this module, in FOLDER, in English and in French."""
    from game.app.settings import Settings
    from scenes.app import App

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for language, suffix in (("en", ""), ("fr", "-fr")):
        app = App(settings=Settings(language=language, tutorial_seen=True))
        i18n.set_language(language)
        made += [whole_shot(app, folder, suffix), zoomed_shot(app, folder, suffix), dice_shot(app, folder, suffix)]
        made.append(hole_shot(app, folder, suffix))
        made.append(large_shot(folder, language, suffix))
    i18n.set_language("en")
    return made


if __name__ == "__main__":
    for picture in take(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"):
        print(picture)
