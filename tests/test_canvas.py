"""The logical screen follows the window (issue 33 and the Interface scale of issue 37): its size is the
window's over the interface scale, never smaller than 1280x720; the menus stay laid out for 1280x720 at
its centre, the pointer translated; the race lays out on all of it, the board growing first while the
panels keep their size; a resize or a new scale makes the screen again; a pinch zooms; a long list
of options scrolls its rows in the decision panel instead of growing it or cutting any."""

from __future__ import annotations

import pygame
import pytest

from game import Race, RacerSetup
from game.app.session import Session
from game.app.settings import Settings
from scenes.app import App
from scenes.core import boards, canvas, theme
from scenes.race import RaceScene, hud
from scenes.screens.settings import SettingsScene
from scenes.screens.title import TitleScene


@pytest.mark.parametrize(
    ("setting", "window", "desktop", "scale", "size"),
    [
        ("auto", (1280, 720), 1.0, 1.0, (1280, 720)),
        ("auto", (1920, 1080), 1.0, 1.25, (1536, 864)),  # grows with the window, half as fast as the board
        ("auto", (2560, 1440), 1.0, 1.5, (1706, 960)),
        ("auto", (2560, 1440), 2.0, 2.0, (1280, 720)),  # a high-density desktop's own scale
        ("auto", (960, 540), 1.0, 1.0, (1280, 720)),  # a small window: 1280x720 scaled down
        ("100", (1920, 1080), 1.0, 1.0, (1920, 1080)),
        ("200", (1920, 1080), 1.0, 2.0, (1280, 720)),  # 960x540 is too small: 1280x720, letterboxed
        ("150", (2560, 1080), 1.0, 1.5, (1706, 720)),  # a wide window: wider, never lower than 720
    ],
)
def test_the_logical_screen_is_the_window_over_the_interface_scale_never_below_1280x720(
    setting, window, desktop, scale, size
):
    assert canvas.interface_scale(setting, window, desktop) == pytest.approx(scale)
    assert canvas.logical_size(window, canvas.interface_scale(setting, window, desktop)) == size


def window(tmp_path, monkeypatch, size=(1920, 1080), scale="100") -> App:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return App(settings=Settings(window=size, interface_scale=scale, animation_speed=4.0, tutorial_seen=True))


def test_a_menu_is_drawn_at_the_centre_of_a_larger_screen_and_the_pointer_reaches_its_buttons(tmp_path, monkeypatch):
    app = window(tmp_path, monkeypatch)
    assert app.screen.get_size() == (1920, 1080) and theme.screen_size() == (1920, 1080)
    app.stack.push(TitleScene())
    settings = app.stack.push(SettingsScene())
    app.step([])
    back = settings.group.widgets[-1]
    offset = theme.design_offset()
    assert offset == (320, 180)
    where = (back.rect.centerx + offset[0], back.rect.centery + offset[1])  # on the logical screen
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=1)])
    assert app.stack.top is not settings, "the click at Back's place on the larger screen pressed it"
    app.step([])
    corner = app.screen.get_at((5, 5))
    assert corner != app.screen.get_at((offset[0] + 5, offset[1] + 5)) or corner != (0, 0, 0, 255), (
        "the backdrop fills the screen around the menu"
    )


def a_race(app: App) -> RaceScene:
    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=2)
    scene = app.stack.reset(RaceScene(race, {}, session=Session.unsaved(race)))
    for _ in range(300):
        if scene.panel is not None and not scene.busy:
            break
        app.step([], 1 / 30)
    scene.settle_view()
    app.step([])
    return scene


def layout(scene: RaceScene) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, int]:
    """The board's free view, the sidebar, the top bar and the decision panel's height."""
    assert scene.panel is not None
    return scene.free_view(), hud.sidebar(), hud.top_bar(), scene.panel.rect.height


def test_at_1920x1080_the_board_sees_more_while_the_panels_keep_their_size(tmp_path, monkeypatch):
    small = a_race(window(tmp_path, monkeypatch, (1280, 720)))
    free, side, top, panel = layout(small)
    assert theme.screen_size() == (1280, 720)
    large = a_race(window(tmp_path, monkeypatch, (1920, 1080)))
    big_free, big_side, big_top, big_panel = layout(large)
    assert big_free.width > free.width and big_free.height > free.height, (free, big_free)
    assert big_side.size[0] == side.size[0] and big_side.right == 1920 - hud.SIDE_MARGIN
    assert big_top.height == top.height and big_top.width == 1920
    assert big_panel <= panel, "the decision panel takes no more height (it is wider: fewer rows)"
    assert large.camera.view == hud.board_area() and large.camera.view.right == big_side.left - hud.SIDE_MARGIN


