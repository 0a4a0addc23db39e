"""Every screen the game has, with real data, as the player sees it: the real-screens check's walk (each
screen opened over the title in a window of a language, a Text size and a window's size, two frames
drawn with scenes/core/text.py's recorder on) for tests/test_real_screens.py and tools/contact_sheet.py."""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import screen_words
from screen_words import SCREENS as WORDS_SCREENS

from game import Race, RacerSetup
from game.app import session, userboards, userdata
from game.app.settings import Settings
from game.bots import ai
from game.net.client import Follower
from game.net.invite import parse_relay
from game.rules.characters import CHARACTERS
from game.rules.seeds import bot_rngs
from game.rules.state import DECISION_KINDS
from scenes.app import App
from scenes.bridges.days import RacesFetch, order, room_of
from scenes.bridges.link import Link
from scenes.core import assets, boards, i18n, text, theme
from scenes.core.i18n import t
from scenes.race import RaceScene
from scenes.screens.days_race import DaysSeats
from scenes.screens.netplay import friend_setup
from scenes.screens.results import ResultsScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.screens.your_races import YourRacesScene
from tests.test_screens_fit import practice_setup

#: the matrix: languages, Text sizes (%), windows
LANGUAGES = ("en", "fr")
TEXT_SIZES = (100, 150)
WINDOWS = ((1280, 720), (1920, 1080))


@dataclass(frozen=True)
class Look:
    """One cell of the matrix: a language, a Text size and a window."""

    language: str
    text_size: int
    window: tuple[int, int]

    def __str__(self) -> str:
        return f"{self.language} {self.text_size}% {self.window[0]}x{self.window[1]}"


LOOKS = [Look(lang, size, win) for lang in LANGUAGES for size in TEXT_SIZES for win in WINDOWS]


def _game_in_progress(app: App) -> None:
    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Zoé"), RacerSetup("orc", "Bo", "expert")], 5, seed=2)
    userdata.save_race(session.FOLDER, race, {"board": boards.PRACTICE, "turns": 5, "racers": []})
    app.stack.reset(TitleScene())


def _read_only(app: App) -> None:
    session.FOLDER.read_only = True  # (another window holds the folder; given back by `walk`)
    app.stack.reset(TitleScene())


def _setup_character(character: str) -> Callable[[App], object]:
    def opening(app: App) -> None:
        setup = app.stack.push(SetupScene())
        setup.set_count(6)
        setup.set_character(0, character)

    return opening


def _setup_last_racer(app: App) -> None:
    """Six racers, the focus on the last one's row (a computer racer): the gallery is his."""
    setup = app.stack.push(SetupScene())
    setup.set_count(6)
    last = len(setup.racers) - 1
    setup.group.focus = setup.group.widgets.index(next(w for w, i in setup.row_of.items() if i == last))
    setup.selected = last  # (as a move of the focus to his row does: SetupScene.handle_event)
    setup.scroll_rows(0)


def _setup_board(index: int) -> Callable[[App], object]:
    def opening(app: App) -> None:
        setup = app.stack.push(SetupScene())
        setup.set_board(min(index, len(setup.choices) - 1))

    return opening


def _players_board(app: App) -> None:
    """A board of the player's own (a shipped map copied into the boards folder) in the gallery."""
    where = userboards.prepare()
    assert where is not None, "no boards folder"
    shutil.copy(assets.maps_dir() / "meadow.tmx", where / "my-meadow.tmx")
    screen_words.SCREENS["all boards"](app)


def _results(network: str) -> Callable[[App], object]:
    def opening(app: App) -> None:
        kinds = [("dwarf", "Zoé", None), ("thief", "Bo", "expert"), ("orc", "Cy", "normal")]
        setup = {**practice_setup(kinds), "network": network}
        app.stack.push(ResultsScene(screen_words.finished_race(), setup))

    return opening


def race_asking(kind: str, seeds_tried: int = 12) -> tuple[Race, dict[str, Any]] | None:
    """Six racers on the practice board, Ann (a person, played here as a hard computer racer) asked a
    decision of `kind`, on the first of a few seeds whose race asks it (None: none does)."""
    racers = [("elf", "Ann", None), ("dwarf", "Bram", "normal"), ("sorceress", "Cleo", "hard")]
    racers += [("orc", "Dax", "easy"), ("thief", "Eve", "normal"), ("baby", "Fib", "hard")]
    for seed in range(11, 11 + seeds_tried):
        race = Race.new(boards.practice_board(), [RacerSetup(c, n, b) for c, n, b in racers], 5, seed=seed)
        rngs = bot_rngs(seed, len(racers))
        for _ in range(3000):  # (bounded: a race is a few hundred decisions)
            decision = race.pending
            if decision is None or (decision.racer == 0 and decision.kind == kind):
                break
            race.choose(ai.pick(race, decision, race.racers[decision.racer].setup.bot or "hard", rngs[decision.racer]))
        if race.pending is not None:
            return race, practice_setup(racers)
    return None


