"""`check-map`: boards drawn in Tiled checked as the game reads them (docs/maps.md)."""

from __future__ import annotations

import json
import sys

from game.app import userboards
from game.maps import check_map_command, problems_json


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
