"""A network race in the race scene: who answers each racer (the `Seats` seam), and what a friend
sees when the host goes.

- `HostSeats`: the window host. People at this screen answer through the decision panel, computer
  racers by their level, friends through the network (`game.network.Hosting`); a friend whose
  connection dropped is shown as disconnected, and after the host's delay a computer racer of the
  host's level plays for him until he joins again (he takes his racer back at his next decision).
- `FriendSeats`: a friend's window. His own racer answers through the panel once the host asks; the
  race moves on with the host's steps (`game.network.Follower`), animated as any race; the other
  racers' decisions show "waiting for NAME".
- `HostLeftScene`: the host quit (or the connection was lost): one sentence, and the race may be
  kept as a save (resumed alone against computer racers) or a replay, or joined again.

Every network message is read on the frame loop from a thread-safe queue (a few at most a frame):
no frame waits for the network.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pygame

from game import network
from game.app import session
from game.dice import RecordingDice
from scenes import boards
from scenes.i18n import t
from scenes.race.seats import Seats
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import FocusGroup, menu_buttons, panel, veil

log = logging.getLogger("fantasy-racing")
MESSAGES_A_FRAME = 64  # network news handled in one frame, at most (the rest waits for the next)
KEPT_LEVEL = "normal"  # the computer racers of a race a friend keeps when the host left


def local_board(data: dict[str, Any]):
    """The board of a host's message, drawn with its Tiled art when the same board is here (shipped, or
    in the player's folder); else the board as the host sent it."""
    from game import Board

    board = Board.from_dict(data)
    for choice in boards.available():
        candidate = choice.board
        if candidate is None or (candidate.width, candidate.height) != (board.width, board.height):
            continue
        try:
            same = candidate.with_starts(board.starts)
        except (TypeError, ValueError):
            continue
        if same.to_dict() == board.to_dict():
            return same
    return board


