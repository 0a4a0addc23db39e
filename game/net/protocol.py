"""The network's messages (docs/network.md): their schemas, how a text becomes one, the limits, the
room codes, the names and the addresses.

Every message is one JSON object with a "type". A text from the other side is read by `parse` (its
size, JSON with no number of more than MAX_DIGITS digits, no NaN nor infinity) and checked by `check`
against its type's schema (`CLIENT_MESSAGES`, `HOST_MESSAGES`: each field's exact type and bounds,
no field the type does not have; game/net/schema.py); anything else is a ProtocolError in one
sentence. The host checks what a client sends and a client what the host sends: each treats the
other as a stranger. A board from a host goes through the limits of a board from a file
(`check_board`).
"""

from __future__ import annotations

import json
import math
import random
import secrets
import socket
import unicodedata
from typing import Any, Literal

from game.boards.board import (
    BOARD_OBJECTS,
    MAX_COLUMNS,
    MAX_ROWS,
    MIN_COLUMNS,
    MIN_ROWS,
    TEXT_TERRAIN,
    Board,
    BoardError,
)
from game.net.messages import HostKind
from game.net.schema import (
    MAX_DIGITS,
    Anything,
    Either,
    Flag,
    ListOf,
    Nullable,
    Number,
    Object,
    ProtocolError,
    SchemaError,
    Spec,
    Text,
    Whole,
)
from game.rules import levels, record
from game.rules.characters import CHARACTERS
from game.rules.race import MAX_POINTS, MAX_RACERS, MAX_TURNS, MIN_RACERS, MIN_TURNS, Race

__all__ = ["ProtocolError", "SchemaError", "MAX_DIGITS"]

MAX_MESSAGE = 16 * 1024  # bytes of one message from a client (a hello, a take, a choice: a few dozen)
MAX_FROM_HOST = 1024 * 1024  # bytes of one message from the host (a start carries the board and the history)
MAX_WAITING = 64 * 1024 * 1024  # bytes of the host's messages a window may hold unread (it reads them each frame)
RATE = 100  # messages a second a client may send, at most (a bot answers as fast as it is asked)
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
TURN_CLOCK = 60.0  # seconds a connected friend has for each decision unless the host says otherwise (0: none)
MISSED = 2  # decisions in a row a friend's clock ran out on: from then on he has AWAY_CLOCK seconds
READY_WITHIN = 30.0  # seconds a lobby seat is held for a client that has not said it is ready (then given back)
AWAY_CLOCK = 5.0  # seconds a friend who answered none of his last MISSED decisions has (until he answers)
SEND_TIMEOUT = 5.0  # seconds a message may wait for a client that does not read (it is then dropped)
NAME_LENGTH = 24  # characters of a friend's name, once cleaned
PORT = 47810  # the window host's port unless the settings say another
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # room codes without 0/O or 1/I to misread: 5 bits a letter
CODE_LENGTH = 8  # letters of a room code, at least: 40 bits (docs/network.md, Threats)
LONGEST_WAIT = 86400.0  # seconds: the longest takeover delay or turn clock a host may announce (a day)
MAX_CHOICES = 1_000_000  # the index of a choice, at most
MAX_SQUARE = 10_000  # an option's whole numbers (squares, shifts, coins), at most (and at least minus this)
MAX_OPTIONS = 4096  # options of one decision, at most
WATCHERS = 16  # spectators a room takes at once (they follow the race without a seat)
#: The quick messages a seated person may send (no free text): each is read in the READER's language,
#: from the catalogue key "phrase.<id>" (assets/i18n/*.json).
PHRASES = ("good_luck", "well_played", "oops", "your_turn", "nice_move", "thanks", "wow", "sorry")
PHRASE_SPACING = 1.0  # seconds between two quick messages of one seat (those between are dropped)
TAKE_BACKS = 12  # choices a seat may take back between two things chance shows (a roll, a chest, a fight's die)
#: Why the host refused a take-back (a window says it in its player's language: "undo.refused.<why>"): chance
#: spoke since the last choice of his (or he made none), the decision pending is not his (or no longer the one
#: he saw), or he took back TAKE_BACKS choices since chance last spoke.
REFUSALS = ("chance", "not_yours", "too_many")

