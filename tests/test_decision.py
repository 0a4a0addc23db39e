"""A decision reads, compares, hashes, prints and copies as a frozen record of its four fields."""

from __future__ import annotations

import copy
import pickle

import pytest

from game.state import Decision


def test_a_decision_is_made_from_its_fields_and_reads_them_by_name():
    shown = {"object": "spear"}
    made = Decision(0, "target", ((3, 2), (5, 5)), shown)
    named = Decision(racer=0, kind="target", options=((3, 2), (5, 5)), info=shown)
    assert made.racer == 0 and made.kind == "target" and made.options == ((3, 2), (5, 5)) and made.info is shown
    assert named == made and Decision(1, "move", ((1, 0),)).info == {}
    assert Decision(1, "move", ((1, 0),)).info is not Decision(1, "move", ((1, 0),)).info


def test_decisions_compare_and_hash_by_racer_kind_and_options_not_by_what_is_shown():
    a = Decision(0, "shield", ("shield", "take"), {"size": "big"})
    b = Decision(0, "shield", ("shield", "take"), {"size": "small"})
    assert a == b and hash(a) == hash(b) and not a != b
    assert a != Decision(1, "shield", ("shield", "take")) and a != Decision(0, "reroll", ("shield", "take"))
    assert a != (0, "shield", ("shield", "take"), {"size": "big"}) and (0, "shield", ("shield", "take"), {}) != a
    with pytest.raises(TypeError):
        _ = a < b


def test_a_decision_prints_is_immutable_and_copies():
    d = Decision(2, "drift", ((0, 0), (-1, 1)), {"why": 1})
    assert repr(d) == "Decision(racer=2, kind='drift', options=((0, 0), (-1, 1)), info={'why': 1})"
    with pytest.raises(AttributeError):
        d.kind = "move"  # type: ignore[misc]
    for twin in (copy.copy(d), copy.deepcopy(d), pickle.loads(pickle.dumps(d))):
        assert twin == d and twin.info == d.info and isinstance(twin, Decision)
