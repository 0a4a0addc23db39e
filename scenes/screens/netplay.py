"""A network race in the race scene: who answers each racer (the `Seats` seam), and what a friend
sees when the host goes.

Both windows of a network race follow the host's messages (`game.net.client.Follower`): the race
moves on with the host's steps, animated as any race, and the people at the screen answer through the
decision panel what the host asks of them; their choice goes to the host, and comes back as a step.

- `HostSeats`: the window host's screen. THE host (`game.net.host.Host`) runs in the room's process
  (`scenes.bridges.network.Hosting`, game/net/window_room.py) and holds the race; this screen is its
  client, following it as a friend's window does (the window holds one race, this one). A friend
  whose connection dropped is shown as disconnected; the host's computer racer plays for him after
  the host's delay, until he joins again. The host's computer racers wait for this screen to have
  shown the race so far, and a computer racer's pause (`ready`), before they play.
- `FriendSeats`: a friend's window, its follower fed by its connection; the other racers' decisions
  show "waiting for NAME".
- Either: the person deciding here takes his last choice back through the host (`take_back`), as in a
  local race, before chance showed anything since; every window shows the race rebuilt and says who
  took back what, and the host's refusal is said in one line to the one who asked.
- `HostLeftScene`: the host quit (or the connection was lost): one sentence, and the race may be
  kept as a game in progress (beside the others: resumed alone against computer racers) or a
  replay, or joined again.

Both read the host through the window's one link (scenes/bridges/link.py: its news each frame, a few
at most, the host's messages already followed): no frame waits for the network.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any, Protocol

import pygame

from game import Board, Option, Race
from game.app import session
from game.app.controls import Action
from game.net.client import Follower, kept_race
from game.net.messages import HostMessage
from game.net.protocol import standings_json, words_of_close
from game.rules import levels
from scenes.bridges.link import Happened, Link, News
from scenes.bridges.network import Hosting
from scenes.core import boards, text, theme, words
from scenes.core.i18n import phrase, t
from scenes.core.stack import Scene, SceneStack
from scenes.race.playback import Playback
from scenes.race.seats import BOT_DELAY, Answerer, Seats
from scenes.ui.widgets import FocusGroup, menu_buttons, panel, veil

log = logging.getLogger("fantasy-racing")
LATE_SHOWN = 6.0  # seconds the line "time ran out" stays over the board
SHOWN_FOR = 5.0  # seconds a quick message heard shows by its sender's card (scenes/race/quick.py)
KEPT_LEVEL = "normal"  # the computer racers of a race a friend keeps when the host left


def local_board(data: dict[str, Any]) -> Board:
    """The board of a host's message, drawn with its Tiled art when the same board is here (shipped, or
    in the player's folder); else the board as the host sent it."""
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


class FollowedScene(Protocol):
    """What a network race's seats read of the race scene and do to it: its race and its log, whether
    it still shows something and at what speed; move on with the host's step, skip what is being
    shown, open a screen over it."""

    @property
    def race(self) -> Race: ...

    @property
    def playback(self) -> Playback: ...

    @property
    def busy(self) -> bool: ...

    @property
    def speed(self) -> float: ...

    @property
    def stack(self) -> SceneStack: ...

    def moved_on(self) -> None: ...

    def taken_back(self, race: Race | None, line: str) -> None: ...

    def skip(self) -> None: ...


