"""Computer racers: they answer `race.pending` from its options only.

`pick(race, decision, policy, rng)` returns one of `decision.options`.
The dice are never peeked at: the bots that look ahead fork the race with
dice of their own (`Race.fork`). Every policy is deterministic for a given
`rng`. The four levels, weakest first (docs/bots.md has their ladder):

- easy: a beginner: plausible moves with understandable mistakes. He takes
  the die that carries him furthest (walls do stop him: he never picks a move
  into a barrier when a better one goes on, and with a wall right ahead he
  looks for a way round), but does not look further down the lane or at what
  lies on the way (he misses chests and lanes), does not drift back unless
  stuck, forgets his coins and his clovers, uses an object now and then, and
  fights carelessly (any target, any tactical move); now and then he slips
  and takes his second-best move.
- normal (alias greedy): the option that looks best for points this turn,
  judged from the board by one rule of thumb per kind of decision: the free
  squares straight ahead of where a move ends (he looks NORMAL_SIGHT squares
  down the lane), a fight's chances, objects on the way; he keeps his
  clovers for a really bad roll.
- hard: the same rules of thumb, played by an experienced racer: he looks
  LANE_SIGHT squares down the lane (a fence further ahead is seen in time to
  change columns) and turns a die with a clover whenever it pays.
- expert: determinized Monte-Carlo search on every decision. His candidates
  are the best options by his judgement of the course ahead (`game.bots.course`:
  the distance points the rest of the race can still bring from the square a
  move ends on, lap bonus included); each is played out on the same sampled
  dice (dice of his own: every option of a sample meets the same luck) with
  that judgement for every racer, to the end of the round (until each
  opponent has played once more, or his own next turn); he keeps the option
  that gives him the best chance to finish above each opponent, judged from
  the points and the course ahead of every racer, what he holds and his chest
  tier.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from game.boards.board import HOLE, Square
from game.bots.course import Course, course
from game.rules import combat, effects, moves
from game.rules import objects as obj
from game.rules.characters import FAST
from game.rules.dice import Dice, Die
from game.rules.levels import POLICIES
from game.rules.race import Decision, Race, Racer
from game.rules.state import Option, Step

EASY_SLIP = 0.5  # how often the easy racer takes his second-best move
EASY_OBJECTS = 0.5  # how often he thinks of using an object he could use
NORMAL_SIGHT = 3  # squares down the lane the normal racer looks for barriers and rocks
NORMAL_CLOVER_COST = 4.0  # what turning a die over must gain for the normal racer to spend a clover
# The expert's search: a fixed budget of rollouts (not of time, so that races replay and
# tournaments do not depend on the machine).
EXPERT_CANDIDATES = 6  # options he searches, his judgement's best first
EXPERT_SAMPLES = 10  # dice samples per option, the same for every option
ROLLOUT_STEPS = 600  # decisions of a rollout, at most
# His chance to finish above an opponent: the spread of the points still to be won between two racers.
SPREAD_BASE = 2.0  # points, with no turn left
SPREAD_PER_TURN = 5.0  # points, times the square root of the turns left
# How much a racer values holding each object, in points (drops, chests, look-ahead).
OBJECT_VALUE = {
    obj.COIN: 1.5,
    obj.CLOVER: 1.5,
    obj.SHIELD: 1.5,
    obj.BOTTLE: 3,
    obj.TRAP: 3,
    obj.AXE: 4,
    obj.SPEAR: 4,
    obj.SYRINGE: 5,
    obj.RING_OF_LIGHTNING: 5,
    obj.RING_OF_FIRE: 6,
}
RESULT_VALUE = {combat.DEFEAT: 0, combat.SIMPLE: 2, combat.CRUSHING: 3}


class Stopped(Exception):
    """A search stopped before its end: its question was taken back (`stop_search`)."""


def _never() -> bool:
    return False


# Asked between two rollouts of a search: True stops it (raises Stopped). A worker process of
# game.bots.thinking sets it; anywhere else a search always runs to its end.
stop_search: Callable[[], bool] = _never


def pick(race: Race, decision: Decision, policy: str, rng: random.Random) -> Option:
    """The bot's option for a decision."""
    if policy == "random":
        return rng.choice(_offered(decision))
    if policy in ("normal", "greedy"):
        return _ranked(race, decision, NORMAL)[0]
    if policy == "easy":
        return _beginner(race, decision, rng)
    if policy == "hard":
        return _ranked(race, decision, HARD)[0]
    if policy == "expert":
        return _search(race, decision, rng)
    raise ValueError(f"unknown bot policy {policy!r}: choose among {', '.join(POLICIES)}")


