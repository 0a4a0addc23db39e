"""A player's folder with many games in progress (the title's start with 100, 1,000, 4,000 of them):
shared by tests/test_guarded_files.py and benchmarks/games_list.py."""

from __future__ import annotations

import shutil
from pathlib import Path

from game import Race, RacerSetup, load_board

ROOT = Path(__file__).resolve().parent.parent


def fill(data_home: Path, count: int) -> Path:
    """`count` races in progress in the player's folder under `data_home` (XDG_DATA_HOME must name it):
    one race saved by the game, copied under as many names, each with a leftover of a killed write."""
    from game.app import session

    board = load_board(ROOT / "maps" / "meadow.tmx")
    racers = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="easy")]
    first = session.new_race(Race.new(board, racers, turns=6, seed=1), {"board": "meadow"})
    first.save()
    session.FOLDER.flush()
    games = first.path.parent
    for n in range(1, count):
        copy = games / f"race-20260101-{n:06d}.json"
        shutil.copyfile(first.path, copy)
        if n % 10 == 0:
            (games / f".{copy.name}.x{n}.tmp").write_text("{")
    return games
