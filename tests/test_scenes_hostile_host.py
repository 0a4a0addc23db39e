"""A hostile host (issue 28): a fake host on 127.0.0.1 sends a joining window every hostile lobby and
step of the issue (a 5,000-digit integer, a seat name with a NUL, a 900 x 900 board, a choice of
another type, faces no die shows, a racer the race does not have...). The window keeps running and
says so in one sentence: in the lobby, on the join screen; in the race, over it, offering to keep the
race (keep it as a save, as a replay, join again)."""

from __future__ import annotations

import asyncio
import copy
import json
import threading
from typing import Any

import netwindows as nw
import pytest

from scenes.core.i18n import t
from scenes.race import RaceScene
from scenes.screens.join import JoinScene
from scenes.screens.netplay import HostLeftScene
from tests.test_network_fuzz import recorded_messages

REAL = recorded_messages()


def lobby(**change: Any) -> str:
    message = copy.deepcopy(REAL["lobby"])
    message.update(change)
    return json.dumps(message)


def with_seat_name(name: str) -> str:
    message = copy.deepcopy(REAL["lobby"])
    message["seats"][0]["name"] = name
    return json.dumps(message)


def huge_board() -> str:
    message = copy.deepcopy(REAL["lobby"])
    message["board"]["terrain"] = ["." * 900] * 900
    return json.dumps(message)


LOBBIES = {
    "a 5,000-digit integer": lobby(turns=0).replace('"turns": 0', '"turns": ' + "9" * 5000),
    "a seat name with a NUL": with_seat_name("Ann\u0000"),
    "a seat name of 100,000 characters": with_seat_name("A" * 100_000),
    "a 900 x 900 board": huge_board(),
    "a seat that is a number": lobby(seats=[7, 8]),
    "NaN for a delay": lobby(takeover=0).replace('"takeover": 0', '"takeover": NaN'),
    "a welcome to seat 99": json.dumps({**REAL["welcome"], "seat": 5, "seats": ["a", "b"]}),
}


def step(**change: Any) -> str:
    return json.dumps({**REAL["step"], **change})


def start_racer_named(name: str) -> str:
    message = copy.deepcopy(REAL["start"])
    message["race"]["racers"][1]["name"] = name
    return json.dumps(message)


RACES = {
    "a choice of floats": [step(option=[1.0, 0.0])],
    "a choice of booleans": [step(option=[True, False])],
    "a face no die shows": [step(faces=[7000])],
    "a 5,000-digit face": [step(faces=[0]).replace('"faces": [0]', '"faces": [' + "9" * 5000 + "]")],
    "a racer the race does not have": [json.dumps({"type": "left", "seat": 5, "name": "Zed", "takeover": 9})],
    "an ask of another racer's decision": [json.dumps({**REAL["ask"], "racer": 1})],
    "a name with a NUL in the race": ["START:" + start_racer_named("Bob\u0000")],
    "a message of 2 MB": [json.dumps({"type": "bye", "reason": "x" * 2_000_000})],
}


class FakeHost:
    """A "host" on 127.0.0.1 that answers a hello with the texts it was given, then waits."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.port = 0
        self.thread = threading.Thread(target=lambda: asyncio.run(self.serve()), daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    async def serve(self) -> None:
        import websockets

        async def talk(ws) -> None:
            try:
                await ws.recv()
                for text in self.texts:
                    await ws.send(text)
                while not self.stop.is_set():
                    await asyncio.sleep(0.02)
            except websockets.ConnectionClosed:
                pass

        async with websockets.serve(talk, "127.0.0.1", 0, max_size=None) as server:
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()
            while not self.stop.is_set():
                await asyncio.sleep(0.02)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)


def joining(texts: list[str]) -> tuple[Any, JoinScene, FakeHost]:
    fake = FakeHost(texts)
    app = nw.window()
    scene = app.stack.push(JoinScene())
    nw.step(app)
    scene.address_field.value = scene.address = f"127.0.0.1:{fake.port}"
    scene.code_field.value = scene.code = "WLSNESTH"
    scene.name_field.value = scene.name = "Ann"
    scene.connect()
    return app, scene, fake


@pytest.mark.parametrize("what", list(LOBBIES))
def test_a_hostile_lobby_leaves_the_joining_window_running_with_a_sentence(what):
    app, scene, fake = joining([LOBBIES[what]])
    try:
        nw.run([app], lambda: scene.state == "form", seconds=20, what=f"the refusal of {what}")
        assert scene.message == t("net.host_broken")
        for _ in range(3):
            nw.step(app)  # the window draws on
        assert app.stack.top is scene
    finally:
        scene.exit()
        fake.close()


@pytest.mark.parametrize("what", list(RACES))
def test_a_hostile_step_ends_that_race_with_a_sentence_and_the_offer_to_keep_it(what):
    texts = RACES[what]
    first = [json.dumps(REAL["welcome"]), json.dumps(REAL["start"])]
    if texts[0].startswith("START:"):
        first, texts = [json.dumps(REAL["welcome"])], [texts[0][len("START:") :]]
    app, scene, fake = joining(first + texts)
    try:
        nw.run(
            [app],
            lambda: isinstance(app.stack.top, HostLeftScene) or scene.state == "form",
            seconds=20,
            what=f"the window's answer to {what}",
        )
        top = app.stack.top
        if isinstance(top, HostLeftScene):  # in the race: one sentence, and the race may be kept
            assert top.reason == t("net.host_broken")
            assert [w.label for w in top.group.widgets][:2] == [t("net.keep_game"), t("net.keep_replay")]
            assert isinstance(app.stack.scenes[-2], RaceScene)
        else:  # before the race could start: the join screen says it
            assert scene.message == t("net.host_broken"), scene.message
        for _ in range(3):
            nw.step(app)
    finally:
        fake.close()


@pytest.mark.slow
def test_a_host_that_says_nothing_is_left_by_the_joining_window_with_a_sentence(monkeypatch):
    from game.net import client as net_client

    monkeypatch.setattr(net_client, "ANSWER_TIMEOUT", 0.5)
    app, scene, fake = joining([])  # (it reads the hello, then says nothing)
    try:
        nw.run([app], lambda: scene.state == "form", seconds=20, what="the window leaving a silent host")
        assert scene.message == t("join.host_silent")
        nw.step(app)
    finally:
        scene.exit()
        fake.close()
