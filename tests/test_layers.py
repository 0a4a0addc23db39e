"""The layer rule of docs/design.md (*The parts of game/*), read from every module's imports.

Each part of the code may import only the parts below it (and itself); the engine and everything
below `scenes/` never imports pygame and never draws from the global `random` (a `random.Random`
made from a seed, or the system's randomness through `secrets`, is how randomness comes in); the
engine's parts (boards, rules, bots, meta) never read the clock either. Every module counts,
sub-packages included, and every import: at the top, inside a function, under `if TYPE_CHECKING:`.
The checks are run on the real tree, then on copies of it with one wrong line planted in each part.
"""

from __future__ import annotations

import ast
import functools
import shutil
from pathlib import Path

import pytest

from tests import code_trees

ROOT = Path(__file__).resolve().parent.parent

# The parts, bottom first: a module may import the parts of its own row and of the rows before it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("game.files", "game.version", "game.envelope"),  # files from outside; the game's version; files' versions
    ("game.boards",),  # the torus of squares and the Tiled boards
    ("game.rules", "game"),  # the rule book as code; `game` re-exports the race and its board
    ("game.bots",),  # the computer racers
    ("game.meta", "game.net"),  # around the race: replays, championships...; the network
    ("game.app",),  # the player's folder and the game session
    ("game.cli",),  # the command line's commands
    ("scenes.core",),  # the window's core: the stack, assets, audio, words, controls, theme, text, the platform
    ("scenes.bridges",),  # threads and processes: the network's loop, the thinker, the desktop platform
    ("scenes.ui",),  # widgets
    ("scenes.render",),  # drawing the board and the animations
    ("scenes.race",),  # the race screen
    ("scenes.screens",),  # the other screens
    ("scenes",),  # the window: the app that wires them, the screenshots
    ("main",),  # the entry
)
ENGINE = (  # no clock
    *("game.files", "game.version", "game.envelope"),
    *("game.boards", "game.rules", "game", "game.bots", "game.meta"),
)
BELOW_SCENES = ("game",)  # every part under game/: no pygame, no global random
RANDOM_ALLOWED = {"Random", "SystemRandom"}  # a stream of one's own, or the system's randomness
CLOCKS = ("time.time", "time.time_ns", "datetime.now", "datetime.today", "date.today")


