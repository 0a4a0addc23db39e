"""Computer racers think on a worker thread and the frame loop picks up their choice."""

import random
import threading

import pytest

from game import Race, RacerSetup
from game.boards.randomboard import random_board
from game.bots import ai
from scenes.bridges.thinker import Thinker


def test_a_hard_racer_thinking_on_a_worker_chooses_as_it_would_inline():
    race = Race.new(
        random_board(random.Random(2), racers=3),
        [RacerSetup("elf", bot="hard"), RacerSetup("orc", bot="hard"), RacerSetup("baby", bot="hard")],
        turns=5,
        seed=2,
    )
    thinker = Thinker()
    for _ in range(30):
        decision = race.pending
        inline = ai.pick(race, decision, "hard", random.Random(7))
        thinker.think(race, decision, "hard", random.Random(7))
        thinker.wait()
        assert thinker.ready(decision)
        assert thinker.take(decision) == inline
        race.choose(inline)


def test_the_frame_loop_goes_on_while_a_racer_thinks_and_picks_up_his_choice_once_ready(monkeypatch):
    race = Race.new(random_board(random.Random(5), racers=2), [RacerSetup("elf"), RacerSetup("orc")], seed=5)
    decision = race.pending
    choose = ai.pick
    go = threading.Event()
    thought_on: list[threading.Thread] = []

    def thinking_until_told(race, decision, policy, rng):
        thought_on.append(threading.current_thread())
        if not go.wait(10):
            raise AssertionError("the test never let the racer finish his thinking")
        return choose(race, decision, policy, rng)

    monkeypatch.setattr(ai, "pick", thinking_until_told)
    thinker = Thinker()
    thinker.think(race, decision, "normal", random.Random(1))
    for _ in range(100):  # frames while he thinks: each asks and goes on (a frame that waited would see him ready)
        assert not thinker.ready(decision)
    go.set()
    thinker.wait()
    assert thinker.ready(decision)
    assert len(thought_on) == 1 and thought_on[0] is not threading.current_thread()
    assert thinker.take(decision) == choose(race, decision, "normal", random.Random(1))


def test_thinking_twice_about_the_same_decision_starts_one_worker():
    race = Race.new(random_board(random.Random(3), racers=2), [RacerSetup("elf"), RacerSetup("orc")], seed=3)
    thinker = Thinker()
    before = threading.active_count()
    thinker.think(race, race.pending, "normal", random.Random(1))
    thinker.think(race, race.pending, "normal", random.Random(1))
    assert threading.active_count() <= before + 1
    thinker.wait()
    assert thinker.ready(race.pending)
    assert thinker.take(race.pending) in race.pending.options


def test_a_bots_error_reaches_the_frame_loop():
    race = Race.new(random_board(random.Random(4), racers=2), [RacerSetup("elf"), RacerSetup("orc")], seed=4)
    thinker = Thinker()
    thinker.think(race, race.pending, "no-such-level", random.Random(1))
    thinker.wait()
    with pytest.raises(ValueError, match="unknown bot policy"):
        thinker.take(race.pending)
