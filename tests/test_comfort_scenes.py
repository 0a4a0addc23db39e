"""The window remembers, listens and answers in the player's words (issue 26), headless: the setups'
lineups across a restart, the gentle first board, the levels in words, the volumes heard at once and
values that stop at their ends, text typed as the system types it (input methods, compose keys,
pasted), Tab from field to field, a board that cannot be used, the title's *Replays*, and the host's
lobby asking before it starts with seats open."""

from __future__ import annotations

import json
import time
from pathlib import Path

import netwindows as nw
import pygame
import pytest
from kept_races import finished_race, keep_races

from game import Race, RacerSetup
from game.app import games, session, userdata
from game.app.settings import Settings
from scenes.app import App
from scenes.core import audio, boards, i18n
from scenes.core.i18n import racer_kind
from scenes.core.stack import Scene
from scenes.race import RaceScene
from scenes.screens.host_lobby import HostScene
from scenes.screens.join import JoinScene
from scenes.screens.question import QuestionScene
from scenes.screens.replay import ReplayPlayer
from scenes.screens.replays import ReplaysScene
from scenes.screens.results import ResultsScene
from scenes.screens.season import BOARD_DEFAULT, SeasonSetupScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.ui import widgets
from scenes.ui.text_field import TextField
from scenes.ui.widgets import Button, Choice

key = nw.key


def text_input(words: str) -> pygame.event.Event:
    """What the system sends once an input method, a compose key or an on-screen keyboard typed `words`."""
    return pygame.event.Event(pygame.TEXTINPUT, text=words)


