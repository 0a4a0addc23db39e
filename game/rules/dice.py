"""The dice of docs/rules-spec.md section 3, each with its opposite faces, and their sources.

A race draws every random number from one `Dice` source seeded per race;
tests pass a `RiggedDice` that returns given faces and fails loudly when it
runs out or when a face does not fit the die rolled.

Dice are of one of two kinds, named in the race's record (`game/rules/record.py`):

- "twister" (`TWISTER`), the races at one screen, `simulate` and the rest: Python's Mersenne
  Twister seeded with the race's seed, as the game always drew them (saves and replays of every
  version replay the same);
- "keyed" (`KEYED`), a network race's host: each block of bits is a keyed hash (BLAKE2b, the key
  made from the seed) of its number, so the faces a client sees tell nothing of the seed nor of the
  faces to come; with a seed of 128 bits from the system (`seeds.hosted`), no search finds it.
"""

from __future__ import annotations

import hashlib
import random
import secrets
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


TWISTER = "twister"  # random.Random(seed), the Mersenne Twister: every race but a hosted one
KEYED = "keyed"  # a keyed hash of (seed, block number): a network race's host (no face reveals the seed)
DICE_KINDS = (TWISTER, KEYED)


class KeyedStream(random.Random):
    """Random bits no one can foresee from those already seen: block n is BLAKE2b(n), keyed with a
    key made from the seed (a pseudo-random function: its outputs do not reveal its key). It is a
    `random.Random`, so `shuffle` and the rest draw from it as from the twister."""

    BLOCK = 512  # bits of one block (a BLAKE2b digest of 64 bytes)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:
            a = secrets.randbits(256)
        self._key = hashlib.blake2b(repr(int(a)).encode(), digest_size=32, person=b"fr-dice-key").digest()
        self._block = 0  # the number of the next block
        self._pool = 0  # bits drawn and not yet given
        self._have = 0  # how many
        self.gauss_next = None

    def getrandbits(self, k: int) -> int:
        while self._have < k:
            digest = hashlib.blake2b(self._block.to_bytes(8, "little"), key=self._key, digest_size=64).digest()
            self._pool |= int.from_bytes(digest, "little") << self._have
            self._have += self.BLOCK
            self._block += 1
        bits = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._have -= k
        return bits

    def random(self) -> float:
        return self.getrandbits(53) * 2.0**-53

    def getstate(self) -> tuple[Any, ...]:
        return (KEYED, self._key, self._block, self._pool, self._have)

    def setstate(self, state: tuple[Any, ...]) -> None:
        _, self._key, self._block, self._pool, self._have = state


def generator(seed: int | None, kind: str = TWISTER) -> random.Random:
    """The random stream of dice of `kind` with this seed."""
    if kind == TWISTER:
        return random.Random(seed)
    if kind == KEYED:
        return KeyedStream(seed)
    raise ValueError(f"unknown kind of dice {kind!r}: {' or '.join(DICE_KINDS)}")


class DiceExhausted(RuntimeError):
    """A rigged source was asked for more faces than the test gave it."""


class Dice:
    """The race's one source of randomness, seeded."""

    replayable = True  # the same faces can be had again: a race with these dice saves and forks

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "replayable" not in cls.__dict__:
            # dice of another kind give other faces than their seed's: unless they say they can show
            # them again (`replica`) and save them (`saved`), a race with them neither forks nor saves
            cls.replayable = False

    def __init__(self, seed: int | None = None, kind: str = TWISTER) -> None:
        self.seed = seed
        self.kind = kind  # TWISTER or KEYED (see the module)
        self._rng = generator(seed, kind)
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
    def restored(cls, state: tuple[Any, ...], kind: str = TWISTER) -> Dice:
        """Seedless dice of `kind` that go on from a state of `getstate` (without first drawing a seed
        from the system, as `Dice(None)` does)."""
        dice = cls(0, kind)  # any fixed seed: the state replaces it at once
        dice.seed = None
        dice.setstate(state)
        return dice

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state, to restart a fork from."""
        return self._rng.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state of `getstate`."""
        self._rng.setstate(state)

    def replica(self, state: Any = None) -> Dice:
        """Dice that show again what these showed from `state` (a `getstate`; None: from the start).

        A fork replays its racer's turn with them; a replica is never these dice (rolling it changes
        nothing here), and never knows more than these would show.
        """
        if state is None:
            return Dice(self.seed, self.kind)
        copy = Dice.restored(state, self.kind)  # no seed drawn from the system first
        copy.seed = self.seed
        return copy

    def saved(self) -> dict[str, Any]:
        """What a save holds besides the seed to show these dice's faces again: their kind."""
        return {"dice": self.kind}


