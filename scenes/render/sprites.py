"""Racers' tokens (a disc of the racer's colour under the character's glyph) and icons."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes import assets
from scenes.ui import text, theme


@lru_cache(maxsize=128)
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
    if number:
        badge = max(8, size // 5)
        spot = (size - badge - 1, size - badge - 1)
        pygame.draw.circle(surface, (20, 20, 28), spot, badge)
        pygame.draw.circle(surface, colour, spot, badge, 2)
        text.draw(surface, str(number), spot, max(10, int(badge * 1.4)), theme.TEXT, "bold", anchor="center")
    if protected:
        surface.set_alpha(120)
        faded = pygame.Surface((size, size), pygame.SRCALPHA)
        faded.blit(surface, (0, 0))
        return faded
    return surface


@lru_cache(maxsize=256)
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