def ctrl(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "fantasy-racing"


def restart() -> App:
    """The game started again: its settings read from the player's folder."""
    return App(settings=Settings.load(session.FOLDER))


@pytest.fixture
def app(folder):
    game = App(settings=Settings(animation_speed=4.0, tutorial_seen=True, language="en"))
    yield game
    i18n.set_language("en")


# ---------------------------------------------------------------- the lineups
def test_the_race_setup_remembers_its_lineup_across_a_restart(app, folder):
    setup = app.stack.push(SetupScene())
    app.step([])
    forest = next(i for i, c in enumerate(setup.choices) if Path(c.ref).name == "forest.tmx")
    setup.set_board(forest)
    setup.set_turns(6)
    setup.set_count(4)
    setup.set_kind(0, "person")
    setup.set_name(0, "Zoé")
    setup.set_character(0, "dwarf")
    setup.set_kind(1, "easy")
    setup.set_character(1, "thief")
    setup.set_kind(2, "expert")
    setup.set_kind(3, "expert")
    nw.step(app, [key(pygame.K_ESCAPE)])  # left without starting: remembered all the same
    assert not isinstance(app.stack.top, SetupScene)
    again = restart()
    setup = again.stack.push(SetupScene())
    again.step([])
    assert Path(setup.choices[setup.board_index].ref).name == "forest.tmx" and setup.turns == 6
    assert [(r["kind"], r["name"], r["character"]) for r in setup.racers] == [
        ("person", "Zoé", "dwarf"),
        ("easy", "", "thief"),
        ("expert", "", setup.racers[2]["character"]),
        ("expert", "", setup.racers[3]["character"]),
    ]
    assert setup.name_fields[0].value == "Zoé"
    assert isinstance(again.stack.top.group.focused, Button)  # Start focused: Enter races again at once


def test_a_first_start_opens_on_the_gentle_board_with_two_racers(app):
    setup = app.stack.push(SetupScene())
    app.step([])
    assert setup.board is not None and Path(setup.choices[setup.board_index].ref).name == boards.GENTLE
    assert setup.turns == setup.board.turns and len(setup.racers) == 2


def test_the_championship_setup_remembers_its_lineup_across_a_restart(app, folder, monkeypatch):
    season = app.stack.push(SeasonSetupScene())
    app.step([])
    season.set_name_of_season("Spring Cup")
    season.set_races(4)
    season.set_race_board(3, boards.PRACTICE)
    season.set_season_turns(7)
    season.set_count(3)
    season.set_kind(2, "hard")
    season.set_character(2, "baby")
    monkeypatch.setattr("scenes.screens.season.start_season_race", lambda scene, played: None)
    season.start()
    saved = json.loads((folder / "settings.json").read_text())["lineups"]["season"]
    assert saved["name"] == "Spring Cup" and saved["turns"] == 7 and len(saved["boards"]) == 4
    again = restart()
    season = again.stack.push(SeasonSetupScene())
    again.step([])
    assert season.name == "Spring Cup" and season.turns == 7
    assert len(season.race_boards) == 4 and season.race_boards[3] == boards.PRACTICE
    assert [r["kind"] for r in season.racers] == ["person", "normal", "hard"]
    assert season.racers[2]["character"] == "baby"


def test_a_championship_on_each_boards_own_turns_is_remembered_so(app):
    season = app.stack.push(SeasonSetupScene())
    app.step([])
    assert season.turns == BOARD_DEFAULT
    nw.step(app, [key(pygame.K_ESCAPE)])
    season = restart().stack.push(SeasonSetupScene())
    season.app.step([])
    assert season.turns == BOARD_DEFAULT


def test_the_host_setup_remembers_its_lineup_with_its_seats_for_friends(app, monkeypatch):
    class Lobby(Scene):  # (no network here: the setup's part only)
        def __init__(self, setup):
            super().__init__()
            self.setup = setup

    monkeypatch.setitem(app.stack.catalogue, "host", Lobby)
    setup = app.stack.push(SetupScene())
    app.step([])
    setup.set_count(3)
    setup.set_kind(0, "person")
    setup.set_name(0, "Hosta")
    setup.set_kind(1, "friend")
    setup.set_kind(2, "friend")
    setup.set_character(2, "lizardman")
    nw.step(app, [key(pygame.K_RETURN)])  # Host the race
    assert isinstance(app.stack.top, Lobby)
    again = restart()
    setup = again.stack.push(SetupScene())
    again.step([])
    assert [r["kind"] for r in setup.racers] == ["person", "friend", "friend"]
    assert setup.racers[0]["name"] == "Hosta" and setup.racers[2]["character"] == "lizardman"
    assert setup.hosting() and setup.start_button.label == "Host the race"


def test_a_damaged_lineup_is_forgotten_with_one_sentence_and_the_rest_kept(folder):
    folder.mkdir(parents=True)
    racers = [
        {"kind": "person", "name": "Zoé", "character": "dwarf"},
        {"kind": "wizard", "name": "", "character": "orc"},
    ]
    data = {"format": 1, "window": [1280, 720], "volume": 40, "lineups": {"race": {"turns": 6, "racers": racers}}}
    (folder / "settings.json").write_text(json.dumps(data))
    settings = Settings.load(session.FOLDER)
    assert settings.volume == 40 and "race" not in settings.lineups
    assert "lineups.race.racers[2].kind is 'wizard'" in settings.problem


# ---------------------------------------------------------------- words
def test_every_level_is_named_in_words_on_the_cards_and_the_results(app, monkeypatch):
    assert racer_kind("expert") == "computer · expert" and racer_kind(None) == "person"
    assert racer_kind("random") == "computer"
    i18n.set_language("fr")
    assert racer_kind("hard") == "ordinateur · difficile"
    i18n.set_language("en")
    drawn: list[str] = []
    render = widgets.text.render
    monkeypatch.setattr(widgets.text, "render", lambda line, *a, **k: drawn.append(line) or render(line, *a, **k))
    race = finished_race()
    setup = {"board": boards.PRACTICE, "turns": 5, "racers": []}
    app.stack.push(ResultsScene(race, setup))
    app.step([])
    assert "Thief · computer · expert" in drawn and "Dwarf · computer · easy" in drawn


# ---------------------------------------------------------------- settings
def test_the_music_volume_changes_the_mixers_music_volume_at_once(app, folder):
    opened = pygame.mixer.get_init() is None
    if opened:
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    try:
        audio.init(app.settings)
        audio.music("menu")
        settings = app.stack.push(SettingsScene())
        app.step([])
        music = next(w for w in settings.group.widgets if getattr(w, "label", "") == "Music volume")
        settings.group.focus_on(music)
        nw.step(app, [key(pygame.K_LEFT), key(pygame.K_LEFT)])
        assert app.settings.music_volume == 40
        assert pygame.mixer.music.get_volume() == pytest.approx(0.4 * audio.MUSIC_MIX, abs=0.01)
        assert json.loads((folder / "settings.json").read_text())["music_volume"] == 40
        sound = next(w for w in settings.group.widgets if getattr(w, "label", "") == "Sound volume")
        settings.group.focus_on(sound)
        nw.step(app, [key(pygame.K_RIGHT)])
        assert app.settings.volume == 80 and audio.current().sound_volume == pytest.approx(0.8)
    finally:
        audio.close()
        if opened:
            pygame.mixer.quit()


def test_settings_values_stop_at_their_ends(app):
    settings = app.stack.push(SettingsScene())
    app.step([])
    speed = next(w for w in settings.group.widgets if getattr(w, "label", "") == "Animation speed")
    settings.group.focus_on(speed)
    nw.step(app, [key(pygame.K_RIGHT)] * 3)
    assert app.settings.animation_speed == 4.0  # the fastest stays the fastest: never back to x0.5
    nw.step(app, [key(pygame.K_LEFT)] * 6)
    assert app.settings.animation_speed == 0.5
    volume = next(w for w in settings.group.widgets if getattr(w, "label", "") == "Sound volume")
    settings.group.focus_on(volume)
    nw.step(app, [key(pygame.K_RIGHT)] * 5)
    assert app.settings.volume == 100


# ---------------------------------------------------------------- typing
def test_a_textinput_fills_a_name_field_exactly(app):
    setup = app.stack.push(SetupScene())
    app.step([])
    field = setup.name_fields[0]
    setup.group.focus_on(field)
    nw.step(app, [key(pygame.K_BACKSPACE)] * 10)
    # the keys an input method or a compose key sends: their presses carry no letter, the text comes after
    nw.step(app, [key(pygame.K_z, "z"), text_input("Zo"), text_input("é"), text_input(" Ångström")])
    assert field.value == "Zoé Ångström" and setup.racers[0]["name"] == "Zoé Ångström"
    nw.step(app, [text_input("e\u0301")])  # an e and its combining accent are one letter
    assert field.value == "Zoé Ångströmé"
    joining = app.stack.push(JoinScene())
    app.step([])
    joining.group.focus_on(joining.name_field)
    nw.step(app, [key(pygame.K_END), *[key(pygame.K_BACKSPACE)] * 30, text_input("Zoé Ångström")])
    assert joining.name == "Zoé Ångström"


def test_a_text_field_has_a_caret_and_the_editing_keys(app, monkeypatch):
    joining = app.stack.push(JoinScene())
    app.step([])
    field = joining.name_field
    joining.group.focus_on(field)
    field.set_value("")
    nw.step(app, [text_input("Zoe")])
    nw.step(app, [key(pygame.K_LEFT), key(pygame.K_LEFT), text_input("x")])
    assert field.value == "Zxoe" and field.caret == 2
    nw.step(app, [key(pygame.K_HOME), key(pygame.K_DELETE), key(pygame.K_END), key(pygame.K_BACKSPACE)])
    assert field.value == "xo" and field.caret == 2
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "ë Ångström\n")
    nw.step(app, [ctrl(pygame.K_v)])
    assert field.value == "xoë Ångström" and joining.name == "xoë Ångström"
    nw.step(app, [ctrl(pygame.K_BACKSPACE)])
    assert field.value == "xoë "
    code = joining.code_field
    joining.group.focus_on(code)
    code.set_value("")
    nw.step(app, [text_input("abcd-1234")])
    assert code.value == "ABCD-1234"  # a room code in capitals


