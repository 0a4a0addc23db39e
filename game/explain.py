"""What an option will do, as far as it is known before the dice: the screen explains the focused
option of a decision with this, and says why an object or a free action is not offered.

A move's walk needs no dice: `move_outcome` plays the option on a fork of the race (with dice of
its own, which the walk does not use) and reads the walk from the fork's events, so the squares
and points it shows are those the race gives. What happens after the walk (a chest's object, a
shortcut's roll, a fight's result) depends on dice: only what will act is said, and a fight's
chances are the character table's.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import combat, effects
from game import objects as obj
from game.board import HOLE, SHORTCUT, Square
from game.characters import THROWING_STARS, WAND_MASTERY
from game.dice import Dice
from game.race import Decision, Race

WALKING_KINDS = ("move", "drift", "coins", "distance", "tactical")
SCORED = ("distance", "lap")


@dataclass(frozen=True)
class FightOdds:
    """A fight an option would start: who attacks whom, and the attacker's chances (%)."""

    attacker: int
    defender: int
    simple: int
    crushing: int

    @property
    def defeat(self) -> int:
        return 100 - self.simple - self.crushing


@dataclass(frozen=True)
class MoveOutcome:
    """Where a move goes, what it scores on the way, and what waits where it stops."""

    path: tuple[Square, ...]  # the squares walked (or the square placed on)
    end: Square
    points: int  # distance and lap points of the walk itself
    lane: int  # free squares straight ahead of the end (before a barrier or a rock, up to 10)
    waiting: tuple[str, ...]  # what acts where it stops: hole, shortcut, trap, chest, coin, clover, shield
    fight: FightOdds | None


def move_outcome(race: Race, decision: Decision, option: object) -> MoveOutcome | None:
    """The outcome of a walking option (move, drift, coins, distance); None for other kinds, or
    a race that cannot be forked (rigged dice in tests)."""
    if decision.kind not in WALKING_KINDS or race.pending is not decision:
        return None
    try:
        fork = race.fork(Dice(0))
    except ValueError:
        return None
    racer = decision.racer
    start = race.racers[racer].square
    fork.choose(option)
    path: list[Square] = []
    points = 0
    for event in fork.take_events():
        if event.kind == "moved" and event.racer == racer:
            path += [tuple(square) for square in event.path]
        elif event.kind == "placed" and event.racer == racer:
            path.append(tuple(event.end))
        elif event.kind == "scored" and event.racer == racer and event.cause in SCORED:
            points += event.points
        elif event.kind in ("rolled", "fell", "shortcut", "fight", "trap_sprung", "chest_opened", "turn_ended"):
            break  # from here on, the dice decide
    end = path[-1] if path else start
    return MoveOutcome(
        tuple(path), end, points, lane(race, end), waiting_at(race, racer, end), fight_at(race, racer, end)
    )


def lane(race: Race, square: Square, sight: int = 10) -> int:
    """Free squares straight ahead of a square, before a barrier or a rock (up to `sight`)."""
    row, col = square
    for k in range(1, sight + 1):
        if race.blocks(race.board.wrap(row + k, col)):
            return k - 1
    return sight


def waiting_at(race: Race, racer: int, square: Square) -> tuple[str, ...]:
    """What acts on a racer who stops on `square`: its terrain, a trap, the object lying there."""
    found = []
    terrain = race.terrain_at(square)
    if terrain in (HOLE, SHORTCUT):
        found.append(terrain)
    trap = race.traps.get(square)
    if trap is not None and trap.owner != racer:
        found.append(trap.kind)
    thing = race.object_at(square)
    if thing is not None:
        found.append(thing)
    return tuple(found)


def fight_at(race: Race, racer: int, square: Square) -> FightOdds | None:
    """The fight that would start if the racer stayed on `square` (rule 6.1), with its chances."""
    there = race.opponents_at(racer, square)
    if not there:
        return None
    attacker, defender = combat.who_attacks(race, racer, there[0], suffered=False)
    simple, crushing = combat.chances(race, attacker, False)
    return FightOdds(attacker, defender, simple, crushing)


def why_not(race: Race, racer: int) -> dict[str, str | tuple[str, int]]:
    """Each object held and free action that the action phase does not offer now, and why:
    "no_target", "no_stars", or ("resting", the game turn it is offered again)."""
    r = race.racers[racer]
    usable = set(effects.usable_objects(race, racer))
    reasons: dict[str, str | tuple[str, int]] = {}
    for item in sorted(set(r.inventory.objects) - usable):
        reasons[item] = "no_target"
    if r.has(WAND_MASTERY):
        for wand in (obj.WAND_OF_TELEPORTATION, obj.WAND_OF_FIRE):
            used = r.wand_used.get(wand)
            if used is not None and not effects.wand_ready(race, racer, wand):
                reasons[wand] = ("resting", used + effects.WAND_REST)
            elif wand == obj.WAND_OF_TELEPORTATION and not effects.teleport_targets(race, racer):
                reasons[wand] = "no_target"
    if r.has(THROWING_STARS):
        if r.stars <= 0:
            reasons["star"] = "no_stars"
        elif not effects.star_targets(race, racer):
            reasons["star"] = "no_target"
    return reasons


@dataclass(frozen=True)
class TargetOutcome:
    """What an object aimed at a square does: the opponent it hits (if any), or what it destroys."""

    item: str
    victim: int | None
    destroys: str | None  # "barrier" or "trap" when it hits no racer


def target_outcome(race: Race, decision: Decision, option: object) -> TargetOutcome | None:
    """The effect of a target option (axe, spear, trap, throwing star, wand of teleportation)."""
    if decision.kind != "target" or not isinstance(option, tuple):
        return None
    item = str(decision.info.get("object", ""))
    square: Square = (int(option[0]), int(option[1]))
    victims = race.opponents_at(decision.racer, square)
    if victims:
        return TargetOutcome(item, victims[0], None)
    destroys = "trap" if square in race.traps else "barrier" if race.terrain_at(square) == "barrier" else None
    return TargetOutcome(item, None, destroys)


def flail_victim(race: Race, decision: Decision, option: object) -> int | None:
    """The opponent a flail's swing at `option` pushes one row back (None for "none")."""
    if decision.kind != "flail" or not isinstance(option, tuple):
        return None
    victims = effects.pushable(race, decision.racer, (int(option[0]), int(option[1])))
    return victims[0] if victims else None


def path_victims(race: Race, decision: Decision, option: object) -> list[int]:
    """The unprotected opponents on a fireball's path with this step (or as drawn, for "end")."""
    if decision.kind != "path":
        return []
    path = [tuple(square) for square in decision.info.get("path", [])]
    if isinstance(option, tuple):
        path.append(option)
    found: list[int] = []
    for square in path:
        for victim in race.opponents_at(decision.racer, (int(square[0]), int(square[1]))):
            if victim not in found:
                found.append(victim)
    return found
