"""Bot decision times: median and worst per level, on the shipped boards.

    .venv/bin/python benchmarks/bots.py [--races N] [--seed S]

Targets: the hard bot decides in <= 100 ms median and <= 500 ms worst case (issue 6), the expert
in <= 300 ms median and <= 1.5 s worst (issue 12). A decision with one legal option never reaches a bot.
The expert's course tables are worked out when a race opens (`ai.prepare`, on a thread of its own in
the window): that time is printed apart, once per race, not counted in a decision.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import Race, RacerSetup, load_board  # noqa: E402
from game.bots import ai  # noqa: E402
from game.rules import seeds  # noqa: E402
from game.rules.characters import CHARACTERS  # noqa: E402
from game.rules.levels import LEVELS  # noqa: E402


def main() -> None:
    """Play races with every level and time each decision."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    boards = [load_board(p) for p in sorted((ROOT / "maps").glob("*.tmx"))]
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    prepared: list[float] = []
    for i in range(args.races):
        rng = seeds.stream(args.seed, seeds.GAME, i)  # the lineup of race i
        board = boards[i % len(boards)]
        levels = list(LEVELS) + rng.sample(list(LEVELS), 6 - len(LEVELS))
        rng.shuffle(levels)
        levels = levels[: board.max_racers]  # the duel's board takes two racers
        race = Race.new(
            board,
            [RacerSetup(rng.choice(list(CHARACTERS)), bot=b) for b in levels],
            turns=board.turns,
            seed=args.seed + i,
        )
        rngs = seeds.bot_rngs(args.seed + i, len(levels))
        start = time.perf_counter()
        ai.prepare(race)
        prepared.append(time.perf_counter() - start)
        while not race.over:
            d = race.pending
            start = time.perf_counter()
            assert d is not None
            option = ai.pick(race, d, levels[d.racer], rngs[d.racer])
            times[levels[d.racer]].append(time.perf_counter() - start)
            race.choose(option)
    print(
        f"bots: {args.races} races of 6 racers (every level, two of them twice; 2 on a duel's board) "
        f"on {len(boards)} shipped boards"
    )
    print(f"{'level':<8}{'decisions':>10}{'median ms':>11}{'p99 ms':>9}{'worst ms':>10}")
    for level, values in times.items():
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(
            f"{level:<8}{len(values):>10}{statistics.median(values) * 1000:>11.2f}{p99 * 1000:>9.2f}"
            f"{values[-1] * 1000:>10.2f}"
        )
    print(
        f"the expert's course tables, worked out when a race opens: worst {max(prepared) * 1000:.0f} ms "
        "(once per board and way of moving; later races on the same board reuse them)"
    )
    print("targets: hard median <= 100 ms, worst <= 500 ms; expert median <= 300 ms, worst <= 1500 ms")


if __name__ == "__main__":
    main()
