"""The race record: a race as plain data, the one format of saves, replays, seasons and the network.

A race is its setup, its seed and every choice made so far: they rebuild it
exactly (`Race.to_dict` gives the record, `Race.from_dict` rebuilds the race).
The record is a plain dict, the same as JSON would give back (lists, never
tuples), so text appears only at a file's edge (`game.app.userdata`,
`game.replay`) and on the wire:

    {"format": 3,                    FORMAT, the record's version
     "board": {...},                 Board.to_dict: terrain, objects, starts, name, ...
     "source": "maps/meadow.tmx",    the board's file ("" for a board without one)
     "racers": [{"character": "elf", "name": "Ann", "bot": null}, ...]
     "turns": 8,
     "seed": 20261122,               the seed of the race's dice, or null: a race without
                                     its own dice (a network race's client), which then has
     "dice": "twister",              the kind of dice the seed draws (game/dice.py): "twister"
                                     at one screen, "keyed" a network race's host (no face
                                     shown reveals its seed)
     "shown": {"faces": [...],       the faces (and orders of play) another race's dice
               "orders": [[...]]},   showed, to be shown again in turn (optional)
     "choices": [...]}               every choice, in order

With a seed and shown faces (a race a friend kept when his host left), the
shown faces come first, then dice of the seed; with shown faces and no seed,
no face can be rolled past them (the client never foresees a face).

One validation (`check`), a table per part of the record (`RECORD`,
`BOARD`, `RACER`, `SHOWN`): each failure is one sentence naming the field.
The rules check the rest (a board's squares, a choice's legality) while the
race is rebuilt. Every older version the game wrote is upgraded as it is
read (`MIGRATIONS`, one step a version), never refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.characters import CHARACTERS
from game.dice import DICE_KINDS, TWISTER, Dice, ShownDice
from game.files import kind_of
from game.state import SaveError

FORMAT = 3


class RecordError(SaveError):
    """A race record that cannot be read: one sentence naming the field."""


# ---------------------------------------------------------------- making a record
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
) -> dict[str, Any]:
    """A record of the current format from a race's parts (`dice`: what its dice keep besides the
    seed, `Dice.saved`: their kind, the faces shown)."""
    return {
        "format": FORMAT,
        "board": board,
        "source": source,
        "racers": [dict(r) for r in racers],
        "turns": turns,
        "seed": seed,
        "dice": TWISTER,
        "choices": plain(choices),
        **(dice or {}),
    }


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
TEXT = Kind("a text", lambda v: type(v) is str)
OBJECT = Kind("an object", lambda v: type(v) is dict)
LIST = Kind("a list", lambda v: type(v) is list)
ORDER = Kind("an order of play (a list of whole numbers)", lambda v: type(v) is list and all(type(r) is int for r in v))


@dataclass(frozen=True)
class Field:
    """A field of a record: its key, its kind, whether it may be missing or null, the kind of each of
    its items (a list's). Issue 27's bounds (the lowest, highest, longest value) go here too."""

    key: str
    kind: Kind
    optional: bool = False  # may be missing
    null: bool = False  # may be null
    items: Kind | None = None  # each item of a list


RECORD = (
    Field("board", OBJECT),
    Field("source", TEXT, optional=True),
    Field("racers", LIST),
    Field("turns", WHOLE),
    Field("seed", WHOLE, null=True),
    Field("dice", TEXT),
    Field("choices", LIST),
    Field("shown", OBJECT, optional=True),
)
BOARD = (
    Field("terrain", LIST, items=TEXT),
    Field("objects", LIST, items=LIST),
    Field("starts", LIST, items=LIST),
    Field("name", TEXT),
    Field("description", TEXT),
    Field("author", TEXT),
    Field("turns", WHOLE),
    Field("respawn_turns", LIST, items=WHOLE),
    Field("max_racers", WHOLE),
)
RACER = (
    Field("character", TEXT),
    Field("name", TEXT, optional=True),
    Field("bot", TEXT, optional=True, null=True),
)
SHOWN = (
    Field("faces", LIST, items=WHOLE),
    Field("orders", LIST, items=ORDER),
)


def check_fields(data: dict[str, Any], fields: Sequence[Field], names: str) -> None:
    """Check `data` against a table of fields; `names.format(key)` names a field in the sentence."""
    name = names.format
    for field in fields:
        if field.key not in data:
            if field.optional:
                continue
            raise RecordError(f"{name(field.key)} is missing")
        value = data[field.key]
        if value is None and field.null:
            continue
        if not field.kind.test(value):
            words = f"{field.kind.words} or null" if field.null else field.kind.words
            raise RecordError(f"{name(field.key)} is {kind_of(value)}, not {words}")
        if field.items is not None:
            for index, item in enumerate(value, 1):
                if not field.items.test(item):
                    raise RecordError(f"item {index} of {name(field.key)} is {kind_of(item)}, not {field.items.words}")


def check(data: Any) -> dict[str, Any]:
    """The record `data` upgraded to the current format and checked (a new dict: `data` is left as it
    is); RecordError with one sentence naming the field otherwise."""
    record = upgrade(data)
    check_fields(record, RECORD, "the field 'race.{}'")
    check_fields(record["board"], BOARD, "the field 'race.board.{}'")
    for index, racer in enumerate(record["racers"], 1):
        if not OBJECT.test(racer):
            raise RecordError(f"racer {index} is {kind_of(racer)}, not an object")
        check_fields(racer, RACER, f"racer {index}'s {{}}")
        if racer["character"] not in CHARACTERS:
            raise RecordError(f"racer {index} is an unknown character {racer['character']!r}")
    if record["dice"] not in DICE_KINDS:
        raise RecordError(f"the field 'race.dice' is {str(record['dice'])[:20]!r}, not one of {', '.join(DICE_KINDS)}")
    if "shown" in record:
        check_fields(record["shown"], SHOWN, "the field 'race.shown.{}'")
    elif record["seed"] is None:
        raise RecordError("the field 'race.seed' is null and the race has no shown faces: it cannot be replayed")
    return record


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


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1, 2: _from_2}  # version -> the next


def upgrade(data: Any) -> dict[str, Any]:
    """A record of any version the game wrote, in the current format (RecordError for a record of no
    version, or of a newer one than this game reads)."""
    if not isinstance(data, dict):
        raise RecordError(f"it holds {kind_of(data)}, not a race")
    if "format" not in data:
        raise RecordError("it has no format version: it is not a saved race")
    version = data["format"]
    if type(version) is not int or version < 1:
        raise RecordError(f"its format version {version!r} is not a whole number from 1")
    if version > FORMAT:
        raise RecordError(
            f"it was written by a newer version of the game (format {version}; this one reads format {FORMAT})"
        )
    record = dict(data)
    while record["format"] < FORMAT:
        record = MIGRATIONS[record["format"]](record)
    return record
