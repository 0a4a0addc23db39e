"""Computer racers: they answer `race.pending` from its options only.

`choose(race, decision, policy, rng)` returns one of `decision.options`.
The dice are never peeked at: the look-ahead bot forks the race with dice of
its own (`Race.fork`). Every policy is deterministic for a given `rng`.

- random: any legal option.
- easy: a beginner: plausible moves with understandable mistakes. He takes
  the die that carries him furthest (walls do stop him: he never picks a move
  into a barrier when a better one goes on, and with a wall right ahead he
  looks for a way round), but does not look further down the lane or at what
  lies on the way (he misses chests and lanes), does not drift back unless
  stuck, forgets his coins and his clovers, uses an object now and then, and
  fights carelessly (any target, any tactical move); now and then he slips
  and takes his second-best move.
- normal (alias greedy): the option that looks best for points this turn,
  judged from the board by one rule of thumb per kind of decision.
- hard: looks ahead: for its best candidate options it forks the race with
  sampled dice, plays the rest of its turn with the normal policy for every
  racer, and keeps the option of best mean value (its points against the
  field's, the worth of its inventory, its chest tier).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game import combat, effects, moves, tuning
from game import objects as obj
from game.board import HOLE, Square
from game.dice import Dice
from game.race import Decision, Race, Racer

POLICIES = ("random", "easy", "normal", "hard", "expert", "greedy")
LEVELS = ("easy", "normal", "hard", "expert")
EASY_SLIP = 0.2  # how often the easy racer takes his second-best move
EASY_OBJECTS = 0.5  # how often he thinks of using an object he could use
HARD_CANDIDATES = 6  # options the hard racer looks ahead on
HARD_SAMPLES = 10  # dice samples per option
HARD_MAX_STEPS = 400  # decisions of a look-ahead rollout, at most
# The expert's search: a fixed budget of rollouts (not of time, so that races replay and
# tournaments do not depend on the machine), in two rounds of successive halving.
EXPERT_CANDIDATES = 8  # options it searches, the normal judgement's best first
EXPERT_FIRST = 16  # dice samples per candidate in the first round
EXPERT_KEEP = 4  # candidates kept for the second round
EXPERT_SECOND = 48  # more samples for each kept candidate
EXPERT_HORIZON = 0  # racer's turns looked beyond the current one (the opponents' in between too)
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


def choose(race: Race, decision: Decision, policy: str, rng: random.Random) -> Any:
    """The bot's option for a decision."""
    if policy == "random":
        options = [o for o in decision.options if o != "undo"] or list(decision.options)
        return rng.choice(options)
    if policy in ("normal", "greedy"):
        return _best(race, decision)
    if policy == "easy":
        return _beginner(race, decision, rng)
    if policy == "hard":
        return _look_ahead(race, decision, rng)
    if policy == "expert":
        return _search(race, decision, rng)
    raise ValueError(f"unknown bot policy {policy!r}: choose among {', '.join(POLICIES)}")


def play(race: Race, rngs: dict[int, random.Random], policies: dict[int, str]) -> None:
    """Play the race to its end with bots for every racer."""
    while (decision := race.pending) is not None:
        race.choose(choose(race, decision, policies[decision.racer], rngs[decision.racer]))


def _ranked(race: Race, decision: Decision, noise: Callable[[], float] | None = None) -> list[Any]:
    """Options from best to worst by the normal judgement (ties: the earlier option)."""
    judge = GREEDY.get(decision.kind)
    if judge is None:
        return list(decision.options)
    scored = [
        (judge(race, decision, option) + (noise() if noise else 0), -i, option)
        for i, option in enumerate(decision.options)
    ]
    return [option for _, _, option in sorted(scored, key=lambda s: (s[0], s[1]), reverse=True)]


def _best(race: Race, decision: Decision, noise: Callable[[], float] | None = None) -> Any:
    """The normal judgement's favourite option."""
    return _ranked(race, decision, noise)[0]


# ---------------------------------------------------------------- the beginner (easy)
def _beginner(race: Race, decision: Decision, rng: random.Random) -> Any:
    """What a beginner answers: see the module's notes on `easy`."""
    kind, options = decision.kind, [o for o in decision.options if o != "undo"] or list(decision.options)
    if kind in ("move", "drift") and lane(race, race.racers[decision.racer].square) <= 1:
        return _best(race, decision)  # a wall right ahead: even a beginner looks for a way round
    if kind == "move":
        ranked = sorted(options, key=lambda option: (-_rows_gone(race, decision, option), abs(option[1])))
        slip = len(ranked) > 1 and rng.random() < EASY_SLIP and _rows_gone(race, decision, ranked[1]) > 0
        return ranked[1] if slip else ranked[0]
    if kind == "drift" and (0, 0) in options:
        return (0, 0)  # he does not see why he would step back
    if kind == "action":
        objects = [o for o in options if o.startswith(("use:", "wand:", "star"))]
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


