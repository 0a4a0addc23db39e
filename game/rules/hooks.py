"""The special rules of characters and objects behind named hooks, registered per rule.

A character's row (game/rules/characters.py) names its special rules; each rule that acts at a point of a
racer's turn registers what it does there under its name (`register`): the free actions it offers in the
action phase and how they are done, what it does after the action phase. An object registers its use
under its id (`register_object`). The race asks the registry (`free_actions`, `use_free`, `after_action`,
`object_use`), never a character by name: a new character is one module that registers its rule and one
row of the characters' table (tests/test_rules_hooks.py adds one).

The rules that change a number or a chance where it is worked out (initiative, thick skin, vicious...)
stay with the rule they change: they are read there with `Racer.has`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules.state import RaceState, Rules


@dataclass(frozen=True)
class Hook:
    """What one special rule does at the points of a racer's turn where special rules act (None: nothing).

    `free_actions(race, racer)`: the free actions it offers now in the action phase, each named
    "prefix" or "prefix:detail" with a prefix of `actions`; `use_free(race, racer, action)`: the rules of
    doing one; `after_action(race, racer)`: the rules it runs after the racer's action phase."""

    actions: tuple[str, ...] = ()
    free_actions: Callable[[RaceState, int], list[str]] | None = None
    use_free: Callable[[RaceState, int, str], Rules] | None = None
    after_action: Callable[[RaceState, int], Rules] | None = None


@dataclass(frozen=True)
class ObjectUse:
    """What using an active object does (`use(race, racer, item)`), and whether it has a use now (`usable(race,
    racer)`; None: always)."""

    use: Callable[[RaceState, int, str], Rules]
    usable: Callable[[RaceState, int], bool] | None = None


HOOKS: dict[str, Hook] = {}  # a special rule's name -> its hook
OBJECT_USES: dict[str, ObjectUse] = {}  # an active object's id -> its use
ACTING_FREELY: set[str] = set()  # the rules that offer free actions (few characters have one)
ACTING_AFTER: set[str] = set()  # the rules that act after the action phase
_OWNERS: dict[str, str] = {}  # a free action's prefix -> the rule that offers it


def register(rule: str, hook: Hook) -> Hook:
    """Register a special rule's hook under its name (a rule registers once; a free action's prefix
    belongs to one rule)."""
    if rule in HOOKS:
        raise ValueError(f"the special rule {rule!r} has a hook already")
    taken = [prefix for prefix in hook.actions if prefix in _OWNERS]
    if taken:
        raise ValueError(f"the free action {taken[0]!r} belongs to the rule {_OWNERS[taken[0]]!r}")
    HOOKS[rule] = hook
    _OWNERS.update(dict.fromkeys(hook.actions, rule))
    if hook.free_actions is not None:
        ACTING_FREELY.add(rule)
    if hook.after_action is not None:
        ACTING_AFTER.add(rule)
    return hook


def unregister(rule: str) -> None:
    """Forget a special rule's hook (a test's own rule)."""
    hook = HOOKS.pop(rule)
    for prefix in hook.actions:
        del _OWNERS[prefix]
    ACTING_FREELY.discard(rule)
    ACTING_AFTER.discard(rule)


def register_object(item: str, use: ObjectUse) -> ObjectUse:
    """Register an active object's use under its id."""
    if item in OBJECT_USES:
        raise ValueError(f"the object {item!r} has a use already")
    OBJECT_USES[item] = use
    return use


# ---------------------------------------------------------------- what the race asks
def free_actions(race: RaceState, racer: int) -> list[str]:
    """The free actions a racer's special rules offer now, rule by rule in his character's order."""
    out: list[str] = []
    for rule in race.racers[racer].stats.rules:
        offer = HOOKS[rule].free_actions if rule in ACTING_FREELY else None
        if offer is not None:
            out += offer(race, racer)
    return out


def use_free(race: RaceState, racer: int, action: str) -> Rules:
    """Do a free action: the rules of the special rule that offered it."""
    use = HOOKS[_OWNERS[action.split(":", 1)[0]]].use_free
    if use is None:
        raise ValueError(f"no rule does the free action {action!r}")
    yield from use(race, racer, action)


def after_action(race: RaceState, racer: int) -> Rules:
    """What a racer's special rules do after his action phase (the race asks when one of them acts then)."""
    for rule in race.racers[racer].stats.rules:
        after = HOOKS[rule].after_action if rule in ACTING_AFTER else None
        if after is not None:
            yield from after(race, racer)


def usable(race: RaceState, racer: int, item: str) -> bool:
    """Whether an active object has a use now."""
    check = OBJECT_USES[item].usable
    return check is None or check(race, racer)


def use_object(race: RaceState, racer: int, item: str) -> Rules:
    """Use an active object: its registered use."""
    use = OBJECT_USES.get(item)
    if use is None:
        raise ValueError(f"{item!r} is not an active object")
    yield from use.use(race, racer, item)
