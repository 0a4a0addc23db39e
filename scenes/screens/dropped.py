"""Boards dropped on the window: what was added to the player's boards folder, and what was refused.

A `.tmx` (with its tileset) or a `.zip` pack dropped on the window is added by
`game.app.addboards` (each board checked as `check-map` does); this card, over
whatever screen was open, says what happened: each board added by its name,
each refusal in its one sentence. *Race on it* (where the screen below can
offer a board: the title, a setup) opens the race setup on the first board
added; *OK* (the back action: Escape, a controller's B) closes it. The screen below is told when
the boards folder changed, so a setup lists the new boards at once.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app.addboards import Outcome
from scenes.core import assets, text, theme
from scenes.core.i18n import language, t
from scenes.core.stack import Scene
from scenes.ui.widgets import Button, FocusGroup, titled_card, veil

CARD_WIDTH, CARD_TOP, CARD_HEIGHT = 900, 110, 500  # the card's width, top and tallest height
LINE_SIZE = 17
HEAD, FOOT = 84, 100  # the card's title above the lines, its buttons below them


class DroppedScene(Scene):
    """What dropping a file on the window added and refused (see the module)."""

    opaque = False

    def __init__(self, outcome: Outcome, where: Path | None) -> None:
        super().__init__()
        self.outcome = outcome
        self.where = where
        self.group = FocusGroup()
        self.below: Scene | None = None

    def height(self) -> int:
        """The card's height: its lines', up to CARD_HEIGHT (a longer list is cut)."""
        room = CARD_WIDTH - 56
        line = assets.font(LINE_SIZE).get_linesize() + 2
        lines = sum(len(text.wrap(words, room, LINE_SIZE)) * line + 8 for words, _ in self.lines())
        return min(CARD_HEIGHT, HEAD + lines + FOOT)

    def enter(self) -> None:
        scenes = self.stack.scenes
        self.below = scenes[-2] if len(scenes) > 1 else None
        bottom = CARD_TOP + self.height() - 72
        centre = theme.SIZE[0] // 2
        ok = Button(pygame.Rect(centre + 10, bottom, 240, 52), t("dropped.ok"), self.close, size=22)
        if self.outcome.added and hasattr(self.below, "race_on"):
            race = Button(pygame.Rect(centre - 250, bottom, 240, 52), t("dropped.race_on"), self.race_on, size=22)
            self.group.set([race, ok], focus=0)
        else:
            ok.rect.centerx = centre
            self.group.set([ok], focus=0)

    def first_added(self) -> str:
        """The file of the first board added."""
        return str((self.where or Path()) / self.outcome.added[0][0])

    def close(self) -> None:
        """Back to the screen below, told that the boards folder may have changed."""
        below = self.below
        self.stack.pop()
        changed = getattr(below, "boards_changed", None)
        if self.outcome.added and changed is not None:
            changed()

    def race_on(self) -> None:
        """Close, then have the screen below offer the first board added in a race setup."""
        below, board = self.below, self.first_added()
        self.stack.pop()
        below.race_on(board)  # type: ignore[union-attr]  # (offered only when it can)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.group.handle_card(event, self.close)
        return None  # modal: nothing reaches the screen below

    def name(self, file: str, name: str) -> str:
        """A board added, named in the player's language where its map has a name in it."""
        return self.outcome.translations.get(file, {}).get(f"name.{language()}") or name

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What to say, each line with its colour: the boards added, those there already, the refusals
        (in the player's language; a board's problem in the checker's words)."""
        said = [
            (t("dropped.added", name=self.name(file, name), file=file), theme.GOOD) for file, name in self.outcome.added
        ]
        said += [(t("dropped.present", what=what), theme.MUTED) for what in self.outcome.present]
        for refused in self.outcome.refused:
            why = t(f"dropped.why.{refused.why}", **dict(refused.values))
            said.append((t("dropped.refused", what=refused.what, why=why), theme.BAD))
        if self.where is not None:
            said.append((t("dropped.folder", path=shown_path(self.where)), theme.MUTED))
        return said

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 170)
        count = len(self.outcome.added)
        title = t("dropped.title", count=count) if count else t("dropped.title_none")
        box = titled_card(surface, (CARD_WIDTH, self.height()), CARD_TOP, title, 34)
        area = pygame.Rect(box.left + 28, box.top + HEAD, box.width - 56, box.height - HEAD - FOOT + 10)
        y = area.top
        for line, colour in self.lines():
            room = pygame.Rect(area.left, y, area.width, area.bottom - y)
            if room.height < LINE_SIZE + 4:
                break
            y = text.draw_wrapped(surface, line, room, LINE_SIZE, colour) + 8
        self.group.draw(surface)


def shown_path(path: Path) -> str:
    """A folder as a person reads it: below the home folder, from "~"."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)
