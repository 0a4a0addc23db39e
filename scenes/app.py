"""The window: a logical screen that follows the window (its size over the interface scale, never
smaller than 1280x720: scenes/core/canvas.py) scaled to the window or full screen, the frame clock,
the settings, and the scene stack that does the rest.

`run(options)` is the entry point of `python main.py` (options from argparse:
``board`` and ``watch`` for the designers' live preview). It logs to a
rotating file in the user folder (the only trace when there is no console).

FANTASY_RACING_SCREENSHOT=FILE.png makes the game save its window once the
first screen has been drawn for a few frames, then quit (packaging smoke test).
"""

from __future__ import annotations

import io
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import files
from game.app import addboards, logs, session, userboards
from game.app.controls import Action
from game.app.folder import PlayerFolder
from game.app.settings import Settings
from game.meta.replay import Replay, start
from scenes.bridges.days import DaysRoom, DaysWatch
from scenes.bridges.network import wait_closed
from scenes.core import assets, audio, canvas, controls, i18n, kept, platform, theme
from scenes.core.gamepad import Gamepads
from scenes.core.stack import Scene, SceneStack
from scenes.race import RaceScene
from scenes.race.quick import QuickScene
from scenes.screens.board_gallery import BoardGalleryScene
from scenes.screens.championships import ChampionshipsScene
from scenes.screens.controls_screen import ControlsScene
from scenes.screens.days_new import NewDaysScene
from scenes.screens.days_race import DaysSeats
from scenes.screens.dropped import DroppedScene
from scenes.screens.games import GamesScene
from scenes.screens.host_lobby import HostScene
from scenes.screens.join import JoinScene
from scenes.screens.legend import LegendScene
from scenes.screens.netplay import HostLeftScene
from scenes.screens.pause import PauseScene
from scenes.screens.preview import BoardPreview
from scenes.screens.question import QuestionScene
from scenes.screens.replay import ReplayPlayer, replay_board, replay_scene, watch
from scenes.screens.replays import ReplaysScene
from scenes.screens.results import ResultsScene
from scenes.screens.rules_help import RulesScene
from scenes.screens.season import PodiumScene, SeasonSetupScene, SeasonTableScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.stats import StatsScene
from scenes.screens.title import TitleScene
from scenes.screens.tutorial import tutorial_scene
from scenes.screens.your_races import YourRacesScene
from scenes.ui.turn_notice import TurnNotice

if TYPE_CHECKING:
    import argparse

FPS = 60
# A frame that rests (Godot's low-processor mode): while the top screen says nothing on it moves by
# itself (`Scene.rest`), the loop sleeps until an input arrives or its picture is due to change,
# updating it REST_TICK apart (its messages and clocks go on) and drawing only what changed; any
# input wakes it to FPS for WAKE seconds, so the pointer and typing are as smooth as ever.
REST_TICK = 0.1  # seconds between two updates of a resting screen, at most
REST_MOST = 1.0  # seconds between two drawings of a resting screen, at most
WAKE = 0.5  # seconds at FPS after the last input
TITLE = "Fantasy Racing"
ICON = "images/icon/fantasy-racing-64.png"  # drawn by tools/make_icon.py
SCREENSHOT_ENV = "FANTASY_RACING_SCREENSHOT"
SCREENSHOT_FRAMES = 5  # frames drawn before the smoke-test screenshot (fonts and music settled)
log = logging.getLogger("fantasy-racing")

#: Every screen a scene can open by name (``self.stack.make(name, ...)``): the
#: scenes never import each other, only this module, at the top, knows them all.
SCENES: dict[str, Callable[..., Scene]] = {
    "title": TitleScene,
    "setup": SetupScene,
    "race": RaceScene,
    "results": ResultsScene,
    "pause": PauseScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "controls": ControlsScene,
    "preview": BoardPreview,
    "season_setup": SeasonSetupScene,
    "season_table": SeasonTableScene,
    "podium": PodiumScene,
    "legend": LegendScene,
    "tutorial": tutorial_scene,
    "host": HostScene,
    "join": JoinScene,
    "host_left": HostLeftScene,
    "question": QuestionScene,
    "quick": QuickScene,
    "games": GamesScene,
    "replays": ReplaysScene,
    "championships": ChampionshipsScene,
    "statistics": StatsScene,
    "replay": watch,
    "dropped": DroppedScene,
    "board_gallery": BoardGalleryScene,
    "your_races": YourRacesScene,
    "days_new": NewDaysScene,
}


