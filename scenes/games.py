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
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.app import session
from scenes import audio
from scenes.backdrop import backdrop
from scenes.i18n import character as character_name
from scenes.i18n import t
from scenes.render import sprites
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import Button, FocusGroup, Widget, panel, veil

LIST = pygame.Rect(40, 104, 1200, 520)  # where the rows go
ROW_H, GAP = 96, 10
SHOWN = (LIST.height + GAP) // (ROW_H + GAP)  # rows on screen at once (the list scrolls for more)
DELETE_W = 150


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
    network = summary.get("network")
    if network == "host":
        return t("games.kind_host", code=summary["code"]) if summary.get("code") else t("games.kind_host_plain")
    if network == "friend":
        return t("games.kind_kept")
    return t("games.kind_race")


def heading(game: session.Game) -> str:
    """The game's name: its board, or its championship's."""
    summary = game.summary
    return str(summary["name"] if game.kind == "season" else summary["board"])


def progress(game: session.Game) -> str:
    """Where the game is: "Turn 6 of 8"; a championship's race, turn and board, or its next race."""
    summary = game.summary
    if game.kind == "season":
        number, total = summary["race_number"], summary["races"]
        if summary["turn"] <= 0:
            return t("games.season_next", number=number, total=total)
        turn, turns = summary["turn"], summary["turns"]
        return t("games.season_race", number=number, total=total, turn=turn, turns=turns, board=summary["board"])
    return t("games.turn", turn=summary["turn"], turns=summary["turns"])


def fit(words: str, room: int, size: int, kind: str = "body") -> str:
    """`words` cut short with "…" to fit `room` pixels."""
    while len(words) > 3 and text.width(words, size, kind) > room:
        words = words[:-2] + "…"
    return words


def describe(game: session.Game) -> str:
    """The game in one line (the title screen's, the delete question's)."""
    return t("games.line", heading=heading(game), progress=progress(game), when=when(game.saved))


# ---------------------------------------------------------------- a row
class GameRow(Widget):
    """A game of the list: resumed by Enter or a click; its *Delete* button (Right, then Enter, or a
    click on it, or the Delete key) asks first."""

    def __init__(self, rect, game: session.Game, resume: Callable[[], None], delete: Callable[[], None]) -> None:
        super().__init__(rect)
        self.game = game
        self.resume, self.delete = resume, delete
        self.part = 0  # 0: the row (resume), 1: its Delete button

    @property
    def delete_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - DELETE_W - 16, self.rect.centery - 22, DELETE_W, 44)

    def activate(self) -> bool:
        audio.play("click")
        (self.delete if self.part else self.resume)()
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
        game, summary, box = self.game, self.game.summary, self.rect
        lit = (focused and self.part == 0) or self.hovered
        panel(
            surface,
            box,
            theme.PANEL_LIGHT if lit else theme.PANEL,
            theme.FOCUS if focused and self.part == 0 else theme.PANEL_EDGE,
            radius=10,
            width=3 if focused and self.part == 0 else 1,
        )
        left = box.left + 20
        text.draw(surface, kind_words(game).upper(), (left, box.top + 10), 14, theme.ACCENT, "bold")
        text.draw(surface, fit(heading(game), 380, 26, "heading"), (left, box.top + 28), 26, theme.TEXT, "heading")
        text.draw(surface, progress(game), (left, box.top + 64), 18, theme.MUTED)
        x = left + 420
        for index, racer in enumerate(summary["racers"][:6]):
            token = sprites.token(racer["character"], theme.racer_colour(index), 34, index + 1)
            surface.blit(token, token.get_rect(center=(x + 18 + index * 38, box.top + 32)))
        names = fit(racer_names(summary), box.right - DELETE_W - 60 - x, 16)
        text.draw(surface, names, (x, box.top + 62), 16, theme.TEXT)
        text.draw(
            surface, when(game.saved), (box.right - DELETE_W - 40, box.top + 14), 16, theme.MUTED, anchor="topright"
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
        text.draw(surface, t("games.delete"), button.center, 18, theme.TEXT, "bold", anchor="center")


# ---------------------------------------------------------------- the screen
class GamesScene(Scene):
    """The list of the games in progress (see the module)."""

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self.message = message
        self.games: list[session.Game] = []
        self.rows: list[GameRow] = []
        self.group = FocusGroup()
        self.first = 0  # the first row on screen

    def enter(self) -> None:
        audio.music("menu")
        self.refresh(0)

    def resume(self) -> None:
        """Back from the question (Yes deleted the game, No kept it): the list read again."""
        self.refresh(self.group.focus)

    def refresh(self, focus: int) -> None:
        """Read the games in progress again and lay the rows out, the focus on row `focus`."""
        self.games, problem = session.games()
        if problem:
            self.message = problem
        self.rows = [
            GameRow(
                pygame.Rect(LIST.left, 0, LIST.width, ROW_H), game, partial(self.open, game), partial(self.ask, game)
            )
            for game in self.games
        ]
        self.back_button = Button((40, 648, 220, 50), t("common.back"), self.title, size=22)
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

    def ask(self, game: session.Game) -> None:
        """Delete a game: only once the question naming it is answered Yes."""
        question = t("games.delete_question")
        detail = fit(describe(game), 520, 18)  # (the question's card)
        self.stack.push(
            self.stack.make("question", question, partial(self.delete, game), yes=t("games.delete_yes"), detail=detail)
        )

    def delete(self, game: session.Game) -> None:
        """The question was answered Yes: the game goes, and the list is read again."""
        session.delete_game(game)
        self.refresh(self.group.focus)

    def handle_event(self, event: Any) -> Any:
        if self.group.handle_event(event):
            self.place()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):  # the wheel scrolls the list
            self.first += 1 if event.button == 5 else -1
            self.place()
        elif event.type == pygame.MOUSEWHEEL:
            self.first -= event.y
            self.place()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.title()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 190)
        text.draw(surface, t("games.title"), (40, 18), 44, theme.ACCENT, "title")
        text.draw(surface, t("games.help", count=len(self.games)), (44, 74), 18, theme.MUTED)
        if not self.games:
            text.draw(surface, t("games.none"), (theme.SIZE[0] // 2, 300), 22, theme.TEXT, anchor="center")
        clip = surface.get_clip()
        surface.set_clip(LIST.inflate(8, 8))
        self.group.draw(surface)
        surface.set_clip(clip)
        self.back_button.draw(surface, self.group.focused is self.back_button)
        if self.first > 0:
            text.draw(
                surface,
                t("games.more_above", count=self.first),
                (LIST.right, LIST.top - 6),
                15,
                theme.MUTED,
                anchor="bottomright",
            )
        below = len(self.rows) - self.first - SHOWN
        if below > 0:
            text.draw(
                surface,
                t("games.more_below", count=below),
                (LIST.right, LIST.bottom + 4),
                15,
                theme.MUTED,
                anchor="topright",
            )
        if self.message:
            area = pygame.Rect(290, 640, 950, 70)
            text.draw_wrapped(surface, self.message, area, 16, theme.BAD)
        else:
            text.draw(surface, t("games.keys"), (290, 673), 16, theme.MUTED, anchor="midleft")
