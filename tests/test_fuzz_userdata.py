"""The player's own files fed random mutations, field by field: a file the game reads, or one sentence
and the file set aside; never a traceback, never a hang, and the game starts.

Each mutated file starts from a real file of the player: the ones the first version of the game wrote
(tests/fixtures/v1: race.json, season.json, replay.json, a friend's race and replay, a served race) and
the ones this game writes now (a race save, a championship with a race in progress, a kept replay, the
settings). One to three of its fields (any depth) are changed to a value of another type, a huge or
negative number (5,000 digits, 400 digits, 2**64, -1, 1e308), NUL, a lone surrogate, a text of 100,000
characters, a deep nesting, a long list, a value of another field, or removed; one key may be added.
The game's own reader of that kind of file must then read it or set it aside with one sentence naming
the file (the settings: defaults or corrections); a replay that reads is also checked and played back.
Every twentieth file, the window is opened on it (the title, or the replay screen) and drawn.

    .venv/bin/python tests/test_fuzz_userdata.py [COUNT] [SEED] [PROCESSES]   # with a summary
"""

from __future__ import annotations

import json
import logging
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
for where in (ROOT, ROOT / "tests"):
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))

import hostile_files as hostile  # noqa: E402

FILES = 2000
SEED = 27
HANG_SECONDS = 10
FIXTURES = ROOT / "tests" / "fixtures" / "v1"
DIGITS, BIG = "@DIGITS@", "@BIG@"  # numbers JSON can hold and Python cannot make cheaply: put in the text
ODD: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**64,
    -(2**63) - 1,
    1e308,
    -0.5,
    "",
    "\x00",
    "A\x00B",
    "\ud800",
    "\udfff",
    "x" * 100_000,
    "nope",
    "practice",
    [],
    {},
    hostile._deep(30),
    list(range(10_000)),
    {"kind": "moved"},
    DIGITS,
    BIG,
]


@dataclass
class Outcome:
    """What the readers said of every mutated file."""

    files: int = 0
    read: int = 0
    set_aside: int = 0
    windows: int = 0
    failures: list[str] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)


# ---------------------------------------------------------------- the originals
def originals(folder: Path) -> list[tuple[str, str, Any]]:
    """(kind, name, data) of every real file the mutations start from."""
    from game import RacerSetup
    from game.app.settings import Settings
    from game.bots import ai
    from game.meta import replay
    from game.meta.season import Season
    from scenes.core import boards

    found: list[tuple[str, str, Any]] = []
    for name, kind in (
        ("race.json", "save"),
        ("friend-race.json", "save"),
        ("season.json", "season"),
        ("replay.json", "replay"),
        ("friend-replay.json", "replay"),
        ("served-race.json", "replay"),
    ):
        found.append((kind, f"v1/{name}", json.loads((FIXTURES / name).read_text(encoding="utf-8"))))
    race = boards.load(str(ROOT / "maps" / "meadow.tmx"))
    from game import Race

    playing = Race.new(race, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "normal")], turns=5, seed=11)
    rng = random.Random(11)
    while len(playing.choices) < 30:
        playing.choose(ai.pick(playing, playing.pending, "random", rng))
    setup = {"board": str(ROOT / "maps" / "meadow.tmx"), "turns": 5, "racers": [s.to_dict() for s in playing.setups]}
    found.append(("save", "now/race.json", {"version": 1, "setup": setup, "race": playing.to_dict()}))
    found.append(("replay", "now/replay.json", replay.data(playing)))
    season = Season.new("Cup", [RacerSetup("elf", "Ann"), RacerSetup("dwarf", "Di", "easy")], ["practice"] * 2, 5, 3)
    season.start_race(boards.load)
    while len(season.race.choices) < 20:
        season.race.choose(ai.pick(season.race, season.race.pending, "random", rng))
    found.append(("season", "now/season.json", season.to_dict()))
    found.append(("settings", "now/settings.json", Settings(player_name="Ann", join_code="ABCD").to_dict()))
    return found


