"""The race record (game/rules/record.py): plain data, one validation that names the field, older versions
upgraded, and a record without a seed (a network race's client) that follows the host's faces."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from game import Race, RacerSetup
from game.bots import ai
from game.meta import replay, season
from game.meta.season import SEASON_FORMAT, Season
from game.rules import record
from game.rules.dice import RecordingDice, ShownDice
from game.rules.race import SaveError
from scenes.core import boards

V1 = Path(__file__).resolve().parent / "fixtures" / "v1"
CAST = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "normal"), RacerSetup("baby", "Cy", "easy")]


def played(choices: int, seed: int = 3, dice=None, rules: int | None = None) -> Race:
    """A race of `choices` choices by normal bots (by the rules of version `rules`, this game's if None)."""
    race = Race.new(boards.practice_board(), CAST, turns=6, seed=seed, dice=dice)
    if rules is not None:
        race = Race.from_dict({**race.to_dict(), "rules": rules})
    rng = random.Random(seed)
    while race.pending is not None and len(race.choices) < choices:
        race.choose(ai.pick(race, race.pending, "normal", rng))
    return race


def test_a_record_is_plain_data_and_rebuilds_the_same_race():
    race = played(30)
    data = race.to_dict()
    assert data["format"] == record.FORMAT
    assert json.loads(json.dumps(data)) == data  # lists, never tuples: what a file gives back
    again = Race.from_dict(data)
    assert again.choices == race.choices and again.pending == race.pending
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in race.log]
    assert Race.from_dict(data) is not again and data == race.to_dict()  # the record is not changed


def test_a_version_1_record_is_upgraded_and_reads_as_it_did():
    saved = json.loads((V1 / "race.json").read_text(encoding="utf-8"))["race"]
    assert saved["format"] == 1
    upgraded = record.check(saved)
    assert upgraded["format"] == record.FORMAT and saved["format"] == 1  # a new dict; the old one is kept
    assert upgraded["rules"] == 1  # played by the rules of its time (game/rules/tuning.py OLDER_RULES), and replayed so
    kept = ("format", "rules")
    assert {k: v for k, v in upgraded.items() if k not in kept} == {
        **{k: v for k, v in saved.items() if k not in kept},
        "dice": "twister",  # (version 3 names the kind of dice: every older record drew the twister)
    }
    race = Race.from_dict(saved)
    assert len(race.choices) == len(saved["choices"]) and race.to_dict() == upgraded
    assert race.rules.version == 1 and race.rules.vicious_points == 1 and race.rules.fight_scores_shock is True


def test_a_version_3_record_plays_by_the_rules_before_issue_29():
    """Format 3 (the keyed dice of issue 28) came before the rules' version: its races replay by rules 1."""
    data = {k: v for k, v in played(0).to_dict().items() if k != "rules"}
    upgraded = record.check({**data, "format": 3})
    assert upgraded["format"] == record.FORMAT and upgraded["rules"] == 1 and upgraded["dice"] == data["dice"]


def test_a_race_of_the_older_rules_plays_by_them_and_a_new_one_by_this_games():
    from game.rules import tuning

    older = tuning.OLDER_RULES[1]
    new = Race.from_dict({**played(0).to_dict(), "rules": 1})
    assert new.rules.version == 1 and all(getattr(new.rules, name.lower()) == value for name, value in older.items())
    assert new.speed_of(0, 2) == tuning.SPEED[new.racers[0].character]  # (no even-turn speed then)
    now = played(0)
    assert now.rules.version == tuning.RULES and now.to_dict()["rules"] == tuning.RULES
    assert all(getattr(now.rules, name.lower()) == getattr(tuning, name) for name in older)
    with pytest.raises(record.RecordError, match="rules' version 99"):
        record.check({**now.to_dict(), "rules": 99})


def test_every_older_version_has_its_migration():
    assert sorted(record.MIGRATIONS) == list(range(1, record.FORMAT))
    assert sorted(season.MIGRATIONS) == list(range(1, SEASON_FORMAT))


def spoiled(change) -> dict:
    data = played(12).to_dict()
    change(data)
    return data


