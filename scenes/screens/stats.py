"""The player's statistics (the title's *Statistics*): every finished race he played, read from the races
kept in his folder (game/app/stats.py): his figures in tiles, his places as a bar chart, a table by
character and one by board, and his results against each computer level with the win rate's interval.

The *That's me* field takes the other names he plays under (by commas; his player name always counts);
*Export CSV* writes every race he played to statistics.csv in his folder (through the session);
*Reset* asks first, then counts only the races kept from now (no race is deleted). Escape (or *Back*)
goes back to the title.
"""

from __future__ import annotations

import datetime
from typing import Any

import pygame

from game.app import session, stats
from game.app.controls import Action
from scenes.core import audio, boards, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import character as character_name
from scenes.core.i18n import decimal, t
from scenes.core.stack import Scene
from scenes.render import sprites
from scenes.ui.text_field import TextField
from scenes.ui.widgets import Button, FocusGroup, fit, panel, veil

# The tiles along the top: (the figure's words, its icon as sprites.icon reads it).
TILES = (
    ("stats.races", ("ui", "dice")),
    ("stats.wins", ("ui", "crown")),
    ("stats.best", ("ui", "coins")),
    ("stats.average", ("ui", "move")),
    ("stats.streak", ("ui", "lightning")),
    ("stats.fights", ("ui", "fight")),
    ("stats.laps", ("ui", "finish")),
    ("stats.holes", ("ui", "hole")),
)
CARD = (30, 35, 54)


def percent(rate: float) -> str:
    return f"{rate * 100:.0f} %"


def heading_lines(surface: pygame.Surface, words: str, box: pygame.Rect) -> pygame.Rect:
    """A card's heading at its top, on two lines when one is too narrow for it; where it was drawn."""
    drawn = pygame.Rect(box.left + 16, box.top + 10, 0, 0)
    for said in text.wrap(words, box.width - 32, 22, "heading"):
        drawn = text.draw(surface, said, (box.left + 16, drawn.bottom), 22, theme.TEXT, "heading")
    return drawn


COLUMN_HEADS = ("stats.col_races", "stats.col_wins", "stats.col_place")


