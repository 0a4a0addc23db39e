"""Fantasy Racing: start the game, or run a command without a screen.

python main.py                      the game in a window
python main.py simulate ...         races between computer racers, in the terminal
python main.py tournament ...       bot levels against each other, with statistics
python main.py balance ...          win rates of the ten characters with equal bots
python main.py check-map [FILE...]  check boards drawn in Tiled (no FILE: your own boards folder)
python main.py replay FILE          play back a replay or a saved race (--check: compare, no screen)
python main.py serve ...            host a race for friends over the network, without a window
python main.py join HOST:PORT ...   join a friend's race from a terminal, a computer racer playing your seat
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on the player's console

# The folder of maps/ and assets/: the PyInstaller bundle when packaged, else this file's folder.
HERE = Path(getattr(sys, "_MEIPASS", None) or Path(__file__).resolve().parent)


class CommandLineError(Exception):
    """A bad command-line value: one sentence, exit 2."""


class UnusableFile(CommandLineError):
    """A file named on the command line that cannot be used (missing, refused, broken): one sentence, exit 1."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad value as one sentence and exits 2."""

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(message)


def _int_in(low: int, high: int, what: str):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be between {low} and {high}, not {value}")
        return value

    return parse


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
    sim.add_argument("--turns", type=_int_in(5, 15, "--turns"), default=None, help="game turns, 5 to 15")
    sim.add_argument("--games", type=_int_in(1, 1_000_000, "--games"), default=1, help="how many races")
    sim.add_argument("--seed", type=_int_in(0, 2**63, "--seed"), default=1, help="seed of the first race")

    tour = commands.add_parser("tournament", help="bot levels against each other, with statistics")
    tour.add_argument("--bots", default="easy,normal,hard", help="the levels, one racer each (2 to 6)")
    _add_series_options(tour)

    bal = commands.add_parser("balance", help="every character with equal bots: win rates")
    bal.add_argument("--bot", default="normal", help="the level of every racer: easy, normal, hard")
    bal.add_argument("--racers", type=_int_in(2, 6, "--racers"), default=6, help="racers per race, 2 to 6")
    _add_series_options(bal)

    season = commands.add_parser("season", help="a championship of 2 to 8 races between computer racers")
    season.add_argument("--boards", required=True, help="comma-separated boards (.tmx), one per race, 2 to 8")
    season.add_argument("--racers", default="elf,dwarf,orc", help="comma-separated character ids (2 to 6)")
    season.add_argument("--bots", default="normal", help="a level for all, or one per racer: easy, normal, hard")
    season.add_argument(
        "--turns", type=_int_in(5, 15, "--turns"), default=None, help="game turns of every race (default: each board's)"
    )
    season.add_argument("--seed", type=_int_in(0, 2**63, "--seed"), default=1, help="the season's seed")
    season.add_argument("--name", default="Championship", help="the season's name")
    season.add_argument("--json", action="store_true", help="end with the final table as one JSON line")

    serve = commands.add_parser("serve", help="host a race for friends on the network, without a window")
    serve.add_argument("--port", type=_int_in(1, 65535, "--port"), required=True, help="the port to listen on")
    serve.add_argument("--code", required=True, help="the room code friends must give")
    serve.add_argument("--board", dest="serve_board", required=True, metavar="FILE", help="the board (.tmx)")
    serve.add_argument(
        "--turns", type=_int_in(5, 15, "--turns"), default=None, help="game turns (default: the board's)"
    )
    serve.add_argument(
        "--seats",
        required=True,
        help="comma-separated, 2 to 6: person (a friend) or bot:LEVEL[:CHARACTER] (computer racers only: at once)",
    )
    serve.add_argument(
        "--takeover", type=_seconds, default=60.0, help="seconds before a computer plays a friend who left"
    )
    serve.add_argument(
        "--takeover-level", default="normal", help="the level of the computer racer that plays for him (default normal)"
    )
    serve.add_argument(
        "--rooms",
        type=_int_in(1, 100, "--rooms"),
        default=1,
        help="host this many races at once, room codes CODE-1 ... CODE-N (default 1: the code itself)",
    )
    serve.add_argument("--timings", metavar="FILE", help=argparse.SUPPRESS)  # benchmarks/network.py: when steps left
    serve.add_argument("--address", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    serve.add_argument("--seed", type=_int_in(0, 2**63, "--seed"), default=None, help="the race's seed")
    serve.add_argument(
        "--save", metavar="FILE", help="write the finished race there (a save that replay --check reads)"
    )
    serve.add_argument("--json", action="store_true", help="end with the standings as one JSON line")

    join = commands.add_parser("join", help="join a race a friend hosts, from a terminal")
    join.add_argument("host", metavar="HOST:PORT", help="the host's address and port")
    join.add_argument("--code", required=True, help="the room code")
    join.add_argument("--name", required=True, help="your name (join again with it to take your seat back)")
    join.add_argument("--character", default=None, help="the character you would like")
    join.add_argument(
        "--bot", default="normal", help="the computer level that plays your racer: easy, normal, hard or expert"
    )
    join.add_argument("--delay", type=_seconds, default=0.0, help="seconds the bot waits before each answer")
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
        type=_replay_speed,
        default=1.0,
        help="playback speed: 0.25, 0.5, 1, 2, 4 or 8 (+ and - change it while playing)",
    )
    return parser


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError(f"give a number of seconds from 0 to 86400, not {text!r}")
    return value


