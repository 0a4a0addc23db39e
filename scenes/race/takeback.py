"""Taking a choice back on the race screen: the *Undo* button on the top bar and the line that says
what happened.

The race scene takes a choice back (U, Backspace, the button, a controller's B while a take-back is
possible) through its game session (`Session.take_back`: the race rebuilt from its record with one
choice fewer, the same dice). This part draws the button while a person here decides (dimmed when
nothing can be taken back) and, for a moment, one line: the choice taken back, or why not (chance
spoke since: a roll, a chest, a fight's die). In a network race the host takes it back, for every window:
each says who took back what, and the one who asked it is told why not when the host refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import text, theme
from scenes.core.i18n import t
from scenes.race import hud
from scenes.render import effects
from scenes.ui.widgets import panel

if TYPE_CHECKING:
    from scenes.race.parts import UndoScene

SAID_FOR = 2.6  # seconds the line stays


class TakeBack:
    """The undo button's picture and the line of the last take-back (see the module)."""

    def __init__(self) -> None:
        self.said = ""
        self.good = True
        self.until = 0.0

    def say(self, words: str, good: bool, clock: float) -> None:
        """Show one line for a moment (the choice taken back, or why not)."""
        self.said, self.good, self.until = words, good, clock + SAID_FOR

    @staticmethod
    def shown(scene: UndoScene) -> bool:
        """Whether the button is on the top bar: a person at this screen decides, in a race of the
        player's own (saved), or a network race (its host takes choices back)."""
        return scene.panel is not None and not scene.busy and (scene.session.saves or not scene.seats.takes_back)

    def clicked(self, scene: UndoScene, pos: tuple[int, int]) -> bool:
        """Whether a click at `pos` is on the button (while it is shown)."""
        return self.shown(scene) and hud.undo_button().collidepoint(pos)

    def line_box(self, scene: UndoScene) -> pygame.Rect:
        """Where the take-back's line stands: over the board, under its buttons and the seats' line."""
        width = min(scene.view.width - 40, text.width(self.said, 17, "bold") + 32)
        box = pygame.Rect(0, 0, width, 32)
        below = 38 if scene.seats.notice(scene.race) else 0  # (under the seats' own line, if any)
        box.midtop = (scene.view.centerx, scene.banner_top() + below)
        return box

    def draw(self, surface: pygame.Surface, scene: UndoScene) -> None:
        """The button (over the top bar as the HUD drew it) and the line, if any."""
        button = hud.undo_button()  # (on the top bar, left of the legend's button)
        area = button.inflate(6, 6)
        text.lay(surface, scene.drawing.hud(), area.topleft, area)
        if self.shown(scene):
            able = scene.can_take_back()
            fill, edge, colour = (
                (theme.PANEL, theme.ACCENT_DARK, theme.TEXT) if able else ((28, 32, 46), theme.PANEL_EDGE, theme.DIM)
            )
            panel(surface, button, fill, edge, radius=6, shadow=False)
            text.control(surface, button, t("undo.button"))
            text.draw(surface, t("undo.button"), button.center, 15, colour, "bold", anchor="center")
            text.control(surface, None)
        if self.said and scene.clock < self.until:
            box = self.line_box(scene)
            effects.shade(surface, box, (12, 16, 28), 220)
            pygame.draw.rect(surface, theme.GOOD if self.good else theme.ACCENT_DARK, box, 2, border_radius=6)
            text.draw(surface, self.said, box.center, 17, theme.TEXT, "bold", anchor="center")
