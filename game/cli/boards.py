"""`check-map`: boards drawn in Tiled checked as the game reads them (docs/maps.md); `add-board`: boards and
packs of boards added to the player's boards folder."""

from __future__ import annotations

import json
import sys

from game.app import addboards, userboards
from game.boards.maps import check_map_command, problems_json


def run_check_map(names: list[str], form: str = "text") -> int:
    """`check-map FILE...` (`form`: "text" or "json"); with no file, the player's own boards folder
    (made if missing)."""
    if names:
        return check_map_command(names, form=form)
    where = userboards.prepare()
    if where is None:
        print(
            "check-map: the game's per-user folder cannot be made, so there is no boards folder to check; "
            "give a board or a folder of boards",
            file=sys.stderr,
        )
        return 1
    if not userboards.board_files(where):
        if form == "json":  # a tool reading the JSON gets JSON: no board, nothing wrong
            print(json.dumps(problems_json([], f"your boards folder {where} holds no board (.tmx) yet")))
            return 0
        print(
            f"check-map: your boards folder {where} holds no board (.tmx) yet; "
            "give a board or a folder to check another one"
        )
        return 0
    return check_map_command([str(where)], form=form)


def run_add_board(names: list[str]) -> int:
    """`add-board FILE...`: each board or pack added to the player's boards folder; exit 1 when anything
    was refused (what passed is added all the same)."""
    where = userboards.prepare()
    if where is None:
        print("add-board: the game's per-user folder cannot be made, so there is no boards folder", file=sys.stderr)
        return 1
    refused = False
    for name in names:
        outcome = addboards.add_boards(name, where)
        for line in outcome.lines():
            print(line)
        refused = refused or bool(outcome.refused)
    print(f"your boards folder: {where}")
    return 1 if refused else 0
