"""Every menu-like screen, in English and in French, drawn headless: at most one control looks focused
(outlined in the focus colour, or gold as the default action), and no text is wider than its control's
box (nor cut short in it, nor running into another of its words), nor runs off the screen; also in a
1920x1080 window at Interface scale 200 % (the 1280x720 screen drawn twice as large, letterboxed) and
100 % (a 1920x1080 logical screen, the menus drawn in its 1280x720 centre)."""

from __future__ import annotations

import io

import netwindows as nw
import pygame
import pytest
from kept_races import finished_race, keep_races

from game import Race, RacerSetup
from game.app import session, userdata
from game.app.settings import Settings
from game.meta.season import Season, play_headless
from scenes.app import App
from scenes.core import assets, boards, i18n, text, theme
from scenes.race import hud
from scenes.screens.championships import ChampionshipsScene
from scenes.screens.controls_screen import ControlsScene
from scenes.screens.games import GamesScene
from scenes.screens.join import JoinScene
from scenes.screens.pause import PauseScene
from scenes.screens.replays import ReplaysScene
from scenes.screens.results import ResultsScene
from scenes.screens.season import PodiumScene, SeasonSetupScene, SeasonTableScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.stats import StatsScene
from scenes.screens.title import TitleScene
from scenes.ui.text_field import TextField
from scenes.ui.widgets import PRIMARY_FILL


class Marks:
    """What one frame drew on the screen: the focus marks (a box outlined in the focus colour, a box
    filled with the default action's gold) and every line of text with its rectangle."""

    def __init__(self, monkeypatch, screen: pygame.Surface) -> None:
        self.on = False  # only what the top screen draws counts (a question's veil dims the screen below)
        self.focus: set[tuple[int, int, int, int]] = set()
        self.texts: list[tuple[str, pygame.Rect]] = []
        rect, draw = pygame.draw.rect, text.draw

        def on_screen(surface) -> bool:  # (the screen, or the part of a larger one a menu is drawn in)
            return surface is screen or (isinstance(surface, pygame.Surface) and surface.get_abs_parent() is screen)

        def recording_rect(surface, colour, box, width=0, *args, **kwargs):
            if self.on and on_screen(surface):
                shade = tuple(pygame.Color(colour))[:3]
                if (shade == theme.FOCUS and width > 0) or (shade == PRIMARY_FILL and width == 0):
                    self.focus.add(tuple(pygame.Rect(box)))
            return rect(surface, colour, box, width, *args, **kwargs)

        def recording_text(surface, words, pos, *args, **kwargs):
            drawn = draw(surface, words, pos, *args, **kwargs)
            if self.on and on_screen(surface) and str(words).strip():
                self.texts.append((str(words), drawn))
            return drawn

        monkeypatch.setattr(pygame.draw, "rect", recording_rect)
        monkeypatch.setattr(text, "draw", recording_text)

    def clear(self) -> None:
        self.focus.clear()
        self.texts.clear()


#: each screen in each language at the Text size as designed and at its largest (150 %)
LOOKS = ["en", "fr", "en 150", "fr 150"]


@pytest.fixture
def app(tmp_path, monkeypatch, request):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    language, *rest = request.param.split()
    more: dict = {}
    for word in rest:  # "150": the Text size; "1920x1080@200": a window and its Interface scale
        if "x" in word:
            size, _, scale = word.partition("@")
            more.update(window=tuple(int(n) for n in size.split("x")), interface_scale=scale)
        else:
            more["text_size"] = int(word)
    looks = Settings(animation_speed=4.0, tutorial_seen=True, language=language, **more)
    game = App(settings=looks)
    game.use_theme()
    yield game
    i18n.set_language("en")
    theme.use_text_size(100)


