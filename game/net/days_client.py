"""A player's requests to a relay's `/days` (issue 46; docs/network.md, *Races over days*): one request,
its answer (`ask`), and the request that creates a race over days (`create_request`), the same from the
command line (`main.py days create`, game/cli/days.py) and from the window (*Your races → New race over
days*, scenes/screens/days_new.py).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from game.net.invite import DAYS, Relay
from game.net.protocol import MAX_FROM_HOST

ANSWER_TIMEOUT = 20.0  # seconds a relay has to answer a request on /days


async def ask(relay: Relay, request: dict[str, Any], authority: str | None = None) -> dict[str, Any]:
    """One request on the relay's /days, its answer (ConnectionError with the relay's refusal)."""
    import websockets

    from game.net.tls import client_context

    context = client_context(authority) if relay.secure else None
    async with websockets.connect(
        relay.url(DAYS), max_size=4 * MAX_FROM_HOST, open_timeout=10, ssl=context, compression=None
    ) as socket:
        await socket.send(json.dumps(request))
        text = await asyncio.wait_for(socket.recv(), ANSWER_TIMEOUT)
    answer = json.loads(text)
    if not isinstance(answer, dict) or answer.get("type") != "answer":
        raise ConnectionError("the relay answered what is no answer")
    if "refused" in answer:
        raise ConnectionError(f"the relay refused: {str(answer['refused'])[:200]}")
    return answer


def create_request(
    board: dict[str, Any], turns: int, seats: list[Any], clock: int, run_out: str, creator: tuple[str, str] | None
) -> dict[str, Any]:
    """A `create` request: a board's record, its turns, its seats ("person", {"level": LEVEL} or either
    with a "character"), a decision's clock in seconds and what happens when it runs out; `creator` (his
    name and his seat key's hash in hexadecimal, never the key) sits in the first person's seat."""
    request: dict[str, Any] = {
        "type": "create",
        "board": board,
        "turns": turns,
        "seats": seats,
        "clock": clock,
        "run_out": run_out,
    }
    if creator is not None:
        request.update(name=creator[0], key_hash=creator[1])
    return request
