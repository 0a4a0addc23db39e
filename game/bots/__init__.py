"""The computer racers: they answer a race's pending decision from its options alone.

`ai` holds the levels and their policies (they never peek at the dice: those that look ahead fork the
race with dice of their own), `course` the distance points a racer alone can expect from each square (read
by the strong levels), `thinking` the pool of worker processes where the searching racers think, off the
window's frame loop and the host's event loop. The bots stand on `game.rules` and `game.boards`.
"""
