"""Started with every Python process of a test that puts this folder first on PYTHONPATH (Python imports
`sitecustomize` at start): when FANTASY_RACING_ROUTE_SPY names a file, each message a room's router takes
in that process is written there as a JSON line [who sent it, its type, its order] (tests/test_one_race.py:
the window's room runs in a process of its own, and its router is watched there, the real one)."""

import json
import os
import sys

SPY = os.environ.get("FANTASY_RACING_ROUTE_SPY")
ROOT = os.environ.get("FANTASY_RACING_ROOT")

if SPY and ROOT:
    sys.path.insert(0, ROOT)
    from game.net.router import Router

    route = Router.route

    async def spy(self, client, seat, message):  # type: ignore[no-untyped-def]
        seen = [type(client).__name__, str(message.get("type")), str(message.get("order", ""))]
        with open(SPY, "a", encoding="utf-8") as out:
            out.write(json.dumps(seen) + "\n")
        return await route(self, client, seat, message)

    Router.route = spy  # type: ignore[method-assign]
    sys.path.remove(ROOT)
