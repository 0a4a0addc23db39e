"""Races followed from another's dice (a network race's client): they fork for the look-ahead bots
without ever needing a face nobody showed, the forks are the host's forks, and a race kept from them
saves, resumes and replays as an ordinary race."""

from __future__ import annotations

import random

import pytest

from game import Dice, DiceExhausted, Race, RacerSetup
from game.bots import ai
from game.meta.replay import check, parse, record
from game.rules.dice import D6, RecordingDice, ShownDice
from scenes.core import boards

CAST = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo"), RacerSetup("thief", "Cy"), RacerSetup("baby", "Di")]


def host_and_client(setups=CAST, seed=5, turns=6):
    """A host's race (seeded, recording what its dice show) and a client's copy fed only those faces."""
    board = boards.practice_board()
    dice = RecordingDice(seed)
    host = Race.new(board, setups, turns=turns, seed=seed, dice=dice)
    fed = ShownDice(strict=True)
    fed.show(*dice.take())
    client = Race.new(board, setups, turns=turns, dice=fed)
    return host, client, dice, fed


def play(host, client, dice, fed, choices, policy="normal", seed=1):
    """`choices` choices made on the host (by `policy`), each followed on the client with its faces."""
    rng = random.Random(seed)
    for _ in range(choices):
        if host.pending is None:
            return
        option = ai.pick(host, host.pending, policy, rng)
        host.choose(option)
        fed.show(*dice.take())
        client.choose(option)


def test_recording_dice_give_the_seeded_dice_faces_so_the_race_saves_as_any_other():
    board = boards.practice_board()
    plain = Race.new(board, CAST, turns=5, seed=9)
    recorded = Race.new(board, CAST, turns=5, seed=9, dice=RecordingDice(9))
    rng_a, rng_b = random.Random(2), random.Random(2)
    while plain.pending is not None:
        plain.choose(ai.pick(plain, plain.pending, "normal", rng_a))
        recorded.choose(ai.pick(recorded, recorded.pending, "normal", rng_b))
    assert recorded.to_dict() == plain.to_dict()
    assert [e.to_dict() for e in recorded.log] == [e.to_dict() for e in plain.log]


def test_a_client_fed_the_hosts_faces_is_the_same_race_and_cannot_roll_one_more():
    host, client, dice, fed = host_and_client()
    play(host, client, dice, fed, 60)
    assert [e.to_dict() for e in client.log] == [e.to_dict() for e in host.log]
    assert client.pending == host.pending
    assert fed.used == len(fed.faces)  # every face shown was used, and no other
    with pytest.raises(DiceExhausted):
        fed.roll(D6)


@pytest.mark.parametrize("policy", ["hard", pytest.param("expert", marks=pytest.mark.slow)])
def test_the_look_ahead_bots_choose_on_a_client_exactly_as_on_the_host(policy):
    """The forks of the client's race (fed dice) are the forks of the host's (seeded dice): same
    options, same outcomes for the same bot dice, so a hard or expert bot picks the same option."""
    setups = [RacerSetup("elf", "Ann", bot=policy), *CAST[1:]]
    host, client, dice, fed = host_and_client(setups, seed=12, turns=5)
    compared = 0
    rng = random.Random(4)
    while host.pending is not None and compared < 12:
        decision = host.pending
        if decision.racer == 0 and len(decision.options) > 1:
            shown = len(fed.faces)
            on_host = ai.pick(host, decision, policy, random.Random(compared))
            on_client = ai.pick(client, client.pending, policy, random.Random(compared))
            assert on_client == on_host, f"decision {len(host.choices)} ({decision.kind})"
            assert len(fed.faces) == shown and fed.used == shown  # the forks asked no face of the client's dice
            compared += 1
            option = on_host
        else:
            option = ai.pick(host, decision, "normal", rng)
        host.choose(option)
        fed.show(*dice.take())
        client.choose(option)
    assert compared >= 4


