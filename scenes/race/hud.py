"""The race's heads-up display: turn counter, racers' panels, the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.race.log import RaceLog

from typing import Any

import pygame

from game import Event, Race
from game.rules import effects as rules
from game.rules.characters import BABY, WAND_MASTERY
from game.rules.objects import WAND_OF_FIRE, WAND_OF_TELEPORTATION
from game.rules.state import Racer
from scenes.core import text, theme
from scenes.core.i18n import character as character_name
from scenes.core.i18n import racer_kind, t
from scenes.render import sprites
from scenes.ui.widgets import control_box, fit

TOP_HEIGHT = 46  # the top bar's height
SIDE_WIDTH = 400  # the racers' cards and the log, at the right edge, as designed
SIDE_MOST = 0.42  # the most of the screen's width the sidebar takes, grown for the racers' lines
SIDE_MARGIN = 8  # between the sidebar and the screen's edges
PHASES = ("movement", "drift", "action")  # phase.<phase>
BUTTON_PAD = 24  # a top bar button's room around its words


# The race screen's layout on the logical screen (theme.screen_size(): 1280x720 or larger): the top bar
# across the top, the sidebar (the cards and the log) and the top bar's buttons at their designed sizes
# anchored to the right edge; the board's view takes all the rest, so that a larger window grows the board.
def top_bar() -> pygame.Rect:
    """The top bar: turn, whose turn, the buttons."""
    return pygame.Rect(0, 0, theme.screen_size()[0], TOP_HEIGHT)


def sidebar(race: Race | None = None) -> pygame.Rect:
    """The racers' cards and the log, down the right edge (as wide as `race`'s cards want: side_width)."""
    width, height = theme.screen_size()
    top, side = TOP_HEIGHT + SIDE_MARGIN, side_width(race)
    return pygame.Rect(width - side - SIDE_MARGIN, top, side, height - top - 6)


def board_area(folded: bool = False, race: Race | None = None) -> pygame.Rect:
    """The board's view: under the top bar, left of the sidebar (the whole width when it is folded away)."""
    width, height = theme.screen_size()
    right = width if folded else sidebar(race).left - SIDE_MARGIN
    return pygame.Rect(0, TOP_HEIGHT, right, height - TOP_HEIGHT)


def legend_button() -> pygame.Rect:
    """The top bar's button that opens the legend, at its right end: as designed, or as wide as its
    words at the Text size."""
    width = max(130, text.width(t("legend.button"), 15, "bold") + BUTTON_PAD)
    return pygame.Rect(theme.screen_size()[0] - 14 - width, 8, width, 30)


def undo_button() -> pygame.Rect:
    """The top bar's Undo button, left of the legend's (its place kept while it is not shown, so that
    the top bar's words stay put)."""
    width = max(150, text.width(t("undo.button"), 15, "bold") + BUTTON_PAD)
    legend = legend_button()
    return pygame.Rect(legend.left - 10 - width, 8, width, 30)


# A racer's special rule on his card's status line: (icon name, words, colour, what it is).
Status = tuple[str, str, tuple[int, int, int], tuple[Any, ...]]


