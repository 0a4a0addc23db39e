"""The replay's timeline: a 15-turn race's every event placed in its game turn and racer's turn, the race
rebuilt at any of them equal field by field to the engine's own, and the replay scene's jumps and steps
showing the race exactly as it stood after the event (board, points, traps, turn, order of play)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import Race, RacerSetup, load_board
from game.app.settings import Settings
from game.bots import ai
from game.meta.replay import event_data, parse, record, start
from game.meta.timeline import MARKS, Timeline
from game.rules.state import RaceState
from scenes.app import App
from scenes.screens.replay import replay_board, replay_scene

ROOT = Path(__file__).resolve().parent.parent
BOARD = sorted((ROOT / "maps").glob("*.tmx"))[0]
TURNS = 15


def engine_state(race: Any) -> dict[str, Any]:
    """Every field of the race's state, as plain values (racers field by field)."""
    racers = []
    for r in race.racers:
        fields = {f.name: getattr(r, f.name) for f in dataclasses.fields(r)}
        fields["inventory"] = r.inventory.to_dict()
        racers.append(fields)
    return {
        "racers": racers,
        "turn": race.turn,
        "order": list(race.order),
        "current": race.current,
        "phase": race.phase,
        "taken": set(race.taken),
        "destroyed": set(race.destroyed),
        "traps": dict(race.traps),
        "choices": list(race.choices),
        "pending": race.pending,
        "over": race.over,
    }


def board_state(race: Any) -> dict[str, Any]:
    """What the board shows of a race: tokens, points, objects taken, barriers down, traps, turn, order."""
    return {
        "pos": {r.index: r.square for r in race.racers},
        "points": {r.index: r.points for r in race.racers},
        "taken": set(race.taken),
        "destroyed": set(race.destroyed),
        "traps": {sq: trap.kind for sq, trap in race.traps.items()},
        "owners": {sq: trap.owner for sq, trap in race.traps.items()},
        "turn": race.turn,
        "order": list(race.order),
        "acting": race.current,
        "phase": race.phase,
    }


def picture(playback: Any) -> dict[str, Any]:
    """The same, as the replay scene's picture shows it."""
    return {
        "pos": dict(playback.shown_pos),
        "points": dict(playback.shown_points),
        "taken": set(playback.shown_taken),
        "destroyed": set(playback.shown_destroyed),
        "traps": dict(playback.shown_traps),
        "owners": dict(playback.shown_owners),
        "turn": playback.turn_shown,
        "order": list(playback.order_shown),
        "acting": playback.acting,
        "phase": playback.phase,
    }


def shown_as(playback: Any, expected: dict[str, Any]) -> dict[str, Any]:
    """The picture, to compare with the race's board after an event (once the race is over the picture
    keeps its last acting racer where the race has none)."""
    shown = picture(playback)
    if expected["acting"] is None:
        shown["acting"] = None
    return shown


@pytest.fixture(scope="module")
def recorded() -> tuple[Any, list[dict[str, Any]]]:
    """A 15-turn race of four computer racers, and the engine's board after each of its events (read
    while the engine gave them)."""
    after: list[dict[str, Any]] = []

    def watch(race: Any) -> None:
        def emit(kind: str, *values: Any) -> Any:
            event = RaceState.emit(race, kind, *values)
            after.append(board_state(race))
            return event

        race.emit = emit

    board = load_board(BOARD)
    setups = [RacerSetup(c, bot="normal") for c in ("elf", "orc", "baby", "dwarf")]
    race = Race.new(board, setups, TURNS, seed=5, before=watch)
    rng = random.Random(5)
    while not race.over:
        race.choose(ai.pick(race, race.pending, "normal", rng))
    assert len(after) == len(race.log)
    return parse(record(race)), after


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_every_event_has_its_game_turn_and_its_racer(recorded):
    replay, after = recorded
    timeline = Timeline(replay)
    assert timeline.problem is None and timeline.made == len(replay.choices)
    assert event_data(timeline.events) == replay.events
    starts = [m for m in timeline.moments if m.kind == "turn_started"]
    assert [m.turn for m in starts] == list(range(1, TURNS + 1))
    for moment in timeline.moments:
        assert moment.turn == after[moment.index]["turn"]
        if moment.kind in ("racer_turn", "phase", "turn_ended"):  # (a roll may be a defender's)
            assert moment.racer == timeline.events[moment.index].racer
    kinds = {m.mark for m in timeline.marks()}
    assert "turn" in kinds and kinds <= set(MARKS.values())


