"""Engine speed: complete races per second, six random bots over 15 turns, on one core.

    .venv/bin/python benchmarks/engine.py [--races N] [--seed S]

Target (issue 2): at least 100 races a second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Race, RacerSetup, ai  # noqa: E402
from game.characters import CHARACTERS  # noqa: E402
from game.randomboard import random_board  # noqa: E402


def main() -> None:
    """Time complete races and print the rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    setups_boards = []
    for i in range(args.races):
        board = random_board(rng, racers=6)
        setups = [RacerSetup(rng.choice(list(CHARACTERS)), bot="random") for _ in range(6)]
        setups_boards.append((board, setups, args.seed + i))
    decisions = 0
    start = time.perf_counter()
    for board, setups, seed in setups_boards:
        race = Race.new(board, setups, turns=15, seed=seed)
        bot = random.Random(seed)
        while not race.over:
            race.choose(ai.choose(race, race.pending, "random", bot))
            decisions += 1
    elapsed = time.perf_counter() - start
    print(f"engine: {args.races} races of 6 random bots x 15 turns in {elapsed:.2f} s")
    print(f"engine: {args.races / elapsed:.1f} races per second (target >= 100), "
          f"{decisions / elapsed:,.0f} decisions per second")


if __name__ == "__main__":
    main()
