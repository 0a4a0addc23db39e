"""The game's version, read from the one place it is written: `pyproject.toml` (`[project] version`).

The packaged build carries pyproject.toml beside its code (build.spec), so that a replay written by
it names the same version as one written from the sources.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

UNKNOWN = "unknown"  # a tree without its pyproject.toml (never the shipped game)


def pyproject() -> Path:
    """Where pyproject.toml is: beside the packaged build's code, else at the top of the sources."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) / "pyproject.toml" if bundle else Path(__file__).resolve().parent.parent / "pyproject.toml"


def read(path: Path) -> str:
    """The `[project] version` of a pyproject.toml, or UNKNOWN when it cannot be read."""
    try:
        with open(path, "rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return UNKNOWN


VERSION = read(pyproject())
