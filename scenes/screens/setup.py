"""Race setup with character select: the board, the number of turns, the racers. For each racer: a
person (hot seat, with a name), a computer racer of a level, or a seat open for a friend over the
network (the race is then hosted), and a character chosen from the gallery of the ten (portrait, speed,
combat chances, alternative objects, special rules). The setup opens on the last lineup the player
started or left (`Settings.lineups`, kept across restarts); a first start opens on the gentle board. A
board that cannot be used cannot be started: *Start* is disabled and its card says why.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame.typing import RectLike

from game import Board, BoardError, Race, RacerSetup
from game.app import session, userboards
from game.app.controls import Action
from game.rules import record, seeds
from game.rules.race import MAX_RACERS, MAX_TURNS, MIN_RACERS, MIN_TURNS
from game.rules.record import NAME_LENGTH
from scenes.core import boards, controls, text, theme
from scenes.core.backdrop import backdrop
from scenes.core.i18n import board_name, t
from scenes.core.i18n import character as character_name
from scenes.core.stack import Scene
from scenes.render import sprites
from scenes.screens import board_card, character_gallery
from scenes.screens.character_gallery import CHARACTER_IDS, GALLERY
from scenes.screens.character_sheet import CharacterSheetScene
from scenes.screens.kinds import KINDS, SetupKind, SetupRacer
from scenes.ui.text_field import TextField, caret_rest
from scenes.ui.widgets import Button, Choice, FocusGroup, Widget, confirm_key, veil

if TYPE_CHECKING:
    from scenes.core.stack import SceneStack

log = logging.getLogger("fantasy-racing")
DEFAULT_CHARACTERS = ("elf", "orc", "dwarf", "sorceress", "goblin", "thief")
NAME_FIELD = 14  # the letters a name field takes
CARD_TOP, LEFT_WIDTH, ROW_H = board_card.CARD_TOP, board_card.LEFT_WIDTH, board_card.ROW_H
KIND_X, NAME_X, CHARACTER_X = 76, 296, 436  # a racer's row: who plays him, his name, his character


def start_race(stack: SceneStack, setup: dict[str, Any], replace: bool = False) -> str | None:
    """Start a race from a setup dict; None, or one sentence saying why it cannot start."""
    try:
        record.check_setup(setup)  # (a saved setup's *Race again*: checked as the file was)
        board = boards.load(setup["board"])
        racers = [RacerSetup(r["character"], name=r.get("name", ""), bot=r.get("bot")) for r in setup["racers"]]
        seed = setup.get("seed")
        race = Race.new(board, racers, turns=int(setup["turns"]), seed=seed if seed is not None else seeds.fresh())
    except (BoardError, ValueError, KeyError, TypeError, OSError) as error:
        return str(error).splitlines()[0] if str(error) else t("setup.cannot_start")
    # a game in progress of its own, beside the others (a network race's part stays with the race it was)
    playing = session.new_race(race, {k: v for k, v in setup.items() if k not in ("seed", "network", "code")})
    scene = stack.make("race", race, session=playing)
    if replace:
        stack.replace(scene)
    else:
        stack.push(scene)
    return None


class Portrait(Widget):
    """A character's card in the gallery (click to give it to the selected racer)."""

    focusable = False

    def __init__(self, rect: RectLike, character: str, pick: Callable[[str], None]) -> None:
        super().__init__(rect)
        self.character = character
        self.pick = pick

    def activate(self) -> bool:
        self.pick(self.character)
        return True

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        """Drawn by the scene (it knows which one is chosen)."""


