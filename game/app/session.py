"""The game session: the race (or the championship) being played, and when it is saved.

The screens show a race's events and pass the players' choices on; they never save. Whatever a
player can lose goes through this module, the only one that writes, deletes or reads the games in
progress of the player's folder (a test reads the import graph to keep it so):

- `Session` owns one race being played at this screen. The race takes its choices through it
  (`choose`), and it hands the race's events to the screen (`take_events`); it saves the
  unfinished race (or the championship it belongs to) after every racer's turn, in the
  background, and forgets the save when the race is over (a championship's race: the season's
  results are saved at once). A race nobody may resume (the guided first race, a replay, a
  friend's view of a race hosted elsewhere) has a session that never saves.
- The functions below it are the menus' doors: the games in progress (`saved_race`,
  `saved_season`), a new race or championship race (`new_race`, `season_race`), keeping a race
  as a replay or as the save, a championship saved, finished and kept.
"""

from __future__ import annotations

import datetime
import logging
from pathlib import Path
from typing import Any

from game.app import userdata
from game.race import Race, SaveError
from game.replay import write as write_replay
from game.season import Season

log = logging.getLogger("fantasy-racing")
REPLAYS_FOLDER = "replays"  # in the player's folder: the races kept as replays


class Session:
    """One race being played at this screen (see the module).

    `setup` is what the race was started from (the setup screen's dict: "Race again" starts it
    again); `season` the championship it belongs to; `bots` racers to save as computer racers of
    those levels (a network race's friends, when the host resumes it alone); `saves` False for a
    race that is never saved.
    """

    def __init__(
        self,
        race: Race,
        setup: dict[str, Any] | None = None,
        season: Season | None = None,
        bots: dict[int, str] | None = None,
        saves: bool = True,
    ) -> None:
        self.race = race
        self.setup = dict(setup or {})
        self.season = season
        self.bots = dict(bots or {})
        self.saves = saves and race.dice.replayable

    @classmethod
    def unsaved(cls, race: Race, setup: dict[str, Any] | None = None) -> Session:
        """A race that is never saved (the guided race, a replay, a race hosted elsewhere)."""
        return cls(race, setup, saves=False)

    def choose(self, option: Any) -> list[Any]:
        """The race takes a choice; the events it made (the race is saved when a racer's turn ended)."""
        self.race.choose(option)
        return self.take_events()

    def take_events(self) -> list[Any]:
        """The race's new events (a choice made here, or a step that came from a network host):
        the race is saved after every racer's turn, and its save forgotten once it is over."""
        events = self.race.take_events()
        for event in events:
            if event.kind == "turn_ended":
                self.save()
            elif event.kind == "race_over":
                self._race_over()
        return events

    def save(self, background: bool = True) -> None:
        """Save the unfinished race, or the championship it belongs to (in the background: a frame
        never waits for the disk; a failure is logged and the previous save stays)."""
        if self.race.over or not self.saves:
            return
        if self.season is not None:
            _save_season(self.season, background)
            return
        try:
            userdata.save_race(self.race, self.setup, background=background, bots=self.bots)
        except (SaveError, OSError) as error:
            log.warning("the race could not be saved: %s", error)

    def _race_over(self) -> None:
        if self.season is not None:
            if self.season.race is self.race:
                self.season.finish_race()
            if self.saves:
                _save_season(self.season, background=False)  # once a race: the season's results are on disk
        elif self.saves:
            userdata.delete_save()


def _save_season(season: Season, background: bool) -> None:
    try:
        userdata.save_season(season, background=background)
    except (SaveError, OSError) as error:
        log.warning("the season could not be saved: %s", error)


# ---------------------------------------------------------------- the menus' doors
def saved_race() -> tuple[userdata.SavedRace | None, str | None]:
    """The race in progress and no message, or None and a sentence saying why it was set aside."""
    return userdata.load_race()


def saved_season() -> tuple[Season | None, str | None]:
    """The championship in progress and no message, or None and a sentence saying why it was set aside."""
    return userdata.load_season()


def problems() -> list[str]:
    """What could not be saved since the last call, one sentence each (the title shows them)."""
    return userdata.take_problems()


def read_only() -> bool:
    """Whether another window holds the player's folder, so that this one saves nothing."""
    return userdata.read_only()


def has_saved_race() -> bool:
    """Whether a race in progress is saved (a friend keeping a race would replace it)."""
    try:
        return userdata.save_path().is_file()
    except OSError:
        return False


def resume(saved: userdata.SavedRace) -> Session:
    """The session of the race in progress, resumed."""
    return Session(saved.race, saved.setup)


def new_race(race: Race, setup: dict[str, Any], bots: dict[int, str] | None = None) -> Session:
    """A new race from the setup (or a hosted one); it takes the place of the race in progress."""
    userdata.delete_save()
    return Session(race, setup, bots=bots)


def season_race(season: Season) -> Session:
    """The session of the championship's race in progress (the season is saved as it starts)."""
    if season.race is None:
        raise ValueError("the championship has no race in progress")
    _save_season(season, background=False)
    return Session(season.race, season.race_setup, season=season)


def save_season(season: Season) -> None:
    """Save the championship now (between races: its table's *Save and quit*); raises OSError."""
    userdata.save_season(season)


def keep_finished_season(season: Season, day: datetime.date | None = None) -> Path:
    """Keep a finished championship where the player finds it (its races' replays and its table),
    then forget it as the championship in progress; the folder. Raises OSError, and then the
    championship in progress stays saved: nothing is lost."""
    folder = userdata.keep_season(season, (day or datetime.date.today()).isoformat())
    userdata.delete_season()
    return folder


def keep_replay(race: Race) -> Path:
    """Keep a race as a replay file in the player's folder (never replaces anything); its path.
    Raises ReplayError or OSError."""
    return write_replay(race, userdata.user_dir() / REPLAYS_FOLDER)


def keep_as_save(race: Race, setup: dict[str, Any]) -> None:
    """Keep a race (a friend's, after his host left) as the race in progress; raises OSError, SaveError."""
    userdata.save_race(race, setup)


def wait_for_saves() -> None:
    """Let every save started in the background reach the disk (the game is closing)."""
    userdata.wait_for_saves()
