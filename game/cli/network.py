"""The network's commands: `serve` (host races for friends, without a window) and `join` (a
computer racer takes a seat in a friend's race, from a terminal). See docs/network.md."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
from pathlib import Path

from game import ai, seeds
from game.cli.options import CommandLineError, UnusableFile, writable
from game.cli.races import board_from
from game.net.client import join
from game.net.host import Host, start_seats
from game.net.protocol import (
    ProtocolError,
    address_of,
    code_problem,
    key_place,
    plain_code,
    room_code,
    shown_code,
    split_address,
    standings_json,
)
from game.net.server import serve_rooms
from game.race import Race


def print_standings(race: Race, as_json: bool) -> None:
    """The final standings, and with --json the same as one JSON line."""
    for place, index, points in race.standings():
        print(f"  {place}. {race.racers[index].name:16} {points:4d} points")
    if as_json:
        print(json.dumps(standings_json(race)))


def run_join(args: argparse.Namespace) -> int:
    """`join HOST:PORT`: a computer racer plays this terminal's seat in a friend's race."""
    if args.bot not in ai.LEVELS:
        raise CommandLineError(f"--bot: choose among {', '.join(ai.LEVELS)}, not {args.bot!r}")
    try:
        target = address_of(*split_address(args.host))
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    from game.app.settings import Settings

    place = key_place(target, args.code, args.name)
    key = args.key if args.key is not None else Settings.load().seat_keys.get(place, "")

    def keep(token: str) -> None:
        """The seat's key, printed and kept in the settings (read again just before: another join may
        have kept one meanwhile)."""
        print(f"join: your seat's key is {token} (join again with --key {token} to take your seat back)", flush=True)
        settings = Settings.load()
        settings.keep_seat_key(place, token)
        settings.save()

    try:
        race = asyncio.run(
            join(target, args.code, args.name, args.character, args.bot, delay=args.delay, token=key, keep=keep)
        )
    except ProtocolError as error:
        print(f"main.py: the host at {args.host} sent what this game cannot follow: {error}", file=sys.stderr)
        return 1
    except (OSError, ConnectionError) as error:
        print(f"main.py: the race at {args.host} ended for this client: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # the connection closed by the host (a refusal): one sentence
        print(f"main.py: the host at {args.host} closed the connection: {error}", file=sys.stderr)
        return 1
    print_standings(race, args.json)
    return 0


def run_serve(args: argparse.Namespace) -> int:
    """`serve`: host one race (or several rooms) until every race is over."""
    try:
        seats = start_seats(args.seats.split(","))
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    if args.takeover_level not in ai.LEVELS:
        raise CommandLineError(f"--takeover-level: choose among {', '.join(ai.LEVELS)}, not {args.takeover_level!r}")
    writable(args.save, "--save")
    writable(args.timings, "--timings")
    board = board_from(args.serve_board)
    if len(seats) > board.max_racers:
        raise CommandLineError(f"--seats: {board.name} takes at most {board.max_racers} racers")
    if args.code is not None and args.rooms > 1:
        raise CommandLineError("--code names one room's code: each of --rooms has its own random code")
    codes = [plain_code(args.code)] if args.code is not None else []
    if codes and code_problem(codes[0]):
        raise CommandLineError(f"--code: {code_problem(codes[0])}")
    while len(codes) < args.rooms:
        codes += [code for code in [room_code()] if code not in codes]
    hosts = [
        Host(
            board,
            args.turns or board.turns,
            [dataclasses.replace(s) for s in seats],
            code,
            args.seed + n if args.seed is not None else seeds.hosted(),  # (no seed given: 128 bits, never shown)
            takeover=args.takeover,
            takeover_level=args.takeover_level,
            say=lambda line: print(f"serve: {line}", flush=True),
            clock=args.clock,
        )
        for n, code in enumerate(codes)
    ]
    timings: list[tuple[str, int, float]] = []
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
            path = Path(args.save) if len(hosts) == 1 else Path(args.save).with_suffix(f".{shown_code(host.code)}.json")
            path.write_text(json.dumps(race.to_dict()), encoding="utf-8")
            print(f"serve: the race is saved in {path}")
    if len(races) == 1:
        print_standings(races[0], args.json)
    else:
        for host, race in zip(hosts, races):
            print(f"room {shown_code(host.code)}:")
            print_standings(race, False)
        if args.json:
            print(json.dumps({shown_code(host.code): standings_json(race) for host, race in zip(hosts, races)}))
    return 0
