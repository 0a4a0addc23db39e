"""`main.py relay`: a rendezvous and relay anyone can run (docs/network.md, *Relays*).

A host connects outward to the relay (the path `/host`, its room code and its owner's secret in the
handshake's headers) and registers a room; friends connect outward to `/ROOM-CODE` (the invite,
game/net/invite.py). The relay forwards each friend's text messages to the host on the host's one
connection, and the host's answers back, without reading them: the host stays the one authority (its
seed, its dice, its computer racers, its save). On the host's connection each message is
`LINK:TEXT`: link 0 carries the relay's and the host's own small JSON messages (`registered`, `open`
and `closed` a friend's link, `close` one), any other number a friend's link. A message leaves as soon
as it is read, on the reading connection's own turn, when its peer reads (else it waits in his queue);
nothing is compressed (a race's messages are small: deflate cost every message twice, and memory on
every connection).

A room belongs to whoever registered it first: the relay keeps a hash of its secret, and only the same
secret registers it again (after the host's connection dropped, or a race saved and resumed); a room
without its host is kept KEPT seconds, then forgotten. When the host's connection drops, his friends'
are closed with code 1012: they join again with their seat keys once he is back.

Everything is bounded: every connection is the host's own (game/net/door.py `counted`: its pings
counted, its reading paused while its peer does not read, cut past its write bound or without a room
within its deadline), sockets per address, per network and in all, connections per address and in
all, wrong codes slowed (the host's own door), rooms per address and network and what they cost to
keep (game/net/relay_rooms.py), links per room (a friend with his seat key first), message size,
bytes and messages per second on every connection (reading pauses beyond), what waits to be sent to a
friend (one who reads nothing is dropped), silent peers (WebSocket pings), numbers in the host's
orders (integers of a range, else the order is dropped with one line). `/health` answers "ok" (503
while its store of rooms over days failed at its last look) and `/metrics` the counters in Prometheus'
text format; the log says each kind of refusal from an address once a minute, with a count, and never a
traceback.

With a store of rooms over days (`relay --store`, game/net/store.py), the relay also plays races over
days (game/net/days.py): created on `/days`, joined on `/days/CODE`, and for those the relay is the
authority (its seed, its dice, its computer racers; every decision stored before anyone hears it). It
counts what the store holds in `/metrics`, runs out the clocks of decisions and forgets the rooms finished
more than `finished_kept` seconds ago (every REAP_EVERY seconds, the disk on a worker thread).
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from game.net.days import Days
from game.net.door import KEY_HEADER, Door, address_of, counted, network_of
from game.net.limits import OUTGOING, STRANGER_LIMITS, Bucket, Strangers
from game.net.protocol import HELLO_TIMEOUT, MAX_FROM_HOST, MAX_MESSAGE, close_reason, code_problem, plain_code
from game.net.relay_rooms import KEPT, Room, host_left, reap, room_for
from game.net.store import RoomStore, StoreRefused, StoreUnusable

if TYPE_CHECKING:  # (websockets is imported when the relay listens)
    from websockets.asyncio.server import ServerConnection
    from websockets.http11 import Request, Response

log = logging.getLogger("fantasy-racing.relay")

ROOM_HEADER = "X-Fantasy-Racing-Room"  # the host's room code, in its handshake
OWNER_HEADER = "X-Fantasy-Racing-Owner"  # the secret that proves the host owns its room code
SECRET_LENGTH = (32, 64)  # characters of an owner's secret (32 URL-safe characters: 192 bits)
ROOMS = 1000  # rooms a relay holds at most (`--max-rooms`)
LINKS = 24  # friends' connections a room may have at once (12 seats' worth, and those at its lobby)
OPEN_TIMEOUT = 5.0  # seconds a new socket has to finish its handshake (then to be in its room: HELLO_TIMEOUT)
OPENED_A_SECOND = 8.0  # new sockets one address may open a second (16 at once)
CLOSE_TIMEOUT = 2.0  # seconds a closing handshake may take (a peer who reads is closed at once, others cut)
REAP_EVERY = 30.0  # seconds between two looks for rooms to forget
FRIEND_RATE = (200, 256 * 1024)  # messages and bytes a second a friend may send (reading pauses beyond)
HOST_RATE = (5000, 8 * 1024 * 1024)  # the same for a host's connection: every friend's messages
QUEUED = OUTGOING  # bytes waiting to be sent to one friend, at most (beyond: he reads nothing), as on `serve`
QUEUED_IN_ALL = 64 * 1024 * 1024  # the same for every friend of the relay (beyond: the one most behind is dropped)
SEND_TIMEOUT = 5.0  # seconds a message to a host may wait for him to read
CONTROL = 512  # characters of a link-0 message at most
FULL_COLLECTION = 300.0  # seconds between two full garbage collections in a relay's own process
OLD_COLLECTION = 100  # collections of the middle generation before one of the oldest (Python's own: 10)
CLOSE_CODES = (1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014)  # a link's (and 3000-4999)


def whole(value: object, low: int, high: int) -> int | None:
    """`value` when it is an integer (a JSON integer, never a float, a bool or a string) of [low, high]."""
    return value if type(value) is int and low <= value <= high else None


def no_constant(name: str) -> None:
    raise ValueError(f"{name} is no number here")


def at_once(socket: Any) -> bool:
    """Whether a message sent on `socket` now leaves without waiting: it is open (no closing handshake
    begun: websockets would wait for the close) and its peer reads (its outgoing buffer is under its
    limit). Where websockets does not tell, False: the caller waits, bounded."""
    transport = getattr(socket, "transport", None)
    state = getattr(getattr(socket, "protocol", None), "state", None)
    return (
        getattr(socket, "paused", True) is False
        and getattr(state, "name", "") == "OPEN"
        and transport is not None
        and not transport.is_closing()
    )


def owner_hash(secret: str) -> bytes:
    """What the relay keeps of an owner's secret (never the secret itself)."""
    return hashlib.blake2b(secret.encode(), digest_size=32, person=b"fr-relay-owner").digest()


