"""One race's rules as one record: every [house] number of the tuning table as the race plays it.

A race reads its numbers from its own `Rules` (`race.rules.axe_range`), built once from the version of
the rules its record names (`Rules.of(version)`: game/rules/tuning.py's table, with an older version's
changes, OLDER_RULES) and, later, a variant's. The engine, the bots, the explanations and the screens read
the race's record; what has no race (the setup gallery, the rule book's pictures) reads `Rules.of()`, this
game's rules. Nothing else reads the tuning table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from types import MappingProxyType
from typing import Any

from game.rules import tuning

VERSION = tuning.RULES  # the version of this game's rules, written in every race record
VERSIONS = frozenset({VERSION, *tuning.OLDER_RULES})  # every version a record may name
# Variants of the rules (a name -> the numbers it changes): none ships yet.
VARIANTS: dict[str, dict[str, Any]] = {}


@dataclass(frozen=True, eq=True)
class Rules:
    """The numbers one race plays by (the tuning table's, game/rules/tuning.py, in lower case). Immutable:
    a race, its forks and its checkpoints share it."""

    version: int
    speed: Mapping[str, int]
    even_turn_speed: Mapping[str, int]
    axe_range: int
    spear_range: int
    trap_range: int
    stars_at_start: int
    star_range: int
    teleport_range: int
    teleport_forward: int
    wand_of_fire_dice: int
    cry_range: int
    cry_king_steps: bool
    sore_loser_rest: int
    fight_scores_shock: bool
    vicious_points: int
    quick_die_doubles: bool
    shortcut_rows: Mapping[int, int]
    season_points: tuple[int, ...]
    variant: str = ""

    @classmethod
    def of(cls, version: int | None = None, variant: str = "", **changes: Any) -> Rules:
        """The rules of `version` (None: this game's) and `variant` ("": none); `changes` (a test's, a
        variant's) replace numbers by their field's name. Raises ValueError for an unknown version,
        variant or number."""
        version = VERSION if version is None else version
        if not changes:
            return _shipped(version, variant)  # (made once: every race of this game shares it)
        return cls._made(version, variant, changes)

    @classmethod
    def _made(cls, version: int, variant: str, changes: dict[str, Any]) -> Rules:
        """The rules of `version` and `variant` with `changes` (see `of`)."""
        if version not in VERSIONS:
            raise ValueError(f"no rules of version {version!r}: this game knows {sorted(VERSIONS)}")
        if variant and variant not in VARIANTS:
            raise ValueError(f"no variant {variant!r} of the rules: this game knows {sorted(VARIANTS) or 'none'}")
        names = [f.name for f in fields(cls) if f.name not in ("version", "variant")]
        values = {name: getattr(tuning, name.upper()) for name in names}
        values.update((name.lower(), value) for name, value in tuning.changed_since(version).items())
        values.update((name.lower(), value) for name, value in VARIANTS.get(variant, {}).items())
        unknown = set(changes) - set(names)
        if unknown:
            raise ValueError(f"the rules have no number {sorted(unknown)[0]!r}")
        values.update(changes)
        for name, value in values.items():
            if isinstance(value, Mapping):
                values[name] = MappingProxyType(dict(value))
        return cls(version=version, variant=variant, **values)

    def __hash__(self) -> int:
        return hash((self.version, self.variant, self.axe_range, self.cry_range, self.vicious_points))

    def speed_of(self, character: str, turn: int) -> int:
        """A character's action-phase speed in a game turn (its even-turn speed in the even ones)."""
        if turn % 2 == 0:
            return self.even_turn_speed.get(character, self.speed[character])
        return self.speed[character]

    def numbers(self) -> dict[str, Any]:
        """Every number by its tuning-table name (upper case), as the rule book's words name them."""
        return {f.name.upper(): getattr(self, f.name) for f in fields(self) if f.name not in ("version", "variant")}


@cache
def _shipped(version: int, variant: str) -> Rules:
    """The rules of a version and a variant as they ship."""
    return Rules._made(version, variant, {})


def rules_of(version: int | Rules | None) -> Rules:
    """A race's rules from what names them: a record, a version (None: this game's)."""
    return version if isinstance(version, Rules) else Rules.of(version)
