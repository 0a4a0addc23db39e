"""A long session that does not grow (issue 44): the pictures kept in memory stay within their
budget of bytes however many different lines and tokens are drawn; the allocator is told to give a
freed picture's memory back. Counts and bytes, never times (benchmarks/long_session.py measures the
whole window's memory)."""

from __future__ import annotations

import sys

import pygame
import pytest

from scenes.core import kept, text
from scenes.render import effects
from scenes.ui import widgets


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def test_pictures_keep_the_most_recently_used_within_their_budget():
    one = kept.picture_bytes(pygame.Surface((10, 10), pygame.SRCALPHA))
    pictures: kept.Pictures[pygame.Surface] = kept.Pictures(budget=10 * one)  # ten 10x10 pictures
    for n in range(100):
        pictures.put(n, pygame.Surface((10, 10), pygame.SRCALPHA))
        assert pictures.bytes <= pictures.budget
    assert len(pictures) == 10 and pictures.bytes == 10 * one
    assert 89 not in pictures and 90 in pictures
    assert pictures.get(90) is not None  # used again: kept over the pictures after it
    pictures.put(100, pygame.Surface((10, 10), pygame.SRCALPHA))
    assert 90 in pictures and 91 not in pictures


def test_a_picture_larger_than_the_budget_is_kept_alone_and_then_goes():
    pictures: kept.Pictures[pygame.Surface] = kept.Pictures(budget=1000)
    pictures.put("small", pygame.Surface((4, 4)))
    large = pictures.put("large", pygame.Surface((100, 100)))
    assert len(pictures) == 1 and pictures.get("large") is large
    pictures.put("small", pygame.Surface((4, 4)))
    assert "large" not in pictures and pictures.bytes <= 1000


def test_putting_a_key_again_counts_its_bytes_once():
    pictures: kept.Pictures[pygame.Surface] = kept.Pictures(budget=10**6)
    for _ in range(5):
        pictures.put("same", pygame.Surface((10, 10), pygame.SRCALPHA))
    assert len(pictures) == 1 and pictures.bytes == kept.picture_bytes(pygame.Surface((10, 10), pygame.SRCALPHA))
    pictures.clear()
    assert len(pictures) == 0 and pictures.bytes == 0


def test_the_lines_of_text_kept_drawn_stay_within_their_budget_after_many_different_lines():
    text._CACHE.clear()
    for n in range(3000):  # long lines at a large size: a few hundred of them fill the budget
        text.render(f"line {n}: " + "a long sentence of the rule book, " * 3, 28)
        assert text._CACHE.bytes <= text.PICTURES_BUDGET
    assert text._CACHE.bytes > text.PICTURES_BUDGET // 2  # (the budget is used, not a few lines)
    assert len(text._CACHE) < 3000
    first = text.render("the same line", 20)
    assert text.render("the same line", 20) is first  # a line kept is drawn once
    assert "lines" in text.cached_pictures()
    text._CACHE.clear()


def test_the_ringed_tokens_kept_stay_within_their_budget_after_many_tokens():
    effects._RINGED.clear()
    for _ in range(400):  # every race's tokens are new pictures: the old ones no longer kept alive
        effects.ringed(pygame.Surface((48, 48), pygame.SRCALPHA), 30)
        assert effects._RINGED.bytes <= effects.RINGED_BUDGET
    assert len(effects._RINGED) < 400
    token = pygame.Surface((48, 48), pygame.SRCALPHA)
    assert effects.ringed(token, 30) is effects.ringed(token, 30)
    effects._RINGED.clear()


def test_a_veil_keeps_one_shade_and_darkens_as_a_fresh_one_did():
    for size in ((320, 200), (640, 360), (320, 200)):
        for alpha in (160, 185, 190, 200, 160):
            screen = pygame.Surface(size)
            screen.fill((200, 150, 90))
            expected = screen.copy()
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((6, 8, 16, alpha))
            expected.blit(shade, (0, 0))
            widgets.veil(screen, alpha)
            assert screen.get_at((5, 5)) == expected.get_at((5, 5))
            assert len(widgets._VEIL) == 1  # the last screen's shade alone, whatever came before


def test_the_allocator_gives_freed_pictures_back_on_linux_with_glibc():
    done = kept.give_back_freed()
    assert done == (sys.platform.startswith("linux") and kept._libc() is not None)