def _offered(decision: Decision) -> Sequence[Option]:
    """The options a computer racer chooses among: all but the "undo" of a fireball's path (unless it is
    the only one)."""
    options = decision.options
    if "undo" not in options:
        return options
    return [o for o in options if o != "undo"] or list(options)


def prepare(race: Race) -> None:
    """Work out beforehand what the race's computer racers will read (the expert's course tables), so
    that their first decision does not pay for it; the window does this on a thread of its own."""
    for r in race.racers:
        if r.bot == "expert":
            course_of(race, r.index)


def play(race: Race, rngs: dict[int, random.Random], policies: dict[int, str]) -> None:
    """Play the race to its end with bots for every racer."""
    while (decision := race.pending) is not None:
        race.choose(pick(race, decision, policies[decision.racer], rngs[decision.racer]))


Judges = dict[str, Callable[[Race, Decision, Any], float]]  # (Any: an option of the kind each judge is for)


def _ranked(race: Race, decision: Decision, judges: Judges) -> list[Option]:
    """Options from best to worst by a judgement (ties: the earlier option)."""
    judge = judges.get(decision.kind)
    if judge is None:
        return list(decision.options)
    scored = [(judge(race, decision, option), -i, option) for i, option in enumerate(decision.options)]
    return [option for _, _, option in sorted(scored, key=lambda s: (s[0], s[1]), reverse=True)]


def _best(race: Race, decision: Decision) -> Option:
    """The normal judgement's favourite option."""
    return _ranked(race, decision, NORMAL)[0]


# ---------------------------------------------------------------- the beginner (easy)
def _beginner(race: Race, decision: Decision, rng: random.Random) -> Option:
    """What a beginner answers: see the module's notes on `easy`."""
    kind, options = decision.kind, _offered(decision)
    if kind in ("move", "drift") and lane(race, race.racers[decision.racer].square) <= 1:
        return _best(race, decision)  # a wall right ahead: even a beginner looks for a way round
    if kind == "move":
        steps = cast(Sequence[Step], options)  # (a move's options are steps)
        ranked = sorted(steps, key=lambda option: (-_rows_gone(race, decision, option), abs(option[1])))
        slip = len(ranked) > 1 and rng.random() < EASY_SLIP and _rows_gone(race, decision, ranked[1]) > 0
        return ranked[1] if slip else ranked[0]
    if kind == "drift" and (0, 0) in options:
        return (0, 0)  # he does not see why he would step back
    if kind == "action":
        objects = [o for o in options if isinstance(o, str) and o.startswith(("use:", "wand:", "star"))]
        if objects and rng.random() < EASY_OBJECTS:
            return rng.choice(objects)
        for choice in ("move", "rest", "end"):  # never "coins": he forgets them
            if choice in options:
                return choice
    if kind == "clover" and () in options:
        return ()  # he forgets his clovers
    if kind in ("target", "tactical", "flail"):
        return rng.choice(options)  # he fights carelessly
    return _best(race, decision)


def _rows_gone(race: Race, d: Decision, option: Step) -> int:
    """The rows a move really carries the racer forward (a barrier stops it); the L's side adds none."""
    _, travelled = moves.preview_walk(race, d.racer, option[0])
    return int(travelled)


