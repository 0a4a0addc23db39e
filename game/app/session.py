"""The game session: the race (or the championship) being played, and when it is saved.

The screens show a race's events and pass the players' choices on; they never save. Whatever a
player can lose goes through this module, the only one that writes, deletes or reads the games in
progress of the player's folder (a test reads the import graph to keep it so):

- `Session` owns one race being played at this screen. The race takes its choices through it
  (`choose`), and it hands the race's events to the screen (`take_events`); it saves the
  unfinished race (or the championship it belongs to) after every racer's turn, in the
  background, in the game's own file of the games in progress (`game.app.games`), and at the
  race's end keeps its replay and forgets the game (a championship's race: the season's results
  are saved at once). A race nobody may resume (the guided first race, a replay, a friend's view
  of a race hosted elsewhere) has a session that never saves. A person's own choices of the
  current turn may be taken back (`take_back`) up to the last thing chance revealed: the race is
  rebuilt from its record with one choice fewer, the same dice.
- `FOLDER` is the player's folder of this process (`game.app.folder.PlayerFolder`: where it is, its
  lock, what it could not save, its one writer of the saves made in the background): the session owns
  it and hands it to the modules that read and write the player's files; the window and the commands
  ask it here (`scenes/app.py` locks it and closes it at the end: the saves queued are written first).
- The functions below it are the menus' doors: the games in progress (`games`, `resume_game`,
  `delete_game`: only once the player said yes), the kept races (`kept_races`, `open_kept`,
  `delete_kept`: only once the player said yes), the kept championships (`kept_championships`,
  `open_championship`, `delete_championship`), the statistics (`statistics`, `export_statistics`),
  a new race or championship race (`new_race`,
  `season_race`: a game of its own, never in place of another), keeping a race as a replay or as a
  game in progress, a championship saved, finished and kept.
"""

from __future__ import annotations

import datetime
import logging
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.app import championships as championshipfiles
from game.app import games as gamefiles
from game.app import kept as keptfiles
from game.app import stats, userdata
from game.app.folder import PlayerFolder
from game.app.games import Game
from game.app.kept import Kept
from game.app.kept import KeptChampionship as KeptChampionship  # (the championships list names it)
from game.meta.replay import write as write_replay
from game.meta.season import Season, SeasonError
from game.rules.events import Event
from game.rules.race import Race, SaveError

log = logging.getLogger("fantasy-racing")
REPLAYS_FOLDER = "replays"  # in the player's folder: the races kept as replays
RECALLED = 12  # a resumed race: at most this many of its last choices are looked at for taking back
__all__ = ["FOLDER", "Game", "Kept", "Session"]
FOLDER = PlayerFolder()  # the player's folder of this process: the platform's per-user folder


