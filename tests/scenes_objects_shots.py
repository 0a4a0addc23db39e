"""Races on a shipped Tiled board reaching a fireball and a lightning strike, for the README's pictures.

Ann (a person, the sorceress) plays her action phase with the opponents spread on the squares ahead of
her, so the fireball's zigzag and the bolts land in view.
"""

from __future__ import annotations

from game import Race, RacerSetup
from game.rules.dice import Dice
from game.rules.effects import is_empty
from scenes.core import boards
from scenes.race import RaceScene

CAST = [("Ann", "sorceress"), ("Bram", "dwarf"), ("Cleo", "orc"), ("Dax", "elf"), ("Eve", "thief")]
AHEAD = [(2, 3), (4, -2), (6, 2), (3, -5)]  # where the opponents stand, from Ann's square


def _board():
    ref = next((c.ref for c in boards.available() if c.board is not None), boards.PRACTICE)
    return ref, boards.load(ref)


def _race(objects, seed: int, points=None):
    """Ann in her action phase holding `objects`, the computer racers ahead of her."""
    ref, board = _board()
    setups = [RacerSetup(c, n, None if i == 0 else "normal") for i, (n, c) in enumerate(CAST)]

    def before(race):
        race.racers[0].inventory.objects.extend(objects)
        for i, p in (points or {}).items():
            race.racers[i].points = p
        for r in race.racers[1:]:
            r.protected = False

    race = Race.new(board, setups, turns=6, dice=Dice(seed), before=before)
    while race.pending.racer != 0 or race.pending.kind != "action":
        decision = race.pending
        options = decision.options
        if decision.kind == "clover":
            race.choose(())
        elif decision.kind == "drift" and (0, 0) in options:
            race.choose((0, 0))
        elif decision.kind == "move":
            race.choose(min(options, key=lambda o: (abs(o[0] - 3), abs(o[1]))))
        else:
            race.choose(options[0])
    me = race.racers[0].square
    for r, (dr, dc) in zip(race.racers[1:], AHEAD):
        for k in range(6):
            square = board.wrap(me[0] + dr + k // 2, me[1] + dc + (k % 2) * (1 if dc >= 0 else -1))
            if is_empty(race, square):
                r.row, r.col = square
                break
    race.take_events()
    return ref, race


def _push(app, race, ref):
    scene = app.stack.reset(RaceScene(race, {"board": ref}))
    for _ in range(600):
        app.step([], 1 / 30)
        if not scene.busy and scene.panel is not None:
            break
    return scene


def fireball_scene(app):
    """A ring of fire whose zigzag goes from opponent to opponent; the fireball is launched."""
    ref, race = _race(["ring_of_fire"], seed=5)
    scene = _push(app, race, ref)
    scene.panel.choose("use:ring_of_fire")
    while race.pending.kind == "clover":
        scene.panel = None
        race.choose(())
    scene.moved_on()
    scene.skip()
    board = race.board
    goals = sorted((r.square for r in race.racers[1:]), key=lambda sq: board.row_delta(race.racers[0].square, sq))
    goals = [g for g in goals if board.row_delta(race.racers[0].square, g) > 0][:3]
    for _ in range(race.pending.info["reach"]):
        options = [o for o in race.pending.options if isinstance(o, tuple)]
        drawn = [tuple(p) for p in race.pending.info["path"]]
        goals = [g for g in goals if g not in drawn]
        if not options or not goals:
            break
        goal = goals[0]

        def far(square, goal=goal):
            dc = (square[1] - goal[1]) % board.width
            return board.row_delta(square, goal) ** 2 + min(dc, board.width - dc) ** 2

        race.choose(min(options, key=far))
    scene.panel = None
    race.choose("end")
    scene.moved_on()
    return scene


def lightning_scene(app):
    """A ring of lightning on the opponents with as many points as Ann or more."""
    ref, race = _race(["ring_of_lightning"], seed=5, points={0: 6, 1: 14, 2: 9, 3: 12, 4: 2})
    scene = _push(app, race, ref)
    scene.panel.choose("use:ring_of_lightning")
    while race.pending is not None and race.pending.kind == "clover":
        scene.panel = None
        race.choose(())
        scene.moved_on()
    return scene
