"""The command line's words: the parser of every command and the checks of its values."""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from game.bots.thinking import cores
from game.meta.replay import SPEEDS
from game.net.protocol import TURN_CLOCK
from game.rules.characters import CHARACTERS
from game.rules.levels import LEVELS
from game.rules.race import MAX_TURNS, MIN_TURNS
from game.version import VERSION


class CommandLineError(Exception):
    """A bad command-line value: one sentence, exit 2."""


class UnusableFile(CommandLineError):
    """A file named on the command line that cannot be used (missing, refused, broken): one sentence, exit 1."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad value as one sentence and exits 2 (its help: the command's line of
    description, then its options, then its examples as they are written)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        found = re.fullmatch(r"argument ([^:]+): (.*)", message, re.DOTALL)
        if found is not None:  # "argument --turns: --turns must be ..." says the option once
            option, said = found.group(1).split("/")[0], found.group(2)
            message = said if said.startswith(option) else f"{option}: {said}"
        raise CommandLineError(message)


def root() -> Path:
    """The folder of maps/ and assets/: the PyInstaller bundle when packaged, else the repository."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent.parent


def language_option(parser: argparse.ArgumentParser, what: str) -> None:
    """`--lang en|fr`: `what` (the report's language...), by default the settings' language."""
    parser.add_argument("--lang", choices=("en", "fr"), default=None, help=f"{what} (default: your settings' language)")


def jobs_option(parser: argparse.ArgumentParser, same: str) -> None:
    """`--jobs N`: races played in parallel processes, by default on every core (`same`: that what is
    printed does not depend on it)."""
    parser.add_argument(
        "--jobs",
        type=whole_number(1, 256, "--jobs"),
        default=cores(),
        help=f"races played in parallel processes (default: every core); {same}",
    )


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


def number(text: str, fits: Callable[[float], bool], wanted: str) -> float:
    """`text` as a number that `fits`, else argparse's error: `wanted` (what it should be), not `text`."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan  # (fits nothing)
    if not fits(value):
        raise argparse.ArgumentTypeError(f"{wanted}, not {text!r}")
    return value


def seconds(text: str) -> float:
    """A number of seconds from 0 to a day."""
    return number(text, lambda value: 0 <= value <= 86400, "give a number of seconds from 0 to 86400")


def replay_speed(text: str) -> float:
    """One of the replay's speeds."""
    return number(text, lambda value: value in SPEEDS, f"--speed must be one of {', '.join(f'{s:g}' for s in SPEEDS)}")


def writable(path: str | None, option: str, suffix: str = "") -> None:
    """Refuse an output file that could not be written, before hours of races: a folder, a file in a
    folder that does not exist or cannot be written, a file that cannot be replaced (`suffix`: the
    kind of file it must be, ".png")."""
    if path is None:
        return
    if not path.strip():
        raise CommandLineError(f"{option}: give a file to write, not an empty name")
    target = Path(path).expanduser()
    folder = target.resolve().parent
    if target.is_dir():
        raise CommandLineError(
            f"{option}: {path} is a folder; give a file in it, such as {target / ('out' + (suffix or '.txt'))}"
        )
    if suffix and target.suffix.lower() != suffix:
        raise CommandLineError(f"{option}: {path} must be a {suffix} file")
    if not folder.is_dir():
        raise CommandLineError(f"{option}: the folder {folder} does not exist; make it first, or write elsewhere")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CommandLineError(f"{option}: the folder {folder} cannot be written to")
    if target.exists() and not os.access(target, os.W_OK):
        raise CommandLineError(f"{option}: {path} cannot be replaced (it is read-only)")


def given(what: str, option: str) -> Callable[[str], str]:
    """A parser of a text that must not be empty or blank (a room code, a name)."""

    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"{option}: give {what}, not an empty one")
        return text.strip()

    return parse


TURNS = whole_number(MIN_TURNS, MAX_TURNS, "--turns")
SEED = whole_number(0, 2**63, "--seed")
CODE = given("the room code friends type (letters and digits)", "--code")
CHARACTER_IDS = ", ".join(CHARACTERS)
LEVEL_WORDS = ", ".join(LEVELS)
LINEUP = f"characters: {CHARACTER_IDS}\ncomputer levels: {LEVEL_WORDS}"


