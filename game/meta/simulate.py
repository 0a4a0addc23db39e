"""Races without a screen: the `simulate` command of main.py."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from game.boards.board import Board
from game.bots import ai
from game.meta.words import board_name, decimal, said
from game.rules import levels, seeds
from game.rules.dice import TWISTER, Dice
from game.rules.race import Race, RacerSetup


@dataclass
class Outcome:
    """A finished race's standings and the racers' characters."""

    standings: list[tuple[int, int, int]]
    characters: list[str]
    by_cause: list[dict[str, int]]


def run_race(
    board: Board, characters: Sequence[str], bots: Sequence[str], turns: int, seed: int, dice: str = TWISTER
) -> Race:
    """Play one race with bots to its end (each computer racer's choices drawn from his stream of the
    race's seed, `seeds.bot_rngs`: the same race as the window gives for this seed and lineup, and as
    `serve` gives with `dice` KEYED, a hosted race's kind of dice)."""
    setups = [
        RacerSetup(c, name=f"{c}-{i + 1}", bot=levels.policy(b)) for i, (c, b) in enumerate(zip(characters, bots))
    ]
    race = Race.new(board, setups, turns=turns, seed=seed, dice=Dice(seed, dice))
    ai.play(race, seeds.bot_rngs(seed, len(setups)), dict(enumerate(bots)))
    return race


def simulate(
    board: Board,
    characters: Sequence[str],
    bots: Sequence[str],
    turns: int,
    games: int,
    seed: int,
    out: TextIO,
    dice: str = TWISTER,
) -> list[Outcome]:
    """Run `games` races and print each standing (or a summary) and races per second."""
    outcomes = []
    start = time.perf_counter()
    for game in range(games):
        race = run_race(board, characters, bots, turns, seed + game, dice)
        outcome = Outcome(race.standings(), [r.character for r in race.racers], [dict(r.by_cause) for r in race.racers])
        outcomes.append(outcome)
        if games <= 10:
            print_standings(
                race, out, title=said("simulate.race", number=game + 1, seed=seed + game, board=board_name(board.name))
            )
    elapsed = time.perf_counter() - start
    if games > 10:
        print_summary(outcomes, out)
    speed = said("simulate.speed", count=games, seconds=decimal(elapsed, 2), rate=decimal(games / elapsed, 1))
    print(speed, file=out)
    return outcomes


def print_standings(race: Race, out: TextIO, title: str) -> None:
    """The standings with each racer's points by cause (a cause that came to nothing, such as a lap
    crossed forward and then back, is left out)."""
    print(title, file=out)
    for place, index, points in race.standings():
        r = race.racers[index]
        causes = ", ".join(f"{cause} {value:+d}" for cause, value in sorted(r.by_cause.items()) if value)
        print(f"  {place}. {r.name:<14} {points:4d} {said('simulate.points')}  ({causes})", file=out)


def print_summary(outcomes: list[Outcome], out: TextIO) -> None:
    """Wins (shared places count as wins) and mean points by seat."""
    seats = len(outcomes[0].characters)
    print(said("simulate.head"), file=out)
    for seat in range(seats):
        wins = sum(1 for o in outcomes if any(p == 1 and i == seat for p, i, _ in o.standings))
        mean = sum(pts for o in outcomes for _, i, pts in o.standings if i == seat) / len(outcomes)
        print(f"{seat + 1:<6}{outcomes[0].characters[seat]:<12}{wins:>6}{mean:>13.1f}", file=out)
