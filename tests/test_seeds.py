"""One seed derivation (game/rules/seeds.py): every stream around a race comes from it."""

from game.rules import seeds


def test_a_derived_seed_is_the_same_on_every_run_and_machine():
    # the value is pinned: a change of the derivation changes every race's computer racers
    assert seeds.derive(7, seeds.BOT, 0) == seeds.derive(7, seeds.BOT, 0)
    assert seeds.derive(7, seeds.BOT, 0) == 0x87D8F5CDD1CA1FAD


def test_purposes_keys_and_seeds_give_different_streams():
    values = {
        seeds.derive(7, seeds.BOT, 0),
        seeds.derive(7, seeds.BOT, 1),
        seeds.derive(8, seeds.BOT, 0),
        seeds.derive(7, seeds.CHARACTERS),
        seeds.derive(7, seeds.SEASON_RACE, 0),
        seeds.derive(7, seeds.GAME, 0),
    }
    assert len(values) == 6
    assert all(0 <= value < 2**64 for value in values)


def test_a_racers_stream_does_not_depend_on_the_others():
    alone = seeds.bot_rngs(42, 2)[1].random()
    many = seeds.bot_rngs(42, 6)
    for racer in (0, 2, 3):
        many[racer].random()
    assert many[1].random() == alone


def test_a_128_bit_seed_derives_too():
    big = 2**127 + 12345
    assert seeds.derive(big, seeds.BOT, 0) != seeds.derive(big + 1, seeds.BOT, 0)