def test_the_race_at_any_choice_is_the_engines_race_field_by_field(recorded):
    replay, _ = recorded
    timeline = Timeline(replay)
    for made in (0, 1, 17, timeline.made // 2, timeline.made - 1, timeline.made):
        rebuilt = timeline.race_at(made)
        fresh = Race.from_dict({**replay.race, "choices": replay.choices[:made]})
        assert engine_state(rebuilt) == engine_state(fresh), made
    with pytest.raises(ValueError):
        timeline.race_at(timeline.made + 1)


def test_steps_go_by_one_event_one_racers_turn_one_game_turn(recorded):
    replay, _ = recorded
    timeline = Timeline(replay)
    seventh = timeline.turn_index(7)
    assert timeline.events[seventh].kind == "turn_started" and timeline.events[seventh].turn == 7
    assert timeline.step(seventh, "turn", 1) == timeline.turn_index(8)
    assert timeline.step(seventh, "turn", -1) == timeline.turn_index(6)
    later = timeline.step(seventh, "racer", 1)
    assert timeline.events[later].kind == "racer_turn" and timeline.moments[later].turn == 7
    assert timeline.step(later, "racer", -1) < seventh
    assert timeline.step(seventh, "event", -1) == seventh - 1
    assert timeline.step(0, "event", -1) == 0
    assert timeline.step(len(timeline.events) - 1, "event", 1) == len(timeline.events) - 1


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


@pytest.mark.slow
def test_the_replay_jumps_to_each_turn_and_shows_the_race_as_it_stood(recorded, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    replay, after = recorded
    app = App(settings=Settings(animation_speed=4.0))
    scene = app.stack.push(replay_scene(replay, start(replay, replay_board(replay))))
    app.step([], 1 / 20)
    player = scene.guide
    timeline = player.timeline
    for turn in range(1, TURNS + 1):
        # the last event of game turn N: the one before the next turn's start (or the end of the race)
        last = (timeline.turn_index(turn + 1) if turn < TURNS else len(timeline.events)) - 1
        player.jump(last)
        app.step([], 1 / 20)
        assert player.position == last and player.is_paused
        assert shown_as(scene.playback, after[last]) == after[last], turn
        made = timeline.moments[last].made
        fresh = Race.from_dict({**replay.race, "choices": replay.choices[:made]})  # the engine's own, anew
        assert engine_state(scene.race) == engine_state(fresh)
        assert event_data(timeline.events[: last + 1]) == replay.events[: last + 1]
    # any event at all, not only a turn's end
    for index in random.Random(3).sample(range(len(timeline.events)), 40):
        player.jump(index)
        assert shown_as(scene.playback, after[index]) == after[index], (index, timeline.events[index])


@pytest.mark.slow
def test_stepping_back_and_forward_comes_back_to_the_same_race(recorded, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    replay, after = recorded
    app = App(settings=Settings(animation_speed=4.0))
    scene = app.stack.push(replay_scene(replay, start(replay, replay_board(replay))))
    app.step([], 1 / 20)
    player = scene.guide
    here = player.timeline.turn_index(7) + 25
    player.jump(here)
    seen = (picture(scene.playback), engine_state(scene.race), player.position)
    for back, forth in (
        (pygame.K_LEFT, pygame.K_RIGHT),
        (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET),
        (pygame.K_PAGEUP, pygame.K_PAGEDOWN),
    ):
        app.step([key(back)], 1 / 20)
        assert player.position < here
        if forth == pygame.K_RIGHT:  # one event forward, with its animation played to its end
            app.step([key(forth)], 1 / 20)
            for _ in range(200):
                if scene.playback.anim is None:
                    break
                app.step([], 1 / 20)
        else:  # a racer's turn, a game turn forward: to the next one's start, then back to here
            app.step([key(forth)], 1 / 20)
            assert player.position > here
            player.jump(here)
        assert (picture(scene.playback), engine_state(scene.race), player.position) == seen
    assert shown_as(scene.playback, after[here]) == after[here]
    # a click on the bar jumps there; Home and End to the start and the end
    bar = player.bar
    app.step([key(pygame.K_END)], 1 / 20)
    assert player.position == len(player.timeline.events) - 1 and scene.race.over
    app.step([key(pygame.K_HOME)], 1 / 20)
    assert player.position == 0
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(bar.x_of(here), bar.track.centery))
    app.step([click], 1 / 20)
    assert abs(player.position - here) <= 2
    # the buttons at the bar's right end step as the keys do: a game turn, a racer's turn, an event
    player.jump(here)
    for rect, how, way, _ in bar.steps:
        expected = player.timeline.step(here, how, way)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)], 1 / 20)
        assert player.position == expected, (how, way)
        player.jump(here)
    assert [(how, way) for _, how, way, _ in bar.steps] == [
        ("turn", -1),
        ("racer", -1),
        ("event", -1),
        ("event", 1),
        ("racer", 1),
        ("turn", 1),
    ]
