"""Using objects (docs/rules-spec.md section 8) and the special rules that act by themselves (section 9).

Target decisions offer squares: the screen highlights them; the rules read
what is there (an opponent, a barrier, a trap, an empty square).
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator
from typing import Any, cast

from game.boards.board import BARRIER, FLOOR, ROCK, Board, Square
from game.rules import combat, hooks, moves
from game.rules import objects as obj
from game.rules.characters import FLAIL, THROWING_STARS, WAND_MASTERY
from game.rules.dice import D3, D6, D10
from game.rules.state import RaceState, Rules, Trap

FIRE_RANGE = 10  # ring of fire: 10 + 2D10 squares
WAND_REST = 3  # a wand used on turn t is offered again on turn t + 3
LIGHTNING_POINTS = 2
PUSH_POINTS = 1  # flail and throwing star
WANDS = (obj.WAND_OF_TELEPORTATION, obj.WAND_OF_FIRE)
KING_STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
LINES = ((1, 0), (-1, 0), (0, 1), (0, -1))


# ---------------------------------------------------------------- what lies where
def opponent_squares(race: RaceState, user: int) -> set[Square]:
    """Squares holding at least one unprotected opponent."""
    return {(o.row, o.col) for o in race.racers if o.index != user and not o.protected}


def is_empty(race: RaceState, square: Square, racer_squares: Container[Square] | None = None) -> bool:
    """No obstacle, object (taken or not), racer or trap: where traps and poos may go.

    `racer_squares`: the squares the racers stand on, when the caller has them at hand.
    """
    return (
        square not in race.board.objects
        and square not in race.traps
        and race.terrain_at(square) == FLOOR
        and (square not in racer_squares if racer_squares is not None else not race.occupied(square))
    )


def breakable(race: RaceState, square: Square) -> bool:
    """A barrier or a trap, which spears, axes and fireballs destroy."""
    return square in race.traps or race.terrain_at(square) == BARRIER


# Rocks are never destroyed, so what stops an axe or a spear is the authored board's: the
# squares they reach from a square are worked out once per board (`Board.memo`).
def _axe_squares(board: Board, start: Square, reach: int) -> dict[Square, int]:
    """`axe_reach` on the authored board: each square and its distance (do not change it)."""
    return {
        (row, col): distance
        for distance, level in enumerate(_king_levels(board, start, reach), 1)
        for row, mask in level.items()
        for col in _columns(mask)
    }


class _Rows:
    """Squares kept as each row's bit mask of columns (bit c: column c), to ask which are in."""

    __slots__ = ("masks",)

    def __init__(self, masks: dict[int, int]) -> None:
        self.masks = masks

    def __contains__(self, square: object) -> bool:
        row, col = cast(Square, square)
        return bool(self.masks.get(row, 0) >> col & 1)


def _axe_rows(board: Board, start: Square, reach: int) -> _Rows:
    """The squares of `axe_reach`, row by row."""
    masks: dict[int, int] = {}
    for level in _king_levels(board, start, reach):
        for row, mask in level.items():
            masks[row] = masks.get(row, 0) | mask
    return _Rows(masks)


def _king_levels(board: Board, start: Square, steps: int) -> Iterator[dict[int, int]]:
    """The squares first reached in 1, 2, ... `steps` king steps along paths that avoid rocks
    (what a breadth-first search finds), a step at a time, each as its rows' bit masks of columns.

    The squares first reached in d + 1 steps are the rock-free neighbours (the row above, the
    row itself, the row below, each spread a column either way round the torus) of those first
    reached in d steps.
    """
    height, width = board.height, board.width
    every = (1 << width) - 1
    free = _rock_free_rows(board)
    row, col = start
    reached = {row: 1 << col}
    frontier = dict(reached)
    for _ in range(steps):
        spread: dict[int, int] = {}
        for row, mask in frontier.items():
            left = ((mask << 1) | (mask >> (width - 1))) & every  # column c to c + 1, round the torus
            right = ((mask >> 1) | (mask << (width - 1))) & every
            wide = mask | left | right
            for near in ((row - 1) % height, row, (row + 1) % height):
                spread[near] = spread.get(near, 0) | wide
        frontier = {}
        for row, mask in spread.items():
            new = mask & free[row] & ~reached.get(row, 0)
            if new:
                reached[row] = reached.get(row, 0) | new
                frontier[row] = new
        if not frontier:
            return
        yield frontier


