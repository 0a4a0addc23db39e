"""Drawing the race screen: the HUD, the board, the traps, the highlighted squares, the fireball's
path, the tokens, the animations, the decision panel and the lines over the board.

`RaceDrawing.draw` paints one frame of a race scene from what its parts hold (the playback's
picture, the camera, the decision panel, the seats' words); it changes none of them. What costs
(the HUD, the tokens' pictures, the lines' text) is drawn once per change and kept.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.rules.characters import BRAINY
from scenes.core import controls, i18n, text, theme, words
from scenes.core.i18n import t
from scenes.race import explain, hud
from scenes.race.decisions import DecisionPanel
from scenes.race.explain import option_lines
from scenes.race.options import all_costs
from scenes.render import board, effects, sprites
from scenes.render.board import object_sprite
from scenes.ui.widgets import panel as draw_panel
from scenes.ui.widgets import warning_sign

if TYPE_CHECKING:
    from scenes.race.parts import DrawnScene

PATH_COLOUR, PATH_LIGHT = (255, 140, 40), (255, 205, 110)
MARGIN = (30, 36, 40)  # the ground beside a board narrower than the view
RING_STEP = 0.25  # the ring's width changes at these quarters of a second (ring_pulse)


def strip_step() -> int:
    """The explanation strip's rows apart: 21 pixels as designed, or its words' height at the Text size."""
    return 21 + text.grown(16)


@lru_cache(maxsize=256)
def ring_pulse(clock: float) -> int:
    """The acting racer's ring's width beyond his token: 3 or 4 pixels, a second to and fro."""
    return 3 + int(2 * abs((clock * 1000) % 1000 - 500) / 500)


def ring_changes(clock: float) -> float:
    """Seconds until the ring changes its width (at clock 0.25 and 0.75 of each second)."""
    return (RING_STEP - clock) % (2 * RING_STEP) or 2 * RING_STEP


@theme.designed_text()  # (its words fit the picture: at their designed size)
def square_mark(colour: tuple[int, ...], focused: bool, number: str, tile: int) -> pygame.Surface:
    """A square the decision can choose: tinted in the racer's colour, framed (thicker and
    golden when focused), with its key number; drawn once per look."""
    mark = pygame.Surface((tile - 4, tile - 4), pygame.SRCALPHA)
    rect = mark.get_rect()
    pygame.draw.rect(mark, (*colour[:3], 110 if focused else 60), rect, border_radius=4)
    pygame.draw.rect(mark, theme.FOCUS if focused else (255, 255, 255), rect, 3 if focused else 1, border_radius=4)
    if number:
        text.draw(mark, number, (4, 1), 16, theme.TEXT, "bold", shadow=True)
    return mark


@lru_cache(maxsize=16)
def blocked_mark(tile: int, first: bool) -> pygame.Surface:
    """A square of a move's path that the walk never reaches: red and hatched, crossed out where
    the walk is stopped (`first`); drawn once per look."""
    mark = pygame.Surface((tile - 8, tile - 8), pygame.SRCALPHA)
    rect = mark.get_rect()
    pygame.draw.rect(mark, (*theme.BAD[:3], 50), rect, border_radius=4)
    for x in range(-rect.height, rect.width, 10):
        pygame.draw.line(mark, (*theme.BAD[:3], 90), (x, rect.height), (x + rect.height, 0), 2)
    pygame.draw.rect(mark, (*theme.BAD[:3], 200), rect, 2, border_radius=4)
    if first:
        inner = rect.inflate(-tile // 3, -tile // 3)
        pygame.draw.line(mark, theme.BAD, inner.topleft, inner.bottomright, 5)
        pygame.draw.line(mark, theme.BAD, inner.topright, inner.bottomleft, 5)
    return mark


def token_size(tile: int) -> int:
    """The square size a token is drawn for: the tile, in steps of about 6 % (a zoom gliding through
    every size does not draw the tokens again at each)."""
    if tile <= 16:
        return tile
    return round(1.06 ** round(math.log(tile) / math.log(1.06)))


class RaceDrawing:
    """One race scene's frame (see the module)."""

    def __init__(self, scene: DrawnScene) -> None:
        self.scene = scene
        self._tokens: dict[tuple[Any, ...], tuple[pygame.Surface, int, int]] = {}
        self._hud_cache: tuple[Any, pygame.Surface] | None = None
        self.hud_on_screen: Any = None  # (screen, picture) of the HUD drawn last frame
        self.panel_on_screen: tuple[int, int] | None = None  # (screen, picture) of the decision panel last frame
        self._line: tuple[Any, pygame.Surface, pygame.Rect] | None = None  # the status line: (says, picture, rect)
        self._explained: tuple[Any, list[str]] | None = None  # (decision and focus, the focused option's lines)
        self._strip: tuple[Any, ...] | None = None  # the explanation's rows, laid out once per look
        self.link: tuple[pygame.Rect, str] | None = None  # the explanation's link to the rule book: (where, section)
        self.strip: pygame.Rect | None = None  # where the focused option's explanation was drawn last
        self.shock_labels: list[tuple[str, tuple[int, int]]] = []  # a shock's faces, drawn over the tokens

    def forget(self) -> None:
        """Draw everything again next frame (another screen, a lesson or an explanation was over the race)."""
        self.hud_on_screen = None
        self.panel_on_screen = None

    # ---------------------------------------------------------------- the HUD
    def hud_key(self) -> tuple[Any, ...]:
        """What the HUD shows: it is drawn again only when this changes."""
        # Inventories, tiers, wands, the baby's step and poison change only with the race's events
        # and choices: their counts stand for them (cheaper than reading every racer each frame).
        scene = self.scene
        race, shown = scene.race, scene.playback
        return (
            shown.turn_shown,
            shown.acting,
            shown.phase,
            scene.camera.manual,
            len(race.log),
            len(race.choices),
            tuple(shown.shown_points.values()),
            tuple(shown.shown_protected.values()),
            shown.log.stamp,
            i18n.language(),
            controls.stamp(),
            tuple(sorted(scene.seats.tags(race).items())),
            theme.look(),
            theme.screen_size(),  # (a new window's size: the sidebar and the top bar elsewhere)
        )

    def hud(self) -> pygame.Surface:
        """The top bar and the sidebar, drawn once per change."""
        key = self.hud_key()
        cache = self._hud_cache
        if cache is None or cache[0] != key:
            scene = self.scene
            race, shown = scene.race, scene.playback
            size = theme.screen_size()
            picture = cache[1] if cache is not None and cache[1].get_size() == size else pygame.Surface(size).convert()
            picture.fill(theme.BACKGROUND)
            hud.draw_top_bar(picture, race, shown.turn_shown, shown.acting, shown.phase)
            legend = hud.legend_button()
            draw_panel(picture, legend, theme.PANEL, theme.PANEL_EDGE, radius=6, shadow=False)
            text.draw(picture, t("legend.button"), legend.center, 15, theme.TEXT, "bold", anchor="center")
            tags = scene.seats.tags(race)
            args = (shown.shown_points, shown.acting, shown.shown_protected, shown.order_shown, shown.turn_shown)
            bottom = hud.draw_racers(picture, race, *args, tags=tags)
            hud.draw_log(picture, shown.log, bottom, race)
            self._hud_cache = cache = (key, picture)
            self.hud_on_screen = None
        return cache[1]

    # ---------------------------------------------------------------- the frame
    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        picture = self.hud()
        # The HUD lies outside the board view, where nothing else draws: when this scene drew the
        # same HUD on the same screen last frame, and is on top (no menu darkened it), it is still there.
        on_top = scene.stack is not None and scene.stack.top is cast(object, scene)
        mark = (id(surface), id(self._hud_cache))
        view = scene.view
        if not (on_top and self.hud_on_screen == mark):
            width, height = picture.get_size()
            top = pygame.Rect(0, 0, width, view.top)
            side = pygame.Rect(view.right, view.top, width - view.right, height - view.top)
            text.lay(surface, picture, top.topleft, top)
            text.lay(surface, picture, side.topleft, side)
        text.control(surface, hud.legend_button(), t("legend.button"))  # (for a test's recorder)
        text.control(surface, None)
        self.hud_on_screen = mark if on_top else None
        # What can be worked out before the board blit is (see token_sprites).
        tokens = self.token_sprites()
        line = self.status_line()
        renderer, camera, scale = scene.renderer, scene.camera.at, scene.camera.scale
        smooth = not scene.camera.gliding
        panel = scene.panel if scene.panel is not None and not scene.busy else None
        board_view = scene.camera.board_view  # a narrow board: drawn once, on a plain ground
        narrow = board_view != view
        still = False
        if panel is None:
            self.panel_on_screen = None
            if narrow:
                self.draw_margins(surface, view, board_view)
            renderer.draw_scaled(surface, board_view, camera, scale, smooth)
        else:
            # The decision panel is opaque but for its round corners: the board, the tokens
            # and the animations are drawn above it, and while it stays the same it is not
            # drawn again (nor the board under it), only its corners.
            panel_picture, area = panel.picture(theme.racer_colour(panel.decision.racer), surface.get_size())
            still = on_top and self.panel_on_screen == (id(surface), id(panel_picture)) and smooth
            parts = board.around(view, area) + panel.notches if still else [view]
            if narrow:
                for part in parts:
                    self.draw_margins(surface, view, board_view, part)
            if still:
                renderer.draw_scaled_parts(surface, board_view, camera, scale, parts)
            else:
                renderer.draw_scaled(surface, board_view, camera, scale, smooth)
            view = pygame.Rect(view.left, view.top, view.width, max(0, min(view.bottom, area.top) - view.top))
        clip = surface.get_clip()
        surface.set_clip(view.clip(board_view))
        self.draw_traps(surface)
        self.draw_marks(surface)
        surface.fblits(tokens)
        self.draw_shock_labels(surface)
        surface.set_clip(view)
        playback = scene.playback
        for anim in playback.ambient:
            if anim.draws:
                anim.draw(surface, scene)
        if playback.anim is not None:
            playback.anim.draw(surface, scene)
        surface.set_clip(clip)
        if panel is not None:
            if still:
                for notch in panel.notches:
                    text.lay(surface, panel_picture, notch.topleft, notch.move(-area.left, -area.top))
            else:
                text.lay(surface, panel_picture, area.topleft)
            self.panel_on_screen = (id(surface), id(panel_picture)) if on_top else None
            self.draw_explanation(surface, panel)
        else:
            self.link = self.strip = None
        if panel is None and line is not None:
            text.lay(surface, line[0], line[1].topleft)
        self.draw_notice(surface)

    @staticmethod
    def draw_margins(
        surface: pygame.Surface, view: pygame.Rect, board_view: pygame.Rect, part: pygame.Rect | None = None
    ) -> None:
        """Beside a board narrower than the view (within `part` of it): a plain ground, and the board's
        edges, which join (a racer leaving one comes back at the other: a chevron on each says so)."""
        clip = surface.get_clip()
        if part is not None:
            surface.set_clip(part.clip(view))
        surface.fill(MARGIN, view)
        top, bottom = board_view.top, board_view.bottom
        if board_view.width < view.width:
            for x, way in ((board_view.left - 1, -1), (board_view.right, 1)):
                pygame.draw.line(surface, theme.PANEL_EDGE, (x, top), (x, bottom), 2)
                for y in range(top + min(60, board_view.height // 2), bottom, 160):
                    tip = x + way * 12
                    points = [(x + way * 4, y - 7), (tip, y), (x + way * 4, y + 7)]
                    pygame.draw.polygon(surface, theme.PANEL_EDGE, points)
        if board_view.height < view.height:  # drawn once down too (zoomed out): its top and foot join
            for y, way in ((top - 1, -1), (bottom, 1)):
                pygame.draw.line(surface, theme.PANEL_EDGE, (board_view.left, y), (board_view.right, y), 2)
                for x in range(board_view.left + min(60, board_view.width // 2), board_view.right, 160):
                    tip = y + way * 12
                    points = [(x - 7, y + way * 4), (x, tip), (x + 7, y + way * 4)]
                    pygame.draw.polygon(surface, theme.PANEL_EDGE, points)
        surface.set_clip(clip)

    # ---------------------------------------------------------------- lines over the board
    def notice_box(self, words_now: str) -> pygame.Rect:
        """Where the seats' line stands: over the board, under its buttons."""
        scene = self.scene
        width = min(scene.view.width - 40, text.width(words_now, 17, "bold") + 56)
        box = pygame.Rect(0, 0, width, 32)
        box.midtop = (scene.view.centerx, scene.banner_top())
        return box

    def draw_notice(self, surface: pygame.Surface) -> None:
        """The seats' line over the board (a friend disconnected), on a dark strip."""
        scene = self.scene
        words_now = scene.seats.notice(scene.race)
        if not words_now:
            return
        box = self.notice_box(words_now)
        effects.shade(surface, box, (40, 12, 16), 215)
        pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=6)
        said = text.draw(surface, words_now, (box.centerx + 10, box.centery), 17, theme.TEXT, "bold", anchor="center")
        warning_sign(surface, (said.left, said.centery), said.height)

    def explanation(self) -> list[str]:
        """What the focused option of the person's decision will do (worked out once per focus)."""
        panel = self.scene.panel
        if panel is None or panel.clover or not 0 <= panel.focus < len(panel.entries):
            return []
        entry = panel.entries[panel.focus]
        key = (id(panel.decision), panel.focus, entry.option, panel.armed, i18n.language())
        if self._explained is None or self._explained[0] != key:
            lines = option_lines(self.scene.race, panel.decision, entry.option, entry)
            if panel.armed is not None:  # the first press on an option that surely costs: say it first
                lines.insert(0, t("dec.confirm", cost=all_costs(entry.sure)))
            self._explained = (key, lines)
        return list(self._explained[1])

    def explanation_box(self, panel: DecisionPanel) -> pygame.Rect | None:
        """Where the focused option's explanation goes (just above the decision panel), laid out."""
        lines = self.explanation()
        if not lines:
            return None
        self._lay_out_strip(panel, lines)
        assert self._strip is not None
        height = 8 + strip_step() * len(self._strip[1])
        return pygame.Rect(panel.dock.left + 10, panel.dock.top - height - 4, panel.dock.width - 20, height)

    def draw_explanation(self, surface: pygame.Surface, panel: DecisionPanel) -> None:
        """The focused option's explanation, on a dark strip just above the decision panel (its lines
        wrapped to the strip), with the link to its rule in the rule book (F1, or a click on it)."""
        self.link = self.strip = None
        box = self.explanation_box(panel)
        if box is None or self._strip is None:
            return
        rows, link, section = self._strip[1], self._strip[2], self._strip[4]
        effects.shade(surface, box, (10, 12, 20), 210)
        self.strip = box
        for k, (part, colour, kind) in enumerate(rows):
            text.draw(surface, part, (box.left + 10, box.top + 4 + strip_step() * k), 16, colour, kind)
        where = text.draw(surface, link, (box.right - 10, box.top + 6), 14, theme.HIGHLIGHT, anchor="topright")
        self.link = (where.inflate(8, 6), section)

    def _lay_out_strip(self, panel: DecisionPanel, lines: list[str]) -> None:
        """The explanation's rows, wrapped to the strip, once per look."""
        width = panel.dock.width - 20
        option = panel.focused.option if panel.focused is not None else None
        section = explain.decision_section(panel.decision, option)
        key = (tuple(lines), width, section, panel.armed is not None, i18n.language(), controls.stamp(), theme.look())
        if self._strip is None or self._strip[0] != key:
            link = t("dec.rules_link", section=explain.section_title(section))
            link_width = text.width(link, 14) + 20
            rows: list[tuple[str, tuple[int, int, int], str]] = []
            for k, words_line in enumerate(lines):
                warning = k == 0 and panel.armed is not None
                colour, kind = (theme.BAD, "bold") if warning else (theme.TEXT, "body")
                room = width - 20 - (link_width if k == 0 else 0)
                rows += [(part, colour, kind) for part in text.wrap(words_line, room, 16, kind)]
            self._strip = (key, rows, link, link_width, section)

    def status_line(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The line at the foot of the board, with where it goes: how to skip an animation, or
        which computer racer is thinking (None while a person decides). Laid out once per
        line and language."""
        scene = self.scene
        race, view = scene.race, scene.view
        if scene.busy:
            if scene.playback.anim is None:
                return None
            which: tuple[Any, ...] = ("skip",)
        elif scene.panel is not None or race.pending is None:
            return None
        else:
            racer = race.pending.racer
            who, name = scene.seats.who(race, racer)
            if who == "recorded":  # a replay: nobody thinks (its own line says what is shown)
                return None
            elsewhere = who == "remote" and not scene.seats.computer_plays(race, racer)
            which = ("waiting", name) if elsewhere else ("thinking", racer)  # a computer racer thinks, anywhere
        key = (which, i18n.language(), view.bottomright)
        line = self._line
        if line is None or line[0] != key:
            if which[0] == "skip":
                said, size, colour, kind = t("race.skip"), 15, theme.MUTED, "body"
                place = {"bottomright": (view.right - 10, view.bottom - 8)}
            elif which[0] == "waiting":
                said = t("net.waiting_for", name=which[1]) if which[1] else t("net.waiting_host")
                size, colour, kind = 22, theme.TEXT, "bold"
                place = {"center": (view.centerx, view.bottom - 24)}
            else:
                said, size, colour, kind = t("race.thinking", name=race.racers[which[1]].name), 22, theme.TEXT, "bold"
                place = {"center": (view.centerx, view.bottom - 24)}
            words_picture = text.render(said, size, colour, kind)
            picture = pygame.Surface(words_picture.get_rect().inflate(28, 10).size, pygame.SRCALPHA)
            pygame.draw.rect(picture, (12, 14, 24, 205), picture.get_rect(), border_radius=picture.get_height() // 2)
            text.draw(picture, said, (14, 5), size, colour, kind)  # on a dark pill: readable over any square
            line = self._line = (key, picture, picture.get_rect(**place))
        return line[1], line[2]

    # ---------------------------------------------------------------- on the board
    def brainy_viewer(self) -> int | None:
        """The acting person when he is Brainy (he sees who laid each trap), else None."""
        scene = self.scene
        race = scene.race
        racer = race.pending.racer if race.pending is not None and not scene.busy else scene.playback.acting
        if racer is None:
            return None
        r = race.racers[racer]
        return racer if r.has(BRAINY) and scene.seats.here(race, racer) else None

    def draw_traps(self, surface: pygame.Surface) -> None:
        shown = self.scene.playback
        if not shown.shown_traps:
            return
        tile = self.scene.tile
        viewer = self.brainy_viewer()
        spots = self.scene.camera.spotter()
        for square, kind in shown.shown_traps.items():
            sprite = object_sprite("poo" if kind == "poo" else "trap", int(tile * 0.8))
            owner = shown.shown_owners.get(square) if viewer is not None else None
            for centre in spots(square):
                surface.blit(sprite, sprite.get_rect(center=centre))
                if owner is not None:
                    self.owner_mark(surface, centre, owner, owner == viewer)

    def owner_mark(self, surface: pygame.Surface, centre: tuple[int, int], owner: int, own: bool) -> None:
        """A trap's owner for a Brainy eye: his mark (shape, colour, seat number) in the square's corner."""
        half = self.scene.tile // 2
        spot = (centre[0] - half + 10, centre[1] - half + 10)
        shape = sprites.mark(owner, 22 if own else 20, theme.racer_colour(owner), owner + 1)
        surface.blit(shape, shape.get_rect(center=spot))

    def path_drawn(self) -> list[Any]:
        """The squares of the fireball path being drawn, from the user's own (empty when none is)."""
        panel = self.scene.panel
        if panel is None or panel.decision.kind != "path":
            return []
        start = self.scene.playback.shown_pos[panel.decision.racer]
        return [start] + [tuple(p) for p in panel.decision.info.get("path", [])]

    def draw_path(self, surface: pygame.Surface) -> None:
        """The fireball path drawn so far, the previewed next square, and the range left."""
        scene = self.scene
        trail = self.path_drawn()
        panel = scene.panel
        if not trail or scene.busy or panel is None:
            return
        tile, spots = scene.tile, scene.camera.spotter()
        info = panel.decision.info
        for square in trail[1:]:
            for centre in spots(square):
                effects.glow(surface, PATH_COLOUR, centre, int(tile * 0.42), 90)
        effects.draw_path(surface, scene, trail, PATH_COLOUR, 8)
        effects.draw_path(surface, scene, trail, PATH_LIGHT, 3)
        for square in trail[1:-1]:
            for centre in spots(square):
                pygame.draw.circle(surface, PATH_LIGHT, centre, tile // 7)
        if len(trail) > 1:
            for centre in spots(trail[-1]):
                pygame.draw.circle(surface, (255, 240, 190), centre, tile // 4)
                pygame.draw.circle(surface, PATH_COLOUR, centre, tile // 4, 3)
                if "end" in panel.decision.options:
                    where = (centre[0], centre[1] - tile // 2 - 2)
                    said = t("race.path_end")
                    text.draw(surface, said, where, 14, (255, 240, 190), "bold", anchor="midbottom", shadow=True)
        preview = panel.preview()
        if preview is not None:
            effects.draw_path(surface, scene, [trail[-1], preview], (255, 235, 180), 3)
            for centre in spots(preview):
                effects.glow(surface, (255, 190, 80), centre, int(tile * 0.3), 150)
        reach = info.get("reach", 0)
        drawn = len(trail) - 1
        name = words.object_name(info.get("object", "ring_of_fire"))
        line = t("race.path", name=name, drawn=drawn, reach=reach, left=max(0, reach - drawn), count=reach)
        box = pygame.Rect(scene.view.left + 10, scene.view.top + 10, text.width(line, 19, "bold") + 28, 34)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (14, 10, 6, 200), shade.get_rect(), border_radius=8)
        surface.blit(shade, box)
        pygame.draw.rect(surface, PATH_COLOUR, box, 2, border_radius=8)
        text.draw(surface, line, (box.left + 14, box.centery), 19, PATH_LIGHT, "bold", anchor="midleft")
        meter = pygame.Rect(box.left, box.bottom + 4, box.width, 6)
        pygame.draw.rect(surface, (60, 40, 20), meter, border_radius=3)
        if reach:
            filled = (meter.left, meter.top, meter.width * drawn // reach, 6)
            pygame.draw.rect(surface, PATH_COLOUR, filled, border_radius=3)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """The fireball's path, the squares the decision can choose, a shock's numbered squares."""
        scene = self.scene
        self.draw_path(surface)
        tile, spots = scene.tile, scene.camera.spotter()
        if scene.panel is not None and not scene.busy:
            colour = theme.racer_colour(scene.panel.decision.racer)
            self.draw_walk(surface, scene.panel, colour)
            for square, focused, number in scene.panel.squares():
                mark = square_mark(colour, focused, number, tile)
                for x, y in spots(square):
                    surface.blit(mark, (x - mark.get_width() // 2, y - mark.get_height() // 2))
        shock = scene.playback.shock_marks
        if shock is not None:
            faces: dict[tuple[Any, ...], list[int]] = {}  # (two faces may send to one square: "1, 4" on it)
            for face, square in sorted(shock[1].items()):
                faces.setdefault(square, []).append(face)
            for square, said in faces.items():
                label = ", ".join(str(face) for face in said)
                for x, y in spots(square):
                    rect = pygame.Rect(0, 0, tile - 8, tile - 8)
                    rect.center = (x, y)
                    pygame.draw.rect(surface, (255, 150, 60), rect, 2, border_radius=6)
                    self.shock_labels.append((label, (rect.right - 3, rect.top + 1)))

    def draw_shock_labels(self, surface: pygame.Surface) -> None:
        """A shock's faces on their squares, over the tokens (the square a racer stands on is one)."""
        for label, corner in self.shock_labels:
            text.draw(surface, label, corner, 17, (255, 190, 120), "bold", anchor="topright", shadow=True)
        self.shock_labels = []

    def draw_walk(self, surface: pygame.Surface, panel: DecisionPanel, colour: tuple[int, ...]) -> None:
        """The focused move's walk as it really goes (dots on the squares walked before its end),
        and the part of the path it asks for that a barrier, a rock, a trap or a hole blocks."""
        entry = panel.focused
        outcome = entry.outcome if entry is not None else None
        if entry is None or outcome is None:
            return
        tile, spots = self.scene.tile, self.scene.camera.spotter()
        passed = outcome.path if entry.square != outcome.end else outcome.path[:-1]  # (a hole: walked into, left)
        for square in passed:
            for centre in spots(square):
                pygame.draw.circle(surface, (20, 20, 28), centre, tile // 8 + 2)
                pygame.draw.circle(surface, colour, centre, tile // 8)
        for k, square in enumerate(entry.blocked):
            mark = blocked_mark(tile, k == 0)
            for x, y in spots(square):
                surface.blit(mark, (x - mark.get_width() // 2, y - mark.get_height() // 2))

    # ---------------------------------------------------------------- the tokens
    def token_image(self, index: int, walking: bool, protected: bool) -> tuple[pygame.Surface, int, int]:
        """A racer's token as drawn now (faded while protected, ringed while walking) and half its
        width and height, kept per look."""
        tile = token_size(self.scene.tile)
        key = (index, walking, protected, tile, theme.look())
        found = self._tokens.get(key)
        if found is None:
            if len(self._tokens) > 96:  # (a zoom draws them at many sizes on its way)
                self._tokens.clear()
            character = self.scene.race.racers[index].character
            image = sprites.token(character, theme.racer_colour(index), int(tile * 0.92), index + 1, protected)
            if walking:
                image = effects.ringed(image, int(tile * 0.48))
            found = self._tokens[key] = (image, image.get_width() // 2, image.get_height() // 2)
        return found

    def token_sprites(self) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The tokens to draw, as (image, top-left) in drawing order (the acting racer last, on top,
        with his pulsing ring). Worked out before the board is blitted, so that the frame's Python
        runs while the caches are warm, and blitted in one batch after it."""
        scene = self.scene
        shown = scene.playback
        moved, walking = scene.token_moves()
        acting, protected, spots = shown.acting, shown.shown_protected, scene.camera.spotter()
        placed = []  # (index, where, picture, half width, half height)
        for index, at in shown.shown_pos.items():
            where = moved.get(index, at)
            if where == effects.HIDDEN:
                continue
            look = (index, index in walking, bool(protected.get(index)))
            placed.append((index, where, *self.token_image(*look)))
        crowd: dict[tuple[Any, ...], list[int]] = {}  # racers on the same square stand side by side
        if len({p[1] for p in placed}) < len(placed):
            for index, where, *_ in placed:
                crowd.setdefault(where, []).append(index)
        out: list[tuple[Any, ...]] = []
        on_top: list[tuple[Any, ...]] = []  # the acting racer's go on top
        for index, where, token, half_w, half_h in placed:
            group = crowd.get(where)
            if group is None or len(group) == 1:
                dx = dy = 0
            else:
                k = group.index(index)
                dx, dy = int((k - (len(group) - 1) / 2) * 12), -4 + 4 * (k % 2)
            target = out
            if index == acting:  # on top, in his pulsing ring
                target = on_top
                pulse = ring_pulse(scene.clock)
                token = effects.ringed(token, int(scene.tile * 0.92) // 2 + pulse, theme.FOCUS)
                half_w, half_h = token.get_width() // 2, token.get_height() // 2
            for x, y in spots(where):
                target.append((token, (x + dx - half_w, y + dy - half_h)))
        out += on_top
        return out
