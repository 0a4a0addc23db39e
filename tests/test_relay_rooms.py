"""What a room costs on a relay, and the relay's strict reading of its hosts (game/net/relay_rooms.py,
game/net/relay.py): a room left at once forgotten, host-less rooms counted per network, the oldest
given up for an honest host; a host's `Infinity` or `1e999` dropped with one line; the door counting
the relay's real rooms; a friend with his seat key let in past a full room; sockets bounded per
network; asyncio's errors said once a minute with a count. Loopback only."""

from __future__ import annotations

import asyncio
import json

import websockets

from game.net.door import KEY_HEADER, SOCKETS_PER_NETWORK, Door
from game.net.relay import LINKS, OWNER_HEADER, ROOM_HEADER, Friend, Relay, owner_hash
from game.net.relay_rooms import HOSTLESS_PER_NETWORK, SETTLED, Room, host_left, room_for
from tests.test_relay import until

NET = "127.0.0.0/24"


def room(code: str, address: str = "127.0.0.2", network: str = NET, opened: float = 0.0) -> Room:
    return Room(code, owner_hash("s" * 40), address, network, opened=opened, host=object())


def test_a_room_registered_and_left_at_once_is_forgotten_and_one_that_had_a_friend_or_lasted_is_kept():
    rooms = {code: room(code) for code in ("EMPTYAAA", "FRIENDLY", "LASTEDAA")}
    rooms["FRIENDLY"].had_friend = True
    host_left(rooms, rooms["EMPTYAAA"], now=0.5)
    host_left(rooms, rooms["FRIENDLY"], now=0.5)
    host_left(rooms, rooms["LASTEDAA"], now=SETTLED + 1)
    assert sorted(rooms) == ["FRIENDLY", "LASTEDAA"]


def test_host_less_rooms_count_against_their_network_and_a_full_relay_gives_up_its_oldest_one():
    rooms: dict[str, Room] = {}
    for n in range(HOSTLESS_PER_NETWORK + 3):  # one /24, rooms that had friends, their hosts gone in turn
        code = f"ROOM{n:04d}"
        rooms[code] = room(code, address=f"127.0.0.{n + 2}")
        rooms[code].had_friend = True
        host_left(rooms, rooms[code], now=float(n))
    assert len(rooms) == HOSTLESS_PER_NETWORK and "ROOM0000" not in rooms  # the oldest given up
    rooms["LIVEHOST"] = room("LIVEHOST", network="127.0.9.0/24")
    most = len(rooms)
    assert room_for(rooms, most, "127.0.8.2", "127.0.8.0/24") == ""  # full: the oldest host-less room goes
    assert len(rooms) == most - 1 and "ROOM0003" not in rooms
    full = {f"LIVE{n:04d}": room(f"LIVE{n:04d}", network=f"127.0.{n}.0/24") for n in range(3)}
    assert "as many rooms" in room_for(full, 3, "127.0.8.2", "127.0.8.0/24")  # every room has its host


def test_a_hosts_infinite_or_fractional_numbers_are_dropped_with_one_line_and_the_relay_goes_on():
    said: list[str] = []

    async def scenario():
        relay = Relay(say=said.append)
        here = room("ABCDEFGH")
        friend = here.links[1] = Friend(socket=None, link=1)
        here.next_link = 2
        for body in (
            '{"type":"close","link":1e999}',
            '{"type":"close","link":Infinity}',
            '{"type":"close","link":1.0}',
        ):
            await relay.from_host(here, f"0:{body}")
        await relay.from_host(here, "\u00b2:a link number in superscript")  # (int() of it raised)
        kept = 1 in here.links and not friend.closing
        await relay.from_host(here, '0:{"type":"close","link":1,"code":1e999}')
        await relay.from_host(here, '0:{"type":"close","link":1,"code":1005}')  # (never sent on the wire)
        kept = kept and 1 in here.links
        await relay.from_host(here, '0:{"type":"close","link":1,"code":1009}')  # (a message too big)
        return kept, friend.closing and friend.queue.get_nowait() == (1009, "")

    kept, closed = asyncio.run(scenario())
    assert kept and closed
    assert len(said) == 1 and "dropped an order" in said[0] and "Traceback" not in said[0], said


