"""Numbers read strictly where a person or a file gives them (issue 43's own attack round): ASCII digits of
their range, never `int("²")` (a ValueError) nor `int()` of 5,000 digits: `serve`'s terminal and
`join --owner` (a seat: the ValueError ended their commands), a mouse button in the settings' controls
(it ended the game's start), an address's port, a tileset picture's size in a board."""

from __future__ import annotations

import asyncio
import io
import json

import pytest

from game.app import session
from game.app.controls import ACTIONS, read_controls
from game.app.settings import Settings
from game.boards.maps import read_board
from game.net.console import ORDERS, give_orders, obey, seat_number
from game.net.host import Host, Seat
from game.net.protocol import split_address
from scenes.core import boards
from tests.test_board_bounds import MEADOW, TILESET, board

CODE = "ABCDEFGH"


def test_a_seat_is_ascii_digits_of_the_seats_range():
    assert seat_number("1", 3) == 0 and seat_number("3", 3) == 2
    for word in ("\u00b2", "\u0661", "0", "4", "-1", "+1", "1.0", "9" * 50, "", "x"):
        assert seat_number(word, 3) is None, word


def test_the_terminal_answers_a_seat_that_is_not_one_and_goes_on():
    async def scenario() -> None:
        host = Host(boards.practice_board(), 5, [Seat("friend"), Seat("bot", bot="easy")], CODE, 7)
        for word in ("\u00b2", "\u0661\u0662", "99999999999999999999"):
            answer = await obey([host], f"remove {word}")
            assert "is not a seat: give a number from 1 to 2" in answer, answer
        assert await obey([host], "remove 2") == "seat 2 has no friend in it"

    asyncio.run(scenario())


def test_join_owner_tells_the_orders_for_a_seat_that_is_not_one():
    async def scenario() -> None:
        sent: list[dict] = []
        told: list[str] = []

        async def send(text: str) -> None:
            sent.append(json.loads(text))

        typed = io.StringIO("remove \u00b2\nlet \u0661\nremove 2\n")
        ordering = asyncio.ensure_future(give_orders(send, "k" * 16, told.append, typed))
        try:
            for _ in range(500):
                if sent:
                    break
                await asyncio.sleep(0.01)
        finally:
            ordering.cancel()
            await asyncio.gather(ordering, return_exceptions=True)
        assert told == [ORDERS, ORDERS] and sent == [{"type": "owner", "key": "k" * 16, "order": "remove", "seat": 1}]

    asyncio.run(scenario())


@pytest.mark.parametrize("button", ["\u00b2", "\u0661", "9" * 5000, "-1", "1.5"])
def test_a_mouse_button_that_is_not_one_is_forgotten_with_a_sentence(tmp_path, monkeypatch, button):
    action = ACTIONS[0].action.value
    kept, fixes = read_controls({action: [f"mouse:{button}"]})
    assert kept == {} and len(fixes) == 1 and "is not a key, a mouse button" in fixes[0]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    Settings(language="fr").save(session.FOLDER)
    path = session.FOLDER.path() / "settings.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["controls"] = {action: [f"mouse:{button}"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    settings = Settings.load(session.FOLDER)  # (the game's start: it raised a ValueError)
    assert settings.language == "fr" and settings.controls == {}


@pytest.mark.parametrize("port", ["\u00b2", "\u0661\u0662", "9" * 5000, "0", "65536"])
def test_a_port_that_is_not_one_is_said_in_a_sentence(port):
    with pytest.raises(ValueError, match="must be a number from 1 to 65535"):
        split_address(f"192.168.1.20:{port}")


def test_a_tileset_picture_of_a_size_that_is_not_a_number_is_said_not_raised(tmp_path):
    tileset = (
        '<tileset firstgid="500" name="odd" tilewidth="4" tileheight="4">'
        '<image source="none.png" width="\u00b2" height="9"/></tileset>'
    )
    found, problems, _ = read_board(board(tmp_path, MEADOW.replace(TILESET, TILESET + tileset)))
    assert found is None and any("none.png" in p.line() for p in problems)
