"""Sound: every shipped effect and loop loads, Audio plays with a dummy device, stays silent without one,
and every engine event that should make a sound names a file that is there."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import array  # noqa: E402
import logging  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.events import EVENT_KINDS, Event  # noqa: E402
from scenes.core import audio  # noqa: E402
from scenes.core.audio import EVENT_SOUNDS, MUSIC_NAMES, SOUND_NAMES, Audio, sound_for_event  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"

# The kinds the race must hear, with the effect each one makes.
MUST_SOUND = {
    "rolled": "dice",
    "moved": "step",
    "fight": "fight",
    "fell": "hole",
    "shortcut": "shortcut",
    "chest_opened": "chest",
    "picked_up": "pickup",
    "fireball": "fireball",
    "lightning": "lightning",
    "thrown": "throw",
    "trap_sprung": "trap",
}


def make_event(kind: str, **given) -> Event:
    """An event of `kind` with placeholder fields (0) except those given."""
    return Event(kind, **{name: given.get(name, 0) for name in EVENT_KINDS[kind]})


@pytest.fixture
def mixer():
    """A working mixer on the dummy audio driver; closed again if this test opened it."""
    opened = pygame.mixer.get_init() is None
    if opened:
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    yield pygame.mixer.get_init()
    if opened:
        pygame.mixer.music.stop()
        pygame.mixer.quit()


# ------------------------------------------------------------------ files


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_effect_exists_and_loads(mixer, name):
    path = ASSETS / "sounds" / f"{name}.ogg"
    assert path.is_file(), f"missing {path}: run tools/make_sounds.py"
    sound = pygame.mixer.Sound(str(path))
    assert 0.02 < sound.get_length() < 8, f"{name} lasts {sound.get_length():.2f} s"


@pytest.mark.parametrize("name", MUSIC_NAMES)
def test_every_music_loop_exists_loads_and_loops_without_a_jump(mixer, name):
    path = ASSETS / "music" / f"{name}.ogg"
    assert path.is_file(), f"missing {path}: run tools/make_sounds.py"
    pygame.mixer.music.load(str(path))  # what the game does (streamed)
    sound = pygame.mixer.Sound(str(path))  # decoded whole, to measure it
    assert 30 <= sound.get_length() <= 60
    frequency, size, channels = mixer
    if size != -16:
        pytest.skip("seam check written for 16-bit samples")
    pcm = array.array("h", sound.get_raw())
    last, first = pcm[-channels:], pcm[:channels]
    # The end flows into the start: the step across the seam is an ordinary sample-to-sample step.
    assert all(abs(a - b) < 1600 for a, b in zip(last, first)), (list(last), list(first))


def test_sounds_and_music_stay_small():
    files = list((ASSETS / "sounds").glob("*.ogg")) + list((ASSETS / "music").glob("*.ogg"))
    assert sum(f.stat().st_size for f in files) < 4 * 1024 * 1024


def test_every_shipped_file_is_known():
    """No stray files: what is shipped is what Audio lists (and assets/README.md documents)."""
    assert sorted(p.stem for p in (ASSETS / "sounds").glob("*.ogg")) == sorted(SOUND_NAMES)
    assert sorted(p.stem for p in (ASSETS / "music").glob("*.ogg")) == sorted(MUSIC_NAMES)


# ------------------------------------------------------------------ events


def test_event_table_names_real_kinds():
    assert set(EVENT_SOUNDS) <= set(EVENT_KINDS)


def test_every_sounding_event_maps_to_an_existing_file():
    heard = set()
    for kind in EVENT_SOUNDS:
        variants = [make_event(kind)]
        if kind == "shock":
            variants = [make_event(kind, size="small"), make_event(kind, size="big")]
        if kind == "crossed_line":
            variants = [make_event(kind, forward=True)]
        if kind == "object_used":
            variants = [make_event(kind, object="wand_of_teleportation")]  # the star sounds when "thrown"
        for event in variants:
            name = sound_for_event(event)
            assert name is not None, event
            assert (ASSETS / "sounds" / f"{name}.ogg").is_file(), (event, name)
            heard.add(name)
    assert {"shock_small", "shock_big", "finish"} <= heard


def test_the_required_events_make_their_sounds():
    for kind, name in MUST_SOUND.items():
        assert sound_for_event(make_event(kind)) == name
    assert sound_for_event(make_event("shock", size="small")) == "shock_small"
    assert sound_for_event(make_event("shock", size="big")) == "shock_big"
    assert sound_for_event(make_event("crossed_line", forward=True)) == "finish"
    assert sound_for_event(make_event("crossed_line", forward=False)) is None
    assert sound_for_event(make_event("turn_ended")) is None
    assert sound_for_event(make_event("object_used", object="bottle")) is None


# ------------------------------------------------------------------ Audio


class FakeSettings:
    volume = 70
    extra = {"music_volume": 40}


def test_audio_plays_with_the_dummy_device(mixer, caplog):
    a = Audio(FakeSettings())
    assert a.enabled
    assert (a.sound_volume, a.music_volume) == (0.7, 0.4)
    for name in SOUND_NAMES:
        a.play(name)
    assert a.play_for_event(make_event("rolled")) == "dice"
    assert a.play_for_event(make_event("shock", size="big")) == "shock_big"
    assert a.play_for_event(make_event("turn_ended")) is None
    a.music("menu")
    assert a.current_music == "menu"
    a.music("menu")  # the same loop keeps playing
    a.music("race")
    assert a.current_music == "race"
    a.set_volumes(0.5, 0.25)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25 * audio.MUSIC_MIX, abs=0.01)
    a.set_volumes(0, 0)
    a.play("dice")  # muted: nothing happens, nothing breaks
    a.stop_music()
    assert a.current_music is None
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_missing_files_are_logged_once_and_never_crash(mixer, caplog):
    a = Audio(None)
    with caplog.at_level(logging.WARNING, logger="scenes.core.audio"):
        for _ in range(3):
            a.play("no_such_sound")
            a.music("no_such_loop")
    messages = [r.getMessage() for r in caplog.records]
    assert sum("no_such_sound" in m for m in messages) == 1
    assert sum("no_such_loop" in m for m in messages) == 1
    assert a.current_music is None


def test_audio_is_silent_without_a_sound_card(monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="scenes.core.audio"):
        a = Audio(FakeSettings())
    assert not a.enabled
    assert sum("audio device" in r.getMessage() for r in caplog.records) == 1

    def must_not_be_called(*args, **kwargs):
        raise AssertionError("a silent Audio touched the mixer")

    monkeypatch.setattr(pygame.mixer, "Sound", must_not_be_called)
    monkeypatch.setattr(pygame.mixer.music, "load", must_not_be_called)
    monkeypatch.setattr(pygame.mixer.music, "play", must_not_be_called)
    monkeypatch.setattr(pygame.mixer.music, "set_volume", must_not_be_called)
    a.play("dice")
    assert a.play_for_event(make_event("fell")) == "hole"
    a.music("race")
    a.set_volumes(0.3, 0.2)
    a.stop_music()
    assert (a.sound_volume, a.music_volume) == (0.3, 0.2)
    assert a.current_music is None


def test_volumes_from_settings():
    class Percent:
        volume = 55
        extra: dict = {}

    class Fractions:
        sound_volume = 0.25
        music_volume = 0.5

    assert audio.volumes_from(None) == (audio.DEFAULT_VOLUME, audio.DEFAULT_VOLUME)
    assert audio.volumes_from(Percent()) == (0.55, 0.55)
    assert audio.volumes_from(Fractions()) == (0.25, 0.5)


def test_files_are_found_from_the_package_not_the_working_directory(tmp_path, monkeypatch, mixer):
    monkeypatch.chdir(tmp_path)
    assert Audio.sound_path("dice") == ASSETS / "sounds" / "dice.ogg"
    a = Audio(None)
    assert a._sound("dice") is not None


def test_the_game_does_not_need_numpy():
    """numpy is for tools/make_sounds.py only: importing the audio module must not pull it in."""
    code = "import sys, scenes.core.audio; sys.exit(1 if 'numpy' in sys.modules else 0)"
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env).returncode == 0