def test_the_relays_door_counts_its_real_rooms_a_right_code_frees_no_address_guessing_at_another():
    relay = Relay(say=lambda line: None)
    relay.rooms = {"ONEROOMA": room("ONEROOMA")}
    for _ in range(3):
        relay.door.wrong("127.0.0.9")
    relay.door.right("127.0.0.9")
    assert "127.0.0.9" not in relay.door.tries  # one room: its right code was his
    relay.rooms["TWOROOMS"] = room("TWOROOMS")
    for _ in range(3):
        relay.door.wrong("127.0.0.9")
    relay.door.right("127.0.0.9")
    assert relay.door.tries["127.0.0.9"].wrong == 3  # two rooms: his guesses may be at the other's code


def test_sockets_are_bounded_per_network_as_per_address_and_a_margin_of_descriptors_is_kept():
    clock = [0.0]
    door = Door(lambda line: None, now=lambda: clock[0], opened_a_second=8.0)
    opened = sum(door.socket_opened("127.0.8.2", "127.0.8.0/24") for _ in range(40))
    for _ in range(16):
        door.socket_closed("127.0.8.2", "127.0.8.0/24")
    assert opened == 16 and not door.socket_opened("127.0.8.2", "127.0.8.0/24")  # 16 at once, then 8 a second
    clock[0] = 0.5
    assert sum(door.socket_opened("127.0.8.2", "127.0.8.0/24") for _ in range(10)) == 4
    door = Door(lambda line: None)
    taken = sum(door.socket_opened(f"127.0.0.{n // 16 + 1}", NET) for n in range(SOCKETS_PER_NETWORK + 40))
    assert taken == SOCKETS_PER_NETWORK
    assert door.socket_opened("127.0.1.1", "127.0.1.0/24")  # another network is not
    door.socket_closed("127.0.0.1", NET)
    assert door.socket_opened("127.0.0.1", NET)
    door.most_sockets = door.sockets.total() + 1  # (the process's descriptors less SPARE_DESCRIPTORS)
    assert door.socket_opened("127.0.2.1", "127.0.2.0/24")
    assert not door.socket_opened("127.0.3.1", "127.0.3.0/24")  # the spare descriptors are kept


def test_asyncios_errors_in_the_relays_process_are_said_once_a_minute_with_a_count():
    said: list[str] = []

    async def scenario():
        relay = Relay(say=said.append)
        relay.watch_loop()
        loop = asyncio.get_running_loop()
        for _ in range(50):
            loop.call_exception_handler(
                {"message": "socket.accept() out of system resource", "exception": OSError(24, "Too many open files")}
            )
        relay.door.said[("loop", "socket.accept() out of system resource")] = (-1000.0, 49)  # a minute later
        loop.call_exception_handler({"message": "socket.accept() out of system resource", "exception": OSError(24, "")})

    asyncio.run(scenario())
    assert len(said) == 2 and "Too many open files" in said[0] and "49 more" in said[1], said


def test_a_friend_with_his_seat_key_is_let_in_past_a_full_room_and_a_spectator_gives_way():
    async def scenario():
        relay = Relay(say=lambda line: None)
        port = await relay.listen("127.0.0.1", 0)
        headers = {ROOM_HEADER: "ABCDEFGH", OWNER_HEADER: "s" * 40}
        host = await websockets.connect(f"ws://127.0.0.1:{port}/host", additional_headers=headers)
        assert "registered" in await host.recv()
        lookers = []
        for n in range(LINKS):  # spectators and silent links, from several addresses, fill the room
            lookers.append(
                await websockets.connect(f"ws://127.0.0.1:{port}/ABCDEFGH", local_addr=(f"127.0.1.{n // 4 + 2}", 0))
            )
        await until(lambda: len(relay.rooms["ABCDEFGH"].links) == LINKS)
        stranger = await websockets.connect(f"ws://127.0.0.1:{port}/ABCDEFGH", local_addr=("127.0.2.2", 0))
        refused = await asyncio.wait_for(stranger.wait_closed(), 5) or stranger.close_code
        seated = await websockets.connect(
            f"ws://127.0.0.1:{port}/ABCDEFGH", additional_headers={KEY_HEADER: "k" * 32}, local_addr=("127.0.2.3", 0)
        )
        orders = []
        while not any(order.get("key") == "k" * 32 for order in orders):
            orders.append(json.loads((await asyncio.wait_for(host.recv(), 5)).partition(":")[2]))
        await asyncio.wait_for(lookers[0].wait_closed(), 5)
        gave_way = lookers[0].close_code
        for socket in [host, seated, *lookers]:
            await socket.close()
        await relay.stop()
        return refused, gave_way, orders

    refused, gave_way, orders = asyncio.run(scenario())
    assert refused == 1013 and gave_way == 1013
    assert {"type": "closed", "link": 1} in orders  # the oldest spectator's link, told to the host