class Following(Seats[FollowedScene]):
    """A race followed from the host's messages through the window's link (see the module): the people
    here answer what the host asks of them; everyone else answers elsewhere."""

    takes_back = False  # the host takes a choice back, for every window (`take_back`), never the session
    talks = True  # quick messages (scenes/race/quick.py)

    def __init__(self, link: Link) -> None:
        self.link = link
        self.muted = False  # the others' quick messages are not shown on this screen
        self.saying: dict[int, tuple[str, float]] = {}  # seat -> (phrase id, when heard): shown by his card
        self.sent: int | None = None  # the index of the choice sent, until the host's step brings it back
        self.answered = 0  # decisions this screen answered
        self.left = False

    @property
    def follower(self) -> Follower:
        """The race as this window follows it (the link's)."""
        return self.link.follower

    def who(self, race: Race, racer: int) -> tuple[Answerer, str]:
        if racer in self.follower.mine and self.follower.my_decision() and self.sent != len(race.choices):
            return "panel", ""
        return "remote", self.waiting_for(race, racer)

    def waiting_for(self, race: Race, racer: int) -> str:
        """Whom the screen says it waits for while `racer` decides elsewhere."""
        return race.racers[racer].name

    def submit(self, race: Race, option: Option) -> bool:
        self.link.choose(option)
        self.sent = len(race.choices)
        self.answered += 1
        return False

    def may_take_back(self, race: Race) -> bool:
        return self.sent != len(race.choices) and self.follower.may_take_back()

    def take_back(self, race: Race) -> None:
        """Ask the host to take back this screen's racer's last choice: nothing is chosen here until it
        answers (the race rebuilt, or why not)."""
        self.link.take_back()
        self.sent = len(race.choices)

    def update(self, scene: FollowedScene, dt: float) -> None:
        """The link's news of this frame: the host's messages followed (`heard`), the rest to `happened`."""
        for news in self.link.news():
            if news.message is not None:
                self.heard(scene, news.message)
            elif self.happened(scene, news):
                return

    def happened(self, scene: FollowedScene, news: News) -> bool:
        """News of the link other than a message; True when the scene changed (stop reading)."""
        if news.kind is Happened.NOTE:
            log.info("network: %s", news.data["line"])
        return False

    def heard(self, scene: FollowedScene, message: HostMessage) -> None:
        """One of the host's messages, followed: a step moves the scene's race on; a quick message shows
        by its sender's card and in the log, in this screen's language (unless muted)."""
        if message["type"] == "step":
            self.sent = None
            scene.moved_on()
        elif message["type"] == "taken_back" and self.follower.race is not None:
            self.sent = None
            scene.taken_back(self.follower.race, self.taken_back_line(self.follower.race, message["seat"]))
        elif message["type"] == "refused":  # (only the window that asked hears it)
            self.sent = None
            scene.taken_back(None, t(f"undo.refused.{message['why']}"))
        elif message["type"] == "answer":  # the host's sentence to this window's owner order
            scene.playback.log.note(t("net.host_answer", said=message["said"]), theme.ACCENT)
        elif message["type"] == "said" and not self.muted and message["seat"] < len(scene.race.racers):
            seat = message["seat"]
            self.saying[seat] = (message["phrase"], time.monotonic())
            name = scene.race.racers[seat].name
            scene.playback.log.note(
                t("say.line", name=name, phrase=phrase(message["phrase"])), theme.racer_colour(seat)
            )

    def taken_back_line(self, race: Race, seat: int) -> str:
        """Who took back what, in this screen's language: "Choice taken back" for its own racer."""
        took = self.follower.took
        if seat in self.follower.mine or took is None or race.pending is None:
            return t("undo.done")
        choice = words.option_label(race.pending, took[1], race)
        return t("undo.taken_back", name=race.racers[seat].name, choice=choice)

    def say(self, phrase_id: str) -> None:
        """A quick message from this screen's person, to everyone in the race (through the host)."""
        self.link.say(phrase_id)

    def over(self) -> bool:
        """Whether the race followed is over."""
        return self.follower.race is not None and self.follower.race.over

    def tags(self, race: Race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        """The seats' own words, and a quick message heard in the last few seconds by its sender's card."""
        out = self.seat_tags(race)
        now = time.monotonic()
        for seat, (said, when) in self.saying.items():
            if now - when < SHOWN_FOR and not self.muted:
                out[seat] = (t("say.tag", phrase=phrase(said)), theme.ACCENT)
        return out

    def seat_tags(self, race: Race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        """Words shown in some racers' panels instead of person / computer (a friend, disconnected)."""
        return {}

    def away(self, racer: int) -> float | None:
        """For a friend the host said left: the seconds before a computer racer plays for him (0: it
        plays); None while he is connected."""
        since = self.follower.away.get(racer)
        if since is None:
            return None
        return max(0.0, self.follower.takeover.get(racer, 0.0) - (time.monotonic() - since))

    def notice(self, race: Race) -> str:
        if race.over:
            return ""
        follower = self.follower
        if follower.late is not None and time.monotonic() - follower.late[1] < LATE_SHOWN:
            seat = follower.late[0]
            if seat in follower.mine:
                return t("net.late_you")
            return t("net.late_other", name=race.racers[seat].name)
        left = follower.clock_left()
        if left is not None and self.sent != len(race.choices):
            return t("net.clock_left", seconds=int(left + 0.99))
        for racer in sorted(self.follower.away):
            name = race.racers[racer].name
            seconds = self.away(racer)
            if seconds:
                return t("net.disconnected_wait", name=name, seconds=int(seconds + 0.99))
            return t("net.disconnected_computer", name=name)
        return ""


class HostSeats(Following):
    """The window host's screen (see the module)."""

    def __init__(self, link: Link, kinds: list[levels.SeatKind], takeover_level: str) -> None:
        super().__init__(link)
        assert link.hosting is not None
        self.hosting: Hosting = link.hosting
        self.kinds = kinds  # "here", "friend" or "bot", per racer
        self.takeover_level = takeover_level
        self.idle = 0.0  # seconds (at the animations' speed) this screen has shown a decision made elsewhere
        self.readied = -1  # the last choice index this screen told the host it is ready for

    @property
    def states(self) -> list[dict[str, Any]]:
        """The seats as the host manages them (`Host.seat_states`)."""
        return self.link.seat_states()

    def here(self, race: Race, racer: int) -> bool:
        return self.kinds[racer] == "here"

    def update(self, scene: FollowedScene, dt: float) -> None:
        self._pace(scene, dt)
        super().update(scene, dt)

    def _pace(self, scene: FollowedScene, dt: float) -> None:
        """Tell the host once this screen has shown everything up to a decision made elsewhere, and a
        computer racer's pause (BOT_DELAY) has passed: its computer racers play then."""
        race = scene.race
        decision = race.pending
        if scene.busy or decision is None or decision.racer in self.follower.mine:
            self.idle = 0.0
            return
        index = len(race.choices)
        if index <= self.readied:
            return
        self.idle += dt * scene.speed
        if self.idle >= BOT_DELAY:
            self.hosting.ready(index)
            self.readied, self.idle = index, 0.0

    def seat_tags(self, race: Race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        out = {}
        for racer, kind in enumerate(self.kinds):
            if kind != "friend":
                continue
            seconds = self.away(racer)
            if seconds is None:
                out[racer] = (t("net.tag_friend"), theme.HIGHLIGHT)
            elif seconds:
                out[racer] = (t("net.tag_disconnected"), theme.BAD)
            else:
                out[racer] = (t("net.tag_computer_plays"), theme.BAD)
        return out

    def computer_plays(self, race: Race, racer: int) -> bool:
        """A computer seat, or a friend away for longer than the host's delay: the host's computer
        racer plays for him."""
        return bool(race.racers[racer].setup.bot) or self.away(racer) == 0

    def bots_alone(self, race: Race) -> dict[int, str]:
        """The friends' racers, played by computer racers of the takeover level when the host
        resumes the race alone (as it is saved)."""
        return {racer: self.takeover_level for racer, kind in enumerate(self.kinds) if kind == "friend"}

    def leaving(self, race: Race) -> tuple[str, str] | None:
        """Save and quit disconnects the friends connected: asked first, saying how many."""
        friends = [r for r, kind in enumerate(self.kinds) if kind == "friend" and self.away(r) is None]
        if not friends or race.over:
            return None
        return t("net.host_leave_question"), t("net.host_leave_detail", count=len(friends))

    def leave(self) -> None:
        if not self.left:
            self.left = True
            self.link.close("quit")


class FriendSeats(Following):
    """A friend's (or a spectator's) window (see the module)."""

    leave_label = "net.leave_race"

    def __init__(self, link: Link, rejoin: dict[str, str]) -> None:
        super().__init__(link)
        self.rejoin = rejoin  # address, code and name (and "watch" for a spectator): to join again
        self.talks = link.follower.seat is not None  # a spectator sends no quick message (he hears them)
        self.gone: str | None = None  # why the race stopped here (the host left, the connection was lost)
        self.told = False

    def who(self, race: Race, racer: int) -> tuple[Answerer, str]:
        if self.gone is not None and racer in self.follower.mine:
            return "remote", ""
        return super().who(race, racer)

    def waiting_for(self, race: Race, racer: int) -> str:
        return "" if racer in self.follower.mine else race.racers[racer].name  # his own: the host has not asked

    def here(self, race: Race, racer: int) -> bool:
        return racer == self.follower.seat

    def update(self, scene: FollowedScene, dt: float) -> None:
        super().update(scene, dt)
        follower = self.follower
        if self.gone is not None and not self.told and not (follower.race is not None and follower.race.over):
            self.told = True
            scene.skip()
            scene.stack.push(scene.stack.make("host_left", scene.race, self.gone, self.follower.seat, self.rejoin))

    def heard(self, scene: FollowedScene, message: HostMessage) -> None:
        super().heard(scene, message)
        follower = self.follower
        if message["type"] == "step" and follower.race is not None and follower.race.over:
            standings = json.dumps(standings_json(follower.race))
            log.info("the race joined is over, %d decisions answered here: %s", self.answered, standings)
        elif message["type"] == "bye":
            reason = message["reason"]
            self.gone = {"removed": t("net.removed"), "elsewhere": t("net.elsewhere")}.get(reason, t("net.host_quit"))

    def happened(self, scene: FollowedScene, news: News) -> bool:
        data = news.data
        if news.kind is Happened.BROKEN:
            self.gone = self.gone or t("net.host_broken")
        elif news.kind is Happened.CLOSED and data.get("code") == 1012 and not (self.told or self.gone or self.over()):
            # the host's line to his relay dropped: join again at once, with the seat's key (kept)
            self.told = True
            log.info("the host's connection to the relay dropped: joining again")
            scene.skip()
            scene.stack.replace(scene.stack.make("join", rejoin=self.rejoin))
            return True
        elif news.kind in (Happened.CLOSED, Happened.UNREACHABLE) and self.gone is None:
            reason = words_of_close(data.get("code", 1006), data.get("reason", ""))
            self.gone = t("net.host_lost") if not reason or data.get("code") in (1001, 1006) else reason
        return False

    def seat_tags(self, race: Race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        out = {}
        for racer in range(len(race.racers)):
            if racer == self.follower.seat:
                out[racer] = (t("net.tag_you"), theme.ACCENT)
            elif racer in self.follower.away:
                out[racer] = (t("net.tag_disconnected"), theme.BAD)
        return out

    def leave(self) -> None:
        if not self.left:
            self.left = True
            self.link.close()


def friend_setup(race: Race) -> dict[str, Any]:
    """A friend's race's setup as the scenes keep it (no "race again": the race was the host's)."""
    return {
        "board": race.board.source or boards.PRACTICE,
        "turns": race.turns,
        "network": "friend",
        "racers": [{"character": r.character, "name": r.name, "bot": r.setup.bot} for r in race.racers],
    }


class HostLeftScene(Scene):
    """Over a friend's race when the host went: one sentence; keep the race (as a game in progress to
    finish alone against computer racers, or as a replay), join again, or go back to the title."""

    opaque = False

    def __init__(self, race: Race, reason: str, seat: int | None, rejoin: dict[str, str]) -> None:
        super().__init__()
        self.race = race
        self.reason = reason
        self.seat = seat
        self.rejoin = rejoin
        self.group = FocusGroup()
        self.kept = ""
        self.kept_ok = True
        self.kept_as: Any = None  # the game in progress it was kept as (kept again: the same one)

    def enter(self) -> None:
        items = [
            (t("net.keep_game"), self.keep_save),
            (t("net.keep_replay"), self.keep_replay),
            (t("net.join_again"), self.join_again),
            (t("results.title_button"), self.title),
        ]
        self.group.set(menu_buttons(items, theme.SIZE[0] // 2, 330, width=560, height=50, gap=12, size=22), 0)

    def kept_race(self) -> Race:
        bots = {i: KEPT_LEVEL for i in range(len(self.race.racers)) if i != self.seat}
        return kept_race(self.race, bots)

    def keep_save(self) -> None:
        """The race as a game in progress of its own (never in place of another): the title's list
        resumes it, the others played by computer racers."""
        try:
            race = self.kept_race()
            self.kept_as = session.keep_as_save(race, friend_setup(race), self.kept_as)
        except (ValueError, OSError) as error:
            self.kept, self.kept_ok = t("net.keep_failed", error=error), False
            return
        self.kept, self.kept_ok = t("net.kept_game"), True
        log.info("a network race was kept as a game in progress after its host left")

    def keep_replay(self) -> None:
        """The race as a replay file (never replaces anything)."""
        from game.meta.replay import ReplayError

        try:
            path = session.keep_replay(self.kept_race())
        except (ReplayError, ValueError, OSError) as error:
            self.kept, self.kept_ok = t("net.keep_failed", error=error), False
            return
        self.kept, self.kept_ok = t("results.kept", path=path.name), True

    def join_again(self) -> None:
        """The join screen, with the same address, code and name, connecting at once."""
        stack = self.stack  # (the title closes this screen)
        self.title()
        stack.push(stack.make("join", rejoin=self.rejoin))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.group.handle_screen(event, {Action.BACK: self.title})
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
