"""Write the shipped boards (maps/*.tmx) from the text layouts below.

Each board is two grids of the same size, side by side: the rules in the text
format of docs/maps.md (`.` floor, `#` barrier, `R` rock, `O` hole, `S` shortcut,
`C` chest, `$` gold coin, `%` clover, `)` shield, `1`-`6` start squares) and
the ground's look (`g` grass, `d` dirt, `s` stone slabs, `c` cobbles, `a` sand,
`w` snow, `m` mine floor, `r` rails, `f` forest moss). Tweak a layout, run

    python tools/make_boards.py

and commit the .tmx files: they are what ships. `tmx_text()` is also the
small text-to-Tiled writer the tests use.
"""

from __future__ import annotations

import base64
import gzip
import random
import struct
import zlib
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
TILESET = "tilesets/fantasy-racing.tsx"
TILE = 32
AUTHOR = "Fantasy Racing team"
AUTHOR_FR = "l'équipe de Fantasy Racing"

# The layers a board is drawn with, bottom first: (layer name, text characters it holds).
RULE_LAYERS = (
    ("holes", "O"),
    ("shortcuts", "S"),
    ("rocks", "R"),
    ("barriers", "#"),
    ("chests", "C"),
    ("coins", "$"),
    ("clovers", "%"),
    ("shields", ")"),
)
OBJECT_TILES = {"C": "chest", "$": "coin", "%": "clover", ")": "shield"}
# Ground letter -> tiles picked from (first ones more often).
GROUND_TILES = {
    "g": ("grass-1", "grass-1", "grass-2", "grass-3"),
    "d": ("dirt-1", "dirt-2"),
    "s": ("stone-1",),
    "c": ("stone-2",),
    "a": ("sand-1", "sand-2"),
    "w": ("snow-1", "snow-2"),
    "m": ("mine-1", "mine-1", "mine-2"),
    "r": ("rail",),
    "f": ("moss-1", "moss-2"),
}
# Ground letter -> decorations that may grow there, and how often (share of free squares).
DECORATIONS = {
    "g": (("flowers", "tuft"), 0.06),
    "f": (("mushrooms", "leaves", "tuft"), 0.08),
    "m": (("crystals", "pebbles", "lantern", "bones"), 0.06),
    "a": (("reeds", "pebbles"), 0.08),
    "w": (("snowdrift",), 0.08),
    "d": (("pebbles",), 0.03),
}
# Grounds that spill over their border onto a neighbouring ground: letter -> verge tile.
VERGES = {"g": "verge-grass", "f": "verge-moss", "w": "verge-snow", "a": "verge-sand"}
SPILL = {"g": 2, "f": 2, "w": 1, "a": 1}  # a ground spills onto grounds of a lower rank
# A verge tile is drawn on a square's left edge; Tiled's flip bits turn it to the other sides.
FLIP_X, FLIP_Y, FLIP_DIAGONAL = 0x80000000, 0x40000000, 0x20000000
SIDES = {
    "left": (0, -1, 0),
    "right": (0, 1, FLIP_X),
    "top": (-1, 0, FLIP_DIAGONAL),
    "bottom": (1, 0, FLIP_DIAGONAL | FLIP_Y),
}
# Each board's own look for its obstacles: text character -> tiles.
MEADOW_LOOK = {"#": ("barrier-fence",), "R": ("rock-1",), "O": ("hole-1",), "S": ("shortcut-1",)}
MINE_LOOK = {"#": ("barrier-bricks",), "R": ("rock-2", "rock-1"), "O": ("hole-2",), "S": ("shortcut-2",)}
FOREST_LOOK = {"#": ("barrier-stakes",), "R": ("rock-1",), "O": ("hole-1",), "S": ("shortcut-1", "shortcut-2")}
SPRINT_LOOK = {"#": ("barrier-stakes",), "R": ("rock-2",), "O": ("hole-1",), "S": ("shortcut-2",)}
FROSTPEAK_LOOK = {"#": ("barrier-stakes",), "R": ("rock-1", "rock-2", "rock-1"), "O": ("hole-2",), "S": ("shortcut-2",)}
GATES_LOOK = {"#": ("barrier-bricks",), "R": ("rock-1",), "O": ("hole-1", "hole-2"), "S": ("shortcut-1", "shortcut-2")}
HOARD_LOOK = {"#": ("barrier-bricks",), "R": ("rock-2",), "O": ("hole-1",), "S": ("shortcut-1",)}
GORGE_LOOK = {"#": ("barrier-fence",), "R": ("rock-2", "rock-1"), "O": ("hole-2",), "S": ("shortcut-2",)}


