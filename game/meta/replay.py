"""Replays: a finished (or saved) race kept as a file, played back and checked.

A replay file is JSON:

    {"format": "fantasy-racing-replay",   what the file is
     "version": 1,                         the replay format's version
     "game_version": "1.0",               the game that recorded it
     "race": {...},                        the race's record (game/rules/record.py): board, racers,
                                           turns, seed, choices (and "shown": the faces a network
                                           race's host showed, for a race a friend kept)
     "events": [{"kind": ..., ...}, ...]} the recorded event log (Event.to_dict, tuples as lists)

The race part is enough to rebuild the race (setup + seed + choices); the
events are what the race gave when it was recorded, so `check` can rebuild
it and compare every event: a change of the rules that changes an old race
shows up at its first different event. A saved race (`race.json` of the
user folder, or a bare race record: `main.py serve --save`) also loads: it
has no recorded events, so it plays back but its check only replays the
choices. A race record of an older version is upgraded as it is read.

Pure Python (no pygame); every unreadable file raises ReplayError with one
sentence that names the file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from game import files, version
from game.boards.board import Board
from game.envelope import Envelope, EnvelopeError
from game.rules.dice import DiceExhausted
from game.rules.events import Event
from game.rules.race import IllegalChoice, Race, SaveError
from game.rules.record import RecordError, plain, reason
from game.rules.record import check as check_record

REPLAY_FORMAT = "fantasy-racing-replay"
REPLAY_VERSION = 1
ENVELOPE = Envelope("a replay", "version", REPLAY_VERSION)  # beside "format": what the file is (game/envelope.py)
GAME_VERSION = version.VERSION  # (pyproject.toml)
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # playback speeds (main.py replay --speed, + and - in the window)
MAX_EVENTS = 200_000  # a 15-turn race of six racers gives a few thousand


class ReplayError(ValueError):
    """A replay (or saved race) that cannot be read or played back; one sentence."""


@dataclass(frozen=True)
class Replay:
    """A loaded replay: the race's save data, and the recorded events (None for a saved race)."""

    race: dict[str, Any]
    events: list[dict[str, Any]] | None
    game_version: str | None = None
    name: str = "the replay"

    @property
    def choices(self) -> list[Any]:
        """Every recorded choice, in order."""
        return list(self.race["choices"])

    @property
    def board_name(self) -> str:
        """The board's name as its author gave it."""
        return str(self.race["board"].get("name") or "board")


@dataclass(frozen=True)
class CheckResult:
    """What `check` found: whether every event matched, how many, and the first difference."""

    ok: bool
    events: int
    choices: int
    message: str


