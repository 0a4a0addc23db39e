"""Regenerate the game's art and fonts under assets/ (a development-time tool).

Every image is composed from the game-icons.net glyphs (CC BY 3.0) plus
procedural pygame drawing (gradients, outlines, soft shadows, glows). The
fonts are the OFL fonts of the @fontsource packages, unpacked from WOFF to
plain TrueType. The output is deterministic: running the script twice gives
the same files.

Install the sources once (outside the repository; node_modules is ignored):

    mkdir -p /tmp/fr-npm && cd /tmp/fr-npm && npm install \\
        @iconify-json/game-icons@1.2.4 @fontsource/cinzel-decorative@5.3.0 \\
        @fontsource/cinzel@5.3.0 @fontsource/alegreya-sans@5.3.0

Run from the repository root:

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/make_assets.py \\
        [--node-modules /tmp/fr-npm/node_modules] [--out assets] [--sheet /tmp/sheet.png]

It writes assets/images/..., assets/fonts/..., assets/README.md (the table of
every file and its use) and its own sections of assets/CREDITS.md (other
sections of that file are kept as they are).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import shutil
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

Color = tuple[int, int, int]

# ---------------------------------------------------------------------------
# Palette and tables (data, not code: tweak here)
# ---------------------------------------------------------------------------

INK: Color = (24, 17, 14)  # outlines: a warm near-black
IVORY = ((255, 250, 232), (222, 204, 166))  # default glyph gradient (top, bottom)
RIMS = {  # medallion rims: metallic gradient (top, bottom)
    "gold": ((255, 232, 150), (168, 104, 28)),
    "silver": ((240, 243, 250), (122, 130, 148)),
    "amethyst": ((228, 186, 255), (104, 50, 158)),
    "bronze": ((236, 176, 118), (116, 66, 32)),
}
OBJECT_FIELD = ((58, 66, 96), (20, 22, 36))  # object badge field (centre, edge)

# id: (game-icons glyph, portrait field colour, French name for the README)
CHARACTERS = {
    "elf": ("woman-elf-face", (46, 132, 84)),
    "human": ("visored-helm", (46, 90, 178)),
    "dwarf": ("dwarf-face", (160, 94, 42)),
    "goblin": ("goblin-head", (104, 142, 40)),
    "orc": ("orc-head", (160, 42, 40)),
    "beastman": ("minotaur", (122, 80, 54)),
    "sorceress": ("witch-face", (112, 56, 170)),
    "baby": ("baby-face", (214, 104, 150)),
    "thief": ("hood", (56, 66, 88)),
    "lizardman": ("lizardman", (26, 128, 122)),
}

FIRE = ((255, 236, 120), (232, 72, 24))
STEEL = ((246, 249, 255), (138, 150, 176))
GOLDEN = ((255, 236, 130), (214, 138, 26))

# id: (glyph, glyph gradient, rim, overlay glyph or None, overlay gradient)
OBJECTS = {
    "ring_of_fire": ("fire-ring", FIRE, "gold", None, None),
    "ring_of_lightning": ("ring", GOLDEN, "gold", "power-lightning", ((236, 250, 255), (96, 176, 255))),
    "axe": ("magic-axe", STEEL, "gold", None, None),
    "spear": ("barbed-spear", STEEL, "gold", None, None),
    "syringe": ("syringe", ((240, 255, 246), (92, 200, 150)), "gold", None, None),
    "trap": ("wolf-trap", ((226, 196, 160), (134, 84, 52)), "silver", None, None),
    "clover": ("clover", ((186, 248, 132), (40, 150, 62)), "silver", None, None),
    "shield": ("magic-shield", ((176, 214, 255), (60, 100, 206)), "silver", None, None),
    "coin": ("crown-coin", GOLDEN, "silver", None, None),
    "bottle": ("standing-potion", ((214, 255, 140), (84, 180, 58)), "silver", None, None),
    "wand_of_teleportation": ("fairy-wand", ((240, 214, 255), (156, 96, 240)), "amethyst", None, None),
    "wand_of_fire": ("crystal-wand", FIRE, "amethyst", "small-fire", FIRE),
    "throwing_star": ("ninja-star", STEEL, "bronze", None, None),
    "poo": ("turd", ((196, 132, 74), (104, 62, 30)), "bronze", None, None),
    "chest": ("chest", ((250, 204, 120), (168, 96, 36)), "gold", None, None),
}

# tier: (name, glyph gradient, rim gradient, symbol)
CHEST_TIERS = [
    ("max malus, dark red", ((226, 78, 72), (128, 14, 20)), ((214, 74, 66), (96, 10, 16)), "--"),
    ("malus, orange", ((255, 196, 92), (226, 112, 18)), ((255, 180, 80), (170, 80, 10)), "-"),
    ("neutral, white", ((255, 255, 255), (204, 204, 210)), ((255, 255, 255), (150, 152, 164)), "="),
    ("bonus, light green", ((196, 255, 160), (104, 206, 84)), ((190, 250, 150), (70, 160, 60)), "+"),
    ("max bonus, dark green", ((74, 184, 96), (14, 100, 42)), ((70, 170, 90), (10, 80, 34)), "++"),
]

# name: (glyph, gradient, rotation in degrees (counter-clockwise), use)
UI_ICONS = {
    "dice": ("rolling-dices", IVORY, 0, "roll the dice"),
    "drift": ("sideswipe", IVORY, 0, "drift phase"),
    "move": ("boots", IVORY, 0, "move / action move"),
    "rest": ("night-sleep", ((236, 240, 255), (150, 168, 232)), 0, "rest, sleeping baby, skip"),
    "coins": ("coins", GOLDEN, 0, "gold coins, coin walk"),
    "fight": ("crossed-swords", STEEL, 0, "fight"),
    "shock": ("spiky-explosion", ((255, 236, 110), (238, 84, 36)), 0, "shock (small or big)"),
    "hole": ("dig-hole", ((226, 188, 140), (138, 96, 58)), 0, "hole"),
    "shortcut": ("jump-across", IVORY, 0, "shortcut"),
    "lightning": ("power-lightning", ((255, 252, 186), (250, 186, 36)), 0, "lightning bolt"),
    "fireball": ("fire-dash", FIRE, 0, "fireball"),
    "finish": ("checkered-flag", IVORY, 0, "finish line, end of race"),
    "crown": ("crown", GOLDEN, 0, "winner, leader"),
    "settings": ("cog", STEEL, 0, "settings"),
    "sound": ("speaker", IVORY, 0, "sound effects on/off"),
    "music": ("musical-notes", IVORY, 0, "music on/off"),
    "pause": ("pause-button", IVORY, 0, "pause"),
    "save": ("save", IVORY, 0, "save the race"),
    "back": ("plain-arrow", IVORY, -90, "back"),
}

# Who drew each glyph used. icons.json carries no per-icon author, so this
# comes from the author folders of game-icons.net (github.com/game-icons/icons);
# add a line when you use a new glyph (the script warns about a missing one).
ICON_AUTHORS = {
    "Delapouite": "baby-face checkered-flag chest coins dig-hole dwarf-face goblin-head jump-across magic-axe "
    "musical-notes night-sleep orc-head plain-arrow ring rolling-dices save speaker stone-pile "
    "woman-elf-face",
    "Lorc": "barbed-spear boots cog crossed-swords crown crown-coin crystal-wand fairy-wand fire-dash fire-ring "
    "hood lizardman magic-shield minotaur pine-tree power-lightning small-fire spiky-explosion "
    "standing-potion turd visored-helm wolf-trap wyvern",
    "Cathelineau": "witch-face",
    "Faithtoken": "ninja-star",
    "Felbrigg": "sideswipe",
    "Guard13007": "pause-button",
    "Pepijn Poolman": "elven-castle",
    "Sbed": "clover syringe",
}

# Fonts: (file written, fontsource package, source file in the package, role)
FONTS = [
    (
        "CinzelDecorative-Bold.ttf",
        "cinzel-decorative",
        "cinzel-decorative-latin-700-normal.woff",
        "title lettering and big display text",
    ),
    (
        "Cinzel-Bold.ttf",
        "cinzel",
        "cinzel-latin-700-normal.woff",
        "headings where the decorative capitals would be too busy",
    ),
    ("AlegreyaSans-Regular.ttf", "alegreya-sans", "alegreya-sans-latin-400-normal.woff", "body / UI text"),
    ("AlegreyaSans-Bold.ttf", "alegreya-sans", "alegreya-sans-latin-700-normal.woff", "bold UI text, buttons, numbers"),
]
FONT_LICENCES = {
    "cinzel-decorative": ("OFL-CinzelDecorative.txt", "Cinzel Decorative", "Natanael Gama"),
    "cinzel": ("OFL-Cinzel.txt", "Cinzel", "The Cinzel Project Authors (Natanael Gama)"),
    "alegreya-sans": (
        "OFL-AlegreyaSans.txt",
        "Alegreya Sans",
        "The Alegreya Sans Project Authors (Huerta Tipográfica)",
    ),
}

# ---------------------------------------------------------------------------
# Glyphs
# ---------------------------------------------------------------------------


class Icons:
    """The game-icons.net set as packaged by @iconify-json/game-icons."""

    def __init__(self, path: Path):
        data = json.loads(path.read_text(encoding="utf-8"))
        self.icons = data["icons"]
        self.box = data.get("width", 512)
        self.used: set[str] = set()

    def glyph(self, name: str, size: int) -> pygame.Surface:
        """The glyph `name` in white, `size` x `size` px, transparent around."""
        if name not in self.icons:
            raise SystemExit(f"make_assets: no icon named {name!r} in the game-icons package")
        self.used.add(name)
        body = self.icons[name]["body"].replace("currentColor", "#ffffff")
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {self.box} {self.box}">{body}</svg>'
        )
        loaded = pygame.image.load(io.BytesIO(svg.encode("utf-8")), "glyph.svg")
        out = pygame.Surface((size, size), pygame.SRCALPHA)
        out.blit(loaded, (0, 0))
        return out


# ---------------------------------------------------------------------------
# Drawing helpers (all work on per-pixel-alpha surfaces)
# ---------------------------------------------------------------------------


def lerp(a: Color, b: Color, t: float) -> Color:
    t = max(0.0, min(1.0, t))
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def new(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*INK, 0))
    return surf


def vgradient(size: tuple[int, int], top: Color, bottom: Color, start: float = 0.0, end: float = 1.0) -> pygame.Surface:
    """An opaque vertical gradient; the ramp runs from start to end (fractions of height)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        t = (y / max(1, h - 1) - start) / max(1e-6, end - start)
        pygame.draw.line(surf, lerp(top, bottom, t), (0, y), (w - 1, y))
    return surf


