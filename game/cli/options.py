"""The command line's words: the parser of every command and the checks of its values."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from game.race import MAX_TURNS, MIN_TURNS
from game.replay import SPEEDS


class CommandLineError(Exception):
    """A bad command-line value: one sentence, exit 2."""


class UnusableFile(CommandLineError):
    """A file named on the command line that cannot be used (missing, refused, broken): one sentence, exit 1."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad value as one sentence and exits 2."""

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(message)


def root() -> Path:
    """The folder of maps/ and assets/: the PyInstaller bundle when packaged, else the repository."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent.parent


def whole_number(low: int, high: int, what: str) -> Callable[[str], int]:
    """A parser of a whole number from `low` to `high` (`what`: the option, in its sentence)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be between {low} and {high}, not {value}")
        return value

    return parse


def seconds(text: str) -> float:
    """A number of seconds from 0 to a day."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError(f"give a number of seconds from 0 to 86400, not {text!r}")
    return value


def replay_speed(text: str) -> float:
    """One of the replay's speeds."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if value not in SPEEDS:
        raise argparse.ArgumentTypeError(f"--speed must be one of {', '.join(f'{s:g}' for s in SPEEDS)}, not {text!r}")
    return value


def writable(path: str | None, option: str) -> None:
    """Refuse an output file whose folder does not exist, before hours of races."""
    if path and not Path(path).resolve().parent.is_dir():
        raise CommandLineError(f"{option}: the folder of {path} does not exist")


TURNS = whole_number(MIN_TURNS, MAX_TURNS, "--turns")
SEED = whole_number(0, 2**63, "--seed")


