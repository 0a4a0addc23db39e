"""The network's messages (docs/network.md): their schemas, how a text becomes one, the limits, the
room codes, the names and the addresses.

Every message is one JSON object with a "type". `CLIENT_MESSAGES` and `HOST_MESSAGES` give, for each
type, the fields it must have and their types; `parse` turns a text into a message and `check` checks
it against its schema (ProtocolError, in one sentence, otherwise). The host checks what a client sends
and a client what the host sends: each treats the other as a stranger.
"""

from __future__ import annotations

import json
import random
import socket
from typing import Any

from game.race import Race

MAX_MESSAGE = 64 * 1024  # bytes of one message from a client
MAX_FROM_HOST = 1024 * 1024  # bytes of one message from the host (a start carries the board and the history)
MAX_WAITING = 64 * 1024 * 1024  # bytes of the host's messages a window may hold unread (it reads them each frame)
RATE = 100  # messages a second a client may send, at most (a bot answers as fast as it is asked)
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
SEND_TIMEOUT = 5.0  # seconds a message may wait for a client that does not read (it is then dropped)
NAME_LENGTH = 24
PORT = 47810  # the window host's port unless the settings say another
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # room codes without 0/O or 1/I to misread
SEAT_KINDS = ("here", "friend", "bot")  # a person at the host's screen, a friend over the network, a computer

Schema = dict[str, type | tuple[type, ...]]

#: What a client may send: the fields of each type (optional ones are read where they are used).
CLIENT_MESSAGES: dict[str, Schema] = {
    "hello": {"code": str, "name": str},  # optional: character, pick
    "take": {"seat": int, "character": str},
    "choose": {"index": int},  # and option, one of the asked options
}

#: What the host sends.
HOST_MESSAGES: dict[str, Schema] = {
    "welcome": {"seat": int, "seats": list},
    "lobby": {"board": dict, "turns": int, "seats": list, "takeover": (int, float), "level": str},
    "start": {"race": dict},
    "step": {"faces": list, "orders": list},
    "ask": {"racer": int, "kind": str, "options": list, "index": int},
    "over": {"standings": list},
    "left": {"seat": int, "name": str, "takeover": (int, float)},
    "back": {"seat": int, "name": str},
    "bye": {"reason": str},
}


class ProtocolError(ValueError):
    """A message refused; the message says why, in one sentence."""


def check(message: Any, kind: str, fields: Schema) -> dict[str, Any]:
    """The message, when it is of type `kind` with these fields (ProtocolError otherwise)."""
    if not isinstance(message, dict) or message.get("type") != kind:
        raise ProtocolError(f"expected a {kind!r} message")
    for name, wanted in fields.items():
        value = message.get(name)
        if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in _types(wanted)):
            raise ProtocolError(f"the {kind!r} message's {name!r} is missing or of the wrong type")
    return message


def _types(wanted: type | tuple[type, ...]) -> tuple[type, ...]:
    return wanted if isinstance(wanted, tuple) else (wanted,)


def parse(text: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """A message from its text: a JSON object with a "type" (ProtocolError otherwise)."""
    if isinstance(text, bytes):
        raise ProtocolError("binary messages are not part of the protocol")
    if len(text) > limit:
        raise ProtocolError(f"a message of {len(text)} characters, more than {limit}")
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message that is not an object with a type")
    return message


def freeze(value: Any) -> Any:
    """JSON lists back to the tuples options are made of."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def plain(value: Any) -> Any:
    """An option as JSON data (tuples as lists)."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def standings_json(race: Race) -> list[dict[str, Any]]:
    """The final standings as the `over` message carries them (and the commands print them with --json)."""
    return [
        {"place": place, "name": race.racers[i].name, "character": race.racers[i].character, "points": points}
        for place, i, points in race.standings()
    ]


# ---------------------------------------------------------------- codes, names, addresses
def room_code(rng: random.Random | None = None, length: int = 5) -> str:
    """A short room code to read aloud (no 0/O, no 1/I)."""
    rng = rng or random.SystemRandom()
    return "".join(rng.choice(CODE_LETTERS) for _ in range(length))


def clean_name(text: str) -> str:
    """A friend's name as the host keeps it: printable, trimmed, at most NAME_LENGTH characters."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:NAME_LENGTH]


def split_address(text: str, default_port: int = PORT) -> tuple[str, int]:
    """("host", port) from "host:port", "host" (the default port) or "[v6]:port" (ValueError in one sentence)."""
    text = text.strip()
    if not text:
        raise ValueError("give the host's address, such as 192.168.1.20:47810")
    if text.startswith("["):
        host, closed, rest = text[1:].partition("]")
        if not closed or (rest and not rest.startswith(":")):
            raise ValueError(f"{text!r} is not an address: give it as [IPv6]:PORT, such as [::1]:47810")
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not host or any(ch.isspace() for ch in host):
        raise ValueError(f"{text!r} is not an address: give it as HOST:PORT, such as 192.168.1.20:47810")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"the port of {text!r} must be a number from 1 to 65535")
    return host, int(port_text)


def address_of(host: str, port: int) -> str:
    """HOST:PORT as a WebSocket address takes it ([v6]:port)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def lan_address() -> str | None:
    """This machine's address on its local network (what a friend at home types), or None.

    Asks the system which interface would carry traffic to a private address: a UDP socket is
    "connected" (a routing question, no packet is ever sent), then closed.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 9))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith(("127.", "0.")) else str(address)


def words_of_close(code: int, reason: str) -> str:
    """What a refusal's close says, for the screen's one sentence (the host's reason, or the code's)."""
    reason = "".join(ch for ch in reason if ch.isprintable())[:120]
    if reason:
        return reason
    return {1009: "a message too big", 1001: "the host left", 1006: "the connection was lost"}.get(code, "")
