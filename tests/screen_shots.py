"""The README's pictures of a screen that explains itself: a racer card's badge explained, the race
log scrolled back into the race, two lessons of the guided race, the legend with the cards' parts.

`python -m tests.screen_shots docs/screenshots` draws them again (headless); a test draws them too.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from scenes.core import boards  # noqa: E402
from scenes.race import (
    RaceScene,  # noqa: E402
    hud,  # noqa: E402
)
from scenes.screenshots import demo_setup, race_in_progress, settle  # noqa: E402

LESSONS = {"shock": "guided-step.png", "l_move": "guided-step-2.png"}


def _race_scene(app, choices: int = 60) -> RaceScene:
    """The README's race (its board, its six racers), some way in, at Ann's decision."""
    ref = next((c.ref for c in boards.available() if c.board is not None), boards.PRACTICE)
    setup = demo_setup(ref)
    scene = app.stack.reset(RaceScene(race_in_progress(setup, choices=choices), setup))
    settle(app, 1.2)
    scene.skip()
    settle(app, 0.6)
    return scene


def badge_shot(app, folder) -> Path:
    """The pointer over Ann's chest badge: what it is, and its link to the rule book."""
    scene = _race_scene(app)
    rect = dict(hud.card_parts(scene.race, 0, hud.card_rects(scene.race)[0]))[("tier", 0)]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
    settle(app)
    path = Path(folder) / "explained-badge.png"
    app.screenshot(path)
    return path


def log_shot(app, folder) -> Path:
    """The log of a race far in, scrolled back to an earlier game turn by the wheel over it."""
    scene = _race_scene(app, choices=120)
    log = scene.playback.log
    pointer = pygame.event.Event(pygame.MOUSEMOTION, pos=log.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step([pointer], 1 / 30)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    for _ in range(12):
        app.step([wheel], 1 / 30)
    settle(app)
    path = Path(folder) / "race-log.png"
    app.screenshot(path)
    return path


def lesson_shots(app, folder) -> list[Path]:
    """The guided race at two of its lessons: the shock's numbered squares, the L onto the chest."""
    from scenes.screens.tutorial import tutorial_scene

    scene = app.stack.reset(tutorial_scene())
    lessons, paths = scene.guide, []
    for _ in range(3000):
        lesson = lessons.lesson
        if lesson is not None and lesson.key in LESSONS and not (Path(folder) / LESSONS[lesson.key]).exists():
            settle(app, 1.5)
            paths.append(Path(folder) / LESSONS[lesson.key])
            app.screenshot(paths[-1])
            if len(paths) == len(LESSONS):
                break
        keys = [pygame.K_1, pygame.K_RETURN] if lesson is not None and lesson.key == "clover" else [pygame.K_RETURN]
        for k in keys:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 1 / 30)
            app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0)], 1 / 30)
    return paths


def legend_shot(app, folder) -> Path:
    """The legend (L) over the race: the board's squares and the cards' parts."""
    scene = _race_scene(app)
    scene.open_legend()
    settle(app)
    path = Path(folder) / "legend.png"
    app.screenshot(path)
    app.stack.pop()
    return path


def take(folder) -> list[Path]:
    """Every picture of this module, in FOLDER (the lessons' replaced)."""
    from game.app.settings import Settings
    from scenes.app import App

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name in LESSONS.values():
        (folder / name).unlink(missing_ok=True)
    app = App(settings=Settings(language="en", tutorial_seen=True))
    return [badge_shot(app, folder), log_shot(app, folder), *lesson_shots(app, folder), legend_shot(app, folder)]


if __name__ == "__main__":
    for picture in take(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"):
        print(picture)