class Session:
    """One race being played at this screen (see the module).

    `setup` is what the race was started from (the setup screen's dict: "Race again" starts it
    again); `season` the championship it belongs to; `bots` racers to save as computer racers of
    those levels (a network race's friends, when the host resumes it alone); `saves` False for a
    race that is never saved; `path` the game's file in the games in progress (a new one at the
    first save; a championship's race saves in its championship's); `folder` the player's folder it
    saves in (the process's `FOLDER`).
    """

    def __init__(
        self,
        race: Race,
        setup: dict[str, Any] | None = None,
        season: Season | None = None,
        bots: dict[int, str] | None = None,
        saves: bool = True,
        path: Path | None = None,
        folder: PlayerFolder = FOLDER,
    ) -> None:
        self.folder = folder
        self.race = race
        self.setup = dict(setup or {})
        self.season = season
        self.bots = dict(bots or {})
        self.saves = saves and race.dice.replayable
        self.path = path
        self.since_chance: list[int] = []  # the racers of the choices made here since chance last showed
        self._counted = len(race.choices)  # the race's choices this session has seen
        if self.saves and race.choices and not race.over:  # a resumed race: its last choices can go back too
            self.since_chance = self._recalled()

    @classmethod
    def unsaved(cls, race: Race, setup: dict[str, Any] | None = None) -> Session:
        """A race that is never saved (the guided race, a replay, a race hosted elsewhere)."""
        return cls(race, setup, saves=False)

    def choose(self, option: object) -> list[Event]:
        """The race takes a choice; the events it made (the race is saved when a racer's turn ended)."""
        race = self.race
        racer = race.pending.racer if race.pending is not None else -1
        before = self._chance()
        race.choose(option)
        if self.since_chance and len(race.choices) != self._counted + 1:
            self.since_chance = []  # (choices came another way meanwhile)
        self.since_chance = self.since_chance + [racer] if self._chance() == before else []
        self._counted = len(race.choices)
        return self.take_events()

    def _recalled(self) -> list[int]:
        """The racers of a resumed race's last choices made since chance last showed, worked out from
        its checkpoints: the race restored with one choice fewer, two, ... while its dice stay where they are
        (at most RECALLED: a turn's own choices are few)."""
        race = self.race
        if not race.dice.replayable:  # (a race that is never saved: prepared dice)
            return []
        state = race.dice.getstate()
        racers: list[int] = []
        for fewer in range(1, min(RECALLED, len(race.choices)) + 1):
            back = Race.restore(race.checkpoint(len(race.choices) - fewer, events=False))
            if back.dice.getstate() != state or back.pending is None:
                break
            racers.insert(0, back.pending.racer)
        return racers

    def _chance(self) -> Any:
        """Where the race's dice are: they moved when chance showed something (a roll, a chest, a
        fight's die, an order of play)."""
        dice = self.race.dice
        return dice.getstate() if dice.replayable else object()  # (rigged dice: always something new)

    def take_events(self) -> list[Event]:
        """The race's new events (a choice made here, or a step that came from a network host):
        the race is saved after every racer's turn, and its save forgotten once it is over."""
        if len(self.race.choices) != self._counted:  # a step from elsewhere: nothing here to take back
            self.since_chance, self._counted = [], len(self.race.choices)
        events = self.race.take_events()
        for event in events:
            if event.kind == "turn_ended":
                self.save()
            elif event.kind == "race_over":
                self._race_over()
        return events

    # ---------------------------------------------------------------- taking a choice back
    def can_take_back(self, here: Callable[[int], bool]) -> bool:
        """Whether the pending decision's racer, a person at this screen (`here`), may take his last
        choice back: made here in this turn, nothing revealed by chance since (a roll, a chest, a
        fight's die), in a race of the player's own (saved: not a replay, nor the guided race)."""
        race, made = self.race, self.since_chance
        if not (self.saves and made) or race.pending is None or race.over:
            return False
        return made[-1] == race.pending.racer and here(made[-1])

    def take_back(self) -> Race | None:
        """Take the last choice back (check `can_take_back` first): the race restored from its checkpoint
        with that choice fewer (`Race.checkpoint`), the same dice; the new race (also `self.race`), or None if it cannot
        be (nothing to take back, or the rebuilt race's dice are not where they were: never past
        chance)."""
        race = self.race
        if not self.since_chance or not self.saves:
            return None
        try:
            back = Race.restore(race.checkpoint(len(race.choices) - 1))
        except ValueError as error:  # (a race that replays, by its checkpoint: a bug, said in the log)
            log.error("the last choice could not be taken back: %s", error)
            self.since_chance = []
            return None
        if back.dice.getstate() != race.dice.getstate():
            log.error("taking the last choice back would roll the dice again: refused")
            self.since_chance = []
            return None
        self.since_chance.pop()
        self.race, self._counted = back, len(back.choices)
        if self.season is not None and self.season.race is race:
            self.season.race = back
        log.info("a choice was taken back: %d choices stand, turn %d", len(back.choices), back.turn)
        return back

    def follow(self, race: Race) -> None:
        """The race rebuilt elsewhere with a choice fewer (a network race's host took it back): the
        session's race from now on (its save comes at the end of the turn, as any)."""
        old, self.race = self.race, race
        self.since_chance, self._counted = [], len(race.choices)
        if self.season is not None and self.season.race is old:
            self.season.race = race

    # ---------------------------------------------------------------- saving
    def save(self, background: bool = True) -> None:
        """Save the unfinished race, or the championship it belongs to (in the background: a frame
        never waits for the disk; a failure is logged and the previous save stays)."""
        if self.race.over or not self.saves:
            return
        if self.season is not None:
            _save_season(self.folder, self.season, background)
            return
        try:
            if self.path is None:
                self.path = gamefiles.new_path(self.folder, gamefiles.RACE)
            summary = gamefiles.race_summary(self.race, self.setup, self.bots)
            userdata.save_race(
                self.folder,
                self.race,
                self.setup,
                background=background,
                bots=self.bots,
                path=self.path,
                summary=summary,
            )
        except (SaveError, OSError) as error:
            log.warning("the race could not be saved: %s", error)

    def _race_over(self) -> None:
        if self.season is not None:
            if self.season.race is self.race:
                self.season.finish_race()
            if self.saves:
                _save_season(self.folder, self.season, background=False)  # once a race: its results on disk
        elif self.saves:
            _finished(self.folder, self.race, self.path)