def build_parser() -> Parser:
    """The command line."""
    parser = Parser(prog="main.py", description="Fantasy Racing, a dice-and-board racing game.")
    parser.add_argument("--board", metavar="FILE", help="start with this board (.tmx)")
    parser.add_argument("--watch", action="store_true", help="reload the board when its file changes")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)

    sim = commands.add_parser("simulate", help="races between computer racers, without a screen")
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--board", dest="sim_board", metavar="FILE", help="a board drawn in Tiled (.tmx)")
    where.add_argument("--text-board", metavar="FILE", help="a board in the text format of docs/maps.md")
    sim.add_argument("--racers", default="elf,dwarf,orc", help="comma-separated character ids (2 to 6)")
    sim.add_argument(
        "--bots", default="random", help="a policy for all, or one per racer: random, easy, normal (or greedy), hard"
    )
    sim.add_argument("--turns", type=TURNS, default=None, help="game turns, 5 to 15")
    sim.add_argument("--games", type=whole_number(1, 1_000_000, "--games"), default=1, help="how many races")
    sim.add_argument("--seed", type=SEED, default=1, help="seed of the first race")
    sim.add_argument(
        "--dice",
        choices=("twister", "keyed"),
        default="twister",
        help="the kind of dice the seed draws: twister (a race at one screen) or keyed (a hosted race's)",
    )

    tour = commands.add_parser("tournament", help="bot levels against each other, with statistics")
    tour.add_argument("--bots", default="easy,normal,hard", help="the levels, one racer each (2 to 6)")
    _add_series_options(tour)

    bal = commands.add_parser("balance", help="every character with equal bots: win rates")
    bal.add_argument(
        "--bot",
        default="normal",
        help="the level of every racer: easy, normal, hard, expert; mixed: a level drawn for each racer",
    )
    bal.add_argument("--racers", type=whole_number(2, 6, "--racers"), default=6, help="racers per race, 2 to 6")
    _add_series_options(bal)

    season = commands.add_parser("season", help="a championship of 2 to 8 races between computer racers")
    season.add_argument("--boards", required=True, help="comma-separated boards (.tmx), one per race, 2 to 8")
    season.add_argument("--racers", default="elf,dwarf,orc", help="comma-separated character ids (2 to 6)")
    season.add_argument("--bots", default="normal", help="a level for all, or one per racer: easy, normal, hard")
    season.add_argument("--turns", type=TURNS, default=None, help="game turns of every race (default: each board's)")
    season.add_argument("--seed", type=SEED, default=1, help="the season's seed")
    season.add_argument("--name", default="Championship", help="the season's name")
    season.add_argument("--json", action="store_true", help="end with the final table as one JSON line")

    serve = commands.add_parser("serve", help="host a race for friends on the network, without a window")
    serve.add_argument("--port", type=whole_number(1, 65535, "--port"), required=True, help="the port to listen on")
    serve.add_argument(
        "--code",
        default=None,
        help="the room code friends must give: 8 or more of ABCDEFGHJKLMNPQRSTUVWXYZ23456789 (default: a random one)",
    )
    serve.add_argument("--board", dest="serve_board", required=True, metavar="FILE", help="the board (.tmx)")
    serve.add_argument("--turns", type=TURNS, default=None, help="game turns (default: the board's)")
    serve.add_argument(
        "--seats",
        required=True,
        help="comma-separated, 2 to 6: person (a friend) or bot:LEVEL[:CHARACTER] (computer racers only: at once)",
    )
    serve.add_argument(
        "--takeover", type=seconds, default=60.0, help="seconds before a computer plays a friend who left"
    )
    serve.add_argument(
        "--takeover-level", default="normal", help="the level of the computer racer that plays for him (default normal)"
    )
    serve.add_argument(
        "--clock",
        type=seconds,
        default=0.0,
        help="seconds a connected friend has for each decision, then the takeover level decides it (default 0: none)",
    )
    serve.add_argument(
        "--rooms",
        type=whole_number(1, 100, "--rooms"),
        default=1,
        help="host this many races at once, each with its own random room code (printed; default 1)",
    )
    serve.add_argument("--timings", metavar="FILE", help=argparse.SUPPRESS)  # benchmarks/network.py: when steps left
    serve.add_argument("--address", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    serve.add_argument(
        "--seed", type=SEED, default=None, help="the race's seed (default: 128 bits from the system, never shown)"
    )
    serve.add_argument(
        "--save", metavar="FILE", help="write the finished race there (a save that replay --check reads)"
    )
    serve.add_argument("--json", action="store_true", help="end with the standings as one JSON line")

    join = commands.add_parser("join", help="join a race a friend hosts, from a terminal")
    join.add_argument("host", metavar="HOST:PORT", help="the host's address and port")
    join.add_argument("--code", required=True, help="the room code")
    join.add_argument("--name", required=True, help="your name")
    join.add_argument(
        "--key",
        default=None,
        help="your seat's key, to take your seat back after a drop (default: the one kept from your last join)",
    )
    join.add_argument("--character", default=None, help="the character you would like")
    join.add_argument(
        "--bot", default="normal", help="the computer level that plays your racer: easy, normal, hard or expert"
    )
    join.add_argument("--delay", type=seconds, default=0.0, help="seconds the bot waits before each answer")
    join.add_argument("--json", action="store_true", help="end with the standings as one JSON line")

    check = commands.add_parser("check-map", help="check boards drawn in Tiled")
    check.add_argument(
        "files", nargs="*", metavar="FILE", help="boards (.tmx) or folders of boards; none: your own boards folder"
    )

    replay = commands.add_parser("replay", help="play back a replay or a saved race; --check compares it headless")
    replay.add_argument("replay_file", metavar="FILE", help="a replay (replays/*.json) or a saved race (race.json)")
    replay.add_argument(
        "--check", action="store_true", help="no window: rebuild the race and compare every event with the recording"
    )
    replay.add_argument(
        "--speed",
        type=replay_speed,
        default=1.0,
        help="playback speed: 0.25, 0.5, 1, 2, 4 or 8 (+ and - change it while playing)",
    )
    return parser


def _add_series_options(parser: Parser) -> None:
    """Options shared by tournament and balance."""
    parser.add_argument("--games", type=whole_number(1, 1_000_000, "--games"), default=100, help="how many races")
    parser.add_argument("--seed", type=SEED, default=1, help="seed of the series")
    parser.add_argument(
        "--board",
        dest="series_boards",
        action="append",
        metavar="FILE",
        help="a board (repeat for several; default: every shipped board)",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number(1, 256, "--jobs"),
        default=os.cpu_count() or 1,
        help="races played in parallel processes (default: every core); the results do not depend on it",
    )
    parser.add_argument("--csv", metavar="FILE", help="write every racer of every race to a CSV file")
    parser.add_argument("--plot", metavar="FILE", help="draw the win rates to a PNG chart")
