"""The boards: the torus of squares a race is played on, and where boards come from.

`board` is the board as its designer drew it (the squares, walls and objects that never change during a
race, and the map's own look for the screen); `maps` reads a Tiled `.tmx` into a Board and says what is
wrong with one, through `map_format` (what docs/maps.md says a board file is: its layers, properties and
problems), `map_checks` (the checks of its XML, before anything is built) and `map_build` (the Board built
from a checked map); `randomboard` makes random legal boards for tests and benchmarks. This is the
lowest floor of the engine: it knows nothing of racers, dice or rules.
"""
