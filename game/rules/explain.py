"""What an option will do, as far as it is known before the dice: the screen highlights, labels and
explains the options of a decision with this, and says why an object or a free action is not offered.

`foresee` plays an option on a fork of the race (with dice of its own) and reads the fork's events
until chance or another decision takes over: the squares walked, where the walk really ends (a
barrier, a rock or a trap cuts it short), the points it scores and what it surely costs (points, a
shield, coins). `move_outcome` adds what waits where a racer's move ends and the lane ahead of it.
So the squares, points and costs the screen shows are those the race gives. What happens after the
walk (a chest's object, a shortcut's roll, a fight's result) depends on dice: only what will act is
said, and a fight's chances are the character table's.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.boards.board import HOLE, SHORTCUT, Square
from game.rules import combat, effects
from game.rules import objects as obj
from game.rules.characters import THROWING_STARS, WAND_MASTERY
from game.rules.dice import Dice
from game.rules.race import Decision, IllegalChoice, Race

WALKING_KINDS = ("move", "drift", "coins", "distance", "tactical", "shortcut_stop")  # every option moves (or stays)
SCORED = ("distance", "lap")
# What takes over where a walk ends, by the event that says so (the walk is over from there on).
TAKES_OVER = {"fell": "hole", "trap_sprung": "trap", "fight": "fight", "shock": "shock", "shortcut": "shortcut"}
# A roll's purpose, as what takes over there (a chest's roll does not: the walk goes on after it).
ROLLS = {"shortcut": "shortcut", "combat": "fight", "shock": "shock", "disarm": "trap"}
# Decisions that may come in the middle of a walk without changing it (a chest's clover, an object dropped).
IN_PASSING = ("clover", "drop")


@dataclass(frozen=True)
class Foresight:
    """What an option surely does, until chance or another decision takes over."""

    path: tuple[Square, ...]  # the squares the deciding racer walked (or was placed on)
    end: Square  # where his walk really ends (his square when he does not move)
    points: int  # distance and lap points of the walk itself
    lost: int  # points surely lost (a hole, rows back, a shield), as a positive number
    shields: int  # shields spent
    coins: int  # coins spent
    then: str | None  # what takes over where the walk ends: hole, trap, fight, shock, shortcut, shortcut_stop, roll
    fought: tuple[int, int] | None = None  # (attacker, defender) of the fight that starts where it ends

    @property
    def costly(self) -> bool:
        """Whether the option surely costs points, a shield or coins."""
        return self.lost > 0 or self.shields > 0 or self.coins > 0


def _fork(race: Race) -> Race | None:
    """A fork of the race at its pending decision, or None when it cannot be forked (rigged dice in
    tests) or the fork is not this race (a race arranged by hand after its start)."""
    try:
        fork = race.fork(Dice(0))
    except (ValueError, RuntimeError):
        return None
    if fork.pending != race.pending or any(a.square != b.square for a, b in zip(fork.racers, race.racers)):
        return None
    return fork


def foresee(race: Race, decision: Decision, option: object) -> Foresight | None:
    """Play `option` on a fork and read what surely happens (see the module); None for a clover,
    a decision that is not the race's pending one, or a race that cannot be forked."""
    if decision.kind == "clover" or race.pending is not decision:
        return None
    fork = _fork(race)
    if fork is None:
        return None
    racer = decision.racer
    path: list[Square] = []
    points = lost = shields = coins = 0
    then: str | None = None
    fought: tuple[int, int] | None = None
    walking = True
    try:
        fork.choose(option)
        for _ in range(64):  # decisions in passing (a chest's clover, a drop) are answered, the walk goes on
            over = False
            for event in fork.take_events():
                kind = event.kind
                if kind == "moved" and event.racer == racer and walking:
                    path += [(int(s[0]), int(s[1])) for s in event.path]
                elif kind == "placed" and event.racer == racer and walking:
                    path.append((int(event.end[0]), int(event.end[1])))
                elif kind == "scored" and event.racer == racer:
                    points += event.points if walking and event.cause in SCORED else 0
                    lost -= min(0, event.points)
                elif kind == "shield_used" and event.racer == racer:
                    shields += 1
                elif kind == "coins_spent" and event.racer == racer:
                    coins += event.coins
                elif kind in TAKES_OVER:
                    mine = racer in ((event.attacker, event.defender) if kind == "fight" else (event.racer,))
                    if walking and mine:
                        then, walking = TAKES_OVER[kind], False
                        fought = (event.attacker, event.defender) if kind == "fight" else None
                    over = kind != "fell"  # a fall is sure: its cost is read on
                elif kind == "rolled" and event.purpose != "chest":
                    if walking:
                        then, walking = ROLLS.get(event.purpose, "roll"), False
                    over = True
                elif kind in ("turn_ended", "racer_turn", "phase"):
                    over = True
                if over:
                    break
            pending = fork.pending
            if over or pending is None or pending.racer != racer or pending.kind not in IN_PASSING or not walking:
                if walking and pending is not None and pending.kind == "shortcut_stop" and not over:
                    then = "shortcut_stop"
                break
            fork.choose(pending.options[0])
    except (IllegalChoice, ValueError, RuntimeError):
        return None
    end = path[-1] if path else race.racers[racer].square
    return Foresight(tuple(path), end, points, lost, shields, coins, then, fought)


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
    lane: int  # free squares straight ahead of the end (before a barrier, a rock or a hole, up to 10)
    waiting: tuple[str, ...]  # what acts where it stops: hole, shortcut, trap, chest, coin, clover, shield
    fight: FightOdds | None
    intended: tuple[Square, ...] = ()  # the squares the option asks for, as if nothing stood in the way
    stopped_by: str | None = None  # what cut the walk short: barrier, rock, trap or hole
    lane_end: str | None = None  # what ends the lane ahead: barrier, rock or hole (None: free as far as seen)
    sure: Foresight | None = None  # what the option surely does (its costs, what takes over)

    @property
    def blocked(self) -> tuple[Square, ...]:
        """The squares the option asks for that the walk never reaches (the blocked part of its path)."""
        return self.intended[len(self.path) :] if self.stopped_by is not None else ()

    @property
    def same(self) -> tuple[object, ...]:
        """What two options must share to do exactly the same: the squares walked, where the walk ends,
        its points and costs, what takes over and what waits there (not what was asked)."""
        sure = self.sure
        costs = (sure.lost, sure.shields, sure.coins, sure.then) if sure is not None else ()
        return (self.path, self.end, self.points, self.waiting, self.fight, costs)