# ---------------------------------------------------------------- the boards
MEADOW = """
.......531246.......  cccccccccccccccccccc
....................  gggggggddddddggggggg
..$..............%..  gggggggggdddddgggggg
....................  gggggggggddddddggggg
.....##......C......  ggggggggggdddddggggg
............#.......  gggggggggggdddddgggg
.)...........#......  gggggggggggdddddgggg
........O.......$...  gggggggggggdddddgggg
.........C.....##...  gggggggggggdddddgggg
...S................  gggggggggggddddddggg
.......##.R##.......  gggggggggggdddddgggg
.....$..............  gggggggggggdddddgggg
..................O.  gggggggggggdddddgggg
..##.....%..........  gggggggggggdddddgggg
..........C.....#...  ggggggggggdddddggggg
................#...  ggggggggggdddddggggg
......O.............  gggggggggdddddgggggg
.............S......  ggggggggdddddggggggg
..)...........$.....  gggggggddddddggggggg
........##..........  aaagggggdddddgggggaa
...R.......C........  aaaaggdddddgggggaaaa
..............O.....  aaaaadddddddgggaaaaa
......$.............  aaaaddddddgggggggaaa
..........S.....)...  aaaadddddggggggggaaa
...##.##..##........  ggggdddddggggggggggg
............R.......  ggggdddddggggggggggg
..C...........%.....  ggggdddddggggggggggg
.........O..........  gggddddddggggggggggg
................##..  ggggdddddggggggggggg
.....%..............  ggggdddddggggggggggg
..........$.....C...  ggggdddddggggggggggg
...O................  ggggdddddggggggggggg
..........##........  gggggdddddgggggggggg
.....)..........R...  ggggggdddddggggggggg
..............$.....  ggggggdddddggggggggg
....................  cccccccccccccccccccc
"""

MINE = """
......531246......  ssssssssssssssssss
..................  mmmrmmmssssmmmrmmm
..O.....$.....O...  mmmrmmmmssssmmrmmm
......R...........  mmmrmmmmssssmmrmmm
.$..O.......O..C..  mmmrmmmmmssssmrmmm
......RR..RR......  mmmrmmmmmssssmrmmm
...O..O.......O...  mmmrmmmmmssssmrmmm
..S......)........  mmmrmmmmmmssssrmmm
......O....O...R..  mmmrmmmmmmssssrmmm
.O..R.............  mmmrmmmmmmssssrmmm
........$...O..O..  mmmrmmmmmmssssrmmm
...O.........S....  mmmrmmmmmmssssrmmm
.......OO.....#...  mmmrmmmmmmssssrmmm
..C.........R.....  mmmrmmmmmmssssrmmm
.....O.......O..%.  mmmrmmmmmssssmrmmm
O.........$.......  mmmrmmmmmssssmrmmm
...R.....O....O...  mmmrmmmmmssssmrmmm
.......S..........  mmmrmmmmssssmmrmmm
..O.......)....O..  mmmrmmmmssssmmrmmm
....$..O..R.......  mmmrmmmssssmmmrmmm
##...O.........###  ssssssssssssssssss
.....R......O.....  mmmrmmmssssmmmrmmm
..%.....O.........  mmmrmmssssmmmmrmmm
.O.....RR..RR..O..  mmmrmmssssmmmmrmmm
......O.R.........  mmmrmssssmmmmmrmmm
...$.........O..S.  mmmrmssssmmmmmrmmm
.........O........  mmmrmssssmmmmmrmmm
O...C......R....O.  mmmrssssmmmmmmrmmm
......O.......$...  mmmrssssmmmmmmrmmm
..R.......O.......  mmmrssssmmmmmmrmmm
.....)........O...  mmmrssssmmmmmmrmmm
...O.....$....#...  mmmrssssmmmmmmrmmm
........R....O....  mmmrssssmmmmmmrmmm
.O....O......C....  mmmrssssmmmmmmrmmm
...........O...%..  mmmrssssmmmmmmrmmm
....$..O..........  mmmrmssssmmmmmrmmm
..O........R...O..  mmmrmssssmmmmmrmmm
.......)...O......  mmmrmssssmmmmmrmmm
...R.....#........  mmmrmmssssmmmmrmmm
.........$........  ssssssssssssssssss
"""