def _settled(app: App, scene: RaceScene) -> None:
    for _ in range(60):  # (the race opens on the whole board, then asks: a bounded number of frames)
        scene.skip()
        app.step([], 1 / 30)
        if scene.panel is not None and not scene.busy:
            return


def _decisions(app: App) -> Iterator[str]:
    """The race asking each kind of decision a race asks (those no seed asks left out), then with each
    line over the board: the take-back's, a friend's countdown, a friend late."""
    scene: RaceScene | None = None
    for kind in DECISION_KINDS:
        asking = race_asking(kind)
        if asking is None:
            continue
        app.stack.reset(TitleScene())
        scene = app.stack.push(RaceScene(*asking))
        _settled(app, scene)
        yield f"the race asking: {kind}"
    assert scene is not None
    scene.takeback.say(t("undo.done"), True, scene.clock)
    yield "the race, the take-back's line"
    for said in (t("net.clock_left", seconds=30), t("net.late_other", name="Bram")):
        scene.seats.notice = lambda race, said=said: said  # type: ignore[method-assign]
        yield f"the race, the line {said!r}"


def _timeline(app: App) -> Iterator[str]:
    """A kept replay played back, then paused halfway along its timeline."""
    screen_words.SCREENS["a replay played back"](app)
    scene = app.stack.top
    guide = scene.guide
    guide.jump(len(guide.timeline.events) // 2)
    for _ in range(10):
        app.step([], 1 / 30)
    yield "a replay, halfway along its timeline"


def _lessons(app: App) -> Iterator[str]:
    """Every lesson of the guided race in turn (tests/test_tutorial.py's way through it)."""
    scene = app.stack.push(app.stack.make("tutorial"))
    seen: set[str] = set()
    for _ in range(3000):  # (bounded: the guided race is a few hundred steps)
        if isinstance(app.stack.top, ResultsScene):
            return
        lesson = scene.guide.lesson
        if lesson is not None and lesson.key not in seen:
            for _ in range(40):  # the camera frames the lesson in about half a second
                app.step([], 1 / 30)
            seen.add(lesson.key)
            yield f"lesson {lesson.key}"
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        app.step([enter, pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, scancode=0)], 1 / 30)


def _host(app: App) -> Iterator[str]:
    """The host's lobby, then with spectators following it."""
    screen_words.SCREENS["host lobby"](app)
    yield "host lobby"
    lobby = app.stack.top
    lobby.watching = 2  # (as the room says when two follow it without a seat)
    yield "host lobby, spectators watching"


def _legend(app: App) -> Iterator[str]:
    """The legend over the race, and its second page when its words take two."""
    screen_words.SCREENS["the legend"](app)
    yield "the legend"
    legend = app.stack.top
    if legend.pages() > 1:
        legend.page = 1
        yield "the legend, its second page"


def recorded_fetch() -> RacesFetch:
    """Zoé's races over days as two real relays answered them (tests/fixtures/your_races.json, their
    deadlines shifted to now), and a relay that could not be reached."""
    recorded = json.loads((Path(__file__).parent / "fixtures" / "your_races.json").read_text(encoding="utf-8"))
    since = time.time() - recorded["recorded"]
    fetch = RacesFetch(keys=[])
    rooms = []
    for answer in recorded["answers"]:
        entry = {"relay": answer["relay"], "name": answer["name"], "key": "a-key-recorded-for-no-relay"}
        for room in answer["rooms"]:
            if room["deadline"] is not None:
                room = {**room, "deadline": room["deadline"] + since}
            rooms.append(room_of(answer["relay"], entry, room))
    fetch.rooms = sorted(rooms, key=order)
    fetch.unreachable = dict(recorded["unreachable"])
    return fetch


def _your_races(app: App) -> Iterator[str]:
    """Your races, with the rows two real relays answered (and one unreachable), then its Add form."""
    scene = app.stack.push(YourRacesScene())
    app.step([])
    scene.fetch = recorded_fetch()
    scene.refresh(0)
    yield "your races"
    scene.add()
    yield "your races, add a race"
    app.stack.pop()
    scene.new()
    new = app.stack.top
    yield "your races, a new race over days"
    new.message = t("days.new.refused", relay="race.example.org:47811", why="this address has 20 rooms already")
    yield "your races, a new race over days, refused"
    new.relay = parse_relay("wss://race.example.org:47811")
    new.invite, new.copied = "wss://race.example.org:47811/days/KZWX-4242", False
    new.lay_out(0)
    yield "your races, a new race over days, its invite"


class Quiet:
    """A link's transport with nothing to say (a race over days drawn as it waits for another player)."""

    def get(self) -> None:
        return None

    def close(self) -> None:
        pass


