"""Everything on the race screen explains itself: a racer card's parts (his turn order, portrait,
points, chest badge, clovers, shields, coins, each object he holds, his status line) and the dice
of a clover's question.

The pointer over one of them shows what it is and does in a box beside it (scenes/race/explain.py says
it in words), with a link to its section of the rule book: a click on it, or F1, opens the *Rules*
there. Without a mouse, I (a controller's Back) walks them: the arrows go from one to the next
(Up and Down from card to card), Enter or F1 opens its rule, I or Escape ends the walk. F1 with
nothing pointed at opens the rule of the focused option of the decision panel, else of the phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.controls import Action
from scenes.core import assets, controls, i18n, text, theme
from scenes.core.i18n import t
from scenes.race import explain, hud

if TYPE_CHECKING:
    from scenes.race.parts import InspectedScene

WIDTH = 380  # the explanation box
TITLE, BODY, LINK = 17, 15, 14
#: the actions of a walk through the cards: end it, open the rule book at its part, the next, the one before
WALK: tuple[Action, ...] = (Action.PAUSE, Action.UNDO, Action.CONFIRM, Action.ACTIVATE)
WALK += (Action.RIGHT, Action.NEXT_FIELD, Action.LEFT, Action.UP, Action.DOWN)

Thing = tuple[Any, ...]


class Inspector:
    """What the pointer is over, or the thing the keys walked to, explained (see the module)."""

    def __init__(self, scene: InspectedScene) -> None:
        self.scene = scene
        self.mouse: tuple[int, int] | None = None
        self.walking = False  # the keys walk the things (I)
        self.index = 0
        self._things: tuple[Any, list[tuple[Thing, pygame.Rect]]] | None = None
        self._box: tuple[Any, pygame.Surface] | None = None

    # ---------------------------------------------------------------- what there is
    def things(self) -> list[tuple[Thing, pygame.Rect]]:
        """Every thing that explains itself, with its rectangle, in reading order (worked out once per
        look of the HUD and the panel)."""
        scene = self.scene
        playback, panel = scene.playback, scene.panel
        key = (scene.drawing.hud_key(), id(panel), scene.busy, scene.folded)
        if self._things is not None and self._things[0] == key:
            return self._things[1]
        race, turn = scene.race, playback.turn_shown
        found: list[tuple[Thing, pygame.Rect]] = []
        for index, rect in hud.card_rects(race, turn).items() if not scene.folded else ():
            parts = dict(hud.card_parts(race, index, rect, turn))
            first = [("racer", index), ("order", index)]
            found += [(thing, parts.pop(thing)) for thing in first]
            last = [(thing, parts.pop(thing)) for thing in (("points", index), ("tier", index))]
            found += list(parts.items()) + last
        if panel is not None and panel.clover and not scene.busy:
            names = panel.decision.info.get("die", [])
            found += [(("die", name), rect) for name, rect in zip(names, panel.dice_rects)]
        if panel is not None and panel.roll is not None and not scene.busy:  # the dice in front of him
            found += [(("die", name), rect) for name, rect in zip(panel.roll.names, panel.roll.rects)]
        self._things = (key, found)
        return found

    def at(self, pos: tuple[int, int] | None) -> tuple[Thing, pygame.Rect] | None:
        """The thing under a point of the screen."""
        if pos is None:
            return None
        return next(((thing, rect) for thing, rect in self.things() if rect.collidepoint(pos)), None)

    def current(self) -> tuple[Thing, pygame.Rect] | None:
        """The thing explained now: the one the keys walked to, else the one under the pointer."""
        if self.walking:
            things = self.things()
            if not things:
                return None
            self.index %= len(things)
            return things[self.index]
        return self.at(self.mouse)

    def explained(self, thing: Thing) -> explain.Explained:
        """A thing in words, as the screen shows it now (the turn order and points shown)."""
        playback = self.scene.playback
        return explain.thing_words(self.scene.race, thing, playback.order_shown, playback.shown_points)

    # ---------------------------------------------------------------- input
    def open_rules(self, section: str) -> None:
        """The rule book at a section, over the race."""
        self.walking = False
        stack = self.scene.stack
        stack.push(stack.make("rules", section=section))

    def help_section(self) -> str:
        """F1: the rule of what is explained, else of the focused option, else of the phase."""
        shown = self.current()
        if shown is not None:
            return explain.section_of(shown[0])
        panel = self.scene.panel
        if panel is not None and panel.focused is not None:
            return explain.decision_section(panel.decision, panel.focused.option)
        if panel is not None:
            return explain.decision_section(panel.decision, None)
        return explain.PHASE_SECTIONS.get(self.scene.playback.phase, "turn")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The pointer, a click on a thing, I, F1 and the walk's keys; True when taken."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.walking = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            link = self.scene.drawing.link
            if link is not None and link[0].collidepoint(event.pos):
                self.open_rules(link[1])
                return True
            found = self.at(event.pos)
            if found is not None and found[0][0] != "die":  # (a click on a die turns it over)
                self.open_rules(explain.section_of(found[0]))
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if controls.pressed(event, Action.RULE_BOOK):
            self.open_rules(self.help_section())
            return True
        if controls.pressed(event, Action.INSPECT):
            self.walking = not self.walking
            if self.walking:
                self.index = self._start()
            return True
        if not self.walking:
            return False
        return self._walk(event)

    def _start(self) -> int:
        """Where the walk starts: the portrait of the person's own racer who decides, or the first."""
        scene = self.scene
        panel = scene.panel
        racer = panel.decision.racer if panel is not None else scene.playback.acting
        things = self.things()
        return next((k for k, (thing, _) in enumerate(things) if thing == ("racer", racer)), 0)

    def _walk(self, event: pygame.event.Event) -> bool:
        things = self.things()
        if not things:
            self.walking = False
            return False
        action = controls.which(event, WALK)
        if action in (Action.PAUSE, Action.UNDO):  # (a controller's B too)
            self.walking = False
        elif action in (Action.CONFIRM, Action.ACTIVATE):
            self.open_rules(explain.section_of(things[self.index % len(things)][0]))
        elif action in (Action.RIGHT, Action.NEXT_FIELD):
            self.index = (self.index + 1) % len(things)
        elif action is Action.LEFT:
            self.index = (self.index - 1) % len(things)
        elif action in (Action.UP, Action.DOWN):
            self.index = self._next_card(things, -1 if action is Action.UP else 1)
        else:
            return False
        return True

    def _next_card(self, things: list[tuple[Thing, pygame.Rect]], step: int) -> int:
        """The same kind of thing on the card above or below (its portrait when it has none)."""
        thing = things[self.index % len(things)][0]
        if thing[0] == "die":
            return (self.index + step) % len(things)
        racers = len(self.scene.race.racers)
        other = (thing[1] + step) % racers
        wanted = (thing[0], other, *thing[2:])
        for k, (candidate, _) in enumerate(things):
            if candidate == wanted:
                return k
        return next((k for k, (c, _) in enumerate(things) if c == ("racer", other)), self.index)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The explanation of the thing explained now, beside it, and a frame around it."""
        shown = self.current()
        if shown is None:
            return
        thing, rect = shown
        self.scene.drawing.forget()  # (drawn over the HUD: it is drawn whole again next frame)
        pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=6)
        picture = self.box(thing)
        box = picture.get_rect()
        side = hud.sidebar(self.scene.race)
        if rect.left >= side.left - 8:  # a card's part: beside the sidebar, over the board
            box.topright = (side.left - 8, rect.top)
        else:  # a die: above it
            box.midbottom = (rect.centerx, rect.top - 8)
        width, height = theme.screen_size()
        box.clamp_ip(pygame.Rect(4, hud.TOP_HEIGHT + 4, width - 8, height - hud.TOP_HEIGHT - 8))
        text.lay(surface, picture, box.topleft)

    def box(self, thing: Thing) -> pygame.Surface:
        """The explanation's box, laid out once per thing, look and language."""
        said = self.explained(thing)
        link = "thing.link_keys" if self.walking else "thing.link"
        key = (said, link, i18n.language(), controls.stamp())
        if self._box is not None and self._box[0] == key:
            return self._box[1]
        inner = WIDTH - 24
        rows: list[tuple[str, int, tuple[int, int, int], str]] = []
        rows += [(row, TITLE, theme.ACCENT, "bold") for row in text.wrap(said.title, inner, TITLE, "bold")]
        for line in said.lines:
            rows += [(row, BODY, theme.TEXT, "body") for row in text.wrap(line, inner, BODY)]
        words_link = t(link, section=explain.section_title(said.section))
        rows += [(row, LINK, theme.HIGHLIGHT, "body") for row in text.wrap(words_link, inner, LINK)]
        height = 16 + sum(assets.font(size, kind).get_linesize() for _, size, _, kind in rows) + 6
        picture = pygame.Surface((WIDTH, height), pygame.SRCALPHA)
        pygame.draw.rect(picture, (12, 14, 26, 242), picture.get_rect(), border_radius=8)
        pygame.draw.rect(picture, theme.ACCENT, picture.get_rect(), 2, border_radius=8)
        y = 8
        for k, (row, size, colour, kind) in enumerate(rows):
            if size == LINK and rows[k - 1][1] != LINK:
                y += 6
            text.draw(picture, row, (12, y), size, colour, kind)
            y += assets.font(size, kind).get_linesize()
        self._box = (key, picture)
        return picture