def moves_racer(decision: Decision, option: object, sure: Foresight) -> bool:
    """Whether an option is a move of the deciding racer: every option of a walking decision, the
    action phase's move (and anything else that moved him: his only coin spent, a wand's only target)."""
    return decision.kind in WALKING_KINDS or (decision.kind == "action" and option == "move") or bool(sure.path)


def move_outcome(race: Race, decision: Decision, option: object, sure: Foresight | None = None) -> MoveOutcome | None:
    """The outcome of an option that moves the deciding racer (see `moves_racer`); None for other
    options, or a race that cannot be forked (rigged dice in tests). `sure`: the option's foresight,
    when already worked out."""
    sure = sure if sure is not None else foresee(race, decision, option)
    if sure is None or not moves_racer(decision, option, sure):
        return None
    racer = decision.racer
    end = sure.end
    intended = intended_path(race, decision, option, sure)
    stopped = stopped_by(race, sure, intended)
    count, wall = lane_ahead(race, end)
    if sure.path:
        waiting, fight = waiting_at(race, racer, end), fight_at(race, racer, end)
    else:  # he stays where he is: nothing more acts there
        waiting, fight = (), None
    if fight is None and sure.fought is not None:  # a fight with the racer just below (Backstab)
        attacker, defender = sure.fought
        simple, crushing = combat.chances(race, attacker, True)
        fight = FightOdds(attacker, defender, simple, crushing)
    return MoveOutcome(sure.path, end, sure.points, count, waiting, fight, intended, stopped, wall, sure)


def intended_path(race: Race, decision: Decision, option: object, sure: Foresight) -> tuple[Square, ...]:
    """The squares an option asks for, as if nothing stood in the way (a placement: its square)."""
    r = race.racers[decision.racer]
    kind, start = decision.kind, r.square
    if kind == "move" and isinstance(option, tuple):
        forward, sideways = option
        down = _line(race, start, (1, 0), forward)
        return down + _line(race, down[-1] if down else start, (0, 1 if sideways > 0 else -1), abs(sideways))
    if kind == "action" and option == "move":
        return _line(race, start, (1, 0), race.speed_of(decision.racer, race.turn))
    if kind == "coins" and isinstance(option, int):
        return _line(race, start, (1, 0), option * (option + 1) // 2)
    if kind == "distance" and isinstance(option, int):
        return _line(race, start, (1, 0), option)
    if kind == "tactical" and isinstance(option, int):
        return _line(race, start, (0, 1 if option > 0 else -1), abs(option))
    if kind == "drift" and isinstance(option, tuple) and option != (0, 0):
        return (race.board.wrap(start[0] + option[0], start[1] + option[1]),)
    if kind == "shortcut_stop" and option == "go_on" and sure.path:
        first = sure.path[0]
        step = (race.board.row_delta(start, first), _col_step(race, start, first))
        return _line(race, start, step, int(decision.info.get("left", 0)))
    return sure.path


def _line(race: Race, start: Square, step: tuple[int, int], count: int) -> tuple[Square, ...]:
    row, col = start
    return tuple(race.board.wrap(row + step[0] * k, col + step[1] * k) for k in range(1, count + 1))


def _col_step(race: Race, a: Square, b: Square) -> int:
    width = race.board.width
    d = (b[1] - a[1]) % width
    return d - width if d > width // 2 else d


def stopped_by(race: Race, sure: Foresight, intended: tuple[Square, ...]) -> str | None:
    """What cut a walk short of the squares it asked for: a barrier or a rock on the next square, a
    trap it stepped on, or a hole it went through; None when it walked them all (or stopped on a
    shortcut to ask)."""
    walked = len(sure.path)
    if walked >= len(intended) or sure.path != intended[:walked]:
        return None
    ahead = intended[walked]
    if race.blocks(ahead):
        return race.terrain_at(ahead)
    if sure.then == "trap":
        return "trap"
    if any(race.terrain_at(square) == HOLE for square in sure.path):
        return "hole"
    return None


def lane_ahead(race: Race, square: Square, sight: int = 10) -> tuple[int, str | None]:
    """Free squares straight ahead of a square (up to `sight`), and what ends them: a barrier, a rock
    or a hole (None: free as far as the sight goes)."""
    row, col = square
    for k in range(1, sight + 1):
        ahead = race.board.wrap(row + k, col)
        if race.blocks(ahead):
            return k - 1, race.terrain_at(ahead)
        if race.terrain_at(ahead) == HOLE:
            return k - 1, HOLE
    return sight, None


def lane(race: Race, square: Square, sight: int = 10) -> int:
    """Free squares straight ahead of a square, before a barrier, a rock or a hole (up to `sight`)."""
    return lane_ahead(race, square, sight)[0]


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
