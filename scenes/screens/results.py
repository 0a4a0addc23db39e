"""The results: the ranking (ties share a place) and where each racer's points came from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import Race
from game.app.controls import Action
from game.rules.state import Racer
from scenes.core import audio, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import board_name, racer_kind, t
from scenes.core.i18n import character as character_name
from scenes.core.stack import Scene
from scenes.render import sprites
from scenes.screens.kinds import Network
from scenes.screens.setup import start_race
from scenes.ui.widgets import Button, FocusGroup, fit, panel, veil

if TYPE_CHECKING:
    from pathlib import Path

    from game.meta.season import Season

# The results' categories of points (docs/rules-spec.md section 10) and their colours (shown as results.category.<key>).
CATEGORIES = (
    ("distance", "Distance", (96, 170, 240)),
    ("laps", "Laps", (242, 193, 78)),
    ("fights", "Fights", (232, 96, 80)),
    ("shocks", "Shocks", (250, 150, 60)),
    ("holes", "Holes", (140, 100, 70)),
    ("shields", "Shields", (150, 160, 230)),
    ("special", "Special rules", (170, 110, 230)),
)
CAUSE_CATEGORY = {
    "distance": "distance",
    "lap": "laps",
    "fight": "fights",
    "shock": "shocks",
    "lightning": "shocks",
    "hole": "holes",
    "shield": "shields",
}
ORDINALS = (1, 2, 3, 4, 5, 6)  # places with their own word (results.place.<n>)


def breakdown(racer: Racer) -> dict[str, int]:
    """A racer's points by category (anything else is a special rule's)."""
    totals = {key: 0 for key, _, _ in CATEGORIES}
    for cause, points in racer.by_cause.items():
        totals[CAUSE_CATEGORY.get(cause, "special")] += points
    return totals


def buttons_row(friend: bool) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The buttons under the points' chart (504 to 1240 px): *Keep as replay* (later *Watch the replay*)
    as wide as the longer of its two labels at the Text size (240 px as designed), then the default
    button and *Title* (a friend's results: the default is *Title*, none after it) sharing the rest."""
    left, right, gap = 504, 1240, 16
    words = max(text.width(t(key), 24, "bold") for key in ("results.keep", "results.watch"))
    keep = pygame.Rect(left, 650, max(240, words + 20), 50)
    width = min(240, (right - keep.right - gap * (1 if friend else 2)) // (1 if friend else 2))
    first = pygame.Rect(keep.right + gap, 650, width, 50)
    return keep, first, pygame.Rect(first.right + gap, 650, width, 50)


class ResultsScene(Scene):
    """Who won, and how; race again or go back to the title."""

    def __init__(self, race: Race, setup: dict[str, Any], season: Season | None = None) -> None:
        super().__init__()
        self.race = race
        self.setup = dict(setup)
        self.network: Network = setup.get("network") or ""
        self.season = season  # a game.meta.season.Season when the race was one of a championship
        self.group = FocusGroup()
        self.kept = ""  # where "Keep as replay" wrote the race, or why it could not

    def enter(self) -> None:
        audio.music("menu")
        audio.play("victory")
        self.standings = self.race.standings()
        self.totals = {i: breakdown(self.race.racers[i]) for _, i, _ in self.standings}
        friend = self.season is None and self.setup.get("network") == "friend"
        keep, first_x, other_x = buttons_row(friend)
        if self.season is not None:
            first = Button(first_x, t("season.table_button"), self.season_table, primary=True)
        elif friend:  # the race was a host's: racing again is his to offer; the title is the way on
            first = Button(first_x, t("results.title_button"), self.title, primary=True)
        else:
            first = Button(first_x, t("results.again"), self.again, primary=True)
        from game.app.session import kept_replay

        self.replay_file = kept_replay(self.race)
        self.keep = Button(keep, "", self.keep_or_watch)
        self.show_kept()
        others = [] if friend else [Button(other_x, t("results.title_button"), self.title)]
        self.group.set([first, *others, self.keep], focus=0)

    def show_kept(self) -> None:
        """Once the race is kept as a replay (at its end, or by K), the button plays it back."""
        if self.replay_file is not None:
            self.keep.label = t("results.watch")
            self.kept = t("results.kept", path=self.replay_file.name)
        else:
            self.keep.label = t("results.keep")

    def keep_or_watch(self) -> None:
        """The button: keep the race as a replay, or once it is kept, play it back."""
        if self.replay_file is not None:
            self.watch_replay(self.replay_file)
        else:
            self.keep_replay()

    def keep_replay(self) -> None:
        """Keep the race as a replay file in the user folder's replays/ and say its name (K; a race kept
        already, at its end, is only named)."""
        from game.app.session import keep_replay
        from game.meta.replay import ReplayError

        try:
            self.replay_file = keep_replay(self.race)
        except (ReplayError, OSError) as error:
            self.kept = t("results.keep_failed", error=error)
        else:
            self.show_kept()

    def watch_replay(self, path: Path) -> None:
        """The kept replay, played back over these results (Escape there comes back)."""
        from game.meta.replay import ReplayError, load

        try:
            self.stack.push(self.stack.make("replay", load(path)))
        except (ReplayError, OSError, ValueError) as error:
            self.kept = t("results.keep_failed", error=error)

    def again(self) -> None:
        """A new race with the same setup (the guided race: the lessons again)."""
        if self.setup.get("tutorial"):
            self.stack.replace(self.stack.make("tutorial"))
            return
        start_race(self.stack, self.setup, replace=True)

    def season_table(self) -> None:
        """The championship's table after this race."""
        self.stack.replace(self.stack.make("season_table", self.season))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.group.handle_screen(event, {Action.BACK: self.title, Action.KEEP_REPLAY: self.keep_replay})
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 185)
        text.draw(surface, t("results.title"), (40, 22), 50, theme.ACCENT, "title")
        text.draw(
            surface,
            t("results.subtitle", board=board_name(self.race.board), count=self.race.turns),
            (44, 88),
            20,
            theme.MUTED,
        )
        self._draw_ranking(surface)
        self._draw_chart(surface)
        self.group.draw(surface)
        if self.kept:
            text.draw(surface, self.kept, (1240, 92), 15, theme.MUTED, anchor="topright")

    def _draw_ranking(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(40, 124, 440, 580)
        panel(surface, box, (30, 35, 54))
        heading = text.draw(surface, t("results.ranking"), (box.left + 18, box.top + 12), 24, theme.TEXT, "heading")
        first = max(box.top + 52, heading.bottom + 4)  # (the rows under the heading, whatever its size)
        labels = [self.place_label(place) for place, _, _ in self.standings]
        place_w = max([64, *(text.width(label, 28, "heading") for label in labels)])  # (the places' column)
        shift = place_w - 64  # (the token, the name and his line further right by as much)
        need = text.line_height(22, "bold") + 2 * text.line_height(15) + 22  # (a name and his line on two)
        row_h = min(max(84, need), (box.bottom - 8 - first) // max(1, len(self.standings)))
        for k, (place, index, points) in enumerate(self.standings):
            r = self.race.racers[index]
            y = first + k * row_h
            row = pygame.Rect(box.left + 12, y, box.width - 24, row_h - 8)
            panel(surface, row, theme.PANEL_LIGHT if place == 1 else theme.PANEL, shadow=False)
            drawn = text.draw(
                surface,
                labels[k],
                (row.left + 14, row.centery + (9 if place == 1 else 0)),
                28,
                theme.ACCENT if place == 1 else theme.TEXT,
                "heading",
                anchor="midleft",
            )
            if place == 1:  # the winner's crown over his place, inside the card
                crown = sprites.icon("ui", "crown", 24)
                surface.blit(crown, crown.get_rect(midbottom=(drawn.centerx, drawn.top + 4)))
            token_size = min(row.height - 10, 64)
            token = sprites.token(r.character, theme.racer_colour(index), token_size, index + 1)
            surface.blit(token, token.get_rect(midleft=(row.left + 80 + shift, row.centery)))
            score = text.draw(
                surface, f"{points}", (row.right - 16, row.centery), 30, theme.ACCENT, "heading", anchor="midright"
            )
            x = row.left + 90 + shift + token_size
            room = score.left - 8 - x  # (his name and his line left of his points, the line on two when it must)
            line = t("results.racer_line", character=character_name(r.character), tag=racer_kind(r.setup.bot))
            said = text.wrap(line, room, 15)
            if text.line_height(22, "bold") + len(said) * text.line_height(15) > row.height - 6:
                said = [text.fit(line, room, 15)]  # (six racers at a large Text size: no room for two lines)
            tall = text.line_height(22, "bold") + len(said) * text.line_height(15)
            y = row.centery - tall // 2
            y = text.fitted_line(surface, r.name, (x, y), room, 22, theme.TEXT, "bold").bottom
            for part in said:
                y = text.draw(surface, part, (x, y), 15, theme.MUTED).bottom

    def place_label(self, place: int) -> str:
        """A place in words ("1st"), marked as shared when another racer has it too."""
        label = t(f"results.place.{place}") if place in ORDINALS else t("results.place.other", place=place)
        shared = sum(1 for p, _, _ in self.standings if p == place) > 1
        return t("results.shared", place=label) if shared else label

    def _draw_chart(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(510, 124, 730, 510)
        panel(surface, box, (30, 35, 54))
        heading = text.draw(surface, t("results.chart"), (box.left + 18, box.top + 12), 24, theme.TEXT, "heading")
        step = text.line_height(15)
        x, middle = box.left + 18, max(box.top + 57, heading.bottom + step // 2)
        for key, _label, colour in CATEGORIES:  # (a key that would leave the panel: on the next line)
            words = t(f"results.category.{key}")
            if x > box.left + 18 and x + 19 + text.width(words, 15) > box.right - 12:
                x, middle = box.left + 18, middle + step
            pygame.draw.rect(surface, colour, (x, middle - 7, 14, 14), border_radius=3)
            x = text.draw(surface, words, (x + 19, middle), 15, theme.TEXT, anchor="midleft").right + 16
        top = max(box.top + 84, middle + step // 2 + 14)
        sums = [f"= {points}" for _, _, points in self.standings]  # (each bar's total after it, in the panel)
        edge = box.right - 18 - 8 - max([0, *(text.width(words, 17, "bold") for words in sums)])
        chart = pygame.Rect(box.left + 150, top, edge - box.left - 150, box.bottom - 16 - top)
        negatives = [sum(v for v in t.values() if v < 0) for t in self.totals.values()]
        positives = [sum(v for v in t.values() if v > 0) for t in self.totals.values()]
        low, high = min(negatives + [0]), max(positives + [1])
        scale = chart.width / max(1, high - low)
        zero = chart.left + int(-low * scale)
        pygame.draw.line(surface, theme.MUTED, (zero, chart.top - 4), (zero, chart.bottom), 1)
        bar_h = min(52, chart.height // max(1, len(self.standings)) - 22)
        for k, (_, index, points) in enumerate(self.standings):
            r = self.race.racers[index]
            y = chart.top + k * (bar_h + 22)
            name = fit(r.name, chart.left - box.left - 24, 18, "bold")
            text.draw(surface, name, (chart.left - 12, y + bar_h // 2), 18, theme.TEXT, "bold", anchor="midright")
            right, left = zero, zero
            below = 0  # where the next number too long for its segment may go, under the bar
            for key, _label, colour in CATEGORIES:
                value = self.totals[index][key]
                width = int(abs(value) * scale)
                if not value or not width:
                    continue
                if value > 0:
                    rect = pygame.Rect(right, y, width, bar_h)
                    right += width
                else:
                    left -= width
                    rect = pygame.Rect(left, y, width, bar_h)
                pygame.draw.rect(surface, colour, rect)
                pygame.draw.rect(surface, (20, 22, 34), rect, 1)
                number = f"{value:+d}"
                if width >= text.width(number, 14, "bold") + 6:
                    text.draw(surface, number, rect.center, 14, (20, 20, 28), "bold", anchor="center")
                else:  # every segment has its number: a narrow one's goes under it, in its colour
                    x = max(rect.centerx - text.width(number, 13, "bold") // 2, below)
                    below = text.draw(surface, number, (x, rect.bottom + 1), 13, colour, "bold").right + 4
            text.draw(
                surface,
                f"= {points}",
                (max(right, zero) + 8, y + bar_h // 2),
                17,
                theme.ACCENT,
                "bold",
                anchor="midleft",
            )