class HostSeats(Seats):
    """The window host's seats (see the module)."""

    def __init__(
        self,
        hosting: network.Hosting,
        kinds: list[str],
        levels: list[str],
        connected: list[bool],
        dice: RecordingDice,
        takeover: float,
        takeover_level: str,
    ) -> None:
        self.hosting = hosting
        self.kinds = kinds  # "here", "friend" or "bot", per racer
        self.levels = levels  # a computer seat's level
        self.connected = list(connected)
        self.away: dict[int, float] = {}  # friend -> when his connection dropped (time.monotonic)
        self.dice = dice
        self.takeover, self.takeover_level = takeover, takeover_level
        self.answers: dict[int, tuple[int, Any]] = {}  # choice index -> (racer, option) from a friend
        self.asked: set[int] = set()  # choice indexes asked of a friend
        self.heard = 0  # decisions a friend answered
        self.left = False

    def who(self, race, racer: int) -> tuple[str, str]:
        kind = self.kinds[racer]
        if kind == "here":
            return "panel", ""
        if kind == "bot":
            return "bot", self.levels[racer]
        if self.connected[racer] or self.waiting(racer):
            return "remote", race.racers[racer].name
        return "bot", self.takeover_level

    def waiting(self, racer: int) -> float:
        """Seconds before a computer racer plays for a disconnected friend (0: he plays already, or the
        friend is connected)."""
        if self.connected[racer] or racer not in self.away:
            return 0.0
        return max(0.0, self.takeover - (time.monotonic() - self.away[racer]))

    def here(self, race, racer: int) -> bool:
        return self.kinds[racer] == "here"

    def answer(self, race, decision) -> tuple[bool, Any]:
        index = len(race.choices)
        found = self.answers.pop(index, None)
        if found is not None and found[0] == decision.racer and found[1] in decision.options:
            self.heard += 1
            return True, found[1]
        if self.connected[decision.racer] and index not in self.asked:
            self.asked.add(index)
            self.hosting.ask(decision.racer, index, decision.kind, decision.options)
        return False, None

    def chosen(self, race, option) -> None:
        self.hosting.step(option, *self.dice.take())
        self.answers = {i: a for i, a in self.answers.items() if i >= len(race.choices)}
        if race.over:
            standings = network.standings_json(race)
            self.hosting.finish(standings)
            log.info(
                "the hosted race is over, %d decisions answered over the network: %s", self.heard, json.dumps(standings)
            )

    def update(self, scene, dt: float) -> None:
        for _ in range(MESSAGES_A_FRAME):
            try:
                kind, data = self.hosting.notices.get_nowait()
            except Exception:  # queue.Empty
                return
            if kind == "seats":
                self.connected = [bool(seat.get("connected")) for seat in data["seats"]]
            elif kind == "left":
                self.away[data["seat"]] = time.monotonic()
                self.connected[data["seat"]] = False
            elif kind == "back":
                self.away.pop(data["seat"], None)
                self.connected[data["seat"]] = True  # the room asks him again what he was asked before
            elif kind == "answer":
                self.answers[data["index"]] = (data["racer"], data["option"])
            elif kind == "note":
                log.info("network: %s", data["line"])

    def tags(self, race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        out = {}
        for racer, kind in enumerate(self.kinds):
            if kind != "friend":
                continue
            if self.connected[racer]:
                out[racer] = (t("net.tag_friend"), theme.HIGHLIGHT)
            elif self.waiting(racer):
                out[racer] = (t("net.tag_disconnected"), theme.BAD)
            else:
                out[racer] = (t("net.tag_computer_plays"), theme.BAD)
        return out

    def notice(self, race) -> str:
        if race.over:
            return ""
        for racer, kind in enumerate(self.kinds):
            if kind == "friend" and not self.connected[racer] and racer in self.away:
                name = race.racers[racer].name
                seconds = self.waiting(racer)
                if seconds:
                    return t("net.disconnected_wait", name=name, seconds=int(seconds + 0.99))
                return t("net.disconnected_computer", name=name)
        return ""

    def bots_alone(self, race) -> dict[int, str]:
        """The friends' racers, played by computer racers of the takeover level when the host
        resumes the race alone (as it is saved)."""
        return {racer: self.takeover_level for racer, kind in enumerate(self.kinds) if kind == "friend"}

    def leave(self) -> None:
        if not self.left:
            self.left = True
            self.hosting.close("quit")


class FriendSeats(Seats):
    """A friend's window (see the module)."""

    leave_label = "net.leave_race"

    def __init__(self, connection: network.Connection, follower: network.Follower, rejoin: dict[str, str]) -> None:
        self.connection = connection
        self.follower = follower
        self.rejoin = rejoin  # address, code and name: to join again
        self.sent: int | None = None  # the index of the choice sent, until the host's step brings it back
        self.gone: str | None = None  # why the race stopped here (the host left, the connection was lost)
        self.told = False
        self.answered = 0  # decisions this screen answered
        self.left = False

    def who(self, race, racer: int) -> tuple[str, str]:
        if racer == self.follower.seat:
            if self.follower.my_decision() and self.sent != len(race.choices) and self.gone is None:
                return "panel", ""
            return "remote", ""  # the host has not asked yet (or has the choice): waiting for the host
        return "remote", race.racers[racer].name

    def here(self, race, racer: int) -> bool:
        return racer == self.follower.seat

    def submit(self, race, option) -> bool:
        self.connection.send(self.follower.choice(option))
        self.sent = len(race.choices)
        self.answered += 1
        return False

    def update(self, scene, dt: float) -> None:
        follower = self.follower
        for _ in range(MESSAGES_A_FRAME):
            got = self.connection.get()
            if got is None:
                break
            kind, data = got
            if kind == "message":
                try:
                    message = follower.receive(data)
                except network.ProtocolError as error:
                    log.warning("the host sent what this game cannot follow: %s", error)
                    self.gone = t("net.host_broken")
                    self.connection.close()
                    break
                if message["type"] == "step":
                    self.sent = None
                    scene.moved_on()
                    if follower.race is not None and follower.race.over:
                        standings = json.dumps(network.standings_json(follower.race))
                        log.info("the race joined is over, %d decisions answered here: %s", self.answered, standings)
                elif message["type"] == "bye":
                    self.gone = t("net.host_quit")
            elif kind in ("closed", "unreachable"):
                if self.gone is None:
                    reason = network.words_of_close(data.get("code", 1006), data.get("reason", ""))
                    self.gone = t("net.host_lost") if not reason or data.get("code") in (1001, 1006) else reason
        if self.gone is not None and not self.told and not (follower.race is not None and follower.race.over):
            self.told = True
            scene.skip()
            scene.stack.push(scene.stack.make("host_left", scene.race, self.gone, self.follower.seat, self.rejoin))

    def tags(self, race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        out = {}
        for racer in range(len(race.racers)):
            if racer == self.follower.seat:
                out[racer] = (t("net.tag_you"), theme.ACCENT)
            elif racer in self.follower.away:
                out[racer] = (t("net.tag_disconnected"), theme.BAD)
        return out

    def notice(self, race) -> str:
        if race.over:
            return ""
        for racer, since in sorted(self.follower.away.items()):
            name = race.racers[racer].name
            seconds = self.follower.takeover.get(racer, 0.0) - (time.monotonic() - since)
            if seconds > 0:
                return t("net.disconnected_wait", name=name, seconds=int(seconds + 0.99))
            return t("net.disconnected_computer", name=name)
        return ""

    def leave(self) -> None:
        if not self.left:
            self.left = True
            self.connection.close()


def friend_setup(race) -> dict[str, Any]:
    """A friend's race's setup as the scenes keep it (no "race again": the race was the host's)."""
    return {
        "board": race.board.source or boards.PRACTICE,
        "turns": race.turns,
        "network": "friend",
        "racers": [{"character": r.character, "name": r.name, "bot": r.setup.bot} for r in race.racers],
    }


class HostLeftScene(Scene):
    """Over a friend's race when the host went: one sentence; keep the race (as a save to finish alone
    against computer racers, or as a replay), join again, or go back to the title."""

    opaque = False

    def __init__(self, race, reason: str, seat: int | None, rejoin: dict[str, str]) -> None:
        super().__init__()
        self.race = race
        self.reason = reason
        self.seat = seat
        self.rejoin = rejoin
        self.group = FocusGroup()
        self.kept = ""
        self.kept_ok = True

    def enter(self) -> None:
        saved = session.has_saved_race()
        items = [
            (t("net.keep_save_replacing") if saved else t("net.keep_save"), self.keep_save),
            (t("net.keep_replay"), self.keep_replay),
            (t("net.join_again"), self.join_again),
            (t("results.title_button"), self.title),
        ]
        self.group.set(menu_buttons(items, theme.SIZE[0] // 2, 330, width=560, height=50, gap=12, size=22), 0)

    def kept_race(self):
        bots = {i: KEPT_LEVEL for i in range(len(self.race.racers)) if i != self.seat}
        return network.kept_race(self.race, bots)

    def keep_save(self) -> None:
        """The race as the save: the title resumes it, the others played by computer racers."""
        try:
            race = self.kept_race()
            session.keep_as_save(race, friend_setup(race))
        except (ValueError, OSError) as error:
            self.kept, self.kept_ok = t("net.keep_failed", error=error), False
            return
        self.kept, self.kept_ok = t("net.kept_save"), True
        log.info("a network race was kept as the save after its host left")

    def keep_replay(self) -> None:
        """The race as a replay file (never replaces anything)."""
        from game.replay import ReplayError

        try:
            path = session.keep_replay(self.kept_race())
        except (ReplayError, ValueError, OSError) as error:
            self.kept, self.kept_ok = t("net.keep_failed", error=error), False
            return
        self.kept, self.kept_ok = t("results.kept", path=path), True

    def join_again(self) -> None:
        """The join screen, with the same address, code and name, connecting at once."""
        self.stack.reset(self.stack.make("title"))
        self.stack.push(self.stack.make("join", rejoin=self.rejoin))

    def title(self) -> None:
        self.stack.reset(self.stack.make("title"))

    def handle_event(self, event):
        if self.group.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.title()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 185)
        box = pygame.Rect(0, 0, 720, 470)
        box.midtop = (theme.SIZE[0] // 2, 120)
        panel(surface, box, (30, 35, 54))
        text.draw(surface, t("net.stopped"), (box.centerx, box.top + 22), 40, theme.ACCENT, "title", anchor="midtop")
        text.draw_wrapped(
            surface,
            self.reason,
            pygame.Rect(box.left + 40, box.top + 90, box.width - 80, 60),
            21,
            theme.TEXT,
            "bold",
        )
        text.draw_wrapped(
            surface, t("net.keep_help"), pygame.Rect(box.left + 40, box.top + 150, box.width - 80, 50), 17, theme.MUTED
        )
        self.group.draw(surface)
        if self.kept:
            text.draw_wrapped(
                surface,
                self.kept,
                pygame.Rect(box.left + 20, box.bottom + 12, box.width - 40, 60),
                16,
                theme.GOOD if self.kept_ok else theme.BAD,
            )