def check(app: App, marks: Marks, name: str) -> None:
    """Draw the top screen once and check what it drew."""
    app.step([])
    marks.clear()
    scene = app.stack.top
    draw = scene.draw

    def top_draw(surface):
        marks.on = True
        try:
            draw(surface)
        finally:
            marks.on = False

    scene.draw = top_draw
    try:
        app.step([])
    finally:
        del scene.draw
    assert marks.texts, f"{name}: no text was seen drawn (on the screen, or in its menus' part)"
    assert len(marks.focus) <= 1, f"{name}: {len(marks.focus)} controls look focused: {sorted(marks.focus)}"
    screen = pygame.Rect(0, 0, *theme.SIZE)
    for words, drawn in marks.texts:
        if screen.collidepoint(drawn.center):
            assert drawn.left >= -1 and drawn.right <= screen.right + 1, f"{name}: {words!r} runs off the screen"
            assert drawn.top >= -1 and drawn.bottom <= screen.bottom + 1, f"{name}: {words!r} runs off the screen"
    group = getattr(scene, "group", None)
    shown = [w for w in (group.widgets if group is not None else ()) if screen.colliderect(w.rect)]
    for k, widget in enumerate(shown):  # (a list's rows scrolled away are kept far off the screen)
        assert screen.contains(widget.rect), f"{name}: a control leaves the window at {widget.rect}"
        for other in shown[k + 1 :]:
            assert not widget.rect.colliderect(other.rect), f"{name}: controls overlap at {widget.rect}, {other.rect}"
    for widget in group.widgets if group is not None else ():
        if isinstance(widget, TextField) or not widget.focusable or not screen.contains(widget.rect):
            continue  # (a text field's words scroll inside it, clipped)
        inside = [(w, pygame.Rect(r)) for w, r in dict.fromkeys((w, tuple(r)) for w, r in marks.texts)]
        inside = [(words, drawn) for words, drawn in inside if widget.rect.collidepoint(drawn.center)]
        whole = {v for v in i18n.catalogue(i18n.language()).values() if isinstance(v, str)}
        for k, (words, drawn) in enumerate(inside):
            assert widget.rect.inflate(2, 2).contains(drawn), f"{name}: {words!r} is wider than its box"
            assert not words.endswith("…") or words in whole, f"{name}: {words!r} is cut short in its box"
            for other, beside in inside[k + 1 :]:  # (a value running into the arrows, a label into its value)
                assert not drawn.inflate(-2, -8).colliderect(beside.inflate(-2, -8)), (
                    f"{name}: {words!r} runs into {other!r}"
                )


def practice_setup(racers: list[tuple[str, str, str | None]]) -> dict:
    return {
        "board": boards.PRACTICE,
        "turns": 5,
        "racers": [{"character": c, "name": n, "bot": b} for c, n, b in racers],
    }


def a_season(races: int) -> Season:
    """A championship of three races on the practice board, `races` of them played."""
    season = Season.new(
        "Spring Cup",
        [RacerSetup("elf", "Ann", "easy"), RacerSetup("goblin", "Gus", "expert")],
        [boards.PRACTICE] * 3,
        5,
        2,
    )
    if races >= 3:
        play_headless(season, boards.load, io.StringIO())
        return season
    for _ in range(races):
        race = season.start_race(boards.load)
        from game.bots import ai
        from game.rules import seeds

        rngs = seeds.bot_rngs(race.seed or 0, len(race.racers))
        while not race.over:
            decision = race.pending
            race.choose(ai.pick(race, decision, race.racers[decision.racer].setup.bot, rngs[decision.racer]))
        season.finish_race()
    return season


#: the same at 1920x1080 with the Interface scale at 200 % and at 100 %
LARGE = [f"{language} 1920x1080@{scale}" for scale in ("200", "100") for language in ("en", "fr")]


