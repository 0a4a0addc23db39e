"""The host's hand on his friends' seats, over his lobby or his race (F, or *Friends…* in the lobby).

`FriendsScene` lists every friend's seat with who sits there and how he is (connected, disconnected,
removed, let back in), and offers the host two things a polished board game lets a host do:

- **Remove** a friend from his seat (asked once more: "Remove Bob from his seat?"): his connection is
  closed and his seat key no longer opens it; in the lobby the seat is open again, in the race a
  computer racer of the takeover level plays it from now on;
- **Let back in** a friend who left (or was removed) without his seat key (he lost it, or comes from
  another computer): the next to join with that seat's name takes it.

Both go through the window's link (scenes/bridges/link.py): the window's host sends its orders to the
room's process, its seats as the host manages them (`Host.seat_states`); a window holding the room's
owner key (a `serve`, or a relay's room) sends them as owner orders, the seats as it follows them, and
shows the host's answer. `HostGuide` opens the scene from the race with F and draws the reminder over
the board (the race scene's guide seam).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.controls import Action
from scenes.core import controls, text, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene, SceneStack
from scenes.race.guide import Guide
from scenes.race.parts import ViewScene
from scenes.race.view_buttons import ViewButtons
from scenes.render.effects import shade
from scenes.screens.kinds import seat_kind
from scenes.ui.widgets import Button, FocusGroup, Widget, panel, veil

if TYPE_CHECKING:  # (the race scene imports this module)
    from scenes.bridges.link import Link

BOX = pygame.Rect(190, 110, 900, 500)
ROW_H = 62


def seat_state(seat: dict[str, Any], started: bool) -> str:
    """A friend's seat in words: connected, disconnected, removed, let back in."""
    if seat.get("removed") and seat.get("released"):
        return t("friends.let_back")
    if seat.get("removed"):
        return t("friends.removed")
    if seat.get("released"):
        return t("friends.let_back")
    if seat.get("connected"):
        return t("friends.connected")
    return t("friends.away") if started else t("friends.open")


class FriendsScene(Scene):
    """The host's friends and his hand on their seats (see the module)."""

    opaque = False

    def __init__(self, link: Link, states: Callable[[], list[dict[str, Any]]], started: bool) -> None:
        super().__init__()
        self.link = link
        self.states = states
        self.started = started
        self.group = FocusGroup()
        self.shown: list[dict[str, Any]] | None = None
        self.said = ""

    def enter(self) -> None:
        self.layout()

    def update(self, dt: float) -> None:
        if self.states() != self.shown:
            self.layout(self.group.focus)

    def rows(self) -> list[tuple[int, dict[str, Any]]]:
        """The friends' seats that have (or had) a friend in them."""
        return [(i, s) for i, s in enumerate(self.states()) if seat_kind(s) == "friend" and s.get("name")]

    def layout(self, focus: int | None = None) -> None:
        self.shown = [dict(s) for s in self.states()]
        widgets: list[Widget] = []
        for row, (index, seat) in enumerate(self.rows()):
            top = BOX.top + 96 + row * ROW_H
            remove = Button((BOX.right - 440, top, 200, 46), t("friends.remove"), partial(self.ask_remove, index))
            remove.enabled = not seat.get("removed")
            back = Button((BOX.right - 230, top, 210, 46), t("friends.let_in"), partial(self.release, index))
            back.enabled = self.started and not seat.get("connected") and not seat.get("released")
            widgets += [remove, back]
        widgets.append(Button((BOX.centerx - 110, BOX.bottom - 70, 220, 50), t("common.back"), self.close))
        self.group.set(widgets, len(widgets) - 1 if focus is None else focus)

    def ask_remove(self, index: int) -> None:
        """Asked once more: removing a friend closes his connection."""
        name = self.states()[index].get("name", "")

        def remove() -> None:
            self.link.remove(index)
            self.said = t("friends.removed_said", name=name)
            self.sent()

        question = t("friends.remove_question", name=name)
        detail = t("friends.remove_detail_race") if self.started else t("friends.remove_detail_lobby")
        self.stack.push(self.stack.make("question", question, remove, detail=detail))

    def release(self, index: int) -> None:
        self.link.release(index)
        self.said = t("friends.let_in_said", name=self.states()[index].get("name", ""))
        self.sent()

    def sent(self) -> None:
        """An order sent to a host elsewhere (the owner key's): this closes, and the screen below says the
        host's answer when it comes (the lobby's line, the race log)."""
        if self.link.hosting is None:
            self.close()

    def close(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.group.handle_event(event):
            return None
        if controls.pressed(event, Action.BACK, Action.FRIENDS):
            self.close()
        return None  # modal: nothing reaches the screen below

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 185)
        panel(surface, BOX, (30, 35, 54))
        text.draw(surface, t("friends.title"), (BOX.left + 28, BOX.top + 20), 34, theme.ACCENT, "title")
        help_area = pygame.Rect(BOX.left + 28, BOX.top + 62, BOX.width - 56, 30)
        text.draw_wrapped(surface, t("friends.help"), help_area, 16, theme.MUTED)
        rows = self.rows()
        if not rows:
            text.draw(surface, t("friends.none"), (BOX.left + 28, BOX.top + 110), 20, theme.MUTED)
        for row, (index, seat) in enumerate(rows):
            top = BOX.top + 96 + row * ROW_H
            text.draw(surface, f"{index + 1}. {seat.get('name', '')}", (BOX.left + 28, top + 2), 22, theme.TEXT, "bold")
            colour = theme.GOOD if seat.get("connected") else theme.BAD if seat.get("removed") else theme.MUTED
            text.draw(surface, seat_state(seat, self.started), (BOX.left + 28, top + 28), 16, colour)
        if self.said:
            text.draw(surface, self.said, (BOX.left + 28, BOX.bottom - 96), 17, theme.GOOD)
        self.group.draw(surface)


class HostedScene(ViewScene, Protocol):
    """What the host's guide reads of his race scene: its stack (F opens his friends' seats over it),
    and its board view and the view's buttons (the reminder stands left of them)."""

    @property
    def stack(self) -> SceneStack: ...

    @property
    def view_buttons(self) -> ViewButtons: ...


class HostGuide(Guide[HostedScene]):
    """The window host's race: F opens his friends' seats (`FriendsScene`); a reminder on the board."""

    def __init__(self, link: Link, states: Callable[[], list[dict[str, Any]]]) -> None:
        self.link = link
        self.states = states

    def handle_event(self, scene: HostedScene, event: pygame.event.Event) -> bool:
        if controls.pressed(event, Action.FRIENDS):
            scene.stack.push(FriendsScene(self.link, self.states, started=True))
            return True
        return False

    def draw(self, surface: pygame.Surface, scene: HostedScene) -> None:
        if any(seat_kind(s) == "friend" and s.get("name") for s in self.states()):
            # on the board, left of the view's buttons (the top bar holds Undo and the legend's button)
            buttons = scene.view_buttons.rects(scene).values()
            right = min((r.left for r in buttons), default=scene.view.right) - 10
            said = t("friends.key")
            pill = pygame.Rect(0, scene.view.top + 6, text.width(said, 15) + 20, 30)
            pill.right = right
            shade(surface, pill, (12, 14, 24), 205)
            text.draw(surface, said, pill.center, 15, theme.TEXT, anchor="center")
