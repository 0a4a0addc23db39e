"""Taking a choice back (issue 24): a person takes his own choices of the current turn back, up to the
last thing chance revealed (a roll, a chest, a fight's die), as Board Game Arena does. The race is
data: taking back is the race rebuilt from its record with one choice fewer, the same dice; the race
then goes on exactly as if the other choice had been made first (the computer racers' choices too),
and its replay holds only the choices that stood.

`python -m tests.test_take_back docs/screenshots` draws the README's picture of a choice taken back."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame
import pytest

import main
from game import Race, RacerSetup, load_board
from game.app.session import Session
from game.app.settings import Settings
from game.bots import ai
from game.meta import replay
from game.rules import seeds
from scenes.app import App
from scenes.race import RaceScene, hud
from scenes.race.seats import Seats

ROOT = Path(__file__).resolve().parent.parent
CHANCE = ("rolled", "chest_opened", "fight_result")  # a roll, a chest, a fight's die


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "fantasy-racing"


@pytest.fixture(scope="module")
def meadow():
    return load_board(ROOT / "maps" / "meadow.tmx")


def lineup() -> list[RacerSetup]:
    return [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", bot="normal"), RacerSetup("dwarf", "Cy", bot="expert")]


def person(race: Race, racer: int) -> bool:
    return race.racers[racer].setup.bot is None


def people(sess: Session):
    """Whether a racer of the session's race (as it is now) is a person at this screen."""
    return lambda racer: person(sess.race, racer)


def deciding(scene):
    """Whether a person here decides, everything shown (for run_until)."""
    return lambda: scene.panel is not None and not scene.busy


def quiet(race: Race, option) -> bool:
    """Whether `option` reveals nothing by chance and leaves the same racer deciding (on a copy)."""
    copy = Race.from_dict(race.to_dict(), board=race.board)
    before = copy.dice.getstate()
    copy.choose(option)
    return copy.dice.getstate() == before and copy.pending is not None and copy.pending.racer == race.pending.racer


def policy(race: Race, rngs) -> object:
    """Everyone's choice, computed: the person's by the greedy policy with his own stream too."""
    decision = race.pending
    return ai.pick(race, decision, race.racers[decision.racer].setup.bot or "greedy", rngs[decision.racer])


def branch(board, seed: int):
    """A race played by policies up to a person's decision with an option that reveals nothing
    (`quiet`) and another one: (session, rngs, the quiet option, the other)."""
    race = Race.new(board, lineup(), turns=5, seed=seed)
    sess, rngs = Session(race, {}), seeds.bot_rngs(seed, 3)
    while race.pending is not None:
        decision = race.pending
        if person(race, decision.racer) and len(race.choices) > 10 and len(decision.options) > 1:
            calm = [o for o in decision.options if quiet(race, o)]
            if calm:
                other = next(o for o in decision.options if o != calm[0])
                return sess, rngs, calm[0], other
        sess.choose(policy(race, rngs))
    raise AssertionError("no decision to take back in this race")


def finish(sess: Session, rngs) -> Race:
    while sess.race.pending is not None:
        sess.choose(policy(sess.race, rngs))
    return sess.race


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_a_choice_taken_back_and_another_made_goes_on_as_if_the_other_had_been_made_first(meadow, folder):
    sess, rngs, calm, other = branch(meadow, 3)
    decision, before = sess.race.pending, sess.race.to_dict()
    here = lambda racer: person(sess.race, racer)  # noqa: E731
    assert not sess.can_take_back(here)  # nothing of this turn made yet: the roll came last
    sess.choose(calm)
    assert sess.can_take_back(here)
    back = sess.take_back()
    assert back is sess.race and back.to_dict() == before and back.pending == decision  # the same dice
    sess.choose(other)
    undone = finish(sess, rngs)
    # the same race, with the other choice made first
    again, rngs_again, calm_again, other_again = branch(meadow, 3)
    assert (calm_again, other_again) == (calm, other)
    again.choose(other)
    straight = finish(again, rngs_again)
    assert undone.to_dict() == straight.to_dict()
    assert [e.to_dict() for e in undone.log] == [e.to_dict() for e in straight.log]


