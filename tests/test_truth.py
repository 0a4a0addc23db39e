"""The board never lies (issue 24): every option of a decision that moves a racer lights the square
where the engine's own race really ends it (compared on a fork), its label says what really happens,
options that do exactly the same are offered once; the focus starts on a safe option and an option
that surely costs asks for a second press; the title asks before quitting and gives the focus back.

`python -m tests.test_truth docs/screenshots` draws the README's picture of a blocked move.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame
import pytest

from game import Board, Race, RacerSetup, load_board
from game.bots import ai
from game.meta import tutorial
from game.meta.tutorial import PreparedDice
from game.rules.dice import Dice
from scenes.race.decisions import DecisionPanel
from scenes.race.options import SQUARE_KINDS

BOARDS = ("meadow.tmx", "forest.tmx", "mine.tmx")
RACES = 50  # seeded races per board
CAST = ("elf", "sorceress", "thief", "dwarf", "baby", "orc", "goblin", "beastman")
# A walk is over at these events: what follows is chance (a roll) or a consequence (a fall, a fight).
OVER = ("fell", "trap_sprung", "fight", "shock", "shortcut", "turn_ended", "phase", "racer_turn")


class Watching(Dice):
    """Dice that note where a racer stands the first time the race rolls anything but a chest's
    object die (a chest on the way does not end a walk)."""

    replayable = True

    def __init__(self, race: Race, racer: int) -> None:
        super().__init__(0)
        self.race, self.racer, self.square = race, racer, None

    def roll(self, die):
        if self.square is None and die.name != "DOBJ":
            self.square = self.race.racers[self.racer].square
        return super().roll(die)


def where_it_really_ends(race: Race, decision, option) -> tuple[tuple[int, int], bool, tuple]:
    """The engine's own race, forked, answering `option`: the square where the deciding racer's walk
    ends (a hole: the square he climbs out onto; a trap: the square he stepped on; a roll: where he
    stood for it; else where he stands when the next decision comes), whether he walked or was placed
    at all, and what the race
    did until then (its events: two options that do exactly the same did the same)."""
    fork = race.fork(Dice(0))
    racer = decision.racer
    watching = Watching(fork, racer)
    fork.dice = watching
    start = fork.racers[racer].square
    fork.choose(option)
    moved, seen = False, []
    while True:
        for event in fork.take_events():
            kind = event.kind
            seen.append((kind, repr(tuple(event))))
            if kind in ("moved", "placed") and event.racer == racer:
                moved = True
            if kind == "placed" and event.racer == racer and event.cause == "hole_exit":
                return tuple(event.end), True, tuple(seen)  # (lit where he climbs out, issue 33)
            if kind == "trap_sprung" and event.racer == racer:
                return event.square, True, tuple(seen)
            if kind in OVER or (kind == "rolled" and list(event.die) != ["DOBJ"]):
                return (watching.square or fork.racers[racer].square), moved, tuple(seen)
        pending = fork.pending
        if pending is None or pending.racer != racer or pending.kind not in ("clover", "drop"):
            end = fork.racers[racer].square
            return end, moved or end != start, tuple(seen) + (pending,)
        fork.choose(pending.options[0])  # a chest's clover, an object dropped: the walk goes on


MOVING = ("move", "drift", "coins", "distance", "tactical", "shortcut_stop")


def check_panel(race: Race, decision, seen: dict) -> None:
    """The panel built for this decision (its racer made a person) against the engine's own race."""
    panel = DecisionPanel(decision, race, lambda option: None, pygame.Rect(0, 46, 864, 674))
    kind = decision.kind
    stood_for = [option for entry in panel.entries for option in entry.options]
    assert sorted(map(repr, stood_for)) == sorted(map(repr, decision.options)), (kind, decision.options)
    ends = {}
    for entry in panel.entries:
        assert entry.option in entry.options
        if kind in SQUARE_KINDS and entry.outcome is None:
            square = entry.option if isinstance(entry.option, tuple) else None  # ("end", "undo", "none")
            assert entry.square == square, (kind, entry.option, entry.square)
            if kind == "path" and square is not None:  # the fireball's next square, where the path goes
                fork = race.fork(Dice(0))
                fork.choose(entry.option)
                drawn = fork.pending.info.get("path", []) if fork.pending is not None else []
                assert not drawn or tuple(drawn[-1]) == square
                seen["path"] = seen.get("path", 0) + 1
            continue
        for option in entry.options:
            if kind in ("clover", "shield", "reroll", "drop"):
                continue
            end, moved, did = where_it_really_ends(race, decision, option)
            ends[option] = did
            if kind in MOVING or moved or option == "move":
                assert entry.outcome is not None, (kind, option)
                assert entry.square == end, (kind, option, entry.square, end, race.racers[decision.racer].square)
                for counted in (kind if kind != "target" else "teleport", "squares") + (
                    ("stopped",) if entry.outcome.stopped_by is not None else ()
                ):
                    seen[counted] = seen.get(counted, 0) + 1
            else:
                assert entry.outcome is None and entry.square is None, (kind, option, entry.square)
        if entry.outcome is not None and len(entry.options) > 1:
            seen["merged"] = seen.get("merged", 0) + len(entry.options) - 1
            assert len({ends[option] for option in entry.options}) == 1, (kind, entry.options)
    moving = [entry for entry in panel.entries if entry.outcome is not None]
    assert len({ends[entry.option] for entry in moving}) == len(moving), f"{kind}: equal outcomes offered twice"
    # Safe by default: never a sure loss when something else costs nothing; the longest harmless move.
    focused = panel.focused
    assert not focused.costly or all(entry.costly for entry in panel.entries), (kind, focused.label)
    if kind == "path" and any(entry.square is not None for entry in panel.entries):
        assert focused.square is not None  # the keys' preview: the focused next square
    harmless = [entry.outcome.points for entry in panel.entries if entry.harmless]
    assert not harmless or (focused.harmless and focused.outcome.points == max(harmless)), (kind, focused.label)