class App:
    """Owns the window, the clock, the settings and the scene stack; the player's folder it reads and
    writes is the game session's (`session.FOLDER`), handed to it."""

    def __init__(
        self,
        options: argparse.Namespace | None = None,
        settings: Settings | None = None,
        folder: PlayerFolder | None = None,
    ) -> None:
        self.started = time.perf_counter()
        kept.give_back_freed()  # a closed screen's pictures freed back to the system (issue 44)
        self.options = options
        self.folder = folder if folder is not None else session.FOLDER
        self.settings = settings if settings is not None else Settings.load(self.folder)
        userboards.prepare()  # the player's boards folder, with its README and tileset, from the first start
        i18n.set_language(getattr(self.settings, "language", None) or i18n.system_language())
        controls.use(self.settings.controls)  # the player's bindings (Settings > Controls)
        self.use_theme()  # the racers' colours and the effects
        with logs.native_quiet():  # (SDL's own lines: to the log, unless --verbose)
            pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        icon = assets.image(ICON)
        if icon is not None:  # before the window opens, so that every window manager takes it
            pygame.display.set_icon(icon)
        self.window: pygame.Surface = self._open_window()
        self.stack = SceneStack(self, SCENES)
        self.screen = pygame.Surface((1, 1))  # (made for the window at once)
        self.fit_screen()
        audio.init(self.settings)
        pygame.key.set_repeat(350, 45)
        self.clock = pygame.time.Clock()
        self.gamepads = Gamepads()  # controllers' buttons and sticks become keys (scenes/core/gamepad.py)
        self.running = True
        self.first_frame_at: float | None = None
        self.frames = 0
        self.drawn_at = 0.0  # (time.monotonic) when the window was last drawn
        self.days = DaysWatch()  # the player's races over days, asked in the background on any screen
        self.notice = TurnNotice()  # "Your turn in a race over days on Forest", over any screen

    # ---------------------------------------------------------------- window
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(tuple(self.settings.window), pygame.RESIZABLE)

    def fit_screen(self) -> None:
        """The logical screen made again for the window's size and the Interface scale (the one place
        that sets it: theme.screen_size() reads it), the scenes told when it changed."""
        window = self.window.get_size()
        desktop = canvas.desktop_scale(pygame.display.get_window_size(), window)
        size = canvas.logical_size(window, canvas.interface_scale(self.settings.interface_scale, window, desktop))
        theme.use_screen_size(size)
        if self.screen.get_size() != size:
            self.screen = pygame.Surface(size).convert()
            self.stack.resized(size)

    def save_settings(self) -> None:
        """The settings as the screens changed them, saved: the one place the window saves them
        (tests/test_session.py checks that no screen saves them itself)."""
        self.settings.save(self.folder)

    def apply_settings(self) -> None:
        """Reopen the window for a new size or full screen, set the volume, save."""
        self.window = self._open_window()
        self.fit_screen()
        audio.apply_settings(self.settings)
        self.save_settings()

    def apply_theme(self) -> None:
        """The racers' colours (Colour vision), the effects (Flashes, Motion), the Text size and the rule
        book's text size, from the next frame on, and saved."""
        self.use_theme()
        self.save_settings()

    def use_theme(self) -> None:
        """The theme the settings ask for: every screen reads it as it draws."""
        theme.use_palette(self.settings.colour_vision)
        theme.use_effects(self.settings.flashes, self.settings.motion)
        theme.use_book_text(self.settings.book_text_size)
        theme.use_text_size(self.settings.text_size)

    def apply_volumes(self) -> None:
        """The sound and music volumes of the settings, heard at once, and saved."""
        audio.apply_settings(self.settings)
        self.save_settings()

    def toggle_fullscreen(self) -> None:
        """Switch between a window and full screen (F11)."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_settings()

    def _view(self) -> pygame.Rect:
        """Where the logical screen goes in the window (scaled, letterboxed)."""
        win_w, win_h = self.window.get_size()
        logical_w, logical_h = self.screen.get_size()
        scale = min(win_w / logical_w, win_h / logical_h)
        size = (max(1, round(logical_w * scale)), max(1, round(logical_h * scale)))
        rect = pygame.Rect((0, 0), size)
        rect.center = (win_w // 2, win_h // 2)
        return rect

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position on the logical screen."""
        view, size = self._view(), self.screen.get_size()
        if view.size == size and view.topleft == (0, 0):
            return int(pos[0]), int(pos[1])
        x = (pos[0] - view.left) * size[0] / view.width
        y = (pos[1] - view.top) * size[1] / view.height
        return int(x), int(y)

    def present(self) -> None:
        """Show the logical screen in the window."""
        view = self._view()
        if view.size == self.screen.get_size():
            self.window.blit(self.screen, view)
        else:
            self.window.fill((0, 0, 0))
            pygame.transform.smoothscale(self.screen, view.size, self.window.subsurface(view))
        pygame.display.flip()

    # ---------------------------------------------------------------- events
    def translate(self, event: pygame.event.Event) -> pygame.event.Event:
        """Mouse events with positions on the logical screen; None for events nobody needs."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            data = dict(event.dict)
            data["pos"] = self.to_logical(event.pos)
            return pygame.event.Event(event.type, data)
        return event

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (a game controller's made into keys): the window's own keys, then the scenes."""
        for each in self.gamepads.translate(event):
            self._handle(each)
            if not self.running:
                return

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.window = pygame.display.get_surface() or self.window
            self.fit_screen()
            return
        controls.note(event)  # (the hints name a controller's buttons while one is in use)
        if controls.pressed(event, Action.FULL_SCREEN):
            self.toggle_fullscreen()
            return
        if controls.pressed(event, Action.SCREENSHOT):
            self.save_window_picture()
            return
        if event.type == pygame.DROPFILE:
            self.boards_dropped(event.file)
            return
        event = self.translate(event)
        if self.notice.swallows(event):
            return
        if self.notice.answers(event, self.racing()):
            self.open_your_races()
            return
        self.stack.handle_event(event)

    # ---------------------------------------------------------------- races over days
    def racing(self) -> bool:
        """Whether a race is played in the window (not a replay): the turn's notice only informs then."""
        return any(
            isinstance(scene, RaceScene) and not isinstance(getattr(scene, "seats", None), ReplayPlayer)
            for scene in self.stack.scenes
        )

    def open_room(self) -> str:
        """The invite of the race over days open in the window ("" for none): its turns are told there."""
        for scene in self.stack.scenes:
            seats = getattr(scene, "seats", None)
            if isinstance(seats, DaysSeats):
                return seats.room
        return ""

    def turns(self, dt: float) -> None:
        """The relays' answers read (a new round asked when due): a race newly waiting for the player
        told over the screen, but the one open in it."""
        news: list[DaysRoom] = self.days.news()
        if news:
            open_room = self.open_room()
            self.notice.tell([room for room in news if room.invite != open_room])
        self.notice.update(dt)

    def open_your_races(self) -> None:
        """The turn's notice answered: *Your races* over the screen (asked again if it is open)."""
        top = self.stack.top
        if isinstance(top, YourRacesScene):
            top.ask_relays(top.group.focus)
        else:
            self.stack.push(self.stack.make("your_races"))

    def boards_dropped(self, file: str) -> None:
        """A file dropped on the window: its boards (a .tmx, or a .zip pack) added to the player's boards
        folder as `main.py add-board` adds them, and what happened said on a card over the screen."""
        where = userboards.prepare() if not session.read_only() else None
        if where is None:
            why = "read_only" if session.read_only() else "no_folder"
            outcome = addboards.Outcome(refused=[addboards.refusal(os.path.basename(file), why)])
        else:
            outcome = addboards.add_boards(file, where, i18n.language())
        for line in outcome.lines():
            log.info("dropped %s: %s", file, line)
        self.stack.push(self.stack.make("dropped", outcome, where))

    def step(self, events: Iterable[Any] = (), dt: float = 1 / FPS, still: bool = False) -> None:
        """One frame: the given events, `dt` seconds of time, a draw (tests drive this). `still`: the
        screen was resting and its picture is not due to change: it is drawn only if something did
        (an input, another screen, an animation started)."""
        top, events = self.stack.top, list(events)
        for event in events:
            self.handle(event)
            if not self.running:
                return
        self.stack.update(dt)
        if not self.stack.scenes:
            self.running = False
            return
        self.turns(dt)
        resting = still and not events and self.stack.top is top and self.stack.rest() is not None
        if resting and not self.notice.changed():
            return  # nothing changed: the picture in the window stays
        self.stack.draw(self.screen)
        self.notice.draw(self.screen, self.racing())
        self.present()
        self.drawn_at = time.monotonic()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def quit(self) -> None:
        """Leave the game at the end of this frame."""
        self.running = False

    def loop(self) -> None:
        """Run frames until the player quits."""
        shot = os.environ.get(SCREENSHOT_ENV)
        woke = time.monotonic()
        while self.running:
            rest = self.stack.rest() if not shot and time.monotonic() - woke >= WAKE else None
            if rest is None:
                dt = self.clock.tick(FPS) / 1000
                events = pygame.event.get()
                self.step(events, min(dt, 0.1))
            else:
                wait = min(REST_TICK, max(0.0, rest))
                events = waited(wait)
                dt = self.clock.tick() / 1000
                self.step(events, min(dt, 0.1), still=rest > wait and time.monotonic() - self.drawn_at < REST_MOST)
            if events:
                woke = time.monotonic()
            if shot and self.frames >= SCREENSHOT_FRAMES:
                pygame.image.save(self.window, shot)
                log.info("saved the window to %s (%s) and quits", shot, SCREENSHOT_ENV)
                self.quit()

    def save_window_picture(self) -> Path | None:
        """F12: the window as the player sees it, saved in the user folder's screenshots/ (None if it cannot be)."""
        try:
            home = session.FOLDER.path()
            path = home / "screenshots" / f"fantasy-racing-{time.strftime('%Y%m%d-%H%M%S')}-{self.frames}.png"
            files.no_links(path.parent, home)  # (a folder planted as a link: nothing written through it)
            path.parent.mkdir(exist_ok=True)
            picture = io.BytesIO()
            pygame.image.save(self.window, picture, "png")
            platform.current().persist(path, picture.getvalue(), replace=False, within=home)
        except (OSError, pygame.error) as error:
            log.warning("the picture of the window could not be saved: %s", error)
            return None
        log.info("saved a picture of the window: %s", path)
        return path

    def screenshot(self, path: str | os.PathLike[str]) -> None:
        """Save the logical screen as a PNG."""
        pygame.image.save(self.screen, str(path))


