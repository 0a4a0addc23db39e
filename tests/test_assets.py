"""The art and fonts under assets/ (made by tools/make_assets.py) are all there and usable."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent / "assets"

CHARACTERS = ["elf", "human", "dwarf", "goblin", "orc", "beastman", "sorceress", "baby", "thief", "lizardman"]
OBJECTS = [
    "ring_of_fire",
    "ring_of_lightning",
    "axe",
    "spear",
    "trap",
    "clover",
    "shield",
    "coin",
    "bottle",
    "syringe",
    "wand_of_teleportation",
    "wand_of_fire",
    "throwing_star",
    "poo",
    "chest",
]
UI_ICONS = [
    "dice",
    "drift",
    "move",
    "rest",
    "coins",
    "fight",
    "shock",
    "hole",
    "shortcut",
    "lightning",
    "fireball",
    "finish",
    "crown",
    "settings",
    "sound",
    "music",
    "pause",
    "save",
    "back",
]

EXPECTED = (
    [(f"images/characters/{c}.png", (256, 256)) for c in CHARACTERS]
    + [(f"images/tokens/{c}.png", (64, 64)) for c in CHARACTERS]
    + [(f"images/objects/{o}.png", (96, 96)) for o in OBJECTS]
    + [(f"images/ui/chest_tier_{t}.png", (64, 64)) for t in range(5)]
    + [(f"images/ui/{n}.png", (48, 48)) for n in UI_ICONS]
    + [
        ("images/ui/token_disc.png", (64, 64)),
        ("images/ui/title_background.png", (1280, 720)),
        ("images/ui/logo.png", None),
    ]
)
FRENCH = "ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜàâæçéèêëîïôœùûüÿ«»’€"
FONTS = ["CinzelDecorative-Bold.ttf", "Cinzel-Bold.ttf", "AlegreyaSans-Regular.ttf", "AlegreyaSans-Bold.ttf"]


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield  # (pygame stays up: a font the screens of earlier tests made cannot draw after a quit)


@pytest.mark.parametrize("relative,size", EXPECTED, ids=[e[0] for e in EXPECTED])
def test_every_image_exists_loads_has_its_size_and_is_not_blank(relative, size):
    path = ASSETS / relative
    assert path.is_file(), f"{relative} is missing: run tools/make_assets.py"
    surface = pygame.image.load(str(path))
    if size is not None:
        assert surface.get_size() == size, f"{relative} is {surface.get_size()}, expected {size}"
    w, h = surface.get_size()
    colours = set()
    opaque = 0
    for y in range(0, h, max(1, h // 32)):
        for x in range(0, w, max(1, w // 32)):
            c = surface.get_at((x, y))
            colours.add(tuple(c)[:3])
            opaque += c.a > 0
    assert opaque > 0, f"{relative} is fully transparent"
    assert len(colours) > 2, f"{relative} is blank (one flat colour)"


@pytest.mark.parametrize("relative", [e[0] for e in EXPECTED if "title_background" not in e[0]])
def test_icons_have_a_transparent_background(relative):
    surface = pygame.image.load(str(ASSETS / relative))
    assert surface.get_at((0, 0)).a == 0, f"{relative} has no transparent corner"


def test_the_title_background_is_opaque():
    surface = pygame.image.load(str(ASSETS / "images/ui/title_background.png"))
    for x, y in [(0, 0), (639, 360), (1279, 719)]:
        assert surface.get_at((x, y)).a == 255


@pytest.mark.parametrize("name", FONTS)
def test_fonts_load_and_render_french_accents(name):
    path = ASSETS / "fonts" / name
    assert path.is_file(), f"fonts/{name} is missing"
    font = pygame.font.Font(str(path), 32)
    text = "Élfe, bébé, à bientôt — œuvre « çà » !"
    surface = font.render(text, True, (255, 255, 255))
    assert surface.get_width() > 200
    for ch, (minx, maxx, miny, maxy, _advance) in zip(FRENCH, font.metrics(FRENCH)):
        # A missing glyph has no ink at all: its box is empty.
        assert maxx > minx and maxy > miny, f"{name} has no glyph for {ch!r}"


@pytest.mark.parametrize("name", FONTS)
def test_every_font_ships_with_its_licence(name):
    licences = list((ASSETS / "fonts").glob("OFL-*.txt"))
    family = name.split("-")[0]
    assert any(p.stem == f"OFL-{family}" for p in licences), f"no OFL-{family}.txt beside {name}"


def test_credits_name_the_icon_set_and_the_fonts():
    credits = (ASSETS / "CREDITS.md").read_text(encoding="utf-8")
    assert "game-icons.net" in credits and "CC BY 3.0" in credits
    for family in ("Cinzel Decorative", "Alegreya Sans"):
        assert family in credits


def test_assets_stay_small():
    total = sum(p.stat().st_size for p in ASSETS.rglob("*") if p.is_file())
    assert total < 5 * 1024 * 1024, f"assets/ weighs {total} bytes"
