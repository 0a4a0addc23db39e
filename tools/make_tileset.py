"""Paint the game's Tiled tileset: maps/tilesets/fantasy-racing.png + .tsx.

Ground tiles are procedural textures (seamless, so boards wrap without
seams); obstacles and objects are game-icons.net icons (CC BY 3.0, see
assets/CREDITS.md) coloured, outlined and shaded here. The icons come from
the npm package of the Iconify set:

    npm install @iconify-json/game-icons
    python tools/make_tileset.py --icons node_modules/@iconify-json/game-icons/icons.json

The output is committed; run this again only to change the art. Every tile
carries a `tile` property with its name, which tools/make_boards.py uses.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402  (tools may use pygame; game/ never does)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ICONS = "/tmp/fr-npm/node_modules/@iconify-json/game-icons/icons.json"
TILESET = ROOT / "maps" / "tilesets" / "fantasy-racing"
TILE = 32  # pixels per square (docs/maps.md suggests 32)
COLUMNS = 8  # tiles per row of the tileset image
SUPERSAMPLE = 4  # icons are drawn this many times larger, then scaled down
GRID_SHADE = 0.86  # how dark the bottom/right edge of a ground square is (the board's grid)

# The tileset, in order: name -> how to paint it.
TILE_NAMES = (
    "grass-1",
    "grass-2",
    "grass-3",
    "dirt-1",
    "dirt-2",
    "stone-1",
    "stone-2",
    "sand-1",
    "sand-2",
    "snow-1",
    "snow-2",
    "mine-1",
    "mine-2",
    "rail",
    "moss-1",
    "moss-2",
    "barrier-fence",
    "barrier-stakes",
    "barrier-bricks",
    "rock-1",
    "rock-2",
    "hole-1",
    "hole-2",
    "shortcut-1",
    "shortcut-2",
    "chest",
    "coin",
    "clover",
    "shield",
    "finish-top",
    "finish-bottom",
    "arrow",
    "start-1",
    "start-2",
    "start-3",
    "start-4",
    "start-5",
    "start-6",
    "flowers",
    "tuft",
    "pebbles",
    "mushrooms",
    "crystals",
    "leaves",
    "lantern",
    "bones",
    "snowdrift",
    "reeds",
    "verge-grass",
    "verge-moss",
    "verge-snow",
    "verge-sand",
)


# ---------------------------------------------------------------- textures
def periodic_noise(rng: random.Random, cells: int) -> list[list[float]]:
    """Smooth value noise over one tile that wraps at its edges (values 0..1)."""
    lattice = [[rng.random() for _ in range(cells)] for _ in range(cells)]
    step = TILE / cells
    field = []
    for y in range(TILE):
        row = []
        for x in range(TILE):
            gx, gy = x / step, y / step
            x0, y0 = int(gx) % cells, int(gy) % cells
            x1, y1 = (x0 + 1) % cells, (y0 + 1) % cells
            fx, fy = _smooth(gx - int(gx)), _smooth(gy - int(gy))
            top = lattice[y0][x0] * (1 - fx) + lattice[y0][x1] * fx
            bottom = lattice[y1][x0] * (1 - fx) + lattice[y1][x1] * fx
            row.append(top * (1 - fy) + bottom * fy)
        field.append(row)
    return field


def _smooth(t: float) -> float:
    """Smoothstep, for soft noise."""
    return t * t * (3 - 2 * t)


def shade(color, factor: float) -> tuple[int, int, int]:
    """A colour made lighter (factor > 1) or darker (factor < 1)."""
    r, g, b = (max(0, min(255, int(c * factor))) for c in color[:3])
    return r, g, b


def mix(a, b, t: float) -> tuple[int, int, int]:
    """The colour t of the way from a to b."""
    red, green, blue = (int(a[i] + (b[i] - a[i]) * t) for i in range(3))
    return red, green, blue


def textured(seed: int, dark, light, cells=(4, 8), grain: float = 0.08) -> pygame.Surface:
    """A seamless ground texture between two colours."""
    rng = random.Random(seed)
    coarse, fine = periodic_noise(rng, cells[0]), periodic_noise(rng, cells[1])
    surface = pygame.Surface((TILE, TILE))
    for y in range(TILE):
        for x in range(TILE):
            t = 0.65 * coarse[y][x] + 0.35 * fine[y][x] + rng.uniform(-grain, grain)
            surface.set_at((x, y), mix(dark, light, max(0.0, min(1.0, t))))
    return surface


def grid_edges(surface: pygame.Surface) -> pygame.Surface:
    """Darken the bottom and right edge so the squares of the board read clearly."""
    for i in range(TILE):
        for x, y in ((TILE - 1, i), (i, TILE - 1)):
            surface.set_at((x, y), shade(surface.get_at((x, y)), GRID_SHADE))
    return surface


def scatter(surface, seed: int, count: int, colors, size=(1, 2), margin: int = 1) -> None:
    """Dots of the given colours (flowers, pebbles, speckles), wrapping at the edges."""
    rng = random.Random(seed)
    for _ in range(count):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        r = rng.randint(*size)
        color = rng.choice(colors)
        for dx in (-TILE, 0, TILE):
            for dy in (-TILE, 0, TILE):
                pygame.draw.circle(surface, color, (x + dx, y + dy), r)


def blades(surface, seed: int, count: int, colors) -> None:
    """Short grass blades."""
    rng = random.Random(seed)
    for _ in range(count):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        lean = rng.choice((-1, 0, 1))
        color = rng.choice(colors)
        for dx in (-TILE, 0, TILE):
            for dy in (-TILE, 0, TILE):
                pygame.draw.line(surface, color, (x + dx, y + dy), (x + dx + lean, y + dy - rng.randint(2, 3)))


# ---------------------------------------------------------------- ground
def grass(seed: int, extra: str = "") -> pygame.Surface:
    """Meadow grass; 'tufts' or 'flowers' for variety."""
    surface = textured(seed, (66, 128, 48), (104, 170, 66))
    blades(surface, seed + 1, 14 if extra == "tufts" else 7, [(54, 112, 40), (122, 186, 80)])
    if extra == "flowers":
        scatter(surface, seed + 2, 4, [(250, 246, 220), (250, 214, 70), (236, 130, 170)], (1, 1))
    return grid_edges(surface)


def dirt(seed: int) -> pygame.Surface:
    """The beaten dirt of the track."""
    surface = textured(seed, (136, 94, 56), (180, 134, 86))
    scatter(surface, seed + 1, 5, [(112, 80, 50), (196, 160, 116), (150, 140, 128)], (1, 1))
    return grid_edges(surface)


def stone(seed: int, cobbles: bool) -> pygame.Surface:
    """Paving slabs, or round cobbles."""
    surface = textured(seed, (118, 118, 124), (160, 160, 168), grain=0.05)
    mortar = (88, 86, 92)
    if cobbles:
        rng = random.Random(seed)
        for cx, cy in ((8, 8), (24, 8), (0, 24), (16, 24), (32, 24)):
            tone = rng.uniform(0.92, 1.1)
            rect = pygame.Rect(cx - 7, cy - 6, 14, 12)
            pygame.draw.ellipse(surface, mortar, rect.inflate(2, 2), 1)
            pygame.draw.ellipse(surface, shade((150, 150, 158), tone), rect)
            pygame.draw.arc(surface, shade((190, 190, 198), tone), rect.inflate(-3, -3), 1.6, 3.0, 1)
    else:
        pygame.draw.line(surface, mortar, (0, 15), (TILE, 15))
        pygame.draw.line(surface, mortar, (0, 31), (TILE, 31))
        pygame.draw.line(surface, mortar, (12, 0), (12, 15))
        pygame.draw.line(surface, mortar, (26, 16), (26, 31))
    return grid_edges(surface)


def sand(seed: int, ripples: bool) -> pygame.Surface:
    """Sand, with wind ripples on the second variant."""
    surface = textured(seed, (206, 176, 112), (236, 212, 152), grain=0.06)
    if ripples:
        for base in (6, 16, 26):
            points = [(x, base + 2 * math.sin(2 * math.pi * x / TILE)) for x in range(TILE + 1)]
            pygame.draw.lines(surface, (196, 164, 100), False, points)
    scatter(surface, seed + 3, 3, [(180, 150, 96)], (1, 1))
    return grid_edges(surface)


def snow(seed: int, sparkle: bool) -> pygame.Surface:
    """Snow with blue shadows; sparkles on the second variant."""
    surface = textured(seed, (206, 220, 238), (248, 251, 255), grain=0.04)
    if sparkle:
        scatter(surface, seed + 1, 6, [(255, 255, 255), (180, 200, 230)], (1, 1))
    return grid_edges(surface)


def mine_floor(seed: int) -> pygame.Surface:
    """The gravel floor of a mine."""
    surface = textured(seed, (70, 62, 60), (108, 98, 92), cells=(4, 16), grain=0.12)
    scatter(surface, seed + 1, 6, [(58, 50, 48), (132, 122, 114)], (1, 1))
    return grid_edges(surface)


def rail(seed: int) -> pygame.Surface:
    """Mine floor with a rail track running down the board."""
    surface = mine_floor(seed)
    for y in (4, 20):
        pygame.draw.rect(surface, (98, 68, 42), (5, y, 22, 5))
        pygame.draw.line(surface, (128, 92, 58), (5, y), (26, y))
    for x in (9, 22):
        pygame.draw.line(surface, (150, 150, 160), (x, 0), (x, TILE - 1), 2)
        pygame.draw.line(surface, (210, 210, 220), (x, 0), (x, TILE - 1))
    return grid_edges(surface)


def moss(seed: int, leaves: bool) -> pygame.Surface:
    """The mossy floor of the forest."""
    surface = textured(seed, (40, 84, 44), (72, 122, 58))
    blades(surface, seed + 1, 5, [(34, 70, 36), (90, 140, 70)])
    if leaves:
        scatter(surface, seed + 2, 5, [(170, 110, 40), (196, 150, 60), (120, 80, 36)], (1, 2))
    return grid_edges(surface)


def verge(ground: pygame.Surface, seed: int, blade=None) -> pygame.Surface:
    """A ragged strip of a neighbouring ground spilling over the left edge of a square.

    Painted on the square next to that ground (flipped in Tiled for the other
    sides), it softens the border between two grounds.
    """
    rng = random.Random(seed)
    wobble = periodic_noise(rng, 4)
    surface = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    for y in range(TILE):
        reach = 2 + 4 * wobble[y][0]
        for x in range(int(reach) + 2):
            alpha = 255 if x < reach - 1 else max(0, int(255 * (reach + 1 - x) / 2))
            color = ground.get_at((x, y))
            surface.set_at((x, y), (*color[:3], min(255, alpha)))
    if blade:
        for _ in range(7):
            y = rng.randrange(2, TILE - 2)
            reach = int(2 + 4 * wobble[y][0])
            pygame.draw.line(surface, blade, (reach - 1, y), (reach + rng.randint(2, 3), y + rng.choice((-1, 1))))
    return surface


# ---------------------------------------------------------------- icons
class Icons:
    """game-icons.net silhouettes, coloured with a gradient and outlined."""

    def __init__(self, path: str) -> None:
        self.bodies = json.loads(Path(path).read_text())["icons"]

    def silhouette(self, name: str, size: int) -> pygame.Surface:
        """The icon in white on transparency, size x size pixels."""
        body = self.bodies[name]["body"].replace("currentColor", "#ffffff")
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 512 512">{body}</svg>'
        )
        return pygame.image.load(io.BytesIO(svg.encode()), "icon.svg").convert_alpha()

    def paint(self, name: str, top, bottom, outline, fill: float = 0.86, lift: int = 0) -> pygame.Surface:
        """A tile with the icon in a top-to-bottom gradient, outlined, with a soft shadow."""
        big = TILE * SUPERSAMPLE
        inner = int(big * fill)
        white = self.silhouette(name, inner)
        colored = white.copy()
        colored.blit(gradient(inner, top, bottom), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        dark = tinted(white, outline)
        shadow = tinted(white, (0, 0, 0, 90))
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        at = ((big - inner) // 2, (big - inner) // 2 - lift)
        canvas.blit(shadow, (at[0] + 5, at[1] + 7))
        radius = SUPERSAMPLE + 2
        for angle in range(0, 360, 30):
            dx = round(radius * math.cos(math.radians(angle)))
            dy = round(radius * math.sin(math.radians(angle)))
            canvas.blit(dark, (at[0] + dx, at[1] + dy))
        canvas.blit(colored, at)
        return pygame.transform.smoothscale(canvas, (TILE, TILE))


def gradient(size: int, top, bottom) -> pygame.Surface:
    """A vertical gradient, size x size."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        pygame.draw.line(surface, (*mix(top, bottom, y / max(1, size - 1)), 255), (0, y), (size, y))
    return surface


