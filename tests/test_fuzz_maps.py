"""The board loader fed random mutations of the shipped boards: a clear error or a board, never a
traceback, never a hang.

A seeded run of 1,000 mutated boards (set FUZZ_BOARDS=N for another count, FUZZ_SEED for another
seed). Each mutation starts from a shipped `.tmx` (or, one time in ten, its tileset `.tsx`) and
applies one to three of: bit flips, truncation, byte slices deleted or repeated, another text
encoding (or a false encoding declaration), attribute values changed or removed, elements deleted
or duplicated, element text replaced, layer data re-encoded. `load_board` must return a Board or
raise BoardError with one non-empty line; each load is timed and one that takes more than
HANG_SECONDS is stopped by an alarm and fails the test. Every board that loads (check-map's "ok":
they read boards through the same code) is then opened in the race screen, headless, and drawn.

    .venv/bin/python tests/test_fuzz_maps.py [COUNT] [SEED]    # the same run, with a summary
"""

from __future__ import annotations

import base64
import gzip
import os
import random
import shutil
import signal
import sys
import time
import traceback
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import hostile_files as hostile  # noqa: E402

from game import Board, BoardError, load_board  # noqa: E402

BOARDS = 1000
SEED = 8
HANG_SECONDS = 5
MAPS = ROOT / "maps"
ODD_VALUES = [
    "",
    "0",
    "-1",
    "1",
    "2",
    "99999",
    "4294967295",
    "4294967296",
    "-2147483649",
    "1e9",
    "1.5",
    "nan",
    "inf",
    "-inf",
    "x",
    "true",
    "null",
    "csv",
    "base64",
    "zlib",
    "gzip",
    "zstd",
    "lzma",
    "#ff00ff",
    "#zz",
    "tilesets/none.tsx",
    "../../../../etc/passwd",
    "/dev/zero",
    ".",
    "4,7,,10",
    "é",
    "\u202e",
    "start",
    "ground",
    "holes",
    "class",
    "9" * 40,
    "1" * 5000,
    "&amp;",
    "0x10",
]
TILED_ATTRIBUTES = [
    "offsetx",
    "offsety",
    "opacity",
    "visible",
    "width",
    "height",
    "firstgid",
    "source",
    "encoding",
    "compression",
    "tintcolor",
    "parallaxx",
    "x",
    "y",
    "rotation",
    "gid",
    "id",
    "type",
    "class",
    "name",
    "value",
    "infinite",
    "orientation",
    "tilewidth",
    "tileheight",
    "columns",
    "tilecount",
    "spacing",
    "margin",
    "backgroundcolor",
    "propertytype",
    "trans",
    "renderorder",
]
ENCODINGS = ["utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252", "utf-8-sig", "ascii"]
DECLARED = ["UTF-16", "ISO-8859-1", "klingon", "ascii", "UTF-32", "EBCDIC-CP-US", "", "utf-8"]


class Hang(Exception):
    """A load that took longer than HANG_SECONDS."""


@dataclass
class Outcome:
    """What the loader said about every mutated board."""

    boards: int = 0
    errors: int = 0
    valid: int = 0
    raced: int = 0  # valid boards opened in the race screen
    failures: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    mutations: Counter = field(default_factory=Counter)


