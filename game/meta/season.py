"""A championship: a season of 2 to 8 races between the same racers, with a trophy at the end.

After each race every racer earns season points by his place (rule book,
section 11): 10-7-5-3-2-1 for places 1 to 6 [house] (the rules' `season_points`, game/rules/rulebook.py);
racers who share a place share the points of the places they cover (two
tied first take (10 + 7) / 2 = 8.5 each). The season table ranks by season
points, then total race points, then best place; racers equal in all three
share their place.

A `Season` is data: its setup (name, racers, boards, turns, seed), the
finished races (each kept as a replay) and the race in progress (its record,
`game.rules.record`). It is saved after every racer's turn, like a race, and
rebuilt from that data (`to_dict`, `from_dict`); `SEASON_FORMAT` is its
version. A season of an older version is upgraded as it is read (`MIGRATIONS`),
never refused; an unknown field is ignored.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TextIO

from game import files
from game.boards.board import Board
from game.boards.map_format import BOARD_NAME_LENGTH
from game.bots import ai
from game.envelope import Envelope, EnvelopeError
from game.meta import replay
from game.meta.words import board_name, said
from game.rules import record, seeds
from game.rules.characters import CHARACTERS
from game.rules.race import MAX_RACERS, MIN_RACERS, Race, RacerSetup, SaveError
from game.rules.record import LIST, NAME_LENGTH, OBJECT, PATH_LENGTH, SEED_RANGE, TEXT, WHOLE, Field, Kind, RecordError
from game.rules.rulebook import Rules

SEASON_FORMAT = 2
MIN_RACES, MAX_RACES = 2, 8


class SeasonError(ValueError):
    """A season that cannot be set up or read back; the message says why."""


def place_points(standings: Sequence[tuple[int, int, int]], rules: Rules | None = None) -> dict[int, Fraction]:
    """Season points of each racer of a race's standings (place, racer, points), shared places sharing,
    by the race's rules (None: this game's)."""
    scale = (rules or Rules.of()).season_points
    earned: dict[int, Fraction] = {}
    by_place: dict[int, list[int]] = {}
    for place, racer, _ in standings:
        by_place.setdefault(place, []).append(racer)
    for place, racers in by_place.items():
        covered = range(place, place + len(racers))
        total = sum((scale[p - 1] if p <= len(scale) else 0) for p in covered)
        for racer in racers:
            earned[racer] = Fraction(total, len(racers))
    return earned


def points_text(points: Fraction) -> str:
    """'10', '8.5', '7.33' (two decimals at most)."""
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0")


@dataclass
class RaceResult:
    """A finished race of the season: its board, standings, season points, highlights and replay."""

    board: str  # the board's name
    standings: list[tuple[int, int, int]]  # (place, racer, race points)
    season_points: dict[int, Fraction]
    highlights: dict[str, dict[int, int]]  # highlight -> racer -> count
    replay: dict[str, Any]  # the race's replay (game.meta.replay.data)

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "standings": [list(s) for s in self.standings],
            "season_points": {str(r): [p.numerator, p.denominator] for r, p in self.season_points.items()},
            "highlights": {k: {str(r): n for r, n in v.items()} for k, v in self.highlights.items()},
            "replay": self.replay,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RaceResult:
        check(data, RESULT, "a finished race's {}")
        return cls(
            board=str(data["board"]),
            standings=[(int(p), int(r), int(pts)) for p, r, pts in data["standings"]],
            season_points={int(r): Fraction(int(n), int(d)) for r, (n, d) in data["season_points"].items()},
            highlights={k: {int(r): int(n) for r, n in v.items()} for k, v in data["highlights"].items()},
            replay=_replay_data(data["replay"]),
        )


def _replay_data(data: Any) -> dict[str, Any]:
    """A finished race's replay, checked as a replay file is (SeasonError otherwise)."""
    try:
        replay.read(data, "its replay")
    except replay.ReplayError as error:
        raise SeasonError(str(error)) from None
    return dict(data)


HIGHLIGHTS = ("fights_won", "longest_move", "shocks_inflicted", "laps")

