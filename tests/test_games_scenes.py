"""Nothing in the player's folder disappears without a question: every path of the title, the setup,
the championship screens and the list of games in progress, taken with games in progress of every
kind in the folder (a race, a championship in a race and between races, an older version's race.json,
nearly finished games), lists the folder before and after, and fails if a file disappeared that was
not deleted on a Yes, nor a finished game that left its replay (or its season's folder).

`python -m tests.test_games_scenes docs/screenshots` draws the README's picture of the list."""

from __future__ import annotations

import json
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import Race, RacerSetup
from game.app import session, userdata
from game.app.settings import Settings
from game.bots import ai
from game.meta.season import Season
from game.rules import seeds
from scenes.app import App
from scenes.core import boards
from scenes.race import RaceScene
from scenes.screens.games import GamesScene
from scenes.screens.results import ResultsScene
from scenes.screens.season import PodiumScene, SeasonTableScene
from scenes.screens.title import TitleScene

ROOT = Path(__file__).resolve().parent.parent
V1 = ROOT / "tests" / "fixtures" / "v1"
BOTS = [RacerSetup("elf", "Ann", bot="greedy"), RacerSetup("orc", "Bo", bot="greedy")]
PEOPLE = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="easy")]


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


# ---------------------------------------------------------------- the folder
def files(folder: Path) -> dict[str, bytes]:
    """Every file of the player's folder (but the log), by its path in the folder."""
    session.FOLDER.flush()
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and not p.name.startswith("fantasy-racing.log")
    }


def lost(before: dict[str, bytes], after: dict[str, bytes]) -> list[str]:
    """The files gone, whose content is nowhere in the folder either (a file moved is not lost)."""
    kept = set(after.values())
    return sorted(name for name, data in before.items() if name not in after and data not in kept)


def finished_and_kept(name: str, data: bytes, before: dict[str, bytes], after: dict[str, bytes]) -> bool:
    """Whether a game gone is a finished one that left what it held: a race its replay (every choice
    saved, then more), a championship its season's folder (each race a replay, the table)."""
    saved = json.loads(data)
    new = [n for n in after if n not in before]
    if "season_format" in saved:
        return any(n.startswith("seasons/") and n.endswith("/table.json") for n in new)
    choices = saved["race"]["choices"]
    for other in new:
        if other.startswith("replays/"):
            race = json.loads(after[other])["race"]
            if race["seed"] == saved["race"]["seed"] and race["choices"][: len(choices)] == choices:
                return True
    return False


# ---------------------------------------------------------------- games of every kind
def play(sess: session.Session, until: Callable[[Race], bool]) -> session.Session:
    race = sess.race
    rngs = seeds.bot_rngs(race.seed or 0, len(race.racers))
    while race.pending is not None and not until(race):
        decision = race.pending
        sess.choose(ai.pick(race, decision, "greedy", rngs[decision.racer]))
        race = sess.race
    return sess


def last_turn(race: Race) -> bool:
    return race.turn == race.turns and race.pending is not None and race.pending.kind == "move"


def setup_of(racers: list[RacerSetup]) -> dict:
    """The setup screen's dict of a race on the practice board (its *Race again* starts it again)."""
    return {"board": boards.PRACTICE, "turns": 5, "racers": [s.to_dict() for s in racers]}


