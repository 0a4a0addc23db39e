"""A game controller plays the whole game: its buttons and sticks become key events that carry the
button's name (`pad`: "a", "dpup", "leftx-", "righttrigger"), which the input map (scenes/core/controls.py)
matches with the player's bindings, in this one place (so a screen needs no controller code of its own).

By default (game/app/controls.py): the D-pad or the left stick pushed past half way move the focus
and change values; A chooses; B goes back (in a race it takes a choice back while one can be, else
opens the pause menu); Start opens and closes the pause menu; Y brings the camera back on the racer
who acts; X shows the legend; Back walks the racers' cards; the shoulders and the right stick scroll
the board; the triggers zoom out (left) and in (right); pressing the left stick shows the
whole board (and back), pressing the right stick zooms in.

Controllers plugged in or out while the game runs are opened and closed (SDL's game controller
events); a controller that cannot be opened is logged and ignored.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.app.controls import PAD_BUTTONS

log = logging.getLogger("fantasy-racing")

#: SDL's buttons by the names the bindings use
BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
# stick axis -> (its name pushed below -threshold, above +threshold)
AXES: dict[int, tuple[str | None, str]] = {
    pygame.CONTROLLER_AXIS_LEFTX: ("leftx-", "leftx+"),
    pygame.CONTROLLER_AXIS_LEFTY: ("lefty-", "lefty+"),
    pygame.CONTROLLER_AXIS_RIGHTX: ("rightx-", "rightx+"),
    pygame.CONTROLLER_AXIS_RIGHTY: ("righty-", "righty+"),
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: (None, "lefttrigger"),  # a trigger only goes one way
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: (None, "righttrigger"),
}
THRESHOLD = 16384  # half of a stick's travel (SDL axes run from -32768 to 32767)


def pad_event(kind: int, pad: str) -> pygame.event.Event:
    """A controller's button (or stick) pressed or released, as a key event that names it (`pad`); its
    key is a number of its own below every keyboard key's, so that a button held while the screen
    changes is told apart from the others (scenes/core/stack.py)."""
    return pygame.event.Event(kind, key=-1 - PAD_BUTTONS.index(pad), mod=0, unicode="", scancode=0, pad=pad)


class Gamepads:
    """The controllers plugged in, and their events made into key events that name their buttons."""

    def __init__(self) -> None:
        self.open: dict[int, Any] = {}  # instance id -> pygame._sdl2.controller.Controller
        self.held: dict[tuple[int, int], str] = {}  # (instance, axis) -> the stick's half held down
        self.available = False
        try:
            from pygame._sdl2 import controller

            controller.init()
            self.available = True
        except (ImportError, pygame.error) as error:
            log.info("no game controller support: %s", error)

    def plug(self, device_index: int) -> None:
        """A controller was plugged in (or was there at the start): open it."""
        if not self.available:
            return
        from pygame._sdl2 import controller

        try:
            pad = controller.Controller(device_index)
        except (pygame.error, IndexError, ValueError) as error:
            log.info("the game controller %s cannot be opened: %s", device_index, error)
            return
        instance = getattr(pad, "id", device_index)
        self.open[instance] = pad
        log.info("game controller %s plugged in: %s", instance, getattr(pad, "name", "?"))

    def unplug(self, instance: int) -> list[pygame.event.Event]:
        """A controller was pulled out: close it, and release the keys its sticks held."""
        pad = self.open.pop(instance, None)
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass
        released = [pad_event(pygame.KEYUP, name) for (who, _), name in self.held.items() if who == instance]
        self.held = {k: v for k, v in self.held.items() if k[0] != instance}
        return released

    def translate(self, event: pygame.event.Event) -> list[Any]:
        """The events the screens get for `event`: key events for a controller's, else the event."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self.plug(event.device_index)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            return self.unplug(event.instance_id)
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            name = BUTTONS.get(event.button)
            if name is None:
                return []
            return [pad_event(pygame.KEYDOWN if kind == pygame.CONTROLLERBUTTONDOWN else pygame.KEYUP, name)]
        if kind == pygame.CONTROLLERAXISMOTION:
            keys = AXES.get(event.axis)
            if keys is None:
                return []
            slot = (getattr(event, "instance_id", 0), event.axis)
            wanted = keys[0] if event.value < -THRESHOLD else keys[1] if event.value > THRESHOLD else None
            now = self.held.get(slot)
            if wanted == now:
                return []
            out = []
            if now is not None:
                out.append(pad_event(pygame.KEYUP, now))
                del self.held[slot]
            if wanted is not None:
                out.append(pad_event(pygame.KEYDOWN, wanted))
                self.held[slot] = wanted
            return out
        return [event]
