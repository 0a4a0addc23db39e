"""Playing back a replay in the window, through the race scene's own animations.

The replay's race is rebuilt from its beginning (setup and seed) and its
recorded choices are made one after the other, each after the pause a
computer racer takes: the race scene shows the events as it shows a live
race. Space pauses, Right (or N) shows the next event (paused), + and -
change the speed, Escape goes back; the camera keys work as in a race.

The timeline bar along the bottom (scenes/screens/replay_bar.py, game/meta/timeline.py) marks each game turn,
fight, lap and chest: a click jumps there; Left steps one event back, [ and ] one racer's turn,
Page Up and Page Down one game turn, Home and End to the start and the end. A jump rebuilds the race
from its record and shows it, its cards and its log as they stood after that event.
"""

from __future__ import annotations

import os
from typing import Any

import pygame

from game import Board, Race
from game.app.controls import Action
from game.app.session import Session
from game.meta.replay import SPEEDS, Replay, ReplayError, play_choice, same_board, start
from game.meta.timeline import Timeline
from game.rules.events import Event
from scenes.core import controls, text, theme
from scenes.core.i18n import t as _catalogue
from scenes.race import RaceScene
from scenes.race.guide import Guide
from scenes.race.seats import BOT_DELAY, Answerer, Seats
from scenes.screens.replay_bar import TimelineBar
from scenes.ui.widgets import fit, panel


def t(message: str, **values: Any) -> str:
    """The message in the player's language (the English text is its key), or in English."""
    try:
        return _catalogue(message, **values)
    except (OSError, ValueError, KeyError):
        return message.format(**values) if values else message


# The actions that move along the timeline: (how far, which way) as game.meta.timeline.Timeline.step reads them.
JUMPS = {
    Action.STEP_BACK: ("event", -1),
    Action.RACER_BEFORE: ("racer", -1),
    Action.RACER_AFTER: ("racer", 1),
    Action.PAGE_UP: ("turn", -1),
    Action.PAGE_DOWN: ("turn", 1),
}
LOG_EVENTS = 300  # the log's lines written again after a jump (the lines a race's log keeps, as taking back does)


def replay_scene(replay: Replay, race: Race, speed: float = 1.0) -> RaceScene:
    """A race scene playing `replay` back (its race rebuilt at its beginning: see game.meta.replay.start)."""
    player = ReplayPlayer(replay, speed, race.board)
    return RaceScene(race, seats=player, session=Session.unsaved(race), guide=player)


def watch(replay: Replay, speed: float = 1.0) -> RaceScene:
    """A race scene playing a kept race back from its beginning, on its Tiled board when the file is
    still the board kept (the title's *Replays*); raises ReplayError."""
    return replay_scene(replay, start(replay, replay_board(replay)), speed)


