"""Fantasy Racing's rules: a pure-Python race engine (never imports pygame).

from game import Race, RacerSetup, Board, load_board, RiggedDice
"""

from game.boards.board import Board, BoardError
from game.boards.maps import load_board
from game.rules.dice import Dice, DiceExhausted, RiggedDice
from game.rules.events import Event
from game.rules.race import Decision, IllegalChoice, Race, RacerSetup
from game.rules.state import Option

__all__ = [
    "Board",
    "BoardError",
    "Dice",
    "RiggedDice",
    "DiceExhausted",
    "Race",
    "RacerSetup",
    "Decision",
    "Option",
    "Event",
    "IllegalChoice",
    "load_board",
]