# ---------------------------------------------------------------- the schemas
_WORD = Text(40)
_NUMBER = Whole(-MAX_SQUARE, MAX_SQUARE)
OPTION: Spec = Either(
    (_NUMBER, _WORD, ListOf(Either((_NUMBER, _WORD), "a whole number or a word"), 8)),
    "an option (a whole number, a word, or a list of them)",
)
SEAT_INDEX = Whole(0, MAX_RACERS - 1)
RACER_NAME = Text(40)
LEVEL = Text(10, among=levels.LEVELS)
CHARACTER = Text(20, among=tuple(CHARACTERS))
WAIT = Number(0, LONGEST_WAIT)
TOKEN = Text(64, shortest=16)
SEAT = Object(
    {
        "kind": Text(10, among=levels.SEAT_KINDS),
        "name": RACER_NAME,
        "character": Text(20, among=("", *CHARACTERS)),
        "level": Nullable(LEVEL),
        "connected": Flag(),
    }
)
STANDING = Object(
    {
        "place": Whole(1, MAX_RACERS),
        "name": RACER_NAME,
        "character": CHARACTER,
        "points": Whole(-MAX_POINTS, MAX_POINTS),
    }
)
_TYPE = frozenset({"type"})
OWNER_ORDERS = ("remove", "let", "clock", "start", "takeover")  # what the owner key lets a client ask of the host


def _message(fields: dict[str, Spec], optional: tuple[str, ...] = ()) -> Object:
    return Object(fields, frozenset(optional), _TYPE)


# The kinds of message (a message's "type"): what a client sends, what the host sends; each kind has its
# schema below (tests/test_network_protocol.py checks that both name the same kinds).
ClientKind = Literal["hello", "take", "ready", "choose", "take_back", "say", "owner"]
MessageKind = ClientKind | HostKind

#: What a client may send: every field of each type, exactly.
CLIENT_MESSAGES: dict[MessageKind, Object] = {
    # the name is cleaned (Unicode normalized, invisible characters removed) after this check
    "hello": _message(
        {
            "code": Text(32, printable=False),
            "name": Text(64, printable=False),
            "character": Text(20),
            "pick": Flag(),
            "token": Text(64),
            "watch": Flag(),
        },
        ("character", "pick", "token", "watch"),  # watch: a spectator, without a seat
    ),
    "take": _message({"seat": SEAT_INDEX, "character": Text(20)}),
    "ready": _message({}),  # a client in a lobby seat is ready to race (its game says so on its welcome)
    "choose": _message({"index": Whole(0, MAX_CHOICES), "option": OPTION}),
    # the last choice of this client's racer taken back; `index`: the pending decision's, as the client sees it
    "take_back": _message({"index": Whole(0, MAX_CHOICES)}),
    "say": _message({"phrase": Text(20, among=PHRASES)}),
    # the host's order from a client who holds the room's owner key (`serve`'s terminal prints it)
    # (`remove` and `let` name a `seat`; `clock` gives the turn clock's `seconds`, 0: none; `start`: now, the
    # seats `given` too played by computer racers; `takeover`: the `seconds` a friend who left is waited for,
    # and the `level` that plays for him then)
    "owner": _message(
        {
            "key": Text(64),
            "order": Text(10, among=OWNER_ORDERS),
            "seat": SEAT_INDEX,
            "seconds": WAIT,
            "given": ListOf(SEAT_INDEX, MAX_RACERS),
            "level": Text(10, among=levels.LEVELS),
        },
        ("seat", "seconds", "given", "level"),
    ),
}

