"""Helpers for network races between game windows in one test process (headless SDL): each window
is an `App` with its own scene stack, all stepped in turn; the host listens on 127.0.0.1 only.

Every wait is bounded in frames and in seconds, and fails with a sentence when it runs out.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterable

import pygame

from game.app.settings import Settings
from game.net.protocol import shown_code
from scenes.app import App
from scenes.core import boards
from scenes.race import RaceScene
from scenes.screens.host_lobby import HostScene
from scenes.screens.join import JoinScene
from scenes.screens.keyboard import KEY_ROWS


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def key(k: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


def typed(words: str) -> list[pygame.event.Event]:
    """Key presses that type `words`, as SDL gives them: each key's press, then the system's TEXTINPUT."""
    return [e for ch in words for e in (key(pygame.K_a, ch), pygame.event.Event(pygame.TEXTINPUT, text=ch))]


def window(port: int = 0, language: str = "en") -> App:
    """A game window on the dummy driver; a host's listens on 127.0.0.1:`port`."""
    return App(
        settings=Settings(
            animation_speed=4.0, tutorial_seen=True, host_address="127.0.0.1", host_port=port, language=language
        )
    )


def step(app: App, events: Iterable[pygame.event.Event] = (), dt: float = 1 / 20) -> None:
    """A frame with key presses, each released right after."""
    full = []
    for event in events:
        full.append(event)
        if event.type == pygame.KEYDOWN:
            full.append(pygame.event.Event(pygame.KEYUP, key=event.key, mod=0, scancode=0))
    app.step(full, dt)


def run(
    apps: list[App],
    until: Callable[[], bool],
    events: Callable[[App], list] | None = None,
    seconds: float = 60.0,
    frames: int = 20000,
    what: str = "the expected state",
) -> None:
    """Step every window until `until()`; fails after `frames` rounds or `seconds`."""
    deadline = time.monotonic() + seconds
    for _ in range(frames):
        if until():
            return
        if time.monotonic() > deadline:
            break
        for app in apps:
            step(app, events(app) if events is not None else ())
        time.sleep(0.001)  # the network's threads run
    if not until():
        raise AssertionError(f"the windows never reached {what}")


def answer_by_enter(app: App) -> list:
    """Enter when this window's race shows a decision panel (its person's decision), else nothing."""
    top = app.stack.top
    if isinstance(top, RaceScene) and top.panel is not None and not top.busy:
        return [key(pygame.K_RETURN, "\r")]
    return []


def host_setup(kinds: list[str], turns: int = 5) -> dict:
    """A host's setup on the practice board: seats "here", "friend" or a bot level."""
    characters = ["elf", "orc", "dwarf", "thief", "baby", "goblin"]
    racers = []
    for i, kind in enumerate(kinds):
        seat = kind if kind in ("here", "friend") else "bot"
        name = "Hosta" if kind == "here" else ("" if kind == "friend" else f"Bot{i + 1}")
        racers.append({"character": characters[i], "name": name, "bot": None if seat != "bot" else kind, "seat": seat})
    return {"board": boards.PRACTICE, "turns": turns, "racers": racers}


def start_hosting(host: App, kinds: list[str], turns: int = 5) -> HostScene:
    scene = host.stack.push(HostScene(host_setup(kinds, turns)))
    run([host], lambda: scene.port is not None or bool(scene.failed), seconds=15, what="a listening host")
    assert scene.port is not None, scene.failed
    return scene


def join(
    friend: App, apps: list[App], port: int, code: str, name: str, seat: int | None = None, lobby=None
) -> JoinScene:
    """The friend's join screen filled in, connected, and (unless he is taken back into a race) seated;
    with the host's `lobby`, until the host sees him there too (a host who starts before he sees a friend
    seated gives the seat to a computer racer)."""
    scene = friend.stack.push(JoinScene())
    step(friend)
    scene.address_field.value = scene.address = f"127.0.0.1:{port}"
    scene.code_field.value = scene.code = code
    scene.name_field.value = scene.name = name
    scene.connect()
    run(apps, lambda: scene.state in ("lobby", "form") or friend.stack.top is not scene, what="the host's lobby")
    if friend.stack.top is not scene or scene.state == "form":
        return scene  # joined again: straight back into the race (or refused: the scene says why)
    assert scene.state == "lobby", scene.message
    if seat is not None:
        scene.pick_seat(seat)
    scene.take()
    run(apps, lambda: scene.state == "seated", what="a seat taken")
    if lobby is not None:
        run(apps, lambda: any(s.get("name") == name for s in lobby.seats), what="the host seeing the friend seated")
    return scene


