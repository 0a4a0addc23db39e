"""Moving on the board (docs/rules-spec.md section 5): walks, placements, landings, holes, shortcuts."""

from __future__ import annotations

from game.boards.board import BARRIER, HOLE, SHORTCUT, Square
from game.rules import chests, combat
from game.rules.characters import BRAINY, DISARM
from game.rules.dice import D10
from game.rules.state import Racer, RaceState, Rules, Trap

HOLE_PENALTY = -2
JUMP_FROM = 3  # a hole that is the 3rd square of a move (or further) is jumped
_NO_SIDE = (0, 0, 0)  # a move with no sideways part (dr, dc, steps)


# ---------------------------------------------------------------- rows and points
def book(race: RaceState, racer: int, rows: int, laps: int) -> None:
    """Score rows travelled and finish-line crossings (section 1)."""
    if laps:
        for _ in range(abs(laps)):
            race.emit("crossed_line", racer, laps > 0)
    race.score(racer, rows, "distance")
    if laps:
        race.score(racer, 10 * laps, "lap")


def own_trap(race: RaceState, racer: int, square: Square) -> bool:
    """Whether the trap there is the racer's own and he may walk over it (Brainy)."""
    trap = race.traps.get(square)
    return trap is not None and trap.owner == racer and race.racers[racer].has(BRAINY)


def acting_trap(race: RaceState, racer: int, square: Square) -> Trap | None:
    """The trap that acts on this racer on this square, or None."""
    trap = race.traps.get(square)
    return None if trap is None or own_trap(race, racer, square) else trap


# ---------------------------------------------------------------- walks (5.1)
class _Stride:
    """The squares a racer has walked and not yet told to the screen, with the rows and
    finish-line crossings they make (added to the racer's when they are told)."""

    __slots__ = ("racer", "height", "path", "rows", "laps")

    def __init__(self, r: Racer, height: int) -> None:
        self.racer = r
        self.height = height  # the board's rows
        self.path: list[Square] = []
        self.rows = 0
        self.laps = 0

    def step(self, square: Square, dr: int) -> None:
        """Step onto `square`, the next square `dr` rows on (a walk goes forward or sideways)."""
        r = self.racer
        self.laps += (r.row + dr) // self.height  # from the last row onto the first: the finish line
        r.row, r.col = square
        self.path.append(square)
        self.rows += dr

    def flush(self, race: RaceState, cause: str) -> None:
        """Tell the squares walked so far and book their points."""
        if self.path:
            r = self.racer
            r.rows += self.rows
            r.laps += self.laps
            race.emit("moved", r.index, self.path, cause)  # the event keeps the list
            book(race, r.index, self.rows, self.laps)
            self.path, self.rows, self.laps = [], 0, 0


def walk(race: RaceState, racer: int, forward: int, sideways: int, cause: str, voluntary: bool) -> Rules:
    """A walked move: forward squares, then the sideways part of an L-move (5.1)."""
    r = race.racers[racer]
    start_row, start_col = r.row, r.col
    stride = _Stride(r, race.board.height)
    side = (0, 1 if sideways > 0 else -1, abs(sideways)) if sideways else _NO_SIDE
    ended = forward and (yield from _walk_straight(race, racer, 1, 0, forward, cause, stride, side))
    if sideways and not ended:
        yield from _walk_straight(race, racer, *side, cause, stride)
    stride.flush(race, cause)
    if r.row != start_row or r.col != start_col:
        yield from land(race, racer, suffered=False, voluntary=voluntary)