#: What the host sends: every field of each type, exactly (its kinds and their typed records:
#: game/net/messages.py).
HOST_MESSAGES: dict[MessageKind, Object] = {
    "welcome": _message({"seat": SEAT_INDEX, "seats": ListOf(RACER_NAME, MAX_RACERS, MIN_RACERS), "token": TOKEN}),
    "lobby": _message(
        {
            "board": Anything((dict,)),
            "turns": Whole(MIN_TURNS, MAX_TURNS),
            "seats": ListOf(SEAT, MAX_RACERS, MIN_RACERS),
            "takeover": WAIT,
            "level": LEVEL,
            "clock": WAIT,
            "started": Flag(),
            "watching": Whole(0, WATCHERS),
        },
        ("board", "watching"),  # the first lobby a client gets carries the board; its news do not
    ),
    "start": _message(
        {"race": Anything((dict,))}
    ),  # the race's record: game/rules/record.py checks it, then `check_start`
    "step": _message(
        {
            "option": Nullable(OPTION),
            "faces": ListOf(Whole(1, 100), 4096),
            "orders": ListOf(ListOf(SEAT_INDEX, MAX_RACERS), 16),
        }
    ),
    "ask": _message(
        {
            "racer": SEAT_INDEX,
            "kind": Text(20),
            "options": ListOf(OPTION, MAX_OPTIONS, 1),
            "index": Whole(0, MAX_CHOICES),
            "clock": Nullable(WAIT),
        },
        ("clock",),
    ),
    "over": _message({"standings": ListOf(STANDING, MAX_RACERS, MIN_RACERS)}),
    "left": _message({"seat": SEAT_INDEX, "name": RACER_NAME, "takeover": WAIT}),
    "back": _message({"seat": SEAT_INDEX, "name": RACER_NAME}),
    "said": _message({"seat": SEAT_INDEX, "phrase": Text(20, among=PHRASES)}),  # a quick message, by its id
    "late": _message({"seat": SEAT_INDEX, "name": RACER_NAME}),  # his turn clock ran out: the computer chose
    "bye": _message({"reason": Text(40)}),
    "answer": _message({"said": Text(200)}),  # the host's sentence to an owner's order
    # a racer's last choice was taken back: `index` choices stand, his decision is asked again (to everyone)
    "taken_back": _message({"seat": SEAT_INDEX, "name": RACER_NAME, "index": Whole(0, MAX_CHOICES)}),
    "refused": _message({"why": Text(20, among=REFUSALS)}),  # a take-back refused, to its client only
    # a race over days (game/net/days.py) waits for a seat whose player is not connected (`seat` None: for
    # players to take the open seats); `seconds` before his clock runs out (None: no clock)
    "waiting": _message({"seat": Nullable(SEAT_INDEX), "name": RACER_NAME, "seconds": Nullable(Number(0, 2**31))}),
}


def check(message: Any, kind: MessageKind, schemas: dict[MessageKind, Object] = CLIENT_MESSAGES) -> dict[str, Any]:
    """The message, when it is of type `kind` and its fields are exactly those of its schema (ProtocolError
    in one sentence otherwise)."""
    if not isinstance(message, dict) or message.get("type") != kind:
        raise ProtocolError(f"expected a {kind!r} message")
    schemas[kind].check(message, f"the {kind!r} message")
    return message


