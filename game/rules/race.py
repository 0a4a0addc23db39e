"""The race: a state machine with one pending decision, driven by `choose`.

The rules are written as generator functions: each `yield`s a `Decision`
when a racer must choose and receives the chosen option back. `Race` runs
that generator one decision at a time, so the screen, the bots, the tests
and the replays all drive the race the same way. Decisions with a single
legal option are taken automatically and never reach the caller.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from game.boards.board import Board, Square
from game.rules import effects, hooks, levels, moves, record
from game.rules.characters import BABY, CHARACTERS, FAST
from game.rules.dice import BEER, D6, DRAPID, Dice, DiceExhausted, Die
from game.rules.rulebook import Rules as RuleBook
from game.rules.state import (
    Checkpoint,
    Decision,
    IllegalChoice,
    Inventory,
    Mark,
    Option,
    Racer,
    RacerSetup,
    RaceState,
    Rules,
    SaveError,
    Trap,
)

__all__ = [
    "Race",
    "RaceState",
    "Checkpoint",
    "Racer",
    "RacerSetup",
    "Decision",
    "IllegalChoice",
    "SaveError",
    "Inventory",
    "Trap",
    "Rules",
    "MIN_RACERS",
    "MAX_RACERS",
    "MIN_TURNS",
    "MAX_TURNS",
    "DRIFTS",
]

MIN_RACERS, MAX_RACERS = 2, 6
MIN_TURNS, MAX_TURNS = 5, 15
MAX_POINTS = 1_000_000  # a racer's points at most, and at least minus this (a race gives a few hundred)
DRIFTS = ((0, 0), (-1, -1), (-1, 1), (-2, -2), (-2, 2))
# Each drift's way: the squares, from the racer, that it passes over and lands on (a barrier or rock there stops it).
DRIFT_WAYS = {(dr, dc): ((dr, dc),) if abs(dr) == 1 else ((-1, dc // 2), (dr, dc)) for dr, dc in DRIFTS[1:]}


def _same(offered: object, option: object) -> bool:
    """Whether a choice is an offered option in type as well as value: 1.0, True or "1" are not 1."""
    kind = type(offered)
    if kind is not type(option):
        return False
    if isinstance(offered, tuple) and isinstance(option, tuple):
        return len(offered) == len(option) and all(map(_same, offered, option))
    return bool(offered == option)


def _shown(option: object) -> str:
    """A refused choice, short, as a sentence shows it (an integer too long to write says so)."""
    try:
        return f"{option!r}"[:60]
    except (ValueError, RecursionError):
        return "a value too long to show"


def move_options(dice: Sequence[Die], faces: Sequence[int], sprinter: bool) -> tuple[tuple[int, int], ...]:
    """The moves (forward, sideways) the movement dice offer (4.1), in order: each die's face
    straight on; a main die's highest face also as an L-move; a sprinter's two faces together."""
    key: tuple[str | int | bool, ...] = (*map(_die_name, dice), *faces, sprinter)
    options = _MOVE_OPTIONS.get(key)
    if options is None:
        main = dice[0]
        moves_offered = set()
        for die, face in zip(dice, faces):
            moves_offered.add((face, 0))
            if die is main and face == main.high:
                for side in range(1, face + 1):
                    moves_offered.update({(face - side, -side), (face - side, side)})
        if sprinter:
            moves_offered.add((faces[0] + faces[1], 0))
        options = _MOVE_OPTIONS[key] = tuple(sorted(moves_offered))
    return options


_MOVE_OPTIONS: dict[tuple[str | int | bool, ...], tuple[tuple[int, int], ...]] = {}  # by dice, faces, sprinter
_die_name = attrgetter("name")


def _movement_dice(beer: bool, poisoned: bool, quick: bool) -> tuple[tuple[Die, ...], tuple[str, ...]]:
    """The movement dice (4.1) and their names: two main dice (the baby's beer dice, or D6), one when
    poisoned (venom), and the quick die (DRAPID) of a fast racer who is not poisoned."""
    main = BEER if beer else D6
    dice: tuple[Die, ...] = (main,) if poisoned else (main, main)
    if quick and not poisoned:
        dice += (DRAPID,)
    return dice, tuple(d.name for d in dice)


# The movement dice and their names, by (beer, poisoned, quick die): the same few every turn.
MOVEMENT_DICE = {
    (beer, poisoned, quick): _movement_dice(beer, poisoned, quick)
    for beer in (False, True)
    for poisoned in (False, True)
    for quick in (False, True)
}


def _drift_clear_rows(board: Board) -> dict[tuple[int, int] | None, tuple[int, ...]]:
    """For each drift, each row's columns from which no barrier nor rock of the authored board lies on its
    way, as a bit mask (bit c: column c): the drift is legal from there; under None, the columns from which
    every drift is (worked out once per board)."""
    width, height, wall_rows = board.width, board.height, board.wall_rows
    every = (1 << width) - 1
    clear: dict[tuple[int, int] | None, tuple[int, ...]] = {}
    for drift, way in DRIFT_WAYS.items():
        rows = []
        for row in range(height):
            near = 0  # bit c: a wall lies (dr, dc) from column c, for some (dr, dc) of the way
            for dr, dc in way:
                walls, shift = wall_rows[(row + dr) % height], dc % width
                near |= ((walls >> shift) | (walls << (width - shift))) & every  # column c + dc, round the torus
            rows.append(every & ~near)
        clear[drift] = tuple(rows)
    clear[None] = tuple(a & b & c & d for a, b, c, d in zip(*clear.values()))
    found: dict[tuple[int, int] | None, tuple[int, ...]] = board.memo.setdefault("drift_clear_rows", clear)
    return found


class Race(RaceState):
    """A race in progress: board state, racers, turn, and the pending decision."""

    def __init__(
        self,
        board: Board,
        setups: Sequence[RacerSetup],
        turns: int,
        seed: int | None,
        dice: Dice | None,
        before: Callable[[Race], None] | None = None,
        rules: int | RuleBook | None = None,
        resume: Checkpoint | None = None,
        forked: bool = False,
    ) -> None:
        mark = resume.mark if resume is not None else None
        super().__init__(board, setups, turns, seed, dice, rules, mark.copy_of_moment() if mark else None)
        if resume is not None:  # (see `restore`: the choices before its mark, the events told until then)
            self.choices = list(resume.choices[: resume.since])
            self.log = list(resume.events or ())[: mark.told if mark else 0]
        # A mark at the start of each racer's turn, for checkpoints: the screen explains a person's
        # options on forks, and the bots that look ahead search on them (races of other bots alone,
        # the tournaments' thousands, keep none: a checkpoint then starts from the race's start).
        self._keep_marks = not forked and any(st.bot is None or st.bot in levels.FORKING for st in self.setups)
        self._mark: Mark | None = None
        self._forked = forked
        if before is not None:
            before(self)
        self._rules = self._race(None if mark is None else (self.turn, mark.slot))
        self._advance(None)

    # ------------------------------------------------------------ creation
    @classmethod
    def new(
        cls,
        board: Board,
        setups: Sequence[RacerSetup],
        turns: int | None = None,
        seed: int | None = None,
        dice: Dice | None = None,
        before: Callable[[Race], None] | None = None,
        rules: int | RuleBook | None = None,
    ) -> Race:
        """A new race; checks the setup and says clearly what is wrong.

        `before(race)`, for tests, may arrange the racers before the first turn; `rules`: the rules it
        plays by, or their version (game/rules/rulebook.py; by default this game's).
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
        return cls(board, setups, turns, seed, dice, before, rules)

    # ------------------------------------------------------------ driving
    def choose(self, option: object) -> None:
        """Answer the pending decision with one of its options (`option` may come from anywhere, a file
        or a message: it is checked here, in type as well as value)."""
        pending = self.pending
        if pending is None:
            raise IllegalChoice("the race is over: there is nothing to choose")
        if isinstance(option, list):
            option = record.freeze(option)
        options = pending.options
        offered: Option | None
        try:
            offered = options[options.index(option)]  # (equal in value: 1.0 and True equal 1 too)
        except ValueError:
            offered = None  # (None is never an option)
        if offered is None or (offered is not option and not _same(offered, option)):  # (a bot's: the very option)
            raise IllegalChoice(
                f"{_shown(option)} is not an option of this {pending.kind!r} decision; "
                f"choose one of {str(list(options))[:200]}"
            )
        self.choices.append(offered)  # (the option offered, equal to the choice in type and value)
        self._advance(offered)

    def _advance(self, option: Option | None) -> None:
        """Run the rules until the next decision or the end of the race (`None`: the rules' start); a
        decision with a single legal option is answered at once: only real choices are pending."""
        rules = self._rules
        try:
            pending = rules.send(option)
            while len(pending[2]) == 1:  # (its options)
                pending = rules.send(pending[2][0])
        except StopIteration:
            self.pending = None
            self.over = True
        else:
            self.pending = pending

    # ------------------------------------------------------------ moves the fights need
    place = moves.place  # (section 5.2; see RaceState)
    walk = moves.walk  # (section 5.1)

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
        self.emit("race_over", self.standings())

    def _start_turn(self, turn: int) -> None:
        """The order of play (2), then objects back on the map's respawn turns (5.7)."""
        if turn == 1:
            self.order = self.dice.order(len(self.racers))
        else:  # the fewest points first; a tie keeps the previous turn's order (sorted is stable)
            points = [r.points for r in self.racers]
            self.order = sorted(self.order, key=points.__getitem__)
        self.emit("turn_started", turn, list(self.order))
        if turn in self.board.respawn_turns and self.taken:
            squares = sorted(self.taken)
            self.taken.clear()
            self.emit("respawned", squares)

    # ------------------------------------------------------------ checkpoints (forks, undo, the timeline)
    def _snapshot(self, slot: int) -> Mark:
        """The race at the start of the racer's turn at `slot`, for its checkpoints."""
        dice = self.dice.getstate() if self.dice.replayable else None
        return Mark(slot, self.moment(), dice, len(self.choices), len(self.log))

    def keep_marks(self) -> None:
        """Keep a mark at the start of each racer's turn from now on (a race of computer racers alone
        keeps none: its checkpoints start from the race's start), e.g. for a replay's timeline."""
        if not self._forked:
            self._keep_marks = True

    def checkpoint(self, made: int | None = None, events: bool = True) -> Checkpoint:
        """The race with `made` choices made (None: all of them, now) as one record, to `restore` it: from
        the last mark at or before it (else from the race's start), with the events told until then
        (`events=False`: none, as a fork wants). Only a race with seeded or shown dice has checkpoints, and
        a fork has none."""
        made = len(self.choices) if made is None else made
        if not self.dice.replayable or self._forked:
            raise ValueError("only a race with seeded or shown dice can be forked, and a fork cannot be forked")
        if not 0 <= made <= len(self.choices):
            raise ValueError(f"the race has {len(self.choices)} choices made, not {made}")
        mark = self._mark if self._mark is not None and self._mark.made <= made else None
        told = (tuple(self.log[: mark.told]) if mark is not None else ()) if events else None
        fixed = (self.board, self.setups, self.turns, self.seed, self.rules)  # (FIXED, in order)
        return Checkpoint(fixed, self.dice, mark, tuple(self.choices[:made]), told)

    @classmethod
    def restore(cls, checkpoint: Checkpoint, dice: Dice | None = None, fork: bool = False) -> Race:
        """The race of a checkpoint: its rules started again from its mark (or the race's start) with
        replicas of its dice (the faces they showed), the choices since made again, every event up to
        the checkpoint taken. `dice`: the dice it rolls from then on (None: the replicas go on as the
        race's own dice would); `fork`: a fork (it keeps no marks, its log starts empty, it cannot be
        forked)."""
        board, setups, turns, seed, rules = checkpoint.fixed
        mark = checkpoint.mark
        replica = checkpoint.dice.replica(None if mark is None else mark.dice)
        race = cls(board, setups, turns, seed, replica, rules=rules, resume=checkpoint, forked=fork)
        for choice in checkpoint.choices[checkpoint.since :]:
            race.choose(choice)
        if dice is not None:
            race.dice = dice
        if checkpoint.events is None:
            race.log = []
        race._told = len(race.log)
        return race

    def fork(self, dice: Dice) -> Race:
        """A copy of the race at this very decision, whose future rolls come from `dice`: its checkpoint
        restored (this turn's choices made again with the race's own dice, the faces they already showed),
        then the given dice: a bot can look ahead without knowing the real rolls, even in a race whose
        future dice nobody here has (a network race's client)."""
        return Race.restore(self.checkpoint(events=False), dice, fork=True)

    def _racer_turn(self, racer: int) -> Rules:
        """One racer's three phases."""
        r = self.racers[racer]
        self.current = racer
        r.protected = False
        self.emit("racer_turn", racer)
        baby_action = r.baby_step if r.has(BABY) else None
        yield from self._movement_phase(racer, baby_action == 0)  # the baby's beer
        if baby_action != 2:
            yield from self._drift_phase(racer)
        if baby_action is not None:
            yield from effects.baby_after_drift(self, racer, baby_action)
            r.baby_step = (baby_action + 1) % 4
        yield from self._action_phase(racer)
        self.phase = ""
        self.emit("turn_ended", racer)

    def _movement_phase(self, racer: int, beer: bool = False) -> Rules:
        """Roll 2D6 (beer dice, DRAPID, venom) and move by a die of one's choice (4.1)."""
        self.phase = "movement"
        self.emit("phase", racer, "movement")
        r = self.racers[racer]
        main = BEER if beer else D6
        dice, names = MOVEMENT_DICE[beer, r.poisoned, r.has(FAST)]
        r.poisoned = False
        faces, rolled, _ = yield from self.roll(racer, dice, "movement")
        pair = len(dice) >= 2 and dice[1] is main
        double = pair and rolled[0] == rolled[1]
        sprinter = double and rolled[0] == main.high
        if self.rules.quick_die_doubles and len(dice) == 3 and rolled[2] in rolled[:2]:
            double = True  # [house] the quick die and a D6 of the same face: a double too (never the sprinter)
        options = move_options(dice, faces, sprinter)
        if sprinter:
            self.emit("sprinter", racer)
        if double:
            r.inventory.clovers += 1
            self.emit("lucky", racer)
        forward, sideways = yield self.ask(racer, "move", options, die=list(names), faces=list(faces))
        yield from moves.walk(self, racer, forward, sideways, "movement", voluntary=True)

    def drift_options(self, racer: int) -> tuple[tuple[int, int], ...]:
        """The legal drifts (4.2): back one or two squares diagonally, or stay."""
        r = self.racers[racer]
        row, col = r.row, r.col
        board = self.board
        clear = board.memo.get("drift_clear_rows") or _drift_clear_rows(board)
        if clear[None][row] >> col & 1:
            return DRIFTS  # no barrier nor rock on any drift's way
        legal = [DRIFTS[0]]  # staying
        for drift, way in DRIFT_WAYS.items():  # (a barrier on the way may have been destroyed)
            if clear[drift][row] >> col & 1 or not any(self.blocks(board.wrap(row + dr, col + dc)) for dr, dc in way):
                legal.append(drift)
        return tuple(legal)

    def _drift_phase(self, racer: int) -> Rules:
        """Drift back diagonally one or two squares, or stay (4.2)."""
        self.phase = "drift"
        self.emit("phase", racer, "drift")
        dr, dc = yield self.ask(racer, "drift", self.drift_options(racer))  # (staying is always one of them)
        if dr or dc:  # (not staying)
            yield from moves.place(self, racer, dr, dc, "drift", suffered=False, voluntary=True)

    def _action_phase(self, racer: int) -> Rules:
        """Move by speed, use an object or rest; coins and free actions around it (4.3)."""
        self.phase = "action"
        self.emit("phase", racer, "action")
        r = self.racers[racer]
        main_done = coins_done = False
        free_used: set[str] = set()
        may_act_freely = not hooks.ACTING_FREELY.isdisjoint(r.stats.rules)  # (few characters have free actions)
        while True:
            options: list[str] = [] if main_done else ["move", "rest"]
            if not main_done and r.inventory.objects:  # (nothing to use without an object)
                options += [f"use:{o}" for o in effects.usable_objects(self, racer)]
            if not coins_done and r.inventory.coins > 0:
                options.append("coins")
            free = hooks.free_actions(self, racer) if may_act_freely else None
            if free:
                options += [f for f in free if f not in free_used]
            if main_done:
                if not options:
                    break
                options.append("end")
            choice = yield self.ask(racer, "action", options)
            if choice == "end":
                break
            if choice == "coins":
                coins_done = True
                yield from self._spend_coins(racer)
            elif choice in ("move", "rest"):
                main_done = True
                if choice == "move":
                    yield from moves.walk(self, racer, self.speed_of(racer, self.turn), 0, "action", voluntary=True)
            elif choice.startswith("use:"):
                main_done = True
                yield from effects.use_object(self, racer, choice[4:])
            else:
                free_used.add(choice)
                yield from hooks.use_free(self, racer, choice)
        if not hooks.ACTING_AFTER.isdisjoint(r.stats.rules):  # (few rules act after the action phase: the flail)
            yield from hooks.after_action(self, racer)

    def coin_options(self, racer: int) -> dict[int, dict[str, Any]]:
        """For each sensible coin count, where the walk ends (cheapest n per square)."""
        r = self.racers[racer]
        best: dict[Square, int] = {}
        info: dict[int, dict[str, Any]] = {}
        for n in range(1, min(5, r.inventory.coins) + 1):
            theoretical = n * (n + 1) // 2
            end, travelled = moves.preview_walk(self, racer, theoretical)
            if end in best:
                continue
            best[end] = n
            info[n] = {
                "square": end,
                "travelled": travelled,
                "theoretical": theoretical,
                "blocked": travelled < theoretical,
            }
        return info

    def _spend_coins(self, racer: int) -> Rules:
        """Spend n coins to walk n(n+1)/2 squares forward (4.3)."""
        info = self.coin_options(racer)
        n = yield self.ask(racer, "coins", sorted(info), squares=info, coins=self.racers[racer].inventory.coins)
        self.racers[racer].inventory.coins -= n
        self.emit("coins_spent", racer, n, n * (n + 1) // 2)
        yield from moves.walk(self, racer, n * (n + 1) // 2, 0, "coins", voluntary=True)

    # ------------------------------------------------------------ the record
    def to_dict(self) -> dict[str, Any]:
        """The race's record (`game.rules.record`): setup, seed and every choice so far, as plain data."""
        if not self.dice.replayable:
            raise SaveError("a race with rigged dice cannot be saved: only seeded races replay")
        board = self.board
        setups = [s.to_dict() for s in self.setups]
        # a race kept from a network race: its dice add the faces its host showed
        return record.make(
            board.to_dict(),
            board.source,
            setups,
            self.turns,
            self.seed,
            self.choices,
            self.dice.saved(),
            self.rules.version,
        )

    @classmethod
    def from_dict(cls, data: Any, board: Board | None = None, choices: bool = True) -> Race:
        """The race of a record of any version (`game.rules.record`), rebuilt by replaying its choices (with
        `choices=False`: at its very beginning, no choice made and its first events not taken).

        `board`: the same board with its Tiled art, instead of the one the record keeps. Raises
        SaveError (a `RecordError` naming the field) with one sentence.
        """
        data = record.check(data)
        try:
            if board is None:
                board = dataclasses.replace(Board.from_dict(data["board"]), source=data.get("source", ""))
        except (KeyError, TypeError, ValueError) as error:
            raise record.RecordError(f"the field 'race.board' is not a board ({record.reason(error)})") from None
        setups = [RacerSetup(r["character"], r.get("name", ""), r.get("bot")) for r in data["racers"]]
        try:
            race = cls.new(board, setups, data["turns"], data["seed"], record.dice(data), rules=data["rules"])
        except (DiceExhausted, KeyError, TypeError, ValueError) as error:  # (no face shown for a roll)
            raise SaveError(f"the race cannot start ({record.reason(error)})") from None
        if not choices:
            return race
        made = data["choices"]
        for index, choice in enumerate(made):
            if race.over:
                raise SaveError(f"the race has {len(made) - index} choices after its end")
            try:
                race.choose(choice)
            except DiceExhausted:  # a race without its seed: past the faces its record shows
                raise SaveError(f"choice {index} rolls dice whose faces the record does not show") from None
            except (TypeError, ValueError) as error:  # (IllegalChoice is a ValueError)
                raise SaveError(f"choice {index} is not one the race allows ({record.reason(error)})") from error
        race.take_events()
        return race
