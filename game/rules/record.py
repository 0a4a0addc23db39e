"""The race record: a race as plain data, the one format of saves, replays, seasons and the network.

A race is its setup, its seed and every choice made so far: they rebuild it
exactly (`Race.to_dict` gives the record, `Race.from_dict` rebuilds the race).
The record is a plain dict, the same as JSON would give back (lists, never
tuples), so text appears only at a file's edge (`game.app.userdata`,
`game.meta.replay`) and on the wire:

    {"format": 4,                    FORMAT, the record's version
     "rules": 2,                     the version of the rules the race plays by (game/rules/tuning.py RULES)
     "board": {...},                 Board.to_dict: terrain, objects, starts, name, ...
     "source": "maps/meadow.tmx",    the board's file ("" for a board without one)
     "racers": [{"character": "elf", "name": "Ann", "bot": null}, ...]
     "turns": 8,
     "seed": 20261122,               the seed of the race's dice, or null: a race without
                                     its own dice (a network race's client), which then has
     "dice": "twister",              the kind of dice the seed draws (game/rules/dice.py): "twister"
                                     at one screen, "keyed" a network race's host (no face
                                     shown reveals its seed)
     "shown": {"faces": [...],       the faces (and orders of play) another race's dice
               "orders": [[...]]},   showed, to be shown again in turn (optional)
     "choices": [...]}               every choice, in order

With a seed and shown faces (a race a friend kept when his host left), the
shown faces come first, then dice of the seed; with shown faces and no seed,
no face can be rolled past them (the client never foresees a face).

One validation (`check`), a table per part of the record (`RECORD`,
`BOARD`, `RACER`, `SHOWN`): each field's type and its bounds (the lowest and
highest whole number, the longest text or list, the values or characters
allowed; every text printable), each failure one sentence naming the field.
The same tables' `Field`s check the other files of the player (a race's
setup, `SETUP`; a season, `game.meta.season`; the settings, `game.app.settings`):
whatever a file holds is checked before anything uses it. The rules check the
rest (a choice's legality) while the race is rebuilt. Every older version the game wrote is upgraded as it is
read (`MIGRATIONS`, one step a version, through the envelope every file of the game shares:
`ENVELOPE`, game/envelope.py), never refused.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.boards.board import BOARD_OBJECTS, MAX_COLUMNS, MAX_ROWS, MAX_SQUARES, TEXT_TERRAIN
from game.boards.map_format import BOARD_NAME_LENGTH, DESCRIPTION_LENGTH
from game.envelope import Envelope, EnvelopeError
from game.files import kind_of, printable
from game.rules import levels, rulebook
from game.rules.characters import CHARACTERS
from game.rules.dice import DICE_KINDS, TWISTER, Dice, ShownDice
from game.rules.state import SaveError

FORMAT = 4

# The bounds of what a record (and the player's other files) may hold.
NAME_LENGTH = 40  # a racer's, a season's, a player's name (the setup's name field takes 16)
PATH_LENGTH = 4096  # a file's path (a board's source)
MAX_CHOICES = 10_000  # a 15-turn race of six racers makes under a thousand
MAX_FACES = 100_000  # the faces shown to a network race's friend
MIN_RACERS, MAX_RACERS = 2, 6  # (game.rules.race's, which imports this module)
MIN_TURNS, MAX_TURNS = 5, 15
SEED_RANGE = (-(2**63), 2**128 - 1)  # a seed the dice take (a hosted race's is 128 bits: seeds.hosted)


class RecordError(SaveError):
    """A race record that cannot be read: one sentence naming the field."""


# ---------------------------------------------------------------- making a record
def freeze(value: Any) -> Any:
    """JSON lists back to the tuples options are made of (a choice read from a file or a message)."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def plain(value: Any) -> Any:
    """A choice (or any value of a record or an event) as JSON gives it back: tuples become lists, and
    a key that is not a text becomes one (1 -> "1", as JSON writes it)."""
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k if isinstance(k, str) else json.dumps(k): plain(v) for k, v in value.items()}
    return value


