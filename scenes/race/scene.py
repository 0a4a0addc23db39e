"""The race screen: the board, the racers, the HUD, the animations and the decisions.

The scene is put together from parts, each in its own module of this package:

- the game session (`game.app.session.Session`) owns the race: the scene passes it the choices
  and shows the events it hands back; the session decides when the race is saved;
- `Playback` (playback.py) turns the events into the picture's changes and their animations;
- `Camera` (camera.py) follows the racer of the moment, or the player's own look around;
- `RaceDrawing` (drawing.py) paints a frame;
- `Seats` (seats.py) says who answers each decision: the decision panel for a person here,
  `ComputerRacers` for a computer racer, a friend or a host over the network (scenes/screens/netplay.py),
  a recording (scenes/screens/replay.py);
- a `Guide` (guide.py), when something leads the race from above: the guided race's lessons
  (scenes/screens/tutorial.py), a replay's controls (scenes/screens/replay.py);
- `TakeBack` (takeback.py), the *Undo* button and its line: a person takes his own choices of the
  current turn back (U, Backspace, the button, a controller's B) up to the last thing chance
  revealed; the session rebuilds the race with fewer choices, the same dice (never in a network race).

While a blocking animation plays, input waits (any key or click skips to the end of what is
queued). When everything is shown, the pending decision is asked of whoever answers it.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import pygame

from game import Event, Option, Race
from game.app.controls import Action
from game.app.session import Session
from game.boards.board import Square
from scenes.core import audio, controls, i18n
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.race import hud, quick
from scenes.race.camera import Camera
from scenes.race.decisions import DecisionPanel
from scenes.race.drawing import RaceDrawing, ring_changes
from scenes.race.guide import Guide
from scenes.race.inspect import Inspector
from scenes.race.playback import TILE, Playback
from scenes.race.seats import ComputerRacers, Seats
from scenes.race.takeback import TakeBack
from scenes.race.view_buttons import ViewButtons
from scenes.race.zoom import ZoomableBoard
from scenes.render import effects

if TYPE_CHECKING:
    from game.meta.season import Season
    from scenes.render.stage import Where

OPENING_VIEW = 2.5  # seconds the whole board is shown as a race opens
CAMERA_STILL = 0.25  # pixels a frame: the camera moves less, it has settled (the race may rest)
log = logging.getLogger("fantasy-racing")


class RaceScene(Scene):
    """Plays a race to its end, then shows the results (see the module).

    It lays itself out on the whole logical screen (`whole_screen`): the board grows with the window.

    `session` owns the race (by default one that saves it, with `setup` and `season`); `seed`
    seeds the computer racers' choices (by default the race's own); `seats` says who answers;
    `guide` leads the race from above.
    """

    whole_screen = True

    def __init__(
        self,
        race: Race,
        setup: dict[str, Any] | None = None,
        seed: int | None = None,
        season: Season | None = None,
        seats: Seats[RaceScene] | None = None,
        session: Session | None = None,
        guide: Guide[RaceScene] | None = None,
    ) -> None:
        super().__init__()
        self.session = session if session is not None else Session(race, setup, season=season)
        if self.session.race is not race:  # (one owner of the race in the window: the session)
            raise ValueError("a race scene shows its session's race")
        self.seats: Seats[RaceScene] = seats if seats is not None else Seats()
        self.guide: Guide[RaceScene] = guide if guide is not None else Guide()
        self.computer = ComputerRacers(race, seed)
        self.takeback = TakeBack()
        self.view_buttons = ViewButtons()
        self.folded = False  # the racers' cards and the log folded away (H, or the view's button)

    @property
    def view(self) -> pygame.Rect:
        """The board's view: all the screen the top bar and the sidebar leave (hud.board_area)."""
        return hud.board_area(self.folded, self.race)

    @property
    def setup(self) -> dict[str, Any]:
        """What the race was started from (the results' *Race again* starts it again)."""
        return self.session.setup

    @property
    def season(self) -> Season | None:
        """The championship the race belongs to, or None."""
        return self.session.season

    # ---------------------------------------------------------------- lifecycle
    @property
    def log_box(self) -> pygame.Rect | None:
        """Where the race log was drawn last (None before its first drawing)."""
        return self.playback.log.rect

    @property
    def race(self) -> Race:
        """The race shown: the session's (it owns the race, saves it and takes choices back; the scene
        only reads it)."""
        return self.session.race

    def enter(self) -> None:
        audio.music("race")
        race = self.race
        self.computer.prepare(race)
        self.renderer = ZoomableBoard(race.board, TILE)
        self._new_playback(race)
        self.drawing = RaceDrawing(self)
        self.inspector = Inspector(self)  # what the pointer is over (or I walks to), explained
        self.panel: DecisionPanel | None = None
        self.clock = 0.0
        self._camera_moved = True  # whether the last update moved the camera
        self.finished = False
        self.hover_square: Square | None = None
        self.log_language = i18n.language()  # the log is written again when the settings change it
        fresh = self.session.take_events()
        self.mouse: tuple[int, int] | None = None  # where the pointer was last seen (the wheel scrolls what it is over)
        self.playback.write_log(race.log[: len(race.log) - len(fresh)])  # the whole race so far (a resumed one's too)
        self.playback.push(fresh)
        self.camera = Camera(self.renderer, self.view, TILE, (0.0, 0.0))
        self.camera.settle(self.keep_in_view())
        self.camera.whole = True  # the whole course for a moment, then the racer of the moment
        self.opening = OPENING_VIEW
        self.guide.enter(self)
        if not self.camera.zooms:  # (a guide that keeps the board at one size: no opening view)
            self.camera.whole, self.opening = False, 0.0

    @property
    def tile(self) -> int:
        """A square's size on screen now (the zoom's), in whole pixels."""
        camera = getattr(self, "camera", None)
        return TILE if camera is None else max(1, round(camera.tile))

    def _new_playback(self, race: Race) -> None:
        """The picture of the race as it stands (at the start, or once a choice was taken back)."""
        self.playback = Playback(race, self.renderer, lambda racer: self.seats.here(self.race, racer))
        self.playback.shown.append(self._shown)
        self.playback.shown.append(self.guide.shown)

    def resume(self) -> None:
        """Back from the pause menu: the log in the language the settings may have changed to, the panel
        at the Text size they may have changed to."""
        if self.log_language != i18n.language():
            self.log_language = i18n.language()
            shown = self.race.log[: len(self.race.log) - len(self.playback.queue)]
            self.playback.log.clear()
            self.playback.write_log(shown)
        self.camera.view = self.view  # (the sidebar as wide as the racers' lines want at the new size)
        self.panel_again()  # (the settings may have changed the Text size)
        self.drawing.forget()

    def pause(self) -> None:
        self.drawing.forget()
        self.camera.let_go()
        self.playback.log.let_go()

    def exit(self) -> None:
        """The race is left (the title, the window closed, SIGTERM): its search stopped, the race saved
        as it stands (a race over, a replay, a friend's race: nothing to save)."""
        self.computer.leave()
        self.session.save(background=False)
        self.seats.leave()

    # ---------------------------------------------------------------- the race
    def choose(self, option: Option) -> None:
        """Answer the pending decision from this screen (a person's panel or a computer racer)."""
        if not self.guide.allows(self, option):
            return
        self.panel = None
        self.computer.restart()
        if self.seats.submit(self.race, option):
            self.apply(option)

    def apply(self, option: Option) -> None:
        """The race takes a choice (made at this screen, or come from elsewhere)."""
        self.panel = None
        self.computer.restart()
        events = self.session.choose(option)
        self.seats.chosen(self.race, option)
        self.playback.push(events)

    # ---------------------------------------------------------------- taking a choice back
    def can_take_back(self) -> bool:
        """Whether the person deciding here may take his last choice back (nothing revealed by chance
        since, made in this turn; in a network race, as its host will judge it: `Seats.may_take_back`)."""
        race = self.race
        if race.pending is None or self.seats.who(race, race.pending.racer)[0] != "panel":
            return False
        if not self.seats.takes_back:
            return self.seats.may_take_back(race)
        return self.session.can_take_back(lambda racer: self.seats.here(self.race, racer))

    def take_back(self) -> bool:
        """Take the last choice back (U, Backspace, the Undo button, a controller's B): the race as it
        was before it, the same dice, its decision asked again (in a network race: asked of its host, the
        race rebuilt comes back, `taken_back`); or one line saying why not."""
        if self.seats.takes_back and not self.session.saves:  # the guided race, a replay: no undo (nor its button)
            return False
        if self.busy:
            self.skip()
        if not self.seats.takes_back:  # a network race: its host takes it back, for every window
            able = self.can_take_back()
            if able:
                self.panel = None
                self.seats.take_back(self.race)
            else:
                self.takeback.say(t("undo.nothing"), False, self.clock)
            return able
        race = self.session.take_back() if self.can_take_back() else None
        if race is None:
            self.takeback.say(t("undo.nothing"), False, self.clock)
            return False
        self.taken_back(race, t("undo.done"))
        return True

    def taken_back(self, race: Race | None, line: str) -> None:
        """A choice was taken back: `race`, rebuilt with it fewer (here, or by a network race's host), shown
        as it is again, and one `line` saying who took back what; or not (None): the line says why not."""
        if race is None:
            self.takeback.say(line, False, self.clock)
            return
        if self.busy:
            self.skip()
        if race is not self.session.race:
            self.session.follow(race)
        self.panel = None  # (the session's race is the new one)
        self.computer.restart()
        self._new_playback(race)
        self.playback.write_log(race.log[-300:])
        self.drawing.forget()
        self.camera.manual = False  # back on the racer whose choice is asked again
        self.takeback.say(line, True, self.clock)
        audio.play("click")

    def moved_on(self) -> None:
        """The race moved on by itself (a network race's step, a replay's recorded choice)."""
        self.computer.restart()
        self.playback.push(self.session.take_events())

    def _shown(self, event: Event) -> None:
        if event.kind == "racer_turn":
            self.camera.manual = False  # a new racer's turn: the camera follows again

    @property
    def busy(self) -> bool:
        """Whether events or a blocking animation are still to be shown."""
        return self.playback.busy

    @property
    def speed(self) -> float:
        """The animation speed setting (times the guide's: a replay's own speed)."""
        app = self.app
        return (app.settings.animation_speed if app is not None else 1.0) * self.guide.speed

    # ---------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.seats.update(self, dt)
        stack = self.stack
        if stack is None or stack.top is not self or stack.changing:
            return  # the seats opened another screen over the race (the host left), or put one in its place
        game_dt = dt * self.speed
        self.clock += dt
        self.playback.log.update(dt)
        paused = self.guide.paused()
        if not paused:
            self.playback.update_ambient(game_dt)
        self.playback.advance(game_dt, self.guide.holds)
        if not self.busy:
            if paused:
                self.playback.sync()
            else:
                self._idle(game_dt)
        if self.opening > 0:
            self.opening -= dt
            if self.opening <= 0 and self.camera.whole:
                self.camera.toggle_whole()
        self.camera.free = self.free_view()
        led = self.guide.camera_target(self)  # (a lesson frames what it talks about)
        before = tuple(self.camera.position)
        self.camera.update(dt, self.keep_in_view(), led)
        moved = math.dist(before, self.camera.position) > CAMERA_STILL
        self._camera_moved = moved or self.camera.gliding or self.opening > 0

    def banner_top(self) -> int:
        """Where a line over the board may begin: under the view's buttons, never over them."""
        return self.view_buttons.banner_top(self)

    def toggle_cards(self) -> None:
        """Fold the racers' cards and the log away (the board takes the whole width), or back (H)."""
        if not self.camera.zooms:  # (a guided race points at the cards)
            return
        self.folded = not self.folded
        self.resized(None)

    def resized(self, size: Any) -> None:
        """The board's view laid out again for a new screen (or the cards folded): the camera over it,
        the decision panel across it."""
        if getattr(self, "camera", None) is None:  # (not entered yet: laid out as it enters)
            return
        self.camera.view = self.view
        self.panel_again()
        self.guide.resized(self)
        self.drawing.forget()

    def panel_again(self) -> None:
        """The panel laid out again (across a new width, at a new Text size), on the same option."""
        if self.panel is not None:
            old = self.panel
            self.panel = DecisionPanel(old.decision, self.race, self.choose, self.view)
            self.panel.focus, self.panel.selected = old.focus, set(old.selected)

    def settle_view(self) -> None:
        """The opening's whole board over, the camera at once where it is going (screenshots, tests)."""
        if self.opening > 0 and self.camera.whole:
            self.camera.toggle_whole()
        self.opening = 0.0
        self.camera.free = self.free_view()
        self.camera.settle(self.keep_in_view())

    def free_view(self) -> pygame.Rect:
        """The part of the board view nothing covers: under the view's buttons, above the decision
        panel, its explanation and the dice."""
        view = self.view
        top = self.view_buttons.bottom(view)
        bottom = view.bottom
        panel = self.panel if not self.busy else None
        if panel is not None:
            bottom = min(bottom, panel.dock.top)
            strip = self.drawing.explanation_box(panel)
            if strip is not None:
                bottom = min(bottom, strip.top)
        return pygame.Rect(view.left, top, view.width, max(1, bottom - top))

    def keep_in_view(self) -> list[Where]:
        """The squares the camera keeps in view: the focused option's landing square while a person
        here chooses, and the racer of the moment."""
        racer = self._focus_racer()
        panel = self.panel if not self.busy else None
        where = self.token_pos(racer) if panel is None else self.playback.shown_pos[racer]  # (deciding: his square)
        if where == effects.HIDDEN:
            where = self.playback.shown_pos[racer]
        keep = [where]
        if panel is not None:
            path = self.drawing.path_drawn()
            focused = panel.focused
            if path and racer == panel.decision.racer:
                keep.insert(0, path[-1])
            elif focused is not None and focused.square is not None:
                keep.insert(0, focused.square)
        return keep

    def rest(self) -> float | None:
        """While the race waits for the person here (his panel shown, nothing animating, the camera
        settled, no key held): the seconds before the acting racer's ring pulses to its next size."""
        camera, playback = self.camera, self.playback
        moving = self._camera_moved or camera.scroll_keys or camera.dragging is not None or playback.log.scrolling
        if self.panel is None or self.busy or playback.ambient or moving or not self.guide.rests:
            return None
        return ring_changes(self.clock)

    def skip(self) -> None:
        """Show at once everything that is queued (a key or a click while animating)."""
        self.playback.skip(self.guide.holds)

    def _idle(self, dt: float) -> None:
        """Everything is shown: end the race, or ask the pending decision."""
        race = self.race
        self.playback.sync()
        if race.over:
            if not self.finished:
                self.finished = True
                if self.seats.results:
                    self.stack.replace(self.stack.make("results", race, self.setup, season=self.season))
            return
        decision = race.pending
        if decision is None:
            return
        who, level = self.seats.who(race, decision.racer)
        if who == "bot":
            self.panel = None
            answered, option = self.computer.answer(race, decision, level, dt)
            if answered:
                self.choose(option)
        elif who == "panel":
            if self.panel is None or self.panel.decision is not decision:
                self.panel = DecisionPanel(decision, race, self.choose, self.view)
                self.panel.hover(self.hover_square)
            self.guide.asked(self, self.panel)
        elif who == "remote":  # someone elsewhere answers (a friend over the network, or the host)
            self.panel = None
            answered, option = self.seats.answer(race, decision)
            if answered:
                self.apply(option)
        else:  # a recording: it moves the race on by itself (see Seats.update)
            self.panel = None

    # ---------------------------------------------------------------- camera
    def _focus_racer(self) -> int:
        race = self.race
        if race.pending is not None and not self.busy:
            return int(race.pending.racer)
        if self.playback.acting is not None:
            return int(self.playback.acting)
        return race.order[0] if race.order else 0

    def token_moves(self) -> tuple[dict[int, Any], set[int]]:
        """Where the animations show the tokens now, and who is walking (once a frame)."""
        return self.playback.token_moves(self.clock)

    def token_pos(self, racer: int) -> Any:
        """Where racer's token is shown now (a float square while it moves)."""
        return self.token_moves()[0].get(racer, self.playback.shown_pos[racer])

    def spots(self, where: Where) -> list[tuple[int, int]]:
        """Screen centres where a (float) square shows in the board view."""
        return self.camera.spotter()(where)

    # ---------------------------------------------------------------- input
    def open_legend(self) -> None:
        """What every kind of square and object of this board is (L, or the top bar's button)."""
        self.stack.push(self.stack.make("legend", self.renderer))

    def open_pause(self) -> None:
        """The pause menu (Escape)."""
        self.stack.push(self.stack.make("pause", self.leave_race, leave_label=self.seats.leave_label))

    def leave_race(self) -> None:
        """The pause menu's way out: save and quit, once the seats' question (a network host's: his
        friends would be disconnected) is answered Yes."""
        asked = self.seats.leaving(self.race)
        if asked is None:
            self.save_and_quit()
        else:
            question, detail = asked
            self.stack.push(self.stack.make("question", question, self.save_and_quit, detail=detail))

    def save_and_quit(self) -> None:
        """Save the race and go back to the title (a network race: leave it, the others go on)."""
        self.skip()
        self.session.save(background=False)
        self.seats.leave()
        self.title()
        if self.seats.back_to:  # (a race over days: back to Your races, over the title)
            self.stack.push(self.stack.make(self.seats.back_to))

    def handle_event(self, event: pygame.event.Event) -> Any:
        if self.inspector.handle_event(event):
            return None
        if self.guide.handle_event(self, event):
            return None
        if controls.pressed(event, Action.PAUSE):
            if self.panel is not None and self.panel.cancel():  # (Escape first takes back a costly option's press)
                return None
            self.open_pause()
            return None
        if self._asks_take_back(event):
            if self.can_take_back() or not controls.from_pad(event):
                self.take_back()
            elif self.panel is None or not self.panel.cancel():  # a controller's B: the pause menu when no undo
                self.open_pause()
            return None
        if quick.asks(self, event):
            self.stack.push(self.stack.make("quick", self.seats))
            return None
        if controls.pressed(event, Action.LEGEND) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hud.legend_button().collidepoint(event.pos)
        ):
            self.open_legend()
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if controls.pressed(event, Action.FOLD_CARDS):
            self.toggle_cards()
            return None
        if not self.folded and self.playback.log.handle_event(event, self.mouse):  # (the wheel over the log)
            return None
        if self.view_buttons.handle_event(self, event):
            return None
        if self.camera.handle_event(event):
            return None
        if self.busy:
            if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
                self.skip()
            return None
        if self.panel is not None:
            if self.panel.handle_event(event):
                if event.type == pygame.KEYDOWN:
                    self.camera.manual = False  # the keys moved the focus: the camera shows where it lands
                return None
            if event.type == pygame.MOUSEMOTION:
                square = self.camera.square_at(event.pos)
                self.hover_square = square
                self.panel.hover(square)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                square = self.camera.square_at(event.pos)
                if square is not None:
                    self.panel.choose_square(square)
        return None

    def _asks_take_back(self, event: pygame.event.Event) -> bool:
        """U, Backspace (but in a path being drawn, where it steps back along it), a click on Undo."""
        if controls.pressed(event, Action.UNDO):
            drawing_path = self.panel is not None and self.panel.decision.kind == "path"
            return not drawing_path  # (in a path being drawn, Undo steps back along it: the panel's)
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.takeback.clicked(self, event.pos)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)
        self.view_buttons.draw(surface, self)
        if not self.guide.says_keys:
            self.view_buttons.draw_hint(surface, self.view, t("hud.camera") if self.camera.manual else t("hud.menu"))
        quick.draw_button(surface, self)  # (on the log's heading: folded away with it)
        self.takeback.draw(surface, self)
        self.guide.draw(surface, self)
        self.inspector.draw(surface)
