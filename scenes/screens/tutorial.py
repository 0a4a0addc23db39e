"""The guided first race (title: *Learn to play*; offered on the first start).

The engine's own race (`game.meta.tutorial`: a small board, prepared dice) drawn by the real race
scene; each lesson shows one short explanation with an arrow that ends on what it talks about (a
square where a move ends, the racer, the button of the lesson's option, the die a clover turns
over, a part of the racer's card in the sidebar). The narrow training ground is drawn once at the
left of the board view and the lessons are written beside it, so a lesson never covers the racer
nor the squares it names; the camera frames them above the decision panel. The lessons' numbers
come from the race and its tables (the fight's chances, the chest's badge, the shortcut's roll).
At a lesson that needs a choice, another option is explained and asked again; after an event's
lesson, Enter goes on. Escape skips the guided race at any step; it can be played again from
the title.
"""

from __future__ import annotations

import logging
import math
from typing import Any, cast

import pygame

from game import Option
from game.app.controls import Action
from game.app.session import Session
from game.meta import tutorial
from game.meta.tutorial import PLAYER, STEPS, Step
from game.rules.characters import CHARACTERS
from game.rules.events import Event
from scenes.core import assets, controls, i18n, text, theme
from scenes.core.i18n import t
from scenes.race import RaceScene, hud
from scenes.race.decisions import DecisionPanel
from scenes.race.guide import Guide
from scenes.render import effects

BOARD_LEFT = 16  # the training ground's left edge in the board view; the lessons are written beside it
BOX_MARGIN = 16

log = logging.getLogger("fantasy-racing")
GO_ON = (Action.CONFIRM, Action.ACTIVATE)
# An event whose lesson talks of what a later event shows: (kind, cause) of that later event (the
# finish line's lesson says the card shows the lap's points: it waits until they are on the card).
SHOWN_AFTER = {"crossed_line": ("scored", "lap")}
SETUP = {"tutorial": True, "board": "tutorial", "turns": tutorial.TURNS}


def tutorial_scene() -> RaceScene:
    """The guided first race: the engine's prepared race, never saved, led by its lessons."""
    race = tutorial.new_race(t("tutorial.you"), t("tutorial.computer"))
    return RaceScene(race, seed=1, session=Session.unsaved(race, SETUP), guide=Lessons())


