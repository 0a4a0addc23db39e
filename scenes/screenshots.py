"""Screenshots of every screen, headless: `python -m scenes.screenshots FOLDER`.

Used by the tests (each scene must draw a full, non-empty 1280x720 picture)
and to refresh the README's pictures in docs/screenshots/.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import TYPE_CHECKING

from game import Race, RacerSetup  # noqa: E402
from game.bots.ai import pick  # noqa: E402

if TYPE_CHECKING:
    from scenes.app import App

DEMO_RACERS = [
    ("Ann", "elf", None),
    ("Bram", "dwarf", "normal"),
    ("Cleo", "sorceress", "hard"),
    ("Dax", "orc", "easy"),
    ("Eve", "thief", "normal"),
    ("Fib", "baby", "hard"),
]


def demo_setup(board_ref: str, turns: int = 6) -> dict[str, Any]:
    """A six-racer setup, one person and five computer racers."""
    return {
        "board": board_ref,
        "turns": turns,
        "racers": [{"character": c, "name": n, "bot": b} for n, c, b in DEMO_RACERS],
    }


def settle(app: App, seconds: float = 0.0, dt: float = 1 / 30) -> None:
    """Let the game run a moment without input."""
    for _ in range(max(1, int(seconds / dt))):
        app.step([], dt)


def race_in_progress(setup: dict[str, Any], seed: int = 11, choices: int = 60) -> Race:
    """A race some way in, with its choices made by computer policies."""
    import random

    from scenes.core import boards

    board = boards.load(setup["board"])
    race = Race.new(
        board,
        [RacerSetup(r["character"], r["name"], r["bot"]) for r in setup["racers"]],
        turns=setup["turns"],
        seed=seed,
    )
    rng = random.Random(seed)
    for _ in range(choices):
        if race.pending is None:
            break
        race.choose(pick(race, race.pending, "greedy", rng))
    while race.pending is not None and race.racers[race.pending.racer].setup.bot:
        race.choose(pick(race, race.pending, "greedy", rng))
    return race


def take_all(folder: str | Path, app: App | None = None, shown_address: str | None = None) -> dict[str, Path]:
    """Draw every screen and save it as FOLDER/<scene>.png; returns the files. `shown_address`: the
    address the network screens show (None: the one the race is really hosted on, 127.0.0.1)."""
    from game.app.settings import Settings
    from scenes.app import App
    from scenes.core import boards, i18n, theme
    from scenes.race import RaceScene
    from scenes.screens.pause import PauseScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.rules_help import RulesScene
    from scenes.screens.settings import SettingsScene
    from scenes.screens.setup import SetupScene
    from scenes.screens.title import TitleScene

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    app = app or App(settings=Settings())
    shots: dict[str, Path] = {}

    def shot(name: str, window: App | None = None) -> None:
        path = folder / f"{name}.png"
        (window or app).screenshot(path)
        shots[name] = path

    app.stack.reset(TitleScene())
    settle(app)
    shot("title")
    setup_scene = app.stack.push(SetupScene())
    setup_scene.set_count(6)
    setup_scene.selected = 2
    settle(app)
    shot("setup")
    app.stack.push(SettingsScene())
    settle(app)
    shot("settings")
    app.stack.push(app.stack.make("controls"))  # Settings > Controls
    settle(app)
    shot("controls")
    app.stack.pop()
    app.stack.push(SettingsScene("access"))
    settle(app)
    shot("accessibility")
    app.stack.pop()
    app.stack.pop()
    app.stack.push(RulesScene(section="moving"))  # a page of the rule book with its pictures
    settle(app)
    shot("rules")
    app.stack.pop()
    language = i18n.language()
    i18n.set_language("fr")  # and a page of the French book: the characters' cards
    app.stack.push(RulesScene(section="characters"))
    settle(app)
    shot("rules-fr")
    app.stack.pop()
    theme.use_book_text(150)  # the Rule book text at 150 %
    app.stack.push(RulesScene(section="characters"))
    settle(app)
    shot("rules-fr-150")
    app.stack.pop()
    theme.use_book_text(app.settings.book_text_size)
    i18n.set_language(language)
    ref = next((c.ref for c in boards.available() if c.board is not None), boards.PRACTICE)
    setup = demo_setup(ref)
    race = race_in_progress(setup)
    scene = app.stack.reset(RaceScene(race, setup))
    settle(app, 1.2)
    scene.skip()
    settle(app, 0.6)
    shot("race")
    theme.use_palette("red_green")  # the racers' colours and marks for protanopia and deuteranopia
    settle(app)
    shot("race-red-green")
    theme.use_palette(app.settings.colour_vision)
    theme.use_text_size(150)  # every word at 150 % (Text size): the race laid out again from them
    scene.resume()
    settle(app)
    shot("race-text-150")
    language = i18n.language()
    i18n.set_language("fr")  # and in French, its log written again in it
    scene.resume()
    settle(app)
    shot("race-text-150-fr")
    i18n.set_language(language)
    theme.use_text_size(app.settings.text_size)
    scene.resume()
    app.stack.push(PauseScene(lambda: None))
    settle(app)
    shot("pause")
    app.stack.pop()
    finished = race_in_progress(setup, seed=12, choices=100000)
    app.stack.reset(ResultsScene(finished, setup))
    settle(app)
    shot("results")
    network_shots(app, shot, shown_address)
    return shots


def network_shots(app: App, shot: Callable[..., None], shown_address: str | None = None) -> None:
    """The host's lobby (on this network, then inviting through a relay) and a friend's join screen,
    from a real race hosted on 127.0.0.1 (a second window joins it); the pictures show `shown_address`
    if given (the README's: a home network's, as a host at home sees his, and a relay on the internet),
    or the loopback address the race is hosted on."""
    import time

    from game.app.settings import Settings
    from game.net.protocol import PORT, shown_code
    from game.rules import levels
    from scenes.app import App
    from scenes.core import boards
    from scenes.screens.host_lobby import HostScene
    from scenes.screens.join import JoinScene

    app.settings.host_address, app.settings.host_port = "127.0.0.1", 0  # the shot's host: this machine only
    ref = next((c.ref for c in boards.available() if c.board is not None), boards.PRACTICE)
    setup = demo_setup(ref, turns=8)
    kinds: tuple[levels.SeatKind, ...] = ("here", "friend", "bot", "friend", "bot", "bot")
    setup["racers"] = [
        {**r, "seat": k, "name": "" if k == "friend" else r["name"], "bot": r["bot"] if k == "bot" else None}
        for r, k in zip(setup["racers"], kinds)
    ][:5]
    host = app.stack.reset(HostScene(setup))
    friend = App(settings=Settings(language=app.settings.language, text_size=app.settings.text_size))
    joining = friend.stack.push(JoinScene())

    def until(condition: Callable[[], object], seconds: float = 15.0) -> None:
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline:
            app.step([], 1 / 30)
            friend.step([], 1 / 30)
            time.sleep(0.005)

    until(lambda: host.port is not None)
    joining.address, joining.code, joining.name = f"127.0.0.1:{host.port}", host.code, "Bram"
    joining.character = "dwarf"
    joining.connect()
    until(lambda: joining.state == "lobby")
    joining.character = "dwarf"
    joining.take()
    until(lambda: joining.state == "seated" and host.seats[1].get("name") == "Bram")
    if shown_address is not None:
        joining.address = f"{shown_address}:{PORT}"
        joining.layout()
        friend.step([], 1 / 30)
    shot("join", friend)
    if shown_address is not None:
        host.shown_address, host.port = shown_address, PORT
    app.step([], 1 / 30)
    shot("host")
    # the same lobby inviting friends through a relay: the card as the relay's invite makes it (the
    # README's names a relay on the internet; the tests' own race through a relay: test_scenes_relay.py)
    relay = "race.example.org:47811" if shown_address is not None else "ws://127.0.0.1:47811"
    host.reach.reach = "internet"
    host.reach.heard("invite", {"text": f"{relay}/{shown_code(host.code)}"})
    app.step([], 1 / 30)
    shot("host-invite")
    joining.disconnect()
    app.stack.reset(app.stack.make("title"))
    settle(app)


if __name__ == "__main__":
    README_ADDRESS = "192.168.1.20"  # the README's pictures: an address on a home network (no traffic)
    for path in take_all(
        sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots", shown_address=README_ADDRESS
    ).values():
        print(path)