@pytest.mark.slow  # (half a second or more: the quick loop leaves it to the full run)
def test_a_choice_is_never_taken_back_past_a_roll_a_chest_or_a_fights_die(meadow, folder):
    """Three races played by policies: after each person's choice, a take-back is offered exactly when
    the dice did not move; then it gives back the race as it was (the same dice), and the same choice
    again goes on as before. Chests, fights and rolls were met, and never taken back."""
    refused = {kind: 0 for kind in CHANCE}
    taken = 0
    for seed in (1, 2, 5):
        race = Race.new(meadow, lineup(), turns=5, seed=seed)
        sess, rngs = Session(race, {}), seeds.bot_rngs(seed, 3)
        sess.take_events()  # (the first roll: shown as the race starts)
        straight = Race.new(meadow, lineup(), turns=5, seed=seed)
        while sess.race.pending is not None:
            race = sess.race
            option, decision, before = policy(race, rngs), race.pending, race.to_dict()
            moved = race.dice.getstate()
            events = sess.choose(option)
            straight.choose(option)
            revealed = sess.race.dice.getstate() != moved
            here = people(sess)
            mine = person(race, decision.racer) and sess.race.pending is not None
            mine = mine and sess.race.pending.racer == decision.racer
            assert sess.can_take_back(here) == (mine and not revealed), (seed, len(race.choices), decision.kind)
            kinds = {e.kind for e in events}
            assert revealed or "rolled" not in kinds  # a roll is chance revealed
            for kind in kinds & set(CHANCE) if revealed else ():  # (a chest or a fight after a clover: its die
                assert not sess.can_take_back(here)  # was shown before the clover's choice)
                refused[kind] += person(race, decision.racer)
            if sess.can_take_back(here):
                back = sess.take_back()
                assert back.to_dict() == before and back.pending == decision
                assert not sess.can_take_back(here) or sess.since_chance  # (earlier choices of the turn)
                sess.choose(option)
                taken += 1
        assert sess.race.to_dict() == straight.to_dict()
        assert [e.to_dict() for e in sess.race.log] == [e.to_dict() for e in straight.log]
    assert taken > 10 and refused["rolled"] > 0, refused


def revealing(race: Race, kind: str):
    """An option of the pending decision whose events show `kind` with the dice moved (on a copy)."""
    for option in race.pending.options:
        copy = Race.from_dict(race.to_dict(), board=race.board)
        before = copy.dice.getstate()
        copy.choose(option)
        if copy.dice.getstate() != before and any(e.kind == kind for e in copy.take_events()):
            return option
    return None


@pytest.mark.parametrize("kind", ["chest_opened", "fight_result"])
def test_a_choice_that_opens_a_chest_or_starts_a_fight_is_never_taken_back(meadow, folder, kind):
    for seed in range(1, 30):
        race = Race.new(meadow, lineup(), turns=5, seed=seed)
        sess, rngs = Session(race, {}), seeds.bot_rngs(seed, 3)
        sess.take_events()
        while sess.race.pending is not None:
            race = sess.race
            option = revealing(race, kind) if person(race, race.pending.racer) else None
            if option is None:
                sess.choose(policy(race, rngs))
                continue
            events = sess.choose(option)
            assert any(e.kind == kind for e in events)
            assert not sess.can_take_back(people(sess)) and sess.take_back() is None
            return
    raise AssertionError(f"no person's choice led to {kind} in 29 races")


def test_the_take_backs_of_a_turn_go_back_to_its_roll_and_no_further(meadow, folder):
    sess, _, calm, _ = branch(meadow, 3)
    start, here = sess.race.to_dict(), (lambda racer: person(sess.race, racer))
    sess.choose(calm)
    while sess.race.pending is not None and quiet(sess.race, sess.race.pending.options[0]):
        sess.choose(sess.race.pending.options[0])  # more choices of the turn, none revealing anything
    made = len(sess.since_chance)
    for _ in range(made):
        assert sess.can_take_back(here)
        sess.take_back()
    assert made >= 1 and sess.race.to_dict() == start  # back to the roll...
    assert not sess.can_take_back(here) and sess.take_back() is None  # ...and not past it


