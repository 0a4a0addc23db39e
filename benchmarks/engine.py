"""Engine speed: complete races per second, six random bots over 15 turns, on one core.

    .venv/bin/python benchmarks/engine.py [--races N] [--seed S] [--runs R] [--json]

Target (issue 12, fast enough to search; issue 2 asked for 100): at least 250 races a second. The
rate per CPU second is printed too: a machine shared with other work slows the wall clock more than it.
`--runs R` plays the same races R times in this process and prints each run and the medians.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Race, RacerSetup  # noqa: E402
from game.boards.randomboard import random_board  # noqa: E402
from game.bots import ai  # noqa: E402
from game.rules.characters import CHARACTERS  # noqa: E402

TARGET = 250  # races per second (issue 12)


def measure(races: int, seed: int) -> dict:
    """Play `races` complete races; wall and CPU seconds, and the decisions made."""
    rng = random.Random(seed)
    work = []
    for i in range(races):
        board = random_board(rng, racers=6)
        setups = [RacerSetup(rng.choice(list(CHARACTERS)), bot="random") for _ in range(6)]
        work.append((board, setups, seed + i))
    decisions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for board, setups, race_seed in work:
        race = Race.new(board, setups, turns=15, seed=race_seed)
        bot = random.Random(race_seed)
        while not race.over:
            assert race.pending is not None
            race.choose(ai.pick(race, race.pending, "random", bot))
            decisions += 1
    return {
        "races": races,
        "wall": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "decisions": decisions,
    }


def main() -> None:
    """Time complete races and print the rate (or, with --json, the raw figures)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1, help="play the races this many times (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line a run")
    args = parser.parse_args()
    runs = []
    for _ in range(args.runs):
        data = measure(args.races, args.seed)
        runs.append(data)
        if args.json:
            print(json.dumps(data))
            continue
        wall, cpu = data["wall"], data["cpu"]
        print(f"engine: {args.races} races of 6 random bots x 15 turns in {wall:.2f} s, {cpu:.2f} s of CPU")
        print(
            f"engine: {args.races / wall:.1f} races per second (target >= {TARGET}), "
            f"{args.races / cpu:.1f} per CPU second, {data['decisions'] / wall:,.0f} decisions per second"
        )
    if len(runs) > 1 and not args.json:
        wall = statistics.median(args.races / run["wall"] for run in runs)
        cpu = statistics.median(args.races / run["cpu"] for run in runs)
        print(f"engine: median of {len(runs)} runs: {wall:.1f} races per second, {cpu:.1f} per CPU second")


if __name__ == "__main__":
    main()