def fill(folder: Path) -> None:
    """Games in progress of every kind in the player's folder."""
    practice = boards.practice_board()
    play(session.new_race(Race.new(practice, PEOPLE, turns=5, seed=1), setup_of(PEOPLE)), lambda r: r.turn > 2)
    play(session.new_race(Race.new(practice, BOTS, turns=5, seed=2), setup_of(BOTS)), last_turn)
    cup = Season.new("Cup", PEOPLE, [boards.PRACTICE] * 2, 5, 3)
    cup.start_race(boards.load)
    play(session.season_race(cup), lambda r: r.turn > 1)
    between = Season.new("Between", BOTS, [boards.PRACTICE] * 3, 5, 4)
    between.start_race(boards.load)
    play(session.season_race(between), lambda r: False)  # its first race over: the table is next
    final = Season.new("Final", BOTS, [boards.PRACTICE] * 2, 5, 5)
    final.start_race(boards.load)
    play(session.season_race(final), lambda r: False)
    final.start_race(boards.load)
    play(session.season_race(final), last_turn)  # its last race nearly over
    shutil.copy(V1 / "race.json", folder / "race.json")  # an older version's save
    session.FOLDER.flush()


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(ROOT)  # (the older save's board, maps/meadow.tmx)
    game = App(settings=Settings(animation_speed=4.0, tutorial_seen=True))
    step = game.step

    def step_with_releases(events=(), dt=1 / 30):
        """Every key pressed is released right after, as on a real keyboard."""
        full = []
        for event in events:
            full.append(event)
            if event.type == pygame.KEYDOWN:
                full.append(pygame.event.Event(pygame.KEYUP, key=event.key, mod=0, scancode=0))
        step(full, dt)

    game.step = step_with_releases
    fill(userdata.user_dir())
    game.stack.push(TitleScene())
    game.step([])
    return game


def run(app, condition: Callable[[], bool], frames: int = 20000, seconds: float = 120.0) -> None:
    """Frames, Enter pressed whenever a person decides, until `condition()` (a frame while a computer
    racer thinks on his thread does not count: the bound is then the wall clock's)."""
    deadline = time.monotonic() + seconds
    while frames > 0 and time.monotonic() < deadline:
        if condition():
            return
        scene = app.stack.top
        thinker = getattr(getattr(scene, "computer", None), "thinker", None)
        thread = getattr(thinker, "_thread", None)
        if thread is not None and thread.is_alive():
            time.sleep(0.0005)
        else:
            frames -= 1
        deciding = isinstance(scene, RaceScene) and scene.panel is not None and not scene.busy
        app.step([key(pygame.K_RETURN)] if deciding else [], 1 / 30)
    if not condition():
        raise AssertionError(f"the game never got there (on {type(app.stack.top).__name__})")


def games_screen(app) -> GamesScene:
    app.stack.top.open_games()
    app.step([])
    assert isinstance(app.stack.top, GamesScene)
    return app.stack.top


def game_row(app, screen: GamesScene, test: Callable[[dict], bool]) -> int:
    index = next((i for i, g in enumerate(screen.games) if test({"kind": g.kind, **g.summary})), None)
    assert index is not None, [{"kind": g.kind, **g.summary} for g in screen.games]
    screen.group.focus = index
    screen.place()
    return index


def saved_and_quit(app) -> None:
    run(
        app,
        lambda: (
            isinstance(app.stack.top, RaceScene) and app.stack.top.session.since_chance == [] and not app.stack.top.busy
        ),
    )
    app.stack.top.save_and_quit()
    assert isinstance(app.stack.top, TitleScene)


def first_turn_played(app) -> None:
    scene = app.stack.top
    assert isinstance(scene, RaceScene)
    run(app, lambda: any(e.kind == "turn_ended" for e in scene.race.log[-40:]) and not scene.busy)
    scene.save_and_quit()


# ---------------------------------------------------------------- the paths
def quit_no(app):
    app.step([key(pygame.K_ESCAPE)])  # "Quit Fantasy Racing?"
    app.step([key(pygame.K_ESCAPE)])  # No
    assert app.running and isinstance(app.stack.top, TitleScene)


def settings_rules_join_and_back(app):
    title = app.stack.top
    for open_it in (title.settings, title.rules, title.join):
        open_it()
        app.step([])
        app.step([key(pygame.K_ESCAPE)])
        assert app.stack.top is title


def learn_to_play_and_leave(app):
    app.stack.top.learn()
    run(app, lambda: isinstance(app.stack.top, RaceScene) and app.stack.top.panel is not None, frames=600)
    app.stack.top.save_and_quit()


