"""The championship's screens: its setup, the season table between races, and the podium.

The season itself (points, tie-breaks, saving) is `game.meta.season`; these
screens set it up, show it and move from race to race through the usual
race and results screens (which save the season after every racer's turn).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game import BoardError
from game.app import session, userdata
from game.app.controls import Action
from game.meta import replay
from game.meta.season import MAX_RACES, MIN_RACES, Season, SeasonError, Standing, points_text
from game.rules import levels, seeds
from game.rules.race import MAX_RACERS, MAX_TURNS, MIN_TURNS, RacerSetup
from scenes.core import audio, boards, controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import board_description, board_name, t
from scenes.core.i18n import character as character_name
from scenes.core.stack import Scene
from scenes.render import sprites
from scenes.render.board import thumbnail
from scenes.screens.kinds import KINDS
from scenes.screens.setup import SetupScene
from scenes.ui.text_field import TextField
from scenes.ui.widgets import Button, Choice, FocusGroup, Widget, confirm_key, panel, veil

log = logging.getLogger("fantasy-racing")
BOARD_DEFAULT = 0  # the turns choice that means "each board's own number of turns"
SEASON_NAME = 24  # the letters a championship's name takes


def start_season_race(scene: Scene, season: Season) -> str | None:
    """Start the season's next race (or go on with the one in progress) in place of `scene`;
    None, or one sentence saying why it cannot start."""
    if season.race is None:
        try:
            season.start_race(boards.load)
        except (BoardError, SeasonError, OSError, ValueError) as error:
            return str(error).splitlines()[0]
    scene.stack.replace(scene.stack.make("race", season.race, session=session.season_race(season)))
    return None


def draw_chart_card(
    surface: pygame.Surface, card: pygame.Rect, season: Season, lines: list[Standing], size: int
) -> None:
    """The season's chart on its card, under its heading of `size` points (on two lines when it must:
    the margins grow with it)."""
    panel(surface, card, (30, 35, 54))
    y = card.top + size - 8
    for line in text.wrap(t("season.chart"), card.width - 36, size, "heading"):
        y = text.draw(surface, line, (card.left + 18, y), size, theme.TEXT, "heading").bottom
    above, below = max(size * 9 // 2 - 42, y + 7 - card.top), size // 2 + 2
    chart = pygame.Rect(card.left + 15, card.top + above, card.width - 30, card.height - above - below)
    draw_chart(surface, chart, season, lines)


def draw_chart(surface: pygame.Surface, box: pygame.Rect, season: Season, lines: list[Standing]) -> None:
    """Each racer's season points after each race, a line of his colour."""
    races = len(season.boards)
    top = max([float(p) for line in lines for p in line.history] + [10.0])
    left, right, low, high = box.left + 34, box.right - 12, box.bottom - 26, box.top + 10
    pygame.draw.line(surface, theme.PANEL_EDGE, (left, low), (right, low), 1)
    pygame.draw.line(surface, theme.PANEL_EDGE, (left, low), (left, high), 1)
    for k in range(races + 1):
        x = left + (right - left) * k / races
        text.draw(surface, str(k), (round(x), low + 4), 14, theme.MUTED, anchor="midtop")
    text.draw(
        surface,
        points_text(season.table()[0].season_points) if season.results else "0",
        (left - 6, high),
        14,
        theme.MUTED,
        anchor="topright",
    )
    for line in sorted(lines, key=lambda line: line.racer):
        points = [(left, low)] + [
            (left + (right - left) * (k + 1) / races, low - (low - high) * float(p) / top)
            for k, p in enumerate(line.history)
        ]
        colour = theme.racer_colour(line.racer)
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, 3)
        shape = sprites.mark(line.racer, 12, colour)  # each point in his shape: not told by colour alone
        for point in points[1:]:
            surface.blit(shape, shape.get_rect(center=(round(point[0]), round(point[1]))))


