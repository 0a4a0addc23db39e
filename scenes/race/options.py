"""The options of a decision as the panel offers them: from where the racer really stops.

Every option that moves the deciding racer is played on a fork of the race (`game.rules.explain`): its
square on the board is where the walk really ends (a barrier, a rock or a trap may cut it short),
its label says what really happens ("2 squares down — the barrier stops you") and what it surely
costs. Options that do exactly the same (the same squares walked, the same end, points and costs)
are offered once: the entry chooses one of the engine's equal options, the engine keeps them all.
The focus starts on a safe option, and an option that surely costs a shield, coins or points (but
a drift's step back, whose cost its label shows) asks to be confirmed (scenes/race/decisions.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import pygame

from game import Decision, Option, Race
from game.rules import explain
from game.rules.state import Step
from scenes.core import words
from scenes.core.i18n import t

FORESEEN = ("clover", "path")  # kinds whose options are not played on a fork (a clover is chance; a path is drawn)
SQUARE_KINDS = ("target", "path", "flail")  # kinds whose options are squares themselves
HARMFUL = ("hole", "trap", "fight", "shock", "shortcut")  # what may take over where a walk ends, at a cost


@dataclass
class Entry:
    """One option as the panel shows it: the engine option it chooses, every engine option it
    stands for (equal outcomes), its label, its square on the board, and what it surely does."""

    option: Option
    label: str
    square: tuple[int, int] | None = None
    rect: pygame.Rect | None = None
    icon: pygame.Surface | None = None
    options: tuple[Option, ...] = ()
    outcome: explain.MoveOutcome | None = None
    sure: explain.Foresight | None = None
    same: list[Option] = field(default_factory=list)  # the other engine options it stands for
    cut: Any = None  # (option, outcome) of its option whose walk is cut shortest of what it asks, if any

    @property
    def stopped(self) -> str | None:
        """What cuts short the walk of one of its options: barrier, rock, trap or hole (None: none is)."""
        return self.cut[1].stopped_by if self.cut is not None else None

    @property
    def blocked(self) -> tuple[tuple[int, int], ...]:
        """The squares that option asks for and never reaches (drawn as blocked)."""
        return self.cut[1].blocked if self.cut is not None else ()

    @property
    def costly(self) -> bool:
        """Whether choosing it surely costs points, a shield or coins (the focus starts elsewhere)."""
        return self.sure is not None and self.sure.costly

    def asks_twice(self, kind: str) -> bool:
        """Whether choosing it takes a second press: it surely costs (points, a drift's step back
        included, a shield or coins). One rule for every decision (`kind` is kept for the callers)."""
        sure = self.sure
        return sure is not None and sure.costly

    @property
    def harmless(self) -> bool:
        """A move that costs nothing for sure and ends where nothing harmful waits."""
        outcome, sure = self.outcome, self.sure
        if outcome is None or sure is None or sure.costly or outcome.fight is not None:
            return False
        return sure.then not in HARMFUL and not any(kind in ("hole", "trap") for kind in outcome.waiting)


def option_square(decision: Decision, option: Option, race: Race) -> tuple[int, int] | None:
    """The square an option asks for, as if nothing stood in the way (when the race cannot be
    forked), or the square it stands for (a target, a path's next square)."""
    r = race.racers[decision.racer]
    wrap = race.board.wrap
    kind = decision.kind
    if kind in SQUARE_KINDS:
        return (option[0], option[1]) if isinstance(option, tuple) and len(option) == 2 else None
    if kind in ("move", "drift"):
        rows, cols = cast(Step, option)  # (a move's or a drift's option is a step)
        return wrap(r.row + rows, r.col + cols)
    if kind == "tactical":
        return wrap(r.row, r.col + cast(int, option))  # (a shift sideways)
    if kind == "distance":
        return wrap(r.row + cast(int, option), r.col)  # (rows ahead)
    if kind == "coins":
        entry = decision.info.get("squares", {}).get(option)
        return tuple(entry["square"]) if entry else None
    return None


def landing(outcome: explain.MoveOutcome) -> tuple[int, int]:
    """Where a move leaves the racer: where his walk ends, or, into a hole, where he climbs out."""
    sure = outcome.sure
    return sure.exit if sure is not None and sure.then == "hole" and sure.exit is not None else outcome.end


def entries(decision: Decision, race: Race) -> list[Entry]:
    """The panel's entries for a decision: equal outcomes merged into one, each from where the racer
    really stops (the panel's `focus_option` makes a merged entry choose a given option of its own)."""
    made: list[Entry] = []
    by_outcome: dict[tuple[Any, ...], Entry] = {}
    for option in decision.options:
        sure = explain.foresee(race, decision, option) if decision.kind not in FORESEEN else None
        outcome = explain.move_outcome(race, decision, option, sure) if sure is not None else None
        cut = (option, outcome) if outcome is not None and outcome.stopped_by is not None else None
        if outcome is not None:
            twin = by_outcome.get(outcome.same)
            if twin is not None:
                twin.options += (option,)
                if cut is not None and (twin.cut is None or _longer(cut[1], twin.cut[1])):
                    twin.cut = cut
                if _better(outcome, twin):
                    twin.option, twin.outcome, twin.sure = option, outcome, sure
                continue
        square = landing(outcome) if outcome is not None else option_square(decision, option, race)
        entry = Entry(option, "", square, options=(option,), outcome=outcome, sure=sure, cut=cut)
        if outcome is not None:
            by_outcome[outcome.same] = entry
        made.append(entry)
    for entry in made:
        entry.same = [o for o in entry.options if o != entry.option]
        entry.label = label(decision, entry, race)
    return made


def _longer(outcome: explain.MoveOutcome, than: explain.MoveOutcome) -> bool:
    """Whether a cut walk shows more of what is blocked: more squares blocked, else a straight one."""
    straight = len({square[1] for square in outcome.intended}) == 1
    held = len({square[1] for square in than.intended}) == 1
    return (len(outcome.blocked), straight) > (len(than.blocked), held)


def _better(outcome: explain.MoveOutcome, entry: Entry) -> bool:
    """Whether an option should stand for its merged entry rather than the entry's own: one that walks
    all it asks for, else the one that asks the fewest squares (else the engine's first)."""
    held = entry.outcome
    assert held is not None
    return (outcome.stopped_by is not None, len(outcome.intended)) < (held.stopped_by is not None, len(held.intended))


def label(decision: Decision, entry: Entry, race: Race) -> str:
    """The words on an entry's button: what really happens, and what it surely costs."""
    base = words.option_label(decision, entry.option, race)
    outcome, sure = entry.outcome, entry.sure
    if outcome is not None:
        why = _why(entry)
        if outcome.stopped_by is not None:
            base = _walked(decision, entry.option, outcome, race)
        if why is not None:
            base = t("opt.truth", label=base, why=why)
    if sure is not None:
        costs = cost_words(decision, sure)
        if costs:
            base = t("opt.costs", label=base, cost=costs)
    return base


def _why(entry: Entry) -> str | None:
    """Why a walk ends where it does when it is not where one of its options asked to go, or the
    harm that waits there (a hole, a trap)."""
    outcome = entry.outcome
    assert outcome is not None
    if entry.stopped is not None:
        return t(f"opt.why.{entry.stopped}")
    then = outcome.sure.then if outcome.sure is not None else None
    if then in ("hole", "trap") and outcome.path:
        return t(f"opt.then.{then}")
    return None


def _walked(decision: Decision, option: Option, outcome: explain.MoveOutcome, race: Race) -> str:
    """The words of the walk as it really goes (a walk cut short)."""
    count = len(outcome.path)
    kind = decision.kind
    if kind == "move":
        if not outcome.path:
            return t("opt.stay")
        start = race.racers[decision.racer].square
        steps = list(zip((start,) + outcome.path, outcome.path))
        sideways = [b[1] - a[1] for a, b in steps if a[0] == b[0]]
        forward = count - len(sideways)
        if sideways:
            left = sideways[0] in (-1, race.board.width - 1)  # (round the torus)
            return t(f"opt.move.{'left' if left else 'right'}", forward=forward, side=len(sideways))
        return t("opt.move.straight", count=forward)
    if kind == "action":
        return t("opt.action.move_cut", count=count)
    if kind == "shortcut_stop":
        return t("opt.go_on_cut", count=count)
    if kind == "distance":
        return t("unit.squares", count=count)
    return words.option_label(decision, option, race)


def cost_words(decision: Decision, sure: explain.Foresight) -> str:
    """What an option surely costs, in words ("−3 points, a shield"), but for what its label
    already says (a shield's, coins')."""
    parts = []
    if sure.lost and decision.kind != "shield":
        parts.append(t("cost.points", count=sure.lost))
    if sure.shields and decision.kind != "shield":
        parts.append(t("cost.shields", count=sure.shields))
    if sure.coins and decision.kind != "coins":
        parts.append(t("cost.coins", count=sure.coins))
    return ", ".join(parts)


def all_costs(sure: explain.Foresight | None) -> str:
    """Everything an option surely costs, in words (the confirmation's line)."""
    if sure is None:
        return ""
    parts = []
    if sure.lost:
        parts.append(t("cost.points", count=sure.lost))
    if sure.shields:
        parts.append(t("cost.shields", count=sure.shields))
    if sure.coins:
        parts.append(t("cost.coins", count=sure.coins))
    return ", ".join(parts)


def safe_focus(made: list[Entry], kind: str = "") -> int:
    """Where the focus starts: the longest harmless move (staying counts), else an option that costs
    nothing for sure and moves nobody (in the action phase: resting, ending the turn), else the
    cheapest; never one that surely loses. `kind`: the decision's."""
    if not made:
        return 0

    def longest(i: int) -> tuple[int, int, int]:
        outcome = made[i].outcome
        assert outcome is not None
        return outcome.points, -len(outcome.path), -i

    harmless = [i for i, e in enumerate(made) if e.harmless]
    if harmless:
        return max(harmless, key=longest)
    still = [i for i, e in enumerate(made) if not e.costly and e.outcome is None]
    if still:  # resting or ending the turn first, else the first that costs nothing
        return min(still, key=lambda i: (kind == "action" and made[i].option not in ("rest", "end"), i))
    free = [i for i, e in enumerate(made) if not e.costly]
    if free:
        return max(free, key=longest)
    return min(range(len(made)), key=lambda i: (_cost(made[i]), i))


def _cost(entry: Entry) -> tuple[int, int, int]:
    sure = entry.sure
    return (sure.lost, sure.shields, sure.coins) if sure is not None else (0, 0, 0)
