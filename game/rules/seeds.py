"""One seed, every random stream around a race.

A race has one seed: its dice are drawn from it (`game/rules/dice.py`). Everything
else that is random around a race is drawn from a stream that this module
derives from a seed, and from nowhere else:

- each computer racer's choices (`bot_rngs`: one stream a racer, so a racer's
  choices do not depend on how often the others drew);
- the characters drawn for seats nobody chose (`stream(seed, CHARACTERS)`);
- the seeds of a championship's races (`derive(season_seed, SEASON_RACE, n)`)
  and the lineups of a tournament's games (`stream(seed, GAME, n)`).

A new race's own seed (a race at one screen, a championship, a follower's
stand-in) comes from the operating system too (`fresh`), never from the
global `random`, which nothing below `scenes/` touches.

A network race's seed is the host's secret (`hosted`): 128 bits from the
operating system's randomness, and its dice are keyed (`game/rules/dice.py`), so
no friend finds it from the faces he is shown.

So the same seed and lineup give the same race whether `simulate` plays it,
`serve` hosts it or the window shows it. A derived seed is a keyed hash
(BLAKE2b) of the seed, the purpose and its keys: streams for different
purposes or keys share nothing, and any integer seed (a 128-bit one too)
derives the same way on every machine and Python version.
"""

from __future__ import annotations

import hashlib
import random
import secrets

BOT = "bot"  # a computer racer's choices; key: the racer's index
CHARACTERS = "characters"  # the characters drawn for seats that have none
SEASON_RACE = "season race"  # a championship's race seeds; key: the race's index (0-based)
GAME = "tournament game"  # a tournament's or balance run's lineup of one game; key: the game's index
HOSTED_BITS = 128  # a hosted race's seed: 2**128 seeds, beyond any search (docs/network.md, Threats)


FRESH_RANGE = 2**31  # a new race's seed at one screen: short enough to write down in a bug report


def fresh() -> int:
    """A new race's (or championship's) seed, from the operating system's randomness (`secrets`)."""
    return secrets.randbelow(FRESH_RANGE)


def hosted() -> int:
    """A network race's seed: HOSTED_BITS bits from the operating system's randomness (`secrets`)."""
    return secrets.randbits(HOSTED_BITS)


def derive(seed: int, purpose: str, *keys: int | str) -> int:
    """A 64-bit seed for `purpose` (and its keys), derived from `seed`."""
    digest = hashlib.blake2b(repr((int(seed), purpose, keys)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def owner_secret(seed: int, code: str) -> str:
    """The secret that proves to a relay that a host owns its room `code` (docs/network.md, *Relays*):
    192 bits of a keyed hash of the race's seed, so a race saved and resumed proves it again."""
    key = int(seed).to_bytes(64, "big", signed=True)
    return hashlib.blake2b(f"relay owner {code}".encode(), key=key, digest_size=24).hexdigest()[:48]


def owner_key(seed: int, code: str) -> str:
    """The key that lets a client give the host's orders (`remove`, `let`) in room `code`: printed once on
    `serve`'s terminal, never sent to a friend (docs/network.md, *The owner key*). 128 bits of a keyed
    hash of the race's seed, apart from `owner_secret` (which a relay sees)."""
    key = int(seed).to_bytes(64, "big", signed=True)
    return hashlib.blake2b(f"room owner {code}".encode(), key=key, digest_size=16).hexdigest()


def stream(seed: int, purpose: str, *keys: int | str) -> random.Random:
    """A random stream for `purpose` (and its keys), derived from `seed`."""
    return random.Random(derive(seed, purpose, *keys))


def bot_rngs(seed: int, racers: int) -> dict[int, random.Random]:
    """Every racer's own stream for his computer racer's choices, by racer index."""
    return {racer: stream(seed, BOT, racer) for racer in range(racers)}