BAD = [
    ("format", lambda d: d.update(format=[1]), "its format version [1] is not a whole number"),
    ("no seed", lambda d: d.pop("seed"), "the field 'race.seed' is missing"),
    ("seed in words", lambda d: d.update(seed="seven"), "the field 'race.seed' is a text, not a whole number or null"),
    ("turns true", lambda d: d.update(turns=True), "the field 'race.turns' is true or false, not a whole number"),
    ("source", lambda d: d.update(source=3), "the field 'race.source' is a number, not a text"),
    ("choices", lambda d: d.update(choices={}), "the field 'race.choices' is an object, not a list"),
    ("board", lambda d: d["board"].pop("terrain"), "the field 'race.board.terrain' is missing"),
    ("board name", lambda d: d["board"].update(name=None), "the field 'race.board.name' is null, not a text"),
    ("a terrain row", lambda d: d["board"]["terrain"].append(7), "item 19 of the field 'race.board.terrain' is"),
    ("racer", lambda d: d["racers"].__setitem__(1, "orc"), "racer 2 is a text, not an object"),
    ("character", lambda d: d["racers"][0].pop("character"), "racer 1's character is missing"),
    ("name", lambda d: d["racers"][2].update(name=5), "racer 3's name is a number, not a text"),
    ("bot", lambda d: d["racers"][2].update(bot=1), "racer 3's bot is a number, not a text or null"),
    ("unknown", lambda d: d["racers"][0].update(character="dragon"), "racer 1 is an unknown character 'dragon'"),
    ("shown", lambda d: d.update(shown=[]), "the field 'race.shown' is a list, not an object"),
    ("faces", lambda d: d.update(shown={"faces": ["six"], "orders": []}), "item 1 of the field 'race.shown.faces'"),
    ("orders", lambda d: d.update(shown={"faces": [], "orders": [[0, "x"]]}), "item 1 of the field 'race.shown."),
    ("null seed", lambda d: d.update(seed=None), "the field 'race.seed' is null and the race has no shown faces"),
    ("dice", lambda d: d.update(dice="loaded"), "the field 'race.dice' is 'loaded', not one of twister, keyed"),
    ("no dice", lambda d: d.pop("dice"), "the field 'race.dice' is missing"),
    # issue 27: the bounds
    ("turns 99", lambda d: d.update(turns=99), "the field 'race.turns' is 99, more than 15"),
    ("a terrain character", lambda d: d["board"]["terrain"].__setitem__(0, "?" * 18), "holds the character '?'"),
    ("a NUL in a name", lambda d: d["racers"][0].update(name="A\0"), "racer 1's name is a text that cannot be used"),
    ("a surrogate", lambda d: d["board"].update(name="\ud800"), "'race.board.name' is a text that cannot be used"),
    ("a long name", lambda d: d["racers"][0].update(name="x" * 100_000), "is 100,000 characters long (at most 40)"),
    ("a huge seed", lambda d: d.update(seed=10**39), "the field 'race.seed' is 1" + "0" * 39 + ", more"),
    ("an unknown object", lambda d: d["board"]["objects"].append([3, 3, "xyz"]), "'race.board.objects' is a list"),
    ("off the board", lambda d: d["board"]["objects"].append([300, 3, "coin"]), "is off the board"),
    ("respawn turns", lambda d: d["board"].update(respawn_turns=["4"]), "'race.board.respawn_turns' is a text"),
    ("an unknown bot", lambda d: d["racers"][0].update(bot="god"), "racer 1's bot is 'god', not one of"),
    ("one racer", lambda d: d["racers"].__delitem__(slice(1, None)), "'race.racers' holds 1 racers, not 2 to 6"),
    ("twelve racers", lambda d: d["racers"].extend(d["racers"] * 3), "'race.racers' holds 12 items (at most 6)"),
    ("a deep choice", lambda d: d["choices"].append([[[[1]]]]), "item 13 of the field 'race.choices' is a list"),
    ("a huge board", lambda d: d["board"].update(terrain=["." * 256] * 256), "more than the 8,192 a board may have"),
]


@pytest.mark.parametrize("what, change, sentence", BAD, ids=[b[0] for b in BAD])
def test_the_one_validation_names_the_field_in_one_sentence(what, change, sentence):
    data = spoiled(change)
    with pytest.raises(record.RecordError, match=re.escape(sentence)) as error:
        record.check(data)
    assert "\n" not in str(error.value)
    with pytest.raises(SaveError):
        Race.from_dict(data)


