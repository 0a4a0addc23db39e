"""Rules scenarios in a few lines: a text board, racers, rigged dice, choices, events.

    race = scenario('''
        .1......
        ........
        ...
    ''', ["elf", "orc"], faces=[("D6", 3), ("D6", 5), ("DRAPID", 2)])
    choose(race, (5, 0))                      # the pending decision must accept it
    assert racer(race, 0).square == (5, 1)
    assert events(race, "fell") == [...]

Text boards follow docs/maps.md (digits are the racers' squares, in any row).
Racers play in setup order on turn 1 unless `order` is given. `before(race)`
arranges inventories, points or protection before the first turn begins.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable
from typing import Any

from game import Board, Race, RacerSetup, RiggedDice
from game.rules.rulebook import Rules


def board(text: str, **properties: Any) -> Board:
    """A board from indented text."""
    return Board.from_text(textwrap.dedent(text), **properties)


def scenario(
    text: str,
    characters: Iterable[str],
    faces: Iterable = (),
    order=None,
    turns: int = 5,
    before: Callable[[Race], None] | None = None,
    rules: Rules | None = None,
    **properties: Any,
) -> Race:
    """A race on a text board with rigged dice (padded to 16 rows when shorter), by `rules` (None: this
    game's)."""
    lines = [line for line in textwrap.dedent(text).strip("\n").splitlines() if line.strip()]
    width = len(lines[0].strip())
    lines += ["." * width] * max(0, 16 - len(lines))
    b = Board.from_text("\n".join(lines), **properties)
    setups = [RacerSetup(c, name=f"{c}{i}") for i, c in enumerate(characters)]
    return Race.new(b, setups, turns=turns, dice=RiggedDice(faces, order=order), before=before, rules=rules)


def choose(race: Race, *options: Any, kind: str | None = None) -> None:
    """Answer pending decisions in turn (optionally checking the kind of each)."""
    for option in options:
        assert race.pending is not None, f"no decision pending; wanted to choose {option!r}"
        if kind is not None:
            assert race.pending.kind == kind, f"pending is {race.pending.kind!r}, not {kind!r}"
        race.choose(option)


def events(race: Race, kind: str) -> list[dict]:
    """The fields of every event of a kind so far (without the kind)."""
    out = []
    for event in race.log:
        if event.kind == kind:
            data = event.to_dict()
            del data["kind"]
            out.append(data)
    return out


def kinds(race: Race) -> list[str]:
    """The kinds of every event so far."""
    return [e.kind for e in race.log]


def racer(race: Race, index: int):
    """A racer of the race."""
    return race.racers[index]


def points(race: Race, index: int, cause: str) -> int:
    """The points a racer has from one cause."""
    return race.racers[index].by_cause.get(cause, 0)


def to_action(race: Race, move=(1, 0), drift=(0, 0)) -> None:
    """Answer the movement and drift decisions up to the action decision."""
    while race.pending.kind != "action":
        if race.pending.kind == "move":
            choose(race, move)
        elif race.pending.kind == "drift":
            choose(race, drift)
        elif race.pending.kind == "clover" and race.pending.info["purpose"] == "movement":
            choose(race, ())
        else:
            raise AssertionError(f"unexpected {race.pending.kind!r} decision before the action phase")


def shocks(race: Race) -> list[tuple]:
    """(victim, size, author) of every shock, in order."""
    return [(e["racer"], e["size"], e["author"]) for e in events(race, "shock")]
