"""The game's source files as Python syntax trees, each parsed once per test run: the tests that read
the code itself (the layer rule, the import circles, who saves, the engine's emits, the checker's
sentences) share one parse of a text instead of each parsing every module again. A file is parsed
again when its text changes (a planted copy, a file written by a test). The trees are shared: read
them, never change them."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


def tree(path: Path) -> ast.Module:
    """The syntax tree of the Python file at `path`, as it is now."""
    try:
        return parsed(path.read_text(encoding="utf-8"))
    except SyntaxError as error:
        error.filename = str(path)
        raise


@functools.lru_cache(maxsize=1024)
def parsed(text: str) -> ast.Module:
    """The syntax tree of a module's text."""
    return ast.parse(text)
