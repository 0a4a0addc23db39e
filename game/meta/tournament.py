"""Tournaments between bot levels and the character balance report (issue 6).

Both run races without a screen and print tables: win rate with a 95 %
confidence interval, mean points and points by cause, lead changes per race,
and how often the race is decided in its last three turns. A tournament also
compares the levels head to head with a two-sided sign test.
"""

from __future__ import annotations

import csv
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TextIO

from game.boards.board import Board
from game.bots import ai, thinking
from game.meta.words import decimal, language, percent, said
from game.rules import levels, seeds
from game.rules.characters import CHARACTERS
from game.rules.events import Event
from game.rules.race import Decision, Race, RacerSetup

CAUSE_GROUPS = {  # results-screen groups of the scoring causes
    "distance": ("distance",),
    "laps": ("lap",),
    "fights": ("fight",),
    "shocks": ("shock",),
    "holes": ("hole",),
    "shields": ("shield",),
    "special": ("vicious", "flail", "star", "theft", "lightning"),
}
LATE_TURNS = 3
BAND = (0.67, 1.33)  # every character's win rate within these times the average (issue 29; was 0.5-1.5)
BOARD_BAND = (0.7, 1.35)  # the same on each board alone (issue 47), wider: a board may keep a little lean
MIXED = "mixed"  # balance --bot mixed: each racer's level drawn at random among levels.LEVELS (as people play)


@dataclass
class Seat:
    """One racer of one race: who, with which bot, how it ended."""

    race: int
    seed: int
    board: str
    character: str
    bot: str
    points: int
    place: int
    by_cause: dict[str, int]


@dataclass
class RaceRecord:
    """A finished race's seats, lead changes and whether it was decided late."""

    seats: list[Seat]
    lead_changes: int
    decided_late: bool
    tally: Any = None  # what a watcher counted from the race's events (board-report), else None


@dataclass
class Line:
    """A row of a table: a level or a character and its figures."""

    name: str
    races: int = 0
    wins: float = 0.0
    points: float = 0.0
    causes: dict[str, float] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        """Wins per race entered (a shared first place counts as a fraction)."""
        return self.wins / self.races if self.races else 0.0


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact binomial (sign) test p-value of wins against losses."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return float(min(1.0, 2 * tail))


Chooser = Callable[[Race, Decision, str, random.Random], Any]  # ai.pick, or the pool's (game.bots.thinking)


class Watcher(Protocol):
    """Counts what it wants from one race's events (game/meta/boardstats.py's Tally): made with the new
    race, shown each batch of events as they come, asked for its counts at the end (plain, picklable data)."""

    def see(self, events: Sequence[Event]) -> None: ...

    def result(self, race: Race) -> Any: ...


Watch = Callable[[Race], Watcher]  # a module-level class or function, so that worker processes get it


def play_race(
    board: Board,
    characters: Sequence[str],
    bots: Sequence[str],
    turns: int,
    seed: int,
    index: int,
    choose: Chooser = ai.pick,
    watch: Watch | None = None,
) -> RaceRecord:
    """One race between bots, with its lead changes and lateness (`choose`: who answers the bots'
    decisions, by default `ai.pick` here; the same choices wherever they are thought; `watch`: what
    counts the race's events, its counts kept as the record's `tally`)."""
    setups = [RacerSetup(c, name=f"{c}-{b}", bot=levels.policy(b)) for c, b in zip(characters, bots)]
    race = Race.new(board, setups, turns=turns, seed=seed)
    watcher = watch(race) if watch is not None else None
    rngs = seeds.bot_rngs(seed, len(setups))
    leader, changes, leaders_by_turn = None, 0, {}
    while (decision := race.pending) is not None:
        race.choose(choose(race, decision, bots[decision.racer], rngs[decision.racer]))
        events = race.take_events()
        if watcher is not None:
            watcher.see(events)
        for event in events:
            if event.kind == "turn_ended":
                now = _sole_leader(race)
                if now is not None and leader is not None and now != leader:
                    changes += 1
                if now is not None:
                    leader = now
                leaders_by_turn[race.turn] = now
    places = {i: place for place, i, _ in race.standings()}
    winners = [i for i, p in places.items() if p == 1]
    before_late = leaders_by_turn.get(turns - LATE_TURNS)
    seats = [
        Seat(index, seed, board.name, r.character, bots[r.index], r.points, places[r.index], dict(r.by_cause))
        for r in race.racers
    ]
    return RaceRecord(seats, changes, before_late not in winners, watcher.result(race) if watcher else None)