class ReplayPlayer(Seats[RaceScene], Guide[RaceScene]):
    """A recorded race played back: nobody decides, the recorded choices are made in turn (the
    race scene's seats), and the player pauses, steps and changes the speed (its guide)."""

    leave_label = "menu.quit"
    says_keys = True  # its keys' panel says Escape leaves the replay (no pause menu), and C once the camera moved
    results = False  # the replay stays on its last picture

    def __init__(self, replay: Replay, speed: float = 1.0, board: Board | None = None) -> None:
        self.replay = replay
        self.timeline = Timeline(replay, board)
        self.position = -1  # the last event shown (-1: none yet)
        self.bar: TimelineBar | None = None
        self.factor = speed if speed in SPEEDS else 1.0
        self.is_paused = False
        self.stepping = False
        self.wait = 0.0
        self.problem: str | None = None
        self.scene: RaceScene | None = None

    def enter(self, scene: RaceScene) -> None:
        self.scene = scene
        self.bar = TimelineBar(self.timeline, scene.view)

    def resized(self, scene: RaceScene) -> None:
        """The timeline again across the board view's new width."""
        self.bar = TimelineBar(self.timeline, scene.view)

    def shown(self, event: Event) -> None:
        """An event was shown: the replay stands after it."""
        self.position += 1

    # ---------------------------------------------------------------- the timeline: jumps
    def jump(self, index: int) -> None:
        """Show the race as it stood after event `index` (paused): the race rebuilt up to the choice
        that gave it, the picture and the log up to that event, the rest of its choice's events queued."""
        scene, timeline = self.scene, self.timeline
        if scene is None or not timeline.events:
            return
        index = max(0, min(index, len(timeline.events) - 1))
        made = timeline.moments[index].made
        ahead = scene.race.choices == self.replay.choices[: len(scene.race.choices)]  # (it made only recorded ones)
        near = scene.race if ahead and not scene.busy else None
        race = start(self.replay, timeline.board) if made == 0 else timeline.race_at(made - 1, near)
        scene.session, scene.panel = Session.unsaved(race), None  # (the scene shows its session's race)
        scene.computer.restart()
        scene._new_playback(race)
        first = timeline.first_of_batch(index)
        scene.playback.write_log(timeline.events[max(0, first - LOG_EVENTS) : first])
        if made:
            play_choice(race, self.replay)
        scene.playback.push(scene.session.take_events())
        playback = scene.playback
        for _ in range(index - first + 1):
            playback.show(playback.queue.popleft(), animate=False)
        playback.ambient.clear()
        if not playback.queue:
            playback.sync()
        self.position, self.problem = index, None
        self.is_paused, self.stepping, self.wait = True, False, 0.0
        scene.finished = False
        scene.camera.manual = False
        scene.drawing.forget()

    def move(self, how: str, direction: int) -> None:
        """One event, one racer's turn or one game turn back or forward (Left, [ ], Page Up/Down)."""
        self.jump(self.timeline.step(self.position, how, direction))

    # ---------------------------------------------------------------- the seats: the recorded choices
    def who(self, race: Race, racer: int) -> tuple[Answerer, str]:
        return "recorded", ""

    def here(self, race: Race, racer: int) -> bool:
        return not race.racers[racer].setup.bot

    @property
    def speed(self) -> float:  # type: ignore[override]
        """The replay's own speed (times the animation speed setting)."""
        return self.factor

    @property
    def at_end(self) -> bool:
        """Whether everything recorded has been shown."""
        scene = self.scene
        if scene is None or scene.busy:
            return False
        race = scene.race
        return race.over or self.problem is not None or len(race.choices) >= len(self.replay.choices)

    def update(self, scene: RaceScene, dt: float) -> None:
        """Everything is shown: make the next recorded choice after a computer racer's pause."""
        if self.paused() or scene.busy:
            return
        if self.at_end:
            scene.finished = True
            return
        self.wait += dt * scene.speed
        if self.wait >= BOT_DELAY:
            self.next_choice()

    def next_choice(self) -> None:
        """Make the next recorded choice and queue its events."""
        scene = self.scene
        assert scene is not None
        self.wait = 0.0
        try:
            play_choice(scene.race, self.replay)
        except ReplayError as error:
            self.problem = str(error)
            return
        scene.moved_on()

    # ---------------------------------------------------------------- the guide: pause, step, speed
    def paused(self) -> bool:
        return self.is_paused and not self.stepping

    def holds(self) -> bool:
        """Paused: only the step's animation plays."""
        if not self.is_paused:
            return False
        scene = self.scene
        if self.stepping and scene is not None and scene.playback.anim is not None:
            return False
        self.stepping = False
        return True

    def toggle_pause(self) -> None:
        """Space: pause or play on."""
        self.is_paused = not self.is_paused
        self.stepping = False

    def step(self) -> None:
        """Right / N: pause, finish what is shown, and show the next event with its animation."""
        scene = self.scene
        assert scene is not None
        playback = scene.playback
        self.is_paused = True
        if playback.anim is not None:
            playback.finish_anim()
            self.stepping = False
            return
        if not playback.queue and not self.at_end:
            self.next_choice()
        playback.show_next()
        self.stepping = playback.anim is not None
        if not scene.busy:
            playback.sync()

    def change_speed(self, direction: int) -> None:
        """+ / -: the next speed up or down."""
        index = SPEEDS.index(self.factor) + direction
        self.factor = SPEEDS[max(0, min(len(SPEEDS) - 1, index))]

    def back(self, scene: RaceScene) -> None:
        """Escape: leave the replay (the game quits when it was opened from the command line)."""
        scene.stack.pop()

    def handle_event(self, scene: RaceScene, event: pygame.event.Event) -> bool:
        action = controls.which(event, (Action.BACK, Action.PLAY_PAUSE, Action.STEP, Action.FASTER, Action.SLOWER))
        if action is Action.BACK:
            self.back(scene)
            return True
        if action is Action.PLAY_PAUSE:
            self.toggle_pause()
            return True
        if action is Action.STEP:
            self.step()
            return True
        if action in (Action.FASTER, Action.SLOWER):
            self.change_speed(+1 if action is Action.FASTER else -1)
            return True
        if event.type == pygame.KEYDOWN and event.unicode == "+" and not controls.actions(event):
            self.change_speed(+1)  # (a layout's own + key)
            return True
        jump = controls.which(event, (*JUMPS, Action.FIRST, Action.LAST))
        if jump in JUMPS:
            self.move(*JUMPS[jump])
            return True
        if jump is not None:
            self.jump(0 if jump is Action.FIRST else len(self.timeline.events) - 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar is not None:
            step = self.bar.step_at(event.pos)
            if step is not None:
                self.move(*step)
                return True
            index = self.bar.index_at(event.pos)
            if index is not None:
                self.jump(index)
                return True
        if scene.view_buttons.handle_event(scene, event) or scene.camera.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and scene.busy:
            scene.skip()
        return True  # nothing else of the race scene's input: nobody decides in a replay

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, scene: RaceScene) -> None:
        shown, total = len(scene.race.choices), len(self.replay.choices)
        state = t("replay.paused") if self.is_paused else t("replay.playing")
        line = t(
            "replay.status",
            state=state,
            speed=f"{self.factor:g}",
            shown=shown,
            total=total,
        )
        keys = t("replay.keys") + (" · " + t("hud.camera") if scene.camera.manual else "")
        buttons = scene.view_buttons.rects(scene).values()  # (the status left of the view's buttons)
        room = min([b.left for b in buttons] + [scene.view.right]) - 40 - scene.view.left
        below = max(scene.view.top + 34, max([b.bottom + 4 for b in buttons], default=0))
        # the status beside the view's buttons; or, too long for the room there, on a row of its own
        # under them (wrapped in the board's width), the keys under it
        beside = text.width(line, 18, "bold") <= room
        lines = [line] if beside else text.wrap(line, scene.view.width - 40, 18, "bold")
        keys_lines = text.wrap(keys, scene.view.width - 40, 15)  # (wrapped in the board's width)
        status, keys_panel = status_panel_rects(scene, lines, keys_lines, below, beside)
        for rect in (status, keys_panel):
            panel(surface, rect, radius=8)
        for k, status_line in enumerate(lines):
            at = (status.left + 10, status.top + 5 + k * text.line_height(18, "bold"))
            text.draw(surface, status_line, at, 18, theme.ACCENT, "bold")
        for k, keys_line in enumerate(keys_lines):
            at = (keys_panel.left + 10, keys_panel.top + 5 + k * text.line_height(15))
            text.draw(surface, keys_line, at, 15, theme.MUTED, anchor="topleft")
        if self.bar is not None:
            self.bar.draw(surface, self.position)
        if self.at_end:
            message = self.problem or (t("replay.end") if scene.race.over else t("replay.end_early"))
            message = fit(message, scene.view.width - 60, 26, "heading")
            box = pygame.Rect(0, 0, text.width(message, 26, "heading") + 40, text.line_height(26, "heading") + 20)
            box.center = scene.view.center
            panel(surface, box, radius=10)
            text.draw(
                surface,
                message,
                (scene.view.centerx, scene.view.centery),
                26,
                theme.BAD if self.problem else theme.ACCENT,
                "heading",
                anchor="center",
            )


