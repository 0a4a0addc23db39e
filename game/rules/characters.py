"""The ten characters of docs/rules-spec.md section 9, as data the rules read."""

from __future__ import annotations

from dataclasses import dataclass

OFFENSIVE = "offensive"
NON_OFFENSIVE = "non-offensive"

# Special rules (ids used in code and saves).
FAST = "fast"
SORE_LOSER = "sore_loser"
INITIATIVE = "initiative"
VICIOUS = "vicious"
THICK_SKIN = "thick_skin"
FLAIL = "flail"
BRAINY = "brainy"
WAND_MASTERY = "wand_mastery"
BABY = "baby"
DISARM = "disarm"
LOVES_TRAPS = "loves_traps"
BACKSTAB = "backstab"
THEFT = "theft"
FEARFUL = "fearful"
THROWING_STARS = "throwing_stars"
VENOM = "venom"


@dataclass(frozen=True)
class Character:
    """A character: speed, attacker's combat chances and special rules."""

    id: str
    name: str
    french: str
    simple: int  # % simple victory as attacker
    crushing: int  # % crushing victory as attacker (the rest is defeat)
    alternative: str  # the category a clover turns a DOBJ into
    rules: tuple[str, ...] = ()

    @property
    def speed(self) -> int:
        """Squares of the action-phase move in the odd game turns, by this game's rules."""
        from game.rules.rulebook import Rules

        return Rules.of().speed_of(self.id, 1)

    @property
    def even_speed(self) -> int:
        """Squares of the action-phase move in the even game turns (most characters: `speed`)."""
        from game.rules.rulebook import Rules

        return Rules.of().speed_of(self.id, 2)

    @property
    def defeat(self) -> int:
        """% defeat as attacker."""
        return 100 - self.simple - self.crushing

    def has(self, rule: str) -> bool:
        """Whether the character has a special rule."""
        return rule in self.rules


CHARACTERS: dict[str, Character] = {
    c.id: c
    for c in (
        #          id          name          French          simple crushing alternative  (speeds: game/rules/tuning.py)
        Character("elf", "Elf", "l'elfe", 30, 10, NON_OFFENSIVE, (FAST,)),
        Character("human", "Human", "l'humain", 50, 20, OFFENSIVE, (SORE_LOSER,)),
        Character("dwarf", "Dwarf", "le nain", 50, 30, NON_OFFENSIVE, (INITIATIVE,)),
        Character("goblin", "Goblin", "le gobelin", 30, 20, NON_OFFENSIVE, (VICIOUS,)),
        Character("orc", "Orc", "l'orc", 20, 60, OFFENSIVE, (THICK_SKIN,)),
        Character("beastman", "Beast-man", "l'homme-bête", 40, 25, OFFENSIVE, (FLAIL,)),
        Character("sorceress", "Sorceress", "la magicienne", 30, 20, NON_OFFENSIVE, (BRAINY, WAND_MASTERY)),
        Character("baby", "Hybrid baby", "le bébé hybride", 45, 5, NON_OFFENSIVE, (BABY,)),
        Character(
            "thief",
            "Thief",
            "le voleur",
            20,
            20,
            NON_OFFENSIVE,
            (BRAINY, DISARM, LOVES_TRAPS, BACKSTAB, THEFT, FEARFUL, THROWING_STARS),
        ),
        Character("lizardman", "Lizard-man", "l'homme-lézard", 50, 25, OFFENSIVE, (VENOM,)),
    )
}

# The special rules in words, for the setup gallery and the rules help ({NAME}: a number of the rules).
_RULE_WORDS: dict[str, str] = {
    FAST: "Fast: also rolls the quick die (2-5) in the movement phase and may use any of the three dice; the "
    "quick die and a six-sided die of the same face make a double.",
    SORE_LOSER: "Sore loser: once a race, after losing a fight, may have the attacker roll it again.",
    INITIATIVE: "Initiative: attacks first when an opponent without Initiative lands on the same square.",
    VICIOUS: "Vicious: scores {VICIOUS_POINTS} extra points for every shock inflicted.",
    THICK_SKIN: "Thick skin: a big shock from an object or a trap counts only as a small one.",
    FLAIL: "Flail: once per turn, after the action, pushes an opponent next door one row back (+1).",
    BRAINY: "Brainy: safe on the traps this racer laid, and sees who laid each trap.",
    WAND_MASTERY: "Wand mastery: a wand of teleportation (range {TELEPORT_RANGE}, always one row back) and a "
    "wand of fire (its fireball goes as far as {WAND_OF_FIRE_DICE} six-sided die shows), free to use, each "
    "resting two turns after use.",
    BABY: "Baby: drinks beer (dice 2-7), does a poo, sleeps, cries (reaching {CRY_RANGE} squares); one each "
    "turn, in turn.",
    DISARM: "Disarm: may disarm an opponent's trap when walking onto it (40 %) and keep it.",
    LOVES_TRAPS: "Loves traps: traps do not count in the two-object limit.",
    BACKSTAB: "Backstab: attacks an opponent on the square just below with better chances (60 % win, 30 % crushing).",
    THEFT: "Theft: after winning a fight, may steal an object (40 %); a failure costs 2 points.",
    FEARFUL: "Fearful: the tactical move may shift up to two squares, or none.",
    THROWING_STARS: "Throwing stars: {STARS_AT_START} stars, range {STAR_RANGE}, free, push the target one row "
    "back (+1).",
    VENOM: "Venom: an opponent who loses a fight against this racer rolls a single die next movement phase.",
}


def _words() -> dict[str, str]:
    """The special rules in words with this game's rules' numbers filled in."""
    from game.rules.rulebook import Rules

    values = Rules.of().numbers()
    return {rule: text.format(**values) for rule, text in _RULE_WORDS.items()}


RULE_TEXT: dict[str, str] = _words()
