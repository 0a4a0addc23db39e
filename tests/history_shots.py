"""The README's pictures of a player's history: the replay's timeline, a kept championship's table opened
again, the statistics screen in French.

`python -m tests.history_shots docs/screenshots` draws them again (headless); a test draws them too.
"""

from __future__ import annotations

import datetime
import io
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import Race, RacerSetup, load_board  # noqa: E402
from game.app import session  # noqa: E402
from game.bots.ai import pick  # noqa: E402
from game.meta.season import Season, bot_choices, play_headless  # noqa: E402
from game.rules import seeds  # noqa: E402
from scenes.screenshots import settle  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "maps").glob("*.tmx"))
NAMES = [("Ann", "elf", None), ("Bram", "dwarf", "normal"), ("Cleo", "sorceress", "easy"), ("Dax", "orc", "normal")]


def timeline_shot(app, folder: Path) -> Path:
    """A replay paused in game turn 6, on its timeline."""
    from game.meta.replay import parse, record, start
    from scenes.screens.replay import replay_board, replay_scene

    race = Race.new(load_board(BOARDS[0]), [RacerSetup(c, n, "normal") for n, c, _ in NAMES], 10, seed=21)
    bot_choices(race, seeds.bot_rngs(21, len(NAMES)))
    replay = parse(record(race))
    scene = app.stack.reset(replay_scene(replay, start(replay, replay_board(replay))))
    settle(app)
    scene.guide.jump(scene.guide.timeline.turn_index(6) + 40)
    settle(app)
    path = folder / "replay-timeline.png"
    app.screenshot(path)
    return path


def kept_season(name: str = "Autumn Cup") -> Season:
    """A three-race championship of computer racers, played and kept in the player's folder."""
    racers = [RacerSetup(c, n, b or "normal") for n, c, b in NAMES]
    season = Season.new(name, racers, [str(p) for p in BOARDS[:3]], 5, 8)
    play_headless(season, load_board, io.StringIO())
    session.keep_finished_season(season)
    return season


def championship_shot(app, folder: Path) -> Path:
    """A kept championship's final table, opened again from its list."""
    kept_season()
    (kept,) = session.kept_championships()[:1]
    season, _ = session.open_championship(kept)
    app.stack.reset(app.stack.make("season_table", season, kept=True))
    settle(app)
    path = folder / "championship-kept.png"
    app.screenshot(path)
    return path


def person_races(count: int = 10, name: str = "Zoé", seed: int = 100) -> list[Race]:
    """`count` finished races with a person's seat (`name`, his choices made by a computer policy) against
    computer racers of every level, on the shipped boards, kept as replays in the player's folder."""
    from game.meta.replay import write

    characters = ("elf", "dwarf", "orc", "sorceress", "thief", "baby")
    levels = ("easy", "normal", "hard", "random")
    races = []
    for index in range(count):
        board = load_board(BOARDS[index % len(BOARDS)])
        me = RacerSetup(characters[index % 3], name, None)
        others = [RacerSetup(characters[3 + k], "", levels[(index + k) % len(levels)]) for k in range(1 + index % 3)]
        race = Race.new(board, [me, *others], 5, seed=seed + index)
        rngs = seeds.bot_rngs(seed + index, len(race.racers))
        while (decision := race.pending) is not None:
            level = race.racers[decision.racer].setup.bot or "normal"
            race.choose(pick(race, decision, "greedy" if level == "hard" else level, rngs[decision.racer]))
        write(race, session.userdata.user_dir() / "replays", datetime.date(2026, 11, 1 + index))
        races.append(race)
    return races


def stats_shot(app, folder: Path) -> Path:
    """The statistics screen in French, after ten races of Zoé's (and the championship above)."""
    from scenes.core import i18n

    person_races()
    app.settings.player_name = "Zoé"
    language = i18n.language()
    i18n.set_language("fr")
    app.stack.reset(app.stack.make("statistics"))
    settle(app)
    path = folder / "statistics-fr.png"
    app.screenshot(path)
    i18n.set_language(language)
    return path


def take(folder) -> list[Path]:
    """Every picture of this module, in `folder` (a player's folder of its own, made for them)."""
    import tempfile

    from game.app.settings import Settings
    from scenes.app import App

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    before = os.environ.get("XDG_DATA_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = home
        try:
            app = App(settings=Settings(language="en"))
            return [timeline_shot(app, folder), championship_shot(app, folder), stats_shot(app, folder)]
        finally:
            if before is None:
                os.environ.pop("XDG_DATA_HOME", None)
            else:
                os.environ["XDG_DATA_HOME"] = before


if __name__ == "__main__":
    for path in take(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"):
        print(path)
