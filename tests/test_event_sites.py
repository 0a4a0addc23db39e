"""Every event the engine emits names a kind of EVENT_KINDS and exactly its fields.

`EventLog.emit` (the race's) checks only the number of fields at run time (it runs
thousands of times a race); this test reads every `emit(...)` call in
`game/` and checks the kind and the field names, including calls that
random races seldom reach.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.events import EVENT_KINDS, Event, record

GAME = Path(__file__).resolve().parent.parent / "game"


def emit_calls() -> list[tuple[str, int, ast.Call]]:
    """(file, line, call) of every `something.emit(...)` in the engine."""
    calls = []
    for path in sorted(GAME.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                calls.append((path.name, node.lineno, node))
    return calls


def test_every_emit_names_a_kind_and_exactly_its_fields():
    calls = emit_calls()
    assert len(calls) > 40, "the engine's emit calls were not found"
    wrong = []
    for name, line, call in calls:
        where = f"{name}:{line}"
        if len(call.args) != 1 or not isinstance(call.args[0], ast.Constant):
            wrong.append(f"{where}: the kind is not a plain string")
            continue
        kind = call.args[0].value
        if kind not in EVENT_KINDS:
            wrong.append(f"{where}: unknown kind {kind!r}")
            continue
        names = [k.arg for k in call.keywords]
        if None in names:
            wrong.append(f"{where}: fields passed with ** cannot be checked")
        elif sorted(names) != sorted(EVENT_KINDS[kind]):
            wrong.append(f"{where}: {kind} takes {EVENT_KINDS[kind]}, gets {tuple(names)}")
    assert not wrong, "\n".join(wrong)


def test_every_kind_is_emitted_somewhere():
    calls = [call for _, _, call in emit_calls()]
    emitted = {call.args[0].value for call in calls if call.args and isinstance(call.args[0], ast.Constant)}
    assert emitted == set(EVENT_KINDS)


def test_a_recorded_event_is_the_event_made_from_the_same_fields():
    made = Event("scored", racer=1, points=2, cause="distance", total=7)
    recorded = record("scored", {"racer": 1, "points": 2, "cause": "distance", "total": 7})
    assert recorded == made and repr(recorded) == repr(made) and recorded.to_dict() == made.to_dict()
    assert hash(recorded) == hash(made) and recorded.points == 2


def test_wrong_fields_are_refused():
    for kind, fields in (
        ("no_such_kind", {"racer": 1}),
        ("scored", {"racer": 1, "points": 2}),
        ("scored", {"racer": 1, "points": 2, "cause": "distance", "total": 7, "extra": 0}),
    ):
        with pytest.raises(ValueError):
            Event(kind, **fields)
        with pytest.raises(ValueError):
            record(kind, dict(fields))
    with pytest.raises(ValueError):
        Event("scored", racer=1, points=2, cause="distance", totl=7)
