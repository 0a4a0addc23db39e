"""Colours and sizes shared by every screen."""

from collections.abc import Iterator
from contextlib import contextmanager

# A colour as the theme and the screens write it: (red, green, blue) or (red, green, blue, alpha).
Colour = tuple[int, ...]

# The DESIGN size: every menu is laid out for it, and the logical screen is never smaller. The logical
# screen itself follows the window (scenes/core/canvas.py): `screen_size()` says how large it is now.
SIZE = (1280, 720)

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

# Racer colours in seat order, one palette per Colour vision setting (game/app/settings.py), each chosen so
# that its colours stay apart for the eyes it is for (tests/test_colour_vision.py simulates them: Machado,
# Oliveira & Fernandes 2009, severity 1.0, and prints the smallest CIE76 difference), and each racer also
# has his mark (MARKS: a shape on his token, his card and his log lines), so nothing relies on colour alone.
PALETTES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "normal": ((226, 72, 77), (62, 142, 208), (70, 170, 88), (240, 200, 40), (150, 90, 210), (245, 130, 40)),
    # protanopia and deuteranopia: blues, oranges and yellows, a brown, a white (no red against green)
    "red_green": ((30, 80, 200), (240, 150, 20), (120, 200, 255), (255, 240, 110), (140, 70, 20), (230, 230, 240)),
    # tritanopia: reds, pinks, teal, white and slate (no blue against yellow)
    "blue_yellow": ((210, 50, 50), (0, 160, 150), (255, 140, 190), (245, 245, 245), (120, 30, 30), (100, 110, 130)),
    # monochrome, high contrast: six greys a full step of lightness apart (L* 97 to 30)
    "monochrome": ((245, 245, 245), (200, 200, 200), (160, 160, 160), (125, 125, 125), (95, 95, 95), (70, 70, 70)),
}
COLOUR_VISIONS = tuple(PALETTES)  # the settings' choices, in order
MARKS = ("circle", "square", "triangle", "diamond", "star", "hexagon")  # each seat's shape, whatever the palette
_STATE = {"palette": "normal", "flashes": "full", "motion": "full"}
_BOOK = {"scale": 1.0}  # the Rule book text setting: the book's words this much larger than designed
_SCREEN = {"size": SIZE}  # the logical screen's size now (the window's, over the interface scale)
_TEXT = {"scale": 1.0}  # the Text size setting: every word of every screen this much larger than designed


# The quieter texts (hints, labels, what cannot be used) on the panels: the monochrome palette is also the
# high-contrast one, its quiet texts lighter (WCAG AA, 4.5:1 on PANEL: tests/test_colour_vision.py).
QUIET = {"normal": ((160, 168, 188), (110, 118, 140)), "high_contrast": ((215, 220, 232), (178, 184, 200))}


def use_palette(name: str) -> None:
    """The racers' colours of a Colour vision setting (and, for monochrome, the high-contrast quiet
    texts: MUTED and DIM, read by the screens as they draw), from the next frame drawn on."""
    global MUTED, DIM
    _STATE["palette"] = name if name in PALETTES else "normal"
    MUTED, DIM = QUIET["high_contrast" if _STATE["palette"] == "monochrome" else "normal"]


def palette() -> str:
    """The name of the palette in use."""
    return _STATE["palette"]


def use_effects(flashes: str, motion: str) -> None:
    """The Flashes and Motion settings ("full" or "reduced"), from the next frame drawn on."""
    _STATE["flashes"] = "reduced" if flashes == "reduced" else "full"
    _STATE["motion"] = "reduced" if motion == "reduced" else "full"


def calm_flashes() -> bool:
    """Flashes reduced: no full-screen flash, never more than three flashes a second."""
    return _STATE["flashes"] == "reduced"


def calm_motion() -> bool:
    """Motion reduced: the camera cuts instead of gliding."""
    return _STATE["motion"] == "reduced"


def use_book_text(percent: int) -> None:
    """The Rule book text setting (100 to 150 %), from the next time the book is opened."""
    _BOOK["scale"] = max(1.0, min(1.5, percent / 100))


def use_text_size(percent: int) -> None:
    """The Text size setting (100 to 150 %): every font the game asks for from the next frame on
    (scenes/core/assets.py font() scales each size by it; the screens lay themselves out from the fonts'
    real heights)."""
    _TEXT["scale"] = max(1.0, min(1.5, percent / 100))


# px: words drawn this large (titles, headings) are large enough: the Text size grows the others up to it
LARGE_TEXT = 40


def text_px(size: int) -> int:
    """The size in pixels words designed at `size` are drawn at: `size` times the Text size, but a word
    grows no larger than LARGE_TEXT (a title already larger keeps its size)."""
    return max(size, min(round(size * _TEXT["scale"]), LARGE_TEXT)) if size > 0 else 1


def text_scale() -> float:
    """How much larger than designed every word of the game is (1.0 to 1.5)."""
    return _TEXT["scale"]


@contextmanager
def designed_text() -> Iterator[None]:
    """Words drawn inside a picture of a fixed size (a die's face, a token's number, a square's key):
    at the size designed for the picture, whatever the Text size."""
    scale = _TEXT["scale"]
    _TEXT["scale"] = 1.0
    try:
        yield
    finally:
        _TEXT["scale"] = scale


def book_text_scale() -> float:
    """How much larger than designed the rule book's words are (1.0 to 1.5)."""
    return _BOOK["scale"]


def use_screen_size(size: tuple[int, int]) -> None:
    """The logical screen's size from now on (the window opened or resized, the interface scale changed):
    never smaller than the design size."""
    _SCREEN["size"] = (max(SIZE[0], int(size[0])), max(SIZE[1], int(size[1])))


def screen_size() -> tuple[int, int]:
    """The logical screen's size now: SIZE, or larger on a large window (the race's board grows into it)."""
    return _SCREEN["size"]


def design_offset(size: tuple[int, int] | None = None) -> tuple[int, int]:
    """Where the SIZE region the menus are drawn in starts on a logical screen of `size` (centred)."""
    width, height = size if size is not None else _SCREEN["size"]
    return max(0, (width - SIZE[0]) // 2), max(0, (height - SIZE[1]) // 2)


def look() -> tuple[str, ...]:
    """What the theme draws with now: a picture kept for later is drawn again when it changes."""
    return (_STATE["palette"], str(_TEXT["scale"]))


# Chest tiers of docs/rules-spec.md section 7: colour and a symbol readable without colour.
TIER_COLOURS = ((128, 24, 24), (236, 138, 40), (240, 240, 240), (150, 220, 150), (30, 122, 58))
TIER_SYMBOLS = ("--", "-", "=", "+", "++")
TIER_WORDS = ("max malus", "malus", "neutral", "bonus", "max bonus")


def racer_colour(index: int) -> tuple[int, int, int]:
    """The colour of racer `index` (seat order) in the palette in use."""
    colours = PALETTES[_STATE["palette"]]
    return colours[index % len(colours)]


def racer_mark(index: int) -> str:
    """The shape of racer `index`'s mark (seat order)."""
    return MARKS[index % len(MARKS)]