def race_of(board: str, seed: int) -> Race:
    rng = random.Random(seed)
    cast = rng.sample(CAST, 4)
    setups = [RacerSetup(c, f"R{i}", "normal") for i, c in enumerate(cast)]
    return Race.new(load_board(f"maps/{board}"), setups, turns=6, seed=seed)


# The action phase's choices that lead to the decisions a bot seldom makes (coins, a wand, a bottle):
# taken half the time they are offered, so that every kind of move is met.
SOUGHT = ("coins", "wand:wand_of_teleportation", "use:bottle", "use:syringe", "use:ring_of_fire", "wand:wand_of_fire")


def computer_choice(race: Race, decision, rng: random.Random):
    """The normal computer racer's choice, but for the action phase's SOUGHT options (coins are kept
    until he holds two or more: then how many to spend is a choice)."""
    if decision.kind != "action":
        return ai.pick(race, decision, "normal", rng)
    coins = race.racers[decision.racer].inventory.coins
    for option in SOUGHT:
        if option in decision.options and (option != "coins" or coins >= 2) and rng.random() < 0.5:
            return option
    choice = ai.pick(race, decision, "normal", rng)
    return choice if choice != "coins" or coins >= 2 else next(o for o in decision.options if o != "coins")


@pytest.mark.slow
@pytest.mark.parametrize("board", BOARDS)
def test_every_moving_option_lights_where_the_engine_really_ends_it_on_the_shipped_boards(board):
    seen: dict[str, int] = {}
    for seed in range(RACES):
        race = race_of(board, seed)
        rng = random.Random(seed)
        while (decision := race.pending) is not None:
            if decision.kind not in ("clover",):
                check_panel(race, decision, seen)
            race.choose(computer_choice(race, decision, rng))
    print(board, seen)
    assert {"move", "drift", "action", "tactical", "coins", "stopped", "merged"} <= set(seen)


# ---------------------------------------------------------------- a blocked move in the window
def blocked_move_race() -> Race:
    """Meadow Dash (before issue 47), turn 4: Ann (a person, the elf) rolled a 6, a 5 and her quick 2 with a
    barrier three rows below her: the 5 and the 6, straight or in an L, stop in front of it."""
    setups = [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "normal"), RacerSetup("dwarf", "Cy", "normal")]
    # the rules of version 1 (game/rules/tuning.py), under which this race was found: since, her quick die's doubles
    # give her clovers, and the race goes another way (a race recorded under them still plays by them)
    # Meadow Dash as it was until issue 47 retuned it (its rules squares: tests/boards/meadow-before-47.txt)
    text = (Path(__file__).parent / "boards" / "meadow-before-47.txt").read_text()
    meadow = Board.from_text(text, name="Meadow Dash", turns=8, respawn_turns=(4, 7))
    race = Race.new(meadow, setups, turns=8, seed=1, rules=1)
    rng = random.Random(1)
    while len(race.choices) < 36:
        race.choose(ai.pick(race, race.pending, "normal", rng))
    race.take_events()
    return race


