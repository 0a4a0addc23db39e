"""A board's name and description in the player's language: the map's `name.fr`, `description.fr`."""

from __future__ import annotations

import pytest

from game.boards.map_format import ERROR, WARNING
from game.boards.maps import check_board, load_board
from tests.test_maps_support import SHIPPED, write_board


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_board_has_a_french_name_and_description(path):
    board = load_board(path)
    assert board.name_in("fr") != board.name, f"{path.name} has no French name"
    assert board.description_in("fr") != board.description, f"{path.name} has no French description"
    assert board.name_in("en") == board.name and board.description_in("en") == board.description


def test_eight_shipped_boards_have_eight_different_names_in_each_language():
    boards = [load_board(p) for p in SHIPPED]
    assert len({b.name for b in boards}) == len({b.name_in("fr") for b in boards}) == 8


def _with_properties(lines: str):
    return lambda xml: xml.replace("<properties>", "<properties>\n" + lines, 1)


def test_a_board_reads_its_french_texts_and_falls_back_to_english_where_it_has_none(tmp_path):
    path = write_board(
        tmp_path,
        "b",
        properties={"name": "Salt Flats", "description": "White and wide.", "name.fr": "Les Salines"},
    )
    board = load_board(path)
    assert (board.name_in("fr"), board.description_in("fr")) == ("Les Salines", "White and wide.")
    assert (board.name_in("de"), board.description_in("de")) == ("Salt Flats", "White and wide.")
    assert not check_board(path)


def test_a_translated_name_is_held_to_the_name_s_limits(tmp_path):
    path = write_board(tmp_path, "b", properties={"name": "Salt Flats", "name.fr": "x" * 61})
    problems = check_board(path)
    assert [(p.severity, p.message[:40]) for p in problems] == [(ERROR, 'map property "name.fr" cannot be shown: ')]


def test_a_misspelt_translation_is_a_probable_typo(tmp_path):
    path = write_board(tmp_path, "b", properties={"name": "Salt Flats", "descriptoin.fr": "Blanc."})
    problems = check_board(path)
    assert [p.severity for p in problems] == [WARNING] and '"description"' in problems[0].message


def test_a_series_of_six_racers_on_the_shipped_boards_leaves_out_the_duel_s_board(capsys):
    from game.cli.options import build_parser
    from game.cli.races import run_series

    for words, gorge in ((["--racers", "6"], False), (["--racers", "2"], True)):
        args = build_parser().parse_args(["balance", "--games", "2", "--jobs", "1", "--bot", "easy", *words])
        assert run_series(args) == 0
        said = capsys.readouterr().out
        assert "Goblin Sprint" in said and ("Twin Gorge" in said) == gorge, said
