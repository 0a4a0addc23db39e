"""The room of a race hosted from the window, in a process of its own (issue 46, *Rooms as a service*).

The window that hosts a race does not hold the room: it starts this process (`main.py room`, a
command of the game's own, not listed) and follows the room as any friend's window does, its race
rebuilt from the room's messages, one race (scenes/bridges/network.py `Hosting`). Here run the room's
authority (`game.net.host.Host`, the same as `serve`'s), its WebSocket server for friends, its link to a
relay, its computer racers; the window is a client of the room over this process's standard streams
(`game.net.local.Screen`, the in-process transport, is the room's end of them): its people's choices,
take-backs and quick messages, and its owner's orders with the room's owner key, go to the room's
router (game/net/router.py) as a friend's messages do.

What goes over the streams, one JSON line each:

- to the room (standard input): first the room's `Terms` (`Terms.to_json`: the board, seats, code, seed,
  clocks, a race saved in progress; with the address, port and pacing), never on the command line (the
  seed is the room's secret); then `["send", message]` (a message of the window's, to the router),
  `["ready", index]` (the window has shown the race up to choice `index`: the room's computer racers
  play then), `["relay", {"secure", "host", "port"}]` (register the room on a relay too),
  `["saved", n]` (what a save keeps of the seats, asked), `["close", reason]` (the window goes: tell
  everyone, stop). The end of the stream closes the room too (the window ended, however it ended).
- from the room (standard output): `[kind, data]` with the kinds of the window's `HostingNews`
  (`listening`, `failed`, `note`, `seats`, `message`, `invite`, `relay_failed`) and `["saved", {"n",
  "seats"}]`.

Nothing here imports pygame: the process starts in the time the game's network modules load.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, BinaryIO, TextIO

from game.boards.board import Board
from game.net.client import sentence
from game.net.host import Host
from game.net.invite import Relay
from game.net.local import Screen
from game.net.protocol import TURN_CLOCK
from game.net.relayed import RelayLink
from game.net.seats import Seat, serve_name
from game.net.server import Server
from game.net.tasks import spawn
from game.net.tls import client_context, untrusted
from game.rules import levels, seeds

log = logging.getLogger("fantasy-racing.network")
STREAM_END = 5.0  # seconds the room waits for its window to close its stream once closed
MAX_LINE = 8 * 1024 * 1024  # bytes of one line from the window, at most (a saved race's record is well under)


@dataclass
class Terms:
    """What the window's room is made of: `Host`'s (or `Host.reopen`'s, with `record`) arguments, and
    `names`, the window's names of the characters (a racer whose seat has none is named so)."""

    board: Board
    turns: int
    seats: list[Seat]
    code: str
    seed: int
    takeover: float = 60.0
    takeover_level: levels.Policy = "normal"
    clock: float = TURN_CLOCK
    names: dict[str, str] = field(default_factory=dict)
    record: dict[str, Any] | None = None  # a race its host saved in progress, hosted again

    @property
    def owner_key(self) -> str:
        """The room's owner key (the window gives its orders with it, as any owner does)."""
        return seeds.owner_key(self.seed, self.code)

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board.to_dict() if self.record is None else None,
            "turns": self.turns,
            "seats": [seat.saved() for seat in self.seats],
            "code": self.code,
            "seed": self.seed,
            "takeover": self.takeover,
            "takeover_level": self.takeover_level,
            "clock": self.clock,
            "names": self.names,
            "record": self.record,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Terms:
        """The terms the window wrote (ValueError, KeyError or TypeError for what it never writes)."""
        record = data["record"]
        board = Board.from_dict(data["board"] if record is None else record["board"])
        return cls(
            board,
            int(data["turns"]),
            [Seat.from_saved(seat) for seat in data["seats"]],
            str(data["code"]),
            int(data["seed"]),
            float(data["takeover"]),
            levels.policy(str(data["takeover_level"])) or "normal",
            float(data["clock"]),
            {str(k): str(v) for k, v in data["names"].items()},
            record,
        )

    def host(self) -> Host:
        """The room's authority (a race saved in progress goes on from its last choice)."""
        names = self.names
        terms: dict[str, Any] = {
            "takeover": self.takeover,
            "takeover_level": self.takeover_level,
            "clock": self.clock,
            "name_of": lambda character, index: names.get(character) or serve_name(character, index),
        }
        if self.record is not None:
            return Host.reopen(self.record, self.seats, self.code, **terms)
        return Host(self.board, self.turns, self.seats, self.code, self.seed, auto_start=False, **terms)


class WindowRoom:
    """The room's side of the streams (see the module): `out(kind, data)` writes one line to the window."""

    def __init__(self, terms: Terms, out: Callable[[str, Any], None], paced: bool = True) -> None:
        self.out = out
        self.host = host = terms.host()
        host.auto_start = False  # the window's race starts when its owner says so
        host.say = lambda line: out("note", {"line": line})
        host.watch = lambda seats: out("seats", seats)
        if paced:
            host.pace = self._pace
        self.screen = Screen(host, lambda text: out("message", text))
        self.server = Server([host])
        self.shown = -1  # the last choice the window has shown (its computer racers wait for it)
        self.seen = asyncio.Event()
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()  # the window's messages, routed in order
        self.tasks: list[asyncio.Task[Any]] = []

    async def run(self, address: str, port: int, lines: asyncio.Queue[bytes | None]) -> None:
        """Listen, run the room, and obey the window's lines until it closes the room (or its stream ends)."""
        try:
            port = await self.server.listen(address, port)
        except OSError as error:
            self.out("failed", {"error": error.strerror or str(error), "port": port})
            return
        self.out("listening", {"port": port})
        self._keep(self._race())
        self._keep(self._route())
        reason = "quit"
        while True:
            line = await lines.get()
            if line is None:  # the window ended
                break
            verb, data = json.loads(line)
            if verb == "close":
                reason = str(data)
                break
            self._obey(verb, data)
        await self._shut(reason)

    def _obey(self, verb: str, data: Any) -> None:
        if verb == "send":
            self.inbox.put_nowait(data)
        elif verb == "ready":
            if int(data) > self.shown:
                self.shown = int(data)
                self.seen.set()
        elif verb == "relay":
            self._keep(self._relay(Relay(bool(data["secure"]), str(data["host"]), int(data["port"]))))
        elif verb == "saved":
            self.out("saved", {"n": data, "seats": [seat.saved() for seat in self.host.seats]})
        else:
            log.warning("the window's room does not know %r", verb)

    def _keep(self, coroutine: Any) -> None:
        task = spawn(coroutine)
        if task is not None:
            self.tasks.append(task)

    async def _race(self) -> None:
        try:
            await self.host.run(timeout=None)
        except Exception:  # a bug: logged, the room stays (its race waits)
            log.exception("the hosted race stopped")

    async def _route(self) -> None:
        """The window's messages, to the room's router one after the other (as they were sent)."""
        while True:
            message = await self.inbox.get()
            try:
                await self.screen.receive(message)
            except Exception:  # a bug: logged, the next message goes on
                log.exception("the room could not take a message of its window")

    async def _pace(self, index: int) -> None:
        while self.shown < index and not self.host.closed:
            self.seen.clear()
            await self.seen.wait()

    async def _relay(self, relay: Relay) -> None:
        """The room on `relay` too: ("invite", {"text"}) once it is open, else ("relay_failed", {"error"})."""
        host = self.host
        secret = seeds.owner_secret(host.seed, host.code)
        context = client_context() if relay.secure else None
        link = RelayLink(host, relay, secret, context, say=lambda line: self.out("note", {"line": line}))
        running = asyncio.ensure_future(link.run())
        opened = asyncio.ensure_future(link.ready.wait())
        await asyncio.wait({running, opened}, return_when=asyncio.FIRST_COMPLETED)
        if opened.done():
            self.out("invite", {"text": link.invite.text})
        else:
            opened.cancel()
        try:
            await running
        except asyncio.CancelledError:
            raise
        except Exception as error:  # unreachable, refused, untrusted: one sentence on the lobby
            self.out("relay_failed", {"error": untrusted(error) or sentence(error)})

    async def _shut(self, reason: str) -> None:
        """Tell everyone the host goes (unless the race is over), stop listening, end the room's tasks."""
        host = self.host
        try:
            if not host.over:
                await asyncio.wait_for(host.close(reason), 3.0)
        except Exception:  # a slow or broken connection: the room stops anyway
            pass
        host.closed = True
        self.seen.set()
        await self.server.stop()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def read_lines(stream: BinaryIO, loop: asyncio.AbstractEventLoop, lines: asyncio.Queue[bytes | None]) -> None:
    """The window's lines, from a thread of their own (a pipe is read so everywhere), onto the loop; None
    at the end of the stream (or a line longer than MAX_LINE: the window never writes one)."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line or len(line) > MAX_LINE or not line.endswith(b"\n"):
            loop.call_soon_threadsafe(lines.put_nowait, None)
            return
        loop.call_soon_threadsafe(lines.put_nowait, line)


def writer(stream: TextIO) -> Callable[[str, Any], None]:
    """`out(kind, data)`: one line to the window (written whole, at once)."""
    lock = threading.Lock()

    def out(kind: str, data: Any) -> None:
        text = json.dumps([kind, data], separators=(",", ":")) + "\n"
        with lock:
            try:
                stream.write(text)
                stream.flush()
            except (OSError, ValueError):  # the window is gone: the end of its stream closes the room
                pass

    return out


async def serve_window(stdin: BinaryIO, out: Callable[[str, Any], None]) -> int:
    """The window's room, from its first line to its close; the exit code (1: terms it cannot read)."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[bytes | None] = asyncio.Queue()
    reader = threading.Thread(target=read_lines, args=(stdin, loop, lines), name="window-lines", daemon=True)
    reader.start()
    first = await lines.get()
    try:
        given = json.loads(first or b"null")
        terms = Terms.from_json(given["terms"])
        room = WindowRoom(terms, out, paced=bool(given.get("paced", True)))
    except (KeyError, TypeError, ValueError) as error:
        out("failed", {"error": f"the window's room cannot start: {sentence(error)}", "port": 0})
        return 1
    await room.run(str(given.get("address", "")), int(given.get("port", 0)), lines)
    # the window closes its end after its last line: the reader ends with it (a reader still in a read
    # when the interpreter ends would abort it)
    ending = time.monotonic() + STREAM_END
    while reader.is_alive() and time.monotonic() < ending:
        try:
            await asyncio.wait_for(lines.get(), max(0.0, ending - time.monotonic()))
        except TimeoutError:
            break
    return 0


def run_room() -> int:
    """`main.py room`: the window's room (see the module), on this process's standard streams."""
    out = writer(sys.stdout)
    code = asyncio.run(serve_window(sys.stdin.buffer, out))
    if any(thread.name == "window-lines" and thread.is_alive() for thread in threading.enumerate()):
        sys.stdout.flush()
        os._exit(code)  # (the window kept its end open: nothing is left to read, nor to end in order)
    return code
