"""Count the function parameters named for one of the game's objects and typed `Any` (issue 35).

    .venv/bin/python tools/typed_any.py [--list]

A parameter counts when its name is one of DOMAIN (a race, a scene, a decision, an event...) and its
annotation is `Any` (`Any` stays right for data not yet checked, such as parsed JSON, which has
other names). Reads game/, scenes/ and main.py. Also counted: such parameters with no annotation at
all, which mypy reads as Any too.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = {
    "race", "scene", "decision", "event", "client", "board", "racer", "seat", "seats", "session",
    "stack", "app", "playback", "panel", "camera", "host", "follower", "guide", "season", "replay",
    "drawing", "renderer", "option", "options", "connection", "room", "hud", "entry", "widget",
}  # fmt: skip


def typed_any(path: Path) -> list[tuple[int, str]]:
    """(line, name) of each parameter of `path` named for a domain object and annotated Any."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                note = arg.annotation
                if arg.arg in DOMAIN and isinstance(note, ast.Name) and note.id == "Any":
                    found.append((arg.lineno, arg.arg))
    return found


def bare(path: Path) -> list[tuple[int, str]]:
    """(line, name) of each parameter of `path` named for a domain object and not annotated."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            found += [
                (a.lineno, a.arg)
                for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
                if a.annotation is None and a.arg in DOMAIN
            ]
    return found


def main() -> None:
    """Print the count by name (and, with --list, every place)."""
    paths = [*sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "scenes").rglob("*.py")), ROOT / "main.py"]
    places = [(path.relative_to(ROOT), line, name) for path in paths for line, name in typed_any(path)]
    if "--list" in sys.argv:
        for path, line, name in places:
            print(f"{path}:{line}: {name}: Any")
    names = Counter(name for _, _, name in places)
    unannotated = [(path.relative_to(ROOT), line, name) for path in paths for line, name in bare(path)]
    if "--list" in sys.argv:
        for path, line, name in unannotated:
            print(f"{path}:{line}: {name}: (no annotation)")
    print(f"{len(unannotated)} parameters named for a domain object with no annotation")
    print(
        f"{len(places)} parameters named for a domain object typed Any: "
        + ", ".join(f"{n} x{c}" for n, c in names.most_common())
    )


if __name__ == "__main__":
    main()
