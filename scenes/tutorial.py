"""The guided first race (title: *Learn to play*; offered on the first start).

The engine's own race (`game.tutorial`: a small board, prepared dice) drawn by the real race
scene; each lesson shows one short explanation with an arrow to what it talks about (the dice,
the highlighted squares, the decision panel, the racer, his panel in the sidebar). At a
lesson that needs a choice, another option is explained and asked again; after an event's
lesson, Enter goes on. Escape skips the guided race at any step; it can be played again from
the title.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import pygame

from game import tutorial
from game.tutorial import PLAYER, STEPS, Step
from scenes import hud
from scenes.decisions import option_square
from scenes.i18n import t
from scenes.race import RaceScene
from scenes.render import effects
from scenes.ui import text, theme

log = logging.getLogger("fantasy-racing")
GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class TutorialScene(RaceScene):
    """A race with lessons on the way."""

    def __init__(self) -> None:
        race = tutorial.new_race(t("tutorial.you"), t("tutorial.computer"))
        super().__init__(race, {"tutorial": True, "board": "tutorial", "turns": tutorial.TURNS}, seed=1)
        self.step_index = 0  # the next lesson of STEPS
        self.lesson: Step | None = None  # the lesson on screen
        self.armed: Step | None = None  # an event's lesson, shown once its animation ends
        self.wrong = False  # the player chose another option than the lesson's

    def enter(self) -> None:
        super().enter()
        if self.app is not None and not self.app.settings.tutorial_seen:
            self.app.settings.tutorial_seen = True  # offered once on the first start; replayable from the title
            self.app.settings.save()

    # ---------------------------------------------------------------- lessons
    @property
    def next_step(self) -> Step | None:
        return STEPS[self.step_index] if self.step_index < len(STEPS) else None

    @property
    def reading(self) -> bool:
        """An event's lesson is on screen: the race waits for Enter."""
        return self.lesson is not None and self.lesson.on == "event"

    def _show(self, event: Any, animate: bool) -> None:
        super()._show(event, animate)
        step = self.next_step
        if step is not None and step.on == "event" and step.kind == event.kind:
            who = getattr(event, "defender", None) if event.kind == "fight" else getattr(event, "racer", PLAYER)
            if who == PLAYER:
                self.armed, self.step_index = step, self.step_index + 1

    def _arm(self) -> None:
        if self.armed is not None and self.anim is None:
            self.lesson, self.armed, self.wrong = self.armed, None, False

    def _advance(self, dt: float) -> None:
        """As the race scene's, stopping where an event's lesson is read."""
        budget = 200
        while budget:
            budget -= 1
            if self.reading:
                return
            if self.anim is not None:
                self.anim.update(dt)
                if not self.anim.done:
                    return
                self._finish_anim()
                dt = 0.0
                self._arm()
            elif self.armed is not None:
                self._arm()
            elif self.queue:
                self._show(self.queue.popleft(), animate=True)
            else:
                return

    def skip(self) -> None:
        """A key while animating: everything up to the next lesson at once."""
        if self.anim is not None:
            self._finish_anim()
        while self.queue and self.armed is None and not self.reading:
            self._show(self.queue.popleft(), animate=False)
            if self.anim is not None:
                self._finish_anim()
        self._arm()
        self.ambient.clear()

    def _idle(self, dt: float) -> None:
        if self.race.over and not self.finished:
            log.info("the guided first race is over after %d lessons", self.step_index)
        super()._idle(dt)
        panel, step = self.panel, self.next_step
        if panel is None or self.lesson is not None or step is None or panel.decision.racer != PLAYER:
            return
        if step.on == "decision" and step.kind == panel.decision.kind:
            self.lesson, self.step_index, self.wrong = step, self.step_index + 1, False
            if step.expect is not None and step.expect in panel.decision.options and not panel.clover:
                panel.focus = list(panel.decision.options).index(step.expect)  # the lesson's option, focused

    def choose(self, option: Any) -> None:
        decision = self.race.pending
        lesson = self.lesson
        if decision is not None and decision.racer == PLAYER and lesson is not None and lesson.on == "decision":
            if lesson.expect is not None and option != lesson.expect:
                self.wrong = True  # explained, and asked again
                return
            self.lesson, self.wrong = None, False
        super().choose(option)

    def leave(self) -> None:
        """Escape: the guided race is skipped (Learn to play on the title plays it again)."""
        log.info("the guided first race was left at lesson %d of %d", self.step_index, len(STEPS))
        self.stack.reset(self.stack.make("title"))

    def handle_event(self, event: Any) -> Any:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return None
        if self.reading:
            if (event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            ):
                self.lesson = None
            return None
        return super().handle_event(event)

    def save(self, background: bool = True) -> None:
        """The guided race is not saved (its dice are prepared)."""

    # ---------------------------------------------------------------- drawing
    def pointer(self) -> tuple[int, int] | None:
        """Where the lesson's arrow points on the screen (None: nothing to point at)."""
        lesson = self.lesson
        if lesson is None:
            return None
        panel = self.panel
        racer = self.spots(self.shown_pos[PLAYER])
        if lesson.point == "panel" and panel is not None:
            return panel.dock.midtop[0], panel.dock.top + 20
        if lesson.point == "dice" and panel is not None and panel.dice_rects:
            return panel.dice_rects[0].center
        if lesson.point == "squares" and panel is not None:
            option = lesson.expect if lesson.expect is not None else panel.entries[panel.focus].option
            square = option_square(panel.decision, option, self.race)
            spots = self.spots(square) if square is not None else []
            if spots:
                return spots[0]
        if lesson.point == "hud":
            order = list(self.race.order) or list(range(len(self.race.racers)))
            card = hud.card_rects(self.race, order, self.turn_shown).get(PLAYER)
            if card is not None:
                return card.left + 4, card.centery
        return racer[0] if racer else None

    def lesson_box(self) -> pygame.Rect:
        """Where the lesson is written: across the top of the board, or lower when what it points
        at is up there (never over it)."""
        box = pygame.Rect(self.view.left + 16, self.view.top + 12, self.view.width - 32, 118)
        target = self.pointer()
        if target is not None and box.inflate(0, 40).collidepoint(target):
            box.top = target[1] + 46
        return box

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lesson = self.lesson
        if lesson is None:
            return
        box = self.lesson_box()
        effects.shade(surface, box, (12, 14, 26), 232)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        number = STEPS.index(lesson) + 1
        text.draw(
            surface,
            t("tutorial.lesson", number=number, total=len(STEPS)),
            (box.left + 14, box.top + 8),
            15,
            theme.ACCENT,
            "bold",
        )
        bottom = text.draw_wrapped(
            surface,
            t(f"tutorial.{lesson.key}"),
            pygame.Rect(box.left + 14, box.top + 30, box.width - 28, 64),
            18,
            theme.TEXT,
            spacing=2,
        )
        if self.wrong:  # under the lesson's words
            text.draw(
                surface,
                t(f"tutorial.{lesson.key}.wrong"),
                (box.left + 14, max(bottom, box.top + 72)),
                16,
                theme.BAD,
                "bold",
            )
        hint = t("tutorial.go_on") if self.reading else t("tutorial.choose")
        text.draw(surface, hint, (box.right - 12, box.bottom - 8), 14, theme.MUTED, anchor="bottomright")
        target = self.pointer()
        if target is not None:
            edge = box.bottom if target[1] > box.bottom else box.top
            start = (min(max(target[0], box.left + 30), box.right - 30), edge)
            pygame.draw.line(surface, theme.ACCENT, start, target, 3)
            radius = 20 + int(4 * math.sin(self.clock * 6))
            pygame.draw.circle(surface, theme.ACCENT, target, radius, 3)
