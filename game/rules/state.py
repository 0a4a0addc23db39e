"""The race's state and the primitives every rule uses.

`RaceState` holds what a race is at one moment (the board's changes, the
racers, the turn, the log) and the few operations every rule is written
with: `ask` a racer to decide, `roll` dice (with clovers), `score` points,
`emit` an event, and what stands on a square. The rule modules import this
module; the turn itself (`game.rules.race.Race`) sits above them all, so the
engine's modules import each other without a circle.

A fight's recoil is a placement and a fight's winner may move: the fights
reach the moves through `RaceState.place` and `RaceState.walk`, which the
race provides, so that `combat` and `moves` need not import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from operator import attrgetter, itemgetter
from typing import Any, Literal, get_args

from game.boards.board import FLOOR, Board, Square
from game.rules import objects as obj
from game.rules.characters import CHARACTERS, THROWING_STARS, Character
from game.rules.dice import Dice, Die
from game.rules.events import EventLog, Record
from game.rules.levels import Policy
from game.rules.rulebook import Rules as RuleBook
from game.rules.rulebook import rules_of

Rules = Generator["Decision", Any, Any]
_die_name = attrgetter("name")


class IllegalChoice(ValueError):
    """A choice that is not one of the pending decision's options."""


class SaveError(ValueError):
    """A save that cannot be read; the message says why."""


@dataclass(frozen=True)
class RacerSetup:
    """Who races: a character id, a name, and a bot policy (None for a person)."""

    character: str
    name: str = ""
    bot: Policy | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saves."""
        return {"character": self.character, "name": self.name, "bot": self.bot}


def _field(index: int, doc: str) -> Any:
    """A record's field read by name: the item at `index` of the tuple it is."""
    return property(itemgetter(index), doc=doc)


# What a racer may be asked to decide, in the order of a racer's turn (the rule book's words; the screen
# words each one in assets/i18n, the bots judge each one in game.bots.ai).
DecisionKind = Literal[
    "move",  # which die to move by (and an L-move on a six)
    "drift",  # a diagonal drift back, or staying
    "action",  # the action phase: an object, a coin, rest
    "coins",  # how many coins to spend on moving
    "clover",  # which dice a clover turns over after a roll
    "target",  # the square an object is used on
    "distance",  # how far an object is thrown
    "path",  # the next square of a fireball's path
    "flail",  # the flail's victim
    "drop",  # the object dropped when a racer holds too many
    "shield",  # a shield against a shock, or not
    "reroll",  # a fight's loser rolls again, or accepts
    "tactical",  # a fight's winner moves the loser
    "shortcut_stop",  # stop on a shortcut's end, or go on
]
DECISION_KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)

# One legal answer to a decision: a name ("move", "use:axe", "shield", "stop"...), a number (coins, a
# distance, a fight's shift) or a tuple of numbers (a square, a move or a drift, the dice a clover turns).
Option = str | int | tuple[int, ...]
# A move's option (rows forward, columns sideways: the L's side) and a drift's (rows, columns).
Step = tuple[int, int]


class Decision(Record):
    """What a racer must choose now: its kind, the legal options, what to show.

    `Decision(racer, kind, options, info={})`; immutable. A race asks hundreds, so a decision is
    the tuple of its four fields (made in one step); it compares and hashes by racer, kind and
    options (not by what is shown), and does not order.
    """

    __slots__ = ()
    __match_args__ = ("racer", "kind", "options", "info")

    def __new__(
        cls, racer: int, kind: DecisionKind, options: tuple[Option, ...], info: dict[str, Any] | None = None
    ) -> Decision:
        return _NEW_TUPLE(cls, (racer, kind, options, {} if info is None else info))

    racer: int = _field(0, "Who decides (not always the racer whose turn it is).")
    kind: DecisionKind = _field(1, "What is decided: one of DECISION_KINDS.")
    options: tuple[Option, ...] = _field(2, "Every legal option.")
    info: dict[str, Any] = _field(3, "What the screen shows with the options.")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self[:3] == other[:3]

    def __hash__(self) -> int:
        return hash(self[:3])

    def __repr__(self) -> str:
        return f"Decision(racer={self[0]!r}, kind={self[1]!r}, options={self[2]!r}, info={self[3]!r})"

    def __getnewargs__(self) -> tuple[Any, ...]:  # copies and pickles are made again from the fields
        return tuple(self)


_NEW_TUPLE = tuple.__new__


