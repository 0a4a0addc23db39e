"""Small helpers shared by the tests/test_rules_*.py scenarios (docs/rules-spec.md sections 1-7, 10)."""

from __future__ import annotations

from game.rules.race import Trap


def grid(marks: dict[tuple[int, int], str], width: int = 8, height: int = 16) -> str:
    """A text board of floor squares with some marked ones: {(row, col): char}."""
    rows = [["."] * width for _ in range(height)]
    for (row, col), char in marks.items():
        rows[row][col] = char
    return "\n".join("".join(r) for r in rows)


def arrange(*, unprotect=(), points=None, at=None, clovers=None, shields=None, coins=None, objects=None, traps=None):
    """A `before=` callback: unprotect racers, set points, squares, inventories, traps."""

    def before(race):
        for i in unprotect:
            race.racers[i].protected = False
        for i, p in (points or {}).items():
            race.racers[i].points = p
        for i, square in (at or {}).items():
            race.racers[i].row, race.racers[i].col = square
        for i, n in (clovers or {}).items():
            race.racers[i].inventory.clovers = n
        for i, n in (shields or {}).items():
            race.racers[i].inventory.shields = n
        for i, n in (coins or {}).items():
            race.racers[i].inventory.coins = n
        for i, items in (objects or {}).items():
            race.racers[i].inventory.objects = list(items)
        for square, owner in (traps or {}).items():
            race.traps[square] = Trap(owner)

    return before


def scores(race, racer=None) -> list[tuple[int, int, str]]:
    """Every points change as (racer, points, cause), optionally for one racer."""
    out = [(e.racer, e.points, e.cause) for e in race.log if e.kind == "scored"]
    return [s for s in out if racer is None or s[0] == racer]


def kinds_of(race, *wanted: str) -> list[str]:
    """The kinds of the events of the given kinds, in order (to check what came first)."""
    return [e.kind for e in race.log if e.kind in wanted]


def dump(race) -> str:
    """The log, one event a line (for failing asserts)."""
    return "\n".join(repr(e) for e in race.log)
