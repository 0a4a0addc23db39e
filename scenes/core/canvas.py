"""The logical screen's size: the window's over the interface scale, never smaller than the design size.

The *Interface scale* setting (game/app/settings.py) says how many window pixels a logical pixel takes:
100 % draws the race on every pixel of a large window (the board as large as it can be, the text as
designed), 200 % doubles everything. *Auto* lets the interface grow with the window but more slowly
than the board: s = 1 + (k - 1) / 2, k the window's size over the design size (1920x1080: 1.25), and
never below the desktop's own scale on a high-density screen. A logical screen smaller than the design
size on an axis is the design size there: the picture is then scaled into the window, letterboxed,
as it always was for small windows.
"""

from __future__ import annotations

from scenes.core import theme

SCALES = {"100": 1.0, "125": 1.25, "150": 1.5, "175": 1.75, "200": 2.0}  # the setting's fixed choices ("auto" else)


def interface_scale(setting: str, window: tuple[int, int], desktop: float = 1.0) -> float:
    """How many window pixels a logical pixel takes for the setting `setting` on a window of `window`
    pixels (`desktop`: the desktop's own scale, 2.0 on a high-density screen that says so)."""
    if setting in SCALES:
        return SCALES[setting]
    grown = min(window[0] / theme.SIZE[0], window[1] / theme.SIZE[1])
    return max(1.0, 1 + (grown - 1) / 2, desktop)


def logical_size(window: tuple[int, int], scale: float) -> tuple[int, int]:
    """The logical screen for a window of `window` pixels at `scale`: never smaller than the design size."""
    return (
        max(theme.SIZE[0], int(window[0] / max(scale, 0.01))),
        max(theme.SIZE[1], int(window[1] / max(scale, 0.01))),
    )


def desktop_scale(window_size: tuple[int, int], drawable_size: tuple[int, int]) -> float:
    """The desktop's scale as SDL shows it: the window's drawable pixels over its size in screen points
    (2.0 on a Retina screen). pygame-ce 2.5 offers no other measure of the desktop's scale (SDL's
    display DPI is not exposed), so on a desktop that scales by its own setting (Windows' 150 %, a
    scaled X11 or Wayland desktop) this is 1.0 and Auto follows the window alone."""
    if window_size[0] <= 0 or drawable_size[0] <= 0:
        return 1.0
    return max(1.0, drawable_size[0] / window_size[0])
