"""Draw the pictures of the player's rule book (assets/rules/pictures/), headless, with the game's
own drawing code: boards painted from the shipped tileset by scenes/render, racers' tokens, the
squares a decision lights up, the dice, the objects' icons, the characters' portraits.

    python tools/make_rules_pictures.py

The squares a move, a drift, a coin walk or a shock reaches are asked of the engine (game/), on
small boards written with tools/make_boards.py; every number drawn is read from the game's tables.
Pictures with words are drawn once per language (NAME.en.png, NAME.fr.png) with the game's words
(assets/i18n); the others once. Run it after changing the art, the words or a rule's number, look
at the pictures and commit them: they are what ships.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import make_boards  # noqa: E402
import pygame  # noqa: E402  (tools may use pygame; game/ never does)

from game.boards.board import Board  # noqa: E402
from game.boards.maps import load_board  # noqa: E402
from game.rules import combat  # noqa: E402
from game.rules.characters import CHARACTERS  # noqa: E402
from game.rules.dice import D6, DRAPID, RiggedDice  # noqa: E402
from game.rules.objects import CHEST_ORDER, POWERFUL, TIER_CHANCES  # noqa: E402
from game.rules.race import Race, RacerSetup, move_options  # noqa: E402
from game.rules.rulebook import Rules  # noqa: E402

OUT = ROOT / "assets" / "rules" / "pictures"
TILE = 48
LANGUAGES = ("en", "fr")
FRAME = (18, 21, 34)  # around every picture: reads on a light page and on the game's dark one
OBJECTS = (*CHEST_ORDER, "wand_of_teleportation", "wand_of_fire", "throwing_star", "poo")


# ---------------------------------------------------------------- boards
_FOLDERS: list[Path] = []  # the boards' folders, kept until the pictures are drawn (tiles load lazily)


def board(rules: list[str], ground: list[str] | None = None) -> Board:
    """A board with the shipped tileset's art, from a text layout (row 0 holds the start squares)."""
    folder = Path(tempfile.mkdtemp(prefix="rules-pictures-"))
    _FOLDERS.append(folder)
    shutil.copytree(ROOT / "maps" / "tilesets", folder / "tilesets")
    path = folder / "picture.tmx"
    path.write_text(make_boards.tmx_text(rules, ground, {"name": "picture"}, seed=3), encoding="utf-8")
    return load_board(path)


def race_on(rules: list[str], racers: dict[int, tuple[int, int]], characters: Iterable[str]) -> Race:
    """A race on a picture's board, its racers placed (unprotected) where the picture wants them;
    the first racer's movement dice show 3 and 5 (pictures read the race, not the roll)."""

    def arrange(race: Race) -> None:
        for index, (row, col) in racers.items():
            race.racers[index].row, race.racers[index].col = row, col
            race.racers[index].protected = False

    setups = [RacerSetup(c, f"R{i}") for i, c in enumerate(characters)]
    return Race.new(board(rules), setups, turns=5, dice=RiggedDice([3, 5]), before=arrange)