def _days_waiting(app: App) -> None:
    """A race over days in the race screen, waiting for Chloé (23.5 h left on her clock)."""
    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Zoé"), RacerSetup("orc", "Chloé")], 5, seed=2)
    assert race.pending is not None and race.pending.racer == 1  # (Chloé's decision: Zoé's window waits)
    follower = Follower()
    follower.race, follower.seat, follower.mine = race, 0, {0}
    follower.waiting = {"type": "waiting", "seat": 1, "name": "Chloé", "seconds": 84600.0}
    link = Link(Quiet(), follower, "race.example.org:47811")  # type: ignore[arg-type]  # (a transport's get)
    seats = DaysSeats(link, {"address": "race.example.org:47811/days/KZWX-4242"})
    playing = session.Session.unsaved(race, friend_setup(race))
    app.stack.push(app.stack.make("race", race, seats=seats, session=playing))
    _settled(app, app.stack.top)


def _title_days(app: App) -> None:
    """The title when races over days wait for the player ("2 races wait for you")."""
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.days = recorded_fetch()


def _turn_notice(app: App) -> Iterator[str]:
    """The notice of a turn come in a race over days over the setup (scenes/ui/turn_notice.py), and over
    a race, where it only informs (two races at once)."""
    mine = [room for room in recorded_fetch().rooms if room.mine]
    app.stack.push(SetupScene())
    app.notice.tell(mine[:1])
    yield "a turn's notice over the setup"
    _days_waiting(app)
    app.notice.tell(mine[:1] * 2)
    yield "a turn's notice over a race"
    app.notice.close()


def screens() -> dict[str, Callable[[App], object]]:
    """Each screen's name and how it is opened over the title (with the player's folder of
    screen_words.window: kept races and championships, Zoé's statistics)."""
    shipped = sorted(path.name for path in assets.maps_dir().glob("*.tmx"))
    found: dict[str, Callable[[App], object]] = {
        "title, a game in progress": _game_in_progress,
        "title, read-only": _read_only,
    }
    found.update((name, opening) for name, opening in WORDS_SCREENS.items() if name != "the lessons")
    found["the race, each decision and line"] = _decisions
    found["a replay's timeline"] = _timeline
    found["the lessons"] = _lessons
    found["host lobby"] = _host
    found["your races"] = _your_races
    found["title, races over days waiting"] = _title_days
    found["a race over days, waiting for another player"] = _days_waiting
    found["the legend"] = _legend
    found["a turn's notice"] = _turn_notice
    found["all boards, the player's own"] = _players_board
    found["results, a friend's"] = _results("friend")
    found["results, the host's"] = _results("host")
    for character in CHARACTERS:
        found[f"setup, {character}"] = _setup_character(character)
    found["setup, the last racer (a computer) focused"] = _setup_last_racer
    for index, name in enumerate(shipped):
        found[f"setup, board {index + 1} ({name})"] = _setup_board(index + 1)
    return found


def window(look: Look) -> App:
    """A window of `look`, its player's folder holding kept races and championships."""
    looks = Settings(
        animation_speed=4.0,
        tutorial_seen=True,
        language=look.language,
        player_name="Zoé",
        text_size=look.text_size,
        window=look.window,
    )
    app = App(settings=looks)
    app.use_theme()
    screen_words.keep_races()
    screen_words.keep_on_shipped_boards()
    return app


def frames(app: App, count: int = 2) -> text.Recorder:
    """`count` frames of the top screen drawn afresh with the recorder on (the race's kept pictures
    painted again): what it found."""
    with text.record(app.screen) as recorder:
        for _ in range(count):
            recorder.frame()
            for scene in app.stack.scenes:
                drawing = getattr(scene, "drawing", None)
                if drawing is not None and hasattr(drawing, "_hud_cache"):
                    drawing._hud_cache = None
            app.step([], 1 / 30)
            recorder.check()
    return recorder


def walk(look: Look, only: Callable[[str], bool] = lambda name: True) -> Iterator[tuple[str, App, text.Recorder]]:
    """Each screen (those `only` keeps) opened in a window of `look`: its name, the window, what the
    recorder found in two frames of it."""
    app = window(look)
    try:
        for name, opening in screens().items():
            if not only(name):
                continue
            app.stack.reset(TitleScene())
            app.step([])
            opened = opening(app)
            if isinstance(opened, Iterator):
                for part in opened:  # (a screen in several states: each named)
                    app.step([])
                    yield part, app, frames(app)
            else:
                app.step([])
                yield name, app, frames(app)
            session.FOLDER.read_only = False
    finally:
        session.FOLDER.read_only = False
        app.stack.reset(TitleScene())
        i18n.set_language("en")
        theme.use_text_size(100)


def lines(look: Look, name: str, recorder: text.Recorder) -> list[str]:
    """The findings as lines: look, screen, kind, words, what they run into (a date, a time of day and
    a port, which change from run to run, written as "#")."""
    found = [f"{look} | {name} | {f.kind} | {f.words!r} | {f.other}" for f in recorder.findings]
    return [re.sub(r"\d{4}-\d\d-\d\d|\b\d{4,5}\b|\b\d?\d:\d\d\b", "#", line) for line in found]


def picture(app: App) -> pygame.Surface:
    """The logical screen as drawn last."""
    return app.screen.copy()
