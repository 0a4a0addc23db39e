"""A race over days in the race screen, joined from *Your races* (scenes/screens/your_races.py; the relay
is its authority, game/net/days.py): what happened since the player's last visit is shown again (the
race screen's playback, any key skips it), then he plays his pending decisions; the screen says whom the
race waits for and the time left on his clock; *Leave* comes back to *Your races*.

How far he saw each room is kept in his folder (`SEEN_FILE`: decisions seen, by relay and code), so
that the next visit shows only what is new.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from game import files
from game.app.session import FOLDER
from game.net.client import Follower
from game.net.messages import HostMessage
from game.rules.dice import ShownDice
from game.rules.race import Race
from scenes.bridges.link import Link
from scenes.core.i18n import t
from scenes.screens.netplay import FollowedScene, FriendSeats

log = logging.getLogger("fantasy-racing")
SEEN_FILE = "races-over-days-seen.json"  # in the player's folder: decisions seen in each room over days
SEEN_KEPT = 200  # rooms it remembers at most (the oldest let go)


def seen_file() -> Any:
    return FOLDER.path() / SEEN_FILE


def read_seen() -> dict[str, int]:
    try:
        data = json.loads(seen_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): v for k, v in data.items() if type(v) is int and v >= 0} if isinstance(data, dict) else {}


def keep_seen(room: str, count: int) -> None:
    """Remember that the player saw `count` decisions of `room` (a folder that refuses: nothing kept)."""
    kept = {k: v for k, v in read_seen().items() if k != room}
    kept[room] = count
    try:
        files.write_atomically(seen_file(), json.dumps(dict(list(kept.items())[-SEEN_KEPT:])))
    except OSError as error:
        log.info("how far the races over days were seen cannot be kept: %s", error)


def rewound(follower: Follower, seen: int) -> list[Any]:
    """The follower's race taken back to its first `seen` decisions (the dice showing the same faces):
    the decisions after them, to show again."""
    race = follower.race
    if race is None or not 0 <= seen < len(race.choices) or not isinstance(follower.dice, ShownDice):
        return []
    old = follower.dice
    dice = ShownDice(old.faces, old.orders, seed=old.seed, strict=True, kind=old.kind)
    again = Race.new(race.board, [r.setup for r in race.racers], turns=race.turns, dice=dice)
    for choice in race.choices[:seen]:
        again.choose(choice)
    again.take_events()
    follower.race, follower.dice = again, dice
    return list(race.choices[seen:])


class DaysSeats(FriendSeats):
    """The seats of a race over days (see the module)."""

    back_to = "your_races"

    def __init__(self, link: Link, rejoin: dict[str, str]) -> None:
        self.room = f"{rejoin.get('address', '')}"
        self.since = rewound(link.follower, read_seen().get(self.room, 0))
        super().__init__(link, rejoin)

    def update(self, scene: FollowedScene, dt: float) -> None:
        if self.since:  # what happened since the last visit, shown before anything new is read
            race = self.follower.race
            assert race is not None
            for choice in self.since:
                race.choose(choice)
            self.since = []
            scene.moved_on()
            keep_seen(self.room, len(race.choices))
            return
        super().update(scene, dt)

    def heard(self, scene: FollowedScene, message: HostMessage) -> None:
        super().heard(scene, message)
        if message["type"] == "bye" and message["reason"] == "given up":
            self.gone = t("days.given_up")  # (his clock ran out and the room gives his seat up)

    def leave(self) -> None:
        race = self.follower.race
        if race is not None and not self.since:
            keep_seen(self.room, len(race.choices))
        super().leave()

    def notice(self, race: Race) -> str:
        waiting = self.follower.waiting
        if race.over or waiting is None or self.follower.my_decision() or self.sent == len(race.choices):
            return super().notice(race)
        if waiting["seat"] is None:
            return t("days.waits_seats")
        seconds = waiting.get("seconds")
        hours = "" if seconds is None else t("days.hours_left", hours=f"{seconds / 3600:.1f}")
        return t("days.waits_for", name=waiting["name"], left=hours)
