"""`check-map`: boards drawn in Tiled checked as the game reads them (docs/maps.md)."""

from __future__ import annotations

import sys

from game.app import userboards
from game.boards.maps import check_map_command


def run_check_map(names: list[str]) -> int:
    """`check-map FILE...`; with no file, the player's own boards folder (made if missing)."""
    if names:
        return check_map_command(names)
    where = userboards.prepare()
    if where is None:
        print(
            "check-map: the game's per-user folder cannot be made, so there is no boards folder to check; "
            "give a board or a folder of boards",
            file=sys.stderr,
        )
        return 1
    if not userboards.board_files(where):
        print(
            f"check-map: your boards folder {where} holds no board (.tmx) yet; "
            "give a board or a folder to check another one"
        )
        return 0
    return check_map_command([str(where)])
