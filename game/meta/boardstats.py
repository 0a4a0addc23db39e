"""What a board does to its racers, counted square by square over many races (issue 47, `board-report`).

`gather` plays N races on one board with the balance command's parallel runner (equal computer
racers, different characters drawn at random, a seed: the same seed gives the same counts, with any
number of processes), and counts from each race's events (`Tally`, in the worker that plays it):

- where racers end their moves (every walk and every placement: a fall's way out, a shortcut's
  landing, a shock's push), where fights happen (the defender's square), which holes racers fall
  into and how many different racers each one catches, which shortcuts are taken, which chests are
  opened and how many fights happen on or next to each chest, where the wand of teleportation is used;
- the characters' win rates (a shared first place as a fraction) with their 95 % Wilson intervals,
  flagged outside `tournament.BOARD_BAND` times the average;
- the race's figures: its game turns, the winner's laps, the winner's lead over the second, lead
  changes, and the share of races decided in the last three turns.

`suggestions` says what stands out, as codes and values (the words are in the game's catalogues,
entries "report.<code>"), each square named as the board checker names it. The engine's module:
no pygame here (scenes/render/report.py draws the picture and the page).
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.boards.board import CHEST, HOLE, SHORTCUT, Board, Square
from game.meta import tournament
from game.rules.events import Event
from game.rules.race import Race

# The counts kept for every square (the CSV's columns, in order).
KINDS = ("stops", "fights", "falls", "caught", "shortcuts", "chests", "chest_fights", "teleports")
CHEST_REACH = 1  # a fight within this many king steps of a chest is a fight over it
# What the suggestions call a lot or a little (tables as data).
HOLE_CATCHES = 0.25  # a hole that catches this share of the racers or more
SHORTCUT_RARE = 0.05  # a shortcut taken in fewer races than this share, though it was taken
CHEST_FOUGHT = 0.5  # a chest fought over in this share of races or more (fights per race)
FIGHT_SPOT = 0.05  # one square where this share of all the fights happen
LATE_WANTED = 0.4  # a board decided in its last turns less often than this is seldom close


class Tally:
    """One race's counts, made from its events as they come (in the worker that plays the race)."""

    def __init__(self, race: Race) -> None:
        self.board = race.board
        self.where: dict[int, Square] = {r.index: (r.row, r.col) for r in race.racers}
        self.counts: dict[str, Counter[Square]] = {kind: Counter() for kind in KINDS}
        self.caught: set[tuple[Square, int]] = set()  # (hole, racer): each racer counted once a hole
        self.chests = [s for s, obj in race.board.objects.items() if obj == CHEST]

    def see(self, events: Sequence[Event]) -> None:
        """Count a batch of the race's events, in order."""
        counts = self.counts
        for event in events:
            kind = event.kind
            if kind == "moved":
                if event.path:
                    self.where[event.racer] = event.path[-1]
                    counts["stops"][event.path[-1]] += 1
            elif kind == "placed":
                if event.cause == "teleport":
                    counts["teleports"][event.start] += 1
                self.where[event.racer] = event.end
                counts["stops"][event.end] += 1
            elif kind == "fight":
                counts["fights"][event.square] += 1
                for chest in self.chests:
                    if self.board.king_distance(chest, event.square) <= CHEST_REACH:
                        counts["chest_fights"][chest] += 1
            elif kind == "fell":
                counts["falls"][event.hole] += 1
                self.caught.add((event.hole, event.racer))
            elif kind == "shortcut":
                counts["shortcuts"][self.where[event.racer]] += 1
            elif kind == "chest_opened":
                counts["chests"][event.square] += 1

    def result(self, race: Race) -> dict[str, Any]:
        """The race's counts as plain data: {kind: {square: count}}, and the winner's figures."""
        for hole, _ in self.caught:
            self.counts["caught"][hole] += 1
        points = sorted((r.points for r in race.racers), reverse=True)
        winner = max(race.racers, key=lambda r: r.points)
        return {
            "squares": {kind: dict(counter) for kind, counter in self.counts.items() if counter},
            "laps": winner.laps,
            "margin": points[0] - points[1],
        }


@dataclass
class CharacterLine:
    """A character's win rate on the board, its interval and its times the average."""

    character: str
    races: int
    win_rate: float
    low: float
    high: float
    ratio: float
    outside: bool


@dataclass
class BoardStats:
    """Everything a board report shows, from `gather`."""

    board: Board
    races: int
    seed: int
    bot: str
    racers: int
    squares: dict[str, Counter[Square]] = field(default_factory=dict)
    characters: list[CharacterLine] = field(default_factory=list)
    lead_changes: float = 0.0
    decided_late: float = 0.0
    winner_laps: float = 0.0
    margin: float = 0.0

    @property
    def seats(self) -> int:
        """Racers of all the races together."""
        return self.races * self.racers

    def features(self, terrain: str) -> list[Square]:
        """The board's squares of a terrain (HOLE, SHORTCUT), top to bottom."""
        return sorted(s for s in self.board.squares() if self.board.terrain_at(s) == terrain)

    def chest_squares(self) -> list[Square]:
        """The board's chests, top to bottom."""
        return sorted(s for s, obj in self.board.objects.items() if obj == CHEST)


