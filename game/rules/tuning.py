"""Every [house] number of the rule book in one table, tuned by the balance report.

`docs/balance.md` says which values changed, why, and the win rates before
and after (`python main.py balance`). docs/rules-spec.md and the player's
rule book (assets/rules/book.md, book.fr.md) follow that file. The
original game's own numbers (dice, points, the DOBJ table, the thief's 40 %)
live with their rules and are not tuned.
"""

from typing import Any

# Action-phase speed of each character (squares), in the odd game turns (1, 3, 5...) and, unless
# EVEN_TURN_SPEED says otherwise, in the even ones. Original: sorceress 2, baby 1, thief 2.
# The elf was 3: with the quick die as well he won 23 % of races against 17 % on average.
SPEED = {
    "elf": 2,
    "human": 2,
    "dwarf": 1,
    "goblin": 2,
    "orc": 2,
    "beastman": 2,
    "sorceress": 2,
    "baby": 1,
    "thief": 2,
    "lizardman": 2,
}

AXE_RANGE = 6  # king steps, along a path around rocks
SPEAR_RANGE = 10  # squares in a straight line, stopped by rocks
TRAP_RANGE = 3  # king steps, to lay a trap or trap an opponent
STARS_AT_START = 3  # the thief's throwing stars
STAR_RANGE = 4  # squares in a straight line, like a spear
TELEPORT_RANGE = 1  # king steps of the sorceress's wand of teleportation (was 4)
# Rows forward the wand of teleportation may carry her (was: any square in range). With the normal bot
# (a racer who sees 3 squares down the lane) the free jump forward every third turn won her 30 % of races.
TELEPORT_FORWARD = -1  # issue 29: always back (was 0: sideways or back; against normal bots she won 22 % to 23 %)
WAND_OF_FIRE_DICE = 1  # the wand of fire's fireball ranges over this many D6 (was 2)
CRY_RANGE = 7  # the baby's cry reaches opponents this many steps away (was 6: he won 8.5 % with hard bots)
CRY_KING_STEPS = True  # True: king steps (diagonals count one); False: orthogonal steps (was)
SORE_LOSER_REST = 15  # game turns before the human's reroll is offered again: 15 = once a race (was 1)

# The dwarf plods: 1 square in the odd game turns, 2 in the even ones (issue 29; was 1 in every turn). With
# hard bots he won 10 % of the races at speed 1 and 31 % at speed 2.
EVEN_TURN_SPEED = {"dwarf": 2}
# Whether a fight's winner also scores the shock his victory inflicts (issue 29; was True: 3 + 1 or 2). The
# fighters (the orc, the human, the lizard-man) won 22 % to 25 % of the races with hard bots, the others 10 %.
FIGHT_SCORES_SHOCK = False
VICIOUS_POINTS = 2  # the goblin's extra points for each shock he inflicts (issue 29; was 1)
QUICK_DIE_DOUBLES = True  # the elf's quick die makes a double with a D6 of the same face (issue 29; was False)

# 5.4: rows a shortcut places the racer by, for each D10 face (negative = back).
SHORTCUT_ROWS = {1: -4, 2: -3, 3: -2, 4: -1, 5: 2, 6: 2, 7: 3, 8: 4, 9: 5, 10: 5}

# Championship (rule book, section 11): season points for places 1 to 6 of a race [house].
SEASON_POINTS = (10, 7, 5, 3, 2, 1)

# The version of these rules, written in every race record (game/rules/record.py): a race recorded under older
# rules (a save, a replay, a season of an older game) replays with their numbers, those OLDER_RULES lists
# (only the numbers that changed since; a race reads its version's in its `Rules`, game/rules/rulebook.py).
RULES = 2
OLDER_RULES: dict[int, dict[str, Any]] = {
    1: {  # issue 12 to issue 29
        "EVEN_TURN_SPEED": {},
        "FIGHT_SCORES_SHOCK": True,
        "VICIOUS_POINTS": 1,
        "QUICK_DIE_DOUBLES": False,
        "TELEPORT_FORWARD": 0,
    },
}


def changed_since(version: int) -> dict[str, Any]:
    """The numbers of the rules of `version` that differ from this version's (none for this version)."""
    return dict(OLDER_RULES[version]) if version != RULES else {}
