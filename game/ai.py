"""Computer racers: they answer `race.pending` from its options only.

`choose(race, decision, policy, rng)` returns one of `decision.options`.
Policies: "random" (any legal option) and "greedy" (the option that looks
best for points right now, judged from the board without peeking at dice).
"""

from __future__ import annotations

import random
from typing import Any, Callable

from game import combat, effects, moves, objects as obj
from game.board import HOLE
from game.race import Decision, Race

POLICIES = ("random", "greedy")
# How much a greedy racer values holding each object (for drops and chests).
OBJECT_VALUE = {obj.COIN: 1, obj.CLOVER: 2, obj.SHIELD: 2, obj.BOTTLE: 3, obj.TRAP: 3, obj.AXE: 5,
                obj.SPEAR: 5, obj.SYRINGE: 5, obj.RING_OF_LIGHTNING: 6, obj.RING_OF_FIRE: 7}
RESULT_VALUE = {combat.DEFEAT: 0, combat.SIMPLE: 2, combat.CRUSHING: 3}


def choose(race: Race, decision: Decision, policy: str, rng: random.Random) -> Any:
    """The bot's option for a decision."""
    if policy == "random":
        options = [o for o in decision.options if o != "undo"] or list(decision.options)
        return rng.choice(options)
    if policy == "greedy":
        judge = GREEDY.get(decision.kind)
        if judge is None:
            return decision.options[0]
        scored = [(judge(race, decision, option), -i, option) for i, option in enumerate(decision.options)]
        return max(scored, key=lambda s: (s[0], s[1]))[2]
    raise ValueError(f"unknown bot policy {policy!r}: choose among {', '.join(POLICIES)}")


def play(race: Race, rngs: dict[int, random.Random], policies: dict[int, str]) -> None:
    """Play the race to its end with bots for every racer."""
    while not race.over:
        decision = race.pending
        race.choose(choose(race, decision, policies[decision.racer], rngs[decision.racer]))


# ---------------------------------------------------------------- greedy judgements
def _me(race: Race, decision: Decision):
    return race.racers[decision.racer]


def _move(race: Race, d: Decision, option) -> float:
    forward, sideways = option
    end, travelled = moves.preview_walk(race, d.racer, forward)
    value = travelled
    if race.terrain_at(end) == HOLE or end in race.traps:
        value -= 4
    for k in range(1, travelled + 1):
        square = race.board.wrap(_me(race, d).row + k, _me(race, d).col)
        if race.object_at(square):
            value += 1.5
    return value


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


def _clover(race: Race, d: Decision, option) -> float:
    faces = list(d.info["faces"])
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
        return moves.SHORTCUT_ROWS[faces[0]] - cost
    if purpose in ("disarm", "theft"):
        return (10 if faces[0] > 60 else 0) - cost
    return sum(faces) - cost


def _target(race: Race, d: Decision, square) -> float:
    if not isinstance(square, tuple):
        return 0
    victims = effects.opponents_at(race, d.racer, square)
    if d.info.get("object") == obj.WAND_OF_TELEPORTATION:
        return race.board.row_delta(_me(race, d).square, square) - (4 if race.terrain_at(square) == HOLE else 0)
    if victims:
        return 10 + race.racers[victims[0]].points / 100
    return 1


def _path(race: Race, d: Decision, option) -> float:
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
    "drift": lambda race, d, o: -abs(o[0]) * 2,
    "action": _action,
    "coins": lambda race, d, n: n,
    "clover": _clover,
    "shortcut_stop": lambda race, d, o: 1 if (o == "stop") == (d.info["left"] <= 1) else 0,
    "shield": lambda race, d, o: (1 if o == "shield" else 0) * (1 if d.info["size"] == "big" else -1),
    "tactical": lambda race, d, o: -abs(o),
    "drop": lambda race, d, o: -OBJECT_VALUE.get(o, 0),
    "target": _target,
    "flail": lambda race, d, o: 0 if o == "none" else 5,
    "path": _path,
    "distance": lambda race, d, n: n,
    "reroll": lambda race, d, o: 1 if o == "reroll" else 0,
}