FOREST = """
........531246........  cccccccccccccccccccccc
......................  fffffffffddddfffffffff
..#...........$...#...  ffffffffffddddffffffff
..#..S............#...  ffffffffffddddffffffff
..###....%.....####...  fffffffffffddddfffffff
......................  ffffffffffffddddffffff
##......C.........S.##  ffffffffffffddddffffff
.......##.............  fffffffffffffddddfffff
...)..........R.......  fffffffffffffddddfffff
.S..........#......$..  ffffffffffffffddddffff
......O.....#.........  ffffffffffffffddddffff
..####......###..S....  ffffffffffffffddddffff
..#..........)........  ffffffffffffffddddffff
..#..$....RS.....###..  ffffffffffffffddddffff
..............O....#..  ffffffffffffffddddffff
.....S.....C........#.  ffffffffffffffddddffff
#####.......####......  fffffffffffffddddfffff
...........%.......S..  wwwffffffffffddddffwww
..$......#............  wwwwfffffffffddddwwwww
...R.....#...O....$...  wwwwwffffffddddwwwwwww
.........###........R.  wwwwfffffffddddfffwwww
..S...........).......  wwwffffffffddddfffffww
......####.......###..  ffffffffffddddffffffff
.C.....#.........#....  ffffffffddddffffffffff
.......#...$.....#.S..  ffffffffddddffffffffff
..O.........R.........  fffffffddddfffffffffff
...........##.........  ffffffddddffffffffffff
##..%..S..........C.##  ffffffddddffffffffffff
......................  fffffddddfffffffffffff
..###...S.$.....###...  fffffddddfffffffffffff
....#..........O......  ffffddddffffffffffffff
....#.)....R.....S....  ffffddddffffffffffffff
..........###.........  ffffddddffffffffffffff
.S.....$..........%...  ffffddddffffffffffffff
...........O..........  ffffddddffffffffffffff
######.........#######  ffffddddffffffffffffff
.......S....$.........  ffffddddffffffffffffff
...R................C.  fffffddddfffffffffffff
.........##...........  fffffddddfffffffffffff
...$.....#....)..O....  ffffffddddffffffffffff
...........R..........  ffffffddddffffffffffff
......%.......#.......  fffffffddddfffffffffff
..#...........#..$....  ffffffffddddffffffffff
......................  cccccccccccccccccccccc
"""

# A short dash: six game turns on a small board; a pinch of stakes, chests, clovers and coins in the middle lane.
SPRINT = """
.....531246.....  cccccccccccccccc
................  aaaaaaddddaaaaaa
$.R.....%.....O.  aaaaaaddddaaaaaa
............R..%  aaaaaaddddaaaaaa
.......C........  aaaaaaddddaaaaaa
......$..$..$...  aaaaaaddddaaaaaa
.....##..##.....  aaaaaaddddaaaaaa
...#...........#  aaaaaaddddaaaaaa
......$R).......  aaaaaaddddaaaaaa
.........%......  aaaaaaddddaaaaaa
..........C.....  aaaaaaddddaaaaaa
.......$.......S  aaaaaaddddaaaaaa
..............O.  aaaaaaddddaaaaaa
........C.......  aaaaaaddddaaaaaa
..$.........%...  aaaaaaddddaaaaaa
..C......%......  aaaaaaddddaaaaaa
......#.S#....#.  aaaaaaddddaaaaaa
......$.........  aaaaaaddddaaaaaa
................  aaaaaaddddaaaaaa
................  cccccccccccccccc
"""

