"""The words each screen draws, for the tests of what the player reads: the screens that show hints and
names (title, setup, all boards, the race asking a decision, the legend, results, replays and one played
back, championships, statistics, settings, controls, the rule book, the host's lobby, join), each made
once with real data, and every line of text one frame of it draws (`Words.of`)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import netwindows as nw
from kept_races import finished_race, keep_races

from game import Race, RacerSetup
from game.app import session, userdata
from game.app.settings import Settings
from game.bots import ai
from game.meta.season import Season, play_headless
from game.rules import seeds
from scenes.app import App
from scenes.core import assets, boards, i18n, text
from scenes.screens.board_gallery import BoardGalleryScene
from scenes.screens.championships import ChampionshipsScene
from scenes.screens.controls_screen import ControlsScene
from scenes.screens.games import GamesScene
from scenes.screens.join import JoinScene
from scenes.screens.keyboard import KeyboardScene
from scenes.screens.legend import LegendScene
from scenes.screens.pause import PauseScene
from scenes.screens.replays import ReplaysScene
from scenes.screens.results import ResultsScene
from scenes.screens.rules_help import RulesScene
from scenes.screens.season import PodiumScene, SeasonSetupScene, SeasonTableScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.stats import StatsScene
from scenes.screens.title import TitleScene
from tests.test_screens_fit import a_race_asking, a_season, practice_setup


def window(language: str) -> App:
    """A window in `language`, its player's folder holding kept races and finished championships (on the
    practice meadow, and on shipped boards: Thornwood, Meadow Dash), the statistics Zoé's."""
    app = App(settings=Settings(animation_speed=4.0, tutorial_seen=True, language=language, player_name="Zoé"))
    app.use_theme()
    keep_races()
    keep_on_shipped_boards()
    return app


SHIPPED_CUP = "Coupe des Épines"


def keep_on_shipped_boards() -> None:
    """A race kept on Thornwood, and a championship on Thornwood then Meadow Dash, played by the computer."""
    forest, meadow = (str(assets.maps_dir() / name) for name in ("forest.tmx", "meadow.tmx"))
    racers = [RacerSetup("dwarf", "Zoé", "easy"), RacerSetup("thief", "Bo", "easy")]
    race = Race.new(boards.load(forest), [RacerSetup("dwarf", "Zoé"), racers[1]], turns=5, seed=3)  # (Zoé: a person)
    rngs = seeds.bot_rngs(3, len(racers))
    while not race.over:
        decision = race.pending
        assert decision is not None
        race.choose(ai.pick(race, decision, "easy", rngs[decision.racer]))
    session.keep_replay(race)
    season = Season.new(SHIPPED_CUP, racers, [forest, meadow], 5, 11)
    play_headless(season, boards.load, io.StringIO())
    session.keep_finished_season(season)


class Words:
    """Every line of text drawn while `on` (text.render sees each one, cached or not)."""

    def __init__(self, monkeypatch) -> None:
        self.on = False
        self.lines: list[str] = []
        render = text.render

        def recording(words, *args, **kwargs):
            if self.on and str(words).strip():
                self.lines.append(str(words))
            return render(words, *args, **kwargs)

        monkeypatch.setattr(text, "render", recording)

    def of(self, app: App) -> list[str]:
        """The lines the screens draw in two frames (the race's top bar, its cards and its log drawn
        afresh: they are kept as a picture between frames)."""
        self.lines = []
        self.on = True
        try:
            for _ in range(2):
                for scene in app.stack.scenes:
                    drawing = getattr(scene, "drawing", None)
                    if drawing is not None and hasattr(drawing, "_hud_cache"):
                        drawing._hud_cache = None
                app.step([], 1 / 30)
        finally:
            self.on = False
        return list(self.lines)


def _race(app: App, camera_moved: bool) -> None:
    from scenes.race import RaceScene

    race, setup = a_race_asking(3)
    scene = app.stack.push(RaceScene(race, setup))
    for _ in range(60):  # (the race opens on the whole board, then asks: a bounded number of frames)
        scene.skip()
        app.step([], 1 / 30)
        if scene.panel is not None and not scene.busy:
            break
    assert scene.panel is not None, "the race never showed its decision"
    scene.camera.manual = camera_moved  # (moved by the player: the top bar says how to bring it back)