def _replay_speed(text: str) -> float:
    from game.replay import SPEEDS

    try:
        value = float(text)
    except ValueError:
        value = None
    if value not in SPEEDS:
        raise argparse.ArgumentTypeError(f"--speed must be one of {', '.join(f'{s:g}' for s in SPEEDS)}, not {text!r}")
    return value


def _add_series_options(parser: Parser) -> None:
    """Options shared by tournament and balance."""
    parser.add_argument("--games", type=_int_in(1, 1_000_000, "--games"), default=100, help="how many races")
    parser.add_argument("--seed", type=_int_in(0, 2**63, "--seed"), default=1, help="seed of the series")
    parser.add_argument(
        "--board",
        dest="series_boards",
        action="append",
        metavar="FILE",
        help="a board (repeat for several; default: every shipped board)",
    )
    parser.add_argument(
        "--jobs",
        type=_int_in(1, 256, "--jobs"),
        default=os.cpu_count() or 1,
        help="races played in parallel processes (default: every core); the results do not depend on it",
    )
    parser.add_argument("--csv", metavar="FILE", help="write every racer of every race to a CSV file")
    parser.add_argument("--plot", metavar="FILE", help="draw the win rates to a PNG chart")


def _series_boards(args) -> list:
    """The boards of a tournament or balance run."""
    from game import BoardError, load_board

    paths = [Path(p) for p in args.series_boards] if args.series_boards else sorted((HERE / "maps").glob("*.tmx"))
    if not paths:
        raise CommandLineError("no board is shipped in maps/: give one with --board")
    boards = []
    for path in paths:
        try:
            boards.append(load_board(path))
        except BoardError as error:
            raise UnusableFile(str(error)) from None
    return boards


def _writable(path: str | None, option: str) -> None:
    """Refuse an output file whose folder does not exist, before hours of races."""
    if path and not Path(path).resolve().parent.is_dir():
        raise CommandLineError(f"{option}: the folder of {path} does not exist")


def _series(args) -> int:
    from game import tournament
    from game.ai import LEVELS

    _writable(args.csv, "--csv")
    _writable(args.plot, "--plot")
    boards = _series_boards(args)
    if args.command == "tournament":
        levels = [b.strip() for b in args.bots.split(",") if b.strip()]
        for level in levels:
            if level not in LEVELS:
                raise CommandLineError(f"--bots: unknown level {level!r}; choose among {', '.join(LEVELS)}")
        if not 2 <= len(levels) <= min(6, *(b.max_racers for b in boards)):
            raise CommandLineError(f"--bots: give 2 to 6 levels (one racer each), not {len(levels)}")
        records = tournament.tournament_report(boards, levels, args.games, args.seed, sys.stdout, jobs=args.jobs)
        lines = sorted(tournament.table(records, "bot"), key=lambda line: LEVELS.index(line.name))
    else:
        if args.bot not in LEVELS:
            raise CommandLineError(f"--bot: unknown level {args.bot!r}; choose among {', '.join(LEVELS)}")
        if args.racers > min(b.max_racers for b in boards):
            raise CommandLineError(f"--racers: a board takes at most {min(b.max_racers for b in boards)} racers")
        records = tournament.balance_report(
            boards, args.games, args.seed, args.bot, args.racers, sys.stdout, jobs=args.jobs
        )
        lines = sorted(tournament.table(records, "character"), key=lambda line: -line.win_rate)
    if args.csv:
        tournament.write_csv(records, args.csv)
        print(f"wrote {args.csv}")
    if args.plot:
        from scenes.plot import win_rate_chart

        win_rate_chart(lines, args.plot, title=f"Win rates over {args.games} races (95 % intervals)")
        print(f"wrote {args.plot}")
    return 0


