"""The dice in front of the player: while a person chooses, the dice that matter for his choice (the
roll he moves by, the quick die, the beer dice, a fight's die, a chest's object die) stay drawn in
the decision panel's head, as they stand (turned over by a clover), until the choice is made.
Pointing at one explains it, as the clover panel's dice are (scenes/race/inspect.py).

The dice shown are the last roll since the current phase began (a roll's validation, clovers
used, replaces it): what was rolled before the phase is no longer what the choice is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game import Decision, Race
from scenes.core import text, theme, words
from scenes.core.i18n import t
from scenes.render import rolls, sprites

SIZE = 34  # a die's side, in the panel's head
GAP = 8
BOUNDARIES = ("phase", "racer_turn", "turn_started")  # a roll before these no longer matters


@dataclass
class Roll:
    """The dice shown: their names, faces (words), icons, and where each is drawn."""

    names: list[str]
    faces: list[str]
    icons: list[Any]
    rects: list[pygame.Rect]


def roll_of(race: Race, decision: Decision) -> Roll | None:
    """The dice that matter for `decision` (see the module), or None."""
    log = race.log
    found = None
    for k in range(len(log) - 1, -1, -1):
        event = log[k]
        if event.kind in BOUNDARIES:
            break
        if event.kind in ("rolled", "roll_validated"):
            found = k
            break
    if found is None:
        return None
    event = log[found]
    names, faces = [str(n) for n in event.die], [str(f) for f in event.faces]
    icons: list[Any] = [None] * len(names)
    for later in log[found + 1 :]:  # a fight's die and a chest's die are read on their tables
        if later.kind == "fight_result" and "DCOMBAT" in names:
            faces[names.index("DCOMBAT")] = t(f"die.face.{later.result}")
        if later.kind == "chest_opened" and "DOBJ" in names and later.object:
            i = names.index("DOBJ")
            faces[i], icons[i] = words.object_name(later.object), sprites.icon("object", later.object, 40)
    return Roll(names, faces, icons, [])


def lay_out(roll: Roll, right: int, centre_y: int) -> pygame.Rect:
    """Place the dice right-aligned at `right`; the rectangle they and their label take."""
    x = right
    roll.rects = []
    for name, face, icon in reversed(list(zip(roll.names, roll.faces, roll.icons, strict=True))):
        width = rolls.draw_die(pygame.Surface((1, 1)), (0, 0), SIZE, name, face, icon).width
        rect = pygame.Rect(x - width, centre_y - SIZE // 2, width, SIZE)
        roll.rects.insert(0, rect)
        x = rect.left - GAP
    label = text.width(t("dec.roll_shown"), 15) + 6
    return pygame.Rect(x - label, centre_y - SIZE // 2, right - x + label, SIZE)


def draw(surface: pygame.Surface, roll: Roll) -> None:
    """The dice where `lay_out` put them, with their label."""
    for name, face, icon, rect in zip(roll.names, roll.faces, roll.icons, roll.rects, strict=True):
        rolls.draw_die(surface, rect.center, SIZE, name, face, icon)
    if roll.rects:
        first = roll.rects[0]
        text.draw(surface, t("dec.roll_shown"), (first.left - GAP, first.centery), 15, theme.MUTED, anchor="midright")
