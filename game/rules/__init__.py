"""The rules: the rule book as code, from its tables up to the race.

The tables (`tuning`: every [house] number; `dice`; `characters`; `objects`; `events`: what a race can
tell), the race's state and the primitives every rule uses (`state`: ask, roll, score, emit), one module
per part of the rule book (`chests`, `combat`, `moves`, `effects`), the game turn (`race`: `Race`, driven
by `choose`), the race as plain data (`record`: saves, replays and the network share it), every random
stream drawn from a race's seed (`seeds`) and what an option will do before the dice (`explain`). It
reads boards from `game.boards` and nothing above it: no computer racer, no championship, no file.
"""