@dataclass
class Friend:
    """A friend's connection through the relay: what waits to be sent to him, and its size."""

    socket: Any
    link: int
    queue: asyncio.Queue[str | tuple[int, str]] = field(default_factory=asyncio.Queue)
    queued: int = 0
    closing: bool = False
    writing: bool = False  # his writer is sending a message (it may wait for him to read)
    key: bool = False  # he brought a seat key (strangers and spectators give way to him)

    def free(self) -> bool:
        """Whether a message for him may be sent at once, not queued: nothing waits for him, and his
        socket takes it without waiting (order is kept, and his host's reading never waits for him)."""
        return not self.closing and not self.writing and self.queue.empty() and at_once(self.socket)

    def put(self, text: str) -> bool:
        """Queue a message for him; False when he already has QUEUED bytes waiting (he reads nothing)."""
        if self.closing:
            return True
        if self.queued + len(text) > QUEUED:
            return False
        self.queued += len(text)
        self.queue.put_nowait(text)
        return True

    def dropped(self, code: int, reason: str) -> int:
        """Close him without sending what waits for him (forgotten at once): the bytes forgotten."""
        while not self.queue.empty():
            self.queue.get_nowait()
        forgotten, self.queued, self.closing = self.queued, 0, True
        self.queue.put_nowait((code, reason))
        return forgotten

    def close(self, code: int, reason: str) -> None:
        """Close him once what waits for him is sent."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait((code, reason))


class Relay:
    """The relay's rooms and counters, served by `listen` (see the module)."""

    def __init__(
        self,
        max_rooms: int = ROOMS,
        kept: float = KEPT,
        say: Any = None,
        store: RoomStore | None = None,
        finished_kept: float = 30 * 86400.0,
    ) -> None:
        self.say = say or (lambda line: log.info("%s", line))
        self.door = Door(self.say, max_rooms * 4 + 256, rooms=lambda: len(self.rooms), opened_a_second=OPENED_A_SECOND)
        self.door.strangers = Strangers({**STRANGER_LIMITS, "all": max(STRANGER_LIMITS["all"], max_rooms)})
        self.max_rooms, self.kept = max_rooms, kept
        self.rooms: dict[str, Room] = {}
        self.count: Counter[str] = Counter()  # bytes_in, bytes_out, messages, refused, registered...
        self.queued = 0  # bytes waiting to be sent to every friend
        self.server: Any = None
        self.port = 0
        self.store, self.finished_kept = store, finished_kept  # the rooms over days, and days their end is kept
        self.store_down = ""  # why the store failed at its last look (every REAP_EVERY): /health answers 503
        self.days = Days(store, self.door, self.say) if store is not None else None

    # ------------------------------------------------------------ listening
    async def listen(self, address: str, port: int, ssl: Any = None) -> int:
        """Start listening on `address`:`port` (addresses split by commas, "": every interface; with TLS when
        `ssl` is a server context); the port."""
        import websockets
        from websockets.asyncio.server import ServerConnection

        logging.getLogger("websockets").setLevel(logging.CRITICAL)
        where: Any = [a.strip() for a in address.split(",") if a.strip()] or None  # none: every interface
        self.server = await websockets.serve(
            self.handler,
            where,
            port,
            ssl=ssl,
            max_size=MAX_FROM_HOST + 16,  # (a friend's are held to MAX_MESSAGE below)
            max_queue=8,
            compression=None,  # (deflate would cost every message twice, and memory on every connection)
            open_timeout=OPEN_TIMEOUT,
            close_timeout=CLOSE_TIMEOUT,
            ping_interval=5,
            ping_timeout=10,
            process_request=self.answer,
            create_connection=counted(self.door, ServerConnection, OPEN_TIMEOUT + HELLO_TIMEOUT),
        )
        self.port = int(self.server.sockets[0].getsockname()[1])
        self.reaper = asyncio.ensure_future(self.reap_forever())
        return self.port

    def watch_loop(self) -> None:
        """In the relay's own process: what asyncio reports (an accept failing for want of descriptors, a
        connection's error) said in one line, each kind once a minute with a count, never a traceback."""

        def heard(loop: Any, context: dict[str, Any]) -> None:
            error, what = context.get("exception"), str(context.get("message", "an error"))[:80]
            self.door.tell("loop", what[:40], f"{what}: {type(error).__name__}: {error}"[:200] if error else what)

        asyncio.get_running_loop().set_exception_handler(heard)

    async def stop(self) -> None:
        if self.server is not None:
            self.reaper.cancel()
            self.server.close()
            await self.server.wait_closed()

    def answer(self, connection: ServerConnection, request: Request) -> Response | None:
        """Plain HTTP before the WebSocket: /health, /metrics, and a 404 for what is no room or host."""
        path = request.path.split("?")[0]
        if path == "/health":  # (503 while the store failed at its last look: a balancer sends players elsewhere)
            if self.store_down:
                return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "the store of races over days fails\n")
            return connection.respond(HTTPStatus.OK, "ok\n")
        if path == "/metrics":
            response = connection.respond(HTTPStatus.OK, self.metrics())
            del response.headers["Content-Type"]
            response.headers["Content-Type"] = "text/plain; version=0.0.4"
            return response
        days = self.days is not None and (path == "/days" or path.startswith("/days/"))
        if path == "/host" or (len(path) <= 46 if days else len(path) <= 40 and not code_problem(plain_code(path[1:]))):
            return None
        self.count["refused"] += 1
        return connection.respond(HTTPStatus.NOT_FOUND, "no room here: an invite ends with /ROOM-CODE\n")

    def metrics(self) -> str:
        """The counters in Prometheus' text format."""
        hosts = sum(room.host is not None for room in self.rooms.values())
        links = sum(len(room.links) for room in self.rooms.values())
        rows = [
            ("rooms", "gauge", "Rooms the relay holds, with or without their host.", len(self.rooms)),
            ("hosts", "gauge", "Hosts connected to their room.", hosts),
            ("friends", "gauge", "Friends connected through a room.", links),
            ("connections", "gauge", "WebSocket connections open.", self.door.open.total()),
            ("sockets", "gauge", "Sockets open, handshakes included.", self.door.sockets.total()),
            ("strangers_cut_total", "counter", "Connections cut for a newer stranger.", self.door.strangers.let_go),
            ("received_bytes_total", "counter", "Bytes of messages received.", self.count["bytes_in"]),
            ("sent_bytes_total", "counter", "Bytes of messages sent.", self.count["bytes_out"]),
            ("messages_total", "counter", "Messages forwarded.", self.count["messages"]),
            ("refused_total", "counter", "Connections refused or closed for a reason.", self.count["refused"]),
        ]
        rows += self.store_rows()
        lines = []
        for name, kind, what, value in rows:
            lines += [f"# HELP fantasy_racing_relay_{name} {what}", f"# TYPE fantasy_racing_relay_{name} {kind}"]
            lines.append(f"fantasy_racing_relay_{name} {value}")
        return "\n".join(lines) + "\n"

    def store_rows(self) -> list[tuple[str, str, str, int]]:
        """The store's gauges (none without a store; a store that cannot be read is said in the log)."""
        if self.store is None or self.days is None:
            return []
        try:
            usage = self.store.usage()
        except (StoreRefused, StoreUnusable) as error:
            self.door.tell("store", "usage", str(error))
            return []
        return [
            ("stored_rooms", "gauge", "Rooms over days in the store, finished ones included.", usage.rooms),
            ("stored_finished_rooms", "gauge", "Finished rooms over days kept in the store.", usage.ended),
            ("stored_decisions", "gauge", "Decisions of the rooms over days in the store.", usage.decisions),
            ("store_bytes", "gauge", "Bytes the store's rooms use.", usage.size),
            ("forgotten_rooms_total", "counter", "Finished rooms over days forgotten.", self.count["forgotten"]),
            ("days_rooms_open", "gauge", "Races over days held in memory (a player connected).", len(self.days.live)),
        ]

    async def reap_forever(self) -> None:
        while True:
            await asyncio.sleep(REAP_EVERY)
            self.reap()
            await self.forget_finished()
            if self.days is not None:
                await self.days.sweep()

    async def forget_finished(self, now: float | None = None) -> None:
        """Forget the rooms over days finished more than `finished_kept` seconds ago (on a worker thread:
        the disk never holds the relay's loop); what fails is one line of the log."""
        if self.store is None:
            return
        try:
            forgotten = await asyncio.to_thread(
                self.store.forget, self.finished_kept, time.time() if now is None else now
            )
        except (StoreRefused, StoreUnusable) as error:
            self.door.tell("store", "forget", str(error))
            self.store_down = str(error)
            return
        self.count["forgotten"] += forgotten
        self.store_down = ""

    def reap(self, now: float | None = None) -> None:
        """Forget the rooms whose host has been away more than `kept` seconds."""
        reap(self.rooms, self.kept, time.monotonic() if now is None else now)

    # ------------------------------------------------------------ connections
    async def refuse(self, socket: Any, address: str, code: int, reason: str) -> None:
        self.count["refused"] += 1
        self.door.tell(address, reason[:40], f"refused a connection from {address}: {reason}")
        await shut(socket, code, reason)

    async def handler(self, socket: Any) -> None:
        address = address_of(socket.remote_address)
        path = socket.request.path.split("?")[0]
        refusal = self.door.admit(address, path != "/host" and bool(socket.request.headers.get(KEY_HEADER)))
        if refusal:
            await self.refuse(socket, address, 1013, refusal)
            return
        try:
            if path == "/host":
                await self.host(socket, address)
            elif self.days is not None and path == "/days":
                welcomed(socket)
                await self.days.service(socket, address, network_of(socket.remote_address))
            elif self.days is not None and path.startswith("/days/"):
                await self.days.visit(socket, address, plain_code(path[6:]))
            else:
                await self.friend(socket, address, plain_code(path[1:]))
        except Exception as error:  # a connection closing mid-way: only this one ends (one line, no traceback)
            if type(error).__name__.startswith("ConnectionClosed") or isinstance(error, TimeoutError):
                return
            said = f"{type(error).__name__}: {error}"[:160]
            self.door.tell(address, "dropped", f"dropped a connection from {address}: {said}")
        finally:
            self.door.leave(address)

    async def host(self, socket: Any, address: str) -> None:
        """A host's connection: register (or take back) its room, then carry its friends' links."""
        headers = socket.request.headers
        code, secret = plain_code(headers.get(ROOM_HEADER, "")[:40]), headers.get(OWNER_HEADER, "")
        if code_problem(code) or not SECRET_LENGTH[0] <= len(secret) <= SECRET_LENGTH[1]:
            await self.refuse(socket, address, 1008, "a host registers a room code with its owner's secret")
            return
        await self.door.turn(address)
        owner = owner_hash(secret)
        room = self.rooms.get(code)
        if room is not None and not hmac.compare_digest(room.owner, owner):
            self.door.wrong(address)
            await self.refuse(socket, address, 1008, "this room code belongs to another host on this relay")
            return
        if room is None:
            network = network_of(socket.remote_address)
            refusal = room_for(self.rooms, self.max_rooms, address, network)
            if refusal:
                await self.refuse(socket, address, 1013, refusal)
                return
            room = self.rooms[code] = Room(code, owner, address, network, opened=time.monotonic())
        self.door.right(address)
        welcomed(socket)
        if room.host is not None:  # his old connection, still open: the new one takes the room
            await room.host.close(code=1000, reason="this room was taken back by its owner")
        self.drop_friends(room)
        room.host = socket
        self.count["registered"] += 1
        await socket.send(f"0:{json.dumps({'type': 'registered', 'code': code})}")
        bucket = Bucket(HOST_RATE)
        try:
            async for text in socket:
                if not isinstance(text, str):
                    await self.refuse(socket, address, 1003, "a binary message")
                    return
                await bucket.take(len(text))
                self.count["bytes_in"] += len(text)
                await self.from_host(room, text)
        finally:
            if room.host is socket:
                self.drop_friends(room)
                host_left(self.rooms, room, time.monotonic())

    def drop_friends(self, room: Room) -> None:
        """The host is gone (or back on a new connection): his friends join again with their seat keys."""
        for friend in room.links.values():
            friend.close(1012, "the host's connection to the relay dropped: join again in a moment")
        room.links.clear()

    async def from_host(self, room: Room, text: str) -> None:
        """One message from a host: to a friend's link, or the host's own (close a link). Sent at once when
        the friend takes it at once (it never waits for him), else queued for his writer."""
        link_text, _, body = text.partition(":")
        if not (link_text.isascii() and link_text.isdigit()) or len(link_text) > 9:
            return
        link = int(link_text)
        if link == 0:
            if len(body) > CONTROL:
                return
            try:
                order = json.loads(body, parse_constant=no_constant)
                number = whole(order.get("link"), 1, room.next_link)
                code = order.get("code", 1000)
                if type(code) is not int or not (code in CLOSE_CODES or 3000 <= code <= 4999):
                    code = None
                if order.get("type") != "close" or number is None or code is None:
                    raise ValueError(order.get("type"))
            except (ValueError, TypeError, AttributeError, RecursionError):
                said = f"dropped an order of the host of room {room.code}: {body[:60]!r}"
                self.door.tell(room.address, "order", said)
                return
            friend = room.links.pop(number, None)
            if friend is not None:
                friend.close(code, str(order.get("reason", ""))[:120])
            return
        friend = room.links.get(link)
        if friend is None:
            return  # (he left meanwhile)
        self.count["messages"] += 1
        if friend.free():
            try:
                await friend.socket.send(body)
            except Exception:  # (he is gone: his own connection's end forgets him)
                return
            self.count["bytes_out"] += len(body)
            return
        if friend.closing:
            return
        if not friend.put(body):
            await self.drop(room, friend, f"you read nothing of {QUEUED // 1024} kB sent to you")
            return
        self.queued += len(body)
        if self.queued > QUEUED_IN_ALL:  # (rare: a scan of every link)
            behind, its = max(
                ((f, r) for r in self.rooms.values() for f in r.links.values()), key=lambda fr: fr[0].queued
            )
            await self.drop(its, behind, "the relay has too much waiting for its friends: you read the least")

    async def drop(self, room: Room, friend: Friend, reason: str) -> None:
        """A friend who reads too little: closed, what waits for him forgotten, his host told."""
        room.links.pop(friend.link, None)
        self.queued -= friend.dropped(1008, reason)
        if room.host is not None:
            await self.to_host(room, room.host, f"0:{json.dumps({'type': 'closed', 'link': friend.link})}")

    async def friend(self, socket: Any, address: str, code: str) -> None:
        """A friend's connection: to his room's host, and back."""
        await self.door.turn(address)
        room = self.rooms.get(code)
        if room is None:
            self.door.wrong(address)
            self.count["refused"] += 1
            await socket.close(code=1008, reason="a wrong room code")
            return
        self.door.right(address)
        if room.host is None:
            await self.refuse(socket, address, 1013, "the host is not connected to the relay: try again in a moment")
            return
        key = socket.request.headers.get(KEY_HEADER, "")[:64]
        if len(room.links) >= LINKS and not await self.give_way(room, bool(key)):
            await self.refuse(socket, address, 1013, "the room has as many connections as it takes")
            return
        host, link = room.host, room.next_link
        room.next_link += 1
        room.had_friend = True
        friend = room.links[link] = Friend(socket, link, key=bool(key))
        welcomed(socket)
        await self.to_host(
            room, host, f"0:{json.dumps({'type': 'open', 'link': link, 'address': address, 'key': key})}"
        )
        writer = asyncio.ensure_future(self.write(friend))
        bucket = Bucket(FRIEND_RATE)
        try:  # (when he is closed, his writer closes his socket once what waits is sent: the reading ends)
            async for text in socket:
                if friend.closing:
                    break
                if not isinstance(text, str) or len(text) > MAX_MESSAGE:
                    friend.close(1008 if isinstance(text, str) else 1003, "a message too big or not text")
                    break
                await bucket.take(len(text))
                self.count["bytes_in"] += len(text)
                self.count["messages"] += 1
                if room.host is not host or not await self.to_host(room, host, f"{link}:{text}"):
                    break
        finally:
            if room.links.get(link) is friend:
                del room.links[link]
                if room.host is host:
                    await self.to_host(room, host, f"0:{json.dumps({'type': 'closed', 'link': link})}")
            friend.close(1000, "")
            try:
                await asyncio.wait_for(writer, HELLO_TIMEOUT)
            except Exception:  # (he is gone: nothing more to send him)
                pass

    async def give_way(self, room: Room, key: bool) -> bool:
        """A full room: for a friend with his seat key, its oldest link without one gives way (a
        stranger's, a spectator's); whether there is a place now."""
        keyless = next((f for f in room.links.values() if not f.key), None) if key else None
        if keyless is None:
            return False
        del room.links[keyless.link]
        keyless.close(1013, "a friend with his seat took this place: try again in a moment")
        await self.to_host(room, room.host, f"0:{json.dumps({'type': 'closed', 'link': keyless.link})}")
        return True

    async def to_host(self, room: Room, host: ServerConnection, text: str) -> bool:
        """Send to the host; False when he does not read within SEND_TIMEOUT or is gone."""
        try:
            if at_once(host):  # (no timer, no task: it cannot wait)
                await host.send(text)
            else:
                await asyncio.wait_for(host.send(text), SEND_TIMEOUT)
        except Exception:
            return False
        self.count["bytes_out"] += len(text)
        return True

    async def write(self, friend: Friend) -> None:
        """What waits for a friend, sent in order; then his close."""
        while True:
            item = await friend.queue.get()
            if isinstance(item, tuple):
                await shut(friend.socket, *item)
                return
            friend.queued -= len(item)
            self.queued -= len(item)
            friend.writing = True
            try:
                await friend.socket.send(item)
            finally:
                friend.writing = False
            self.count["bytes_out"] += len(item)


