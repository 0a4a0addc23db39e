"""The small words of the race screen, in English and French: no pronoun that guesses a racer's
gender, a six walked all sideways, a path of one square, a racer climbing out of a hole, the
legend's finish line, the results' crown and every segment's number."""

from __future__ import annotations

import json
import re

import pytest

from game import Race, RacerSetup
from game.app.settings import Settings
from game.rules.events import Event
from game.rules.state import Decision
from scenes.app import App
from scenes.core import boards, i18n, words
from scenes.core.i18n import t
from scenes.screens.results import ResultsScene, breakdown

RACER_WORDS = (
    "rule.",
    "explain.",
    "log.",
    "move.",
    "place.",
    "race.",
    "hud.",
    "opt.",
    "thing.",
    "tutorial.",
    "legend.",
)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_no_word_about_a_racer_guesses_his_gender():
    catalogue = json.loads(i18n.catalogue_path("en").read_text(encoding="utf-8"))
    guessed = re.compile(r"\b(he|his|him|himself|she|her|herself)\b", re.IGNORECASE)
    found = []
    for key, entry in catalogue.items():
        if key.startswith(RACER_WORDS):
            for form in entry.values() if isinstance(entry, dict) else [entry]:
                if guessed.search(form):
                    found.append((key, form))
    assert not found


def race_of(*characters: str) -> Race:
    return Race.new(boards.practice_board(), [RacerSetup(c, c.capitalize()) for c in characters], turns=5, seed=1)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_six_walked_all_sideways_says_no_rows_down(language):
    i18n.set_language(language)
    race = race_of("elf", "orc")
    decision = Decision(0, "move", [(0, 6), (0, -6), (6, 0), (3, -3)])
    labels = [words.option_label(decision, option, race) for option in decision.options]
    assert labels[0] == t("opt.move.side.right", side=6) and "0" not in labels[0] and "0" not in labels[1]
    assert labels[:2] == (["6 to the right", "6 to the left"] if language == "en" else ["6 à droite", "6 à gauche"])
    assert labels[3] == ("3 down, 3 left" if language == "en" else "3 vers le bas, 3 à gauche")


def test_a_path_of_one_square_is_one_square():
    said = t("race.path", name="Wand of fire", drawn=0, reach=1, left=1, count=1)
    assert said == "Wand of fire: 0 of 1 square drawn · 1 left"
    assert t("race.path", name="Ring of fire", drawn=3, reach=14, left=11, count=14).startswith(
        "Ring of fire: 3 of 14 squares"
    )


@pytest.mark.parametrize(
    ("cause", "end", "said", "dit"),
    [
        ("hole_exit", (2, 4), "Pip climbs out of the hole, 2 rows up.", "Pip sort du trou, 2 lignes plus haut."),
        ("shortcut", (9, 4), "Pip takes the shortcut, 5 rows down.", "Pip prend le raccourci, 5 lignes plus bas."),
        (
            "teleport",
            (7, 3),
            "Pip teleports, 3 rows down and 1 square left.",
            "Pip se téléporte, 3 lignes plus bas et 1 case à gauche.",
        ),
        ("unknown_cause", (4, 6), "Pip is placed, 2 squares right.", "Pip change de case, 2 cases à droite."),
    ],
)
def test_a_racer_placed_on_a_square_says_how_and_where_as_the_board_shows_it(cause, end, said, dit):
    race = Race.new(boards.practice_board(), [RacerSetup("goblin", "Pip"), RacerSetup("orc", "Grob")], turns=5, seed=1)
    event = Event("placed", racer=0, start=(4, 4), end=end, cause=cause)
    assert words.describe(event, race) == said
    i18n.set_language("fr")
    assert words.describe(event, race) == dit


@pytest.mark.parametrize(
    ("cause", "said", "dit"),
    [
        ("recoil", "Pip is thrown back 2 squares.", "Pip recule sous le choc (2 cases)."),
        ("star", "Pip is knocked back 2 squares.", "Pip recule sous l'étoile (2 cases)."),
        ("flail", "Pip is lashed back 2 squares.", "Pip recule sous le fléau (2 cases)."),
        ("lightning", "Pip is struck back 2 squares.", "Pip recule sous la foudre (2 cases)."),
    ],
)
def test_a_racer_pushed_back_is_told_how_far_not_by_a_column_and_row_the_board_does_not_show(cause, said, dit):
    race = Race.new(boards.practice_board(), [RacerSetup("goblin", "Pip"), RacerSetup("orc", "Grob")], turns=5, seed=1)
    event = Event("placed", racer=0, start=(4, 4), end=(2, 4), cause=cause)
    assert words.describe(event, race) == said
    i18n.set_language("fr")
    assert words.describe(event, race) == dit


