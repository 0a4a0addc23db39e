"""English and French: the catalogues match key for key, every key the code uses exists, the French
names are the original game's, the French rule book has the English one's structure, and no text on
screen bypasses the catalogues (each scene drawn in a marked test language)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame
import pytest

from game import Race, RacerSetup
from game.app import session, userdata
from game.app.settings import Settings
from game.boards.map_format import MAP_PROPERTIES
from game.net.protocol import PHRASES
from game.rules.characters import _RULE_WORDS, CHARACTERS, RULE_TEXT
from game.rules.dice import DICE
from game.rules.objects import NAMES
from scenes.app import App
from scenes.core import boards, i18n
from scenes.core.i18n import t

ROOT = Path(__file__).resolve().parent.parent
OPEN, CLOSE = i18n.MARKS


@pytest.fixture(autouse=True)
def english_after():
    """Each test leaves the game in English, as the other tests expect."""
    yield
    i18n.set_language("en")


def catalogues():
    return i18n.catalogue("en"), i18n.catalogue("fr")


# ---------------------------------------------------------------- the catalogues
def test_the_french_and_english_catalogues_have_the_same_keys_and_placeholders():
    en, fr = catalogues()
    assert set(en) == set(fr), set(en) ^ set(fr)
    for key in en:
        assert isinstance(en[key], dict) == isinstance(fr[key], dict), key
        if isinstance(en[key], dict):
            assert set(en[key]) == set(fr[key]) == {"one", "other"}, key
        assert i18n.placeholders(en[key]) == i18n.placeholders(fr[key]), key
        for entry in (en[key], fr[key]):
            for form in entry.values() if isinstance(entry, dict) else [entry]:
                assert form.strip(), f"{key} is empty"


def used_keys() -> dict[str, set[str]]:
    """Every t("...") literal in scenes/*.py and scenes/*/*.py, with the file it is in."""
    found: dict[str, set[str]] = {}
    pattern = re.compile(r"(?<![\w.])t\(\s*(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')\s*[,)]")
    for path in sorted((ROOT / "scenes").glob("*.py")) + sorted((ROOT / "scenes").glob("*/*.py")):
        for literal in pattern.findall(path.read_text(encoding="utf-8")):
            found.setdefault(eval(literal), set()).add(path.name)  # a plain string literal
    return found


def test_every_key_used_in_the_code_is_in_both_catalogues():
    en, fr = catalogues()
    keys = used_keys()
    assert len(keys) > 100
    missing = {k: sorted(files) for k, files in keys.items() if k not in en or k not in fr}
    assert not missing


def test_every_id_the_screens_look_up_has_its_words():
    en, _ = catalogues()
    wanted = [f"character.{c}" for c in CHARACTERS]
    wanted += [f"object.{o}{form}" for o in list(NAMES) + ["poo"] for form in ("", ".a", ".the")]
    wanted += [f"rule.{r}" for r in RULE_TEXT]
    wanted += [f"die.{d}" for d in DICE]
    wanted += [f"{prefix}.{r}" for r in ("defeat", "simple", "crushing") for prefix in ("result", "die.face")]
    wanted += [f"category.{c.alternative}" for c in CHARACTERS.values()]
    wanted += [f"phase.{p}" for p in ("movement", "drift", "action")]
    wanted += [f"phrase.{p}" for p in PHRASES]
    wanted += [f"level.{k}" for k in ("person", "computer", "easy", "normal", "hard")]
    wanted += [f"setup.kind.{k}" for k in ("person", "easy", "normal", "hard", "expert", "friend")]
    wanted += [f"{prefix}.{k}" for k in ("easy", "normal", "hard", "expert") for prefix in ("level", "lobby.level")]
    wanted += [f"baby.{a}" for a in ("beer", "poo", "sleep", "cry")]
    wanted += [
        f"cause.{c}"
        for c in (
            "distance",
            "lap",
            "fight",
            "shock",
            "lightning",
            "hole",
            "shield",
            "vicious",
            "theft",
            "flail",
            "star",
        )
    ]
    wanted += [
        f"purpose.{p}"
        for p in (
            "movement",
            "chest",
            "disarm",
            "theft",
            "shock",
            "combat",
            "combat_reroll",
            "ring_of_fire",
            "wand_of_fire",
            "bottle",
            "syringe",
            "ring_of_lightning",
            "shortcut",
        )
    ]
    wanted += [
        f"move.{c}"
        for c in (
            "movement",
            "action",
            "coins",
            "drift",
            "recoil",
            "shortcut",
            "hole",
            "teleport",
            "lightning",
            "flail",
            "star",
            "put_back",
            "tactical",
            "bottle",
            "syringe",
        )
    ]
    from scenes.screens.results import CATEGORIES

    wanted += [f"results.category.{key}" for key, _, _ in CATEGORIES]
    from scenes.core.words import PROMPTS

    wanted += [f"prompt.{kind}" for kind in PROMPTS]
    assert [k for k in wanted if k not in en] == []


def test_the_special_rules_have_the_engines_placeholders_in_both_languages():
    en, fr = catalogues()
    for rule, words in _RULE_WORDS.items():
        assert i18n.placeholders(en[f"rule.{rule}"]) == i18n.placeholders(words), rule
        assert i18n.placeholders(fr[f"rule.{rule}"]) == i18n.placeholders(words), rule
    i18n.set_language("fr")
    assert i18n.rule_text("wand_mastery").startswith("Maîtrise des baguettes")
    assert "{" not in "".join(i18n.rule_text(r) for r in RULE_TEXT)


def test_french_uses_the_original_names_of_characters_and_objects():
    i18n.set_language("fr")
    for c in CHARACTERS.values():  # "l'elfe" -> "Elfe", "le bébé hybride" -> "Bébé hybride"
        assert c.french.lower().endswith(i18n.character(c.id).lower()), c.id
    for obj, (_, french) in NAMES.items():
        assert i18n.object_name(obj).lower() == french.lower(), obj
        assert i18n.object_a(obj).endswith(french) and i18n.object_the(obj).endswith(french[1:]), obj
    assert t("die.DOBJ") == "dé cadeau" and t("die.DTHEFT") == "dé de vol"  # the original's DKDO and DVOL, in words
    assert t("phase.drift") == "phase de dérapage"
    assert t("race.sprinter").startswith("Sprinteur chanceux")


# The engine's ids a player never reads: dice (DCOMBAT, D6, 2D6, d100, the original's DKDO...), ids in
# snake case (ring_of_fire, sore_loser) and the characters whose id is not a word (beastman).
ENGINE_ID = re.compile(
    r"(?<![\w-])(\d*[dD](?:\d+|COMBAT|OBJ|RAPID|THEFT|KDO|VOL)|[a-z]+_[a-z_]+|beastman|lizardman)(?![\w-])"
)
MEANT_IDS = {"host_port", *MAP_PROPERTIES}  # a field of the settings file, the properties of a board in Tiled


def engine_ids(words: str) -> list[str]:
    """The engine ids in a text, its {placeholders} left out."""
    return [found for found in ENGINE_ID.findall(re.sub(r"\{[^}]*\}", "", words)) if found not in MEANT_IDS]


def test_no_translation_is_its_own_key_or_shows_an_engine_id():
    for code, book in zip(("en", "fr"), catalogues()):
        for key, entry in book.items():
            for form in entry.values() if isinstance(entry, dict) else [entry]:
                assert form != key, f"{code}: {key!r} is not translated (its value is its key)"
                assert not engine_ids(form), f"{code}: {key} shows {engine_ids(form)}: {form!r}"


def test_the_engine_id_check_sees_the_ids_and_spares_the_words():
    assert engine_ids("Grob rolls DCOMBAT 30 (combat)") == ["DCOMBAT"]
    assert engine_ids("roll 1D10, then 2D6") == ["1D10", "2D6"]
    assert engine_ids("le DKDO donne ring_of_fire au beastman") == ["DKDO", "ring_of_fire", "beastman"]
    assert engine_ids("{name} rolls 5 on the six-sided die; 2-7 beer dice; host_port; D-day") == []


def test_the_dice_have_their_names_in_a_log_line():
    from scenes.core.words import dice_words

    assert dice_words(["D6", "D6", "DRAPID"], [5, 2, 4]) == "5 and 2 on the six-sided dice, 4 on the quick die"
    assert dice_words(["DCOMBAT"], [30]) == "30 on the combat die"
    i18n.set_language("fr")
    assert dice_words(["D6", "D6", "DRAPID"], [5, 2, 4]) == "5 et 2 aux dés à six faces, 4 au dé rapide"
    assert dice_words(["DOBJ"], [55]) == "55 au dé cadeau"
    for die in DICE:
        assert not engine_ids(dice_words([die, die], [1, 2])), die


def test_plurals_follow_each_language():
    i18n.set_language("en")
    assert [t("unit.squares", count=n) for n in (0, 1, 2)] == ["0 squares", "1 square", "2 squares"]
    i18n.set_language("fr")
    assert [t("unit.squares", count=n) for n in (0, 1, 2)] == ["0 case", "1 case", "2 cases"]
    assert t("unit.coins", count=3) == "3 pièces"


def test_the_language_follows_the_system_and_the_settings(monkeypatch, tmp_path):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.system_language() == "fr"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LC_ALL", "fr_CA")
    assert i18n.system_language() == "fr"
    assert i18n.set_language("de") == "en"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    App(settings=Settings(language="fr"))
    assert i18n.language() == "fr" and t("menu.play") == "Jouer"


def test_the_catalogues_are_found_next_to_the_package_not_the_working_directory(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    i18n.catalogue.cache_clear()
    i18n.set_language("fr")
    assert t("menu.quit") == "Quitter"
    assert i18n.catalogue_path("fr").is_file()


def test_the_settings_switch_the_language_at_once_and_save_it(monkeypatch, tmp_path):
    import json

    from scenes.screens.settings import SettingsScene

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(language="en"))
    scene = app.stack.push(SettingsScene())
    language = next(w for w in scene.group.widgets if getattr(w, "label", "") == "Language / Langue")
    app.step(
        [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(language.rect.right - 10, language.rect.centery), button=1)]
    )
    assert i18n.language() == "fr" and app.settings.language == "fr"
    assert scene.group.widgets[-1].label == "Retour"
    saved = json.loads((tmp_path / "fantasy-racing" / "settings.json").read_text())
    assert saved["language"] == "fr"


# ---------------------------------------------------------------- the rule book
def test_the_rules_screen_shows_the_players_book_of_the_current_language():
    from scenes.core.rule_book import book_text

    i18n.set_language("fr")
    assert book_text().startswith("# Fantasy Racing") and "livre de règles" in book_text()[:200]
    i18n.set_language("en")
    assert "the rule book" in book_text()[:200]
    i18n.set_language("fr")
    for name in (
        "die.DOBJ",
        "die.DTHEFT",
        "die.DRAPID",
        "phase.drift",
        "phase.action",
        "race.sprinter",
        "character.baby",
    ):
        words = t(name).strip("\u00a0!").lower()  # the original's words, as the catalogue says them
        assert words in book_text("fr").lower(), words


# ---------------------------------------------------------------- no text bypasses the catalogues
def unmarked(line: str) -> str:
    """The characters of a line outside ⟦ ⟧ (a line cut from a marked text may start inside one)."""
    depth = lowest = 0
    for ch in line:
        depth += (ch == OPEN) - (ch == CLOSE)
        lowest = min(lowest, depth)
    depth, out = -lowest, []
    for ch in line:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth -= 1
        elif depth <= 0:
            out.append(ch)
    return "".join(out)


class Screen:
    """Watches every line the game draws (scenes/core/text.py) and keeps those that bypass the catalogue."""

    def __init__(self, monkeypatch) -> None:
        from scenes.core import text

        self.names: set[str] = {"Fantasy Racing"}  # proper names: the game's, racers', boards'
        self.sources: set[str] = set()  # texts of translated documents (the rule book)
        self.wrapped: set[str] = set()  # lines cut from texts that passed
        self.bad: dict[str, str] = {}
        self.scene = ""
        render, wrap = text.render, text.wrap

        def checked_render(line, *args, **kwargs):
            if not self.fine(line):
                self.bad.setdefault(line, self.scene)
            return render(line, *args, **kwargs)

        def checked_wrap(line, *args, **kwargs):
            lines = wrap(line, *args, **kwargs)
            if line in self.sources or self.fine(line):
                self.wrapped.update(lines)
            return lines

        monkeypatch.setattr(text, "render", checked_render)
        monkeypatch.setattr(text, "wrap", checked_wrap)

    def fine(self, line: str) -> bool:
        if line in self.wrapped or line in self.sources:
            return True
        if line.endswith("…") and any(s.startswith(line[:-1]) for s in self.sources | self.names):
            return True
        rest = unmarked(line)
        for name in sorted(self.names, key=len, reverse=True):
            rest = rest.replace(name, "")
        return not any(ch.isalpha() for ch in rest)


def thinking(app) -> bool:
    """Whether a computer racer of the top scene is thinking on its worker thread right now."""
    thinker = getattr(app.stack.top, "thinker", None)
    thread = getattr(thinker, "_thread", None)
    return thread is not None and thread.is_alive()


def drive_every_scene(app, screen=None) -> None:
    """Title, setup, settings, rules, two races (all ten characters, a person answering), pause, results, preview."""
    from scenes.core.rule_book import book_text, parse
    from scenes.race import RaceScene
    from scenes.screens.pause import PauseScene
    from scenes.screens.preview import BoardPreview
    from scenes.screens.results import ResultsScene
    from scenes.screens.rules_help import RulesScene, plain
    from scenes.screens.settings import SettingsScene
    from scenes.screens.setup import SetupScene, start_race
    from scenes.screens.title import TitleScene

    def key(k):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)

    def mark(name):
        if screen is not None:
            screen.scene = name

    for choice in boards.available():
        if screen is not None and choice.board is not None:
            screen.names |= {choice.board.name, choice.board.description or "", choice.board.author or "", choice.ref}
    mark("title")
    app.stack.push(TitleScene())
    app.step([])
    mark("setup")
    setup = app.stack.push(SetupScene())
    app.step([])
    racers = setup.group.widgets[2]
    for _ in range(4):
        app.step(
            [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(racers.rect.right - 10, racers.rect.centery), button=1)]
        )
    for character in CHARACTERS:
        setup.pick(character)
        app.step([])
    setup.message = t("setup.cannot_start_board")
    app.step([])
    app.stack.pop()
    mark("settings")
    app.stack.push(SettingsScene())
    app.step([])
    app.step([key(pygame.K_ESCAPE)])
    mark("accessibility")
    app.stack.push(SettingsScene("access"))
    app.step([])
    mark("controls")
    controls_screen = app.stack.push(app.stack.make("controls"))
    app.step([])
    controls_screen.listen(controls_screen.rows[14])
    app.step([])
    controls_screen.take("key:l")  # refused: the legend's
    app.step([])
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_ESCAPE)])
    mark("rules")
    if screen is not None:
        for block in parse(book_text()):  # its words are drawn by the book's own lines, but its headings and tables
            screen.sources |= {block.text, plain(block.text)} | {plain(cell) for row in block.rows for cell in row}
    app.stack.push(RulesScene())
    for k in (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_END):
        app.step([key(k)])
    app.step([key(pygame.K_ESCAPE)])
    casts = [
        [
            ("elf", "Ann", None),
            ("human", "Bo", "easy"),
            ("dwarf", "Cy", "normal"),
            ("goblin", "Di", "hard"),
            ("orc", "Ed", "greedy"),
            ("beastman", "Fi", "normal"),
        ],
        [("sorceress", "Gus", None), ("baby", "Hal", "hard"), ("thief", "Ivy", "normal"), ("lizardman", "Jo", "easy")],
    ]
    for number, cast in enumerate(casts):
        if screen is not None:
            screen.names |= {name for _, name, _ in cast}
        mark(f"race {number + 1}")
        setup = {
            "board": boards.PRACTICE,
            "turns": 5,
            "seed": 5 + number,
            "racers": [{"character": c, "name": n, "bot": b} for c, n, b in cast],
        }
        assert start_race(app.stack, setup) is None
        scene = app.stack.top
        paused = False
        deadline, frame = time.monotonic() + 120, 0
        while frame < 40000 and time.monotonic() < deadline:
            if not isinstance(app.stack.top, (RaceScene, PauseScene)):
                break
            if thinking(app):  # computer racers think on a worker thread: wait, it is not a frame
                time.sleep(0.0005)
                app.step([], 1 / 20)
                continue
            frame += 1
            if not paused and frame > 200 and isinstance(app.stack.top, RaceScene):
                paused = True
                mark("pause")
                app.step([key(pygame.K_ESCAPE)])
                app.step([])
                app.step([key(pygame.K_ESCAPE)])
                mark(f"race {number + 1}")
                continue
            events = []
            if scene.panel is not None and not scene.busy:
                events = [key(pygame.K_RIGHT), key(pygame.K_RETURN)] if frame % 3 else [key(pygame.K_RETURN)]
                events = [key(pygame.K_u)] if frame % 7 == 0 else events  # a choice taken back, or why not
            app.step(events, 1 / 20)
        mark("results")
        assert isinstance(app.stack.top, ResultsScene)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0)])
        app.step([])
        app.stack.pop()
        finished = scene.race
    mark("replay")
    from game.meta.replay import parse, record, start
    from scenes.screens.replay import replay_scene

    replay = parse(record(finished))
    scene = app.stack.push(replay_scene(replay, start(replay), speed=8.0))
    for frame in range(30000):
        if scene.guide.at_end:
            break
        app.step([key(pygame.K_SPACE)] if frame in (40, 41) else [], 1 / 20)
    app.step([])
    app.stack.pop()
    mark("preview")
    board_file = next(c.ref for c in boards.available() if c.board is not None and str(c.ref).endswith(".tmx"))
    app.stack.push(BoardPreview(board_file))
    app.step([])
    if screen is not None:
        screen.names.add(str(board_file))
    app.stack.pop()
    import netwindows

    netwindows.drive_network_scenes(app, mark, screen.names if screen is not None else set())
    mark("title with a saved race")
    race = Race.new(
        boards.practice_board(), [RacerSetup("elf", "Ann"), RacerSetup("orc", "Bo", "greedy")], turns=5, seed=2
    )
    userdata.save_race(session.FOLDER, race, {"board": boards.PRACTICE, "turns": 5, "racers": []})
    app.stack.push(TitleScene())
    app.step([])
    mark("games in progress")
    app.stack.top.open_games()
    app.step([])
    app.step([key(pygame.K_DELETE)])  # asked first
    app.step([])
    app.step([key(pygame.K_ESCAPE)])  # No
    app.step([key(pygame.K_ESCAPE)])
    mark("replays")
    from kept_races import keep_races

    if screen is not None:
        screen.names |= {"Zoé", "Bo", "Cy", "Ann", "Gus", "Spring Cup"}
    keep_races()
    app.stack.reset(TitleScene())
    app.step([])
    app.stack.top.replays()
    app.step([])
    app.step([key(pygame.K_DELETE)])  # asked first
    app.step([])
    app.step([key(pygame.K_ESCAPE)])  # No
    app.step([key(pygame.K_RETURN)])  # watched
    for _ in range(10):
        app.step([], 1 / 20)
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_ESCAPE)])


@pytest.mark.slow
def test_no_text_on_screen_bypasses_the_catalogues(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    screen = Screen(monkeypatch)
    app = App(settings=Settings(animation_speed=4.0, language="en"))
    i18n.set_language(i18n.PSEUDO)
    drive_every_scene(app, screen)
    assert not screen.bad, "\n".join(f"{scene}: {line!r}" for line, scene in sorted(screen.bad.items()))


@pytest.mark.slow  # every scene twice (the fast part draws them once, in the pseudo-language, above)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_both_languages_draw_every_scene(monkeypatch, tmp_path, language):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(animation_speed=4.0, language=language))
    assert i18n.language() == language
    drive_every_scene(app)


def test_the_race_log_and_hud_follow_a_language_change_made_from_the_pause_menu(monkeypatch, tmp_path):
    from scenes.race import RaceScene
    from scenes.screens.pause import PauseScene
    from scenes.screens.settings import SettingsScene

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = App(settings=Settings(animation_speed=4.0, language="en"))
    race = Race.new(
        boards.practice_board(),
        [RacerSetup("elf", "Ann", "greedy"), RacerSetup("orc", "Bo", "greedy")],
        turns=5,
        seed=2,
    )
    scene = app.stack.push(RaceScene(race, {}))
    for _ in range(2000):
        if sum("'s turn" in line for line in scene.playback.log.texts()) >= 2:
            break
        app.step([], 1 / 20)
    pause = app.stack.push(PauseScene(lambda: None))
    app.step([])
    settings = app.stack.push(SettingsScene())
    app.step([])
    settings.set_language("fr")
    app.stack.pop()
    assert pause.group.widgets[0].label == "Reprendre"
    app.stack.pop()
    app.step([])
    assert scene.log_language == "fr"
    assert any(line.startswith("À ") and line.endswith(" de jouer.") for line in scene.playback.log.texts())
    assert not any("'s turn" in line for line in scene.playback.log.texts())