def _columns(mask: int) -> Iterator[int]:
    """The columns of a row's bit mask, lowest first."""
    while mask:
        bit = mask & -mask
        mask ^= bit
        yield bit.bit_length() - 1


def _rock_free_rows(board: Board) -> tuple[int, ...]:
    """For each row, its columns without a rock as a bit mask (worked out once per board)."""
    rows: tuple[int, ...] | None = board.memo.get("rock_free_rows")
    if rows is None:
        rows = board.memo["rock_free_rows"] = tuple(
            sum(1 << col for col, kind in enumerate(terrain) if kind != ROCK) for terrain in board.terrain
        )
    return rows


def axe_reach(race: RaceState, start: Square) -> dict[Square, int]:
    """King-step distances up to the axe's range along paths that avoid rocks."""
    return dict(_axe_squares(race.board, start, race.rules.axe_range))


def _lines(board: Board, start: Square, reach: int) -> Iterator[Square]:
    """`line_squares`, one at a time."""
    rocks = board.rocks
    for line in LINES:
        step, square = board.steps[line], start
        for _ in range(reach):
            square = step[square[0]][square[1]]
            if square == start or square in rocks:
                break
            yield square


def line_squares(race: RaceState, start: Square, reach: int) -> list[Square]:
    """Squares along the four straight lines up to `reach`, stopped by rocks."""
    return list(_lines(race.board, start, reach))


def _unique(squares: Iterable[Square]) -> list[Square]:
    """Squares in order, once each."""
    return sorted(dict.fromkeys(squares))  # (found nearly in order: quicker to sort than a set)


def throw_targets(race: RaceState, user: int, squares: Iterable[Square] | _Rows) -> list[Square]:
    """Squares an axe or spear may hit: opponents, barriers, traps."""
    reach = squares if isinstance(squares, (dict, set, frozenset, _Rows)) else set(squares)
    return sorted(s for s in _things_to_hit(race, user) if s in reach)


def _things_to_hit(race: RaceState, user: int) -> set[Square]:
    """The squares an axe or a spear hits when they are in reach: unprotected opponents', traps',
    standing barriers' (few, where the squares in reach are many)."""
    return {*opponent_squares(race, user), *race.traps, *(s for s in _barriers(race.board) if s not in race.destroyed)}


def _barriers(board: Board) -> tuple[Square, ...]:
    """The board's barriers as authored (worked out once per board)."""
    squares: tuple[Square, ...] | None = board.memo.get("barriers")
    if squares is None:
        squares = board.memo["barriers"] = tuple(s for s in sorted(board.walls) if board.terrain_at(s) == BARRIER)
    return squares


def _trap_squares(race: RaceState, user: int) -> Iterator[Square]:
    """Squares within 3 king steps for a trap: empty ones, or an opponent's."""
    foes = opponent_squares(race, user)
    racer_squares = {(r.row, r.col) for r in race.racers}
    around = race.board.around(race.racers[user].square, race.rules.trap_range)
    return (s for s in around if s in foes or is_empty(race, s, racer_squares))


def trap_targets(race: RaceState, user: int) -> list[Square]:
    """Squares within 3 king steps for a trap: empty ones, or an opponent's."""
    return _unique(_trap_squares(race, user))


def lightning_targets(race: RaceState, user: int) -> list[int]:
    """Unprotected opponents with at least the user's points, in play order."""
    points = race.racers[user].points
    order = race.order or list(range(len(race.racers)))
    return [i for i in order if i != user and not race.racers[i].protected and race.racers[i].points >= points]


def pushable(race: RaceState, user: int, square: Square) -> list[int]:
    """Opponents on a square whom a one-row push would move."""
    return [i for i in race.opponents_at(user, square) if combat.push_back(race, i) is not None]


def star_targets(race: RaceState, user: int) -> list[Square]:
    """Squares a throwing star may hit: opponents in line within 4 who can be pushed."""
    return _unique(_star_squares(race, user))


def _star_squares(race: RaceState, user: int) -> Iterator[Square]:
    """Squares a throwing star may hit (see star_targets), one by one."""
    me = race.racers[user].square
    foes = opponent_squares(race, user)
    if not any(row == me[0] or col == me[1] for row, col in foes):  # the lines keep to his row and column
        return iter(())
    return (s for s in _lines(race.board, me, race.rules.star_range) if s in foes and pushable(race, user, s))


def teleport_targets(race: RaceState, user: int) -> list[Square]:
    """Squares within TELEPORT_RANGE king steps, at most TELEPORT_FORWARD rows forward, with no barrier,
    rock or racer."""
    return _unique(_teleport_squares(race, user))


