"""A hostile relay against the host that connects to it (game/net/relayed.py), on 127.0.0.1: the
relay's own messages with numbers that are not link numbers (`1e999`, `Infinity`, `NaN`, `-1`, true,
a text, a Unicode digit, 5,000 digits) are dropped with one log line, never the host's process; more
links than a host serves at once are closed; an honest friend is still served (issue 43)."""

from __future__ import annotations

import asyncio
import json
import logging

from game.net.invite import parse_relay
from game.net.relayed import PIPES, link_of, relay_order, serve_through
from game.net.schema import ProtocolError
from game.rules import seeds
from tests.test_relay import CODE, SEED, new_host, until

HOSTILE = [
    '0:{"type":"open","link":1e999}',
    '0:{"type":"open","link":Infinity}',
    '0:{"type":"open","link":-Infinity}',
    '0:{"type":"open","link":NaN}',
    '0:{"type":"open","link":-1}',
    '0:{"type":"open","link":0}',
    '0:{"type":"open","link":true}',
    '0:{"type":"open","link":"5"}',
    '0:{"type":"open","link":2.5}',
    '0:{"type":"open","link":1e308}',
    '0:{"type":"open","link":12345678901234567890}',
    '0:{"type":"open","link":3,"address":1e999}',
    '0:{"type":"open","link":3,"key":["k"]}',
    '0:{"type":"closed","link":1e999}',
    '0:{"type":"closed"}',
    '0:{"type":"open"}',
    "0:[1e999]",
    "0:" + "[" * 100_000,
    "0:not json",
    "\u00b2:a Unicode digit",
    "\u0661:an Arabic-Indic one",
    "9" * 5000 + ":five thousand digits",
    "-1:a minus",
    ":no number",
    "no colon at all",
]


def test_the_strict_readers_take_only_link_numbers_of_their_range():
    assert link_of("12:x") == (12, "x") and link_of("0:{}") == (0, "{}")
    for text in ("\u00b2:x", "9" * 10 + ":x", "-1:x", "+1:x", " 1:x", "1", ":x"):
        assert link_of(text) is None, text
    assert relay_order('{"type":"open","link":4,"address":"127.0.0.1","key":""}')["link"] == 4
    for text in HOSTILE:
        if text.startswith("0:"):
            try:
                relay_order(text[2:])
            except ProtocolError:
                continue
            raise AssertionError(f"{text[:40]} was taken")


def test_a_hostile_relay_never_ends_serve_relay_and_an_honest_friend_still_joins(caplog):
    import websockets

    async def scenario():
        heard: list[str] = []
        ready = asyncio.Event()
        send: list = []

        async def relay(socket):
            send.append(socket)
            await socket.send(f"0:{json.dumps({'type': 'registered', 'code': CODE})}")
            ready.set()
            async for text in socket:
                heard.append(text)

        server = await websockets.serve(relay, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        said: list[str] = []
        host = new_host(("person", "person"), say=said.append)
        serving = asyncio.ensure_future(
            serve_through([host], parse_relay(f"ws://127.0.0.1:{port}"), [seeds.owner_secret(SEED, CODE)], timeout=60)
        )
        try:
            await asyncio.wait_for(ready.wait(), 10)
            (socket,) = send
            with caplog.at_level(logging.WARNING, logger="fantasy-racing.network"):
                for text in HOSTILE:
                    await socket.send(text)
                opened = {"type": "open", "link": 7, "address": "127.0.0.9", "key": ""}
                await socket.send(f"0:{json.dumps(opened)}")
                hello = {"type": "hello", "code": CODE, "name": "ann"}
                await socket.send(f"7:{json.dumps(hello)}")
                await until(lambda: any(t.startswith("7:") and '"welcome"' in t for t in heard))
                assert not serving.done()
                # more links than a host serves at once: the first PIPES served, the others closed
                for number in range(100, 100 + PIPES + 5):
                    await socket.send(f"0:{json.dumps({**opened, 'link': number})}")
                await until(lambda: sum('"close"' in t for t in heard) >= 5)
                closed = [json.loads(t[2:])["link"] for t in heard if t.startswith("0:") and '"close"' in t]
                assert min(closed) >= 100 + PIPES - 1 and not serving.done()
            drops = [r for r in caplog.records if "dropped a message of the relay" in r.getMessage()]
            assert 1 <= len(drops) <= 2  # (once a minute at most, with the count)
            assert not any(r.exc_info for r in caplog.records)
        finally:
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
            server.close()
            await server.wait_closed()

    asyncio.run(scenario())
