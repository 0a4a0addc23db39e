"""docs/rules-spec.md section 7: chest tiers, the DOBJ table, the clover's alternative object, the inventory."""

import pytest

from game.rules import objects as obj
from tests.rules_helpers import arrange
from tests.scenario import choose, events, racer, scenario

ORDER = ["coin", "clover", "shield", "bottle", "trap", "axe", "spear", "syringe", "ring_of_lightning", "ring_of_fire"]
POWERFUL = {"axe", "spear", "syringe", "ring_of_lightning", "ring_of_fire"}
# tier -> (% of each powerful object, % of each modest object), as in the rule book.
PERCENT = {4: (16, 4), 3: (13, 7), 2: (10, 10), 1: (7, 13), 0: (4, 16)}


def tiers(points):
    """The chest tiers of racers with these points (before anyone plays)."""
    text = "".join(str(i + 1) for i in range(len(points))).ljust(8, ".")
    race = scenario(
        text, ["dwarf"] * len(points), faces=[("D6", 1), ("D6", 2)], before=arrange(points=dict(enumerate(points)))
    )
    return [race.tier(i) for i in range(len(points))]


# ---------------------------------------------------------------- tiers
def test_the_leader_gets_the_max_malus_and_the_last_the_max_bonus():
    assert tiers([7, 1]) == [0, 4]
    assert tiers([9, 6, 3, 0, -4]) == [0, 1, 2, 3, 4]


def test_tied_racers_share_the_mean_of_their_ranks():
    # 3 racers: t = 2 x rank; the two tied last have rank 1.5 -> tier 3.
    assert tiers([5, 3, 3]) == [0, 3, 3]
    assert tiers([4, 4]) == [2, 2]
    # 4 racers: t = 4 x rank / 3; ranks 0.5, 0.5, 2, 3 -> 0.67, 0.67, 2.67, 4.
    assert tiers([9, 9, 5, 0]) == [1, 1, 3, 4]


def test_a_tier_halfway_between_two_is_rounded_towards_neutral():
    # 5 racers: t = rank. Ranks 0.5 -> 1 (not 0), 2.5 -> 2 (not 3), 3.5 -> 3 (not 4).
    assert tiers([10, 10, 7, 5, 5]) == [1, 1, 2, 3, 3]
    assert tiers([10, 8, 6, 6, 0]) == [0, 1, 2, 2, 4]


def test_the_tier_is_read_from_the_points_at_the_moment_the_chest_is_opened():
    # The orc passes 3 rows before the chest: 3 points against 2, he leads (tier 0),
    # though he started behind (he would get tier 4 on the points of his turn's start).
    race = scenario(
        """
        .1..2...
        ........
        ........
        .C......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 4), ("D6", 1), ("DOBJ", 20)],
        before=arrange(points={1: 2}),
    )
    choose(race, (4, 0))
    assert events(race, "chest_opened") == [{"racer": 0, "square": (3, 1), "tier": 0, "face": 20, "object": "clover"}]


def test_the_last_racer_opens_a_max_bonus_chest():
    race = scenario(
        """
        .1C.2...
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 6), ("DOBJ", 20)],
        before=arrange(points={1: 30}),
    )
    choose(race, (0, 6))  # the six spent sideways: no row, so still last
    assert events(race, "chest_opened")[0]["tier"] == 4
    assert events(race, "chest_opened")[0]["object"] == "trap"  # max bonus: 17-20 is the trap


# ---------------------------------------------------------------- the d100 table
@pytest.mark.parametrize("tier", [0, 1, 2, 3, 4])
def test_the_dobj_table_lists_the_objects_in_order_each_over_its_tiers_percentage(tier):
    expected = []
    for item in ORDER:
        expected += [item] * PERCENT[tier][0 if item in POWERFUL else 1]
    assert len(expected) == 100
    assert [obj.chest_object(face, tier) for face in range(1, 101)] == expected


