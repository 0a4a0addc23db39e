"""Objects of docs/rules-spec.md sections 7 and 8, and the chest's object die (DOBJ) table."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.characters import NON_OFFENSIVE, OFFENSIVE

RING_OF_FIRE = "ring_of_fire"
RING_OF_LIGHTNING = "ring_of_lightning"
AXE = "axe"
SPEAR = "spear"
TRAP = "trap"
CLOVER = "clover"
SHIELD = "shield"
COIN = "coin"
BOTTLE = "bottle"
SYRINGE = "syringe"
WAND_OF_TELEPORTATION = "wand_of_teleportation"
WAND_OF_FIRE = "wand_of_fire"
THROWING_STAR = "throwing_star"

# The d100 table's order, modest to powerful (section 7).
CHEST_ORDER = (COIN, CLOVER, SHIELD, BOTTLE, TRAP, AXE, SPEAR, SYRINGE, RING_OF_LIGHTNING, RING_OF_FIRE)
POWERFUL = frozenset({AXE, SPEAR, SYRINGE, RING_OF_LIGHTNING, RING_OF_FIRE})
OFFENSIVE_OBJECTS = frozenset({TRAP, AXE, SPEAR, RING_OF_LIGHTNING, RING_OF_FIRE})
# Counted in the inventory, no limit; everything else of the chest table is an active object.
COUNTED = frozenset({CLOVER, SHIELD, COIN})
ACTIVE_LIMIT = 2

# Chest tiers: t = 0 max malus (leader) ... 4 max bonus (last).
TIER_NAMES = ("max malus", "malus", "neutral", "bonus", "max bonus")
TIER_COLOURS = ("dark red", "orange", "white", "light green", "dark green")
# % for each powerful object, % for each modest object, by tier.
TIER_CHANCES = ((4, 16), (7, 13), (10, 10), (13, 7), (16, 4))

NAMES = {
    RING_OF_FIRE: ("Ring of fire", "anneau de feu"),
    RING_OF_LIGHTNING: ("Ring of lightning", "anneau de foudre"),
    AXE: ("Magic throwing axe", "hache de jet magique"),
    SPEAR: ("Magic spear", "lance magique"),
    TRAP: ("Not-really-magic trap", "piège pas vraiment magique"),
    CLOVER: ("Three-and-a-half-leaf clover", "trèfle à trois feuilles et demi"),
    SHIELD: ("Magic shield", "bouclier magique"),
    COIN: ("Gold coin", "pièce d'or"),
    BOTTLE: ("Bottle of doping", "bouteille de produit anti-sportif"),
    SYRINGE: ("Syringe of doping", "seringue de produit anti-sportif"),
    WAND_OF_TELEPORTATION: ("Wand of teleportation", "baguette de téléportation"),
    WAND_OF_FIRE: ("Wand of fire", "baguette de feu"),
    THROWING_STAR: ("Throwing star", "étoile de lancer"),
}


def chance(obj: str, tier: int) -> int:
    """The % of the d100 that `obj` covers for a racer of `tier`."""
    powerful, modest = TIER_CHANCES[tier]
    return powerful if obj in POWERFUL else modest


def chest_table(tier: int) -> list[tuple[int, str]]:
    """The d100 table of a tier: (last face, object) in table order."""
    table, end = [], 0
    for obj in CHEST_ORDER:
        end += chance(obj, tier)
        table.append((end, obj))
    return table


def category_table(category: str, tier: int) -> list[tuple[int, str]]:
    """The alternative-object table: one category alone, scaled to 100 faces."""
    objects = [o for o in CHEST_ORDER if (o in OFFENSIVE_OBJECTS) == (category == OFFENSIVE)]
    total = sum(chance(o, tier) for o in objects)
    table, cumulative = [], 0
    for obj in objects:
        cumulative += chance(obj, tier)
        table.append((round(100 * cumulative / total), obj))
    return table


def read_table(table: Sequence[tuple[int, str]], face: int) -> str:
    """The object a d100 face gives in a table."""
    for end, obj in table:
        if face <= end:
            return obj
    return table[-1][1]


def chest_object(face: int, tier: int) -> str:
    """The DOBJ's object for a face and a tier."""
    return read_table(_CHEST_TABLES[tier], face)


def alternative_object(face: int, tier: int, category: str) -> str:
    """The clover's alternative: the object at 101 - face of the category's table."""
    return read_table(_CATEGORY_TABLES[category == OFFENSIVE][tier], 101 - face)


# The tables never change: worked out once, by tier (and by category: non-offensive, offensive).
_CHEST_TABLES = tuple(tuple(chest_table(tier)) for tier in range(len(TIER_CHANCES)))
_CATEGORY_TABLES = tuple(
    tuple(tuple(category_table(category, tier)) for tier in range(len(TIER_CHANCES)))
    for category in (NON_OFFENSIVE, OFFENSIVE)
)


def tier_of(rank: float, count: int) -> int:
    """Chest tier from a (mean) rank, 0 = leader: 4 x rank / (n - 1), halves towards 2."""
    if count < 2:
        return 2
    exact = 4 * rank / (count - 1)
    low = int(exact)
    if exact - low == 0.5:
        return low if low >= 2 else low + 1
    return int(exact + 0.5)
