"""The player's rule book (assets/rules/book.md, book.fr.md): written for players, a picture and an
example in every section, its numbers the game's own tables', and shown whole in the game (the Rules
screen) in both languages, with its pictures, a heading that fits, and a way to open at a section."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.app.settings import Settings
from game.rules import tuning
from game.rules.characters import CHARACTERS
from game.rules.objects import TIER_CHANCES
from game.rules.race import MAX_RACERS, MAX_TURNS, MIN_RACERS, MIN_TURNS
from scenes.app import App
from scenes.core import gamepad, i18n, text, theme
from scenes.core.rule_book import Block, book_text, parse, sections
from scenes.screens.rules_help import INNER, layout, plain
from tests.test_i18n import engine_ids

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "fr")
SECTIONS = ["goal", "turn", "moving", "drift", "action", "fights", "objects", "chests", "characters", "championship"]
# Words a player never needs (the issue's list): the developers' specification's, and code's.
NOT_FOR_PLAYERS = re.compile(
    r"canonical|reference|\[house|\[maison|\[tuned|\[ajust|\.py\b|\.md\b|Chebyshev|Tchebychev|Manhattan| ids\b|"
    r"king step|pas de roi|game/|scenes/|assets/",
    re.IGNORECASE,
)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def by_section(language: str) -> dict[str, list[Block]]:
    """The book's blocks under each section id (before the first section: "")."""
    out: dict[str, list[Block]] = {"": []}
    current, anchor = "", ""
    for block in parse(book_text(language)):
        if block.kind == "anchor":
            anchor = block.text
        elif block.kind == "h" and block.level == 2:
            current = anchor
            out[current] = []
        out[current].append(block)
    return out


def words_of(blocks: list[Block]) -> str:
    """Every word of some blocks, without Markdown's marks and with plain spaces."""
    parts = [plain(b.text) for b in blocks] + [plain(c) for b in blocks for row in b.rows for c in row]
    return " ".join(parts).replace("\u00a0", " ")


# ---------------------------------------------------------------- written for players
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_book_speaks_to_players_not_to_developers(language):
    book = book_text(language)
    assert not NOT_FOR_PLAYERS.search(book), NOT_FOR_PLAYERS.search(book)
    blocks = parse(book)
    words = words_of(blocks) + " " + " ".join(b.text for b in blocks if b.kind == "h")
    assert not engine_ids(words), engine_ids(words)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_section_has_a_picture_and_an_example(language):
    parts = by_section(language)
    assert list(parts)[1:] == SECTIONS
    for section in SECTIONS:
        kinds = [b.kind for b in parts[section]]
        assert "img" in kinds, f"{language}: the section {section} has no picture"
        assert "quote" in kinds, f"{language}: the section {section} has no worked example"


def test_both_books_show_the_same_pictures_and_every_one_is_shipped():
    pictures = {language: [b.image for b in parse(book_text(language)) if b.kind == "img"] for language in LANGUAGES}
    assert [p.replace(".en.", ".fr.") for p in pictures["en"]] == pictures["fr"]
    for name in pictures["en"] + pictures["fr"]:
        assert (ROOT / "assets" / "rules" / name).is_file(), name
    shipped = {p.relative_to(ROOT / "assets" / "rules").as_posix() for p in (ROOT / "assets/rules").rglob("*.png")}
    assert shipped == set(pictures["en"]) | set(pictures["fr"]), "pictures no book shows"


def test_both_books_have_the_same_sections_and_tables():
    en, fr = by_section("en"), by_section("fr")
    for section in SECTIONS:
        assert [(b.kind, b.level, tuple(len(r) for r in b.rows)) for b in en[section]] == [
            (b.kind, b.level, tuple(len(r) for r in b.rows)) for b in fr[section]
        ], section