@pytest.mark.slow  # about twenty screens, in each language (a few seconds), at 1280x720 and at 1920x1080
@pytest.mark.parametrize("app", [*LOOKS, *LARGE], indirect=True)
def test_every_screen_shows_one_focus_and_no_text_wider_than_its_box(app, monkeypatch):
    marks = Marks(monkeypatch, app.screen)
    keep_races()
    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Zoé"), RacerSetup("orc", "Bo", "expert")], 5, seed=2)
    userdata.save_race(session.FOLDER, race, {"board": boards.PRACTICE, "turns": 5, "racers": []})
    title = app.stack.push(TitleScene())
    check(app, marks, "title")
    title.quit()
    check(app, marks, "the quit question")
    app.stack.pop()
    setup = app.stack.push(SetupScene())
    setup.set_count(6)
    for index, kind in enumerate(("person", "easy", "normal", "hard", "expert", "friend")):
        setup.set_kind(index, kind)
    check(app, marks, "setup with every kind of racer")
    for focus in range(len(setup.group.widgets)):
        setup.group.focus = focus
        check(app, marks, f"setup, focus {focus}")
    setup.open_gallery()
    check(app, marks, "all boards")
    app.stack.pop()
    app.stack.pop()
    app.stack.push(SeasonSetupScene())
    check(app, marks, "championship setup")
    app.stack.pop()
    settings = app.stack.push(SettingsScene())
    for focus in range(len(settings.group.widgets)):
        settings.group.focus = focus
        settings.place()  # (as the keys do: the focused line scrolled into view)
        check(app, marks, f"settings, focus {focus}")
        assert pygame.Rect(0, 0, *theme.SIZE).contains(settings.group.focused.rect), f"settings: {focus} hidden"
    app.stack.pop()
    access = app.stack.push(SettingsScene("access"))
    for focus in range(len(access.group.widgets)):
        access.group.focus = focus
        access.place()
        check(app, marks, f"accessibility settings, focus {focus}")
        assert pygame.Rect(0, 0, *theme.SIZE).contains(access.group.focused.rect), f"access: {focus} hidden"
    access.group.widgets[0].adjust(1)  # the longest palette's name
    check(app, marks, "accessibility settings, red-green")
    controls = app.stack.push(ControlsScene())
    for focus in range(0, len(controls.group.widgets), 5):
        controls.group.focus = focus
        controls.place()
        check(app, marks, f"controls, focus {focus}")
    controls.listen(controls.rows[0])
    check(app, marks, "controls: listening")
    controls.take("key:j")  # confirm to J
    controls.listen(controls.rows[14])
    controls.take("key:l")  # undo to L too: refused, the screen says why
    assert controls.message_bad
    check(app, marks, "controls: a clash refused")
    app.stack.reset(TitleScene())
    app.stack.push(GamesScene())
    check(app, marks, "games in progress")
    app.step([nw.key(pygame.K_DELETE)])
    check(app, marks, "games in progress: the delete question")
    app.stack.reset(TitleScene())
    replays = app.stack.push(ReplaysScene())
    assert len(replays.rows) == 3
    check(app, marks, "replays")
    replays.group.focus = 0
    replays.rows[0].adjust(1)
    check(app, marks, "replays: delete focused")
    app.step([nw.key(pygame.K_DELETE)])
    check(app, marks, "replays: the delete question")
    app.stack.reset(TitleScene())
    finished = finished_race()
    app.stack.push(ResultsScene(finished, practice_setup([("dwarf", "Zoé", None), ("thief", "Bo", "expert")])))
    check(app, marks, "results")
    app.stack.push(PauseScene(lambda: None))
    check(app, marks, "pause")
    app.stack.reset(TitleScene())
    app.stack.push(SeasonTableScene(a_season(1)))
    check(app, marks, "championship table")
    app.stack.push(PodiumScene(a_season(3)))
    check(app, marks, "podium")
    app.stack.reset(TitleScene())
    app.stack.push(ChampionshipsScene())  # (the podium kept its championship)
    check(app, marks, "championships kept")
    app.step([nw.key(pygame.K_RETURN)])
    check(app, marks, "a kept championship's table")
    app.step([nw.key(pygame.K_RETURN)])
    check(app, marks, "a kept championship's podium")
    app.stack.reset(TitleScene())
    statistics = app.stack.push(StatsScene())
    for focus in range(len(statistics.group.widgets)):
        statistics.group.focus = focus
        check(app, marks, f"statistics, focus {focus}")
    app.stack.reset(TitleScene())
    joining = app.stack.push(JoinScene())
    check(app, marks, "join")
    joining.address, joining.code, joining.name = "no way", "", "Ann"
    joining.connect()
    check(app, marks, "join: a bad address")
    joining.type_into(joining.code_field)
    check(app, marks, "the on-screen keyboard")
    app.stack.reset(TitleScene())


@pytest.mark.slow  # a host listening on 127.0.0.1 and a friend's window joining it
@pytest.mark.parametrize("app", LOOKS, indirect=True)
def test_the_network_lobbies_show_one_focus_and_no_text_wider_than_its_box(app, monkeypatch):
    marks = Marks(monkeypatch, app.screen)
    port = nw.free_port()
    app.settings.host_address, app.settings.host_port = "127.0.0.1", port
    app.stack.push(TitleScene())
    lobby = nw.start_hosting(app, ["here", "friend", "friend"])
    check(app, marks, "host lobby")
    app.step([nw.key(pygame.K_RETURN)])
    check(app, marks, "host lobby: start with open seats?")
    app.stack.pop()
    friend = nw.window(language=i18n.language())
    friend.settings.text_size = app.settings.text_size  # (one process, one theme: both windows at this Text size)
    friend.use_theme()
    try:
        joined = nw.join(friend, [app, friend], port, lobby.code, "Ann")
        marks_friend = Marks(monkeypatch, friend.screen)
        assert friend.stack.top is joined
        check(friend, marks_friend, "join lobby")
    finally:
        friend.stack.reset(TitleScene())
        app.stack.reset(TitleScene())