@pytest.fixture
def app(tmp_path, monkeypatch):
    from game.app.settings import Settings
    from scenes.app import App

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(animation_speed=4.0, language="en", tutorial_seen=True))


def race_scene(app, race: Race):
    from scenes.race import RaceScene

    scene = app.stack.push(RaceScene(race, {"board": "maps/meadow.tmx"}))
    for _ in range(600):
        if scene.panel is not None and not scene.busy:
            scene.settle_view()  # (the race's opening view of the whole board over)
            return scene
        app.step([], 1 / 30)
    raise AssertionError("the decision never came")


def test_the_window_lights_where_a_blocked_move_really_stops_and_draws_its_blocked_path(app):
    race = blocked_move_race()
    decision = race.pending
    assert decision.racer == 0 and decision.kind == "move" and (6, 0) in decision.options
    scene = race_scene(app, race)
    panel = scene.panel
    start = race.racers[0].square
    lit = {square for square, _, _ in panel.squares()}
    assert race.board.wrap(start[0] + 6, start[1]) not in lit  # not beyond the barrier
    for entry in panel.entries:
        for option in entry.options:
            assert entry.square == where_it_really_ends(race, decision, option)[0]
    six = next(entry for entry in panel.entries if (6, 0) in entry.options)
    assert six.square == race.board.wrap(start[0] + 2, start[1])
    assert {(5, 0), (5, -1), (4, 2), (3, -3)} <= set(six.options) and len(panel.entries) < len(decision.options)
    assert six.label == "2 squares down — the barrier stops you" and panel.focused is six  # the longest harmless
    app.step([], 1 / 30)
    barrier = race.board.wrap(start[0] + 3, start[1])
    assert six.blocked[0] == barrier and race.blocks(barrier)
    red = app.screen.get_at(scene.spots(barrier)[0])[:3]
    assert red[0] > 150 and red[1] < 110, red  # crossed out in red
    lines = scene.drawing.explanation()
    assert lines[0].startswith("2 squares, +2 points")
    assert any("the barrier stops the walk after 2 of" in line for line in lines)


def blocked_move_shot(folder) -> Path:
    """The README's picture of a blocked move's highlight: FOLDER/blocked-move.png."""
    from game.app.settings import Settings
    from scenes.app import App

    app = App(settings=Settings(animation_speed=4.0, language="en", tutorial_seen=True))
    race_scene(app, blocked_move_race())
    for _ in range(10):
        app.step([], 1 / 30)
    path = Path(folder) / "blocked-move.png"
    app.screenshot(path)
    return path


def test_the_blocked_moves_picture_draws(app, tmp_path):
    path = blocked_move_shot(tmp_path)
    picture = pygame.image.load(str(path))
    assert picture.get_size() == (1280, 720)


# ---------------------------------------------------------------- safe by default
HOLE_BESIDE = """
..1.....
..2.....
.O......
"""


def won_fight_beside_a_hole() -> Race:
    """The goblin (a person) wins a fight next to a hole: his tactical move may step into it.
    Prepared dice (they fork, as the screen needs): the orc walks 2, the goblin 1 onto him, wins."""
    lines = [line for line in HOLE_BESIDE.strip().splitlines()]
    board = Board.from_text("\n".join(lines + ["........"] * (16 - len(lines))))
    faces = [("D6", 1), ("D6", 2), ("D6", 1), ("D6", 3), ("DCOMBAT", 100), ("D10", 10)]
    race = Race.new(board, [RacerSetup("orc", "Bo"), RacerSetup("goblin", "Pip")], turns=5, dice=PreparedDice(faces, 5))
    for option in ((2, 0), (0, 0), "rest", (1, 0)):
        race.choose(option)
    race.take_events()
    assert race.pending.kind == "tactical" and race.pending.racer == 1 and -1 in race.pending.options
    return race


def test_the_focus_starts_on_staying_not_on_the_step_into_a_hole_which_shows_its_cost():
    race = won_fight_beside_a_hole()
    panel = DecisionPanel(race.pending, race, lambda option: None, pygame.Rect(0, 46, 864, 674))
    into = next(entry for entry in panel.entries if entry.option == -1)
    assert into.costly and into.label == "1 left — into a hole (−3 points)" and into.outcome.end == (2, 1)
    assert into.square == (1, 1), "lit where he climbs out of the hole, a row up"
    assert panel.focused.option == 0