# ---------------------------------------------------------------- what a season file may hold
_RACER_KEYS = tuple(str(r) for r in range(MAX_RACERS))
POINTS = Kind(
    "season points by racer (a fraction each)",
    lambda v: (
        type(v) is dict
        and len(v) <= MAX_RACERS
        and all(k in _RACER_KEYS for k in v)
        and all(
            type(p) is list and len(p) == 2 and all(type(n) is int and 0 <= n < 10**6 for n in p) for p in v.values()
        )
        and all(p[1] > 0 for p in v.values())
    ),
)
COUNTS = Kind(
    "counts by highlight and racer",
    lambda v: (
        type(v) is dict
        and all(k in HIGHLIGHTS and type(c) is dict and len(c) <= MAX_RACERS for k, c in v.items())
        and all(r in _RACER_KEYS and type(n) is int and 0 <= n < 10**6 for c in v.values() for r, n in c.items())
    ),
)
STANDING = Kind(
    "a place, a racer and his points",
    lambda v: (
        type(v) is list
        and len(v) == 3
        and all(type(n) is int for n in v)
        and 1 <= v[0] <= MAX_RACERS
        and 0 <= v[1] < MAX_RACERS
        and -(10**6) < v[2] < 10**6
    ),
)
RESULT = (
    Field("board", TEXT, longest=BOARD_NAME_LENGTH),
    Field("standings", LIST, items=STANDING, longest=MAX_RACERS),
    Field("season_points", POINTS),
    Field("highlights", COUNTS),
    Field("replay", OBJECT),
)
SEASON = (
    Field("name", TEXT, longest=NAME_LENGTH),
    Field("racers", LIST, items=OBJECT, longest=MAX_RACERS),
    Field("boards", LIST, items=TEXT, longest=MAX_RACES, item_longest=PATH_LENGTH),
    Field("turns", WHOLE, null=True, low=record.MIN_TURNS, high=record.MAX_TURNS),
    Field("seed", WHOLE, low=SEED_RANGE[0], high=SEED_RANGE[1]),
    Field("results", LIST, items=OBJECT, longest=MAX_RACES),
    Field("race", OBJECT, optional=True, null=True),
    Field("race_setup", OBJECT, optional=True, null=True),
)


def check(data: dict[str, Any], fields: Sequence[Field], names: str) -> None:
    """`record.check_fields`, with a SeasonError."""
    try:
        record.check_fields(data, fields, names)
    except RecordError as error:
        raise SeasonError(str(error)) from None


def highlights(race: Race) -> dict[str, dict[int, int]]:
    """What each racer did worth remembering: fights won, longest move (squares), shocks inflicted, laps."""
    found: dict[str, dict[int, int]] = {name: {r.index: 0 for r in race.racers} for name in HIGHLIGHTS}
    for event in race.log:
        if event.kind == "fight_result" and event.winner is not None:
            found["fights_won"][event.winner] += 1
        elif event.kind == "moved":
            found["longest_move"][event.racer] = max(found["longest_move"][event.racer], len(event.path))
        elif event.kind == "shock" and event.author is not None and event.author != event.racer:
            found["shocks_inflicted"][event.author] += 1
    for r in race.racers:
        found["laps"][r.index] = max(0, r.laps)
    return found


@dataclass
class Standing:
    """A line of the season table."""

    place: int
    racer: int
    name: str
    season_points: Fraction
    race_points: int
    best_place: int
    history: list[Fraction]  # season points after each race, cumulated

    def to_json(self) -> dict[str, Any]:
        points: float | int = (
            self.season_points.numerator if self.season_points.denominator == 1 else round(float(self.season_points), 2)
        )
        return {"place": self.place, "name": self.name, "season_points": points, "race_points": self.race_points}