def about(*examples: str, lineup: bool = True) -> str:
    """A command's help after its options: its examples, and the character ids and computer levels."""
    lines = ["examples:" if len(examples) > 1 else "example:", *(f"  {line}" for line in examples)]
    return "\n".join(lines) + (f"\n\n{LINEUP}" if lineup else "")


def command(commands: Any, name: str, line: str, *examples: str, lineup: bool = True, window: bool = False) -> Parser:
    """A subcommand with its line of description (in the list of commands and atop its --help), its
    examples and (`lineup`) the characters' ids and the computer levels after its options; one that
    may open pygame (`window`: a replay, a chart) takes --verbose too."""
    parser: Parser = commands.add_parser(name, help=line, description=line, epilog=about(*examples, lineup=lineup))
    if window:
        parser.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS, help=VERBOSE)
    return parser


VERBOSE = "show SDL's and the sound system's (ALSA's) own messages in the terminal too"


def build_parser() -> Parser:
    """The command line."""
    parser = Parser(
        prog="main.py",
        description="Fantasy Racing, a dice-and-board racing game: the window, or a command in the terminal.",
        epilog=about("main.py", "main.py --board maps/meadow.tmx", "main.py simulate --help", lineup=False),
    )
    parser.add_argument("--board", metavar="FILE", help="start with this board (.tmx)")
    parser.add_argument("--watch", action="store_true", help="reload the board when its file changes")
    parser.add_argument("--verbose", action="store_true", help=VERBOSE)
    parser.add_argument("--version", action="version", version=f"Fantasy Racing {VERSION}", help="say the version")
    commands = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    sim = command(
        commands,
        "simulate",
        "Races between computer racers, without a window: each race's standings, or a summary and the pace.",
        "main.py simulate --board maps/meadow.tmx --racers elf,dwarf,orc --bots easy,normal,expert --games 20",
        "main.py simulate --text-board tests/boards/straight.txt --racers thief,baby --turns 5",
    )
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--board", dest="sim_board", metavar="FILE", help="a board drawn in Tiled (.tmx)")
    where.add_argument("--text-board", metavar="FILE", help="a board in the text format of docs/maps.md")
    sim.add_argument(
        "--racers", default="elf,dwarf,orc", help=f"comma-separated character ids, 2 to 6: {CHARACTER_IDS}"
    )
    sim.add_argument(
        "--bots",
        default="random",
        help=f"one for all, or one per racer: {LEVEL_WORDS}, random or greedy (default random)",
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

    tour = command(
        commands,
        "tournament",
        "The computer levels race each other on the boards: their win rates and ratings, with intervals.",
        "main.py tournament --bots easy,normal,hard,expert --games 200",
        "main.py tournament --games 500 --csv results.csv --plot win-rates.png",
        window=True,
    )
    tour.add_argument("--bots", default="easy,normal,hard", help=f"the levels, one racer each, 2 to 6: {LEVEL_WORDS}")
    _add_series_options(tour)

    bal = command(
        commands,
        "balance",
        "Every character with the same computer level: each one's win rate, to see the balance.",
        "main.py balance --bot expert --racers 4 --games 500",
        "main.py balance --bot mixed --games 1000 --jobs 2",
        window=True,
    )
    bal.add_argument(
        "--bot",
        default="normal",
        help=f"the level of every racer: {LEVEL_WORDS}; or mixed, a level drawn for each racer (default normal)",
    )
    bal.add_argument("--racers", type=whole_number(2, 6, "--racers"), default=6, help="racers per race, 2 to 6")
    _add_series_options(bal)

    report = command(
        commands,
        "board-report",
        "Play many races on a board and draw where racers stop, fight and fall, which shortcuts and chests "
        "they take, and each character's win rate: a picture (PNG) and a page (HTML) beside the board.",
        "main.py board-report maps/meadow.tmx",
        "main.py board-report old/canyon.tmx canyon.tmx --races 1000 --seed 7 --lang fr",
        lineup=False,
        window=True,
    )
    report.add_argument("boards", nargs="+", metavar="BOARD", help="a board (.tmx); or OLD NEW, drawn side by side")
    report.add_argument(
        "--races", type=whole_number(1, 1_000_000, "--races"), default=500, help="races on each board (default 500)"
    )
    report.add_argument("--seed", type=SEED, default=1, help="seed of the races (the same seed, the same report)")
    report.add_argument(
        "--bot", default="hard", help=f"the level of every racer: {LEVEL_WORDS}; or mixed (default hard)"
    )
    jobs_option(report, "the report does not depend on it")
    report.add_argument("--out", metavar="FOLDER", help="where the files go (default: the (new) board's folder)")
    language_option(report, "the report's language")

    season = command(
        commands,
        "season",
        "A championship of 2 to 8 races between computer racers: each race's standings and the table.",
        "main.py season --boards maps/meadow.tmx,maps/forest.tmx,maps/mine.tmx --racers elf,orc,thief "
        "--bots normal,hard,expert",
    )
    season.add_argument("--boards", required=True, help="comma-separated boards (.tmx), one per race, 2 to 8")
    season.add_argument(
        "--racers", default="elf,dwarf,orc", help=f"comma-separated character ids, 2 to 6: {CHARACTER_IDS}"
    )
    season.add_argument("--bots", default="normal", help=f"a level for all, or one per racer: {LEVEL_WORDS}")
    season.add_argument("--turns", type=TURNS, default=None, help="game turns of every race (default: each board's)")
    season.add_argument("--seed", type=SEED, default=1, help="the season's seed")
    season.add_argument(
        "--name",
        type=given("the championship's name", "--name"),
        default=None,
        help="the season's name (default: Championship, in your language)",
    )
    season.add_argument("--json", action="store_true", help="end with the final table as one JSON line")

    serve = command(
        commands,
        "serve",
        "Host a race for friends over the network, without a window (they join from the game or with join).",
        "main.py serve --port 47810 --code PLAYTEAM --board maps/meadow.tmx --seats person,person,bot:expert:orc",
        "main.py serve --port 47810 --code PLAYTEAM --board maps/forest.tmx --seats person,bot:hard --address 0.0.0.0",
    )
    serve.add_argument(
        "--port", type=whole_number(1, 65535, "--port"), default=None, help="the port to listen on (none with --relay)"
    )
    serve.add_argument(
        "--code",
        type=CODE,
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
        "--takeover-level",
        default="normal",
        help=f"the level of the computer racer that plays for him: {LEVEL_WORDS} (default normal)",
    )
    serve.add_argument(
        "--turn-clock",
        "--clock",
        dest="clock",
        type=seconds,
        default=TURN_CLOCK,
        help=f"seconds a connected friend has for each decision, then the takeover level decides it "
        f"(default {TURN_CLOCK:g}; 0: none)",
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
    serve.add_argument(
        "--relay",
        metavar="RELAY",
        default=None,
        help="host through this relay (main.py relay): [ws://|wss://]HOST[:PORT]; prints the invite friends join with",
    )
    serve.add_argument("--cert", metavar="FILE", default=None, help="speak wss:// with this PEM certificate chain")
    serve.add_argument("--key", metavar="FILE", default=None, help="the private key of --cert (PEM)")
    serve.add_argument("--authority", metavar="FILE", default=None, help=argparse.SUPPRESS)  # tests: a trustme CA
    serve.add_argument("--json", action="store_true", help="end with the standings as one JSON line")

    # the room of a race the window hosts, in a process of its own (game/net/window_room.py): not listed,
    # the window starts it and speaks to it on its standard streams
    commands.add_parser("room", description="The room of a race hosted from the window (the window starts it).")

    relay = command(
        commands,
        "relay",
        "Run a relay: hosts register rooms on it and friends join them with an invite, nobody's router set up.",
        "main.py relay --address 0.0.0.0 --port 47811 --cert fullchain.pem --key privkey.pem",
        "main.py relay --port 47811            (this machine only, ws://: behind a reverse proxy with TLS)",
        "main.py relay --store postgresql://relay@db.example.org/rooms   (races over days in a database relays share)",
        lineup=False,
    )
    relay.add_argument(
        "--address",
        default="127.0.0.1",
        help='the addresses to listen on, split by commas (default: this machine only; "": every interface)',
    )
    relay.add_argument(
        "--port", type=whole_number(0, 65535, "--port"), default=47811, help="the port (default 47811; 0: any free one)"
    )
    relay.add_argument("--cert", metavar="FILE", default=None, help="speak wss:// with this PEM certificate chain")
    relay.add_argument("--key", metavar="FILE", default=None, help="the private key of --cert (PEM)")
    relay.add_argument(
        "--max-rooms", type=whole_number(1, 100000, "--max-rooms"), default=1000, help="rooms at most (default 1000)"
    )
    relay.add_argument(
        "--keep",
        type=seconds,
        default=3600.0,
        help="seconds a room whose host is away is kept for him (a save resumed; default 3600)",
    )
    relay.add_argument(
        "--store",
        metavar="FILE|URL",
        nargs="?",
        const="",
        default=None,
        help="keep races over days in this SQLite file (none given: rooms.sqlite3 in the relay's data folder), "
        "or in a PostgreSQL database several relays share: postgresql://USER@HOST/DATABASE",
    )
    for flag, unit, low, high, default, meaning in (
        ("--store-size", "MB", 1, 1_000_000, 1024, "megabytes the store may hold; no new race over days beyond"),
        ("--keep-finished", "DAYS", 0, 3650, 30, "days a finished race over days is kept in the store"),
    ):
        bound = whole_number(low, high, flag)
        relay.add_argument(flag, metavar=unit, type=bound, default=default, help=f"{meaning} (default {default})")
    relay.add_argument("--for", dest="lasting", type=seconds, default=None, help=argparse.SUPPRESS)  # tests: stop after

    join = command(
        commands,
        "join",
        "Join a race a friend hosts, from a terminal: a computer racer plays your seat.",
        "main.py join 192.168.1.20:47810 --code PLAYTEAM --name Zoe",
        "main.py join 127.0.0.1:47810 --code PLAYTEAM --name Zoe --character dwarf --bot expert --quiet",
        "main.py join race.example.org/KZWX-4242 --name Zoe     (an invite: a relay and its room code)",
    )
    join.add_argument("host", metavar="HOST:PORT|INVITE", help="the host's address and port, or an invite")
    join.add_argument("--code", type=CODE, default=None, help="the room code (none with an invite)")
    join.add_argument("--authority", metavar="FILE", default=None, help=argparse.SUPPRESS)  # tests: a trustme CA
    join.add_argument(
        "--name",
        type=given("your name (the others see it)", "--name"),
        required=True,
        help="your name",
    )
    join.add_argument(
        "--key",
        default=None,
        help="your seat's key, to take your seat back after a drop (default: the one kept from your last join)",
    )
    join.add_argument("--character", default=None, help="the character you would like (an id below)")
    join.add_argument(
        "--bot", default="normal", help=f"the computer level that plays your racer: {LEVEL_WORDS} (default normal)"
    )
    join.add_argument("--delay", type=seconds, default=0.0, help="seconds the bot waits before each answer")
    join.add_argument(
        "--json", action="store_true", help="end with the standings as one JSON line (and say nothing while racing)"
    )
    join.add_argument("--quiet", action="store_true", help="say nothing while connecting, waiting and racing")
    join.add_argument("--watch", action="store_true", help="watch the race as a spectator, without a seat")
    join.add_argument(
        "--owner",
        metavar="KEY",
        default="",
        help="the owner key serve printed: then type remove SEAT or let SEAT here to give the host's orders",
    )
    join.add_argument("--once", action="store_true", help="a race over days: play your pending decisions, then leave")
    _add_days(commands)

    check = command(
        commands,
        "check-map",
        "Check boards drawn in Tiled as the game reads them: one line per problem, and a summary.",
        "main.py check-map maps/my-board.tmx",
        "main.py check-map            (your own boards folder)",
        lineup=False,
    )
    check.add_argument(
        "files", nargs="*", metavar="FILE", help="boards (.tmx) or folders of boards; none: your own boards folder"
    )
    check.add_argument(
        "--format",
        dest="form",
        choices=("text", "json"),
        default="text",
        help="text: one line per problem (default); json: one JSON document with each problem's place",
    )
    language_option(check, "the sentences' language")

    add = command(
        commands,
        "add-board",
        "Add boards to your boards folder: a board (.tmx, with its tileset) or a pack of boards (.zip), "
        "each checked as check-map does; what passes is copied, what does not is said.",
        "main.py add-board ~/Downloads/canyon.tmx",
        "main.py add-board friends-boards.zip",
        lineup=False,
    )
    add.add_argument("files", nargs="+", metavar="FILE", help="boards (.tmx) or packs of boards (.zip)")
    language_option(add, "the problems' language")

    replay = command(
        commands,
        "replay",
        "Play back a replay or a saved race in the window; --check compares it with its recording, headless.",
        "main.py replay ~/.local/share/fantasy-racing/replays/2025-05-01-meadow-dash.json --speed 2",
        "main.py replay race.json --check",
        lineup=False,
        window=True,
    )
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
    stats = command(
        commands,
        "stats",
        "Your statistics, from every race kept in your folder (replays and championships): wins, places, "
        "characters, boards, computer levels.",
        "main.py stats",
        "main.py stats --csv races.csv",
        "main.py stats --csv          (the CSV on the terminal)",
        "main.py stats --name Zoé --name Zozo",
        lineup=False,
    )
    stats.add_argument(
        "--csv",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write every race you played to a CSV file, a line each (no FILE: on the terminal)",
    )
    stats.add_argument(
        "--name",
        dest="names",
        action="append",
        metavar="NAME",
        help="a name you play under (repeat for several; default: the settings' player name and 'that's me' names)",
    )
    return parser


def _add_days(commands: Any) -> None:
    """`days create`, `days replay` and `races`: races over days on a relay (game/cli/days.py)."""
    days = command(
        commands,
        "days",
        "Races over days on a relay with a store: create one (its invite printed), or get a finished one's replay.",
        "main.py days create --relay race.example.org --board meadow --seats 3 --clock 1d",
        "main.py days replay race.example.org/days/KZWX-4242 --name Zoe --out race.json",
        lineup=False,
    )
    verbs = days.add_subparsers(dest="days_command", required=True, parser_class=Parser)
    create = verbs.add_parser("create", help="create a race over days on a relay; prints its invite")
    create.add_argument("--relay", required=True, help="the relay (main.py relay --store): [ws://|wss://]HOST[:PORT]")
    create.add_argument("--board", required=True, help="a shipped board's name (meadow) or a board's file (.tmx)")
    create.add_argument("--seats", default="2", help="persons' seats (3), or person,person,bot:LEVEL[:CHARACTER]")
    create.add_argument("--turns", type=whole_number(1, 99, "--turns"), default=None, help="turns (default: board's)")
    create.add_argument("--clock", default="1d", help="time for each decision: 3600, 90m, 12h, 2d (default 1d)")
    create.add_argument("--run-out", default="takeover", help="when it runs out: takeover (default) or 'give up'")
    create.add_argument("--name", default="", help="take seat 1 yourself with this name")
    create.add_argument("--quiet", action="store_true", help="print the invite only")
    replay = verbs.add_parser("replay", help="download a finished race's replay (you sat in it)")
    replay.add_argument("invite", help="the race's invite: RELAY/days/CODE")
    replay.add_argument("--name", required=True, help="the name you sat in it with")
    replay.add_argument("--key", default=None, help="your seat's key (default: the one kept in your folder)")
    replay.add_argument("--out", required=True, metavar="FILE", help="where to write the replay")
    for parser in (create, replay):
        parser.add_argument("--authority", metavar="FILE", default=None, help=argparse.SUPPRESS)
    races = command(
        commands,
        "races",
        "Your races over days on every relay you used, and whose turn it is in each.",
        "main.py races",
        lineup=False,
    )
    races.add_argument("--json", action="store_true", help="end with the list as one JSON line")


def _add_series_options(parser: Parser) -> None:
    """Options shared by tournament and balance."""
    parser.add_argument("--games", type=whole_number(1, 1_000_000, "--games"), default=100, help="how many races")
    parser.add_argument("--seed", type=SEED, default=1, help="seed of the series")
    parser.add_argument(
        "--board",
        dest="series_boards",
        action="append",
        metavar="FILE",
        help="a board (repeat for several; default: every shipped board that takes the racers)",
    )
    jobs_option(parser, "the results do not depend on it")
    parser.add_argument("--csv", metavar="FILE", help="write every racer of every race to a CSV file")
    parser.add_argument("--plot", metavar="FILE", help="draw the win rates to a PNG chart (a .png file)")
