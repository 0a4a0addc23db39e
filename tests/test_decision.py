"""A decision reads, compares, hashes, prints and copies as a frozen record of its four fields."""

from __future__ import annotations

import copy
import pickle

import pytest

from game.rules.state import Decision


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


def _ints(option, change):
    """The option with each of its whole numbers changed (a string stays)."""
    if isinstance(option, tuple):
        return tuple(_ints(v, change) for v in option)
    return change(option) if type(option) is int else option


@pytest.mark.parametrize(
    "spoil",
    [
        lambda o: _ints(o, float),  # 1.0 for 1
        lambda o: _ints(o, bool),  # True for 1
        lambda o: _ints(o, str),  # "1" for 1
        lambda o: _ints(o, lambda v: v + 10**5000),  # a huge integer
        lambda o: (*o, 0) if isinstance(o, tuple) else (o,),  # one more item
    ],
)
def test_a_choice_equal_in_value_but_of_another_type_is_refused_and_the_race_goes_on(spoil):
    """Options are compared by type as well as value: `[1.0, 0.0]` or `[True, False]` where `(1, 0)` is
    offered is IllegalChoice in one sentence, never a choice the rules then fail on."""
    from game import IllegalChoice, Race, RacerSetup
    from scenes.core import boards

    race = Race.new(boards.practice_board(), [RacerSetup("elf"), RacerSetup("orc")], turns=5, seed=1)
    refused = 0
    while race.pending is not None:  # moves, drifts, actions, coins, targets: whole numbers, tuples, strings
        decision = race.pending
        option = decision.options[-1]
        spoilt = spoil(option)
        if _typed(spoilt) != _typed(option):  # (a string option stays as it is when whole numbers change)
            with pytest.raises(IllegalChoice) as error:
                race.choose(spoilt)
            assert "\n" not in str(error.value) and len(str(error.value)) < 400
            assert race.pending == decision  # nothing changed
            refused += 1
        race.choose(list(option) if isinstance(option, tuple) else option)  # as JSON gives it back: taken
    assert refused > 20


def _typed(option):
    """An option's value with the type of each of its parts."""
    if isinstance(option, tuple):
        return ("tuple", tuple(_typed(v) for v in option))
    return (type(option).__name__, option)