def _teleport_squares(race: RaceState, user: int) -> Iterator[Square]:
    """Squares the wand of teleportation may take its user to (see teleport_targets), one by one."""
    me = race.racers[user].square
    taken = {(r.row, r.col) for r in race.racers}  # his own square among them
    ahead = race.rules.teleport_forward
    return (
        s
        for s in race.board.around(me, race.rules.teleport_range)
        if s not in taken and not race.blocks(s) and race.board.row_delta(me, s) <= ahead
    )


def flail_targets(race: RaceState, user: int) -> list[Square]:
    """The 8 squares around the beast-man with an opponent a push would move."""
    me = race.racers[user].square
    foes = opponent_squares(race, user)
    return _unique(
        s
        for s in (race.board.wrap(me[0] + dr, me[1] + dc) for dr, dc in KING_STEPS)
        if s in foes and pushable(race, user, s)
    )


# ---------------------------------------------------------------- offering
def usable_objects(race: RaceState, racer: int) -> list[str]:
    """Active objects of the inventory that have a legal use now (no target, not offered)."""
    objects = race.racers[racer].inventory.objects
    if not objects:
        return []
    uses = hooks.OBJECT_USES
    usable = []
    for item in sorted(set(objects)):
        check = uses[item].usable  # (hooks.usable, without a call for the objects always usable)
        if check is None or check(race, racer):
            usable.append(item)
    return usable


# A target is enough: the first one found (the same rule as the target lists).
def _axe_usable(race: RaceState, racer: int) -> bool:
    hits = _things_to_hit(race, racer)  # the reach a step further at a time, until one is in it
    levels = _king_levels(race.board, race.racers[racer].square, race.rules.axe_range)
    return any(level.get(row, 0) >> col & 1 for level in levels for row, col in hits)


def _spear_usable(race: RaceState, racer: int) -> bool:
    """The few things to hit, looked for along the lines until one is on them."""
    me = race.racers[racer].square
    return not _things_to_hit(race, racer).isdisjoint(_lines(race.board, me, race.rules.spear_range))


def _any(squares: Iterator[Square]) -> bool:
    """Whether there is at least one square."""
    return next(squares, None) is not None


def wand_ready(race: RaceState, racer: int, wand: str) -> bool:
    """A wand rests for the two game turns after the one it was used in."""
    used = race.racers[racer].wand_used.get(wand)
    return used is None or race.turn - used >= WAND_REST


def _wand_actions(race: RaceState, racer: int) -> list[str]:
    """Wand mastery's free actions: each wand that rests no more (teleportation: with a square to go to)."""
    out: list[str] = []
    if wand_ready(race, racer, obj.WAND_OF_TELEPORTATION) and _any(_teleport_squares(race, racer)):
        out.append(f"wand:{obj.WAND_OF_TELEPORTATION}")
    if wand_ready(race, racer, obj.WAND_OF_FIRE):
        out.append(f"wand:{obj.WAND_OF_FIRE}")
    return out


def _star_actions(race: RaceState, racer: int) -> list[str]:
    """Throwing stars' free action: a star left and an opponent in line to push."""
    return ["star"] if race.racers[racer].stars > 0 and _any(_star_squares(race, racer)) else []


# ---------------------------------------------------------------- using
def use_object(race: RaceState, racer: int, item: str) -> Rules:
    """Use an active object of the inventory (the action of the action phase): its registered use."""
    race.racers[racer].inventory.objects.remove(item)
    race.emit("object_used", racer, item)
    yield from hooks.use_object(race, racer, item)


def _use_doping(race: RaceState, racer: int, item: str) -> Rules:
    yield from _doping(race, racer, item, 2 if item == obj.SYRINGE else 0)


def _use_trap(race: RaceState, racer: int, item: str) -> Rules:
    yield from _lay_trap(race, racer)


def _use_axe(race: RaceState, racer: int, item: str) -> Rules:
    me = race.racers[racer].square
    yield from _throw(race, racer, item, throw_targets(race, racer, _axe_rows(race.board, me, race.rules.axe_range)))


def _use_spear(race: RaceState, racer: int, item: str) -> Rules:
    me = race.racers[racer].square
    yield from _throw(race, racer, item, throw_targets(race, racer, _lines(race.board, me, race.rules.spear_range)))


