"""Computer racers who search think in a pool of worker processes (game/bots/thinking.py): the same choices
as in one process, cancelled when taken back, shared fairly, and no process left behind."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game import Race, RacerSetup, load_board
from game.boards.randomboard import random_board
from game.bots import ai, thinking
from game.meta import tournament
from game.rules import seeds

ROOT = Path(__file__).resolve().parent.parent
MEADOW = ROOT / "maps" / "meadow.tmx"
WITHIN = 60.0  # seconds any answer may take on a busy machine


@pytest.fixture
def pool():
    made = thinking.Pool(workers=1)
    yield made
    made.close()


def expert_race(seed: int = 3, turns: int = 5) -> Race:
    setups = [RacerSetup("elf", bot="expert"), RacerSetup("orc", bot="easy"), RacerSetup("dwarf", bot="expert")]
    return Race.new(load_board(MEADOW), setups, turns=turns, seed=seed)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ended, not yet reaped) counts as gone
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[-1][:1] != "Z"
    except OSError:
        return True


@pytest.mark.slow
def test_the_pool_chooses_as_one_process_does_and_moves_each_stream_the_same_way(pool):
    here, there = expert_race(), expert_race()
    rngs_here, rngs_there = seeds.bot_rngs(3, 3), seeds.bot_rngs(3, 3)
    asked = 0
    while here.pending is not None:
        decision, level = here.pending, here.racers[here.pending.racer].bot
        mine = ai.pick(here, decision, level, rngs_here[decision.racer])
        theirs = thinking.pick(there, there.pending, level, rngs_there[decision.racer], pool=pool)
        assert theirs == mine and rngs_there[decision.racer].getstate() == rngs_here[decision.racer].getstate()
        here.choose(mine)
        there.choose(theirs)
        asked += 1
    assert asked > 20 and [r.points for r in here.racers] == [r.points for r in there.racers]
    assert len(pool.children()) == 1  # one question at a time: one worker was enough


@pytest.mark.slow
def test_a_seeded_tournament_gives_identical_records_with_the_pool_and_in_one_process(pool):
    boards = [dataclasses.replace(load_board(MEADOW), turns=5)]

    def lineup(rng):
        return rng.sample(["elf", "orc", "dwarf", "baby", "thief"], 3), ["expert", "easy", "random"]

    def by_pool(race, decision, level, rng):  # every level through the pool: the streams travel both ways
        return thinking.pick(race, decision, level, rng, owner="tournament", pool=pool)

    def short(games, choose):
        records = tournament.run(boards, lineup, games, seed=5, choose=choose)
        return [(s.character, s.bot, s.points, s.place, s.by_cause) for r in records for s in r.seats]

    assert short(3, by_pool) == short(3, ai.pick)


@pytest.mark.slow
def test_a_search_taken_back_stops_and_the_pool_leaves_no_process_behind():
    pool = thinking.Pool(workers=2)
    race = expert_race(seed=8)
    while race.racers[race.pending.racer].bot != "expert":
        race.choose(ai.pick(race, race.pending, "easy", random.Random(1)))
    rng = random.Random(4)
    state = rng.getstate()
    first = pool.ask(race, race.pending, "expert", rng, owner="left")
    first.cancel()
    assert first.wait(WITHIN) and first.cancelled and first.error is None
    assert rng.getstate() == state  # a question taken back never moved the racer's stream
    with pytest.raises(thinking.Stopped):
        first.take(rng)
    again = pool.ask(race, race.pending, "expert", rng, owner="left")  # the worker is free again
    assert again.wait(WITHIN) and again.take(rng) == ai.pick(race, race.pending, "expert", random.Random(4))
    children = pool.children()
    assert 1 <= len(children) <= 2 and all(alive(pid) for pid in children)
    pool.close()
    assert not any(alive(pid) for pid in children)
    assert not [p for p in multiprocessing.active_children() if p.pid in children]
    with pytest.raises(thinking.Stopped):
        pool.ask(race, race.pending, "expert", rng)


def test_a_search_stops_between_two_rollouts_when_told(monkeypatch):
    race = expert_race(seed=8)
    while race.racers[race.pending.racer].bot != "expert":
        race.choose(ai.pick(race, race.pending, "easy", random.Random(1)))
    asked = []

    def stop_at_the_fifth() -> bool:
        asked.append(1)
        return len(asked) >= 5

    monkeypatch.setattr(ai, "stop_search", stop_at_the_fifth)
    with pytest.raises(ai.Stopped):
        ai.pick(race, race.pending, "expert", random.Random(1))
    assert len(asked) == 5


@pytest.mark.slow  # the worker pool: a process started, four expert searches in it
def test_the_owners_take_turns_for_the_workers(pool):
    race = expert_race(seed=8)
    while race.racers[race.pending.racer].bot != "expert":
        race.choose(ai.pick(race, race.pending, "easy", random.Random(1)))
    finished: list[str] = []
    lock = threading.Lock()

    def note(name):
        def done():
            with lock:
                finished.append(name)

        return done

    thoughts = []
    for name, owner in (("a1", "room-a"), ("a2", "room-a"), ("a3", "room-a"), ("b1", "room-b")):
        thought = pool.ask(race, race.pending, "expert", random.Random(len(thoughts)), owner=owner)
        thought.then(note(name))
        thoughts.append(thought)
    assert all(t.wait(WITHIN) for t in thoughts)
    assert finished.index("b1") < finished.index("a3"), finished  # room b is not served after all of room a


@pytest.mark.slow
def test_a_worker_that_dies_fails_its_question_and_the_next_one_gets_a_new_worker(pool):
    race = expert_race(seed=8)
    while race.racers[race.pending.racer].bot != "expert":
        race.choose(ai.pick(race, race.pending, "easy", random.Random(1)))
    assert pool.ask(race, race.pending, "expert", random.Random(1)).wait(WITHIN)
    (pid,) = pool.children()
    os.kill(pid, 9)
    deadline = time.monotonic() + WITHIN
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    thought = pool.ask(race, race.pending, "expert", random.Random(1))
    assert thought.wait(WITHIN)
    if thought.error is not None:  # the question reached the dead worker first
        assert isinstance(thought.error, thinking.Stopped)
        thought = pool.ask(race, race.pending, "expert", random.Random(1))
        assert thought.wait(WITHIN)
    assert thought.take(random.Random(1)) in race.pending.options
    assert pool.children() and pid not in pool.children()


def test_a_bots_error_comes_back_to_the_asker(pool):
    race = Race.new(random_board(random.Random(4), racers=2), [RacerSetup("elf"), RacerSetup("orc")], seed=4)
    thought = pool.ask(race, race.pending, "no-such-level", random.Random(1))
    assert thought.wait(WITHIN)
    with pytest.raises(ValueError, match="unknown bot policy"):
        thought.take(random.Random(1))


@pytest.mark.slow
def test_the_host_loop_goes_on_while_an_expert_thinks_in_the_pool():
    import asyncio

    race = expert_race(seed=8)
    while race.racers[race.pending.racer].bot != "expert":
        race.choose(ai.pick(race, race.pending, "easy", random.Random(1)))

    async def main():
        ticks = 0

        async def tick():
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.001)

        ticker = asyncio.create_task(tick())
        choice = await thinking.answer(race, race.pending, "expert", random.Random(2), owner="room")
        ticker.cancel()
        return choice, ticks

    try:
        choice, ticks = asyncio.run(main())
    finally:
        thinking.shutdown()
    assert choice == ai.pick(race, race.pending, "expert", random.Random(2))
    assert ticks > 1  # the loop ran while the worker searched


@pytest.mark.slow
def test_serve_hosts_an_expert_with_the_pool_and_races_as_simulate_does():
    seed, turns = 12, 5
    lineup = [("elf", "expert"), ("orc", "normal"), ("baby", "expert")]
    # a host draws keyed dice (issue 28): simulate draws them too
    simulated = subprocess.run(
        [sys.executable, "main.py", "simulate", "--board", str(MEADOW), "--racers", ",".join(c for c, _ in lineup),
         "--bots", ",".join(b for _, b in lineup), "--turns", str(turns), "--seed", str(seed), "--dice", "keyed"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert simulated.returncode == 0, simulated.stderr
    points = [int(p) for p in re.findall(r"\d\. \S+\s+(-?\d+) points", simulated.stdout)]
    from tests.test_same_race import free_port

    served = subprocess.run(
        [sys.executable, "main.py", "serve", "--port", str(free_port()), "--code", "WLSNESTH", "--board", str(MEADOW),
         "--seats", ",".join(f"bot:{b}:{c}" for c, b in lineup), "--turns", str(turns), "--seed", str(seed), "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert served.returncode == 0, served.stderr
    standings = json.loads(served.stdout.strip().splitlines()[-1])
    assert sorted(line["points"] for line in standings) == sorted(points)


@pytest.mark.slow  # the worker pool: a process started and an expert search in it
def test_leaving_the_race_stops_an_experts_search_and_the_pool_leaves_no_process_behind():
    from game.app.settings import Settings
    from scenes.app import App
    from scenes.race import RaceScene

    race = Race.new(
        load_board(MEADOW), [RacerSetup(c, c, bot="expert") for c in ("elf", "orc", "dwarf")], turns=5, seed=4
    )
    app = App(settings=Settings(animation_speed=4.0, tutorial_seen=True))
    scene = app.stack.push(RaceScene(race, {"board": str(MEADOW), "turns": 5}))
    thinker = scene.computer.thinker
    deadline = time.monotonic() + WITHIN
    try:
        while not thinker.busy and time.monotonic() < deadline:  # frames until an expert searches
            app.step([], 1 / 30)
        assert thinker.busy, "no expert ever searched"
        thought = thinker._thought
        children = thinking.shared().children()
        while not children and time.monotonic() < deadline:  # the pool starts its worker on its own thread
            thought.wait(0.05)
            children = thinking.shared().children()
        assert children and not race.over
        scene.save_and_quit()  # the pause menu's way out: the race is left mid-search
        assert thinker._thought is None and thought.wait(WITHIN)
        assert thought.cancelled or thought.done  # (a search that ended in the same instant is let be)
        assert not [w for w in thinking.shared()._workers if w.thought is not None]  # the worker is free
    finally:
        thinking.shutdown()
    assert not any(alive(pid) for pid in children)
    assert not [p for p in multiprocessing.active_children() if p.pid in children]


@pytest.mark.slow
def test_a_machine_or_a_process_with_one_core_gets_one_worker_and_its_answers(monkeypatch):
    """`taskset -c 0`, a container with one CPU, a machine with one core: one worker, at a lower
    priority than the frame, and the same choices."""
    if hasattr(os, "sched_getaffinity"):  # a process held to one core of eight counts one
        monkeypatch.setattr(os, "cpu_count", lambda: 8)
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
        assert thinking.cores() == 1
    else:
        monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert thinking.cores() == 1
    pool = thinking.Pool()
    try:
        assert pool.most == 1
        race, alone = expert_race(seed=5), expert_race(seed=5)
        rng, same = random.Random(7), random.Random(7)
        for _ in range(6):
            choice = thinking.pick(race, race.pending, "expert", rng, pool=pool)
            assert choice == ai.pick(alone, alone.pending, "expert", same)
            assert rng.getstate() == same.getstate()
            race.choose(choice)
            alone.choose(choice)
        assert len(pool.children()) == 1
    finally:
        pool.close()