def status_panel_rects(
    scene: RaceScene, lines: list[str], keys_lines: list[str], below: int, beside: bool = True
) -> tuple[pygame.Rect, pygame.Rect]:
    """The panels the replay's status and its keys stand on (never straight on the board: snow and rocks
    would hide them): the status's at the view's top left, beside the view's buttons (or, not `beside`
    them, under them: `below`), as wide as its longest line; the keys' under both, as wide as theirs."""
    left, top = scene.view.left + 4, scene.view.top + 4 if beside else below
    widest = max([text.width(line, 18, "bold") for line in lines], default=0)
    status = pygame.Rect(left, top, widest + 20, len(lines) * text.line_height(18, "bold") + 10)
    keys_top = max(status.bottom + 4, below)
    widest = max([text.width(k, 15) for k in keys_lines], default=0)
    keys = pygame.Rect(left, keys_top, widest + 20, len(keys_lines) * text.line_height(15) + 10)
    return status, keys


def replay_board(replay: Replay) -> Board | None:
    """The replay's Tiled board with its art when the file is still the board kept; else None (plain board)."""
    from game import BoardError, load_board

    source = replay.race.get("source") or ""
    if not source or not os.path.isfile(source):
        return None
    try:
        return same_board(load_board(source), replay)
    except (BoardError, OSError, ValueError):
        return None
