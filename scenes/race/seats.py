"""Who answers each racer's decisions: the race scene's drivers.

The race scene asks its `Seats` who answers the pending decision: a person at this screen (the
decision panel), a computer racer (`ComputerRacers`: he thinks in a worker process or on the
thinker's thread, never in a frame, and answers after a short pause so that a player can follow), someone elsewhere (a
friend over the network, the host of a race joined: scenes/screens/netplay.py), or a recording (a
replay: scenes/screens/replay.py). The scene shows the race the same way whoever answers.
"""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from game import Decision, Option, Race
from game.rules import levels, seeds
from scenes.core import platform

BOT_DELAY = 0.45  # seconds a computer racer "thinks" before each decision (at speed x1)
BOT_POLICY = "greedy"  # a computer racer whose level this game does not know plays this one


# Who answers a racer's pending decision: the decision panel (a person here), a computer racer here
# (with his level), someone elsewhere (a friend or the host, with his name), a replay's recording.
Answerer = Literal["panel", "bot", "remote", "recorded"]

# What the seats read of the scene they drive: the race scene names itself (scenes.race.scene imports this
# module); a network race's seats name only what they read (`FollowedScene`, scenes/screens/netplay.py).
# Contravariant: seats that read less drive any scene that offers more.
S = TypeVar("S", contravariant=True)


class Seats(Generic[S]):
    """The game at one screen: a person answers through the decision panel, a computer racer by
    its level. A network race, a replay give their own (see the module)."""

    leave_label = "menu.save_quit"  # the pause menu's way out (i18n key)
    results = True  # the results screen follows the race's end (a replay stays on its last picture)
    takes_back = True  # the session takes a person's own choices back (a network race: its host, `take_back`)

    def who(self, race: Race, racer: int) -> tuple[Answerer, str]:
        """Who answers `racer`'s pending decision now: ("panel", ""), ("bot", level),
        ("remote", name) (someone elsewhere) or ("recorded", "") (a replay's next choice)."""
        bot = race.racers[racer].setup.bot
        return ("bot", bot) if bot else ("panel", "")

    def here(self, race: Race, racer: int) -> bool:
        """Whether the racer is a person at this screen."""
        return not race.racers[racer].setup.bot

    def computer_plays(self, race: Race, racer: int) -> bool:
        """Whether a computer racer decides for `racer` now, here or elsewhere (the screen says he
        thinks, rather than that it waits for someone)."""
        return bool(race.racers[racer].setup.bot)

    def answer(self, race: Race, decision: Decision) -> tuple[bool, Any]:
        """A remote answer to `decision`, once it came: (True, option); else (False, None)."""
        return False, None

    def submit(self, race: Race, option: Option) -> bool:
        """A choice made at this screen (the panel, a computer racer): True when this screen's race
        takes it now; False when it went elsewhere (to the host, who sends it back as a step)."""
        return True

    def may_take_back(self, race: Race) -> bool:
        """Where the session does not take choices back (`takes_back` False): whether the person deciding
        here may ask for his last one back."""
        return False

    def take_back(self, race: Race) -> None:
        """Ask for the last choice back (`may_take_back`): the race rebuilt comes back later (a host's)."""

    def chosen(self, race: Race, option: Option) -> None:
        """The race took a choice (a host sends it on)."""

    def update(self, scene: S, dt: float) -> None:
        """Every frame: what came from elsewhere (a client's race moves on with the host's steps)."""

    def tags(self, race: Race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        """Words shown in some racers' panels instead of person / computer (a friend, disconnected)."""
        return {}

    def notice(self, race: Race) -> str:
        """A line over the board (a friend disconnected, and for how long), or ""."""
        return ""

    back_to = ""  # the screen (by name) the pause menu's way out opens over the title ("": the title alone)

    def leaving(self, race: Race) -> tuple[str, str] | None:
        """The question (and its line of detail) the pause menu's way out asks first, or None: it
        does not ask (a network host's friends would be disconnected: it does)."""
        return None

    def leave(self) -> None:
        """The race scene goes (finished, or the player left): let go of what is held (a connection)."""


class ComputerRacers:
    """The computer racers answering at this screen: each decision is thought about by the thinker
    (the pool of worker processes for a racer who searches, else a thread) with the racer's own random
    stream (`game.rules.seeds.bot_rngs`: the same choices
    as `simulate` and `serve` make for the same seed and lineup), and taken once ready and after
    `BOT_DELAY` seconds of the race's time."""

    def __init__(self, race: Race, seed: int | None = None) -> None:
        self.thinker = platform.current().thinker()
        self.rngs = seeds.bot_rngs(seed if seed is not None else race.seed or 0, len(race.racers))
        self.waited = 0.0

    def prepare(self, race: Race) -> None:
        """Let the pool work out what the race's computer racers will read."""
        self.thinker.prepare(race)

    def answer(self, race: Race, decision: Decision, level: str, dt: float) -> tuple[bool, Any]:
        """Think about `decision` (from the first call on); (True, option) once the choice is
        ready and the pause is over, else (False, None)."""
        self.waited += dt
        policy = level if level in levels.POLICIES else BOT_POLICY
        self.thinker.think(race, decision, policy, self.rngs[decision.racer])
        if self.waited >= BOT_DELAY and self.thinker.ready(decision):
            return True, self.thinker.take(decision)
        return False, None

    def restart(self) -> None:
        """A choice was made: the next computer racer's pause starts from nothing."""
        self.waited = 0.0

    def wait(self) -> None:
        """Let a thinking racer finish."""
        self.thinker.wait()

    def leave(self) -> None:
        """The race is left (or over): a racer still thinking stops."""
        self.thinker.cancel()
