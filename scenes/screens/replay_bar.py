"""The replay's timeline bar, along the bottom of the board: the race from its first event to its last,
each game turn ticked and numbered, each fight, lap and chest marked with its icon, where the replay
stands, and at its right end six buttons that step one game turn, one racer's turn or one event back
(|« « ‹) or on (› » »|). A click on the bar (or on a mark) jumps there; the keys are the replay's
(scenes/screens/replay.py).

The bar draws what it is given (the timeline, the event shown) and answers where a click lands;
it never changes the race.
"""

from __future__ import annotations

import pygame

from game.meta.timeline import Moment, Timeline
from scenes.core import text, theme
from scenes.render import sprites

HEIGHT = 62  # the bar's height, at the bottom of the board's view
MARGIN = 16  # the track's margin inside the bar
ICON = 22  # a mark's icon
# A mark's icon: (kind of icon, name) as scenes/render/sprites.icon reads it.
ICONS = {"fight": ("ui", "fight"), "lap": ("ui", "finish"), "chest": ("object", "chest")}
ROWS = {"lap": 0, "fight": 1, "chest": 2}  # each kind of mark on its own small row above the track
# The step buttons at the bar's right end, in order: their words and (how far, which way) as
# game.meta.timeline.Timeline.step reads them (one game turn, one racer's turn, one event, back or on).
STEPS = (
    ("|«", "turn", -1),
    ("«", "racer", -1),
    ("‹", "event", -1),
    ("›", "event", 1),
    ("»", "racer", 1),
    ("»|", "turn", 1),
)
STEP_W, STEP_GAP = 30, 4


class TimelineBar:
    """The bar drawn at the bottom of `view` (see the module)."""

    def __init__(self, timeline: Timeline, view: pygame.Rect) -> None:
        self.timeline = timeline
        self.rect = pygame.Rect(view.left, view.bottom - HEIGHT, view.width, HEIGHT)
        steps_width = len(STEPS) * (STEP_W + STEP_GAP)
        self.track = pygame.Rect(
            self.rect.left + MARGIN, self.rect.bottom - 16, self.rect.width - 2 * MARGIN - steps_width - 8, 6
        )
        right = self.rect.right - MARGIN - steps_width
        self.steps = [
            (pygame.Rect(right + k * (STEP_W + STEP_GAP), self.rect.top + 14, STEP_W, 34), how, way, words)
            for k, (words, how, way) in enumerate(STEPS)
        ]
        self._marks = [m for m in timeline.marks() if m.mark != "turn"]
        self._turns = [m for m in timeline.moments if m.kind == "turn_started"]
        self._drawn: pygame.Surface | None = None

    def x_of(self, index: int) -> int:
        """Where event `index` lies along the track."""
        last = max(1, len(self.timeline.events) - 1)
        return self.track.left + round(self.track.width * max(0, min(index, last)) / last)

    def step_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The step of the button a click at `pos` is on (how far, which way), or None."""
        for rect, how, way, _ in self.steps:
            if rect.collidepoint(pos):
                return how, way
        return None

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The event a click at `pos` jumps to (a mark's own event when the click is on it), or None
        when the click is not on the bar's track or marks."""
        if not self.rect.collidepoint(pos) or pos[0] > self.track.right + MARGIN:
            return None
        for moment in self._marks:
            if self._mark_rect(moment).collidepoint(pos):
                return moment.index
        fraction = (pos[0] - self.track.left) / max(1, self.track.width)
        return self.timeline.at_fraction(max(0.0, min(1.0, fraction)))

    def _mark_rect(self, moment: Moment) -> pygame.Rect:
        row = ROWS.get(moment.mark or "", 0)
        rect = pygame.Rect(0, 0, ICON, ICON)
        rect.center = (self.x_of(moment.index), self.rect.top + 14 + row * 5)
        return rect

    def draw(self, surface: pygame.Surface, position: int) -> None:
        """The bar, with the replay standing after event `position` (-1: nothing shown yet)."""
        if self._drawn is None:
            self._drawn = self._background()
        text.lay(surface, self._drawn, self.rect.topleft)
        x = self.x_of(max(position, 0))
        done = pygame.Rect(self.track.left, self.track.top, max(0, x - self.track.left), self.track.height)
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=3)
        pygame.draw.circle(surface, (0, 0, 0), (x, self.track.centery + 1), 9)
        pygame.draw.circle(surface, theme.ACCENT, (x, self.track.centery), 8)
        pygame.draw.circle(surface, theme.TEXT, (x, self.track.centery), 8, 2)

    def _background(self) -> pygame.Surface:
        """The bar without the replay's place: drawn once."""
        drawn = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        local = self.rect.move(-self.rect.left, -self.rect.top)
        pygame.draw.rect(drawn, theme.PANEL, local, border_radius=8)
        pygame.draw.rect(drawn, theme.PANEL_LIGHT, local, 1, border_radius=8)
        track = self.track.move(-self.rect.left, -self.rect.top)
        pygame.draw.rect(drawn, theme.PANEL_LIGHT, track, border_radius=3)
        for moment in self._turns:
            x = self.x_of(moment.index) - self.rect.left
            pygame.draw.line(drawn, theme.MUTED, (x, track.top - 5), (x, track.bottom + 4), 2)
            text.draw(drawn, str(moment.turn), (x + 3, track.top - 4), 13, theme.MUTED, anchor="bottomleft")
        for moment in self._marks:
            kind, name = ICONS[moment.mark or ""]
            rect = self._mark_rect(moment).move(-self.rect.left, -self.rect.top)
            drawn.blit(sprites.icon(kind, name, ICON), rect)
        for rect, _, _, words in self.steps:
            button = rect.move(-self.rect.left, -self.rect.top)
            pygame.draw.rect(drawn, theme.PANEL_LIGHT, button, border_radius=6)
            pygame.draw.rect(drawn, theme.PANEL_EDGE, button, 1, border_radius=6)
            text.draw(drawn, words, button.center, 20, theme.TEXT, "bold", anchor="center")
        return drawn