def _legend(app: App) -> None:
    _race(app, False)
    scene = app.stack.top
    app.stack.push(LegendScene(scene.renderer))


def _replay(app: App) -> None:
    replays = app.stack.push(ReplaysScene())
    app.step([])
    replays.open(replays.kept[0])
    assert app.stack.top is not replays, replays.message


def _host(app: App) -> None:
    app.settings.host_address, app.settings.host_port = "127.0.0.1", nw.free_port()
    nw.start_hosting(app, ["here", "friend", "easy"])


def _gallery(app: App) -> None:
    setup = app.stack.push(SetupScene())
    app.step([])
    setup.open_gallery()
    assert isinstance(app.stack.top, BoardGalleryScene)


def _keyboard(app: App) -> None:
    joining = app.stack.push(JoinScene())
    app.step([])
    app.stack.push(KeyboardScene(joining.code_field))


def _results(app: App) -> None:
    setup = practice_setup([("dwarf", "Zoé", None), ("thief", "Bo", "expert"), ("orc", "Cy", "normal")])
    app.stack.push(ResultsScene(finished_race(), setup))


def _championship(app: App) -> None:
    championships = app.stack.push(ChampionshipsScene())
    app.step([])
    championships.open(next(c for c in championships.items if c.name == SHIPPED_CUP))


def _lessons(app: App) -> None:
    lessons = app.stack.push(app.stack.make("tutorial"))
    for _ in range(60):  # (the first lesson's words, once the race has opened: a bounded number of frames)
        app.step([], 1 / 30)
        if getattr(lessons, "panel", None) is not None and not lessons.busy:
            break


def _games(app: App) -> None:
    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Zoé"), RacerSetup("orc", "Bo", "expert")], 5, seed=2)
    userdata.save_race(session.FOLDER, race, {"board": boards.PRACTICE, "turns": 5, "racers": []})
    app.stack.push(GamesScene())


#: each screen: its name and how it is opened over the title
SCREENS: dict[str, Callable[[App], object]] = {
    "title": lambda app: None,
    "setup": lambda app: app.stack.push(SetupScene()),
    "all boards": _gallery,
    "the race asking a decision": lambda app: _race(app, False),
    "the race, its camera moved": lambda app: _race(app, True),
    "the legend": _legend,
    "results": _results,
    "pause": lambda app: (_race(app, False), app.stack.push(PauseScene(lambda: None))),
    "games in progress": _games,
    "the lessons": _lessons,
    "replays": lambda app: app.stack.push(ReplaysScene()),
    "a replay played back": _replay,
    "championships kept": lambda app: app.stack.push(ChampionshipsScene()),
    "a kept championship's table": _championship,
    "championship setup": lambda app: app.stack.push(SeasonSetupScene()),
    "between championship races": lambda app: app.stack.push(SeasonTableScene(a_season(1))),
    "podium": lambda app: app.stack.push(PodiumScene(a_season(3))),
    "statistics": lambda app: app.stack.push(StatsScene()),
    "settings": lambda app: app.stack.push(SettingsScene()),
    "accessibility": lambda app: app.stack.push(SettingsScene("access")),
    "controls": lambda app: app.stack.push(ControlsScene()),
    "rule book": lambda app: app.stack.push(RulesScene()),
    "host lobby": _host,
    "join": lambda app: app.stack.push(JoinScene()),
    "on-screen keyboard": _keyboard,
}


def screens(app: App) -> Iterator[str]:
    """Open each screen in turn over the title (yielding its name while it is the top one)."""
    try:
        for name, opening in SCREENS.items():
            app.stack.reset(TitleScene())
            app.step([])
            opening(app)
            yield name
    finally:
        app.stack.reset(TitleScene())
        i18n.set_language("en")


def board_names() -> dict[str, dict[str, str]]:
    """Every shipped board's names: its file -> {language: name}."""
    files = sorted(assets.maps_dir().glob("*.tmx"))
    return {path.name: {code: boards.load(str(path)).name_in(code) for code in i18n.LANGUAGES} for path in files}