def draw_top_bar(
    surface: pygame.Surface,
    race: Race,
    turn: int,
    acting: int | None,
    phase: str,
) -> None:
    """'turn t / N', the respawn turns, whose turn and which phase, left of the Undo and Legend buttons
    (what C or Escape does is said over the board: scenes/race/view_buttons.py)."""
    bar = top_bar()
    pygame.draw.rect(surface, (16, 19, 30), bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
    rect = text.draw(
        surface,
        t("hud.turn", turn=max(turn, 1), turns=race.turns),
        (16, 23),
        28,
        theme.ACCENT,
        "heading",
        anchor="midleft",
    )
    respawn = [n for n in race.board.respawn_turns if n <= race.turns]
    later = [n for n in respawn if n > turn]
    turns = ", ".join(str(n) for n in respawn)
    lines = (
        [t(key, turns=turns, count=len(respawn)) for key in ("hud.respawn", "hud.respawn_short")]
        if respawn
        else [t("hud.respawn_never")]
    )
    if later:
        lines = [t("hud.respawn_next", line=line, turn=later[0]) for line in lines] + lines
    left = rect.right + 18
    right = undo_button().left - 12
    if acting is not None:
        r = race.racers[acting]
        who = (
            t("hud.whose_turn_phase", name=r.name, phase=t(f"phase.{phase}"))
            if phase in PHASES
            else t("hud.whose_turn", name=r.name)
        )
        rect = text.draw(surface, who, (right, 23), 21, theme.TEXT, "bold", anchor="midright")
        shape = sprites.mark(acting, 18, theme.racer_colour(acting))  # his shape and colour
        surface.blit(shape, shape.get_rect(center=(rect.left - 14, 23)))
        right = rect.left - 34
    # the respawn turns in the words that fit between the turn counter and whose turn it is (French is longer)
    line = next((line for line in lines if left + text.width(line, 17) <= right), lines[-1])
    text.fitted_line(surface, line, (left, 24), right - left, 17, theme.MUTED, anchor="midleft")  # (smaller, or "…")


STATUS_H = 19  # the height of a racer's status line (wands, the baby's next action, poison), as designed


def status_h() -> int:
    """A status line's height: as designed, or its words' at the Text size."""
    return max(STATUS_H, text.line_height(15, "bold") - 2)


STRIPE = 18  # the card's left stripe in the racer's colour, with his place in the turn order


def status(race: Race, r: Racer, turn: int) -> list[Status]:
    """What a racer's special rules say now: (icon name, words, colour, what it is) for his card's
    status line (what it is: the thing a pointer over it explains, scenes/race/explain.py)."""
    out: list[Status] = []
    if r.poisoned:
        out.append(("", t("hud.poisoned"), (150, 230, 110), ("poisoned", r.index)))
    if r.has(WAND_MASTERY):
        for wand in (WAND_OF_TELEPORTATION, WAND_OF_FIRE):
            short = t(f"hud.wand.{wand}")
            used = r.wand_used.get(wand)
            ready = used is None or turn - used >= rules.WAND_REST
            out.append(
                (
                    wand,
                    t("hud.wand_ready", wand=short)
                    if ready
                    else t("hud.wand_rest", wand=short, turn=(used or 0) + rules.WAND_REST),
                    theme.GOOD if ready else theme.MUTED,
                    ("object", r.index, wand),
                )
            )
    if r.has(BABY):
        action = rules.BABY_ACTIONS[r.baby_step % 4]
        out.append(("", t("hud.baby_next", action=t(f"baby.next.{action}")), (255, 214, 150), ("baby", r.index)))
    return out


def status_key(race: Race) -> tuple[Any, ...]:
    """What the status lines depend on (the HUD is drawn again when it changes)."""
    return tuple((r.poisoned, tuple(sorted(r.wand_used.items())), r.baby_step) for r in race.racers)


def card_height(race: Race) -> int:
    """A card's height without its status lines (smaller with more than four racers)."""
    return 62 if len(race.racers) > 4 else 70


def card_rects(race: Race, turn: int = 0) -> dict[int, pygame.Rect]:
    """Where each racer's card is in the sidebar, by racer: in seat order, always in the same place
    (his place in the turn order is a number on it)."""
    side = sidebar(race)
    x, y, w = side.left, side.top, side.width
    height = card_height(race)
    turn = turn or race.turn
    below = lines_below(race, turn)
    rects = {}
    for r in race.racers:
        lines = _status_rows(status(race, r, turn), w - 24)
        rows = status_h() * len(lines) + (line_h() if r.index in below else 0)
        rects[r.index] = pygame.Rect(x, y, w, height - 6 + rows)
        y += rects[r.index].height + 6
    return rects


LOG_LINES = 5  # the log keeps at least this many lines of room under the cards


def line_h() -> int:
    """The height of a racer's own row for his line ("Dwarf · computer · normal") under his name."""
    return max(17, text.line_height(14) - 2)


def racer_line(r: Racer, tag: str | None = None) -> str:
    """What a racer is and who plays him: "Dwarf · computer · normal" (`tag`: who plays him, said
    otherwise, as a network race's friends)."""
    return t("results.racer_line", character=character_name(r.character), tag=tag or racer_kind(r.setup.bot))


def name_room(race: Race, width: int | None = None) -> int:
    """The room for a racer's name and his line beside it, left of his points (on a card `width` wide:
    the sidebar's)."""
    return (width or side_width(race)) - 112 - 8 - (STRIPE + card_height(race) - 2)


_WIDTHS: dict[tuple[Any, ...], int] = {}  # side_width's, by racers' words, look and screen


def side_width(race: Race | None = None) -> int:
    """The sidebar's width: as designed; or, when a racer's line ("Nain · ordinateur · normal") does not
    fit beside his name and the cards with the lines on rows of their own would leave the log too little
    room (six racers in a 1280x720 window), as wide as the widest name and line want, so that every card
    says them whole on its first row, up to SIDE_MOST of the screen's width (the board's view keeps the
    rest; wanting more, as long names do, it is that wide and the lines that still do not fit beside
    their names go on rows of their own: lines_below). The same all the race long."""
    if race is None:
        return SIDE_WIDTH
    words = tuple((r.name, racer_line(r)) for r in race.racers)
    key = (words, card_height(race), theme.look(), theme.screen_size())
    if key not in _WIDTHS:
        wanted = max(text.width(name, 19, "bold") + 8 + text.width(line, 14) for name, line in words)
        wider = SIDE_WIDTH + wanted - name_room(race, SIDE_WIDTH)
        # the cards with a row for the line and a status row each (most racers have one at times), the log
        cards = len(words) * (card_height(race) + line_h() + status_h()) + LOG_LINES * text.line_height(16) + 40
        room = theme.screen_size()[1] - TOP_HEIGHT - SIDE_MARGIN - 6
        most = int(theme.screen_size()[0] * SIDE_MOST)
        if len(_WIDTHS) > 64:
            _WIDTHS.clear()
        _WIDTHS[key] = SIDE_WIDTH if wider <= SIDE_WIDTH or cards <= room else max(SIDE_WIDTH, min(wider, most))
    return _WIDTHS[key]


def lines_below(race: Race, turn: int = 0) -> set[int]:
    """The racers whose line does not fit beside their name: it goes on a row of its own across the card,
    under the portrait, while the cards so grown leave the log room for a few lines (the line is cut
    short beside the name otherwise)."""
    room = name_room(race)
    wanted = {r.index for r in race.racers if text.width(r.name, 19, "bold") + 8 + text.width(racer_line(r), 14) > room}
    if not wanted:
        return wanted
    turn = turn or race.turn
    side = sidebar(race)
    w = side.width - 24
    cards = sum(card_height(race) + status_h() * len(_status_rows(status(race, r, turn), w)) for r in race.racers)
    log = LOG_LINES * text.line_height(16) + 40
    return wanted if cards + line_h() * len(wanted) + log <= side.height else set()


def card_parts(race: Race, index: int, rect: pygame.Rect, turn: int = 0) -> list[tuple[tuple[Any, ...], pygame.Rect]]:
    """The things on a racer's card, each with its rectangle: his place in the turn order, his
    portrait, his points, his chest badge, his clovers, shields and coins, each object he holds, his
    throwing stars and his status line's items. A thing is a tuple naming it ("tier", racer),
    ("counter", racer, "clover"), ("object", racer, "axe"), ...: scenes/race/explain.py says what it is."""
    r = race.racers[index]
    height = card_height(race)
    below = line_h() if index in lines_below(race, turn) else 0
    base = rect.top + height - 6
    middle = rect.top + (height - 6) // 2
    parts: list[tuple[tuple[Any, ...], pygame.Rect]] = [
        (("order", index), pygame.Rect(rect.left, rect.top, STRIPE, rect.height)),
        (("racer", index), pygame.Rect(rect.left + STRIPE + 4, rect.top + 5, height - 16, height - 16)),
        (("points", index), pygame.Rect(rect.right - 112, middle - 17, 76, 34)),
        (("tier", index), pygame.Rect(rect.right - 38, middle - 21, 30, base - middle + 21)),
    ]
    x, y = rect.left + STRIPE + height - 2, base - 15
    inv = r.inventory
    for name in ("clover", "shield", "coin"):
        parts.append((("counter", index, name), pygame.Rect(x - 2, y - 10, 38, 20)))
        x += 40
    for obj in inv.objects:
        parts.append((("object", index, obj), pygame.Rect(x - 1, y - 12, 24, 24)))
        x += 24
    if getattr(r, "stars", 0):
        parts.append((("stars", index), pygame.Rect(x + 2, y - 10, 40, 20)))
    for k, row in enumerate(_status_rows(status(race, r, turn or race.turn), rect.width - 24)):
        sx, sy = rect.left + STRIPE + 4, base + below + status_h() // 2 - 3 + k * status_h()
        for item in row:
            width = _status_width(item)
            parts.append((item[3], pygame.Rect(sx - 2, sy - status_h() // 2, width - 10, status_h())))
            sx += width
    return parts


def draw_racers(
    surface: pygame.Surface,
    race: Race,
    points: Mapping[int, int],
    acting: int | None,
    protected: Mapping[int, bool],
    order: Sequence[int],
    turn: int = 0,
    tags: Mapping[int, tuple[str, tuple[int, int, int]]] | None = None,
) -> int:
    """A card per racer in seat order; returns the y below them. `order` is the turn order shown
    (a number on each card); `tags` (racer: (words, colour)) say who plays some racers instead of
    person / computer (a network race's friends)."""
    height = card_height(race)
    turn = turn or race.turn
    rects = card_rects(race, turn)
    below = lines_below(race, turn)
    y = sidebar(race).top
    for index, rect in rects.items():
        r = race.racers[index]
        colour = theme.racer_colour(index)
        where = dict(card_parts(race, index, rect, turn))
        control_box(surface, rect, index == acting, width=2)
        stripe = where[("order", index)]
        pygame.draw.rect(surface, colour, stripe, border_top_left_radius=8, border_bottom_left_radius=8)
        if index in order:  # his place in this game turn's order of play
            place = str(list(order).index(index) + 1)
            text.draw(surface, place, stripe.center, 16, (16, 18, 28), "bold", anchor="center")
        token = sprites.token(r.character, colour, height - 16, index + 1, protected.get(index, False))
        surface.blit(token, where[("racer", index)])
        nx = rect.left + STRIPE + height - 2
        tag, tag_colour = tags[index] if tags and index in tags else (None, theme.MUTED)
        room = where[("points", index)].left - 8 - nx  # (the name and his line left of the points)
        name = text.fitted_line(surface, r.name, (nx, rect.top + 4), room, 19, theme.TEXT, "bold")
        said = racer_line(r, tag)
        base = rect.top + height - 6
        if index in below:  # (his line on its own row across the card, under his portrait)
            at, room = (rect.left + STRIPE + 4, base + line_h() // 2 - 2), rect.width - STRIPE - 12
            text.draw(surface, fit(said, room, 14), at, 14, tag_colour, anchor="midleft")
        elif name.right + 8 + 40 < nx + room:  # (his line in the room left, cut short: his card explains him)
            said = fit(said, nx + room - name.right - 8, 14)
            text.draw(surface, said, (name.right + 8, name.bottom - 4), 14, tag_colour, anchor="bottomleft")
        _inventory(surface, r, (nx, base - 15))
        middle = rect.top + (height - 6) // 2
        text.draw(
            surface,
            str(points.get(index, r.points)),
            (rect.right - 60, middle),
            30,
            theme.ACCENT,
            "heading",
            anchor="midright",
        )
        text.draw(surface, t("hud.points"), (rect.right - 58, middle + 6), 13, theme.MUTED, anchor="midleft")
        tier = race.tier(index)
        badge = sprites.tier_badge(tier, 30)
        surface.blit(badge, badge.get_rect(midright=(rect.right - 8, middle - 6)))
        text.draw(
            surface, theme.TIER_SYMBOLS[tier], (rect.right - 23, base - 1), 15, theme.TEXT, "bold", anchor="midbottom"
        )
        down = base + (line_h() if index in below else 0) + status_h() // 2 - 3
        for k, line in enumerate(_status_rows(status(race, r, turn), rect.width - 24)):
            _status_line(surface, line, (rect.left + STRIPE + 4, down + k * status_h()))
        y = rect.bottom + 6
    return y


def _status_width(item: Status) -> int:
    name, words_now = item[0], item[1]
    return (20 if name else 0) + text.width(words_now, 15, "bold") + 14


def _status_rows(items: Sequence[Status], width: int) -> list[list[Status]]:
    """The status items in rows that fit the panel's width."""
    rows: list[list[Status]] = []
    used = width
    for item in items:
        if used + _status_width(item) > width:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += _status_width(item)
    return rows


def _status_line(surface: pygame.Surface, items: Sequence[Status], pos: tuple[int, int]) -> None:
    x, y = pos
    for name, words_now, colour, _ in items:
        if name:
            icon = sprites.icon("object", name, 18)
            surface.blit(icon, icon.get_rect(midleft=(x, y)))
            x += 20
        rect = text.draw(surface, words_now, (x, y), 15, colour, "bold", anchor="midleft")
        x = rect.right + 14


def _inventory(surface: pygame.Surface, r: Racer, pos: tuple[int, int]) -> None:
    x, y = pos
    inv = r.inventory
    for name, count in (("clover", inv.clovers), ("shield", inv.shields), ("coin", inv.coins)):
        icon = sprites.icon("object", name, 18)
        surface.blit(icon, icon.get_rect(midleft=(x, y)))
        text.draw(surface, str(count), (x + 19, y), 15, theme.TEXT if count else theme.DIM, "bold", anchor="midleft")
        x += 40
    for obj in inv.objects:
        icon = sprites.icon("object", obj, 22)
        surface.blit(icon, icon.get_rect(midleft=(x, y)))
        x += 24
    if getattr(r, "stars", 0):
        icon = sprites.icon("object", "throwing_star", 18)
        surface.blit(icon, icon.get_rect(midleft=(x + 4, y)))
        text.draw(surface, str(r.stars), (x + 24, y), 15, theme.TEXT, "bold", anchor="midleft")


def draw_log(surface: pygame.Surface, log: RaceLog, top: int, race: Race | None = None) -> None:
    """What happened, newest at the bottom (scenes/race/log.py), under `race`'s racers' cards."""
    side = sidebar(race)
    log.draw(surface, pygame.Rect(side.left, top + 4, side.width, side.bottom - top - 4))


def log_colour(event: Event) -> tuple[int, int, int]:
    """The colour of a log line."""
    if event.kind == "turn_started":
        return theme.ACCENT
    if event.kind == "scored":
        return theme.GOOD if event.points > 0 else theme.BAD
    if event.kind in ("fight", "fight_result", "shock", "fell", "trap_sprung"):
        return (255, 170, 140)
    if event.kind in ("chest_opened", "picked_up", "crossed_line"):
        return (190, 230, 255)
    return theme.TEXT