def test_tab_moves_from_field_to_field_never_onto_a_button(app):
    joining = app.stack.push(JoinScene())
    app.step([])
    joining.group.focus_on(joining.address_field)
    nw.step(app, [key(pygame.K_TAB)])
    assert joining.group.focused is joining.code_field
    nw.step(app, [text_input("friend")])
    assert joining.code == "FRIEND" and joining.name_field.value != "FRIEND"
    nw.step(app, [key(pygame.K_TAB)])
    assert joining.group.focused is joining.name_field
    nw.step(app, [key(pygame.K_TAB)])
    assert joining.group.focused is joining.owner_field  # (the owner key: empty unless the room is his)
    nw.step(app, [key(pygame.K_TAB)])
    assert joining.group.focused is joining.address_field  # round again, past Connect, Back and Type…
    shift_tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    nw.step(app, [shift_tab])
    assert joining.group.focused is joining.owner_field
    app.stack.pop()
    setup = app.stack.push(SetupScene())
    app.step([])
    seen = []
    for _ in range(len(setup.group.widgets)):
        nw.step(app, [key(pygame.K_TAB)])
        seen.append(setup.group.focused)
    assert all(isinstance(w, (Choice, TextField)) for w in seen)
    assert not any(isinstance(w, Button) for w in seen)


