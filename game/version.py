"""The game's version, read from the one place it is written: `pyproject.toml` (`[project] version`).

The packaged build carries pyproject.toml beside its code (build.spec), so that a replay written by
it names the same version as one written from the sources. Where there is no pyproject.toml beside the
code (the game installed as a package, `pip install .`), the installed package's metadata say it,
which pip took from the same pyproject.toml (`importlib.metadata`; tests/test_version.py checks that
they agree). Every file that names the game's version (a replay's "game_version") reads `VERSION`.
"""

from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from pathlib import Path

UNKNOWN = "unknown"  # a tree without its pyproject.toml nor installed (never the shipped game)
PACKAGE = "fantasy-racing"  # pyproject.toml's [project] name: the installed package's metadata


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


def installed(package: str = PACKAGE) -> str:
    """The version of the installed package (its metadata, written by pip from pyproject.toml), or
    UNKNOWN when the game is not installed as a package."""
    try:
        return importlib.metadata.version(package)
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return UNKNOWN


def found() -> str:
    """The game's version: its pyproject.toml's, else the installed package's (or UNKNOWN)."""
    version = read(pyproject())
    return version if version != UNKNOWN else installed()


VERSION = found()
