"""The championship's screens, headless: the season setup by keys and mouse, a whole season of
computer racers through results and tables to the podium, and a season saved in the middle of a
race resumed from the title."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app import session, userdata
from game.app.settings import Settings
from game.rules import tuning
from scenes.app import App
from scenes.race import RaceScene
from scenes.screens.results import ResultsScene
from scenes.screens.season import PodiumScene, SeasonSetupScene, SeasonTableScene
from scenes.screens.title import TitleScene
from tests.test_scenes import key, run_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    game = App(settings=Settings(animation_speed=4.0, language="en"))
    step = game.step

    def step_with_releases(events=(), dt=1 / 30):
        full = []
        for event in events:
            full.append(event)
            if event.type == pygame.KEYDOWN:
                full.append(pygame.event.Event(pygame.KEYUP, key=event.key, mod=0, scancode=0))
        step(full, dt)

    game.step = step_with_releases
    return game


def season_setup(app, races=2, turns=5, all_computers=True):
    """The title, then the season setup with `races` races of `turns` turns, by keys and clicks."""
    title = app.stack.push(TitleScene())
    app.step([])
    button = next(w for w in title.group.widgets if getattr(w, "action", None) == title.championship)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
    setup = app.stack.top
    assert isinstance(setup, SeasonSetupScene)
    count = setup.group.widgets[1]
    setup.group.focus_on(count)
    app.step([key(pygame.K_LEFT)] * (3 - races) if races < 3 else [key(pygame.K_RIGHT)] * (races - 3))
    turns_choice = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Turns")
    setup.group.focus_on(turns_choice)
    app.step([key(pygame.K_RIGHT)] * (turns - 4))  # "each board's", then 5, 6, ...
    if all_computers:
        setup.set_kind(0, "normal")
    return setup


def test_the_season_setup_sets_races_boards_and_turns_by_keys(app):
    setup = season_setup(app, races=4, turns=6)
    assert len(setup.race_boards) == 4 and setup.turns == 6
    assert setup.race_boards[:3] == [c.ref for c in setup.choices if c.board is not None][:3]
    second = next(w for w in setup.group.widgets if getattr(w, "label", "") == "2")
    setup.group.focus_on(second)
    before = setup.race_boards[1]
    app.step([key(pygame.K_RIGHT)])
    assert setup.race_boards[1] != before
    app.step([key(pygame.K_RETURN)])
    race_scene = app.stack.top
    assert isinstance(race_scene, RaceScene) and race_scene.season is not None
    assert race_scene.race.turns == 6 and race_scene.season.boards == setup.race_boards
    (game,) = session.games()[0]  # saved as it starts: a game in progress of its own
    assert game.kind == "season" and game.summary["race_number"] == 1 and game.summary["races"] == 4


@pytest.mark.slow
def test_a_season_of_computer_racers_runs_through_tables_to_the_podium(app, monkeypatch):
    from scenes.core import text

    drawn: list[str] = []
    real = text.draw
    monkeypatch.setattr(
        text, "draw", lambda surface, words, *a, **k: drawn.append(words) or real(surface, words, *a, **k)
    )
    season_setup(app, races=2, turns=5)
    app.step([key(pygame.K_RETURN)])
    season = app.stack.top.season
    for number in (1, 2):
        run_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=300)
        assert len(season.results) == number
        app.step([key(pygame.K_RETURN)])  # results: Season table
        table = app.stack.top
        assert isinstance(table, SeasonTableScene)
        points = [line.season_points for line in table.lines]
        # best first; shared places share their points (a tie for first earns less than 10), the total stays
        assert points == sorted(points, reverse=True) and points[0] > 0
        assert sum(points) == number * sum(tuning.SEASON_POINTS[: len(points)])
        drawn.clear()
        app.step([])  # the help line says what Enter does: the next race, or after the last one the podium
        assert ("Enter: to the podium" in drawn) == (number == 2) and ("Enter: next race" in " ".join(drawn)) == (
            number == 1
        )
        (game,) = session.games()[0]
        saved = json.loads(game.path.read_text())
        assert len(saved["results"]) == number
        app.step([key(pygame.K_RETURN)])  # table: next race, or the podium
    assert isinstance(app.stack.top, PodiumScene)
    assert session.games() == ([], "")  # over and kept in seasons/: no longer in progress
    kept = list((userdata.user_dir() / "seasons").iterdir())
    assert len(kept) == 1 and sorted(p.name for p in kept[0].iterdir()) == ["race-1.json", "race-2.json", "table.json"]
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, TitleScene)


def test_a_season_saved_in_the_middle_of_a_race_resumes_from_the_title(app):
    season_setup(app, races=2, turns=5)
    app.step([key(pygame.K_RETURN)])
    scene = app.stack.top
    run_until(app, lambda: len(scene.race.choices) >= 12, seconds=120)
    scene.save_and_quit()
    choices = list(scene.race.choices)
    title = app.stack.top
    assert isinstance(title, TitleScene) and [g.kind for g in title.games] == ["season"]
    assert title.group.widgets[0].label == "Resume… (1)"
    app.step([key(pygame.K_RETURN)])  # the games in progress
    app.step([key(pygame.K_RETURN)])  # the championship, the latest
    resumed = app.stack.top
    assert isinstance(resumed, RaceScene) and resumed.season is not None
    assert resumed.race.choices[: len(choices)] == choices
