"""The input map: which actions an input event sets off, by the player's own bindings.

The actions and their default bindings are one table (game/app/controls.py); the player's changes are
kept in the settings (`controls`) and set here at start and whenever he rebinds (`use`). Screens ask
`pressed(event, Action.CONFIRM)`, never for a physical key; a game controller's buttons and sticks
come as key events that carry the button's name (`pad`, scenes/core/gamepad.py), so that they are matched
by its bindings too. The hints on screen ("Enter validates", "U: undo") name the player's bindings in
his language (`words`), a controller's buttons while one is in use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pygame

from game.app.controls import ACTIONS, Action, bound, device
from scenes.core import i18n
from scenes.core.i18n import t

_STATE: dict[str, Any] = {"bound": bound({}), "pad": False, "version": 0}
HINT_PREFIX = "key_"  # a catalogue's placeholder {key_confirm}: the bindings of Action.CONFIRM


def use(changed: Mapping[str, list[str]]) -> None:
    """The player's bindings (the settings' `controls`: the actions he changed) from now on."""
    _STATE["bound"] = bound(changed)
    _STATE["version"] += 1  # (pictures of words kept for later are drawn again: `stamp`)


def bindings(action: Action) -> tuple[str, ...]:
    """The bindings of `action` in use."""
    found: tuple[str, ...] = _STATE["bound"][action]
    return found


def binding_of(event: pygame.event.Event) -> str | None:
    """The binding an event is ("key:u", "mouse:3", "pad:a"), or None."""
    pad = getattr(event, "pad", None)
    if pad:
        return f"pad:{pad}"
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        name = pygame.key.name(event.key) if event.key > 0 else ""
        return f"key:{name.lower()}" if name else None
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return f"mouse:{event.button}"
    return None


def actions(event: pygame.event.Event) -> set[Action]:
    """Every action the event's binding is bound to (of every place)."""
    binding = binding_of(event)
    if binding is None:
        return set()
    return {action for action, each in _STATE["bound"].items() if binding in each}


def pressed(event: pygame.event.Event, *wanted: Action) -> bool:
    """Whether `event` is a press (a key, a button) bound to one of `wanted`."""
    if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
        return False
    return not actions(event).isdisjoint(wanted)


def released(event: pygame.event.Event, *wanted: Action) -> bool:
    """Whether `event` is the release of a key or button bound to one of `wanted`."""
    if event.type not in (pygame.KEYUP, pygame.MOUSEBUTTONUP):
        return False
    return not actions(event).isdisjoint(wanted)


def which(event: pygame.event.Event, choices: Iterable[Action]) -> Action | None:
    """The first of `choices` that `event` presses, or None."""
    if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
        return None
    found = actions(event)
    return next((action for action in choices if action in found), None)


def typed(event: pygame.event.Event) -> bool:
    """Whether a key press types a character (a text field takes it as a letter, never as an action)."""
    words = getattr(event, "unicode", "") or ""
    return event.type == pygame.KEYDOWN and not from_pad(event) and words.isprintable() and words != ""


def from_pad(event: pygame.event.Event) -> bool:
    """Whether the event came from a game controller."""
    return bool(getattr(event, "pad", None))


# ---------------------------------------------------------------- the words
def note(event: pygame.event.Event) -> None:
    """Follow the device in use: a controller's event shows its buttons in the hints, a key or a click the keys."""
    if from_pad(event):
        _STATE["pad"] = True
    elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
        _STATE["pad"] = False


def reset() -> None:
    """The default bindings and no controller in use, as a new window starts."""
    use({})
    _STATE["pad"] = False


def stamp() -> tuple[object, ...]:
    """What the hints say keys with now (the bindings, a controller in use): a picture of words kept for
    later is drawn again when it changes."""
    return (_STATE["version"], _STATE["pad"])


def pad_in_use() -> bool:
    """Whether the hints name a controller's buttons."""
    return bool(_STATE["pad"])


def binding_words(binding: str) -> str:
    """One binding in the player's language: "Enter", "Échap", "U", "Right button", "A"."""
    kind, _, name = binding.partition(":")
    key = f"{kind}.{name}"
    if i18n.has(key):
        return t(key)
    shown = name.upper() if len(name) == 1 else name.title() if kind == "key" else name  # "U", "F1"
    return t("key.named", name=shown)  # (the key's own name, in every language)


def words(action: Action, pad: bool | None = None) -> str:
    """The bindings of `action` to name in a hint: a controller's while one is in use, else the keys
    (the mouse's when it has no key): the first of them."""
    pad = pad_in_use() if pad is None else pad
    each = bindings(action)
    for kind in ("pad", "key", "mouse") if pad else ("key", "mouse", "pad"):
        mine = [b for b in each if device(b) == kind]
        if kind == "pad":
            mine = [b for b in mine if not b.endswith(("-", "+"))] or mine  # a button rather than a stick
        if mine:
            return binding_words(mine[0])
    return t("controls.unbound")


ARROWS = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT)


def arrows_words() -> str:
    """The four moves in a hint: "Arrows" (a controller's "D-pad") while they have their default
    bindings, else each one's binding ("W/S/A/D")."""
    pad = pad_in_use()
    if all(bindings(action) == bound({})[action] for action in ARROWS):
        return t("controls.arrows_pad" if pad else "controls.arrows")
    return "/".join(words(action, pad) for action in ARROWS)


def hint_values() -> dict[str, str]:
    """The catalogue's {key_<action>} placeholders: the bindings in use, in the player's words (made
    again only when the bindings, the device named or the language change: a hint is drawn every frame)."""
    bound, pad, language = _STATE["bound"], _STATE["pad"], i18n.language()
    made = _HINT_WORDS.get("made")
    if made is None or made[0] is not bound or made[1:3] != (pad, language):
        values = {f"{HINT_PREFIX}{row.action.value}": words(row.action) for row in ACTIONS}
        values[f"{HINT_PREFIX}arrows"] = arrows_words()  # (the four moves at once: "Arrows: a board")
        made = _HINT_WORDS["made"] = (bound, pad, language, values)
    return dict(made[3])


_HINT_WORDS: dict[str, tuple[Any, bool, str, dict[str, str]]] = {}  # "made": (bindings, pad, language, words)


i18n.set_hints(HINT_PREFIX, hint_values)  # (i18n fills a text's {key_...} placeholders with them)
