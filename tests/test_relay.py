"""Races through a relay (game/net/relay.py, game/net/relayed.py), on 127.0.0.1 only: a relay, a host
connected outward to it, and friends who know only the invite; a friend who drops, a host whose
connection to the relay drops, a host who quits and resumes his saved race; the relay's counters."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request

import pytest

from game import load_board
from game.net.client import HostClosed, join
from game.net.host import Host, start_seats
from game.net.invite import Invite, parse_relay
from game.net.protocol import standings_json
from game.net.relay import Relay
from game.net.relayed import RelayLink, RelayRefused, join_invite, serve_through
from game.net.seats import Seat
from game.rules import seeds

pytestmark = pytest.mark.slow  # every test races through sockets
BOARD = "maps/meadow.tmx"
CODE, SEED = "WLSNESTH", 11
LIMIT = 60.0  # seconds any race of these tests may take


async def until(what, seconds: float = 10.0) -> None:
    """Wait (bounded) until `what()` holds."""
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "waited too long"
        await asyncio.sleep(0.01)


def new_host(seats=("person", "person", "bot:hard"), turns: int = 5, **options) -> Host:
    return Host(load_board(BOARD), turns, start_seats(list(seats)), CODE, SEED, **options)


async def on_relay() -> tuple[Relay, Invite]:
    relay = Relay()
    port = await relay.listen("127.0.0.1", 0)
    return relay, Invite(parse_relay(f"ws://127.0.0.1:{port}"), CODE)


def test_a_host_and_two_friends_who_know_only_the_invite_race_to_the_end_with_the_same_standings():
    async def scenario():
        relay, invite = await on_relay()
        said: list[str] = []
        host = new_host(say=said.append)
        serving = asyncio.ensure_future(serve_through([host], invite.relay, [seeds.owner_secret(SEED, CODE)]))
        await until(lambda: any("invite your friends with" in line for line in said))
        told = next(line for line in said if "invite" in line).split("with ")[1]
        assert told == f"ws://127.0.0.1:{invite.relay.port}/WLSN-ESTH"
        ann = asyncio.ensure_future(join_invite(invite, "ann", None, "normal"))
        await until(lambda: any(line.startswith("ann joined") for line in said))
        bob = asyncio.ensure_future(join_invite(invite, "bob", "orc", "easy"))
        races = await asyncio.wait_for(asyncio.gather(ann, bob, serving), LIMIT)
        hosted = races[2][0]
        counters = relay.metrics()
        await relay.stop()
        return [standings_json(r) for r in (races[0], races[1], hosted)], counters

    standings, counters = asyncio.run(scenario())
    assert standings[0] == standings[1] == standings[2]
    assert {row["name"] for row in standings[0]} >= {"ann", "bob"}
    assert "fantasy_racing_relay_rooms 1" in counters and "fantasy_racing_relay_messages_total 0" not in counters


def test_a_friend_who_drops_takes_his_seat_back_through_the_relay_with_his_key():
    async def scenario():
        relay, invite = await on_relay()
        said: list[str] = []
        host = new_host(("person", "person"), turns=8, say=said.append, takeover=30.0)
        serving = asyncio.ensure_future(serve_through([host], invite.relay, [seeds.owner_secret(SEED, CODE)]))
        await until(lambda: any("invite" in line for line in said))
        ann = asyncio.ensure_future(join_invite(invite, "ann", None, "normal", delay=0.02))
        await until(lambda: any(line.startswith("ann joined") for line in said))
        keys: list[str] = []
        doomed = asyncio.ensure_future(join_invite(invite, "bob", None, "normal", keep=keys.append, delay=0.02))
        await until(lambda: host.race is not None and len(host.race.choices) > 10, LIMIT)
        doomed.cancel()  # his window closes in mid-race
        await until(lambda: any("bob" in line and "left" in line for line in said))
        bob = await asyncio.wait_for(join_invite(invite, "bob", None, "normal", token=keys[-1]), LIMIT)
        races = await asyncio.wait_for(asyncio.gather(ann, serving), LIMIT)
        await relay.stop()
        return [standings_json(r) for r in (races[0], bob, races[1][0])], said

    standings, said = asyncio.run(scenario())
    assert standings[0] == standings[1] == standings[2], said
    assert "bob joined again: seat 2" in said, said


def test_a_host_whose_connection_to_the_relay_drops_comes_back_and_his_friends_keep_their_seats():
    async def scenario():
        relay, invite = await on_relay()
        said: list[str] = []
        host = new_host(turns=8, say=said.append, takeover=30.0)
        link = RelayLink(host, invite.relay, seeds.owner_secret(SEED, CODE))
        carried = asyncio.ensure_future(link.run())
        hosting = asyncio.ensure_future(host.run(LIMIT))
        await asyncio.wait_for(link.ready.wait(), 10)
        ann = asyncio.ensure_future(join_invite(invite, "ann", None, "normal", delay=0.02))
        await until(lambda: any(line.startswith("ann joined") for line in said))
        bob = asyncio.ensure_future(join_invite(invite, "bob", None, "normal", delay=0.02))
        await until(lambda: host.race is not None and len(host.race.choices) > 10, LIMIT)
        await relay.rooms[CODE].host.close()  # the host's line to the relay drops
        races = await asyncio.wait_for(asyncio.gather(ann, bob, hosting), LIMIT)
        carried.cancel()
        await relay.stop()
        return [standings_json(r) for r in races], said, link.connections, host

    standings, said, connections, host = asyncio.run(scenario())
    assert standings[0] == standings[1] == standings[2], said
    assert connections == 2 and any("connected to the relay again" in line for line in said), said
    assert [seat.name for seat in host.seats[:2]] == ["ann", "bob"]  # the same seats, taken back with their keys


def test_a_host_who_saves_quits_and_resumes_reopens_the_same_invite_and_his_friends_come_back():
    async def scenario():
        relay, invite = await on_relay()
        said: list[str] = []
        secret = seeds.owner_secret(SEED, CODE)
        host = new_host(turns=8, say=said.append, takeover=60.0)
        first = asyncio.ensure_future(serve_through([host], invite.relay, [secret]))
        await until(lambda: any("invite" in line for line in said))
        ann = asyncio.ensure_future(join_invite(invite, "ann", None, "normal", delay=0.02))
        await until(lambda: any(line.startswith("ann joined") for line in said))
        bob = asyncio.ensure_future(join_invite(invite, "bob", None, "normal", delay=0.02))
        await until(lambda: host.race is not None and len(host.race.choices) > 10, LIMIT)
        saved, seats = json.loads(json.dumps(host.race.to_dict())), [seat.saved() for seat in host.seats]
        first.cancel()  # the host saves and quits
        await until(lambda: relay.rooms[CODE].host is None)
        assert CODE in relay.rooms  # the relay keeps his room for him
        again = Host.reopen(saved, [Seat.from_saved(s) for s in seats], CODE, say=said.append, takeover=60.0)
        assert seeds.owner_secret(again.seed, again.code) == secret  # his save proves he owns the code
        second = asyncio.ensure_future(serve_through([again], invite.relay, [secret]))
        races = await asyncio.wait_for(asyncio.gather(ann, bob, second), LIMIT)
        await relay.stop()
        return [standings_json(r) for r in (races[0], races[1], races[2][0])], said

    standings, said = asyncio.run(scenario())
    assert standings[0] == standings[1] == standings[2], said
    assert {row["name"] for row in standings[0]} >= {"ann", "bob"}


def test_only_the_owner_of_a_room_code_registers_it_and_a_wrong_code_is_refused():
    import websockets

    async def scenario():
        relay, invite = await on_relay()
        host = new_host()
        link = RelayLink(host, invite.relay, seeds.owner_secret(SEED, CODE))
        carried = asyncio.ensure_future(link.run())
        await asyncio.wait_for(link.ready.wait(), 10)
        thief = RelayLink(new_host(), invite.relay, "x" * 40)
        with pytest.raises(RelayRefused) as refused:
            await asyncio.wait_for(thief.run(), 10)
        wrong = Invite(invite.relay, "ABCDEFGH")
        with pytest.raises((HostClosed, websockets.ConnectionClosed)) as closed:
            await asyncio.wait_for(join("", wrong.code, "eve", None, "normal", url=wrong.url), 10)
        carried.cancel()
        await relay.stop()
        return str(refused.value), str(closed.value)

    refused, closed = asyncio.run(scenario())
    assert "belongs to another host" in refused
    assert "a wrong room code" in closed


def test_the_relay_answers_its_health_and_counters_in_prometheus_text():
    async def scenario():
        relay, invite = await on_relay()
        base = f"http://127.0.0.1:{invite.relay.port}"

        def get(path: str) -> tuple[int, str, str]:
            try:
                with urllib.request.urlopen(base + path, timeout=5) as answer:
                    return answer.status, answer.headers["Content-Type"], answer.read().decode()
            except urllib.error.HTTPError as error:
                return error.code, "", ""

        answers = [await asyncio.to_thread(get, path) for path in ("/health", "/metrics", "/nothing")]
        await relay.stop()
        return answers

    health, metrics, nothing = asyncio.run(scenario())
    assert health[0] == 200 and health[2] == "ok\n"
    assert metrics[0] == 200 and metrics[1].startswith("text/plain; version=0.0.4")
    for name in ("rooms", "hosts", "friends", "connections", "received_bytes_total", "sent_bytes_total"):
        assert f"# TYPE fantasy_racing_relay_{name} " in metrics[2]
        assert f"\nfantasy_racing_relay_{name} 0\n" in metrics[2]
    assert nothing[0] == 404


def test_a_spectator_with_the_invite_follows_the_race_to_the_end_and_never_receives_a_key_or_the_seed():
    seed = seeds.hosted()  # 128 bits: its digits cannot turn up by chance

    async def scenario():
        relay, invite = await on_relay()
        said: list[str] = []
        host = Host(load_board(BOARD), 5, start_seats(["person", "person", "bot:hard"]), CODE, seed, say=said.append)
        serving = asyncio.ensure_future(serve_through([host], invite.relay, [seeds.owner_secret(seed, CODE)]))
        await until(lambda: any("invite" in line for line in said))
        early: list[dict] = []
        watcher = asyncio.ensure_future(
            join("", CODE, "eve", None, "normal", url=invite.url, watch=True, observe=lambda m, _: early.append(m))
        )
        await until(lambda: "eve watches the race" in said)
        ann = asyncio.ensure_future(join_invite(invite, "ann", None, "normal", delay=0.01))
        await until(lambda: any(line.startswith("ann joined") for line in said))
        bob = asyncio.ensure_future(join_invite(invite, "bob", None, "normal", delay=0.01))
        await until(lambda: host.race is not None and len(host.race.choices) > 5, LIMIT)
        late: list[dict] = []
        latecomer = asyncio.ensure_future(
            join("", CODE, "cy", None, "normal", url=invite.url, watch=True, observe=lambda m, _: late.append(m))
        )
        races = await asyncio.wait_for(asyncio.gather(ann, bob, watcher, latecomer, serving), LIMIT)
        keys = [seat.token for seat in host.seats if seat.token]
        await relay.stop()
        return [standings_json(r) for r in (*races[:4], races[4][0])], early, late, keys

    standings, early, late, keys = asyncio.run(scenario())
    assert all(s == standings[0] for s in standings)
    assert [m["type"] for m in early][:2] == ["lobby", "lobby"] and early[0]["watching"] == 1
    assert late[0]["type"] == "start" and late[0]["race"]["seed"] is None and late[-1]["type"] == "over"
    texts = [json.dumps(m) for m in early + late]
    assert len(keys) == 2 and not any(key in text for key in keys for text in texts)
    assert not any(str(seed) in text for text in texts)
    assert not {"welcome", "ask"} & {m["type"] for m in early + late}


def test_a_room_takes_a_bounded_number_of_spectators_who_cannot_play_or_talk():
    from game.net.protocol import WATCHERS, ProtocolError

    class Quiet:
        async def send(self, text: str) -> None:
            pass

        async def close(self, code: int = 1000, reason: str = "") -> None:
            pass

    async def scenario():
        host = new_host()
        watchers = [Quiet() for _ in range(WATCHERS + 1)]
        for n, watcher in enumerate(watchers[:-1]):
            assert await host.hello(watcher, {"type": "hello", "code": CODE, "name": f"w{n}", "watch": True}) is None
        refusals = []
        for attempt in (
            host.hello(watchers[-1], {"type": "hello", "code": CODE, "name": "one too many", "watch": True}),
            host.take(watchers[0], None, {"type": "take", "seat": 0, "character": "elf"}),
            host.phrase(watchers[0], {"type": "say", "phrase": "good_luck"}),
        ):
            with pytest.raises(ProtocolError) as refused:
                await attempt
            refusals.append(str(refused.value))
        return refusals, host.lobby_message(board=False)["watching"]

    refusals, watching = asyncio.run(scenario())
    assert "as many spectators as it takes" in refusals[0]
    assert "without a hello asking to pick" in refusals[1] and "without a seat" in refusals[2]
    assert watching == 16


def test_a_quick_message_sent_in_english_is_read_in_french_by_a_french_friend():
    import websockets

    from game.bots import ai
    from game.net.client import Follower
    from scenes.core import i18n

    async def friend(url: str, name: str, language: str, heard: list[str]) -> None:
        """A friend's window in his language: joins, sends "good luck" once the race starts (ann), reads
        what he hears in his own language, plays his racer to the end."""
        follower = Follower()
        async with websockets.connect(url, open_timeout=10) as ws:
            await ws.send(json.dumps({"type": "hello", "code": CODE, "name": name}))
            async for text in ws:
                message = follower.receive(text)
                if message["type"] == "start" and name == "ann":
                    await ws.send(json.dumps({"type": "say", "phrase": "good_luck"}))
                if message["type"] == "said":
                    i18n.set_language(language)
                    heard.append(f"{follower.race.racers[message['seat']].name}: {i18n.phrase(message['phrase'])}")
                race = follower.race
                if message["type"] == "ask" and follower.my_decision():
                    option = ai.pick(race, race.pending, "normal", seeds.stream(0, seeds.BOT, name))
                    await ws.send(json.dumps(follower.choice(option)))
                elif message["type"] == "over":
                    return

    async def scenario():
        relay, invite = await on_relay()
        said: list[str] = []
        host = new_host(("person", "person"), say=said.append)
        serving = asyncio.ensure_future(serve_through([host], invite.relay, [seeds.owner_secret(SEED, CODE)]))
        await until(lambda: any("invite" in line for line in said))
        heard: dict[str, list[str]] = {"ann": [], "bob": []}
        ann = asyncio.ensure_future(friend(invite.url, "ann", "en", heard["ann"]))
        await until(lambda: any(line.startswith("ann joined") for line in said))
        bob = asyncio.ensure_future(friend(invite.url, "bob", "fr", heard["bob"]))
        await asyncio.wait_for(asyncio.gather(ann, bob, serving), LIMIT)
        await relay.stop()
        return heard

    was = i18n.language()
    try:
        heard = asyncio.run(scenario())
    finally:
        i18n.set_language(was)
    assert heard == {"ann": ["ann: Good luck!"], "bob": ["ann: Bonne chance !"]}