# ---------------------------------------------------------------- a board that cannot be used
def test_a_board_that_cannot_be_used_cannot_be_started(app, folder, monkeypatch):
    mine = folder / "boards"
    mine.mkdir(parents=True, exist_ok=True)
    (mine / "broken.tmx").write_text("<map version='1.10'><layer name='ground'")
    setup = app.stack.push(SetupScene())
    app.step([])
    broken = next(i for i, c in enumerate(setup.choices) if c.ref.endswith("broken.tmx"))
    setup.set_turns(6)
    setup.set_board(broken)
    app.step([])
    assert setup.board is None and not setup.start_button.enabled
    assert setup.choices[broken].problem
    drawn: list[str] = []
    wrap = widgets.text.wrap
    monkeypatch.setattr(widgets.text, "wrap", lambda words, *a, **k: drawn.append(words) or wrap(words, *a, **k))
    nw.step(app, [key(pygame.K_RETURN)])  # Enter from the board's field: no race, a sentence
    assert (
        app.stack.top is setup and setup.message == "This board cannot be used (its card says why): choose another one."
    )
    assert setup.choices[broken].problem in drawn  # the checker's sentence, wrapped on the card
    for line in wrap(setup.choices[broken].problem, 548, 16):
        assert widgets.text.width(line, 16) <= 548
    setup.start()
    assert app.stack.top is setup
    nw.step(app, [key(pygame.K_RIGHT)])  # another board: Start again
    assert setup.board is not None and setup.start_button.enabled


def test_a_long_path_is_wrapped_within_its_box(app):
    path = "/home/someone/.local/share/fantasy-racing/boards/a-very-long-folder-name/broken-board-with-a-long-name.tmx"
    lines = widgets.text.wrap(f"{path} cannot be read: the XML ends early", 300, 16)
    assert len(lines) > 2 and all(widgets.text.width(line, 16) <= 300 for line in lines)
    assert "".join(lines).replace(" ", "") == f"{path}cannotberead:theXMLendsearly"


# ---------------------------------------------------------------- the title's replays
def test_the_title_lists_the_kept_replays_and_a_seasons_races_and_plays_one(app, folder):
    replay_path, season_folder = keep_races(time.time() - 60)
    title = app.stack.push(TitleScene())
    app.step([])
    item = next(w for w in title.group.widgets if w.label == "Replays")
    title.group.focus_on(item)
    nw.step(app, [key(pygame.K_RETURN)])
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene)
    listed = [(k.kind, k.path) for k in replays.kept]
    assert listed[0] == ("race", replay_path)  # the newest first
    assert sorted(p.name for kind, p in listed if kind == "season") == ["race-1.json", "race-2.json"]
    race = replays.kept[0]
    assert race.board and [r["name"] for r in race.racers] == ["Zoé", "Bo", "Cy"] and race.winners
    season = next(k for k in replays.kept if k.kind == "season")
    assert season.season == "Spring Cup" and season.number == 2
    nw.step(app, [key(pygame.K_RETURN)])  # plays the newest back
    scene = app.stack.top
    assert isinstance(scene, RaceScene) and isinstance(scene.guide, ReplayPlayer)
    for _ in range(20):
        nw.step(app, [])
    assert len(scene.race.choices) > 0
    nw.step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is replays
    # deleting asks first, naming the race; No keeps it, Yes deletes it
    nw.step(app, [key(pygame.K_DELETE)])
    assert isinstance(app.stack.top, QuestionScene) and replay_path.exists()
    nw.step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is replays and replay_path.exists()
    nw.step(app, [key(pygame.K_DELETE), key(pygame.K_LEFT), key(pygame.K_RETURN)])
    assert app.stack.top is replays and not replay_path.exists()
    assert len(replays.kept) == 2 and all(k.kind == "season" for k in replays.kept)
    nw.step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is title