def the_lessons_decisions():
    """The guided race played as its lessons say (the computer racer by his bot): each decision of the
    player, with the race at it."""
    race = tutorial.new_race("Pip", "Grob")
    steps, done, rng = tutorial.STEPS, 0, random.Random(1)
    while race.pending is not None:
        for event in race.take_events():
            who = getattr(event, "defender", None) if event.kind == "fight" else getattr(event, "racer", 0)
            step = steps[done] if done < len(steps) else None
            if step is not None and step.on == "event" and step.kind == event.kind and who == tutorial.PLAYER:
                done += 1
        decision = race.pending
        if decision.racer != tutorial.PLAYER:
            race.choose(ai.pick(race, decision, "normal", rng))
            continue
        yield race, decision
        step = steps[done] if done < len(steps) else None
        if step is not None and step.on == "decision":
            done += 1
            race.choose(step.expect if step.expect is not None else decision.options[0])
        else:
            race.choose(decision.options[0])


def action_above_a_hole() -> Race:
    """The goblin (a person) in his action phase two squares above a hole: his walk ends in it."""
    board = Board.from_text("\n".join(["..1..2..", "........", "........", "..O....."] + ["........"] * 12))
    faces = [("D6", 1), ("D6", 2)]
    race = Race.new(board, [RacerSetup("goblin", "Pip"), RacerSetup("orc", "Bo")], turns=5, dice=PreparedDice(faces, 5))
    for option in ((1, 0), (0, 0)):
        race.choose(option)
    assert race.pending.kind == "action" and race.pending.racer == 0
    return race


def test_the_focus_starts_on_resting_before_a_hole_and_on_taking_a_shock_rather_than_paying_for_a_shield():
    race = action_above_a_hole()
    panel = DecisionPanel(race.pending, race, lambda option: None, pygame.Rect(0, 46, 864, 674))
    move = next(entry for entry in panel.entries if entry.option == "move")
    assert move.costly and move.label == "Move 2 — into a hole (−3 points)"
    focused = {"hole": panel.focused.option}
    for race, decision in the_lessons_decisions():
        panel = DecisionPanel(decision, race, lambda option: None, pygame.Rect(0, 46, 864, 674))
        if decision.kind == "shield":
            focused["shield"] = panel.focused.option
            assert [entry.costly for entry in panel.entries] == [True, False]  # the shield's 2 points
        elif decision.kind == "drift":
            focused.setdefault("drift", set()).add(panel.focused.option)
    assert focused == {"shield": "take", "hole": "rest", "drift": {(0, 0)}}


# ---------------------------------------------------------------- a second press for what surely costs
def tactical_scene(app):
    scene = race_scene(app, won_fight_beside_a_hole())
    panel = scene.panel
    hole = next(i for i, entry in enumerate(panel.entries) if entry.option == -1)
    return scene, panel, hole


def keys(app, *pressed):
    for k in pressed:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 1 / 30)
        app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0)], 1 / 30)


def test_a_costly_option_takes_a_second_press_of_its_number_or_enter_and_escape_takes_the_first_back(app):
    from scenes.screens.pause import PauseScene

    scene, panel, hole = tactical_scene(app)
    race = scene.race
    made = len(race.choices)
    number = pygame.K_1 + panel._button_entries().index(panel.entries[hole])
    keys(app, number)
    assert len(race.choices) == made and panel.armed == hole and panel.focus == hole
    assert scene.drawing.explanation()[0].startswith("It costs −3 points: press it again to confirm")
    keys(app, pygame.K_ESCAPE)  # takes the first press back, no pause menu
    assert panel.armed is None and not isinstance(app.stack.top, PauseScene) and len(race.choices) == made
    keys(app, pygame.K_RETURN)  # Enter on the focused (costly) option: armed again
    assert panel.armed == hole and len(race.choices) == made
    keys(app, pygame.K_RIGHT)  # moving the focus takes it back too
    assert panel.armed is None
    keys(app, pygame.K_LEFT, pygame.K_RETURN, pygame.K_RETURN)
    assert race.choices[made:] == [-1]


def test_a_costly_option_takes_a_second_click_on_its_button_or_its_square(app):
    scene, panel, hole = tactical_scene(app)
    race = scene.race
    made = len(race.choices)
    button = panel.entries[hole].rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1)], 1 / 30)
    assert panel.armed == hole and len(race.choices) == made
    spot = scene.spots(panel.entries[hole].square)[0]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)], 1 / 30)
    assert race.choices[made:] == [-1]
    scene, panel, hole = tactical_scene(app)
    race = scene.race
    made = len(race.choices)
    stay = next(i for i, entry in enumerate(panel.entries) if entry.option == 0)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel.entries[stay].rect.center, button=1)], 1 / 30)
    assert race.choices[made:] == [0]  # what costs nothing: one click


