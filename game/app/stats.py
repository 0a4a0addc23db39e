"""A player's statistics: every finished race he played, read from the races kept in his folder (the
replays of `replays/` and the races of the finished championships of `seasons/`), so the races played
before this feature count too.

A racer of a kept race is the player when he is a person (no computer level) whose name is one of the
player's names (the settings' *player name* and *that's me* names, compared without case), or, when the
player gave no name, the only person of the race. For each race he played: his place and points, his
character and board, the computer levels he raced against, the fights he won, his laps (the finish line
crossed forward less backward) and the holes he fell in, all read from the recorded events
(`race_over`'s standings, `fight_result`, `crossed_line`, `fell`) by `figures` when the list of kept
races (game/app/kept.py) reads each file, once while it does not change.

Against a computer level: the races in which at least one racer of that level raced him, and how many
of them he won (first place, shared or not); the win rate's 95 % interval is Wilson's, which stays
within 0 to 1 and is honest for a few races. A reset (after a question on the screen) only sets the
day from which races count (the settings' `stats_since`): no race is deleted.
"""

from __future__ import annotations

import csv
import datetime
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.meta.replay import Replay
from game.rules.characters import CHARACTERS
from game.rules.levels import POLICIES
from game.rules.race import MAX_POINTS

LEVELS = POLICIES  # the computer levels a record may name, in their order (game/rules/levels.py)
Z95 = 1.959964  # the normal quantile of a 95 % interval


@dataclass(frozen=True)
class Seat:
    """A finished race as one racer played it."""

    path: Path
    saved: float  # when the race was kept (its file's time)
    board: str
    racer: int
    name: str
    character: str
    place: int
    points: int
    racers: int
    levels: tuple[str, ...]  # the computer levels of his opponents
    fights_won: int
    laps: int
    holes: int

    @property
    def won(self) -> bool:
        return self.place == 1


@dataclass
class Line:
    """A line of a table: races, wins, the places' sum and the best points of a character, a board or a level."""

    races: int = 0
    wins: int = 0
    places: int = 0
    best: int | None = None

    def add(self, seat: Seat) -> None:
        self.races += 1
        self.wins += seat.won
        self.places += seat.place
        self.best = seat.points if self.best is None else max(self.best, seat.points)

    @property
    def win_rate(self) -> float:
        return self.wins / self.races if self.races else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.races)

    @property
    def average_place(self) -> float:
        return self.places / self.races if self.races else 0.0


@dataclass
class Stats:
    """Every figure of the statistics screen (see the module)."""

    seats: list[Seat] = field(default_factory=list)
    places: dict[int, int] = field(default_factory=dict)  # place -> races
    characters: dict[str, Line] = field(default_factory=dict)
    boards: dict[str, Line] = field(default_factory=dict)
    levels: dict[str, Line] = field(default_factory=dict)
    skipped: int = 0  # kept files that could not be read
    unreadable: list[str] = field(default_factory=list)  # why each file could not be read, naming it

    @property
    def races(self) -> int:
        return len(self.seats)

    @property
    def wins(self) -> int:
        return sum(seat.won for seat in self.seats)

    @property
    def best_points(self) -> int | None:
        return max((seat.points for seat in self.seats), default=None)

    @property
    def average_points(self) -> float | None:
        return sum(seat.points for seat in self.seats) / len(self.seats) if self.seats else None

    @property
    def longest_streak(self) -> int:
        """The most races won one after the other (in the order they were kept)."""
        best = run = 0
        for seat in self.seats:
            run = run + 1 if seat.won else 0
            best = max(best, run)
        return best

    @property
    def fights_won(self) -> int:
        return sum(seat.fights_won for seat in self.seats)

    @property
    def laps(self) -> int:
        return sum(seat.laps for seat in self.seats)

    @property
    def holes(self) -> int:
        return sum(seat.holes for seat in self.seats)