def _use_lightning(race: RaceState, racer: int, item: str) -> Rules:
    yield from _lightning(race, racer)


def _use_ring_of_fire(race: RaceState, racer: int, item: str) -> Rules:
    faces, _, _ = yield from race.roll(racer, [D10, D10], "ring_of_fire")
    yield from fireball(race, racer, FIRE_RANGE + sum(faces), item)


def _throw_star(race: RaceState, racer: int, action: str) -> Rules:
    """Throwing stars: a star pushes an opponent in line one row back."""
    race.racers[racer].stars -= 1
    race.emit("object_used", racer, obj.THROWING_STAR)
    target = yield race.ask(racer, "target", star_targets(race, racer), object=obj.THROWING_STAR)
    race.emit("thrown", racer, obj.THROWING_STAR, target)
    yield from _push(race, racer, pushable(race, racer, target)[0], "star")


def _use_wand(race: RaceState, racer: int, action: str) -> Rules:
    """Wand mastery: the wand of teleportation or the wand of fire."""
    r = race.racers[racer]
    wand = action.split(":", 1)[1]
    r.wand_used[wand] = race.turn
    race.emit("object_used", racer, wand)
    if wand == obj.WAND_OF_TELEPORTATION:
        target = yield race.ask(racer, "target", teleport_targets(race, racer), object=wand)
        dr = race.board.row_delta(r.square, target)
        dc = race.board.col_delta(r.square, target)
        yield from moves.place(race, racer, dr, dc, "teleport", suffered=False)
    else:
        faces, _, _ = yield from race.roll(racer, [D6] * race.rules.wand_of_fire_dice, "wand_of_fire")
        yield from fireball(race, racer, sum(faces), wand)


def _doping(race: RaceState, racer: int, item: str, base: int) -> Rules:
    """Bottle (2D3) or syringe (2 + 2D3): walk forward up to that many squares."""
    faces, _, _ = yield from race.roll(racer, [D3, D3], item)
    reach = base + sum(faces)
    distance = yield race.ask(racer, "distance", list(range(1, reach + 1)), object=item)
    yield from moves.walk(race, racer, distance, 0, item, voluntary=True)


def _lay_trap(race: RaceState, racer: int) -> Rules:
    """A trap on an empty square within 3, or on an opponent there (a big shock at once)."""
    target = yield race.ask(racer, "target", trap_targets(race, racer), object=obj.TRAP)
    victims = race.opponents_at(racer, target)
    if victims:
        yield from combat.shock(race, victims[0], "big", author=racer, cause="object")
    else:
        race.traps[target] = Trap(racer)
        race.emit("trap_laid", racer, target, "trap")


def _throw(race: RaceState, racer: int, item: str, targets: list[Square]) -> Rules:
    """Axe or spear: a big shock to the opponent there, or the barrier or trap destroyed."""
    target = yield race.ask(racer, "target", targets, object=item)
    race.emit("thrown", racer, item, target)
    victims = race.opponents_at(racer, target)
    if victims:
        yield from combat.shock(race, victims[0], "big", author=racer, cause="object")
    else:
        destroy(race, target, racer)


def destroy(race: RaceState, square: Square, by: int) -> None:
    """Destroy the barrier or trap on a square."""
    if race.traps.pop(square, None) is not None:
        race.emit("trap_destroyed", square, by)
    if race.terrain_at(square) == BARRIER:
        race.destroyed.add(square)
        race.emit("barrier_destroyed", square, by)


def _lightning(race: RaceState, racer: int) -> Rules:
    """Ring of lightning: 2D3; each target pushed back D3, a leader by both (recoil (dr, 0))."""
    targets = lightning_targets(race, racer)
    best = max(r.points for r in race.racers)
    leaders = {i for i in targets if race.racers[i].points == best}
    faces, _, _ = yield from race.roll(racer, [D3, D3], "ring_of_lightning")
    race.emit("lightning", racer, list(targets), sorted(leaders))
    for target in targets:
        back = sum(faces) if target in leaders else faces[0]
        dr, dc = combat.recoil(race, race.racers[target].square, back, 0)
        if dr:
            race.score(racer, LIGHTNING_POINTS, "lightning")
        yield from moves.place(race, target, dr, dc, "lightning", suffered=True)


