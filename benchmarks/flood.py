"""The host's memory under a ping flood (issue 34): `main.py serve` with two honest friends racing
(`main.py join`), while four peers ping it as fast as it takes and never read, two without a hello and
two with the room's code (each connecting again whenever it is cut). Prints the host's memory before
and at its largest, how the race ended, and what the floods did.

    .venv/bin/python benchmarks/flood.py [--seconds 60]

The target (issue 34): under 300 MB over the 60 s, the friends' race over, each flood cut.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from test_network_bounds import race_under_flood  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}, load {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as home:
        # (a race that lasts the whole window: 15 turns, friends answering after 0.5 s)
        seen = race_under_flood(args.seconds, delay=0.5, turns=15, home=Path(home))
    print(f"host's memory before the flood: {seen['base']:.0f} MB")
    print(f"host's memory at its largest: {seen['peak']:.0f} MB  {'ok' if seen['peak'] < 300 else 'FAIL'}")
    print(f"flooded for {seen['flooded']:.0f} s; serve exit {seen['serve']}, joins exit {seen['joins']}")
    for kind, each in seen["floods"].items():
        for done in each:
            print(
                f"flood ({kind}): {done.connections} connections, {done.cut} cut, {done.refused} refused, "
                f"{done.pings:,} pings sent"
            )
    cuts = [line.strip() for line in seen["log"] if "cut a connection" in line]
    print(f"the host's log: {len(cuts)} lines about cut connections, e.g. {cuts[:1]}")


if __name__ == "__main__":
    main()