def wilson(wins: int, races: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a win rate (0 to 1 without a race)."""
    if races <= 0:
        return 0.0, 1.0
    rate = wins / races
    spread = z * z / races
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / races + spread / (4 * races)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


# ---------------------------------------------------------------- who the player is
def my_names(player_name: str, also: str) -> set[str]:
    """The player's names (the settings' player name, and the *that's me* names separated by commas)."""
    return {n.strip().casefold() for n in [player_name, *also.split(",")] if n.strip()}


def racer_name(racer: dict[str, Any]) -> str:
    """A recorded racer's name (his character's when he has none)."""
    character = CHARACTERS.get(str(racer.get("character")))
    return str(racer.get("name") or (character.name if character is not None else racer.get("character")))


def mine(racers: Sequence[dict[str, Any]], names: set[str]) -> list[int]:
    """The racers of a race who are the player (see the module)."""
    persons = [i for i, r in enumerate(racers) if not r.get("bot")]
    if names:
        return [i for i in persons if racer_name(racers[i]).strip().casefold() in names]
    return persons if len(persons) == 1 else []


# ---------------------------------------------------------------- reading the races
def figures(replay: Replay) -> list[dict[str, Any]]:
    """Each racer's figures of a finished race (place, points, fights won, laps, holes); none for a race
    kept before its end."""
    racers = replay.race["racers"]
    count = len(racers)
    won, laps, holes = [0] * count, [0] * count, [0] * count
    standings = None
    for event in replay.events or []:
        kind = event.get("kind")
        if kind == "fight_result" and _index(event.get("winner"), count):
            won[event["winner"]] += 1
        elif kind == "crossed_line" and _index(event.get("racer"), count):
            laps[event["racer"]] += 1 if event.get("forward") else -1
        elif kind == "fell" and _index(event.get("racer"), count):
            holes[event["racer"]] += 1
        elif kind == "race_over":
            standings = event.get("standings")
    lines = [s for s in standings if _standing(s, count)] if isinstance(standings, list) else []
    if len(lines) != count:
        return []
    out = [{} for _ in range(count)]  # type: list[dict[str, Any]]
    for place, racer, points in lines:
        out[racer] = {
            "place": place,
            "points": points,
            "fights_won": won[racer],
            "laps": max(0, laps[racer]),
            "holes": holes[racer],
        }
    return out


def _index(value: Any, count: int) -> bool:
    return type(value) is int and 0 <= value < count


def _standing(line: Any, count: int) -> bool:
    return (
        isinstance(line, list)
        and len(line) == 3
        and all(type(n) is int for n in line)
        and 1 <= line[0] <= count
        and 0 <= line[1] < count
        and -MAX_POINTS <= line[2] <= MAX_POINTS  # (a hostile file's 10**38 points count for nothing)
    )


def seats_of(replay: Replay, names: set[str], path: Path, saved: float) -> list[Seat]:
    """The player's seats in a kept race (none when he did not race it, or it did not finish)."""
    return _seats(_summary(replay), names, path, saved)


def _summary(replay: Replay) -> dict[str, Any]:
    """What the statistics read of a kept race: its board, its racers, their figures."""
    return {"board": replay.board_name, "racers": replay.race["racers"], "figures": figures(replay)}


def _seats(summary: dict[str, Any], names: set[str], path: Path, saved: float) -> list[Seat]:
    racers, found = summary["racers"], summary["figures"]
    if not found:
        return []
    seats = []
    for index in mine(racers, names):
        levels = tuple(sorted({str(r["bot"]) for i, r in enumerate(racers) if i != index and r.get("bot")}))
        name, character = racer_name(racers[index]), str(racers[index]["character"])
        seats.append(
            Seat(
                path, saved, summary["board"], index, name, character, racers=len(racers), levels=levels, **found[index]
            )
        )
    return seats


def compute(seats: Iterable[Seat]) -> Stats:
    """Every figure from the player's seats."""
    stats = Stats(seats=sorted(seats, key=lambda s: (s.saved, str(s.path), s.racer)))
    for seat in stats.seats:
        stats.places[seat.place] = stats.places.get(seat.place, 0) + 1
        stats.characters.setdefault(seat.character, Line()).add(seat)
        stats.boards.setdefault(seat.board, Line()).add(seat)
        for level in seat.levels:
            stats.levels.setdefault(level, Line()).add(seat)
    return stats


def since_time(since: str) -> float:
    """The moment (seconds) from which races count: the settings' `stats_since` (ISO), 0 when unset or unreadable."""
    try:
        return datetime.datetime.fromisoformat(since).timestamp() if since else 0.0
    except ValueError:
        return 0.0


class KeptFile(Protocol):
    """A kept race as game.app.kept lists it: its file, when it was kept, why it cannot be read, its board,
    its racers and their figures (`figures`, read once per file)."""

    @property
    def path(self) -> Path: ...
    @property
    def saved(self) -> float: ...
    @property
    def problem(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def racers(self) -> list[dict[str, Any]]: ...
    @property
    def figures(self) -> list[dict[str, Any]]: ...


def gather(kept: Iterable[KeptFile], player_name: str = "", also: str = "", since: str = "") -> Stats:
    """The player's statistics from the races kept (game.app.kept.list_kept, through the session); files
    that cannot be read are counted apart, in `skipped`."""
    names = my_names(player_name, also)
    start = since_time(since)
    seats: list[Seat] = []
    skipped = 0
    unreadable: list[str] = []
    for race in kept:
        if race.problem:
            skipped += 1
            unreadable.append(race.problem if str(race.path) in race.problem else f"{race.path}: {race.problem}")
        elif race.saved >= start:
            summary = {"board": race.board, "racers": race.racers, "figures": race.figures}
            seats.extend(_seats(summary, names, race.path, race.saved))
    stats = compute(seats)
    stats.skipped, stats.unreadable = skipped, unreadable
    return stats


# ---------------------------------------------------------------- export
CSV_FILE = "statistics.csv"  # the screen's export, in the player's folder
CSV_COLUMNS = (
    "kept",
    "board",
    "name",
    "character",
    "place",
    "racers",
    "points",
    "opponents",
    "fights_won",
    "laps",
    "holes",
    "file",
)


def csv_text(stats: Stats) -> str:
    """Every race the player played, a line each (spreadsheets read it), then nothing else: the tables are
    counts of these lines."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for seat in stats.seats:
        when = datetime.datetime.fromtimestamp(seat.saved).isoformat(timespec="minutes")
        writer.writerow(
            (
                when,
                cell(seat.board),
                cell(seat.name),
                seat.character,
                seat.place,
                seat.racers,
                seat.points,
                " ".join(seat.levels),
                seat.fights_won,
                seat.laps,
                seat.holes,
                cell(seat.path.name),
            )
        )
    return out.getvalue()


def cell(words: str) -> str:
    """A text cell as a spreadsheet shows it: a name from another player's replay that starts like a
    formula (= + - @) is kept as text (a quote before it), never run."""
    return "'" + words if words[:1] in ("=", "+", "-", "@") else words


def summary_lines(stats: Stats) -> list[str]:
    """The statistics as lines of text (`main.py stats`), in the command's language (game.meta.words)."""
    from game.meta.words import board_name, decimal, named, percent, said

    if not stats.seats:
        return [said("stats.none")]
    lines = [
        said(
            "stats.races",
            count=stats.races,
            wins=stats.wins,
            rate=percent(stats.wins / stats.races),
            best=stats.best_points,
            average=decimal(stats.average_points or 0, 1),
            streak=stats.longest_streak,
        ),
        said("stats.figures", fights=stats.fights_won, laps=stats.laps, holes=stats.holes),
        said("stats.places", places=", ".join(f"{place}: {count}" for place, count in sorted(stats.places.items()))),
    ]
    for title, table in (("character", stats.characters), ("board", stats.boards)):
        for name, line in sorted(table.items(), key=lambda item: (-item[1].races, item[0])):
            shown = named("character", name) if title == "character" else board_name(name)
            races = said("stats.count", count=line.races)
            place = decimal(line.average_place, 2)
            lines.append(said(f"stats.{title}", name=shown, races=races, wins=line.wins, place=place))
    for level in LEVELS:
        if level in stats.levels:
            line = stats.levels[level]
            low, high = line.interval
            lines.append(
                said(
                    "stats.level",
                    level=named("stats.level", level),
                    races=said("stats.count", count=line.races),
                    wins=line.wins,
                    rate=percent(line.win_rate),
                    low=percent(low),
                    high=percent(high),
                )
            )
    if stats.skipped:
        lines.append(said("stats.skipped", count=stats.skipped))
    return lines