def _walk_straight(
    race: RaceState,
    racer: int,
    dr: int,
    dc: int,
    steps: int,
    cause: str,
    stride: _Stride,
    then: tuple[int, int, int] = _NO_SIDE,
) -> Rules:
    """Walk one straight part square by square; returns True when the move ended early.

    `then` = (dr, dc, steps) of the part that follows (an L-move's sideways
    part): at the corner the move goes on, so a hole there is passed and a
    shortcut there may be a stop with squares left (5.1).
    """
    r = race.racers[racer]
    board, traps = race.board, race.traps
    on = board.steps[dr, dc]  # the square one step on
    for step in range(1, steps + 1):
        ahead = on[r.row][r.col]
        if ahead in board.plain and ahead not in traps:  # nothing there but the floor
            stride.step(ahead, dr)
            continue
        if race.blocks(ahead):
            return True
        if ahead in traps and acting_trap(race, racer, ahead):
            stride.step(ahead, dr)
            return True
        terrain = race.terrain_at(ahead)
        left = steps - step + (then[2] if step == steps else 0)
        if terrain == HOLE and left:
            stride.step(ahead, dr)
            if step >= JUMP_FROM:
                continue
            next_dr, next_dc = (dr, dc) if step < steps else then[:2]
            after = board.wrap(r.row + next_dr, r.col + next_dc)
            if not race.blocks(after):
                stride.step(after, next_dr)
                yield from _pick_up(race, racer, after, cause, stride)
            return True
        stride.step(ahead, dr)
        if terrain == HOLE:
            return True
        yield from _pick_up(race, racer, ahead, cause, stride)
        if terrain == SHORTCUT and left:
            stride.flush(race, cause)
            stop = yield race.ask(racer, "shortcut_stop", ("stop", "go_on"), square=ahead, left=left)
            if stop == "stop":
                return True
    return False


def _pick_up(race: RaceState, racer: int, square: Square, cause: str, stride: _Stride) -> Rules:
    """Take what lies on a square walked over; a chest pauses the walk while it opens."""
    if race.object_at(square) is None:
        return
    stride.flush(race, cause)
    yield from chests.take_objects(race, racer, square)


def preview_walk(
    race: RaceState, racer: int, steps: int, start: Square | None = None, direction: tuple[int, int] = (1, 0)
) -> tuple[Square, int]:
    """Where a straight walk would end, and squares travelled (no side effects, no shortcut stop)."""
    board, traps = race.board, race.traps
    row, col = start if start is not None else race.racers[racer].square
    on = board.steps[direction]  # the square one step on
    travelled = 0
    step = 0
    while step < steps:
        step += 1
        ahead = on[row][col]
        if ahead in board.plain and ahead not in traps:  # nothing there but the floor
            row, col = ahead
            travelled += 1
            continue
        if race.blocks(ahead):
            break
        row, col = ahead
        travelled += 1
        if acting_trap(race, racer, ahead):
            break
        if race.terrain_at(ahead) == HOLE and step < steps:
            if step >= JUMP_FROM:
                continue
            after = on[row][col]
            if not race.blocks(after):
                row, col = after
                travelled += 1
            break
    return (row, col), travelled


# ---------------------------------------------------------------- placements (5.2)
def place(
    race: RaceState,
    racer: int,
    dr: int,
    dc: int,
    cause: str,
    suffered: bool,
    voluntary: bool = False,
    from_shortcut: bool = False,
    exclude: int | None = None,
    shown_from: Square | None = None,
) -> Rules:
    """Place a racer (dr, dc) away without walking; the landing square acts. True if he moved.

    A placement onto a rock bounces: the racer suffers a small shock from the
    rock's square (no shield) and is placed by the net displacement, or stays
    where he was when that recoil cannot move him off the rock (5.2).
    """
    if dr == 0 and dc == 0:
        return False
    r = race.racers[racer]
    board = race.board
    here = board.grid[r.row][r.col]
    raw = r.row + dr
    target = board.wrap(raw, r.col + dc)
    if target in board.rocks:
        race.emit("placed", racer, shown_from or here, target, cause)
        moved = yield from combat.shock(
            race, racer, "small", author=None, cause="rock", shield=False, exclude=exclude, origin=(target, dr, dc)
        )
        if not moved:
            race.emit("placed", racer, target, here, "put_back")
        return moved
    laps = raw // board.height  # finish-line crossings (signed)
    r.row, r.col = target
    r.rows += dr
    r.laps += laps
    race.emit("placed", racer, shown_from or here, target, cause)
    book(race, racer, dr, laps)
    yield from land(
        race, racer, suffered=suffered, voluntary=voluntary, placed=True, from_shortcut=from_shortcut, exclude=exclude
    )
    return True


