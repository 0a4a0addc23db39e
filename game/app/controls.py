"""The game's actions and what sets them off: one table (`ACTIONS`), the input map's defaults.

Every action of the game is named once (`Action`), with the places it is used in (`Place`: two actions
of a place cannot share a key, a button or a mouse button) and its default bindings: keys by SDL's own
names ("key:return", "key:page up", "key:u"), mouse buttons ("mouse:3", the right one), a game
controller's buttons and sticks ("pad:a", "pad:leftx+", "pad:righttrigger"). The player's own
bindings are kept in the settings (`controls`: an action -> its bindings, only those he changed) and
checked here; the screens ask scenes/core/controls.py for actions, never for a physical key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.files import kind_of


class Place(StrEnum):
    """Where an action is used: two actions of one place never share a binding."""

    MENU = "menu"  # menus, setups, settings, lists, the rule book, questions
    RACE = "race"  # the race screen (and its decision panel, its cards, its log)
    REPLAY = "replay"  # a replay played back
    PREVIEW = "preview"  # a board's preview (--watch)


EVERYWHERE = frozenset(Place)
MENU_AND_RACE = frozenset({Place.MENU, Place.RACE})
BOARD = frozenset({Place.RACE, Place.REPLAY, Place.PREVIEW})  # the screens that show a board


class Action(StrEnum):
    """An action of the game, named once (its words: the catalogue's action.<value>)."""

    CONFIRM = "confirm"
    ACTIVATE = "activate"
    BACK = "back"
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    NEXT_FIELD = "next_field"
    DELETE = "delete"
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    FIRST = "first"
    LAST = "last"
    PAUSE = "pause"
    UNDO = "undo"
    OPTION_1 = "option_1"
    OPTION_2 = "option_2"
    OPTION_3 = "option_3"
    OPTION_4 = "option_4"
    OPTION_5 = "option_5"
    OPTION_6 = "option_6"
    OPTION_7 = "option_7"
    OPTION_8 = "option_8"
    OPTION_9 = "option_9"
    OPTION_10 = "option_10"
    CAMERA_UP = "camera_up"
    CAMERA_DOWN = "camera_down"
    CAMERA_LEFT = "camera_left"
    CAMERA_RIGHT = "camera_right"
    CAMERA_BACK = "camera_back"
    CAMERA_DRAG = "camera_drag"
    ZOOM_IN = "zoom_in"
    ZOOM_OUT = "zoom_out"
    WHOLE_BOARD = "whole_board"
    FOLD_CARDS = "fold_cards"
    LEGEND = "legend"
    INSPECT = "inspect"
    RULE_BOOK = "rule_book"
    KEEP_REPLAY = "keep_replay"
    CHAMPIONSHIPS = "championships"
    FRIENDS = "friends"
    QUICK_MESSAGES = "quick_messages"
    PLAY_PAUSE = "play_pause"
    STEP = "step"
    STEP_BACK = "step_back"
    RACER_BEFORE = "racer_before"
    RACER_AFTER = "racer_after"
    FASTER = "faster"
    SLOWER = "slower"
    FULL_SCREEN = "full_screen"
    SCREENSHOT = "screenshot"
    YOUR_RACES = "your_races"


OPTIONS = tuple(Action(f"option_{n}") for n in range(1, 11))  # the decision panel's numbered options, 1-9 then 0


@dataclass(frozen=True)
class Binding:
    """An action's place and default bindings (keys, mouse buttons, a controller's buttons and sticks)."""

    action: Action
    places: frozenset[Place]
    keys: tuple[str, ...] = ()
    mouse: tuple[int, ...] = ()
    pad: tuple[str, ...] = ()

    def defaults(self) -> tuple[str, ...]:
        """The default bindings, each as the settings file writes it."""
        return (
            *(f"key:{k}" for k in self.keys),
            *(f"mouse:{m}" for m in self.mouse),
            *(f"pad:{p}" for p in self.pad),
        )


A, M, R = Action, MENU_AND_RACE, frozenset({Place.RACE})
MR = M | {Place.REPLAY}  # (a replay pages and jumps along its timeline as a list or the log does)
ACTIONS: tuple[Binding, ...] = (
    # action, places, keys (SDL's names), mouse buttons, a controller's buttons and sticks
    Binding(A.CONFIRM, M, ("return", "enter"), pad=("a",)),  # "enter": the keypad's Enter
    Binding(A.ACTIVATE, M, ("space",)),  # use the focused control (step a value, press a button)
    Binding(A.BACK, frozenset({Place.MENU, Place.REPLAY, Place.PREVIEW}), ("escape", "backspace"), pad=("b",)),
    Binding(A.UP, M | {Place.PREVIEW}, ("up",), pad=("dpup", "lefty-")),
    Binding(A.DOWN, M | {Place.PREVIEW}, ("down",), pad=("dpdown", "lefty+")),
    Binding(A.LEFT, M | {Place.PREVIEW}, ("left",), pad=("dpleft", "leftx-")),
    Binding(A.RIGHT, M | {Place.PREVIEW}, ("right",), pad=("dpright", "leftx+")),
    Binding(A.NEXT_FIELD, M, ("tab",)),  # with Shift: the field before
    Binding(A.DELETE, frozenset({Place.MENU}), ("delete",)),
    Binding(A.PAGE_UP, MR, ("page up",)),  # the race log, the rule book; a replay's turn before
    Binding(A.PAGE_DOWN, MR, ("page down",)),
    Binding(A.FIRST, MR, ("home",)),
    Binding(A.LAST, MR, ("end",)),
    Binding(A.PAUSE, R, ("escape",), pad=("start",)),
    Binding(A.UNDO, R, ("u", "backspace"), pad=("b",)),  # B: undo while one can, else the pause menu
    *(Binding(o, R, (str((n + 1) % 10),)) for n, o in enumerate(OPTIONS)),
    Binding(A.CAMERA_UP, BOARD, ("w",), pad=("leftshoulder", "righty-")),
    Binding(A.CAMERA_DOWN, BOARD, ("s",), pad=("rightshoulder", "righty+")),
    Binding(A.CAMERA_LEFT, BOARD, ("a",), pad=("rightx-",)),
    Binding(A.CAMERA_RIGHT, BOARD, ("d",), pad=("rightx+",)),
    Binding(A.CAMERA_BACK, frozenset({Place.RACE, Place.REPLAY}), ("c",), pad=("y",)),
    Binding(A.CAMERA_DRAG, BOARD, mouse=(3,)),
    # (a controller's triggers zoom: the board is what they act on in a race, not the log)
    Binding(A.ZOOM_IN, frozenset({Place.RACE, Place.PREVIEW}), ("+", "=", "[+]"), pad=("righttrigger", "rightstick")),
    Binding(A.ZOOM_OUT, frozenset({Place.RACE, Place.PREVIEW}), ("-", "[-]"), pad=("lefttrigger",)),
    Binding(A.WHOLE_BOARD, frozenset({Place.RACE, Place.REPLAY}), ("v",), pad=("leftstick",)),  # and back
    Binding(A.FOLD_CARDS, R, ("h",)),  # the racers' cards and the log folded away, and back
    Binding(A.LEGEND, R, ("l",), pad=("x",)),
    Binding(A.INSPECT, R, ("i",), pad=("back",)),
    Binding(A.RULE_BOOK, R, ("f1",)),
    Binding(A.KEEP_REPLAY, frozenset({Place.MENU}), ("k",)),
    Binding(A.CHAMPIONSHIPS, frozenset({Place.MENU}), ("c",)),  # the replays' list: the championships kept
    Binding(A.FRIENDS, frozenset({Place.MENU}), ("f",)),
    Binding(A.QUICK_MESSAGES, R, ("q",)),  # a network race: the phrases to send (and closes them)
    Binding(A.PLAY_PAUSE, frozenset({Place.REPLAY}), ("space",), pad=("a",)),
    Binding(A.STEP, frozenset({Place.REPLAY}), ("right", "n"), pad=("dpright",)),
    Binding(A.STEP_BACK, frozenset({Place.REPLAY}), ("left",), pad=("dpleft",)),
    Binding(A.RACER_BEFORE, frozenset({Place.REPLAY}), ("[",)),  # the racer's choice before
    Binding(A.RACER_AFTER, frozenset({Place.REPLAY}), ("]",)),
    Binding(A.FASTER, frozenset({Place.REPLAY}), ("+", "=", "[+]"), pad=("dpup",)),
    Binding(A.SLOWER, frozenset({Place.REPLAY}), ("-", "[-]"), pad=("dpdown",)),
    Binding(A.FULL_SCREEN, EVERYWHERE, ("f11",)),
    Binding(A.SCREENSHOT, EVERYWHERE, ("f12",)),
    Binding(A.YOUR_RACES, EVERYWHERE, ("f2",)),  # a turn's notice over any screen: Your races opened
)
TABLE = {row.action: row for row in ACTIONS}
DEVICES = ("key", "mouse", "pad")  # the kinds of binding, as the file writes them ("key:u")
#: A controller's buttons and sticks by SDL's names (a stick's half: "leftx-", "righty+").
PAD_BUTTONS = (
    *("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder", "rightshoulder"),
    *("dpup", "dpdown", "dpleft", "dpright", "lefttrigger", "righttrigger"),
    *(f"{stick}{axis}{sign}" for stick in ("left", "right") for axis in "xy" for sign in "-+"),
)
MOUSE_BUTTONS = (2, 3, 6, 7, 8, 9)  # the left button points and clicks; 4 and 5 are the wheel
LONGEST_KEY_NAME = 32  # SDL's longest key name is under 20 characters
MOST_BINDINGS = 8  # bindings of one action


def device(binding: str) -> str:
    """The kind of a binding: "key", "mouse" or "pad"."""
    return binding.split(":", 1)[0]


def bindings_problem(binding: Any) -> str | None:
    """What is wrong with one binding of the file, or None."""
    if not isinstance(binding, str):
        return f"is {kind_of(binding)}, not a key or a button"
    kind, _, name = binding.partition(":")
    if kind == "key" and 0 < len(name) <= LONGEST_KEY_NAME and name.isprintable() and name == name.lower():
        return None
    if kind == "mouse" and name.isascii() and name.isdigit() and len(name) <= 2 and int(name) in MOUSE_BUTTONS:
        return None
    if kind == "pad" and name in PAD_BUTTONS:
        return None
    return f"{binding[:40]!r} is not a key, a mouse button or a controller's button"


def read_controls(value: Any) -> tuple[dict[str, list[str]], list[str]]:
    """The player's bindings from the settings file (an action -> its bindings), and what was wrong
    (phrases; a bad action's bindings are forgotten: it keeps its defaults)."""
    if not isinstance(value, dict):
        return {}, [f"controls is {kind_of(value)}, not an object: reset"]
    kept: dict[str, list[str]] = {}
    fixes = []
    for name, bindings in value.items():
        where = f"controls.{str(name)[:40]}"
        if name not in {a.value for a in Action}:
            fixes.append(f"{where} is not an action of this game: forgotten")
        elif not isinstance(bindings, list) or len(bindings) > MOST_BINDINGS:
            fixes.append(f"{where} is {kind_of(bindings)}, not a list of at most {MOST_BINDINGS} keys: forgotten")
        elif any(bindings_problem(b) for b in bindings):
            wrong = next(p for p in map(bindings_problem, bindings) if p)
            fixes.append(f"a binding of {where} {wrong}: forgotten")
        else:
            kept[name] = list(dict.fromkeys(bindings))
    clash = find_clash(bound(kept))
    if clash is not None:
        fixes.append(f"controls bind {clash[2]} to both {clash[0].value} and {clash[1].value}: reset")
        return {}, fixes
    return kept, fixes


def bound(changed: Mapping[str, list[str]]) -> dict[Action, tuple[str, ...]]:
    """Every action's bindings: the player's where he changed them, else the defaults."""
    return {row.action: tuple(changed.get(row.action.value, row.defaults())) for row in ACTIONS}


def find_clash(bindings: Mapping[Action, tuple[str, ...]]) -> tuple[Action, Action, str] | None:
    """Two actions of one place that share a binding (and the binding), or None."""
    seen: dict[str, list[Action]] = {}
    for action, each in bindings.items():
        for binding in each:
            for other in seen.get(binding, []):
                if TABLE[action].places & TABLE[other].places:
                    return other, action, binding
            seen.setdefault(binding, []).append(action)
    return None


def rebind(
    changed: Mapping[str, list[str]], action: Action, binding: str
) -> tuple[dict[str, list[str]], Action | None]:
    """The player's bindings with `binding` as `action`'s one binding of its kind (a key replaces its
    keys, a button its buttons), and None; or the bindings unchanged and the action of the same place
    that already has it (the clash is refused)."""
    now = bound(changed)
    for other, each in now.items():
        if other != action and binding in each and TABLE[other].places & TABLE[action].places:
            return dict(changed), other
    new = [binding, *(b for b in now[action] if device(b) != device(binding))]
    result = dict(changed)
    if tuple(new) == TABLE[action].defaults():
        result.pop(action.value, None)
    else:
        result[action.value] = new
    return result, None


def restore(changed: Mapping[str, list[str]], action: Action) -> tuple[dict[str, list[str]], Action | None]:
    """The player's bindings with `action` back to its defaults, and None; or unchanged and the action
    of the same place that has one of its default keys now (refused, as a clash)."""
    rest = {name: list(b) for name, b in changed.items() if name != action.value}
    clash = find_clash(bound(rest))
    if clash is not None:
        other = clash[0] if clash[1] is action else clash[1]
        return dict(changed), other
    return rest, None
