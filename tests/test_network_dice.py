"""Dice no one can foresee: a hosted race's seed is 128 bits from the system and its dice are keyed, so a
client who records every face of a whole race cannot find the seed by search; the host's save keeps
the seed and its kind of dice, and `replay --check` replays it exactly.

The attack of issue 28: a client recorded the faces of about 25 dice and tried seeds, 406,000 a second,
until one gave the same faces (the old seeds were 31 bits: the whole space in 88 minutes on one core).
Here the same search, measured, against a real `main.py serve` race: the figure says how long the
whole space of 2**128 seeds would take.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game import Race, RacerSetup, load_board
from game.net.client import join
from game.rules.dice import KEYED, TWISTER, Dice
from game.rules.seeds import HOSTED_BITS
from tests.test_network import CODE, Game, free_port, wait_listening

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # a served race, a search, a replay --check
YEAR = 365.25 * 24 * 3600


class Calls(Dice):
    """Keyed dice that note each call the race makes of them (a roll of which die, an order of how many)."""

    replayable = True

    def __init__(self, seed: int) -> None:
        super().__init__(seed, KEYED)
        self.calls: list[tuple[str, Any, Any]] = []

    def roll(self, die):
        face = super().roll(die)
        self.calls.append(("roll", die, face))
        return face

    def order(self, count):
        order = super().order(count)
        self.calls.append(("order", count, order))
        return order


def shows_the_same(seed: int, calls: list[tuple[str, Any, Any]], kind: str) -> bool:
    """Whether dice of this seed and kind give the faces seen, call after call (most fail at the first)."""
    dice = Dice(seed, kind)
    for what, arg, seen in calls:
        if (dice.roll(arg) if what == "roll" else dice.order(arg)) != seen:
            return False
    return True


def test_the_faces_of_a_whole_served_race_do_not_lead_a_client_to_its_128_bit_seed(tmp_path):
    port = free_port()
    save = tmp_path / "hosted.json"
    host = Game(
        "serve", "--port", str(port), "--code", CODE, "--board", "maps/meadow.tmx", "--turns", "15",
        "--seats", "person,bot:normal,bot:easy", "--save", str(save),
    )  # fmt: skip
    try:
        wait_listening(port)
        seen: list[dict[str, Any]] = []
        race = asyncio.run(
            join(f"127.0.0.1:{port}", CODE, "eve", None, "normal", timeout=120, observe=lambda m, _: seen.append(m))
        )
        out = host.finish()
    finally:
        host.kill()
    assert race.over and "Traceback" not in out
    faces = [f for m in seen if m["type"] == "start" for f in m["race"]["shown"]["faces"]]
    faces += [f for m in seen if m["type"] == "step" for f in m["faces"]]
    assert len(faces) > 80  # a whole race's faces, as every client receives them

    data = json.loads(save.read_text(encoding="utf-8"))
    seed = data["seed"]
    assert data["dice"] == "keyed" and HOSTED_BITS >= 128 and 0 <= seed < 2**HOSTED_BITS
    assert seed.bit_length() > 64  # 128 bits from the system (shorter than 65 bits: one chance in 2**64)
    assert all(str(seed) not in json.dumps(m) for m in seen)  # never sent
    # the faces the client saw are those of the keyed dice of that seed
    dice = Calls(seed)
    replayed = Race.new(
        load_board(str(ROOT / "maps/meadow.tmx")), [RacerSetup(**r) for r in data["racers"]], 15, seed, dice
    )
    for choice in data["choices"]:
        replayed.choose(choice)
    assert [face for what, _, face in dice.calls if what == "roll"] == faces

    # the client's search, on the calls the race made (the first 25 dice): seeds tried a second, on one core
    calls = dice.calls[:26]
    tried, started = 0, time.perf_counter()
    for candidate in range(1 << 14):
        assert not shows_the_same(candidate, calls, KEYED) and not shows_the_same(candidate, calls, TWISTER)
        tried += 1
    rate = tried / (time.perf_counter() - started)  # (both kinds of dice tried for each: a fair figure)
    years = 2**HOSTED_BITS / rate / YEAR
    print(f"\nseed search: {rate:,.0f} seeds a second; all 2**{HOSTED_BITS} seeds: {years:.1e} years on one core")
    assert years > 1e20  # (a billion cores: still more than 1e11 years)

    check = subprocess.run(
        [sys.executable, "main.py", "replay", str(save), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0 and ": ok" in check.stdout, check.stdout + check.stderr
