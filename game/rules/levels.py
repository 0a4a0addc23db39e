"""The computer levels, in one table: their names, who may pick them, which search and which fork;
and who may sit in a racer's seat.

A racer's `bot` in a race's setup (and its record) names one of these policies, or is None for a
person. The levels a person picks (the setup screen, a host's seats and takeover, `--bots`) are the
four of docs/bots.md, weakest first; `random` and `greedy` are the test and tournament policies.
How each one plays is `game.bots.ai`; where it thinks is `game.bots.thinking` (the searching ones, in
worker processes); a race keeps a snapshot at each racer's turn when one of its racers forks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Policy = Literal["random", "easy", "normal", "hard", "expert", "greedy"]


@dataclass(frozen=True)
class Level:
    """One computer level (or policy) and what it needs of the race and of the machine."""

    name: Policy
    offered: bool  # a person may pick it: the setup screen, a host's seats, --bots
    searches: bool  # it searches for tens of milliseconds: it thinks in the worker processes
    forks: bool  # it looks ahead on forks of the race (`Race.fork`)


LEVEL_TABLE = (
    Level("random", offered=False, searches=False, forks=False),  # any offered option: tests, fuzzing
    Level("easy", offered=True, searches=False, forks=False),
    Level("normal", offered=True, searches=False, forks=False),
    Level("hard", offered=True, searches=False, forks=False),  # the normal rules of thumb, further ahead
    Level("expert", offered=True, searches=True, forks=True),  # determinized Monte-Carlo search
    Level("greedy", offered=False, searches=False, forks=False),  # the normal level's older name
)
LEVEL = {level.name: level for level in LEVEL_TABLE}
POLICIES: tuple[Policy, ...] = tuple(level.name for level in LEVEL_TABLE)  # every policy a record may name
LEVELS: tuple[Policy, ...] = tuple(level.name for level in LEVEL_TABLE if level.offered)  # weakest first
SEARCHING = frozenset(level.name for level in LEVEL_TABLE if level.searches)
FORKING = frozenset(level.name for level in LEVEL_TABLE if level.forks)


def policy(name: str | None) -> Policy | None:
    """A racer's `bot` read as one of the policies (None: a person); ValueError for a name that is none."""
    if name is None:
        return None
    for level in LEVEL_TABLE:
        if level.name == name:
            return level.name
    raise ValueError(f"unknown bot policy {name!r}: choose among {', '.join(POLICIES)}")


# Who sits in a racer's seat (a race's setup, a host's seats, the network's messages): a person at
# this screen (at the host's, in a network race), a friend over the network, or a computer racer.
SeatKind = Literal["here", "friend", "bot"]
SEAT_KINDS: tuple[SeatKind, ...] = ("here", "friend", "bot")
# What a setup screen offers for a seat, and its settings remember: a person here, a computer racer
# of one of the levels, or a seat open for a friend (the race is then hosted).
SETUP_KINDS = ("person", *LEVELS, "friend")