def waited(seconds: float) -> list[Any]:
    """The input events of the next `seconds` (sleeping until one arrives): [] if none came."""
    event = pygame.event.wait(max(1, int(seconds * 1000)))
    return [] if event.type == pygame.NOEVENT else [event, *pygame.event.get()]


def first_scene(app: App, options: argparse.Namespace | None) -> Scene:
    """The scene the game opens on: the board preview, or the title (with the settings file's problem)."""
    board = getattr(options, "board", None)
    if board and getattr(options, "watch", False):
        return BoardPreview(board)
    return TitleScene(board_file=board, message=app.settings.problem)


def run(options: argparse.Namespace | None = None) -> int:
    """Open the game's window and play until the player quits; the exit status."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    logs.setup_logging()
    folder = session.FOLDER
    if not folder.lock():  # another window has the player's folder: this one saves nothing
        log.warning("%s", folder.another_window_sentence())
    try:
        app = App(options)
    except pygame.error as error:
        print(f"main.py: cannot open the game's window ({error}); is a display available?", file=sys.stderr)
        return 1
    app.stack.push(first_scene(app, options))
    try:
        app.loop()
    finally:
        app.stack.close()  # a network race's host tells his friends he goes
        wait_closed(1.0)
        folder.close()  # every save queued written (the close box, Escape, SIGTERM alike), then let go
        pygame.quit()
    return 0


def run_replay(replay: Replay, speed: float = 1.0) -> int:
    """`main.py replay FILE`: open the window on the replay; Escape quits. Raises ReplayError."""
    race = start(replay, replay_board(replay))  # (a race that does not replay: said before any window)
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    try:
        app = App()
    except pygame.error as error:
        print(f"main.py: cannot open the game's window ({error}); is a display available?", file=sys.stderr)
        return 1
    app.stack.push(replay_scene(replay, race, speed))
    try:
        app.loop()
    finally:
        pygame.quit()
    return 0