# ---------------------------------------------------------------- setup
class SeasonSetupScene(SetupScene):
    """Name the season, choose its races' boards and turns, and its racers."""

    title_key = "season.setup_title"
    start_label = "season.start"
    one_board = False
    racers_help = "season.racers_help"  # (no seat for a friend: a championship is played at one screen)
    kinds = KINDS[:-1]  # no seat open for a friend: a championship is played at one screen

    def __init__(self, board_file: str | None = None) -> None:
        super().__init__(board_file)
        self.name = ""
        self.race_boards: list[str] = []  # a board reference per race
        self.rotation: list[str] = []  # the boards offered in turn to new races

    lineup_key = "season"

    def enter(self) -> None:
        self.name = ""
        self.race_boards = []  # a board reference per race, set from the boards found (or remembered)
        super().enter()
        if not self.remembered():
            self.turns = BOARD_DEFAULT
            self.rebuild()
            self.focus_start()

    def first_board(self, remembered: str | None) -> int:
        """(The races' boards are chosen each in its own field.)"""
        return next((i for i, c in enumerate(self.choices) if c.board is not None), 0)

    def usable(self) -> list[str]:
        """The boards a race of the championship may be on."""
        return [c.ref for c in self.choices if c.board is not None]

    def restore(self, lineup: dict[str, Any]) -> None:
        """The remembered championship back: its name, its races' boards (those still there), its turns
        and its racers."""
        self.name = lineup.get("name", "")[:SEASON_NAME]
        boards_kept = [ref for ref in lineup.get("boards", []) if ref in self.usable()]
        self.race_boards = boards_kept if MIN_RACES <= len(boards_kept) <= MAX_RACES else []
        if not self.race_boards:
            self.top_widgets()  # (the boards in turn, as on a first start)
        super().restore(lineup)
        if lineup.get("turns") == BOARD_DEFAULT:
            self.turns = BOARD_DEFAULT

    def lineup(self) -> dict[str, Any]:
        """The championship's name and races' boards besides the turns and the racers."""
        lineup = super().lineup()
        del lineup["board"]
        lineup.update(name=self.name.strip(), boards=list(self.race_boards))
        return lineup

    def can_start(self) -> bool:
        """Every race's board can be used (the choosers offer only those)."""
        usable = self.usable()
        return bool(self.race_boards) and all(ref in usable for ref in self.race_boards)

    def max_racers(self) -> int:
        """How many racers every chosen board takes."""
        chosen = [c.board for c in self.choices if c.ref in self.race_boards and c.board is not None]
        return min([MAX_RACERS] + [b.max_racers for b in chosen])

    def board_name(self, ref: str) -> str:
        choice = next((c for c in self.choices if c.ref == ref), None)
        return board_name(choice.board) if choice is not None and choice.board is not None else ref

    def top_widgets(self) -> list[Widget]:
        usable = [c.ref for c in self.choices if c.board is not None]
        if not self.race_boards:  # by default every board in turn, the player's own too (practice last)
            self.rotation = [ref for ref in usable if ref != boards.PRACTICE] or [boards.PRACTICE]
            self.race_boards = [self.rotation[k % len(self.rotation)] for k in range(3)]
        widgets: list[Widget] = [
            TextField(
                (40, 84, 380, 44),
                self.name,
                self.set_name_of_season,
                max_length=SEASON_NAME,
                size=20,
                placeholder=t("season.default_name"),
            ),
            Choice(
                (430, 84, 190, 44),
                t("season.races"),
                list(range(MIN_RACES, MAX_RACES + 1)),
                len(self.race_boards) - MIN_RACES,
                self.set_races,
                str,
            ),
        ]
        across = self.boards_across()
        for k, ref in enumerate(self.race_boards):
            width = 580 if across == 1 else 285
            rect = (40 + (k % across) * 295, 136 + (k // across) * 44, width, 38)
            widgets.append(
                Choice(
                    rect,
                    str(k + 1),
                    usable,
                    usable.index(ref) if ref in usable else 0,
                    partial(self.set_race_board, k),
                    self.board_name,
                    size=17,
                    wrap=True,
                )
            )
        turns_width = self.turns_width()
        widgets += [
            Choice(
                (40, self.layout().turns_y, turns_width, 44),
                t("setup.turns"),
                [BOARD_DEFAULT] + list(range(MIN_TURNS, MAX_TURNS + 1)),
                0 if self.turns == BOARD_DEFAULT else self.turns - MIN_TURNS + 1,
                self.set_season_turns,
                lambda v: t("season.board_turns") if v == BOARD_DEFAULT else str(v),
            ),
            self.count_choice(turns_width),
        ]
        return widgets

    def boards_across(self) -> int:
        """The races' boards two a row, or one when a board's name would not fit half the row whole."""
        widest = max((text.width(self.board_name(ref), 17, "bold") for ref in self.usable()), default=0)
        return 2 if 14 + text.width(str(len(self.race_boards)), 15) + 6 + 64 + widest <= 285 else 1

    def turns_width(self) -> int:
        """The turns' field as designed, or wider when "the board's" would not fit it whole (the racers'
        count beside it narrower: its one figure needs less)."""
        wanted = 14 + text.width(t("setup.turns"), 20) + 6 + 64 + text.width(t("season.board_turns"), 22, "bold")
        count = 14 + text.width(t("setup.racers"), 20) + 6 + 64 + text.width("6", 22, "bold")
        return wanted if 285 < wanted <= 580 - 10 - count else 285

    def card_height(self, width: int) -> int:
        """The races' boards' fields and the line under them, in the board card's place."""
        rows = -(-len(self.race_boards) // self.boards_across())
        lines = len(text.wrap(t("season.boards_help"), 580, 15))
        return max(170, rows * 44 - 6 + 8 + lines * text.line_height(15) + 4)

    def set_name_of_season(self, name: str) -> None:
        self.name = name

    def set_races(self, count: int) -> None:
        """Races in the season; new ones take the next boards in turn."""
        while len(self.race_boards) < count:
            self.race_boards.append(self.rotation[len(self.race_boards) % len(self.rotation)])
        del self.race_boards[count:]
        self.rebuild(self.group.focus)

    def set_race_board(self, k: int, ref: str) -> None:
        self.race_boards[k] = ref
        del self.racers[self.max_racers() :]
        self.rebuild(self.group.focus)

    def set_season_turns(self, turns: int) -> None:
        self.turns = turns

    def start(self) -> None:
        """Start the season with its first race."""
        self.remember()
        racers = [
            RacerSetup(
                r["character"],
                r["name"].strip() or character_name(r["character"]),
                None if r["kind"] == "person" else levels.policy(r["kind"]),
            )
            for r in self.racers
        ]
        name = self.name.strip() or t("season.default_name")
        try:
            season = Season.new(
                name,
                racers,
                self.race_boards,
                None if self.turns == BOARD_DEFAULT else self.turns,
                seeds.fresh(),
            )
        except SeasonError as error:
            self.message, self.message_ok = str(error), False
            return
        problem = start_season_race(self, season)
        if problem:
            self.message, self.message_ok = problem, False

    def _draw_board_card(self, surface: pygame.Surface) -> None:
        """The races' boards are the chooser's own; nothing more to show in the card's place."""
        card = self.layout().card
        lines = text.wrap(t("season.boards_help"), 580, 15)
        y = card.bottom - 4 - len(lines) * text.line_height(15)
        for line in lines:
            y = text.draw(surface, line, (40, y), 15, theme.MUTED).bottom


# ---------------------------------------------------------------- between races
class SeasonTableScene(Scene):
    """The season table, a chart of the season points, and the next board; go on, or save and quit."""

    def __init__(self, season: Season, message: str = "", kept: bool = False) -> None:
        super().__init__()
        self.season = season
        self.message = message
        self.kept = kept  # a finished championship opened again from its list (game/app/championships.py)
        self.group = FocusGroup()
        self.thumb: pygame.Surface | None = None

    def enter(self) -> None:
        audio.music("menu")
        self.lines = self.season.table()
        buttons: list[Widget]
        if self.kept:
            buttons = self._kept_buttons()
        elif self.season.over:
            buttons = [Button((940, 650, 300, 50), t("season.to_podium"), self.podium, primary=True, hint=confirm_key)]
        else:
            buttons = [
                Button((940, 650, 300, 50), t("season.next_race"), self.next_race, primary=True, hint=confirm_key),
                Button((628, 650, 296, 50), t("menu.save_quit"), self.save_and_quit, size=20),  # (its words whole)
            ]
            board = self._next_board()
            self.thumb = thumbnail(board, (150, 190)) if board is not None else None
        self.group.set(buttons, focus=0)

    def _kept_buttons(self) -> list[Widget]:
        """A kept championship's: its podium again, each race's replay, back to the list."""
        buttons: list[Widget] = [
            Button((940, 650, 300, 50), t("season.podium_again"), self.podium, primary=True, hint=confirm_key),
            Button((680, 650, 240, 50), t("common.back"), self.back, size=20),
        ]
        wide = len(self.season.results) <= 4  # (four races or fewer: one column, their boards' names whole)
        for index, result in enumerate(self.season.results):
            column, row = divmod(index, 4)
            rect = (688 + column * 276, 436 + row * 46, 534 if wide else 266, 40)
            label = t("season.watch_race", number=index + 1, board=boards.name_shown(result.board))
            buttons.append(Button(rect, label, partial(self.watch, index), size=16))
        return buttons

    def watch(self, index: int) -> None:
        """Play race `index` of a kept championship back (Escape there comes back to its table)."""
        try:
            kept = replay.read(self.season.results[index].replay, t("season.watch_race", number=index + 1, board=""))
            self.stack.push(self.stack.make("replay", kept))
        except ValueError as error:  # (game.replay.ReplayError)
            self.message = str(error)

    def back(self) -> None:
        """A kept championship's table: back to the list."""
        self.stack.pop()

    def _next_board(self) -> Any:
        try:
            return boards.load(self.season.boards[len(self.season.results)])
        except (BoardError, OSError, ValueError):
            return None

    def next_race(self) -> None:
        problem = start_season_race(self, self.season)
        if problem:
            self.message = problem

    def save_and_quit(self) -> None:
        session.save_season(self.season)
        self.title()

    def podium(self) -> None:
        if self.kept:  # shown again over the table, which Back on the podium comes back to
            self.stack.push(PodiumScene(self.season, kept=True))
        else:
            self.stack.replace(PodiumScene(self.season))

    def handle_event(self, event: pygame.event.Event) -> Any:
        if self.group.handle_event(event):
            return None
        if controls.pressed(event, Action.BACK):
            if self.kept:
                self.back()
            elif not self.season.over:
                self.save_and_quit()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 190)
        season = self.season
        text.draw(surface, season.name, (40, 18), 44, theme.ACCENT, "title")
        text.draw(
            surface,
            t("season.after_race", done=len(season.results), total=len(season.boards)),
            (44, 80),
            20,
            theme.MUTED,
        )
        box = pygame.Rect(40, 120, 600, 510)
        panel(surface, box, (30, 35, 54))
        heading = text.draw(surface, t("season.table"), (box.left + 18, box.top + 12), 24, theme.TEXT, "heading")
        beside = text.grown(24, "heading") == 0 and heading.right + 12 < box.left + 300 - 55  # (else under it)
        under = box.top + 20 if beside else heading.bottom + 2
        heads = (
            (box.left + 300, "season.season_points"),
            (box.left + 420, "season.race_points"),
            (box.left + 540, "season.best_place"),
        )
        heads_bottom = under + text.line_height(15)
        for x, key in heads:  # (each on two lines when the Text size makes it wider than its column)
            y = under
            for said in text.wrap(t(key), 110, 15):
                y = text.draw(surface, said, (x, y), 15, theme.MUTED, anchor="midtop").bottom
            heads_bottom = max(heads_bottom, y)
        first = max(box.top + 60, heads_bottom + 4)
        row_h = min(70, (box.bottom - 10 - first) // max(1, len(self.lines)))
        for k, line in enumerate(self.lines):
            y = first + k * row_h
            text.draw(
                surface, str(line.place), (box.left + 30, y + row_h // 2), 26, theme.ACCENT, "heading", anchor="center"
            )
            token = sprites.token(
                season.racers[line.racer].character, theme.racer_colour(line.racer), min(48, row_h - 6), line.racer + 1
            )
            surface.blit(token, token.get_rect(center=(box.left + 80, y + row_h // 2)))
            where = (box.left + 112, y + row_h // 2)
            text.fitted_line(surface, line.name, where, 130, 22, theme.TEXT, "bold", anchor="midleft")
            text.draw(
                surface,
                points_text(line.season_points),
                (box.left + 300, y + row_h // 2),
                26,
                theme.ACCENT,
                "bold",
                anchor="center",
            )
            text.draw(surface, str(line.race_points), (box.left + 420, y + row_h // 2), 20, theme.TEXT, anchor="center")
            text.draw(surface, str(line.best_place), (box.left + 540, y + row_h // 2), 20, theme.TEXT, anchor="center")
        draw_chart_card(surface, pygame.Rect(670, 120, 570, 210), season, self.lines, 20)
        card = pygame.Rect(670, 350, 570, 280)  # (the next board's name, on two lines at a large Text size)
        panel(surface, card, (30, 35, 54))
        if self.kept:
            text.draw(surface, t("season.kept_races"), (card.left + 18, card.top + 12), 22, theme.ACCENT, "heading")
        elif season.over:
            text.draw(surface, t("season.over"), (card.left + 18, card.top + 14), 24, theme.ACCENT, "heading")
            text.draw_wrapped(surface, t("season.over_help"), card.inflate(-36, -80).move(0, 24), 18, theme.TEXT)
        else:
            number = len(season.results) + 1
            said = t("season.next", number=number, total=len(season.boards))
            heading = text.fitted_line(
                surface, said, (card.left + 18, card.top + 14), card.width - 36, 22, theme.TEXT, "heading"
            )
            if self.thumb is not None:
                frame = self.thumb.get_rect(topleft=(card.left + 18, max(card.top + 46, heading.bottom + 4)))
                surface.blit(self.thumb, frame)
                pygame.draw.rect(surface, theme.PANEL_EDGE, frame.inflate(2, 2), 1)
            board = self._next_board()
            x = card.left + 190
            name = board_name(board) if board is not None else season.boards[number - 1]
            named = pygame.Rect(x, card.top + 50, 0, 0)
            for said in text.wrap(name, card.right - 16 - x, 26, "heading"):  # (on two lines when it must)
                named = text.draw(surface, said, (x, named.bottom), 26, theme.ACCENT, "heading")
            if board is not None:
                turns = season.turns if season.turns is not None else board.turns
                said = t("season.turns_of_race", count=turns)
                last = card.bottom - 12 - text.line_height(17)
                area = pygame.Rect(x, max(card.top + 90, named.bottom + 4), card.right - 16 - x, 0)
                area.height = last - 4 - area.top
                text.draw_wrapped(surface, board_description(board), area, 17)
                text.draw(surface, said, (x, last), 17, theme.MUTED)
        self.group.draw(surface)
        if self.message:
            text.draw(surface, self.message, (40, 680), 17, theme.BAD, anchor="midleft")
        else:
            keys = t("season.keys_over") if self.season.over else t("season.keys")  # (the last race was run)
            keys = t("season.keys_kept") if self.kept else keys
            text.draw(surface, keys, (40, 680), 16, theme.MUTED, anchor="midleft")


# ---------------------------------------------------------------- the end
class PodiumScene(Scene):
    """The champion on the podium, the season's chart and highlights; the season kept as replays."""

    def __init__(self, season: Season, kept: bool = False) -> None:
        super().__init__()
        self.season = season
        self.again = kept  # shown again from a kept championship's table: nothing to keep, Back goes there
        self.group = FocusGroup()
        self.kept = ""

    def enter(self) -> None:
        audio.music("menu")
        audio.play("victory")
        self.lines = self.season.table()
        if self.again:
            button = Button((940, 650, 300, 50), t("common.back"), self.leave, primary=True, hint=confirm_key)
        else:
            try:
                folder = session.keep_finished_season(self.season)
                self.kept = t("season.kept", path=f"{userdata.SEASONS_FOLDER}/{folder.name}")
            except OSError as error:  # the championship stays saved as the one in progress: nothing is lost
                self.kept = t("season.keep_failed", error=error)
            words = t("results.title_button")
            button = Button((940, 650, 300, 50), words, self.title, primary=True, hint=confirm_key)
        self.group.set([button], focus=0)

    def leave(self) -> None:
        """Escape or the button: to the title, or back to the kept championship's table."""
        if self.again:
            self.stack.pop()
        else:
            self.title()

    def handle_event(self, event: pygame.event.Event) -> Any:
        if self.group.handle_event(event):
            return None
        if controls.pressed(event, Action.BACK):
            self.leave()
        return None

    def highlight_lines(self) -> list[str]:
        """'Most fights won: Ann (4)', ... for each highlight somebody did."""
        out = []
        for key in ("fights_won", "longest_move", "shocks_inflicted", "laps"):
            racers, figure = self.season.best(key)
            if racers:
                names = ", ".join(self.lines_by_racer(r) for r in racers)
                out.append(t(f"season.highlight.{key}", names=names, count=figure))
        return out

    def lines_by_racer(self, racer: int) -> str:
        return next(line.name for line in self.lines if line.racer == racer)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 170)
        season = self.season
        champions = [line for line in self.lines if line.place == 1]
        text.draw(surface, t("season.champion_title"), (640, 16), 30, theme.MUTED, "heading", anchor="midtop")
        text.draw(
            surface,
            " · ".join(line.name for line in champions),
            (640, 52),
            56,
            theme.ACCENT,
            "title",
            anchor="midtop",
            shadow=True,
        )
        text.draw(surface, season.name, (640, 122), 22, theme.TEXT, anchor="midtop")
        # the podium: second on the left, first in the middle, third on the right
        steps = ((1, 640, 150), (2, 470, 110), (3, 810, 80))
        base = 440
        for rank, x, height in steps:
            line = self.lines[rank - 1] if len(self.lines) >= rank else None
            if line is None:  # (two racers: no third step)
                continue
            step = pygame.Rect(0, 0, 160, height)
            step.midbottom = (x, base)
            panel(surface, step, (60, 66, 96) if rank > 1 else (150, 112, 40), theme.ACCENT_DARK, radius=6)
            text.draw(surface, str(line.place), step.center, 40, theme.TEXT, "title", anchor="center")
            token = sprites.token(
                season.racers[line.racer].character, theme.racer_colour(line.racer), 84, line.racer + 1
            )
            surface.blit(token, token.get_rect(midbottom=(x, step.top - 4)))
            text.draw(surface, line.name, (x, step.top - 96), 20, theme.TEXT, "bold", anchor="midbottom", shadow=True)
            text.draw(
                surface,
                t("season.points_short", points=points_text(line.season_points)),
                (x, base + 8),
                18,
                theme.ACCENT,
                "bold",
                anchor="midtop",
            )
        draw_chart_card(surface, pygame.Rect(40, 480, 560, 220), season, self.lines, 18)
        box = pygame.Rect(620, 480, 620, 150)
        panel(surface, box, (30, 35, 54))
        text.draw(surface, t("season.highlights"), (box.left + 18, box.top + 10), 18, theme.TEXT, "heading")
        for k, line_text in enumerate(self.highlight_lines()[:4]):
            text.draw(surface, line_text, (box.left + 18, box.top + 40 + k * 26), 17, theme.TEXT)
        self.group.draw(surface)
        if self.kept:
            # (beside the podium's third step: room for its folder's path on a few lines at any Text size)
            text.draw_wrapped(surface, self.kept, pygame.Rect(910, 300, 330, 140), 15, theme.MUTED)
