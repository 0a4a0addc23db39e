"""A finished championship kept in the player's folder (`seasons/<date>-<name>/`: race-1.json, ... and
table.json, game/app/userdata.keep_season) rebuilt whole from its races' replays, to show its final
table, its chart and its podium again.

A championship is rebuilt from its races alone (each a replay file, read with its bounds and checked by
game/meta/replay.py): its standings, season points and highlights are worked out again as the season did when
each race ended, so a championship kept before the list of championships existed opens as well. The
list itself is `game.app.kept.list_championships`; the session opens and deletes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.meta.replay import ReplayError, load, rebuild
from game.meta.replay import data as replay_data
from game.meta.season import RaceResult, Season, SeasonError, highlights, place_points


def rebuild_season(name: str, races: Sequence[Path]) -> Season:
    """The finished championship `name` rebuilt from its races' replays (in order): its table, chart and
    highlights as they were at its end. Raises SeasonError with one sentence naming the file."""
    if not races:
        raise SeasonError(f"the championship {name!r} holds no race")
    results: list[RaceResult] = []
    racers = None
    turns = None
    for path in races:
        try:
            race = rebuild(load(path))
        except ReplayError as error:
            raise SeasonError(str(error)) from None
        if not race.over:
            raise SeasonError(f"{path} is not a finished race")
        if racers is None:
            racers, turns = list(race.setups), race.turns
        elif list(race.setups) != racers:
            raise SeasonError(f"{path} has other racers than the championship's first race")
        standings = race.standings()
        results.append(
            RaceResult(
                race.board.name, standings, place_points(standings, race.rules), highlights(race), replay_data(race)
            )
        )
    assert racers is not None  # (a championship without races has a problem)
    boards = [result.board for result in results]
    return Season(name, racers, boards, turns, 0, results)
