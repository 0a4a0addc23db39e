"""The rules: the rule book as code, from its tables up to the race.

The tables (`tuning`: every [house] number; `dice`; `characters`; `objects`; `events`: what a race can
tell), a race's own numbers (`rulebook`: its frozen `Rules`, `race.rules`), the race's state and the
primitives every rule uses (`state`: ask, roll, score, emit; a `Checkpoint`), one module per part of the
rule book (`chests`, `combat`, `moves`, `effects`), the special rules' and objects' named hooks (`hooks`),
the game turn (`race`: `Race`, driven by `choose`, made again from a checkpoint by `restore`), the race as
plain data (`record`: saves, replays and the network share it), every random stream drawn from a race's
seed (`seeds`) and what an option will do before the dice (`explain`). It reads boards from `game.boards`
and nothing above it: no computer racer, no championship, no file.
"""