@dataclass
class Season:
    """A championship in progress: setup, finished races and the race being run."""

    name: str
    racers: list[RacerSetup]
    boards: list[str]  # a board reference per race (a file path, or "practice")
    turns: int | None  # None: each board's own number of game turns
    seed: int
    results: list[RaceResult] = field(default_factory=list)
    race: Race | None = None  # the race in progress
    race_setup: dict[str, Any] = field(default_factory=dict)  # the race scene's setup of that race

    @classmethod
    def new(
        cls, name: str, racers: Sequence[RacerSetup], boards: Sequence[str], turns: int | None, seed: int
    ) -> Season:
        """A new season; checks the setup and says clearly what is wrong."""
        if not MIN_RACERS <= len(racers) <= MAX_RACERS:
            raise SeasonError(f"a season needs {MIN_RACERS} to {MAX_RACERS} racers, not {len(racers)}")
        if not MIN_RACES <= len(boards) <= MAX_RACES:
            raise SeasonError(f"a season has {MIN_RACES} to {MAX_RACES} races, not {len(boards)}")
        return cls(name.strip() or "Championship", list(racers), list(boards), turns, seed)

    # ------------------------------------------------------------ progress
    @property
    def over(self) -> bool:
        return len(self.results) >= len(self.boards)

    @property
    def race_number(self) -> int:
        """The number (1-based) of the race being run, or of the next one."""
        return min(len(self.results) + 1, len(self.boards))

    def race_seed(self, index: int) -> int:
        """The seed of race `index` (0-based), derived from the season's seed."""
        return seeds.derive(self.seed, seeds.SEASON_RACE, index)

    def start_race(self, load: Callable[[str], Board]) -> Race:
        """The next race (on its board, with its seed), now in progress."""
        if self.over:
            raise SeasonError("the season is over: there is no race to start")
        index = len(self.results)
        board = load(self.boards[index])
        turns = self.turns if self.turns is not None else board.turns
        self.race = Race.new(board, self.racers, turns=turns, seed=self.race_seed(index))
        self.race_setup = {
            "board": self.boards[index],
            "turns": turns,
            "racers": [s.to_dict() for s in self.racers],
            "season": self.name,
            "season_race": index + 1,
        }
        return self.race

    def finish_race(self) -> RaceResult:
        """Record the race in progress, which is over, and its season points."""
        race = self.race
        if race is None or not race.over:
            raise SeasonError("the race in progress is not over")
        standings = race.standings()
        result = RaceResult(
            board=race.board.name,
            standings=standings,
            season_points=place_points(standings, race.rules),
            highlights=highlights(race),
            replay=replay.data(race),
        )
        self.results.append(result)
        self.race, self.race_setup = None, {}
        return result

    # ------------------------------------------------------------ the table
    def table(self) -> list[Standing]:
        """The season table: season points, then race points, then best place; ties share a place."""
        lines = []
        for index, setup in enumerate(self.racers):
            history, total = [], Fraction(0)
            for result in self.results:
                total += result.season_points.get(index, Fraction(0))
                history.append(total)
            race_points = sum(p for result in self.results for _, r, p in result.standings if r == index)
            places = [place for result in self.results for place, r, _ in result.standings if r == index]
            lines.append(
                Standing(0, index, racer_name(setup), total, race_points, min(places) if places else 0, history)
            )

        def key(line: Standing) -> tuple[Fraction, int, int]:
            return (-line.season_points, -line.race_points, line.best_place or 99)

        lines.sort(key=lambda line: (key(line), line.racer))
        for line in lines:
            line.place = 1 + sum(key(other) < key(line) for other in lines)
        return lines

    def best(self, highlight: str) -> tuple[list[int], int]:
        """The racers with the season's best of a highlight (summed, or the longest move), and the figure."""
        totals: dict[int, int] = {}
        for result in self.results:
            for racer, count in result.highlights.get(highlight, {}).items():
                if highlight == "longest_move":
                    totals[racer] = max(totals.get(racer, 0), count)
                else:
                    totals[racer] = totals.get(racer, 0) + count
        top = max(totals.values(), default=0)
        return sorted(r for r, n in totals.items() if n == top and top > 0), top

    # ------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """The season as plain data (the race in progress as its record)."""
        return ENVELOPE.stamp(
            {
                "name": self.name,
                "racers": [s.to_dict() for s in self.racers],
                "boards": list(self.boards),
                "turns": self.turns,
                "seed": self.seed,
                "results": [r.to_dict() for r in self.results],
                "race": self.race.to_dict() if self.race is not None and not self.race.over else None,
                "race_setup": self.race_setup,
            }
        )

    @classmethod
    def from_dict(cls, data: Any) -> Season:
        """A season read back from its data of any version (raises SeasonError with the reason).

        The race in progress is rebuilt from its own record (the board it
        carries), so a season resumes even if a board file changed since.
        """
        data = upgrade(data)
        check(data, SEASON, "the field '{}'")
        for index, racer in enumerate(data["racers"], 1):
            check(racer, record.RACER, f"racer {index}'s {{}}")
        if not MIN_RACERS <= len(data["racers"]) <= MAX_RACERS:
            raise SeasonError(f"it has {len(data['racers'])} racers, not {MIN_RACERS} to {MAX_RACERS}")
        try:
            if data.get("race_setup"):
                record.check_setup(data["race_setup"])
        except RecordError as error:
            raise SeasonError(str(error).replace("'setup", "'race_setup")) from None
        try:
            season = cls(
                name=str(data["name"]),
                racers=[RacerSetup(**s) for s in data["racers"]],
                boards=[str(b) for b in data["boards"]],
                turns=None if data["turns"] is None else int(data["turns"]),
                seed=int(data["seed"]),
                results=[RaceResult.from_dict(r) for r in data["results"]],
                race_setup=dict(data.get("race_setup") or {}),
            )
            if not MIN_RACES <= len(season.boards) <= MAX_RACES or len(season.results) > len(season.boards):
                raise SeasonError(f"it has {len(season.results)} races run of {len(season.boards)}")
            if data.get("race") is not None:
                season.race = Race.from_dict(data["race"])
        except SaveError as error:
            raise SeasonError(f"its race in progress cannot be rebuilt ({error})") from None
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as error:
            if isinstance(error, SeasonError):
                raise
            raise SeasonError(f"it is damaged ({type(error).__name__}: {error})") from None
        return season