# ---------------------------------------------------------------- the course ahead (hard, expert)
def turns_left(race: Race, racer: int) -> int:
    """The racer's turns still to play, counting the one he is playing or has yet to play this game turn."""
    if race.pending is None:
        return 0
    left = race.turns - race.turn
    current = race.current
    if current is None:
        return left
    if racer == current or race.order.index(racer) > race.order.index(current):
        return left + 1
    return left


def course_of(race: Race, racer: int) -> Course | None:
    """The board's course for this racer's way of moving (None on a board too big for one)."""
    r = race.racers[racer]
    return course(
        race.board, race.speed_of(racer, 1), r.has(FAST), race.turns, race.speed_of(racer, 2), race.rules.shortcut_rows
    )


def to_come(race: Race, racer: int) -> float:
    """The distance points the rest of the race may still bring the racer, from where he stands."""
    found = course_of(race, racer)
    r = race.racers[racer]
    if found is None:
        return LANE_WEIGHT * lane(race, r.square)
    left = turns_left(race, racer)
    if race.current == racer and race.phase == "drift":
        return found.before_drift(r.square, left)
    if race.current == racer and race.phase == "action":
        return found.before_action(r.square, left)
    return found.before_move(r.square, left)


def worth(race: Race, racer: int) -> float:
    """What the race is worth for a racer: his chance to finish above each opponent (out of 10 for
    each), from the points and the course ahead of both, what he holds and his chest tier while they
    still matter; a little for his own points breaks ties."""
    me = race.racers[racer]
    inv = me.inventory
    held = (
        inv.coins * OBJECT_VALUE[obj.COIN]
        + inv.clovers * OBJECT_VALUE[obj.CLOVER]
        + inv.shields * OBJECT_VALUE[obj.SHIELD]
        + sum(OBJECT_VALUE.get(o, 3) for o in inv.objects)
        + me.stars * 1.0
    )
    future = min(1.0, max(0, race.turns - race.turn) / 3)  # holdings matter less near the end
    mine = me.points + to_come(race, racer) + future * (held + 0.3 * race.tier(racer))
    my_turns = turns_left(race, racer)
    chances = 0.0
    for other in race.racers:
        if other.index == racer:
            continue
        theirs = other.points + to_come(race, other.index)
        turns = (my_turns + turns_left(race, other.index)) / 2
        spread = SPREAD_BASE + SPREAD_PER_TURN * math.sqrt(turns)
        chances += 0.5 * (1 + math.erf((mine - theirs) / (spread * math.sqrt(2))))
    return 10 * chances + 0.02 * mine


class SampledDice(Dice):
    """A look-ahead's dice: their faces depend only on the sample's seed, the game turn, the racer
    whose turn it is and how many dice he rolled in it, so every option of a decision meets the same
    luck in the same sample (the race's own dice are never read)."""

    def __init__(self, seed: int, race: Race | None = None) -> None:
        super().__init__(seed)
        self.race = race
        self._base = _mix(seed)
        self._key: tuple[int, int] = (-1, -1)
        self._rolled = 0

    def roll(self, die: Die) -> int:
        race = self.race
        assert race is not None, "a sample's dice roll for the fork they were given to"
        key = (race.turn, race.current if race.current is not None else -1)
        if key != self._key:
            self._key, self._rolled = key, 0
        self._rolled += 1
        face = _mix(self._base ^ (key[0] * 1_000_003 + key[1] * 1_009 + self._rolled * 7 + 1))
        return die.low + face % (die.high - die.low + 1)


_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from any number."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _play_out(race: Race, racer: int) -> float:
    """Play a fork on with the expert's judgement for every racer to the end of the round (until every
    opponent has played once after the racer's current turn, or his own next turn begins); his worth then."""
    mine_over = race.current != racer
    waiting = {r.index for r in race.racers if r.index != racer}
    for _ in range(ROLLOUT_STEPS):
        if race.pending is None:
            break
        over = False
        for event in race.take_events():
            if event.kind == "turn_ended":
                if event.racer == racer:
                    mine_over = True
                elif mine_over:
                    waiting.discard(event.racer)
                    over = not waiting
            elif event.kind == "racer_turn" and event.racer == racer and mine_over:
                over = True
        if over:
            break
        race.choose(_ranked(race, race.pending, EXPERT)[0])
    return worth(race, racer)