def tint(white: pygame.Surface, gradient) -> pygame.Surface:
    """A white glyph coloured with a flat colour or a (top, bottom) gradient."""
    out = white.copy()
    if isinstance(gradient[0], int):
        out.fill((*gradient, 255), special_flags=pygame.BLEND_RGBA_MULT)
    else:
        out.blit(vgradient(out.get_size(), *gradient), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def silhouette(surf: pygame.Surface, rgb: Color, alpha: int = 255) -> pygame.Surface:
    """The shape of `surf` filled with one colour, its alpha scaled by alpha/255."""
    out = surf.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    out.fill((*rgb, 0), special_flags=pygame.BLEND_RGBA_ADD)
    if alpha < 255:
        out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def dilate(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """`surf` grown by `radius` px in every direction (padded by radius)."""
    w, h = surf.get_size()
    out = new((w + 2 * radius, h + 2 * radius))
    out.blit(surf, (radius, radius))
    if radius <= 0:
        return out
    rings = max(1, radius // 3)
    for ring in range(1, rings + 1):
        r = radius * ring / rings
        steps = max(8, int(2 * math.pi * r / 1.5))
        for k in range(steps):
            a = 2 * math.pi * k / steps
            out.blit(surf, (radius + round(r * math.cos(a)), radius + round(r * math.sin(a))))
    return out


def blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft copy of `surf`, padded by 2*radius so nothing is cut."""
    pad = 2 * radius
    w, h = surf.get_size()
    big = new((w + 2 * pad, h + 2 * pad))
    big.blit(surf, (pad, pad))
    if radius > 0:
        big = pygame.transform.gaussian_blur(big, radius, False)
    return big


def blit_centered(dest: pygame.Surface, src: pygame.Surface, center: tuple[float, float]) -> None:
    dest.blit(src, src.get_rect(center=(round(center[0]), round(center[1]))))


def draw_glyph(
    dest: pygame.Surface,
    white: pygame.Surface,
    center: tuple[float, float],
    gradient,
    outline: int,
    shadow: int = 0,
    shadow_offset: tuple[int, int] = (0, 0),
    shadow_alpha: int = 150,
    outline_rgb: Color = INK,
    glow: Color | None = None,
) -> None:
    """A glyph with an ink outline, a soft drop shadow and an optional coloured glow."""
    body = dilate(silhouette(white, outline_rgb), outline) if outline else white
    if glow is not None:
        halo = blur(dilate(silhouette(white, glow, 150), outline * 2), max(2, outline * 3))
        blit_centered(dest, halo, center)
    if shadow:
        soft = blur(silhouette(body, (0, 0, 0), shadow_alpha), shadow)
        blit_centered(dest, soft, (center[0] + shadow_offset[0], center[1] + shadow_offset[1]))
    if outline:
        blit_centered(dest, body, center)
    blit_centered(dest, tint(white, gradient), center)


def disc(size: int, radius: float, center: tuple[float, float], rgb: Color = (255, 255, 255)) -> pygame.Surface:
    surf = new((size, size))
    pygame.draw.circle(surf, (*rgb, 255), center, radius)
    return surf


def masked(fill: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """`fill` (opaque) cut to the alpha of `mask` (white shape)."""
    out = fill.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def radial(
    size: int, center: tuple[float, float], radius: float, inner: Color, outer: Color, lift: float = 0.0
) -> pygame.Surface:
    """A radial gradient disc: `inner` at the centre (raised by lift*radius), `outer` at the edge."""
    surf = new((size, size))
    steps = int(radius)
    for i in range(steps, 0, -1):
        t = i / steps
        c = (center[0], center[1] - lift * radius * (1 - t))
        pygame.draw.circle(surf, (*lerp(inner, outer, t**1.4), 255), c, i)
    return surf


def down(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Supersampled surface brought to its final size."""
    out = surf
    while out.get_width() >= size[0] * 2 and out.get_height() >= size[1] * 2:
        out = pygame.transform.smoothscale(out, (out.get_width() // 2, out.get_height() // 2))
    if out.get_size() != tuple(size):
        out = pygame.transform.smoothscale(out, size)
    return out


# ---------------------------------------------------------------------------
# Medallions: portraits, objects, chest tiers
# ---------------------------------------------------------------------------


def medallion(
    icons: Icons,
    size: int,
    glyph: str,
    field: tuple[Color, Color],
    rim: tuple[Color, Color],
    gradient,
    glyph_scale: float = 0.64,
    ss: int = 4,
    overlay: str | None = None,
    overlay_gradient=None,
    glow: Color | None = None,
    rim_width: float = 0.075,
) -> pygame.Surface:
    """A round badge: soft shadow, ink ring, metal rim, shaded field, outlined glyph, gloss."""
    S = size * ss
    c = (S / 2, S / 2 - S * 0.012)
    R = S * 0.455
    canvas = new((S, S))
    # Soft shadow under the badge.
    shadow = blur(disc(S, R, (S / 2, S / 2 + S * 0.025), (0, 0, 0)), max(2, int(S * 0.018)))
    shadow.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    blit_centered(canvas, shadow, (S / 2, S / 2))
    # Ink ring, metal rim (gradient), inner ink line.
    pygame.draw.circle(canvas, (*INK, 255), c, R)
    r_rim = R - S * 0.014
    canvas.blit(masked(vgradient((S, S), rim[0], rim[1], 0.08, 0.92), disc(S, r_rim, c)), (0, 0))
    r_field = r_rim - S * rim_width
    # A thin bright bevel line on the rim.
    bevel = new((S, S))
    pygame.draw.circle(bevel, (255, 255, 255, 90), c, r_rim - S * 0.012, max(1, int(S * 0.008)))
    canvas.blit(bevel, (0, 0))
    pygame.draw.circle(canvas, (*INK, 255), c, r_field + S * 0.012)
    canvas.blit(radial(S, c, r_field, field[0], field[1], lift=0.35), (0, 0))
    # Glyph.
    gsize = int(2 * r_field * glyph_scale)
    white = icons.glyph(glyph, gsize)
    gc = (c[0], c[1] + S * 0.01)
    draw_glyph(
        canvas,
        white,
        gc,
        gradient,
        outline=max(2, int(S * 0.013)),
        shadow=max(2, int(S * 0.012)),
        shadow_offset=(0, int(S * 0.02)),
        shadow_alpha=170,
        glow=glow,
    )
    if overlay:
        ow = icons.glyph(overlay, int(gsize * 0.62))
        draw_glyph(
            canvas,
            ow,
            (gc[0] + gsize * 0.2, gc[1] - gsize * 0.14),
            overlay_gradient,
            outline=max(2, int(S * 0.012)),
            shadow=max(2, int(S * 0.01)),
            shadow_offset=(0, int(S * 0.015)),
            shadow_alpha=170,
        )
    # Gloss on the top of the field.
    gloss = new((S, S))
    pygame.draw.ellipse(
        gloss,
        (255, 255, 255, 34),
        pygame.Rect(c[0] - r_field * 0.82, c[1] - r_field * 0.96, r_field * 1.64, r_field * 0.9),
    )
    canvas.blit(masked(gloss, disc(S, r_field, c)), (0, 0))
    return down(canvas, (size, size))


def portrait(icons: Icons, cid: str) -> pygame.Surface:
    glyph, rgb = CHARACTERS[cid]
    inner = lerp(rgb, (255, 255, 255), 0.28)
    outer = lerp(rgb, (0, 0, 0), 0.62)
    return medallion(icons, 256, glyph, (inner, outer), RIMS["gold"], IVORY, glyph_scale=0.7, rim_width=0.06)


def token(icons: Icons, cid: str, ss: int = 4) -> pygame.Surface:
    """64x64: shading, rim and a white glyph over a TRANSPARENT disc (see README)."""
    size = 64
    S = size * ss
    c = (S / 2, S / 2)
    R = S * TOKEN_DISC_RADIUS / size
    canvas = new((S, S))
    # Shading that gives any tinted disc below a domed look.
    shade = new((S, S))
    pygame.draw.circle(shade, (0, 0, 0, 70), (c[0], c[1] + R * 0.35), R * 1.05)
    shade = masked(shade, disc(S, R, c))
    light = blur(disc(S, R * 0.72, (c[0], c[1] - R * 0.28), (255, 255, 255)), int(S * 0.05))
    light.fill((255, 255, 255, 60), special_flags=pygame.BLEND_RGBA_MULT)
    light = blur_crop(light, S)
    canvas.blit(shade, (0, 0))
    canvas.blit(masked(light, disc(S, R, c)), (0, 0))
    # A light rim inside an ink edge.
    pygame.draw.circle(canvas, (*INK, 235), c, R, max(1, int(S * 0.03)))
    pygame.draw.circle(canvas, (255, 255, 255, 150), c, R - S * 0.03, max(1, int(S * 0.022)))
    white = icons.glyph(CHARACTERS[cid][0], int(R * 1.36))
    draw_glyph(
        canvas,
        white,
        (c[0], c[1] + S * 0.01),
        ((255, 255, 255), (232, 232, 240)),
        outline=max(2, int(S * 0.024)),
        shadow=int(S * 0.02),
        shadow_offset=(0, int(S * 0.02)),
        shadow_alpha=160,
    )
    return down(canvas, (size, size))


TOKEN_DISC_RADIUS = 29.5  # px, in the 64x64 token


def blur_crop(padded: pygame.Surface, S: int) -> pygame.Surface:
    """Back to S x S after blur() padded a full-canvas surface."""
    pad = (padded.get_width() - S) // 2
    out = new((S, S))
    out.blit(padded, (-pad, -pad))
    return out


def token_disc(ss: int = 4) -> pygame.Surface:
    S = 64 * ss
    return down(disc(S, TOKEN_DISC_RADIUS * ss, (S / 2, S / 2)), (64, 64))


def object_icon(icons: Icons, oid: str) -> pygame.Surface:
    glyph, grad, rim, overlay, ograd = OBJECTS[oid]
    return medallion(
        icons, 96, glyph, OBJECT_FIELD, RIMS[rim], grad, glyph_scale=0.74, overlay=overlay, overlay_gradient=ograd
    )


def symbol_pill(S: int, symbol: str, colour: Color) -> pygame.Surface:
    """The tier symbol (--, -, =, +, ++) drawn as bars on a dark pill, readable without colour."""
    signs = {"--": "--", "-": "-", "=": "=", "+": "+", "++": "++"}[symbol]
    bar_l, bar_t = S * 0.17, S * 0.065
    gap = S * 0.035
    n = len(signs)
    pw = n * bar_l + (n - 1) * gap + S * 0.14
    ph = S * 0.28
    pill = new((S, S))
    rect = pygame.Rect(0, 0, pw, ph)
    rect.center = (S * 0.5, S * 0.835)
    pygame.draw.rect(pill, (*INK, 255), rect.inflate(S * 0.06, S * 0.06), border_radius=int(ph))
    pygame.draw.rect(pill, (*colour, 255), rect.inflate(S * 0.025, S * 0.025), border_radius=int(ph))
    pygame.draw.rect(pill, (30, 26, 34, 255), rect, border_radius=int(ph))
    x = rect.left + S * 0.07
    cy = rect.centery
    for sign in signs:
        cx = x + bar_l / 2
        bars = []
        if sign in "-+":
            bars.append(pygame.Rect(0, 0, bar_l, bar_t))
        if sign == "+":
            bars.append(pygame.Rect(0, 0, bar_t, bar_l))
        for b in bars:
            b.center = (cx, cy)
        if sign == "=":
            b1, b2 = pygame.Rect(0, 0, bar_l, bar_t), pygame.Rect(0, 0, bar_l, bar_t)
            b1.center = (cx, cy - bar_t * 0.8)
            b2.center = (cx, cy + bar_t * 0.8)
            bars = [b1, b2]
        for b in bars:
            pygame.draw.rect(pill, (255, 255, 255, 255), b, border_radius=int(bar_t / 2))
        x += bar_l + gap
    return pill


def chest_tier(icons: Icons, tier: int, ss: int = 4) -> pygame.Surface:
    name, grad, rim, symbol = CHEST_TIERS[tier]
    size = 64
    S = size * ss
    badge = medallion(icons, int(S * 0.9), "chest", OBJECT_FIELD, rim, grad, glyph_scale=0.8, ss=1)
    canvas = new((S, S))
    canvas.blit(badge, (int(S * 0.05), 0))
    canvas.blit(symbol_pill(S, symbol, rim[0]), (0, 0))
    return down(canvas, (size, size))


def ui_icon(icons: Icons, name: str, ss: int = 4) -> pygame.Surface:
    glyph, grad, angle, _use = UI_ICONS[name]
    size = 48
    S = size * ss
    canvas = new((S, S))
    white = icons.glyph(glyph, int(S * 0.8))
    if angle:
        white = pygame.transform.rotate(white, angle)
    draw_glyph(
        canvas,
        white,
        (S / 2, S / 2 - S * 0.015),
        grad,
        outline=max(2, int(S * 0.035)),
        shadow=int(S * 0.025),
        shadow_offset=(0, int(S * 0.035)),
        shadow_alpha=170,
    )
    return down(canvas, (size, size))


# ---------------------------------------------------------------------------
# Logo
# ---------------------------------------------------------------------------


def logo(font_path: Path, ss: int = 2) -> pygame.Surface:
    """ "Fantasy Racing" in Cinzel Decorative: gold gradient, ink outline, warm glow."""
    big = pygame.font.Font(str(font_path), 150 * ss)
    small = pygame.font.Font(str(font_path), 80 * ss)
    line1 = small.render("Fantasy", True, (255, 255, 255))
    line2 = big.render("Racing", True, (255, 255, 255))
    w = max(line1.get_width(), line2.get_width()) + 80 * ss
    h = int(line1.get_height() * 0.78 + line2.get_height()) + 50 * ss
    text = new((w, h))
    blit_centered(text, line1, (w / 2, 25 * ss + line1.get_height() / 2))
    blit_centered(text, line2, (w / 2, 25 * ss + line1.get_height() * 0.78 + line2.get_height() / 2))
    canvas = new((w, h))
    glow = blur(dilate(silhouette(text, (255, 170, 60), 110), 6 * ss), 14 * ss)
    blit_centered(canvas, glow, (w / 2, h / 2))
    outer = dilate(silhouette(text, INK), 7 * ss)
    blit_centered(canvas, blur(silhouette(outer, (0, 0, 0), 170), 4 * ss), (w / 2, h / 2 + 6 * ss))
    blit_centered(canvas, outer, (w / 2, h / 2))
    bronze = dilate(silhouette(text, (150, 84, 26)), 3 * ss)
    blit_centered(canvas, bronze, (w / 2, h / 2))
    gold = tint(text, ((255, 246, 196), (255, 214, 110)))
    lower = vgradient((w, h), (255, 220, 120), (196, 112, 22), 0.45, 0.95)
    lower.set_alpha(None)
    gold.blit(lower, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # Re-brighten the top of each letter: a shine band.
    canvas.blit(gold, (0, 0))
    shine = new((w, h))
    for y in range(h):
        t = y / h
        a = int(70 * max(0.0, 1 - abs(t - 0.33) / 0.12))
        if a:
            pygame.draw.line(shine, (255, 255, 255, a), (0, y), (w, y))
    canvas.blit(masked(shine, silhouette(text, (255, 255, 255))), (0, 0))
    return down(canvas, (w // ss, h // ss))


# ---------------------------------------------------------------------------
# Title background
# ---------------------------------------------------------------------------


def ridge(
    rng: random.Random, width: int, base: float, rough: float, points: int = 9, passes: int = 6
) -> list[tuple[float, float]]:
    """A soft hill crest by midpoint displacement, as (x, y) points."""
    ys = [base + rng.uniform(-rough, rough) for _ in range(points)]
    xs = [width * i / (points - 1) for i in range(points)]
    pts = list(zip(xs, ys))
    amp = rough * 0.3
    for _ in range(passes):
        nxt = []
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            nxt.append((x0, y0))
            nxt.append(((x0 + x1) / 2, (y0 + y1) / 2 + rng.uniform(-amp, amp)))
        nxt.append(pts[-1])
        pts = nxt
        amp *= 0.5
    return pts


def peaks(
    rng: random.Random, width: int, base: float, height: float, count: int, step: int
) -> tuple[list[tuple[float, float]], list[tuple[float, float, float]]]:
    """A jagged mountain range: its crest points and its peaks (x, y, half width)."""
    tops = []
    for i in range(count):
        x = width * (i + rng.uniform(0.1, 0.9)) / count
        h = height * rng.uniform(0.45, 1.0)
        tops.append((x, base - h, h * rng.uniform(0.9, 1.5)))
    noise = [0.0]
    for _ in range(width // step + 2):
        noise.append(max(-1.0, min(1.0, noise[-1] + rng.uniform(-0.35, 0.35))))
    crest: list[tuple[float, float]] = []
    for k, x in enumerate(range(0, width + step, step)):
        y = base
        for px, py, hw in tops:
            y = min(y, py + (base - py) * abs(x - px) / hw)
        crest.append((x, y + noise[k] * height * 0.035))
    return crest, tops


def shade_peaks(surf: pygame.Surface, crest, tops, base: float, rgba) -> None:
    """Darken the right-hand face of every peak (light comes from the left), inside the range."""
    W, H = surf.get_size()
    mask = new((W, H))
    fill_below(mask, crest, (255, 255, 255, 255), base + H)
    shade = new((W, H))
    for px, py, hw in tops:
        pygame.draw.polygon(
            shade, rgba, [(px, py), (px + hw, base), (px + hw * 0.05, base + H * 0.1), (px - hw * 0.12, base)]
        )
    surf.blit(masked(shade, mask), (0, 0))


def fill_below(surf: pygame.Surface, pts, colour, bottom: float) -> None:
    poly = [(pts[0][0], bottom)] + list(pts) + [(pts[-1][0], bottom)]
    pygame.draw.polygon(surf, colour, poly)


def gradient_below(surf: pygame.Surface, pts, top: Color, bottom_c: Color, y0: float, y1: float, bottom: float) -> None:
    """Fill under a crest with a vertical gradient from y0 to y1."""
    W, H = surf.get_size()
    mask = new((W, H))
    fill_below(mask, pts, (255, 255, 255, 255), bottom)
    grad = vgradient((W, H), top, bottom_c, y0 / H, y1 / H)
    surf.blit(masked(grad, mask), (0, 0))


def soft_layer(W: int, H: int, draw, factor: int = 8, blur_px: int = 4) -> pygame.Surface:
    """Something drawn small, blurred and scaled up: glows, clouds, haze, vignette."""
    small = new((W // factor, H // factor))
    draw(small, 1 / factor)
    small = pygame.transform.gaussian_blur(small, blur_px, True)
    return pygame.transform.smoothscale(small, (W, H))


def token_sprite(icons: Icons, cid: str, rgb: Color, r: float) -> pygame.Surface:
    """A racer token as the game composes it: tinted disc + shading + white glyph."""
    size = int(r * 2.6)
    layer = new((size, size))
    c = (size / 2, size / 2)
    pygame.draw.circle(layer, (*INK, 255), c, r + max(2.0, r * 0.1))
    top, bot = lerp(rgb, (255, 255, 255), 0.35), lerp(rgb, (0, 0, 0), 0.4)
    layer.blit(
        masked(vgradient((size, size), top, bot, (c[1] - r) / size, (c[1] + r) / size), disc(size, r, c)), (0, 0)
    )
    pygame.draw.circle(layer, (255, 255, 255, 255), c, r * 0.92, max(1, int(r * 0.07)))
    g = icons.glyph(CHARACTERS[cid][0], int(r * 1.4))
    draw_glyph(layer, g, c, ((255, 255, 255), (230, 230, 236)), outline=max(1, int(r * 0.08)))
    return layer


FINISH_Z = 7.5  # depth of the finish line on the title background's track


def background(icons: Icons, ss: int = 2) -> pygame.Surface:
    """The title screen: a dusk sky, mountains, a castle, and a race on a winding board track."""
    W, H = 1280 * ss, 720 * ss
    rng = random.Random(20260101)
    scene = pygame.Surface((W, H), pygame.SRCALPHA)
    horizon = H * 0.60
    # Sky: night-blue at the top to a warm dusk at the horizon.
    stops = [
        (0.0, (16, 18, 54)),
        (0.25, (46, 40, 104)),
        (0.42, (128, 70, 128)),
        (0.54, (232, 132, 108)),
        (0.62, (255, 200, 132)),
        (1.0, (255, 220, 160)),
    ]
    for row in range(H):
        t = row / H
        col = stops[-1][1]
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                col = lerp(c0, c1, (t - t0) / (t1 - t0))
                break
        pygame.draw.line(scene, col, (0, row), (W, row))
    # Stars (pygame.draw writes alpha as is: draw on a layer, then blend it).
    stars = new((W, H))
    for _ in range(190):
        sx, sy = rng.uniform(0, W), rng.uniform(0, H * 0.38)
        fade = (1 - sy / (H * 0.38)) ** 0.7
        r = rng.choice([1, 1, 1, 1.5, 2, 2.5]) * ss * 0.6
        pygame.draw.circle(stars, (255, 248, 226, int(30 + 220 * fade * rng.uniform(0.3, 1))), (sx, sy), r)
    for _ in range(5):  # a few twinkling crosses
        x, y = rng.uniform(0, W), rng.uniform(0, H * 0.25)
        L = rng.uniform(3, 5) * ss
        pygame.draw.line(stars, (255, 250, 235, 200), (x - L, y), (x + L, y), ss)
        pygame.draw.line(stars, (255, 250, 235, 200), (x, y - L), (x, y + L), ss)
    scene.blit(stars, (0, 0))
    # The setting sun and its glow.
    sun_c = (W * 0.80, H * 0.36)

    def sun_glow(s, k):
        for i in range(40, 0, -1):
            pygame.draw.circle(
                s, (255, 200, 140, int(150 * (1 - i / 40) ** 1.8)), (sun_c[0] * k, sun_c[1] * k), H * 0.014 * i * k
            )

    scene.blit(soft_layer(W, H, sun_glow), (0, 0))
    sun = new((W, H))
    pygame.draw.circle(sun, (255, 238, 196, 255), sun_c, H * 0.065)
    scene.blit(sun, (0, 0))
    # Clouds lit from below.

    def clouds(s, k):
        crng = random.Random(7)
        for _ in range(10):
            cx, cy = crng.uniform(-0.05, 1.05) * W, crng.uniform(0.10, 0.40) * H
            col = lerp((104, 76, 150), (255, 170, 140), (cy / H - 0.1) / 0.3)
            for _ in range(7):
                rw, rh = crng.uniform(110, 240) * ss, crng.uniform(16, 34) * ss
                ox, oy = crng.uniform(-150, 150) * ss, crng.uniform(-12, 12) * ss
                pygame.draw.ellipse(
                    s, (*col, 110), pygame.Rect((cx + ox - rw / 2) * k, (cy + oy - rh / 2) * k, rw * k, rh * k)
                )

    scene.blit(soft_layer(W, H, clouds, blur_px=3), (0, 0))
    # A wyvern circling high on the left, a smaller one far on the right.
    for name, size, pos, col, flip in [
        ("wyvern", 92, (0.11, 0.15), (40, 28, 66), True),
        ("wyvern", 44, (0.90, 0.20), (96, 56, 100), False),
    ]:
        g = icons.glyph(name, size * ss)
        if flip:
            g = pygame.transform.flip(g, True, False)
        blit_centered(scene, tint(g, col), (W * pos[0], H * pos[1]))

    # Mountains, far to near, hazed towards the sky colour, snow on the far peaks.
    far_crest, far_tops = peaks(rng, W, horizon - H * 0.05, H * 0.26, 7, 4 * ss)
    gradient_below(scene, far_crest, (150, 112, 160), (206, 140, 146), horizon - H * 0.3, horizon, H)
    shade_peaks(scene, far_crest, far_tops, horizon - H * 0.05, (70, 40, 90, 60))
    snow = new((W, H))
    for px, py, hw in far_tops:
        depth = min(H * 0.06, (horizon - H * 0.05 - py) * 0.32)
        if depth < H * 0.02:
            continue
        w = hw * depth / (horizon - H * 0.05 - py)
        zig = [(px - w, py + depth)]
        for k in range(1, 6):
            zig.append((px - w + 2 * w * k / 6, py + depth * (0.55 if k % 2 else 0.95)))
        zig.append((px + w, py + depth))
        pygame.draw.polygon(snow, (236, 214, 226, 230), [(px, py)] + zig[::-1][::-1] + [])
    scene.blit(snow, (0, 0))
    near_crest, near_tops = peaks(rng, W, horizon - H * 0.01, H * 0.13, 6, 4 * ss)
    gradient_below(scene, near_crest, (96, 74, 126), (136, 94, 126), horizon - H * 0.14, horizon, H)
    shade_peaks(scene, near_crest, near_tops, horizon - H * 0.01, (50, 30, 80, 60))

    # A castle on a hill (left), windows lit.
    cx = W * 0.17
    hill = [(x, horizon - H * 0.02 - H * 0.075 * math.exp(-(((x - cx) / (W * 0.10)) ** 2))) for x in range(0, W + 1, 4)]
    gradient_below(scene, hill, (66, 64, 104), (78, 76, 110), horizon - H * 0.1, horizon + H * 0.04, H)
    castle = icons.glyph("elven-castle", int(132 * ss))
    crect = castle.get_rect(midbottom=(cx, horizon - H * 0.085))
    scene.blit(tint(castle, (58, 56, 96)), crect)
    for fx, fy in [(0.36, 0.62), (0.5, 0.45), (0.64, 0.62), (0.5, 0.72), (0.43, 0.78), (0.57, 0.78)]:
        pygame.draw.circle(scene, (255, 214, 130), (crect.x + crect.w * fx, crect.y + crect.h * fy), 1.6 * ss)
    # Haze over the horizon.

    def haze(s, k):
        pygame.draw.rect(s, (255, 196, 150, 70), pygame.Rect(0, (horizon - H * 0.05) * k, W * k, H * 0.08 * k))

    scene.blit(soft_layer(W, H, haze), (0, 0))

    # Rolling hills: far blue-green to near deep green, then the meadow.
    for base, rough, top, bot in [
        (horizon - H * 0.01, H * 0.045, (86, 120, 110), (70, 106, 96)),
        (horizon + H * 0.03, H * 0.04, (76, 126, 86), (58, 110, 68)),
    ]:
        pts = ridge(rng, W, base, rough, points=5, passes=7)
        gradient_below(scene, pts, top, bot, base - rough, base + H * 0.15, H)
    meadow_top = horizon + H * 0.055
    meadow = [
        (x, meadow_top + H * 0.016 * math.sin(x / W * 5.0 + 1) + H * 0.006 * math.sin(x / W * 13.0))
        for x in range(0, W + 1, 4)
    ]
    gradient_below(scene, meadow, (106, 160, 84), (44, 104, 48), meadow_top, H, H)
    # Grass tufts and flowers on the meadow.
    tufts = new((W, H))
    for _ in range(700):
        y = meadow_top + (H - meadow_top) * rng.random() ** 1.6
        x = rng.uniform(0, W)
        d = (y - meadow_top) / (H - meadow_top)
        L = (2 + 9 * d) * ss
        col = lerp((70, 120, 60), (30, 80, 36), d)
        for a in (-0.5, 0.0, 0.5):
            pygame.draw.line(tufts, (*col, 200), (x, y), (x + a * L, y - L), max(1, int(ss * (0.5 + d))))
    for _ in range(160):
        y = meadow_top + (H - meadow_top) * rng.random() ** 1.3
        x = rng.uniform(0, W)
        d = (y - meadow_top) / (H - meadow_top)
        col = rng.choice([(255, 236, 140), (250, 250, 250), (240, 150, 190), (190, 170, 255)])
        pygame.draw.circle(tufts, (*col, 230), (x, y), (0.8 + 2.4 * d) * ss)
    scene.blit(tufts, (0, 0))

    # The winding track, made of board-like squares, in perspective.
    far_z, near_z = 22.0, 0.95
    cam_h = H - meadow_top

    def project(x_world: float, z: float) -> tuple[float, float]:
        k = (1 / z - 1 / far_z) / (1 / near_z - 1 / far_z)
        return (W / 2 + x_world * W * 0.40 / z, meadow_top + cam_h * k * 1.0)

    def centre(z: float) -> float:
        return 0.56 - 0.12 * (z - near_z) + 0.2 * (z - near_z) * math.sin(z * 0.42 - 0.2)

    half = 0.34
    zs = []
    z = near_z
    while z < far_z:
        zs.append(z)
        z *= 1.07
    zs.append(far_z)
    track = new((W, H))
    for i in range(len(zs) - 1, 0, -1):
        z0, z1 = zs[i - 1], zs[i]
        depth = min(1.0, (z0 - near_z) / (far_z - near_z) * 1.5)
        for column in range(3):

            def x_at(z, c):
                return centre(z) - half + 2 * half * c / 3

            quad = [
                project(x_at(z0, column), z0),
                project(x_at(z0, column + 1), z0),
                project(x_at(z1, column + 1), z1),
                project(x_at(z1, column), z1),
            ]
            tile_colour: Color = (232, 200, 146) if (i + column) % 2 == 0 else (204, 164, 110)
            pygame.draw.polygon(track, (*lerp(tile_colour, (200, 170, 150), depth * 0.7), 255), quad)
            pygame.draw.polygon(
                track, (*lerp((126, 90, 54), (170, 140, 128), depth), 255), quad, max(1, round(2.4 * ss / z0**0.6))
            )
    # A checkered finish line across the track, between the two flags.
    zf, cells = FINISH_Z, 10
    for row in range(2):
        za, zb = zf * (1 + 0.025 * row), zf * (1 + 0.025 * (row + 1))
        for k in range(cells):
            la, lb = -half + 2 * half * k / cells, -half + 2 * half * (k + 1) / cells
            quad = [
                project(centre(za) + la, za),
                project(centre(za) + lb, za),
                project(centre(zb) + lb, zb),
                project(centre(zb) + la, zb),
            ]
            colr = (246, 242, 232) if (k + row) % 2 == 0 else (36, 30, 40)
            pygame.draw.polygon(track, (*colr, 255), quad)
    for side in (-1, 1):
        pts = [project(centre(z) + side * half, z) for z in zs]
        for p0, p1, z in zip(pts, pts[1:], zs):
            pygame.draw.line(track, (*INK, 255), p0, p1, max(2, round(12 * ss / z)))
            pygame.draw.line(track, (240, 230, 206, 255), p0, p1, max(1, round(6 * ss / z)))
    scene.blit(silhouette(track, (16, 44, 20), 110), (0, 5 * ss))
    scene.blit(track, (0, 0))

    def track_point(lane: float, z: float) -> tuple[float, float]:
        return project(centre(z) + lane * half, z)

    # Scenery and racers, drawn far to near.
    things: list[tuple[float, str, Any]] = []
    for _ in range(34):
        things.append((rng.uniform(2.5, far_z), "tree", rng.choice([-1, 1]) * rng.uniform(1.7, 5.5)))
    for lane, z in [(-5.2, 1.25), (-4.4, 1.1), (2.2, 1.05), (2.9, 1.5), (-4.5, 1.9), (3.8, 2.2)]:
        things.append((z, "tree", lane))
    things += [(6.5, "chest", -1.6), (13.0, "chest", 1.7), (3.0, "rock", 2.0), (9.0, "rock", -1.9)]
    things += [(FINISH_Z, "flag", -1.35), (FINISH_Z, "flag", 1.35)]
    racers = [
        (1.3, 0.3, "orc", (196, 52, 44)),
        (1.75, -0.45, "elf", (46, 150, 86)),
        (2.5, 0.35, "dwarf", (226, 156, 44)),
        (3.6, -0.25, "sorceress", (140, 76, 210)),
        (5.4, 0.3, "goblin", (60, 150, 220)),
    ]
    things += [(z, "racer", (lane, cid, col)) for z, lane, cid, col in racers]
    for z, kind, data in sorted(things, key=lambda t: (-t[0], str(t[2]))):
        depth = min(1.0, (z - near_z) / (far_z - near_z))
        if kind == "tree":
            x, y = track_point(data, z)
            size = int(H * 0.42 / z**0.9)
            if size < 6:
                continue
            g = icons.glyph("pine-tree", size)
            col = lerp((30, 84, 46), (84, 112, 104), depth**0.7)
            sh = pygame.transform.smoothscale(silhouette(g, (10, 30, 12), 90), (size, max(2, size // 6)))
            blit_centered(scene, sh, (x + size * 0.15, y))
            scene.blit(
                tint(g, (lerp(col, (255, 236, 180), 0.12), lerp(col, (0, 0, 0), 0.35))),
                g.get_rect(midbottom=(x, y + size * 0.03)),
            )
        elif kind in ("chest", "rock"):
            x, y = track_point(data, z)
            size = int(H * (0.2 if kind == "chest" else 0.16) / z)
            glyph = "chest" if kind == "chest" else "stone-pile"
            grad = ((250, 204, 120), (168, 96, 36)) if kind == "chest" else ((178, 170, 170), (96, 90, 96))
            layer = new((size * 2, size * 2))
            draw_glyph(layer, icons.glyph(glyph, size), (size, size), grad, outline=max(1, size // 18))
            scene.blit(layer, layer.get_rect(midbottom=(x, y + size * 0.55)))
        elif kind == "flag":
            x, y = track_point(data, z)
            pole = H * 0.5 / z
            pygame.draw.line(scene, INK, (x, y), (x, y - pole), max(3, round(14 * ss / z)))
            pygame.draw.line(scene, (214, 186, 134), (x, y), (x, y - pole), max(1, round(7 * ss / z)))
            g = icons.glyph("checkered-flag", int(pole * 0.5))
            if data < 0:
                g = pygame.transform.flip(g, True, False)
            layer = new((g.get_width() * 2, g.get_height() * 2))
            draw_glyph(
                layer,
                g,
                (g.get_width(), g.get_height()),
                ((255, 255, 255), (220, 220, 226)),
                outline=max(1, g.get_width() // 24),
            )
            off = -1 if data < 0 else 1
            scene.blit(layer, layer.get_rect(center=(x + off * g.get_width() * 0.32, y - pole + g.get_height() * 0.42)))
        else:
            lane, cid, col = data
            x, y = track_point(lane, z)
            r = H * 0.095 / z
            # Dust kicked up behind the racer.
            dust = new((int(r * 6), int(r * 4)))
            for k in range(6):
                pygame.draw.circle(
                    dust,
                    (240, 222, 184, 46),
                    (r * 3 + (k - 2.5) * r * 0.45, r * 2.4 + (k % 2) * r * 0.2),
                    r * (0.35 + 0.05 * k),
                )
            blit_centered(scene, dust, (x, y - r * 0.55))
            sh = new((int(r * 3), int(r * 2)))
            pygame.draw.ellipse(sh, (0, 0, 0, 95), pygame.Rect(r * 0.5, r * 0.6, r * 2, r * 0.7))
            blit_centered(scene, sh, (x, y - r * 0.1))
            blit_centered(scene, token_sprite(icons, cid, col, r), (x, y - r * 1.05))

    # Vignette.

    def vignette(s, k):
        s.fill((12, 8, 24, 170))
        steps = 24
        for i in range(steps + 1):
            t = i / steps
            rect = pygame.Rect(0, 0, W * k * (1.5 - 0.5 * t), H * k * (1.6 - 0.7 * t))
            rect.center = (W * k / 2, H * k * 0.48)
            pygame.draw.ellipse(s, (12, 8, 24, int(170 * (1 - t) ** 2)), rect)

    scene.blit(soft_layer(W, H, vignette), (0, 0))
    out = down(scene, (1280, 720))
    final = pygame.Surface((1280, 720))
    final.blit(out, (0, 0))
    return final


# ---------------------------------------------------------------------------
# Fonts: WOFF (1.0) to TrueType, with no extra dependency
# ---------------------------------------------------------------------------


def woff_to_sfnt(data: bytes) -> bytes:
    """Unpack a WOFF 1.0 font into the plain sfnt (TrueType/OpenType) it wraps."""
    sig, flavor, _length, num, _res, _total = struct.unpack(">4sIIHHI", data[:20])
    if sig != b"wOFF":
        raise SystemExit("make_assets: not a WOFF 1.0 font")
    entries = []
    for i in range(num):
        tag, off, comp, orig, checksum = struct.unpack(">4sIIII", data[44 + 20 * i : 64 + 20 * i])
        raw = data[off : off + comp]
        table = zlib.decompress(raw) if comp < orig else raw
        entries.append((tag, checksum, table))
    entries.sort(key=lambda e: e[0])
    power = 1 << (num.bit_length() - 1)
    header = struct.pack(">IHHHH", flavor, num, power * 16, power.bit_length() - 1, num * 16 - power * 16)
    offset = 12 + 16 * num
    directory, body = b"", b""
    for tag, checksum, table in entries:
        directory += struct.pack(">4sIII", tag, checksum, offset + len(body), len(table))
        body += table + b"\0" * (-len(table) % 4)
    return header + directory + body


def make_fonts(fontsource: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for target, package, source, _role in FONTS:
        src = fontsource / package / "files" / source
        if not src.is_file():
            raise SystemExit(f"make_assets: missing {src}; run: npm install @fontsource/{package}")
        (out / target).write_bytes(woff_to_sfnt(src.read_bytes()))
    for package, (licence, _name, _authors) in FONT_LICENCES.items():
        shutil.copyfile(fontsource / package / "LICENSE", out / licence)


# ---------------------------------------------------------------------------
# README and CREDITS
# ---------------------------------------------------------------------------


def readme_text(logo_size: tuple[int, int]) -> str:
    rows = []
    for cid, (glyph, _c) in CHARACTERS.items():
        rows.append(f"| `images/characters/{cid}.png` | 256x256 | portrait of the {cid} (glyph `{glyph}`) |")
    for cid in CHARACTERS:
        rows.append(f"| `images/tokens/{cid}.png` | 64x64 | board token glyph of the {cid}, drawn over a tinted disc |")
    for oid, (glyph, *_rest) in OBJECTS.items():
        rows.append(f"| `images/objects/{oid}.png` | 96x96 | object `{oid}` (glyph `{glyph}`) |")
    for t, (name, *_rest) in enumerate(CHEST_TIERS):
        rows.append(
            f"| `images/ui/chest_tier_{t}.png` | 64x64 | chest tier {t}: {name}, symbol `{CHEST_TIERS[t][3]}` |"
        )
    for name, (glyph, _g, _a, use) in UI_ICONS.items():
        rows.append(f"| `images/ui/{name}.png` | 48x48 | {use} (glyph `{glyph}`) |")
    rows.append("| `images/ui/token_disc.png` | 64x64 | white disc to tint with the racer colour under a token |")
    rows.append("| `images/ui/title_background.png` | 1280x720 | title-screen background (opaque) |")
    lw, lh = logo_size
    rows.append(f'| `images/ui/logo.png` | {lw}x{lh} | "Fantasy Racing" title lettering (transparent) |')
    for target, _p, _s, role in FONTS:
        rows.append(f"| `fonts/{target}` | font | {role} |")
    table = "\n".join(rows)
    return f"""# assets/

Generated by `tools/make_assets.py` (do not edit the images by hand: change
the tables at the top of the script and run it again; see its docstring).
Sources and licences: `CREDITS.md`.

## Files

| file | size | use |
|---|---|---|
{table}

Every PNG except the title background has a transparent background. Images
are drawn at their listed size: scale them down with
`pygame.transform.smoothscale` if needed (they stay readable down to about
half size); scaling up blurs them.

## Composing a racer's token

Tokens carry no racer colour. The disc under the glyph is transparent so the
game can show any racer colour:

```python
disc = image("images/ui/token_disc.png").copy()          # white anti-aliased disc, radius {TOKEN_DISC_RADIUS} px
disc.fill((*racer_rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)  # tint it
surface.blit(disc, topleft)
surface.blit(image(f"images/tokens/{{character_id}}.png"), topleft)  # shading, rim and white glyph
```

(or draw a filled circle of radius {TOKEN_DISC_RADIUS} px at the token's centre instead of the disc). Use
mid-dark, saturated racer colours: the glyph is white with an ink outline.

## Fonts

- Titles: `CinzelDecorative-Bold.ttf` (display capitals; use from about 28 px up).
- Headings: `Cinzel-Bold.ttf`.
- Body and UI: `AlegreyaSans-Regular.ttf` and `AlegreyaSans-Bold.ttf`.

They are the Latin subsets of the fonts (all of French, with œ, «», ’, and €).
"""


def credits_sections(icons: Icons) -> dict[str, str]:
    names = sorted(icons.used)
    author_of = {n: who for who, listed in ICON_AUTHORS.items() for n in listed.split()}
    by_author: dict[str, list[str]] = {}
    for n in names:
        if n not in author_of:
            print(f"make_assets: warning: no author recorded for icon {n!r}; add it to ICON_AUTHORS", file=sys.stderr)
        by_author.setdefault(author_of.get(n, "GameIcons contributors"), []).append(n)
    listing = "\n".join(
        f"- {who}: " + ", ".join(f"`{n}`" for n in used)
        for who, used in sorted(by_author.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    )
    icon_section = f"""The glyphs of every image under `images/characters/`, `images/tokens/`,
`images/objects/` and `images/ui/` (and the silhouettes of the title
background) come from **game-icons.net**, by the GameIcons contributors
(Lorc, Delapouite and others; https://game-icons.net), licensed under
**CC BY 3.0** (https://creativecommons.org/licenses/by/3.0/), taken from the
npm package `@iconify-json/game-icons` 1.2.4 (its `info.json`: author
"GameIcons", https://github.com/game-icons/icons). The icons were recoloured
and composed with outlines, shadows, badges and procedural drawing by
`tools/make_assets.py`.

Icons used, by author (each at https://game-icons.net/1x1/<author-in-lower-case>/<icon>.html):

{listing}
"""
    font_lines = []
    for package, (licence, name, authors) in FONT_LICENCES.items():
        files = ", ".join(f"`fonts/{t}`" for t, p, _s, _r in FONTS if p == package)
        font_lines.append(
            f"- **{name}** by {authors}: {files}; npm package `@fontsource/{package}` 5.3.0 "
            f"(Latin subset, unpacked from WOFF); SIL Open Font License 1.1, "
            f"text in `fonts/{licence}`."
        )
    font_section = "\n".join(font_lines) + "\n"
    other = """The title background, the logo's effects, badges, rims, token shading and
chest tier symbols are drawn procedurally by `tools/make_assets.py`
(part of this project).
"""
    return {
        "## Icons (game-icons.net)": icon_section,
        "## Fonts": font_section,
        "## Procedural art": other,
    }


def update_credits(path: Path, sections: dict[str, str]) -> None:
    """Replace or add our sections of CREDITS.md; keep every other section."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Credits\n\nEvery asset's source and licence.\n"
    lines = text.splitlines(keepends=True)
    head: list[str] = []
    parts: list[list[Any]] = []
    current: list[Any] | None = None
    for line in lines:
        if line.startswith("## "):
            current = [line.rstrip("\n"), []]
            parts.append(current)
        elif current is None:
            head.append(line)
        else:
            current[1].append(line)
    seen = set()
    out = "".join(head)
    for title, body in parts:
        if title in sections:
            seen.add(title)
            out += f"{title}\n\n{sections[title]}\n"
        else:
            out += f"{title}\n" + "".join(body)
    if out and not out.endswith("\n\n"):
        out = out.rstrip("\n") + "\n\n"
    for title, body in sections.items():
        if title not in seen:
            out += f"{title}\n\n{body}\n"
    path.write_text(out.rstrip("\n") + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------
# Contact sheet (for looking at the result; not committed)
# ---------------------------------------------------------------------------


def contact_sheet(images: dict[str, pygame.Surface], path: Path) -> None:
    small = {k: v for k, v in images.items() if v.get_width() <= 256}
    big = {k: v for k, v in images.items() if v.get_width() > 256}
    W = 1400
    x = y = 10
    rowh = 0
    places = []
    for s in small.values():
        if x + s.get_width() > W - 10:
            x, y = 10, y + rowh + 10
            rowh = 0
        places.append((s, (x, y)))
        x += s.get_width() + 10
        rowh = max(rowh, s.get_height())
    y += rowh + 10
    for s in big.values():
        places.append((s, (10, y)))
        y += s.get_height() + 10
    sheet = pygame.Surface((W, y))
    for i in range(0, W, 40):
        for j in range(0, y, 40):
            sheet.fill((200, 196, 188) if (i + j) // 40 % 2 else (120, 116, 130), pygame.Rect(i, j, 40, 40))
    for s, p in places:
        sheet.blit(s, p)
    pygame.image.save(sheet, str(path))


# ---------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--node-modules",
        type=Path,
        default=Path("/tmp/fr-npm/node_modules"),
        help="the node_modules folder holding @iconify-json/game-icons and @fontsource/*",
    )
    parser.add_argument(
        "--icons",
        type=Path,
        default=None,
        help="icons.json of @iconify-json/game-icons (default: under --node-modules)",
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "assets")
    parser.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet PNG here")
    args = parser.parse_args(argv)
    icons_path = args.icons or args.node_modules / "@iconify-json" / "game-icons" / "icons.json"
    if not icons_path.is_file():
        print(f"make_assets: {icons_path} not found; run: npm install @iconify-json/game-icons", file=sys.stderr)
        return 1
    pygame.init()
    icons = Icons(icons_path)
    out = args.out
    img = out / "images"
    for sub in ("characters", "tokens", "objects", "ui"):
        (img / sub).mkdir(parents=True, exist_ok=True)
    made: dict[str, pygame.Surface] = {}

    def save(rel: str, surf: pygame.Surface) -> None:
        pygame.image.save(surf, str(img / rel))
        made[rel] = surf

    make_fonts(args.node_modules / "@fontsource", out / "fonts")
    for cid in CHARACTERS:
        save(f"characters/{cid}.png", portrait(icons, cid))
    for cid in CHARACTERS:
        save(f"tokens/{cid}.png", token(icons, cid))
    save("ui/token_disc.png", token_disc())
    for oid in OBJECTS:
        save(f"objects/{oid}.png", object_icon(icons, oid))
    for t in range(len(CHEST_TIERS)):
        save(f"ui/chest_tier_{t}.png", chest_tier(icons, t))
    for name in UI_ICONS:
        save(f"ui/{name}.png", ui_icon(icons, name))
    save("ui/logo.png", logo(out / "fonts" / "CinzelDecorative-Bold.ttf"))
    save("ui/title_background.png", background(icons))
    (out / "README.md").write_text(readme_text(made["ui/logo.png"].get_size()), encoding="utf-8")
    update_credits(out / "CREDITS.md", credits_sections(icons))
    if args.sheet:
        contact_sheet(made, args.sheet)
    print(f"make_assets: wrote {len(made)} images and {len(FONTS)} fonts under {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
