"""Settings: window size, full screen, animation speed, sound and music volumes, language.

Each change applies at once (the window, the mixer's volumes, the words) and is saved; values in an
order stop at their ends (Right on the fastest speed leaves it fastest)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.app.settings import ANIMATION_SPEEDS, WINDOW_SIZES
from scenes import audio, i18n
from scenes.backdrop import backdrop
from scenes.i18n import t
from scenes.stack import Scene
from scenes.ui import text, theme
from scenes.ui.widgets import Button, Choice, FocusGroup, Widget, titled_card, veil

SPEED_WORDS = {0.5: "slow", 1.0: "normal", 2.0: "fast", 4.0: "very_fast"}  # keys settings.speed.*


def nearest(values: list[int], value: int) -> int:
    """The index of the value of `values` nearest `value`."""
    return values.index(min(values, key=lambda v: abs(v - value)))


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
        sizes = sorted(set(WINDOW_SIZES) | {tuple(s.window)})
        speeds = list(ANIMATION_SPEEDS)
        volumes = list(range(0, 101, 10))
        languages = list(i18n.LANGUAGES)
        language = getattr(s, "language", i18n.language())
        x, w, h, step = theme.SIZE[0] // 2 - 320, 640, 47, 57
        lines: list[tuple[str, list[Any], int, Callable[[Any], None], Callable[[Any], str]]] = [
            (t("settings.window"), sizes, sizes.index(tuple(s.window)), self.set_window, self.window_words),
            (t("settings.fullscreen"), [False, True], int(s.fullscreen), self.set_fullscreen, self.on_off),
            (t("settings.speed"), speeds, speeds.index(s.animation_speed), self.set_speed, self.speed_words),
            (t("settings.volume"), volumes, nearest(volumes, s.volume), self.set_volume, self.percent),
            (t("settings.music_volume"), volumes, nearest(volumes, s.music_volume), self.set_music, self.percent),
            (
                t("settings.language"),
                languages,
                languages.index(language) if language in languages else 0,
                self.set_language,
                lambda v: t(f"language.{v}"),
            ),
        ]
        widgets: list[Widget] = [
            Choice((x, 194 + k * step, w, h), label, values, index, change, words)
            for k, (label, values, index, change, words) in enumerate(lines)
        ]
        widgets.append(Button((theme.SIZE[0] // 2 - 150, 552, 300, 52), t("common.back"), self.back, primary=True))
        self.group.set(widgets, focus=focus)

    @staticmethod
    def window_words(size) -> str:
        return t("settings.window_value", width=size[0], height=size[1])

    @staticmethod
    def on_off(on) -> str:
        return t("settings.on") if on else t("settings.off")

    @staticmethod
    def speed_words(speed) -> str:
        return t("settings.speed_value", word=t(f"settings.speed.{SPEED_WORDS[speed]}"), factor=f"{speed:g}")

    @staticmethod
    def percent(value) -> str:
        return t("settings.volume_value", value=value)

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
        self.app.save_settings()

    def set_volume(self, volume) -> None:
        """The sound effects' volume, heard at once (a click at the new volume)."""
        self.app.settings.volume = int(volume)
        self.app.apply_volumes()
        audio.play("click")

    def set_music(self, volume) -> None:
        """The music's volume, heard at once."""
        self.app.settings.music_volume = int(volume)
        self.app.apply_volumes()

    def set_language(self, code) -> None:
        """English or French, at once (the screen is laid out again in it) and saved."""
        self.app.settings.language = i18n.set_language(code)
        self.app.save_settings()
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
        titled_card(surface, (720, 540), 100, t("settings.title"), 44)
        self.group.draw(surface)
        text.draw(
            surface, t("settings.keys"), (theme.SIZE[0] // 2, theme.SIZE[1] - 40), 17, theme.MUTED, anchor="center"
        )
