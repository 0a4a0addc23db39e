"""The code's map is drawn from the tree as it is: every file, folder and module that docs/design.md and
the README's *How the code is laid out* name exists (a module moved or renamed without its map fails here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUOTED = re.compile(r"`([^`\s]+)`")
FILE = re.compile(r"^[\w.-]+\.(?:py|md|json|toml|tmx|txt|spec|png|ogg|ttf)$")
DOTTED = re.compile(r"^(?:game|scenes)(?:\.\w+)+$")
LAYOUT_ROW = re.compile(r"^(\S+/)\s")  # a row of the layout's table: its folder first
NAMED_FILE = re.compile(r"(?<![\w/.])(\w+\.py)\b")
COMMAND = re.compile(r"`[^`]* [^`]*`")  # `main.py relay`: a command, not a module of the row
# The player's folder (game/app/folder.py), which documents name too: not files of the repository.
PLAYERS = {"replays/", "games/", "boards/", "seasons/", "screenshots/", "settings.json", "race-N.json"}


def layout_section(readme: str) -> str:
    """The README's *How the code is laid out*, up to the next section."""
    start = readme.index("## How the code is laid out")
    end = readme.index("\n## ", start + 1)
    return readme[start:end]


def every_file_name() -> set[str]:
    skip = {".venv", ".git", "build", "dist", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
    return {p.name for p in ROOT.rglob("*") if not skip & set(p.relative_to(ROOT).parts)}


def dotted_exists(name: str, root: Path = ROOT) -> bool:
    """`scenes.race.seats.Seats`: the longest part that is a module or a package, and the next name in it."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        path = root.joinpath(*parts[:end])
        module = path.with_suffix(".py") if path.with_suffix(".py").is_file() else path / "__init__.py"
        if module.is_file():
            rest = parts[end:]
            return not rest or re.search(rf"\b{re.escape(rest[0])}\b", module.read_text(encoding="utf-8")) is not None
    return False


def problems(text: str, names: set[str], root: Path = ROOT) -> list[str]:
    """What a document names that the tree does not hold."""
    wrong = []
    for token in QUOTED.findall(text):
        token = token.rstrip(".,;:)").split("#")[0].split(":")[0]
        if not token or "*" in token or "{" in token or token.startswith(("http", "-", "~", "/", "$")):
            continue
        if token in PLAYERS or token.split("/")[0] + "/" in PLAYERS:
            continue
        if "/" in token and re.match(r"^[\w./-]+$", token) and not token.startswith(".venv"):
            # from the root; or a part of game/ named inside its paragraph (`rules/`); or `module.py`'s name
            places = (root / token, root / "game" / token, (root / token.rsplit(".", 1)[0]).with_suffix(".py"))
            if not any(place.exists() for place in places):
                wrong.append(token)
        elif FILE.match(token):
            if token not in names:
                wrong.append(token)
        elif DOTTED.match(token) and not dotted_exists(token, root):
            wrong.append(token)
    folder = None
    for line in text.splitlines():  # the layout's table: each row's folder, and the modules it names in it
        row = LAYOUT_ROW.match(line)
        if row and row.group(1).startswith(("game/", "scenes/")):
            folder = root / row.group(1)
            if not folder.is_dir():
                wrong.append(row.group(1))
        elif not line.startswith(" "):
            folder = None
        if folder is not None:
            wrong += [
                f"{folder.relative_to(root)}/{name}"
                for name in NAMED_FILE.findall(COMMAND.sub("", line))
                if not (folder / name).is_file()
            ]
    return wrong


@pytest.fixture(scope="module")
def names() -> set[str]:
    return every_file_name()


def test_every_path_the_design_names_exists(names):
    assert problems((ROOT / "docs" / "design.md").read_text(encoding="utf-8"), names) == []


def test_every_path_the_readmes_code_layout_names_exists(names):
    assert problems(layout_section((ROOT / "README.md").read_text(encoding="utf-8")), names) == []


def test_a_moved_module_a_wrong_folder_and_a_stale_dotted_name_are_found(names):
    text = (
        "`scenes/title_screen.py` and `scenes/core/stack.py`; `nowhere.py`;\n"
        "`scenes.ui.palette.PANEL` and `scenes.core.theme`\n"
        "```\nscenes/core/          stack.py, assets.py, gone.py\nscenes/nothing/      x\n```\n"
    )
    assert problems(text, names) == [
        "scenes/title_screen.py",
        "nowhere.py",
        "scenes.ui.palette.PANEL",
        "scenes/core/gone.py",
        "scenes/nothing/",
    ]
