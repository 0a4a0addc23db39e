"""What a room costs on a relay (game/net/relay.py): who may open one, and how long it is kept.

- A room is kept for its host after he left (`--keep`, KEPT seconds) only once it is worth it: it has
  had a friend, or it lasted SETTLED seconds; a room registered and left at once is forgotten at once
  (a stranger cannot fill the relay with empty rooms and go).
- One address holds at most ROOMS_PER_ADDRESS rooms, one network (an IPv4 /24, an IPv6 /56)
  ROOMS_PER_NETWORK; of the rooms a network keeps without their host, at most HOSTLESS_PER_NETWORK,
  the oldest given up for the newest.
- A relay holding as many rooms as it takes gives up its oldest room without a host before it refuses
  a host: an honest host is refused only when every room has its host.

The clock is the caller's (`now`), so a test may be its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KEPT = 3600.0  # seconds a room without its host is kept for him to come back (a save resumed)
SETTLED = 180.0  # seconds a room lasts before it is kept without having had a friend
ROOMS_PER_ADDRESS = 8  # rooms one address may hold (a serve of several rooms, a household)
ROOMS_PER_NETWORK = 32  # rooms one /24 or /56 may hold, with their hosts or without
HOSTLESS_PER_NETWORK = 8  # rooms without their host one /24 or /56 may have kept


@dataclass
class Room:
    """A room on the relay: its code, who owns it, its host's connection (None while he is away)."""

    code: str
    owner: bytes
    address: str
    network: str = ""
    opened: float = 0.0  # when it was registered first
    host: Any = None
    links: dict[int, Any] = field(default_factory=dict)  # link -> the relay's Friend
    next_link: int = 1
    away_since: float = 0.0
    had_friend: bool = False  # a friend's link was opened once: it is a real room


def worth_keeping(room: Room, now: float) -> bool:
    """Whether a room whose host left is kept for him: it had a friend, or it lasted SETTLED seconds."""
    return room.had_friend or now - room.opened >= SETTLED


def host_left(rooms: dict[str, Room], room: Room, now: float) -> None:
    """The host's connection ended: his room kept if worth it (see the module), else forgotten; the
    oldest rooms without their host of a network with too many given up."""
    room.host, room.away_since = None, now
    if not worth_keeping(room, now):
        rooms.pop(room.code, None)
        return
    away = [r for r in rooms.values() if r.host is None and r.network == room.network]
    away.sort(key=lambda r: r.away_since)
    for old in away[: max(0, len(away) - HOSTLESS_PER_NETWORK)]:
        rooms.pop(old.code, None)


def room_for(rooms: dict[str, Room], most: int, address: str, network: str) -> str:
    """Whether a new room may be opened from `address` in `network`: "" when it may (after giving up the
    oldest room without its host, if the relay is full), else the sentence that refuses it."""
    if sum(r.address == address for r in rooms.values()) >= ROOMS_PER_ADDRESS:
        return f"an address holds {ROOMS_PER_ADDRESS} rooms at most"
    if network and sum(r.network == network for r in rooms.values()) >= ROOMS_PER_NETWORK:
        return f"a network holds {ROOMS_PER_NETWORK} rooms at most"
    if len(rooms) >= most:
        away = [r for r in rooms.values() if r.host is None]
        if not away:
            return "the relay holds as many rooms as it takes: try later"
        rooms.pop(min(away, key=lambda r: r.away_since).code)
    return ""


def reap(rooms: dict[str, Room], kept: float, now: float) -> None:
    """Forget the rooms whose host has been away more than `kept` seconds."""
    for code, room in list(rooms.items()):
        if room.host is None and not room.links and now - room.away_since > kept:
            del rooms[code]