# ---------------------------------------------------------------- mutations
def paths(value: Any, at: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (keys and indexes from the top), at most a few per long list."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*at, key))
    elif isinstance(value, list):
        picks = range(len(value)) if len(value) <= 6 else sorted({0, 1, len(value) // 2, len(value) - 1})
        for index in picks:
            found += paths(value[index], (*at, index))
    return found


def mutate(data: Any, rng: random.Random) -> tuple[Any, list[str]]:
    """One to three fields of a copy of `data` changed (or removed), and what was done."""
    data = json.loads(json.dumps(data))
    done = []
    for _ in range(rng.randint(1, 3)):
        places = [p for p in paths(data) if p]
        if not places:
            break
        place = rng.choice(places)
        parent = data
        for step in place[:-1]:
            parent = parent[step]
        key = place[-1]
        roll = rng.random()
        if roll < 0.12:
            del parent[key]
            done.append(f"{'/'.join(map(str, place))} removed")
        elif roll < 0.2:
            others = [p for p in places if p != place]
            value = data
            for step in rng.choice(others):
                value = value[step]
            parent[key] = json.loads(json.dumps(value))
            done.append(f"{'/'.join(map(str, place))} = another field's value")
        else:
            odd = json.loads(json.dumps(rng.choice(ODD)))  # a copy: never the same list in two places
            parent[key] = odd
            done.append(f"{'/'.join(map(str, place))} = {json.dumps(odd)[:24]}")
        if rng.random() < 0.1 and isinstance(data, dict):
            data[rng.choice(["x", "version", "format", "season_format", "events", "race"])] = json.loads(
                json.dumps(rng.choice(ODD))
            )
            done.append("a key added")
    return data, done


def text_of(data: Any) -> str:
    """The file's text, the markers made into numbers of 5,000 and 400 digits."""
    return json.dumps(data).replace(json.dumps(DIGITS), "9" * 5000).replace(json.dumps(BIG), "-" + "7" * 400)


# ---------------------------------------------------------------- reading
def read(kind: str, path: Path) -> str | None:
    """The game's reader of that kind of file: None when it reads it, else its one sentence."""
    from game.app import session, userdata
    from game.app.settings import Settings
    from game.meta import replay

    if kind == "save":
        saved, said = userdata.load_race(session.FOLDER)
        return said
    if kind == "season":
        return userdata.load_season(session.FOLDER)[1]
    if kind == "settings":
        return Settings.load(session.FOLDER).problem or None
    try:
        loaded = replay.load(path)
        replay.check(loaded)
        replay.rebuild(loaded)
    except replay.ReplayError as error:
        return str(error)
    return None


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang(f"a file took more than {HANG_SECONDS} s")


def fuzz(folder: Path, count: int = FILES, seed: int = SEED, windows: int = 20) -> Outcome:
    """Read `count` mutated files (a fresh user folder each); every `windows`-th one is opened in the window."""
    folder = Path(folder)
    starts = originals(folder)
    rng = random.Random(seed)
    outcome = Outcome()
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for n in range(count):
            kind, name, data = rng.choice(starts)
            mutated, what = mutate(data, rng)
            case = folder / f"file-{n}"
            home = case / "data"
            os.environ["XDG_DATA_HOME"] = str(home)
            where = hostile.user_folder(case) if kind != "replay" else case
            target = where / {"save": "race.json", "season": "season.json", "settings": "settings.json"}.get(
                kind, "replay.json"
            )
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text_of(mutated), encoding="utf-8")
            label = f"#{n} {name}: {'; '.join(what)}"
            started = time.perf_counter()
            signal.alarm(HANG_SECONDS)
            try:
                said = read(kind, target)
                if said is not None:
                    if "\n" in said or len(said) > 1000 or str(target) not in said and target.name not in said:
                        outcome.failures.append(f"{label}: not one sentence naming the file: {said[:300]!r}")
                    if kind in ("save", "season") and target.exists():
                        outcome.failures.append(f"{label}: the file was not set aside")
                    outcome.set_aside += 1
                else:
                    outcome.read += 1
                if windows and n % windows == 0:
                    hostile.open_scene("replay" if kind == "replay" else "title", target)
                    outcome.windows += 1
            except Hang as error:
                outcome.failures.append(f"{label}: {error}")
            except Exception:  # the point of the test: any other exception is a crash
                outcome.failures.append(f"{label}: traceback\n{traceback.format_exc()}")
            finally:
                signal.alarm(0)
            outcome.times.append(time.perf_counter() - started)
            outcome.kinds[kind] += 1
            outcome.files += 1
    finally:
        signal.signal(signal.SIGALRM, previous)
    return outcome


def _fuzz_part(job: tuple[int, int, int]) -> Outcome:
    count, seed, part = job
    with tempfile.TemporaryDirectory() as folder:
        return fuzz(Path(folder), count, seed * 1000 + part)


# ---------------------------------------------------------------- tests
def test_a_few_hundred_mutated_files_are_read_or_set_aside_with_one_sentence(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    outcome = fuzz(tmp_path, 150, SEED, windows=50)
    assert not outcome.failures, f"{len(outcome.failures)} failures, the first:\n" + "\n".join(outcome.failures[:3])
    assert outcome.set_aside > outcome.files // 3 and outcome.read > 0 and outcome.windows == 3


@pytest.mark.parametrize("results", [1e308, -1, -0.5, "nope"])
def test_what_the_fuzzer_found_a_first_format_season_whose_results_are_not_a_list(tmp_path, monkeypatch, results):
    """20,000 files at seed 5 found one crash (TypeError in the season's upgrade): now one sentence."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "case" / "data"))
    path = hostile.player_file("season.json", lambda d: d.update(results=results))(tmp_path / "case")
    assert "the field 'results' is " in read("season", path) and not path.exists()


@pytest.mark.slow  # two thousand files
def test_two_thousand_mutated_files_are_read_or_set_aside_and_the_game_starts(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    count = int(os.environ.get("FUZZ_FILES", FILES))
    outcome = fuzz(tmp_path, count, int(os.environ.get("FUZZ_SEED", SEED)))
    assert outcome.files == count and set(outcome.kinds) == {"save", "season", "settings", "replay"}
    assert not outcome.failures, f"{len(outcome.failures)} failures, the first:\n" + "\n".join(outcome.failures[:3])
    assert max(outcome.times) < HANG_SECONDS


def main() -> None:
    """Run the fuzzer on PROCESSES cores and print a summary (for docs/reliability.md)."""
    import multiprocessing
    import platform

    count = int(sys.argv[1]) if len(sys.argv) > 1 else FILES
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    processes = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    logging.disable(logging.WARNING)  # (each file set aside is logged: the summary counts them)
    started = time.perf_counter()
    jobs = [(count // processes + (part < count % processes), seed, part) for part in range(processes)]
    with multiprocessing.Pool(processes) as pool:
        parts = pool.map(_fuzz_part, jobs)
    elapsed = time.perf_counter() - started
    total = Outcome()
    for part in parts:
        total.files += part.files
        total.read += part.read
        total.set_aside += part.set_aside
        total.windows += part.windows
        total.failures += part.failures
        total.kinds.update(part.kinds)
        total.times += part.times
    times = sorted(total.times)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(
        f"{total.files} mutated files (seed {seed}, {processes} processes) in {elapsed:.1f} s: {total.read} read, "
        f"{total.set_aside} set aside with one sentence, {total.windows} opened in the window, "
        f"{len(total.failures)} failures"
    )
    print("kinds:", ", ".join(f"{k} {v}" for k, v in total.kinds.most_common()))
    print(f"time per file: median {times[len(times) // 2] * 1000:.1f} ms, slowest {times[-1] * 1000:.0f} ms")
    for failure in total.failures[:20]:
        print(failure)
    sys.exit(1 if total.failures else 0)


if __name__ == "__main__":
    main()
