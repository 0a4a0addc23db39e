"""The room's router: one path from each kind of client message to the room's authority (docs/network.md).

Every transport hands what its clients say to the `Router` of their room (`Host.router`): the WebSocket
server (game/net/server.py, and through it a relay's links: game/net/relayed.py) for friends, owners and
spectators, and the local transport (game/net/local.py) for the host's own window (over the standard
streams of the room's process: game/net/window_room.py). A message's
`type` picks the authority's method (`ROUTES`): `hello`, `take`, `ready`, `choose`, `take_back`, `say`,
and the owner's orders (`owner`: `remove`, `let`, `clock`, `start`, `takeover`), which the room's owner
key opens, whoever sends them (the window that hosts sends its own, with its room's key, as a window
holding the key elsewhere does). A connection that closed is `leave`. What a transport knows of its
own (the door, the rates, the address) stays with it; what a message means is the room's to check.
A message refused raises ProtocolError (the transport closes that connection, or logs it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.net.protocol import ProtocolError, check
from game.net.seats import Client, Seat
from game.rules import levels


class Authority(Protocol):
    """What a router needs of its room's authority (game/net/host.py's `Host`, which makes its router:
    a protocol here, so that the router never imports the host that imports it)."""

    seats: list[Seat]

    async def hello(self, client: Client, message: dict[str, Any]) -> int | None: ...
    async def take(self, client: Client, seat: int | None, message: dict[str, Any]) -> int: ...
    async def ready(self, client: Client, seat: int | None) -> None: ...
    async def choose(self, client: Client, message: dict[str, Any]) -> bool: ...
    async def take_back(self, client: Client, message: dict[str, Any]) -> bool: ...
    async def phrase(self, client: Client | None, message: dict[str, Any]) -> None: ...
    async def leave(self, client: Client) -> None: ...
    def owner_says(self, key: str) -> bool: ...
    async def order(
        self, verb: str, index: float = 0, seats: Sequence[int] = (), level: levels.Policy | None = None
    ) -> str: ...


@dataclass(frozen=True)
class Routed:
    """What a message came to: the client's seat after it (None: none, or looking at the lobby);
    `answered`: a choice the room had asked for (a transport counts those apart from its rate);
    `said`: the sentence that answers an owner's order; `ordered`: the room obeyed it (its key was the room's);
    `wrong_key`: refused for its key (a transport may slow the address that tries keys)."""

    seat: int | None
    answered: bool = False
    said: str | None = None
    ordered: bool = False
    wrong_key: bool = False


Route = Callable[["Router", Client, "int | None", dict[str, Any]], Awaitable[Routed]]


class Router:
    """The one way into a room's authority (see the module)."""

    def __init__(self, host: Authority) -> None:
        self.host = host

    async def route(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        """A message of `client` (in `seat`, or None), parsed by its transport: to the room's method of its
        kind. ProtocolError when the room refuses it, or when no route takes its kind."""
        kind = message.get("type")
        handler = ROUTES.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ProtocolError(f"a message of unknown type {str(kind)[:20]!r}")
        return await handler(self, client, seat, message)

    async def leave(self, client: Client) -> None:
        """A client's connection closed."""
        await self.host.leave(client)

    # ---------------------------------------------------------------- each kind's route
    async def _hello(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        return Routed(await self.host.hello(client, message))

    async def _take(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        return Routed(await self.host.take(client, seat, message))

    async def _ready(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        await self.host.ready(client, seat)
        return Routed(seat)

    async def _choose(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        return Routed(seat, answered=await self.host.choose(client, message))

    async def _take_back(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        await self.host.take_back(client, message)
        return Routed(seat)

    async def _say(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        await self.host.phrase(client, message)
        return Routed(seat)

    async def _owner(self, client: Client, seat: int | None, message: dict[str, Any]) -> Routed:
        """An owner's order: obeyed with the room's owner key (one sentence that answers it), else refused
        (`wrong_key`: a transport may count it as a wrong code)."""
        host = self.host
        order = check(message, "owner")
        verb = order["order"]
        given = 0 if verb == "start" else order.get("seconds" if verb in ("clock", "takeover") else "seat")
        if given is None:
            named = "no seconds" if verb in ("clock", "takeover") else "no seat"
            return Routed(seat, said=f"a {verb} order names {named}")
        if verb in ("remove", "let") and not 0 <= given < len(host.seats):
            return Routed(seat, said=f"seat {given + 1} is not a seat of this room")
        if verb == "takeover" and "level" not in order:
            return Routed(seat, said="a takeover order names no level")
        if not host.owner_says(order["key"]):
            return Routed(seat, said="a wrong owner key: nothing was changed", wrong_key=True)
        said = await host.order(verb, given, seats=order.get("given", ()), level=order.get("level"))
        return Routed(seat, said=said, ordered=True)


ROUTES: dict[str, Route] = {
    "hello": Router._hello,
    "take": Router._take,
    "ready": Router._ready,
    "choose": Router._choose,
    "take_back": Router._take_back,
    "say": Router._say,
    "owner": Router._owner,
}
