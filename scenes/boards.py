"""The boards the setup offers: the shipped maps/*.tmx, read as the game reads them.

A board is named in a race's setup by its file path; "practice" is the
small board written into the game for when no Tiled board can be read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from game import Board, BoardError, load_board
from scenes import assets

PRACTICE = "practice"
PRACTICE_TEXT = """
..1.2.3.4.5.6...
..........$.....
...#....%.......
.....C......R...
..O........)....
...##..S........
.......$....O...
...R.......C....
..%......#......
......)...R.....
..........S.....
.....O..........
..C.......#.....
.......%........
....$......R....
...........O....
..#.....C.......
.......)........
"""


def practice_board() -> Board:
    """The practice meadow: a small board that is always there."""
    from scenes.i18n import t
    return Board.from_text(PRACTICE_TEXT, name=t("board.practice.name"),
                           description=t("board.practice.description"), author="Fantasy Racing",
                           turns=8)


@dataclass
class BoardChoice:
    """A board the player may pick, or the reason it cannot be used."""

    ref: str
    board: Optional[Board]
    problem: str = ""


def load(ref: str) -> Board:
    """The board named by a setup's reference (raises BoardError with one sentence)."""
    if ref == PRACTICE or not ref:
        return practice_board()
    return load_board(ref)


def available(extra: Optional[str] = None) -> list[BoardChoice]:
    """Every shipped board (and `extra`, a file from the command line), practice last."""
    refs = sorted(str(p) for p in assets.maps_dir().glob("*.tmx"))
    if extra and str(Path(extra).resolve()) not in {str(Path(r).resolve()) for r in refs}:
        refs.insert(0, str(extra))
    choices = []
    for ref in refs:
        try:
            choices.append(BoardChoice(ref, load(ref)))
        except (BoardError, OSError, ValueError) as error:
            choices.append(BoardChoice(ref, None, str(error).splitlines()[0] if str(error) else "unreadable"))
    choices.append(BoardChoice(PRACTICE, practice_board()))
    return choices
