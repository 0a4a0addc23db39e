"""Objects on the board, chests and the inventory (docs/rules-spec.md section 7; Disarm and Theft of 9)."""

from __future__ import annotations

from typing import Any

from game.boards.board import CHEST, Square
from game.rules import objects as obj
from game.rules.characters import LOVES_TRAPS
from game.rules.dice import D100, DOBJ, DTHEFT
from game.rules.state import RaceState, Rules

THEFT_SUCCESS = 40  # % success of DTHEFT (Disarm and Theft)
THEFT_MOST_COMMON = 90  # a hidden d100 <= 90 steals the most common object, else the rarest
THEFT_FAILURE_POINTS = -2


def theft_succeeds(face: int) -> bool:
    """DTHEFT: a face above 100 - P is a success."""
    return face > 100 - THEFT_SUCCESS


# ---------------------------------------------------------------- on the board
def take_objects(race: RaceState, racer: int, square: Square) -> Rules:
    """Take the object lying on a square; a chest is opened on the spot (5.1, 7)."""
    found = race.object_at(square)
    if found is None:
        return
    race.taken.add(square)
    if found == CHEST:
        yield from open_chest(race, racer, square)
    else:
        race.emit("picked_up", racer, found, square)
        yield from gain(race, racer, found)


def open_chest(race: RaceState, racer: int, square: Square) -> Rules:
    """Roll the DOBJ for the racer's tier; a clover gives the alternative object (7)."""
    tier = race.tier(racer)
    category = race.racers[racer].stats.alternative

    def describe(rolled: list[int]) -> dict[str, Any]:
        return {
            "object": obj.chest_object(rolled[0], tier),
            "alternative": obj.alternative_object(rolled[0], tier, category),
        }

    faces, rolled, flipped = yield from race.roll(racer, [DOBJ], "chest", describe=describe, tier=tier)
    found = obj.alternative_object(rolled[0], tier, category) if flipped else obj.chest_object(rolled[0], tier)
    race.emit("chest_opened", racer, square, tier, faces[0], found)
    yield from gain(race, racer, found)


# ---------------------------------------------------------------- inventory
def limited(race: RaceState, racer: int) -> list[str]:
    """The active objects that count in the two-object limit."""
    r = race.racers[racer]
    return [o for o in r.inventory.objects if not (o == obj.TRAP and r.has(LOVES_TRAPS))]


def gain(race: RaceState, racer: int, found: str) -> Rules:
    """Add an object to the inventory; a third active object makes him drop one."""
    inv = race.racers[racer].inventory
    race.emit("object_gained", racer, found)
    if found == obj.COIN:
        inv.coins += 1
    elif found == obj.CLOVER:
        inv.clovers += 1
    elif found == obj.SHIELD:
        inv.shields += 1
    else:
        inv.objects.append(found)
        held = limited(race, racer)
        if len(held) > obj.ACTIVE_LIMIT:
            dropped = yield race.ask(racer, "drop", sorted(set(held)), objects=list(held))
            inv.objects.remove(dropped)
            race.emit("object_dropped", racer, dropped)


def holdings(race: RaceState, racer: int) -> dict[str, int]:
    """Counts of the chest-table objects a racer holds (Theft's choice)."""
    inv = race.racers[racer].inventory
    counts = {obj.COIN: inv.coins, obj.CLOVER: inv.clovers, obj.SHIELD: inv.shields}
    for o in inv.objects:
        if o in obj.CHEST_ORDER:
            counts[o] = counts.get(o, 0) + 1
    return {o: n for o, n in counts.items() if n > 0}


def remove(race: RaceState, racer: int, item: str) -> None:
    """Take one object out of an inventory."""
    inv = race.racers[racer].inventory
    if item == obj.COIN:
        inv.coins -= 1
    elif item == obj.CLOVER:
        inv.clovers -= 1
    elif item == obj.SHIELD:
        inv.shields -= 1
    else:
        inv.objects.remove(item)


# ---------------------------------------------------------------- the thief (9)
def disarm(race: RaceState, racer: int, square: Square) -> Rules:
    """Disarm: DTHEFT on an opponent's trap; success keeps it (a poo is only removed)."""
    faces, _, _ = yield from race.roll(racer, [DTHEFT], "disarm")
    if not theft_succeeds(faces[0]):
        return False
    trap = race.traps.pop(square)
    race.emit("trap_sprung", racer, square, trap.owner, "disarmed")
    if trap.kind == "trap":
        yield from gain(race, racer, obj.TRAP)
    return True


def steal(race: RaceState, thief: int, loser: int) -> Rules:
    """Theft: after winning, DTHEFT; success takes the loser's most common (90 %) or rarest object."""
    held = holdings(race, loser)
    if not held:
        return
    faces, _, _ = yield from race.roll(thief, [DTHEFT], "theft")
    if not theft_succeeds(faces[0]):
        race.score(thief, THEFT_FAILURE_POINTS, "theft")
        return
    order = {o: i for i, o in enumerate(obj.CHEST_ORDER)}
    pick = race.dice.roll(D100)
    if pick <= THEFT_MOST_COMMON:
        item = min(held, key=lambda o: (-held[o], order[o]))
    else:
        item = min(held, key=lambda o: (held[o], -order[o]))
    remove(race, loser, item)
    race.emit("object_dropped", loser, item)
    yield from gain(race, thief, item)