# The long course: a boulder field; the paved trail winds clear of the rocks.
FROSTPEAK = """
.......531246.......  cccccccccccccccccccc
....................  wwwwwwwwwsssswwwwwww
..............#.R..R  wwwwwwwwwwsssswwwwww
.R..R..R..R.........  wwwwwwwwwwwsssswwwww
................R...  wwwwwwwwwwwssssswwww
R.........R.......R.  wwwwwwwwwwwwsssswwww
.....R..R.......R$..  wwwwwwwwwwwwsssswwww
..R.......R$.......R  wwwwwwwwwwwwssssswww
......O..........R..  wwwwwwwwwwwwssssswww
....R...R%.R........  wwwwwwwwwwwwssssswww
..$...R..........R..  wwwwwwwwwwwwsssswwww
R.R......R..........  wwwwwwwwwwwwsssswwww
....R.R.........R...  wwwwwwwwwwwssssswwww
R...S......C......R.  wwwwwwwwwwwsssswwwww
.....R..R.....O.R...  wwwwwwwwwwsssswwwwww
C..................R  wwwwwwwwwsssswwwwwww
..R..R.O......R..R..  wwwwwwwwssssswwwwwww
...................R  wwwwwwwwsssswwwwwwww
.R.........$.R......  wwwwwwwsssswwwwwwwww
...R......R....R.R.R  wwwwwwsssswwwwwwwwww
.............R......  wwwwwssssswwwwwwwwww
.....%.....R.....R..  wwwwwsssswwwwwwwwwww
.O..R......#....$..R  wwwwwsssswwwwwwwwwww
.........R....R..R..  wwwwssssswwwwwwwwwww
.R........SR.......R  wwwwssssswwwwwwwwwww
...R...........R....  wwwwssssswwwwwwwwwww
...S......R..R......  wwwwwsssswwwwwwwwwww
..R................R  wwwwwsssswwwwwwwwwww
....R...$......#.R..  wwwwwssssswwwwwwwwww
...........R#.R....R  wwwwwwsssswwwwwwwwww
...R$...............  wwwwwwwsssswwwwwwwww
.O.%........R)#..R..  wwwwwwwwsssswwwwwwww
.......R.......R....  wwwwwwwwssssswwwwwww
.....R..............  wwwwwwwwwsssswwwwwww
O.R...........R...R.  wwwwwwwwwwsssswwwwww
..).R...R...........  wwwwwwwwwwwsssswwwww
R.R..S..........R...  wwwwwwwwwwwssssswwww
.....R.R............  wwwwwwwwwwwwsssswwww
.........R.#.......R  wwwwwwwwwwwwsssswwww
..R..R.R.........R..  wwwwwwwwwwwwssssswww
...........R.......R  wwwwwwwwwwwwssssswww
.R.R................  wwwwwwwwwwwwssssswww
......R..R.......R..  wwwwwwwwwwwwsssswwww
..R.R...$%.R.......#  wwwwwwwwwwwwsssswwww
......R.R.......R..R  wwwwwwwwwwwssssswwww
..........R.........  wwwwwwwwwwwsssswwwww
.R.R........$..R.$.R  wwwwwwwwwwsssswwwwww
......R.............  wwwwwwwwwsssswwwwwww
.............O.R.R..  wwwwwwwwssssswwwwwww
....R..R.....)%$...#  wwwwwwwwsssswwwwwwww
$R.........R.R.....R  wwwwwwwsssswwwwwwwww
....R......C...R.R..  wwwwwwsssswwwwwwwwww
R...........R.......  wwwwwssssswwwwwwwwww
..R.................  wwwwwsssswwwwwwwwwww
....#....R.R....R..R  wwwwwsssswwwwwwwwwww
.R.R.).......R...C..  wwwwssssswwwwwwwwwww
.........R..........  wwwwssssswwwwwwwwwww
..R.........R...R...  wwwwssssswwwwwwwwwww
.........R.........R  wwwwwsssswwwwwwwwwww
..R.R.......R...R...  wwwwwsssswwwwwwwwwww
........$.R...R....R  wwwwwssssswwwwwwwwww
$R...R..............  wwwwwwsssswwwwwwwwww
...R.#......R.R.R..O  wwwwwwwsssswwwwwwwww
....................  cccccccccccccccccccc
"""