# ---------------------------------------------------------------- a text to a message
def _whole(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_DIGITS:
        raise ProtocolError(f"a message with a number of more than {MAX_DIGITS} digits")
    return int(text)


def _fraction(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise ProtocolError(f"a message with a number of more than {2 * MAX_DIGITS} characters")
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError("a message with a number too big")
    return value


def _constant(text: str) -> Any:
    raise ProtocolError(f"a message with {text}, which is not a number")


def parse(text: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """A message from its text: a JSON object with a "type" (ProtocolError otherwise); no number of more
    than MAX_DIGITS digits, no NaN or infinity."""
    if isinstance(text, bytes):
        raise ProtocolError("binary messages are not part of the protocol")
    if len(text) > limit:
        raise ProtocolError(f"a message of {len(text)} characters, more than {limit}")
    try:
        message = json.loads(text, parse_int=_whole, parse_float=_fraction, parse_constant=_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):  # (JSONDecodeError is a ValueError)
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message that is not an object with a type")
    return message


# ---------------------------------------------------------------- a board from a host
BOARD_TEXTS = {"name": 80, "description": 400, "author": 80}  # characters of a board's words, at most


def check_board(data: Any, where: str = "the host's board") -> Board:
    """The board a host sent, through the limits of a board from a file (`record.check_board`: at most
    MAX_SQUARES squares, known squares and objects on the board, printable words that fit), then the
    network's own (game/boards/board.py's sides, starts and objects on floor squares, one object a square);
    ProtocolError in one sentence otherwise."""
    if type(data) is not dict:
        raise ProtocolError(f"{where} is not an object")
    try:
        record.check_board(data)
    except record.RecordError as error:
        raise ProtocolError(f"{where} is refused: {str(error)[:200]}") from None
    terrain = data.get("terrain")
    if type(terrain) is not list or not MIN_ROWS <= len(terrain) <= MAX_ROWS:
        raise ProtocolError(f"{where} does not have {MIN_ROWS} to {MAX_ROWS} rows")
    width = len(terrain[0]) if type(terrain[0]) is str else 0
    if not MIN_COLUMNS <= width <= MAX_COLUMNS:
        raise ProtocolError(f"{where} does not have {MIN_COLUMNS} to {MAX_COLUMNS} columns")
    for row in terrain:
        if type(row) is not str or len(row) != width or not set(row) <= TEXT_TERRAIN.keys():
            raise ProtocolError(f"{where}'s rows are not all {width} known squares")
    square = ListOf(Whole(0, MAX_ROWS - 1), 2, 2)
    fields: dict[str, Spec] = {
        "terrain": Anything((list,)),
        "objects": ListOf(
            ListOf(Either((Whole(0, MAX_ROWS - 1), Text(10)), "a place or a kind"), 3, 3), len(terrain) * width
        ),
        "starts": ListOf(square, MAX_RACERS),
        "turns": Whole(MIN_TURNS, MAX_TURNS),
        "respawn_turns": ListOf(Whole(1, MAX_TURNS), MAX_TURNS),
        "max_racers": Whole(MIN_RACERS, MAX_RACERS),
        **{key: Text(longest) for key, longest in BOARD_TEXTS.items()},
    }
    Object(fields).check(data, where)
    for row, col, kind in data["objects"]:
        if type(row) is not int or type(col) is not int or kind not in BOARD_OBJECTS:
            raise ProtocolError(f"{where} has an object that is not a row, a column and a kind")
    places = [(r, c) for r, c, _ in data["objects"]]
    for row, col in [*places, *data["starts"]]:
        if not (row < len(terrain) and col < width):
            raise ProtocolError(f"{where} has a square ({row}, {col}) beyond its {width} x {len(terrain)} squares")
        if terrain[row][col] != ".":
            raise ProtocolError(f"{where} has an object or a start on a square that is not floor ({row}, {col})")
    if len(set(places)) != len(places):
        raise ProtocolError(f"{where} has two objects on one square")
    try:
        return Board.from_dict(data)
    except (BoardError, KeyError, TypeError, ValueError) as error:
        raise ProtocolError(f"{where} cannot be read ({str(error)[:80]})") from None


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


# ---------------------------------------------------------------- codes, tokens, names, addresses
def room_code(rng: random.Random | None = None, length: int = CODE_LENGTH) -> str:
    """A room code to read aloud: CODE_LENGTH letters and digits without 0/O or 1/I (40 bits), drawn
    from the operating system's randomness."""
    rng = rng or random.SystemRandom()
    return "".join(rng.choice(CODE_LETTERS) for _ in range(length))


def plain_code(text: str) -> str:
    """A room code as typed ("abcd-efgh", "ABCD EFGH") as the host keeps it: capitals, no dash or space."""
    return "".join(ch for ch in text.upper() if ch not in "- ")


def code_problem(code: str) -> str:
    """Why a room code is not one (too short, a letter outside CODE_LETTERS), or "" when it is."""
    if len(code) < CODE_LENGTH:
        return f"a room code has at least {CODE_LENGTH} letters and digits, not {len(code)}"
    if not set(code) <= set(CODE_LETTERS):
        return f"a room code is made of {CODE_LETTERS} (no 0, O, 1 or I)"
    return ""


def shown_code(code: str) -> str:
    """A room code as the screens show it: groups of four ("ABCD-EFGH")."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def seat_token() -> str:
    """A seat's secret key (192 bits from the operating system): it takes the seat back after a drop."""
    return secrets.token_urlsafe(24)


_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format (zero-width), surrogates, unassigned


def clean_name(text: str) -> str:
    """A friend's name as the host keeps it: Unicode normalized (NFKC), without invisible or control
    characters, its spaces single, trimmed, at most NAME_LENGTH characters."""
    text = unicodedata.normalize("NFKC", text)
    kept = "".join(" " if ch.isspace() else ch for ch in text if unicodedata.category(ch) not in _INVISIBLE)
    return " ".join(kept.split())[:NAME_LENGTH].strip()


def key_place(address: str, code: str, name: str) -> str:
    """Where the settings keep a seat's key: the host's address, the room code and the name, as typed
    again ("192.168.1.20:47810 ABCDEFGH bob")."""
    return f"{address.strip()} {plain_code(code)} {clean_name(name).casefold()}"


def same_name(a: str, b: str) -> bool:
    """Whether two names are one (cleaned, then compared without case: "Bob", "bob" and "B\u200bob" are)."""
    return bool(a) and clean_name(a).casefold() == clean_name(b).casefold()


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
    if not (port_text.isascii() and port_text.isdigit() and len(port_text) <= 5) or not 1 <= int(port_text) <= 65535:
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


def close_reason(text: str) -> str:
    """A refusal's sentence as a WebSocket close carries it (at most 120 bytes of UTF-8)."""
    return text.encode()[:120].decode(errors="ignore")


def words_of_close(code: int, reason: str) -> str:
    """What a refusal's close says, for the screen's one sentence (the host's reason, or the code's)."""
    reason = "".join(ch for ch in reason if ch.isprintable())[:120]
    if reason:
        return reason
    return {1009: "a message too big", 1001: "the host left", 1006: "the connection was lost"}.get(code, "")
