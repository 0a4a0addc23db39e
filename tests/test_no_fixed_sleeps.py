"""Tests wait for a log line, a port or a state, with a bound, never for a fixed time: a fixed sleep is
too short on a loaded machine and wasted on a quiet one. This finds every sleep of a tenth of a second
or more in tests/ (a number written in the call, or a module's constant), and is itself tested on a
planted one."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.code_trees import parsed

TESTS = Path(__file__).resolve().parent
LONGEST = 0.1  # seconds: a sleep this long or longer is a fixed wait, not a look between two looks


def constants(module: ast.Module) -> dict[str, float]:
    """The module's names bound at its top level to a number (POLL = 0.05)."""
    found = {}
    for node in module.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Constant):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, int | float):
                    found[target.id] = float(node.value.value)
    return found


def fixed_sleeps(text: str) -> list[tuple[int, float]]:
    """(line, seconds) of every `sleep(...)` call of LONGEST seconds or more in a module's text."""
    module = parsed(text)
    named = constants(module)
    found = []
    for node in ast.walk(module):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if called != "sleep":
            continue
        argument = node.args[0]
        if isinstance(argument, ast.Constant) and isinstance(argument.value, int | float):
            seconds = float(argument.value)
        elif isinstance(argument, ast.Name) and argument.id in named:
            seconds = named[argument.id]
        else:
            continue
        if seconds >= LONGEST:
            found.append((node.lineno, seconds))
    return found


def test_no_test_sleeps_a_fixed_tenth_of_a_second_or_more():
    found = [
        f"{path.relative_to(TESTS.parent)}:{line}: sleep({seconds:g})"
        for path in sorted(TESTS.rglob("*.py"))
        for line, seconds in fixed_sleeps(path.read_text(encoding="utf-8"))
    ]
    assert not found, "wait for a state with a bound (tests/waiting.py) instead of:\n" + "\n".join(found)


def test_the_finder_finds_planted_sleeps_and_lets_short_looks_be():
    planted = (
        "import asyncio, time\nFLOOD = 4.0\nPOLL = 0.05\n"
        "def a():\n    time.sleep(0.5)\n    time.sleep(POLL)\n"
        "async def b():\n    await asyncio.sleep(FLOOD)\n    await asyncio.sleep(0.01)\n    await asyncio.sleep(1)\n"
    )
    assert fixed_sleeps(planted) == [(5, 0.5), (8, 4.0), (10, 1.0)]
