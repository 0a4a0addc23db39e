"""Calm effects. Flashes: reduced: the lightning's frames, recorded at the fastest animation speed, hold no
full-screen flash and no more than three flashes in any second, by the WCAG 2 definition of a general
flash: a pair of opposing changes of relative luminance of 0.1 or more where the darker state is under
0.8, over an area of a quarter of a 10-degree field of view (a 341 x 256 pixel block at the usual
1024 x 768 viewing; here every such block of the board, half a block apart). With Flashes: full the
same recording shows the flash over the whole board that the setting takes away. Motion: reduced: the
camera cuts to the racer who acts instead of gliding."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from scenes.core import theme
from scenes.render.actions import Bolt

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

VIEW = pygame.Rect(0, 46, 860, 674)  # the race screen's board
TILE = 48
BLOCK = (341, 256)  # a quarter of a 10-degree field of view at 1024 x 768 (WCAG's general flash area)
FPS = 60
FASTEST = 4.0  # the fastest animation speed: the most flashes a second


class Board:
    """What the bolt asks of the race screen: the board's view, its squares' size and their centres."""

    view, tile = VIEW, TILE

    @staticmethod
    def spots(square):
        return [(VIEW.left + square[1] * TILE + TILE // 2, VIEW.top + square[0] * TILE + TILE // 2)]


def relative_luminance(surface: pygame.Surface) -> np.ndarray:
    """Each pixel's relative luminance (sRGB, WCAG 2), 0 to 1."""
    rgb = pygame.surfarray.array3d(surface).astype(float) / 255
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def record(flashes: str, speed: float = FASTEST) -> list[np.ndarray]:
    """The bolt's frames on the board (three racers struck, one of them the leader), one per 1/60 s of
    the player's time at animation speed `speed`."""
    theme.use_effects(flashes, "full")
    board = pygame.Surface((1280, 720))
    board.fill((58, 104, 52))  # a board's meadow
    bolt = Bolt([(3, 4), (7, 9), (10, 14)], [True, False, False], seed=5)
    frames = []
    try:
        while not bolt.done:
            frame = board.copy()
            bolt.draw(frame, Board())
            frames.append(relative_luminance(frame.subsurface(VIEW)))
            bolt.update(speed / FPS)
    finally:
        theme.use_effects("full", "full")
    frames.append(relative_luminance(board.subsurface(VIEW)))  # and the board after it
    return frames


def flashes_in(levels: list[float]) -> list[int]:
    """The frames at which a block's luminance completes a flash (a pair of opposing changes of 0.1 or
    more, the darker state under 0.8)."""
    done, low, high, rising, changes = [], levels[0], levels[0], None, 0
    for k, level in enumerate(levels):
        low, high = min(low, level), max(high, level)
        if rising is not True and level - low >= 0.1 and low < 0.8:
            rising, changes, high = True, changes + 1, level
        elif rising is not False and high - level >= 0.1 and level < 0.8:
            rising, changes, low = False, changes + 1, level
        else:
            continue
        if changes % 2 == 0:
            done.append(k)
    return done


def most_flashes_in_a_second(frames: list[np.ndarray]) -> int:
    """The most general flashes any block of the view shows in one second."""
    height, width = frames[0].shape[1], frames[0].shape[0]
    most = 0
    for x in range(0, max(1, width - BLOCK[0]) + 1, BLOCK[0] // 2):
        for y in range(0, max(1, height - BLOCK[1]) + 1, BLOCK[1] // 2):
            levels = [float(f[x : x + BLOCK[0], y : y + BLOCK[1]].mean()) for f in frames]
            at = flashes_in(levels)
            most = max([most] + [sum(1 for b in at if a <= b < a + FPS) for a in at])
    return most


def widest_change(frames: list[np.ndarray]) -> float:
    """The largest share of the view whose luminance differs by 0.1 or more from the board without the
    lightning (the last frame): how much of the screen a flash covers."""
    board = frames[-1]
    return max(float((np.abs(frame - board) >= 0.1).mean()) for frame in frames)


@pytest.mark.slow  # (a second of frames measured pixel by pixel)
@pytest.mark.parametrize("speed", [1.0, FASTEST])
def test_with_flashes_reduced_the_lightning_never_flashes_the_screen_nor_more_than_three_times_a_second(speed, capsys):
    frames = record("reduced", speed)
    most, widest = most_flashes_in_a_second(frames), widest_change(frames)
    with capsys.disabled():
        print(f"\nFlashes: reduced: {len(frames)} frames at {FPS} fps, speed x{speed:g}: at most {most} flash(es)")
        print(f"in a second in a 10-degree block; the widest change from the board covers {widest:.1%} of the board")
    assert most <= 3
    assert widest < 0.25  # nothing near a full-screen flash


@pytest.mark.slow
def test_with_flashes_full_the_same_recording_shows_the_flash_over_the_board(capsys):
    frames = record("full", 1.0)
    most, widest = most_flashes_in_a_second(frames), widest_change(frames)
    with capsys.disabled():
        print(f"\nFlashes: full, speed x1: at most {most} flash(es) in a second in a 10-degree block;")
        print(f"the widest change from the board covers {widest:.1%} of the board")
    assert widest >= 0.25  # the sky's flash: what Flashes: reduced takes away


class Renderer:
    """A board of 40 x 40 squares, as the camera sees it."""

    size = (40 * TILE, 40 * TILE)


@pytest.mark.parametrize("motion, glides", [("full", True), ("reduced", False)])
def test_with_motion_reduced_the_camera_cuts_to_the_racer_instead_of_gliding(motion, glides):
    from scenes.race.camera import Camera

    theme.use_effects("full", motion)
    try:
        camera = Camera(Renderer(), VIEW, TILE, (0.0, 0.0))
        camera.follow((480.0, 960.0), 1 / 60)
        assert (camera.position != [480.0, 960.0]) is glides  # full: on its way; reduced: there at once
    finally:
        theme.use_effects("full", "full")
