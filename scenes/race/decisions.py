"""The panel that asks a person the race's pending decision.

It offers the legal options of `race.pending` (options that do exactly the same offered once, see
scenes/race/options.py): as buttons (mouse, or the number keys), and, where an option stands for a
square, as highlighted squares on the board where the racer really stops (click one, or cycle with
Left / Right or Tab and press Enter). The focus starts on a safe option; an option that surely
costs points, a shield or coins is chosen by a second press (the same key, Enter or click; any other
key, or Escape, takes the first back). A clover decision shows the dice: click a die (or press its
number) to turn it over, and validate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pygame

from game import Decision, Option, Race
from game.app.controls import OPTIONS, Action
from game.boards.board import Square
from scenes.core import audio, controls, i18n, text, theme, words
from scenes.core.i18n import t
from scenes.race import dice_tray, options
from scenes.race.option_rows import OptionRows, most_rows
from scenes.race.options import Entry
from scenes.render import effects, rolls, sprites
from scenes.ui.widgets import control_box, panel, warning_sign

ICONS = {
    "move": ("ui", "move"),
    "rest": ("ui", "rest"),
    "coins": ("ui", "coins"),
    "end": ("ui", "finish"),
    "star": ("object", "throwing_star"),
}
MAX_BUTTONS = 16
# A fireball path is drawn with the arrows: Down goes forward (down the board), Left and Right sideways.
PATH_STEPS = {Action.DOWN: (1, 0), Action.LEFT: (0, -1), Action.RIGHT: (0, 1)}
HINTS = {  # the keys' hint of a kind of decision (catalogue keys)
    "path": "dec.hint_path",
    "target": "dec.hint_squares",
    "flail": "dec.hint_squares",
    "distance": "dec.hint_distance",
}


def _icon(decision: Decision, option: Option) -> pygame.Surface | None:
    if decision.kind == "action" and isinstance(option, str):
        if option.startswith("use:") or option.startswith("wand:"):
            return sprites.icon("object", option.split(":", 1)[1], 28)
        if option in ICONS:
            return sprites.icon(ICONS[option][0], ICONS[option][1], 28)
    if decision.kind == "drop":
        return sprites.icon("object", option, 28)
    if decision.kind == "shield" and option == "shield":
        return sprites.icon("object", "shield", 28)
    return None


PANEL_RADIUS = 12  # the dock's top corners
DOCK_MARGIN = 4  # the dock reaches this far above the panel's contents


class DecisionPanel:
    """Asks one decision; calls `on_choose(option)` with a legal option."""

    def __init__(self, decision: Decision, race: Race, on_choose: Callable[[Option], None], area: pygame.Rect) -> None:
        self.decision = decision
        self.race = race
        self.on_choose = on_choose
        self.area = area
        self._focus = 0
        self.armed: int | None = None  # the entry that surely costs, waiting for its second press
        self.selected: set[int] = set()  # dice to turn over (clover)
        self.entries = options.entries(decision, race)
        for entry in self.entries:
            entry.icon = _icon(decision, entry.option)
        if decision.kind == "path":
            keys = {"end": Action.CONFIRM, "undo": Action.UNDO}  # the player's own keys
            for entry in self.entries:
                if isinstance(entry.option, str) and entry.option in keys:
                    entry.label = t("dec.with_key", label=entry.label, key=controls.words(keys[entry.option]))
        self.clover = decision.kind == "clover"
        clovers = cast(tuple[tuple[int, ...], ...], decision.options)  # (a clover's options: the dice each turns)
        self.flippable = sorted({i for o in clovers for i in o}) if self.clover else []
        self.dice_rects: list[pygame.Rect] = []
        self.outcome_rects: list[pygame.Rect] = []
        self.validate_rect: pygame.Rect | None = None
        self.roll = dice_tray.roll_of(race, decision) if not self.clover else None  # the dice in front of him
        self.rect = self._layout()
        self._squares: tuple[int, list[tuple[tuple[int, int], bool, str]]] | None = (
            None  # (focus, squares to highlight)
        )
        self._picture: Any = None  # (look, picture, where)
        # a clover's focus: a die (Enter turns it over) or, from the start, Validate (after the dice)
        self.focus = options.safe_focus(self.entries, decision.kind) if not self.clover else len(self.dice_rects)

    # ---------------------------------------------------------------- layout
    def _button_entries(self) -> list[Entry]:
        if self.clover:
            return []
        if self.decision.kind == "path":
            return [e for e in self.entries if e.square is None]
        if len(self.entries) <= MAX_BUTTONS:
            return self.entries
        return [e for e in self.entries if e.square is None]

    def _layout(self) -> pygame.Rect:
        width = self.area.width - 20
        x0 = self.area.left + 10
        wide = lambda e: max(96, text.width(e.label, 18, "bold") + (64 if e.icon else 36))  # noqa: E731
        most = most_rows(self.area.height)  # (a long list scrolls; a larger window shows more rows)
        self.rows = OptionRows(self._button_entries(), width - 20, wide, most)
        # the keys' hint goes beside the question, or under it when both do not fit on one line
        self.hint = t("dec.hint_clover") if self.clover else t(HINTS.get(self.decision.kind, "dec.hint"))
        room = width - 32 - text.width(words.prompt(self.decision, self.race), 21, "bold")
        self.hint_below = text.width(self.hint, 15) + 24 > room  # a clover's goes in the right column
        self.hint_below |= self.roll is not None  # (the dice go beside the question)
        self.grow = grow = text.grown(21, "bold")  # (the question's line at the Text size: all below it moves)
        head = 22 + text.grown(15) if self.hint_below and not self.clover else 0
        lines = self.rows.shown
        pitch, tall = (48, 40) if lines <= 2 else (42, 36)  # many rows: closer, for the board's sake
        pitch, tall = pitch + text.grown(18, "bold"), tall + text.grown(18, "bold")
        if self.clover:
            height = 58 + grow + 164 + 10 + text.grown(17) + 3 * text.grown(15)  # (the clovers' and the hint's lines)
        else:
            height = 58 + grow + head + lines * pitch + (26 if self.decision.kind == "coins" else 0) + 8
        rect = pygame.Rect(x0, self.area.bottom - height - 10, width, height)
        self.rows.place(rect.left + 16, rect.top + 54 + grow + head, rect.right - 16, pitch, tall)
        if self.clover:
            self._layout_dice(rect)
        if self.roll is not None:  # beside the question, or beside the keys' hint when the question is long
            question = rect.left + 16 + text.width(words.prompt(self.decision, self.race), 21, "bold")
            if dice_tray.lay_out(self.roll, rect.right - 14, rect.top + 24).left < question + 16:
                dice_tray.lay_out(self.roll, rect.right - 14, rect.top + 48 + grow)
        return rect

    def _layout_dice(self, rect: pygame.Rect) -> None:
        count = len(self.decision.info.get("faces", []))
        top = rect.top + 56 + self.grow
        self.dice_rects = [pygame.Rect(rect.left + 34 + i * 170, top, 140, 160) for i in range(count)]
        self.validate_rect = pygame.Rect(rect.right - 220, rect.bottom - 64, 200, 48)
        names = self.decision.info.get("die", [])
        self.outcome_rects = []
        if count == 1 and names and names[0] in ("DOBJ", "DCOMBAT"):
            left = self.dice_rects[0].right + 16
            self.outcome_rects = [pygame.Rect(left, top + 4 + k * 72, 400, 64) for k in range(2)]

    # ---------------------------------------------------------------- choosing
    @property
    def focus(self) -> int:
        """The entry under the keyboard focus (moving it takes back a first press on a costly one)."""
        return self._focus

    @focus.setter
    def focus(self, index: int) -> None:
        if index != self._focus:
            self.armed = None
        self._focus = index
        if 0 <= index < len(self.entries):
            self.rows.show(self.entries[index])  # (a long list: the focused option's row in sight)

    def focus_option(self, option: Option) -> None:
        """Focus the entry standing for an engine option, and make it choose that very option (a
        lesson's, merged with equal ones)."""
        for index, entry in enumerate(self.entries):
            if option in entry.options:
                if entry.option != option:
                    entry.same = [o for o in entry.options if o != option]
                    entry.option = option
                self.focus = index
                return

    def square_of(self, option: Option) -> tuple[int, int] | None:
        """The square highlighted for an engine option (where it really ends)."""
        for entry in self.entries:
            if option in entry.options:
                return entry.square
        return None

    @property
    def focused(self) -> Entry | None:
        """The option under the keyboard focus."""
        return self.entries[self.focus] if self.entries and not self.clover else None

    def squares(self) -> list[tuple[tuple[int, int], bool, str]]:
        """Squares to highlight: (square, focused, number shown); worked out once per focus."""
        if self._squares is not None and self._squares[0] == self.focus:
            return self._squares[1]
        shown = []
        buttons = self._button_entries()
        for index, entry in enumerate(self.entries):
            if entry.square is not None:
                number = str(buttons.index(entry) + 1) if entry in buttons and buttons.index(entry) < 10 else ""
                shown.append((entry.square, index == self.focus, number[-1:] if number == "10" else number))
        self._squares = (self.focus, shown)
        return shown

    def choose(self, option: Option) -> None:
        """Answer with a legal option."""
        self.armed = None
        if option in self.decision.options:
            audio.play("click")
            self.on_choose(option)

    def pick(self, index: int) -> None:
        """A press on an entry (its key, Enter on it, a click): it is chosen, or, when it surely
        costs, focused and armed: a second press chooses it."""
        entry = self.entries[index]
        if entry.asks_twice(self.decision.kind) and self.armed != index:
            self.focus = index
            self.armed = index
            audio.play("click")
            return
        self.choose(entry.option)

    def cancel(self) -> bool:
        """Take back a first press on a costly entry (Escape); True when there was one."""
        armed, self.armed = self.armed, None
        return armed is not None

    def choose_square(self, square: Square) -> bool:
        """Answer with the option that stands for a clicked square (a path's last square ends the path)."""
        if self.decision.kind == "path" and "end" in self.decision.options and square is not None:
            drawn = self.decision.info.get("path") or []
            if drawn and tuple(drawn[-1]) == tuple(square):
                self.choose("end")
                return True
        standing = [i for i, entry in enumerate(self.entries) if entry.square == square]
        if standing:
            self.pick(self.focus if self.focus in standing else standing[0])
            return True
        return False

    def hover(self, square: Square | None) -> None:
        """The mouse is over a board square: focus the option standing for it, if any."""
        if square is None or self.entries[self.focus].square == tuple(square):
            return
        for index, entry in enumerate(self.entries):
            if entry.square == tuple(square):
                self.focus = index
                return

    def preview(self) -> tuple[int, int] | None:
        """The next square of a path under the focus (the mouse's or the keys'), drawn as a preview."""
        entry = self.focused
        return entry.square if entry is not None and self.decision.kind == "path" else None

    def path_step(self, delta: tuple[int, int]) -> tuple[int, int] | None:
        """The path option one step (dr, dc) from the path's end, when it is legal."""
        drawn = self.decision.info.get("path") or []
        here = tuple(drawn[-1]) if drawn else self.race.racers[self.decision.racer].square
        square = self.race.board.wrap(here[0] + delta[0], here[1] + delta[1])
        return square if square in self.decision.options else None

    def toggle(self, index: int) -> None:
        """Select or cancel a die to turn over with a clover."""
        if index not in self.flippable:
            return
        candidate = set(self.selected) ^ {index}
        if tuple(sorted(candidate)) in self.decision.options:
            self.selected = candidate

    def options(self) -> list[tuple[int, ...]]:
        """A clover's options: the dice each turns over."""
        return [cast(tuple[int, ...], o) for o in self.decision.options]

    def validate(self) -> None:
        """Validate the roll with the selected dice turned over."""
        self.choose(tuple(sorted(self.selected)))

    @property
    def validate_focused(self) -> bool:
        """Whether a clover's focus is on Validate (else on a die)."""
        return self.clover and self.focus >= len(self.dice_rects)

    def turn_focused(self) -> None:
        """Turn the focused die over (or back); once no other die may be turned, the focus moves on to
        Validate."""
        self.toggle(self.focus)
        audio.play("click")
        if self.focus in self.selected and self.last_die_turned():
            self.focus = len(self.dice_rects)

    def last_die_turned(self) -> bool:
        """Whether dice are turned and no other may be (the focus then moves on to Validate)."""
        return bool(self.selected) and not any(set(o) > self.selected for o in self.options())

    def _clover_key(self, event: pygame.event.Event, number: int | None) -> bool:
        """A clover's keys: a die's number turns it over; Left / Right (Tab) go from die to die and
        to Validate; Enter or Space turns the focused die over, or validates on Validate."""
        stops = len(self.dice_rects) + 1
        if number is not None and number < min(9, len(self.dice_rects)):
            self.toggle(number)
            audio.play("click")
            if self.last_die_turned():
                self.focus = len(self.dice_rects)
            return True
        if controls.pressed(event, Action.RIGHT, Action.DOWN, Action.NEXT_FIELD):
            self.focus = (self.focus + 1) % stops
            return True
        if controls.pressed(event, Action.LEFT, Action.UP):
            self.focus = (self.focus - 1) % stops
            return True
        if controls.pressed(event, Action.CONFIRM, Action.ACTIVATE):
            if self.validate_focused:
                self.validate()
            else:
                self.turn_focused()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use a key or click; True when used."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION and self.clover:
            stops = [*self.dice_rects, self.validate_rect]
            for index, rect in enumerate(stops):
                if rect is not None and rect.collidepoint(event.pos):
                    self.focus = index
            return False
        if event.type == pygame.MOUSEMOTION and not self.clover:
            for index, entry in enumerate(self.entries):
                if entry.rect is not None and entry.rect.collidepoint(event.pos):
                    self.focus = index
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.clover:
                for index, rect in enumerate(self.dice_rects):
                    if rect.collidepoint(event.pos):
                        self.toggle(index)
                        return True
                for k, rect in enumerate(self.outcome_rects):
                    if rect.collidepoint(event.pos) and (k == 1) != (0 in self.selected):
                        self.toggle(0)
                        return True
                if self.validate_rect and self.validate_rect.collidepoint(event.pos):
                    self.validate()
                    return True
                return self.rect.collidepoint(event.pos)
            for index, entry in enumerate(self.entries):
                if entry.rect is not None and entry.rect.collidepoint(event.pos):
                    self.pick(index)
                    return True
            scrolled = self.rows.clicked(event.pos)
            if scrolled is not None:
                self.focus = self.entries.index(scrolled)
            return self.rect.collidepoint(event.pos)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        option = controls.which(event, OPTIONS)
        number = OPTIONS.index(option) if option is not None else None
        if self.clover:
            return self._clover_key(event, number)
        if self.decision.kind == "path":
            step = controls.which(event, PATH_STEPS)
            if step is not None:
                square = self.path_step(PATH_STEPS[step])
                if square is not None:
                    self.choose(square)
                return True
            if controls.pressed(event, Action.CONFIRM):
                if "end" in self.decision.options:
                    self.choose("end")
                return True
            if controls.pressed(event, Action.UNDO):
                if "undo" in self.decision.options:
                    self.choose("undo")
                return True
        buttons = self._button_entries()
        if number is not None and number < len(buttons):
            self.pick(self.entries.index(buttons[number]))
            return True
        shift = event.mod & pygame.KMOD_SHIFT
        if controls.pressed(event, Action.RIGHT, Action.DOWN) or (
            controls.pressed(event, Action.NEXT_FIELD) and not shift
        ):
            self.focus = (self.focus + 1) % len(self.entries)
            return True
        if controls.pressed(event, Action.LEFT, Action.UP, Action.NEXT_FIELD):
            self.focus = (self.focus - 1) % len(self.entries)
            return True
        if controls.pressed(event, Action.CONFIRM, Action.ACTIVATE):
            self.pick(self.focus)
            return True
        self.armed = None  # any other key takes a first press back
        return False

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, colour: theme.Colour) -> None:
        """The question, the options and what they mean, docked at the foot of the board."""
        surface.blit(*self.picture(colour, surface.get_size()))

    def picture(self, colour: theme.Colour, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect]:
        """The panel as it looks now (focus, dice turned over, colour, language) on its dock,
        and where it goes on a screen of `size`: painted once per look as an opaque keyed
        picture. It lets what is under it show only in its `notches`."""
        look = (
            self.focus,
            self.armed,
            frozenset(self.selected),
            tuple(colour),
            i18n.language(),
            controls.stamp(),
            size,
        )
        if self._picture is None or self._picture[0] != look:
            scratch = pygame.Surface(size).convert()
            scratch.fill(effects.KEY)
            self._paint(scratch, colour)
            area = self.dock.clip(scratch.get_rect())
            picture = pygame.Surface(area.size).convert()
            text.lay(picture, scratch, (0, 0), area)
            self._picture = (look, effects.keyed(picture), area)
        return self._picture[1], self._picture[2]

    @property
    def dock(self) -> pygame.Rect:
        """Where the panel is drawn: across the foot of its area, from the top of its contents
        (`rect`) down."""
        return pygame.Rect(
            self.area.left, self.rect.top - DOCK_MARGIN, self.area.width, self.area.bottom - self.rect.top + DOCK_MARGIN
        )

    @property
    def notches(self) -> list[pygame.Rect]:
        """The corners of the dock that the panel, being round there, does not cover."""
        r, dock = PANEL_RADIUS, self.dock
        return [pygame.Rect(dock.left, dock.top, r, r), pygame.Rect(dock.right - r, dock.top, r, r)]

    def _paint(self, surface: pygame.Surface, colour: theme.Colour) -> None:
        """Draw the panel as it looks now."""
        dock, r = self.dock, PANEL_RADIUS
        pygame.draw.rect(surface, (26, 30, 48), dock, border_top_left_radius=r, border_top_right_radius=r)
        pygame.draw.rect(surface, colour, dock, 2, border_top_left_radius=r, border_top_right_radius=r)
        question, at = words.prompt(self.decision, self.race), (self.rect.left + 16, self.rect.top + 12)
        text.fitted_line(surface, question, at, self.rect.width - 32, 21, theme.TEXT, "bold")
        if self.hint_below and self.clover:  # under the clovers held, above Validate
            top = self.rect.top + 92 + self.grow + text.grown(17)
            bottom = self.validate_rect.top - 4 if self.validate_rect is not None else top + 44
            area = pygame.Rect(self.rect.right - 230, top, 216, bottom - top)
            text.draw_wrapped(surface, self.hint, area, 15, theme.MUTED, spacing=2, whole=True)
        else:
            hint, shade, kind = self.hint, theme.MUTED, "body"
            if self.armed is not None:  # the first press on an option that surely costs
                hint, shade, kind = t("dec.confirm_hint"), theme.BAD, "bold"
            if self.hint_below:
                left = self.rect.left + 16 + (20 if self.armed is not None else 0)
                said = text.draw(surface, hint, (left, self.rect.top + 42 + self.grow), 15, shade, kind)
            else:
                said = text.draw(
                    surface, hint, (self.rect.right - 14, self.rect.top + 16), 15, shade, kind, anchor="topright"
                )
            if self.armed is not None:  # (a cost: its sign as well as its colour)
                warning_sign(surface, (said.left, said.centery), said.height)
        if self.roll is not None:
            dice_tray.draw(surface, self.roll)
        if self.clover:
            self._draw_dice(surface)
            return
        for index, entry in enumerate(self._button_entries()):
            if entry.rect is None:  # laid out by _layout before any drawing
                continue
            focused = self.entries.index(entry) == self.focus
            control_box(surface, entry.rect, focused)
            if focused and self.armed is not None:  # waiting for its second press
                pygame.draw.rect(surface, theme.BAD, entry.rect.inflate(6, 6), 3, border_radius=10)
            x = entry.rect.left + 10
            if index < 10:
                text.draw(
                    surface, str((index + 1) % 10), (x, entry.rect.centery), 15, theme.ACCENT, "bold", anchor="midleft"
                )
                x += 16
            if entry.icon is not None:
                surface.blit(entry.icon, entry.icon.get_rect(midleft=(x, entry.rect.centery)))
                x += 32
            text.draw(surface, entry.label, (x, entry.rect.centery), 18, theme.TEXT, "bold", anchor="midleft")
        self.rows.draw_marks(surface)
        if self.decision.kind == "coins":
            self._draw_coins(surface)

    def _draw_coins(self, surface: pygame.Surface) -> None:
        entry = self.entries[self.focus]
        info = self.decision.info.get("squares", {}).get(entry.option, {})
        owned = self.decision.info.get("coins", "?")
        line = t(
            "dec.coins",
            coins=entry.option,
            owned=owned,
            count=info.get("travelled", "?"),
            theoretical=info.get("theoretical", "?"),
        )
        colour = theme.TEXT
        if info.get("blocked"):
            line = t(
                "dec.coins_blocked",
                line=line,
                travelled=info.get("travelled"),
                theoretical=info.get("theoretical"),
                coins=entry.option,
            )
            colour = theme.BAD
            warning_sign(surface, (self.rect.left + 36, self.rect.bottom - 19), 18)
        text.draw(
            surface, line, (self.rect.left + (36 if info.get("blocked") else 16), self.rect.bottom - 28), 16, colour
        )

    def _draw_outcomes(
        self,
        surface: pygame.Surface,
        i: int,
        reading: Callable[[int, bool], tuple[str, pygame.Surface | None]],
        chosen: bool,
    ) -> None:
        """What a chest or a fight gives as rolled and with a clover, side by side."""
        rows = [(t("dec.as_rolled"), reading(i, False), not chosen)]
        if i in self.flippable:
            name = self.decision.info.get("die", [""])[i]
            label = t("dec.with_clover_object") if name == "DOBJ" else t("dec.with_clover")
            rows.append((label, reading(i, True), chosen))
        for k, (label, (words_now, icon), active) in enumerate(rows):
            row = (
                self.outcome_rects[k]
                if k < len(self.outcome_rects)
                else pygame.Rect(self.dice_rects[i].right + 16, self.rect.top + 60 + k * 72, 400, 64)
            )
            control_box(surface, row, active, None if active else (30, 34, 52), width=2)
            x = row.left + 10
            if icon is not None:
                small = pygame.transform.smoothscale(icon, (46, 46))
                surface.blit(small, small.get_rect(midleft=(x, row.centery)))
                x += 54
            text.draw(surface, label, (x, row.top + 8), 15, theme.MUTED)
            text.draw(surface, words_now, (x, row.top + 28), 21, theme.TEXT if active else theme.MUTED, "bold")

    def _draw_dice(self, surface: pygame.Surface) -> None:
        info = self.decision.info
        names, faces, opposite = info.get("die", []), info.get("faces", []), info.get("opposite", [])
        results = info.get("results") or []
        flipped_results = info.get("flipped_results") or []

        def reading(i: int, turned: bool) -> tuple[str, pygame.Surface | None]:
            """(words, icon) of die i as rolled or turned over."""
            if names[i] == "DCOMBAT" and results:
                result = (flipped_results if turned else results)[i]
                return words.RESULTS.get(result, result), None
            if names[i] == "DOBJ" and info.get("object"):
                obj: str = info["alternative"] if turned else info["object"]  # (a DOBJ roll names both)
                return words.object_name(obj), sprites.icon("object", obj, 60)
            return str(opposite[i] if turned else faces[i]), None

        for i, rect in enumerate(self.dice_rects):
            chosen = i in self.selected
            if i == self.focus:  # what Enter turns over
                control_box(surface, rect.inflate(10, 6), True, fill=(36, 42, 62))
            now, icon = reading(i, chosen)
            face = (
                now
                if names[i] != "DCOMBAT" or not results
                else t(f"die.face.{(flipped_results if chosen else results)[i]}")
            )
            rolls.draw_die(surface, (rect.centerx, rect.top + 38), 70, names[i], face, icon, selected=chosen)
            read_as_words = names[i] in ("DOBJ", "DCOMBAT") and (results or info.get("object"))
            lines = []
            if read_as_words:
                lines.append(
                    t("dec.turn_over", number=i + 1)
                    if i in self.flippable and not chosen
                    else t("dec.keep", number=i + 1)
                    if i in self.flippable
                    else t("dec.cannot_turn")
                )
            elif i in self.flippable:
                other, _ = reading(i, not chosen)
                lines.append(t("dec.back_to" if chosen else "dec.turn_to", number=i + 1, face=other))
            else:
                lines.append(t("dec.cannot_turn"))
            if read_as_words:
                self._draw_outcomes(surface, i, reading, chosen)
            for k, line in enumerate(lines[:4]):
                colour = theme.TEXT if k < len(lines) - 1 or i not in self.flippable else theme.ACCENT
                if i not in self.flippable:
                    colour = theme.DIM
                text.draw(surface, line, (rect.centerx, rect.top + 82 + k * 18), 15, colour, anchor="midtop")
        clovers = info.get("clovers", 0)
        clovers_top = 56 if any(n in ("DOBJ", "DCOMBAT") for n in names) else 64
        clovers_at = (self.rect.right - 230, self.rect.top + clovers_top + self.grow)
        said = t("dec.clovers", clovers=clovers, selected=len(self.selected))
        text.fitted_line(surface, said, clovers_at, 216, 17, theme.MUTED)
        button = self.validate_rect
        if button is None:
            return
        panel(surface, button, (186, 136, 38), theme.FOCUS, radius=8, shadow=False, width=2)
        if self.validate_focused:
            pygame.draw.rect(surface, theme.TEXT, button.inflate(10, 10), 3, border_radius=11)
        text.draw(surface, t("dec.validate"), button.center, 20, (30, 22, 8), "bold", anchor="center")
