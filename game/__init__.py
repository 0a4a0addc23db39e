"""Fantasy Racing's rules: a pure-Python race engine (never imports pygame).

from game import Race, RacerSetup, Board, load_board, RiggedDice
"""

from game.board import Board, BoardError
from game.dice import Dice, DiceExhausted, RiggedDice
from game.maps import load_board
from game.race import Decision, IllegalChoice, Race, RacerSetup

__all__ = [
    "Board",
    "BoardError",
    "Dice",
    "RiggedDice",
    "DiceExhausted",
    "Race",
    "RacerSetup",
    "Decision",
    "IllegalChoice",
    "load_board",
]
