"""Charts written to PNG files for the tournament and balance commands."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.meta.tournament import wilson  # noqa: E402
from scenes.core import assets  # noqa: E402

WIDTH, HEIGHT = 1200, 640
BACKGROUND, INK, GRID, BAR, WHISKER = (24, 26, 38), (236, 226, 200), (60, 64, 84), (201, 162, 74), (240, 240, 240)


def win_rate_chart(lines: list[Any], path: str, title: str) -> None:
    """Bars of win rates with their 95 % intervals, one per line of a table."""
    pygame.font.init()
    surface = pygame.Surface((WIDTH, HEIGHT))
    surface.fill(BACKGROUND)
    title_font, label_font = assets.font(30, "heading"), assets.font(20, "body")
    surface.blit(title_font.render(title, True, INK), (40, 20))
    left, top, bottom = 110, 90, HEIGHT - 80
    highs = [wilson(line.wins, line.races)[1] for line in lines]
    top_rate = min(1.0, max(0.05, max(highs) * 1.1))
    for k in range(6):
        rate = top_rate * k / 5
        y = bottom - (bottom - top) * rate / top_rate
        pygame.draw.line(surface, GRID, (left, y), (WIDTH - 30, y))
        label = label_font.render(f"{rate:.0%}", True, INK)
        surface.blit(label, (left - 12 - label.get_width(), y - label.get_height() // 2))
    slot = (WIDTH - 30 - left) / max(1, len(lines))
    for i, line in enumerate(lines):
        x = left + slot * i + slot * 0.2
        width = slot * 0.6
        height = (bottom - top) * line.win_rate / top_rate
        pygame.draw.rect(surface, BAR, (x, bottom - height, width, height), border_radius=4)
        low, high = wilson(line.wins, line.races)
        centre = x + width / 2
        y_low = bottom - (bottom - top) * low / top_rate
        y_high = bottom - (bottom - top) * high / top_rate
        pygame.draw.line(surface, WHISKER, (centre, y_low), (centre, y_high), 2)
        for y in (y_low, y_high):
            pygame.draw.line(surface, WHISKER, (centre - 8, y), (centre + 8, y), 2)
        name = label_font.render(line.name, True, INK)
        surface.blit(name, (centre - name.get_width() / 2, bottom + 10))
        rate_label = label_font.render(f"{line.win_rate:.1%}", True, INK)
        surface.blit(rate_label, (centre - rate_label.get_width() / 2, bottom + 36))
    pygame.image.save(surface, path)
