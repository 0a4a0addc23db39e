"""The relay's own bounds and its commands' sentences, without sockets: what waits for a friend, the
budget of a fast sender, a room forgotten after its host stayed away, and every bad option or file of
`relay`, `serve --relay` and `join INVITE` said in one sentence with its exit code."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.net.relay import Relay


async def soon(condition, seconds: float = 10.0, must: bool = True) -> None:
    """Until `condition()` holds, looked at every 20 ms for `seconds` at most (then a failure, or, not
    `must`, the caller's own assertions say what differs)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            assert not must, f"waited {seconds:g} s"
            return
        await asyncio.sleep(0.02)


BOARD = "maps/meadow.tmx"


def test_a_friend_who_reads_nothing_is_dropped_and_a_fast_sender_waits_for_his_budget():
    from game.net.limits import Bucket
    from game.net.relay import QUEUED, Friend

    async def scenario():
        friend = Friend(socket=None, link=1)
        chunk = "x" * 64 * 1024
        taken = 0
        while friend.put(chunk):
            taken += 1
        bucket = Bucket((10, 1_000_000))
        started = asyncio.get_running_loop().time()
        for _ in range(12):  # 10 at once, then one every 0.1 s
            await bucket.take(100)
        return taken, asyncio.get_running_loop().time() - started

    taken, waited = asyncio.run(scenario())
    assert taken == QUEUED // (64 * 1024)  # 4 MB waiting for him, then no more
    assert waited >= 0.15  # (the budget refills at its rate: reading pauses, never a busy loop)


def test_a_room_whose_host_stays_away_is_forgotten_after_the_relays_keep():
    from game.net.relay import Room, owner_hash

    relay = Relay(kept=60.0)
    relay.rooms = {"ABCDEFGH": Room("ABCDEFGH", owner_hash("s" * 40), "127.0.0.1", away_since=100.0)}
    relay.reap(now=150.0)
    assert "ABCDEFGH" in relay.rooms  # he may still come back with his secret
    relay.reap(now=161.0)
    assert not relay.rooms


@pytest.mark.parametrize(
    ("args", "words", "code"),
    [
        (["relay", "--cert", "missing.pem", "--key", "missing.pem"], "missing.pem: cannot read the certificate", 1),
        (["relay", "--cert", "a.pem"], "--cert and --key go together", 2),
        (["serve", "--relay", "ftp://x", "--board", BOARD, "--seats", "person,bot:easy"], "--relay:", 2),
        (["serve", "--board", BOARD, "--seats", "person,bot:easy"], "--port: give the port", 2),
        (["join", "race.example.org/KZWX", "--name", "Ann"], "at least 8 letters", 2),
        (["join", "127.0.0.1:47810", "--name", "Ann"], "--code: give the room code", 2),
    ],
)
def test_the_relays_commands_say_what_is_wrong_in_one_sentence(args, words, code, capsys):
    import main

    assert main.main(args) == code
    said = capsys.readouterr().err.strip()
    assert words in said and len(said.splitlines()) == 1 and "Traceback" not in said, said


class Peer:
    """A friend's socket as the relay sees it: whether his reading keeps up (`paused`), what he was sent."""

    def __init__(self) -> None:
        self.paused, self.sent = False, []
        self.transport = self
        self.protocol = SimpleNamespace(state=SimpleNamespace(name="OPEN"))
        self.unpaused = asyncio.Event()

    def is_closing(self) -> bool:
        return False

    async def send(self, text: str) -> None:
        if self.protocol.state.name != "OPEN":  # (websockets waits for the closing handshake to end)
            await asyncio.Event().wait()
        if self.paused:  # (websockets waits while the peer does not read)
            await self.unpaused.wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.sent.append(code)


def test_a_hosts_message_leaves_at_once_for_a_friend_who_reads_and_waits_in_order_for_one_who_does_not():
    from game.net.relay import Friend, Room, owner_hash

    async def scenario():
        relay = Relay()
        room = Room("ABCDEFGH", owner_hash("s" * 40), "127.0.0.1")
        peer = Peer()
        friend = room.links[1] = Friend(socket=peer, link=1)
        writer = asyncio.ensure_future(relay.write(friend))
        await relay.from_host(room, "1:a")
        at_once = list(peer.sent)  # sent within the host's own reading: no task, no queue
        peer.paused = True
        await relay.from_host(room, "1:b")  # queued: his writer waits for him (the host's reading does not)
        await relay.from_host(room, "1:c")
        await asyncio.sleep(0)
        peer.paused = False
        await relay.from_host(room, "1:d")  # he reads again, but b and c wait for their turn: d after them
        peer.unpaused.set()
        for _ in range(20):
            await asyncio.sleep(0)
        friend.close(1000, "")
        await asyncio.wait_for(writer, 1)
        closing, closing.protocol.state.name = Peer(), "CLOSING"  # he began closing: never sent to at once
        room.links[2] = Friend(socket=closing, link=2)
        await asyncio.wait_for(relay.from_host(room, "2:e"), 1)  # (the host's reading does not wait for him)
        return at_once, peer.sent, room.links[2].queue.qsize()

    at_once, sent, queued = asyncio.run(scenario())
    assert at_once == ["a"]
    assert sent == ["a", "b", "c", "d", 1000]
    assert queued == 1


def test_a_relays_own_process_freezes_what_survived_its_full_collections_and_collects_it_again_in_time():
    import subprocess
    import sys

    script = """
import asyncio, gc, weakref
from game.net.relay import OLD_COLLECTION, collect_forever

class Cycle:
    pass

async def main():
    cycle = Cycle()
    cycle.me = cycle
    alive = weakref.ref(cycle)
    task = asyncio.ensure_future(collect_forever(every=0.2))
    await asyncio.sleep(0)  # its first full collection, then everything frozen
    frozen = gc.get_freeze_count() > 0 and gc.get_threshold()[2] == OLD_COLLECTION
    del cycle
    gc.collect()  # garbage now, but frozen: the collections leave it
    kept = alive() is not None
    for _ in range(100):  # (bounded: the next full collection comes within 0.2 s)
        await asyncio.sleep(0.05)
        if alive() is None:
            break
    task.cancel()
    print(frozen, kept, alive() is None)

asyncio.run(main())
"""
    root = Path(__file__).resolve().parent.parent
    said = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=root)
    assert said.stdout.split() == ["True", "True", "True"], said.stdout + said.stderr  # (in a process of its own)


