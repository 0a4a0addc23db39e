"""A network race its host saved in progress is hosted again (`Host.reopen`): the race goes on from
its last choice with the same dice, its friends' seats waiting for them as after a dropped connection,
a computer racer playing for one who does not come back once the host's delay is over."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from game import Race
from game.bots import ai
from game.meta import replay
from game.net.host import Host, Seat
from game.net.protocol import room_code
from scenes.core import boards


def half_race(seed: int = 3) -> Race:
    """A race as a host builds it (his kind of dice), fourteen choices in."""
    seats = [Seat("here", name="Ann", character="elf"), Seat("friend", name="Bob", character="orc")]
    race = Host(boards.practice_board(), 5, seats, room_code(), seed)._build()
    rng = random.Random(seed)
    while len(race.choices) < 14:
        race.choose(ai.pick(race, race.pending, "greedy", rng))
    return race


def test_a_reopened_race_goes_on_without_a_friend_who_does_not_come_back():
    saved = half_race()
    data = json.loads(json.dumps(saved.to_dict()))
    seats = [Seat.from_saved(s.saved()) for s in (Seat("bot", "easy", "Ann", "elf"), Seat("friend", name="Bob"))]
    assert (seats[1].kind, seats[1].name, seats[0].kind, seats[0].bot) == ("friend", "Bob", "bot", "easy")
    code = room_code()
    host = Host.reopen(data, seats, code, takeover=0.0, takeover_level="easy")
    assert seats[1].character == "orc" and host.code == code
    race = asyncio.run(host.run(timeout=60))
    assert race.over and json.loads(json.dumps(race.choices[: len(saved.choices)])) == data["choices"]
    assert [r.square for r in Race.from_dict(data).racers] == [r.square for r in saved.racers]
    assert any("the hosted race starts" in line for line in host.events)
    assert replay.check(replay.parse(replay.record(race))).ok  # the same dice: the host's race replays
    start = host.start_message()["race"]  # a friend who came back would follow it from the start
    assert start["seed"] is None and start["choices"] == json.loads(json.dumps(race.choices))


@pytest.mark.parametrize(
    "seat", [{"kind": "king"}, {"kind": "friend", "bot": "god"}, {"kind": "bot", "name": 7}, {"character": "dragon"}]
)
def test_a_saved_seat_that_is_not_one_is_refused_in_one_sentence(seat):
    with pytest.raises(ValueError, match="saved seat"):
        Seat.from_saved({"kind": "friend", "bot": "normal", "name": "Bob", "character": "", **seat})


def test_a_record_without_its_seed_does_not_reopen():
    data = half_race().to_dict()
    data["seed"] = None
    data["shown"] = {"faces": [], "orders": []}
    with pytest.raises(ValueError, match="reopens from its host's record"):
        Host.reopen(data, [Seat("here", name="Ann"), Seat("friend", name="Bob")], room_code())
