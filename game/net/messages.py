"""The host's messages as typed records: their kinds named once (`HostKind`), each message's fields as
a TypedDict beside its schema (game/net/protocol.py's HOST_MESSAGES, keyed by these kinds; a test holds
the two together, field for field).

A message becomes one of these only once checked (`protocol.check` against its schema) and followed
(`game.net.client.Follower.receive`): the window's link (scenes/bridges/link.py) hands its scenes
`HostMessage`s, whose "type" tells them apart, and no scene reads a message's text itself.
"""

from typing import Any, Literal, NotRequired, TypedDict, get_args

#: Every kind of message the host sends, named once.
HostKind = Literal[
    "welcome",
    "lobby",
    "start",
    "step",
    "ask",
    "over",
    "left",
    "back",
    "said",
    "late",
    "bye",
    "answer",
    "taken_back",
    "refused",
    "waiting",
]
HOST_KINDS: tuple[str, ...] = get_args(HostKind)


class SeatShown(TypedDict):
    """A seat as the lobby shows it."""

    kind: str
    name: str
    character: str
    level: str | None
    connected: bool


class Standing(TypedDict):
    place: int
    name: str
    character: str
    points: int


class Welcome(TypedDict):
    type: Literal["welcome"]
    seat: int
    seats: list[str]
    token: str


class Lobby(TypedDict):
    type: Literal["lobby"]
    board: NotRequired[dict[str, Any]]  # the first lobby a client gets carries the board
    turns: int
    seats: list[SeatShown]
    takeover: float
    level: str
    clock: float
    started: bool
    watching: NotRequired[int]


class Start(TypedDict):
    type: Literal["start"]
    race: dict[str, Any]  # the race's record (game/rules/record.py checks it)


class Step(TypedDict):
    type: Literal["step"]
    option: Any
    faces: list[int]
    orders: list[list[int]]


class Ask(TypedDict):
    type: Literal["ask"]
    racer: int
    kind: str
    options: list[Any]
    index: int
    clock: NotRequired[float | None]


class Over(TypedDict):
    type: Literal["over"]
    standings: list[Standing]


class Left(TypedDict):
    type: Literal["left"]
    seat: int
    name: str
    takeover: float


class Back(TypedDict):
    type: Literal["back"]
    seat: int
    name: str


class Said(TypedDict):
    type: Literal["said"]
    seat: int
    phrase: str


class Late(TypedDict):
    type: Literal["late"]
    seat: int
    name: str


class Bye(TypedDict):
    type: Literal["bye"]
    reason: str


class Answer(TypedDict):
    type: Literal["answer"]
    said: str


class TakenBack(TypedDict):
    type: Literal["taken_back"]
    seat: int
    name: str
    index: int


class Refused(TypedDict):
    type: Literal["refused"]
    why: str


class Waiting(TypedDict):
    type: Literal["waiting"]
    seat: int | None
    name: str
    seconds: float | None


HostMessage = (
    Welcome | Lobby | Start | Step | Ask | Over | Left | Back | Said | Late | Bye | Answer | TakenBack | Refused
) | Waiting
#: Each kind's record (the test compares their fields with the schemas').
RECORDS: dict[str, type] = {
    "welcome": Welcome,
    "lobby": Lobby,
    "start": Start,
    "step": Step,
    "ask": Ask,
    "over": Over,
    "left": Left,
    "back": Back,
    "said": Said,
    "late": Late,
    "bye": Bye,
    "answer": Answer,
    "taken_back": TakenBack,
    "refused": Refused,
    "waiting": Waiting,
}