# Shortcuts everywhere, each ringed with holes.
GATES = """
......531246......  cccccccccccccccccc
..................  ggssggggssggggssgg
..................  ggssggggssggggssgg
.......$.....S....  ggssggggssggggssgg
.........%..O.O...  ggssggggssggggssgg
.............O....  gssggggssggggssggg
...........%..O..S  gssggggssggggssggg
O.......S.......O.  gssggggssggggssggg
.......O.O.......O  gssggggssggggssggg
O...........$.....  gssggggssggggssggg
S.$.....R.....#$..  ssggggssggggssgggs
.O.....S..$......O  ssggggssggggssgggs
O.....O.O.........  ssggggssggggssgggs
.O..S..S.C........  ssggggssggggssgggs
...O.CO.O..%......  ssggggssggggssgggs
....O....S........  sggggssggggssggggs
....%O..O.O.......  sggggssggggssggggs
.........O.%......  sggggssggggssggggs
.....)...SO$......  sggggssggggssggggs
....S...O...$.....  sggggssggggssggggs
...O.O.$..........  ggggssggggssggggsg
....O.............  ggggssggggssggggsg
...#.O............  ggggssggggssggggsg
........$.........  ggggssggggssggggsg
.......R#C......#.  ggggssggggssggggsg
...........%.R....  gggssggggssggggssg
%..#..........#...  gggssggggssggggssg
..####......####..  gggssggggssggggssg
........).%#......  gggssggggssggggssg
.%.......#....%...  gggssggggssggggssg
.......$.....R...#  ggssggggssggggssgg
.....#..$.C.......  ggssggggssggggssgg
.........$........  ggssggggssggggssgg
.....###....####.R  ggssggggssggggssgg
..................  ggssggggssggggssgg
..#.....)..C......  gssggggssggggssggg
........%.........  gssggggssggggssggg
.......$..........  gssggggssggggssggg
.......$.....R....  gssggggssggggssggg
..................  cccccccccccccccccc
"""

# Chests walled up in the middle, four gates in.
HOARD = """
.......531246.......  cccccccccccccccccccc
....................  ggggggggddddgggggggg
.......O............  ggggggggddddgggggggg
O........%.R........  ggggggggddddgggggggg
.......$............  ggggggggddddgggggggg
....$...............  ggggggggddddgggggggg
..........$.........  ggggggggddddgggggggg
.............#......  ggggggggddddgggggggg
........R...........  ggggggggddddgggggggg
#.#.............#...  ggggggggddddgggggggg
......$.......%..$..  ggggggggddddgggggggg
)....)..............  ggggggggddddgggggggg
....####....####S...  ggggggggddddgggggggg
....#..........#....  gggggccccccccccggggg
.O..#......S...#....  gggggccccccccccggggg
....#.......C..#....  gggggccccccccccggggg
..%.#.....C)...#....  gggggccccccccccggggg
........C...........  gggggccccccccccggggg
...#.....C.R........  gggggccccccccccggggg
....#C..#.....C#..R.  gggggccccccccccggggg
....#..........#....  gggggccccccccccggggg
....#.........C#....  gggggccccccccccggggg
....#..........#....  gggggccccccccccggggg
..$.####....####....  ggggggggddddgggggggg
....................  ggggggggddddgggggggg
.O...............$..  ggggggggddddgggggggg
.$.......%....#.....  ggggggggddddgggggggg
....................  ggggggggddddgggggggg
...................R  ggggggggddddgggggggg
..........$..%.$....  ggggggggddddgggggggg
R...................  ggggggggddddgggggggg
.............R......  ggggggggddddgggggggg
.....#..O%..........  ggggggggddddgggggggg
..R.........$.$.....  ggggggggddddgggggggg
.........O..........  ggggggggddddgggggggg
....................  cccccccccccccccccccc
"""

# A duel: walls bar all but the edge columns of every sixth row; the way through is across the edges, which touch.
# Five game turns: over ten, the leader after the seventh won 82 % of the duels (issue 47).
GORGE = """
...1..2...  cccccccccc
..........  aaddddddaa
R...$.....  aaddddddaa
.......$).  aaddddddaa
..........  aaddddddaa
.########.  aaddddddaa
..........  aaddddddaa
...R.O..O.  aaddddddaa
R.........  aaddddddaa
...R......  aaddddddaa
..%.......  aaddddddaa
.########.  aaddddddaa
.......S..  aaddddddaa
..........  aaddddddaa
.O....$S..  aaddddddaa
...R......  aaddddddaa
..........  aaddddddaa
.########.  aaddddddaa
..........  aaddddddaa
..O.......  aaddddddaa
.......R..  aaddddddaa
O.........  aaddddddaa
..........  aaddddddaa
.########.  aaddddddaa
..........  aaddddddaa
.$......R.  aaddddddaa
....C.....  aaddddddaa
.C...R....  aaddddddaa
.).....%..  aaddddddaa
.########.  aaddddddaa
$.........  aaddddddaa
..........  cccccccccc
"""

