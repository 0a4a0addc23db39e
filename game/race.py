"""The race: a state machine with one pending decision, driven by `choose`.

The rules are written as generator functions: each `yield`s a `Decision`
when a racer must choose and receives the chosen option back. `Race` runs
that generator one decision at a time, so the screen, the bots, the tests
and the replays all drive the race the same way. Decisions with a single
legal option are taken automatically and never reach the caller.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Generator, Sequence

from game import effects, moves, objects as obj, tuning
from game.board import BARRIER, FLOOR, ROCK, Board, Square
from game.characters import CHARACTERS, BABY, FAST, THROWING_STARS, Character
from game.dice import BEER, D6, DRAPID, Dice, Die
from game.events import Event

SAVE_FORMAT = 1
FORKING_BOTS = frozenset({"hard"})  # bot policies that look ahead with `Race.fork`
MIN_RACERS, MAX_RACERS = 2, 6
MIN_TURNS, MAX_TURNS = 5, 15
DRIFTS = ((0, 0), (-1, -1), (-1, 1), (-2, -2), (-2, 2))

Rules = Generator["Decision", Any, Any]


class IllegalChoice(ValueError):
    """A choice that is not one of the pending decision's options."""


class SaveError(ValueError):
    """A save that cannot be read; the message says why."""


@dataclass(frozen=True)
class RacerSetup:
    """Who races: a character id, a name, and a bot policy (None for a person)."""

    character: str
    name: str = ""
    bot: str | None = None

    def to_dict(self) -> dict:
        """Plain data for saves."""
        return {"character": self.character, "name": self.name, "bot": self.bot}


@dataclass(frozen=True)
class Decision:
    """What a racer must choose now: its kind, the legal options, what to show."""

    racer: int
    kind: str
    options: tuple
    info: dict = field(default_factory=dict, compare=False)


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

    def to_dict(self) -> dict:
        """Plain data."""
        return {"clovers": self.clovers, "shields": self.shields, "coins": self.coins,
                "objects": list(self.objects)}


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
    arrived: int = 0          # when he arrived on his square (fights: the first arrived)
    rows: int = 0             # net rows travelled
    laps: int = 0             # net finish-line crossings
    by_cause: dict[str, int] = field(default_factory=dict)
    # Special-rule state (section 9).
    poisoned: bool = False
    wand_used: dict[str, int] = field(default_factory=dict)  # wand -> game turn of its last use
    stars: int = 0
    baby_step: int = 0        # the baby's next action: 0 beer, 1 poo, 2 sleep, 3 cry
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
    def speed(self) -> int:
        """Squares of his action-phase move (the tuning table)."""
        return tuning.SPEED[self.setup.character]

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
        return self.stats.has(rule)

    def copy(self) -> "Racer":
        """An independent copy (for forks)."""
        twin = object.__new__(Racer)
        twin.__dict__.update(self.__dict__)
        twin.inventory = Inventory(self.inventory.clovers, self.inventory.shields, self.inventory.coins,
                                   list(self.inventory.objects))
        twin.by_cause = dict(self.by_cause)
        twin.wand_used = dict(self.wand_used)
        return twin


