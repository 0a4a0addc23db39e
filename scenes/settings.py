"""Settings: window size, full screen, animation speed, sound volume."""

from __future__ import annotations

import pygame

from scenes import userdata
from scenes.backdrop import backdrop
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import Button, Choice, FocusGroup, panel, veil

SPEED_WORDS = {0.5: "slow", 1.0: "normal", 2.0: "fast", 4.0: "very fast"}


class SettingsScene(Scene):
    """Change the settings; each change applies at once and is saved."""

    def __init__(self) -> None:
        super().__init__()
        self.group = FocusGroup()

    def enter(self) -> None:
        s = self.app.settings
        sizes = list(userdata.WINDOW_SIZES)
        if tuple(s.window) not in sizes:
            sizes.append(tuple(s.window))
        speeds = list(userdata.ANIMATION_SPEEDS)
        volumes = list(range(0, 101, 10))
        x, w, h = theme.SIZE[0] // 2 - 300, 600, 56
        self.group.set([
            Choice((x, 220, w, h), "Window size", sizes, sizes.index(tuple(s.window)), self.set_window,
                   lambda v: f"{v[0]} x {v[1]}"),
            Choice((x, 290, w, h), "Full screen", [False, True], int(s.fullscreen), self.set_fullscreen,
                   lambda v: "on" if v else "off"),
            Choice((x, 360, w, h), "Animation speed", speeds, speeds.index(s.animation_speed),
                   self.set_speed, lambda v: f"{SPEED_WORDS[v]} (x{v:g})"),
            Choice((x, 430, w, h), "Sound volume", volumes,
                   volumes.index(min(volumes, key=lambda v: abs(v - s.volume))), self.set_volume,
                   lambda v: f"{v} %"),
            Button((theme.SIZE[0] // 2 - 150, 530, 300, 54), "Back", self.back, primary=True),
        ], focus=0)

    def set_window(self, size) -> None:
        """A new window size."""
        self.app.settings.window = tuple(size)
        self.app.apply_settings()

    def set_fullscreen(self, on) -> None:
        """Full screen on or off."""
        self.app.settings.fullscreen = bool(on)
        self.app.apply_settings()

    def set_speed(self, speed) -> None:
        """How fast animations and computer racers go."""
        self.app.settings.animation_speed = float(speed)
        self.app.settings.save()

    def set_volume(self, volume) -> None:
        """The sound volume."""
        self.app.settings.volume = int(volume)
        self.app.apply_settings()

    def back(self) -> None:
        """Back to where the settings were opened from."""
        self.stack.pop()

    def handle_event(self, event):
        if self.group.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        veil(surface, 120)
        box = pygame.Rect(0, 0, 700, 520)
        box.midtop = (theme.SIZE[0] // 2, 110)
        panel(surface, box, (30, 35, 54))
        text.draw(surface, "Settings", (box.centerx, box.top + 30), 44, theme.ACCENT, "title",
                  anchor="midtop")
        self.group.draw(surface)
        text.draw(surface, "Up and down choose a line, left and right change it, Escape goes back",
                  (theme.SIZE[0] // 2, theme.SIZE[1] - 40), 17, theme.MUTED, anchor="center")
