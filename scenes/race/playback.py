"""The race as the screen shows it, moved forward one event at a time, each with its animation.

`Playback` keeps its own picture of the race (where each token stands, the points each racer
shows, the traps, the squares whose objects were taken, the turn, the acting racer and his phase,
a shock's numbered squares, the log: every line of the race, scenes/race/log.py) and a queue of
the engine's events still to show. `advance` plays the blocking animation of the moment and
shows the next events when it ends; `skip` shows at once everything queued. Each kind of event
has its handler (`_on_<kind>`), which changes the picture and starts the animation that tells it.
Once everything is shown, `sync` makes the picture the race's state again (they are the same by
then: a test checks it).

The playback reads the race, never changes it; what is shown is the whole of what the player sees
happen (the tutorial's lessons and the replay's controls hold it where they need to).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from game import Event, Race
from scenes.core import audio, theme, words
from scenes.core.i18n import racer_kind, t
from scenes.race import hud
from scenes.race.log import RaceLog
from scenes.render import actions, effects, motion, notices, rolls, sprites
from scenes.render.board import BoardRenderer, object_sprite

TILE = 48
PUSHES = ("lightning", "star", "flail")  # placements shown as a knock-back glide
BABY_SHORT = words.Catalogued("baby.short")  # over the baby: Beer! Poo! Zzz… asleep WAAAH!


def _never() -> bool:
    return False


class Playback:
    """The race's picture and the queue of events still to show (see the module)."""

    def __init__(self, race: Race, renderer: BoardRenderer, here: Callable[[int], bool]) -> None:
        self.race = race
        self.renderer = renderer
        self.here = here  # whether a racer is a person at this screen (his turn's banner says so)
        self.queue: deque[Event] = deque()
        self.anim: effects.Animation | None = None
        self.anim_done: Callable[[], None] | None = None
        self.ambient: list[effects.Animation] = []
        self.log = RaceLog()  # every line of the race shown so far
        self.shown: list[Callable[[Event], None]] = []  # called with every event once it is shown
        self.shock_marks: tuple[int, dict[int, tuple[Any, ...]]] | None = None
        self.shown_pos = {r.index: r.square for r in race.racers}
        self.shown_points = {r.index: r.points for r in race.racers}
        self.shown_protected = {r.index: r.protected for r in race.racers}
        self.shown_traps = {sq: trap.kind for sq, trap in race.traps.items()}
        self.shown_owners = {sq: trap.owner for sq, trap in race.traps.items()}
        self.shown_taken, self.shown_destroyed = set(race.taken), set(race.destroyed)
        renderer.sync(self.shown_taken, self.shown_destroyed)
        self.turn_shown = race.turn
        self.order_shown = list(race.order)  # this game turn's order of play
        self.acting = race.current
        self.phase = race.phase
        self._synced: tuple[Any, int, int] | None = None
        self._moves: tuple[Any, tuple[dict[int, Any], set[int]]] | None = None

    # ---------------------------------------------------------------- the queue
    def push(self, events: Iterable[Event]) -> None:
        """Events to show, in order."""
        self.queue.extend(events)

    def write_log(self, events: Iterable[Event]) -> None:
        """The log's lines of events shown before (a resumed race's, the language changed)."""
        for event in events:
            self._log(event)

    @property
    def busy(self) -> bool:
        """Whether events or a blocking animation are still to be shown."""
        return self.anim is not None or bool(self.queue)

    def update_ambient(self, dt: float) -> None:
        """The animations that do not hold the race (popups, rings) go on."""
        ambient = self.ambient
        for anim in ambient:
            anim.update(dt)
        if any(anim.t >= anim.duration for anim in ambient):
            ambient[:] = [anim for anim in ambient if not anim.done]

    def advance(self, dt: float, hold: Callable[[], bool] = _never) -> None:
        """Play the current animation; show the next events when it ends (until `hold()` says stop)."""
        budget = 200
        while budget:
            budget -= 1
            if hold():
                return
            if self.anim is not None:
                self.anim.update(dt)
                if not self.anim.done:
                    return
                self.finish_anim()
                dt = 0.0
            elif self.queue:
                self.show(self.queue.popleft(), animate=True)
            else:
                return

    def finish_anim(self) -> None:
        """End the blocking animation now, with its outcome."""
        done, self.anim, self.anim_done = self.anim_done, None, None
        if done is not None:
            done()

    def skip(self, hold: Callable[[], bool] = _never) -> None:
        """Show at once everything queued (until `hold()` says stop)."""
        if self.anim is not None:
            self.finish_anim()
        while self.queue and not hold():
            self.show(self.queue.popleft(), animate=False)
            if self.anim is not None:
                self.finish_anim()
        self.ambient.clear()

    def show_next(self) -> None:
        """Show the next queued event with its animation (a replay's step)."""
        if self.queue:
            self.show(self.queue.popleft(), animate=True)

    def sync(self) -> None:
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
        self.shown_traps = {sq: trap.kind for sq, trap in race.traps.items()}
        self.shown_owners = {sq: trap.owner for sq, trap in race.traps.items()}
        if self.shown_taken != race.taken or self.shown_destroyed != race.destroyed:
            self.shown_taken, self.shown_destroyed = set(race.taken), set(race.destroyed)
            self.renderer.sync(self.shown_taken, self.shown_destroyed)
        self.order_shown = list(race.order)
        if race.current is not None:
            self.acting = race.current
        self.phase = race.phase

    # ---------------------------------------------------------------- where the tokens are
    def token_moves(self, stamp: Any) -> tuple[dict[int, Any], set[int]]:
        """Where the animations show tokens now (racer -> float square or HIDDEN; the blocking
        animation has the last word), and who is walking. Worked out once per `stamp` (a frame):
        the camera and the tokens both ask."""
        key = (stamp, self.anim, len(self.ambient))
        if self._moves is not None and self._moves[0] == key:
            return self._moves[1]
        moved: dict[int, Any] = {}
        walking: set[int] = set()
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
        self._moves = (key, (moved, walking))
        return moved, walking

    # ---------------------------------------------------------------- one event
    def show(self, event: Event, animate: bool) -> None:
        """Turn one event into the picture's change and its animation."""
        self._log(event)
        if animate:
            audio.play_event(event)
        handler = getattr(self, f"_on_{event.kind}", None)
        if handler is not None:
            handler(event, animate)
        for listener in self.shown:
            listener(event)

    def _log(self, event: Event) -> None:
        line = words.describe(event, self.race)
        if line:
            self.log.add(event, line, hud.log_colour(event), self.here)

    def _play(self, anim: effects.Animation, animate: bool, done: Callable[[], None] | None = None) -> None:
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

    def _place(self, racer: int, square: tuple[int, int]) -> Callable[[], None]:
        """What an animation that brings `racer` to `square` does when it ends."""

        def done() -> None:
            self.shown_pos[racer] = square

        return done

    def _squares_changed(self) -> None:
        self.renderer.sync(self.shown_taken, self.shown_destroyed)

    # ---------------------------------------------------------------- the events' handlers
    def _on_turn_started(self, e: Event, animate: bool) -> None:
        self.turn_shown, self.order_shown = e.turn, list(e.order)
        self._play(notices.Banner(t("race.banner_turn", turn=e.turn, turns=self.race.turns), duration=0.9), animate)

    def _on_respawned(self, e: Event, animate: bool) -> None:
        self.shown_taken -= {tuple(s) for s in e.squares}
        self._squares_changed()
        for square in e.squares[:12]:
            self._play(notices.Ring(tuple(square), (255, 230, 150)), animate)

    def _on_racer_turn(self, e: Event, animate: bool) -> None:
        self.acting = e.racer
        self.phase = ""  # the previous racer's phase is over; his own shows with its event
        self.shown_protected[e.racer] = False
        r = self.race.racers[e.racer]
        if r.setup.bot:
            sub = racer_kind(r.setup.bot)  # "computer · hard"
        else:
            sub = t("race.your_turn") if self.here(e.racer) else t("net.friends_turn")
        self._play(notices.Banner(r.name, theme.racer_colour(e.racer), 0.7, sub=sub, blocking=True), animate)

    def _on_phase(self, e: Event, animate: bool) -> None:
        self.phase = e.phase

    def _on_rolled(self, e: Event, animate: bool) -> None:
        labels, icons = self._die_labels(e)
        self._play(rolls.Dice(e.die, e.faces, labels, icons, e.purpose, seed=len(self.log)), animate)

    def _die_labels(self, e: Event) -> tuple[list[Any], list[Any]]:
        """Words for dice whose faces are read on a table: looked up in what follows."""
        labels: list[Any] = [None] * len(e.die)
        icons: list[Any] = [None] * len(e.die)
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

    def _on_lucky(self, e: Event, animate: bool) -> None:
        clover = sprites.icon("object", "clover", 30)
        self._play(notices.Popup(t("race.lucky"), self.shown_pos[e.racer], (140, 255, 140), clover), animate)

    def _on_sprinter(self, e: Event, animate: bool) -> None:
        self._play(notices.Banner(t("race.sprinter"), (140, 255, 140), 0.9), animate)

    def _on_moved(self, e: Event, animate: bool) -> None:
        if not e.path:
            return
        path = [tuple(p) for p in e.path]
        slide = motion.Slide(e.racer, self.shown_pos[e.racer], path, self.race.board)
        self._play(slide, animate, self._place(e.racer, path[-1]))

    def _on_placed(self, e: Event, animate: bool) -> None:
        end = tuple(e.end)
        if self.shock_marks is not None and self.shock_marks[0] == e.racer and e.cause == "recoil":
            self.shock_marks = None
        if tuple(e.start) == end:
            return
        done = self._place(e.racer, end)
        if e.cause in PUSHES:
            slide = motion.Slide(e.racer, self.shown_pos[e.racer], [end], self.race.board, per_square=0.35)
            self._play(slide, animate, done)
            return
        swirl = e.cause in ("shortcut", "teleport")
        self._play(motion.Teleport(e.racer, tuple(e.start), end, *self._token_args(e.racer), swirl), animate, done)

    def _on_scored(self, e: Event, animate: bool) -> None:
        self.shown_points[e.racer] = e.total
        colour = theme.GOOD if e.points > 0 else theme.BAD
        label = f"{'+' if e.points > 0 else ''}{e.points}"
        if e.cause != "distance" or abs(e.points) > 1:
            self._play(notices.Popup(label, self.shown_pos[e.racer], colour, delay=0.1), animate)

    def _on_crossed_line(self, e: Event, animate: bool) -> None:
        if e.forward:
            self._play(notices.Confetti(self.shown_pos[e.racer], seed=e.racer), animate)
            name = self.race.racers[e.racer].name
            self._play(notices.Banner(t("race.lap"), theme.ACCENT, 1.0, sub=f"{name} +10"), animate)
        else:
            self._play(notices.Banner(t("race.lap_undone"), theme.BAD, 0.8, sub="-10"), animate)

    def _on_picked_up(self, e: Event, animate: bool) -> None:
        self.shown_taken.add(tuple(e.square))
        self._squares_changed()
        self._play(notices.Popup("", tuple(e.square), theme.TEXT, sprites.icon("object", e.object, 30)), animate)

    def _on_chest_opened(self, e: Event, animate: bool) -> None:
        self.shown_taken.add(tuple(e.square))
        self._squares_changed()
        self._play(rolls.Chest(e.object, words.object_name(e.object), e.tier), animate)

    def _on_trap_sprung(self, e: Event, animate: bool) -> None:
        self.shown_traps.pop(tuple(e.square), None)
        self._play(notices.Ring(tuple(e.square), (255, 120, 60)), animate)

    def _on_trap_laid(self, e: Event, animate: bool) -> None:
        square = tuple(e.square)

        def done() -> None:
            self.shown_traps[square] = e.trap
            self.shown_owners[square] = e.racer

        sprite = object_sprite("poo" if e.trap == "poo" else "trap", int(TILE * 0.8))
        self._play(actions.Drop(square, sprite), animate, done)

    def _on_trap_destroyed(self, e: Event, animate: bool) -> None:
        self.shown_traps.pop(tuple(e.square), None)
        self._play(notices.Ring(tuple(e.square), (255, 200, 80)), animate)

    def _on_fell(self, e: Event, animate: bool) -> None:
        exit_square = tuple(e.exit)
        fall = motion.Fall(e.racer, tuple(e.hole), exit_square, *self._token_args(e.racer))
        self._play(fall, animate, self._place(e.racer, exit_square))

    def _on_fight(self, e: Event, animate: bool) -> None:
        self._play(actions.Clash(tuple(e.square)), animate)

    def _on_fight_result(self, e: Event, animate: bool) -> None:
        winner = self.race.racers[e.winner].name
        result = words.RESULTS.get(e.result, e.result).capitalize()
        self._play(notices.Banner(result, (255, 170, 140), 0.9, sub=t("race.wins_fight", name=winner)), animate)

    def _on_shock(self, e: Event, animate: bool) -> None:
        self.shock_marks = (e.racer, {int(face): tuple(sq) for face, sq in e.squares.items()})
        self._play(notices.Ring(self.shown_pos[e.racer], (255, 150, 60)), animate)
        title = t("race.shock.big" if e.size == "big" else "race.shock.small")
        self._play(notices.Banner(title, (255, 150, 60), 0.9, sub=t("race.shock_help"), height=0.8), animate)

    def _on_shield_used(self, e: Event, animate: bool) -> None:
        self.shock_marks = None
        shield = sprites.icon("object", "shield", 34)
        self._play(notices.Popup(t("race.shield"), self.shown_pos[e.racer], (160, 200, 255), shield), animate)

    def _on_barrier_destroyed(self, e: Event, animate: bool) -> None:
        self.shown_destroyed.add(tuple(e.square))
        self._squares_changed()
        self._play(notices.Ring(tuple(e.square), (200, 140, 80)), animate)

    def _on_thrown(self, e: Event, animate: bool) -> None:
        size = 30 if e.object == "throwing_star" else 38
        icon = sprites.icon("object", e.object, size)
        thrown = actions.Thrown(self.shown_pos[e.racer], tuple(e.square), self.race.board, icon, e.object)
        self._play(thrown, animate)

    def _on_fireball(self, e: Event, animate: bool) -> None:
        path = [self.shown_pos[e.racer]] + [tuple(p) for p in e.path]
        self._play(actions.Fireball(path, self.race.board), animate)

    def _on_lightning(self, e: Event, animate: bool) -> None:
        leaders = set(e.leaders)
        where = [self.shown_pos[target] for target in e.targets]
        self._play(actions.Bolt(where, [target in leaders for target in e.targets], seed=e.racer), animate)

    def _on_flail(self, e: Event, animate: bool) -> None:
        icon = sprites.icon("ui", "fight", 34)
        start = self.shown_pos[e.racer]
        self._play(actions.Thrown(start, tuple(e.square), self.race.board, icon, "flail", per_square=0.1), animate)

    def _on_baby(self, e: Event, animate: bool) -> None:
        icon = {"beer": sprites.icon("object", "bottle", 34), "poo": sprites.icon("object", "poo", 34)}
        label = BABY_SHORT.get(e.action, e.action)
        baby = actions.Baby(self.shown_pos[e.racer], e.action, label, self.race.rules.cry_range, icon.get(e.action))
        self._play(baby, animate)

    def _on_turn_ended(self, e: Event, animate: bool) -> None:
        self.shock_marks = None
        self.phase = ""  # his turn is over: no phase until the next racer's (as the race has it)

    def _on_race_over(self, e: Event, animate: bool) -> None:
        self._play(notices.Banner(t("race.finish"), theme.ACCENT, 1.6, sub=t("race.over")), animate)
