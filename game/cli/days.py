"""The command line of races over days (issue 46; docs/network.md, *Races over days*): `days create` (a
room on a relay with a store, its invite printed), `join INVITE --once` (this seat's pending decisions
played by a computer level, then leave at the first wait), `races` (the player's races over days, on
every relay he used) and `days replay` (a finished race's replay, from its relay).

A player's seat keys over days are his: one a relay and name, made here (192 bits from the operating
system) and kept in his folder (`KEYS_FILE`, readable by him only), so that every run of `join` takes the
same seat back, and `races` asks each relay for his rooms by his keys' hashes (never a key). `join --key`
gives a key kept elsewhere (resuming from another computer: the invite and the key).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import sys
import time
from pathlib import Path
from typing import Any

from game import files
from game.cli.options import CommandLineError, UnusableFile, root, writable
from game.cli.races import board_from
from game.net.days_client import ask, create_request
from game.net.invite import DAYS, Invite, Relay, parse_invite, parse_relay
from game.net.protocol import clean_name, shown_code
from game.net.store import CLOCK_SECONDS, RUN_OUT, key_hash
from game.rules import levels
from game.rules.characters import CHARACTERS

KEYS_FILE = "races-over-days.json"  # in the player's folder: his seat keys over days
KEYS_KEPT = 64  # keys the file keeps at most (the oldest let go)
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


# ---------------------------------------------------------------- the player's keys
def keys_path() -> Path:
    from game.app.session import FOLDER

    return FOLDER.path() / KEYS_FILE


def read_keys() -> list[dict[str, str]]:
    """The keys kept: each {"relay": text, "name": name, "key": key}; a file that is not one is none."""
    try:
        data = json.loads(keys_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    kept = data.get("keys") if isinstance(data, dict) else None
    if not isinstance(kept, list):
        return []
    fields = ("relay", "name", "key")
    return [k for k in kept if isinstance(k, dict) and all(type(k.get(f)) is str for f in fields)][-KEYS_KEPT:]


def key_for(relay: Relay, name: str, given: str | None) -> str:
    """The player's key on this relay under this name: `given`, the one kept, or a new one; kept."""
    keys = read_keys()
    found = next((k for k in keys if k["relay"] == relay.text and same(k["name"], name)), None)
    key = given or (found["key"] if found is not None else secrets.token_urlsafe(24))
    if found is None or found["key"] != key:
        keys = [k for k in keys if k is not found] + [{"relay": relay.text, "name": clean_name(name), "key": key}]
        try:
            write_private(keys_path(), json.dumps({"keys": keys[-KEYS_KEPT:]}, indent=1))
        except OSError as error:
            raise UnusableFile(f"your seat keys over days cannot be kept in your folder: {error.strerror}") from None
    return key


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` readable by its owner only from its first byte (a new file, then renamed)."""
    new = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    descriptor = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(new, path)
    except BaseException:
        new.unlink(missing_ok=True)
        raise


def same(a: str, b: str) -> bool:
    return clean_name(a).casefold() == clean_name(b).casefold()


# ---------------------------------------------------------------- a request to a relay's /days
def asked(relay: Relay, request: dict[str, Any], authority: str | None) -> dict[str, Any]:
    try:
        return asyncio.run(ask(relay, request, authority))
    except (OSError, ValueError, TimeoutError) as error:
        raise UnusableFile(f"the relay {relay.text}: {error}") from None
    except Exception as error:  # (websockets' own: a handshake refused, a connection closed)
        raise UnusableFile(f"the relay {relay.text} could not be asked: {error}") from None


# ---------------------------------------------------------------- days create
def clock_seconds(text: str) -> int:
    """A decision's clock from 3600, 90m, 12h or 2d (CommandLineError otherwise)."""
    unit = text[-1:].lower() if text[-1:].isalpha() else "s"
    number = text[:-1] if text[-1:].isalpha() else text
    low, high = CLOCK_SECONDS
    if unit not in UNITS or not (number.isascii() and number.isdigit()) or not low <= int(number) * UNITS[unit] <= high:
        raise CommandLineError(f"--clock: give seconds, or minutes, hours or days (90m, 12h, 2d): {low} s to 30 days")
    return int(number) * UNITS[unit]


def seats_of(text: str) -> list[Any]:
    """`--seats 3` (three persons) or `person,person,bot:LEVEL[:CHARACTER]`."""
    if text.isascii() and text.isdigit():
        return ["person"] * int(text)
    seats: list[Any] = []
    for item in (i.strip() for i in text.split(",")):
        level, _, character = item[4:].partition(":")
        if item == "person":
            seats.append("person")
        elif item.startswith("bot:") and level in levels.LEVELS and (not character or character in CHARACTERS):
            seats.append({"level": level, **({"character": character} if character else {})})
        else:
            raise CommandLineError(f"--seats: {item[:20]!r} is not person or bot:LEVEL[:CHARACTER]")
    return seats


def board_named(name: str) -> Any:
    """A shipped board by its name (meadow), or a board's file."""
    shipped = root() / "maps" / f"{name}.tmx"
    return board_from(shipped if "/" not in name and shipped.is_file() else name)


def run_create(args: argparse.Namespace) -> int:
    """`days create`: a race over days on a relay with a store; its invite printed."""
    try:
        relay = parse_relay(args.relay)
    except ValueError as error:
        raise CommandLineError(f"--relay: {error}") from None
    if args.run_out not in RUN_OUT:
        raise CommandLineError(f"--run-out: {' or '.join(repr(r) for r in RUN_OUT)}")
    board = board_named(args.board)
    creator = (args.name, key_hash(key_for(relay, args.name, None)).hex()) if args.name else None
    turns = args.turns or board.turns
    request = create_request(
        board.to_dict(), turns, seats_of(args.seats), clock_seconds(args.clock), args.run_out, creator
    )
    answer = asked(relay, request, args.authority)
    invite = Invite(relay, str(answer["code"]), days=True)
    print(invite.text)
    if not args.quiet:
        print(f"days: send this invite to the players: each joins with main.py join {invite.text} --name NAME")
    return 0


# ---------------------------------------------------------------- join --once
def run_join_days(args: argparse.Namespace, invite: Invite) -> int:
    """`join RELAY/days/CODE`: take (or take back) this player's seat with his key; a computer level plays
    his decisions; with --once, leave at the first wait for another player."""
    from game.cli.joining import Progress, print_standings, untrusted_at, why_not
    from game.net.client import Waiting, join
    from game.net.tls import client_context

    key = key_for(invite.relay, args.name, args.key)
    quiet = args.json or args.quiet
    progress = Progress((lambda line: None) if quiet else (lambda line: print(f"join: {line}", flush=True)))
    target = invite.relay.text
    try:
        context = client_context(args.authority) if invite.relay.secure else None
        joining = join(
            target, invite.code, args.name, args.character, args.bot, token=key, url=invite.url, ssl=context,
            progress=progress, delay=args.delay, once=args.once,
        )  # fmt: skip
        race = asyncio.run(joining)
    except Waiting as waiting:
        message = waiting.message
        if message["seat"] is None:
            print("join: the race waits for its players to take their seats: come back later", flush=True)
        else:
            left = message["seconds"]
            clock = f" ({left / 3600:.1f} h left on his clock)" if left is not None else ""
            print(f"join: your decisions are played; the race waits for {message['name']}{clock}", flush=True)
        if args.json:
            print(json.dumps({"waiting": {"seat": message["seat"], "name": message["name"]}}))
        return 0
    except Exception as error:  # refused, unreachable, untrusted, closed: one sentence each
        print(f"main.py: {untrusted_at(error, target) or why_not(error, target, progress)}", file=sys.stderr)
        return 1
    print_standings(race, args.json)
    return 0


# ---------------------------------------------------------------- races, days replay
def run_races(args: argparse.Namespace) -> int:
    """`races`: the player's races over days on every relay he used, whose turn it is in each."""
    keys = read_keys()
    if not keys:
        print("races: you sit in no race over days yet (join one with main.py join RELAY/days/CODE --name NAME)")
        return 0
    found: list[dict[str, Any]] = []
    for relay_text in dict.fromkeys(k["relay"] for k in keys):
        mine = [k for k in keys if k["relay"] == relay_text]
        relay = parse_relay(relay_text)
        try:
            answer = asyncio.run(ask(relay, {"type": "rooms", "keys": [key_hash(k["key"]).hex() for k in mine]}))
        except Exception as error:  # (a relay down: the others are listed)
            print(f"races: the relay {relay_text} could not be asked: {error}", file=sys.stderr)
            continue
        for entry, rooms in zip(mine, answer.get("rooms", [])):
            for room in rooms:
                found.append({"relay": relay_text, "name": entry["name"], **room})
    for room in found:
        invite = f"{room['relay']}/{DAYS}/{shown_code(room['code'])}"
        turn, names = room["turn"], room["names"]
        if room["state"] in ("finished", "given up"):
            state = room["state"]
        elif room["state"] == "open" and turn is None:
            state = "waiting for players to take their seats"
        elif turn == room["seat"]:
            left = max(0.0, room["deadline"] - time.time()) / 3600 if room["deadline"] is not None else None
            state = "YOUR TURN" + (f" ({left:.1f} h left)" if left is not None else "")
        else:
            state = f"waiting for {names[turn] if turn is not None and turn < len(names) else 'a computer racer'}"
        print(f"{invite}  {room['name']} in seat {room['seat'] + 1}: {state}")
    waiting = sum(1 for r in found if r["turn"] == r["seat"] and r["state"] not in ("finished", "given up"))
    print(f"races: {len(found)} race{'s' if len(found) != 1 else ''} over days, {waiting} waiting for you")
    if args.json:
        print(json.dumps(found))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """`days replay INVITE --name NAME --out FILE`: a finished race's replay, from its relay."""
    try:
        invite = parse_invite(args.invite)
    except ValueError as error:
        raise CommandLineError(str(error)) from None
    writable(args.out, "--out")
    key = key_for(invite.relay, args.name, args.key)
    request = {"type": "replay", "code": invite.code, "keys": [key_hash(key).hex()]}
    answer = asked(invite.relay, request, args.authority)
    race = answer.get("race")
    if not isinstance(race, dict):
        raise UnusableFile(f"the relay {invite.relay.text} sent no race")
    files.write_atomically(Path(args.out), json.dumps(race))
    print(f"days: the replay of {invite.text} is in {args.out} (check it with main.py replay {args.out} --check)")
    return 0
