"""Every file the game writes carries its format version, and every older one is upgraded as it is read:
one envelope, one way (`Envelope`), for every kind of file.

An envelope names the field that holds the version (`key`: "format", a save's "version", a season's
"season_format"), the version this game writes (`current`) and the table of upgrades, each from one
version to the next (`migrations`: vN -> vN+1, as the race's record always did). `upgrade` reads a
file's plain data: a version missing, not a whole number from 1, or newer than this game reads is
refused with one sentence naming the field (`EnvelopeError`, which each kind of file says in its own
words); an older one is brought up step by step, never refused for being old. `stamp` writes it.

The envelopes: the race's record (`game.rules.record.RECORD`), a replay file (`game.meta.replay`), a
championship (`game.meta.season`), a saved game, the settings, the list's index and a kept
championship's table (`game.app`). Pure Python, at the bottom of the layers (`game/files.py`'s row).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.files import kind_of, shown

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class EnvelopeError(ValueError):
    """A file's version this game cannot read: one sentence; `newer` when a newer game wrote it."""

    def __init__(self, sentence: str, newer: bool = False) -> None:
        super().__init__(sentence)
        self.newer = newer


@dataclass(frozen=True)
class Envelope:
    """One kind of file's version (see the module): `what` names the content in sentences ("a saved
    race"); `bare` the version a file without the field is read as (the first builds of a kind that
    wrote none), None when such a file is refused."""

    what: str
    key: str
    current: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    bare: int | None = None

    def __post_init__(self) -> None:
        first = self.bare if self.bare is not None else 1
        missing = [n for n in range(first, self.current) if n not in self.migrations]
        if missing:  # (a programming error: every version has its way to the next)
            raise ValueError(f"{self.what}: no upgrade from version {missing[0]}")

    def version(self, data: Any, bare: int | None = None) -> int:
        """The version of a file's data, checked (EnvelopeError naming the field); `bare` replaces
        the envelope's own for this file (a file that may be of the first builds)."""
        if not isinstance(data, dict):
            raise EnvelopeError(f"it holds {kind_of(data)}, not {self.what}")
        if self.key not in data:
            bare = self.bare if bare is None else bare
            if bare is None:
                raise EnvelopeError(f"it has no format version: it is not {self.what} (no field '{self.key}')")
            return bare
        version = data[self.key]
        if type(version) is not int or version < 1:
            raise EnvelopeError(
                f"its format version {shown(version)} is not a whole number from 1 (the field '{self.key}')"
            )
        if version > self.current:
            raise EnvelopeError(
                f"it was written by a newer version of the game (format {version}; this one reads format "
                f"{self.current})",
                newer=True,
            )
        return version

    def upgrade(self, data: Any, bare: int | None = None) -> dict[str, Any]:
        """A file's data of any version the game wrote, in the current format (a new dict; the file's
        own is never changed); EnvelopeError when its version cannot be read (see `version`)."""
        version = self.version(data, bare)
        upgraded: dict[str, Any] = dict(data)
        while version < self.current:
            upgraded = self.migrations[version](upgraded)
            version += 1
        upgraded[self.key] = self.current
        return upgraded

    def stamp(self, content: Mapping[str, Any]) -> dict[str, Any]:
        """The data to write: the content with this game's version, first."""
        return {self.key: self.current, **{k: v for k, v in content.items() if k != self.key}}
