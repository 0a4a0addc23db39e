"""The guided first race: a small board, prepared dice and the lessons the screen shows on the way.

The race is a real race of the engine (a goblin, the player, against a computer orc). Its rolls are
prepared (`PreparedDice`) so that every lesson happens: the move and the L-move on a six, a double
and its clover, the drift, the action phase, a fight and its shock squares, a shield, a clover on a
roll, a chest and its tiers, the finish line, a shortcut, a hole, and a drift around it. Where a
lesson needs the player's choice (`Step.expect`), another option is explained and asked again, so
the prepared dice stay in step with the race. The lessons end before the last game turn, which is
the player's own; its dice are prepared too, so that a learner who takes the lessons' options, then
the game's own suggestions (the focus the panel starts on), wins his first race (37 to 35: a test
plays it). A choice the dice were not prepared for (a die the script has no face for) leaves the
script: seeded dice roll from then on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.boards.board import Board
from game.rules.dice import Dice, Die
from game.rules.race import Race, RacerSetup, SaveError
from game.rules.state import Option

BOARD_TEXT = """
..12....
...)....
....S...
..#.....
........
........
........
....O...
........
........
........
........
........
........
....C...
........
"""
TURNS = 5
SEED = 2027  # the dice once the prepared faces are used up
PLAYER, COMPUTER = 0, 1

# The prepared faces, in the order the race rolls them (die name, face). From the second game turn
# on, the racer with the fewer points plays first: the player until his lap, the orc in game turn 4.
FACES: tuple[tuple[str, int], ...] = (
    # turn 1, the player: 2 and 5; the barrier stops both before it; he drifts into a free lane, onto a
    # shield, and walks 2
    ("D6", 2),
    ("D6", 5),
    # turn 1, the computer orc: 1 and 3: he walks onto the player; the fight, the player's shock
    ("D6", 1),
    ("D6", 3),
    ("DCOMBAT", 30),  # the orc wins: a simple victory, a small shock for the player, who raises his shield
    # turn 2, the player: a double of 4 (a clover)
    ("D6", 4),
    ("D6", 4),
    # turn 2, the orc: 3 and 1, past the player
    ("D6", 3),
    ("D6", 1),
    # turn 3, the player: 1 and 4, the clover turns the 1 into a 6: an L onto the chest, then over the line
    ("D6", 1),
    ("D6", 4),
    ("DOBJ", 55),  # the chest's object die: behind the orc, the player's badge is ++ (a syringe)
    # turn 3, the orc: 2 and 1
    ("D6", 2),
    ("D6", 1),
    # turn 4, the orc first (he has fewer points now): 1 and 2, over the line
    ("D6", 1),
    ("D6", 2),
    # turn 4, the player: 2 and 3: onto the shortcut, 5 rows forward, into a hole; he drifts around it
    ("D6", 2),
    ("D6", 3),
    ("D10", 9),
    # turn 5, the player's own: 6 and 5 in his free lane
    ("D6", 6),
    ("D6", 5),
    # turn 5, the orc: 2 and 1
    ("D6", 2),
    ("D6", 1),
)


class PreparedDice(Dice):
    """Prepared faces first (each checked against the die rolled), seeded dice after them.

    They show their faces again to a fork (the screen plays an option on one to show where it really
    ends), but a race with them is never saved: its prepared faces are not in a save."""

    replayable = True

    def __init__(self, faces: Sequence[tuple[str, int]], seed: int) -> None:
        super().__init__(seed)
        self.faces = list(faces)
        self.used = 0

    def roll(self, die: Die) -> int:
        if self.used < len(self.faces):
            name, face = self.faces[self.used]
            if name == die.name:
                self.used += 1
                return face
            self.faces = self.faces[: self.used]  # the race left the script: no more prepared faces
        return super().roll(die)

    def order(self, count: int) -> list[int]:
        return list(range(count))  # the player first

    @property
    def prepared_left(self) -> int:
        return len(self.faces) - self.used

    def getstate(self) -> tuple[Any, ...]:
        return self.used, super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.used = state[0]
        super().setstate(state[1])

    def replica(self, state: Any = None) -> Dice:
        """Dice that show again the prepared faces, then the seeded ones, from `state` (None: the start)."""
        copy = PreparedDice(self.faces, self.seed or 0)
        if state is not None:
            copy.setstate(state)
        return copy

    def saved(self) -> dict[str, Any]:
        raise SaveError("the guided race is never saved: its dice are prepared")


@dataclass(frozen=True)
class Step:
    """One lesson: shown at the player's decision of `kind` (or after an event of `kind`).

    `point` is what its arrow ends on: "squares" (the square where the lesson's option really
    ends), "racer" (the player's square), "panel" (the button of the lesson's option), "dice" (the
    die the clover turns over), "shock" (the first of the shock's numbered squares), or a part of
    the player's card: "card:tier" (the chest badge), "card:points", "card:racer" (the portrait),
    "card:counter:clover". `names` are the squares its sentence names besides ("square:<row>,<col>",
    "end": where the lesson's option ends, "shock": the numbered squares): the lesson's box never
    covers them nor the player's racer. `expect` is the option the lesson needs (another one is
    explained and asked again)."""

    key: str  # i18n: tutorial.<key> (and tutorial.<key>.wrong when `expect` is set)
    kind: str
    on: str  # "decision" or "event"
    point: str
    expect: Option | None = None
    names: tuple[str, ...] = ()


BARRIER, SHORTCUT, HOLE, CHEST = "square:3,2", "square:2,4", "square:7,4", "square:14,4"
STEPS: tuple[Step, ...] = (
    # turn 1
    Step("move", "move", "decision", "squares", expect=(2, 0), names=(BARRIER, "end")),
    Step("drift", "drift", "decision", "squares", expect=(-1, 1), names=(BARRIER, "end")),
    Step("action", "action", "decision", "panel", expect="move"),
    Step("fight", "fight", "event", "racer"),
    Step("shock", "shock", "event", "shock", names=("shock",)),
    Step("shield", "shield", "decision", "panel", expect="shield"),
    # turn 2
    Step("double", "lucky", "event", "card:counter:clover"),
    Step("stay", "drift", "decision", "panel", expect=(0, 0)),
    Step("speed", "action", "decision", "panel", expect="move"),
    # turn 3
    Step("clover", "clover", "decision", "dice", expect=(0,)),
    Step("l_move", "move", "decision", "squares", expect=(5, 1), names=(CHEST, "end")),
    Step("chest", "chest_opened", "event", "card:tier"),
    Step("stay_again", "drift", "decision", "panel", expect=(0, 0)),
    Step("action_again", "action", "decision", "panel", expect="move"),
    Step("finish", "crossed_line", "event", "card:points"),
    # turn 4
    Step("to_shortcut", "move", "decision", "squares", expect=(2, 0), names=(SHORTCUT, "end")),
    Step("shortcut", "shortcut", "event", "racer", names=(HOLE,)),
    Step("hole", "fell", "event", "racer", names=(HOLE,)),
    Step("drift_last", "drift", "decision", "squares", expect=(-1, 1), names=(HOLE, "end")),
    Step("action_last", "action", "decision", "panel", expect="move"),
    Step("free", "turn_ended", "event", "card:racer"),
)


def new_race(player_name: str = "", computer_name: str = "") -> Race:
    """The guided race, at its start (the shield of the shield's lesson lies on the player's way: the
    race is made of its setup and choices alone, so a fork replays it)."""
    board = Board.from_text(BOARD_TEXT.strip("\n"), name="Training ground", author="Fantasy Racing", turns=TURNS)
    setups = [RacerSetup("goblin", player_name), RacerSetup("orc", computer_name, bot="normal")]
    return Race.new(board, setups, turns=TURNS, dice=PreparedDice(FACES, SEED))
