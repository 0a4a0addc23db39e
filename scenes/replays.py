"""The races kept to watch again (the title's *Replays*): every finished race's replay and the races of
the finished championships, the newest first, each with its board, its date, its racers and its winner.

Enter (or a click on the row) plays it back in the replay scene (Escape there comes back here); its
*Delete* button (Right then Enter, the Delete key, a click) asks first, naming the race, and deletes it
only on Yes (through the game session, the one owner of the player's files). Escape (or *Back*) goes
back to the title. A file that cannot be read is listed with why, so that it may be deleted.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.app import session
from scenes import audio
from scenes.backdrop import backdrop
from scenes.games import when
from scenes.i18n import character as character_name
from scenes.i18n import t
from scenes.render import sprites
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import Button, FocusGroup, Widget, fit, panel, veil

LIST = pygame.Rect(40, 104, 1200, 520)  # where the rows go
ROW_H, GAP = 96, 10
SHOWN = (LIST.height + GAP) // (ROW_H + GAP)  # rows on screen at once (the list scrolls for more)
DELETE_W = 150


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
    heading = kept.board or kept.path.name
    return t("replays.line", heading=heading, kind=kind_words(kept), when=when(kept.saved))


# ---------------------------------------------------------------- a row
class KeptRow(Widget):
    """A kept race of the list: played back by Enter or a click; its *Delete* button (Right, then Enter,
    or a click on it, or the Delete key) asks first."""

    def __init__(self, rect, kept: session.Kept, play: Callable[[], None], delete: Callable[[], None]) -> None:
        super().__init__(rect)
        self.kept = kept
        self.play, self.delete = play, delete
        self.part = 0  # 0: the row (play it back), 1: its Delete button

    @property
    def delete_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - DELETE_W - 16, self.rect.centery - 22, DELETE_W, 44)

    def activate(self) -> bool:
        audio.play("click")
        (self.delete if self.part else self.play)()
        return True

    def adjust(self, step: int) -> bool:
        self.part = 1 if step > 0 else 0
        return True

    def click(self, pos) -> bool:
        self.part = 1 if self.delete_rect.collidepoint(pos) else 0
        return self.activate()

    def key(self, event) -> bool:
        if event.key == pygame.K_DELETE:
            self.part = 1
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not focused:
            self.part = 0
        kept, box = self.kept, self.rect
        on_row = focused and self.part == 0
        panel(
            surface,
            box,
            theme.PANEL_LIGHT if on_row or self.hovered else theme.PANEL,
            theme.FOCUS if on_row else theme.PANEL_EDGE,
            radius=10,
            width=3 if on_row else 1,
        )
        left, x = box.left + 20, box.left + 440
        text.draw(
            surface, fit(kind_words(kept).upper(), 400, 14, "bold"), (left, box.top + 10), 14, theme.ACCENT, "bold"
        )
        heading = fit(kept.board or kept.path.name, 400, 26, "heading")
        text.draw(surface, heading, (left, box.top + 28), 26, theme.TEXT, "heading")
        said = fit(outcome(kept), (x - 20 - left) if not kept.problem else box.right - DELETE_W - 40 - left, 18)
        text.draw(surface, said, (left, box.top + 64), 18, theme.BAD if kept.problem else theme.GOOD)
        if not kept.problem:
            for index, racer in enumerate(kept.racers[:6]):
                token = sprites.token(racer["character"], theme.racer_colour(index), 34, index + 1)
                surface.blit(token, token.get_rect(center=(x + 18 + index * 38, box.top + 32)))
            names = ", ".join(racer_name(r) for r in kept.racers)
            text.draw(surface, fit(names, box.right - DELETE_W - 60 - x, 16), (x, box.top + 62), 16, theme.TEXT)
        text.draw(
            surface, when(kept.saved), (box.right - DELETE_W - 40, box.top + 14), 16, theme.MUTED, anchor="topright"
        )
        button = self.delete_rect
        on = focused and self.part == 1
        panel(
            surface,
            button,
            (90, 36, 40) if on else (56, 34, 44),
            theme.FOCUS if on else theme.BAD,
            radius=8,
            width=3 if on else 1,
        )
        text.draw(
            surface,
            fit(t("games.delete"), DELETE_W - 12, 18, "bold"),
            button.center,
            18,
            theme.TEXT,
            "bold",
            anchor="center",
        )


# ---------------------------------------------------------------- the screen
class ReplaysScene(Scene):
    """The list of the kept races (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.message = ""
        self.kept: list[session.Kept] = []
        self.rows: list[KeptRow] = []
        self.group = FocusGroup()
        self.first = 0  # the first row on screen

    def enter(self) -> None:
        audio.music("menu")
        self.refresh(0)

    def resume(self) -> None:
        """Back from a replay or the question (Yes deleted the race, No kept it): the list read again."""
        audio.music("menu")
        self.refresh(self.group.focus)

    def refresh(self, focus: int) -> None:
        """Read the kept races again and lay the rows out, the focus on row `focus`."""
        self.kept = session.kept_races()
        self.rows = [
            KeptRow(
                pygame.Rect(LIST.left, 0, LIST.width, ROW_H), kept, partial(self.open, kept), partial(self.ask, kept)
            )
            for kept in self.kept
        ]
        self.back_button = Button((40, 648, 220, 50), t("common.back"), self.back, size=22)
        self.group.set([*self.rows, self.back_button], focus=min(focus, max(0, len(self.rows) - 1)))
        self.place()

    def place(self) -> None:
        """Scroll so that the focused row is on screen; every row where it is drawn (off screen: away)."""
        focus = self.group.focus
        if focus < len(self.rows):
            self.first = min(max(self.first, focus - SHOWN + 1), focus)
        self.first = max(0, min(self.first, len(self.rows) - SHOWN))
        for index, row in enumerate(self.rows):
            shown = self.first <= index < self.first + SHOWN
            row.rect.top = LIST.top + (index - self.first) * (ROW_H + GAP) if shown else -1000

    def open(self, kept: session.Kept) -> None:
        """Play the kept race back (Escape there comes back to the list)."""
        replay, problem = session.open_kept(kept)
        if replay is None:
            self.message = problem
            return
        try:
            scene = self.stack.make("replay", replay)
        except ValueError as error:  # (game.replay.ReplayError: a race that does not replay)
            self.message = str(error)
            return
        self.message = ""
        self.stack.push(scene)

    def ask(self, kept: session.Kept) -> None:
        """Delete a kept race: only once the question naming it is answered Yes."""
        detail = fit(describe(kept), 520, 18)  # (the question's card)
        self.stack.push(
            self.stack.make(
                "question",
                t("replays.delete_question"),
                partial(self.delete, kept),
                yes=t("games.delete_yes"),
                detail=detail,
            )
        )

    def delete(self, kept: session.Kept) -> None:
        """The question was answered Yes: the race goes, and the list is read again."""
        if not session.delete_kept(kept):
            self.message = t("replays.not_deleted", file=kept.path.name)
        self.refresh(self.group.focus)

    def back(self) -> None:
        """Back to the title."""
        self.stack.pop()

    def handle_event(self, event: Any) -> Any:
        if self.group.handle_event(event):
            self.place()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.first -= event.y
            self.place()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 190)
        text.draw(surface, t("replays.title"), (40, 18), 44, theme.ACCENT, "title")
        text.draw(surface, fit(t("replays.help", count=len(self.kept)), 1196, 18), (44, 74), 18, theme.MUTED)
        if not self.kept:
            area = pygame.Rect(LIST.left + 200, 280, LIST.width - 400, 120)
            text.draw_wrapped(surface, t("replays.none"), area, 22, theme.TEXT)
        clip = surface.get_clip()
        surface.set_clip(LIST.inflate(8, 8))
        self.group.draw(surface)
        surface.set_clip(clip)
        self.back_button.draw(surface, self.group.focused is self.back_button)
        if self.first > 0:
            words = t("games.more_above", count=self.first)
            text.draw(surface, words, (LIST.right, LIST.top - 6), 15, theme.MUTED, anchor="bottomright")
        below = len(self.rows) - self.first - SHOWN
        if below > 0:
            words = t("games.more_below", count=below)
            text.draw(surface, words, (LIST.right, LIST.bottom + 4), 15, theme.MUTED, anchor="topright")
        if self.message:
            text.draw_wrapped(surface, self.message, pygame.Rect(290, 640, 950, 70), 16, theme.BAD)
        else:
            text.draw(surface, fit(t("replays.keys"), 950, 16), (290, 673), 16, theme.MUTED, anchor="midleft")
