"""Colours and sizes shared by every screen."""

SIZE = (1280, 720)  # the logical screen every scene draws on

BACKGROUND = (22, 26, 40)
BACKGROUND_2 = (32, 38, 58)
PANEL = (36, 42, 62)
PANEL_LIGHT = (50, 58, 84)
PANEL_EDGE = (84, 96, 132)
TEXT = (238, 240, 246)
MUTED = (160, 168, 188)
DIM = (110, 118, 140)
ACCENT = (242, 193, 78)
ACCENT_DARK = (168, 124, 32)
GOOD = (110, 200, 120)
BAD = (232, 92, 92)
FOCUS = (255, 220, 120)
HIGHLIGHT = (120, 220, 255)

# Racer colours in seat order, each with a name (so nothing relies on colour alone).
RACER_COLOURS = (
    ((226, 72, 77), "red"),
    ((62, 142, 208), "blue"),
    ((70, 170, 88), "green"),
    ((240, 200, 40), "yellow"),
    ((150, 90, 210), "purple"),
    ((245, 130, 40), "orange"),
)

# Chest tiers of docs/rules-spec.md section 7: colour and a symbol readable without colour.
TIER_COLOURS = ((128, 24, 24), (236, 138, 40), (240, 240, 240), (150, 220, 150), (30, 122, 58))
TIER_SYMBOLS = ("--", "-", "=", "+", "++")
TIER_WORDS = ("max malus", "malus", "neutral", "bonus", "max bonus")


def racer_colour(index: int) -> tuple[int, int, int]:
    """The colour of racer `index` (seat order)."""
    return RACER_COLOURS[index % len(RACER_COLOURS)][0]


def racer_colour_name(index: int) -> str:
    """The name of racer `index`'s colour."""
    return RACER_COLOURS[index % len(RACER_COLOURS)][1]