def test_a_fork_of_a_client_race_replays_the_turn_from_faces_shown_then_rolls_its_own_dice():
    host, client, dice, fed = host_and_client([RacerSetup("elf", "Ann", bot="hard"), *CAST[1:]])
    play(host, client, dice, fed, 25)
    for seed in range(5):
        on_host, on_client = host.fork(Dice(seed)), client.fork(Dice(seed))
        assert on_client.pending == on_host.pending
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(30):
            if on_host.pending is None:
                break
            on_host.choose(ai.pick(on_host, on_host.pending, "normal", rng_a))
            on_client.choose(ai.pick(on_client, on_client.pending, "normal", rng_b))
        assert [(r.square, r.points) for r in on_client.racers] == [(r.square, r.points) for r in on_host.racers]
    assert fed.used == len(fed.faces)  # the client's own dice untouched by its forks
    with pytest.raises(ValueError):
        client.fork(Dice(0)).fork(Dice(1))  # a fork is not forked again


def test_a_client_race_without_snapshots_forks_by_replaying_the_shown_faces():
    host, client, dice, fed = host_and_client()  # nobody looks ahead: no snapshot is kept
    play(host, client, dice, fed, 30)
    fork = client.fork(Dice(3))
    assert fork.pending == client.pending
    assert [(r.square, r.points) for r in fork.racers] == [(r.square, r.points) for r in client.racers]


def test_a_race_kept_from_a_client_saves_resumes_and_replays_as_an_ordinary_race():
    host, client, dice, fed = host_and_client()
    play(host, client, dice, fed, 40)
    kept = Race.new(client.board, CAST, turns=client.turns, seed=77, dice=ShownDice(fed.faces, fed.orders, seed=77))
    for option in client.choices:
        kept.choose(option)
    data = kept.to_dict()
    assert data["seed"] == 77 and data["shown"]["faces"] == fed.faces
    loaded = Race.from_dict(data)
    assert [(r.square, r.points) for r in loaded.racers] == [(r.square, r.points) for r in host.racers]
    rng = random.Random(8)
    while loaded.pending is not None:  # resumed: past the faces shown, dice of its own seed
        loaded.choose(ai.pick(loaded, loaded.pending, "normal", rng))
    assert loaded.over
    result = check(parse(record(loaded)))
    assert result.ok, result.message
    again = Race.from_dict(loaded.to_dict())
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in loaded.log]


@pytest.mark.parametrize(
    "shown",
    [
        {"faces": [99], "orders": []},  # a face no die shows
        {"faces": ["six"], "orders": []},
        {"faces": [], "orders": [[0, 0, 1, 2]]},  # not an order of the racers
        {"faces": 3, "orders": []},
        "nothing",
    ],
)
def test_a_damaged_record_of_shown_faces_is_refused_with_one_sentence(shown):
    from game.rules.race import SaveError

    host, client, dice, fed = host_and_client()
    data = Race.new(client.board, CAST, turns=6, seed=1).to_dict()
    data["shown"] = shown
    with pytest.raises(SaveError) as error:
        Race.from_dict(data)
    assert "\n" not in str(error.value)


def test_dice_of_another_kind_are_neither_forked_nor_saved_unless_they_say_they_can():
    """A Dice subclass that gives other faces than its seed's keeps the old rule: no fork
    (explanations and look-ahead bots skip it), no save. The guided race's prepared dice say they
    replay (their replica shows the prepared faces again), so its race forks, but never saves."""
    from game.meta.tutorial import PreparedDice
    from game.rules.race import SaveError

    class Loaded(Dice):
        def roll(self, die):
            return die.high

    race = Race.new(boards.practice_board(), CAST[:2], turns=5, seed=3, dice=Loaded(3))
    assert not race.dice.replayable
    with pytest.raises(ValueError):
        race.fork(Dice(1))
    with pytest.raises(SaveError):
        race.to_dict()
    guided = Race.new(boards.practice_board(), CAST[:2], turns=5, seed=3, dice=PreparedDice([("D6", 6)], 3))
    assert guided.fork(Dice(1)).pending == guided.pending
    with pytest.raises(SaveError):
        guided.to_dict()
    assert Dice.replayable and ShownDice.replayable and RecordingDice.replayable