BOARDS: tuple[tuple[str, str, dict[str, Any], str, dict[str, Any]], ...] = (
    # file, layout, look, layer encoding, properties
    (
        "meadow.tmx",
        MEADOW,
        MEADOW_LOOK,
        "csv",
        {
            "name": "Meadow Dash",
            "name.fr": "La Course du pré",
            "description": "An open meadow with a few fences: the gentle board for a first race.",
            "description.fr": "Un pré ouvert et quelques clôtures : le plateau tranquille d'une première course.",
            "turns": 8,
            "respawn_turns": "4,7",
            "max_racers": 6,
        },
    ),
    (
        "mine.tmx",
        MINE,
        MINE_LOOK,
        "zlib",
        {
            "name": "Hollow Mine",
            "name.fr": "La Mine creuse",
            "description": "A rocky mine riddled with holes: every step is a choice.",
            "description.fr": "Une mine rocheuse criblée de trous : chaque pas est un choix.",
            "turns": 10,
            "respawn_turns": "4,7,10",
            "max_racers": 6,
        },
    ),
    (
        "forest.tmx",
        FOREST,
        FOREST_LOOK,
        "gzip",
        {
            "name": "Thornwood",
            "name.fr": "Le Bois-aux-Épines",
            "description": "A forest of stake fences and magic shortcuts: find the gaps, or gamble.",
            "description.fr": "Une forêt de palissades et de raccourcis magiques : "
            "trouvez les passages, ou tentez votre chance.",
            "turns": 12,
            "respawn_turns": "4,7,10",
            "max_racers": 6,
        },
    ),
    (
        "sprint.tmx",
        SPRINT,
        SPRINT_LOOK,
        "csv",
        {
            "name": "Goblin Sprint",
            "name.fr": "Le Sprint des gobelins",
            "description": "A short dash across the dunes in six game turns: every point counts from the first roll.",
            "description.fr": "Un sprint à travers les dunes en six tours de jeu : "
            "chaque point compte dès le premier lancer.",
            "turns": 6,
            "respawn_turns": "3,5",
            "max_racers": 6,
        },
    ),
    (
        "frostpeak.tmx",
        FROSTPEAK,
        FROSTPEAK_LOOK,
        "zlib",
        {
            "name": "Frostpeak Trail",
            "name.fr": "La Piste du Pic-Gelé",
            "description": "The long course, through a boulder field (fifteen game turns unless a "
            "championship sets fewer). The paved trail winds clear of the rocks; the straight line does not.",
            "description.fr": "La longue course, dans un champ de rochers (quinze tours de jeu, sauf si un "
            "championnat en fixe moins). Le chemin pavé serpente entre eux ; la ligne droite, non.",
            "turns": 15,
            "respawn_turns": "4,7,10,13",
            "max_racers": 6,
        },
    ),
    (
        "gates.tmx",
        GATES,
        GATES_LOOK,
        "gzip",
        {
            "name": "Wizard's Gates",
            "name.fr": "Les Portes du mage",
            "description": "Shortcuts everywhere, each one ringed with holes: leap ahead, or fall.",
            "description.fr": "Des raccourcis partout, chacun cerné de trous : bondir en avant, ou tomber.",
            "turns": 10,
            "respawn_turns": "4,7,10",
            "max_racers": 6,
        },
    ),
    (
        "hoard.tmx",
        HOARD,
        HOARD_LOOK,
        "csv",
        {
            "name": "Dragon's Hoard",
            "name.fr": "Le Trésor du dragon",
            "description": "Seven chests walled up in the middle of the track, four gates in: everyone wants them.",
            "description.fr": "Sept coffres emmurés au milieu de la piste, quatre portes pour entrer : "
            "tout le monde les veut.",
            "turns": 10,
            "respawn_turns": "4,7,10",
            "max_racers": 6,
        },
    ),
    (
        "gorge.tmx",
        GORGE,
        GORGE_LOOK,
        "base64",
        {
            "name": "Twin Gorge",
            "name.fr": "La Gorge jumelle",
            "description": "A duel for two racers: walls bar the middle of the gorge, "
            "and the way round is across its edges, which touch.",
            "description.fr": "Un duel à deux : des murs barrent le milieu de la gorge, "
            "et le passage est par ses bords, qui se touchent.",
            "turns": 5,
            "respawn_turns": "3,5",
            "max_racers": 2,
        },
    ),
)