def _freeze(value: Any) -> Any:
    """JSON lists back to the tuples options are made of."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


class Race:
    """A race in progress: board state, racers, turn, and the pending decision."""

    def __init__(self, board: Board, setups: Sequence[RacerSetup], turns: int, seed: int | None,
                 dice: Dice | None, before=None) -> None:
        self.board = board
        self.setups = tuple(setups)
        self.turns = turns
        self.seed = seed
        self.dice = dice if dice is not None else Dice(seed)
        self.turn = 0
        self.order: list[int] = []
        self.current: int | None = None
        self.phase = ""
        self.taken: set[Square] = set()
        self.destroyed: set[Square] = set()
        self.traps: dict[Square, Trap] = {}
        self.choices: list[Any] = []
        self.log: list[Event] = []
        self._new_events: list[Event] = []
        self._arrivals = 0
        self.racers = [self._racer(i, s) for i, s in enumerate(self.setups)]
        self.pending: Decision | None = None
        self.over = False
        # Bots that look ahead fork the race: keep a snapshot at each racer's turn for them.
        self._keep_marks = any(st.bot in FORKING_BOTS for st in self.setups)
        self._mark: tuple | None = None
        self._forked = False
        if before is not None:
            before(self)
        self._rules = self._race()
        self._advance(None)

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, board: Board, setups: Sequence[RacerSetup], turns: int | None = None,
            seed: int | None = None, dice: Dice | None = None, before=None) -> "Race":
        """A new race; checks the setup and says clearly what is wrong.

        `before(race)`, for tests, may arrange the racers before the first turn.
        """
        turns = board.turns if turns is None else turns
        setups = [s if isinstance(s, RacerSetup) else RacerSetup(s) for s in setups]
        if not MIN_RACERS <= len(setups) <= MAX_RACERS:
            raise ValueError(f"a race needs {MIN_RACERS} to {MAX_RACERS} racers, not {len(setups)}")
        if len(setups) > board.max_racers:
            raise ValueError(f"board {board.name!r} takes at most {board.max_racers} racers, not {len(setups)}")
        if not MIN_TURNS <= turns <= MAX_TURNS:
            raise ValueError(f"a race lasts {MIN_TURNS} to {MAX_TURNS} game turns, not {turns}")
        for s in setups:
            if s.character not in CHARACTERS:
                raise ValueError(f"unknown character {s.character!r}: choose among {', '.join(CHARACTERS)}")
        starts = board.starts or board.default_starts(len(setups))
        if len(starts) < len(setups):
            raise ValueError(f"board {board.name!r} has {len(starts)} start squares for {len(setups)} racers")
        if not board.starts:
            board = board.with_starts(starts)
        return cls(board, setups, turns, seed, dice, before)

    def _racer(self, index: int, setup: RacerSetup) -> Racer:
        """A racer on his start square."""
        row, col = self.board.starts[index]
        racer = Racer(index, setup, CHARACTERS[setup.character], row, col)
        if racer.has(THROWING_STARS):
            racer.stars = tuning.STARS_AT_START
        self._arrivals += 1
        racer.arrived = self._arrivals
        return racer

    # ------------------------------------------------------------ driving
    def choose(self, option: Any) -> None:
        """Answer the pending decision with one of its options."""
        if self.pending is None:
            raise IllegalChoice("the race is over: there is nothing to choose")
        option = _freeze(option)
        if option not in self.pending.options:
            raise IllegalChoice(f"{option!r} is not an option of this {self.pending.kind!r} decision; "
                                f"choose one of {list(self.pending.options)!r}")
        self.choices.append(option)
        self._advance(option)

    def _advance(self, option: Any) -> None:
        """Run the rules until the next decision or the end of the race."""
        try:
            self.pending = self._rules.send(option)
        except StopIteration:
            self.pending = None
            self.over = True

    def take_events(self) -> list[Event]:
        """The events since the last call."""
        events, self._new_events = self._new_events, []
        return events

    def emit(self, kind: str, **fields: Any) -> Event:
        """Record an event."""
        event = Event(kind, **fields)
        self.log.append(event)
        self._new_events.append(event)
        return event

    def ask(self, racer: int, kind: str, options: Sequence, **info: Any) -> Rules:
        """A decision for `racer`; a single legal option is taken at once."""
        options = tuple(options)
        if not options:
            raise RuntimeError(f"a {kind!r} decision with no option: the rules must offer at least one")
        if len(options) == 1:
            return options[0]
        choice = yield Decision(racer, kind, options, info)
        return choice

    # ------------------------------------------------------------ board state
    def terrain_at(self, square: Square) -> str:
        """The terrain now (destroyed barriers are floor)."""
        return FLOOR if square in self.destroyed else self.board.terrain_at(square)

    def blocks(self, square: Square) -> bool:
        """Whether a barrier or a rock stands on the square."""
        return self.terrain_at(square) in (BARRIER, ROCK)

    def object_at(self, square: Square) -> str | None:
        """The object lying on a square now (not taken), or None."""
        if square in self.taken:
            return None
        return self.board.objects.get(square)

    def racers_at(self, square: Square, but: int | None = None) -> list[Racer]:
        """The racers on a square, first arrived first."""
        here = [r for r in self.racers if r.square == square and r.index != but]
        return sorted(here, key=lambda r: r.arrived)

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
        self.emit("scored", racer=racer, points=points, cause=cause, total=r.points)

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, racer, points), best first; ties share a place."""
        ranked = sorted(self.racers, key=lambda r: (-r.points, r.index))
        return [(1 + sum(o.points > r.points for o in self.racers), r.index, r.points) for r in ranked]

    def rank(self, racer: int) -> float:
        """Rank by points, 0 for the leader; tied racers share the mean rank."""
        points = self.racers[racer].points
        above = sum(r.points > points for r in self.racers)
        tied = sum(r.points == points for r in self.racers)
        return above + (tied - 1) / 2

    def tier(self, racer: int) -> int:
        """The racer's chest tier (0 max malus ... 4 max bonus), section 7."""
        return obj.tier_of(self.rank(racer), len(self.racers))

    # ------------------------------------------------------------ dice
    def roll(self, racer: int, dice: Sequence[Die], purpose: str, describe=None, **info: Any) -> Rules:
        """Roll dice for a racer; a clover holder may flip some, then validates.

        `describe(faces)` adds to the clover decision what the screen shows
        (the object of a DOBJ, the result of a DCOMBAT). Returns (final
        faces, faces as rolled, indices flipped).
        """
        rolled = [self.dice.roll(d) for d in dice]
        names = [d.name for d in dice]
        self.emit("rolled", racer=racer, die=names, faces=list(rolled), purpose=purpose)
        faces, flipped = list(rolled), ()
        clovers = self.racers[racer].inventory.clovers
        can_flip = [i for i, (d, f) in enumerate(zip(dice, rolled)) if d.flippable(f)]
        if clovers and can_flip:
            options = [()] + [c for n in range(1, min(clovers, len(can_flip)) + 1)
                              for c in combinations(can_flip, n)]
            flipped = yield from self.ask(
                racer, "clover", options, die=names, faces=list(rolled),
                opposite=[d.opposite(f) for d, f in zip(dice, rolled)], purpose=purpose,
                clovers=clovers, **info, **(describe(rolled) if describe else {}))
            for i in flipped:
                faces[i] = dice[i].opposite(rolled[i])
                self.emit("clover_used", racer=racer, die=names[i], index=i, face=rolled[i], flipped=faces[i])
            self.racers[racer].inventory.clovers -= len(flipped)
        self.emit("roll_validated", racer=racer, die=names, faces=list(faces), purpose=purpose)
        return faces, rolled, flipped

    # ------------------------------------------------------------ the race
    def _race(self, resume: tuple[int, int] | None = None) -> Rules:
        """Every game turn, then the standings; `resume` = (turn, slot) restarts a fork."""
        first_turn, first_slot = resume or (1, 0)
        for turn in range(first_turn, self.turns + 1):
            self.turn = turn
            if resume is None or turn != first_turn:
                self._start_turn(turn)
            start = first_slot if resume is not None and turn == first_turn else 0
            for slot in range(start, len(self.order)):
                if self._keep_marks:
                    self._mark = self._snapshot(slot)
                yield from self._racer_turn(self.order[slot])
        self.current, self.phase = None, ""
        self.emit("race_over", standings=self.standings())

    def _start_turn(self, turn: int) -> None:
        """The order of play (2), then objects back on the map's respawn turns (5.7)."""
        if turn == 1:
            self.order = self.dice.order(len(self.racers))
        else:
            previous = {r: i for i, r in enumerate(self.order)}
            self.order = sorted(self.order, key=lambda r: (self.racers[r].points, previous[r]))
        self.emit("turn_started", turn=turn, order=list(self.order))
        if turn in self.board.respawn_turns and self.taken:
            squares = sorted(self.taken)
            self.taken.clear()
            self.emit("respawned", squares=squares)

    # ------------------------------------------------------------ forks (for bots that look ahead)
    def _snapshot(self, slot: int) -> tuple:
        """The state at the start of a racer's turn, enough to restart from there."""
        racers = [r.copy() for r in self.racers]
        dice_state = self.dice.getstate() if type(self.dice) is Dice else None
        return (self.turn, slot, list(self.order), racers, set(self.taken), set(self.destroyed), dict(self.traps),
                self._arrivals, dice_state, len(self.choices))

    def fork(self, dice: Dice) -> "Race":
        """A copy of the race at this very decision, whose future rolls come from `dice`.

        The copy restarts from the snapshot of the current racer's turn and
        replays this turn's choices with the race's own dice, then takes the
        given dice: a bot can look ahead without knowing the real rolls.
        """
        if type(self.dice) is not Dice or self._forked:
            raise ValueError("only a race with seeded dice can be forked, and a fork cannot be forked")
        if self._mark is None:
            return self._fork_by_replay(dice)
        turn, slot, order, racers, taken, destroyed, traps, arrivals, dice_state, made = self._mark
        copy = object.__new__(Race)
        copy.board, copy.setups, copy.turns, copy.seed = self.board, self.setups, self.turns, self.seed
        copy.dice = Dice(None)
        copy.dice.setstate(dice_state)
        copy.turn, copy.order, copy.current, copy.phase = turn, list(order), None, ""
        copy.taken, copy.destroyed, copy.traps = set(taken), set(destroyed), dict(traps)
        copy.racers = [r.copy() for r in racers]
        copy._arrivals = arrivals
        copy._keep_marks, copy._mark, copy._forked = False, None, True
        copy.choices, copy.log, copy._new_events = list(self.choices[:made]), [], []
        copy.pending, copy.over = None, False
        copy._rules = copy._race(resume=(turn, slot))
        copy._advance(None)
        for choice in self.choices[made:]:
            copy.choose(choice)
        copy.dice = dice
        copy.log, copy._new_events = [], []
        return copy

    def _fork_by_replay(self, dice: Dice) -> "Race":
        """A fork made by replaying every choice from the start (races without snapshots)."""
        copy = Race(self.board, self.setups, self.turns, self.seed, Dice(self.seed))
        copy._keep_marks, copy._forked = False, True
        for choice in self.choices:
            copy.choose(choice)
        copy.dice = dice
        copy.log, copy._new_events = [], []
        return copy

    def _racer_turn(self, racer: int) -> Rules:
        """One racer's three phases."""
        r = self.racers[racer]
        self.current = racer
        r.protected = False
        self.emit("racer_turn", racer=racer)
        baby_action = r.baby_step if r.has(BABY) else None
        yield from self._movement_phase(racer, beer=baby_action == 0)
        if baby_action != 2:
            yield from self._drift_phase(racer)
        if baby_action is not None:
            yield from effects.baby_after_drift(self, racer, baby_action)
            r.baby_step = (baby_action + 1) % 4
        yield from self._action_phase(racer)
        self.phase = ""
        self.emit("turn_ended", racer=racer)

    def _set_phase(self, racer: int, phase: str) -> None:
        """Enter a phase (an event)."""
        self.phase = phase
        self.emit("phase", racer=racer, phase=phase)

    def _movement_phase(self, racer: int, beer: bool = False) -> Rules:
        """Roll 2D6 (beer dice, DRAPID, venom) and move by a die of one's choice (4.1)."""
        self._set_phase(racer, "movement")
        r = self.racers[racer]
        main = BEER if beer else D6
        dice: list[Die] = [main] if r.poisoned else [main, main]
        if r.has(FAST) and not r.poisoned:
            dice.append(DRAPID)
        r.poisoned = False
        faces, rolled, _ = yield from self.roll(racer, dice, "movement")
        pair = len(dice) >= 2 and dice[1] is main
        double = pair and rolled[0] == rolled[1]
        sprinter = double and rolled[0] == main.high
        options = set()
        for die, face in zip(dice, faces):
            options.add((face, 0))
            if die is main and face == main.high:
                for side in range(1, face + 1):
                    options.update({(face - side, -side), (face - side, side)})
        if sprinter:
            options.add((faces[0] + faces[1], 0))
            self.emit("sprinter", racer=racer)
        if double:
            r.inventory.clovers += 1
            self.emit("lucky", racer=racer)
        forward, sideways = yield from self.ask(racer, "move", sorted(options), die=[d.name for d in dice],
                                                faces=list(faces))
        yield from moves.walk(self, racer, forward, sideways, "movement", voluntary=True)

    def drift_options(self, racer: int) -> list[tuple[int, int]]:
        """The legal drifts (4.2): back one or two squares diagonally, or stay."""
        r = self.racers[racer]
        legal = []
        for dr, dc in DRIFTS:
            target = self.board.wrap(r.row + dr, r.col + dc)
            if (dr, dc) != (0, 0):
                if self.blocks(target):
                    continue
                if abs(dr) == 2 and self.blocks(self.board.wrap(r.row - 1, r.col + dc // 2)):
                    continue
            legal.append((dr, dc))
        return legal

    def _drift_phase(self, racer: int) -> Rules:
        """Drift back diagonally one or two squares, or stay (4.2)."""
        self._set_phase(racer, "drift")
        dr, dc = yield from self.ask(racer, "drift", self.drift_options(racer))
        if (dr, dc) != (0, 0):
            yield from moves.place(self, racer, dr, dc, "drift", suffered=False, voluntary=True)

    def _action_phase(self, racer: int) -> Rules:
        """Move by speed, use an object or rest; coins and free actions around it (4.3)."""
        self._set_phase(racer, "action")
        r = self.racers[racer]
        main_done = coins_done = False
        free_used: set[str] = set()
        while True:
            options: list[str] = []
            if not main_done:
                options += ["move", "rest"] + [f"use:{o}" for o in effects.usable_objects(self, racer)]
            if not coins_done and r.inventory.coins > 0:
                options.append("coins")
            options += [f for f in effects.free_actions(self, racer) if f not in free_used]
            if main_done:
                if not options:
                    break
                options.append("end")
            choice = yield from self.ask(racer, "action", options)
            if choice == "end":
                break
            if choice == "coins":
                coins_done = True
                yield from self._spend_coins(racer)
            elif choice in ("move", "rest"):
                main_done = True
                if choice == "move":
                    yield from moves.walk(self, racer, r.speed, 0, "action", voluntary=True)
            elif choice.startswith("use:"):
                main_done = True
                yield from effects.use_object(self, racer, choice[4:])
            else:
                free_used.add(choice)
                yield from effects.use_free(self, racer, choice)
        yield from effects.after_action(self, racer)

    def coin_options(self, racer: int) -> dict[int, dict]:
        """For each sensible coin count, where the walk ends (cheapest n per square)."""
        r = self.racers[racer]
        best: dict[Square, int] = {}
        info: dict[int, dict] = {}
        for n in range(1, min(5, r.inventory.coins) + 1):
            theoretical = n * (n + 1) // 2
            end, travelled = moves.preview_walk(self, racer, theoretical)
            if end in best:
                continue
            best[end] = n
            info[n] = {"square": end, "travelled": travelled, "theoretical": theoretical,
                       "blocked": travelled < theoretical}
        return info

    def _spend_coins(self, racer: int) -> Rules:
        """Spend n coins to walk n(n+1)/2 squares forward (4.3)."""
        info = self.coin_options(racer)
        n = yield from self.ask(racer, "coins", sorted(info), squares=info,
                                coins=self.racers[racer].inventory.coins)
        self.racers[racer].inventory.coins -= n
        self.emit("coins_spent", racer=racer, coins=n, squares=n * (n + 1) // 2)
        yield from moves.walk(self, racer, n * (n + 1) // 2, 0, "coins", voluntary=True)

    # ------------------------------------------------------------ saves
    def to_json(self) -> str:
        """The race as JSON: setup, seed and every choice so far."""
        if type(self.dice) is not Dice:
            raise SaveError("a race with rigged dice cannot be saved: only seeded races replay")
        return json.dumps({
            "format": SAVE_FORMAT,
            "board": self.board.to_dict(),
            "source": self.board.source,
            "racers": [s.to_dict() for s in self.setups],
            "turns": self.turns,
            "seed": self.seed,
            "choices": self.choices,
        })

    @classmethod
    def from_json(cls, text: str, board: Board | None = None) -> "Race":
        """Rebuild a saved race by replaying its choices (raises SaveError)."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise SaveError(f"the save is not valid JSON ({error})") from None
        if not isinstance(data, dict) or "format" not in data:
            raise SaveError("the save has no format version: it is not a Fantasy Racing save")
        if data["format"] != SAVE_FORMAT:
            raise SaveError(f"the save has format {data['format']!r}; this game reads format {SAVE_FORMAT}")
        try:
            if board is None:
                board = Board.from_dict(data["board"])
                board = dataclasses.replace(board, source=data.get("source", ""))
            setups = [RacerSetup(**s) for s in data["racers"]]
            race = cls.new(board, setups, data["turns"], data["seed"])
            for i, choice in enumerate(data["choices"]):
                if race.over:
                    raise SaveError(f"the save has {len(data['choices']) - i} choices after the end of the race")
                race.choose(choice)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise SaveError(f"the save is damaged ({type(error).__name__}: {error})") from None
        race.take_events()
        return race