def a_race_asking(many: int) -> tuple[Race, dict]:
    """Six racers on the practice board, played by the computer policies (Ann's clovers kept) until Ann,
    the person, is asked a move with at least `many` options."""
    from game.bots import ai
    from game.rules import seeds

    racers = [("elf", "Ann", None), ("dwarf", "Bram", "normal"), ("sorceress", "Cleo", "hard")]
    racers += [("orc", "Dax", "easy"), ("thief", "Eve", "normal"), ("baby", "Fib", "hard")]
    setup = practice_setup(racers)
    race = Race.new(boards.practice_board(), [RacerSetup(c, n, b) for c, n, b in racers], 5, seed=11)
    rngs = seeds.bot_rngs(race.seed or 0, len(race.racers))
    for _ in range(2000):  # (bounded: a seed whose race never asks it fails below, not forever)
        decision = race.pending
        if decision is None or (decision.racer == 0 and decision.kind == "move" and len(decision.options) >= many):
            break
        bot = race.racers[decision.racer].setup.bot
        race.choose(ai.pick(race, decision, bot, rngs[decision.racer]) if bot else decision.options[0])
    assert race.pending is not None and race.pending.kind == "move", "the race never asked Ann a move"
    return race, setup


@pytest.mark.slow  # a race drawn in each language, at the Text size as designed and at its largest, in a large window
@pytest.mark.parametrize("app", [*LOOKS, *LARGE], indirect=True)
def test_the_race_at_the_largest_text_keeps_its_panel_cards_and_log_whole(app, monkeypatch):
    from scenes.race.scene import RaceScene

    race, setup = a_race_asking(8)
    scene = app.stack.push(RaceScene(race, setup))
    for _ in range(60):  # (the race opens on the whole board, then asks: a bounded number of frames)
        scene.skip()
        app.step([], 1 / 30)
        if scene.panel is not None and not scene.busy:
            break
    assert scene.panel is not None, "the race never showed its decision"
    marks = Marks(monkeypatch, app.screen)
    check(app, marks, "the race asking a move")
    seen: list[tuple[str, pygame.Rect]] = []  # every line drawn on a picture of the screen's size (the HUD's)
    draw = text.draw

    def recording(surface, words, pos, *args, **kwargs):
        drawn = draw(surface, words, pos, *args, **kwargs)
        if surface.get_size() == theme.screen_size() and str(words).strip():
            seen.append((str(words), drawn))
        return drawn

    monkeypatch.setattr(text, "draw", recording)
    scene.drawing._hud_cache = None  # (the top bar, the cards and the log drawn again, seen)
    app.step([])
    screen = pygame.Rect(0, 0, *theme.screen_size())
    panel = scene.panel
    entries = [e for e in panel._button_entries() if e.rect is not None and screen.colliderect(e.rect)]  # (drawn)
    assert len(panel._button_entries()) >= 8 and entries, "the race asked no move of many options"
    assert screen.contains(panel.rect), f"the panel {panel.rect} leaves the window"
    for k, entry in enumerate(entries):
        assert panel.rect.contains(entry.rect), f"option {entry.label!r} leaves the panel"
        assert not any(entry.rect.colliderect(other.rect) for other in entries[k + 1 :]), f"{entry.label!r} overlaps"
        # (the panel is painted on its own picture: its words measured as _paint lays them out)
        wide = 10 + (16 if k < 10 else 0) + (32 if entry.icon is not None else 0) + text.width(entry.label, 18, "bold")
        tall = assets.font(18, "bold").get_height()
        assert wide <= entry.rect.width and tall <= entry.rect.height, f"{entry.label!r} is wider than its option"
    cards = list(hud.card_rects(race).values())
    log = scene.playback.log.rect
    for words, drawn in seen:  # the cards' and the log's words inside their boxes, none cut off
        for box in [*cards, log]:
            if box.collidepoint(drawn.center):
                assert box.inflate(2, 2).contains(drawn), f"{words!r} runs out of its box {box}"
    assert all(screen.contains(card) for card in cards), "a racer's card leaves the window"
    top_bar = hud.top_bar()
    bar = [(words, drawn) for words, drawn in seen if drawn.centery < top_bar.bottom]
    for k, (words, drawn) in enumerate(bar):  # the top bar's words apart, and clear of its buttons
        assert 0 <= drawn.left and drawn.right <= top_bar.right, f"{words!r} runs out of the top bar"
        for other, beside in bar[k + 1 :]:
            assert not drawn.inflate(-2, -8).colliderect(beside.inflate(-2, -8)), f"{words!r} runs into {other!r}"
        for button in (hud.legend_button(), hud.undo_button()):
            assert button.contains(drawn) or not button.colliderect(drawn), f"{words!r} runs into a button"
    for box in [*cards, log]:  # (the check above saw their words)
        assert any(box.collidepoint(drawn.center) for _, drawn in seen), f"no words seen in {box}"