def make(
    board: dict[str, Any],
    source: str,
    racers: Iterable[dict[str, Any]],
    turns: int,
    seed: int | None,
    choices: Sequence[Any],
    dice: dict[str, Any] | None = None,
    rules: int = rulebook.VERSION,
) -> dict[str, Any]:
    """A record of the current format from a race's parts (`dice`: what its dice keep besides the
    seed, `Dice.saved`: their kind, the faces shown; `rules`: the version of the rules the race plays by,
    game/rules/tuning.py)."""
    return ENVELOPE.stamp(
        {
            "rules": rules,
            "board": board,
            "source": source,
            "racers": [dict(r) for r in racers],
            "turns": turns,
            "seed": seed,
            "dice": TWISTER,
            "choices": plain(choices),
            **(dice or {}),
        }
    )


def without_seed(data: dict[str, Any], faces: Sequence[int], orders: Sequence[Sequence[int]]) -> dict[str, Any]:
    """The record a network race's host gives his friends: his race's record with no seed (it would
    tell them every face to come) and, instead, the faces and orders of play his dice showed."""
    return {**data, "seed": None, "shown": {"faces": list(faces), "orders": [list(o) for o in orders]}}


def reason(error: Exception) -> str:
    """An error's first line, short, with its kind (the end of a sentence that says why)."""
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}"[:160] if text else type(error).__name__


# ---------------------------------------------------------------- the fields
@dataclass(frozen=True)
class Kind:
    """What a field's value must be: the words a sentence says, and the test."""

    words: str
    test: Callable[[Any], bool]


WHOLE = Kind("a whole number", lambda v: type(v) is int)  # (never true or false)
NUMBER = Kind("a number", lambda v: type(v) is int or (type(v) is float and math.isfinite(v)))
TEXT = Kind("a text", lambda v: type(v) is str)
OBJECT = Kind("an object", lambda v: type(v) is dict)
LIST = Kind("a list", lambda v: type(v) is list)
ORDER = Kind("an order of play (a list of whole numbers)", lambda v: type(v) is list and all(type(r) is int for r in v))


def _choice_kind(value: Any, depth: int = 0) -> bool:
    """A choice as a record holds it: a whole number, a short text, or a short list of them."""
    if type(value) is int:
        return -1_000_000 <= value <= 1_000_000
    if type(value) is str:
        return len(value) <= 80 and printable(value, 80) is None
    if type(value) is list:
        return depth < 3 and len(value) <= 16 and all(_choice_kind(v, depth + 1) for v in value)
    return False


CHOICE = Kind("a choice (a whole number, a short text or a short list of them)", _choice_kind)
SPOT = Kind(
    "an object on a square (row, column, kind)",
    lambda v: type(v) is list and len(v) == 3 and type(v[0]) is int and type(v[1]) is int and v[2] in BOARD_OBJECTS,
)
SQUARE = Kind("a square (row, column)", lambda v: type(v) is list and len(v) == 2 and all(type(n) is int for n in v))


@dataclass(frozen=True)
class Field:
    """A field of a record: its key, its kind, whether it may be missing or null, the kind of each of
    its items (a list's), and its bounds (issue 27): `low` and `high` for a whole number (or each whole
    item), `longest` for a text (characters) or a list (items), `among` the values a text may take,
    `chars` the only characters a text (or each text item) may hold, `lines` whether a text may hold line
    breaks, `item_longest` the longest text item. Every text must be printable."""

    key: str
    kind: Kind
    optional: bool = False  # may be missing
    null: bool = False  # may be null
    items: Kind | None = None  # each item of a list
    low: int | None = None
    high: int | None = None
    longest: int | None = None
    among: tuple[str, ...] | None = None
    chars: str | None = None
    lines: bool = False
    item_longest: int | None = None

    def problem(self, value: Any, name: str) -> str | None:
        """What is wrong with `value` for this field, one sentence naming it as `name` ("the field
        'race.seed' is a text, not a whole number"), or None."""
        if value is None and self.null:
            return None
        if not self.kind.test(value):
            words = f"{self.kind.words} or null" if self.null else self.kind.words
            return f"{name} is {kind_of(value)}, not {words}"
        wrong = None
        if type(value) in (int, float):
            wrong = self._range(value)
        elif type(value) is str:
            wrong = self._text(value, self.longest or DESCRIPTION_LENGTH)
        elif type(value) is list:
            if self.longest is not None and len(value) > self.longest:
                return f"{name} holds {len(value):,} items (at most {self.longest:,})"
            for index, item in enumerate(value if self.items is not None else (), 1):
                if not self.items.test(item):  # type: ignore[union-attr]  # (items is set)
                    return f"item {index} of {name} is {kind_of(item)}, not {self.items.words}"  # type: ignore[union-attr]
                if type(item) is int:
                    wrong = self._range(item)
                elif type(item) is str:
                    wrong = self._text(item, self.item_longest or DESCRIPTION_LENGTH)
                if wrong:
                    return f"item {index} of {name} {wrong}"
        return f"{name} {wrong}" if wrong else None

    def _range(self, number: float) -> str | None:
        if self.low is not None and number < self.low:
            return f"is {number}, less than {self.low}"
        if self.high is not None and number > self.high:
            return f"is {number}, more than {self.high}"
        return None

    def _text(self, text: str, longest: int) -> str | None:
        if self.among is not None and text not in self.among:
            shown = text if len(text) <= 20 else text[:20] + "…"
            return f"is {shown!r}, not one of {', '.join(self.among)}"
        if self.chars is not None:
            stray = next((c for c in text if c not in self.chars), None)
            if stray is not None:
                return f"holds the character {stray!r}, not one of {self.chars!r}"
        wrong = printable(text, longest, self.lines)
        return f"is a text that cannot be used: {wrong}" if wrong else None


