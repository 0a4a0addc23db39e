"""`serve`'s terminal: the host's hand on his rooms while they run (docs/network.md).

Each line typed is one command, answered with one line:

- `seats` — every room's seats: who sits where, connected or not;
- `remove SEAT` — the friend in seat SEAT leaves (his connection closed, his key no longer opens
  the seat): in the lobby the seat is open again, in the race a computer racer of the takeover level
  plays it; with several rooms, `remove CODE SEAT`;
- `let SEAT` — the friend of seat SEAT may come back without his key (the next hello with his name);
- `clock SECONDS` — the turn clock of every room: each connected friend's seconds a decision (0: none);
- `start` — start every room's race now: computer racers play the seats nobody took;
- `help` — these words.

`remove`, `let`, `clock` and `start` are `Host.order`, which a client holding the room's owner key (printed
once here, by `serve`) may also give by message.

The lines come from a thread reading the terminal (`read_lines`); nothing is read when there is none.
"""

from __future__ import annotations

import asyncio
import json
import math
import sys
import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TextIO

from game.meta.words import said
from game.net.host import Host
from game.net.protocol import LONGEST_WAIT, OWNER_ORDERS, plain_code, shown_code
from game.rules.race import MAX_RACERS

HELP = (
    "commands: seats | remove SEAT | let SEAT (with several rooms: remove CODE SEAT, let CODE SEAT)"
    " | clock SECONDS | start | help"
)


def number(word: str) -> float | None:
    """The seconds a word gives a turn clock (0 to LONGEST_WAIT), or None."""
    try:
        seconds = float(word)
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and 0 <= seconds <= LONGEST_WAIT else None


def seat_number(word: str, seats: int) -> int | None:
    """The seat (from 0) a word names by its number as the terminal shows it (1 to `seats`: ASCII digits,
    never "²" nor a hundred digits), or None."""
    if not (word.isascii() and word.isdigit() and len(word) <= 3) or not 1 <= int(word) <= seats:
        return None
    return int(word) - 1


def seat_lines(hosts: Sequence[Host]) -> list[str]:
    """Each room's seats, a line each."""
    lines = []
    for host in hosts:
        for index, seat in enumerate(host.seats):
            if seat.kind == "bot":
                who = f"a computer racer ({seat.bot})"
            elif seat.removed:
                who = f"{seat.name}, removed"
            elif seat.name:
                who = f"{seat.name}, {'connected' if seat.client is not None else 'away'}"
            else:
                who = "open"
            room = f"room {shown_code(host.code)}, " if len(hosts) > 1 else ""
            lines.append(f"{room}seat {index + 1}: {who}")
    return lines


def greet(hosts: Sequence[Host]) -> None:
    """Say (on the terminal only: `say`, never the log) the commands and each room's owner key, once."""
    hosts[0].note(said("net.commands", commands=HELP[len("commands: ") :]))
    for host in hosts:
        if len(hosts) > 1:
            host.say(said("net.owner_key_room", code=shown_code(host.code), key=host.owner_key))
        else:
            host.say(said("net.owner_key", key=host.owner_key))


async def obey(hosts: Sequence[Host], line: str) -> str:
    """Do what one line says; the sentence that answers it."""
    words = line.split()
    if not words:
        return ""
    verb, rest = words[0].lower(), words[1:]
    if verb == "seats":
        return "\n".join(seat_lines(hosts))
    if verb == "start":
        answers = [await h.order("start") for h in hosts]
        return answers[0]
    if verb not in OWNER_ORDERS or not rest:
        return HELP
    if verb == "clock":
        seconds = number(rest[-1])
        if seconds is None:
            return f"{rest[-1][:20]!r} is not a turn clock: give its seconds, from 0 (none) to {LONGEST_WAIT:g}"
        answers = [await h.order("clock", seconds) for h in hosts]
        return answers[0]
    host = hosts[0]
    if len(hosts) > 1:
        found = [h for h in hosts if h.code == plain_code(rest[0])]
        if len(rest) < 2 or not found:
            return f"name the room first: {verb} CODE SEAT ({', '.join(shown_code(h.code) for h in hosts)})"
        host, rest = found[0], rest[1:]
    seat = seat_number(rest[0], len(host.seats))
    if seat is None:
        return f"{rest[0][:20]!r} is not a seat: give a number from 1 to {len(host.seats)}"
    return await host.order(verb, seat)


def read_lines(stream: TextIO, heard: Callable[[str], None]) -> threading.Thread:
    """A thread that hands each line of `stream` to `heard` (on the thread: `heard` passes it on), until
    its end (or a stream that cannot be read)."""

    def run() -> None:
        try:
            for line in stream:
                heard(line)
        except (OSError, ValueError):  # (no terminal, or one closed)
            pass

    thread = threading.Thread(target=run, name="serve-console", daemon=True)
    thread.start()
    return thread


async def console(hosts: Sequence[Host], say: Callable[[str], None], stream: TextIO | None = None) -> None:
    """Obey the terminal's lines until cancelled (when the rooms are over)."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue(maxsize=64)

    def keep(line: str) -> None:
        if not lines.full():  # (a flood of lines: the newest are let go)
            lines.put_nowait(line[:200])

    def heard(line: str) -> None:
        loop.call_soon_threadsafe(keep, line)

    read_lines(stream if stream is not None else sys.stdin, heard)
    while True:
        answer = await obey(hosts, await lines.get())
        for part in answer.splitlines():
            say(part)


ORDERS = "orders: remove SEAT | let SEAT (a seat's number, as serve's seats says) | clock SECONDS (0: none) | start"


async def give_orders(
    send: Callable[[str], Awaitable[None]], key: str, say: Callable[[str], None], stream: TextIO | None = None
) -> None:
    """`join --owner KEY`: each line of the terminal (`remove SEAT`, `let SEAT`) sent to the host as an owner
    order with `key`, until cancelled (the host answers each: `answer`); another line is told `ORDERS`."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue(maxsize=64)

    def keep(line: str) -> None:
        if not lines.full():
            lines.put_nowait(line[:200])

    def heard(line: str) -> None:
        loop.call_soon_threadsafe(keep, line)

    read_lines(stream if stream is not None else sys.stdin, heard)
    while True:
        words = (await lines.get()).split()
        verb = words[0].lower() if len(words) == 2 or words == ["start"] else ""
        message: dict[str, Any] = {"type": "owner", "key": key, "order": verb}
        if verb == "start":
            await send(json.dumps(message))
            continue
        if verb == "clock" and number(words[1]) is not None:
            message["seconds"] = number(words[1])
        elif verb in OWNER_ORDERS and seat_number(words[1], MAX_RACERS) is not None:
            message["seat"] = seat_number(words[1], MAX_RACERS)
        if len(message) == 4:
            await send(json.dumps(message))
            continue
        if words:
            say(ORDERS)