class Lessons(Guide[RaceScene]):
    """The lessons over the guided race (see the module)."""

    rests = False  # the lesson's frame pulses around what it talks about

    def __init__(self) -> None:
        self.scene: RaceScene | None = None
        self.step_index = 0  # the next lesson of STEPS
        self.lesson: Step | None = None  # the lesson on screen
        self.size = 18  # its words' size as designed (smaller only when the Text size leaves it no room)
        self.armed: Step | None = None  # an event's lesson, shown once its animation ends
        self.waiting: tuple[str, str] | None = None  # the later event an armed lesson waits for
        self.armed_later: Step | None = None
        self.wrong = False  # the player chose another option than the lesson's
        self.over = False
        self.event: Any = None  # the event an event's lesson tells about (its numbers are the lesson's)

    def enter(self, scene: RaceScene) -> None:
        self.scene = scene
        scene.camera.board_left = BOARD_LEFT  # the training ground at the left, the lessons beside it
        scene.camera.zooms = False  # (at one size: the lessons stand beside it)
        if scene.app is not None and not scene.app.settings.tutorial_seen:
            scene.app.settings.tutorial_seen = True  # offered once on the first start; replayable from the title
            scene.app.save_settings()

    # ---------------------------------------------------------------- lessons
    @property
    def next_step(self) -> Step | None:
        return STEPS[self.step_index] if self.step_index < len(STEPS) else None

    @property
    def reading(self) -> bool:
        """An event's lesson is on screen: the race waits for Enter."""
        return self.lesson is not None and self.lesson.on == "event"

    def shown(self, event: Event) -> None:
        """An event's lesson is armed when its event is shown (it appears once the animation ends)."""
        if event.kind == "race_over" and not self.over:
            self.over = True
            log.info("the guided first race is over after %d lessons", self.step_index)
        step = self.next_step
        if self.waiting is not None:  # the lesson waits for what its words show (the lap's points on the card)
            if (event.kind, getattr(event, "cause", None), getattr(event, "racer", None)) == (*self.waiting, PLAYER):
                self.waiting, self.armed = None, self.armed_later
            return
        if step is not None and step.on == "event" and step.kind == event.kind:
            who = getattr(event, "defender", None) if event.kind == "fight" else getattr(event, "racer", PLAYER)
            if who == PLAYER:
                self.armed, self.step_index, self.event = step, self.step_index + 1, event
                if event.kind in SHOWN_AFTER:
                    self.waiting, self.armed_later, self.armed = SHOWN_AFTER[event.kind], step, None

    def holds(self) -> bool:
        """The race stops where an event's lesson is read (armed, it shows once the animation ends)."""
        scene = self.scene
        if self.armed is not None and scene is not None and scene.playback.anim is None:
            self.lesson, self.armed, self.wrong = self.armed, None, False
        return self.reading

    def asked(self, scene: RaceScene, panel: DecisionPanel) -> None:
        """The player's decision: its lesson, with the lesson's option focused."""
        step = self.next_step
        if self.lesson is not None or step is None or panel.decision.racer != PLAYER:
            return
        if step.on == "decision" and step.kind == panel.decision.kind:
            self.lesson, self.step_index, self.wrong, self.event = step, self.step_index + 1, False, None
            if step.expect is not None and step.expect in panel.decision.options and not panel.clover:
                panel.focus_option(step.expect)  # the lesson's option, focused (and chosen by its merged entry)
            elif panel.clover and step.expect:  # the die the lesson turns, focused: Enter turns it over
                panel.focus = cast(tuple[int, ...], step.expect)[0]

    def allows(self, scene: RaceScene, option: Option) -> bool:
        """Another option than the lesson's is explained, and asked again."""
        decision = scene.race.pending
        lesson = self.lesson
        if decision is not None and decision.racer == PLAYER and lesson is not None and lesson.on == "decision":
            if lesson.expect is not None and option != lesson.expect:
                self.wrong = True
                return False
            self.lesson, self.wrong = None, False
        return True

    def leave(self, scene: RaceScene) -> None:
        """Escape, then Yes: the guided race is skipped (Learn to play on the title plays it again): back
        to the title it was opened from (its focus on Learn to play), or a new one."""
        log.info("the guided first race was left at lesson %d of %d", self.step_index, len(STEPS))
        scenes = list(scene.stack.scenes)
        if scene in scenes and scenes.index(scene) > 0:  # a screen below (the title): back to it
            scene.stack.pop()  # (the question, answered, has closed itself first)
        else:
            scene.stack.reset(scene.stack.make("title"))

    def handle_event(self, scene: RaceScene, event: pygame.event.Event) -> bool:
        if controls.pressed(event, Action.PAUSE):
            if scene.panel is None or not scene.panel.cancel():  # (first a costly option's press taken back)
                question = scene.stack.make(
                    "question", t("tutorial.leave"), lambda: self.leave(scene), detail=t("tutorial.leave_detail")
                )
                scene.stack.push(question)  # asked first (No focused): a slip of the finger keeps the lessons
            return True
        if self.reading:
            if controls.pressed(event, *GO_ON) or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
                self.lesson = None
            return True
        return False

    # ---------------------------------------------------------------- what a lesson says and shows
    def words(self, lesson: Step) -> str:
        """A lesson's words, with the race's numbers: the fight's chances, the chest's badge, the roll."""
        scene = self.scene
        assert scene is not None
        race = scene.race
        other = race.racers[tutorial.COMPUTER]
        values: dict[str, Any] = {"name": other.name, "character": i18n.character(other.character)}
        values["speed"] = CHARACTERS[race.racers[PLAYER].character].speed
        event = self.event
        if event is not None and event.kind == "fight":
            attacker = CHARACTERS[race.racers[event.attacker].character]
            values.update(simple=attacker.simple, crushing=attacker.crushing, defeat=attacker.defeat)
        if event is not None and event.kind == "chest_opened":
            values.update(symbol=theme.TIER_SYMBOLS[event.tier], tier=t(f"tier.{event.tier}"))
            values["object"] = i18n.object_a(event.object)
        if event is not None and event.kind == "shortcut":
            values.update(face=event.face, rows=abs(event.rows))
        return t(f"tutorial.{lesson.key}", **values)

    def _square_rect(self, square: Any) -> pygame.Rect | None:
        """Where a board square is on the screen (None when it is out of the board's view)."""
        scene = self.scene
        assert scene is not None
        spots = scene.spots(square)
        if not spots:
            return None
        rect = pygame.Rect(0, 0, scene.tile, scene.tile)
        rect.center = spots[0]
        return rect

    def named_squares(self, lesson: Step | None = None) -> list[Any]:
        """The board squares a lesson names, the player's racer's first."""
        lesson = lesson or self.lesson
        scene = self.scene
        assert scene is not None and lesson is not None
        found: list[Any] = [scene.playback.shown_pos[PLAYER]]
        panel = scene.panel
        for name in lesson.names:
            if name.startswith("square:"):
                row, col = name.split(":", 1)[1].split(",")
                found.append((int(row), int(col)))
            elif name == "end" and panel is not None and lesson.expect is not None:
                square = panel.square_of(lesson.expect)
                if square is not None:
                    found.append(tuple(square))
            elif name == "shock" and scene.playback.shock_marks is not None:
                found += [tuple(sq) for _, sq in sorted(scene.playback.shock_marks[1].items())]
        return found

    def named(self) -> list[pygame.Rect]:
        """On the screen: the player's racer's square and the squares the lesson names."""
        rects = [self._square_rect(square) for square in self.named_squares()] if self.lesson else []
        return [rect for rect in rects if rect is not None]

    def target(self) -> pygame.Rect | None:
        """The rectangle of what the lesson's arrow ends on (None: nothing to point at)."""
        lesson, scene = self.lesson, self.scene
        if lesson is None or scene is None:
            return None
        panel, point = scene.panel, lesson.point
        found: pygame.Rect | None = None
        if point == "panel" and panel is not None:
            entry = next((e for e in panel.entries if lesson.expect in e.options), panel.focused)
            found = entry.rect if entry is not None and entry.rect is not None else panel.rect
        elif point == "dice" and panel is not None and panel.dice_rects:
            found = pygame.Rect(0, 0, 74, 74)  # the first die's face (the panel draws it there, 70 wide)
            found.center = (panel.dice_rects[0].centerx, panel.dice_rects[0].top + 38)
        elif point == "squares" and panel is not None:
            option = lesson.expect if lesson.expect is not None else panel.entries[panel.focus].option
            square = panel.square_of(option)  # where it really ends
            found = self._square_rect(square) if square is not None else None
        elif point == "shock" and scene.playback.shock_marks is not None:  # the first that moves the racer
            here = scene.playback.shown_pos[PLAYER]
            away = [square for _, square in sorted(scene.playback.shock_marks[1].items()) if tuple(square) != here]
            found = self._square_rect(tuple(away[0])) if away else None
        elif point.startswith("card:"):
            card = hud.card_rects(scene.race, scene.playback.turn_shown)[PLAYER]
            parts = dict(hud.card_parts(scene.race, PLAYER, card, scene.playback.turn_shown))
            part = point.split(":")[1:]
            found = parts.get((part[0], PLAYER, *part[1:]))
        return found if found is not None else self._square_rect(scene.playback.shown_pos[PLAYER])

    def pointer(self) -> tuple[int, int] | None:
        """Where the lesson's arrow ends (on its target, a little inside it)."""
        arrow = self.arrow()
        return arrow[1] if arrow is not None else None

    def arrow(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The lesson's arrow: from the edge of its box facing the target to a point on the target."""
        target = self.target()
        if target is None:
            return None
        box = self.lesson_box()
        if target.right <= box.left:  # on the board, at the left of the box
            start = (box.left, max(box.top + 16, min(target.centery, box.bottom - 16)))
        elif target.left >= box.right:  # on a card in the sidebar
            start = (box.right, max(box.top + 16, min(target.centery, box.bottom - 16)))
        elif target.top >= box.bottom:  # a button of the panel, below
            start = (max(box.left + 16, min(target.centerx, box.right - 16)), box.bottom)
        else:
            start = (max(box.left + 16, min(target.centerx, box.right - 16)), box.top)
        inset = min(4, target.width // 3, target.height // 3)
        end = (
            max(target.left + inset, min(start[0], target.right - 1 - inset)),
            max(target.top + inset, min(start[1], target.bottom - 1 - inset)),
        )
        return start, end

    def _rows(self, lesson: Step, width: int, size: int = 18) -> list[tuple[str, int, tuple[int, int, int], str]]:
        """The box's lines: the lesson's number, its words (at `size`), what was wrong, the keys."""
        rows = [(t("tutorial.lesson", number=STEPS.index(lesson) + 1, total=len(STEPS)), 15, theme.ACCENT, "bold")]
        rows += [(line, size, theme.TEXT, "body") for line in text.wrap(self.words(lesson), width, size)]
        if self.wrong:
            rows += [(line, 16, theme.BAD, "bold") for line in text.wrap(t(f"tutorial.{lesson.key}.wrong"), width, 16)]
        hint = t("tutorial.go_on") if self.reading else t("tutorial.choose")
        rows += [(line, 14, theme.MUTED, "body") for line in text.wrap(hint, width, 14)]
        return rows

    def free_band(self) -> tuple[int, int]:
        """The board view's rows not under the decision panel and its explanation: (top, bottom)."""
        scene = self.scene
        assert scene is not None
        view, panel = scene.view, scene.panel
        bottom = view.bottom - 8
        if panel is not None and not scene.busy:
            bottom = panel.dock.top - 8
            strip = scene.drawing.strip
            if strip is not None:
                bottom = min(bottom, strip.top - 8)
        return view.top + 8, bottom

    def lesson_box(self) -> pygame.Rect:
        """Where the lesson is written: beside the training ground, above the decision panel."""
        scene, lesson = self.scene, self.lesson
        assert scene is not None and lesson is not None
        board = scene.camera.board_view
        left = board.right + BOX_MARGIN if board.width < scene.view.width else scene.view.left + 16
        width = scene.view.right - 12 - left
        top, bottom = self.free_band()
        self.size = 18  # its words at the Text size; smaller only if the box would cover the panel, never below 18 px
        while True:
            rows = self._rows(lesson, width - 28, self.size)
            height = 20 + sum(assets.font(size, kind).get_linesize() + 2 for _, size, _, kind in rows) + 8
            if height <= bottom - top or theme.text_px(self.size - 1) < 18:
                break
            self.size -= 1
        if lesson.on == "event":
            bottom = min(bottom, scene.view.bottom - 48)
        if lesson.point.startswith("card:"):  # beside the cards, for a short arrow to the sidebar
            return pygame.Rect(left, top + 4, width, height)
        return pygame.Rect(left, max(top, bottom - height), width, height)

    def camera_target(self, scene: RaceScene) -> tuple[float, float] | None:
        """While a lesson is on screen, the camera frames the racer and the squares it names in the
        rows above the panel."""
        if self.lesson is None or scene.camera.manual:
            return None
        squares = self.named_squares()
        height = scene.race.board.height
        home = squares[0][0]
        offsets = [((square[0] - home + height // 2) % height) - height // 2 for square in squares]
        top, bottom = self.free_band()
        middle = (top + bottom) / 2 - scene.view.top
        rows_middle = (min(offsets) + max(offsets)) / 2
        return 0.0, (home + rows_middle + 0.5) * scene.tile - middle

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, scene: RaceScene) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        scene.drawing.forget()  # (drawn over the panel and the sidebar: they are drawn whole again next frame)
        box = self.lesson_box()
        effects.shade(surface, box, (12, 14, 26), 236)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        y = box.top + 10
        for line, size, colour, kind in self._rows(lesson, box.width - 28, self.size):
            if size == 14:  # the keys, at the foot of the box
                y += 4
            text.draw(surface, line, (box.left + 14, y), size, colour, kind)
            y += assets.font(size, kind).get_linesize() + 2
        arrow = self.arrow()
        target = self.target()
        if arrow is None or target is None:
            return
        pulse = 2 + int(2 * (1 + math.sin(scene.clock * 6)))
        pygame.draw.rect(surface, theme.ACCENT, target.inflate(2 * pulse + 4, 2 * pulse + 4), 3, border_radius=8)
        start, end = arrow
        pygame.draw.line(surface, (20, 16, 6), start, end, 7)
        pygame.draw.line(surface, theme.ACCENT, start, end, 3)
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        head = [
            end,
            (end[0] - 16 * math.cos(angle - 0.45), end[1] - 16 * math.sin(angle - 0.45)),
            (end[0] - 16 * math.cos(angle + 0.45), end[1] - 16 * math.sin(angle + 0.45)),
        ]
        pygame.draw.polygon(surface, theme.ACCENT, head)