def _from_1(data: dict[str, Any]) -> dict[str, Any]:
    """Season format 1 (to commit 14c1549) to 2: each finished race's replay was kept as the text of its
    file, a string in the season's JSON; it is now the replay's data itself."""
    results = []
    if not isinstance(data.get("results"), list):  # (the one validation says what it is)
        return {**data, "season_format": 2}
    for result in data["results"]:
        if isinstance(result, dict) and isinstance(result.get("replay"), str):
            try:
                result = {**result, "replay": files.loads(result["replay"])}
            except (json.JSONDecodeError, files.FileRefused):
                raise SeasonError("a finished race's replay is not valid JSON") from None
        results.append(result)
    return {**data, "season_format": 2, "results": results}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1}  # version -> the next one


ENVELOPE = Envelope("a Fantasy Racing season", "season_format", SEASON_FORMAT, MIGRATIONS)  # (game/envelope.py)


def upgrade(data: Any) -> dict[str, Any]:
    """A season's data of any version the game wrote, in the current format (SeasonError for data of
    no version, or of a newer one than this game reads)."""
    try:
        return ENVELOPE.upgrade(data)
    except EnvelopeError as error:
        raise SeasonError(str(error)) from None


def racer_name(setup: RacerSetup) -> str:
    """A racer's name as the tables show it (his character's when he has none)."""
    return setup.name or CHARACTERS[setup.character].name


def bot_choices(race: Race, rngs: dict[int, random.Random]) -> None:
    """Play the race to its end with every racer's own bot level (headless seasons)."""
    while (decision := race.pending) is not None:
        bot = race.racers[decision.racer].setup.bot or "normal"
        race.choose(ai.pick(race, decision, bot, rngs[decision.racer]))


def print_table(season: Season, out: TextIO, title: str) -> None:
    """The season table: place, name, season points, race points (and best place)."""
    print(title, file=out)
    for line in season.table():
        points, race = f"{points_text(line.season_points):>6}", f"{line.race_points:4d}"
        shown = said(
            "season.line", place=line.place, name=f"{line.name:16}", season=points, race=race, best=line.best_place
        )
        print(f"  {shown}", file=out)


def play_headless(season: Season, load: Callable[[str], Board], out: TextIO, as_json: bool = False) -> None:
    """`main.py season`: every race with bots, each race's standings and the table after it."""
    from game.meta.simulate import print_standings

    while not season.over:
        race = season.race if season.race is not None else season.start_race(load)
        number = season.race_number
        assert race.seed is not None  # (a season's races are seeded)
        bot_choices(race, seeds.bot_rngs(race.seed, len(race.racers)))
        board = board_name(race.board.name)
        title = said("season.race", number=number, total=len(season.boards), board=board, seed=race.seed)
        print_standings(race, out, title=title)
        season.finish_race()
    print_table(season, out, title=said("season.final", name=season.name))
    if as_json:
        print(json.dumps([line.to_json() for line in season.table()]), file=out)