class Excerpt:
    """A part of a board drawn at TILE px a square, with marks over it."""

    def __init__(self, the_board: Board, top: int, left: int, rows: int, cols: int) -> None:
        from scenes.render.board import BoardRenderer

        self.board, self.top, self.left = the_board, top, left
        self.renderer = BoardRenderer(the_board, TILE)
        self.surface = pygame.Surface((cols * TILE, rows * TILE)).convert()
        self.renderer.draw(self.surface, self.surface.get_rect(), (left * TILE, top * TILE))

    def centre(self, square: tuple[int, int]) -> tuple[int, int]:
        """Where a square's centre is on the excerpt (squares past an edge wrap in)."""
        rows, cols = self.surface.get_height() // TILE, self.surface.get_width() // TILE
        row = (square[0] - self.top) % self.board.height
        col = (square[1] - self.left) % self.board.width
        if row >= rows or col >= cols:
            raise ValueError(f"square {square} is not in the excerpt")
        return col * TILE + TILE // 2, row * TILE + TILE // 2

    def token(self, square, character: str, seat: int) -> None:
        from scenes.core import theme
        from scenes.render import sprites

        image = sprites.token(character, theme.racer_colour(seat), int(TILE * 0.92), seat + 1)
        self.surface.blit(image, image.get_rect(center=self.centre(square)))

    def mark(self, square, label: str = "", focused: bool = False, colour=(226, 72, 77)) -> None:
        """A lit square as the race lights the squares a decision can choose."""
        from scenes.race.drawing import square_mark

        image = square_mark(colour, focused, "", TILE)
        self.surface.blit(image, image.get_rect(center=self.centre(square)))
        if label:
            self.corner(square, label, (255, 236, 180))

    def corner(self, square, label: str, colour, size: int = 17) -> None:
        """A number in a square's top-right corner (as the race numbers a shock's squares)."""
        from scenes.core import text

        x, y = self.centre(square)
        text.draw(self.surface, label, (x + TILE // 2 - 5, y - TILE // 2 + 2), size, colour, "bold", "topright", True)

    def shock(self, square, face: int | str) -> None:
        """A numbered square of a shock, drawn as the race draws it."""
        rect = pygame.Rect(0, 0, TILE - 8, TILE - 8)
        rect.center = self.centre(square)
        pygame.draw.rect(self.surface, (255, 150, 60), rect, 2, border_radius=6)
        self.corner(square, str(face), (255, 190, 120), 20)

    def label(self, square, words: str, colour=(255, 255, 255), size: int = 20) -> None:
        """Words in the middle of a square, over a shadow."""
        from scenes.core import text

        text.draw(self.surface, words, self.centre(square), size, colour, "bold", "center", True)

    def arrow(self, squares: list[tuple[int, int]], colour=(255, 220, 120), width: int = 5) -> None:
        """A line through squares' centres, ending in an arrowhead."""
        arrow(self.surface, [self.centre(s) for s in squares], colour, width)


def arrow(surface: pygame.Surface, points: list[tuple[int, int]], colour, width: int = 5) -> None:
    """A polyline with an arrowhead at its end, outlined in black."""
    import math

    (x0, y0), (x1, y1) = points[-2], points[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    size = width * 3
    tip = (x1 - math.cos(angle) * 10, y1 - math.sin(angle) * 10)
    head = [
        tip,
        (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5)),
        (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5)),
    ]
    line = points[:-1] + [(tip[0] - math.cos(angle) * size * 0.6, tip[1] - math.sin(angle) * size * 0.6)]
    pygame.draw.lines(surface, (20, 16, 12), False, line, width + 4)
    pygame.draw.polygon(surface, (20, 16, 12), head, 0)
    pygame.draw.lines(surface, colour, False, line, width)
    pygame.draw.polygon(surface, colour, [(x + (tip[0] - x) * 0.0, y) for x, y in head])


def framed(*parts: pygame.Surface, gap: int = 24, pad: int = 16) -> pygame.Surface:
    """Pictures side by side on the book's dark frame, rounded."""
    width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1) + 2 * pad
    height = max(p.get_height() for p in parts) + 2 * pad
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(picture, FRAME, picture.get_rect(), border_radius=14)
    x = pad
    for part in parts:
        picture.blit(part, (x, pad + (height - 2 * pad - part.get_height()) // 2))
        x += part.get_width() + gap
    return picture


def save(picture: pygame.Surface, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture, str(OUT / f"{name}.png"))
    print(f"wrote assets/rules/pictures/{name}.png ({picture.get_width()}x{picture.get_height()})")


def grid(width: int, height: int, marks: dict[tuple[int, int], str] | None = None) -> list[str]:
    """A text board (at least the 8 x 16 squares a board needs): floor, start squares on row 0,
    some marked squares."""
    width, height = max(8, width), max(16, height)
    rows = [["."] * width for _ in range(height)]
    for number, col in enumerate(range(1, min(7, width + 1))):
        rows[0][col - 1] = str(number + 1)
    for (row, col), char in (marks or {}).items():
        rows[row][col] = char
    return ["".join(r) for r in rows]


# ---------------------------------------------------------------- the pictures without words
def goal() -> None:
    """The finish line: a walk of 4 from two rows above it scores 4 rows and a lap."""
    rules = grid(7, 16, {(4, 1): "#", (3, 5): "%"})
    excerpt = Excerpt(board(rules), 13, 0, 6, 7)
    path = [(14, 3), (15, 3), (0, 3), (1, 3), (2, 3)]
    for square in path[1:]:
        excerpt.mark(square)
    excerpt.arrow(path, width=4)
    for square in path[1:]:
        excerpt.corner(square, "+1", (190, 255, 190), 16)
    excerpt.token((14, 3), "elf", 0)
    excerpt.token((15, 5), "orc", 1)
    excerpt.token((1, 1), "dwarf", 2)
    from scenes.core import text

    x, y = excerpt.centre((0, 3))
    pill = pygame.Rect(0, 0, 62, 30)
    pill.center = (x + TILE + 14, y - TILE // 2)
    pygame.draw.rect(excerpt.surface, FRAME, pill, border_radius=10)
    pygame.draw.rect(excerpt.surface, (255, 215, 90), pill, 2, border_radius=10)
    text.draw(excerpt.surface, "+10", pill.center, 22, (255, 215, 90), "bold", "center")
    save(framed(excerpt.surface), "goal")


def move() -> None:
    """The squares a roll of 4 and 6 offers: straight on with either die, or an L with the six."""
    rules = grid(13, 12)
    race = race_on(rules, {0: (1, 6), 1: (11, 0)}, ["goblin", "orc"])
    excerpt = Excerpt(race.board, 1, 0, 8, 13)
    start = (1, 6)
    offered = move_options((D6, D6), (4, 6), False)
    for forward, side in offered:
        square = ((start[0] + forward) % race.board.height, (start[1] + side) % race.board.width)
        straight = side == 0
        excerpt.mark(square, "4" if forward == 4 and straight else "6", focused=(forward, side) == (5, 1))
    excerpt.arrow([start, (6, 6), (6, 7)], (255, 220, 120), 4)
    excerpt.token(start, "goblin", 0)
    save(framed(excerpt.surface), "move")


def drift() -> None:
    """The drift: back one or two squares diagonally, or stay (a barrier below blocks the lane)."""
    rules = grid(9, 10, {(6, 4): "#", (7, 4): "#", (3, 2): "R"})
    race = race_on(rules, {0: (5, 4), 1: (9, 0)}, ["goblin", "orc"])
    excerpt = Excerpt(race.board, 2, 0, 6, 9)
    start = (5, 4)
    for dr, dc in race.drift_options(0):
        square = (start[0] + dr, start[1] + dc)
        if (dr, dc) != (0, 0):
            excerpt.mark(square, focused=(dr, dc) == (-1, 1))
            excerpt.arrow([start, square], (255, 220, 120), 3)
    excerpt.token(start, "goblin", 0)
    save(framed(excerpt.surface), "drift")


def coins() -> None:
    """Where 1, 2, 3 and 4 gold coins walk a racer: 1, 3, 6 and 10 squares."""
    rules = grid(5, 14, {(12, 3): "#"})
    race = race_on(rules, {0: (1, 2), 1: (13, 0)}, ["goblin", "orc"])
    race.racers[0].inventory.coins = 5
    excerpt = Excerpt(race.board, 1, 0, 12, 5)
    from scenes.render.board import object_sprite

    for count, info in sorted(race.coin_options(0).items()):
        if count > 4:
            continue
        square = info["square"]
        excerpt.mark(square)
        x, y = excerpt.centre(square)
        for k in range(count):
            coin = object_sprite("coin", 22)
            excerpt.surface.blit(coin, (x + TILE // 2 + 4 + k * 14, y - 11))
        excerpt.label(square, str(info["travelled"]), (255, 236, 180), 18)
    excerpt.token((1, 2), "goblin", 0)
    save(framed(excerpt.surface), "coins")


def shocks() -> None:
    """The numbered squares of a small shock (a six-sided die) and of a big one (a ten-sided die),
    a barrier shielding the big one's left column."""
    small_rules = grid(7, 10)
    small = race_on(small_rules, {0: (6, 3), 1: (9, 0)}, ["goblin", "orc"])
    left = Excerpt(small.board, 2, 0, 6, 7)
    for face, square in sorted(combat.recoil_squares(small, (6, 3), "small").items()):
        left.shock(square, face)
    left.token((6, 3), "goblin", 0)
    big_rules = grid(7, 10, {(4, 2): "#"})
    big = race_on(big_rules, {0: (7, 3), 1: (9, 0)}, ["goblin", "orc"])
    right = Excerpt(big.board, 2, 0, 7, 7)
    squares: dict[tuple[int, int], list[int]] = {}
    for face, square in sorted(combat.recoil_squares(big, (7, 3), "big").items()):
        squares.setdefault(square, []).append(face)
    for square, faces in squares.items():
        right.shock(square, ", ".join(map(str, faces)))
    right.token((7, 3), "goblin", 0)
    save(framed(left.surface, right.surface, gap=40), "shocks")


def reach() -> None:
    """Squares in any direction, diagonals included: the rings at 1, 2 and 3 squares of a trap's reach."""
    rules = grid(9, 12)
    excerpt = Excerpt(board(rules), 2, 0, 7, 9)
    centre = (5, 4)
    colours = {1: (110, 200, 120), 2: (240, 200, 40), 3: (245, 130, 40)}
    for row in range(centre[0] - 3, centre[0] + 4):
        for col in range(centre[1] - 3, centre[1] + 4):
            steps = max(abs(row - centre[0]), abs(col - centre[1]))
            if steps:
                excerpt.mark((row, col), colour=colours[steps])
                excerpt.label((row, col), str(steps), (255, 255, 255), 18)
    excerpt.token(centre, "sorceress", 0)
    save(framed(excerpt.surface), "reach")


def squares() -> None:
    """The squares of the board that matter, as the shipped tileset draws them."""
    kinds = "#ROSC$%)"
    rules = grid(9, 4, {(2, col): kind for col, kind in enumerate(kinds)})
    excerpt = Excerpt(board(rules), 2, 0, 1, len(kinds))
    wide = pygame.transform.smoothscale(excerpt.surface, (len(kinds) * 72, 72))  # a strip: larger squares
    save(framed(wide), "squares")


def fireball() -> None:
    """A ring of fire's path: forward, left or right, never back into a row it left."""
    rules = grid(9, 12, {(5, 6): "#"})
    race = race_on(rules, {0: (2, 2), 1: (4, 4), 2: (7, 6)}, ["sorceress", "orc", "dwarf"])
    excerpt = Excerpt(race.board, 2, 0, 6, 9)
    path = [(3, 2), (3, 3), (3, 4), (4, 4), (5, 4), (5, 5), (5, 6), (6, 6), (7, 6)]
    from scenes.race.drawing import PATH_COLOUR

    points = [excerpt.centre((2, 2))] + [excerpt.centre(s) for s in path]
    for square in path:
        x, y = excerpt.centre(square)
        pygame.draw.circle(excerpt.surface, PATH_COLOUR, (x, y), 9)
    arrow(excerpt.surface, points, PATH_COLOUR, 4)
    excerpt.token((2, 2), "sorceress", 0)
    excerpt.token((4, 4), "orc", 1)
    excerpt.token((7, 6), "dwarf", 2)
    from scenes.render import sprites

    fire = sprites.icon("ui", "fireball", 30)
    for square in ((4, 4), (7, 6)):
        x, y = excerpt.centre(square)
        excerpt.surface.blit(fire, fire.get_rect(center=(x + TILE // 2 - 4, y - TILE // 2 + 4)))
    save(framed(excerpt.surface), "fireball")


def objects() -> None:
    """Each object's icon as the game draws it, on a dark tile."""
    from scenes.render import sprites

    for obj in OBJECTS:
        tile = pygame.Surface((72, 72), pygame.SRCALPHA)
        pygame.draw.rect(tile, FRAME, tile.get_rect(), border_radius=12)
        icon = sprites.icon("object", obj, 60)
        tile.blit(icon, icon.get_rect(center=(36, 36)))
        save(tile, f"object-{obj.replace('_', '-')}")


def chests() -> None:
    """The five tiers of a chest: the badge, then the chance of each powerful and each modest object."""
    from scenes.core import text, theme
    from scenes.render import sprites

    powerful = [o for o in CHEST_ORDER if o in POWERFUL]
    modest = [o for o in CHEST_ORDER if o not in POWERFUL]
    icon, gap, badge = 40, 6, 44
    row_h = 58
    group = len(powerful) * (icon + gap) + 56
    width = badge + 24 + 2 * group + 30
    picture = pygame.Surface((width, row_h * 5 + 60), pygame.SRCALPHA)
    x0 = badge + 24
    for k, obj in enumerate(powerful):
        image = sprites.icon("object", obj, icon)
        picture.blit(image, (x0 + k * (icon + gap), 6))
    for k, obj in enumerate(modest):
        image = sprites.icon("object", obj, icon)
        picture.blit(image, (x0 + group + 30 + k * (icon + gap), 6))
    for line, tier in enumerate(range(4, -1, -1)):
        y = 60 + line * row_h
        picture.blit(sprites.tier_badge(tier, badge), (0, y))
        strong, weak = TIER_CHANCES[tier]
        for k in range(len(powerful)):
            x = x0 + k * (icon + gap) + icon // 2
            text.draw(picture, f"{strong}", (x, y + badge // 2), 22, theme.TIER_COLOURS[tier], "bold", "center", True)
        for k in range(len(modest)):
            x = x0 + group + 30 + k * (icon + gap) + icon // 2
            text.draw(picture, f"{weak}", (x, y + badge // 2), 22, theme.TIER_COLOURS[tier], "bold", "center", True)
    pygame.draw.line(picture, theme.PANEL_EDGE, (x0 + group + 8, 6), (x0 + group + 8, picture.get_height() - 6), 2)
    save(framed(picture), "chests")


def season() -> None:
    """Season points by place, from the championship's table."""
    from scenes.core import text, theme
    from scenes.render import sprites

    points = Rules.of().season_points
    bar_w, gap, scale = 64, 18, 18
    height = max(points) * scale + 110
    picture = pygame.Surface((len(points) * (bar_w + gap) - gap, height), pygame.SRCALPHA)
    for place, value in enumerate(points):
        x = place * (bar_w + gap)
        top = height - 40 - value * scale
        colour = theme.racer_colour(place)
        pygame.draw.rect(picture, colour, (x, top, bar_w, value * scale), border_radius=6)
        pygame.draw.rect(picture, (20, 16, 12), (x, top, bar_w, value * scale), 2, border_radius=6)
        text.draw(picture, str(value), (x + bar_w // 2, top - 4), 26, theme.TEXT, "bold", "midbottom", True)
        text.draw(picture, str(place + 1), (x + bar_w // 2, height - 4), 26, theme.ACCENT, "heading", "midbottom")
    crown = sprites.icon("ui", "crown", 40)
    picture.blit(crown, crown.get_rect(midbottom=(bar_w // 2, height - 40 - points[0] * scale - 34)))
    save(framed(picture), "season")


# ---------------------------------------------------------------- the pictures with words
def dice(language: str) -> None:
    """A movement roll as the dice tray shows it: two six-sided dice and the quick die, named."""
    from scenes.core import text, theme
    from scenes.core.i18n import t
    from scenes.render import rolls

    shown = [(D6.name, 4), (D6.name, 6), (DRAPID.name, 3)]
    width = 150 * len(shown)
    picture = pygame.Surface((width, 140), pygame.SRCALPHA)
    for k, (name, face) in enumerate(shown):
        x = 75 + k * 150
        rolls.draw_die(picture, (x, 52), rolls.DIE_SIZE, name, str(face))
        text.draw(picture, t(f"die.{name}"), (x, 132), 19, theme.MUTED, anchor="midbottom")
    save(framed(picture), f"dice.{language}")


def combat_die(language: str) -> None:
    """The combat die's three faces, as the tray shows them, with what each gives."""
    from scenes.core import text, theme
    from scenes.core.i18n import t
    from scenes.render import rolls

    faces = ("defeat", "simple", "crushing")
    picture = pygame.Surface((3 * 210, 160), pygame.SRCALPHA)
    text.draw(picture, t("die.DCOMBAT"), (picture.get_width() // 2, 0), 19, theme.MUTED, anchor="midtop")
    for k, face in enumerate(faces):
        x = 105 + k * 210
        rolls.draw_die(picture, (x, 78), rolls.DIE_SIZE, "DCOMBAT", t(f"die.face.{face}"))
        text.draw(picture, t(f"result.{face}"), (x, 132), 20, theme.TEXT, "bold", anchor="midtop")
    save(framed(picture), f"combat.{language}")


def turn(language: str) -> None:
    """A racer's turn: the three phases, in order, with the game's icons."""
    from scenes.core import text, theme
    from scenes.core.i18n import t
    from scenes.render import sprites

    phases = (("dice", "phase.movement"), ("drift", "phase.drift"), ("move", "phase.action"))
    box_w, gap = 210, 46
    picture = pygame.Surface((3 * box_w + 2 * gap, 150), pygame.SRCALPHA)
    for k, (icon, key) in enumerate(phases):
        x = k * (box_w + gap)
        box = pygame.Rect(x, 0, box_w, 150)
        pygame.draw.rect(picture, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(picture, theme.PANEL_EDGE, box, 2, border_radius=12)
        image = sprites.icon("ui", icon, 64)
        picture.blit(image, image.get_rect(midtop=(box.centerx, 14)))
        text.draw(picture, str(k + 1), (box.left + 14, 8), 30, theme.ACCENT, "heading")
        words = t(key)
        text.draw(picture, words[:1].upper() + words[1:], (box.centerx, 100), 20, theme.TEXT, "bold", "midtop")
        if k < 2:
            arrow(picture, [(box.right + 6, 75), (box.right + gap - 2, 75)], theme.ACCENT, 4)
    save(framed(picture), f"turn.{language}")


def characters(language: str) -> None:
    """Each character's card: portrait, name, speed, fight chances, a clover's object on a chest."""
    from scenes.core import assets, text, theme
    from scenes.core.i18n import character, t
    from scenes.core.words import speed_words

    def stats(c: Any) -> list[tuple[str, str]]:
        return [
            (t("setup.speed"), speed_words(c)),
            (t("setup.combat"), t("setup.combat_value", simple=c.simple, crushing=c.crushing, defeat=c.defeat)),
            (t("setup.clover"), t(f"category.{c.alternative}")),
        ]

    every = [line for c in CHARACTERS.values() for line in stats(c)]  # one width for every card
    column = max(text.width(label, 18) for label, _ in every) + 14
    wide = max(text.width(value, 18, "bold") for _, value in every)
    for c in CHARACTERS.values():
        card = pygame.Surface((150 + column + wide + 8, 140), pygame.SRCALPHA)
        portrait = assets.portrait(c.id, 132)
        if portrait is not None:
            card.blit(portrait, (0, 4))
        x = 150
        text.draw(card, character(c.id), (x, 0), 30, theme.ACCENT, "heading")
        y = 46
        for label, value in stats(c):
            text.draw(card, label, (x, y), 18, theme.MUTED)
            text.draw(card, value, (x + column, y), 18, theme.TEXT, "bold")
            y += 26
        bar = pygame.Rect(x, y + 8, card.get_width() - x - 8, 12)  # the setup gallery's bar
        simple_w = int(bar.width * c.simple / 100)
        crush_w = int(bar.width * c.crushing / 100)
        pygame.draw.rect(card, (90, 60, 60), bar, border_radius=4)
        pygame.draw.rect(card, (110, 200, 120), (bar.left, bar.top, simple_w, bar.height))
        pygame.draw.rect(card, (242, 193, 78), (bar.left + simple_w, bar.top, crush_w, bar.height))
        save(framed(card), f"character-{c.id}.{language}")


WORDLESS: tuple[Callable[[], None], ...] = (
    goal,
    move,
    drift,
    coins,
    shocks,
    reach,
    squares,
    fireball,
    objects,
    chests,
    season,
)
WORDED: tuple[Callable[[str], None], ...] = (dice, combat_die, turn, characters)


def main(argv: list[str] | None = None) -> int:
    """Draw every picture of the rule book."""

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    pygame.font.init()
    only = set(argv if argv is not None else sys.argv[1:])
    try:
        draw_all(only)
    finally:
        for folder in _FOLDERS:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


def draw_all(only: set[str]) -> None:
    """Draw the pictures named in `only` (every one when it is empty)."""
    from scenes.core import i18n

    for draw in WORDLESS:
        if not only or draw.__name__ in only:
            draw()
    for language in LANGUAGES:
        i18n.set_language(language)
        for draw_in in WORDED:
            if not only or draw_in.__name__ in only:
                draw_in(language)
    i18n.set_language("en")


if __name__ == "__main__":
    raise SystemExit(main())
