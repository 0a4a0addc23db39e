"""What the Windows and macOS builds say about themselves (tools/build_info.py, which build.spec calls):
the version from pyproject.toml in the Windows version resource and the macOS Info.plist, and a
build.spec that names the icons, the bundle identifier and each system's form. (The Windows and macOS
builds themselves are made and smoke-tested by .github/workflows/release.yml, on those systems.)"""

from __future__ import annotations

import plistlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tools import build_info

ROOT = Path(__file__).resolve().parent.parent

SPEC = (ROOT / "build.spec").read_text(encoding="utf-8")
BUNDLE_ID = "io.github.fantasy-racing.game"


def pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["version"])


class Recorded:
    """Stands for each class of PyInstaller's version resource (PyInstaller.utils.win32.versioninfo, which
    needs the Windows-only pefile): what the text gives each."""

    def __init__(self, kind: str, *args, **kwargs) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs


def read_version_text(text: str) -> Recorded:
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo")
    space = {name: (lambda *a, _n=name, **k: Recorded(_n, *a, **k)) for name in (*names, "VarStruct")}
    return eval(text, {"__builtins__": {}}, space)  # the text is PyInstaller's, which it too reads by eval


def test_the_version_is_pyprojects():
    assert build_info.version() == pyproject_version()


def test_a_version_becomes_four_numbers():
    assert build_info.four_numbers("1.1.0") == (1, 1, 0, 0)
    assert build_info.four_numbers("2.0.0rc1") == (2, 0, 0, 0)
    assert build_info.four_numbers("3") == (3, 0, 0, 0)
    assert build_info.four_numbers("1.2.3.4.5") == (1, 2, 3, 4)


def test_a_pyproject_without_a_version_stops_the_build_in_one_sentence(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    with pytest.raises(SystemExit) as stopped:
        build_info.version(tmp_path / "pyproject.toml")
    assert "pyproject.toml" in str(stopped.value) and "\n" not in str(stopped.value)


def test_the_windows_version_resource_names_the_game_and_its_version(tmp_path):
    version = pyproject_version()
    path = build_info.windows_version_file(tmp_path, version)
    info = read_version_text(path.read_text(encoding="utf-8"))
    assert info.kind == "VSVersionInfo"
    fixed = info.kwargs["ffi"]
    assert fixed.kwargs["filevers"] == fixed.kwargs["prodvers"] == build_info.four_numbers(version)
    string_file, var_file = info.kwargs["kids"]
    (table,) = string_file.args[0]
    language, strings = table.args
    assert language == "040904B0"
    said = {s.args[0]: s.args[1] for s in strings}
    assert said["ProductName"] == "Fantasy Racing" and said["ProductVersion"] == said["FileVersion"] == version
    assert said["OriginalFilename"] == "fantasy-racing.exe"
    assert var_file.args[0][0].args == ("Translation", [1033, 1200])


def test_the_macos_info_plist_has_the_identifier_version_name_and_high_resolution(tmp_path):
    version = pyproject_version()
    entries = build_info.info_plist(version, BUNDLE_ID)
    read = plistlib.loads(plistlib.dumps(entries))  # what the .app's Info.plist will hold
    assert read["CFBundleIdentifier"] == BUNDLE_ID
    assert read["CFBundleShortVersionString"] == read["CFBundleVersion"] == version
    assert read["CFBundleDisplayName"] == read["CFBundleName"] == "Fantasy Racing"
    assert read["NSHighResolutionCapable"] is True


def test_build_spec_names_the_icons_the_bundle_identifier_and_each_systems_form():
    assert f'BUNDLE_ID = "{BUNDLE_ID}"' in SPEC and "bundle_identifier=BUNDLE_ID" in SPEC
    assert "fantasy-racing.ico" in SPEC and "fantasy-racing.icns" in SPEC
    assert "icon_files.make(" in SPEC and "build_info.windows_version_file(" in SPEC
    assert re.search(r"BUNDLE\(\s*# noqa: F821\s*coll,", SPEC), "the macOS .app bundle"
    assert "info_plist=build_info.info_plist(VERSION, BUNDLE_ID)" in SPEC
    # no console window on Windows and macOS unless asked; Linux keeps its terminal
    assert '"1" if WINDOWS or MACOS else "0"' in SPEC and SPEC.count("console=not WINDOWED") == 2
    assert SPEC.count("icon=ICON") == 2 and SPEC.count("version=VERSION_FILE") == 2


def test_main_says_its_version():
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"Fantasy Racing {pyproject_version()}"
