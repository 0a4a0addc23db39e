"""Owner orders and quick messages through a relay (issue 43's own attack round), on 127.0.0.1: a
friend without the owner key removes, starts, sets the clock: nothing changes, he is answered in one
sentence; an unknown order, a seat or seconds out of range, an unknown or huge message id, NaN or
1e999 close that friend's link only; the room, its other friend and `serve --relay` go on."""

from __future__ import annotations

import asyncio
import json

from game.net.invite import parse_relay
from game.net.relay import Relay
from game.net.relayed import serve_through
from game.rules import seeds
from tests.test_relay import CODE, SEED, new_host, until

NOT_OWNER = [
    {"type": "owner", "key": "x" * 64, "order": "remove", "seat": 0},
    {"type": "owner", "key": "", "order": "start"},
    {"type": "owner", "key": "guess", "order": "clock", "seconds": 86400},
    {"type": "owner", "key": "guess", "order": "let", "seat": 0},
]
REFUSED = [
    '{"type":"owner","key":"k","order":"clock","seconds":1e308}',
    '{"type":"owner","key":"k","order":"clock","seconds":1e999}',
    '{"type":"owner","key":"k","order":"clock","seconds":NaN}',
    '{"type":"owner","key":"k","order":"remove","seat":11}',
    '{"type":"owner","key":"k","order":"remove","seat":99999999999999999999}',
    '{"type":"owner","key":"k","order":"nuke"}',
    '{"type":"say","phrase":"unknown_id"}',
    '{"type":"say","phrase":"' + "x" * 5000 + '"}',
    '{"type":"say","phrase":100000000000}',
    '{"type":"mystery"}',
    '{"type":"' + "y" * 5000 + '"}',
]


def test_a_friend_without_the_owner_key_changes_nothing_through_a_relay():
    import websockets

    async def scenario():
        relay = Relay()
        port = await relay.listen("127.0.0.1", 0)
        said: list[str] = []
        host = new_host(("person", "person", "person"), say=said.append, clock=30.0)
        serving = asyncio.ensure_future(
            serve_through([host], parse_relay(f"ws://127.0.0.1:{port}"), [seeds.owner_secret(SEED, CODE)], timeout=60)
        )
        url = f"ws://127.0.0.1:{port}/{CODE}"
        try:
            await until(lambda: any("invite" in line for line in said))
            async with websockets.connect(url) as ann:
                await ann.send(json.dumps({"type": "hello", "code": CODE, "name": "ann"}))
                assert json.loads(await ann.recv())["type"] == "welcome"
                for n, order in enumerate(NOT_OWNER):  # (each from an address of its own: the relay lets one
                    # address open 8 sockets a second)
                    async with websockets.connect(url, local_addr=(f"127.0.{n + 10}.2", 0)) as mallory:
                        await mallory.send(json.dumps({"type": "hello", "code": CODE, "name": "mallory"}))
                        await mallory.recv()  # (his welcome)
                        await mallory.send(json.dumps(order))
                        answer = json.loads(await asyncio.wait_for(mallory.recv(), 10))
                        while answer["type"] != "answer":  # (the lobby's news may come first)
                            answer = json.loads(await asyncio.wait_for(mallory.recv(), 10))
                        assert answer["said"] == "a wrong owner key: nothing was changed", answer
                for n, text in enumerate(REFUSED):
                    async with websockets.connect(url, local_addr=(f"127.0.{n + 100}.2", 0)) as mallory:
                        await mallory.send(json.dumps({"type": "hello", "code": CODE, "name": "mallory"}))
                        await mallory.recv()
                        await mallory.send(text)
                        try:
                            while True:
                                await asyncio.wait_for(mallory.recv(), 10)
                        except websockets.ConnectionClosed as closed:
                            assert closed.rcvd is not None and closed.rcvd.code == 1008, text[:60]
                assert host.clock == 30.0 and not host.started and not host.go.is_set()
                assert host.seats[0].name == "ann" and host.seats[0].client is not None and not host.seats[0].removed
                await ann.send(json.dumps({"type": "say", "phrase": "good_luck"}))
                heard = json.loads(await asyncio.wait_for(ann.recv(), 10))
                while heard["type"] != "said":  # (the lobby's news of mallory's comings and goings first)
                    heard = json.loads(await asyncio.wait_for(ann.recv(), 10))
                assert heard == {"type": "said", "seat": 0, "phrase": "good_luck"}
                assert not serving.done()
        finally:
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
            await relay.stop()

    asyncio.run(scenario())
