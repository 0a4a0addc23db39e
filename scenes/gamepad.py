"""A game controller plays the whole game: its buttons and sticks become the keys every screen
already answers, in this one place (so a screen needs no controller code of its own).

- D-pad, or the left stick pushed past half way: the arrow keys (move the focus, change a value).
- A: Enter (choose); B: Escape (back; in a race, the pause menu; but while a choice can be taken
  back, Undo: its Escape says so, `undo`); Start: Escape (the pause menu, and back out of it); Y: C
  (the camera back on the racer who acts); X: L (the board's legend); Back: I (walk the racers'
  cards, each part explained).
- Shoulders and the right stick: W and S, A and D held (scroll the board up and down, left and right).
- Triggers: Page Up and Page Down held (scroll the race log, the rule book).

Controllers plugged in or out while the game runs are opened and closed (SDL's game controller
events); a controller that cannot be opened is logged and ignored.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

log = logging.getLogger("fantasy-racing")

BUTTON_KEYS = {
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_Y: pygame.K_c,
    pygame.CONTROLLER_BUTTON_X: pygame.K_l,
    pygame.CONTROLLER_BUTTON_BACK: pygame.K_i,
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_w,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_s,
}
# stick axis -> (key below -threshold, key above +threshold)
AXIS_KEYS: dict[int, tuple[int | None, int]] = {
    pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
    pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN),
    pygame.CONTROLLER_AXIS_RIGHTX: (pygame.K_a, pygame.K_d),
    pygame.CONTROLLER_AXIS_RIGHTY: (pygame.K_w, pygame.K_s),
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: (None, pygame.K_PAGEUP),  # a trigger only goes one way
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: (None, pygame.K_PAGEDOWN),
}
THRESHOLD = 16384  # half of a stick's travel (SDL axes run from -32768 to 32767)
UNICODE = {
    pygame.K_RETURN: "\r",
    pygame.K_ESCAPE: "\x1b",
    pygame.K_c: "c",
    pygame.K_l: "l",
    pygame.K_i: "i",
    pygame.K_w: "w",
    pygame.K_s: "s",
    pygame.K_a: "a",
    pygame.K_d: "d",
}


def key_event(kind: int, key: int, **extra: Any) -> pygame.event.Event:
    """A key press or release as the keyboard would give it (`extra`: what else it says)."""
    return pygame.event.Event(
        kind, key=key, mod=0, unicode=UNICODE.get(key, "") if kind == pygame.KEYDOWN else "", scancode=0, **extra
    )


class Gamepads:
    """The controllers plugged in, and their events made into key events."""

    def __init__(self) -> None:
        self.open: dict[int, Any] = {}  # instance id -> pygame._sdl2.controller.Controller
        self.held: dict[tuple[int, int], int] = {}  # (instance, axis) -> the key its stick holds down
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
        released = [key_event(pygame.KEYUP, key) for (who, _), key in self.held.items() if who == instance]
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
            key = BUTTON_KEYS.get(event.button)
            if key is None:
                return []
            extra = {"undo": True} if event.button == pygame.CONTROLLER_BUTTON_B else {}  # (the race screen's Undo)
            return [key_event(pygame.KEYDOWN if kind == pygame.CONTROLLERBUTTONDOWN else pygame.KEYUP, key, **extra)]
        if kind == pygame.CONTROLLERAXISMOTION:
            keys = AXIS_KEYS.get(event.axis)
            if keys is None:
                return []
            slot = (getattr(event, "instance_id", 0), event.axis)
            wanted = keys[0] if event.value < -THRESHOLD else keys[1] if event.value > THRESHOLD else None
            now = self.held.get(slot)
            if wanted == now:
                return []
            out = []
            if now is not None:
                out.append(key_event(pygame.KEYUP, now))
                del self.held[slot]
            if wanted is not None:
                out.append(key_event(pygame.KEYDOWN, wanted))
                self.held[slot] = wanted
            return out
        return [event]