def _finished(folder: PlayerFolder, race: Race, path: Path | None) -> None:
    """A race of the games in progress is over: its replay is kept, then its game forgotten (if the
    replay cannot be written, the game stays: nothing is lost)."""
    try:
        keep_replay(race, folder)
    except Exception as error:  # (ReplayError, OSError: said in the log; the game stays in the list)
        log.warning("the finished race could not be kept as a replay, its save stays: %s", error)
        return
    if path is not None:
        userdata.delete_save(folder, path)


# ---------------------------------------------------------------- championships and their files
def season_file(season: Season, folder: PlayerFolder = FOLDER) -> Path:
    """The championship's file in the games in progress (a new one the first time; raises OSError)."""
    known = folder.season_files.get(id(season))  # (id of a championship -> its game's file)
    if known is not None and known[0]() is season:
        return known[1]
    path = gamefiles.new_path(folder, gamefiles.SEASON)
    _remember(folder, season, path)
    return path


def _remember(folder: PlayerFolder, season: Season, path: Path) -> None:
    key, files = id(season), folder.season_files
    files[key] = (weakref.ref(season, lambda _: files.pop(key, None)), path)


def _save_season(folder: PlayerFolder, season: Season, background: bool) -> None:
    try:
        path = season_file(season, folder)
        summary = gamefiles.season_summary(season)
        userdata.save_season(folder, season, background=background, path=path, summary=summary)
    except (SaveError, OSError) as error:
        log.warning("the season could not be saved: %s", error)


# ---------------------------------------------------------------- the menus' doors
def games() -> tuple[list[Game], str]:
    """The games in progress, the most recent first, and a sentence for the files that could not be
    read (set aside), or ""."""
    found, unreadable = gamefiles.list_games(FOLDER)  # (once the saves queued are written: it shows them)
    return found, " ".join(unreadable)


def resume_game(game: Game) -> tuple[Session | None, Season | None, str]:
    """A game of the list, resumed: the session of its race (a race, or a championship's race in
    progress), or the championship between two races, or a sentence saying why it could not be read
    (it was set aside)."""
    if game.kind == gamefiles.SEASON:
        season, problem = userdata.load_season(FOLDER, game.path)
        if season is None:
            return None, None, problem or ""
        _remember(FOLDER, season, game.path)
        if season.race is not None:
            return Session(season.race, season.race_setup, season=season, path=game.path), None, ""
        return None, season, ""
    saved, problem = userdata.load_race(FOLDER, game.path)
    if saved is None:
        return None, None, problem or ""
    return Session(saved.race, saved.setup, path=game.path), None, ""


def delete_game(game: Game) -> bool:
    """Delete a game in progress (only once the player said yes to the question naming it); True when
    gone (False in a read-only window, or when the disk refused: the log says why)."""
    forget = userdata.delete_season if game.kind == gamefiles.SEASON else userdata.delete_save
    return _deleted(forget(FOLDER, game.path), "the game in progress", game.path)


def _deleted(gone: bool, what: str, path: Path) -> bool:
    """`gone`, the log told when the player's `what` (its file or folder `path`) went on his yes."""
    if gone:
        log.info("%s %s was deleted (the player said yes)", what, path.name)
    return gone


def kept_races() -> list[Kept]:
    """The races kept to watch again (replays, championships' races), the newest first."""
    FOLDER.flush()
    return keptfiles.list_kept(FOLDER)


def open_kept(kept: Kept) -> tuple[Any, str]:
    """A kept race's replay (game.meta.replay.Replay) to play back, or None and the sentence of why not."""
    return keptfiles.open_kept(kept)


def delete_kept(kept: Kept) -> bool:
    """Delete a kept race (only once the player said yes to the question naming it); True when gone
    (False in a read-only window, or when the disk refused)."""
    return _deleted(userdata.delete_replay(FOLDER, kept.path), "the kept race", kept.path)


def kept_championships() -> list[KeptChampionship]:
    """The finished championships kept, the newest first."""
    FOLDER.flush()
    return keptfiles.list_championships(FOLDER)


def open_championship(championship: KeptChampionship) -> tuple[Season | None, str]:
    """A kept championship rebuilt from its races (its final table, its podium), or None and why not."""
    if championship.problem:
        return None, f"the championship {championship.name!r} cannot be opened: {championship.problem}"
    try:
        return championshipfiles.rebuild_season(championship.name, [race.path for race in championship.races]), ""
    except SeasonError as error:
        return None, str(error)