def test_a_resize_and_a_new_interface_scale_lay_the_race_out_again(tmp_path, monkeypatch):
    app = window(tmp_path, monkeypatch, (1280, 720), "auto")
    scene = a_race(app)
    before = scene.camera.view.copy()
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)  # (the player drags the window's corner)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)])
    assert app.screen.get_size() == (1536, 864), "Auto: 1.25 at 1920x1080"
    assert scene.camera.view.width > before.width and scene.panel is not None
    assert scene.panel.area == scene.view, "the panel across the new view"
    app.settings.interface_scale = "200"
    app.fit_screen()
    assert app.screen.get_size() == (1280, 720) and scene.camera.view == before
    app.settings.interface_scale = "100"
    app.fit_screen()
    app.step([])
    assert app.screen.get_size() == (1920, 1080) and scene.camera.view.bottom == 1080


def test_a_pinch_on_a_touchpad_zooms_the_board_around_the_fingers(tmp_path, monkeypatch):
    app = window(tmp_path, monkeypatch)
    scene = a_race(app)
    scene.camera.settle()
    scale = scene.camera.scale
    spread = pygame.event.Event(pygame.MULTIGESTURE, x=0.3, y=0.4, pinched=0.05, rotated=0.0, num_fingers=2)
    app.step([spread])
    scene.camera.settle()
    assert scene.camera.scale > scale, "fingers apart: nearer"
    closer = pygame.event.Event(pygame.MULTIGESTURE, x=0.3, y=0.4, pinched=-0.1, rotated=0.0, num_fingers=2)
    bigger = scene.camera.scale
    app.step([closer])
    scene.camera.settle()
    assert scene.camera.scale < bigger, "fingers together: farther"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_decision_of_fourteen_moves_scrolls_its_rows_with_the_focus_and_cuts_none(tmp_path, monkeypatch, language):
    from scenes.core import i18n
    from scenes.race.option_rows import MAX_ROWS
    from tests import view_shots

    app = window(tmp_path, monkeypatch, (1280, 720))
    i18n.set_language(language)
    try:
        scene = view_shots._deciding(app)  # Ann's double six and quick 2 on Hollow Mine: fourteen moves
        panel = scene.panel
        assert panel is not None and len(panel.entries) >= 14
        rows = panel.rows
        assert rows.shown <= MAX_ROWS and rows.scrolls, f"{len(rows.lines)} rows: more than fit, they scroll"
        height = panel.rect.height
        for _ in panel.entries:  # (Right goes round them all)
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)])
            focused = panel.entries[panel.focus]
            assert focused.rect is not None and panel.rect.contains(focused.rect), f"{focused.label!r} out of sight"
            assert panel.rect.height == height, "the panel keeps its height while its rows scroll"
            shown = [e.rect for e in panel.entries if e.rect is not None]
            assert len(shown) < len(panel.entries)
            assert all(a == b or not a.colliderect(b) for a in shown for b in shown)
            assert all(not mark.colliderect(rect) for _, mark, _ in rows.marks() for rect in shown), (
                "the scroll mark beside the buttons, over none"
            )
            assert rows.marks(), "a mark says rows are out of sight"
            app.step([])
        first = panel.rows.first
        way, mark, _ = panel.rows.marks()[0]
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=mark.center, button=1)])
        assert panel.rows.first == first + way, "a click on the mark shows the next row that way"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_in_a_larger_window_the_fourteen_moves_show_whole_the_board_still_above_them(tmp_path, monkeypatch, language):
    from scenes.core import i18n
    from scenes.race.option_rows import MAX_ROWS, most_rows
    from tests import view_shots

    app = window(tmp_path, monkeypatch, (1920, 1080))  # (Interface scale 100 %: a logical 1920x1080)
    i18n.set_language(language)
    try:
        scene = view_shots._deciding(app)
        panel = scene.panel
        assert panel is not None and len(panel.entries) >= 14
        assert most_rows(scene.view.height) > MAX_ROWS, "a taller view allows more rows"
        assert not panel.rows.scrolls, f"{len(panel.rows.lines)} rows: the list shows whole"
        assert all(e.rect is not None and panel.rect.contains(e.rect) for e in panel._button_entries())
        assert panel.rect.top - scene.view.top > scene.view.height // 2, "the board keeps most of the height"
    finally:
        i18n.set_language("en")


def test_the_wheel_keeps_the_square_under_the_pointer_on_a_board_narrower_than_the_larger_view(tmp_path, monkeypatch):
    app = window(tmp_path, monkeypatch)
    scene = a_race(app)  # (the practice board: far narrower than a 1920x1080 screen's view)
    camera = scene.camera
    assert camera.narrow
    for pointer, notches in (((camera.board_view.left + 20, 400), 1), ((camera.board_view.right - 20, 300), -1)):
        under = camera.square_at(pointer)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0))])
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=notches)
        app.step([wheel])
        camera.settle()
        assert under is not None and camera.square_at(pointer) == under, (pointer, notches)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)])
    app.step([])
    assert camera.board_left is None, "C: the camera back on the race, the board centred again"