# ---------------------------------------------------------------- the game's numbers
CARD = {
    "en": r"Speed {speed}\. When (?:he|she) attacks: {simple} % simple victory, {crushing} % crushing victory, "
    r"{defeat} % defeat\. A clover on a chest gives (?:him|her) (?:an|a) {category} object\.",
    "fr": r"Vitesse {speed}\. Quand (?:il|elle) attaque : {simple} % de victoire simple, {crushing} % de victoire "
    r"écrasante, {defeat} % de défaite\. Un trèfle au coffre lui donne un objet {category}\.",
}
SPEEDS = {  # a speed that differs in the even game turns (the dwarf's)
    "en": "{0} in the odd game turns, {1} in the even ones",
    "fr": "{0} aux tours de jeu impairs, {1} aux tours pairs",
}
CATEGORY = {
    "en": {"offensive": "offensive", "non-offensive": "non-offensive"},
    "fr": {"offensive": "offensif", "non-offensive": "non offensif"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_characters_numbers_are_the_character_tables(language):
    blocks = by_section(language)["characters"]
    cards = [i for i, b in enumerate(blocks) if b.kind == "img" and b.image.startswith("pictures/character-")]
    assert [blocks[i].image for i in cards] == [f"pictures/character-{c}.{language}.png" for c in CHARACTERS]
    for start, end, c in zip(cards, cards[1:] + [len(blocks)], CHARACTERS.values()):
        words = words_of(blocks[start:end])
        speed = str(c.speed) if c.even_speed == c.speed else SPEEDS[language].format(c.speed, c.even_speed)
        expected = CARD[language].format(
            speed=speed,
            simple=c.simple,
            crushing=c.crushing,
            defeat=c.defeat,
            category=CATEGORY[language][c.alternative],
        )
        assert re.search(expected, words), f"{language}: {c.id}'s numbers are not the table's: {words[:200]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chests_are_the_object_dies_tiers(language):
    tables = [b for b in by_section(language)["chests"] if b.kind == "table"]
    assert len(tables) == 1
    rows = tables[0].rows[1:]  # after the header
    assert [r[0] for r in rows] == ["++", "+", "=", "−", "−−"]
    for row, tier in zip(rows, range(4, -1, -1)):
        powerful, modest = TIER_CHANCES[tier]
        assert [plain(c).replace("\u00a0", " ") for c in row[3:]] == [f"{powerful} %", f"{modest} %"], row


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shortcut_table_is_the_games(language):
    table = next(b for b in by_section(language)["moving"] if b.kind == "table")
    faces, rows = table.rows[0][1:], table.rows[1][1:]
    back, forward = ("back", "forward") if language == "en" else ("en arrière", "en avant")
    shown = {int(face): int(words.split()[0]) * (-1 if back in words else 1) for face, words in zip(faces, rows)}
    assert shown == tuning.SHORTCUT_ROWS
    assert all(back in w or forward in w for w in rows)


FACTS = {  # section, the game's number, the words that say it in English and in French
    "racers": ("", (), r"Two to six racers", r"Deux à six coureurs"),
    "turns": ("goal", (MIN_TURNS, MAX_TURNS), r"lasts {0} to {1} game turns", r"dure de {0} à {1} tours de jeu"),
    "coins": (
        "action",
        tuple(n * (n + 1) // 2 for n in range(1, 6)),
        r"1 coin walks {0} square, 2 coins {1} squares, 3 coins {2}, 4 coins {3}, 5 coins {4}",
        r"1 pièce fait marcher {0} case, 2 pièces {1} cases, 3 pièces {2}, 4 pièces {3}, 5 pièces {4}",
    ),
    "season": (
        "championship",
        tuning.SEASON_POINTS,
        r"{0}, {1}, {2}, {3}, {4} and {5} for places 1 to 6",
        r"{0}, {1}, {2}, {3}, {4} et {5} pour les places 1 à 6",
    ),
    "axe": (
        "objects",
        (tuning.AXE_RANGE,),
        r"up to {0} squares away in any direction",
        r"jusqu'à {0} cases dans toutes",
    ),
    "spear": ("objects", (tuning.SPEAR_RANGE,), r"up to {0} squares\. It cannot pass", r"jusqu'à {0} cases\. Elle ne"),
    "trap": ("objects", (tuning.TRAP_RANGE,), r"empty square up to {0} squares away", r"case vide jusqu'à {0} cases"),
    "stars": (
        "characters",
        (tuning.STARS_AT_START, tuning.STAR_RANGE),
        r"starts with {0} throwing stars, thrown like a spear up to {1} squares",
        r"commence avec {0} étoiles de lancer, lancées comme une lance jusqu'à {1} cases",
    ),
    "cry": (
        "characters",
        (tuning.CRY_RANGE,),
        r"every opponent up to {0} squares away in any direction, diagonals",
        r"jusqu'à {0} cases dans toutes les directions, diagonales comprises, subit",
    ),
    "teleport": (
        "characters",
        (tuning.TELEPORT_RANGE,),
        r"onto a square {0} square away, always one row back",
        r"sur une case à {0} case, toujours une ligne en arrière",
    ),
    "vicious": (
        "characters",
        (tuning.VICIOUS_POINTS,),
        r"he scores {0} more points for every shock he gives",
        r"il marque {0} points de plus pour chaque choc qu'il inflige",
    ),
    "fight's shock": (
        "fights",
        (),
        r"The winner scores 3 points\. In this game, that is all his victory scores",
        r"Le vainqueur marque 3 points\. Dans ce jeu, sa victoire ne lui rapporte rien de plus",
    ),
    "quick die's double": (
        "moving",
        (),
        r"In this game, it makes a double with a six-sided die showing the same face",
        r"Dans ce jeu, il fait un double avec un dé à six faces qui montre la même face",
    ),
    "wand of fire": (
        "characters",
        (tuning.WAND_OF_FIRE_DICE,),
        r"as many squares as {0} six-sided die",
        r"le montre {0} dé à six faces",
    ),
    "sore loser": ("characters", (tuning.SORE_LOSER_REST,), r"once per race", r"une fois par course"),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("fact", FACTS)
def test_the_books_numbers_are_the_tuning_tables(language, fact):
    section, values, english, french = FACTS[fact]
    if fact == "racers":
        assert (MIN_RACERS, MAX_RACERS) == (2, 6)  # the words say two to six
    if fact == "sore loser":
        assert tuning.SORE_LOSER_REST >= MAX_TURNS  # "once per race": it never comes back within a race
        values = ()
    if fact == "teleport":
        assert tuning.TELEPORT_FORWARD == -1  # "always one row back"
    if fact == "fight's shock":
        assert not tuning.FIGHT_SCORES_SHOCK
    if fact == "quick die's double":
        assert tuning.QUICK_DIE_DOUBLES
    words = words_of(by_section(language)[section])
    pattern = (english if language == "en" else french).format(*values)
    assert re.search(pattern, words), f"{language}, {fact}: {pattern!r} not in the section {section!r}"


def test_a_wrong_number_fails_the_character_check():
    c = CHARACTERS["orc"]
    pattern = CARD["en"].format(
        speed=c.speed + 1, simple=c.simple, crushing=c.crushing, defeat=c.defeat, category="offensive"
    )
    assert not re.search(pattern, words_of(by_section("en")["characters"]))


# ---------------------------------------------------------------- in the game
@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return App(settings=Settings(tutorial_seen=True))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_screen_is_the_players_book_with_its_pictures(app, language):
    i18n.set_language(language)
    rules = app.stack.push(app.stack.make("rules"))
    app.step([])
    page = rules.page
    assert [s[0] for s in page.sections] == SECTIONS
    assert [s[1] for s in page.sections] == [title for _, title in sections(parse(book_text(language)))]
    assert not page.missing
    pictures = [p for _, _, p in page.pieces if p.get_height() > 100]
    assert len(pictures) >= len(SECTIONS) + 10  # the sections' pictures and the ten characters' cards
    assert all(x >= 0 and x + p.get_width() <= INNER.width + 2 for x, _, p in page.pieces)  # nothing sticks out
    starts = [y for _, _, y in page.sections] + [page.height]
    for (_, title, top), bottom in zip(page.sections, starts[1:]):
        assert any(top < y < bottom and p.get_height() > 60 for _, y, p in page.pieces), f"no picture under {title}"
    # the screen's heading fits beside the Back button
    assert 30 + text.width(i18n.t("rules.title"), 34, "heading") < rules.back_rect().left - 20
    shown = pygame.Surface(theme.SIZE)
    rules.draw(shown)
    assert "Canonical" not in book_text(language) and "RULES" not in book_text(language)


def test_the_book_opens_at_a_named_section_and_scrolls_by_wheel_keys_and_gamepad(app):
    rules = app.stack.push(app.stack.make("rules", section="fights"))
    app.step([])
    fights = [s[0] for s in rules.sections].index("fights")
    assert rules.selected == fights and rules.scroll == rules.sections[fights][2] - 4
    app.step([key(pygame.K_HOME)])
    assert rules.scroll == 0 and rules.selected == 0
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)])
    assert rules.scroll > 0
    for k in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_s):
        before = rules.scroll
        app.step([key(k)])
        assert rules.scroll > before, pygame.key.name(k)
    app.step([gamepad.pad_event(pygame.KEYDOWN, "dpdown")])  # the D-pad: the arrows
    app.step([key(pygame.K_HOME), gamepad.pad_event(pygame.KEYDOWN, "dpright")])
    assert rules.selected == 1 and rules.scroll == rules.sections[1][2] - 4
    app.step([gamepad.pad_event(pygame.KEYDOWN, "rightshoulder")])  # a shoulder: down
    assert rules.scroll > rules.sections[1][2] - 4
    app.step([key(pygame.K_LEFT)])
    assert rules.selected == 1 and rules.scroll == rules.sections[1][2] - 4  # back to the section's start
    rect, index = rules.toc_rows()[7]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert rules.selected == index == 7
    app.step([key(pygame.K_END)])
    assert rules.scroll == rules.max_scroll and rules.selected == len(SECTIONS) - 1
    app.step([gamepad.pad_event(pygame.KEYDOWN, "b")])
    assert app.stack.top is not rules


def test_an_unknown_section_opens_the_book_at_its_start(app, caplog):
    rules = app.stack.push(app.stack.make("rules", section="no-such-rule"))
    app.step([])
    assert rules.scroll == 0 and "no-such-rule" in caplog.text


def test_the_book_is_laid_out_once_per_language():
    assert layout("en") is layout("en") and layout("en") is not layout("fr")


@pytest.mark.slow  # (the book laid out four times)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_rule_book_text_setting_lays_the_book_out_larger_and_never_wider_than_its_page(language):
    try:
        normal = layout(language)
        theme.use_book_text(150)
        large = layout(language)
    finally:
        theme.use_book_text(100)
    assert large is not normal and layout(language) is normal  # (one layout a size, kept)
    assert large.height > 1.3 * normal.height  # the same words, half as large again
    assert [name for _, name, _ in large.sections] == [name for _, name, _ in normal.sections]
    for x, _, piece in large.pieces:
        # (a line is wrapped by its words' advances: drawn, it may end a pixel or two further, in the margin)
        assert x >= 0 and x + piece.get_width() <= INNER.width + 4, (language, x, piece.get_width())
