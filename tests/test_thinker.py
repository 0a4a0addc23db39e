"""Computer racers think on a worker thread and the frame loop picks up their choice."""

import random
import threading
import time

from game import Race, RacerSetup, ai
from game.randomboard import random_board
from scenes.bridges.thinker import Thinker


def test_a_hard_racer_thinks_off_the_frame_loop_and_chooses_as_it_would_inline():
    race = Race.new(
        random_board(random.Random(2), racers=3),
        [RacerSetup("elf", bot="hard"), RacerSetup("orc", bot="hard"), RacerSetup("baby", bot="hard")],
        turns=5,
        seed=2,
    )
    thinker = Thinker()
    for _ in range(30):
        decision = race.pending
        inline = ai.choose(race, decision, "hard", random.Random(7))
        thinker.think(race, decision, "hard", random.Random(7))
        frames = 0
        while not thinker.ready(decision):
            frames += 1  # the frame loop goes on meanwhile
            time.sleep(0.001)
        assert thinker.take(decision) == inline
        race.choose(inline)


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
    try:
        thinker.take(race.pending)
    except ValueError as error:
        assert "unknown bot policy" in str(error)
    else:
        raise AssertionError("the bot's error was swallowed")
