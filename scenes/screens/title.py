"""The title screen: resume a game in progress (the latest is named, and how many others there are),
play, a championship, join a network race, watch the kept races again, learn to play, rules, settings,
quit."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.app import session
from game.app.controls import Action
from scenes.bridges.days import RacesFetch, asked, newer
from scenes.core import audio, controls, text, theme
from scenes.core.backdrop import backdrop, draw_logo
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.screens.games import describe
from scenes.ui.widgets import FocusGroup, fit, menu_buttons, panel

MESSAGE_BOTTOM = theme.SIZE[1] - 50  # where the message's box ends (the keys' line is below it)


class TitleScene(Scene):
    """The first screen; offers to resume the games in progress."""

    def __init__(self, board_file: str | None = None, message: str = "") -> None:
        super().__init__()
        self.board_file = board_file
        self.message = message
        self.games: list[session.Game] = []  # the games in progress, the latest first
        self.group = FocusGroup()
        self.days: RacesFetch | None = None  # the races over days waiting for the player, asked in the background

    def enter(self) -> None:
        audio.music("menu")
        self.days = asked(self.app)  # (never waited for: the count shows when the relays answer)
        self.refresh()

    def resume(self) -> None:
        """Back from a screen opened from here (settings, rules, a question...): the menu laid out
        again, the focus on the item the player left."""
        audio.music("menu")
        self.days = asked(self.app)  # (a race over days played meanwhile: the count asked again)
        left = self.group.focused
        self.refresh(keep=getattr(left, "action", None))

    def refresh(self, keep: Callable[[], None] | None = None) -> None:
        """Look for the games in progress and lay out the menu, the focus on the item doing `keep`
        (else the first)."""
        self.games, problem = session.games()
        said = [p for p in (problem, *session.problems()) if p]
        if session.read_only():
            said.insert(0, t("title.read_only"))
        if said:
            self.message = " ".join(dict.fromkeys([self.message, *said] if self.message else said))
        items = []
        if self.games:
            items.append((t("menu.games", count=len(self.games)), self.open_games))
        learn = (t("menu.learn"), self.learn)
        first_start = self.app is not None and not self.app.settings.tutorial_seen
        items += [learn, (t("menu.access"), self.accessibility)] if first_start else []  # before any race
        items += [
            (t("menu.play"), self.play),
            (t("menu.championship"), self.championship),
            (t("menu.join"), self.join),
            (t("menu.your_races"), self.your_races),
            (t("menu.replays"), self.replays),
            (t("menu.statistics"), self.statistics),
        ]
        items += [] if first_start else [learn]
        items += [
            (t("menu.rules"), self.rules),
            (t("menu.settings"), self.settings),
            (t("menu.quit"), self.quit),
        ]
        # under the tagline and the latest game's line, measured from their words at the Text size
        top = self.latest_top() + (text.tall(34, 20, margin=5) + 12 if self.games else 4)
        count = len(items)
        # every item above the message's box (or the keys' line at the foot): never hidden behind it
        bottom = MESSAGE_BOTTOM - self.message_height() - 10 if self.message else theme.SIZE[1] - 48
        layouts = ((54, 14, 26), (46, 10, 26), (40, 7, 26), (34, 6, 22), (30, 5, 20), (26, 4, 18))  # height, gap, size
        height, gap, size = next(
            (
                lay
                for rows in (count, -(-count // 2))  # (one column if it fits, else two side by side)
                for lay in layouts
                if rows * text.tall(lay[0], lay[2], "bold", margin=3) + (rows - 1) * lay[1] <= bottom - top
            ),
            layouts[-1],
        )
        buttons = menu_buttons(items, theme.SIZE[0] // 2, top, height=height, gap=gap, size=size, bottom=bottom)
        actions = [button.action for button in buttons]
        self.group.set(buttons, focus=actions.index(keep) if keep in actions else 0)

    def latest(self) -> str:
        """The latest game in progress in a line, and how many others of each kind there are."""
        if not self.games:
            return ""
        line = describe(self.games[0])
        others = self.games[1:]
        if not others:
            return t("title.latest", line=line)
        races = sum(1 for game in others if game.kind != "season")
        seasons = len(others) - races
        more = [t("title.more_races", count=races)] if races else []
        more += [t("title.more_seasons", count=seasons)] if seasons else []
        return t("title.latest_and", line=line, more=", ".join(more))

    def latest_top(self) -> int:
        """Where the latest game's line goes: under the tagline."""
        return max(248, 200 + text.line_height(24) + 6)

    def message_height(self) -> int:
        """The height of the box of the message at the foot (a problem with a file, a read-only window)."""
        lines = len(text.wrap(self.message, 900, 18))
        return 20 + text.line_height(18) * lines if self.message else 0

    def play(self) -> None:
        """Open the race setup."""
        self.stack.push(self.stack.make("setup", board_file=self.board_file))

    def race_on(self, board_file: str) -> None:
        """Open the race setup on a board just added to the boards folder."""
        self.stack.push(self.stack.make("setup", board_file=board_file))

    def join(self) -> None:
        """Join a race a friend hosts over the network."""
        self.stack.push(self.stack.make("join"))

    def your_races(self) -> None:
        """The races over days the player sits in (issue 46)."""
        self.stack.push(self.stack.make("your_races"))

    def replays(self) -> None:
        """The races kept to watch again."""
        self.stack.push(self.stack.make("replays"))

    def statistics(self) -> None:
        """The player's statistics, from the races kept."""
        self.stack.push(self.stack.make("statistics"))

    def learn(self) -> None:
        """The guided first race."""
        self.stack.push(self.stack.make("tutorial"))

    def championship(self) -> None:
        """Set up a championship."""
        self.stack.push(self.stack.make("season_setup", board_file=self.board_file))

    def open_games(self) -> None:
        """The games in progress: resume one (the latest is focused), or delete one after a question."""
        self.stack.push(self.stack.make("games"))

    def rules(self) -> None:
        """Open the rule book."""
        self.stack.push(self.stack.make("rules"))

    def settings(self) -> None:
        """Open the settings."""
        self.stack.push(self.stack.make("settings"))

    def accessibility(self) -> None:
        """The accessibility settings (colours, flashes, motion; Controls from there), offered on the first
        start before the guided race."""
        self.stack.push(self.stack.make("settings", "access"))

    def quit(self) -> None:
        """Ask before leaving the game (Quit, or Escape): No is focused."""
        self.stack.push(self.stack.make("question", t("quit.question"), self.leave, yes=t("quit.yes")))

    def leave(self) -> None:
        """Leave the game (the question was answered Yes)."""
        if self.app is not None:
            self.app.quit()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.group.handle_event(event):
            return None
        if controls.pressed(event, Action.BACK):
            self.quit()
            return None
        return event

    def rest(self) -> float:
        """Nothing on the title moves by itself."""
        return math.inf

    def update(self, dt: float) -> None:
        latest = newer(self.app, self.days)
        if latest is not None:
            self.days = latest  # (the window asks again every ASK_AGAIN seconds: a turn that came is told)

    def waiting_line(self) -> str:
        """ "2 races wait for you" (races over days whose pending decision is his), once the relays answered."""
        days = self.days
        count = days.waiting if days is not None and days.done else 0
        return t("title.days_waiting", count=count) if count else ""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_logo(surface, theme.SIZE[0] // 2, 90)
        waiting = self.waiting_line()
        if waiting:
            line = fit(waiting, 360, 18, "bold")
            box = pygame.Rect(0, 0, text.width(line, 18, "bold") + 32, text.tall(32, 18, "bold", margin=5))
            box.topright = (theme.SIZE[0] - 24, 20)
            panel(surface, box, (28, 52, 40), theme.GOOD, radius=8, shadow=False)
            text.draw(surface, line, box.center, 18, theme.GOOD, "bold", anchor="center")
        text.draw(surface, t("title.tagline"), (theme.SIZE[0] // 2, 200), 24, theme.TEXT, anchor="midtop", shadow=True)
        line = fit(self.latest(), theme.SIZE[0] - 80, 20)
        if line:
            box = pygame.Rect(0, 0, text.width(line, 20) + 40, text.tall(34, 20, margin=5))
            box.midtop = (theme.SIZE[0] // 2, self.latest_top())
            panel(surface, box, (24, 28, 44), theme.ACCENT_DARK, radius=8, shadow=False)
            text.draw(surface, line, box.center, 20, theme.ACCENT, anchor="center")
        self.group.draw(surface)
        if self.message:
            lines = text.wrap(self.message, 900, 18)
            box = pygame.Rect(0, 0, 940, self.message_height())
            box.midbottom = (theme.SIZE[0] // 2, MESSAGE_BOTTOM)
            panel(surface, box, (70, 30, 34), theme.BAD)
            for i, line in enumerate(lines):
                text.draw(surface, line, (box.centerx, box.top + 10 + text.line_height(18) * i), 18, anchor="midtop")
        text.draw(
            surface,
            t("title.keys"),
            (theme.SIZE[0] // 2, theme.SIZE[1] - 22),
            16,
            theme.MUTED,
            anchor="center",
            shadow=True,
        )