def module_name(path: Path, root: Path) -> str:
    """`game/rules/race.py` -> `game.rules.race`; `game/__init__.py` -> `game`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str) -> str | None:
    """The part of LAYERS a module belongs to (the longest that names it), or None (outside)."""
    names = [name for row in LAYERS for name in row]
    owners = [name for name in names if module == name or module.startswith(name + ".")]
    return max(owners, key=len) if owners else None


def layer_of(part: str) -> int:
    """The row of LAYERS a part is on, 0 the lowest."""
    return next(row for row, names in enumerate(LAYERS) if part in names)


def sources(root: Path) -> dict[str, Path]:
    """Every module of game/, scenes/ and main.py under `root`, by name."""
    paths = [*sorted((root / "game").rglob("*.py")), *sorted((root / "scenes").rglob("*.py")), root / "main.py"]
    return {module_name(path, root): path for path in paths if path.exists()}


def imported(tree: ast.AST, here: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, module) of every import of a parsed module; `from a import b` counts as `a.b`."""
    package = here.split(".") if is_package else here.split(".")[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


@functools.lru_cache(maxsize=1024)
def read(text: str, name: str, is_package: bool) -> tuple[list[tuple[int, str]], list[tuple[int, str, bool]]]:
    """A module's imports and its uses of the global random and the clock (the planted copies read
    again only what changed)."""
    tree = code_trees.parsed(text)
    return imported(tree, name, is_package), global_uses(tree)


def problems(root: Path) -> list[str]:
    """Every line of game/, scenes/ and main.py under `root` that breaks the layer rule, in words."""
    wrong = []
    for name, path in sources(root).items():
        here = part_of(name)
        if here is None:
            continue
        imports, uses = read(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")
        where = path.relative_to(root).as_posix()
        below_scenes = here.split(".")[0] in BELOW_SCENES
        for line, module in imports:
            other = part_of(module) or part_of(module.rpartition(".")[0])
            if other is not None and layer_of(other) > layer_of(here):
                wrong.append(f"{where}:{line}: {here} imports {module}, of {other}, a part above it")
            if below_scenes and module.split(".")[0] == "pygame":
                wrong.append(f"{where}:{line}: imports pygame below scenes/")
            if below_scenes and module.startswith("random.") and module.split(".")[1] not in RANDOM_ALLOWED:
                wrong.append(f"{where}:{line}: takes {module} from the global random")
        if below_scenes:
            wrong += [f"{where}:{line}: {what}" for line, what, clock in uses if here in ENGINE or not clock]
    return wrong


def global_uses(tree: ast.AST) -> list[tuple[int, str, bool]]:
    """(line, what, whether it is the clock) of every use of the global `random` or of the clock."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        if isinstance(node.value, ast.Name) and node.value.id == "random" and node.attr not in RANDOM_ALLOWED:
            found.append((node.lineno, f"uses the global random (random.{node.attr})", False))
        if node.attr in ("time", "time_ns", "now", "today") and (said := ast.unparse(node)).endswith(CLOCKS):
            found.append((node.lineno, f"reads the clock ({said})", True))
    return found


def test_every_module_keeps_to_its_layer_and_below_scenes_no_pygame_nor_global_random():
    assert len(sources(ROOT)) > 100, "the modules were not found"
    assert problems(ROOT) == []


def test_every_module_of_game_and_scenes_belongs_to_a_part():
    assert [name for name in sources(ROOT) if part_of(name) is None] == []


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of game/, scenes/ and main.py to plant wrong lines in."""
    root = tmp_path_factory.mktemp("tree")
    for folder in ("game", "scenes"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "main.py", root / "main.py")
    return root


SUB_PACKAGES = ["boards", "rules", "bots", "meta", "net", "app", "cli"]
PLANTS = {
    "a wrong-way import": (
        "def later():\n    from scenes.core import stack\n",
        "imports scenes.core.stack, of scenes.core, a part above",
    ),
    "import pygame": ("import pygame  # noqa\n", "imports pygame below scenes/"),
    "from pygame import": ("from pygame import Rect\n", "imports pygame below scenes/"),
    "a global random": ("import random\n\nSEED = random.randrange(9)\n", "uses the global random (random.randrange)"),
    "from random import": ("from random import choice\n", "takes random.choice from the global random"),
}


@pytest.mark.parametrize("package", SUB_PACKAGES)
@pytest.mark.parametrize("plant", PLANTS)
def test_a_planted_wrong_line_in_any_sub_package_is_found_and_named(tree, package, plant):
    code, said = PLANTS[plant]
    planted = tree / "game" / package / "planted.py"
    planted.write_text(code, encoding="utf-8")
    try:
        found = problems(tree)
    finally:
        planted.unlink()
    assert len(found) == 1 and found[0].startswith(f"game/{package}/planted.py:") and said in found[0], found


@pytest.mark.parametrize(
    ("module", "line", "part"),
    [
        ("game/boards/board.py", "from game.rules import tuning\n", "game.rules"),
        ("game/rules/race.py", "from game.bots import ai\n", "game.bots"),
        ("game/bots/ai.py", "from game.meta.replay import Replay\n", "game.meta"),
        ("game/meta/replay.py", "from game.app import userdata\n", "game.app"),
        ("game/net/host.py", "import game.cli.options\n", "game.cli"),
        ("game/files.py", "from game import Race\n", "game"),
        ("game/rules/state.py", "from ..meta import season\n", "game.meta"),
        ("scenes/core/stack.py", "from scenes.ui import widgets\n", "scenes.ui"),
        ("scenes/core/theme.py", "def later():\n    from scenes.bridges import network\n", "scenes.bridges"),
        ("scenes/bridges/link.py", "from scenes.ui.widgets import panel\n", "scenes.ui"),
        ("scenes/ui/widgets.py", "from scenes.render import sprites\n", "scenes.render"),
        ("scenes/render/board.py", "from scenes.race import hud\n", "scenes.race"),
        ("scenes/race/hud.py", "from ..screens import lobby\n", "scenes.screens"),
        ("scenes/screens/title.py", "from scenes import app\n", "scenes"),
        ("scenes/app.py", "import main\n", "main"),
    ],
)
def test_an_import_of_a_part_above_is_found_wherever_it_is_planted(tree, module, line, part):
    path = tree / module
    before = path.read_text(encoding="utf-8")
    path.write_text(before + line, encoding="utf-8")
    try:
        found = problems(tree)
    finally:
        path.write_text(before, encoding="utf-8")
    assert len(found) == 1 and found[0].startswith(f"{module}:") and f"of {part}, a part above" in found[0], found


def test_the_engine_reads_no_clock_but_the_app_may(tree):
    for module, expected in (("game/rules/planted.py", 2), ("game/app/planted.py", 0)):
        planted = tree / module
        planted.write_text("import datetime, time\n\nNOW = time.time()\nTODAY = datetime.datetime.now()\n")
        try:
            assert len(problems(tree)) == expected, module
        finally:
            planted.unlink()


def test_a_stream_of_its_own_and_the_systems_randomness_are_allowed(tree):
    planted = tree / "game" / "rules" / "planted.py"
    planted.write_text("import random\nfrom random import Random\n\nA = random.Random(3)\nB = Random(4)\n")
    try:
        assert problems(tree) == []
    finally:
        planted.unlink()


MOST_LINES = 600  # a module longer than this holds several ideas: split it by the game's own words


def test_no_module_of_the_game_is_longer_than_six_hundred_lines():
    root = Path(__file__).resolve().parent.parent
    modules = [root / "main.py", *sorted((root / "game").rglob("*.py")), *sorted((root / "scenes").rglob("*.py"))]
    long = {
        str(path.relative_to(root)): count
        for path in modules
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"modules over {MOST_LINES} lines: {long}"


def package_graph(root: Path, top: str) -> dict[str, set[str]]:
    """Each part of LAYERS under `top` (`scenes.race`, `game.rules`...) and the other parts its modules import."""
    graph: dict[str, set[str]] = {}
    for name, path in sources(root).items():
        here = part_of(name)
        if here is None or name.split(".")[0] != top:
            continue
        imports, _ = read(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")
        others = {part_of(module) or part_of(module.rpartition(".")[0]) for _, module in imports}
        graph.setdefault(here, set()).update(
            other for other in others if other is not None and other != here and other.split(".")[0] == top
        )
    for others in list(graph.values()):
        for other in others:
            graph.setdefault(other, set())
    return graph


def package_loop(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of packages importing one another (`[a, b, ..., a]`), or None."""
    from tests.test_import_graph import find_cycle

    return find_cycle(graph)


@pytest.mark.parametrize("top", ["game", "scenes"])
def test_no_package_imports_another_that_imports_it_back(top):
    graph = package_graph(ROOT, top)
    assert len(graph) >= 5
    assert package_loop(graph) is None


def test_scenes_has_its_layers_and_few_modules_left_at_its_top():
    packages = {path.parent.name for path in (ROOT / "scenes").glob("*/__init__.py")}
    assert {"core", "ui", "render", "race", "screens", "bridges"} <= packages
    top = sorted(path.name for path in (ROOT / "scenes").glob("*.py"))
    assert len(top) <= 3, top


def test_a_planted_package_loop_is_found(tree):
    path = tree / "scenes" / "core" / "planted.py"
    path.write_text("def later():\n    from scenes.screens import title\n", encoding="utf-8")
    try:
        loop = package_loop(package_graph(tree, "scenes"))
    finally:
        path.unlink()
    assert loop is not None and "scenes.core" in loop and "scenes.screens" in loop, loop
