"""A player's statistics: ten seeded races with a person's seat kept as replays (and a replay kept by the
game's first version, from before this feature), every figure of the statistics screen checked against a
count made directly from the races; the names he plays under, the reset after a question, the CSV."""

from __future__ import annotations

import csv
import io
import math
import os
import shutil
from pathlib import Path

import pygame
import pytest

import main
from game.app import stats
from game.app.settings import Settings
from game.meta.replay import load, rebuild
from scenes.app import App
from scenes.screens.question import QuestionScene
from scenes.screens.stats import StatsScene
from tests.history_shots import person_races

ROOT = Path(__file__).resolve().parent.parent
OLD_REPLAY = ROOT / "tests" / "fixtures" / "v1" / "replay.json"  # Lia (a person) against three computers
DAY = 86_400


def key(k: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


def counted(races) -> dict:
    """The figures counted directly from the engine's races (the person is racer 0 of each)."""
    seats = []
    for race in races:
        me = race.racers[0]
        place = next(p for p, racer, _ in race.standings() if racer == 0)
        seats.append(
            {
                "place": place,
                "points": me.points,
                "character": me.character,
                "board": race.board.name,
                "levels": {r.bot for r in race.racers[1:]},
                "fights": sum(e.kind == "fight_result" and e.winner == 0 for e in race.log),
                "laps": max(0, me.laps),
                "holes": sum(e.kind == "fell" and e.racer == 0 for e in race.log),
            }
        )
    streak = run = 0
    for seat in seats:
        run = run + 1 if seat["place"] == 1 else 0
        streak = max(streak, run)
    out = {
        "races": len(seats),
        "wins": sum(s["place"] == 1 for s in seats),
        "best": max(s["points"] for s in seats),
        "average": sum(s["points"] for s in seats) / len(seats),
        "streak": streak,
        "fights": sum(s["fights"] for s in seats),
        "laps": sum(s["laps"] for s in seats),
        "holes": sum(s["holes"] for s in seats),
        "places": {},
        "characters": {},
        "boards": {},
        "levels": {},
    }
    for seat in seats:
        out["places"][seat["place"]] = out["places"].get(seat["place"], 0) + 1
        for table, keys in (
            ("characters", [seat["character"]]),
            ("boards", [seat["board"]]),
            ("levels", seat["levels"]),
        ):
            for name in keys:
                races, wins, places = out[table].get(name, (0, 0, 0))
                out[table][name] = (races + 1, wins + (seat["place"] == 1), places + seat["place"])
    return out


def wilson_direct(wins: int, n: int) -> tuple[float, float]:
    """Wilson's score interval written from its textbook formula."""
    z = 1.959964
    p = wins / n
    root = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (p + z * z / (2 * n) - root) / (1 + z * z / n), (p + z * z / (2 * n) + root) / (1 + z * z / n)


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """Ten races of Zoé's kept as replays, a day apart, and the old replay of Lia's, kept before them."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    races = person_races(10, "Zoé", seed=300)
    folder = tmp_path / "data" / "fantasy-racing" / "replays"
    files = sorted(folder.glob("*.json"))
    assert len(files) == 10
    old = folder / "2026-11-01-forest.json"
    shutil.copyfile(OLD_REPLAY, old)
    os.utime(old, (1_000_000, 1_000_000))
    order = {}
    for path in files:  # the order they were kept in: the order they were played in
        order[path] = load(path).race["seed"] - 300
    for path, index in order.items():
        os.utime(path, (2_000_000 + index * DAY, 2_000_000 + index * DAY))
    return races, old


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_every_figure_of_the_statistics_screen_is_the_count_made_from_the_races(kept, monkeypatch):
    races, old = kept
    lia = rebuild(load(old))  # the old replay's race, rebuilt: Lia is its person, racer 3
    app = App(settings=Settings(language="en", player_name="Zoé", me_names="Lia, Li"))
    from scenes.core import text

    drawn: list[str] = []
    real = text.draw
    monkeypatch.setattr(
        text, "draw", lambda surface, words, *a, **k: drawn.append(words) or real(surface, words, *a, **k)
    )
    title = app.stack.push(app.stack.make("title"))
    app.step([])
    title.statistics()
    app.step([])
    scene = app.stack.top
    assert isinstance(scene, StatsScene)
    figures = scene.figures
    # Lia's race counts too: as a race of his own kept before the ten (a race from before this feature)
    lia_seat = next(s for s in figures.seats if s.path == old)
    lia_place = next(p for p, racer, _ in lia.standings() if racer == 3)
    assert (lia_seat.name, lia_seat.place, lia_seat.points) == ("Lia", lia_place, lia.racers[3].points)
    assert figures.seats[0].path == old  # (the first kept)
    expected = counted(races)
    old_only = stats.compute([lia_seat])
    assert figures.races == expected["races"] + 1 == 11
    assert figures.wins == expected["wins"] + old_only.wins
    assert figures.best_points == max(expected["best"], lia.racers[3].points)
    assert figures.average_points == pytest.approx((expected["average"] * 10 + lia.racers[3].points) / 11)
    assert figures.longest_streak == expected["streak"]  # (Lia did not win: the streaks are the ten's)
    assert old_only.wins == 0
    assert figures.fights_won == expected["fights"] + lia_seat.fights_won
    assert figures.laps == expected["laps"] + lia_seat.laps
    assert figures.holes == expected["holes"] + lia_seat.holes
    places = dict(expected["places"])
    places[lia_place] = places.get(lia_place, 0) + 1
    assert figures.places == places
    for name, (races_n, wins, place_sum) in expected["characters"].items():
        line = figures.characters[name]
        extra = lia_seat.character == name
        assert (line.races, line.wins, line.places) == (races_n + extra, wins, place_sum + extra * lia_place)
    for name, (races_n, wins, place_sum) in expected["boards"].items():
        line = figures.boards[name]
        extra = lia_seat.board == name
        assert (line.races, line.wins, line.places) == (races_n + extra, wins, place_sum + extra * lia_place)
    for level, line in figures.levels.items():
        races_n, wins, _ = expected["levels"].get(level, (0, 0, 0))
        extra = level in lia_seat.levels
        assert (line.races, line.wins) == (races_n + extra, wins)
        assert line.interval == pytest.approx(wilson_direct(line.wins, line.races))
    # ... and what the screen shows is those figures
    drawn.clear()
    app.step([])
    for figure in (figures.races, figures.wins, figures.best_points, figures.longest_streak, figures.fights_won):
        assert str(figure) in drawn
    assert f"{figures.average_points:.1f}" in drawn and str(figures.laps) in drawn and str(figures.holes) in drawn
    for count in figures.places.values():
        assert str(count) in drawn
    for level, line in figures.levels.items():
        assert any(f"{line.wins} of {line.races}" in words for words in drawn), level
    for line in figures.boards.values():
        assert f"{line.average_place:.1f}" in drawn


def test_the_names_a_player_plays_under_and_the_reset_after_a_question(kept, tmp_path):
    races, old = kept
    app = App(settings=Settings(language="en"))  # no name given: the only person of each race is the player
    scene = app.stack.push(StatsScene())
    app.step([])
    assert scene.figures.races == 11
    scene.rename("Somebody else")  # names given: only those count (the settings keep them)
    assert app.settings.me_names == "Somebody else" and scene.figures.races == 0
    scene.rename("zoé")  # (without case)
    assert scene.figures.races == 10
    scene.ask_reset()
    question = app.stack.top
    assert isinstance(question, QuestionScene)
    app.step([key(pygame.K_ESCAPE)])  # No: nothing changes
    assert app.stack.top is scene and scene.figures.races == 10 and not app.settings.stats_since
    scene.ask_reset()
    app.stack.top.on_yes()
    app.stack.pop()
    assert app.settings.stats_since and scene.figures.races == 0
    assert len(list((tmp_path / "data" / "fantasy-racing" / "replays").glob("*.json"))) == 11  # nothing deleted


def test_the_statistics_export_every_race_as_csv(kept, tmp_path, capsys):
    races, old = kept
    out = tmp_path / "mine.csv"
    assert main.main(["stats", "--csv", str(out), "--name", "Zoé"]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) == 10 and {r["name"] for r in rows} == {"Zoé"}
    assert sorted(int(r["points"]) for r in rows) == sorted(race.racers[0].points for race in races)
    capsys.readouterr()
    assert main.main(["stats", "--name", "Lia"]) == 0
    assert capsys.readouterr().out.startswith("1 race, 0 won")
    assert main.main(["stats", "--csv", str(tmp_path / "no-such-folder" / "x.csv")]) == 2
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.slow  # ten races, a championship and a replay drawn
def test_the_readme_pictures_of_the_timeline_a_kept_championship_and_the_statistics_are_drawn(tmp_path):
    from tests import history_shots

    pictures = history_shots.take(tmp_path / "shots")
    assert [p.name for p in pictures] == ["replay-timeline.png", "championship-kept.png", "statistics-fr.png"]
    for picture in pictures:
        image = pygame.image.load(str(picture))
        assert image.get_size() == (1280, 720)
        assert len({image.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}) > 50


def test_a_name_that_looks_like_a_formula_is_written_as_text():
    seat = stats.Seat(Path("r.json"), 0.0, "=cmd|'/c calc'!A0", 0, "@SUM(A1)", "elf", 1, 10, 2, ("easy",), 0, 0, 0)
    rows = list(csv.reader(io.StringIO(stats.csv_text(stats.compute([seat])))))
    assert rows[1][1] == "'=cmd|'/c calc'!A0" and rows[1][2] == "'@SUM(A1)"


def test_a_table_with_more_rows_than_room_counts_the_rest_on_its_last_line(monkeypatch):
    import pygame

    from game.app import stats as figures_of
    from scenes.core import i18n, text
    from scenes.screens.stats import StatsScene

    i18n.set_language("en")
    drawn: list[str] = []
    real = text.draw
    monkeypatch.setattr(
        text, "draw", lambda surface, words, *a, **k: drawn.append(words) or real(surface, words, *a, **k)
    )
    line = figures_of.Line(races=1, wins=0, places=2)
    rows = [(None, f"Board {n}", line) for n in range(20)]
    StatsScene.draw_table(
        object.__new__(StatsScene), pygame.Surface((1280, 720)), pygame.Rect(0, 0, 390, 326), "stats.by_board", rows
    )
    shown = [w for w in drawn if w.startswith("Board ")]
    assert 5 <= len(shown) < 20 and f"and {20 - len(shown)} more" in drawn