def welcomed(socket: Any) -> None:
    """The connection is in its room (a host's registered, a friend's link open): its deadline is met."""
    welcome = getattr(socket, "welcomed", None)
    if welcome is not None:
        welcome()


async def shut(socket: Any, code: int, reason: str) -> None:
    """Close a connection: with its close frame when its peer reads (bounded by CLOSE_TIMEOUT), else cut
    at once, never behind what waits for it (a peer who reads nothing would hold it open)."""
    transport = getattr(socket, "transport", None)
    if not at_once(socket) and transport is not None:
        transport.abort()
        return
    await socket.close(code=code, reason=close_reason(reason))


async def collect_forever(every: float = FULL_COLLECTION) -> None:
    """In a relay's own process (never a test's or a window's), the garbage collector's full collections
    once every `every` seconds only. Left to itself, Python collects every object of every connection
    about once a minute under load (60 to 80 ms with 1,000 connections: every message waits meanwhile);
    here what survived a full collection is frozen (`gc.freeze`: the automatic collections look only
    at younger objects), and every `every` seconds unfrozen and collected in full, what died among it
    freed then. The oldest generation's automatic collections come ten times rarer than Python's own
    (after `OLD_COLLECTION` of the middle one's): under attack, every connection cut that lived a second
    reached it, and it was collected every 5 s, 80 ms each (the rooms' connections that came after the
    last freeze looked at each time): the relay's p99 added delay in a soak fell from about 40 ms to
    10 ms, its memory as flat (docs/performance.md)."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, OLD_COLLECTION)
    while True:
        gc.collect()
        gc.freeze()
        await asyncio.sleep(every)
        gc.unfreeze()


async def run_relay(relay: Relay, address: str, port: int, ssl: Any = None, timeout: float | None = None) -> None:
    """Run `relay` on `address`:`port` until cancelled (or `timeout` seconds)."""
    await relay.listen(address, port, ssl)
    try:
        await asyncio.wait_for(asyncio.Event().wait(), timeout)
    except TimeoutError:
        pass
    finally:
        await relay.stop()
