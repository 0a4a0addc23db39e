"""Playing back a replay in the window, through the race scene's own animations.

The replay's race is rebuilt from its beginning (setup and seed) and its
recorded choices are made one after the other, each after the pause a
computer racer takes: the race scene shows the events as it shows a live
race. Space pauses, Right (or N) shows the next event (paused), + and -
change the speed, Escape goes back; the camera keys work as in a race.
"""

from __future__ import annotations

import os
import sys

import pygame

from game.replay import SPEEDS, Replay, ReplayError, play_choice, same_board, start
from scenes.i18n import t as _catalogue
from scenes.race import BOT_DELAY, RaceScene
from scenes.ui import text, theme


def t(message: str, **values) -> str:
    """The message in the player's language (the English text is its key), or in English."""
    try:
        return _catalogue(message, **values)
    except (OSError, ValueError, KeyError):
        return message.format(**values) if values else message


STEP_KEYS = (pygame.K_RIGHT, pygame.K_n)
FASTER_KEYS = (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class ReplayScene(RaceScene):
    """A recorded race played back: nobody decides, the recorded choices are made in turn."""

    def __init__(self, replay: Replay, race, speed: float = 1.0) -> None:
        super().__init__(race, {}, seed=0)
        self.replay = replay
        self.factor = speed if speed in SPEEDS else 1.0
        self.paused = False
        self.stepping = False
        self.wait = 0.0
        self.problem: str | None = None

    # ---------------------------------------------------------------- the race scene, without saves or decisions
    def _queue(self, events) -> None:
        """Events to show (a replay never touches the player's saved race)."""
        self.queue.extend(events)

    def save(self, background: bool = True) -> None:
        """A replay is never saved as the race in progress."""

    @property
    def speed(self) -> float:
        """The animation speed setting times the replay's own speed."""
        return super().speed * self.factor

    @property
    def at_end(self) -> bool:
        """Whether everything recorded has been shown."""
        return not self.busy and (
            self.race.over or self.problem is not None or len(self.race.choices) >= len(self.replay.choices)
        )

    def _idle(self, dt: float) -> None:
        """Everything is shown: make the next recorded choice after a computer racer's pause."""
        self._sync()
        if self.at_end:
            self.finished = True
            return
        self.wait += dt
        if self.wait >= BOT_DELAY:
            self.next_choice()

    def next_choice(self) -> None:
        """Make the next recorded choice and queue its events."""
        self.wait = 0.0
        try:
            play_choice(self.race, self.replay)
        except ReplayError as error:
            self.problem = str(error)
            return
        self._take_events()

    # ---------------------------------------------------------------- pause, step, speed
    def update(self, dt: float) -> None:
        if not self.paused:
            super().update(dt)
            return
        self.clock += dt
        if self.stepping and self.anim is not None:
            game_dt = dt * self.speed
            self.anim.update(game_dt)
            for anim in list(self.ambient):
                anim.update(game_dt)
                if anim.done:
                    self.ambient.remove(anim)
            if self.anim.done:
                self._finish_anim()
                self.stepping = False
        else:
            self.stepping = False
        if not self.busy:
            self._sync()
        self._move_camera(dt)

    def toggle_pause(self) -> None:
        """Space: pause or play on."""
        self.paused = not self.paused
        self.stepping = False

    def step(self) -> None:
        """Right / N: pause, finish what is shown, and show the next event with its animation."""
        self.paused = True
        if self.anim is not None:
            self._finish_anim()
            self.stepping = False
            return
        if not self.queue and not self.at_end:
            self.next_choice()
        if self.queue:
            self._show(self.queue.popleft(), animate=True)
            self.stepping = self.anim is not None
        if not self.busy:
            self._sync()

    def change_speed(self, direction: int) -> None:
        """+ / -: the next speed up or down."""
        index = SPEEDS.index(self.factor) + direction
        self.factor = SPEEDS[max(0, min(len(SPEEDS) - 1, index))]

    def back(self) -> None:
        """Escape: leave the replay (the game quits when it was opened from the command line)."""
        self.stack.pop()

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return None
            if event.key == pygame.K_SPACE:
                self.toggle_pause()
                return None
            if event.key in STEP_KEYS:
                self.step()
                return None
            if event.key in FASTER_KEYS or event.unicode == "+":
                self.change_speed(+1)
                return None
            if event.key in SLOWER_KEYS:
                self.change_speed(-1)
                return None
        if self._camera_event(event):
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.busy:
            self.skip()
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        shown, total = len(self.race.choices), len(self.replay.choices)
        state = t("paused") if self.paused else t("playing")
        line = t(
            "Replay · {state} · speed x{speed} · choice {shown} / {total}",
            state=state,
            speed=f"{self.factor:g}",
            shown=shown,
            total=total,
        )
        keys = t("Space pause · Right step · + / - speed · Escape back")
        text.draw(
            surface,
            line,
            (self.view.left + 12, self.view.top + 10),
            18,
            theme.ACCENT,
            "bold",
            anchor="topleft",
            shadow=True,
        )
        text.draw(
            surface, keys, (self.view.left + 12, self.view.top + 34), 15, theme.MUTED, anchor="topleft", shadow=True
        )
        if self.at_end:
            message = self.problem or (
                t("End of the replay") if self.race.over else t("End of the replay: the race was saved before its end")
            )
            text.draw(
                surface,
                message,
                (self.view.centerx, self.view.centery),
                26,
                theme.BAD if self.problem else theme.ACCENT,
                "heading",
                anchor="center",
                shadow=True,
            )


def replay_board(replay: Replay):
    """The replay's Tiled board with its art when the file is still the board kept; else None (plain board)."""
    from game import BoardError, load_board

    source = replay.race.get("source") or ""
    if not source or not os.path.isfile(source):
        return None
    try:
        return same_board(load_board(source), replay)
    except (BoardError, OSError, ValueError):
        return None


def run_replay(replay: Replay, speed: float = 1.0) -> int:
    """`main.py replay FILE`: open the window on the replay; Escape quits. Raises ReplayError."""
    from scenes.app import App

    race = start(replay, replay_board(replay))
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    try:
        app = App()
    except pygame.error as error:
        print(f"main.py: cannot open the game's window ({error}); is a display available?", file=sys.stderr)
        return 1
    app.stack.push(ReplayScene(replay, race, speed))
    try:
        app.loop()
    finally:
        pygame.quit()
    return 0
