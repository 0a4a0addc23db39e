"""The course ahead: the distance points a racer alone can expect from each square of a board.

The strong computer racers (`game.bots.ai`, hard and expert) judge where a move ends by what it leaves
them for the rest of the race, not only by the free squares straight ahead: a square at the foot of
a fence is worth less than one in an open lane, and with two turns left a square from which the
finish line (+10) is within reach is worth more than one just out of reach. `Course` works this out
once per board and per way of moving (speed, the elf's quick die) by dynamic programming over the
game turns left: in each turn the racer alone rolls his two dice and takes the best move (straight,
the L-move of a six, the lucky sprinter's double six, the quick die), drifts or stays, then walks
his speed or rests, under the rules of section 5 for the squares the board never changes: barriers
and rocks stop a walk, holes are fallen into or jumped (5.1, 5.3), shortcuts place the racer by the
D10 table (5.4), rows score one point each and the finish line ten (section 1).

What the table leaves out (opponents, fights, objects, traps, destroyed barriers, the baby's beer
and sleep, venom) is judged by the bots themselves. The tables of a board are kept in the board's
`memo`; boards larger than `MAX_SQUARES` have none (the bots judge them by the lane of sight).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

from game.boards.board import HOLE, SHORTCUT, Board, Square
from game.rules.race import DRIFTS, MAX_TURNS
from game.rules.rulebook import Rules

HOLE_PENALTY = -2  # 5.3
JUMP_FROM = 3  # a hole that is the 3rd square of a straight part (or further) is jumped (5.1)
LAP_POINTS = 10
QUICK_DIE = (2, 3, 4, 5)  # the DRAPID's faces
MAX_SQUARES = 64 * 64  # larger boards get no table: working it out would take seconds

Outcome = tuple[tuple[float, int, int], ...]  # (probability, square index, points) after the landing


class Course:
    """Expected distance points from every square, for every number of game turns left.

    `before_move(square, t)`: at the start of a turn, with t turns left counting this one.
    `before_drift(square, t)` and `before_action(square, t)`: later in that same turn.

    A racer whose speed differs in the even game turns (the dwarf's, the rules' `even_turn_speed`) has
    `even_speed`: the turn with t turns left is even when t is odd in a race of an even number of game
    turns (`even_race`), and when t is even in a race of an odd number.
    """

    def __init__(
        self,
        board: Board,
        speed: int,
        quick: bool,
        turns: int = MAX_TURNS,
        even_speed: int | None = None,
        even_race: bool = True,
        shortcut_rows: Mapping[int, int] | None = None,
    ) -> None:
        self.shortcut_rows = Rules.of().shortcut_rows if shortcut_rows is None else shortcut_rows  # (5.4)
        self.width, self.height = board.width, board.height
        w, h = self.width, self.height
        n = w * h
        walls = [False] * n
        holes = [False] * n
        shortcuts = [False] * n
        for r in range(h):
            for c in range(w):
                i = r * w + c
                walls[i] = (r, c) in board.walls
                kind = board.terrain_at((r, c))
                holes[i] = kind == HOLE
                shortcuts[i] = kind == SHORTCUT
        self._walls, self._holes, self._shortcuts = walls, holes, shortcuts
        squares = [i for i in range(n) if not walls[i]]
        self._squares = squares
        land = [self._landing(i, shortcut=True) for i in range(n)]

        def walk(start: int, parts: tuple[tuple[int, int, int], ...]) -> Outcome:
            end, points = self._walk(start, parts)
            return tuple((p, e, points + q) for p, e, q in land[end]) if end != start else ((1.0, start, 0),)

        # Every move a turn may offer, by die face: straight (1-12), and the L-moves of a six.
        moves: list[list[list[Outcome]]] = [[] for _ in range(n)]
        for i in squares:
            by_face: list[list[Outcome]] = [[] for _ in range(13)]
            for face in range(1, 13):
                by_face[face].append(walk(i, ((1, 0, face),)))
            for side in range(1, 7):
                for dc in (-1, 1):
                    by_face[6].append(walk(i, ((1, 0, 6 - side), (0, dc, side))))
            moves[i] = by_face
        drifts: list[list[Outcome]] = [[] for _ in range(n)]
        for i in squares:
            r, c = divmod(i, w)
            options: list[Outcome] = [((1.0, i, 0),)]
            for dr, dc in DRIFTS[1:]:
                target = self._index(r + dr, c + dc)
                middle = self._index(r - 1, c + dc // 2)
                if walls[target] or (abs(dr) == 2 and walls[middle]):
                    continue
                laps = (r + dr) // h
                options.append(tuple((p, e, dr + LAP_POINTS * laps + q) for p, e, q in land[target]))
            drifts[i] = options
        speeds = {speed, speed if even_speed is None else even_speed}
        action = {s: [walk(i, ((1, 0, s),)) if not walls[i] else ((1.0, i, 0),) for i in range(n)] for s in speeds}
        even = speed if even_speed is None else even_speed
        # the speed in the turn with t turns left: even turns are those with t odd in an even race
        self._speed_left = (speed, even) if even_race else (even, speed)  # by t % 2: (t even, t odd)

        # Each option as a plain (square, points) when it has one outcome, else its outcomes.
        self._moves = [[self._options(by_face) for by_face in moves[i]] for i in range(n)]
        self._drifts = [self._options(drifts[i]) for i in range(n)]
        self._actions = {s: [self._options([action[s][i]]) for i in range(n)] for s in speeds}
        self._pairs = [(a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)]
        self._quick = QUICK_DIE if quick else ()
        self._move: list[list[float]] = [[0.0] * n]
        self._drift: list[list[float]] = [[0.0] * n]
        self._action: list[list[float]] = [[0.0] * n]
        self.extend(turns)

    @staticmethod
    def _options(options: list[Outcome]) -> tuple[list[tuple[int, int]], list[Outcome]]:
        plain = sorted({(o[0][1], o[0][2]) for o in options if len(o) == 1})
        return plain, [o for o in options if len(o) > 1]

    def _best(self, options: tuple[list[tuple[int, int]], list[Outcome]], values: list[float]) -> float:
        plain, mixed = options
        best = max([q + values[e] for e, q in plain]) if plain else float("-inf")
        for outcome in mixed:
            value = sum(p * (q + values[e]) for p, e, q in outcome)
            if value > best:
                best = value
        return best

    def extend(self, turns: int) -> None:
        """Work the tables out up to `turns` game turns left."""
        n = self.width * self.height
        best_of = self._best
        while len(self._move) <= turns:
            after = self._move[-1]
            actions = self._actions[self._speed_left[len(self._move) % 2]]
            act = [0.0] * n
            for i in self._squares:
                rest, go = after[i], best_of(actions[i], after)
                act[i] = rest if rest > go else go
            drift = [0.0] * n
            for i in self._squares:
                drift[i] = best_of(self._drifts[i], act)
            move = [0.0] * n
            faces = range(1, 13)
            for i in self._squares:
                options = self._moves[i]
                best = [0.0] * 13
                for face in faces:
                    plain, mixed = options[face]
                    if len(plain) == 1 and not mixed:
                        e, q = plain[0]
                        best[face] = q + drift[e]
                    else:
                        best[face] = best_of(options[face], drift)
                if self._quick:  # the quick die may beat the face the pair offers
                    quick = [best[g] for g in self._quick]
                    worth = [0.0] * 13
                    for face in (1, 2, 3, 4, 5, 6, 12):
                        v = best[face]
                        worth[face] = sum(v if v > g else g for g in quick) / len(quick)
                else:
                    worth = best
                total = 0.0
                for a, b, chance in self._pairs:
                    face = a if best[a] > best[b] else b
                    if a == b == 6 and best[12] > best[face]:
                        face = 12
                    total += chance * worth[face]
                move[i] = total
            self._move.append(move)
            self._drift.append(drift)
            self._action.append(act)

    # ------------------------------------------------------------ reading the table
    def before_move(self, square: Square, turns: int, landing: bool = False) -> float:
        """Expected distance points of `turns` game turns from the start of one on `square`.

        `landing`: the racer has yet to land there (a hole or a shortcut acts first)."""
        return self._read(self._move, square, turns, landing)

    def before_drift(self, square: Square, turns: int, landing: bool = False) -> float:
        """The same from the drift phase of the first of those turns (after its move)."""
        return self._read(self._drift, square, turns, landing)

    def before_action(self, square: Square, turns: int, landing: bool = False) -> float:
        """The same from the action phase of the first of those turns."""
        return self._read(self._action, square, turns, landing)

    def _read(self, table: list[list[float]], square: Square, turns: int, landing: bool) -> float:
        turns = min(max(turns, 0), len(table) - 1)
        i = square[0] * self.width + square[1]
        if not landing:
            return table[turns][i]
        values = table[turns]
        return sum(p * (q + values[e]) for p, e, q in self._landing(i, True))

    # ------------------------------------------------------------ the rules of the squares
    def _index(self, row: int, col: int) -> int:
        return (row % self.height) * self.width + col % self.width

    def _walk(self, start: int, parts: tuple[tuple[int, int, int], ...]) -> tuple[int, int]:
        """Where a walk in straight parts ends and the points of its rows (5.1), before landing."""
        w, h = self.width, self.height
        row, col = divmod(start, w)
        points = 0
        parts = (*parts, (0, 0, 0))
        for k, (dr, dc, steps) in enumerate(parts[:-1]):
            then = parts[k + 1]
            for step in range(1, steps + 1):
                ahead = self._index(row + dr, col + dc)
                if self._walls[ahead]:
                    return row * w + col, points
                points += dr + LAP_POINTS * ((row + dr) // h)
                row, col = divmod(ahead, w)
                left = steps - step + (then[2] if step == steps else 0)
                if self._holes[ahead]:
                    if not left:
                        return ahead, points  # falls in (the landing)
                    if step >= JUMP_FROM:
                        continue
                    ndr, ndc = (dr, dc) if step < steps else then[:2]
                    after = self._index(row + ndr, col + ndc)
                    if not self._walls[after]:
                        points += ndr + LAP_POINTS * ((row + ndr) // h)
                        row, col = divmod(after, w)
                    return row * w + col, points
        return row * w + col, points

    def _landing(self, i: int, shortcut: bool) -> Outcome:
        """Where a racer ending a move on square `i` stays, with what it scores (5.3, 5.4)."""
        w, h = self.width, self.height
        row, col = divmod(i, w)
        if self._holes[i]:
            back = 1
            while back < h and (self._walls[self._index(row - back, col)] or self._holes[self._index(row - back, col)]):
                back += 1
            if back >= h:
                return ((1.0, i, HOLE_PENALTY),)
            laps = (row - back) // h
            return ((1.0, self._index(row - back, col), HOLE_PENALTY - back + LAP_POINTS * laps),)
        if shortcut and self._shortcuts[i]:
            faces = self.shortcut_rows
            out = []
            for rows in faces.values():
                target = self._index(row + rows, col)
                if self._walls[target]:
                    out.append((1 / len(faces), i, 0))  # a barrier or rock stops it: about where he was
                    continue
                laps = (row + rows) // h
                for p, e, q in self._landing(target, shortcut=False):
                    out.append((p / len(faces), e, rows + LAP_POINTS * laps + q))
            return tuple(out)
        return ((1.0, i, 0),)


def course(
    board: Board,
    speed: int,
    quick: bool,
    turns: int,
    even_speed: int | None = None,
    shortcut_rows: Mapping[int, int] | None = None,
) -> Course | None:
    """The board's course for a way of moving, up to `turns` game turns left (a race of `turns` game
    turns: with `even_speed`, the speed of its even turns, their places depend on it), worked out on
    first use and kept in the board's memo (None: a board too big for one); `shortcut_rows`: the race's
    rules' (None: this game's)."""
    if board.width * board.height > MAX_SQUARES:
        return None
    if even_speed == speed:
        even_speed = None
    rows = Rules.of().shortcut_rows if shortcut_rows is None else shortcut_rows
    key: tuple[object, ...] = (
        ("course", speed, quick) if even_speed is None else ("course", speed, even_speed, quick, turns % 2)
    )
    if rows != _SHIPPED_ROWS:  # (another rule's shortcuts: another course)
        key += (tuple(sorted(rows.items())),)
    found: Course | None = board.memo.get(key)
    if found is None or len(found._move) <= turns:
        with _working:  # two computer racers thinking at once (a host's rooms) work a table out once
            found = board.memo.get(key)
            if found is None:
                found = board.memo[key] = Course(board, speed, quick, turns, even_speed, turns % 2 == 0, rows)
            found.extend(turns)
    return found


_working = threading.Lock()
_SHIPPED_ROWS = Rules.of().shortcut_rows