def _search(race: Race, decision: Decision, rng: random.Random) -> Option:
    """The expert's determinized Monte-Carlo search over dice of his own: his judgement's best
    EXPERT_CANDIDATES options, each played out on the same EXPERT_SAMPLES dice samples; the option of
    best mean worth."""
    options = [o for o in _ranked(race, decision, EXPERT) if o != "undo"][:EXPERT_CANDIDATES]
    if decision.kind == "path" and "end" in decision.options and "end" not in options:
        options.append("end")
    if len(options) == 1:
        return options[0]
    seeds = [rng.getrandbits(32) for _ in range(EXPERT_SAMPLES)]
    best, best_value = options[0], float("-inf")
    for option in options:
        total = 0.0
        for seed in seeds:
            if stop_search():
                raise Stopped
            dice = SampledDice(seed)
            fork = race.fork(dice)
            dice.race = fork
            fork.choose(option)
            total += _play_out(fork, decision.racer)
        if total > best_value + 1e-9:
            best, best_value = option, total
    return best


# ---------------------------------------------------------------- rules of thumb (normal, hard)
def _me(race: Race, decision: Decision) -> Racer:
    return race.racers[decision.racer]


LANE_SIGHT = 7  # squares down the lane the hard racer looks for barriers and rocks
LANE_WEIGHT = 0.4  # points a free square ahead is worth, roughly, for the turns to come


def lane(race: Race, square: Square, sight: int = LANE_SIGHT) -> int:
    """Free squares straight ahead of a square before a barrier or a rock (up to `sight`)."""
    row, col = square
    for k in range(1, sight + 1):
        if race.blocks(race.board.wrap(row + k, col)):
            return k - 1
    return sight


def _landing(race: Race, racer: int, square: Square, sight: int = LANE_SIGHT) -> float:
    """What the square a move ends on is worth: its lane, holes and traps, a fight there."""
    value = LANE_WEIGHT * lane(race, square, sight)
    if race.terrain_at(square) == HOLE or square in race.traps:
        value -= 4
    foes = race.opponents_at(racer, square)
    if foes:
        value += fight_value(race, racer, foes[0])
    return value


def fight_value(race: Race, mover: int, other: int) -> float:
    """Expected points of a fight when `mover` lands on `other`'s square (6.1, 6.2)."""
    attacker, _ = combat.who_attacks(race, mover, other, suffered=False)
    simple, crushing = combat.chances(race, attacker, False)
    win = (simple + crushing) / 100
    if attacker != mover:
        win = 1 - win
    shock_points = 1.5 if race.rules.fight_scores_shock else 0.0  # a small or big shock inflicted, about
    recoil_rows = 1.8  # rows a shocked loser loses, about
    return win * (combat.FIGHT_POINTS + shock_points) - (1 - win) * (recoil_rows + 3 * 0.5)


def _walked(race: Race, d: Decision, option: Step) -> tuple[Square, int, int]:
    """Where a move option (rows forward, then the L's side) really ends, the rows it walks (a barrier
    stops it; the side only when the rows were all walked) and the objects lying on those rows."""
    forward, sideways = option
    me = _me(race, d)
    corner, travelled = moves.preview_walk(race, d.racer, forward)
    end = corner
    if sideways and travelled == forward:
        end, _ = moves.preview_walk(race, d.racer, abs(sideways), corner, (0, 1 if sideways > 0 else -1))
    passed = sum(1 for k in range(1, travelled + 1) if race.object_at(race.board.wrap(me.row + k, me.col)))
    return end, travelled, passed


def _move(race: Race, d: Decision, option: Step, sight: int = LANE_SIGHT) -> float:
    end, travelled, passed = _walked(race, d, option)
    value = travelled + _landing(race, d.racer, end, sight)
    for _ in range(passed):
        value += 1.5  # an object on the way (added one by one, as always: the same sums to the last bit)
    return value


