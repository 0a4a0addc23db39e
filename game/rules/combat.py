"""Fights and shocks (docs/rules-spec.md section 6)."""

from __future__ import annotations

from typing import Any

from game.boards.board import Square
from game.rules import chests
from game.rules.characters import BACKSTAB, FEARFUL, INITIATIVE, SORE_LOSER, THEFT, THICK_SKIN, VENOM, VICIOUS
from game.rules.dice import D6, D10, DCOMBAT
from game.rules.state import RaceState, Rules

DEFEAT, SIMPLE, CRUSHING = "defeat", "simple", "crushing"
FIGHT_POINTS = 3
SHOCK_POINTS = {"small": 1, "big": 2}
BACKSTAB_BONUS = 1.5  # +50 % chances of victory and of a big shock

# 6.3: (rows back, column shift) for each face of the recoil die.
SMALL_RECOIL = {1: (1, -1), 2: (1, 0), 3: (1, 1), 4: (2, -1), 5: (2, 0), 6: (2, 1)}
BIG_RECOIL = {
    1: (1, -1),
    2: (1, 0),
    3: (1, 1),
    4: (2, -1),
    5: (2, 0),
    6: (2, 1),
    7: (3, -1),
    8: (3, 0),
    9: (3, 1),
    10: (4, 0),
}
RECOIL = {"small": (D6, SMALL_RECOIL), "big": (D10, BIG_RECOIL)}
RECOIL_DEPTH = {size: max(back for back, _ in table.values()) for size, (_, table) in RECOIL.items()}
# Shock causes that Thick skin softens (a big shock from an object or a trap).
OBJECT_CAUSES = frozenset({"trap", "object"})


# ---------------------------------------------------------------- recoils (6.3)
def recoil(race: RaceState, square: Square, back: int, shift: int) -> tuple[int, int]:
    """The (dr, dc) a recoil really moves a racer: barriers and rocks stop it."""
    free = _rows_free(race, square, shift, back)
    return (0, 0) if free is None else (-free, shift)


def _rows_free(race: RaceState, square: Square, shift: int, back: int) -> int | None:
    """How many of the `back` rows behind a square, `shift` columns aside, a recoil may cross
    before a barrier or a rock; None when the square aside itself blocks."""
    board = race.board
    row, col = square
    height, grid, wall_rows = board.height, board.grid, board.wall_rows
    column = (col + shift) % board.width
    if shift and wall_rows[row] >> column & 1 and race.blocks(grid[row][column]):  # (a wall there, standing?)
        return None
    moved = 0
    while moved < back:
        behind = (row - moved - 1) % height  # the row behind, round the torus
        if wall_rows[behind] >> column & 1 and race.blocks(grid[behind][column]):
            break
        moved += 1
    return moved


def recoil_squares(race: RaceState, square: Square, size: str) -> dict[int, Square]:
    """The numbered squares a shock may send a racer to, by face."""
    _, table = RECOIL[size]
    board = race.board
    row, col = square
    free: dict[int, int | None] = {}  # the recoil worked out once per column, as deep as the table goes
    out = {}
    for face, (back, shift) in table.items():
        if shift not in free:
            free[shift] = _rows_free(race, square, shift, RECOIL_DEPTH[size])
        rows = free[shift]
        if rows is None:  # the square aside blocks: he stays
            out[face] = board.grid[row][col]
        else:
            out[face] = board.wrap(row - min(back, rows), col + shift)
    return out


def push_back(race: RaceState, racer: int) -> tuple[int, int] | None:
    """A one-row push (6.3): (dr, dc) or None where a barrier, rock or racer stops it."""
    r = race.racers[racer]
    above = race.board.wrap(r.row - 1, r.col)
    if race.blocks(above) or race.occupied(above):
        return None
    return -1, 0


def shock(
    race: RaceState,
    victim: int,
    size: str,
    author: int | None,
    cause: str,
    shield: bool = True,
    exclude: int | None = None,
    origin: tuple[Square, int, int] | None = None,
) -> Rules:
    """A shock: the shield decision, the recoil roll, points to the author. True if moved.

    `origin` = (square, dr, dc): the shock is suffered from that square, which
    lies (dr, dc) from where the racer stands (a placement onto a rock).
    """
    r = race.racers[victim]
    if size == "big" and cause in OBJECT_CAUSES and r.has(THICK_SKIN):
        size = "small"
    square, to_dr, to_dc = origin if origin is not None else (race.board.grid[r.row][r.col], 0, 0)
    squares = recoil_squares(race, square, size)
    race.emit("shock", victim, size, author, squares)
    if shield and r.inventory.shields:
        use = yield race.ask(
            victim, "shield", ("shield", "take"), size=size, author=author, squares=squares, shields=r.inventory.shields
        )
        if use == "shield":
            r.inventory.shields -= 1
            race.emit("shield_used", victim, size)
            race.score(victim, -2, "shield")
            return False
    die, table = RECOIL[size]
    faces, _, _ = yield from race.roll(victim, [die], "shock", squares=squares)
    if author is not None and author != victim:
        if cause != "fight" or race.rules.fight_scores_shock:  # [house] a fight's winner scores the victory only
            race.score(author, SHOCK_POINTS[size], "shock")
        if race.racers[author].has(VICIOUS):
            race.score(author, race.rules.vicious_points, "vicious")
    dr, dc = recoil(race, square, *table[faces[0]])
    if origin is not None and (dr, dc) == (0, 0):
        return False
    return (
        yield from race.place(
            victim,
            to_dr + dr,
            to_dc + dc,
            "recoil",
            suffered=True,
            exclude=exclude,
            shown_from=square if origin is not None else None,
        )
    )