def _simulate(args) -> int:
    from game import Board, BoardError, files, load_board
    from game.ai import POLICIES
    from game.characters import CHARACTERS
    from game.simulate import simulate

    if args.text_board:
        path = Path(args.text_board)
        try:
            board = Board.from_text(files.read_text(path, "text board"), name=path.stem)
        except files.FileRefused as error:
            raise UnusableFile(f"the text board {path} is refused: {error}") from None
        except OSError as error:
            raise UnusableFile(f"cannot read the text board {path}: {error.strerror}") from None
        except (BoardError, UnicodeDecodeError) as error:
            raise UnusableFile(f"{path}: {error}") from None
    else:
        path = Path(args.sim_board) if args.sim_board else default_board()
        try:
            board = load_board(path)
        except BoardError as error:
            raise UnusableFile(str(error)) from None
    characters = [c.strip() for c in args.racers.split(",") if c.strip()]
    for c in characters:
        if c not in CHARACTERS:
            raise CommandLineError(f"--racers: unknown character {c!r}; choose among {', '.join(CHARACTERS)}")
    if not 2 <= len(characters) <= min(6, board.max_racers):
        raise CommandLineError(
            f"--racers: {board.name} takes 2 to {min(6, board.max_racers)} racers, not {len(characters)}"
        )
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) == 1:
        bots *= len(characters)
    if len(bots) != len(characters):
        raise CommandLineError(f"--bots: give one policy for all or one per racer ({len(characters)}), not {len(bots)}")
    for b in bots:
        if b not in POLICIES:
            raise CommandLineError(f"--bots: unknown policy {b!r}; choose among {', '.join(POLICIES)}")
    turns = args.turns if args.turns is not None else board.turns
    try:
        simulate(board, characters, bots, turns, args.games, args.seed, sys.stdout)
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    return 0


def _replay(args) -> int:
    """`replay FILE`: play it back in the window, or with --check compare every event (exit 1 at a difference)."""
    from game.replay import ReplayError, check, load

    try:
        replay = load(args.replay_file)
    except ReplayError as error:
        raise UnusableFile(str(error)) from None
    try:
        if not args.check:
            from scenes.replay import run_replay

            return run_replay(replay, args.speed)
        result = check(replay)
    except ReplayError as error:
        raise UnusableFile(str(error)) from None
    if not result.ok:
        print(f"main.py: {args.replay_file} does not replay: {result.message}", file=sys.stderr)
        return 1
    print(f"{args.replay_file}: ok, {result.message}")
    return 0


def default_board() -> Path:
    """The first shipped board."""
    boards = sorted((HERE / "maps").glob("*.tmx"))
    if not boards:
        raise CommandLineError("no board is shipped in maps/: give one with --board or --text-board")
    return boards[0]


def _season(args) -> int:
    """`season`: a whole championship with computer racers, each race's standings and the table."""
    from game import BoardError, load_board
    from game.ai import LEVELS
    from game.characters import CHARACTERS
    from game.race import RacerSetup
    from game.season import MAX_RACES, MIN_RACES, Season, SeasonError, play_headless

    refs = [b.strip() for b in args.boards.split(",") if b.strip()]
    if not MIN_RACES <= len(refs) <= MAX_RACES:
        raise CommandLineError(f"--boards: give {MIN_RACES} to {MAX_RACES} boards (one per race), not {len(refs)}")
    loaded = {}
    for ref in dict.fromkeys(refs):
        try:
            loaded[ref] = load_board(ref)
        except BoardError as error:
            raise UnusableFile(str(error)) from None
    characters = [c.strip() for c in args.racers.split(",") if c.strip()]
    for c in characters:
        if c not in CHARACTERS:
            raise CommandLineError(f"--racers: unknown character {c!r}; choose among {', '.join(CHARACTERS)}")
    most = min([6] + [b.max_racers for b in loaded.values()])
    if not 2 <= len(characters) <= most:
        raise CommandLineError(f"--racers: these boards take 2 to {most} racers, not {len(characters)}")
    bots = [b.strip() for b in args.bots.split(",")]
    bots = bots * len(characters) if len(bots) == 1 else bots
    if len(bots) != len(characters):
        raise CommandLineError(f"--bots: give one level for all or one per racer ({len(characters)}), not {len(bots)}")
    for b in bots:
        if b not in LEVELS:
            raise CommandLineError(f"--bots: unknown level {b!r}; choose among {', '.join(LEVELS)}")
    racers = [RacerSetup(c, name=f"{c}-{i + 1}", bot=b) for i, (c, b) in enumerate(zip(characters, bots))]
    try:
        season = Season.new(args.name, racers, refs, args.turns, args.seed)
    except SeasonError as error:
        raise CommandLineError(str(error)) from None
    play_headless(season, loaded.__getitem__, sys.stdout, as_json=args.json)
    return 0


