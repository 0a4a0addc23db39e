"""The games in progress: every unfinished race and championship, as Board Game Arena keeps your tables.

Each row shows what the game is (a race, a championship and its race, a network race the player
hosted, a race kept after the host left), its board, its turn, its racers and when it was saved;
the most recent first, focused. Enter (or a click on the row) resumes it; its *Delete* button (Right
then Enter, the Delete key, a click) asks first, naming the game, and deletes it only on Yes.
Escape (or *Back*) goes back to the title. The words that describe a game are here too: the title
screen names the latest one with them.
"""

from __future__ import annotations

import datetime
import time
from typing import Any

from game.app import session
from scenes.core import i18n, theme
from scenes.core.i18n import character as character_name
from scenes.core.i18n import t
from scenes.screens.kinds import Network
from scenes.screens.listing import ListScene, Shown


# ---------------------------------------------------------------- words
def when(saved: float, now: float | None = None) -> str:
    """When a game was saved: "today 14:22", "yesterday 09:05", or its date and time."""
    moment = datetime.datetime.fromtimestamp(saved)
    today = datetime.datetime.fromtimestamp(time.time() if now is None else now).date()
    clock = moment.strftime("%H:%M")
    if moment.date() == today:
        return t("games.today", time=clock)
    if moment.date() == today - datetime.timedelta(days=1):
        return t("games.yesterday", time=clock)
    return t("games.on_day", year=moment.year, month=f"{moment.month:02d}", day=f"{moment.day:02d}", time=clock)


def racer_names(summary: dict[str, Any]) -> str:
    """The racers' names, a character's own for a racer without one."""
    return ", ".join(r.get("name") or character_name(r["character"]) for r in summary["racers"])


def kind_words(game: session.Game) -> str:
    """What the game is: a race, a championship, a network race hosted here, a race kept from a friend's."""
    summary = game.summary
    if game.kind == "season":
        return t("games.kind_season")
    network: Network = summary.get("network") or ""
    if network == "host":
        return t("games.kind_host", code=summary["code"]) if summary.get("code") else t("games.kind_host_plain")
    if network == "friend":
        return t("games.kind_kept")
    return t("games.kind_race")


def board_words(summary: dict[str, Any]) -> str:
    """The summary's board by its name in the player's language (the map's own, in English, when the
    board gives none there, or the file was saved before summaries named it in other languages)."""
    return str(summary.get("board_names", {}).get(i18n.language()) or summary["board"])


def heading(game: session.Game) -> str:
    """The game's name: its board, or its championship's."""
    summary = game.summary
    return str(summary["name"] if game.kind == "season" else board_words(summary))


def progress(game: session.Game) -> str:
    """Where the game is: "Turn 6 of 8"; a championship's race, turn and board, or its next race."""
    summary = game.summary
    if game.kind == "season":
        number, total = summary["race_number"], summary["races"]
        if summary["turn"] <= 0:
            return t("games.season_next", number=number, total=total)
        turn, turns = summary["turn"], summary["turns"]
        return t("games.season_race", number=number, total=total, turn=turn, turns=turns, board=board_words(summary))
    return t("games.turn", turn=summary["turn"], turns=summary["turns"])


def describe(game: session.Game) -> str:
    """The game in one line (the title screen's, the delete question's)."""
    return t("games.line", heading=heading(game), progress=progress(game), when=when(game.saved))


# ---------------------------------------------------------------- the screen
class GamesScene(ListScene):
    """The list of the games in progress (see the module)."""

    WORDS = "games"

    @property
    def games(self) -> list[session.Game]:
        return self.items

    def read(self) -> list[session.Game]:
        games, problem = session.games()
        if problem:
            self.message = problem
        return games

    def open(self, game: session.Game) -> None:
        """Resume a game: its race, or its championship's table between two races."""
        playing, season, problem = session.resume_game(game)
        if playing is not None and playing.setup.get("network") == "host" and playing.setup.get("seats"):
            self.stack.replace(self.stack.make("host", playing.setup, reopen=playing))  # its room opens again
        elif playing is not None:
            self.stack.replace(self.stack.make("race", playing.race, session=playing))
        elif season is not None:
            self.stack.replace(self.stack.make("season_table", season))
        else:
            self.message = problem
            self.refresh(self.group.focus)

    def shown(self, game: session.Game) -> Shown:
        summary = game.summary
        return Shown(
            kind_words(game),
            heading(game),
            progress(game),
            theme.MUTED,
            when(game.saved),
            summary["racers"],
            racer_names(summary),
        )

    def describe(self, game: session.Game) -> str:
        return describe(game)

    def ask(self, game: session.Game) -> None:
        """Delete a game: a read-only window says at once that it deletes nothing; else the question."""
        if session.read_only():
            self.message = t("games.read_only_delete", file=game.path.name)
            return
        super().ask(game)

    def remove(self, game: session.Game) -> None:
        if not session.delete_game(game):
            self.message = t("games.not_deleted", file=game.path.name)
