"""The local transport: the window host's own screen as a client of its host (boardgame.io's Local).

The window's host runs the same `Host` as `serve`, in the room's process (game/net/window_room.py); the
window's screen follows the race as a friend's window does (the start, every step, the asks for its
people's racers, who left and came back) and its people answer through it. This is the room's end of
it: `Screen.send` hands each of the host's messages, as text, to `deliver` (a line on the room's standard
output, which the window's bridge puts on a thread-safe queue for the frame loop); `Screen.receive`
takes each message of the screen to its room's router (game/net/router.py) as any transport does: its people's choices,
take-backs and quick messages, and its owner's orders with the room's owner key, which the host checks
as it checks a friend's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.net.host import Host
from game.net.protocol import ProtocolError

log = logging.getLogger("fantasy-racing.network")


class Screen:
    """The host's own screen, a client of `host` in the same process (see the module)."""

    def __init__(self, host: Host, deliver: Callable[[str], None]) -> None:
        self.host = host
        self.deliver = deliver
        host.screen = self

    async def send(self, text: str) -> None:
        self.deliver(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """The host never closes its own screen."""

    async def receive(self, message: dict[str, Any]) -> None:
        """A message of the host's screen, through the room's router (refused ones are logged: the screen
        sends only what it was asked or what its owner ordered, so one would be a bug, never a reason to
        stop the race; an owner's order is answered in the log)."""
        try:
            routed = await self.host.router.route(self, None, message)
        except ProtocolError as error:
            log.warning("the host refused a %s message of its own screen: %s", message.get("type"), error)
            return
        if routed.said is not None:
            log.info("the host's own order: %s", routed.said)

    async def choose(self, message: dict[str, Any]) -> None:
        """A choice made at the host's screen, to the host (`receive`)."""
        await self.receive(message)

    async def take_back(self, message: dict[str, Any]) -> None:
        """A take-back asked at the host's screen, to the host (which answers it as a friend's)."""
        await self.receive(message)
