"""The network beside the frame loop: an asyncio event loop on a background thread, and the window's
two sides of a network race on it.

- `Background`: the loop and its daemon thread.
- `Hosting`: the window's host. It runs THE host (`game.net.host.Host`, the same as `main.py serve`)
  behind the WebSocket server; the host's own screen is one more client of it, in this process
  (`game.net.local.Screen`): the screen follows the host's messages as a friend's window does, and its
  people's choices and its owner's orders go to the host's router as messages (game/net/router.py),
  which the host checks as it checks a friend's (the orders with the room's owner key).
- `Connection`: the window's client, one WebSocket connection to a host.

Both are transports of the window's one link (scenes/bridges/link.py), which the scenes hold: it
calls their methods from the frame loop (each only posts work to the loop, or reads what the loop
left) and reads what happened from their thread-safe queue (`get`, a few messages a frame), so that
no frame ever waits for the network; no scene reads these queues itself.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import queue
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

from game.net.client import sentence
from game.net.door import KEY_HEADER
from game.net.host import Host
from game.net.invite import Relay
from game.net.local import Screen
from game.net.protocol import MAX_FROM_HOST, MAX_WAITING, PORT
from game.net.relayed import RelayLink
from game.net.server import Server
from game.net.tls import client_context, untrusted
from game.rules import levels, seeds

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
    """Wait (at most `seconds` in all) for the window's network loops to end (the window is closing)."""
    deadline = time.monotonic() + seconds
    for background in list(Background.running):
        background.join(max(0.0, deadline - time.monotonic()))


class Hosting:
    """The window's host (see the module): THE host of the race (`Host`, or `Host.reopen` for a race its
    host saved in progress) on a background loop, its screen a local client.

    `get()` gives, in order: ("listening", {"port"}) or ("failed", {"error", "port"}); ("note",
    {"line"}) for each line the host logs; ("seats", [...]) whenever the seats change (`Host.seat_states`:
    who is connected, away, removed, let back in); ("message", text) for each of the host's messages to
    this screen (the lobby's news, the start, every step, the asks for the people here, who left and
    came back, the end), to follow with a `game.net.client.Follower`. `paced`: the host's computer racers
    wait for this screen to have shown the race so far (`ready`) before they play, as they did when
    the screen drove the race.
    """

    def __init__(self, host: Host, address: str = "", port: int = PORT, paced: bool = True) -> None:
        self.inbox: queue.Queue[tuple[HostingNews, Any]] = queue.Queue()
        self.host = host
        host.auto_start = False  # a window's race starts when its host says so
        host.say = lambda line: self.inbox.put(("note", {"line": line}))
        if paced:
            host.pace = self._pace
        self.seat_states: list[dict[str, Any]] = []  # the latest seats (read from any thread: a whole new list)
        self.host.watch = self._watch
        self.screen = Screen(self.host, lambda text: self.inbox.put(("message", text)))
        self.owner_key = host.owner_key  # (its own orders go as any owner's: game/net/router.py)
        self.server = Server([self.host])
        self.address, self.port = address, port
        self.shown = -1  # the last choice this screen has shown and waited on (the loop's side of `ready`)
        self.seen = asyncio.Event()  # `shown` moved on
        self.background = Background("network-host")
        self.closed = False
        self.background.run(self._open())

    async def _open(self) -> None:
        try:
            port = await self.server.listen(self.address, self.port)
        except OSError as error:
            self.inbox.put(("failed", {"error": error.strerror or str(error), "port": self.port}))
            return
        self.inbox.put(("listening", {"port": port}))
        try:
            await self.host.run(timeout=None)
        except Exception:  # a bug: logged, the window goes on (its race waits)
            log.exception("the hosted race stopped")

    def open_relay(self, relay: Relay) -> None:
        """Register this race's room on `relay` too: ("invite", {"text"}) comes once it is open (its friends
        join with the invite alone), or ("relay_failed", {"error"}) when the relay cannot be reached or
        refuses. The room stays open on this network too; the owner's secret comes from the race's seed
        (a resumed race registers the same invite again)."""
        self._post(self._relay(relay))

    async def _relay(self, relay: Relay) -> None:
        secret = seeds.owner_secret(self.host.seed, self.host.code)
        context = client_context() if relay.secure else None
        link = RelayLink(self.host, relay, secret, context, say=lambda line: self.inbox.put(("note", {"line": line})))
        running = asyncio.ensure_future(link.run())
        opened = asyncio.ensure_future(link.ready.wait())
        await asyncio.wait({running, opened}, return_when=asyncio.FIRST_COMPLETED)
        if opened.done():
            self.inbox.put(("invite", {"text": link.invite.text}))
        else:
            opened.cancel()
        try:
            await running
        except asyncio.CancelledError:
            raise
        except Exception as error:  # unreachable, refused, untrusted: one sentence on the lobby
            self.inbox.put(("relay_failed", {"error": untrusted(error) or sentence(error)}))

    def _watch(self, seats: list[dict[str, Any]]) -> None:
        """The host's seats changed (on the network's loop): kept, and news for the frame loop."""
        self.seat_states = seats
        self.inbox.put(("seats", seats))

    async def _pace(self, index: int) -> None:
        while self.shown < index and not self.host.closed:
            self.seen.clear()
            await self.seen.wait()

    def get(self) -> tuple[HostingNews, Any] | None:
        """The next thing the host left for this screen, or None (never waits)."""
        try:
            return self.inbox.get_nowait()
        except queue.Empty:
            return None

    def _post(self, coroutine: Any) -> None:
        if self.closed:
            coroutine.close()
        else:
            self.background.run(coroutine)

    def send(self, message: dict[str, Any]) -> None:
        """A message of this screen, to the host through its room's router, as a friend's goes (its people's
        choices, take-backs and quick messages; its owner's orders: `order`)."""
        self._post(self.screen.receive(message))

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

        def mark() -> None:
            if index > self.shown:
                self.shown = index
                self.seen.set()

        self.background.call(mark)

    def seats_saved(self, seconds: float = 2.0) -> list[dict[str, Any]] | None:
        """What the host's save keeps of the seats (`Seat.saved`: who sat where, each friend's seat key:
        `Host.reopen` seats the friends again), read on the network's loop; None when it does not answer
        within `seconds`."""
        return self._read(lambda: [seat.saved() for seat in self.host.seats], seconds)

    def _read(self, what: Callable[[], T], seconds: float) -> T | None:
        """`what()` called on the network's loop (the host's state belongs to it), its answer; None when
        the loop is ending or busy for longer than `seconds`."""

        async def read() -> T:
            return what()

        future = self.background.run(read())
        if future is None:
            return None
        try:
            answer: T = future.result(seconds)
            return answer
        except Exception:  # the loop is ending, or busy for longer than a frame may wait
            return None

    def close(self, reason: str = "quit") -> None:
        """Tell everyone the host goes (unless the race is over), stop listening, end the thread; returns at
        once (the frame loop never waits for the network)."""
        if self.closed:
            return
        self.closed = True

        async def shut() -> None:
            if not self.host.over:
                await self.host.close(reason)
            self.host.closed = True
            self.seen.set()
            await self.server.stop()

        self.background.end(shut())


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
