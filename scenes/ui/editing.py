"""What a text field asks of the system: its clipboard (SDL's, through pygame.scrap) and whether the
command key (Ctrl, Cmd on a Mac) is held with a key."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger("fantasy-racing")


def put_clipboard(words: str) -> bool:
    """Put `words` on the system's clipboard; whether it could (a machine without one says no)."""
    try:
        pygame.scrap.put_text(words)  # (SDL's clipboard)
    except (pygame.error, AttributeError, NotImplementedError) as error:
        log.info("the clipboard cannot be written: %s", error)
        return False
    return True


def clipboard_text() -> str:
    """The text on the system's clipboard ("" when there is none, or no clipboard to read)."""
    try:
        got = pygame.scrap.get_text()  # (SDL's clipboard: no pygame.scrap.init needed)
    except (pygame.error, AttributeError, NotImplementedError) as error:
        log.info("the clipboard cannot be read: %s", error)
        return ""
    return got if isinstance(got, str) else ""


def command_held(event: pygame.event.Event) -> bool:
    """Whether Ctrl (Cmd on a Mac) is held with a key."""
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))