RECORD = (
    Field("board", OBJECT),
    Field("source", TEXT, optional=True, longest=PATH_LENGTH),
    Field("racers", LIST, longest=MAX_RACERS),
    Field("turns", WHOLE, low=MIN_TURNS, high=MAX_TURNS),
    Field("seed", WHOLE, null=True, low=SEED_RANGE[0], high=SEED_RANGE[1]),
    Field("dice", TEXT, longest=10),
    Field("choices", LIST, items=CHOICE, longest=MAX_CHOICES),
    Field("shown", OBJECT, optional=True),
    Field("rules", WHOLE),
)
BOARD = (
    Field("terrain", LIST, items=TEXT, longest=MAX_ROWS, chars="".join(TEXT_TERRAIN), item_longest=MAX_COLUMNS),
    Field("objects", LIST, items=SPOT, longest=MAX_SQUARES),
    Field("starts", LIST, items=SQUARE, longest=MAX_COLUMNS),
    Field("name", TEXT, longest=BOARD_NAME_LENGTH),
    Field("description", TEXT, longest=DESCRIPTION_LENGTH, lines=True),
    Field("author", TEXT, longest=DESCRIPTION_LENGTH, lines=True),
    Field("turns", WHOLE, low=MIN_TURNS, high=MAX_TURNS),
    Field("respawn_turns", LIST, items=WHOLE, low=1, high=MAX_TURNS, longest=MAX_TURNS),
    Field("max_racers", WHOLE, low=MIN_RACERS, high=MAX_RACERS),
)
RACER = (
    Field("character", TEXT, among=tuple(CHARACTERS)),
    Field("name", TEXT, optional=True, longest=NAME_LENGTH),
    Field("bot", TEXT, optional=True, null=True, among=levels.POLICIES),
)
SHOWN = (
    Field("faces", LIST, items=WHOLE, low=0, high=1000, longest=MAX_FACES),
    Field("orders", LIST, items=ORDER, longest=MAX_FACES),
)
#: What the list of games in progress shows of a race (its file's "summary"), and of a championship.
LATEST_SAVE = 253_402_300_799  # seconds since 1970 of the last second of the year 9999
SUMMARY = (
    Field("saved", NUMBER, optional=True, low=0, high=LATEST_SAVE),
    Field("board", TEXT, longest=BOARD_NAME_LENGTH),
    Field("turn", WHOLE, low=0, high=MAX_TURNS + 1),
    Field("turns", WHOLE, low=0, high=MAX_TURNS),
    Field("racers", LIST, items=OBJECT, longest=MAX_RACERS),
    Field("network", TEXT, optional=True, among=("", "host", "friend")),
    Field("code", TEXT, optional=True, longest=16),
    Field("board_names", OBJECT, optional=True),  # the board's name in other languages ({"fr": ...})
)
BOARD_NAMES_MOST = 8  # languages a summary names its board in, at most
SEASON_SUMMARY = SUMMARY + (
    Field("name", TEXT, longest=NAME_LENGTH),
    Field("race_number", WHOLE, low=0, high=100),
    Field("races", WHOLE, low=1, high=100),
    Field("next", TEXT, optional=True, longest=PATH_LENGTH),
)
#: A race's setup as the setup screen gives it (saved with the race: *Race again* starts it again).
SETUP = (
    Field("board", TEXT, optional=True, longest=PATH_LENGTH),
    Field("turns", WHOLE, optional=True, null=True, low=MIN_TURNS, high=MAX_TURNS),
    Field("seed", WHOLE, optional=True, null=True, low=SEED_RANGE[0], high=SEED_RANGE[1]),
    Field("racers", LIST, optional=True, items=OBJECT, longest=MAX_RACERS),
    Field("season", TEXT, optional=True, longest=NAME_LENGTH),
    Field("season_race", WHOLE, optional=True, low=1, high=100),
)
SETUP_RACER = (
    Field("character", TEXT, among=tuple(CHARACTERS)),
    Field("name", TEXT, optional=True, longest=NAME_LENGTH),
    Field("bot", TEXT, optional=True, null=True, among=levels.POLICIES),
    Field("seat", TEXT, optional=True, among=levels.SEAT_KINDS),
)