def setup_back(app):
    app.stack.top.play()
    app.step([])
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene)


def setup_start_a_race(app):
    app.stack.top.play()
    app.step([])
    app.step([key(pygame.K_RETURN)])  # Start the race (focused)
    first_turn_played(app)


def championship_start_a_season(app):
    app.stack.top.championship()
    app.step([])
    app.step([key(pygame.K_RETURN)])  # Start the season (focused)
    first_turn_played(app)


def championship_back(app):
    app.stack.top.championship()
    app.step([])
    app.step([key(pygame.K_ESCAPE)])


def list_back(app):
    games_screen(app)
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene)


def list_delete_no(app):
    screen = games_screen(app)
    app.step([key(pygame.K_RIGHT), key(pygame.K_RETURN)])  # Delete: asked first
    assert app.stack.top is not screen
    app.step([key(pygame.K_RETURN)])  # No is focused
    assert app.stack.top is screen and len(screen.games) == 6


def list_resume_a_race_save_and_quit(app):
    screen = games_screen(app)
    game_row(app, screen, lambda g: g["kind"] == "race" and g["turn"] <= 3 and g["racers"][1]["bot"] == "easy")
    app.step([key(pygame.K_RETURN)])
    first_turn_played(app)


def list_resume_the_older_save(app):
    screen = games_screen(app)
    game_row(app, screen, lambda g: g["kind"] == "race" and g["board"] == "Meadow Dash")
    app.step([key(pygame.K_RETURN)])
    first_turn_played(app)


def list_resume_a_championship_race(app):
    screen = games_screen(app)
    game_row(app, screen, lambda g: g.get("name") == "Cup")
    app.step([key(pygame.K_RETURN)])
    first_turn_played(app)


def list_championship_table_save_and_quit(app):
    screen = games_screen(app)
    game_row(app, screen, lambda g: g.get("name") == "Between")
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, SeasonTableScene)
    app.step([key(pygame.K_ESCAPE)])  # save and quit
    assert isinstance(app.stack.top, TitleScene)


def list_championship_table_next_race(app):
    screen = games_screen(app)
    game_row(app, screen, lambda g: g.get("name") == "Between")
    app.step([key(pygame.K_RETURN)])
    app.step([key(pygame.K_RETURN)])  # Next race
    assert isinstance(app.stack.top, RaceScene)
    run(app, lambda: app.stack.top.race.turn > 1)
    app.stack.top.save_and_quit()


def list_finish_a_race_and_race_again(app):
    screen = games_screen(app)
    game_row(app, screen, lambda g: g["kind"] == "race" and g["turn"] == g["turns"] and g["racers"][0]["bot"])
    app.step([key(pygame.K_RETURN)])
    run(app, lambda: isinstance(app.stack.top, ResultsScene))
    app.step([key(pygame.K_RETURN)])  # Race again
    first_turn_played(app)


def list_finish_a_championship_to_its_podium(app):
    screen = games_screen(app)
    game_row(app, screen, lambda g: g.get("name") == "Final")
    app.step([key(pygame.K_RETURN)])
    run(app, lambda: isinstance(app.stack.top, ResultsScene))
    app.step([key(pygame.K_RETURN)])  # the table
    app.step([key(pygame.K_RETURN)])  # the podium
    assert isinstance(app.stack.top, PodiumScene)
    app.step([key(pygame.K_RETURN)])


PATHS = [
    quit_no,
    settings_rules_join_and_back,
    learn_to_play_and_leave,
    setup_back,
    setup_start_a_race,
    championship_back,
    championship_start_a_season,
    list_back,
    list_delete_no,
    list_resume_a_race_save_and_quit,
    list_resume_the_older_save,
    list_resume_a_championship_race,
    list_championship_table_save_and_quit,
    list_championship_table_next_race,
    list_finish_a_race_and_race_again,
    list_finish_a_championship_to_its_podium,
]