# ---------------------------------------------------------------- reading layouts
def split_layout(layout: str) -> tuple[list[str], list[str]]:
    """The rules grid and the ground grid of a layout."""
    rules, ground = [], []
    for number, line in enumerate(text for text in layout.strip("\n").splitlines() if text.strip()):
        parts = line.split()
        if len(parts) != 2:
            raise SystemExit(f"layout row {number}: expected a rules grid and a ground grid, got {line!r}")
        rules.append(parts[0])
        ground.append(parts[1])
    check_grids(rules, ground)
    return rules, ground


def check_grids(rules: list[str], ground: list[str]) -> None:
    """Both grids are rectangles of one size, and the ground meets itself across the edges."""
    width = len(rules[0])
    for number, (a, b) in enumerate(zip(rules, ground)):
        if len(a) != width or len(b) != width:
            raise SystemExit(f"layout row {number}: {len(a)} rule and {len(b)} ground squares, expected {width}")
    for number, row in enumerate(ground):
        if row[0] != row[-1]:
            raise SystemExit(f"ground row {number}: the left edge ({row[0]}) does not meet the right edge ({row[-1]})")
    for col in range(width):
        if ground[0][col] != ground[-1][col]:
            raise SystemExit(f"ground column {col}: the top edge does not meet the bottom edge")


def tile_ids(tsx: Path = MAPS / TILESET) -> dict[str, int]:
    """Tile name -> gid (firstgid 1), from the `tile` property of each tile of the .tsx."""
    ids: dict[str, int] = {}
    for tile in ElementTree.parse(tsx).getroot().iter("tile"):
        for prop in tile.iter("property"):
            if prop.get("name") == "tile":
                ids[prop.get("value", "")] = int(tile.get("id", "-1")) + 1
    return ids


# ---------------------------------------------------------------- writing .tmx
def layer_grids(rules: list[str], ground: list[str] | None, look: dict, seed: int) -> list[tuple[str, list[list[str]]]]:
    """Every tile layer as a grid of tile names ('' for none), bottom first."""
    rng = random.Random(seed)
    height, width = len(rules), len(rules[0])
    ground = ground or ["g" * width] * height
    pick = lambda names: names[rng.randrange(len(names))]  # noqa: E731
    empty = lambda: [[""] * width for _ in range(height)]  # noqa: E731
    base = [[pick(GROUND_TILES[ground[r][c]]) for c in range(width)] for r in range(height)]
    decor, finish, boxes = empty(), empty(), empty()
    for r in range(height):
        for c in range(width):
            kinds, share = DECORATIONS.get(ground[r][c], ((), 0))
            if rules[r][c] == "." and 0 < r < height - 1 and rng.random() < share:
                decor[r][c] = pick(kinds)
    for c in range(width):
        finish[0][c], finish[height - 1][c] = "finish-top", "finish-bottom"
        if rules[0][c] in "123456":
            boxes[0][c] = f"start-{rules[0][c]}"
    sides, ends = verges(ground, "left", "right"), verges(ground, "top", "bottom")
    layers = [
        ("ground", base),
        ("verges", sides),
        ("verges 2", ends),
        ("decoration", decor),
        ("finish line", finish),
        ("start boxes", boxes),
    ]
    for name, char in RULE_LAYERS:
        grid = empty()
        for r in range(height):
            for c in range(width):
                if rules[r][c] == char:
                    grid[r][c] = OBJECT_TILES.get(char) or pick(look.get(char, MEADOW_LOOK[char]))
        layers.append((name, grid))
    return layers


