"""Around the race: races kept, replayed, led, run by the hundred and strung into championships.

`replay` keeps a race as a file and plays it back (and checks it), `timeline` places each of a
replay's events in its game turn and rebuilds the race at any of them, `tutorial` is the guided first race
(a small board, prepared dice and its lessons), `simulate` runs races without a screen, `tournament`
pits the computer levels and the characters against each other (ladders, ratings, the balance report),
and `season` is a championship of 2 to 8 races. They stand on the rules and the computer racers; the
player's files (`game.app`), the network (`game.net`) and the command line (`game.cli`) stand on them.
"""
