"""A replay's timeline: every event of a kept race placed in its game turn and its racer's turn, the
moments worth marking (each game turn, fight, lap and chest), and the race rebuilt as it stood there.

The replay is played back once (`Timeline(replay)`): each event is kept with the number of choices
made when the race gave it (`Moment.made`: the events of one choice come together, and the race stops
only at decisions), its game turn and the racer acting. `race_at(made)` rebuilds the race with that
many choices made: the race's checkpoint at the start of that game turn restored (`Race.restore`, one
kept per game turn as the replay is played back), then that turn's choices made again; or, for a jump
forward within a turn, by going on from the race shown until then (benchmarks/timeline.py prints a
jump's cost).

A screen that shows the race as it stood after event k rebuilds it with `race_at(made - 1)` (where the
batch of event k begins), makes the choice that gave the batch, and shows its events up to k. Pure
Python (no pygame).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from game.boards.board import Board
from game.meta.replay import Replay, ReplayError, play_choice, start
from game.rules.events import Event
from game.rules.race import Checkpoint, Race

# The kinds of event a timeline marks, and the mark's name (the bar draws each with its icon).
MARKS = {"turn_started": "turn", "fight": "fight", "crossed_line": "lap", "chest_opened": "chest"}
# How far one step goes: one event, one racer's turn (to the next or previous racer_turn), one game turn.
STEPS = {"event": None, "racer": "racer_turn", "turn": "turn_started"}


@dataclass(frozen=True)
class Moment:
    """An event of the race: its place in the log, the choices made when it came, its game turn (0 before
    the first), the racer acting (None between racers' turns) and its kind."""

    index: int
    made: int
    turn: int
    racer: int | None
    kind: str

    @property
    def mark(self) -> str | None:
        """The timeline's mark for this event (turn, fight, lap, chest), or None."""
        return MARKS.get(self.kind)


class Timeline:
    """Every event of a replay placed in the race, and the race rebuilt at any of them (see the module)."""

    def __init__(self, replay: Replay, board: Board | None = None) -> None:
        self.replay = replay
        self.board = board
        self.events: list[Event] = []
        self.moments: list[Moment] = []
        self.problem: str | None = None  # why the replay stops before its end (its choices do not replay)
        race = start(replay, board)
        race.keep_marks()  # (a checkpoint at each game turn: a jump replays one game turn at most)
        self.checkpoints: list[Checkpoint] = []  # the race at the start of each game turn, from the second
        self._place(race, 0)
        for _ in replay.choices:
            if race.over:
                self.problem = f"{replay.name} is damaged: it has choices after the end of its race"
                break
            try:
                play_choice(race, replay)
            except ReplayError as error:
                self.problem = str(error)
                break
            self._place(race, len(race.choices))
            if self.moments and self.moments[-1].turn > len(self.checkpoints) + 1:  # (a new game turn began)
                self.checkpoints.append(race.checkpoint())
        self.made = len(race.choices)  # the choices that replay
        self.last = race

    def _place(self, race: Race, made: int) -> None:
        """Keep the events a choice gave, each in its game turn and its racer's turn."""
        turn = self.moments[-1].turn if self.moments else 0
        racer = self.moments[-1].racer if self.moments else None
        for event in race.take_events():
            kind = event.kind
            if kind == "turn_started":
                turn, racer = event.turn, None
            elif kind == "racer_turn":
                racer = event.racer
            self.moments.append(Moment(len(self.events), made, turn, racer, kind))
            self.events.append(event)
            if kind == "turn_ended":
                racer = None

    # ---------------------------------------------------------------- the race at a moment
    def race_at(self, made: int, near: Race | None = None) -> Race:
        """The race with `made` choices made (0 to `self.made`) and every event taken: `near` (the race
        of this replay shown until now, which it changes) made to go on when it has no more choices than
        that, else the race replayed from its start."""
        if type(made) is not int or not 0 <= made <= self.made:
            raise ValueError(f"the replay has {self.made} choices that replay, not {str(made)[:20]}")
        before = [c for c in self.checkpoints if c.made <= made]
        race: Race | None = near if near is not None and len(near.choices) <= made else None
        if before and (race is None or len(race.choices) < before[-1].made):
            race = Race.restore(before[-1])
        elif race is None:
            race = start(self.replay, self.board)
        for _ in range(made - len(race.choices)):
            play_choice(race, self.replay)
        race.take_events()
        return race

    # ---------------------------------------------------------------- moving along
    def marks(self) -> list[Moment]:
        """The moments the bar marks: each game turn's start, each fight, lap and chest."""
        return [m for m in self.moments if m.mark is not None]

    def turn_index(self, turn: int) -> int:
        """The event that begins game turn `turn` (its turn_started), or the nearest there is."""
        starts = [m.index for m in self.moments if m.kind == "turn_started"]
        if not starts or not turn > 1:
            return starts[0] if starts else 0
        return starts[min(turn, len(starts)) - 1]

    def step(self, index: int, how: str, direction: int) -> int:
        """The event one step from event `index` (-1: none shown yet): by one event, or to the next
        (direction 1) or previous (-1) racer's turn or game turn; it stays in the race's events."""
        last = len(self.events) - 1
        kind = STEPS[how]
        if kind is None:
            return max(0, min(last, index + direction))
        if direction > 0:
            later = (m.index for m in self.moments[index + 1 :] if m.kind == kind)
            return next(later, last)
        earlier = [m.index for m in self.moments[: max(index, 0)] if m.kind == kind]
        return earlier[-1] if earlier else 0

    def at_fraction(self, fraction: float) -> int:
        """The event at a fraction (0 to 1) of the race (a click on the bar): beyond 1 the last, below 0 (or
        not a number: NaN) the first; never an error, whatever the fraction (infinite, 10**400)."""
        last = len(self.events) - 1
        if last <= 0 or not fraction > 0:  # (NaN is not greater than 0)
            return 0
        if fraction >= 1:  # (compared, never multiplied: an int too large for a float stays here)
            return last
        return round(float(fraction) * last)

    def first_of_batch(self, index: int) -> int:
        """The first event that came with the same choice as event `index`."""
        made = self.moments[index].made
        return _first(self.moments, made)


def _first(moments: Sequence[Moment], made: int) -> int:
    """The first moment with `made` choices made (moments are in order of `made`)."""
    keys = [m.made for m in moments]
    return bisect_right(keys, made - 1)
