"""The racers' cards say each racer's line whole (issue 44): "Nain · ordinateur · normal" beside his name,
or on a row of its own, never cut short with "…"; with six racers at 150 % in a 1280x720 window the
sidebar grows as wide as the lines want (the log keeps its room, the board keeps most of the width)."""

from __future__ import annotations

import pygame
import pytest

from game import Race, RacerSetup
from scenes.core import boards, i18n, text, theme
from scenes.race import hud

SIX = [("elf", "Ann", None), ("dwarf", "Bram", "normal"), ("sorceress", "Cleo", "hard")]
SIX += [("orc", "Dax", "easy"), ("thief", "Eve", "normal"), ("baby", "Fib", "hard")]


@pytest.fixture
def look():
    pygame.font.init()

    def use(language: str, size: int, screen: tuple[int, int] = theme.SIZE) -> None:
        i18n.set_language(language)
        theme.use_text_size(size)
        theme.use_screen_size(screen)

    yield use
    use("en", 100)


def race_of(count: int) -> Race:
    return Race.new(boards.practice_board(), [RacerSetup(c, n, b) for c, n, b in SIX[:count]], 5, seed=11)


def said_whole(race: Race) -> bool:
    """Whether every racer's line fits beside his name, or on its own row across his card."""
    room, below = hud.name_room(race), hud.lines_below(race)
    for r in race.racers:
        beside = text.width(r.name, 19, "bold") + 8 + text.width(hud.racer_line(r), 14)
        across = text.width(hud.racer_line(r), 14)
        if not (beside <= room or (r.index in below and across <= hud.side_width(race) - hud.STRIPE - 12)):
            return False
    return True


@pytest.mark.parametrize("language", ["en", "fr"])
def test_six_racers_at_150_in_1280x720_have_a_wider_sidebar_and_their_lines_whole(look, language):
    look(language, 150)
    race = race_of(6)
    side = hud.sidebar(race)
    assert hud.SIDE_WIDTH < side.width <= theme.screen_size()[0] * hud.SIDE_MOST
    assert said_whole(race) and not hud.lines_below(race)  # (beside the names: the cards stay short)
    assert hud.board_area(race=race).right == side.left - hud.SIDE_MARGIN  # the board's view beside it
    cards = hud.card_rects(race)
    assert all(rect.width == side.width for rect in cards.values())
    log = side.bottom - max(rect.bottom for rect in cards.values())
    assert log >= hud.LOG_LINES * text.line_height(16)  # the log keeps a usable height


@pytest.mark.parametrize(("language", "size", "count"), [("en", 100, 6), ("fr", 150, 2), ("en", 150, 3)])
def test_fewer_racers_or_smaller_words_keep_the_sidebar_as_designed(look, language, size, count):
    look(language, size)
    race = race_of(count)
    assert hud.side_width(race) == hud.SIDE_WIDTH == hud.sidebar().width
    assert said_whole(race)


def test_a_larger_window_keeps_the_sidebar_wide_enough_too(look):
    look("fr", 150, (1536, 864))
    race = race_of(6)
    assert said_whole(race)
    assert hud.board_area(race=race).width >= theme.screen_size()[0] * (1 - hud.SIDE_MOST) - 2 * hud.SIDE_MARGIN


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_long_name_widens_the_sidebar_to_its_most_and_puts_only_his_line_on_a_row_of_its_own(look, language):
    look(language, 150)
    six = [(c, "Bartholomew-Jones" if n == "Cleo" else n, b) for c, n, b in SIX]
    race = Race.new(boards.practice_board(), [RacerSetup(c, n, b) for c, n, b in six], 5, seed=11)
    assert hud.side_width(race) == int(theme.screen_size()[0] * hud.SIDE_MOST)
    assert said_whole(race) and hud.lines_below(race) == {2}
    side, cards = hud.sidebar(race), hud.card_rects(race)
    assert side.bottom - max(rect.bottom for rect in cards.values()) >= hud.LOG_LINES * text.line_height(16)