def test_a_costly_option_takes_a_second_press_of_the_controllers_a_and_b_takes_it_back(app):
    from scenes.screens.pause import PauseScene

    def press(button):
        return [
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0),
        ]

    scene, panel, hole = tactical_scene(app)
    race = scene.race
    made = len(race.choices)
    while panel.focus != hole:
        app.step(press(pygame.CONTROLLER_BUTTON_DPAD_LEFT), 1 / 30)
    app.step(press(pygame.CONTROLLER_BUTTON_A), 1 / 30)
    assert panel.armed == hole and len(race.choices) == made
    app.step(press(pygame.CONTROLLER_BUTTON_B), 1 / 30)
    assert panel.armed is None and not isinstance(app.stack.top, PauseScene)
    app.step(press(pygame.CONTROLLER_BUTTON_A), 1 / 30)
    app.step(press(pygame.CONTROLLER_BUTTON_A), 1 / 30)
    assert race.choices[made:] == [-1]


# ---------------------------------------------------------------- the title: quitting asks, the focus comes back
def title_in(app):
    from scenes.screens.title import TitleScene

    title = app.stack.push(TitleScene())
    app.step([], 1 / 30)
    return title


def test_escape_on_the_title_asks_before_quitting_no_focused(app):
    from scenes.screens.question import QuestionScene

    title = title_in(app)
    keys(app, pygame.K_ESCAPE)
    question = app.stack.top
    assert isinstance(question, QuestionScene) and question.question == "Quit Fantasy Racing?"
    assert question.group.focused.label == "No"
    keys(app, pygame.K_RETURN)  # No: the title again, the game goes on
    assert app.stack.top is title and app.running
    keys(app, pygame.K_ESCAPE, pygame.K_ESCAPE)  # Escape says No too
    assert app.stack.top is title and app.running
    keys(app, pygame.K_ESCAPE, pygame.K_LEFT)
    assert app.stack.top.group.focused.label == "Yes, quit"
    keys(app, pygame.K_RETURN)
    assert not app.running


def test_the_quit_item_asks_too_and_a_click_on_yes_quits(app):
    title = title_in(app)
    quit_item = next(w for w in title.group.widgets if w.action == title.quit)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=quit_item.rect.center, button=1)], 1 / 30)
    question = app.stack.top
    assert question is not title and app.running
    yes = next(w for w in question.group.widgets if w.label == "Yes, quit")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=yes.rect.center, button=1)], 1 / 30)
    assert not app.running


def test_the_controllers_b_on_the_title_asks_and_b_again_keeps_the_game(app):
    def press(button):
        return [
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0),
        ]

    title = title_in(app)
    app.step(press(pygame.CONTROLLER_BUTTON_B), 1 / 30)
    assert app.stack.top is not title
    app.step(press(pygame.CONTROLLER_BUTTON_A), 1 / 30)  # A on the focused No
    assert app.stack.top is title and app.running
    app.step(press(pygame.CONTROLLER_BUTTON_B), 1 / 30)
    app.step(press(pygame.CONTROLLER_BUTTON_B), 1 / 30)
    assert app.stack.top is title and app.running


@pytest.mark.parametrize("item", ["rules", "settings", "quit", "play", "learn"])
def test_coming_back_to_the_title_puts_the_focus_on_the_item_left(app, item):
    title = title_in(app)
    wanted = getattr(title, item)
    while title.group.focused.action != wanted:
        keys(app, pygame.K_DOWN)
    keys(app, pygame.K_RETURN)
    assert app.stack.top is not title
    from scenes.screens.question import QuestionScene

    for _ in range(5):  # out of the screen opened (the guided race: out of its lessons, to a new title)
        if app.stack.top is title:
            break
        if isinstance(app.stack.top, QuestionScene):  # (leaving the lessons is asked first: Yes)
            keys(app, pygame.K_LEFT, pygame.K_RETURN)
        else:
            keys(app, pygame.K_ESCAPE)
    title = app.stack.top
    assert title.group.focused.action == getattr(title, item), title.group.focused.label


if __name__ == "__main__":
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fantasy-racing-shot-")
    print(blocked_move_shot(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
