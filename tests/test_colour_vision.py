"""Racers are told apart without colour alone: each palette of the Colour vision setting keeps its
racers' colours apart for the eyes it is for (simulated by Machado, Oliveira & Fernandes 2009,
severity 1.0: the smallest CIE76 difference in CIE Lab is printed), and every racer has his own
shape (theme.MARKS) on his token, his card and his log lines, whatever the palette."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import Race, RacerSetup
from game.app.settings import COLOUR_VISIONS
from scenes.core import boards, theme
from scenes.race import hud
from scenes.render import sprites

# Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision
# Deficiency", IEEE TVCG 15(6): the matrices of severity 1.0, applied to linear RGB.
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
TRITANOPIA = ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900))
NORMAL = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
ACHROMATOPSIA = ((0.2126, 0.7152, 0.0722),) * 3  # only the luminance is seen (sRGB's Y)
#: the eyes each palette is for, and the smallest difference wanted between two racers' colours
EYES = {
    "normal": ({"normal": NORMAL}, 20.0),
    "red_green": ({"normal": NORMAL, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}, 20.0),
    "blue_yellow": ({"normal": NORMAL, "tritanopia": TRITANOPIA}, 20.0),
    "monochrome": ({"achromatopsia": ACHROMATOPSIA}, 10.0),  # six greys: ten steps of lightness apart
}


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(colour: tuple[int, int, int], matrix) -> tuple[float, float, float]:
    """CIE Lab (D65) of an sRGB colour as eyes with `matrix` see it."""
    rgb = [linear(c) for c in colour]
    seen = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb)))) for row in matrix]
    xyz_rows = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
    white = [sum(row) for row in xyz_rows]
    x, y, z = (sum(m * v for m, v in zip(row, seen)) / w for row, w in zip(xyz_rows, white))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def smallest_difference(colours, matrix) -> tuple[float, tuple[int, int]]:
    """The smallest CIE76 difference between two of `colours` as seen through `matrix`, and the pair."""
    seen = [lab(c, matrix) for c in colours]
    return min(
        (sum((p - q) ** 2 for p, q in zip(seen[i], seen[j])) ** 0.5, (i, j))
        for i, j in itertools.combinations(range(len(colours)), 2)
    )


def test_the_palettes_are_the_settings_choices():
    assert theme.COLOUR_VISIONS == COLOUR_VISIONS == tuple(EYES)
    assert all(len(colours) == len(theme.MARKS) == 6 for colours in theme.PALETTES.values())


@pytest.mark.parametrize("palette", COLOUR_VISIONS)
def test_each_palettes_racer_colours_stay_apart_for_the_eyes_it_is_for(palette, capsys):
    eyes, wanted = EYES[palette]
    for name, matrix in eyes.items():
        difference, pair = smallest_difference(theme.PALETTES[palette], matrix)
        with capsys.disabled():
            print(f"\n{palette} palette, {name}: smallest CIE76 difference {difference:.1f} (seats {pair})")
        assert difference >= wanted, (palette, name, pair)


def test_the_normal_palette_is_why_the_others_exist():
    difference, _ = smallest_difference(theme.PALETTES["normal"], DEUTERANOPIA)
    assert difference < 10  # its red and green (or blue and purple) all but meet for deuteranopia


def shape_of(picture: pygame.Surface, area: pygame.Rect) -> set[tuple[int, int]]:
    """The pixels of a mark's dark inside (its shape) in `area` of a picture."""
    return {
        (x - area.left, y - area.top)
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if picture.get_at((x, y))[:3] == (20, 20, 28) and picture.get_at((x, y))[3] > 200
    }


def apart(shapes: list[set[tuple[int, int]]]) -> float:
    """The largest overlap (intersection over union) of two of the shapes: 1.0 is the same shape."""
    return max(len(a & b) / len(a | b) for a, b in itertools.combinations(shapes, 2))


@pytest.mark.parametrize("palette", COLOUR_VISIONS)
def test_every_racers_token_card_and_log_mark_has_its_own_shape_in_every_palette(palette):
    theme.use_palette(palette)
    try:
        size = 64
        corner = pygame.Rect(size // 2, size // 2, size // 2, size // 2)  # where a token's mark is
        tokens = [sprites.token("elf", theme.racer_colour(k), size, k + 1) for k in range(6)]
        assert apart([shape_of(token, corner) for token in tokens]) < 0.8
        race = Race.new(boards.practice_board(), [RacerSetup("elf", f"Elf {k + 1}", "greedy") for k in range(6)], 5, 1)
        screen = pygame.Surface((1280, 720))
        hud.draw_racers(screen, race, {}, 0, {}, list(range(6)))
        cards = []
        for index, rect in hud.card_rects(race).items():
            portrait = dict(hud.card_parts(race, index, rect))[("racer", index)]
            cards.append(shape_of(screen, pygame.Rect(portrait).clip(rect)))
        assert all(cards) and apart(cards) < 0.8
        logs = [sprites.mark(k, 11, theme.racer_colour(k)) for k in range(6)]
        outlines = [{(x, y) for x in range(11) for y in range(11) if m.get_at((x, y))[3] > 128} for m in logs]
        assert apart(outlines) < 0.9
    finally:
        theme.use_palette("normal")


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG 2 contrast ratio of two colours."""
    la, lb = (lab(c, ACHROMATOPSIA)[0] for c in (a, b))  # (L*, to relative luminance below)

    def luminance(lightness: float) -> float:
        return ((lightness + 16) / 116) ** 3 if lightness > 8 else lightness / 903.3

    high, low = sorted((luminance(la), luminance(lb)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_monochrome_palette_is_also_high_contrast_for_the_quiet_texts(capsys):
    try:
        theme.use_palette("monochrome")
        ratios = {name: contrast(getattr(theme, name), theme.PANEL) for name in ("TEXT", "MUTED", "DIM")}
    finally:
        theme.use_palette("normal")
    with capsys.disabled():
        print("\nmonochrome, contrast on a panel: " + ", ".join(f"{k} {v:.1f}:1" for k, v in ratios.items()))
    assert min(ratios.values()) >= 4.5  # WCAG AA for text
    assert theme.DIM == theme.QUIET["normal"][1]  # and the other palettes keep the game's look