def test_the_replay_of_a_race_with_a_choice_taken_back_checks(meadow, folder, capsys):
    sess, rngs, calm, other = branch(meadow, 2)
    sess.choose(calm)
    sess.take_back()
    sess.choose(other)
    race = finish(sess, rngs)
    (kept,) = (folder / "replays").glob("*.json")  # the finished race's replay, kept by the session
    assert replay.load(kept).choices == replay.data(race)["race"]["choices"]
    assert calm not in race.choices[len(race.choices) - 1 :] and race.choices.count(other) >= 1
    assert main.main(["replay", str(kept), "--check"]) == 0
    assert "ok" in capsys.readouterr().out


# ---------------------------------------------------------------- the race screen
def key(k, **extra):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0, **extra)


@pytest.fixture
def app(folder):
    return App(settings=Settings(animation_speed=4.0, tutorial_seen=True))


def run_until(app, condition, seconds=120.0):
    """Step frames until `condition()` holds, bounded in time (a computer racer may be thinking)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        app.step([], 1 / 30)
    raise AssertionError("never reached")


def scene_at_branch(app, board, seed: int):
    """A race screen at a person's decision with a quiet option (reached through the screen)."""
    sess, _, calm, other = branch(board, seed)
    scene = app.stack.push(RaceScene(sess.race, session=sess))
    run_until(app, lambda: scene.panel is not None)
    return scene, calm, other


def test_u_backspace_the_button_and_a_controllers_b_take_the_choice_back(app, meadow):
    scene, calm, _ = scene_at_branch(app, meadow, 3)
    computer = scene.computer
    streams = {r: rng.getstate() for r, rng in computer.rngs.items()}
    before, decision = scene.race.to_dict(), scene.race.pending
    assert not scene.can_take_back()
    ways = [
        [key(pygame.K_u)],
        [key(pygame.K_BACKSPACE)],
        [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hud.undo_button().center, button=1)],
    ]
    for way in ways:
        scene.choose(calm)
        run_until(app, lambda: scene.panel is not None and not scene.busy)
        assert scene.can_take_back() and len(scene.race.choices) == len(before["choices"]) + 1
        app.step(way)
        assert scene.race.to_dict() == before and scene.race.pending == decision
        assert scene.session.race is scene.race and scene.playback.race is scene.race
        assert scene.takeback.said == "Choice taken back: choose again."
        run_until(app, lambda: scene.panel is not None and scene.panel.decision == decision)
    # a controller's B (Escape that says so): Undo while a take-back is possible, else the pause menu
    scene.choose(calm)
    run_until(app, lambda: scene.panel is not None and not scene.busy)
    app.handle(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B, instance_id=0))
    assert scene.race.to_dict() == before and app.stack.top is scene
    run_until(app, lambda: scene.panel is not None)
    app.handle(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B, instance_id=0))
    assert app.stack.top is not scene  # nothing to take back: B is Escape, the pause menu
    # the computer racers' streams are their own: taking back touched none of them
    assert scene.computer is computer and {r: rng.getstate() for r, rng in computer.rngs.items()} == streams


def test_u_with_nothing_to_take_back_says_why_and_changes_nothing(app, meadow):
    scene, _, _ = scene_at_branch(app, meadow, 3)
    before = scene.race.to_dict()
    app.step([key(pygame.K_u)])
    assert scene.race.to_dict() == before
    assert scene.takeback.said.startswith("Nothing to take back: chance spoke since")


