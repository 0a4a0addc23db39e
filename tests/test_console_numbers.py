"""`serve`'s terminal and `join --owner`'s read a seat's number strictly (issue 43's own attack round):
ASCII digits of the seats' range, never `int("²")` (a ValueError that ended the terminal's commands)."""

from __future__ import annotations

import asyncio
import io
import json

from game.net.console import ORDERS, give_orders, obey, seat_number
from game.net.host import Host, Seat
from scenes import boards

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
