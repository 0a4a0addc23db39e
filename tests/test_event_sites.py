"""Every event the engine emits names a kind of EVENT_KINDS and gives all its fields, in order.

`EventLog.emit(kind, *values)` (the race's) takes the fields' values in the
order EVENT_KINDS lists them and checks nothing but the kind at run time (it
runs thousands of times a race); this test reads every `emit(...)` call in
`game/`, including calls that random races seldom reach: a plain string kind,
one value per field, and a value named like one of the kind's fields sits in
that field's place.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game import Race, RacerSetup
from game.boards.randomboard import random_board
from game.bots import ai
from game.rules.events import EVENT_KINDS, SHARED_KINDS, Event, EventLog
from tests import code_trees

GAME = Path(__file__).resolve().parent.parent / "game"


def emit_calls() -> list[tuple[str, int, ast.Call]]:
    """(file, line, call) of every `something.emit(...)` in the engine."""
    calls = []
    for path in sorted(GAME.glob("*.py")) + sorted(GAME.glob("[bmr]*/*.py")):
        tree = code_trees.tree(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                calls.append((str(path.relative_to(GAME)), node.lineno, node))
    return calls


def named(value: ast.expr) -> str | None:
    """The name of a variable given as a value, if it is one."""
    return value.id if isinstance(value, ast.Name) else None


def test_every_emit_names_a_kind_and_gives_its_fields_in_order():
    calls = emit_calls()
    assert len(calls) > 40, "the engine's emit calls were not found"
    wrong = []
    for name, line, call in calls:
        where = f"{name}:{line}"
        if not call.args or not isinstance(call.args[0], ast.Constant) or call.keywords:
            wrong.append(f"{where}: emit(kind, *values) takes a plain string kind and positional values")
            continue
        kind, values = call.args[0].value, call.args[1:]
        if kind not in EVENT_KINDS:
            wrong.append(f"{where}: unknown kind {kind!r}")
            continue
        fields = EVENT_KINDS[kind]
        if any(isinstance(v, ast.Starred) for v in values) or len(values) != len(fields):
            wrong.append(f"{where}: {kind} takes {len(fields)} values {fields}, gets {len(values)}")
            continue
        for place, value in enumerate(values):
            if named(value) in fields and fields.index(named(value)) != place:
                wrong.append(f"{where}: {kind}'s {named(value)} is given as its {fields[place]}")
    assert not wrong, "\n".join(wrong)


def test_every_kind_is_emitted_somewhere():
    calls = [call for _, _, call in emit_calls()]
    emitted = {call.args[0].value for call in calls if call.args and isinstance(call.args[0], ast.Constant)}
    assert emitted == set(EVENT_KINDS)


class _Log(EventLog):
    def __init__(self) -> None:
        self.log, self._told = [], 0


def test_an_emitted_event_is_the_event_made_from_the_same_fields():
    made = Event("scored", racer=1, points=2, cause="distance", total=7)
    log = _Log()
    emitted = log.emit("scored", 1, 2, "distance", 7)
    assert log.log == [emitted] and log.take_events() == [emitted] and log.take_events() == []
    assert emitted == made and repr(emitted) == repr(made) == "scored(racer=1, points=2, cause='distance', total=7)"
    fields = {"kind": "scored", "racer": 1, "points": 2, "cause": "distance", "total": 7}
    assert emitted.to_dict() == made.to_dict() == fields and list(emitted.to_dict()) == list(fields)
    assert hash(emitted) == hash(made) and emitted.points == 2 and emitted.kind == "scored"
    assert emitted != log.emit("scored", 1, 3, "distance", 8)
    assert emitted != (1, 2, "distance", 7) and (1, 2, "distance", 7) != emitted  # an event, not its values
    assert emitted != Event("lucky", racer=1)
    with pytest.raises(TypeError):
        _ = emitted < made  # events do not order
    with pytest.raises(AttributeError, match="has no field 'square'"):
        _ = made.square
    with pytest.raises(AttributeError, match="immutable"):
        made.points = 3  # type: ignore[misc]


def test_wrong_fields_are_refused():
    for kind, fields in (
        ("no_such_kind", {"racer": 1}),
        ("scored", {"racer": 1, "points": 2}),
        ("scored", {"racer": 1, "points": 2, "cause": "distance", "total": 7, "extra": 0}),
        ("scored", {"racer": 1, "points": 2, "cause": "distance", "totl": 7}),
    ):
        with pytest.raises(ValueError):
            Event(kind, **fields)
    with pytest.raises(ValueError, match="unknown event kind"):
        _Log().emit("no_such_kind", 1)


def test_shared_events_are_equal_records_of_names_and_numbers():
    log = _Log()
    first, again, other = log.emit("phase", 2, "drift"), log.emit("phase", 2, "drift"), log.emit("phase", 3, "drift")
    assert first is again and first == Event("phase", racer=2, phase="drift") and other != first
    assert log.log == [first, first, other] and repr(again) == "phase(racer=2, phase='drift')"
    race = random_race()
    shared = [e for e in race.log if e.kind in SHARED_KINDS]
    assert {e.kind for e in shared} >= {"racer_turn", "phase", "turn_ended"}
    for event in shared:  # only immutable names and whole numbers: telling the same record again is safe
        assert all(type(value) in (int, str) for value in event), event


def random_race():
    """A finished race of four random bots on a random board."""
    rng = random.Random(5)
    setups = [RacerSetup(c, bot="random") for c in ("baby", "thief", "sorceress", "orc")]
    race = Race.new(random_board(rng, racers=4), setups, turns=8, seed=5)
    ai.play(race, {i: random.Random(i) for i in range(4)}, {i: "random" for i in range(4)})
    return race