@pytest.mark.parametrize(
    "face, item",
    [
        (1, "coin"),
        (10, "coin"),
        (11, "clover"),
        (20, "clover"),
        (21, "shield"),
        (31, "bottle"),
        (41, "trap"),
        (51, "axe"),
        (61, "spear"),
        (71, "syringe"),
        (81, "ring_of_lightning"),
        (91, "ring_of_fire"),
        (100, "ring_of_fire"),
    ],
)
def test_a_neutral_chest_gives_the_object_of_its_face(face, item):
    race = scenario(
        """
        .1..2...
        .C......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 2), ("DOBJ", face)],
        before=arrange(points={1: 1}),
    )
    choose(race, (1, 0))
    assert events(race, "chest_opened")[0]["tier"] == 2
    assert events(race, "chest_opened")[0]["object"] == item
    assert events(race, "object_gained") == [{"racer": 0, "object": item}]


# ---------------------------------------------------------------- the clover on a chest
def test_a_clover_on_the_dobj_gives_the_alternative_object_at_the_opposite_face():
    # An elf (non-offensive: coin, clover, shield, bottle, syringe, 20 faces each when
    # neutral) rolls a 1: the coin; the clover reads face 100 of his table: the syringe.
    race = scenario(
        """
        .1..2...
        .C......
    """,
        ["elf", "dwarf"],
        faces=[("D6", 1), ("D6", 2), ("DRAPID", 3), ("DOBJ", 1)],
        before=arrange(points={1: 1}, clovers={0: 1}),
    )
    choose(race, (), (1, 0))
    assert race.pending.kind == "clover"
    assert race.pending.info["object"] == "coin" and race.pending.info["alternative"] == "syringe"
    choose(race, (0,))
    assert events(race, "chest_opened")[0]["object"] == "syringe"
    assert racer(race, 0).inventory.objects == ["syringe"] and racer(race, 0).inventory.coins == 0
    assert racer(race, 0).inventory.clovers == 0


@pytest.mark.parametrize(
    "face, item",
    [
        (95, "trap"),
        (94, "axe"),
        (48, "spear"),
        (47, "ring_of_lightning"),
        (25, "ring_of_lightning"),
        (24, "ring_of_fire"),
    ],
)
def test_the_alternative_table_ends_each_object_at_its_rounded_cumulative_share(face, item):
    # An orc (offensive) at max bonus: trap 4, axe/spear/rings 16 each, of 68:
    # the objects end at faces 6 (5.88), 29 (29.4), 53 (52.9), 76 (76.5) and 100.
    race = scenario(
        """
        .1C.2...
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 6), ("DOBJ", face)],
        before=arrange(points={1: 30}, clovers={0: 1}),
    )
    choose(race, (), (0, 6))
    assert race.pending.info["tier"] == 4
    choose(race, (0,))
    assert events(race, "chest_opened")[0]["object"] == item


def test_the_alternative_tables_of_both_categories():
    assert obj.category_table("non-offensive", 2) == [
        (20, "coin"),
        (40, "clover"),
        (60, "shield"),
        (80, "bottle"),
        (100, "syringe"),
    ]
    assert obj.category_table("offensive", 2) == [
        (20, "trap"),
        (40, "axe"),
        (60, "spear"),
        (80, "ring_of_lightning"),
        (100, "ring_of_fire"),
    ]
    # Max malus, non-offensive: 16, 16, 16, 16 and 4 of 68.
    assert obj.category_table("non-offensive", 0) == [
        (24, "coin"),
        (47, "clover"),
        (71, "shield"),
        (94, "bottle"),
        (100, "syringe"),
    ]


# ---------------------------------------------------------------- the inventory
def test_a_racer_taking_a_third_active_object_chooses_which_one_to_drop():
    race = scenario(
        """
        .1..2...
        .C......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 2), ("DOBJ", 35)],
        before=arrange(points={1: 1}, objects={0: ["axe", "spear"]}),
    )
    choose(race, (1, 0))
    assert race.pending.kind == "drop" and race.pending.options == ("axe", "bottle", "spear")
    choose(race, "axe")
    assert racer(race, 0).inventory.objects == ["spear", "bottle"]
    assert events(race, "object_dropped") == [{"racer": 0, "object": "axe"}]


def test_a_racer_may_drop_the_object_he_has_just_found():
    race = scenario(
        """
        .1..2...
        .C......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 1), ("D6", 2), ("DOBJ", 35)],
        before=arrange(points={1: 1}, objects={0: ["axe", "spear"]}),
    )
    choose(race, (1, 0), "bottle")
    assert racer(race, 0).inventory.objects == ["axe", "spear"]


@pytest.mark.parametrize("face, counted", [(5, "coins"), (15, "clovers"), (25, "shields")])
def test_clovers_shields_and_coins_have_no_limit(face, counted):
    race = scenario(
        """
        .1..2...
        .C......
        .$......
        .%......
        .)......
    """,
        ["orc", "dwarf"],
        faces=[("D6", 5), ("D6", 2), ("DOBJ", face)],
        before=arrange(points={1: 1}, objects={0: ["axe", "spear"]}, coins={0: 9}, clovers={0: 9}, shields={0: 9}),
    )
    choose(race, (), (5, 0), ())  # no clover on the movement roll nor on the DOBJ
    inv = racer(race, 0).inventory
    assert events(race, "object_dropped") == [] and inv.objects == ["axe", "spear"]
    assert (inv.coins, inv.clovers, inv.shields) == tuple(
        10 + (name == counted) for name in ("coins", "clovers", "shields")
    )