def _drift(race: Race, d: Decision, option: Step, sight: int = LANE_SIGHT) -> float:
    me = _me(race, d)
    rows: int = option[0]
    target = race.board.wrap(me.row + rows, me.col + option[1])
    return rows + _landing(race, d.racer, target, sight) + (1.5 if race.object_at(target) else 0)


def _tactical(race: Race, d: Decision, shift: int, sight: int = LANE_SIGHT) -> float:
    me = _me(race, d)
    return _landing(race, d.racer, race.board.wrap(me.row, me.col + shift), sight) - 0.01 * abs(shift)


def _action(race: Race, d: Decision, option: str, sight: int = LANE_SIGHT) -> float:
    if option == "coins":
        return 20
    if option == f"wand:{obj.WAND_OF_TELEPORTATION}":
        return _teleport_gain(race, d.racer, sight)
    if option.startswith(("wand:", "star")):
        return 15
    if option.startswith("use:"):
        item = option[4:]
        if item == obj.RING_OF_LIGHTNING:
            return 2 * len(effects.lightning_targets(race, d.racer)) + 3
        if item in (obj.RING_OF_FIRE, obj.AXE, obj.SPEAR):
            return 6
        if item == obj.TRAP:
            return 2
        return 4 + (2 if item == obj.SYRINGE else 0) - 1
    if option == "move":
        return race.speed_of(d.racer, race.turn)
    return 0


def _teleport_gain(race: Race, racer: int, sight: int) -> float:
    """What the wand of teleportation's best square gains over staying: its rows (back: a point each) and
    its lane against his own (worth using only when positive: the "end" of an action phase is 0)."""
    me = race.racers[racer]
    here = _landing(race, racer, me.square, sight)
    squares = effects.teleport_targets(race, racer)
    if not squares:
        return -1.0
    return max(race.board.row_delta(me.square, s) + _landing(race, racer, s, sight) for s in squares) - here


def _clover(race: Race, d: Decision, option: tuple[int, ...], price: float = 1.5) -> float:
    faces: list[int] = list(d.info["faces"])
    for i in option:
        faces[i] = d.info["opposite"][i]
    purpose = d.info["purpose"]
    cost = price * len(option)
    if purpose == "movement":
        return max(faces) - cost
    if purpose == "combat":
        results = [d.info["flipped_results"][0] if option else d.info["results"][0]]
        return 3 * RESULT_VALUE[results[0]] - cost
    if purpose == "chest":
        item = d.info["alternative"] if option else d.info["object"]
        return OBJECT_VALUE[item] - cost
    if purpose == "shock":
        start = _me(race, d).square
        end = d.info["squares"][faces[0]]
        return -race.board.step_distance(start, end) - cost
    if purpose == "shortcut":
        return race.rules.shortcut_rows[faces[0]] - cost
    if purpose in ("disarm", "theft"):
        return (10 if faces[0] > 60 else 0) - cost
    return sum(faces) - cost


def _target(race: Race, d: Decision, square: Square | str | int, sight: int = LANE_SIGHT) -> float:
    if not isinstance(square, tuple):
        return 0
    victims = race.opponents_at(d.racer, square)
    if d.info.get("object") == obj.WAND_OF_TELEPORTATION:
        return race.board.row_delta(_me(race, d).square, square) + _landing(race, d.racer, square, sight)
    if victims:
        return 10 + race.racers[victims[0]].points / 100
    return 1


def _path(race: Race, d: Decision, option: Square | str) -> float:
    path = d.info["path"]
    here = path[-1] if path else _me(race, d).square
    if option == "undo":
        return -100
    targets = [r.square for r in race.racers if r.index != d.racer and not r.protected]
    if isinstance(option, str):  # ("end")
        return 50 if targets and here in targets else -1
    if not targets:
        return 0
    return -min(race.board.king_distance(option, t) for t in targets)