def test_the_check_sees_a_file_lost_and_not_a_file_moved():
    before = {"games/race-1.json": b"a", "race.json": b"b", "settings.json": b"c"}
    assert lost(before, {"games/race-2.json": b"b", "settings.json": b"c"}) == ["games/race-1.json"]


@pytest.mark.parametrize("path", PATHS, ids=[p.__name__ for p in PATHS])
def test_no_path_of_the_title_setup_and_championship_screens_loses_a_file(app, path):
    folder = userdata.user_dir()
    before = files(folder)
    assert len(session.games()[0]) == 6  # (the older race.json brought in)
    before = files(folder)
    path(app)
    after = files(folder)
    gone = [name for name in lost(before, after) if not finished_and_kept(name, before[name], before, after)]
    assert gone == [], f"{path.__name__} lost {gone} without a question"
    assert len(session.games()[0]) >= 6 - ("finish" in path.__name__)


def test_deleting_a_game_from_the_list_takes_a_yes_and_deletes_that_one_only(app):
    folder = userdata.user_dir()
    screen = games_screen(app)
    index = game_row(app, screen, lambda g: g.get("name") == "Cup")
    chosen = screen.games[index]
    before = files(folder)
    app.step([key(pygame.K_DELETE)])  # (or Right, then Enter)
    question = app.stack.top
    assert question.question == "Delete this game?" and question.detail.startswith("Cup · Race 1 of 2 · turn ")
    assert files(folder) == before  # nothing yet
    app.step([key(pygame.K_LEFT), key(pygame.K_RETURN)])  # Yes
    assert app.stack.top is screen, app.stack.top
    assert chosen.path not in [g.path for g in screen.games], [g.path.name for g in screen.games]
    assert len(screen.games) == 5
    assert lost(before, files(folder)) == [chosen.path.relative_to(folder).as_posix()]


# ---------------------------------------------------------------- the README's picture
def games_shot(folder) -> Path:
    """The list of games in progress, as the README shows it."""
    import os
    import tempfile

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    app = App(settings=Settings(tutorial_seen=True))
    meadow = boards.load("maps/meadow.tmx")
    four = [RacerSetup("elf", "Ann"), RacerSetup("dwarf", "Bram", "normal"), RacerSetup("sorceress", "Cleo", "hard")]
    cup = Season.new("Autumn Cup", four, ["maps/meadow.tmx"] * 3, 6, 9)
    cup.start_race(boards.load)
    play(session.season_race(cup), lambda r: r.turn > 3)
    thorn = next(c.board for c in boards.available() if c.board is not None and c.board.name != "Meadow Dash")
    duo = [RacerSetup("thief", "Dax"), RacerSetup("baby", "Eve", "normal")]
    play(
        session.Session(Race.new(thorn, duo, turns=6, seed=3), {"network": "host", "code": "K7Q2"}),
        lambda r: r.turn > 2,
    )
    kept = Race.new(meadow, [RacerSetup("goblin", "Fib", "normal"), RacerSetup("elf", "Gus")], turns=6, seed=8)
    play(session.Session.unsaved(kept), lambda r: r.turn > 2)
    session.keep_as_save(kept, {"network": "friend"})
    play(
        session.new_race(Race.new(meadow, [*four, RacerSetup("orc", "", "easy")], turns=8, seed=5), {}),
        lambda r: r.turn > 5,
    )
    app.stack.push(TitleScene())
    app.step([])
    app.stack.top.open_games()
    app.step([])
    app.step([key(pygame.K_DOWN)])
    path = Path(folder) / "games.png"
    app.screenshot(path)
    return path


if __name__ == "__main__":
    os_env = __import__("os").environ
    os_env.setdefault("SDL_VIDEODRIVER", "dummy")
    os_env.setdefault("SDL_AUDIODRIVER", "dummy")
    print(games_shot(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
