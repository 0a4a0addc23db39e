"""The host's lobby's card of how friends reach the race: *On this network* (this computer's address,
the port and the room code) or *On the internet (invite)* (the room registered on the relay of the
settings, its invite shown with a *Copy* button: docs/network.md, *Relays*).

`ReachCard` holds that choice and what the relay said; the lobby puts its widgets in its focus group,
hands it the host's news (`heard`) and lets it draw the card.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from game.net.invite import Relay, parse_relay
from game.net.protocol import shown_code
from scenes.core import text, theme
from scenes.core.i18n import t
from scenes.screens.lobby import fit
from scenes.ui.editing import put_clipboard
from scenes.ui.widgets import Button, Choice, Widget

log = logging.getLogger("fantasy-racing")
REACHES = ("network", "internet")  # how friends reach the race: this network, or a relay's invite
CARD = pygame.Rect(40, 84, 580, 320)


class ReachCard:
    """How friends reach the hosted race (see the module). `open_relay(relay)` registers the room on a
    relay (the lobby's `Hosting.open_relay`); `changed()` asks the lobby to lay its widgets out again."""

    def __init__(self, relay_setting: str, open_relay: Callable[[Relay], None], changed: Callable[[], None]) -> None:
        self.reach = "network"
        self.relay_setting = relay_setting.strip()
        self.open_relay, self.changed = open_relay, changed
        self.relay: Relay | None = None
        self.problem = ""  # why there is no invite: no relay set, a bad one, the relay's refusal
        self.invite = ""
        self.copied = False
        self.asked = False  # the room was registered on the relay (once)
        self.page = 0  # on this network, at a large Text size: 0 the address and code, 1 how friends join

    def widgets(self) -> list[Widget]:
        """The choice of how friends reach the race, and *Copy* once there is an invite."""
        chosen = REACHES.index(self.reach)
        widgets: list[Widget] = [
            Choice((60, 94, 540, 40), t("host.reach"), list(REACHES), chosen, self.set_reach, self.words, size=18)
        ]
        if self.reach == "internet" and self.invite:
            widgets.append(Button((CARD.right - 140, 166, 120, 40), t("host.copy"), self.copy, size=18))
        if self.reach == "network" and self.paged():  # (the help on the card's second page)
            words = t("host.how_to_join") if self.page == 0 else t("host.address_and_code")
            both = (t("host.how_to_join"), t("host.address_and_code"))  # (one width: the focus stays on it)
            size = (max(text.width(w, 16, "bold") for w in both) + 36, text.tall(34, 16, "bold", 5))
            at = (CARD.right - 10 - size[0], CARD.bottom - 10 - size[1])
            widgets.append(Button((*at, *size), words, self.turn_page, size=16))
        return widgets

    @staticmethod
    def paged() -> bool:
        """Whether the address and code, and how friends join, take a page each: the help would not fit
        whole under the code at the Text size (measured with the longest port)."""
        top = 60 + 2 * text.line_height(17) + text.line_height(34, "heading") + text.line_height(40, "title") - 4
        lines = len(text.wrap(t("host.help", port=65535), CARD.width - 40, 16))
        return max(208, top) + lines * (text.line_height(16) + 2) > CARD.height - 6

    def turn_page(self) -> None:
        """The card's other page (the address and code, or how friends join)."""
        self.page = 1 - self.page
        self.changed()

    @staticmethod
    def words(reach: str) -> str:
        return t(f"host.reach.{reach}")

    def set_reach(self, reach: str) -> None:
        self.reach = reach
        if reach == "internet" and not self.asked:
            self._register()
        self.changed()

    def _register(self) -> None:
        if not self.relay_setting:
            self.problem = t("host.no_relay")
            return
        try:
            self.relay = parse_relay(self.relay_setting)
        except ValueError:
            self.problem = t("host.bad_relay", relay=self.relay_setting[:60])
            return
        self.asked, self.problem = True, ""
        self.open_relay(self.relay)

    def heard(self, kind: str, data: Any) -> bool:
        """The host's news about the relay; whether it was one."""
        if kind == "invite":
            self.invite, self.problem = data["text"], ""
            log.info("the room is open on the relay: %s", self.invite)
            self.changed()
            return True
        if kind == "relay_failed":
            relay = self.relay.text if self.relay is not None else self.relay_setting
            self.invite, self.problem = "", t("host.relay_failed", relay=relay, error=data["error"])
            log.warning("the relay %s cannot open the room: %s", relay, data["error"])
            self.changed()
            return True
        return False

    def copy(self) -> None:
        """The invite to the clipboard, to paste to friends."""
        self.copied = put_clipboard(self.invite)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, address: str, code: str, port: int, opening: bool) -> None:
        """The card's words below its choice (the lobby draws the choice with its other widgets)."""
        left, width = CARD.left + 20, CARD.width - 40
        if self.reach == "network" and self.paged() and self.page == 1:  # how friends join, on its page
            area = pygame.Rect(left, CARD.top + 60, width, CARD.height - 60 - 60)
            text.draw_wrapped(surface, t("host.help", port=port), area, 16, theme.TEXT)
            return
        if self.reach == "network":  # (each line under the one above, measured at the Text size)
            y = text.draw(surface, t("host.address"), (left, CARD.top + 60), 17, theme.MUTED).bottom
            y = text.draw(
                surface, fit(address, width, 34, "heading"), (left, max(CARD.top + 80, y)), 34, theme.TEXT, "heading"
            ).bottom
            y = text.draw(surface, t("host.code"), (left, max(CARD.top + 126, y - 4)), 17, theme.MUTED).bottom
            y = text.draw(
                surface, shown_code(code), (left, max(CARD.top + 142, y - 4)), 40, theme.ACCENT, "title"
            ).bottom
            if opening:
                text.draw(
                    surface, t("host.opening"), (CARD.right - 20, CARD.top + 62), 16, theme.MUTED, anchor="topright"
                )
            if not self.paged():
                help_area = pygame.Rect(left, max(CARD.top + 208, y + 4), width, 0)
                help_area.height = CARD.bottom - 6 - help_area.top
                text.draw_wrapped(surface, t("host.help", port=port), help_area, 16, theme.TEXT, whole=True)
            return
        said = text.draw(surface, fit(t("host.invite"), width - 140, 17), (left, CARD.top + 60), 17, theme.MUTED)
        if self.invite:
            size = 30  # the whole invite, smaller if it must be (never cut short: it is to be typed)
            while size > 14 and text.width(self.invite, size, "bold") > width - 140:
                size -= 2
            middle = max(CARD.top + 100, said.bottom + text.line_height(size, "bold") // 2)
            text.draw(surface, self.invite, (left, middle), size, theme.ACCENT, "bold", anchor="midleft")
            if self.copied:
                text.draw(surface, t("host.copied"), (left, middle + 30), 16, theme.GOOD)
            help_area = pygame.Rect(left, middle + 60, width, CARD.bottom - 6 - middle - 60)
            text.draw_wrapped(surface, t("host.invite_help"), help_area, 16, theme.TEXT, whole=True)
        elif self.problem:
            area = pygame.Rect(left, CARD.top + 86, width, 220)
            text.draw_wrapped(surface, self.problem, area, 18, theme.BAD if self.asked else theme.TEXT, "bold")
        else:
            relay = self.relay.text if self.relay is not None else self.relay_setting
            text.draw(surface, t("host.relay_opening", relay=relay), (left, CARD.top + 90), 18, theme.MUTED)
