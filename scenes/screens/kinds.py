"""The vocabularies the screens compare, each as its type (a misspelt word is a type error under mypy's
strict_equality: tests/test_strict_types.py): a seat's kind in a network lobby, a racer's kind in the
setup, where a race was played from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict

from game.rules import levels

# What a seat of the setup is: a person here, a computer racer of a level (game.bots.ai), or a seat open
# for a friend over the network (the race is then hosted: scenes/screens/host_lobby.py); compared as its
# type, a misspelt kind is a type error (tests/test_strict_types.py).
SetupKind = Literal["person", "friend"] | levels.Policy
KINDS: tuple[SetupKind, ...] = ("person", *levels.LEVELS, "friend")


class SetupRacer(TypedDict):
    """A racer as the setup holds him: what his seat is, his name (a person's), his character."""

    kind: SetupKind
    name: str
    character: str


# Where a race was played from, as a game's summary and a race's setup say ("network"): hosted here, kept
# from a friend's (his host gone), or "" at one screen.
Network = Literal["host", "friend", ""]


def seat_kind(seat: Mapping[str, object]) -> levels.SeatKind | None:
    """A seat's kind as the host's lobby message writes it ("here", "friend", "bot"), or None when it names
    none of them: compared as its type (`levels.SeatKind`), a misspelt kind is a type error."""
    kind = seat.get("kind")
    return next((known for known in levels.SEAT_KINDS if known == kind), None)


def open_seat(seat: Mapping[str, object]) -> bool:
    """Whether a seat waits for a friend: a friend's seat nobody has taken."""
    return seat_kind(seat) == "friend" and not seat.get("name")
