"""Every event kind of the rule book happens in random races with every character and object.

`RULE_BOOK_KINDS` is the list of what a race can tell (game.rules.events.EVENT_KINDS);
2,000 races on random legal text boards, with 2-6 random characters (all ten
are seeded in turn), random and greedy bots and objects handed out at the
start, must produce each kind at least once.
"""

from __future__ import annotations

import random

import pytest

from game import Race, RacerSetup
from game.boards.board import Board
from game.bots import ai
from game.rules.characters import CHARACTERS
from game.rules.events import EVENT_KINDS
from game.rules.objects import CHEST_ORDER

RULE_BOOK_KINDS = [
    "turn_started",
    "respawned",
    "racer_turn",
    "phase",
    "rolled",
    "clover_used",
    "roll_validated",
    "lucky",
    "sprinter",
    "moved",
    "placed",
    "scored",
    "crossed_line",
    "picked_up",
    "chest_opened",
    "object_gained",
    "object_dropped",
    "object_used",
    "trap_sprung",
    "fell",
    "shortcut",
    "fight",
    "fight_result",
    "shock",
    "shield_used",
    "barrier_destroyed",
    "coins_spent",
    "trap_laid",
    "trap_destroyed",
    "thrown",
    "fireball",
    "lightning",
    "flail",
    "baby",
    "turn_ended",
    "race_over",
]
RACES = 2000
BOTS = ("random", "greedy")  # fast bots (the look-ahead bot would take minutes)
ACTIVE = [o for o in CHEST_ORDER if o not in ("coin", "clover", "shield")]


def test_the_list_names_every_event_kind_of_the_engine():
    assert sorted(RULE_BOOK_KINDS) == sorted(EVENT_KINDS)


def random_text_board(rng: random.Random, racers: int, chests_everywhere: bool) -> str:
    """A legal text board (docs/maps.md): 8-10 columns, 16 rows, racers numbered on row 0."""
    width = rng.randint(8, 10)
    terrain = ".#RO" + "S" + "." * 20
    objects = "C$%)" if not chests_everywhere else "CCCC$%)"
    rows = []
    for _row in range(16):
        line = []
        for _ in range(width):
            char = rng.choice(terrain)
            if char in ".S" and rng.random() < (0.35 if chests_everywhere else 0.12):
                char = rng.choice(objects)
            line.append(char)
        rows.append(line)
    for i, col in enumerate(sorted(rng.sample(range(width), racers))):
        rows[0][col] = str(i + 1)
    return "\n".join("".join(line) for line in rows)


def random_race(seed: int) -> tuple[Race, dict[int, random.Random], dict[int, str]]:
    """A random race: 2-6 racers (the seed's character first), 5-8 turns, objects in hand."""
    rng = random.Random(seed)
    count = rng.randint(2, 6)
    board = Board.from_text(random_text_board(rng, count, rng.random() < 0.3), respawn_turns=(3, 5, 7))
    characters = [list(CHARACTERS)[seed % len(CHARACTERS)]]
    characters += [rng.choice(list(CHARACTERS)) for _ in range(count - 1)]
    setups = [RacerSetup(c, name=f"{c}{i}") for i, c in enumerate(characters)]

    def before(race: Race) -> None:
        for r in race.racers:
            r.inventory.objects.extend(rng.sample(ACTIVE, 2))
            r.inventory.clovers = rng.randint(0, 1)
            r.inventory.shields = rng.randint(0, 1)
            r.inventory.coins = rng.randint(0, 2)

    race = Race.new(board, setups, turns=rng.randint(5, 8), seed=seed, before=before)
    rngs = {i: random.Random(rng.random()) for i in range(count)}
    policies = {i: rng.choice(BOTS) for i in range(count)}
    return race, rngs, policies


@pytest.mark.slow  # a long simulation
def test_two_thousand_random_races_produce_every_event_kind():
    seen: set[str] = set()
    for seed in range(RACES):
        race, rngs, policies = random_race(seed)
        ai.play(race, rngs, policies)
        seen.update(e.kind for e in race.log)
    never = [kind for kind in RULE_BOOK_KINDS if kind not in seen]
    assert not never, f"event kinds never seen in {RACES} races: {', '.join(never)}"