def check_fields(data: dict[str, Any], fields: Sequence[Field], names: str) -> None:
    """Check `data` against a table of fields; `names.format(key)` names a field in the sentence."""
    name = names.format
    for field in fields:
        if field.key not in data:
            if field.optional:
                continue
            raise RecordError(f"{name(field.key)} is missing")
        wrong = field.problem(data[field.key], name(field.key))
        if wrong is not None:
            raise RecordError(wrong)


def check_summary(summary: Any, season: bool) -> dict[str, Any]:
    """A game in progress's summary (`SUMMARY`, or a championship's), checked (RecordError naming the
    field otherwise): every number finite and in range, every text bounded and printable."""
    if not OBJECT.test(summary):
        raise RecordError(f"the field 'summary' is {kind_of(summary)}, not an object")
    check_fields(summary, SEASON_SUMMARY if season else SUMMARY, "the field 'summary.{}'")
    for index, racer in enumerate(summary["racers"], 1):
        check_fields(racer, SETUP_RACER, f"the summary's racer {index}'s {{}}")
    names = summary.get("board_names", {})
    if len(names) > BOARD_NAMES_MOST:
        raise RecordError(
            f"the field 'summary.board_names' names {len(names)} languages, not at most {BOARD_NAMES_MOST}"
        )
    for language, name in names.items():
        if not (0 < len(language) <= 8 and language.isascii() and language.isalpha()):
            raise RecordError("the field 'summary.board_names' names a language that is not a language code")
        wrong = Field(language, TEXT, longest=BOARD_NAME_LENGTH).problem(
            name, f"the field 'summary.board_names.{language}'"
        )
        if wrong is not None:
            raise RecordError(wrong)
    checked: dict[str, Any] = summary
    return checked


def check_setup(setup: Any) -> dict[str, Any]:
    """A race's setup as saved with it (`SETUP`), checked (RecordError naming the field otherwise)."""
    if not OBJECT.test(setup):
        raise RecordError(f"the field 'setup' is {kind_of(setup)}, not an object")
    check_fields(setup, SETUP, "the field 'setup.{}'")
    for index, racer in enumerate(setup.get("racers") or [], 1):
        check_fields(racer, SETUP_RACER, f"the setup's racer {index}'s {{}}")
    checked: dict[str, Any] = dict(setup)
    return checked


