"""Racers' tokens (a disc of the racer's colour under the character's glyph, his mark with his seat
number), racers' marks (a shape per seat: theme.MARKS) and icons."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.core import assets, text, theme


@lru_cache(maxsize=128)
@theme.designed_text()  # (its words fit the picture: at their designed size)
def token(
    character: str, colour: tuple[int, int, int], size: int, number: int = 0, protected: bool = False
) -> pygame.Surface:
    """A racer's token: tinted disc, glyph, and his seat number (readable without colour)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    radius = int(size * 0.44)
    pygame.draw.circle(surface, (0, 0, 0, 90), (centre[0], centre[1] + max(2, size // 16)), radius)
    disc = assets.ui_icon("token_disc", size)
    if disc is not None:
        disc = disc.copy()
        disc.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(disc, (0, 0))
    else:
        pygame.draw.circle(surface, colour, centre, radius)
    glyph = assets.token_glyph(character, size)
    if glyph is not None:
        surface.blit(glyph, (0, 0))
    else:
        text.draw(surface, character[:2].title(), centre, size // 2, theme.TEXT, "bold", anchor="center")
    pygame.draw.circle(surface, (20, 16, 12), centre, radius, max(1, size // 24))
    if number:  # his mark: the shape of his seat, his number in it (readable without colour)
        badge = max(9, size // 4)
        picture = mark(number - 1, 2 * badge, colour, number)
        surface.blit(picture, (size - 2 * badge, size - 2 * badge))
    if protected:
        surface.set_alpha(120)
        faded = pygame.Surface((size, size), pygame.SRCALPHA)
        faded.blit(surface, (0, 0))
        return faded
    return surface


def mark_points(shape: str, size: int) -> list[tuple[float, float]]:
    """The corners of a mark's shape in a square of `size` (a circle: none)."""
    c, r = size / 2, size / 2 - 1
    corners = {"square": (4, 45, 0.9), "triangle": (3, -90, 1.08), "diamond": (4, 0, 1.0), "hexagon": (6, 0, 1.0)}
    if shape == "star":
        return [
            (
                c + (r if k % 2 == 0 else r * 0.5) * math.cos(math.radians(-90 + 36 * k)),
                c + 0.06 * size + (r if k % 2 == 0 else r * 0.5) * math.sin(math.radians(-90 + 36 * k)),
            )
            for k in range(10)
        ]
    if shape in corners:
        count, turn, scale = corners[shape]
        lift = 0.12 * size if shape == "triangle" else 0.0
        return [
            (
                c + r * scale * math.cos(math.radians(turn + k * 360 / count)),
                c + lift + r * scale * math.sin(math.radians(turn + k * 360 / count)),
            )
            for k in range(count)
        ]
    return []


@lru_cache(maxsize=256)
@theme.designed_text()  # (its words fit the picture: at their designed size)
def mark(seat: int, size: int, colour: tuple[int, int, int], number: int = 0) -> pygame.Surface:
    """A racer's mark: the shape of his seat (theme.MARKS), dark inside and edged with his colour, his
    number in it; without a number, the shape filled with his colour (a log line's, a list's)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    shape = theme.racer_mark(seat)
    points = mark_points(shape, size)
    fill, edge = ((20, 20, 28), colour) if number else (colour, (12, 12, 18))
    width = max(2, size // 10)
    if points:
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, edge, points, width)
    else:
        pygame.draw.circle(surface, fill, (size // 2, size // 2), size // 2 - 1)
        pygame.draw.circle(surface, edge, (size // 2, size // 2), size // 2 - 1, width)
    if number and sum(colour) < 330:  # a dark colour (the high-contrast greys): a light rim around it
        if points:
            pygame.draw.polygon(surface, theme.TEXT, points, 1)
        else:
            pygame.draw.circle(surface, theme.TEXT, (size // 2, size // 2), size // 2 - 1, 1)
    if number:
        spot = (size // 2, size // 2 + (size // 8 if shape == "triangle" else 0))
        digit = max(9, int(size * (0.5 if shape in ("triangle", "star") else 0.66)))
        text.draw(surface, str(number), spot, digit, theme.TEXT, "bold", anchor="center")
    return surface


@lru_cache(maxsize=256)
@theme.designed_text()  # (its words fit the picture: at their designed size)
def icon(kind: str, name: str, size: int) -> pygame.Surface:
    """An object ("object") or UI ("ui") icon, with a drawn stand-in when the file is missing."""
    found = assets.object_icon(name, size) if kind == "object" else assets.ui_icon(name, size)
    if found is not None:
        return found
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surface, theme.PANEL_LIGHT, (size // 2, size // 2), size // 2 - 1)
    text.draw(surface, name[:1].upper(), (size // 2, size // 2), int(size * 0.6), theme.TEXT, "bold", anchor="center")
    return surface


def tier_badge(tier: int, size: int) -> pygame.Surface:
    """The chest-tier icon of section 7 (colour and symbol)."""
    return icon("ui", f"chest_tier_{tier}", size)