# ---------------------------------------------------------------- recording
def event_data(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Events as plain data, as a file holds them (tuples become lists, int keys strings)."""
    return [plain(e.to_dict()) for e in events]


def data(race: Race) -> dict[str, Any]:
    """The replay of a race (finished or not) as plain data: its record and its events so far."""
    try:
        saved = race.to_dict()
    except SaveError as error:
        raise ReplayError(f"this race cannot be kept as a replay: {error}") from None
    content = {"game_version": GAME_VERSION, "race": saved, "events": event_data(race.log)}
    return {"format": REPLAY_FORMAT, **ENVELOPE.stamp(content)}  # (what the file is, then its version)


def text(replay_data: dict[str, Any]) -> str:
    """A replay's file text (the same data give the same bytes)."""
    return json.dumps(replay_data, ensure_ascii=False, separators=(",", ":")) + "\n"


def record(race: Race) -> str:
    """The replay file's text for a race (finished or not); the same race gives the same bytes."""
    return text(data(race))


def file_name(board_name: str, day: date, taken: Collection[str] = ()) -> str:
    """`<date>-<board>.json`, with -2, -3... when a name is in `taken`."""
    slug = re.sub(r"[^a-z0-9]+", "-", board_name.lower()).strip("-") or "board"
    name = f"{day.isoformat()}-{slug}.json"
    n = 2
    while name in taken:
        name = f"{day.isoformat()}-{slug}-{n}.json"
        n += 1
    return name


def write(race: Race, folder: Path, day: date) -> Path:
    """Keep a race as a replay file in `folder` (created), named for `day` (the caller's today: the
    engine reads no clock); returns its path. Raises ReplayError, OSError.

    The file is written whole under a unique temporary name, then given its own name, which never
    replaces a file (another window may have kept a replay of the same name at the same moment: the
    next free name is taken); a failed write leaves nothing behind."""
    content = record(race)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    taken = {p.name for p in folder.glob("*.json")}
    for _ in range(100):
        path = folder / file_name(race.board.name, day, taken)
        try:
            files.write_atomically(path, content, replace=False)
            return path
        except FileExistsError:
            taken.add(path.name)
    raise FileExistsError(f"no free name for a replay in {folder}")


# ---------------------------------------------------------------- loading
def load(path: str | os.PathLike[str]) -> Replay:
    """Read a replay file, a saved race (`race.json`) or bare Race.to_json text; raises ReplayError."""
    path = Path(path)
    if not path.exists():
        raise ReplayError(f"there is no file {path}")
    if path.is_dir():
        raise ReplayError(f"{path} is a folder, not a replay file")
    try:
        text = files.read_bytes(path, "replay").decode("utf-8")
    except files.FileRefused as error:
        raise ReplayError(f"{path} is refused: {error}") from None
    except OSError as error:
        raise ReplayError(f"cannot read {path} ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path} is not a replay: it is not UTF-8 text") from None
    return parse(text, str(path))


def parse(text: str, name: str = "the replay") -> Replay:
    """A replay (or saved race) from its text; raises ReplayError naming `name`."""
    try:
        loaded = files.loads(text)
    except files.FileRefused as error:
        raise ReplayError(f"{name} is refused: {error}") from None
    except json.JSONDecodeError as error:
        raise ReplayError(
            f"{name} is not a replay: it is not valid JSON (line {error.lineno}, column {error.colno})"
        ) from None
    return read(loaded, name)


def read(loaded: Any, name: str = "the replay") -> Replay:
    """A replay (or saved race) from its plain data (a file's JSON); raises ReplayError naming `name`."""
    if not isinstance(loaded, dict):
        raise ReplayError(f"{name} is not a replay: it holds JSON but not a Fantasy Racing replay or save")
    if loaded.get("format") == REPLAY_FORMAT:
        try:
            loaded = ENVELOPE.upgrade(loaded)
        except EnvelopeError as error:
            if error.newer:
                raise ReplayError(
                    f"{name} cannot be played back: {error}: play it with a newer Fantasy Racing"
                ) from None
            raise ReplayError(f"{name} is damaged: {error}") from None
        events = loaded.get("events")
        if not isinstance(events, list) or not all(isinstance(e, dict) and _event_kind(e) for e in events):
            raise ReplayError(f"{name} is damaged: its recorded events are missing or not events")
        if len(events) > MAX_EVENTS:
            raise ReplayError(f"{name} is refused: it holds {len(events):,} events (at most {MAX_EVENTS:,})")
        race = loaded.get("race")
        game_version = loaded.get("game_version")
        game_version = str(game_version)[:20] if game_version is not None else None
    elif isinstance(loaded.get("race"), dict) and "setup" in loaded:  # the user folder's race.json
        race, events, game_version = loaded["race"], None, None
    elif "choices" in loaded and "format" in loaded:  # a bare race record (main.py serve --save)
        race, events, game_version = loaded, None, None
    else:
        raise ReplayError(f"{name} is not a replay: it holds JSON but not a Fantasy Racing replay or save")
    if not isinstance(race, dict):
        raise ReplayError(f"{name} is damaged: it has no race")
    try:
        checked = check_record(race)
    except RecordError as error:
        raise ReplayError(f"{name} cannot be replayed: {error}") from None
    return Replay(race=checked, events=events, game_version=game_version, name=name)


def _event_kind(event: dict[str, Any]) -> bool:
    """Whether a recorded event has a kind: a short printable text."""
    kind = event.get("kind")
    return isinstance(kind, str) and files.printable(kind, 40) is None


# ---------------------------------------------------------------- playing back
def same_board(board: Board, replay: Replay) -> Board | None:
    """`board` (say, the Tiled file with its art) with the replay's starts, if it is the board kept; else None."""
    kept = replay.race["board"]
    try:
        candidate = board.with_starts(tuple(tuple(s) for s in kept["starts"]))
    except (KeyError, TypeError):
        return None
    return candidate if candidate.to_dict() == kept else None


def start(replay: Replay, board: Board | None = None) -> Race:
    """The replay's race at its very beginning (no choice made, its first events not taken).

    `board` may be the same board with its Tiled art (see `same_board`).
    """
    try:
        return Race.from_dict(replay.race, board, choices=False)
    except SaveError as error:
        raise ReplayError(f"{replay.name} is damaged: {error}") from None


def play_choice(race: Race, replay: Replay) -> None:
    """Make the replay's next choice in `race` (raises ReplayError if it is not legal)."""
    index = len(race.choices)
    try:
        race.choose(replay.choices[index])
    except IndexError:
        raise ReplayError(f"{replay.name} has no choice {index}: its race stops before the end") from None
    except DiceExhausted:  # a race without its seed, past the faces its record shows
        raise ReplayError(
            f"{replay.name} does not replay: choice {index} rolls dice no face of which it shows"
        ) from None
    except (IllegalChoice, TypeError, ValueError) as error:
        raise ReplayError(f"{replay.name} does not replay: choice {index} is not legal ({reason(error)})") from None


def rebuild(replay: Replay, board: Board | None = None) -> Race:
    """The replay's race with every recorded choice made."""
    race = start(replay, board)
    for _ in replay.choices:
        if race.over:
            raise ReplayError(f"{replay.name} is damaged: it has choices after the end of its race")
        play_choice(race, replay)
    return race


def check(replay: Replay) -> CheckResult:
    """Rebuild the race from setup, seed and choices and compare every event with the recorded ones."""
    race = start(replay)
    recorded = replay.events
    compared = 0

    def compare() -> str | None:
        nonlocal compared
        fresh = event_data(race.take_events())
        for event in fresh:
            if recorded is not None:
                if compared >= len(recorded):
                    return (
                        f"event {compared}: the replayed race gives {_short(event)} but the recording "
                        f"ends after {len(recorded)} events"
                    )
                difference = _difference(recorded[compared], event)
                if difference:
                    return f"event {compared} ({recorded[compared].get('kind')}): {difference}"
            compared += 1
        return None

    try:
        problem = compare()
        for index in range(len(replay.choices)):
            if problem:
                break
            if race.over:
                problem = (
                    f"choice {index}: the race is over but the replay has {len(replay.choices) - index} more choices"
                )
                break
            play_choice(race, replay)
            problem = compare()
    except ReplayError as error:
        problem = str(error)
    if not problem and recorded is not None and compared < len(recorded):
        problem = (
            f"event {compared} ({recorded[compared].get('kind')}): recorded, but the replayed race "
            f"ends after {compared} events"
        )
    if problem:
        return CheckResult(False, compared, len(race.choices), problem)
    what = (
        f"{compared} events match the recording"
        if recorded is not None
        else f"{compared} events replayed (a saved race has no recorded events to compare)"
    )
    return CheckResult(True, compared, len(race.choices), f"{len(race.choices)} choices, {what}")


def _difference(recorded: dict[str, Any], replayed: dict[str, Any]) -> str | None:
    """What differs between two events (kind first, then each field), or None."""
    if recorded == replayed:
        return None
    if recorded.get("kind") != replayed.get("kind"):
        return f"recorded {_short(recorded)}, replayed {_short(replayed)}"
    for key in list(recorded) + [k for k in replayed if k not in recorded]:
        if recorded.get(key, "<missing>") != replayed.get(key, "<missing>"):
            return (
                f"field {key!r} differs: recorded {_clip(recorded.get(key, '<missing>'))}, "
                f"replayed {_clip(replayed.get(key, '<missing>'))}"
            )
    return "the events differ"


def _short(event: dict[str, Any]) -> str:
    return f"a {event.get('kind')!r} event {_clip({k: v for k, v in event.items() if k != 'kind'})}"


def _clip(value: Any, width: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"