def test_a_friend_who_reads_nothing_is_dropped_at_his_bound_and_the_relays_own_bound_drops_the_one_most_behind():
    from game.net import relay as relay_module
    from tests.test_relay_bounds import Peer

    async def scenario():
        relay = Relay(say=lambda line: None)
        rooms = [room(f"ROOM{n}AAA") for n in range(2)]
        relay.rooms = {r.code: r for r in rooms}
        for r in rooms:
            r.host = Peer()
        peers = [Peer(), Peer(), Peer()]
        for peer in peers:
            peer.paused = True  # none reads
        rooms[0].links = {1: Friend(peers[0], 1), 2: Friend(peers[1], 2)}
        rooms[1].links = {1: Friend(peers[2], 1)}
        for r in rooms:
            r.next_link = 3
        chunk = "x" * 100_000
        saved = relay_module.QUEUED_IN_ALL
        relay_module.QUEUED_IN_ALL = 700_000
        try:
            for _ in range(3):
                await relay.from_host(rooms[0], f"1:{chunk}")  # 300 kB behind
            for _ in range(2):
                await relay.from_host(rooms[0], f"2:{chunk}")  # 200 kB
            for _ in range(3):
                await relay.from_host(rooms[1], f"1:{chunk}")  # 300 kB: 800 kB in all, over the relay's bound
        finally:
            relay_module.QUEUED_IN_ALL = saved
        first = sorted(rooms[0].links), sorted(rooms[1].links), relay.queued, rooms[0].host.sent
        for _ in range(relay_module.QUEUED // len(chunk) + 1):  # one friend past his own bound
            await relay.from_host(rooms[1], f"1:{chunk}")
        return first, sorted(rooms[1].links), relay.queued

    (links0, links1, queued, told), after, left = asyncio.run(scenario())
    assert links0 == [2] and links1 == [1] and queued == 500_000  # the first friend of the first room: most behind
    assert told == ['0:{"type": "closed", "link": 1}']  # (his host told)
    assert after == [] and left == 200_000  # past his own bound: dropped, what waited for him forgotten


def test_a_handshake_dribbled_a_byte_at_a_time_is_cut_at_the_relays_deadline(monkeypatch):
    from game.net import relay as relay_module

    monkeypatch.setattr(relay_module, "OPEN_TIMEOUT", 0.2)
    monkeypatch.setattr(relay_module, "HELLO_TIMEOUT", 0.2)

    async def scenario():
        relay = Relay(say=lambda line: None)
        port = await relay.listen("127.0.0.1", 0)
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.7.2", 0))
        started = asyncio.get_running_loop().time()
        request = b"GET /host HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 200
        try:
            for byte in request:  # (a byte every 20 ms: never done within the deadline)
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(0.02)
                if reader.at_eof():
                    break
        except ConnectionError:
            pass
        await asyncio.wait_for(reader.read(), 5)  # (its end)
        lasted = asyncio.get_running_loop().time() - started
        writer.transport.abort()
        await until(lambda: relay.door.sockets.total() == 0, 5)
        await relay.stop()
        return lasted

    assert asyncio.run(scenario()) < 2.0