def _network(args) -> int:
    """`serve` and `join`: a race over the network (game/net/, docs/network.md)."""
    import asyncio
    import dataclasses
    import json
    import random

    from game import BoardError, ai, load_board
    from game.net.client import join
    from game.net.host import Host, start_seats
    from game.net.protocol import ProtocolError, address_of, split_address, standings_json
    from game.net.server import serve_rooms

    if args.command == "join":
        if args.bot not in ai.LEVELS:
            raise CommandLineError(f"--bot: choose among {', '.join(ai.LEVELS)}, not {args.bot!r}")
        try:
            target = address_of(*split_address(args.host))
        except ValueError as error:
            raise CommandLineError(str(error)) from None
        try:
            race = asyncio.run(join(target, args.code, args.name, args.character, args.bot, delay=args.delay))
        except ProtocolError as error:
            print(f"main.py: the host at {args.host} sent what this game cannot follow: {error}", file=sys.stderr)
            return 1
        except (OSError, ConnectionError) as error:
            print(f"main.py: the race at {args.host} ended for this client: {error}", file=sys.stderr)
            return 1
        except Exception as error:  # the connection closed by the host (a refusal): one sentence
            print(f"main.py: the host at {args.host} closed the connection: {error}", file=sys.stderr)
            return 1
        _print_standings(race, args.json)
        return 0

    try:
        seats = start_seats(args.seats.split(","))
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    if args.takeover_level not in ai.LEVELS:
        raise CommandLineError(f"--takeover-level: choose among {', '.join(ai.LEVELS)}, not {args.takeover_level!r}")
    _writable(args.save, "--save")
    _writable(args.timings, "--timings")
    try:
        board = load_board(args.serve_board)
    except BoardError as error:
        raise UnusableFile(str(error)) from None
    if len(seats) > board.max_racers:
        raise CommandLineError(f"--seats: {board.name} takes at most {board.max_racers} racers")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    codes = [args.code] if args.rooms == 1 else [f"{args.code}-{n}" for n in range(1, args.rooms + 1)]
    hosts = [
        Host(
            board,
            args.turns or board.turns,
            [dataclasses.replace(s) for s in seats],
            code,
            seed + n,
            takeover=args.takeover,
            takeover_level=args.takeover_level,
            say=lambda line: print(f"serve: {line}", flush=True),
        )
        for n, code in enumerate(codes)
    ]
    timings: list = []
    if args.timings:
        for host in hosts:
            host.timings = timings
    try:
        races = asyncio.run(serve_rooms(hosts, args.port, args.address))
    except OSError as error:
        raise UnusableFile(f"cannot listen on {args.address}:{args.port}: {error.strerror or error}") from None
    if args.timings:
        Path(args.timings).write_text(json.dumps(timings), encoding="utf-8")
    if args.save:
        for host, race in zip(hosts, races):
            path = Path(args.save) if len(hosts) == 1 else Path(args.save).with_suffix(f".{host.code}.json")
            path.write_text(race.to_json(), encoding="utf-8")
            print(f"serve: the race is saved in {path}")
    if len(races) == 1:
        _print_standings(races[0], args.json)
    else:
        for host, race in zip(hosts, races):
            print(f"room {host.code}:")
            _print_standings(race, False)
        if args.json:
            print(json.dumps({host.code: standings_json(race) for host, race in zip(hosts, races)}))
    return 0


def _print_standings(race, as_json: bool) -> None:
    import json

    from game.net.protocol import standings_json

    for place, index, points in race.standings():
        print(f"  {place}. {race.racers[index].name:16} {points:4d} points")
    if as_json:
        print(json.dumps(standings_json(race)))


def _check_map(files: list[str]) -> int:
    """`check-map FILE...`; with no file, the player's own boards folder (made if missing)."""
    from game.maps import check_map_command

    if files:
        return check_map_command(files)
    from scenes import userboards

    where = userboards.prepare()
    if where is None:
        print(
            "check-map: the game's per-user folder cannot be made, so there is no boards folder to check; "
            "give a board or a folder of boards",
            file=sys.stderr,
        )
        return 1
    if not userboards.board_files(where):
        print(
            f"check-map: your boards folder {where} holds no board (.tmx) yet; "
            "give a board or a folder to check another one"
        )
        return 0
    return check_map_command([str(where)])


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it; returns the exit code."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "simulate":
            return _simulate(args)
        if args.command in ("tournament", "balance"):
            return _series(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "check-map":
            return _check_map(args.files)
        if args.command == "season":
            return _season(args)
        if args.command in ("serve", "join"):
            return _network(args)
        from scenes.app import run

        return run(args)
    except UnusableFile as error:
        print(f"main.py: {error}", file=sys.stderr)
        return 1
    except CommandLineError as error:
        print(f"main.py: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