@dataclass(frozen=True)
class Trap:
    """A trap on the board: who laid it, and whether it is a baby's poo."""

    owner: int
    kind: str = "trap"  # "trap" (big shock) or "poo" (small shock)


@dataclass
class Inventory:
    """What a racer carries."""

    clovers: int = 0
    shields: int = 0
    coins: int = 0
    objects: list[str] = field(default_factory=list)  # active objects

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"clovers": self.clovers, "shields": self.shields, "coins": self.coins, "objects": list(self.objects)}


@dataclass
class Racer:
    """A racer's state during the race."""

    index: int
    setup: RacerSetup
    stats: Character
    row: int
    col: int
    points: int = 0
    inventory: Inventory = field(default_factory=Inventory)
    protected: bool = True
    arrived: int = 0  # when he arrived on his square (fights: the first arrived)
    rows: int = 0  # net rows travelled
    laps: int = 0  # net finish-line crossings
    by_cause: dict[str, int] = field(default_factory=dict)
    # Special-rule state (section 9).
    poisoned: bool = False
    wand_used: dict[str, int] = field(default_factory=dict)  # wand -> game turn of its last use
    stars: int = 0
    baby_step: int = 0  # the baby's next action: 0 beer, 1 poo, 2 sleep, 3 cry
    sore_loser_turn: int = -99  # the game turn of his last reroll

    @property
    def name(self) -> str:
        """The racer's name."""
        return self.setup.name or self.stats.name

    @property
    def character(self) -> str:
        """The character id."""
        return self.setup.character

    @property
    def square(self) -> Square:
        """Where he stands."""
        return self.row, self.col

    @property
    def bot(self) -> str | None:
        """The bot policy, None for a person."""
        return self.setup.bot

    def has(self, rule: str) -> bool:
        """Whether his character has a special rule."""
        return rule in self.stats.rules

    def copy(self) -> Racer:
        """An independent copy (for forks): its inventory and dicts copied too (a fork makes hundreds:
        tests/test_fork.py checks that no field a rule can change is left shared)."""
        twin = object.__new__(Racer)
        fields = self.__dict__.copy()
        inventory = self.inventory
        fields["inventory"] = Inventory(inventory.clovers, inventory.shields, inventory.coins, list(inventory.objects))
        fields["by_cause"] = self.by_cause.copy()
        fields["wand_used"] = self.wand_used.copy()
        twin.__dict__ = fields
        return twin


def copied(value: Any) -> Any:
    """A copy of one field of the race's moment that shares nothing it could change: racers, their
    inventories, lists, sets and dicts are copied; what never changes (numbers, text, squares, setups,
    traps, characters) is shared."""
    kind = type(value)
    if kind is list:
        return [item.copy() for item in value] if value and type(value[0]) is Racer else list(value)
    if kind is set or kind is dict:
        return kind(value)
    if kind is Inventory:
        return Inventory(value.clovers, value.shields, value.coins, list(value.objects))
    if kind is Racer:
        return value.copy()
    return value


def _arrival(racer: Racer) -> int:
    """When a racer arrived on his square (the sort key of who is first there)."""
    return racer.arrived


# A race's moment: what its rules change as it goes (and nothing else does). A fork copies exactly
# these fields (`RaceState.moment`); tests/test_fork.py fails when the race gains an attribute that
# is neither here nor in FIXED (what a race never changes, shared with its forks) nor DRIVING (how a
# race is driven: its dice, choices, log, pending decision; each fork has its own, made anew).
MOMENT = ("turn", "order", "current", "phase", "taken", "destroyed", "traps", "racers", "_arrivals")
FIXED = ("board", "setups", "turns", "seed", "rules")
DRIVING = ("dice", "choices", "log", "_told", "pending", "over", "_rules", "_keep_marks", "_mark", "_forked")


@dataclass(frozen=True)
class Mark:
    """Where a race's rules can start again: the race at the start of a racer's turn."""

    slot: int  # the racer's place in the turn's order
    moment: dict[str, Any]  # the race's moment (MOMENT), a copy of its own, never changed
    dice: Any  # the dice's state then (their `getstate()`), None for dice that cannot replay
    made: int  # the choices made before it
    told: int  # the events told before it (the race's log is only ever added to)

    def copy_of_moment(self) -> dict[str, Any]:
        """The moment again, as a copy a race may change (the mark serves every race restored from it)."""
        return {name: copied(value) for name, value in self.moment.items()}


