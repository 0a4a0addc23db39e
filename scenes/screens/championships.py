"""The finished championships kept (from the *Replays* list's *Championships* button): one row each, the
newest first, with its racers and its champion. Enter (or a click) opens its final table again, from
which its podium shows again and each of its races plays back; its *Delete* button asks first, naming
it, and deletes its races and its table only on Yes. Escape (or *Back*) goes back to the replays.
"""

from __future__ import annotations

from game.app import session
from scenes.core import theme
from scenes.core.i18n import t
from scenes.screens.games import when
from scenes.screens.listing import ListScene, Shown
from scenes.screens.replays import racer_name


def champions(championship: session.KeptChampionship) -> str:
    """Who won the championship (its table's first place), or why it cannot be read."""
    if championship.problem:
        return t("replays.unreadable", problem=championship.problem)
    names = championship.champions
    return t("championships.line", count=len(names), names=", ".join(names)) if names else ""


class ChampionshipsScene(ListScene):
    """The list of the kept championships (see the module)."""

    WORDS = "championships"

    def read(self) -> list[session.KeptChampionship]:
        return session.kept_championships()

    def open(self, championship: session.KeptChampionship) -> None:
        """Its final table again (Escape there comes back here)."""
        season = self.opened(session.open_championship(championship))
        if season is not None:
            self.stack.push(self.stack.make("season_table", season, kept=True))

    def shown(self, championship: session.KeptChampionship) -> Shown:
        saved = when(championship.saved)
        kind = t("championships.kind", count=len(championship.races))
        if championship.problem:
            return Shown(kind, championship.name, champions(championship), theme.BAD, saved)
        racers = championship.races[0].racers
        names = ", ".join(racer_name(r) for r in racers)
        return Shown(kind, championship.name, champions(championship), theme.GOOD, saved, racers, names)

    def describe(self, championship: session.KeptChampionship) -> str:
        return f"{championship.name} · {when(championship.saved)}"

    def remove(self, championship: session.KeptChampionship) -> None:
        if not session.delete_championship(championship):
            self.message = t("replays.not_deleted", file=championship.folder.name)

    def back(self) -> None:
        """Back to the replays (under this list)."""
        self.stack.pop()