HARD: Judges = {
    "move": _move,
    "drift": _drift,
    "action": _action,
    "coins": lambda race, d, n: n,
    "clover": _clover,
    "shortcut_stop": lambda race, d, o: 1 if (o == "stop") == (d.info["left"] <= 1) else 0,
    "shield": lambda race, d, o: (1 if o == "shield" else 0) * (1 if d.info["size"] == "big" else -1),
    "tactical": _tactical,
    "drop": lambda race, d, o: -OBJECT_VALUE.get(o, 0),
    "target": _target,
    "flail": lambda race, d, o: 0 if o == "none" else 5,
    "path": _path,
    "distance": lambda race, d, n: n,
    "reroll": lambda race, d, o: 1 if o == "reroll" else 0,
}


NORMAL: Judges = {
    **HARD,
    "move": lambda race, d, o: _move(race, d, o, NORMAL_SIGHT),
    "drift": lambda race, d, o: _drift(race, d, o, NORMAL_SIGHT),
    "action": lambda race, d, o: _action(race, d, o, NORMAL_SIGHT),
    "tactical": lambda race, d, o: _tactical(race, d, o, NORMAL_SIGHT),
    "target": lambda race, d, o: _target(race, d, o, NORMAL_SIGHT),
    "clover": lambda race, d, o: _clover(race, d, o, NORMAL_CLOVER_COST),
}


# ---------------------------------------------------------------- the expert's judgement: the course ahead
def _ahead(race: Race, racer: int, square: Square, phase: str, turns: int) -> float:
    """The course ahead of a square where a move ends, from a phase of the racer's current turn; the
    free squares straight ahead on a board too big for a course."""
    found = course_of(race, racer)
    if found is None:
        return LANE_WEIGHT * lane(race, square) - (4 if race.terrain_at(square) == HOLE else 0)
    if phase == "drift":
        return found.before_drift(square, turns, landing=True)
    if phase == "action":
        return found.before_action(square, turns, landing=True)
    return found.before_move(square, turns, landing=True)


def _met(race: Race, racer: int, square: Square) -> float:
    """What waits on a square besides the course: a trap, a fight."""
    value = -4.0 if square in race.traps else 0.0
    foes = race.opponents_at(racer, square)
    if foes:
        value += fight_value(race, racer, foes[0])
    return value


def _walk_points(race: Race, start: Square, rows: int) -> int:
    """The points of walking `rows` forward from a square: a point a row, ten for the finish line."""
    return rows + 10 * ((start[0] + rows) // race.board.height)


def _course_move(race: Race, d: Decision, option: Step) -> float:
    end, travelled, passed = _walked(race, d, option)
    start = _me(race, d).square
    value = _walk_points(race, start, travelled) + _ahead(race, d.racer, end, "drift", race.turns - race.turn + 1)
    value += _met(race, d.racer, end)
    for _ in range(passed):
        value += 1.5
    return value


def _course_drift(race: Race, d: Decision, option: Step) -> float:
    me = _me(race, d)
    rows, cols = option
    target = race.board.wrap(me.row + rows, me.col + cols)
    value = _walk_points(race, me.square, rows) + _ahead(race, d.racer, target, "action", race.turns - race.turn + 1)
    return value + _met(race, d.racer, target) + (1.5 if race.object_at(target) else 0)


def _course_action(race: Race, d: Decision, option: str) -> float:
    if option not in ("move", "rest"):
        return _action(race, d, option)
    if option == "rest":
        return 0.0
    me = _me(race, d)
    turns = race.turns - race.turn
    end, travelled = moves.preview_walk(race, d.racer, race.speed_of(d.racer, race.turn))
    here = _ahead(race, d.racer, me.square, "move", turns)
    there = _ahead(race, d.racer, end, "move", turns)
    return _walk_points(race, me.square, travelled) + there - here + _met(race, d.racer, end)


EXPERT: Judges = {
    **HARD,
    "move": _course_move,
    "drift": _course_drift,
    "action": _course_action,
}