def fireball_options(race: RaceState, racer: int, path: list[Square], reach: int) -> list[Any]:
    """Next squares of a fireball path (forward, left, right), 'end' and 'undo' (8)."""
    board = race.board
    start = race.racers[racer].square
    here = path[-1] if path else start
    options: list[Any] = []
    if len(path) < reach:
        left_rows = {a[0] for a, b in zip([start] + path, path) if a[0] != b[0]}
        seen = set(path) | {start}
        for dr, dc in ((1, 0), (0, -1), (0, 1)):
            nxt = board.wrap(here[0] + dr, here[1] + dc)
            if nxt in seen or (dr and nxt[0] in left_rows):
                continue
            options.append(nxt)
    if path:
        options += ["end", "undo"]
    return options


def fireball(race: RaceState, racer: int, reach: int, item: str) -> Rules:
    """Draw a fireball path square by square, then burn what is on it."""
    path: list[Square] = []
    while True:
        options = fireball_options(race, racer, path, reach)
        if not options:
            break
        step = yield race.ask(racer, "path", options, object=item, path=list(path), reach=reach)
        if step == "end":
            break
        if step == "undo":
            path.pop()
        else:
            path.append(step)
    race.emit("fireball", racer, item, list(path))
    victims: list[tuple[int, str]] = []
    hit: set[int] = set()
    for k, square in enumerate(path):
        destroy(race, square, racer)
        for victim in race.opponents_at(racer, square):
            if victim not in hit:
                hit.add(victim)
                victims.append((victim, "big" if k == len(path) - 1 else "small"))
    for victim, size in victims:
        yield from combat.shock(race, victim, size, author=racer, cause="object")


def _push(race: RaceState, racer: int, target: int, cause: str) -> Rules:
    """A one-row push (flail, star): +1 to the pusher when the target moves."""
    back = combat.push_back(race, target)
    if back is None:
        return
    race.score(racer, PUSH_POINTS, cause)
    yield from moves.place(race, target, back[0], back[1], cause, suffered=True)


# ---------------------------------------------------------------- after the action phase
def _flail(race: RaceState, racer: int) -> Rules:
    """Flail: once per turn after his action phase, the racer with the flail (the race asks only him)
    pushes an opponent next to him."""
    targets = flail_targets(race, racer)
    if not targets:
        return
    target = yield race.ask(racer, "flail", targets + ["none"])
    if target != "none":
        race.emit("flail", racer, target)
        yield from _push(race, racer, pushable(race, racer, target)[0], "flail")


# ---------------------------------------------------------------- the baby
BEER, POO, SLEEP, CRY = range(4)
BABY_ACTIONS = ("beer", "poo", "sleep", "cry")


def baby_after_drift(race: RaceState, racer: int, action: int) -> Rules:
    """The baby's poo (behind him) or cry (small shocks within 6 steps) after the drift."""
    r = race.racers[racer]
    race.emit("baby", racer, BABY_ACTIONS[action])
    if action == POO:
        behind = race.board.wrap(r.row - 1, r.col)
        if is_empty(race, behind):
            race.traps[behind] = Trap(racer, "poo")
            race.emit("trap_laid", racer, behind, "poo")
    elif action == CRY:
        order = race.order or list(range(len(race.racers)))
        for victim in order:
            o = race.racers[victim]
            reach = race.board.king_distance if race.rules.cry_king_steps else race.board.step_distance
            if victim != racer and not o.protected and reach(r.square, o.square) <= race.rules.cry_range:
                yield from combat.shock(race, victim, "small", author=racer, cause="cry")


# ---------------------------------------------------------------- the hooks (game/rules/hooks.py)
hooks.register(WAND_MASTERY, hooks.Hook(("wand",), _wand_actions, _use_wand))
hooks.register(THROWING_STARS, hooks.Hook(("star",), _star_actions, _throw_star))
hooks.register(FLAIL, hooks.Hook(after_action=_flail))
for _item, _use in (
    (obj.BOTTLE, hooks.ObjectUse(_use_doping)),
    (obj.SYRINGE, hooks.ObjectUse(_use_doping)),
    (obj.TRAP, hooks.ObjectUse(_use_trap, lambda race, racer: _any(_trap_squares(race, racer)))),
    (obj.AXE, hooks.ObjectUse(_use_axe, _axe_usable)),
    (obj.SPEAR, hooks.ObjectUse(_use_spear, _spear_usable)),
    (obj.RING_OF_LIGHTNING, hooks.ObjectUse(_use_lightning, lambda race, racer: bool(lightning_targets(race, racer)))),
    (obj.RING_OF_FIRE, hooks.ObjectUse(_use_ring_of_fire)),
):
    hooks.register_object(_item, _use)
