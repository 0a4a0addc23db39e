"""The view's buttons, at the top right of the board: zoom out, zoom in, the racers' cards and the log
folded away or back (H), and the whole board at once (or back to the zoom before it). They do what
- , + , H and V do (scenes/race/camera.py, scenes/race/scene.py); a guided race, whose board keeps
one size, has none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes.core import i18n, text, theme
from scenes.core.i18n import t
from scenes.race.camera import ZOOM_STEP
from scenes.render import effects
from scenes.ui.widgets import panel

if TYPE_CHECKING:
    from scenes.race.parts import ViewScene

HEIGHT = 30  # the buttons' height
GAP = 6  # between the buttons, and from the view's edges
ZOOM_WIDTH = 34  # the - and + buttons


class ViewButtons:
    """Where the view's buttons are and what a click on them does (see the module)."""

    def __init__(self) -> None:
        self._picture: tuple[Any, pygame.Surface] | None = None  # (look, the buttons drawn)

    def rects(self, scene: ViewScene) -> dict[str, pygame.Rect]:
        """The buttons shown now, by what they do ("out", "in", "cards", "whole"): none when the board keeps
        its size."""
        camera = getattr(scene, "camera", None)
        if camera is None or not camera.zooms:
            return {}
        view = scene.view
        label = t("view.back" if camera.whole else "view.whole")
        whole = pygame.Rect(0, view.top + GAP, text.width(label, 15, "bold") + 24, HEIGHT)
        whole.right = view.right - GAP
        cards = pygame.Rect(0, whole.top, text.width(t("view.cards"), 15, "bold") + 24, HEIGHT)
        cards.right = whole.left - GAP
        zoom_in = pygame.Rect(cards.left - GAP - ZOOM_WIDTH, whole.top, ZOOM_WIDTH, HEIGHT)
        zoom_out = zoom_in.move(-GAP - ZOOM_WIDTH, 0)
        return {"out": zoom_out, "in": zoom_in, "cards": cards, "whole": whole}

    @staticmethod
    def banner_top(scene: ViewScene) -> int:
        """Where a line over the board (a friend's countdown, an undo's line) may begin: under the
        buttons' row (the buttons and the keys' hint), never over it."""
        return ViewButtons.bottom(scene.view) + 4

    @staticmethod
    def bottom(view: pygame.Rect) -> int:
        """Where the board below the buttons begins (what the camera keeps in view stays under it)."""
        return view.top + 2 * GAP + HEIGHT

    @staticmethod
    def draw_hint(surface: pygame.Surface, view: pygame.Rect, words: str) -> None:
        """What C or Escape does now ("Escape: menu", "C: camera back", with the player's keys), at the
        top left of the board on the buttons' row, on a dark plate: where the camera keeps nothing."""
        box = pygame.Rect(view.left + GAP, view.top + GAP, text.width(words, 16) + 20, HEIGHT)
        effects.shade(surface, box, (12, 16, 28), 210)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
        text.draw(surface, words, (box.left + 10, box.centery), 16, theme.MUTED, anchor="midleft")

    def handle_event(self, scene: ViewScene, event: pygame.event.Event) -> bool:
        """A left click on a button; True when used."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for action, rect in self.rects(scene).items():
            if rect.collidepoint(event.pos):
                camera = scene.camera
                if action == "whole":
                    camera.toggle_whole()
                elif action == "cards":
                    scene.toggle_cards()
                else:
                    camera.zoom(ZOOM_STEP if action == "in" else 1 / ZOOM_STEP)
                return True
        return False

    def draw(self, surface: pygame.Surface, scene: ViewScene) -> None:
        """The buttons, over the board (drawn once per look, then blitted)."""
        rects = self.rects(scene)
        if not rects:
            return
        area = rects["out"].unionall(list(rects.values())).inflate(4, 4)
        look = (scene.camera.whole, scene.folded, i18n.language(), area.topleft, area.size)
        if self._picture is None or self._picture[0] != look:
            picture = pygame.Surface(area.size, pygame.SRCALPHA)
            self._paint(picture, scene, {k: r.move(-area.left, -area.top) for k, r in rects.items()})
            self._picture = (look, picture)
        text.lay(surface, self._picture[1], area.topleft)
        for action, rect in rects.items():  # (for a test's recorder: no words run into them)
            text.control(surface, rect, action)
        text.control(surface, None)

    def _paint(self, surface: pygame.Surface, scene: ViewScene, rects: dict[str, pygame.Rect]) -> None:
        """The buttons at `rects` of `surface`."""
        camera = scene.camera
        for action, rect in rects.items():
            lit = (action == "whole" and camera.whole) or (action == "cards" and scene.folded)
            panel(
                surface,
                rect,
                theme.PANEL_LIGHT if lit else theme.PANEL,
                theme.ACCENT_DARK if lit else theme.PANEL_EDGE,
                radius=6,
                shadow=False,
            )
            if action in ("whole", "cards"):
                label = t("view.cards") if action == "cards" else t("view.back" if camera.whole else "view.whole")
                text.draw(surface, label, rect.center, 15, theme.TEXT, "bold", anchor="center")
            else:
                centre, half = rect.center, 7
                pygame.draw.line(surface, theme.TEXT, (centre[0] - half, centre[1]), (centre[0] + half, centre[1]), 3)
                if action == "in":
                    pygame.draw.line(
                        surface, theme.TEXT, (centre[0], centre[1] - half), (centre[0], centre[1] + half), 3
                    )