def verges(ground: list[str], *sides: str) -> list[list[str]]:
    """Where a neighbouring ground spills onto a square, on the first of these sides that has one.

    A cell is "tile@side" (wrapping across the board's edges like the race does).
    """
    height, width = len(ground), len(ground[0])
    grid = [[""] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            for side in sides:
                dr, dc, _ = SIDES[side]
                other = ground[(r + dr) % height][(c + dc) % width]
                if SPILL.get(other, 0) > SPILL.get(ground[r][c], 0):
                    grid[r][c] = f"{VERGES[other]}@{side}"
                    break
    return grid


def gid(cell: str, ids: dict[str, int]) -> int:
    """The Tiled gid of a grid cell ("" is none; "tile@side" is a flipped verge)."""
    if not cell:
        return 0
    name, _, side = cell.partition("@")
    return ids[name] | (SIDES[side][2] if side else 0)


def encode(gids: list[int], width: int, encoding: str) -> tuple[str, str]:
    """Layer data in Tiled's formats: ('csv'|'zlib'|'gzip'|'base64') -> (attributes, text)."""
    if encoding == "csv":
        rows = [",".join(map(str, gids[i : i + width])) for i in range(0, len(gids), width)]
        return 'encoding="csv"', "\n" + ",\n".join(rows) + "\n"
    raw = struct.pack(f"<{len(gids)}I", *gids)
    if encoding == "zlib":
        return 'encoding="base64" compression="zlib"', base64.b64encode(zlib.compress(raw)).decode()
    if encoding == "gzip":
        return 'encoding="base64" compression="gzip"', base64.b64encode(gzip.compress(raw, mtime=0)).decode()
    return 'encoding="base64"', base64.b64encode(raw).decode()


def property_lines(properties: dict, indent: str) -> list[str]:
    """Tiled <properties> lines (ints typed as int)."""
    lines = [f"{indent}<properties>"]
    for name, value in properties.items():
        kind = ' type="int"' if isinstance(value, int) else ""
        lines.append(f"{indent} <property name={quoteattr(name)}{kind} value={quoteattr(str(value))}/>")
    return lines + [f"{indent}</properties>"]


def tmx_text(
    rules: list[str],
    ground: list[str] | None = None,
    properties: dict | None = None,
    encoding: str = "csv",
    look: dict | None = None,
    seed: int = 1,
    tileset: str = TILESET,
    ids: dict[str, int] | None = None,
) -> str:
    """A Tiled map of a text board: its layers, start points and properties."""
    ids = ids or tile_ids()
    height, width = len(rules), len(rules[0])
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" class="board" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" infinite="0" nextlayerid="16" nextobjectid="7">',
    ]
    lines += property_lines({"author": AUTHOR, "author.fr": AUTHOR_FR, **(properties or {})}, " ")
    lines.append(f' <tileset firstgid="1" source="{tileset}"/>')
    for number, (name, grid) in enumerate(layer_grids(rules, ground, look or MEADOW_LOOK, seed), start=1):
        gids = [gid(cell, ids) for row in grid for cell in row]
        attributes, data = encode(gids, width, encoding)
        lines += [
            f' <layer id="{number}" name="{name}" width="{width}" height="{height}">',
            f"  <data {attributes}>{data}</data>",
            " </layer>",
        ]
    lines.append(' <objectgroup id="15" name="start">')
    starts = sorted((int(ch), c) for c, ch in enumerate(rules[0]) if ch in "123456")
    for order, col in starts:
        lines += [
            f'  <object id="{order}" name="racer {order}" x="{col * TILE + TILE // 2}" y="{TILE // 2}">',
            *property_lines({"order": order}, "   "),
            "   <point/>",
            "  </object>",
        ]
    lines += [" </objectgroup>", "</map>"]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write every shipped board."""
    ids = tile_ids()
    for seed, (file, layout, look, encoding, properties) in enumerate(BOARDS, start=1):
        rules, ground = split_layout(layout)
        (MAPS / file).write_text(tmx_text(rules, ground, properties, encoding, look, seed, ids=ids))
        print(f"wrote maps/{file} ({len(rules[0])}x{len(rules)}, {encoding})")


if __name__ == "__main__":
    main()
