"""What a network message's fields may hold: exact types and bounds, checked where a message enters.

A message from a stranger is read in two steps: `protocol.parse` turns its text into JSON values (no
number of more than MAX_DIGITS digits, no NaN, bounded size and depth), then its type's schema here
checks every field: its JSON type exactly (true is not 1, 1.0 is not 1, "1" is not 1), its bounds
(the lowest and highest number, the longest text and list), printable text, and no field the type
does not have. Each failure is one sentence naming the field (`SchemaError`, a `ProtocolError`).

The specs are small frozen objects with `check(value, where)`; `Object` is a message's (or an
item's) whole set of fields.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game import files

MAX_DIGITS = 12  # digits of any whole number in a message (the game's largest: points, a count of choices)


class ProtocolError(ValueError):
    """A message refused; the message says why, in one sentence."""


class SchemaError(ProtocolError):
    """A field that is not what its message's type says: one sentence naming it."""


def kind_of(value: Any) -> str:
    """A value's kind in plain words, whole numbers told from fractions (`game.files.kind_of`)."""
    return files.kind_of(value, whole=True)


class Spec(ABC):
    """What one field may hold."""

    kinds: tuple[type, ...] = ()  # the JSON kinds it may be (an `Either` says the error of the one it takes)

    @abstractmethod
    def check(self, value: Any, where: str) -> None:
        """SchemaError naming `where` when `value` is not what this field may hold."""


@dataclass(frozen=True)
class Whole(Spec):
    """A whole number from `low` to `high` (never true or false, never 1.0)."""

    kinds = (int,)

    low: int
    high: int

    def check(self, value: Any, where: str) -> None:
        if type(value) is not int:
            raise SchemaError(f"{where} is {kind_of(value)}, not a whole number")
        if not self.low <= value <= self.high:
            raise SchemaError(f"{where} is {value}, not a whole number from {self.low} to {self.high}")


@dataclass(frozen=True)
class Number(Spec):
    """A number (whole or not, finite) from `low` to `high`."""

    kinds = (int, float)

    low: float
    high: float

    def check(self, value: Any, where: str) -> None:
        if type(value) not in (int, float) or not math.isfinite(value):
            raise SchemaError(f"{where} is {kind_of(value)}, not a number")
        if not self.low <= value <= self.high:
            raise SchemaError(f"{where} is {value:g}, not a number from {self.low:g} to {self.high:g}")


@dataclass(frozen=True)
class Flag(Spec):
    """True or false."""

    kinds = (bool,)

    def check(self, value: Any, where: str) -> None:
        if type(value) is not bool:
            raise SchemaError(f"{where} is {kind_of(value)}, not true or false")


@dataclass(frozen=True)
class Text(Spec):
    """A text of at most `longest` characters (at least `shortest`); `printable`: no control, format
    (invisible) or unpaired surrogate character; `among`: one of these words only."""

    kinds = (str,)

    longest: int
    shortest: int = 0
    printable: bool = True
    among: tuple[str, ...] = ()

    def check(self, value: Any, where: str) -> None:
        if type(value) is not str:
            raise SchemaError(f"{where} is {kind_of(value)}, not a text")
        if not self.shortest <= len(value) <= self.longest:
            raise SchemaError(f"{where} has {len(value)} characters, not {self.shortest} to {self.longest}")
        if self.printable and value and not value.isprintable():
            raise SchemaError(f"{where} holds a character that is not printable")
        if self.among and value not in self.among:
            raise SchemaError(f"{where} is {value[:20]!r}, not one of {', '.join(self.among)}")


@dataclass(frozen=True)
class ListOf(Spec):
    """A list of at most `longest` items (at least `shortest`), each as `item` says."""

    kinds = (list,)

    item: Spec
    longest: int
    shortest: int = 0

    def check(self, value: Any, where: str) -> None:
        if type(value) is not list:
            raise SchemaError(f"{where} is {kind_of(value)}, not a list")
        if not self.shortest <= len(value) <= self.longest:
            raise SchemaError(f"{where} has {len(value)} items, not {self.shortest} to {self.longest}")
        for index, item in enumerate(value):
            self.item.check(item, f"item {index + 1} of {where}")


@dataclass(frozen=True)
class Either(Spec):
    """One of several kinds (an option: a whole number, a word, or a list of those)."""

    specs: tuple[Spec, ...]
    words: str

    def check(self, value: Any, where: str) -> None:
        taking = [spec for spec in self.specs if type(value) in spec.kinds]
        if len(taking) == 1:  # one spec takes values of this kind: its sentence says what is wrong
            taking[0].check(value, where)
            return
        for spec in taking:
            try:
                spec.check(value, where)
            except SchemaError:
                continue
            return
        raise SchemaError(f"{where} is {kind_of(value)}, not {self.words}")


@dataclass(frozen=True)
class Nullable(Spec):
    """Null, or as `spec` says."""

    spec: Spec

    def check(self, value: Any, where: str) -> None:
        if value is not None:
            self.spec.check(value, where)


@dataclass(frozen=True)
class Object(Spec):
    """An object with exactly these fields (those in `optional` may be missing; no other is allowed).
    `allowed`: keys a message always has besides its fields (its "type")."""

    kinds = (dict,)

    fields: Mapping[str, Spec]
    optional: frozenset[str] = field(default_factory=frozenset)
    allowed: frozenset[str] = field(default_factory=frozenset)

    def check(self, value: Any, where: str) -> None:
        if type(value) is not dict:
            raise SchemaError(f"{where} is {kind_of(value)}, not an object")
        for key in value:
            if key not in self.fields and key not in self.allowed:
                shown = key[:20] if isinstance(key, str) else "?"
                raise SchemaError(f"{where} has a field {shown!r} it does not have")
        for key, spec in self.fields.items():
            if key not in value:
                if key in self.optional:
                    continue
                raise SchemaError(f"{where} has no field {key!r}")
            spec.check(value[key], f"the field {key!r} of {where}")


@dataclass(frozen=True)
class Anything(Spec):
    """Any JSON value (checked elsewhere: a board, a race's record), of any kind in `kinds`."""

    kinds: tuple[type, ...]

    def check(self, value: Any, where: str) -> None:
        if type(value) not in self.kinds:
            raise SchemaError(f"{where} is {kind_of(value)}, not an object")
