"""Replays: every shipped board's race checks clean, re-recording is byte-identical, bad files say why."""

from __future__ import annotations

import json
import random
from datetime import date
from pathlib import Path

import pytest

import main
from game import Race, RacerSetup, load_board, version
from game.bots import ai
from game.meta.replay import (
    REPLAY_FORMAT,
    REPLAY_VERSION,
    ReplayError,
    check,
    file_name,
    load,
    parse,
    rebuild,
    record,
    start,
    write,
)
from game.meta.simulate import run_race

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "maps").glob("*.tmx"))
CHARACTERS = ["elf", "dwarf", "orc", "sorceress", "thief", "baby"]


def bot_race(path: Path, seed: int = 3, bots=("random", "easy", "normal")) -> Race:
    board = load_board(path)
    count = min(board.max_racers, 6)
    return run_race(board, CHARACTERS[:count], [bots[i % len(bots)] for i in range(count)], board.turns, seed)


def test_the_boards_are_shipped():
    assert len(SHIPPED) >= 3


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_race_on_every_shipped_board_replays_event_for_event(path, tmp_path):
    race = bot_race(path)
    assert race.over
    written = write(race, tmp_path / "replays", day=date(2026, 11, 22))
    assert written.name.startswith("2026-11-22-")
    replay = load(written)
    assert replay.events is not None and len(replay.events) == len(race.log)
    result = check(replay)
    assert result.ok, result.message
    assert result.events == len(race.log) and result.choices == len(race.choices)
    assert main.main(["replay", str(written), "--check"]) == 0


def test_a_replay_made_from_a_saved_race_is_byte_identical_when_re_recorded(tmp_path):
    race = bot_race(SHIPPED[0], seed=11)
    first = record(race)
    again = record(rebuild(parse(first)))
    assert again == first
    # ... and from the race's record (Race.to_dict, as serve --save writes it), through a file.
    save = tmp_path / "race.json"
    save.write_text(json.dumps(race.to_dict()))
    from_save = record(rebuild(load(save)))
    assert from_save == first
    # a saved race in the user folder's wrapping also loads
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"version": 1, "setup": {}, "race": race.to_dict()}))
    assert record(rebuild(load(wrapped))) == first


def test_an_unfinished_race_replays_its_choices_so_far(tmp_path):
    race = Race.new(load_board(SHIPPED[1]), [RacerSetup("elf", bot="normal"), RacerSetup("orc")], seed=4)
    rng = random.Random(4)
    for _ in range(30):
        race.choose(ai.pick(race, race.pending, "random", rng))
    replay = parse(record(race))
    assert check(replay).ok
    assert rebuild(replay).pending == race.pending
    saved = parse(json.dumps(race.to_dict()))
    assert saved.events is None and check(saved).ok


def test_the_replay_file_holds_format_version_game_version_race_and_events():
    race = bot_race(SHIPPED[0], seed=2)
    data = json.loads(record(race))
    assert data["format"] == REPLAY_FORMAT and data["version"] == REPLAY_VERSION
    assert data["game_version"] == version.read(ROOT / "pyproject.toml") != version.UNKNOWN  # (pyproject.toml's)
    assert data["race"] == race.to_dict()
    assert data["events"] == json.loads(json.dumps([e.to_dict() for e in race.log]))


def test_check_names_the_first_different_event_and_what_differs(tmp_path):
    race = bot_race(SHIPPED[2], seed=5)
    data = json.loads(record(race))
    index = next(i for i, e in enumerate(data["events"]) if e["kind"] == "scored" and i > 20)
    data["events"][index]["points"] += 1
    result = check(parse(json.dumps(data)))
    assert not result.ok
    assert result.message.startswith(f"event {index} (scored): field 'points' differs: recorded ")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main.main(["replay", str(bad), "--check"]) == 1

    data = json.loads(record(race))
    del data["events"][-1]
    result = check(parse(json.dumps(data)))
    assert not result.ok and "recording ends after" in result.message

    data = json.loads(record(race))
    data["race"]["seed"] += 1
    assert not check(parse(json.dumps(data))).ok