class SetupScene(Scene):
    """Choose the board, the turns and the racers, then start."""

    title_key = "setup.title"  # the screen's title (i18n key)
    start_label = "setup.start"  # the start button's words (i18n key)
    racers_help = "setup.racers_help"  # the line above the racers (i18n key)
    kinds: tuple[SetupKind, ...] = KINDS  # what a seat can be

    def __init__(self, board_file: str | None = None) -> None:
        super().__init__()
        self.board_file = board_file
        self.group = FocusGroup()
        self.selected = 0
        self.first = 0  # the first racer's row on screen (the rows scroll when they have not the room)
        self.message = ""
        self.message_ok = False  # the message says something went well (green), not a problem (red)
        self._layout: tuple[tuple[Any, ...], board_card.Layout] | None = None

    # ---------------------------------------------------------------- state
    one_board = True  # one board for the race, chosen in the board chooser or in All boards
    lineup_key = "race"  # the setups' lineups remembered in the settings (game.app.settings.LINEUPS)

    def enter(self) -> None:
        self.choices = boards.available(self.board_file)
        lineup = self.remembered()
        self.board_index = self.first_board(lineup.get("board") if lineup else None)
        board = self.board
        self.turns = board.turns if board else 10
        self.racers: list[SetupRacer] = [
            {"kind": "person", "name": t("setup.player", number=1), "character": "elf"},
            {"kind": "normal", "name": "", "character": "orc"},
        ]
        if lineup:
            self.restore(lineup)
        self.rebuild()
        self.focus_start()

    def boards_changed(self, wanted: str | None = None) -> None:
        """The boards folder changed (boards dropped on the window): the boards read again, the one
        chosen kept (or `wanted`, a board's file, chosen)."""
        keep = wanted or self.choices[self.board_index].ref
        self.choices = boards.available(self.board_file)
        refs = [c.ref for c in self.choices]
        if keep in refs:
            self.set_board(refs.index(keep))
        self.rebuild()

    def race_on(self, board_file: str) -> None:
        """Choose this board (one just added to the boards folder)."""
        self.boards_changed(board_file)

    def remembered(self) -> dict[str, Any] | None:
        """The lineup this setup was last started or left with (None on a first start)."""
        return self.app.settings.lineups.get(self.lineup_key) if self.app is not None else None

    def first_board(self, remembered: str | None) -> int:
        """The board the setup opens on: the one given (the command line's --board), else the last one
        played, else the gentle board of a first race; a board the game cannot use is shown as it is
        (with why), never swapped silently for another."""
        last = remembered or (self.app.settings.last_board if self.app is not None else "")
        refs = [c.ref for c in self.choices]
        for wanted in (self.board_file, last):
            if wanted and wanted in refs:
                return refs.index(wanted)
        if last:
            self.message, self.message_ok = t("setup.board_gone", file=Path(last).name), False
        usable = [i for i, c in enumerate(self.choices) if c.board is not None]
        gentle = [i for i in usable if Path(self.choices[i].ref).name == boards.GENTLE]
        return (gentle or usable or [0])[0]

    def restore(self, lineup: dict[str, Any]) -> None:
        """The remembered lineup back: its turns, its racers (as many as the board takes)."""
        if MIN_TURNS <= lineup.get("turns", 0) <= MAX_TURNS:
            self.turns = lineup["turns"]
        racers: list[SetupRacer] = []
        for racer in lineup["racers"][: self.max_racers()]:
            kind: SetupKind = next((known for known in self.kinds if known == racer["kind"]), "normal")
            name = racer["name"][:NAME_FIELD] if kind == "person" else ""
            racers.append({"kind": kind, "name": name, "character": racer["character"]})
        if len(racers) >= MIN_RACERS:
            self.racers = racers

    def lineup(self) -> dict[str, Any]:
        """The lineup to remember: the board, the turns, each racer's kind, name and character."""
        return {
            "board": self.choices[self.board_index].ref,
            "turns": self.turns,
            "racers": [
                {"kind": r["kind"], "name": r["name"].strip()[:NAME_LENGTH], "character": r["character"]}
                for r in self.racers
            ],
        }

    def remember(self) -> None:
        """Keep this lineup for the next time the setup opens (in the settings, saved now)."""
        if self.app is not None:
            self.app.settings.lineups[self.lineup_key] = self.lineup()
            self.app.save_settings()

    def focus_start(self) -> None:
        """The focus on *Start* (Enter starts at once), or on the board when it cannot be used."""
        if self.start_button.enabled:
            self.group.focus_on(self.start_button)
        else:
            self.group.focus = 0

    def can_start(self) -> bool:
        """Whether *Start* may be pressed: the chosen board can be used."""
        return self.board is not None

    @property
    def board(self) -> Board | None:
        """The chosen board (None when its file cannot be read)."""
        return self.choices[self.board_index].board

    def setup_dict(self) -> dict[str, Any]:
        """The setup as plain data (saved with the race, used by 'race again')."""
        return {
            "board": self.choices[self.board_index].ref,
            "turns": self.turns,
            "racers": [
                {
                    "character": r["character"],
                    "name": "" if r["kind"] == "friend" else (r["name"].strip() or character_name(r["character"])),
                    "bot": None if r["kind"] in ("person", "friend") else r["kind"],
                    "seat": {"person": "here", "friend": "friend"}.get(r["kind"], "bot"),
                }
                for r in self.racers
            ],
        }

    def max_racers(self) -> int:
        """How many racers the chosen board takes."""
        board = self.board
        return min(MAX_RACERS, board.max_racers if board else MAX_RACERS)

    # ---------------------------------------------------------------- widgets
    def rebuild(self, focus: int | None = None) -> None:
        """Lay out the widgets for the current number of racers."""
        keep = self.group.focus if focus is None else focus
        self._layout = None  # (laid out again: the racers, the board or the races' boards changed)
        widgets = self.top_widgets()
        self._racer_rows(widgets)
        self._buttons(widgets)
        self.group.set(widgets, focus)
        if 0 <= keep < len(widgets) and widgets[keep] is self.start_button and not self.start_button.enabled:
            self.group.focus = 0  # (Start cannot be used: the focus on the board, never on the next button)

    def top_widgets(self) -> list[Widget]:
        """The board, the turns and the number of racers (the left column's top)."""
        return [
            Choice(
                (40, 84, 580, 44),
                "",
                list(range(len(self.choices))),
                self.board_index,
                self.set_board,
                self.board_label,
                wrap=True,
            ),
            Choice(
                (40, self.layout().turns_y, 285, 44),
                t("setup.turns"),
                list(range(MIN_TURNS, MAX_TURNS + 1)),
                self.turns - MIN_TURNS,
                self.set_turns,
                str,
            ),
            self.count_choice(),
        ]

    def count_choice(self, left: int = 285) -> Choice:
        """How many racers (the right of the turns' row, beside the turns `left` px wide)."""
        counts = list(range(MIN_RACERS, self.max_racers() + 1))
        index = len(self.racers) - MIN_RACERS
        rect = (50 + left, self.layout().turns_y, 570 - left, 44)
        return Choice(rect, t("setup.racers"), counts, index, self.set_count, str)

    def _racer_rows(self, widgets: list[Widget]) -> None:
        """Each racer's row: a person or a computer, his name, his character."""
        self.name_fields: list[TextField] = []
        self.row_of: dict[Widget, int] = {}  # the racer whose row each widget is in
        columns = board_card.row_columns(self.kinds, CHARACTER_IDS, (KIND_X, NAME_X, CHARACTER_X, 620))
        self.away: set[Widget] = set()  # the computers' name fields (their kind takes the room)
        for i, racer in enumerate(self.racers):
            y = self.layout().rows_top + i * ROW_H
            kind_w, name_x, name_w, character_x = columns[racer["kind"] == "person"]
            kind = Choice(
                (KIND_X, y, kind_w, ROW_H - 6),
                "",
                list(self.kinds),
                self.kinds.index(racer["kind"]),
                partial(self.set_kind, i),
                lambda v: t(f"setup.kind.{v}"),
                size=19,
            )
            name = TextField(  # (a computer's, greyed, saying his name: away when his kind takes its room)
                (name_x, y if name_w else -1000, name_w or 400, ROW_H - 6),
                racer["name"],
                partial(self.set_name, i),
                max_length=NAME_FIELD,
                size=19,
                placeholder=character_name(racer["character"]),
            )
            name.enabled = racer["kind"] == "person"
            if not name_w:
                self.away.add(name)
            self.name_fields.append(name)
            character_choice = Choice(
                (character_x, y, 620 - character_x, ROW_H - 6),
                "",
                CHARACTER_IDS,
                CHARACTER_IDS.index(racer["character"]),
                partial(self.set_character, i),
                character_name,
                size=19,
                wrap=True,
            )
            for widget in (kind, name, character_choice):
                self.row_of[widget] = i
            widgets += [kind, name, character_choice]
        self.scroll_rows(0)

    def scroll_rows(self, rows: int) -> None:
        """The racers' rows `rows` down (< 0: up), the selected racer's kept on screen when they scroll
        (every row on screen when there is the room); a row off screen is away."""
        shown = self.layout().shown
        first = max(0, min(len(self.racers) - shown, self.first + rows))
        if not rows:  # (the selected racer on screen)
            first = max(min(first, self.selected), self.selected - shown + 1)
        self.first = first
        for widget, i in self.row_of.items():
            on = first <= i < first + shown and widget not in self.away
            widget.rect.y = self.layout().rows_top + (i - first) * ROW_H if on else -1000

    def _buttons(self, widgets: list[Widget]) -> None:
        """Back, start, the boards folder, and the gallery's portraits."""
        widgets.append(Button((GALLERY.left, 652, 200, 50), t("common.back"), self.back))
        widgets.append(
            Button(
                (GALLERY.right - 300, 652, 300, 50),
                t("setup.host") if self.hosting() else t(self.start_label),
                self.start,
                enabled=self.can_start(),
                primary=True,
                hint=confirm_key,
            )
        )
        self.start_button = widgets[-1]
        widgets.append(
            Button((GALLERY.right - 248, 20, 248, 44), t("setup.boards_folder"), self.open_boards_folder, size=19)
        )
        if self.one_board:  # (a championship's setup chooses a board per race: no gallery of one choice)
            widgets.append(
                Button((GALLERY.right - 508, 20, 248, 44), t("setup.all_boards"), self.open_gallery, size=19)
            )
        for k, character in enumerate(CHARACTER_IDS):
            widgets.append(Portrait(self.card_rect(k), character, self.pick))
        card, words = self.character_box(), t("setup.whole_card")
        size = (text.width(words, 16, "bold") + 36, text.tall(34, 16, "bold", 5))
        whole = Button((card.right - 8 - size[0], card.bottom - 8 - size[1], *size), words, self.whole_card, size=16)
        widgets.append(whole)

    def gallery(self) -> character_gallery.Layout:
        """The gallery laid out for the lineup at the player's Text size (its heading on two lines when it must)."""
        return character_gallery.layout(self.racers, self.selected)

    def character_box(self) -> pygame.Rect:
        """Where the selected racer's character's card is, under the gallery."""
        return self.gallery().card

    def whole_card(self) -> None:
        """The selected racer's character's card whole, over the setup (scenes/screens/character_sheet.py)."""
        self.stack.push(CharacterSheetScene(self.racers[self.selected]["character"]))

    def card_rect(self, k: int) -> pygame.Rect:
        """Where character k's card is in the gallery."""
        return self.gallery().portraits[k]

    def set_board(self, index: int) -> None:
        """Another board; its proposed number of turns comes with it."""
        self.board_index = index
        self.message = ""
        board = self.board
        if board is not None:
            self.turns = board.turns
            del self.racers[self.max_racers() :]
            if self.app is not None:
                self.app.settings.last_board = self.choices[index].ref
        self.rebuild()

    def board_label(self, index: int) -> str:
        """A board's name in the chooser: the player's own are marked, unusable ones named by their file."""
        choice = self.choices[index]
        if choice.board is None:
            return t("setup.unreadable", ref=Path(choice.ref).name)
        if choice.origin == boards.YOURS:
            return t("setup.your_board", name=board_name(choice.board))
        return board_name(choice.board)

    def open_gallery(self) -> None:
        """Every board as a picture, to choose one (scenes/screens/board_gallery.py)."""
        self.stack.push(self.stack.make("board_gallery", self.choices, self.board_index, self.board_chosen))

    def board_chosen(self, index: int) -> None:
        """A board chosen in the gallery: the focus on *Start*, where the footer says Enter goes."""
        self.set_board(index)
        self.focus_start()

    def open_boards_folder(self) -> None:
        """Show the player's boards folder in the system's file manager (and say where it is)."""
        where = userboards.prepare()
        if where is None:
            self.message, self.message_ok = t("setup.no_boards_folder"), False
            return
        problem = userboards.open_in_file_manager(where)
        if problem is not None:
            log.info("cannot show the boards folder %s: %s", where, problem)
        self.message = (
            t("setup.boards_folder_opened", path=where)
            if problem is None
            else t("setup.boards_folder_failed", path=where)
        )
        self.message_ok = problem is None

    def set_turns(self, turns: int) -> None:
        """The number of game turns."""
        self.turns = turns

    def set_count(self, count: int) -> None:
        """Add or remove racers (new ones are computer racers)."""
        while len(self.racers) < count:
            used = {r["character"] for r in self.racers}
            character = next((c for c in DEFAULT_CHARACTERS if c not in used), "human")
            self.racers.append({"kind": "normal", "name": "", "character": character})
        del self.racers[count:]
        self.selected = min(self.selected, count - 1)
        self.rebuild()

    def hosting(self) -> bool:
        """Whether a seat is open for a friend (the race is then hosted over the network)."""
        return any(r["kind"] == "friend" for r in self.racers)

    def set_kind(self, i: int, kind: SetupKind) -> None:
        """A person here, a computer racer, or a seat open for a friend."""
        self.racers[i]["kind"] = kind
        if kind == "person" and not self.racers[i]["name"]:
            self.racers[i]["name"] = t("setup.player", number=sum(r["kind"] == "person" for r in self.racers))
        if kind != "person":
            self.racers[i]["name"] = ""
        self.selected = i
        self.rebuild()

    def set_name(self, i: int, name: str) -> None:
        """A person's name."""
        self.racers[i]["name"] = name

    def set_character(self, i: int, character: str) -> None:
        """A racer's character (a computer racer, or a person without a name, is called after it)."""
        self.racers[i]["character"] = character
        self.selected = i
        self.name_fields[i].placeholder = character_name(character)

    def pick(self, character: str) -> None:
        """A click in the gallery: the selected racer takes that character."""
        self.set_character(self.selected, character)
        focus = self.group.focus
        self.rebuild(focus)

    def start(self) -> None:
        """Start the race (never on a board that cannot be used: its card says why)."""
        if self.board is None:
            self.message, self.message_ok = t("setup.cannot_start_board"), False
            return
        self.remember()
        if self.app is not None:
            self.app.settings.last_board = self.choices[self.board_index].ref
            self.app.save_settings()
        if self.hosting():
            self.stack.push(self.stack.make("host", self.setup_dict()))
            return
        problem = start_race(self.stack, self.setup_dict())
        if problem:
            self.message, self.message_ok = problem, False

    def back(self) -> None:
        """Back to the title (the lineup is remembered as it is)."""
        self.remember()
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        focused = self.group.focused
        if controls.pressed(event, Action.CONFIRM) and not isinstance(focused, Button):
            self.start()  # "Enter: start" from any field (Space or the arrows change a value)
            return None
        if self.group.handle_event(event):
            now = self.group.focused
            if now is not None and now in self.row_of:
                self.selected = self.row_of[now]
                self.scroll_rows(0)
            return None
        if event.type == pygame.MOUSEWHEEL and self.layout().shown < len(self.racers):
            self.scroll_rows(-event.y)  # (the wheel up shows the rows above)
            return None
        if controls.pressed(event, Action.BACK):
            self.back()
        return None

    # ---------------------------------------------------------------- drawing
    def rest(self) -> float:
        """Nothing on the setup moves by itself but a focused name field's caret."""
        return caret_rest() if isinstance(self.group.focused, TextField) else math.inf

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 200)
        text.draw(surface, t(self.title_key), (40, 22), 40, theme.ACCENT, "title")
        self._draw_board_card(surface)
        text.draw_wrapped(
            surface,
            t(self.racers_help),
            self.layout().help,
            17,
            theme.TEXT,
            "bold",
            spacing=0,
            whole=True,
        )
        laid = self.layout()
        for i in range(self.first, min(len(self.racers), self.first + laid.shown)):
            y = laid.rows_top + (i - self.first) * ROW_H + (ROW_H - 6) // 2
            if i == self.selected:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, (34, y - 21, 592, ROW_H - 2), border_radius=8)
            shape = sprites.mark(i, 30, theme.racer_colour(i), i + 1)  # his seat's shape, colour and number
            surface.blit(shape, shape.get_rect(center=(54, y)))
        board_card.more_rows(surface, laid, self.first, len(self.racers))
        self._draw_gallery(surface)
        self.group.draw(surface)
        if self.message:
            text.draw(
                surface, self.message, (40, 706), 17, theme.GOOD if self.message_ok else theme.BAD, anchor="midleft"
            )
        else:  # (in the left column, on more lines when it must: never under Back)
            y = 716 - len(self.layout().keys) * text.line_height(16)
            for line in self.layout().keys:
                y = text.draw(surface, line, (40, y), 16, theme.MUTED).bottom

    def card_height(self, width: int) -> int:
        """The height the board's card wants (a championship's setup: the races' boards, as designed)."""
        return board_card.wanted_height(self.choices[self.board_index], width)

    def layout(self) -> board_card.Layout:
        """The left column laid out at the player's Text size (board_card.column; kept while it holds)."""
        key = (theme.text_scale(), t("setup.keys"), len(self.racers), self.board_index, t(self.racers_help))
        if self._layout is not None and self._layout[0] == key:
            return self._layout[1]
        choice, wanted = self.choices[self.board_index], self.card_height(580)
        laid = board_card.column(t("setup.keys"), t(self.racers_help), len(self.racers), choice, wanted)
        self._layout = (key, laid)
        return laid

    def _draw_board_card(self, surface: pygame.Surface) -> None:
        board_card.draw(surface, self.layout().card, self.choices[self.board_index])

    def _draw_gallery(self, surface: pygame.Surface) -> None:
        laid = self.gallery()
        # (the portraits' click targets where they are drawn: a name typed may give the heading a second line)
        for widget in self.group.widgets:
            if isinstance(widget, Portrait):
                widget.rect = laid.portraits[CHARACTER_IDS.index(widget.character)].copy()
        below = self.group.widgets[-1].rect.height + 4  # (the button of the card whole)
        character_gallery.draw(surface, laid, self.racers, self.selected, below)
