"""The board report's picture and page (issue 47): what game/meta/boardstats.py counted, drawn.

One PNG and one HTML page beside it (and a CSV of every square's counts, boardstats.write_csv). For
each board (two side by side when an old and a new version are compared): the board drawn as in the
game (BoardRenderer, the map's own tiles) three times, under a heat map of where racers end their
moves, a heat map of where fights happen, and the holes (the share of racers each catches), the
shortcuts (taken per race) and the chests (opened per race, fights on or next to each); beside them
the characters' win rates with their intervals and the band, the race's figures, and what stands
out, in the player's language (the catalogues' "report." entries), every square named as the board
checker names it ("column 3, row 12"). Headless: the dummy video driver is enough.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from game.boards.board import HOLE, SHORTCUT, Square
from game.boards.map_words import sentences
from game.meta import boardstats, tournament
from game.meta.boardstats import BoardStats
from scenes.core import assets, i18n
from scenes.core.i18n import t
from scenes.core.theme import Colour
from scenes.render.board import BoardRenderer

PANEL_HEIGHT = 820  # the tallest a board's picture is drawn (its squares shrink to fit)
TEXT_WIDTH = 470
GAP = 16
PAPER = (22, 26, 40)
INK = (238, 240, 246)
MUTED = (160, 168, 188)
GOOD = (110, 200, 120)
BAD = (232, 92, 92)
BAND_FILL = (48, 70, 60)
HEAT_POWER = 0.6  # below 1: a square of a few stops still shows beside the crowded ones
HEATS = {"stops": (255, 214, 64), "fights": (240, 60, 40)}  # each heat map's colour
HOLE_MARK, SHORTCUT_MARK, CHEST_MARK = (240, 80, 200), (90, 200, 255), (255, 200, 60)


def number(value: float, digits: int = 1) -> str:
    """A number as the player's language writes it (a decimal comma in French)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if i18n.language() == "fr" else text


def share(value: float) -> str:
    """A share as a percentage ("30 %" in both languages, a decimal comma in French)."""
    return f"{number(100 * value, 1 if value < 0.1 else 0)} %"


def square_name(square: Square) -> str:
    """A square named as the board checker names it: "column 3, row 12" (0-based, as in Tiled)."""
    words = sentences(i18n.language())
    return str(words.get("place.square", "column {column}, row {row}")).format(column=square[1], row=square[0])


def said(code: str, values: dict[str, Any]) -> str:
    """A suggestion of boardstats.suggestions in words."""
    shown: dict[str, Any] = {}
    for key, value in values.items():
        if key == "square":
            shown[key] = square_name(value)
        elif key == "character":
            shown[key] = i18n.character(value)
        elif key == "share":
            shown[key] = share(value)
        elif isinstance(value, float):
            shown[key] = number(value, 2)
        else:
            shown[key] = value
    return t(f"report.{code}", **shown)


def who(stats: BoardStats) -> str:
    """The racers' level in words."""
    return t("report.mixed") if stats.bot == tournament.MIXED else t(f"report.bot.{stats.bot}")


def headline(stats: BoardStats) -> tuple[str, str]:
    """The title and the line under it."""
    return (
        t("report.title", board=i18n.board_name(stats.board)),
        t("report.subtitle", races=stats.races, racers=stats.racers, who=who(stats), seed=stats.seed),
    )


def figures(stats: BoardStats) -> list[str]:
    """The race's figures, a sentence each."""
    return [
        t(
            "report.length",
            turns=stats.board.turns,
            laps=number(stats.winner_laps),
            margin=number(stats.margin),
        ),
        t(
            "report.closeness",
            changes=number(stats.lead_changes),
            turns=tournament.LATE_TURNS,
            share=share(stats.decided_late),
        ),
    ]