class StatsScene(Scene):
    """The statistics (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self.group = FocusGroup()
        self.message = ""
        self.good = True
        self.figures = stats.Stats()

    def enter(self) -> None:
        audio.music("menu")
        settings = self.app.settings if self.app is not None else None
        also = settings.me_names if settings is not None else ""
        self.me = TextField((880, 574, 360, 36), also, self.rename, max_length=60, size=18, allowed=" -_'.,")
        self.group.set(
            [
                Button((40, 648, 220, 50), t("common.back"), self.back, size=22),
                self.me,
                Button((760, 648, 230, 50), t("stats.export"), self.export, size=20),
                Button((1010, 648, 230, 50), t("stats.reset"), self.ask_reset, size=20),
            ],
            focus=0,
        )
        self.read()

    def resume(self) -> None:
        self.read()

    def read(self) -> None:
        """The figures again, from the kept races and the settings' names."""
        settings = self.app.settings if self.app is not None else None
        if settings is None:
            self.figures = session.statistics("")
            return
        self.figures = session.statistics(settings.player_name, settings.me_names, settings.stats_since)

    # ---------------------------------------------------------------- actions
    def rename(self, value: str) -> None:
        """*That's me*: the other names he plays under (saved at once, the figures read again)."""
        if self.app is not None:
            self.app.settings.me_names = value
            self.app.save_settings()
        self.read()

    def export(self) -> None:
        """Every race he played as statistics.csv in his folder."""
        try:
            path = session.export_statistics(self.figures)
        except OSError as error:
            self.message, self.good = t("stats.export_failed", error=error.strerror or error), False
            return
        self.message, self.good = t("stats.exported", path=str(path), count=self.figures.races), True

    def ask_reset(self) -> None:
        question = self.stack.make("question", t("stats.reset_question"), self.reset, yes=t("stats.reset_yes"))
        self.stack.push(question)

    def reset(self) -> None:
        """The question was answered Yes: from now on only the races kept from now count."""
        if self.app is not None:
            self.app.settings.stats_since = datetime.datetime.now().isoformat(timespec="seconds")
            self.app.save_settings()
        self.message, self.good = t("stats.reset_done"), True
        self.read()

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> Any:
        self.group.handle_screen(event, {Action.BACK: self.back})
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 190)
        figures = self.figures
        text.draw(surface, t("stats.title"), (40, 18), 44, theme.ACCENT, "title")
        help_line = t("stats.help", count=figures.races) if figures.races else t("stats.none")
        text.draw(surface, fit(help_line, 1196, 18), (44, 74), 18, theme.MUTED)
        top = self.draw_tiles(surface, figures) + 14  # (the cards under the tiles, as tall as their words)
        self.draw_table(surface, pygame.Rect(40, top, 390, 532 - top), "stats.by_character", self.character_rows())
        self.draw_table(surface, pygame.Rect(446, top, 390, 532 - top), "stats.by_board", self.board_rows())
        self.draw_levels(surface, pygame.Rect(852, top, 388, 532 - top))
        self.draw_places(surface, pygame.Rect(40, 548, 796, 88))
        said = t("stats.me_help")  # (beside "That's me", or under his names' field when it has not the room)
        if (
            text.width(said, 13)
            <= 1240 - 12 - text.draw(surface, t("stats.me"), (880, 546), 16, theme.TEXT, "bold").right
        ):
            text.draw(surface, said, (1240, 549), 13, theme.MUTED, anchor="topright")
        else:
            text.draw_wrapped(
                surface, said, pygame.Rect(880, self.me.rect.bottom + 2, 360, 36), 13, theme.MUTED, spacing=0
            )
        self.group.draw(surface)
        if self.message:
            colour = theme.GOOD if self.good else theme.BAD
            text.draw_wrapped(surface, self.message, pygame.Rect(280, 650, 470, 60), 15, colour)
        else:
            text.draw_wrapped(surface, t("stats.keys"), pygame.Rect(280, 652, 470, 60), 15, theme.MUTED)

    def draw_tiles(self, surface: pygame.Surface, figures: stats.Stats) -> int:
        """The figures on tiles, each named under it (on two lines when it must); the tiles' foot."""
        average = figures.average_points
        values = (
            str(figures.races),
            str(figures.wins),
            "-" if figures.best_points is None else str(figures.best_points),
            "-" if average is None else decimal(average),
            str(figures.longest_streak),
            str(figures.fights_won),
            str(figures.laps),
            str(figures.holes),
        )
        width = (1200 - 7 * 10) // 8
        labels = [t(words) for words, _ in TILES]
        if figures.races:
            labels[[words for words, _ in TILES].index("stats.wins")] = t(
                "stats.wins_rate", rate=percent(figures.wins / figures.races)
            )
        lines = [text.wrap(label, width - 16, 15) for label in labels]
        most = max(len(said) for said in lines)
        height = max(88, 10 + text.line_height(28, "heading") + most * text.line_height(15))
        for index, ((_, (kind, name)), value) in enumerate(zip(TILES, values)):
            box = pygame.Rect(40 + index * (width + 10), 104, width, height)
            panel(surface, box, CARD)
            icon = sprites.icon(kind, name, 30)
            surface.blit(icon, (box.left + 8, box.top + 8))
            text.draw(
                surface,
                fit(value, width - 50, 28, "heading"),
                (box.left + 44, box.top + 6),
                28,
                theme.ACCENT,
                "heading",
            )
            y = box.bottom - 6
            for said in reversed(lines[index]):
                y = text.draw(surface, said, (box.left + 8, y), 15, theme.TEXT, anchor="bottomleft").top
        return 104 + height

    def character_rows(self) -> list[tuple[Any, str, Any]]:
        rows = []
        for key, line in self.sorted_lines(self.figures.characters):
            token = sprites.token(key, theme.ACCENT_DARK, 30)
            rows.append((token, character_name(key), line))
        return rows

    def board_rows(self) -> list[tuple[Any, str, Any]]:
        return [(None, boards.name_shown(name), line) for name, line in self.sorted_lines(self.figures.boards)]

    @staticmethod
    def sorted_lines(table: dict[str, stats.Line]) -> list[tuple[str, stats.Line]]:
        """The most raced first (as many as the table's room shows; the rest counted on its last line)."""
        return sorted(table.items(), key=lambda item: (-item[1].races, -item[1].wins, item[0]))

    def draw_table(
        self, surface: pygame.Surface, box: pygame.Rect, title: str, rows: list[tuple[Any, str, Any]]
    ) -> None:
        panel(surface, box, CARD)
        heading = heading_lines(surface, t(title), box)
        # the columns further apart (the names' room narrower) only when a head's word is wider than 68 px
        widest = max(text.width(word, 14) for key in COLUMN_HEADS for word in t(key).split())
        wide = 14 if widest > 68 else 0
        heads = (
            (box.right - 190 - wide, "stats.col_races"),
            (box.right - 120 - wide // 3, "stats.col_wins"),
            (box.right - 46, "stats.col_place"),
        )
        under = heads_bottom = max(box.top + 48, heading.bottom + 2)
        for x, key in heads:  # (each on two lines when the Text size makes it wider than its column)
            y = under
            for said in text.wrap(t(key), 68 + wide // 2, 14):
                y = text.draw(surface, said, (x, y), 14, theme.MUTED, anchor="midtop").bottom
            heads_bottom = max(heads_bottom, y)
        top = max(box.top + 90, heads_bottom + text.line_height(18) // 2 + 4)  # (the first row's middle)
        room = box.bottom - top + 17
        step = max(text.line_height(18) + 4, min(34, room // max(1, len(rows))))  # closer rows before fewer
        names = [
            text.wrap(name, box.right - 230 - wide - box.left - (54 if token else 16), 18, "bold")
            for token, name, _ in rows
        ]
        tall = [max(step, len(said) * text.line_height(18, "bold") + 4) for said in names]  # (a long name: two lines)
        count = len(rows)
        while count and sum(tall[:count]) + (step if count < len(rows) else 0) > room:
            count -= 1  # (the rest counted on the last line, never silently left out)
        y = top - step // 2  # (the first row's top)
        for index, (token, _name, line) in enumerate(rows[:count]):
            middle, y = y + tall[index] // 2, y + tall[index]
            left = box.left + 16
            if token is not None:
                surface.blit(token, token.get_rect(midleft=(left, middle)))
                left += 38
            below = middle - len(names[index]) * text.line_height(18, "bold") // 2
            for said in names[index]:
                below = text.draw(surface, said, (left, below), 18, theme.TEXT, "bold").bottom
            self.draw_figures(surface, box, wide, middle, line)
        if count < len(rows):
            more = t("stats.more_rows", count=len(rows) - count)
            text.draw(surface, more, (box.left + 16, y + step // 2), 16, theme.MUTED, anchor="midleft")

    @staticmethod
    def draw_figures(surface: pygame.Surface, box: pygame.Rect, wide: int, y: int, line: stats.Line) -> None:
        """A table row's races, wins and average place, in their columns, centred on `y`."""
        text.draw(surface, str(line.races), (box.right - 190 - wide, y), 18, theme.TEXT, anchor="center")
        text.draw(surface, str(line.wins), (box.right - 120 - wide // 3, y), 18, theme.ACCENT, "bold", anchor="center")
        text.draw(surface, decimal(line.average_place), (box.right - 46, y), 18, theme.TEXT, anchor="center")

    def draw_levels(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Each computer level he raced against: races won of races, the win rate as a bar with its 95 % interval."""
        panel(surface, box, CARD)
        heading = heading_lines(surface, t("stats.by_level"), box)
        y = max(box.top + 44, heading.bottom + 2)
        for said in text.wrap(t("stats.level_help"), box.width - 32, 14):  # (on as many lines as it takes)
            y = text.draw(surface, said, (box.left + 16, y), 14, theme.MUTED).bottom
        above, below = text.line_height(17) // 2, text.line_height(14) // 2  # (a level's two lines, measured)
        step = max(40, 2 * (above + below) + 2)
        top = max(box.top + 92, y + above + 8)  # (the first level's middle, under the help)
        levels = [level for level in stats.LEVELS if level in self.figures.levels]
        bar_left, bar_width = box.left + 170, box.width - 190
        for index, level in enumerate(levels[: min(6, (box.bottom - top + step // 2) // step)]):
            line = self.figures.levels[level]
            y = top + index * step
            words = t(f"stats.level.{level}")
            text.draw(
                surface, fit(words, 150, 17), (box.left + 16, y - above + 3), 17, theme.TEXT, "bold", anchor="midleft"
            )
            won = t("stats.won_of", wins=line.wins, races=line.races, rate=percent(line.win_rate))
            text.draw(surface, fit(won, 150, 14), (box.left + 16, y + below + 3), 14, theme.MUTED, anchor="midleft")
            track = pygame.Rect(bar_left, y - 7, bar_width, 14)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=4)
            filled = track.copy()
            filled.width = round(bar_width * line.win_rate)
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=4)
            low, high = line.interval
            x0, x1 = bar_left + round(bar_width * low), bar_left + round(bar_width * high)
            pygame.draw.line(surface, theme.TEXT, (x0, y + 11), (x1, y + 11), 2)
            for x in (x0, x1):
                pygame.draw.line(surface, theme.TEXT, (x, y + 7), (x, y + 15), 2)
            span = t("stats.interval", low=percent(low), high=percent(high))
            text.draw(surface, span, (bar_left + bar_width, y + 14), 13, theme.MUTED, anchor="topright")

    def draw_places(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """How often he finished first, second...: a bar each."""
        panel(surface, box, CARD)
        text.draw(surface, t("stats.places"), (box.left + 16, box.top + 8), 18, theme.TEXT, "heading")
        places = self.figures.places
        most = max(places.values(), default=0)
        width = (box.width - 200) // 6
        tallest = box.height - 10 - 2 * text.line_height(14)  # (a bar and its count above it inside the card)
        for place in range(1, 7):
            x = box.left + 190 + (place - 1) * width
            count = places.get(place, 0)
            height = round(tallest * count / most) if most else 0
            bar = pygame.Rect(x + 8, box.bottom - 6 - text.line_height(14) - height, width - 16, height)
            pygame.draw.rect(surface, theme.ACCENT if place == 1 else theme.PANEL_EDGE, bar, border_radius=3)
            text.draw(
                surface,
                t("stats.place", count=place),
                (x + width // 2, box.bottom - 4),
                14,
                theme.MUTED,
                anchor="midbottom",
            )
            if count:
                text.draw(
                    surface, str(count), (x + width // 2, bar.top - 1), 14, theme.TEXT, "bold", anchor="midbottom"
                )
