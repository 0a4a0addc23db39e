"""Drawing the race: the board, the racers' tokens, the animations."""
