"""The dice of RULES.md section 3, each with its opposite faces, and their sources.

A race draws every random number from one `Dice` source seeded per race;
tests pass a `RiggedDice` that returns given faces and fails loudly when it
runs out or when a face does not fit the die rolled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Die:
    """A die: its name, its faces (lowest to highest) and its opposite faces."""

    name: str
    low: int
    high: int
    hidden_d100: bool = False  # DCOMBAT, DTHEFT, DOBJ read a hidden d100 against a table

    @property
    def faces(self) -> range:
        """Every face of the die."""
        return range(self.low, self.high + 1)

    def opposite(self, face: int) -> int:
        """The face opposite `face` (the clover's flip): low+high-face on every die."""
        return self.low + self.high - face

    def flippable(self, face: int) -> bool:
        """Whether a clover changes this face (a D3's 2 is its own opposite)."""
        return self.low + self.high != 2 * face  # opposite(face) != face


D6 = Die("D6", 1, 6)
D3 = Die("D3", 1, 3)
D10 = Die("D10", 1, 10)
DCOMBAT = Die("DCOMBAT", 1, 100, hidden_d100=True)
DTHEFT = Die("DTHEFT", 1, 100, hidden_d100=True)
DRAPID = Die("DRAPID", 2, 5)
DOBJ = Die("DOBJ", 1, 100, hidden_d100=True)
BEER = Die("beer", 2, 7)
D100 = Die("d100", 1, 100, hidden_d100=True)  # hidden draws that no clover touches (theft's pick)

DICE = {die.name: die for die in (D6, D3, D10, DCOMBAT, DTHEFT, DRAPID, DOBJ, BEER, D100)}


class DiceExhausted(RuntimeError):
    """A rigged source was asked for more faces than the test gave it."""


class Dice:
    """The race's one source of randomness, seeded."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits

    def roll(self, die: Die) -> int:
        """One face of `die`: what `randint(die.low, die.high)` draws, drawn the way `random.Random`
        draws it (the fewest random bits that cover the faces, drawn again while too high), without
        its two Python calls. tests/test_dice.py checks that the two streams are the same."""
        faces = die.high - die.low + 1
        bits = faces.bit_length()
        face = self._bits(bits)
        while face >= faces:
            face = self._bits(bits)
        return die.low + face

    def order(self, count: int) -> list[int]:
        """A random order of `count` racers (the first game turn's order)."""
        order = list(range(count))
        self._rng.shuffle(order)
        return order

    @classmethod
    def restored(cls, state: tuple[Any, ...]) -> Dice:
        """Seedless dice that go on from a state of `getstate` (without first drawing a seed from
        the system, as `Dice(None)` does)."""
        dice = cls(0)  # any fixed seed: the state replaces it at once
        dice.seed = None
        dice.setstate(state)
        return dice

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state, to restart a fork from."""
        return self._rng.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state of `getstate`."""
        self._rng.setstate(state)


class RiggedDice(Dice):
    """Dice for tests: returns the given faces in order, then fails loudly.

    Each face may be a plain int or a `(die name, face)` pair that also
    checks which die is rolled. `order` rigs the first game turn's order
    (default: racers in setup order).
    """

    def __init__(self, faces: Iterable[int | tuple[str, int]] = (), order: Sequence[int] | None = None) -> None:
        super().__init__(None)
        self.faces = list(faces)
        self.used = 0
        self._order = list(order) if order is not None else None

    def roll(self, die: Die) -> int:
        """The next rigged face, checked against the die."""
        if self.used >= len(self.faces):
            raise DiceExhausted(
                f"the test gave {len(self.faces)} faces and a {die.name} was rolled after them: add a face for it"
            )
        face = self.faces[self.used]
        self.used += 1
        if isinstance(face, tuple):
            name, face = face
            if name != die.name:
                raise DiceExhausted(f"rigged face {self.used} was meant for a {name}, but a {die.name} was rolled")
        if not die.low <= face <= die.high:
            raise DiceExhausted(
                f"rigged face {self.used} is {face}, which a {die.name} ({die.low}-{die.high}) cannot show"
            )
        return face

    def order(self, count: int) -> list[int]:
        """The rigged order, or the setup order."""
        return list(self._order) if self._order is not None else list(range(count))

    @property
    def left(self) -> int:
        """How many rigged faces are still unused."""
        return len(self.faces) - self.used