def _rows_gone(race: Race, d: Decision, option: Any) -> int:
    """The rows a move really carries the racer forward (a barrier stops it); the L's side adds none."""
    _, travelled = moves.preview_walk(race, d.racer, option[0])
    return int(travelled)


# ---------------------------------------------------------------- the look-ahead (hard)
def worth(race: Race, racer: int) -> float:
    """What a racer's situation is worth: points against the field, inventory, chest tier."""
    me = race.racers[racer]
    others = [r.points for r in race.racers if r.index != racer]
    inv = me.inventory
    held = (
        inv.coins * OBJECT_VALUE[obj.COIN]
        + inv.clovers * OBJECT_VALUE[obj.CLOVER]
        + inv.shields * OBJECT_VALUE[obj.SHIELD]
        + sum(OBJECT_VALUE.get(o, 3) for o in inv.objects)
        + me.stars * 1.0
    )
    future = min(1.0, max(0, race.turns - race.turn) / 3)  # holdings and position matter less near the end
    lead = me.points - max(others)
    position = LANE_WEIGHT * lane(race, me.square)
    return me.points - sum(others) / len(others) + 0.25 * lead + future * (held + 0.3 * race.tier(racer) + position)


def _rollout(race: Race, racer: int, rng: random.Random, horizon: int = 0) -> float:
    """Play with the normal policy until the end of the racer's current (or next) turn, and
    `horizon` turns of his more; his worth then."""
    ends_left = (1 if race.current == racer else 2) + horizon
    steps = 0
    while race.pending is not None and steps < HARD_MAX_STEPS:
        for event in race.take_events():
            if event.kind == "turn_ended" and event.racer == racer:
                ends_left -= 1
        if ends_left <= 0:
            break
        race.choose(_best(race, race.pending))
        steps += 1
    return worth(race, racer)


def _look_ahead(race: Race, decision: Decision, rng: random.Random) -> Any:
    """Expected worth of the best candidate options over sampled dice."""
    candidates = [o for o in _ranked(race, decision) if o != "undo"][:HARD_CANDIDATES]
    if decision.kind == "path" and "end" in decision.options and "end" not in candidates:
        candidates.append("end")
    if len(candidates) == 1:
        return candidates[0]
    seeds = [rng.getrandbits(32) for _ in range(HARD_SAMPLES)]
    best, best_value = candidates[0], float("-inf")
    for option in candidates:
        total = 0.0
        for seed in seeds:
            fork = race.fork(Dice(seed))
            fork.choose(option)
            total += _rollout(fork, decision.racer, rng)
        value = total / len(seeds)
        if value > best_value + 1e-9:
            best, best_value = option, value
    return best


def _search(race: Race, decision: Decision, rng: random.Random) -> Any:
    """The expert: determinized Monte-Carlo search over dice of its own, the normal policy
    playing every racer in the rollouts, to the end of its next turn; every candidate on the same
    dice samples, the best half (EXPERT_KEEP) sampled again before the choice."""
    candidates = [o for o in _ranked(race, decision) if o != "undo"][:EXPERT_CANDIDATES]
    if decision.kind == "path" and "end" in decision.options and "end" not in candidates:
        candidates.append("end")
    if len(candidates) == 1:
        return candidates[0]
    seeds = [rng.getrandbits(32) for _ in range(EXPERT_FIRST + EXPERT_SECOND)]

    def value(option: Any, samples: list[int]) -> float:
        total = 0.0
        for seed in samples:
            fork = race.fork(Dice(seed))
            fork.choose(option)
            total += _rollout(fork, decision.racer, rng, EXPERT_HORIZON)
        return total

    totals = {i: value(option, seeds[:EXPERT_FIRST]) for i, option in enumerate(candidates)}
    kept = sorted(totals, key=lambda i: (-totals[i], i))[:EXPERT_KEEP]
    for i in kept:
        totals[i] += value(candidates[i], seeds[EXPERT_FIRST:])
    return candidates[min(kept, key=lambda i: (-totals[i], i))]


