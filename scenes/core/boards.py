"""The boards the setup offers: the shipped maps/*.tmx and the player's own
boards folder (`game.app.userboards`), read as the game reads them.

A board is named in a race's setup by its file path; "practice" is the
small board written into the game for when no Tiled board can be read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game import Board, BoardError, load_board
from game.app import userboards
from game.boards.board import names_in
from game.boards.map_words import sentences
from game.boards.maps import BoardWatcher
from scenes.core import assets, i18n

PRACTICE = "practice"
GENTLE = "meadow.tmx"  # the shipped board a first race starts on (Meadow Dash: open, a few fences)
SHIPPED, YOURS, GIVEN = "shipped", "yours", "given"
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
    from scenes.core.i18n import t

    return Board.from_text(
        PRACTICE_TEXT,
        name=t("board.practice.name"),
        description=t("board.practice.description"),
        author="Fantasy Racing",
        turns=8,
    )


@dataclass
class BoardChoice:
    """A board the player may pick, or the reason it cannot be used."""

    ref: str
    board: Board | None
    problem: str = ""
    origin: str = SHIPPED  # SHIPPED, YOURS (the boards folder) or GIVEN (--board)


# The shipped boards, each read once and read again only when its file or a tileset it uses changes
# (a BoardWatcher each): the setup lists every board each time it opens, and a board is frozen, so one
# reading serves every race (and what the rules work out once per board, its `memo`, is kept with it).
_SHIPPED: dict[str, BoardWatcher] = {}


def load(ref: str) -> Board:
    """The board named by a setup's reference (raises BoardError with one sentence)."""
    if ref == PRACTICE or not ref:
        return practice_board()
    if Path(ref).resolve().parent != assets.maps_dir().resolve():
        return load_board(ref)
    watcher = _SHIPPED.get(ref)
    if watcher is None:
        watcher = _SHIPPED[ref] = BoardWatcher(ref)
    else:
        watcher.poll()
    if watcher.board is None or watcher.error is not None:
        return load_board(ref)  # its error, raised as the loader says it
    return watcher.board


def available(extra: str | None = None, yours: Path | None = None) -> list[BoardChoice]:
    """Every board to offer: `extra` (a file from the command line), the shipped
    boards, the player's boards (folder `yours`, by default the user folder's
    boards/), practice last. A board that cannot be read is listed with its
    problem, and never stops the list."""
    refs = [(str(p), SHIPPED) for p in sorted(assets.maps_dir().glob("*.tmx"))]
    refs += [(str(p), YOURS) for p in userboards.board_files(yours)]
    if extra and str(Path(extra).resolve()) not in {str(Path(r).resolve()) for r, _ in refs}:
        refs.insert(0, (str(extra), GIVEN))
    choices = []
    for ref, origin in refs:
        try:
            choices.append(BoardChoice(ref, load(ref), origin=origin))
        except (BoardError, OSError, ValueError) as error:
            said = getattr(error, "problem", None)  # the checker's problem, said in the player's language
            problem = said.line(sentences(i18n.language())) if said is not None else str(error)
            problem = problem.splitlines()[0] if problem else f"{ref} cannot be read"
            choices.append(BoardChoice(ref, None, problem, origin))
    choices.append(BoardChoice(PRACTICE, practice_board()))
    return choices


_NAMES: dict[str, dict[str, str]] = {}  # a language -> every known board's names -> its name in that language


def name_shown(name: str) -> str:
    """A board named by a kept race, a championship or the statistics (by the name it had when kept, in
    any language) by its name in the player's language: a shipped board's (its map's `name.fr`...), the
    practice meadow's; another board keeps the name it was kept with."""
    language = i18n.language()
    names = _NAMES.get(language)
    if names is None:
        known = []
        for path in sorted(assets.maps_dir().glob("*.tmx")):
            try:
                known.append(load(str(path)))
            except (BoardError, OSError, ValueError):
                continue  # (a board that cannot be read names nothing)
        names = names_in(language, known)
        for code in i18n.LANGUAGES:  # the practice meadow, named in the language it was raced in
            names.setdefault(str(i18n.catalogue(code)["board.practice.name"]).casefold(), i18n.t("board.practice.name"))
        _NAMES[language] = names
    return names.get(name.casefold(), name)
