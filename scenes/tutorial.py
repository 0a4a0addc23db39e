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
from game.app.session import Session
from game.tutorial import PLAYER, STEPS, Step
from scenes import hud
from scenes.decisions import DecisionPanel
from scenes.i18n import t
from scenes.race import RaceScene
from scenes.race.guide import Guide
from scenes.render import effects
from scenes.ui import text, theme

log = logging.getLogger("fantasy-racing")
GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SETUP = {"tutorial": True, "board": "tutorial", "turns": tutorial.TURNS}


def tutorial_scene() -> RaceScene:
    """The guided first race: the engine's prepared race, never saved, led by its lessons."""
    race = tutorial.new_race(t("tutorial.you"), t("tutorial.computer"))
    return RaceScene(race, seed=1, session=Session.unsaved(race, SETUP), guide=Lessons())


class Lessons(Guide):
    """The lessons over the guided race (see the module)."""

    def __init__(self) -> None:
        self.scene: RaceScene | None = None
        self.step_index = 0  # the next lesson of STEPS
        self.lesson: Step | None = None  # the lesson on screen
        self.armed: Step | None = None  # an event's lesson, shown once its animation ends
        self.wrong = False  # the player chose another option than the lesson's
        self.over = False

    def enter(self, scene: RaceScene) -> None:
        self.scene = scene
        if scene.app is not None and not scene.app.settings.tutorial_seen:
            scene.app.settings.tutorial_seen = True  # offered once on the first start; replayable from the title
            scene.app.settings.save()

    # ---------------------------------------------------------------- lessons
    @property
    def next_step(self) -> Step | None:
        return STEPS[self.step_index] if self.step_index < len(STEPS) else None

    @property
    def reading(self) -> bool:
        """An event's lesson is on screen: the race waits for Enter."""
        return self.lesson is not None and self.lesson.on == "event"

    def shown(self, event: Any) -> None:
        """An event's lesson is armed when its event is shown (it appears once the animation ends)."""
        if event.kind == "race_over" and not self.over:
            self.over = True
            log.info("the guided first race is over after %d lessons", self.step_index)
        step = self.next_step
        if step is not None and step.on == "event" and step.kind == event.kind:
            who = getattr(event, "defender", None) if event.kind == "fight" else getattr(event, "racer", PLAYER)
            if who == PLAYER:
                self.armed, self.step_index = step, self.step_index + 1

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
            self.lesson, self.step_index, self.wrong = step, self.step_index + 1, False
            if step.expect is not None and step.expect in panel.decision.options and not panel.clover:
                panel.focus_option(step.expect)  # the lesson's option, focused (and chosen by its merged entry)

    def allows(self, scene: RaceScene, option: Any) -> bool:
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
        """Escape: the guided race is skipped (Learn to play on the title plays it again): back to the
        title it was opened from (its focus on Learn to play), or a new one."""
        log.info("the guided first race was left at lesson %d of %d", self.step_index, len(STEPS))
        if len(scene.stack) > 1:
            scene.stack.pop()
        else:
            scene.stack.reset(scene.stack.make("title"))

    def handle_event(self, scene: RaceScene, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if scene.panel is None or not scene.panel.cancel():  # (first a costly option's press taken back)
                self.leave(scene)
            return True
        if self.reading:
            if (event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            ):
                self.lesson = None
            return True
        return False

    # ---------------------------------------------------------------- drawing
    def pointer(self) -> tuple[int, int] | None:
        """Where the lesson's arrow points on the screen (None: nothing to point at)."""
        lesson, scene = self.lesson, self.scene
        if lesson is None or scene is None:
            return None
        panel = scene.panel
        racer = scene.spots(scene.playback.shown_pos[PLAYER])
        if lesson.point == "panel" and panel is not None:
            return panel.dock.midtop[0], panel.dock.top + 20
        if lesson.point == "dice" and panel is not None and panel.dice_rects:
            return panel.dice_rects[0].center
        if lesson.point == "squares" and panel is not None:
            option = lesson.expect if lesson.expect is not None else panel.entries[panel.focus].option
            square = panel.square_of(option)  # where it really ends
            spots = scene.spots(square) if square is not None else []
            if spots:
                return spots[0]
        if lesson.point == "hud":
            card = hud.card_rects(scene.race, scene.playback.turn_shown).get(PLAYER)
            if card is not None:
                return card.left + 4, card.centery
        return racer[0] if racer else None

    def lesson_box(self) -> pygame.Rect:
        """Where the lesson is written: across the top of the board, or lower when what it points
        at is up there (never over it)."""
        scene = self.scene
        assert scene is not None
        box = pygame.Rect(scene.view.left + 16, scene.view.top + 12, scene.view.width - 32, 118)
        target = self.pointer()
        if target is not None and box.inflate(0, 40).collidepoint(target):
            box.top = target[1] + 46
        return box

    def draw(self, surface: pygame.Surface, scene: RaceScene) -> None:
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
            radius = 20 + int(4 * math.sin(scene.clock * 6))
            pygame.draw.circle(surface, theme.ACCENT, target, radius, 3)