def gather(
    board: Board,
    races: int,
    seed: int,
    bot: str = "hard",
    jobs: int = 1,
    progress: TextIO | None = None,
    progress_words: str = "",
) -> BoardStats:
    """Play `races` races on `board` (as many racers as it takes, at most 6, of different characters,
    `bot` for all or "mixed") and count them (a progress bar on `progress`, in `progress_words`)."""
    racers = min(6, board.max_racers)
    lineup = tournament.character_lineup(racers, bot)
    records = tournament.run([board], lineup, races, seed, progress, jobs, watch=Tally, progress_words=progress_words)
    return summarise(board, records, seed, bot, racers)


def summarise(board: Board, records: Sequence[tournament.RaceRecord], seed: int, bot: str, racers: int) -> BoardStats:
    """The counts of every race added up, and the characters' lines."""
    stats = BoardStats(board, len(records), seed, bot, racers, {kind: Counter() for kind in KINDS})
    for record in records:
        for kind, counts in record.tally["squares"].items():
            stats.squares[kind].update(counts)
    n = max(1, len(records))
    stats.lead_changes = sum(r.lead_changes for r in records) / n
    stats.decided_late = sum(r.decided_late for r in records) / n
    stats.winner_laps = sum(r.tally["laps"] for r in records) / n
    stats.margin = sum(r.tally["margin"] for r in records) / n
    lines = tournament.table(records, "character")
    average = sum(line.win_rate for line in lines) / len(lines) if lines else 0.0
    low_band, high_band = tournament.BOARD_BAND
    for line in sorted(lines, key=lambda line: -line.win_rate):
        low, high = tournament.wilson(line.wins, line.races)
        ratio = line.win_rate / average if average else 0.0
        outside = not low_band <= ratio <= high_band
        stats.characters.append(CharacterLine(line.name, line.races, line.win_rate, low, high, ratio, outside))
    return stats


Suggestion = tuple[str, dict[str, Any]]  # a code ("report.<code>" in the catalogues) and its values


def suggestions(stats: BoardStats) -> list[Suggestion]:
    """What stands out on the board, most telling first: characters outside the band, a board seldom
    close at the end, holes that catch many racers, shortcuts never or seldom taken, chests never
    opened or fought over, a square where the fights gather (values: squares, shares, counts)."""
    said: list[Suggestion] = []
    for line in stats.characters:
        if line.outside:
            code = "favoured" if line.ratio > 1 else "handicapped"
            said.append((code, {"character": line.character, "ratio": line.ratio}))
    if stats.decided_late < LATE_WANTED:
        said.append(("seldom_close", {"share": stats.decided_late, "turns": tournament.LATE_TURNS}))
    squares = stats.squares
    for hole in stats.features(HOLE):
        share = squares["caught"][hole] / max(1, stats.seats)
        if share >= HOLE_CATCHES:
            said.append(("hole_catches", {"square": hole, "share": share}))
    for shortcut in stats.features(SHORTCUT):
        taken = squares["shortcuts"][shortcut]
        if taken == 0:
            said.append(("shortcut_never", {"square": shortcut}))
        elif taken / max(1, stats.races) < SHORTCUT_RARE:
            said.append(("shortcut_rare", {"square": shortcut, "share": taken / max(1, stats.races)}))
    for chest in stats.chest_squares():
        if squares["chests"][chest] == 0:
            said.append(("chest_never", {"square": chest}))
        elif squares["chest_fights"][chest] / max(1, stats.races) >= CHEST_FOUGHT:
            said.append(("chest_fought", {"square": chest, "fights": squares["chest_fights"][chest] / stats.races}))
    fights = squares["fights"]
    total = sum(fights.values())
    if total:
        spot, count = fights.most_common(1)[0]
        if count / total >= FIGHT_SPOT:
            said.append(("fight_spot", {"square": spot, "share": count / total}))
    return said or [("nothing", {})]


def write_csv(stats: BoardStats, path: str) -> None:
    """Every square's counts, a row each (column, row, terrain, object, then KINDS), for a spreadsheet
    or a later comparison."""
    board = stats.board
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["column", "row", "terrain", "object", *KINDS])
        for row, col in board.squares():
            square = (row, col)
            writer.writerow(
                [
                    col,
                    row,
                    board.terrain_at(square),
                    board.objects.get(square, ""),
                    *(stats.squares[kind][square] for kind in KINDS),
                ]
            )


def read_csv(path: str) -> dict[str, Counter[Square]]:
    """The counts a report's CSV keeps, by kind and square."""
    counts: dict[str, Counter[Square]] = {kind: Counter() for kind in KINDS}
    with open(path, newline="", encoding="utf-8") as handle:
        for line in csv.DictReader(handle):
            square = (int(line["row"]), int(line["column"]))
            for kind in KINDS:
                if int(line[kind]):
                    counts[kind][square] = int(line[kind])
    return counts