class ShownDice(Dice):
    """Dice that show, in order, the faces another race's dice showed, then roll on from `seed`.

    A network race's client follows the host's race with them (fed as the host's faces arrive, and
    `strict`: it never rolls a face of its own, so it cannot foresee one); a race a friend kept from a
    network race resumes with them (the faces shown, then dice of his own seed). Faces are checked
    against the die rolled, so a damaged or hostile record fails with ValueError, never a wrong race.
    """

    replayable = True

    def __init__(
        self,
        faces: Iterable[int] = (),
        orders: Iterable[Sequence[int]] = (),
        seed: int | None = None,
        strict: bool = False,
        kind: str = TWISTER,
    ) -> None:
        super().__init__(seed, kind)
        self.faces: list[int] = []
        self.orders: list[list[int]] = []
        self.used = 0  # faces given so far
        self.ordered = 0  # orders given so far
        self.strict = strict
        self.show(faces, orders)

    def show(self, faces: Iterable[int], orders: Iterable[Sequence[int]] = ()) -> None:
        """More faces (and orders of play) the other dice showed, to be given in turn."""
        new_faces = list(faces)
        new_orders = [list(order) for order in orders]
        if not all(type(face) is int for face in new_faces):
            raise ValueError("a shown face that is not a whole number")
        if not all(type(racer) is int for order in new_orders for racer in order):
            raise ValueError("a shown order of play that is not a list of racers")
        self.faces += new_faces
        self.orders += new_orders

    def roll(self, die: Die) -> int:
        if self.used >= len(self.faces):
            if self.strict:
                raise DiceExhausted(f"a {die.name} was rolled, and no face of it was shown")
            return super().roll(die)
        face = self.faces[self.used]
        if not die.low <= face <= die.high:
            raise ValueError(f"shown face {self.used} is {face}, which a {die.name} ({die.low}-{die.high}) cannot show")
        self.used += 1
        return face

    def order(self, count: int) -> list[int]:
        if self.ordered >= len(self.orders):
            if self.strict:
                raise DiceExhausted("an order of play was drawn, and none was shown")
            return super().order(count)
        order = list(self.orders[self.ordered])
        if sorted(order) != list(range(count)):
            raise ValueError(f"shown order {self.ordered} is {order}, not an order of {count} racers")
        self.ordered += 1
        return order

    def getstate(self) -> tuple[Any, ...]:
        return (self.used, self.ordered, self._rng.getstate())

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.used, self.ordered, rng = state
        self._rng.setstate(rng)

    def replica(self, state: Any = None) -> Dice:
        copy = ShownDice(seed=self.seed, strict=self.strict, kind=self.kind)
        copy.faces, copy.orders = self.faces, self.orders  # shown faces never change: shared
        if state is not None:
            copy.setstate(state)
        return copy

    def saved(self) -> dict[str, Any]:
        return {**super().saved(), "shown": {"faces": list(self.faces), "orders": [list(o) for o in self.orders]}}


class RecordingDice(Dice):
    """Seeded dice that also note every face and order they give (a network race's host sends them to
    its clients, `take` after each choice); the same faces as `Dice(seed, kind)`, so the race saves and
    replays as any other."""

    replayable = True

    def __init__(self, seed: int | None = None, kind: str = TWISTER) -> None:
        super().__init__(seed, kind)
        self.faces: list[int] = []
        self.orders: list[list[int]] = []

    def roll(self, die: Die) -> int:
        face = super().roll(die)
        self.faces.append(face)
        return face

    def order(self, count: int) -> list[int]:
        order = super().order(count)
        self.orders.append(list(order))
        return order

    def take(self) -> tuple[list[int], list[list[int]]]:
        """The faces and orders given since the last call."""
        faces, orders, self.faces, self.orders = self.faces, self.orders, [], []
        return faces, orders


class RiggedDice(Dice):
    """Dice for tests: returns the given faces in order, then fails loudly.

    Each face may be a plain int or a `(die name, face)` pair that also
    checks which die is rolled. `order` rigs the first game turn's order
    (default: racers in setup order).
    """

    replayable = False  # a test's faces: neither saved nor forked (said, though it is the default of a kind of dice)

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

    def replica(self, state: Any = None) -> Dice:
        raise ValueError("rigged dice cannot be shown again: a race with them neither forks nor saves")

    def order(self, count: int) -> list[int]:
        """The rigged order, or the setup order."""
        return list(self._order) if self._order is not None else list(range(count))

    @property
    def left(self) -> int:
        """How many rigged faces are still unused."""
        return len(self.faces) - self.used
