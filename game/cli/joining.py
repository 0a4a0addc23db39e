"""What a terminal's `join` says (game/cli/network.py's hosted races, game/cli/days.py's races over days):
the progress of a race, why a join could not go on (one sentence, what to check), the final standings."""

from __future__ import annotations

import asyncio
import errno
import json
import socket
from collections.abc import Callable
from typing import Any

from game.meta.words import board_name, said
from game.net.client import Follower, HostFault
from game.net.protocol import standings_json
from game.net.tls import untrusted
from game.rules.race import Race


def print_standings(race: Race, as_json: bool) -> None:
    """The final standings, and with --json the same as one JSON line."""
    for place, index, points in race.standings():
        print(f"  {place}. {race.racers[index].name:16} {points:4d} points")
    if as_json:
        print(json.dumps(standings_json(race)))


class Progress:
    """What a terminal's `join` says while it races (unless --json or --quiet): connected and waiting
    for the host, the race started, each game turn, the end."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.seat: int | None = None
        self.started = False
        self.turn = 0  # the game turn the race is at (0: not started)
        self.turns = 0

    def __call__(self, message: dict[str, Any], follower: Follower) -> None:
        kind, race = message["type"], follower.race
        if kind == "welcome" and follower.seat is not None and follower.seat != self.seat:
            self.seat = follower.seat
            self.say(said("join.seated", seat=self.seat + 1))
        elif kind == "start" and race is not None and not self.started:
            self.started, self.turns = True, race.turns
            self.say(said("join.racing", board=board_name(race.board.name), racers=len(race.racers), turns=race.turns))
        elif kind == "over":
            self.say(said("join.over"))
            return
        if race is not None and race.turn > self.turn and not race.over:
            self.turn = race.turn
            self.say(said("join.turn", turn=self.turn, turns=race.turns))


REFUSALS = {  # the host's reasons for closing a connection, and what to check then
    "a wrong room code": "check the room code the host gave you",
    "needs its seat key": "join again with --key and the key this seat was given",
    "is already in a seat": "that name is in the race already: join with another --name (or your seat's --key)",
    "too many connections from your address": "wait a minute, then join again",
    "as many connections as it takes": "the host takes no more connections: try again later",
    "no open seat": "every seat is taken: ask the host to open one",
    "the race has started": "the race started without you: ask the host for the next one",
    "is not open": "that seat is no longer open: join again to take another",
}


#: What a `join` says when the host said goodbye with these reasons (its `bye`), instead of "is gone".
BYES = {
    "removed": "removed this client from its seat: a computer racer plays it from now on (ask the host to let "
    "you back in, then join again with the same name)",
    "elsewhere": "gave this seat to another connection with its seat key (the seat was taken back elsewhere)",
    "unready": "gave this seat back: this client did not say it was ready in time; join again to take a seat",
    "started": "started the race without a seat for this client",
}


def why_not(error: BaseException, target: str, progress: Progress) -> str:
    """The one sentence for a join that could not go on, saying what to check."""
    host, _, port = target.rpartition(":")
    closed = getattr(error, "rcvd", None)  # a WebSocket closed by the host: its code and reason
    reason = str(getattr(closed, "reason", "") or "")
    bye = "removed" if "removed you" in reason else getattr(error, "bye", "")  # the host said why it closed
    if bye in BYES:
        return f"the host at {target} {BYES[bye]}"
    if reason:
        for words, check in REFUSALS.items():
            if words in reason:
                return f"the host at {target} refused this client ({reason}): {check}"
        if "over" not in reason and "closed" not in reason and "left" not in reason:
            return f"the host at {target} refused this client: {reason}"
    if isinstance(error, HostFault):
        return (
            f"the host at {target} {error}, so this client left it: check the address and the port the host gave "
            "you, and that his game still runs, then join again"
        )
    if isinstance(error, ConnectionRefusedError):
        return (
            f"nobody is hosting a race at {target} (the connection was refused): check the address and the port "
            "the host gave you, and that his race is open"
        )
    if isinstance(error, socket.gaierror):
        return (
            f"there is no computer called {host} on the network: check the address "
            "(a name, or numbers such as 192.168.1.20)"
        )
    if isinstance(error, (TimeoutError, asyncio.TimeoutError)) or getattr(error, "errno", None) in UNREACHABLE:
        return (
            f"no computer answers at {target}: check the address, and that the host's firewall or home router "
            f"lets port {port} through"
        )
    if type(error).__name__.startswith("Invalid"):  # (websockets: what answered speaks no WebSocket)
        return f"what answers at {target} is not a Fantasy Racing host: check the port the host gave you"
    where = (
        f" at turn {progress.turn} of {progress.turns}"
        if progress.turn
        else (" before the start" if progress.seat is not None else "")
    )
    return (
        f"the host at {target} is gone (the connection closed{where}): check that his game is still open, "
        "then join again with the same name to take your seat back"
    )


def untrusted_at(error: BaseException, target: str) -> str | None:
    """The sentence for a wss:// host or relay whose certificate is not trusted (or whose TLS fails)."""
    cause: BaseException | None = error
    while cause is not None:
        words = untrusted(cause)
        if words:
            return f"{target} cannot be trusted: {words}"
        cause = cause.__cause__ or cause.__context__
    return None


UNREACHABLE = {errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EHOSTDOWN, errno.ETIMEDOUT, errno.EADDRNOTAVAIL}
