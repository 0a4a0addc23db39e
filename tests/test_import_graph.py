"""No module of `game/` or `scenes/` imports another that imports it back (directly or in a circle).

Every import counts: at the top of a module, inside a function, under
`if TYPE_CHECKING:`. `from package import name` depends on the submodule
`package.name` when there is one, else on the package's `__init__`.
"""

import ast
from pathlib import Path

import pytest

from tests import code_trees

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path, root: Path) -> str:
    """`game/rules/race.py` -> `game.rules.race`; `game/__init__.py` -> `game`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package and the modules of the same package it imports."""
    root = package.parent
    files = {module_name(path, root): path for path in sorted(package.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        needs: set[str] = set()
        for node in ast.walk(code_trees.tree(path)):
            if isinstance(node, ast.Import):
                needs.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = here[: len(here) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                submodules = {f"{base}.{alias.name}" for alias in node.names} & files.keys()
                needs |= submodules
                if len(submodules) < len(node.names):
                    needs.add(base)
        graph[name] = {other for other in needs if other in files and other != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports (`[a, b, ..., a]`), or None."""
    state: dict[str, int] = {}  # 1: being explored, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                return path[path.index(other) :] + [other]
            if other not in state and (cycle := visit(other)):
                return cycle
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state and (cycle := visit(name)):
            return cycle
    return None


@pytest.mark.parametrize("package", ["game", "scenes"])
def test_no_module_imports_another_that_imports_it_back(package):
    graph = import_graph(ROOT / package)
    assert len(graph) > 5
    cycle = find_cycle(graph)
    assert cycle is None, f"import circle in {package}/: {' -> '.join(cycle)}"


def test_the_engine_reads_bottom_up_state_below_the_rules_below_the_race():
    graph = import_graph(ROOT / "game")
    assert "game.rules.race" not in graph["game.rules.state"]
    for rules in ("game.rules.moves", "game.rules.combat", "game.rules.chests", "game.rules.effects"):
        assert "game.rules.state" in graph[rules] and "game.rules.race" not in graph[rules]


def test_the_checker_finds_circles_through_functions_type_checking_and_relative_imports(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def later():\n    from pkg.sub import c\n")
    (package / "sub" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .. import a\n")
    (package / "d.py").write_text("import pkg.a\n")
    graph = import_graph(package)
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.sub.c"} and graph["pkg.sub.c"] == {"pkg.a"}
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]
    (package / "sub" / "c.py").write_text("X = 1\n")
    assert find_cycle(import_graph(package)) is None