def _sole_leader(race: Race) -> int | None:
    """The racer with strictly the most points, or None on a tie."""
    best = max(r.points for r in race.racers)
    top = [r.index for r in race.racers if r.points == best]
    return top[0] if len(top) == 1 else None


def run(
    boards: Sequence[Board],
    lineup: Callable[[random.Random], tuple[list[str], list[str]]],
    games: int,
    seed: int,
    progress: TextIO | None = None,
    jobs: int = 1,
    choose: Chooser = ai.pick,
    watch: Watch | None = None,
    progress_words: str = "",
) -> list[RaceRecord]:
    """Play `games` races; `lineup(rng)` gives each race's characters and bots (`watch`: see play_race;
    `progress_words`: the progress bar's words, by default the catalogue's series.progress in the language
    spoken).

    Every race is drawn from the seed before any is played (its board,
    characters, bots and seed), so `jobs` processes playing them in parallel
    give exactly the records of one process, in the same order. `choose`
    answers the bots in one process (`jobs` 1): `ai.pick`, or the pool of
    game/bots/thinking.py, with the same records.
    """
    work = []
    for game in range(games):
        rng = seeds.stream(seed, seeds.GAME, game)
        board = game % len(boards)
        characters, bots = lineup(rng)
        work.append((board, characters, bots, boards[board].turns, seed + game, game, watch))
    records: list[RaceRecord] = []
    start = time.perf_counter()
    if jobs <= 1 or games < 2:
        for board, characters, bots, turns, race_seed, game, _ in work:
            records.append(play_race(boards[board], characters, bots, turns, race_seed, game, choose, watch))
            if progress is not None:
                _progress(progress, len(records), games, time.perf_counter() - start, progress_words)
    else:
        # fresh worker processes (not forks of this one, whose threads may hold locks)
        context = multiprocessing.get_context(
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        with ProcessPoolExecutor(
            max_workers=jobs, mp_context=context, initializer=_share_boards, initargs=(list(boards), os.getpid())
        ) as pool:
            for record in pool.map(_play_work, work, chunksize=max(1, min(16, games // (jobs * 8)))):
                records.append(record)
                if progress is not None:
                    _progress(progress, len(records), games, time.perf_counter() - start, progress_words)
    if progress is not None and progress.isatty():
        progress.write("\n")
    return records


_WORKER_BOARDS: list[Board] = []  # the boards of a series, in each worker process


def _share_boards(boards: list[Board], asker: int) -> None:
    """A worker's start: the series' boards, and its end with the command's (`thinking.watch_asker`)."""
    _WORKER_BOARDS[:] = boards
    thinking.watch_asker(asker)


def _play_work(item: tuple[int, list[str], list[str], int, int, int, Watch | None]) -> RaceRecord:
    board, characters, bots, turns, race_seed, game, watch = item
    return play_race(_WORKER_BOARDS[board], characters, bots, turns, race_seed, game, watch=watch)


# ---------------------------------------------------------------- ratings
@dataclass
class Rating:
    """A level's Bradley-Terry rating on the Elo scale, with its 95 % bootstrap interval."""

    name: str
    rating: float
    low: float
    high: float


def pair_results(records: Sequence[RaceRecord]) -> list[list[tuple[str, str, float]]]:
    """Per race, every pair of seats of different levels: (a, b, a's score: 1 won, 0.5 tie, 0 lost)."""
    out = []
    for record in records:
        pairs = []
        for i, sa in enumerate(record.seats):
            for sb in record.seats[i + 1 :]:
                if sa.bot != sb.bot:
                    pairs.append(
                        (sa.bot, sb.bot, 1.0 if sa.points > sb.points else 0.5 if sa.points == sb.points else 0.0)
                    )
        out.append(pairs)
    return out


def bradley_terry(pairs: Sequence[tuple[str, str, float]], names: Sequence[str], rounds: int = 500) -> dict[str, float]:
    """Bradley-Terry strengths fitted by minorization-maximization (Hunter 2004), on the Elo
    scale (400 log10 of the strength), centred on 1500. A small prior (one tie against an
    average player each) keeps a level that never won or never lost finite."""
    wins = {n: 0.5 for n in names}  # the prior's half win
    games: dict[tuple[str, str], float] = {}
    for a, b, score in pairs:
        wins[a] += score
        wins[b] += 1 - score
        games[(a, b)] = games.get((a, b), 0) + 1
        games[(b, a)] = games.get((b, a), 0) + 1
    strength = {n: 1.0 for n in names}
    for _ in range(rounds):
        new = {}
        for n in names:
            denominator = 1 / (strength[n] + 1.0)  # the prior's game against strength 1
            denominator += sum(count / (strength[n] + strength[m]) for (a, m), count in games.items() if a == n)
            new[n] = wins[n] / denominator
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {n: v / mean for n, v in new.items()}
    return {n: 1500 + 400 * math.log10(v) for n, v in strength.items()}


def ratings(records: Sequence[RaceRecord], names: Sequence[str], seed: int, samples: int = 200) -> list[Rating]:
    """Each level's rating from every head-to-head result, with a 95 % interval from `samples`
    bootstrap resamplings of the races (seeded: the same records give the same intervals)."""
    per_race = pair_results(records)
    fitted = bradley_terry([p for race in per_race for p in race], names)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(samples):
        sample = [per_race[rng.randrange(len(per_race))] for _ in per_race]
        for n, value in bradley_terry([p for race in sample for p in race], names, rounds=150).items():
            draws[n].append(value)
    out = []
    for n in names:
        values = sorted(draws[n])
        low = values[int(0.025 * (len(values) - 1))]
        high = values[int(0.975 * (len(values) - 1))]
        out.append(Rating(n, fitted[n], low, high))
    return sorted(out, key=lambda r: -r.rating)


def print_ratings(rows: Sequence[Rating], out: TextIO) -> None:
    """The ratings table, strongest first."""
    print(said("series.ratings"), file=out)
    for row in rows:
        print(f"  {row.name:<10}{row.rating:7.0f}   ({row.low:.0f} - {row.high:.0f})", file=out)


def _progress(out: TextIO, done: int, total: int, elapsed: float, words: str = "") -> None:
    """A progress bar on one line (every 2 % when not a terminal)."""
    terminal = out.isatty()
    step = max(1, total // (50 if terminal else 10))
    if done != total and done % step:
        return
    width = 30
    filled = width * done // total
    left = elapsed / done * (total - done)
    said_left = (words.format if words else partial(said, "series.progress"))(
        done=done, total=total, left=f"{left:5.0f}"
    )
    line = f"[{'#' * filled}{'.' * (width - filled)}] {said_left}"
    out.write(f"\r{line}" if terminal else f"{line}\n")
    out.flush()


def level_lineup(levels: Sequence[str]) -> Callable[[random.Random], tuple[list[str], list[str]]]:
    """One racer per level, random characters, random seats."""

    def lineup(rng: random.Random) -> tuple[list[str], list[str]]:
        bots = list(levels)
        rng.shuffle(bots)
        return [rng.choice(list(CHARACTERS)) for _ in bots], bots

    return lineup


def character_lineup(racers: int, bot: str) -> Callable[[random.Random], tuple[list[str], list[str]]]:
    """`racers` different characters drawn at random, all with the same bot (MIXED: each with a level
    drawn at random, after the characters)."""

    def lineup(rng: random.Random) -> tuple[list[str], list[str]]:
        characters = rng.sample(list(CHARACTERS), racers)
        if bot == MIXED:
            return characters, [rng.choice(levels.LEVELS) for _ in characters]
        return characters, [bot] * racers

    return lineup


def table(records: Sequence[RaceRecord], key: str) -> list[Line]:
    """Lines by `key` ("bot" or "character"), in first-seen order."""
    lines: dict[str, Line] = {}
    for record in records:
        firsts = sum(1 for s in record.seats if s.place == 1)
        for seat in record.seats:
            line = lines.setdefault(getattr(seat, key), Line(getattr(seat, key)))
            line.races += 1
            line.wins += 1 / firsts if seat.place == 1 else 0
            line.points += seat.points
            for group, causes in CAUSE_GROUPS.items():
                line.causes[group] = line.causes.get(group, 0) + sum(seat.by_cause.get(c, 0) for c in causes)
    return list(lines.values())


def head_to_head(records: Sequence[RaceRecord], a: str, b: str) -> tuple[int, int, float]:
    """Races where level a finished above level b, below it, and the sign test's p."""
    above = below = 0
    for record in records:
        for sa in record.seats:
            for sb in record.seats:
                if sa.bot == a and sb.bot == b:
                    above += sa.points > sb.points
                    below += sa.points < sb.points
    return above, below, sign_test(above, below)


def print_table(lines: Sequence[Line], title: str, out: TextIO) -> None:
    """The table of win rates, points and points by cause."""
    groups = list(CAUSE_GROUPS)
    print(title, file=out)
    head = f"{'':<12}{'races':>6}{'win rate':>10}{'95 % CI':>16}{'points':>8}" + "".join(f"{g:>10}" for g in groups)
    print(head, file=out)
    for line in lines:
        low, high = wilson(line.wins, line.races)
        causes = "".join(f"{line.causes[g] / line.races:>10.1f}" for g in groups)
        print(
            f"{line.name:<12}{line.races:>6}{line.win_rate:>10.1%}{f'{low:.1%} - {high:.1%}':>16}"
            f"{line.points / line.races:>8.1f}{causes}",
            file=out,
        )


def print_race_figures(records: Sequence[RaceRecord], out: TextIO) -> None:
    """Lead changes per race and how often the last three turns decide."""
    changes = sum(r.lead_changes for r in records) / len(records)
    late = sum(r.decided_late for r in records) / len(records)
    shown = said("series.figures", changes=decimal(changes, 2), turns=LATE_TURNS, late=percent(late, 1))
    print(shown, file=out)


def board_names(boards: Sequence[Board]) -> str:
    """The boards of a series by their names in the command's language, in order."""
    return ", ".join(sorted({board.name_in(language()) for board in boards}))


def write_csv(records: Sequence[RaceRecord], path: str) -> None:
    """Every seat of every race, one row each."""
    causes = sorted({c for r in records for s in r.seats for c in s.by_cause})
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["race", "seed", "board", "character", "bot", "points", "place", "lead_changes", "decided_late", *causes]
        )
        for record in records:
            for s in record.seats:
                writer.writerow(
                    [
                        s.race,
                        s.seed,
                        s.board,
                        s.character,
                        s.bot,
                        s.points,
                        s.place,
                        record.lead_changes,
                        int(record.decided_late),
                        *(s.by_cause.get(c, 0) for c in causes),
                    ]
                )


def tournament_report(
    boards: Sequence[Board],
    levels: Sequence[str],
    games: int,
    seed: int,
    out: TextIO,
    progress: TextIO | None = sys.stderr,
    jobs: int = 1,
) -> list[RaceRecord]:
    """The tournament command: tables, ratings and head-to-head tests."""
    records = run(boards, level_lineup(levels), games, seed, progress, jobs)
    order = list(dict.fromkeys(levels))
    print_table(
        sorted(table(records, "bot"), key=lambda line: order.index(line.name)),
        said("series.tournament", count=games, boards=board_names(boards)),
        out,
    )
    print_race_figures(records, out)
    distinct = list(dict.fromkeys(levels))
    print_ratings(ratings(records, distinct, seed), out)
    for i, a in enumerate(distinct):
        for b in distinct[i + 1 :]:
            above, below, p = head_to_head(records, a, b)
            better, worse = (a, b) if above >= below else (b, a)
            most, least = max(above, below), min(above, below)
            print(said("series.beats", better=better, worse=worse, most=most, least=least, p=f"{p:.2g}"), file=out)
    return records


def balance_report(
    boards: Sequence[Board],
    games: int,
    seed: int,
    bot: str,
    racers: int,
    out: TextIO,
    progress: TextIO | None = sys.stderr,
    jobs: int = 1,
) -> list[RaceRecord]:
    """The balance command: every character with equal bots, random seats and boards."""
    records = run(boards, character_lineup(racers, bot), games, seed, progress, jobs)
    lines = sorted(table(records, "character"), key=lambda line: -line.win_rate)
    who = said("series.mixed", levels=", ".join(levels.LEVELS)) if bot == MIXED else said("series.all", level=bot)
    print_table(lines, said("series.balance", count=games, racers=racers, who=who, boards=board_names(boards)), out)
    print_race_figures(records, out)
    average = sum(line.win_rate for line in lines) / len(lines)
    low, high = BOARD_BAND if len(boards) == 1 else BAND  # one board alone: its own band (issue 47)
    outside = [line.name for line in lines if not low * average <= line.win_rate <= high * average]
    who = said("series.everyone") if not outside else said("series.all_but", names=", ".join(outside))
    print(said("series.average", average=percent(average, 1), low=f"{low:g}", high=f"{high:g}", who=who), file=out)
    if average > 0:
        lowest, highest = decimal(lines[-1].win_rate / average, 2), decimal(lines[0].win_rate / average, 2)
        names = {"low_name": lines[-1].name, "high_name": lines[0].name}
        print(said("series.spread", lowest=lowest, highest=highest, **names), file=out)
    return records
