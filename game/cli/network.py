"""The network's commands: `serve` (host races for friends, without a window, on a port or through a
relay), `join` (a computer racer takes a seat in a friend's race, from a terminal: an address and a code,
or an invite) and `relay` (run a relay). See docs/network.md."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import math
import sys
from pathlib import Path
from typing import Any

from game.app.folder import user_dir
from game.cli.joining import Progress, print_standings, untrusted_at, why_not
from game.cli.options import CommandLineError, UnusableFile, writable
from game.cli.races import board_from
from game.meta.words import said
from game.net.client import join
from game.net.host import Host, start_seats
from game.net.invite import parse_invite, parse_relay
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
from game.net.relay import Relay, collect_forever
from game.net.relayed import RelayRefused, join_invite, serve_through
from game.net.server import serve_rooms
from game.net.store import Bounds, StoreUnusable
from game.net.store_sql import SqlStore, is_server
from game.net.store_sqlite import STORE_FILE, SqliteStore
from game.net.tls import TlsError, client_context, server_context
from game.rules import levels, seeds
from game.rules.characters import CHARACTERS
from game.rules.race import Race


def run_join(args: argparse.Namespace) -> int:
    """`join HOST:PORT`: a computer racer plays this terminal's seat in a friend's race, saying what it is
    doing (connecting, waiting for the host, racing, each turn) unless --json or --quiet."""
    if args.bot not in levels.LEVELS:
        raise CommandLineError(f"--bot: choose among {', '.join(levels.LEVELS)}, not {args.bot!r}")
    if args.character is not None and args.character not in CHARACTERS:
        raise CommandLineError(
            f"--character: unknown character {args.character!r}; choose among {', '.join(CHARACTERS)}"
        )
    invite = None
    try:
        if "/" in args.host:
            invite = parse_invite(args.host)
            target, code = invite.relay.text, invite.code
        else:
            target, code = address_of(*split_address(args.host)), args.code
            if code is None:
                raise CommandLineError("--code: give the room code the host gave you (or join with an invite)")
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    if invite is not None and invite.days:  # a race over days (game/cli/days.py)
        from game.cli.days import run_join_days

        return run_join_days(args, invite)
    if args.once:
        raise CommandLineError("--once: only a race over days is left at the first wait (RELAY/days/CODE)")
    from game.app.session import FOLDER
    from game.app.settings import Settings

    place = key_place(target, code, args.name)
    key = args.key if args.key is not None else Settings.load(FOLDER).seat_keys.get(place, "")

    def keep(token: str) -> None:
        """The seat's key, printed and kept in the settings (read again just before: another join may
        have kept one meanwhile)."""
        print(f"join: {said('join.key', key=token)}", flush=True)
        settings = Settings.load(FOLDER)
        settings.keep_seat_key(place, token)
        settings.save(FOLDER)

    quiet = args.json or args.quiet
    progress = Progress((lambda line: None) if quiet else (lambda line: print(f"join: {line}", flush=True)))
    progress.say(said("join.connecting", target=target))
    # with the owner key, the lines typed are the host's orders, and his answers are always said
    owner: dict[str, Any] = {}
    if args.owner:
        if len(args.owner) > 64 or not args.owner.isprintable():
            raise CommandLineError("--owner: give the owner key serve printed (letters and digits, 32 of them)")
        owner = {"owner": args.owner, "tell": lambda line: print(f"join: {said('join.host', line=line)}", flush=True)}
    try:
        if invite is not None:
            context = client_context(args.authority) if invite.relay.secure else None
            joining = join_invite(
                invite, args.name, args.character, args.bot, key, keep, context, progress.say,
                delay=args.delay, progress=progress, watch=args.watch, **owner,
            )  # fmt: skip
        else:
            joining = join(
                target, code, args.name, args.character, args.bot,
                delay=args.delay, token=key, keep=keep, progress=progress, watch=args.watch, **owner,
            )  # fmt: skip
        race = asyncio.run(joining)
    except ProtocolError as error:
        print(f"main.py: the host at {target} sent what this game cannot follow: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # refused, unreachable, untrusted, closed by the host, gone: one sentence each
        print(f"main.py: {untrusted_at(error, target) or why_not(error, target, progress)}", file=sys.stderr)
        return 1
    print_standings(race, args.json)
    return 0


async def serving(hosts: list[Host], args: argparse.Namespace) -> list[Race]:
    """The hosts' races: on this machine's port (wss:// with --cert and --key), or through --relay."""
    if args.relay:
        relay = parse_relay(args.relay)
        context = client_context(args.authority) if relay.secure else None
        secrets = [seeds.owner_secret(host.seed, host.code) for host in hosts]
        return await serve_through(hosts, relay, secrets, context, terminal=True)
    tls = server_context(args.cert, args.key) if args.cert else None
    return await serve_rooms(hosts, args.port, args.address, ssl=tls, terminal=True)


def run_serve(args: argparse.Namespace) -> int:
    """`serve`: host one race (or several rooms) until every race is over."""
    try:
        seats = start_seats(args.seats.split(","))
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    if args.takeover_level not in levels.LEVELS:
        raise CommandLineError(
            f"--takeover-level: choose among {', '.join(levels.LEVELS)}, not {args.takeover_level!r}"
        )
    if bool(args.cert) != bool(args.key):
        raise CommandLineError("--cert and --key go together: the certificate and its private key")
    if args.port is None and not args.relay:
        raise CommandLineError("--port: give the port to listen on (or host through a --relay)")
    if args.relay:
        try:
            parse_relay(args.relay)
        except ValueError as error:
            raise CommandLineError(f"--relay: {error}") from None
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
        races = asyncio.run(serving(hosts, args))
    except TlsError as error:
        raise UnusableFile(str(error)) from None
    except RelayRefused as error:
        raise UnusableFile(str(error)) from None
    except OSError as error:
        where = args.relay if args.relay else f"{args.address}:{args.port}"
        words = untrusted_at(error, where) or f"{error.strerror or error}"
        if args.relay:
            raise UnusableFile(f"cannot reach the relay {where}: {words}") from None
        raise UnusableFile(f"cannot listen on {where}: {words}") from None
    if args.timings:
        Path(args.timings).write_text(json.dumps(timings), encoding="utf-8")
    if args.save:
        for host, race in zip(hosts, races):
            path = Path(args.save) if len(hosts) == 1 else Path(args.save).with_suffix(f".{shown_code(host.code)}.json")
            path.write_text(json.dumps(race.to_dict()), encoding="utf-8")
            print(f"serve: {said('serve.saved', path=path)}")
    if len(races) == 1:
        print_standings(races[0], args.json)
    else:
        for host, race in zip(hosts, races):
            print(said("serve.room", code=shown_code(host.code)))
            print_standings(race, False)
        if args.json:
            print(json.dumps({shown_code(host.code): standings_json(race) for host, race in zip(hosts, races)}))
    return 0


def run_relay(args: argparse.Namespace) -> int:
    """`relay`: run a relay until stopped (Ctrl+C), saying where and how operators see it."""
    if bool(args.cert) != bool(args.key):
        raise CommandLineError("--cert and --key go together: the certificate and its private key")
    try:
        tls = server_context(args.cert, args.key) if args.cert else None
    except TlsError as error:
        raise UnusableFile(str(error)) from None
    store = open_store(args)
    relay = Relay(
        max_rooms=args.max_rooms,
        kept=args.keep,
        say=lambda line: print(f"relay: {line}", flush=True),
        store=store,
        finished_kept=args.keep_finished * 86400.0,
    )
    scheme = "wss" if tls else "ws"

    async def running() -> None:
        port = await relay.listen(args.address, args.port, tls)
        relay.watch_loop()  # (this process is the relay's own: asyncio's errors in one line a minute)
        collector = asyncio.ensure_future(collect_forever())  # (this process is the relay's own)
        where = ", ".join(f"{scheme}://{address_of(a.strip(), port)}" for a in (args.address or "0.0.0.0").split(","))
        relay.say(said("relay.listening", where=where, rooms=args.max_rooms))
        if store is not None:
            usage = store.usage()
            relay.say(
                said(
                    "relay.store",
                    path=store.where,
                    rooms=usage.rooms,
                    used=math.ceil(usage.size / 1e6),
                    most=args.store_size,
                    days=args.keep_finished,
                )
            )
        try:
            await asyncio.wait_for(asyncio.Event().wait(), args.lasting)
        except TimeoutError:
            pass
        finally:
            collector.cancel()
            await relay.stop()

    try:
        asyncio.run(running())
    except OSError as error:
        raise UnusableFile(f"cannot listen on {args.address}:{args.port}: {error.strerror or error}") from None
    except KeyboardInterrupt:
        pass
    finally:
        if store is not None:
            store.close()
    return 0


def open_store(args: argparse.Namespace) -> SqlStore | None:
    """The relay's store of rooms over days (`--store`; without a file, rooms.sqlite3 in the relay's data
    folder, a folder `relay` in the per-user folder of whoever runs it; a postgresql:// address, a database
    on a PostgreSQL server that several relays may share), or None; a store that cannot be used is one
    sentence naming it (a server's address without its password)."""
    if args.store is None:
        return None
    bounds = Bounds(store_bytes=args.store_size * 1_000_000)
    try:
        if is_server(args.store):
            return store_at(args.store, bounds)
        path = Path(args.store) if args.store else user_dir() / "relay" / STORE_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        return store_at(str(path), bounds)
    except StoreUnusable as error:
        raise UnusableFile(str(error)) from None
    except ImportError:  # (a build without psycopg: the packaged game is a player's)
        raise UnusableFile(
            "a store on PostgreSQL needs psycopg, which this installation of the game lacks: run the relay "
            "from the sources with the game's requirements (pip install -r requirements.txt)"
        ) from None
    except OSError as error:
        raise UnusableFile(
            f"the store {args.store or 'in the relay data folder'} cannot be made: {error.strerror}"
        ) from None


def store_at(where: str, bounds: Bounds | None = None) -> SqlStore:
    """The store `relay --store WHERE` opens: a PostgreSQL server's address (postgresql://…), or an SQLite
    file (StoreUnusable when it cannot be used; ImportError without psycopg, for a server)."""
    if is_server(where):
        from game.net.store_postgres import PostgresStore

        return PostgresStore(where, bounds)
    return SqliteStore(Path(where), bounds)
