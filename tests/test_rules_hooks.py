"""Special rules behind named hooks (game/rules/hooks.py): a new character is one module that registers its
rule and one row of the characters' table; the shipped rules and objects are each registered once."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from game.rules import characters, hooks
from game.rules import objects as obj
from game.rules.characters import CHARACTERS, NON_OFFENSIVE, Character
from game.rules.rulebook import Rules
from game.rules.state import RaceState
from game.rules.state import Rules as Steps
from tests.scenario import choose, events, racer, scenario, to_action

STEP = [("D6", 1), ("D6", 2)]  # a movement roll without a double
LEAP = "leap"  # the frog's special rule


# ---------------------------------------------------------------- the frog's module: its rule's hook
def _leap_actions(race: RaceState, racer: int) -> list[str]:
    """Leap: once a turn, a free jump two rows forward."""
    return [LEAP]


def _leap(race: RaceState, racer: int, action: str) -> Steps:
    race.emit("object_used", racer, LEAP)
    yield from race.walk(racer, 2, 0, LEAP, voluntary=True)


@pytest.fixture
def frog(monkeypatch):
    """The frog: its hook registered, its row in the characters' table (both gone after the test)."""
    hooks.register(LEAP, hooks.Hook((LEAP,), _leap_actions, _leap))
    monkeypatch.setitem(CHARACTERS, "frog", Character("frog", "Frog", "la grenouille", 30, 20, NON_OFFENSIVE, (LEAP,)))
    yield Rules.of(speed={**Rules.of().speed, "frog": 1})  # (its speed: a number of the rules)
    hooks.unregister(LEAP)


def test_a_new_character_is_a_hook_and_a_table_row(frog):
    race = scenario(
        """
        ..1.....
        .......2
    """,
        ["frog", "dwarf"],
        faces=STEP + STEP,
        rules=frog,
    )
    to_action(race)  # (1, 2)
    assert LEAP in race.pending.options and "move" in race.pending.options
    choose(race, LEAP)
    assert racer(race, 0).square == (3, 2)
    assert {"racer": 0, "object": LEAP} in events(race, "object_used")
    # a free action: once a turn, and the action of the phase still to come (his speed from the rules)
    assert LEAP not in race.pending.options
    choose(race, "move")
    assert racer(race, 0).square == (4, 2)


def test_every_shipped_special_rule_that_acts_in_a_turn_and_every_active_object_has_its_hook():
    assert {characters.WAND_MASTERY, characters.THROWING_STARS, characters.FLAIL} <= set(hooks.HOOKS)
    active = set(obj.CHEST_ORDER) - obj.COUNTED
    assert set(hooks.OBJECT_USES) == active
    with pytest.raises(ValueError, match="has a hook already"):
        hooks.register(characters.FLAIL, hooks.Hook())
    with pytest.raises(ValueError, match="belongs to the rule"):
        hooks.register("copycat", hooks.Hook(("star",)))


def test_a_rules_record_is_frozen_and_says_what_is_wrong():
    rules = Rules.of()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.axe_range = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.speed["elf"] = 9  # type: ignore[index]
    with pytest.raises(ValueError, match="no rules of version 99"):
        Rules.of(99)
    with pytest.raises(ValueError, match="no number 'axe'"):
        Rules.of(axe=3)
    assert Rules.of(1).vicious_points == 1 and Rules.of().numbers()["AXE_RANGE"] == rules.axe_range


def test_no_number_of_the_rules_is_read_from_the_tuning_table_but_by_the_rules_record():
    """A race reads its numbers from its `Rules` (race.rules.X): only game/rules/rulebook.py reads the table."""
    root = Path(__file__).resolve().parent.parent
    reads = [
        f"{path.relative_to(root).as_posix()}:{number}"
        for folder in ("game", "scenes", "tools", "benchmarks")
        for path in sorted((root / folder).rglob("*.py"))
        if path.name not in ("rulebook.py", "tuning.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\btuning\.(?!py\b)[A-Za-z_]+", line) and not line.lstrip().startswith("#")
    ]
    assert reads == [], f"read the race's Rules instead of the tuning table: {reads}"