KEYS_USED = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_TAB,
    pygame.K_PAGEDOWN,
    pygame.K_END,
    pygame.K_k,
)


def drive_network_scenes(host: App, mark: Callable[[str], None], names: set[str]) -> None:
    """Every network screen drawn, for the catalogue tests: the setup with a seat open for a friend,
    the host's lobby, the join screen (its errors, the lobby, a seat taken), the on-screen keyboard,
    a network race on three screens, a friend disconnected, the host quitting. `names` gets the
    proper names shown (racers', the room code)."""
    from scenes.core import i18n
    from scenes.screens.pause import PauseScene
    from scenes.screens.setup import SetupScene

    language = i18n.language()
    host.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0) for k in KEYS_USED])  # none held down
    port = free_port()
    host.settings.host_address, host.settings.host_port = "127.0.0.1", port
    ann, bob = window(), window()
    i18n.set_language(language)  # a new window takes its settings' language: the test's stays
    apps = [host, ann, bob]
    names |= {"Ann", "Bob"}
    mark("setup with a seat for a friend")
    setup = host.stack.push(SetupScene())
    step(host)
    setup.set_count(3)
    setup.set_kind(1, "friend")
    setup.set_kind(2, "friend")
    step(host)
    mark("host lobby")
    setup.start()
    lobby = host.stack.top
    assert isinstance(lobby, HostScene)
    names.add(shown_code(lobby.code))  # a room code is no word
    run([host], lambda: lobby.port is not None, seconds=15, what="a listening host")
    step(host)
    mark("host lobby: start with seats open?")
    step(host, [key(pygame.K_RETURN)])  # asked first
    step(host, [key(pygame.K_ESCAPE)])  # No
    assert host.stack.top is lobby and not lobby.started
    mark("join")
    joining = ann.stack.push(JoinScene())
    step(ann)
    for address, code, name in (("", "", ""), ("no way", "42", "Ann"), (f"127.0.0.1:{free_port()}", "42", "Ann")):
        joining.address, joining.code, joining.name = address, code, name
        joining.connect()
        run(apps, lambda: joining.state == "form", what="a refusal")
        step(ann)
    mark("keyboard")
    names.update(ch for row in KEY_ROWS for ch in row)  # the on-screen keyboard's letters are no words
    joining.type_into(joining.address_field)
    step(ann)
    ann.stack.pop()
    mark("join lobby")
    ann.stack.pop()
    join(ann, apps, port, lobby.code, "Ann", lobby=lobby)
    join(bob, apps, port, lobby.code, "Bob", lobby=lobby)
    step(ann)
    step(host)
    mark("network race")
    lobby.start()
    run(apps, lambda: all(isinstance(a.stack.top, RaceScene) for a in apps), what="the race on every screen")
    scene_host = host.stack.top
    run(apps, lambda: len(scene_host.race.choices) >= 8, events=answer_by_enter, what="a few choices")
    mark("network race, a friend gone")
    step(ann, [key(pygame.K_ESCAPE)])
    assert isinstance(ann.stack.top, PauseScene)
    step(ann, [key(pygame.K_UP), key(pygame.K_RETURN)])
    run([host, bob], lambda: bool(scene_host.seats.notice(scene_host.race)), events=answer_by_enter)
    for _ in range(20):
        step(host, answer_by_enter(host))
        step(bob, answer_by_enter(bob))
    step(host, [key(pygame.K_ESCAPE)])
    step(host, [key(pygame.K_UP), key(pygame.K_RETURN)])
    mark("the host asked before his friend is disconnected")
    step(host)
    mark("host left")
    step(host, [key(pygame.K_LEFT), key(pygame.K_RETURN)])  # Yes
    run([bob], lambda: type(bob.stack.top).__name__ == "HostLeftScene", what="the friend told")
    step(bob, [key(pygame.K_DOWN), key(pygame.K_RETURN)])  # kept as a replay
    step(bob)
    host.stack.reset(host.stack.make("title"))
    step(host)
