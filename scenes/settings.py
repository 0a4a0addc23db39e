"""Settings: window size, full screen, animation speed, sound volume, language."""

from __future__ import annotations

import pygame

from game.app.settings import ANIMATION_SPEEDS, WINDOW_SIZES
from scenes import i18n
from scenes.backdrop import backdrop
from scenes.i18n import t
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import Button, Choice, FocusGroup, titled_card, veil

SPEED_WORDS = {0.5: "slow", 1.0: "normal", 2.0: "fast", 4.0: "very_fast"}  # keys settings.speed.*


class SettingsScene(Scene):
    """Change the settings; each change applies at once and is saved."""

    def __init__(self) -> None:
        super().__init__()
        self.group = FocusGroup()

    def enter(self) -> None:
        self.build(focus=0)

    def build(self, focus: int) -> None:
        """Lay out the lines in the current language."""
        s = self.app.settings
        sizes = list(WINDOW_SIZES)
        if tuple(s.window) not in sizes:
            sizes.append(tuple(s.window))
        speeds = list(ANIMATION_SPEEDS)
        volumes = list(range(0, 101, 10))
        languages = list(i18n.LANGUAGES)
        language = getattr(s, "language", i18n.language())
        x, w, h = theme.SIZE[0] // 2 - 320, 640, 52
        self.group.set(
            [
                Choice(
                    (x, 196, w, h),
                    t("settings.window"),
                    sizes,
                    sizes.index(tuple(s.window)),
                    self.set_window,
                    lambda v: t("settings.window_value", width=v[0], height=v[1]),
                ),
                Choice(
                    (x, 260, w, h),
                    t("settings.fullscreen"),
                    [False, True],
                    int(s.fullscreen),
                    self.set_fullscreen,
                    lambda v: t("settings.on") if v else t("settings.off"),
                ),
                Choice(
                    (x, 324, w, h),
                    t("settings.speed"),
                    speeds,
                    speeds.index(s.animation_speed),
                    self.set_speed,
                    lambda v: t("settings.speed_value", word=t(f"settings.speed.{SPEED_WORDS[v]}"), factor=f"{v:g}"),
                ),
                Choice(
                    (x, 388, w, h),
                    t("settings.volume"),
                    volumes,
                    volumes.index(min(volumes, key=lambda v: abs(v - s.volume))),
                    self.set_volume,
                    lambda v: t("settings.volume_value", value=v),
                ),
                Choice(
                    (x, 452, w, h),
                    t("settings.language"),
                    languages,
                    languages.index(language) if language in languages else 0,
                    self.set_language,
                    lambda v: t(f"language.{v}"),
                ),
                Button((theme.SIZE[0] // 2 - 150, 540, 300, 54), t("common.back"), self.back, primary=True),
            ],
            focus=focus,
        )

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

    def set_language(self, code) -> None:
        """English or French, at once (the screen is laid out again in it) and saved."""
        self.app.settings.language = i18n.set_language(code)
        self.app.settings.save()
        self.build(focus=self.group.focus)

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
        titled_card(surface, (720, 530), 110, t("settings.title"), 44)
        self.group.draw(surface)
        text.draw(
            surface, t("settings.keys"), (theme.SIZE[0] // 2, theme.SIZE[1] - 40), 17, theme.MUTED, anchor="center"
        )