def tinted(white: pygame.Surface, color) -> pygame.Surface:
    """A white silhouette in one colour (and alpha)."""
    surface = white.copy()
    rgba = tuple(color) + ((255,) if len(color) == 3 else ())
    surface.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def ground_shadow(width: int = 22, height: int = 7, alpha: int = 70) -> pygame.Surface:
    """A soft ellipse of shadow at the foot of a tile."""
    big = TILE * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    for step in range(6):
        w, h = (width - step) * SUPERSAMPLE, (height - step * 0.6) * SUPERSAMPLE
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (big // 2, big - 5 * SUPERSAMPLE)
        pygame.draw.ellipse(surface, (0, 0, 0, alpha // 6), rect)
    return pygame.transform.smoothscale(surface, (TILE, TILE))


def with_shadow(tile: pygame.Surface) -> pygame.Surface:
    """An object standing on the ground casts a shadow."""
    surface = ground_shadow()
    surface.blit(tile, (0, 0))
    return surface


# ---------------------------------------------------------------- obstacles
def hole(framed: bool) -> pygame.Surface:
    """A dark pit; the mine's variant has a timber frame."""
    big = TILE * SUPERSAMPLE
    s = SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = pygame.Rect(2 * s, 4 * s, 28 * s, 24 * s)
    if framed:
        pygame.draw.rect(surface, (74, 48, 26), rect.inflate(2 * s, 2 * s), border_radius=2 * s)
        pygame.draw.rect(surface, (130, 90, 52), rect, border_radius=2 * s)
        pit = rect.inflate(-6 * s, -6 * s)
        pygame.draw.rect(surface, (20, 14, 12), pit)
        for i in range(8):
            inner = pit.inflate(-i * 2 * s, -i * 2 * s)
            pygame.draw.rect(surface, mix((40, 30, 26), (0, 0, 0), i / 7), inner)
        for x in (rect.left + 4 * s, rect.right - 5 * s):
            pygame.draw.line(surface, (170, 126, 80), (x, rect.top + s), (x, rect.bottom - s), s)
    else:
        pygame.draw.ellipse(surface, (74, 52, 32), rect)  # earth rim
        pygame.draw.ellipse(surface, (118, 86, 54), rect.inflate(-2 * s, -2 * s))
        for i in range(9):
            inner = rect.inflate(-(4 + i * 2) * s, -(4 + i * 2) * s)
            pygame.draw.ellipse(surface, mix((54, 36, 24), (4, 2, 2), i / 8), inner)
        pygame.draw.arc(surface, (150, 114, 76), rect.inflate(-2 * s, -2 * s), math.pi * 1.1, math.pi * 1.9, s)
    return pygame.transform.smoothscale(surface, (TILE, TILE))


def portal_pad(core, rim) -> pygame.Surface:
    """A glowing round pad under a shortcut's swirl: dark rim, bright core."""
    big = TILE * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    centre = (big // 2, big // 2)
    pygame.draw.circle(surface, (*shade(rim, 0.5), 255), centre, big // 2 - SUPERSAMPLE)
    steps = 12
    for i in range(steps):
        radius = big // 2 - (2 + i) * SUPERSAMPLE
        pygame.draw.circle(surface, (*mix(rim, core, i / (steps - 1)), 255), centre, radius)
    return pygame.transform.smoothscale(surface, (TILE, TILE))


def halo(color=(255, 250, 210), strength: int = 110) -> pygame.Surface:
    """A soft light behind an object lying on the board, so pickups stand out."""
    big = TILE * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    for i in range(10):
        radius = big // 2 - i * SUPERSAMPLE
        pygame.draw.circle(surface, (*color, strength * (i + 1) // 40), (big // 2, big // 2), radius)
    return pygame.transform.smoothscale(surface, (TILE, TILE))


def pickup(tile: pygame.Surface) -> pygame.Surface:
    """An object on the board: a halo, a shadow and the icon."""
    surface = halo()
    surface.blit(with_shadow(tile), (0, 0))
    return surface


def pebbles(seed: int) -> pygame.Surface:
    """A few small flat pebbles (much smaller and flatter than a rock)."""
    rng = random.Random(seed)
    big = TILE * SUPERSAMPLE
    s = SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    for cx, cy in ((8, 20), (12, 23), (22, 10), (24, 25)):
        w, h = rng.randint(3, 5) * s, rng.randint(2, 3) * s
        tone = rng.randint(120, 170)
        rect = pygame.Rect(cx * s, cy * s, w, h)
        pygame.draw.ellipse(surface, (30, 24, 20, 90), rect.move(s // 2, s // 2))
        pygame.draw.ellipse(surface, (tone, tone - 6, tone - 12, 230), rect)
    return pygame.transform.smoothscale(surface, (TILE, TILE))


def flowers(seed: int) -> pygame.Surface:
    """A few tiny five-petal flowers."""
    rng = random.Random(seed)
    big = TILE * SUPERSAMPLE
    s = SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    for cx, cy in ((9, 10), (21, 8), (14, 22), (25, 24)):
        petal = rng.choice(((250, 250, 245), (250, 214, 80), (236, 140, 190), (170, 150, 240)))
        for k in range(5):
            angle = 2 * math.pi * k / 5
            at = (cx * s + 2.2 * s * math.cos(angle), cy * s + 2.2 * s * math.sin(angle))
            pygame.draw.circle(surface, (*petal, 255), at, 1.8 * s)
        pygame.draw.circle(surface, (240, 190, 40, 255), (cx * s, cy * s), 1.3 * s)
    return pygame.transform.smoothscale(surface, (TILE, TILE))


def shortcut(icons: Icons, name: str, core, rim, swirl_top, swirl_bottom) -> pygame.Surface:
    """A magic portal: a glowing pad with a swirl."""
    surface = portal_pad(core, rim)
    surface.blit(icons.paint(name, swirl_top, swirl_bottom, (20, 6, 50), fill=0.72), (0, 0))
    return surface


# ---------------------------------------------------------------- markings
def finish(at_top: bool) -> pygame.Surface:
    """Half of the checkered finish line: the top edge of row 0 or the bottom of the last row."""
    surface = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    cell = 4
    y0 = 0 if at_top else TILE - 2 * cell
    for row in range(2):
        for col in range(TILE // cell):
            white = (row + col + (0 if at_top else 1)) % 2 == 0
            color = (250, 250, 250, 235) if white else (24, 24, 28, 235)
            surface.fill(color, (col * cell, y0 + row * cell, cell, cell))
    return surface


def start_box(number: int, font: pygame.font.Font) -> pygame.Surface:
    """A painted start box with the racer's number."""
    surface = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    pygame.draw.rect(surface, (255, 255, 255, 60), (3, 3, TILE - 6, TILE - 6))
    pygame.draw.rect(surface, (255, 255, 255, 220), (3, 3, TILE - 6, TILE - 6), 2)
    label = font.render(str(number), True, (255, 255, 255))
    shadow = font.render(str(number), True, (20, 20, 20))
    rect = label.get_rect(center=(TILE // 2, TILE // 2 + 1))
    surface.blit(shadow, rect.move(1, 1))
    surface.blit(label, rect)
    return surface


def arrow() -> pygame.Surface:
    """A faint painted arrow showing the way to the finish (down the board)."""
    surface = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    color = (255, 255, 255, 90)
    pygame.draw.rect(surface, color, (13, 5, 6, 12))
    pygame.draw.polygon(surface, color, [(7, 16), (25, 16), (16, 27)])
    return surface


def decoration(icons: Icons, name: str, top, bottom, scale: float, alpha: int = 255) -> pygame.Surface:
    """A small decorative icon (never mistaken for an object: small, soft, no outline colour)."""
    tile = icons.paint(name, top, bottom, shade(bottom, 0.6), fill=scale)
    if alpha < 255:
        tile.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return tile


# ---------------------------------------------------------------- the tileset
def paint_tiles(icons: Icons) -> dict[str, pygame.Surface]:
    """Every tile of the tileset by name."""
    font = pygame.font.Font(None, 22)
    wood = ((214, 160, 96), (128, 80, 40), (54, 32, 16))
    tiles = {
        "grass-1": grass(11),
        "grass-2": grass(12, "tufts"),
        "grass-3": grass(13, "flowers"),
        "dirt-1": dirt(21),
        "dirt-2": dirt(22),
        "stone-1": stone(31, False),
        "stone-2": stone(32, True),
        "sand-1": sand(41, False),
        "sand-2": sand(42, True),
        "snow-1": snow(51, False),
        "snow-2": snow(52, True),
        "mine-1": mine_floor(61),
        "mine-2": mine_floor(62),
        "rail": rail(63),
        "moss-1": moss(71, False),
        "moss-2": moss(72, True),
        "barrier-fence": with_shadow(icons.paint("wooden-fence", *wood, fill=0.9)),
        "barrier-stakes": with_shadow(
            icons.paint("stakes-fence", (206, 150, 86), (112, 70, 34), (48, 28, 12), fill=0.92)
        ),
        "barrier-bricks": with_shadow(
            icons.paint("brick-wall", (214, 110, 70), (140, 58, 36), (60, 22, 12), fill=0.84)
        ),
        "rock-1": with_shadow(icons.paint("rock", (206, 206, 214), (100, 100, 112), (34, 34, 40), fill=0.9)),
        "rock-2": with_shadow(icons.paint("stone-pile", (190, 184, 176), (92, 86, 82), (30, 28, 26), fill=0.92)),
        "hole-1": hole(False),
        "hole-2": hole(True),
        "shortcut-1": shortcut(icons, "vortex", (120, 240, 255), (90, 40, 200), (230, 255, 255), (80, 200, 255)),
        "shortcut-2": shortcut(icons, "portal", (200, 140, 255), (60, 20, 150), (255, 240, 255), (190, 120, 255)),
        "chest": pickup(icons.paint("locked-chest", (226, 164, 78), (124, 70, 24), (50, 26, 6), fill=0.86)),
        "coin": pickup(icons.paint("two-coins", (255, 246, 140), (214, 140, 10), (90, 52, 0), fill=0.84)),
        "clover": pickup(icons.paint("shamrock", (150, 255, 120), (20, 150, 50), (6, 50, 16), fill=0.84)),
        "shield": pickup(icons.paint("checked-shield", (210, 230, 255), (50, 100, 200), (14, 30, 70), fill=0.84)),
        "finish-top": finish(True),
        "finish-bottom": finish(False),
        "arrow": arrow(),
        "flowers": flowers(81),
        "tuft": decoration(icons, "grass", (150, 210, 90), (60, 120, 40), 0.55, 220),
        "pebbles": pebbles(91),
        "mushrooms": decoration(icons, "mushrooms", (226, 150, 110), (140, 70, 50), 0.45, 190),
        "crystals": decoration(icons, "crystal-growth", (190, 240, 255), (60, 140, 220), 0.45, 220),
        "leaves": decoration(icons, "falling-leaf", (220, 150, 50), (150, 80, 20), 0.45, 200),
        "lantern": decoration(icons, "lantern-flame", (255, 220, 120), (160, 100, 30), 0.5, 240),
        "bones": decoration(icons, "broken-bone", (240, 236, 220), (170, 160, 140), 0.45, 200),
        "snowdrift": decoration(icons, "snowflake-1", (255, 255, 255), (180, 210, 240), 0.4, 200),
        "reeds": decoration(icons, "high-grass", (170, 200, 100), (80, 120, 40), 0.55, 220),
    }
    for number in range(1, 7):
        tiles[f"start-{number}"] = start_box(number, font)
    tiles["verge-grass"] = verge(grass(11), 101, (70, 140, 50))
    tiles["verge-moss"] = verge(moss(71, False), 102, (50, 100, 46))
    tiles["verge-snow"] = verge(snow(51, False), 103)
    tiles["verge-sand"] = verge(sand(41, False), 104)
    return tiles


def tileset_xml(rows: int) -> str:
    """The .tsx that describes the tileset image and names every tile."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="fantasy-racing" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{len(TILE_NAMES)}" columns="{COLUMNS}">',
        f' <image source="fantasy-racing.png" width="{COLUMNS * TILE}" height="{rows * TILE}"/>',
    ]
    for index, name in enumerate(TILE_NAMES):
        lines += [
            f' <tile id="{index}">',
            "  <properties>",
            f'   <property name="tile" value="{name}"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Paint the tileset and write its image and .tsx."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--icons",
        default=DEFAULT_ICONS,
        help="icons.json of npm @iconify-json/game-icons (npm install @iconify-json/game-icons)",
    )
    parser.add_argument("--out", default=str(TILESET), help="output path without extension")
    args = parser.parse_args()
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    pygame.font.init()
    tiles = paint_tiles(Icons(args.icons))
    rows = math.ceil(len(TILE_NAMES) / COLUMNS)
    sheet = pygame.Surface((COLUMNS * TILE, rows * TILE), pygame.SRCALPHA)
    for index, name in enumerate(TILE_NAMES):
        sheet.blit(tiles[name], ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out.with_suffix(".png")))
    out.with_suffix(".tsx").write_text(tileset_xml(rows))
    print(f"wrote {out.with_suffix('.png')} and {out.with_suffix('.tsx')} ({len(TILE_NAMES)} tiles)")


if __name__ == "__main__":
    main()
