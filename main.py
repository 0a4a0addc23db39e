"""Fantasy Racing: start the game, or run a command without a screen.

python main.py                      the game in a window
python main.py simulate ...         races between computer racers, in the terminal
python main.py tournament ...       bot levels against each other, with statistics
python main.py balance ...          win rates of the ten characters with equal bots
python main.py check-map [FILE...]  check boards drawn in Tiled (no FILE: your own boards folder)
python main.py add-board FILE...    add boards (.tmx) or packs of boards (.zip) to your boards folder
python main.py board-report BOARD   many races on a board, drawn: where racers stop, fight, fall (PNG and HTML)
python main.py replay FILE          play back a replay or a saved race (--check: compare, no screen)
python main.py stats [--csv FILE]   your statistics from the races kept (--csv: every race, a line each)
python main.py serve ...            host a race for friends over the network, without a window
python main.py join HOST:PORT ...   join a friend's race from a terminal, a computer racer playing your seat
python main.py relay ...            run a relay: friends in other homes join hosts with an invite
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on the player's console


def console_streams() -> None:
    """A windowed build (Windows, the macOS .app) starts with no standard streams (sys.stdout is None): a
    command typed in a Windows terminal answers in that terminal, and elsewhere the game's lines go
    nowhere instead of failing."""
    if sys.platform == "win32" and (sys.stdout is None or sys.stderr is None):
        import ctypes

        if ctypes.windll.kernel32.AttachConsole(-1):  # ATTACH_PARENT_PROCESS: the terminal it was typed in
            sys.stdout = sys.stdout or open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
            sys.stderr = sys.stderr or open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it (the window, or a command of game/cli/); the exit code."""
    from game.cli.options import CommandLineError, UnusableFile, build_parser

    try:
        args = build_parser().parse_args(argv)
        from game.app import logs
        from game.meta import words

        logs.show_native(getattr(args, "verbose", False))  # SDL's and ALSA's own lines in the terminal too
        if args.command is None:
            from scenes.app import run

            return run(args)
        from game.app.userboards import shipped_maps
        from game.cli.boards import language_of

        with words.speaking(language_of(getattr(args, "lang", None)), shipped_maps()):  # (the settings' language)
            return command(args)
    except UnusableFile as error:
        print(f"main.py: {error}", file=sys.stderr)
        return 1
    except CommandLineError as error:
        print(f"main.py: {error}", file=sys.stderr)
        return 2


def command(args) -> int:
    """Run a command of game/cli/ (not the window); its exit code."""
    from game.cli import boards, history, network, races
    from game.cli.options import UnusableFile

    if args.command == "simulate":
        return races.run_simulate(args)
    if args.command in ("tournament", "balance"):
        if not args.plot:
            return races.run_series(args)
        from scenes.core.plot import win_rate_chart

        return races.run_series(args, plot=win_rate_chart)
    if args.command == "replay":
        if args.check:
            return races.run_replay_check(args)
        from game.meta.replay import ReplayError
        from scenes.app import run_replay

        replay = races.read_replay(args.replay_file)
        try:
            return run_replay(replay, args.speed)
        except ReplayError as error:
            raise UnusableFile(str(error)) from None
    if args.command == "check-map":
        return boards.run_check_map(args.files, args.form, args.lang)
    if args.command == "add-board":
        return boards.run_add_board(args.files, args.lang)
    if args.command == "board-report":
        from game.cli.report import run_board_report

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: the picture is drawn off screen
        from scenes.render.report import make

        return run_board_report(args, make)
    if args.command == "season":
        return races.run_season(args)
    if args.command == "stats":
        return history.run_stats(args)
    if args.command == "serve":
        return network.run_serve(args)
    if args.command == "join":
        return network.run_join(args)
    if args.command == "room":
        from game.net.window_room import run_room

        return run_room()
    if args.command == "relay":
        return network.run_relay(args)
    if args.command in ("days", "races"):
        from game.cli import days

        if args.command == "races":
            return days.run_races(args)
        return days.run_create(args) if args.days_command == "create" else days.run_replay(args)
    from scenes.app import run

    return run(args)  # (a command of the window's own)


if __name__ == "__main__":
    # A packaged game's worker processes (the computer racers' pool, game/bots/thinking.py) start as this
    # program with multiprocessing's own arguments: run them, not the game.
    import multiprocessing

    multiprocessing.freeze_support()
    console_streams()
    sys.exit(main())
