"""`main.py stats`: the player's statistics from the races kept in his folder (game/app/stats.py), as
lines of text, or every race he played as CSV (`--csv [FILE]`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game import files
from game.app import session, stats
from game.app.settings import Settings
from game.cli.options import UnusableFile, writable
from game.meta.words import said


def run_stats(args: argparse.Namespace) -> int:
    """Print the statistics, or write them as CSV; exit 1 when the CSV cannot be written."""
    if args.csv not in (None, "-"):
        writable(args.csv, "--csv", ".csv")
    settings = Settings.load(session.FOLDER)
    if args.names:
        found = session.statistics(",".join(args.names), "", settings.stats_since)
    else:
        found = session.statistics(settings.player_name, settings.me_names, settings.stats_since)
    for sentence in found.unreadable:  # (each file that could not be read, named: the figures go on without it)
        print(f"main.py: {sentence}", file=sys.stderr)
    if args.csv is None:
        print("\n".join(stats.summary_lines(found)))
        return 0
    content = stats.csv_text(found)
    if args.csv == "-":
        sys.stdout.write(content)
        return 0
    try:
        files.write_atomically(Path(args.csv).expanduser(), content)
    except OSError as error:
        raise UnusableFile(f"{args.csv} could not be written ({error.strerror or error})") from None
    print(said("wrote_races", file=args.csv, count=found.races))
    return 0