# ---------------------------------------------------------------- the picture
def tile_size(stats: BoardStats) -> int:
    """Pixels a square, so that the board's picture is at most PANEL_HEIGHT tall."""
    return max(8, min(28, PANEL_HEIGHT // stats.board.height))


def heat(picture: pygame.Surface, renderer: BoardRenderer, counts: dict[Square, int], colour: Colour) -> None:
    """Shade each square by its count, the busiest in full colour."""
    top = max(counts.values(), default=0)
    if not top:
        return
    veil = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 130))  # the board dimmed, so that the heat reads
    for square, count in counts.items():
        strength = (count / top) ** HEAT_POWER
        veil.fill((*colour, int(235 * strength)), renderer.square_rect(square))
    picture.blit(veil, (0, 0))


def label(picture: pygame.Surface, rect: pygame.Rect, text: str, colour: Colour, size: int) -> None:
    """A small number on a square, on a dark plate that keeps it readable over any tile."""
    words = assets.sized_font(size, "bold").render(text, True, colour)
    plate = pygame.Rect(0, 0, words.get_width() + 4, words.get_height())
    plate.center = rect.center
    pygame.draw.rect(picture, (10, 12, 18), plate, border_radius=3)
    picture.blit(words, words.get_rect(center=plate.center))


def features(picture: pygame.Surface, renderer: BoardRenderer, stats: BoardStats) -> None:
    """The holes, shortcuts and chests ringed, each with its figure when the squares are big enough."""
    veil = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 120))
    picture.blit(veil, (0, 0))
    squares, races, seats = stats.squares, max(1, stats.races), max(1, stats.seats)
    size = max(8, renderer.tile // 2)
    marks: list[tuple[Square, Colour, str]] = []
    marks += [(s, HOLE_MARK, f"{100 * squares['caught'][s] / seats:.0f}") for s in stats.features(HOLE)]
    marks += [(s, SHORTCUT_MARK, f"{squares['shortcuts'][s] / races:.1f}") for s in stats.features(SHORTCUT)]
    marks += [(s, CHEST_MARK, f"{squares['chests'][s] / races:.1f}") for s in stats.chest_squares()]
    for square, colour, text in marks:
        rect = renderer.square_rect(square)
        pygame.draw.rect(picture, colour, rect, 2)
        if renderer.tile >= 18:
            label(picture, rect, text, colour, size)
    for chest in stats.chest_squares():  # the fights over a chest: a ring as thick as they are many
        fights = squares["chest_fights"][chest] / races
        if fights > 0:
            rect = renderer.square_rect(chest).inflate(renderer.tile, renderer.tile)
            pygame.draw.rect(picture, BAD, rect, max(1, min(6, round(4 * fights))), border_radius=4)


def board_panels(stats: BoardStats) -> list[tuple[str, pygame.Surface]]:
    """The board three times: where racers end their moves, where they fight, its holes, shortcuts, chests."""
    renderer = BoardRenderer(stats.board, tile_size(stats))
    panels = []
    for kind in ("stops", "fights"):
        picture = renderer.surface.copy()
        heat(picture, renderer, stats.squares[kind], HEATS[kind])
        panels.append((t(f"report.{kind}"), picture))
    picture = renderer.surface.copy()
    features(picture, renderer, stats)
    panels.append((t("report.features"), picture))
    return panels


def wrapped(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` cut into lines no wider than `width`."""
    lines, line = [], ""
    for word in text.split():
        tried = f"{line} {word}".strip()
        if font.size(tried)[0] <= width or not line:
            line = tried
        else:
            lines.append(line)
            line = word
    return lines + ([line] if line else [])


def win_rates(stats: BoardStats, width: int) -> pygame.Surface:
    """The characters' win rates as bars, their 95 % intervals, the band shaded."""
    body = assets.sized_font(15)
    row = 22
    surface = pygame.Surface((width, row * len(stats.characters) + 8), pygame.SRCALPHA)
    average = sum(c.win_rate for c in stats.characters) / max(1, len(stats.characters))
    top = max([c.high for c in stats.characters] + [average * tournament.BOARD_BAND[1]]) * 1.05 or 1.0
    left, right = 120, width - 70

    def x_of(rate: float) -> float:
        return left + (right - left) * rate / top

    low_band, high_band = (x_of(average * b) for b in tournament.BOARD_BAND)
    surface.fill(BAND_FILL, (low_band, 0, high_band - low_band, surface.get_height()))
    pygame.draw.line(surface, MUTED, (x_of(average), 0), (x_of(average), surface.get_height()))
    for i, line in enumerate(stats.characters):
        y = 4 + i * row
        colour = BAD if line.outside else GOOD
        surface.blit(body.render(i18n.character(line.character), True, INK), (0, y))
        pygame.draw.rect(surface, colour, (left, y + 5, x_of(line.win_rate) - left, row - 12))
        pygame.draw.line(surface, INK, (x_of(line.low), y + row // 2 - 1), (x_of(line.high), y + row // 2 - 1), 2)
        text = f"{number(line.ratio, 2)}×"
        surface.blit(body.render(text, True, colour), (right + 8, y))
    return surface


def text_column(stats: BoardStats, height: int) -> pygame.Surface:
    """The words beside the pictures: title, win rates, the race's figures, what stands out."""
    surface = pygame.Surface((TEXT_WIDTH, height), pygame.SRCALPHA)
    title, sub = assets.sized_font(24, "heading"), assets.sized_font(17, "bold")
    body = assets.sized_font(15)
    y = 0

    def write(text: str, font: pygame.font.Font, colour: Colour = INK, gap: int = 2) -> None:
        nonlocal y
        for line in wrapped(text, font, TEXT_WIDTH):
            surface.blit(font.render(line, True, colour), (0, y))
            y += font.get_linesize()
        y += gap

    heading, under = headline(stats)
    write(heading, title, gap=0)
    write(under, body, MUTED, gap=10)
    low, high = tournament.BOARD_BAND
    write(t("report.win_rates", low=number(low, 2), high=number(high, 2)), sub, gap=4)
    chart = win_rates(stats, TEXT_WIDTH)
    surface.blit(chart, (0, y))
    y += chart.get_height() + 10
    write(t("report.races"), sub, gap=4)
    for sentence in figures(stats):
        write(sentence, body, gap=4)
    y += 6
    write(t("report.standing_out"), sub, gap=4)
    for code, values in boardstats.suggestions(stats):
        write(f"• {said(code, values)}", body, gap=3)
    y += 6
    write(t("report.key"), body, MUTED)
    return surface


def board_block(stats: BoardStats) -> pygame.Surface:
    """One board's part of the picture: its three panels and its words."""
    heading = assets.sized_font(16, "bold")
    panels = board_panels(stats)
    panel_width = panels[0][1].get_width()
    caption = heading.get_linesize() + 4
    height = max(caption + panels[0][1].get_height(), 700)
    block = pygame.Surface((len(panels) * (panel_width + GAP) + TEXT_WIDTH, height))
    block.fill(PAPER)
    for i, (name, picture) in enumerate(panels):
        x = i * (panel_width + GAP)
        for k, line in enumerate(wrapped(name, heading, panel_width)[:1]):
            block.blit(heading.render(line, True, INK), (x, k * caption))
        block.blit(picture, (x, caption))
    block.blit(text_column(stats, height), (len(panels) * (panel_width + GAP), 0))
    return block


def picture(boards: Sequence[BoardStats]) -> pygame.Surface:
    """The whole report: each board's block, side by side."""
    blocks = [board_block(stats) for stats in boards]
    width = sum(b.get_width() for b in blocks) + GAP * (len(blocks) + 1) + GAP * 2 * (len(blocks) - 1)
    height = max(b.get_height() for b in blocks) + 2 * GAP
    surface = pygame.Surface((width, height))
    surface.fill(PAPER)
    x = GAP
    for i, block in enumerate(blocks):
        if i:
            pygame.draw.line(surface, MUTED, (x + GAP // 2, GAP), (x + GAP // 2, height - GAP), 2)
            x += 3 * GAP
        surface.blit(block, (x, GAP))
        x += block.get_width()
    return surface


# ---------------------------------------------------------------- the page
def page(boards: Sequence[BoardStats], png: str, csvs: Sequence[str]) -> str:
    """The HTML page: the picture, then every figure as text and tables (one section per board)."""
    e = html.escape
    title = " | ".join(headline(stats)[0] for stats in boards)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{e(i18n.language())}"><head><meta charset="utf-8"><title>{e(title)}</title>',
        "<style>body{font-family:sans-serif;background:#161a28;color:#eef0f6;margin:2em}"
        "img{max-width:100%}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #54608a;padding:.2em .6em;text-align:right}"
        "td:first-child,th:first-child{text-align:left}.out{color:#e85c5c;font-weight:bold}a{color:#78dcff}</style>",
        "</head><body>",
        f'<p><img src="{e(Path(png).name)}" alt="{e(title)}"></p>',
    ]
    for stats, csv_path in zip(boards, csvs):
        heading, under = headline(stats)
        low, high = tournament.BOARD_BAND
        parts += [f"<h1>{e(heading)}</h1>", f"<p>{e(under)}</p>"]
        parts += [f"<h2>{e(t('report.win_rates', low=number(low, 2), high=number(high, 2)))}</h2>", "<table>"]
        parts.append(
            "<tr>"
            + "".join(
                f"<th>{e(t(k))}</th>"
                for k in ("report.character", "report.races_run", "report.win_rate", "report.interval", "report.ratio")
            )
            + "</tr>"
        )
        for line in stats.characters:
            mark = ' class="out"' if line.outside else ""
            parts.append(
                f"<tr{mark}><td>{e(i18n.character(line.character))}</td><td>{line.races}</td>"
                f"<td>{e(share(line.win_rate))}</td><td>{e(share(line.low))} – {e(share(line.high))}</td>"
                f"<td>{e(number(line.ratio, 2))}×</td></tr>"
            )
        parts.append("</table>")
        parts.append(f"<h2>{e(t('report.races'))}</h2>")
        parts += [f"<p>{e(sentence)}</p>" for sentence in figures(stats)]
        parts.append(f"<h2>{e(t('report.standing_out'))}</h2><ul>")
        parts += [f"<li>{e(said(code, values))}</li>" for code, values in boardstats.suggestions(stats)]
        parts.append("</ul>")
        parts.append(f"<h2>{e(t('report.features'))}</h2><table>")
        parts.append(
            "<tr>"
            + "".join(
                f"<th>{e(t(k))}</th>" for k in ("report.square", "report.kind", "report.per_race", "report.detail")
            )
            + "</tr>"
        )
        races, seats = max(1, stats.races), max(1, stats.seats)
        rows = [
            (s, "report.hole", stats.squares["falls"][s], share(stats.squares["caught"][s] / seats))
            for s in stats.features(HOLE)
        ]
        rows += [(s, "report.shortcut", stats.squares["shortcuts"][s], "") for s in stats.features(SHORTCUT)]
        rows += [
            (
                s,
                "report.chest",
                stats.squares["chests"][s],
                t("report.chest_fights", fights=number(stats.squares["chest_fights"][s] / races, 2)),
            )
            for s in stats.chest_squares()
        ]
        for square, kind, count, more in rows:
            parts.append(
                f"<tr><td>{e(square_name(square))}</td><td>{e(t(kind))}</td>"
                f"<td>{e(number(count / races, 2))}</td><td>{e(more)}</td></tr>"
            )
        parts.append("</table>")
        parts.append(f'<p><a href="{e(Path(csv_path).name)}">{e(t("report.csv"))}</a></p>')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def write(boards: Sequence[BoardStats], png: str, html_path: str, csvs: Sequence[str]) -> None:
    """The PNG, the HTML page beside it and each board's CSV."""
    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        pygame.display.init()
        pygame.display.set_mode((1, 1))  # BoardRenderer's surfaces are converted for a display
    for stats, csv_path in zip(boards, csvs):
        boardstats.write_csv(stats, csv_path)
    pygame.image.save(picture(boards), png)
    Path(html_path).write_text(page(boards, png, csvs), encoding="utf-8")


def make(boards: Sequence[BoardStats], png: str, html_path: str, csvs: Sequence[str], language: str) -> None:
    """`board-report`'s drawer: the report in `language` (the game's words), then back to the language
    the game had."""
    before = i18n.language()
    i18n.set_language(language)
    try:
        write(boards, png, html_path, csvs)
    finally:
        i18n.set_language(before)