def delete_championship(championship: KeptChampionship) -> bool:
    """Delete a kept championship whole, its races, its table and its folder (only once the player said
    yes; userdata.delete_replay checks that every file is one of the championships' folder); True when gone."""
    folder = championship.folder
    for path in [*keptfiles.race_files(folder), folder / "table.json"]:
        if path.exists() and not userdata.delete_replay(FOLDER, path):
            return False
    try:
        folder.rmdir()
    except FileNotFoundError:
        pass
    except OSError as error:
        log.warning("the kept championship's folder %s could not be removed: %s", folder, error)
        return False
    return _deleted(True, "the kept championship", folder)


def statistics(player_name: str, also: str = "", since: str = "") -> stats.Stats:
    """The player's statistics from every race kept (game.app.stats), by the names he plays under."""
    FOLDER.flush()
    found = stats.gather(keptfiles.list_kept(FOLDER), player_name, also, since)
    found.unreadable += keptfiles.table_problems(FOLDER)  # (a championship's table: its name, its champions)
    return found


def export_statistics(figures: stats.Stats) -> Path:
    """Every race the player played as CSV, in statistics.csv of his folder (replaced: it is an export,
    not his data); its path. Raises OSError."""
    path = FOLDER.path() / stats.CSV_FILE
    FOLDER.write_atomically(path, stats.csv_text(figures))
    return path


def problems() -> list[str]:
    """What could not be saved since the last call, one sentence each (the title shows them)."""
    return FOLDER.take_problems()


def read_only() -> bool:
    """Whether another window holds the player's folder, so that this one saves nothing."""
    return FOLDER.read_only


def new_race(
    race: Race, setup: dict[str, Any], bots: dict[int, str] | None = None, path: Path | None = None
) -> Session:
    """A new race from the setup (or a hosted one): a game in progress of its own, beside the others
    (`path`: a network race its host reopened goes on in its own game's file)."""
    return Session(race, setup, bots=bots, path=path)


def season_race(season: Season) -> Session:
    """The session of the championship's race in progress (the season is saved as it starts)."""
    if season.race is None:
        raise ValueError("the championship has no race in progress")
    _save_season(FOLDER, season, background=False)
    return Session(season.race, season.race_setup, season=season)


def save_season(season: Season) -> None:
    """Save the championship now (between races: its table's *Save and quit*); raises OSError."""
    userdata.save_season(FOLDER, season, path=season_file(season), summary=gamefiles.season_summary(season))


def keep_finished_season(season: Season, day: datetime.date | None = None) -> Path:
    """Keep a finished championship where the player finds it (its races' replays and its table),
    then forget it as a championship in progress; the folder. Raises OSError, and then the
    championship in progress stays saved: nothing is lost."""
    folder = userdata.keep_season(FOLDER, season, (day or datetime.date.today()).isoformat())
    userdata.delete_season(FOLDER, season_file(season))
    return folder


def kept_replay(race: Race, folder: PlayerFolder = FOLDER) -> Path | None:
    """The replay file a finished race was kept as already (at its end, or by the player), or None."""
    known = folder.replays_kept.get(id(race))
    if known is not None and known[0]() is race and race.over and known[1].is_file():
        return known[1]
    return None


def keep_replay(race: Race, folder: PlayerFolder = FOLDER) -> Path:
    """Keep a race as a replay file in the player's folder (never replaces anything; a race kept
    already, at its end, gives the same file); its path. Raises ReplayError or OSError."""
    key, kept = id(race), folder.replays_kept  # (id of a finished race -> its replay's file)
    known = kept_replay(race, folder)
    if known is not None:
        return known
    path = write_replay(race, folder.path() / REPLAYS_FOLDER, datetime.date.today())
    if race.over:
        kept[key] = (weakref.ref(race, lambda _: kept.pop(key, None)), path)
    return path


def keep_as_save(race: Race, setup: dict[str, Any], path: Path | None = None) -> Path:
    """Keep a race (a friend's, after his host left) as a game in progress of its own (`path`: the
    one it was kept as already); its file. Raises OSError, SaveError."""
    path = path or gamefiles.new_path(FOLDER, gamefiles.RACE)
    userdata.save_race(FOLDER, race, setup, path=path, summary=gamefiles.race_summary(race, setup))
    return path


def wait_for_saves() -> None:
    """Let every save started in the background reach the disk (the game is closing)."""
    FOLDER.flush()
