"""The race: the board, the racers, the HUD, the animations and the decisions.

The scene shows the race as its events tell it: it keeps its own picture of
where the tokens are and how many points each racer shows, and moves that
picture forward one event at a time, each with its animation. While a
blocking animation plays, input waits (any key or click skips to the end of
what is queued). When everything is shown, the pending decision is asked:
a person answers through the decision panel, a computer racer answers by
itself after a short pause, never inside a loop that blocks the window.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from functools import lru_cache
from typing import Any

import pygame

from game import ai, tuning
from game.characters import BRAINY
from game.race import SaveError
from scenes import audio, hud, i18n, userdata, words
from scenes.decisions import DecisionPanel
from scenes.explain import option_lines
from scenes.i18n import t
from scenes.render import actions, board, effects, motion, notices, rolls, sprites
from scenes.render.board import BoardRenderer, object_sprite
from scenes.stack import Scene
from scenes.thinker import Thinker
from scenes.ui import text, theme
from scenes.ui.widgets import panel as draw_panel

TILE = 48
VIEW = pygame.Rect(0, 46, 864, 674)
BOT_DELAY = 0.45  # seconds a computer racer "thinks" before each decision (at speed x1)
CAMERA_FOLLOW = 6.0  # how fast the camera catches up (per second)
SCROLL_SPEED = 520  # pixels per second when the player scrolls with W A S D
BOT_POLICY = "greedy"
PUSHES = ("lightning", "star", "flail")  # placements shown as a knock-back glide
PATH_COLOUR, PATH_LIGHT = (255, 140, 40), (255, 205, 110)
BABY_SHORT = words.Catalogued("baby.short")  # over the baby: Beer! Poo! Zzz… asleep WAAAH!


@lru_cache(maxsize=256)
def _square_mark(colour, focused: bool, number: str) -> pygame.Surface:
    """A square the decision can choose: tinted in the racer's colour, framed (thicker and
    golden when focused), with its key number; drawn once per look."""
    mark = pygame.Surface((TILE - 4, TILE - 4), pygame.SRCALPHA)
    rect = mark.get_rect()
    pygame.draw.rect(mark, (*colour[:3], 110 if focused else 60), rect, border_radius=4)
    pygame.draw.rect(mark, theme.FOCUS if focused else (255, 255, 255), rect, 3 if focused else 1, border_radius=4)
    if number:
        text.draw(mark, number, (4, 1), 16, theme.TEXT, "bold", shadow=True)
    return mark


LEGEND_BUTTON = pygame.Rect(1040, 8, 130, 30)  # on the top bar: opens the legend
log = logging.getLogger("fantasy-racing")


class Seats:
    """Who answers each racer's decisions: the race scene's one seam with the network.

    The default is the game at one screen: a person answers through the decision panel, a computer
    racer by its level (thinking on the thinker's thread). A network race gives its own
    (scenes/netplay.py), where a friend elsewhere answers through the network: the scene asks `who`
    and shows the race the same way whoever answers.
    """

    saves = True  # the scene saves the unfinished race after every racer's turn (and deletes it at the end)
    leave_label = "menu.save_quit"  # the pause menu's way out (i18n key)

    def who(self, race, racer: int) -> tuple[str, str]:
        """Who answers `racer`'s pending decision now: ("panel", ""), ("bot", level) or ("remote", name)."""
        bot = race.racers[racer].setup.bot
        return ("bot", bot) if bot else ("panel", "")

    def here(self, race, racer: int) -> bool:
        """Whether the racer is a person at this screen."""
        return not race.racers[racer].setup.bot

    def answer(self, race, decision) -> tuple[bool, Any]:
        """A remote answer to `decision`, once it came: (True, option); else (False, None)."""
        return False, None

    def submit(self, race, option) -> bool:
        """A choice made at this screen (the panel, a computer racer): True when this screen's race
        takes it now; False when it went elsewhere (to the host, who sends it back as a step)."""
        return True

    def chosen(self, race, option) -> None:
        """The race took a choice (a host sends it on)."""

    def update(self, scene, dt: float) -> None:
        """Every frame: what came from elsewhere (a client's race moves on with the host's steps)."""

    def tags(self, race) -> dict[int, tuple[str, tuple[int, int, int]]]:
        """Words shown in some racers' panels instead of person / computer (a friend, disconnected)."""
        return {}

    def notice(self, race) -> str:
        """A line over the board (a friend disconnected, and for how long), or ""."""
        return ""

    def bots_alone(self, race) -> dict[int, str]:
        """Racers saved as computer racers of these levels (a network race resumed alone)."""
        return {}

    def leave(self) -> None:
        """The race scene goes (finished, or the player left): let go of what is held (a connection)."""


class RaceScene(Scene):
    """Plays a race to its end, then shows the results."""

    def __init__(
        self, race, setup: dict | None = None, seed: int | None = None, season: Any = None, seats: Seats | None = None
    ) -> None:
        super().__init__()
        self.race = race
        self.seats = seats if seats is not None else Seats()  # who answers each racer's decisions
        self.setup = dict(setup or {})
        self.season = season  # a game.season.Season when the race is one of a championship
        self.rng = random.Random(seed if seed is not None else (race.seed or 0) + 7)
        self.thinker = Thinker()  # computer racers think off the frame loop
        self.view = VIEW
        self.tile = TILE

    # ---------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        audio.music("race")
        race = self.race
        self.thinker.prepare(race)
        self.renderer = BoardRenderer(race.board, TILE)
        self.queue: deque = deque()
        self.anim: effects.Animation | None = None
        self.anim_done = None
        self.ambient: list[effects.Animation] = []
        self.log: list[tuple[str, tuple]] = []
        self.log_language = i18n.language()  # the log is written again when the settings change it
        self.panel: DecisionPanel | None = None
        self.bot_timer = 0.0
        self.clock = 0.0
        self.finished = False
        self.shock_marks: tuple[int, dict[int, tuple[Any, ...]]] | None = None
        self.manual_camera = False
        self.dragging = None
        self.scroll_keys: set[int] = set()
        self._hud_cache: tuple[Any, pygame.Surface] | None = None
        self._hud_on_screen: Any = None
        self.shown_pos = {r.index: r.square for r in race.racers}
        self.shown_points = {r.index: r.points for r in race.racers}
        self.shown_protected = {r.index: r.protected for r in race.racers}
        self._tokens: dict[tuple[Any, ...], tuple[pygame.Surface, int, int]] = {}
        self._moves: tuple[Any, Any] | None = None
        self._synced: tuple[Any, int, int] | None = None
        self._panel_on_screen: tuple[int, int] | None = None  # (screen, picture) of the decision panel drawn last frame
        self._line: tuple[Any, pygame.Surface, pygame.Rect] | None = None  # the status line: (says, picture, rect)
        self._explained: tuple[Any, list[str]] | None = None  # (decision and focus, the focused option's lines)
        self.shown_traps = {sq: t.kind for sq, t in race.traps.items()}
        self.shown_owners = {sq: t.owner for sq, t in race.traps.items()}
        self.hover_square: tuple[int, int] | None = None
        self.shown_taken, self.shown_destroyed = set(race.taken), set(race.destroyed)
        self.renderer.sync(self.shown_taken, self.shown_destroyed)
        self.turn_shown = race.turn
        self.acting = race.current
        self.phase = race.phase
        fresh = race.take_events()
        for event in race.log[: len(race.log) - len(fresh)][-14:]:
            self._log(event)
        self._queue(fresh)
        self.camera: list[float] = list(self._camera_target(self._focus_racer()))

    def resume(self) -> None:
        """Back from the pause menu: the log in the language the settings may have changed to."""
        if self.log_language != i18n.language():
            self.log_language = i18n.language()
            shown = self.race.log[: len(self.race.log) - len(self.queue)]
            self.log = []
            for event in shown[-300:]:
                self._log(event)
        self._hud_on_screen = None

    def pause(self) -> None:
        self._hud_on_screen = None
        self.scroll_keys.clear()
        self.dragging = None

    def exit(self) -> None:
        self.seats.leave()

    # ---------------------------------------------------------------- engine
    def _take_events(self) -> None:
        """New events from the engine."""
        self._queue(self.race.take_events())

    def _queue(self, events) -> None:
        """Events to show; the race is saved at the end of every racer's turn."""
        for event in events:
            self.queue.append(event)
            if event.kind == "turn_ended":
                self.save()
            if event.kind == "race_over":
                if self.season is not None:
                    self.season.finish_race()
                    self._save_season(background=False)  # once a race: the season's results are on disk
                elif self.seats.saves:
                    userdata.delete_save()

    def save(self, background: bool = True) -> None:
        """Save the unfinished race, or the championship it belongs to (races with rigged dice, in
        tests, cannot be saved)."""
        if self.race.over or not self.seats.saves:
            return
        if self.season is not None:
            self._save_season(background)
            return
        try:
            userdata.save_race(self.race, self.setup, background=background, bots=self.seats.bots_alone(self.race))
        except (SaveError, OSError):
            pass

    def _save_season(self, background: bool) -> None:
        try:
            userdata.save_season(self.season, background=background)
        except (SaveError, OSError) as error:
            log.warning("the season could not be saved: %s", error)

    def choose(self, option) -> None:
        """Answer the pending decision from this screen (a person's panel or a computer racer)."""
        self.panel = None
        self.bot_timer = 0.0
        if self.seats.submit(self.race, option):
            self.apply(option)

    def apply(self, option) -> None:
        """The race takes a choice (made at this screen, or come from elsewhere)."""
        self.panel = None
        self.bot_timer = 0.0
        self.race.choose(option)
        self.seats.chosen(self.race, option)
        self._take_events()

    def moved_on(self) -> None:
        """The race moved on by itself (a network race's step from the host): show what happened."""
        self.bot_timer = 0.0
        self._take_events()

    @property
    def busy(self) -> bool:
        """Whether events or a blocking animation are still to be shown."""
        return self.anim is not None or bool(self.queue)

    @property
    def speed(self) -> float:
        """The animation speed setting."""
        app = self.app
        return app.settings.animation_speed if app is not None else 1.0

    # ---------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        stack = self.stack
        self.seats.update(self, dt)
        if stack is not None and stack.top is not self:
            return  # the seats opened another screen over the race (the host left)
        game_dt = dt * self.speed
        self.clock += dt
        ambient = self.ambient
        for anim in ambient:
            anim.update(game_dt)
        if any(anim.t >= anim.duration for anim in ambient):
            ambient[:] = [anim for anim in ambient if not anim.done]
        self._advance(game_dt)
        if not self.busy:
            self._idle(game_dt)
        self._move_camera(dt)

    def _advance(self, dt: float) -> None:
        """Play the current animation; start the next events when it ends."""
        budget = 200
        while budget:
            budget -= 1
            if self.anim is not None:
                self.anim.update(dt)
                if not self.anim.done:
                    return
                self._finish_anim()
                dt = 0.0
            elif self.queue:
                self._show(self.queue.popleft(), animate=True)
            else:
                return

    def _finish_anim(self) -> None:
        done, self.anim, self.anim_done = self.anim_done, None, None
        if done is not None:
            done()

    def skip(self) -> None:
        """Show at once everything that is queued (a key or a click while animating)."""
        if self.anim is not None:
            self._finish_anim()
        while self.queue:
            self._show(self.queue.popleft(), animate=False)
            if self.anim is not None:
                self._finish_anim()
        self.ambient.clear()

    def _idle(self, dt: float) -> None:
        """Everything is shown: end the race, or ask the pending decision."""
        race = self.race
        self._sync()
        if race.over:
            if not self.finished:
                self.finished = True
                self.stack.replace(self.stack.make("results", race, self.setup, season=self.season))
            return
        decision = race.pending
        if decision is None:
            return
        who, level = self.seats.who(race, decision.racer)
        if who == "bot":
            self.panel = None
            self.bot_timer += dt
            self.thinker.think(race, decision, level if level in ai.POLICIES else BOT_POLICY, self.rng)
            if self.bot_timer >= BOT_DELAY and self.thinker.ready(decision):
                self.choose(self.thinker.take(decision))
        elif who == "panel":
            if self.panel is None or self.panel.decision is not decision:
                self.panel = DecisionPanel(decision, race, self.choose, self.view)
                self.panel.hover(self.hover_square)
        else:  # someone elsewhere answers (a friend over the network, or the host)
            self.panel = None
            answered, option = self.seats.answer(race, decision)
            if answered:
                self.apply(option)

    def _sync(self) -> None:
        """Once everything is shown, the picture is the race's state (the race changes only
        with its choices and events, so nothing is read again while they stay the same)."""
        race = self.race
        stamp = (race, len(race.choices), len(race.log))
        if stamp == self._synced:
            return
        self._synced = stamp
        for r in race.racers:
            self.shown_pos[r.index] = r.square
            self.shown_points[r.index] = r.points
            self.shown_protected[r.index] = r.protected
        self.shown_traps = {sq: t.kind for sq, t in race.traps.items()}
        self.shown_owners = {sq: t.owner for sq, t in race.traps.items()}
        if self.shown_taken != race.taken or self.shown_destroyed != race.destroyed:
            self.shown_taken, self.shown_destroyed = set(race.taken), set(race.destroyed)
            self.renderer.sync(self.shown_taken, self.shown_destroyed)
        if race.current is not None:
            self.acting = race.current
        self.phase = race.phase

    # ---------------------------------------------------------------- events
    def _log(self, event) -> None:
        line = words.describe(event, self.race)
        if line:
            self.log.append((line, hud.log_colour(event)))
            del self.log[:-200]

    def _play(self, anim: effects.Animation, animate: bool, done=None) -> None:
        """Start an animation (or only its outcome when skipping)."""
        if not animate:
            if done is not None:
                done()
            return
        if anim.blocking:
            self.anim, self.anim_done = anim, done
        else:
            self.ambient.append(anim)
            if done is not None:
                done()

    def _token_args(self, racer: int) -> tuple[str, tuple[int, int, int], int]:
        r = self.race.racers[racer]
        return r.character, theme.racer_colour(racer), racer + 1

    def _show(self, event, animate: bool) -> None:
        """Turn one event into the picture's change and its animation."""
        self._log(event)
        if animate:
            audio.play_event(event)
        k, e = event.kind, event
        handler = getattr(self, f"_on_{k}", None)
        if handler is not None:
            handler(e, animate)

    def _on_turn_started(self, e, animate) -> None:
        self.turn_shown = e.turn
        self._play(notices.Banner(t("race.banner_turn", turn=e.turn, turns=self.race.turns), duration=0.9), animate)

    def _on_respawned(self, e, animate) -> None:
        self.shown_taken -= {tuple(s) for s in e.squares}
        self.renderer.sync(self.shown_taken, self.shown_destroyed)
        for square in e.squares[:12]:
            self._play(notices.Ring(tuple(square), (255, 230, 150)), animate)

    def _on_racer_turn(self, e, animate) -> None:
        self.acting = e.racer
        self.phase = ""  # the previous racer's phase is over; his own shows with its event
        self.shown_protected[e.racer] = False
        self.manual_camera = False
        r = self.race.racers[e.racer]
        if r.setup.bot:
            sub = t("race.computer_racer")
        else:
            sub = t("race.your_turn") if self.seats.here(self.race, e.racer) else t("net.friends_turn")
        self._play(notices.Banner(r.name, theme.racer_colour(e.racer), 0.7, sub=sub, blocking=True), animate)

    def _on_phase(self, e, animate) -> None:
        self.phase = e.phase

    def _on_rolled(self, e, animate) -> None:
        labels, icons = self._die_labels(e)
        self._play(rolls.Dice(e.die, e.faces, labels, icons, e.purpose, seed=len(self.log)), animate)

    def _die_labels(self, e):
        """Words for dice whose faces are read on a table: looked up in what follows."""
        labels: list[str | None] = [None] * len(e.die)
        icons: list[pygame.Surface | None] = [None] * len(e.die)
        if "DCOMBAT" in e.die or "DOBJ" in e.die:
            pending = self.race.pending if not self.queue else None
            for later in self.queue:
                if later.kind == "fight_result" and "DCOMBAT" in e.die:
                    labels[e.die.index("DCOMBAT")] = t(f"die.face.{later.result}")
                    break
                if later.kind == "chest_opened" and "DOBJ" in e.die:
                    icons[e.die.index("DOBJ")] = sprites.icon("object", later.object, 64)
                    labels[e.die.index("DOBJ")] = words.object_name(later.object)
                    break
                if later.kind == "rolled":
                    break
            else:
                pending = self.race.pending
            if pending is not None and pending.kind == "clover":
                info = pending.info
                if "DCOMBAT" in e.die and info.get("results"):
                    labels[e.die.index("DCOMBAT")] = t(f"die.face.{info['results'][0]}")
                if "DOBJ" in e.die and info.get("object"):
                    icons[e.die.index("DOBJ")] = sprites.icon("object", info["object"], 64)
        return labels, icons

    def _on_lucky(self, e, animate) -> None:
        self._play(
            notices.Popup(
                t("race.lucky"), self.shown_pos[e.racer], (140, 255, 140), sprites.icon("object", "clover", 30)
            ),
            animate,
        )

    def _on_sprinter(self, e, animate) -> None:
        self._play(notices.Banner(t("race.sprinter"), (140, 255, 140), 0.9), animate)

    def _on_moved(self, e, animate) -> None:
        if not e.path:
            return
        end = tuple(e.path[-1])

        def done():
            self.shown_pos[e.racer] = end

        self._play(
            motion.Slide(e.racer, self.shown_pos[e.racer], [tuple(p) for p in e.path], self.race.board), animate, done
        )

    def _on_placed(self, e, animate) -> None:
        end = tuple(e.end)
        if self.shock_marks is not None and self.shock_marks[0] == e.racer and e.cause == "recoil":
            self.shock_marks = None
        if tuple(e.start) == end:
            return

        def done():
            self.shown_pos[e.racer] = end

        if e.cause in PUSHES:
            self._play(
                motion.Slide(e.racer, self.shown_pos[e.racer], [end], self.race.board, per_square=0.35), animate, done
            )
            return
        swirl = e.cause in ("shortcut", "teleport")
        self._play(motion.Teleport(e.racer, tuple(e.start), end, *self._token_args(e.racer), swirl), animate, done)

    def _on_scored(self, e, animate) -> None:
        self.shown_points[e.racer] = e.total
        colour = theme.GOOD if e.points > 0 else theme.BAD
        label = f"{'+' if e.points > 0 else ''}{e.points}"
        if e.cause != "distance" or abs(e.points) > 1:
            self._play(notices.Popup(label, self.shown_pos[e.racer], colour, delay=0.1), animate)

    def _on_crossed_line(self, e, animate) -> None:
        if e.forward:
            self._play(notices.Confetti(self.shown_pos[e.racer], seed=e.racer), animate)
            self._play(
                notices.Banner(t("race.lap"), theme.ACCENT, 1.0, sub=f"{self.race.racers[e.racer].name} +10"), animate
            )
        else:
            self._play(notices.Banner(t("race.lap_undone"), theme.BAD, 0.8, sub="-10"), animate)

    def _on_picked_up(self, e, animate) -> None:
        self.shown_taken.add(tuple(e.square))
        self.renderer.sync(self.shown_taken, self.shown_destroyed)
        self._play(notices.Popup("", tuple(e.square), theme.TEXT, sprites.icon("object", e.object, 30)), animate)

    def _on_chest_opened(self, e, animate) -> None:
        self.shown_taken.add(tuple(e.square))
        self.renderer.sync(self.shown_taken, self.shown_destroyed)
        self._play(rolls.Chest(e.object, words.object_name(e.object), e.tier), animate)

    def _on_trap_sprung(self, e, animate) -> None:
        self.shown_traps.pop(tuple(e.square), None)
        self._play(notices.Ring(tuple(e.square), (255, 120, 60)), animate)

    def _on_trap_laid(self, e, animate) -> None:
        square = tuple(e.square)

        def done():
            self.shown_traps[square] = e.trap
            self.shown_owners[square] = e.racer

        sprite = object_sprite("poo" if e.trap == "poo" else "trap", int(TILE * 0.8))
        self._play(actions.Drop(square, sprite), animate, done)

    def _on_trap_destroyed(self, e, animate) -> None:
        self.shown_traps.pop(tuple(e.square), None)
        self._play(notices.Ring(tuple(e.square), (255, 200, 80)), animate)

    def _on_fell(self, e, animate) -> None:
        exit_square = tuple(e.exit)

        def done():
            self.shown_pos[e.racer] = exit_square

        self._play(motion.Fall(e.racer, tuple(e.hole), exit_square, *self._token_args(e.racer)), animate, done)

    def _on_fight(self, e, animate) -> None:
        self._play(actions.Clash(tuple(e.square)), animate)

    def _on_fight_result(self, e, animate) -> None:
        winner = self.race.racers[e.winner].name
        self._play(
            notices.Banner(
                words.RESULTS.get(e.result, e.result).capitalize(),
                (255, 170, 140),
                0.9,
                sub=t("race.wins_fight", name=winner),
            ),
            animate,
        )

    def _on_shock(self, e, animate) -> None:
        self.shock_marks = (e.racer, {int(face): tuple(sq) for face, sq in e.squares.items()})
        self._play(notices.Ring(self.shown_pos[e.racer], (255, 150, 60)), animate)
        self._play(
            notices.Banner(
                t("race.shock.big" if e.size == "big" else "race.shock.small"),
                (255, 150, 60),
                0.9,
                sub=t("race.shock_help"),
                height=0.8,
            ),
            animate,
        )

    def _on_shield_used(self, e, animate) -> None:
        self.shock_marks = None
        self._play(
            notices.Popup(
                t("race.shield"), self.shown_pos[e.racer], (160, 200, 255), sprites.icon("object", "shield", 34)
            ),
            animate,
        )

    def _on_barrier_destroyed(self, e, animate) -> None:
        self.shown_destroyed.add(tuple(e.square))
        self.renderer.sync(self.shown_taken, self.shown_destroyed)
        self._play(notices.Ring(tuple(e.square), (200, 140, 80)), animate)

    def _on_thrown(self, e, animate) -> None:
        start = self.shown_pos[e.racer]
        size = 30 if e.object == "throwing_star" else 38
        self._play(
            actions.Thrown(start, tuple(e.square), self.race.board, sprites.icon("object", e.object, size), e.object),
            animate,
        )

    def _on_fireball(self, e, animate) -> None:
        path = [self.shown_pos[e.racer]] + [tuple(p) for p in e.path]
        self._play(actions.Fireball(path, self.race.board), animate)

    def _on_lightning(self, e, animate) -> None:
        leaders = set(e.leaders)
        self._play(
            actions.Bolt([self.shown_pos[t] for t in e.targets], [t in leaders for t in e.targets], seed=e.racer),
            animate,
        )

    def _on_flail(self, e, animate) -> None:
        start = self.shown_pos[e.racer]
        self._play(
            actions.Thrown(
                start, tuple(e.square), self.race.board, sprites.icon("ui", "fight", 34), "flail", per_square=0.1
            ),
            animate,
        )

    def _on_baby(self, e, animate) -> None:
        icon = {"beer": sprites.icon("object", "bottle", 34), "poo": sprites.icon("object", "poo", 34)}
        label = BABY_SHORT.get(e.action, e.action)
        self._play(
            actions.Baby(self.shown_pos[e.racer], e.action, label, tuning.CRY_RANGE, icon.get(e.action)), animate
        )

    def _on_turn_ended(self, e, animate) -> None:
        self.shock_marks = None

    def _on_race_over(self, e, animate) -> None:
        self._play(notices.Banner(t("race.finish"), theme.ACCENT, 1.6, sub=t("race.over")), animate)

    # ---------------------------------------------------------------- camera
    def _focus_racer(self) -> int:
        race = self.race
        if race.pending is not None and not self.busy:
            return race.pending.racer
        if self.acting is not None:
            return self.acting
        return race.order[0] if race.order else 0

    def _token_moves(self) -> tuple[dict, set]:
        """Where the animations show tokens now (racer -> float square or HIDDEN; the blocking
        animation has the last word), and who is walking. Worked out once a frame: the camera
        and the tokens both ask."""
        stamp = (self.clock, self.anim, len(self.ambient))
        if self._moves is not None and self._moves[0] == stamp:
            return self._moves[1]
        moved = {}
        walking = set()
        for anim in (*reversed(self.ambient), self.anim):
            if anim is None:
                continue
            if type(anim) is motion.Slide:
                moved[anim.racer] = anim.position()
                walking.add(anim.racer)
            elif type(anim).token_at is not effects.Animation.token_at:
                for r in self.race.racers:
                    where = anim.token_at(r.index)
                    if where is not None:
                        moved[r.index] = where
        self._moves = (stamp, (moved, walking))
        return moved, walking

    def _token_pos(self, racer: int):
        return self._token_moves()[0].get(racer, self.shown_pos[racer])

    def _camera_target(self, racer: int) -> tuple[float, float]:
        where = self._token_pos(racer)
        if where == effects.HIDDEN:
            where = self.shown_pos[racer]
        path = self._path_drawn()
        if path and self.panel is not None and racer == self.panel.decision.racer:
            where = path[-1]
        x = (where[1] + 0.5) * TILE - self.view.width / 2
        anchor = (0.3 if path else 0.2) if self.panel is not None else 0.38
        y = (where[0] + 0.5) * TILE - self.view.height * anchor
        return x, y

    def _move_camera(self, dt: float) -> None:
        width, height = self.renderer.size
        if self.scroll_keys:
            self.manual_camera = True
            dx = (pygame.K_d in self.scroll_keys) - (pygame.K_a in self.scroll_keys)
            dy = (pygame.K_s in self.scroll_keys) - (pygame.K_w in self.scroll_keys)
            self.camera[0] += dx * SCROLL_SPEED * dt
            self.camera[1] += dy * SCROLL_SPEED * dt
        if self.manual_camera:
            return
        tx, ty = self._camera_target(self._focus_racer())
        k = min(1.0, dt * CAMERA_FOLLOW)
        ex = (tx - self.camera[0] + width / 2) % width - width / 2
        ey = (ty - self.camera[1] + height / 2) % height - height / 2
        self.camera[0] = (self.camera[0] + ex * k) % width
        self.camera[1] = (self.camera[1] + ey * k) % height

    # ---------------------------------------------------------------- input
    def open_legend(self) -> None:
        """What every kind of square and object of this board is (L, or the top bar's button)."""
        self.stack.push(self.stack.make("legend", self.renderer))

    def open_pause(self) -> None:
        """The pause menu (Escape)."""
        self.stack.push(self.stack.make("pause", self.save_and_quit, leave_label=self.seats.leave_label))

    def save_and_quit(self) -> None:
        """Save the race and go back to the title (a network race: leave it, the others go on)."""
        self.skip()
        self.save(background=False)
        self.seats.leave()
        self.stack.reset(self.stack.make("title"))

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return None
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_l) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and LEGEND_BUTTON.collidepoint(event.pos)
        ):
            self.open_legend()
            return None
        if self._camera_event(event):
            return None
        if self.busy:
            if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
                self.skip()
            return None
        if self.panel is not None:
            if self.panel.handle_event(event):
                return None
            if event.type == pygame.MOUSEMOTION:
                square = self.renderer.square_at(event.pos, self.view, self.camera)
                self.hover_square = square
                self.panel.hover(square)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                square = self.renderer.square_at(event.pos, self.view, self.camera)
                if square is not None:
                    self.panel.choose_square(square)
        return None

    def _camera_event(self, event) -> bool:
        """W A S D, the wheel and a right-button drag scroll the board; C brings the camera back."""
        scroll = (pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d)
        if event.type == pygame.KEYDOWN and event.key in scroll:
            self.scroll_keys.add(event.key)
            return True
        if event.type == pygame.KEYUP and event.key in scroll:
            self.scroll_keys.discard(event.key)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            self.manual_camera = False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.manual_camera = True
            self.camera[1] -= event.y * TILE
            self.camera[0] -= event.x * TILE
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.view.collidepoint(event.pos):
            self.dragging = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.dragging = None
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self.manual_camera = True
            self.camera[0] -= event.pos[0] - self.dragging[0]
            self.camera[1] -= event.pos[1] - self.dragging[1]
            self.dragging = event.pos
            return True
        return False

    # ---------------------------------------------------------------- drawing
    def spots(self, where) -> list[tuple[int, int]]:
        """Screen centres where a (float) square shows in the board view."""
        return self._spotter()(where)

    def _spotter(self):
        """`spots` for the camera of this moment, as a function with the view and camera fixed
        (the tokens ask it several times a frame)."""
        width, height = self.renderer.size
        view, camera = self.view, (int(self.camera[0]), int(self.camera[1]))
        left, top, right, bottom = view.left, view.top, view.right, view.bottom
        camera_x, camera_y = camera
        half = TILE / 2

        if width >= right - left + TILE and height >= bottom - top + TILE:

            def spots(where) -> list[tuple[int, int]]:
                # A board larger than the view shows a square at most once: just above/left of the
                # view's edge (partly visible) or inside it.
                x = (where[1] * TILE - camera_x) % width + left
                y = (where[0] * TILE - camera_y) % height + top
                if x + TILE > left + width:
                    x -= width
                if y + TILE > top + height:
                    y -= height
                if x < right and y < bottom and x + TILE > left and y + TILE > top:
                    return [(int(x + half), int(y + half))]
                return []

            return spots

        def spots_wrapping(where) -> list[tuple[int, int]]:
            return [(int(x + half), int(y + half)) for x, y in self.renderer.screen_positions(where, view, camera)]

        return spots_wrapping

    def _hud_key(self) -> tuple:
        """What the HUD shows: it is drawn again only when this changes."""
        # Inventories, tiers, wands, the baby's step and poison change only with the race's events
        # and choices: their counts stand for them (cheaper than reading every racer each frame).
        race = self.race
        return (
            self.turn_shown,
            self.acting,
            self.phase,
            self.manual_camera,
            len(race.log),
            len(race.choices),
            tuple(self.shown_points.values()),
            tuple(self.shown_protected.values()),
            len(self.log),
            self.log[-1] if self.log else None,
            i18n.language(),
            tuple(sorted(self.seats.tags(race).items())),
        )

    def _hud(self) -> pygame.Surface:
        """The top bar and the sidebar, drawn once per change."""
        key = self._hud_key()
        cache = self._hud_cache
        if cache is None or cache[0] != key:
            picture = cache[1] if cache is not None else pygame.Surface(theme.SIZE).convert()
            picture.fill(theme.BACKGROUND)
            order = list(self.race.order) or list(range(len(self.race.racers)))
            hud.draw_top_bar(picture, self.race, self.turn_shown, self.acting, self.phase, self.manual_camera)
            draw_panel(picture, LEGEND_BUTTON, theme.PANEL, theme.PANEL_EDGE, radius=6, shadow=False)
            text.draw(picture, t("legend.button"), LEGEND_BUTTON.center, 15, theme.TEXT, "bold", anchor="center")
            bottom = hud.draw_racers(
                picture,
                self.race,
                order,
                self.shown_points,
                self.acting,
                self.shown_protected,
                self.turn_shown,
                tags=self.seats.tags(self.race),
            )
            hud.draw_log(picture, self.log, bottom)
            self._hud_cache = cache = (key, picture)
            self._hud_on_screen = None
        return cache[1]

    def draw(self, surface: pygame.Surface) -> None:
        picture = self._hud()
        # The HUD lies outside the board view, where nothing else draws: when this scene drew the
        # same HUD on the same screen last frame, and is on top (no menu darkened it), it is still there.
        on_top = self.stack is not None and self.stack.top is self
        mark = (id(surface), id(self._hud_cache))
        if not (on_top and self._hud_on_screen == mark):
            top = pygame.Rect(0, 0, theme.SIZE[0], self.view.top)
            side = pygame.Rect(
                self.view.right, self.view.top, theme.SIZE[0] - self.view.right, theme.SIZE[1] - self.view.top
            )
            surface.blit(picture, top, top)
            surface.blit(picture, side, side)
        self._hud_on_screen = mark if on_top else None
        # What can be worked out before the board blit is (see _token_sprites).
        tokens = self._token_sprites()
        line = self._status_line()
        view = self.view
        panel = self.panel if self.panel is not None and not self.busy else None
        if panel is None:
            self._panel_on_screen = None
            self.renderer.draw(surface, view, self.camera)
        else:
            # The decision panel is opaque but for its round corners: the board, the tokens
            # and the animations are drawn above it, and while it stays the same it is not
            # drawn again (nor the board under it), only its corners.
            picture, area = panel.picture(theme.racer_colour(panel.decision.racer), surface.get_size())
            still = on_top and self._panel_on_screen == (id(surface), id(picture))
            if still:
                self.renderer.draw_parts(surface, view, self.camera, board.around(view, area) + panel.notches)
            else:
                self.renderer.draw(surface, view, self.camera)
            view = pygame.Rect(view.left, view.top, view.width, max(0, min(view.bottom, area.top) - view.top))
        clip = surface.get_clip()
        surface.set_clip(view)
        self._draw_traps(surface)
        self._draw_marks(surface)
        surface.fblits(tokens)
        for anim in self.ambient:
            if anim.draws:
                anim.draw(surface, self)
        if self.anim is not None:
            self.anim.draw(surface, self)
        surface.set_clip(clip)
        if panel is not None:
            if still:
                for notch in panel.notches:
                    surface.blit(picture, notch, notch.move(-area.left, -area.top))
            else:
                surface.blit(picture, area)
            self._panel_on_screen = (id(surface), id(picture)) if on_top else None
            self._draw_explanation(surface, panel)
        elif line is not None:
            surface.blit(*line)
        self._draw_notice(surface)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """The seats' line over the board (a friend disconnected), on a dark strip."""
        words_now = self.seats.notice(self.race)
        if not words_now:
            return
        width = min(self.view.width - 40, text.width(words_now, 17, "bold") + 32)
        box = pygame.Rect(0, 0, width, 32)
        box.midtop = (self.view.centerx, self.view.top + 10)
        effects.shade(surface, box, (40, 12, 16), 215)
        pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=6)
        text.draw(surface, words_now, box.center, 17, theme.TEXT, "bold", anchor="center")

    def explanation(self) -> list[str]:
        """What the focused option of the person's decision will do (worked out once per focus)."""
        panel = self.panel
        if panel is None or panel.clover or not 0 <= panel.focus < len(panel.entries):
            return []
        key = (id(panel.decision), panel.focus, i18n.language())
        if self._explained is None or self._explained[0] != key:
            self._explained = (key, option_lines(self.race, panel.decision, panel.entries[panel.focus].option))
        return list(self._explained[1])

    def _draw_explanation(self, surface: pygame.Surface, panel: DecisionPanel) -> None:
        """The focused option's explanation, on a dark strip just above the decision panel."""
        lines = self.explanation()
        if not lines:
            return
        height = 8 + 21 * len(lines)
        box = pygame.Rect(panel.dock.left + 10, panel.dock.top - height - 4, panel.dock.width - 20, height)
        effects.shade(surface, box, (10, 12, 20), 210)
        for k, words_line in enumerate(lines):
            text.draw(surface, words_line, (box.left + 10, box.top + 4 + 21 * k), 16, theme.TEXT)

    def _status_line(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The line at the foot of the board, with where it goes: how to skip an animation, or
        which computer racer is thinking (None while a person decides). Laid out once per
        line and language."""
        if self.busy:
            if self.anim is None:
                return None
            which: tuple[Any, ...] = ("skip",)
        elif self.panel is not None or self.race.pending is None:
            return None
        else:
            racer = self.race.pending.racer
            who, name = self.seats.who(self.race, racer)
            elsewhere = who == "remote" and not (name and self.race.racers[racer].setup.bot)
            which = ("waiting", name) if elsewhere else ("thinking", racer)  # a computer racer thinks, anywhere
        key = (which, i18n.language(), self.view.bottomright)
        line = self._line
        if line is None or line[0] != key:
            if which[0] == "skip":
                words, size, colour, kind = t("race.skip"), 15, theme.MUTED, "body"
                place = {"bottomright": (self.view.right - 10, self.view.bottom - 8)}
            elif which[0] == "waiting":
                words = t("net.waiting_for", name=which[1]) if which[1] else t("net.waiting_host")
                size, colour, kind = 22, theme.TEXT, "bold"
                place = {"center": (self.view.centerx, self.view.bottom - 24)}
            else:
                r = self.race.racers[which[1]]
                words, size, colour, kind = t("race.thinking", name=r.name), 22, theme.TEXT, "bold"
                place = {"center": (self.view.centerx, self.view.bottom - 24)}
            picture = text.shadowed(words, size, colour, kind)
            line = self._line = (key, picture, text.render(words, size, colour, kind).get_rect(**place))
        return line[1], line[2]

    def brainy_viewer(self) -> int | None:
        """The acting person when he is Brainy (he sees who laid each trap), else None."""
        racer = self.race.pending.racer if self.race.pending is not None and not self.busy else self.acting
        if racer is None:
            return None
        r = self.race.racers[racer]
        return racer if r.has(BRAINY) and self.seats.here(self.race, racer) else None

    def _draw_traps(self, surface: pygame.Surface) -> None:
        if not self.shown_traps:
            return
        viewer = self.brainy_viewer()
        for square, kind in self.shown_traps.items():
            sprite = object_sprite("poo" if kind == "poo" else "trap", int(TILE * 0.8))
            owner = self.shown_owners.get(square) if viewer is not None else None
            for centre in self.spots(square):
                surface.blit(sprite, sprite.get_rect(center=centre))
                if owner is not None:
                    self._owner_mark(surface, centre, owner, owner == viewer)

    def _owner_mark(self, surface: pygame.Surface, centre, owner: int, own: bool) -> None:
        """A trap's owner for a Brainy eye: his colour and seat number in the square's corner."""
        spot = (centre[0] - TILE // 2 + 10, centre[1] - TILE // 2 + 10)
        pygame.draw.circle(surface, (20, 20, 28), spot, 9)
        pygame.draw.circle(surface, theme.racer_colour(owner), spot, 9, 3 if own else 2)
        text.draw(surface, str(owner + 1), spot, 13, theme.TEXT, "bold", anchor="center")

    def _path_drawn(self) -> list[Any]:
        """The squares of the fireball path being drawn, from the user's own (empty when none is)."""
        panel = self.panel
        if panel is None or panel.decision.kind != "path":
            return []
        return [self.shown_pos[panel.decision.racer]] + [tuple(p) for p in panel.decision.info.get("path", [])]

    def _draw_path(self, surface: pygame.Surface) -> None:
        """The fireball path drawn so far, the previewed next square, and the range left."""
        trail = self._path_drawn()
        panel = self.panel
        if not trail or self.busy or panel is None:
            return
        info = panel.decision.info
        for square in trail[1:]:
            for centre in self.spots(square):
                effects.glow(surface, PATH_COLOUR, centre, int(TILE * 0.42), 90)
        effects.draw_path(surface, self, trail, PATH_COLOUR, 8)
        effects.draw_path(surface, self, trail, PATH_LIGHT, 3)
        for square in trail[1:-1]:
            for centre in self.spots(square):
                pygame.draw.circle(surface, PATH_LIGHT, centre, TILE // 7)
        if len(trail) > 1:
            for centre in self.spots(trail[-1]):
                pygame.draw.circle(surface, (255, 240, 190), centre, TILE // 4)
                pygame.draw.circle(surface, PATH_COLOUR, centre, TILE // 4, 3)
                if "end" in panel.decision.options:
                    text.draw(
                        surface,
                        t("race.path_end"),
                        (centre[0], centre[1] - TILE // 2 - 2),
                        14,
                        (255, 240, 190),
                        "bold",
                        anchor="midbottom",
                        shadow=True,
                    )
        preview = panel.preview()
        if preview is not None:
            ghost = [trail[-1], preview]
            effects.draw_path(surface, self, ghost, (255, 235, 180), 3)
            for centre in self.spots(preview):
                effects.glow(surface, (255, 190, 80), centre, int(TILE * 0.3), 150)
        reach = info.get("reach", 0)
        drawn = len(trail) - 1
        name = words.object_name(info.get("object", "ring_of_fire"))
        line = t("race.path", name=name, drawn=drawn, reach=reach, left=max(0, reach - drawn))
        box = pygame.Rect(self.view.left + 10, self.view.top + 10, text.width(line, 19, "bold") + 28, 34)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (14, 10, 6, 200), shade.get_rect(), border_radius=8)
        surface.blit(shade, box)
        pygame.draw.rect(surface, PATH_COLOUR, box, 2, border_radius=8)
        text.draw(surface, line, (box.left + 14, box.centery), 19, PATH_LIGHT, "bold", anchor="midleft")
        meter = pygame.Rect(box.left, box.bottom + 4, box.width, 6)
        pygame.draw.rect(surface, (60, 40, 20), meter, border_radius=3)
        if reach:
            pygame.draw.rect(
                surface, PATH_COLOUR, (meter.left, meter.top, meter.width * drawn // reach, 6), border_radius=3
            )

    def _draw_marks(self, surface: pygame.Surface) -> None:
        self._draw_path(surface)
        if self.panel is not None and not self.busy:
            colour = theme.racer_colour(self.panel.decision.racer)
            spots = self._spotter()
            for square, focused, number in self.panel.squares():
                mark = _square_mark(colour, focused, number)
                for x, y in spots(square):
                    surface.blit(mark, (x - mark.get_width() // 2, y - mark.get_height() // 2))
        if self.shock_marks is not None:
            _, squares = self.shock_marks
            for face, square in sorted(squares.items()):
                for x, y in self.spots(square):
                    rect = pygame.Rect(0, 0, TILE - 8, TILE - 8)
                    rect.center = (x, y)
                    pygame.draw.rect(surface, (255, 150, 60), rect, 2, border_radius=6)
                    text.draw(
                        surface,
                        str(face),
                        (rect.right - 3, rect.top + 1),
                        17,
                        (255, 190, 120),
                        "bold",
                        anchor="topright",
                        shadow=True,
                    )

    def _token_image(self, index: int, walking: bool, protected: bool) -> tuple[pygame.Surface, int, int]:
        """A racer's token as drawn now (faded while protected, ringed while walking) and half its
        width and height, kept per look."""
        key = (index, walking, protected)
        found = self._tokens.get(key)
        if found is None:
            image = sprites.token(
                self.race.racers[index].character, theme.racer_colour(index), int(TILE * 0.92), index + 1, protected
            )
            if walking:
                image = effects.ringed(image, int(TILE * 0.48))
            found = self._tokens[key] = (image, image.get_width() // 2, image.get_height() // 2)
        return found

    def _token_sprites(self) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The tokens to draw, as (image, top-left) in drawing order (the acting racer last, on top,
        with his pulsing ring). Worked out before the board is blitted, so that the frame's Python
        runs while the caches are warm, and blitted in one batch after it."""
        moved, walking = self._token_moves()
        acting, protected, spots = self.acting, self.shown_protected, self._spotter()
        placed = []  # (index, where, picture, half width, half height)
        for index, shown in self.shown_pos.items():
            where = moved.get(index, shown)
            if where == effects.HIDDEN:
                continue
            look = (index, index in walking, bool(protected.get(index)))
            placed.append((index, where, *self._token_image(*look)))
        crowd: dict[tuple, list[int]] = {}  # racers on the same square stand side by side
        if len({p[1] for p in placed}) < len(placed):
            for index, where, *_ in placed:
                crowd.setdefault(where, []).append(index)
        out: list[tuple[Any, ...]] = []
        on_top: list[tuple[Any, ...]] = []  # the acting racer's go on top
        for index, where, token, half_w, half_h in placed:
            group = crowd.get(where)
            if group is None or len(group) == 1:
                dx = dy = 0
            else:
                k = group.index(index)
                dx, dy = int((k - (len(group) - 1) / 2) * 12), -4 + 4 * (k % 2)
            target = out
            if index == acting:  # on top, in his pulsing ring
                target = on_top
                pulse = 3 + int(2 * abs((self.clock * 1000) % 1000 - 500) / 500)
                token = effects.ringed(token, int(TILE * 0.92) // 2 + pulse, theme.FOCUS)
                half_w, half_h = token.get_width() // 2, token.get_height() // 2
            for x, y in spots(where):
                target.append((token, (x + dx - half_w, y + dy - half_h)))
        out += on_top
        return out