def test_a_replay_that_cannot_be_read_is_listed_with_why_and_can_be_deleted(app, folder):
    (folder / "replays").mkdir(parents=True)
    bad = folder / "replays" / "2024-01-01-torn.json"
    bad.write_text('{"format": "fantasy-racing-replay", "vers')
    replays = app.stack.push(ReplaysScene())
    app.step([])
    assert replays.kept[0].problem and "torn" in replays.kept[0].problem
    nw.step(app, [key(pygame.K_RETURN)])
    assert app.stack.top is replays and replays.message
    replays.delete(replays.kept[0])
    assert not bad.exists() and not replays.kept


def test_only_the_session_deletes_and_only_kept_races(folder):
    folder.mkdir(parents=True)
    outside = folder / "settings.json"
    outside.write_text("{}")
    assert not userdata.delete_replay(session.FOLDER, outside) and outside.exists()


def test_the_title_names_the_other_games_in_progress(app):
    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=3)
    session.new_race(race, {"board": boards.PRACTICE, "turns": 5, "racers": []}).save(background=False)
    from game.meta.season import Season

    season = Season.new("Cup", [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], ["practice"] * 2, 5, 1)
    session.save_season(season)
    title = app.stack.push(TitleScene())
    app.step([])
    assert "(and 1 " in title.latest() and ("championship" in title.latest() or "race" in title.latest())


def test_the_title_names_a_game_in_progress_by_its_board_in_the_players_language(app):
    from scenes.core import i18n

    meadow = boards.load(str(boards.assets.maps_dir() / boards.GENTLE))
    assert meadow.name_in("fr") != meadow.name  # (La Course du pré, Meadow Dash)
    race = Race.new(meadow, [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=3)
    session.new_race(race, {"board": boards.GENTLE, "turns": 5, "racers": []}).save(background=False)
    title = app.stack.push(TitleScene())
    app.step([])
    assert meadow.name in title.latest()
    i18n.set_language("fr")
    try:
        assert meadow.name_in("fr") in title.latest() and meadow.name not in title.latest()
    finally:
        i18n.set_language("en")


def test_a_summarys_board_names_are_checked_like_the_rest_of_it():
    from game.rules import record

    race = Race.new(boards.practice_board(), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "easy")], 5, seed=3)
    summary = games.race_summary(race, {})
    for names in ({"fr": "x" * 61}, {"fr": 3}, {"../x": "Pré"}, {f"l{'a' * k}": "x" for k in range(9)}):
        with pytest.raises(record.RecordError, match="board_names"):
            record.check_summary({**summary, "board_names": names}, False)
    assert record.check_summary({**summary, "board_names": {"fr": "Pré"}}, False)


# ---------------------------------------------------------------- the host's lobby
def test_enter_in_the_hosts_lobby_with_an_open_seat_asks_first(folder):
    port = nw.free_port()
    host = nw.window(port)
    host.stack.push(TitleScene())
    lobby = nw.start_hosting(host, ["here", "friend"])
    try:
        nw.step(host, [key(pygame.K_RETURN)])
        assert isinstance(host.stack.top, QuestionScene) and not lobby.started
        assert host.stack.top.question == "Start with 1 seat open?"
        nw.step(host, [key(pygame.K_RETURN)])  # No is focused: the lobby waits on
        assert host.stack.top is lobby and not lobby.started
        nw.step(host, [key(pygame.K_RETURN), key(pygame.K_LEFT), key(pygame.K_RETURN)])  # Yes, start
        assert lobby.started
        nw.run([host], lambda: isinstance(host.stack.top, RaceScene), what="the race")
    finally:
        host.stack.reset(TitleScene())
        assert isinstance(HostScene, type)


# ---------------------------------------------------------------- the README's pictures
def test_the_readme_pictures_of_the_replays_the_volumes_and_the_remembered_setup_are_drawn(tmp_path):
    from tests import comfort_shots

    pictures = comfort_shots.take(tmp_path / "shots")
    assert [p.name for p in pictures] == ["replays.png", "settings.png", "setup-remembered.png"]
    for picture in pictures:
        image = pygame.image.load(str(picture))
        assert image.get_size() == (1280, 720)
        assert len({image.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}) > 50
