"""Explaining a decision: the time to foresee every option of a person's move, as the panel does.

    .venv/bin/python benchmarks/explain.py [--seed S] [--races N] [--runs R] [--json]

A six-racer race on a random board: the person (racer 0) and five computer racers, either all
normal (no racer searches) or with two experts (searching racers). At the person's first move of
game turns 5, 10 and 15, every option is played on a fork and read (`game.rules.explain.foresee`
and `move_outcome`, what `scenes/race/options.py` shows); the time for the whole decision is printed,
the median of R runs, over N races. The race itself is played by the normal policy for every
computer racer (an expert's own search would only make the benchmark slow: what the lineup changes
is what the race keeps for its forks).

Target (issue 35): at most 5 ms a decision at every turn, with and without searching racers.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Race, RacerSetup  # noqa: E402
from game.boards.randomboard import random_board  # noqa: E402
from game.bots import ai  # noqa: E402
from game.rules import (
    explain,  # noqa: E402
    levels,
)
from game.rules.characters import CHARACTERS  # noqa: E402

TARGET_MS = 5.0  # a decision's options explained, at most (issue 35)
TURNS = (5, 10, 15)
LINEUPS = {
    "no searching racer": (None, "normal", "normal", "normal", "normal", "normal"),
    "two experts": (None, "expert", "normal", "expert", "normal", "normal"),
}


def explain_all(race: Race) -> float:
    """Seconds to foresee and read every option of the pending decision."""
    decision = race.pending
    assert decision is not None
    start = time.perf_counter()
    for option in decision.options:
        sure = explain.foresee(race, decision, option)
        if sure is not None:
            explain.move_outcome(race, decision, option, sure)
    return time.perf_counter() - start


def measure(lineup: tuple[str | None, ...], seed: int, runs: int) -> dict[int, tuple[float, int]]:
    """(median milliseconds, options) at the person's first move of each of TURNS."""
    rng = random.Random(seed)
    board = random_board(rng, racers=6)
    setups = [RacerSetup(rng.choice(list(CHARACTERS)), bot=levels.policy(bot)) for bot in lineup]
    race = Race.new(board, setups, turns=15, seed=seed)
    picks = random.Random(seed + 1)
    found: dict[int, tuple[float, int]] = {}
    while not race.over and len(found) < len(TURNS):
        decision = race.pending
        assert decision is not None
        if decision.racer == 0 and decision.kind == "move" and race.turn in TURNS and race.turn not in found:
            times = [explain_all(race) for _ in range(runs)]
            found[race.turn] = (statistics.median(times) * 1000, len(decision.options))
        race.choose(ai.pick(race, decision, "normal", picks))
    return found


def main() -> None:
    """Print the figures (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--races", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for name, lineup in LINEUPS.items():
        for turn in TURNS:
            figures = [measure(lineup, args.seed + i, args.runs).get(turn) for i in range(args.races)]
            shown = [f for f in figures if f is not None]
            worst = max(ms for ms, _ in shown)
            rows.append(
                {
                    "lineup": name,
                    "turn": turn,
                    "median_ms": round(statistics.median(ms for ms, _ in shown), 2),
                    "worst_ms": round(worst, 2),
                    "options": round(statistics.mean(n for _, n in shown), 1),
                    "races": len(shown),
                }
            )
    if args.json:
        print(json.dumps(rows))
        return
    print(f"explaining every option of the person's move (median of {args.runs} runs; races seeds {args.seed}+)")
    print(f"{'lineup':<20} {'turn':>4} {'options':>7} {'median ms':>10} {'worst ms':>9}")
    for row in rows:
        print(f"{row['lineup']:<20} {row['turn']:>4} {row['options']:>7} {row['median_ms']:>10} {row['worst_ms']:>9}")
    worst = max(row["worst_ms"] for row in rows)
    print(f"target: at most {TARGET_MS} ms a decision; worst {worst} ms: {'met' if worst <= TARGET_MS else 'NOT met'}")


if __name__ == "__main__":
    main()
