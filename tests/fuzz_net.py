"""Mutated network messages: a real message of a type, changed the ways a hostile peer would change it.

`mutants(message, count, rng)` gives `count` texts, each the message with one change (or two): a field's
value replaced by a hostile one (a float, a bool, a 5,000-digit integer, NaN, a NUL, a lone surrogate, a
string of a million characters, a list 10,000 deep, an object...), a field removed or added, another
type, a list item changed inside a field, or the text itself cut short or spoilt. The same seed gives
the same mutants.
"""

from __future__ import annotations

import json
import random
from typing import Any

DIGITS = "9" * 5000
HOSTILE_TEXTS = [  # raw JSON values json.dumps cannot write
    DIGITS,
    "-" + DIGITS,
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "1" + "0" * 400 + ".5",
    "[" * 5000 + "]" * 5000,
    '"\\ud800"',
    '"\\u0000\\u0000"',
    '"\\u202e\\u200b"',
    '{"__proto__": 1}',
]
HOSTILE_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.0,
    0.5,
    -(2**63),
    2**63,
    10**12,
    "",
    "1",
    "x" * 40,
    "x" * 200_000,
    "é" * 41,
    [],
    {},
    [1, 0],
    [1.0, 0.0],
    [True, False],
    ["1", "0"],
    [[1, 0]],
    list(range(10_000)),
    {"type": "hello"},
    "move",
    "use:wand_of_fire",
]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value: keys of objects and indexes of (the first few items of) lists."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:4]):
            found += _paths(item, (*path, index))
    return found


def _set(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _set(value[path[0]], path[1:], new)
    return copy


def _delete(value: Any, path: tuple) -> Any:
    if len(path) == 1:
        copy = dict(value) if isinstance(value, dict) else list(value)
        del copy[path[0]]
        return copy
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _delete(value[path[0]], path[1:])
    return copy


MARK = "\x00MARK\x00"


def mutant(message: dict[str, Any], rng: random.Random, types: list[str]) -> str:
    """One mutated text of `message`."""
    paths = [p for p in _paths(message) if p]
    how = rng.randrange(10)
    if how <= 3 and paths:  # a value replaced by a hostile one
        path = rng.choice(paths)
        if rng.random() < 0.3:
            text = json.dumps(_set(message, path, MARK))
            return text.replace(json.dumps(MARK), rng.choice(HOSTILE_TEXTS))
        return json.dumps(_set(message, path, rng.choice(HOSTILE_VALUES)))
    if how == 4 and paths:  # a field or item removed
        return json.dumps(_delete(message, rng.choice(paths)))
    if how == 5:  # a field added
        return json.dumps({**message, rng.choice(["extra", "seed", "token", "__class__"]): rng.choice(HOSTILE_VALUES)})
    if how == 6:  # another type (its fields kept)
        return json.dumps({**message, "type": rng.choice([*types, "", "weather", "x" * 1000, 7])})
    if how == 7:  # a whole number changed to another (a seat, an index, a face, a square out of bounds)
        numbers = [p for p in paths if type(_get(message, p)) is int]
        if numbers:
            path = rng.choice(numbers)
            return json.dumps(_set(message, path, _get(message, path) + rng.choice([-1, 1, -100, 100, 10**6])))
        return json.dumps(message)
    text = json.dumps(message)
    if how == 8 and len(text) > 2:  # the text cut short
        return text[: rng.randrange(1, len(text))]
    spoilt = list(text)  # a few characters spoilt
    for _ in range(rng.randrange(1, 4)):
        spoilt[rng.randrange(len(spoilt))] = rng.choice('{}[]",:0\\ \x00é')
    return "".join(spoilt)


def _get(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def mutants(message: dict[str, Any], count: int, rng: random.Random, types: list[str]) -> list[str]:
    """`count` mutated texts of `message` (a few of them twice mutated)."""
    out = []
    for _ in range(count):
        text = mutant(message, rng, types)
        if rng.random() < 0.1:
            try:
                again = json.loads(text)
            except (ValueError, RecursionError):
                again = None
            if isinstance(again, dict):
                text = mutant(again, rng, types)
        out.append(text)
    return out
