"""The temporary files a killed write of the player's files left behind (game/files.py
`write_atomically` names them `.<name>.<random>.tmp`, beside their file): removed once they are a
minute old (a write in progress is never touched), never the player's own files."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path


def remove_leftovers(path: Path, older_than: float = 60.0) -> None:
    """Delete the temporary files a killed write of `path` left (ours, never the player's file)."""
    path = Path(path)
    _remove_old(path.parent.glob(f".{path.name}.*.tmp"), older_than)


def remove_all_leftovers(folder: Path, older_than: float = 60.0) -> None:
    """Delete the temporary files killed writes left in `folder`, in one look at the folder (however
    many files it holds)."""
    try:
        with os.scandir(folder) as entries:
            found = [Path(e.path) for e in entries if e.name.startswith(".") and e.name.endswith(".tmp")]
    except OSError:
        return
    _remove_old(found, older_than)


def _remove_old(leftovers: Iterable[Path], older_than: float) -> None:
    now = time.time()
    for leftover in leftovers:
        try:
            if now - leftover.lstat().st_mtime > older_than:
                leftover.unlink()
        except OSError:
            pass