def test_a_connection_cut_at_the_door_or_ended_is_freed_at_once_not_left_to_the_garbage_collector():
    import gc
    import socket

    from game.net.door import SOCKETS_PER_ADDRESS

    said: list[str] = []

    async def scenario():
        relay = Relay(max_rooms=4, say=said.append)
        port = await relay.listen("127.0.0.1", 0)
        gc.collect()
        others = {type(o) for o in gc.get_objects() if type(o).__name__ == "CountedServerConnection"}  # (other relays')
        gc.disable()  # (what dies from here on dies of its references alone)
        sockets = []
        try:
            for _ in range(SOCKETS_PER_ADDRESS + 8):  # (those past the door's bound cut at once)
                one = socket.socket()
                one.setblocking(False)
                one.bind(("127.0.9.2", 0))
                try:
                    one.connect(("127.0.0.1", port))
                except BlockingIOError:
                    pass
                sockets.append(one)
            await soon(  # (every socket accepted; the oldest strangers let go for the newest)
                lambda: (
                    any("a newer stranger took its place" in line for line in said)
                    and any("cut sockets from 127.0.9.2" in line for line in said)
                )
            )
            for one in sockets[:2]:  # (two handshakes that end: their connections over)
                one.close()

            def alive() -> int:
                return sum(
                    type(o).__name__ == "CountedServerConnection" and type(o) not in others for o in gc.get_objects()
                )

            await soon(lambda: 0 < relay.door.sockets["127.0.9.2"] < SOCKETS_PER_ADDRESS)
            await soon(lambda: alive() == relay.door.sockets["127.0.9.2"], seconds=5.0, must=False)
            return alive(), relay.door.sockets["127.0.9.2"]
        finally:
            gc.enable()
            for one in sockets:
                one.close()
            await relay.stop()

    alive, counted = asyncio.run(scenario())
    assert any("cut sockets from 127.0.9.2" in line for line in said)
    assert any("a newer stranger took its place" in line for line in said)
    assert 0 < counted < SOCKETS_PER_ADDRESS
    assert alive == counted  # (each cut or ended was about 50 objects in circles, freed only by a collection)
