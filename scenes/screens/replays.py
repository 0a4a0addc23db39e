"""The races kept to watch again (the title's *Replays*): every finished race's replay and the races of
the finished championships, the newest first, each with its board, its date, its racers and its winner.

Enter (or a click on the row) plays it back in the replay scene (Escape there comes back here); its
*Delete* button (Right then Enter, the Delete key, a click) asks first, naming the race, and deletes it
only on Yes (through the game session, the one owner of the player's files). Escape (or *Back*) goes
back to the title. A file that cannot be read is listed with why, so that it may be deleted.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app import session
from game.app.controls import Action
from scenes.core import boards, controls, theme
from scenes.core.i18n import character as character_name
from scenes.core.i18n import t
from scenes.screens.games import when
from scenes.screens.listing import ListScene, Shown
from scenes.ui.widgets import Button


# ---------------------------------------------------------------- words
def racer_name(racer: dict[str, Any]) -> str:
    """A racer's name, his character's for one without."""
    return str(racer.get("name") or character_name(racer["character"]))


def kind_words(kept: session.Kept) -> str:
    """What the race was: a race, or the race N of a championship."""
    if kept.kind == "season":
        return t("replays.kind_season", name=kept.season, number=kept.number)
    return t("replays.kind_race")


def outcome(kept: session.Kept) -> str:
    """Who won ("Winner: Zoé"), or that the race was kept before its end, or why it cannot be read."""
    if kept.problem:
        return t("replays.unreadable", problem=kept.problem)
    names = [racer_name(kept.racers[i]) for i in kept.winners]
    if not names:
        return t("replays.unfinished")
    return t("replays.winner", count=len(names), names=", ".join(names), points=kept.points)


def describe(kept: session.Kept) -> str:
    """The kept race in one line (the delete question's)."""
    heading = boards.name_shown(kept.board) if kept.board else kept.path.name
    return t("replays.line", heading=heading, kind=kind_words(kept), when=when(kept.saved))


# ---------------------------------------------------------------- the screen
class ReplaysScene(ListScene):
    """The list of the kept races (see the module)."""

    WORDS = "replays"

    @property
    def kept(self) -> list[session.Kept]:
        return self.items

    def read(self) -> list[session.Kept]:
        return session.kept_races()

    def open(self, kept: session.Kept) -> None:
        """Play the kept race back (Escape there comes back to the list)."""
        replay = self.opened(session.open_kept(kept))
        if replay is None:
            return
        try:
            scene = self.stack.make("replay", replay)
        except ValueError as error:  # (game.meta.replay.ReplayError: a race that does not replay)
            self.message = str(error)
            return
        self.stack.push(scene)

    def shown(self, kept: session.Kept) -> Shown:
        heading = boards.name_shown(kept.board) or kept.path.name
        if kept.problem:
            return Shown(kind_words(kept), heading, outcome(kept), theme.BAD, when(kept.saved))
        names = ", ".join(racer_name(r) for r in kept.racers)
        return Shown(kind_words(kept), heading, outcome(kept), theme.GOOD, when(kept.saved), kept.racers, names)

    def describe(self, kept: session.Kept) -> str:
        return describe(kept)

    def remove(self, kept: session.Kept) -> None:
        if not session.delete_kept(kept):
            self.message = t("replays.not_deleted", file=kept.path.name)

    def back(self) -> None:
        """Back to the title (under this list)."""
        self.stack.pop()

    def more_buttons(self) -> list[Button]:
        """*Championships*: the finished championships kept, their tables and podiums (C too)."""
        return [Button((1000, 648, 240, 50), t("championships.button"), self.championships, size=20)]

    def championships(self) -> None:
        self.stack.push(self.stack.make("championships"))

    def handle_event(self, event: pygame.event.Event) -> Any:
        if controls.pressed(event, Action.CHAMPIONSHIPS):
            self.championships()
            return None
        return super().handle_event(event)