def test_a_network_race_asks_its_host_for_the_take_back_never_its_session(app, meadow):
    class Elsewhere(Seats):
        takes_back = False  # (a network race: the host takes choices back)
        allowed = False
        asked: list[int] = []

        def may_take_back(self, race):
            return self.allowed

        def take_back(self, race):
            self.asked.append(len(race.choices))

    sess, _, calm, _ = branch(meadow, 3)
    seats = Elsewhere()
    scene = app.stack.push(RaceScene(sess.race, session=sess, seats=seats))
    run_until(app, lambda: scene.panel is not None)
    scene.choose(calm)
    run_until(app, lambda: scene.panel is not None and not scene.busy)
    count = len(scene.race.choices)
    app.step([key(pygame.K_u)])  # the host would refuse: one sentence, nothing asked
    assert len(scene.race.choices) == count and not scene.can_take_back() and seats.asked == []
    assert scene.takeback.said.startswith("Nothing to take back: chance spoke since")
    seats.allowed = True
    app.step([key(pygame.K_u)])  # asked of the host; the session took nothing back itself
    assert seats.asked == [count] and len(scene.race.choices) == count and sess.since_chance


def test_the_guided_race_and_replays_show_no_undo(app, meadow):
    sess, _, calm, _ = branch(meadow, 3)
    unsaved = Session.unsaved(sess.race)
    scene = app.stack.push(RaceScene(sess.race, session=unsaved))
    run_until(app, lambda: scene.panel is not None)
    scene.choose(calm)
    run_until(app, lambda: scene.panel is not None and not scene.busy)
    count = len(scene.race.choices)
    app.step([key(pygame.K_u)])
    assert len(scene.race.choices) == count and not scene.takeback.shown(scene) and scene.takeback.said == ""


@pytest.mark.slow
def test_after_a_take_back_the_computer_racers_play_as_if_the_other_choice_had_been_made_first(app, meadow):
    """Through the race screen (the computer racers on their thread, with their own streams): a choice
    taken back and another made; the race played to its end by Enter; the same race as the one where
    the other choice was made first."""
    races = []
    for undo in (True, False):
        app.stack.reset(app.stack.make("title"))
        scene, calm, other = scene_at_branch(app, meadow, 3)
        if undo:
            scene.choose(calm)
            run_until(app, deciding(scene))
            app.step([key(pygame.K_u)])
            run_until(app, deciding(scene))
        scene.choose(other)
        deadline = time.monotonic() + 600  # the computer racers think on their own: a bound in time, not frames
        while not scene.race.over and time.monotonic() < deadline:
            app.step([key(pygame.K_RETURN)] if scene.panel is not None and not scene.busy else [], 1 / 30)
        assert scene.race.over
        races.append(scene.race.to_dict())
    assert races[0] == races[1]


# ---------------------------------------------------------------- the README's picture
def undo_shot(folder) -> Path:
    """A drift taken back: the race back at the drift's decision, the line that says so, Undo still lit
    (the move before it may be taken back too)."""
    import os
    import tempfile

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    app = App(settings=Settings(tutorial_seen=True, animation_speed=4.0))
    scene, calm, _ = scene_at_branch(app, load_board(ROOT / "maps" / "meadow.tmx"), 3)
    scene.choose(calm)
    run_until(app, lambda: scene.panel is not None and not scene.busy)
    scene.choose(next(o for o in scene.race.pending.options[1:] if quiet(scene.race, o)))
    run_until(app, lambda: scene.panel is not None and not scene.busy)
    app.step([key(pygame.K_u)])
    run_until(app, lambda: scene.panel is not None and not scene.busy)
    for _ in range(6):
        app.step([], 1 / 30)
    path = Path(folder) / "undo.png"
    app.screenshot(path)
    return path


if __name__ == "__main__":
    __import__("os").environ.setdefault("SDL_VIDEODRIVER", "dummy")
    __import__("os").environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(undo_shot(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))


def test_the_race_scene_holds_no_race_of_its_own_the_session_does(meadow, folder):
    from scenes.race.scene import RaceScene

    racers = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")]
    race, other = (Race.new(meadow, racers, 5, seed=seed) for seed in (3, 4))
    scene = RaceScene(race, session=Session.unsaved(race))
    assert scene.race is scene.session.race is race
    scene.session.race = other  # (taking a choice back gives the session a new race: the scene shows it)
    assert scene.race is other
    with pytest.raises(ValueError):
        RaceScene(race, session=Session.unsaved(other))