def test_a_drift_is_told_as_its_option_said():
    race = Race.new(boards.practice_board(), [RacerSetup("goblin", "Pip"), RacerSetup("orc", "Grob")], turns=5, seed=1)
    event = Event("placed", racer=0, start=(4, 4), end=(3, 3), cause="drift")
    assert words.describe(event, race) == "Pip drifts 1 back left."
    i18n.set_language("fr")
    assert words.describe(event, race) == "Pip dérape (1 en arrière à gauche)."


def test_a_throw_and_a_walk_on_coins_are_told_once():
    race = Race.new(boards.practice_board(), [RacerSetup("thief", "Pip"), RacerSetup("orc", "Grob")], turns=5, seed=1)
    told = [
        words.describe(Event("object_used", racer=0, object="throwing_star"), race),
        words.describe(Event("thrown", racer=0, object="throwing_star", square=(3, 3)), race),
        words.describe(Event("coins_spent", racer=0, coins=1, squares=1), race),
        words.describe(Event("moved", racer=0, path=[(1, 0)], cause="coins"), race),
        words.describe(Event("object_used", racer=0, object="bottle"), race),
    ]
    assert [line for line in told if line] == [
        "Pip throws the throwing star.",
        "Pip spends 1 coin to walk 1 square.",
        "Pip uses the bottle of doping.",
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_legend_and_the_options_name_no_row_0_and_nobody_stays_where_he_is(language):
    i18n.set_language(language)
    assert not re.search(r"\b0\b", t("legend.finish.what"))
    assert t("explain.stay") in ("Stays on this square", "Reste sur cette case")


def test_the_results_give_every_segment_of_every_bar_its_number(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from scenes.core import text
    from scenes.screenshots import demo_setup, race_in_progress

    app = App(settings=Settings(language="en"))
    setup = demo_setup(boards.PRACTICE)
    finished = race_in_progress(setup, seed=12, choices=100000)
    scene = app.stack.push(ResultsScene(finished, setup))
    said: list[str] = []
    real = text.draw
    monkeypatch.setattr(
        text, "draw", lambda surface, words, *a, **k: said.append(words) or real(surface, words, *a, **k)
    )
    scene.draw(app.screen)
    numbers = [f"{value:+d}" for racer in finished.racers for value in breakdown(racer).values() if value]
    assert len(numbers) > len(finished.racers)
    for number in set(numbers):
        assert said.count(number) >= numbers.count(number), number


def test_french_elides_de_and_que_before_a_name_that_starts_with_a_vowel_sound():
    i18n.set_language("fr")
    assert t("log.disarmed", name="Pip", owner="Orc") == "Pip désamorce le piège d'Orc et le garde."
    assert t("log.disarmed", name="Pip", owner="Homme-bête") == "Pip désamorce le piège d'Homme-bête et le garde."
    assert t("log.disarmed", name="Pip", owner="Zoé") == "Pip désamorce le piège de Zoé et le garde."
    assert t("log.disarmed", name="Pip", owner="Elfe") == "Pip désamorce le piège d'Elfe et le garde."


def test_whose_turn_it_is_never_reads_as_another_word_in_french():
    i18n.set_language("fr")  # ("Au tour d'Ann", in bold, read "Autour d'Ann": issue 33)
    assert t("log.racer_turn", name="Ann") == "À Ann de jouer."
    assert t("hud.whose_turn_phase", name="Orc", phase="mouvement") == "À Orc de jouer · mouvement"
    assert not any("tour d" in t(k, name="Ann", phase="x") for k in ("hud.whose_turn", "hud.whose_turn_phase"))
    walked = t("log.coins", name="Pip", coins="1 pièce", squares="1 case")
    assert walked == "Pip dépense 1 pièce pour avancer de 1 case."


@pytest.mark.parametrize(
    ("language", "one", "many"),
    [
        ("en", "objects return at turn 4", "objects return at turns 4, 7"),
        ("fr", "les objets reviennent au tour 4", "les objets reviennent aux tours 4, 7"),
    ],
)
def test_the_turn_objects_return_at_is_one_turn_when_there_is_one(language, one, many):
    i18n.set_language(language)
    assert t("hud.respawn", turns="4", count=1) == one
    assert t("hud.respawn", turns="4, 7", count=2) == many
