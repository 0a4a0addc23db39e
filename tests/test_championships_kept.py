"""Finished championships kept whole: a three-race championship played to its podium, the window started
again, and from *Replays* → *Championships* its final table, its podium and each of its races opened again;
a championship is rebuilt from its races alone, equal to the season that ran; bad folders say why."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
import pytest

from game.app import session, userdata
from game.app.settings import Settings
from scenes.app import App
from scenes.race import RaceScene
from scenes.screens.championships import ChampionshipsScene
from scenes.screens.replays import ReplaysScene
from scenes.screens.results import ResultsScene
from scenes.screens.season import PodiumScene, SeasonTableScene
from scenes.screens.title import TitleScene
from tests.test_scenes import key, run_until
from tests.test_season_scenes import season_setup

ROOT = Path(__file__).resolve().parent.parent


def window() -> App:
    """A window whose keys are pressed and released (as test_season_scenes' own)."""
    game = App(settings=Settings(animation_speed=4.0, language="en"))
    step = game.step

    def step_with_releases(events=(), dt=1 / 30):
        full = []
        for event in events:
            full.append(event)
            if event.type == pygame.KEYDOWN:
                full.append(pygame.event.Event(pygame.KEYUP, key=event.key, mod=0, scancode=0))
        step(full, dt)

    game.step = step_with_releases  # type: ignore[method-assign]
    return game


def table_of(season) -> list[tuple]:
    return [(ln.place, ln.racer, ln.name, ln.season_points, ln.race_points, ln.best_place) for ln in season.table()]


@pytest.mark.slow
def test_a_championship_played_to_its_podium_opens_again_after_a_restart(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = window()
    season_setup(app, races=3, turns=5)
    app.step([key(pygame.K_RETURN)])
    season = app.stack.top.season
    for _ in range(3):
        run_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=300)
        app.step([key(pygame.K_RETURN)])  # results: the season table
        assert isinstance(app.stack.top, SeasonTableScene)
        app.step([key(pygame.K_RETURN)])  # the next race, or the podium
    assert isinstance(app.stack.top, PodiumScene) and season.over
    played = table_of(season)
    highlights = [season.best(h) for h in ("fights_won", "longest_move", "shocks_inflicted", "laps")]
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, TitleScene)

    # the window started again: Replays, then Championships (a click), the championship, its table
    again = window()
    title = again.stack.push(TitleScene())
    again.step([])
    title.replays()
    again.step([])
    replays = again.stack.top
    assert isinstance(replays, ReplaysScene) and len(replays.kept) == 3  # its three races are replays too
    button = replays.more[0]
    again.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
    listed = again.stack.top
    assert isinstance(listed, ChampionshipsScene) and len(listed.items) == 1
    (kept,) = listed.items
    assert kept.name == season.name and len(kept.races) == 3 and not kept.problem
    assert kept.champions == [line.name for line in season.table() if line.place == 1]
    again.step([key(pygame.K_RETURN)])
    table = again.stack.top
    assert isinstance(table, SeasonTableScene) and table.kept
    assert table_of(table.season) == played  # the final table as it was at the podium
    assert [table.season.best(h) for h in ("fights_won", "longest_move", "shocks_inflicted", "laps")] == highlights
    folder = kept.folder
    files_before = sorted(p.name for p in folder.iterdir())
    again.step([key(pygame.K_RETURN)])  # the podium again
    podium = again.stack.top
    assert isinstance(podium, PodiumScene) and podium.again
    assert [line.name for line in podium.lines if line.place == 1] == kept.champions
    assert sorted(p.name for p in folder.iterdir()) == files_before  # shown again, not kept a second time
    assert len(list((userdata.user_dir() / "seasons").iterdir())) == 1
    again.step([key(pygame.K_ESCAPE)])
    assert again.stack.top is table
    watch = next(b for b in table.group.widgets if getattr(b, "label", "").startswith("Race 2"))
    again.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=watch.rect.center, button=1)])
    replay = again.stack.top
    assert isinstance(replay, RaceScene) and replay.race.board.name == season.results[1].board
    again.step([key(pygame.K_ESCAPE)])
    assert again.stack.top is table
    again.step([key(pygame.K_ESCAPE)])
    assert again.stack.top is listed


def test_a_kept_championship_that_cannot_be_read_says_why_and_deletes_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = userdata.user_dir() / "seasons" / "2026-11-27-broken-cup"
    folder.mkdir(parents=True)
    (folder / "race-1.json").write_text("{not json")
    (folder / "table.json").write_text('{"name": "Broken Cup", "table": [{"place": 1, "name": "Ann"}]}')
    (kept,) = session.kept_championships()
    assert kept.name == "Broken Cup" and kept.champions == ["Ann"]
    assert "race-1.json" in kept.problem and "not valid JSON" in kept.problem
    season, problem = session.open_championship(kept)
    assert season is None and "Broken Cup" in problem and "race-1.json" in problem
    empty = userdata.user_dir() / "seasons" / "2026-11-28-empty"
    empty.mkdir()
    listed = {c.folder.name: c for c in session.kept_championships()}
    assert "holds no race" in listed[empty.name].problem
    assert session.delete_championship(kept) and not folder.exists()


def test_a_championship_kept_by_the_games_first_version_opens_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    old = ROOT / "tests" / "fixtures" / "v1" / "seasons" / "2026-11-22-autumn-cup"
    shutil.copytree(old, userdata.user_dir() / "seasons" / old.name)
    (kept,) = session.kept_championships()
    assert not kept.problem and len(kept.races) == 3 and kept.name == "Autumn Cup"
    season, problem = session.open_championship(kept)
    assert season is not None, problem
    table = json.loads((old / "table.json").read_text(encoding="utf-8"))["table"]
    assert [line.to_json() for line in season.table()] == table  # the table it kept, worked out again
    assert kept.champions == [line["name"] for line in table if line["place"] == 1]


def test_a_folder_of_too_many_races_is_refused_before_they_are_read(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = userdata.user_dir() / "seasons" / "2026-11-27-huge"
    folder.mkdir(parents=True)
    for number in range(1, 12):
        (folder / f"race-{number}.json").write_text("x")
    (kept,) = session.kept_championships()
    assert "11 races" in kept.problem and not kept.races
