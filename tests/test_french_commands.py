"""The command line follows the game's language setting: with the settings file's language French,
`stats`, `simulate`, `season`, `tournament`, `serve`, `replay --check` and `add-board` answer in French
(the boards by their maps' `name.fr`), and in English when it is English."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from netwindows import free_port

import main
from game import Race, RacerSetup
from game.app import session
from game.app.settings import Settings
from game.bots import ai
from game.meta import words
from game.meta.replay import write
from game.rules import seeds

ROOT = Path(__file__).resolve().parent.parent
FOREST = ROOT / "maps" / "forest.tmx"
ENGLISH = (
    "listening on",
    "the hosted race",
    "owner key",
    "races per second",
    "Thornwood",
    "the final table",
    "match the recording",
    "won (",
    "average place",
    "beats",
)


def speaking(language: str, tmp_path: Path, monkeypatch) -> None:
    """A player's folder whose settings say `language` (the system saying English)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    settings = Settings(language=language, player_name="Zoé")
    settings.save(session.FOLDER)


def a_kept_race(tmp_path: Path) -> Path:
    """A race on Thornwood, Zoé (a person) against an easy thief, kept as a replay in the player's folder."""
    from game.boards.maps import load_board

    race = Race.new(load_board(FOREST), [RacerSetup("dwarf", "Zoé"), RacerSetup("thief", "Bo", "easy")], 5, seed=3)
    rngs = seeds.bot_rngs(3, 2)
    while not race.over:
        decision = race.pending
        assert decision is not None
        race.choose(ai.pick(race, decision, "easy", rngs[decision.racer]))
    return write(race, session.FOLDER.path() / "replays", day=date(2026, 12, 5))


def test_the_commands_answer_in_french_when_the_settings_say_french(tmp_path, monkeypatch, capsys):
    speaking("fr", tmp_path, monkeypatch)
    kept = a_kept_race(tmp_path)
    assert main.main(["stats"]) == 0
    said = capsys.readouterr().out
    assert "1 course, 0 gagnée" in said or "1 course, 1 gagnée" in said, said
    assert "plateau Le Bois-aux-Épines\u00a0: 1 course" in said and "personnage Nain\u00a0:" in said, said
    assert main.main(["simulate", "--board", str(FOREST), "--racers", "elf,orc", "--games", "1", "--turns", "5"]) == 0
    said += (simulated := capsys.readouterr().out)
    assert (
        "Course 1 (graine" in simulated and "sur Le Bois-aux-Épines" in simulated and "courses par seconde" in simulated
    )
    boards = f"{FOREST},{ROOT / 'maps' / 'meadow.tmx'}"
    assert main.main(["season", "--boards", boards, "--racers", "elf,orc", "--bots", "easy", "--turns", "5"]) == 0
    said += (season := capsys.readouterr().out)
    assert "Course 2 sur 2 sur La Course du pré" in season and "le classement final" in season, season
    assert main.main(["tournament", "--bots", "easy,normal", "--games", "2", "--board", str(FOREST)]) == 0
    said += (ranked := capsys.readouterr().out)
    assert "2 courses, un coureur par niveau, plateaux\u00a0: Le Bois-aux-Épines" in ranked, ranked
    assert "changements de tête par course" in ranked and " bat " in ranked, ranked
    assert main.main(["replay", str(kept), "--check"]) == 0
    said += (checked := capsys.readouterr().out)
    assert "correct" in checked and "conformes à l'enregistrement" in checked, checked
    serve = ["serve", "--port", str(free_port()), "--address", "127.0.0.1", "--board", str(FOREST), "--turns", "5"]
    assert main.main([*serve, "--seats", "bot:easy,bot:easy", "--seed", "3"]) == 0
    said += (served := capsys.readouterr().out)
    assert "serve: à l'écoute sur 127.0.0.1:" in served and "la course hébergée est finie" in served, served
    assert "la clé du propriétaire est" in served, served
    assert main.main(["add-board", str(FOREST)]) == 0
    said += (added := capsys.readouterr().out)
    assert "Le Bois-aux-Épines" in added and "Thornwood" not in added, added
    assert not [words for words in ENGLISH if words in said], said
    assert words.language() == "en"  # (the command's language ends with it)


def test_the_commands_answer_in_english_when_the_settings_say_english(tmp_path, monkeypatch, capsys):
    speaking("en", tmp_path, monkeypatch)
    a_kept_race(tmp_path)
    assert main.main(["stats"]) == 0
    said = capsys.readouterr().out
    assert "board Thornwood: 1 race" in said and "character Dwarf:" in said, said
    assert main.main(["simulate", "--board", str(FOREST), "--racers", "elf,orc", "--games", "1", "--turns", "5"]) == 0
    assert "Race 1 (seed" in capsys.readouterr().out


@pytest.mark.parametrize("code", ["en", "fr"])
def test_every_command_sentence_has_its_words_in_both_languages(code):
    from scenes.core import i18n

    english, other = i18n.catalogue("en"), i18n.catalogue(code)
    keys = [key for key in english if key.startswith("cli.")]
    assert len(keys) > 20 and all(key in other for key in keys)
    assert all(i18n.placeholders(english[key]) == i18n.placeholders(other[key]) for key in keys)