# ---------------------------------------------------------------- fights (6.1, 6.2)
def fight_here(race: RaceState, racer: int, suffered: bool, exclude: int | None, voluntary: bool) -> Rules:
    """Where a racer finally stays: fight the first-arrived unprotected opponent, or backstab."""
    match = fight_due(race, racer, suffered, exclude, voluntary)
    if match is not None:
        yield from fight(race, *match)


def fight_due(
    race: RaceState, racer: int, suffered: bool, exclude: int | None, voluntary: bool
) -> tuple[int, int, bool] | None:
    """The fight where a racer finally stays, as (attacker, defender, backstab), or None: with the
    first-arrived unprotected opponent there, or (Backstab) one just below after a voluntary move."""
    r = race.racers[racer]
    for other in race.opponents_at(racer, (r.row, r.col)):  # the first arrived, unless excluded
        if other != exclude:
            attacker, defender = who_attacks(race, racer, other, suffered)
            return attacker, defender, False
    if voluntary and r.has(BACKSTAB):
        victims = race.opponents_at(racer, race.board.wrap(r.row + 1, r.col))
        if victims:
            return racer, victims[0], True
    return None


def who_attacks(race: RaceState, racer: int, other: int, suffered: bool) -> tuple[int, int]:
    """(attacker, defender) when `racer` stops on `other`'s square (6.1): the racer who arrived
    attacks, unless he was moved there (suffered) or the other has Initiative and he has not."""
    r, o = race.racers[racer], race.racers[other]
    if suffered or (o.has(INITIATIVE) and not r.has(INITIATIVE)):
        return other, racer
    return racer, other


def chances(race: RaceState, attacker: int, backstab: bool) -> tuple[int, int]:
    """The attacker's (simple %, crushing %), Backstab's +50 % included."""
    stats = race.racers[attacker].stats
    if not backstab:
        return stats.simple, stats.crushing
    victory = round((stats.simple + stats.crushing) * BACKSTAB_BONUS)
    crushing = round(stats.crushing * BACKSTAB_BONUS)
    return victory - crushing, crushing


def combat_result(face: int, simple: int, crushing: int) -> str:
    """DCOMBAT: face <= defeat % is a defeat, then simple victories, then crushing."""
    defeat = 100 - simple - crushing
    if face <= defeat:
        return DEFEAT
    return SIMPLE if face <= defeat + simple else CRUSHING


def fight(race: RaceState, attacker: int, defender: int, backstab: bool = False) -> Rules:
    """A fight: DCOMBAT, the loser's shock and landing, theft, the winner's tactical move."""
    d = race.racers[defender]
    race.emit("fight", attacker, defender, race.board.grid[d.row][d.col])
    simple, crushing = chances(race, attacker, backstab)
    result = yield from _combat_roll(race, attacker, simple, crushing)
    loser = attacker if result == DEFEAT else defender
    sore = race.racers[loser]
    if sore.has(SORE_LOSER) and race.turn - sore.sore_loser_turn >= race.rules.sore_loser_rest:
        again = yield race.ask(loser, "reroll", ("reroll", "accept"), result=result)
        if again == "reroll":
            sore.sore_loser_turn = race.turn
            face = race.dice.roll(DCOMBAT)
            race.emit("rolled", attacker, ["DCOMBAT"], [face], "combat_reroll")
            result = combat_result(face, simple, crushing)
            loser = attacker if result == DEFEAT else defender
    winner = defender if loser == attacker else attacker
    race.emit("fight_result", attacker, defender, result, winner, loser)
    race.score(winner, FIGHT_POINTS, "fight")
    if race.racers[winner].has(VENOM):
        race.racers[loser].poisoned = True
    size = "big" if result == CRUSHING else "small"
    yield from shock(race, loser, size, author=winner, cause="fight", exclude=winner)
    if race.racers[winner].has(THEFT):
        yield from chests.steal(race, winner, loser)
    yield from tactical_move(race, winner)


def _combat_roll(race: RaceState, attacker: int, simple: int, crushing: int) -> Rules:
    """The attacker rolls the DCOMBAT (clover-able); returns the result."""

    def describe(rolled: list[int]) -> dict[str, Any]:
        return {
            "results": [combat_result(f, simple, crushing) for f in rolled],
            "flipped_results": [combat_result(101 - f, simple, crushing) for f in rolled],
        }

    faces, _, _ = yield from race.roll(
        attacker, [DCOMBAT], "combat", describe=describe, chances={"simple": simple, "crushing": crushing}
    )
    return combat_result(faces[0], simple, crushing)


def tactical_options(race: RaceState, winner: int) -> list[int]:
    """Shifts the winner may make: one square left or right or none (Fearful: up to two)."""
    r = race.racers[winner]
    reach = 2 if r.has(FEARFUL) else 1
    options = [0]
    for side in (-1, 1):
        for distance in range(1, reach + 1):
            square = race.board.wrap(r.row, r.col + side * distance)
            if race.blocks(square):
                break
            if not race.occupied(square):
                options.append(side * distance)
    return sorted(options)


def tactical_move(race: RaceState, winner: int) -> Rules:
    """The winner's tactical move (a walked move sideways)."""
    shift = yield race.ask(winner, "tactical", tactical_options(race, winner))
    if shift:
        yield from race.walk(winner, 0, shift, "tactical", voluntary=False)