# ---------------------------------------------------------------- mutations
def bit_flips(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        i = rng.randrange(len(buffer))
        buffer[i] ^= 1 << rng.randrange(8)
    return bytes(buffer), "bit flips"


def truncation(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    return data[: rng.randrange(len(data))], "truncation"


def slices(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    a = rng.randrange(len(data))
    b = min(len(data), a + rng.randint(1, 400))
    if rng.random() < 0.5:
        return data[:a] + data[b:], "slice deleted"
    return data[:b] + data[a:b] * rng.randint(1, 20) + data[b:], "slice repeated"


def encoding(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    text = data.decode("utf-8", errors="replace")
    if rng.random() < 0.5:
        declared = rng.choice(DECLARED)
        if 'encoding="' in text[:100]:
            start = text.index('encoding="') + len('encoding="')
            text = text[:start] + declared + text[text.index('"', start) :]
        return text.encode("utf-8", errors="replace"), f"declared encoding {declared!r}"
    name = rng.choice(ENCODINGS)
    return text.encode(name, errors="replace"), f"encoded as {name}"


def _tree(data: bytes) -> ElementTree.Element | None:
    try:
        return ElementTree.fromstring(data)
    except (ElementTree.ParseError, LookupError, ValueError):  # a mutation may leave no parsable XML
        return None


def _elements(root: ElementTree.Element) -> list[tuple[ElementTree.Element, ElementTree.Element]]:
    """(parent, child) pairs."""
    return [(parent, child) for parent in root.iter() for child in list(parent)]


def _serialise(root: ElementTree.Element) -> bytes:
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="utf-8")


def attribute_value(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    root = _tree(data)
    if root is None:
        return bit_flips(data, rng)
    owners = [e for e in root.iter() if e.attrib]
    element = rng.choice(owners)
    name = rng.choice(sorted(element.attrib))
    if rng.random() < 0.15:
        del element.attrib[name]
        return _serialise(root), f"<{element.tag}> {name} removed"
    if rng.random() < 0.3:  # an attribute the file did not have
        name = rng.choice(TILED_ATTRIBUTES)
    value = rng.choice(ODD_VALUES)
    element.set(name, value)
    return _serialise(root), f"<{element.tag}> {name}={value[:20]!r}"


def element_deletion(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    root = _tree(data)
    pairs = _elements(root) if root is not None else []
    if not pairs:
        return truncation(data, rng)
    parent, child = rng.choice(pairs)
    parent.remove(child)
    return _serialise(root), f"<{child.tag}> deleted"


def element_duplication(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    root = _tree(data)
    pairs = _elements(root) if root is not None else []
    if not pairs:
        return slices(data, rng)
    parent, child = rng.choice(pairs)
    index = list(parent).index(child)
    for _ in range(rng.randint(1, 3)):
        parent.insert(rng.randint(0, len(parent)), ElementTree.fromstring(ElementTree.tostring(child)))
    return _serialise(root), f"<{child.tag}> #{index} duplicated"


def element_text(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    root = _tree(data)
    if root is None:
        return bit_flips(data, rng)
    element = rng.choice(list(root.iter()))
    element.text = rng.choice(
        [
            "",
            "1,2,3",
            "-5," * 700,
            "eJwDAAAAAAE=",
            "H4sIAAAAAAAA/wMAAAAAAAAAAAA=",
            "not base64 !!",
            "4294967295," * 720,
            ",".join(["0"] * 720),
            "\x00".join("ab"),
            rng.choice(ODD_VALUES),
        ]
    )
    return _serialise(root), f"<{element.tag}> text replaced"


def data_reencoded(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """A layer's CSV data written as base64 (zlib, gzip or plain), or re-labelled without re-encoding."""
    root = _tree(data)
    found = [d for d in root.iter("data")] if root is not None else []
    if not found:
        return encoding(data, rng)
    element = rng.choice(found)
    try:
        gids = [int(v) for v in (element.text or "").replace("\n", "").split(",") if v.strip()]
    except ValueError:
        gids = []
    raw = b"".join(g.to_bytes(4, "little", signed=False) for g in gids if 0 <= g < 2**32)
    compression = rng.choice([None, "zlib", "gzip", "zstd"])
    packed = zlib.compress(raw) if compression == "zlib" else gzip.compress(raw) if compression == "gzip" else raw
    if rng.random() < 0.3:
        packed = packed[: rng.randint(0, len(packed))]
    element.text = base64.b64encode(packed).decode() if rng.random() < 0.9 else element.text
    element.set("encoding", "base64")
    if compression:
        element.set("compression", compression)
    return _serialise(root), f"data as base64/{compression}"


MUTATIONS = (
    bit_flips,
    truncation,
    slices,
    encoding,
    attribute_value,
    attribute_value,
    element_deletion,
    element_duplication,
    element_text,
    data_reencoded,
)


def mutate(data: bytes, rng: random.Random) -> tuple[bytes, list[str]]:
    """One to three mutations of a file's bytes, and what they were."""
    done = []
    for _ in range(rng.randint(1, 3)):
        if not data:
            break
        data, what = rng.choice(MUTATIONS)(data, rng)
        done.append(what)
    return data, done


# ---------------------------------------------------------------- the run
def _alarm(signum, frame):
    raise Hang(f"a load took more than {HANG_SECONDS} s")


def race_screen(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[Board], None]:
    """A headless window that opens each board it is given in the race screen and draws two frames (its
    player's folder in `folder`, for this test only)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(folder / "home"))
    from game import Race, RacerSetup
    from game.app.settings import Settings
    from scenes.app import App
    from scenes.race import RaceScene

    app = App(settings=Settings(language="en"))

    def open_race(board: Board) -> None:
        race = Race.new(board, [RacerSetup("elf", "Ann", "easy"), RacerSetup("orc", "Bo", "easy")], seed=1)
        app.stack.push(RaceScene(race, {}))
        for _ in range(2):
            app.step([], 1 / 30)
        app.stack.close()

    return open_race


def fuzz(folder: Path, count: int = BOARDS, seed: int = SEED, race: Callable[[Board], None] | None = None) -> Outcome:
    """Load `count` mutated boards written in `folder`; every outcome is counted, every failure described.
    `race`: opens each board that loads in the race screen (`race_screen`)."""
    folder = Path(folder)
    tilesets = folder / "tilesets"
    shutil.copytree(MAPS / "tilesets", tilesets, dirs_exist_ok=True)
    shipped = sorted(MAPS.glob("*.tmx"))
    originals = {p.name: p.read_bytes() for p in shipped}
    tsx_name = "fantasy-racing.tsx"
    tsx = (MAPS / "tilesets" / tsx_name).read_bytes()
    rng = random.Random(seed)
    outcome = Outcome()
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for n in range(count):
            name = rng.choice(sorted(originals))
            board_bytes, tileset_bytes, what = originals[name], tsx, []
            if rng.random() < 0.1:
                tileset_bytes, what = mutate(tsx, rng)
                what = [f"tileset: {w}" for w in what]
            else:
                board_bytes, what = mutate(board_bytes, rng)
            path = folder / f"mutant-{n:04d}.tmx"
            path.write_bytes(board_bytes)
            (tilesets / tsx_name).write_bytes(tileset_bytes)
            outcome.mutations.update(w.split(" ")[0] if not w.startswith("<") else "xml" for w in what)
            label = f"#{n} {name}: {'; '.join(what)}"
            started = time.perf_counter()
            signal.alarm(HANG_SECONDS)
            try:
                board = load_board(path)
            except BoardError as error:
                message = str(error)
                if not message or "\n" in message:
                    outcome.failures.append(f"{label}: BoardError not on one line: {message!r}")
                outcome.errors += 1
            except Hang as error:
                outcome.failures.append(f"{label}: {error}")
            except Exception:  # the point of the test: any other exception is a crash of the loader
                outcome.failures.append(f"{label}: traceback\n{traceback.format_exc()}")
            else:
                if not isinstance(board, Board):
                    outcome.failures.append(f"{label}: load_board returned {type(board).__name__}")
                outcome.valid += 1
                if race is not None:
                    try:
                        race(board)
                        outcome.raced += 1
                    except Exception:  # a board check-map passes that the race screen cannot draw
                        outcome.failures.append(f"{label}: the race screen fails\n{traceback.format_exc()}")
            finally:
                signal.alarm(0)
            outcome.times.append(time.perf_counter() - started)
            outcome.boards += 1
            path.unlink()
    finally:
        signal.signal(signal.SIGALRM, previous)
    return outcome


@pytest.mark.slow  # a thousand boards
def test_a_thousand_mutated_boards_give_a_board_or_one_clear_line(tmp_path, monkeypatch):
    count = int(os.environ.get("FUZZ_BOARDS", BOARDS))
    outcome = fuzz(tmp_path, count, int(os.environ.get("FUZZ_SEED", SEED)), race_screen(tmp_path, monkeypatch))
    assert outcome.boards == count and outcome.raced == outcome.valid
    assert not outcome.failures, f"{len(outcome.failures)} failures, the first:\n" + "\n".join(outcome.failures[:3])
    assert outcome.errors > count // 2  # the mutations do break boards
    assert max(outcome.times) < HANG_SECONDS


def test_every_board_the_fuzzer_makes_that_check_map_passes_opens_in_the_race_screen(tmp_path, monkeypatch):
    """A short run (the slow test does a thousand): each board that loads is drawn in a race."""
    outcome = fuzz(tmp_path, 30, 27, race_screen(tmp_path, monkeypatch))
    assert not outcome.failures, "\n".join(outcome.failures[:3])
    assert outcome.valid >= 3 and outcome.raced == outcome.valid


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ('<layer id="1" name="ground"', '<layer offsetx="inf" id="1" name="ground"', "error: "),
        ('<layer id="1" name="ground"', '<layer offsety="-inf" opacity="nan" id="1" name="ground"', "error: "),
        ('value="4,7,10"', 'value="' + "1" * 5000 + '"', "respawn_turns"),
        ('value="4,7,10"', 'value="4,\u00b2"', "respawn_turns"),
        (
            '<object id="1" name="racer 1" x="272" y="16">\n   <properties>',
            '<object id="1" name="racer 1" x="272" y="16">\n   <properties>\n'
            '    <property name="class" type="int" value="3"/>',
            None,
        ),
    ],
    ids=["offset inf", "offset -inf", "5000 digits", "superscript two", "int class"],
)
def test_what_the_fuzzer_found_is_a_board_or_one_line(tmp_path, old, new, expected):
    """Crashes the fuzzer found once (OverflowError, ValueError, AttributeError), now a board or a BoardError."""
    shutil.copytree(MAPS / "tilesets", tmp_path / "tilesets")
    text = (MAPS / "mine.tmx").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mine.tmx"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    if expected is None:
        assert isinstance(load_board(path), Board)
    else:
        with pytest.raises(BoardError, match=expected):
            load_board(path)


# ---------------------------------------------------------------- hostile boards (tests/hostile_files.py)
@pytest.mark.parametrize("case", [c for c in hostile.cases() if c.kind == "board"], ids=lambda c: c.name)
def test_a_hostile_board_gets_one_sentence_in_time(tmp_path, case):
    """Bombs for each compression, huge dimensions with tiny data, deep nesting, huge property
    values, binary garbage, special files: one line naming the file and the limit, never a hang."""
    path = case.make(tmp_path / "case")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_SECONDS)
    try:
        with pytest.raises(BoardError) as refused:
            load_board(path)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    line = str(refused.value)
    assert line.startswith(str(path)) and "\n" not in line and case.expected in line, line


def test_the_mutations_change_the_files():
    rng = random.Random(1)
    data = (MAPS / "mine.tmx").read_bytes()
    for mutation in MUTATIONS:
        results = [mutation(data, rng) for _ in range(10)]
        assert any(changed != data for changed, _ in results) and all(what for _, what in results)


def main() -> None:
    """Run the fuzzer and print a summary (for docs/reliability.md)."""
    import tempfile

    count = int(sys.argv[1]) if len(sys.argv) > 1 else BOARDS
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        outcome = fuzz(Path(folder), count, seed, race_screen(Path(folder)))
        elapsed = time.perf_counter() - started
    times = sorted(outcome.times)
    print(
        f"{outcome.boards} mutated boards (seed {seed}) in {elapsed:.1f} s: {outcome.errors} BoardError, "
        f"{outcome.valid} valid boards (each opened in the race screen: {outcome.raced}), "
        f"{len(outcome.failures)} failures"
    )
    print(f"load time: median {times[len(times) // 2] * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms")
    print("mutations:", ", ".join(f"{k} {v}" for k, v in outcome.mutations.most_common()))
    for failure in outcome.failures[:20]:
        print(failure)
    sys.exit(1 if outcome.failures else 0)


if __name__ == "__main__":
    main()