def test_what_the_table_lets_through_the_rules_refuse_in_one_sentence():
    for change, sentence in [
        (lambda d: d["board"].update(max_racers=2), "the race cannot start (ValueError: board"),
        (lambda d: d["choices"].append("fly"), "choice 12 is not one the race allows"),
    ]:
        with pytest.raises(SaveError, match=re.escape(sentence)):
            Race.from_dict(spoiled(change))


def test_a_record_without_its_seed_follows_the_hosts_faces_and_never_rolls_its_own():
    """The network's start: the host gives his race's record without the seed, with the faces his dice
    showed; the friend's race is rebuilt from it and fed the faces of each later choice."""
    dice = RecordingDice(11)
    host = played(0, seed=11, dice=dice)
    start = record.without_seed(host.to_dict(), *dice.take())
    assert start["seed"] is None and "shown" in start
    client = Race.from_dict(json.loads(json.dumps(start)))  # as it arrives over the wire
    assert isinstance(client.dice, ShownDice) and client.dice.strict and client.seed is None
    rng = random.Random(5)
    for _ in range(40):
        option = ai.pick(host, host.pending, "normal", rng)
        host.choose(option)
        client.dice.show(*dice.take())
        client.choose(option)
    assert [e.to_dict() for e in client.log] == [e.to_dict() for e in host.log]
    middle = Race.from_dict(client.to_dict())  # a friend's race as it stands: its own record, no seed
    assert middle.seed is None and middle.pending == host.pending
    beyond = client.to_dict()
    while host.pending is not None and len(beyond["choices"]) < 50:  # no face of the host's reaches it
        option = ai.pick(host, host.pending, "normal", rng)
        host.choose(option)
        beyond["choices"].append(record.plain(option))
    with pytest.raises(SaveError, match="rolls dice whose faces the record does not show"):
        Race.from_dict(beyond)  # refused, never rolled with dice of its own
    result = replay.check(replay.read(beyond, "the friend's race"))
    assert not result.ok and "rolls dice no face of which it shows" in result.message


def test_a_season_of_version_1_is_upgraded_its_replays_kept_as_data():
    data = json.loads((V1 / "season.json").read_text(encoding="utf-8"))
    assert data["season_format"] == 1 and isinstance(data["results"][0]["replay"], str)
    cup = Season.from_dict(data)
    assert isinstance(cup.results[0].replay, dict)
    again = cup.to_dict()
    assert again["season_format"] == SEASON_FORMAT and again["results"][0]["replay"] == json.loads(
        data["results"][0]["replay"]
    )
    assert json.loads(json.dumps(again)) == again
    assert Season.from_dict(again).table() == cup.table()


def test_a_race_gives_and_takes_its_record_only_as_data():
    """Text only at a file's edge: a race has no text of its own to be read back."""
    assert not hasattr(Race, "to_json") and not hasattr(Race, "from_json")
    assert not hasattr(Season, "to_json") and not hasattr(Season, "from_json")


def test_a_version_2_record_draws_the_twister_and_a_hosted_race_replays_its_keyed_dice():
    """Version 3 names the kind of dice: a record of version 2 (no kind) reads as it did; a race with
    keyed dice (a network race's host) keeps its kind and seed, and its record rebuilds it exactly."""
    from game.rules.dice import KEYED, Dice

    twister = played(20, rules=1).to_dict()  # a race of version 2 played by the rules of its time
    older = {k: v for k, v in twister.items() if k not in ("dice", "rules")} | {"format": 2}
    again = Race.from_dict(older)
    assert again.choices == played(20, rules=1).choices and again.to_dict() == twister
    seed = 2**127 + 12345  # a hosted race's seed: 128 bits
    keyed = played(40, seed=seed, dice=Dice(seed, KEYED))
    data = json.loads(json.dumps(keyed.to_dict()))
    assert data["dice"] == "keyed" and data["seed"] == seed and data["format"] == record.FORMAT
    rebuilt = Race.from_dict(data)
    assert [e.to_dict() for e in rebuilt.log] == [e.to_dict() for e in keyed.log]
    assert rebuilt.dice.kind == KEYED and rebuilt.pending == keyed.pending
