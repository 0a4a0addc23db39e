"""The seats of a hosted race: who sits where, the seat keys, and what a host's save keeps of them.

A seat is a friend's over the network, a person's at the host's screen ("here"), or a computer
racer's. A friend who takes a seat is given its **key** (a secret of 192 bits, in his `welcome`): after
a dropped connection only that key takes the seat back (his window keeps it in its settings, a
terminal's `join` too), whatever name a stranger gives. The host may let a friend back in without it
(`released`: he lost it) and may remove a friend from his seat (`removed`: a computer racer plays it).

`Seat.saved` and `Seat.from_saved` are what a host's save keeps of a seat, its key included, so that a
race saved in progress is hosted again with its friends' seats waiting for their keys
(`game.net.host.Host.reopen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.rules import levels
from game.rules.characters import CHARACTERS
from game.rules.race import MAX_RACERS, MIN_RACERS


class Client(Protocol):
    """A connection the host talks to: a friend's WebSocket, or the window host's own screen (`local.Screen`)."""

    async def send(self, text: str, /) -> None:
        """Send one message's text."""

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection, saying why."""


@dataclass
class Seat:
    """A racer's seat: a friend over the network, a person at the host's screen, or a computer."""

    kind: levels.SeatKind
    bot: levels.Policy = "normal"  # the level of a computer racer
    name: str = ""  # the friend's (or the person's) name; "" while a friend's seat is open
    character: str = ""  # "" until chosen (one drawn from the seed at the start)
    client: Client | None = None  # the connection of the friend in this seat
    left_at: float | None = None  # when his connection dropped (the host's clock)
    left_index: int = -1  # the choice pending when it dropped: a friend who comes and goes keeps his clock
    token: str = ""  # the seat's key, given to its friend in his welcome ("" while nobody has it)
    released: bool = False  # the host let its friend back in without his key (his next hello by name)
    removed: bool = False  # the host removed its friend: a computer racer plays it (until let back in)
    missed: int = 0  # decisions in a row his turn clock ran out on (he answered none of them)
    ready: bool = False  # his game said it is ready to race (a lobby seat not ready is given back)
    seated_at: float = 0.0  # when he took the seat (the host's clock)

    @property
    def open(self) -> bool:
        """A friend's seat nobody has taken."""
        return self.kind == "friend" and not self.name

    def to_dict(self) -> dict[str, Any]:
        """The seat as the lobby shows it (never the connection, never the key)."""
        return {
            "kind": self.kind,
            "name": self.name,
            "character": self.character,
            "level": self.bot if self.kind == "bot" else None,
            "connected": self.kind == "friend" and self.client is not None,
        }

    def saved(self) -> dict[str, Any]:
        """What a host's save keeps of the seat (its key included: the reopened room honours it)."""
        return {
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "character": self.character,
            "token": self.token,
            "removed": self.removed,
        }

    @classmethod
    def from_saved(cls, data: dict[str, Any]) -> Seat:
        """A seat of `saved` (ValueError in one sentence for one that is not)."""
        kind, bot = data.get("kind"), data.get("bot", "normal")
        texts = [data.get(key, "") for key in ("name", "character", "token")]
        if kind not in levels.SEAT_KINDS or bot not in levels.LEVELS or not all(type(t) is str for t in texts):
            raise ValueError("a saved seat is not a kind, a level, a name, a character and a key")
        name, character, token = texts
        if (character and character not in CHARACTERS) or len(name) > 40 or len(token) > 64:
            raise ValueError("a saved seat's character, name or key is not one")
        return cls(kind, bot, name, character, token=token, removed=data.get("removed") is True)


def start_seats(spec: Sequence[str]) -> list[Seat]:
    """Seats from `person,person,bot:hard,bot:expert:elf,...` (person: a friend; a computer racer's level,
    and his character if given; ValueError with one sentence)."""
    seats = []
    for item in spec:
        item = item.strip()
        level, _, character = item[4:].partition(":")
        if item in ("person", "friend"):
            seats.append(Seat("friend"))
        elif item.startswith("bot:") and level in levels.LEVELS and (not character or character in CHARACTERS):
            seats.append(Seat("bot", bot=level, character=character))
        else:
            raise ValueError(
                f"--seats: {item!r} is not person or bot:LEVEL[:CHARACTER] "
                f"(levels {', '.join(levels.LEVELS)}; characters {', '.join(CHARACTERS)})"
            )
    if not MIN_RACERS <= len(seats) <= MAX_RACERS:
        raise ValueError(f"--seats: a race has {MIN_RACERS} to {MAX_RACERS} seats, not {len(seats)}")
    return seats


def serve_name(character: str, index: int) -> str:
    """A racer's name when his seat has none (`serve`'s computer racers): elf-1, dwarf-2..."""
    return f"{character}-{index + 1}"