def check(data: Any) -> dict[str, Any]:
    """The record `data` upgraded to the current format and checked (a new dict: `data` is left as it
    is); RecordError with one sentence naming the field otherwise."""
    record = upgrade(data)
    check_fields(record, RECORD, "the field 'race.{}'")
    check_board(record["board"])
    for index, racer in enumerate(record["racers"], 1):
        if not OBJECT.test(racer):
            raise RecordError(f"racer {index} is {kind_of(racer)}, not an object")
        if type(racer.get("character")) is str and racer["character"] not in CHARACTERS:
            shown = racer["character"] if len(racer["character"]) <= 20 else racer["character"][:20] + "…"
            raise RecordError(f"racer {index} is an unknown character {shown!r}")
        check_fields(racer, RACER, f"racer {index}'s {{}}")
    if len(record["racers"]) < MIN_RACERS:
        raise RecordError(
            f"the field 'race.racers' holds {len(record['racers'])} racers, not {MIN_RACERS} to {MAX_RACERS}"
        )
    if record["dice"] not in DICE_KINDS:
        raise RecordError(f"the field 'race.dice' is {record['dice']!r}, not one of {', '.join(DICE_KINDS)}")
    if record["rules"] not in rulebook.VERSIONS:
        raise RecordError(f"its rules' version {record['rules']} is not one this game knows (a newer game's?)")
    if "shown" in record:
        check_fields(record["shown"], SHOWN, "the field 'race.shown.{}'")
    elif record["seed"] is None:
        raise RecordError("the field 'race.seed' is null and the race has no shown faces: it cannot be replayed")
    return record


def check_board(board: Any) -> dict[str, Any]:  # (Any: a board as a file or a message gave it, checked here)
    """A board as a record holds it (`Board.to_dict`: a save's, a replay's, the one a network host
    sends), checked against `BOARD` and the board limits (at most MAX_SQUARES squares, names printable
    and short, only known terrain and objects, all on the board); RecordError naming the field."""
    if not OBJECT.test(board):
        raise RecordError(f"the field 'race.board' is {kind_of(board)}, not an object")
    check_fields(board, BOARD, "the field 'race.board.{}'")
    rows = board["terrain"]
    height, width = len(rows), len(rows[0]) if rows else 0
    if not rows or any(len(row) != width for row in rows):
        raise RecordError("the field 'race.board.terrain' is not rows of one length")
    if height * width > MAX_SQUARES:
        raise RecordError(
            f"the field 'race.board.terrain' is {width} x {height} squares, "
            f"more than the {MAX_SQUARES:,} a board may have"
        )
    for key in ("objects", "starts"):
        for index, item in enumerate(board[key], 1):
            if not (0 <= item[0] < height and 0 <= item[1] < width):
                raise RecordError(f"item {index} of the field 'race.board.{key}' is off the board")
    checked: dict[str, Any] = board
    return checked


def dice(record: dict[str, Any]) -> Dice:
    """The dice a checked record names: the faces it shows (and then its seed's, if it has one),
    or the dice of its seed, of their kind."""
    shown, seed, kind = record.get("shown"), record["seed"], record["dice"]
    if shown is None:
        return Dice(seed, kind)
    return ShownDice(shown["faces"], shown["orders"], seed=seed, strict=seed is None, kind=kind)


# ---------------------------------------------------------------- older versions
def _from_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the game's first saves, replays and seasons, to commit 14c1549) to version 2.

    The fields are the same: version 2 only adds that a record may have no seed (a network race's
    client, which shows the host's faces and rolls none of its own). Every record of version 1 has a
    seed, so it reads as it did.
    """
    return {**data, "format": 2}


def _from_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 (to the network's keyed dice, issue 28) to version 3: a record names the kind of
    dice its seed draws ("dice"). Every record of version 2 drew Python's Mersenne Twister."""
    return {**data, "format": 3, "dice": TWISTER}


def _from_3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 (to issue 29) to version 4: the record says the version of the rules its race plays by
    (game/rules/tuning.py, RULES); every record of version 3 was played by the rules of version 1 (a fight's
    shock scoring its winner, Vicious 1, the dwarf's speed 1, no double with the quick die, the wand of
    teleportation sideways too), and replays by them."""
    return {**data, "format": 4, "rules": 1}


# version -> the next
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1, 2: _from_2, 3: _from_3}


ENVELOPE = Envelope("a race", "format", FORMAT, MIGRATIONS)  # (game/envelope.py: one way for every file)


def upgrade(data: Any) -> dict[str, Any]:
    """A record of any version the game wrote, in the current format (RecordError for a record of no
    version, or of a newer one than this game reads)."""
    try:
        return ENVELOPE.upgrade(data)
    except EnvelopeError as error:
        raise RecordError(str(error)) from None