@dataclass(frozen=True)
class Checkpoint:
    """A race at one decision, as one record (`Race.checkpoint()`; `Race.restore(checkpoint)` makes the race
    again): what never changes (FIXED), its dice (a restored race rolls replicas of them), the last `Mark`
    (None: the race's start), every choice made and the events told up to the mark (None: not kept, as a
    fork's). The bots' forks, the local undo and the replay's timeline are all made from checkpoints."""

    fixed: tuple[Any, ...]  # the race's FIXED fields, in order
    dice: Dice
    mark: Mark | None
    choices: tuple[Option, ...]
    events: tuple[Any, ...] | None

    @property
    def made(self) -> int:
        """The choices made at the checkpoint."""
        return len(self.choices)

    @property
    def since(self) -> int:
        """The choices made before its mark: those after it are made again when it is restored."""
        return 0 if self.mark is None else self.mark.made


class RaceState(EventLog):
    """What a race is at one moment, and the primitives every rule uses.

    The rule modules (`moves`, `combat`, `chests`, `effects`) receive the race
    as a `RaceState`: they read and change the board's state and the racers,
    ask decisions (`ask`), roll dice (`roll`), give points (`score`) and
    record events (`emit`). `game.rules.race.Race` adds the game turns and the three
    phases of a racer's turn on top.
    """

    def __init__(
        self,
        board: Board,
        setups: Sequence[RacerSetup],
        turns: int,
        seed: int | None,
        dice: Dice | None,
        rules: int | RuleBook | None = None,
        moment: Mapping[str, Any] | None = None,
    ) -> None:
        """A race at its start, or at a moment of it (`moment`: a `Mark`'s copy, see `Checkpoint`)."""
        self.board = board
        self.setups = tuple(setups)
        self.turns = turns
        self.seed = seed
        self.dice = dice if dice is not None else Dice(seed)
        self.rules = rules_of(rules)  # the numbers it plays by (game/rules/rulebook.py), its record's version's
        self.turn = 0
        self.order: list[int] = []
        self.current: int | None = None
        self.phase = ""
        self.taken: set[Square] = set()
        self.destroyed: set[Square] = set()
        self.traps: dict[Square, Trap] = {}
        self.choices: list[Option] = []
        self.log = []
        self._told = 0
        self._arrivals = 0
        self.racers = [self._racer(i, s) for i, s in enumerate(self.setups)] if moment is None else []
        self.pending: Decision | None = None
        self.over = False
        for name, value in (moment or {}).items():  # (the fields of MOMENT, each a copy of its own)
            setattr(self, name, value)

    def moment(self) -> dict[str, Any]:
        """A copy of the race's moment (MOMENT), sharing nothing the rules could change."""
        return {name: copied(getattr(self, name)) for name in MOMENT}

    def speed_of(self, racer: int, turn: int) -> int:
        """Squares of a racer's action-phase move in a game turn (the dwarf's differs between odd and
        even turns)."""
        return self.rules.speed_of(self.racers[racer].setup.character, turn)

    def _racer(self, index: int, setup: RacerSetup) -> Racer:
        """A racer on his start square."""
        row, col = self.board.starts[index]
        racer = Racer(index, setup, CHARACTERS[setup.character], row, col)
        if racer.has(THROWING_STARS):
            racer.stars = self.rules.stars_at_start
        self._arrivals += 1
        racer.arrived = self._arrivals
        return racer

    def ask(self, racer: int, kind: DecisionKind, options: Iterable[Option], **info: Any) -> Decision:
        """The decision a rule yields when `racer` must choose: `choice = yield race.ask(racer, kind,
        options, **info)` stops the rule until the choice is made.

        A decision with a single legal option never reaches the player: the race takes that option at
        once (`Race` drives the rules). The rules must offer at least one.
        """
        options = tuple(options)
        if not options:
            raise RuntimeError(f"a {kind!r} decision with no option: the rules must offer at least one")
        return _NEW_TUPLE(Decision, (racer, kind, options, info))  # Decision(racer, kind, options, info)

    # ------------------------------------------------------------ board state
    def terrain_at(self, square: Square) -> str:
        """The terrain now (destroyed barriers are floor)."""
        if square in self.destroyed:
            return FLOOR
        row, col = square
        return self.board.terrain[row][col]

    def blocks(self, square: Square) -> bool:
        """Whether a barrier or a rock stands on the square (a destroyed barrier is floor)."""
        return square in self.board.walls and square not in self.destroyed

    def object_at(self, square: Square) -> str | None:
        """The object lying on a square now (not taken), or None."""
        if square in self.taken:
            return None
        return self.board.objects.get(square)

    def racers_at(self, square: Square, but: int | None = None) -> list[Racer]:
        """The racers on a square, first arrived first."""
        row, col = square
        here = []
        for r in self.racers:
            if r.row == row and r.col == col and r.index != but:
                here.append(r)
        if len(here) > 1:
            here.sort(key=_arrival)
        return here

    def opponents_at(self, racer: int, square: Square) -> list[int]:
        """The racer's unprotected opponents on a square, first arrived first: whom he fights or hits there."""
        row, col = square
        here = []
        for o in self.racers:
            if o.row == row and o.col == col and not o.protected and o.index != racer:
                here.append(o.index)
        if len(here) > 1:
            here.sort(key=lambda i: self.racers[i].arrived)
        return here

    def occupied(self, square: Square) -> bool:
        """Whether a racer stands on the square."""
        row, col = square
        for r in self.racers:
            if r.row == row and r.col == col:
                return True
        return False

    def arrive(self, racer: Racer) -> None:
        """Mark that a racer has just arrived on his square."""
        self._arrivals += 1
        racer.arrived = self._arrivals

    # ------------------------------------------------------------ points
    def score(self, racer: int, points: int, cause: str) -> None:
        """Give points with their cause (an event)."""
        if points == 0:
            return
        r = self.racers[racer]
        r.points += points
        r.by_cause[cause] = r.by_cause.get(cause, 0) + points
        self.emit("scored", racer, points, cause, r.points)

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, racer, points), best first; ties share a place."""
        ranked = sorted(self.racers, key=lambda r: (-r.points, r.index))
        return [(1 + sum(o.points > r.points for o in self.racers), r.index, r.points) for r in ranked]

    def rank(self, racer: int) -> float:
        """Rank by points, 0 for the leader; tied racers share the mean rank."""
        points = self.racers[racer].points
        above = tied = 0
        for r in self.racers:
            if r.points > points:
                above += 1
            elif r.points == points:
                tied += 1
        return above + (tied - 1) / 2

    def tier(self, racer: int) -> int:
        """The racer's chest tier (0 max malus ... 4 max bonus), section 7."""
        return obj.tier_of(self.rank(racer), len(self.racers))

    # ------------------------------------------------------------ dice
    def roll(
        self,
        racer: int,
        dice: Sequence[Die],
        purpose: str,
        describe: Callable[[list[int]], dict[str, Any]] | None = None,
        **info: Any,
    ) -> Rules:
        """Roll dice for a racer; a clover holder may flip some, then validates.

        `describe(faces)` adds to the clover decision what the screen shows
        (the object of a DOBJ, the result of a DCOMBAT). Returns (final
        faces, faces as rolled, indices flipped).
        """
        rolled = list(map(self.dice.roll, dice))
        names = list(map(_die_name, dice))
        self.emit("rolled", racer, names, rolled, purpose)  # events and rules only read these lists
        faces = rolled  # the same faces unless a clover flips some (then a list of their own)
        flipped: tuple[int, ...] = ()
        clovers = self.racers[racer].inventory.clovers
        can_flip = clovers and [i for i, (d, f) in enumerate(zip(dice, rolled)) if d.flippable(f)]
        if can_flip:
            faces = list(rolled)
            options = [()] + [c for n in range(1, min(clovers, len(can_flip)) + 1) for c in combinations(can_flip, n)]
            flipped = yield self.ask(
                racer,
                "clover",
                options,
                die=names,
                faces=list(rolled),
                opposite=[d.opposite(f) for d, f in zip(dice, rolled)],
                purpose=purpose,
                clovers=clovers,
                **info,
                **(describe(rolled) if describe else {}),
            )
            for i in flipped:
                faces[i] = dice[i].opposite(rolled[i])
                self.emit("clover_used", racer, names[i], i, rolled[i], faces[i])
            self.racers[racer].inventory.clovers -= len(flipped)
        self.emit("roll_validated", racer, names, faces, purpose)
        return faces, rolled, flipped

    # ------------------------------------------------------------ moves the fights need
    # A fight's recoil is a placement and its winner's tactical move a walk: the fights reach the
    # moves through the race, which gives them `game.rules.moves`' own (`Race.place = moves.place`), so that
    # `combat` and `moves` need not import each other. Called as methods: race.place(racer, dr, dc,
    # cause, suffered, ...) places a racer without walking (5.2); race.walk(racer, forward, sideways,
    # cause, voluntary) is a walked move (5.1).
    place: Callable[..., Rules]
    walk: Callable[..., Rules]
