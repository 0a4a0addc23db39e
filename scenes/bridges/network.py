"""The network beside the frame loop: the window's two sides of a network race.

- `Background`: an asyncio event loop on a daemon thread.
- `Hosting`: the window's host. THE host of the race (`game.net.host.Host`, the same as `main.py
  serve`) runs behind its WebSocket server in a process of its own, the room's (game/net/window_room.py);
  the window follows it as a friend's window does, from its messages, and holds one race, the one it
  rebuilds from them. Its people's choices and its owner's orders go to the room's router as messages
  (game/net/router.py) over the room process's standard streams, which the host checks as it checks a
  friend's (the orders with the room's owner key).
- `Connection`: the window's client, one WebSocket connection to a host, on a `Background` loop.

Both are transports of the window's one link (scenes/bridges/link.py), which the scenes hold: it
calls their methods from the frame loop (each only posts work to the loop or the room, or reads what
they left) and reads what happened from their thread-safe queue (`get`, a few messages a frame), so that
no frame ever waits for the network; no scene reads these queues itself.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import queue
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from game.net.door import KEY_HEADER
from game.net.invite import Relay
from game.net.protocol import MAX_FROM_HOST, MAX_WAITING, PORT
from game.net.window_room import Terms
from game.rules import levels

log = logging.getLogger("fantasy-racing")
T = TypeVar("T")


# What each bridge hands the frame loop, as (kind, data) (their classes' docstrings say the data).
HostingNews = Literal["listening", "failed", "note", "seats", "message", "invite", "relay_failed"]
ConnectionNews = Literal["connected", "message", "closed", "unreachable", "broken"]


class Background:
    """An asyncio event loop on a daemon thread, beside the pygame loop."""

    running: set[Background] = set()  # every loop not yet ended (the window waits for them when it closes)

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        Background.running.add(self)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            for _ in range(3):  # (a task started while the others were ending is ended too: none left pending)
                tasks = asyncio.all_tasks(self.loop)
                for task in tasks:
                    task.cancel()
                self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.close()
            Background.running.discard(self)

    def run(self, coroutine: Any) -> concurrent.futures.Future[Any] | None:
        """Run a coroutine on the loop (from any thread); its future (None once the loop has ended)."""
        try:
            return asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        except RuntimeError:  # the loop is closed
            coroutine.close()
            return None

    def call(self, function: Callable[[], None]) -> None:
        """Call a function on the loop (from any thread)."""
        try:
            self.loop.call_soon_threadsafe(function)
        except RuntimeError:
            pass

    def end(self, last: Any = None, seconds: float = 3.0) -> None:
        """Run `last` (a coroutine, at most `seconds`), then stop the loop; returns at once."""

        async def ending() -> None:
            try:
                if last is not None:
                    await asyncio.wait_for(last, seconds)
            except Exception:  # a slow or broken connection: the loop stops anyway
                pass
            finally:
                asyncio.get_running_loop().stop()

        if self.run(ending()) is None and last is not None:
            last.close()

    def join(self, seconds: float) -> bool:
        """Wait (at most `seconds`) for the thread to end; whether it did."""
        self.thread.join(seconds)
        return not self.thread.is_alive()


def wait_closed(seconds: float = 2.0) -> None:
    """Wait (at most `seconds` in all) for the window's network loops and its rooms' processes to end
    (the window is closing). A room still telling its friends goodbye then ends by itself (its window's
    stream is closed: game/net/window_room.py), the window does not wait for it."""
    deadline = time.monotonic() + seconds
    for background in list(Background.running):
        background.join(max(0.0, deadline - time.monotonic()))
    for hosting in list(Hosting.running):
        hosting.join(max(0.0, deadline - time.monotonic()))


class Hosting:
    """The window's host (see the module): the room of the race (game/net/window_room.py: `Host`, or
    `Host.reopen` for a race its host saved in progress, given as `Terms`) in a process of its own, this
    screen its client over that process's standard streams.

    `get()` gives, in order: ("listening", {"port"}) or ("failed", {"error", "port"}); ("note",
    {"line"}) for each line the host logs; ("seats", [...]) whenever the seats change (`Host.seat_states`:
    who is connected, away, removed, let back in); ("message", text) for each of the host's messages to
    this screen (the lobby's news, the start, every step, the asks for the people here, who left and
    came back, the end), to follow with a `game.net.client.Follower`. `paced`: the host's computer racers
    wait for this screen to have shown the race so far (`ready`) before they play, as they did when
    the screen drove the race.
    """

    running: set[Hosting] = set()  # every room process not yet ended (the window waits for them when it closes)

    def __init__(self, terms: Terms, address: str = "", port: int = PORT, paced: bool = True) -> None:
        self.inbox: queue.Queue[tuple[HostingNews, Any]] = queue.Queue()
        self.code = terms.code
        self.owner_key = terms.owner_key  # (its own orders go as any owner's: game/net/router.py)
        self.seat_states: list[dict[str, Any]] = []  # the latest seats (read from any thread: a whole new list)
        self.address, self.port = address, port
        self.closed = False
        self.ended = False  # the room said it cannot listen (it stops by itself)
        self._saved: dict[int, list[dict[str, Any]]] = {}  # answers to `seats_saved`, by their number
        self._asked = 0
        self._answered = threading.Condition()
        self._writing = threading.Lock()
        self.process = subprocess.Popen(
            room_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # (Windows: no console of its own)
        )
        Hosting.running.add(self)
        self._tell({"terms": terms.to_json(), "address": address, "port": port, "paced": paced})
        self.reader = threading.Thread(target=self._read, name="network-host", daemon=True)
        self.reader.start()

    def _tell(self, line: Any) -> None:
        """One line to the room (nothing when it is gone: its end is news of its own)."""
        stdin = self.process.stdin
        assert stdin is not None
        with self._writing:
            try:
                stdin.write(json.dumps(line, separators=(",", ":")).encode() + b"\n")
                stdin.flush()
            except (OSError, ValueError):
                pass

    def _read(self) -> None:
        """The room's lines, from this thread, to the frame loop's queue (see the class)."""
        stdout = self.process.stdout
        assert stdout is not None
        for line in stdout:
            try:
                kind, data = json.loads(line)
            except ValueError:
                log.error("the room said what its window cannot read: %.80r", line)
                continue
            if kind == "saved":
                with self._answered:
                    self._saved[int(data["n"])] = data["seats"]
                    self._answered.notify_all()
                continue
            if kind == "seats":
                self.seat_states = data
            elif kind == "failed":
                self.ended = True
            self.inbox.put((kind, data))
        code = self.process.wait()
        if not self.closed and not self.ended:  # a bug: said, the window goes on (its race waits)
            log.error("the room of the hosted race stopped (exit code %s)", code)
            self.inbox.put(("note", {"line": f"the room of this race stopped (exit code {code})"}))
        with self._answered:
            self._answered.notify_all()
        Hosting.running.discard(self)

    def open_relay(self, relay: Relay) -> None:
        """Register this race's room on `relay` too: ("invite", {"text"}) comes once it is open (its friends
        join with the invite alone), or ("relay_failed", {"error"}) when the relay cannot be reached or
        refuses. The room stays open on this network too; the owner's secret comes from the race's seed
        (a resumed race registers the same invite again)."""
        self._tell(["relay", {"secure": relay.secure, "host": relay.host, "port": relay.port}])

    def get(self) -> tuple[HostingNews, Any] | None:
        """The next thing the host left for this screen, or None (never waits)."""
        try:
            return self.inbox.get_nowait()
        except queue.Empty:
            return None

    def send(self, message: dict[str, Any]) -> None:
        """A message of this screen, to the host through its room's router, as a friend's goes (its people's
        choices, take-backs and quick messages; its owner's orders: `order`)."""
        if not self.closed:
            self._tell(["send", message])

    def order(self, order: str, **given: Any) -> None:
        """An owner's order, with the room's owner key: the same message a window holding the key elsewhere
        sends (game/net/router.py), answered in the log."""
        self.send({"type": "owner", "key": self.owner_key, "order": order, **given})

    def set_takeover(self, seconds: float, level: levels.Policy) -> None:
        """How long a friend who left waits before a computer racer of `level` plays for him."""
        self.order("takeover", seconds=float(seconds), level=level)

    def set_clock(self, seconds: float) -> None:
        """The seconds a connected friend has for each decision (0: no limit)."""
        self.order("clock", seconds=float(seconds))

    def remove(self, seat: int) -> None:
        """Remove a friend from his seat (a computer racer plays it from now on, or it opens in the lobby)."""
        self.order("remove", seat=seat)

    def release(self, seat: int) -> None:
        """Let a friend who left back into his seat without his seat key (he lost it)."""
        self.order("let", seat=seat)

    def start(self, given: Sequence[int] = ()) -> None:
        """Start the race: the seats nobody took, and `given` (shown open on this screen), are played by
        computer racers. The start comes back as a message."""
        self.order("start", **({"given": list(given)} if given else {}))

    def choose(self, message: dict[str, Any]) -> None:
        """A choice made at this screen (a `Follower.choice`), to the host."""
        self.send(message)

    def take_back(self, message: dict[str, Any]) -> None:
        """A take-back asked at this screen (a `Follower.take_back`), to the host."""
        self.send(message)

    def phrase(self, message: dict[str, Any]) -> None:
        """A quick message ("say") of a person at this screen, to everyone in the race."""
        self.send(message)

    def ready(self, index: int) -> None:
        """This screen has shown the race up to its choice `index` and waited a computer racer's pause."""
        if not self.closed:
            self._tell(["ready", index])

    def seats_saved(self, seconds: float = 2.0) -> list[dict[str, Any]] | None:
        """What the host's save keeps of the seats (`Seat.saved`: who sat where, each friend's seat key:
        `Host.reopen` seats the friends again), asked of the room; None when it does not answer within
        `seconds`. The answer comes after every message the room sent before it."""
        with self._answered:
            self._asked += 1
            asked = self._asked
        self._tell(["saved", asked])
        with self._answered:
            self._answered.wait_for(lambda: asked in self._saved or not self.reader.is_alive(), seconds)
            return self._saved.pop(asked, None)

    def join(self, seconds: float) -> bool:
        """Wait (at most `seconds`) for the room's process to end; whether it did."""
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            return False
        self.reader.join(seconds)
        return True

    def close(self, reason: str = "quit") -> None:
        """Tell everyone the host goes (unless the race is over), stop listening, end the room's process;
        returns at once (the frame loop never waits for the network)."""
        if self.closed:
            return
        self.closed = True
        self._tell(["close", reason])
        stdin = self.process.stdin
        assert stdin is not None
        with self._writing:
            try:
                stdin.close()  # (the end of its stream: the room ends even if it missed the line)
            except OSError:
                pass


def room_command() -> list[str]:
    """How the window starts its room's process: this program's `room` command (a packaged game is its
    own program; from the sources, main.py with this Python)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "room"]
    return [sys.executable, str(Path(__file__).resolve().parents[2] / "main.py"), "room"]


class Connection:
    """The window client's network side: one connection to a host on a background loop.

    `send` posts a message; `get` gives what came, in order: ("connected", None), ("message", text) for
    each of the host's messages, then ("closed", {"code", "reason"}), ("unreachable", {"error"}) or
    ("broken", {"error"}) (the host sent what this window refuses before reading it: too big). The
    frame loop follows the race with a `Follower`. A host that sends more than the window reads (more
    than MAX_WAITING bytes unread) is cut off. A hello with a seat key brings it in the handshake too:
    the host lets a friend in first.
    """

    def __init__(
        self,
        address: str,
        hello: dict[str, Any],
        connect_timeout: float = 10.0,
        max_waiting: int = MAX_WAITING,
        url: str | None = None,
        ssl: Any = None,
    ) -> None:
        self.inbox: queue.Queue[tuple[ConnectionNews, Any]] = queue.Queue()
        self.waiting = 0  # bytes of messages not yet read
        self.max_waiting = max_waiting
        self._count = threading.Lock()
        self.address = address
        self.url, self.ssl = url or f"ws://{address}", ssl  # (a relay's room, with TLS: an invite)
        self.background = Background("network-client")
        self.socket: Any = None
        self.closed = False
        self.background.run(self._run(hello, connect_timeout))

    async def _run(self, hello: dict[str, Any], connect_timeout: float) -> None:
        import websockets

        from game.net import client as net

        connection = net.guarded_client()  # (a host that is silent, floods pings or answers none is left)
        try:
            token = hello.get("token")
            where: dict[str, Any] = {"ssl": self.ssl} if self.ssl is not None else {}
            async with websockets.connect(
                self.url,
                max_size=MAX_FROM_HOST,
                **where,
                open_timeout=connect_timeout,
                ping_interval=net.PING_EVERY,
                ping_timeout=net.PING_TIMEOUT,
                close_timeout=net.PING_TIMEOUT,
                create_connection=connection,
                additional_headers={KEY_HEADER: token} if isinstance(token, str) and token else {},
            ) as server:
                self.socket = server
                await server.send(json.dumps(hello))
                self.inbox.put(("connected", None))
                async for text in server:
                    server.welcomed()  # type: ignore[attr-defined]
                    with self._count:
                        self.waiting += len(text)
                        flooded = self.waiting > self.max_waiting
                        if flooded:
                            self.waiting -= len(text)  # not kept
                    if flooded:
                        self.inbox.put(("closed", {"code": 1008, "reason": "the host sent more than this game reads"}))
                        await server.close(code=1008, reason="too many messages")
                        return
                    self.inbox.put(("message", text))
                code, reason = server.close_code, server.close_reason
            failed = net.fault(connection.last, None)
            if failed is not None:
                code, reason = net.FAULT_CODE, f"the host {failed}"
            self.inbox.put(("closed", {"code": code or 1000, "reason": reason or ""}))
        except websockets.ConnectionClosed as error:
            failed = net.fault(connection.last, error)
            if failed is not None:
                self.inbox.put(("closed", {"code": net.FAULT_CODE, "reason": f"the host {failed}"}))
                return
            if error.sent is not None and error.sent.code == 1009:  # this window closed it: a message too big
                self.inbox.put(("broken", {"error": "the host sent a message too big"}))
                return
            code = error.rcvd.code if error.rcvd is not None else 1006
            reason = error.rcvd.reason if error.rcvd is not None else ""
            self.inbox.put(("closed", {"code": code, "reason": reason}))
        except ssl.SSLCertVerificationError as error:  # a wss:// relay or host whose certificate is not trusted
            self.inbox.put(("unreachable", {"error": str(error), "untrusted": True}))
        except (OSError, TimeoutError, websockets.InvalidURI, websockets.InvalidHandshake) as error:
            self.inbox.put(("unreachable", {"error": str(error) or type(error).__name__}))
        except Exception as error:  # anything else the network throws: one sentence on screen, never a traceback
            self.inbox.put(("unreachable", {"error": f"{type(error).__name__}: {error}"}))

    def get(self) -> tuple[ConnectionNews, Any] | None:
        """The next thing that came from the network, or None (never waits)."""
        try:
            kind, data = self.inbox.get_nowait()
        except queue.Empty:
            return None
        if kind == "message":
            with self._count:
                self.waiting -= len(data)
        return kind, data

    def send(self, message: dict[str, Any]) -> None:
        socket_ = self.socket
        if socket_ is None or self.closed:
            return
        text = json.dumps(message)

        async def out() -> None:
            try:
                await socket_.send(text)
            except Exception:
                pass

        self.background.run(out())

    def close(self) -> None:
        """Leave: close the connection and end the thread; returns at once."""
        if self.closed:
            return
        self.closed = True
        socket_ = self.socket
        self.background.end(socket_.close() if socket_ is not None else None)