# ---------------------------------------------------------------- greedy judgements
def _me(race: Race, decision: Decision) -> Racer:
    return race.racers[decision.racer]


LANE_SIGHT = 10  # squares ahead a racer looks for barriers and rocks
LANE_WEIGHT = 0.4  # points a free square ahead is worth, roughly, for the turns to come


def lane(race: Race, square: Square) -> int:
    """Free squares straight ahead of a square before a barrier or a rock (up to LANE_SIGHT)."""
    row, col = square
    for k in range(1, LANE_SIGHT + 1):
        if race.blocks(race.board.wrap(row + k, col)):
            return k - 1
    return LANE_SIGHT


def _landing(race: Race, racer: int, square: Square) -> float:
    """What the square a move ends on is worth: its lane, holes and traps, a fight there."""
    value = LANE_WEIGHT * lane(race, square)
    if race.terrain_at(square) == HOLE or square in race.traps:
        value -= 4
    foes = [o for o in race.racers_at(square, but=racer) if not o.protected]
    if foes:
        value += fight_value(race, racer, foes[0].index)
    return value


def fight_value(race: Race, mover: int, other: int) -> float:
    """Expected points of a fight when `mover` lands on `other`'s square (6.1, 6.2)."""
    attacker, _ = combat.who_attacks(race, mover, other, suffered=False)
    simple, crushing = combat.chances(race, attacker, False)
    win = (simple + crushing) / 100
    if attacker != mover:
        win = 1 - win
    shock_points = 1.5  # a small or big shock inflicted, about
    recoil_rows = 1.8  # rows a shocked loser loses, about
    return win * (combat.FIGHT_POINTS + shock_points) - (1 - win) * (recoil_rows + 3 * 0.5)


def _move(race: Race, d: Decision, option: Any) -> float:
    forward, sideways = option
    me = _me(race, d)
    corner, travelled = moves.preview_walk(race, d.racer, forward)
    end = corner
    if sideways and travelled == forward:
        end, _ = moves.preview_walk(race, d.racer, abs(sideways), corner, (0, 1 if sideways > 0 else -1))
    value = travelled + _landing(race, d.racer, end)
    for k in range(1, travelled + 1):
        if race.object_at(race.board.wrap(me.row + k, me.col)):
            value += 1.5
    return value


def _drift(race: Race, d: Decision, option: Any) -> float:
    me = _me(race, d)
    rows: int = option[0]
    target = race.board.wrap(me.row + rows, me.col + option[1])
    return rows + _landing(race, d.racer, target) + (1.5 if race.object_at(target) else 0)


def _tactical(race: Race, d: Decision, shift: int) -> float:
    me = _me(race, d)
    return _landing(race, d.racer, race.board.wrap(me.row, me.col + shift)) - 0.01 * abs(shift)


def _action(race: Race, d: Decision, option: str) -> float:
    me = _me(race, d)
    if option == "coins":
        return 20
    if option.startswith(("wand:", "star")):
        return 15 if option != f"wand:{obj.WAND_OF_TELEPORTATION}" else 1
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
        return me.stats.speed
    return 0


def _clover(race: Race, d: Decision, option: Any) -> float:
    faces: list[int] = list(d.info["faces"])
    for i in option:
        faces[i] = d.info["opposite"][i]
    purpose = d.info["purpose"]
    cost = 1.5 * len(option)
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
        return tuning.SHORTCUT_ROWS[faces[0]] - cost
    if purpose in ("disarm", "theft"):
        return (10 if faces[0] > 60 else 0) - cost
    return sum(faces) - cost


def _target(race: Race, d: Decision, square: Any) -> float:
    if not isinstance(square, tuple):
        return 0
    victims = effects.opponents_at(race, d.racer, square)
    if d.info.get("object") == obj.WAND_OF_TELEPORTATION:
        return race.board.row_delta(_me(race, d).square, square) + _landing(race, d.racer, square)
    if victims:
        return 10 + race.racers[victims[0]].points / 100
    return 1


def _path(race: Race, d: Decision, option: Any) -> float:
    path = d.info["path"]
    here = path[-1] if path else _me(race, d).square
    if option == "undo":
        return -100
    targets = [r.square for r in race.racers if r.index != d.racer and not r.protected]
    if option == "end":
        return 50 if targets and here in targets else -1
    if not targets:
        return 0
    return -min(race.board.king_distance(option, t) for t in targets)


GREEDY: dict[str, Callable[[Race, Decision, Any], float]] = {
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