# ---------------------------------------------------------------- landings (5.5)
def land(
    race: RaceState,
    racer: int,
    suffered: bool,
    voluntary: bool,
    placed: bool = False,
    from_shortcut: bool = False,
    exclude: int | None = None,
) -> Rules:
    """Where a move or placement ends: objects, then trap/hole/shortcut, then a fight."""
    r = race.racers[racer]
    square = race.board.grid[r.row][r.col]
    race.arrive(r)
    if square not in race.board.plain or square in race.traps:  # the square itself may act
        if (yield from _square_acts(race, racer, square, suffered, voluntary, placed, from_shortcut, exclude)):
            return
    match = combat.fight_due(race, racer, suffered, exclude, voluntary)
    if match is not None:
        yield from combat.fight(race, *match)


def _square_acts(
    race: RaceState,
    racer: int,
    square: Square,
    suffered: bool,
    voluntary: bool,
    placed: bool,
    from_shortcut: bool,
    exclude: int | None,
) -> Rules:
    """A landing square's own doing: a barrier broken, objects, then a trap, a hole or a shortcut.
    True when the landing is over (no fight to look for)."""
    r = race.racers[racer]
    if placed and race.terrain_at(square) == BARRIER:
        race.destroyed.add(square)
        race.emit("barrier_destroyed", square, None)
        if (yield from combat.shock(race, racer, "small", author=None, cause="barrier", exclude=exclude)):
            return True
    if race.object_at(square) is not None:
        yield from chests.take_objects(race, racer, square)
    trap = acting_trap(race, racer, square)
    terrain = race.terrain_at(square)  # (a barrier broken: floor)
    if trap is not None:
        if voluntary and r.has(DISARM) and trap.owner != racer:
            disarmed = yield from chests.disarm(race, racer, square)
            if disarmed:
                yield from combat.fight_here(race, racer, suffered, exclude, voluntary)
                return True
        if (yield from spring_trap(race, racer, square, exclude)):
            return True
    elif terrain == HOLE:
        yield from fall(race, racer)
        return True
    elif terrain == SHORTCUT and not from_shortcut:
        if (yield from take_shortcut(race, racer)):
            return True
    return False


def spring_trap(race: RaceState, racer: int, square: Square, exclude: int | None = None) -> Rules:
    """A trap acts on the racer on it: removed, then a shock. True if he was moved."""
    trap = race.traps.pop(square)
    race.emit("trap_sprung", racer, square, trap.owner, trap.kind)
    size = "small" if trap.kind == "poo" else "big"
    author = None if trap.owner == racer else trap.owner
    return (yield from combat.shock(race, racer, size, author=author, cause="trap", exclude=exclude))


def hole_exit(race: RaceState, square: Square) -> int:
    """Rows back to the square a racer comes out of a hole on (5.3)."""
    row, col = square
    for back in range(1, race.board.height):
        above = race.board.wrap(row - back, col)
        if not race.blocks(above) and race.terrain_at(above) != HOLE:
            return back
    return 0


def fall(race: RaceState, racer: int) -> Rules:
    """Fall into a hole: lose 2, come out just before it (5.3)."""
    r = race.racers[racer]
    hole = race.board.grid[r.row][r.col]
    back = hole_exit(race, hole)
    race.emit("fell", racer, hole, race.board.wrap(hole[0] - back, hole[1]))
    race.score(racer, HOLE_PENALTY, "hole")
    yield from place(race, racer, -back, 0, "hole_exit", suffered=True)


def take_shortcut(race: RaceState, racer: int) -> Rules:
    """Roll the D10 and be placed in one's own column (5.4). True if he moved."""
    faces, _, _ = yield from race.roll(racer, [D10], "shortcut", rows=dict(race.rules.shortcut_rows))
    rows = race.rules.shortcut_rows[faces[0]]
    race.emit("shortcut", racer, faces[0], rows)
    return (yield from place(race, racer, rows, 0, "shortcut", suffered=False, from_shortcut=True))