def test_a_choice_that_is_not_legal_is_reported_not_raised():
    race = bot_race(SHIPPED[0], seed=6)
    data = json.loads(record(race))
    data["race"]["choices"][3] = "fly away"
    result = check(parse(json.dumps(data)))
    assert not result.ok and "choice 3 is not legal" in result.message
    with pytest.raises(ReplayError, match="choice 3 is not legal"):
        rebuild(parse(json.dumps(data)))


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "there is no file"),
        (b"", "not valid JSON"),
        (b'{"format": ', "not valid JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"[1, 2, 3]", "not a Fantasy Racing replay"),
        (b'{"hello": 1}', "not a Fantasy Racing replay"),
        (
            b'{"format": "fantasy-racing-replay", "version": 99, "race": {}, "events": []}',
            "newer version of the game (format 99; this one reads format 1): play it with a newer Fantasy Racing",
        ),
        (b'{"format": "fantasy-racing-replay", "version": "1", "race": {}, "events": []}', "damaged"),
        (b'{"format": "fantasy-racing-replay", "version": 1, "race": {}, "events": 3}', "damaged"),
        (b'{"format": "fantasy-racing-replay", "version": 1, "race": 7, "events": []}', "damaged"),
        (
            b'{"format": "fantasy-racing-replay", "version": 1, "race": {"format": 1}, "events": []}',
            "cannot be replayed: the field 'race.board' is missing",
        ),
        (b'{"format": 9, "choices": []}', "written by a newer version of the game (format 9; this one reads format 4)"),
    ],
)
def test_a_bad_file_gets_one_sentence_naming_it(tmp_path, content, message, capsys):
    path = tmp_path / "x.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ReplayError) as caught:
        load(path)
    text = str(caught.value)
    assert message in text and str(path) in text and "\n" not in text
    assert main.main(["replay", str(path), "--check"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_damaged_race_data_is_a_replay_error_not_a_traceback():
    race = bot_race(SHIPPED[0], seed=8)
    base = json.loads(record(race))
    breakers = [
        lambda d: d["race"].update(board={"terrain": 5}),
        lambda d: d["race"].update(racers=[{"character": "dragon"}, {"character": "elf"}]),
        lambda d: d["race"].update(racers=["elf"]),
        lambda d: d["race"].update(turns=99),
        lambda d: d["race"].update(seed="x"),
        lambda d: d["race"].update(choices=d["race"]["choices"] + [[1, 0]]),
        lambda d: d["race"]["board"].update(objects=[[1]]),
        lambda d: d["race"]["board"].update(starts=[]),
    ]
    for breaker in breakers:
        data = json.loads(json.dumps(base))
        breaker(data)
        try:
            replay = parse(json.dumps(data))
            result = check(replay)
        except ReplayError as error:
            assert "\n" not in str(error)
            continue
        assert not result.ok, breaker


def test_file_names_are_dated_by_board_and_never_overwrite(tmp_path):
    assert file_name("Mine of Moria!", date(2026, 1, 2)) == "2026-01-02-mine-of-moria.json"
    assert file_name("x", date(2026, 1, 2), {"2026-01-02-x.json"}) == "2026-01-02-x-2.json"
    race = bot_race(SHIPPED[0], seed=9)
    a = write(race, tmp_path, day=date(2026, 1, 2))
    b = write(race, tmp_path, day=date(2026, 1, 2))
    assert a != b and a.read_text() == b.read_text()


def test_start_gives_the_race_before_its_first_choice():
    race = bot_race(SHIPPED[0], seed=10)
    fresh = start(parse(record(race)))
    assert fresh.choices == [] and fresh.take_events()[0].kind == "turn_started"


def test_main_replay_bad_values(tmp_path, capsys):
    assert main.main(["replay"]) == 2
    assert main.main(["replay", str(tmp_path / "nope.json"), "--speed", "3"]) == 2
    err = capsys.readouterr().err
    assert "--speed" in err


def _mutations(text: str, rng: random.Random) -> str:
    """A replay file's text with one to three random damages (bytes or JSON values)."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(4)
        if kind == 0 and text:
            i = rng.randrange(len(text))
            text = text[:i] + chr(ord(text[i]) ^ (1 << rng.randrange(7))) + text[i + 1 :]
        elif kind == 1 and text:
            text = text[: rng.randrange(len(text))]
        else:
            try:
                data = json.loads(text)
            except ValueError:
                continue
            spots = []

            def walk(value, path, spots=spots):
                spots.append(path)
                if isinstance(value, dict):
                    for k, v in value.items():
                        walk(v, path + [k])
                elif isinstance(value, list):
                    for i, v in enumerate(value[:30]):
                        walk(v, path + [i])

            walk(data, [])
            path = rng.choice(spots[1:])
            parent = data
            for step in path[:-1]:
                parent = parent[step]
            odd = rng.choice(
                [
                    None,
                    -1,
                    0,
                    7,
                    10**30,
                    1.5,
                    "",
                    "x",
                    [],
                    {},
                    [0, 0],
                    [99, 99],
                    [-5, 3],
                    True,
                    {"kind": "moved"},
                    "turn_started",
                ]
            )
            if kind == 2:
                parent[path[-1]] = odd
            elif isinstance(parent, list):
                del parent[path[-1]]
            else:
                parent.pop(path[-1])
            text = json.dumps(data)
    return text


@pytest.mark.slow
def test_damaged_replay_files_give_a_replay_error_or_a_failed_check_never_a_traceback():
    rng = random.Random(5)
    base = record(bot_race(SHIPPED[1], seed=13))
    outcomes = {"error": 0, "differs": 0, "ok": 0}
    for _ in range(300):
        text = _mutations(base, rng)
        try:
            result = check(parse(text))
        except ReplayError as error:
            assert str(error) and "\n" not in str(error)
            outcomes["error"] += 1
            continue
        outcomes["ok" if result.ok else "differs"] += 1
        if not result.ok:
            assert result.message and "\n" not in result.message
    assert outcomes["error"] and outcomes["differs"]
