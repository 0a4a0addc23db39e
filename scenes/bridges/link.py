"""The window's one link to a host: whatever carries it, the scenes see the same thing.

A `Link` owns the window's side of a network race: its transport (a `Connection` to a host, direct or
through a relay's invite, with TLS or not; or `Hosting`, the window's room in a process of its own, whose screen is its
client), the `Follower` that takes in the host's messages, and the owner's hand (`owns`). Each
frame a scene reads `news()`: every message of the host parsed and followed once, here, into a typed
record (`game.net.messages.HostMessage`), and the transport's own news, each a `News` of one `Happened`
kind. The scenes send through it (`take`, `ready`, `choose`, `take_back`, `say`) and give the owner's orders
(`start`, `remove`, `release`, `set_clock`, `set_takeover`) as `owner` messages with the room's owner key,
which the host's router checks against its secret (game/net/router.py): the same messages whether this
window hosts (its key is its own room's, the messages go to its room's process) or holds the key that `serve`
printed (they go over the network, and the host answers: `answer`, the host's sentence).

No scene parses a message or polls a queue itself; nothing here waits for the network.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from game import Option
from game.net.client import Follower
from game.net.messages import HostMessage
from game.net.protocol import ProtocolError, plain
from scenes.bridges.network import Connection, Hosting

log = logging.getLogger("fantasy-racing")
MESSAGES_A_FRAME = 64  # network news handled in one frame, at most (the rest waits for the next)


class Happened(StrEnum):
    """What a link tells its scene (the data each carries, in `News.data`)."""

    LISTENING = "listening"  # the window's host listens: {"port"}
    FAILED = "failed"  # it cannot listen: {"error", "port"}
    INVITE = "invite"  # the relay opened the room: {"text"}
    RELAY_FAILED = "relay_failed"  # the relay cannot be reached or refuses: {"error"}
    NOTE = "note"  # a line the window's host logged: {"line"}
    SEATS = "seats"  # the seats as the window's host manages them (`Host.seat_states`): {"seats"}
    CONNECTED = "connected"  # the connection to the host is open
    HEARD = "heard"  # one of the host's messages, checked and followed: `News.message`
    CLOSED = "closed"  # the host (or a relay) closed the connection: {"code", "reason"}
    UNREACHABLE = "unreachable"  # no host answers there: {"error", "untrusted"?}
    BROKEN = "broken"  # the host sent what this game cannot follow: {"error"} (the link is closed)


@dataclass(frozen=True)
class News:
    """One thing that happened on the link."""

    kind: Happened
    data: Mapping[str, Any] = field(default_factory=dict)
    message: HostMessage | None = None  # HEARD: the host's message


class Link:
    """The window's link to a host (see the module). `owner_key`: the room's owner key, when this window
    holds it without hosting (its orders go as messages)."""

    def __init__(
        self, transport: Connection | Hosting, follower: Follower, where: str = "", owner_key: str = ""
    ) -> None:
        self.transport = transport
        self.follower = follower
        self.where = where  # the host's address (or invite's relay), for the log
        self.owner_key = owner_key or (transport.owner_key if isinstance(transport, Hosting) else "")
        self.closed = False

    @classmethod
    def joining(
        cls, where: str, hello: dict[str, Any], url: str | None = None, tls: Any = None, owner_key: str = ""
    ) -> Link:
        """A friend's (or a spectator's) link: one connection to the host at `where` (or the relay's room `url`)."""
        return cls(Connection(where, hello, url=url, ssl=tls), Follower(), where, owner_key)

    @classmethod
    def hosted(cls, hosting: Hosting, follower: Follower) -> Link:
        """The window host's own screen: a client of the window's room (in a process of its own)."""
        return cls(hosting, follower, "this window's host")

    @property
    def hosting(self) -> Hosting | None:
        """The window's room, when this window hosts."""
        return self.transport if isinstance(self.transport, Hosting) else None

    @property
    def owns(self) -> bool:
        """Whether this window may give the owner's orders (it hosts, or holds the owner key)."""
        return self.hosting is not None or bool(self.owner_key)

    # ---------------------------------------------------------------- what happened
    def news(self, most: int = MESSAGES_A_FRAME) -> Iterator[News]:
        """What happened since the last frame, in order, at most `most` (never waits). A scene that changes
        stops reading: the rest waits for the next reader."""
        for _ in range(most):
            got = self.transport.get()
            if got is None:
                return
            kind, data = got
            if kind != "message":
                if kind == "seats":
                    data = {"seats": data}
                yield News(Happened(kind), data or {})
                continue
            try:
                message = cast(HostMessage, self.follower.receive(data))
            except ProtocolError as error:
                if self.hosting is not None:  # its own host: a bug, said in the log
                    log.error("this screen cannot follow its own host: %s", error)
                    continue
                log.warning("the host at %s sent what this game cannot follow: %s", self.where, error)
                self.close()
                yield News(Happened.BROKEN, {"error": str(error)})
                return
            yield News(Happened.HEARD, message=message)

    # ---------------------------------------------------------------- to the host
    def send(self, message: dict[str, Any]) -> None:
        """A message of this window's, to the host (the host's own screen: to its room's router in this
        process, as a message all the same)."""
        self.transport.send(message)

    def take(self, seat: int, character: str) -> None:
        self.send({"type": "take", "seat": seat, "character": character})

    def ready(self) -> None:
        """This window is ready to race (the host keeps a seat only for a game that is)."""
        self.send({"type": "ready"})

    def choose(self, option: Option) -> None:
        """The option chosen for the decision the host asked of this window."""
        self.send(self.follower.choice(option))

    def take_back(self) -> None:
        """Ask the host to take back the last choice of this window's racer (`Follower.may_take_back` first)."""
        self.send(self.follower.take_back())

    def say(self, phrase_id: str) -> None:
        """A quick message, to everyone in the race."""
        self.send({"type": "say", "phrase": phrase_id})

    # ---------------------------------------------------------------- the owner's orders
    def _order(self, order: str, **given: Any) -> bool:
        if not self.owner_key:
            return False
        self.follower.answer = ""
        self.send({"type": "owner", "key": self.owner_key, "order": order, **plain(given)})
        return True

    def start(self, given: Sequence[int] = ()) -> bool:
        """Start the race (the seats nobody took, and `given`, played by computer racers); whether asked."""
        return self._order("start", **({"given": list(given)} if given else {}))

    def remove(self, seat: int) -> bool:
        """Remove the friend in `seat` (a computer racer plays it, or it opens in the lobby); whether asked."""
        return self._order("remove", seat=seat)

    def release(self, seat: int) -> bool:
        """Let the friend of `seat` back in without his seat key; whether asked."""
        return self._order("let", seat=seat)

    def set_clock(self, seconds: float) -> bool:
        """The seconds a connected friend has for each decision (0: no limit); whether asked."""
        return self._order("clock", seconds=float(seconds))

    def set_takeover(self, seconds: float, level: str) -> bool:
        """How long a friend who left is waited for, and the level that plays for him then; whether asked."""
        return self._order("takeover", seconds=float(seconds), level=level)

    def seat_states(self) -> list[dict[str, Any]]:
        """The seats as the owner's hand shows them: the host's own (hosting), else as this window follows
        them (the lobby's seats; in the race, who the host said left)."""
        if self.hosting is not None:
            return self.hosting.seat_states  # (the latest, even while no scene reads the news)
        follower = self.follower
        if follower.race is None:
            seats = follower.lobby["seats"] if follower.lobby is not None else []
            return [{**seat, "away": False} for seat in seats]
        out = []
        for index, racer in enumerate(follower.race.racers):
            friend = racer.setup.bot is None and index != follower.seat
            away = index in follower.away
            kind = "friend" if friend else "bot" if racer.setup.bot else "here"
            out.append({"kind": kind, "name": racer.name, "connected": not away, "away": away})
        return out

    def close(self, reason: str = "quit") -> None:
        """Leave (the window's host: close the room, telling everyone why: `reason`); returns at once."""
        if not self.closed:
            self.closed = True
            if isinstance(self.transport, Hosting):
                self.transport.close(reason)
            else:
                self.transport.close()
