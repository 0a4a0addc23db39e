"""The pause menu over the race: resume, rules, settings, accessibility, save and quit to the title."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.controls import Action
from scenes.core import controls, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.ui.widgets import FocusGroup, menu_buttons, titled_card, veil


class PauseScene(Scene):
    """A modal menu drawn over the race (Escape)."""

    opaque = False

    def __init__(self, on_save_and_quit: Callable[[], None], leave_label: str = "menu.save_quit") -> None:
        super().__init__()
        self.on_save_and_quit = on_save_and_quit
        self.leave_label = leave_label  # a network race's friend leaves it, he does not save it
        self.group = FocusGroup()

    def enter(self) -> None:
        self.group.set(
            menu_buttons(
                [
                    (t("menu.resume"), self.resume_race),
                    (t("menu.rules"), self.rules),
                    (t("menu.settings"), self.settings),
                    (t("menu.access"), self.accessibility),
                    (t(self.leave_label), self.save_and_quit),
                ],
                theme.SIZE[0] // 2,
                250,
                width=400,
            ),
            focus=0,
        )

    def resume(self) -> None:
        """Back from the rules or the settings: the labels in the language now chosen."""
        focus = self.group.focus
        self.enter()
        self.group.focus = focus

    def resume_race(self) -> None:
        """Back to the race."""
        self.stack.pop()

    def rules(self) -> None:
        """Read the rules."""
        self.stack.push(self.stack.make("rules"))

    def settings(self) -> None:
        """Change the settings."""
        self.stack.push(self.stack.make("settings"))

    def accessibility(self) -> None:
        """The accessibility settings (colours, flashes, motion; Controls from there)."""
        self.stack.push(self.stack.make("settings", "access"))

    def save_and_quit(self) -> None:
        """Save the race and go back to the title."""
        self.on_save_and_quit()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.group.handle_event(event):
            return None
        if controls.pressed(event, Action.PAUSE, Action.BACK):
            self.resume_race()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 170)
        titled_card(surface, (520, 500), 130, t("pause.title"), 48)
        self.group.draw(surface)
