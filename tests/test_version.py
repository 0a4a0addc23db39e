"""The game's version is written once, in pyproject.toml, and read from there (game/version.py)."""

import tomllib
from pathlib import Path

from game import version

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_pyprojects_and_the_packaged_build_carries_pyproject():
    with open(ROOT / "pyproject.toml", "rb") as file:
        assert version.VERSION == tomllib.load(file)["project"]["version"]
    assert '(os.path.join(ROOT, "pyproject.toml"), ".")' in (ROOT / "build.spec").read_text()


def test_a_missing_or_broken_pyproject_gives_an_unknown_version(tmp_path):
    assert version.read(tmp_path / "absent.toml") == version.UNKNOWN
    (tmp_path / "broken.toml").write_text("[project\nversion = 1")
    assert version.read(tmp_path / "broken.toml") == version.UNKNOWN
    (tmp_path / "bare.toml").write_text("[project]\nname = 'x'\n")
    assert version.read(tmp_path / "bare.toml") == version.UNKNOWN


def test_without_pyproject_the_installed_packages_metadata_say_the_version(tmp_path, monkeypatch):
    monkeypatch.setattr(version, "pyproject", lambda: tmp_path / "absent.toml")

    def metadata(name):
        if name != "fantasy-racing":
            raise version.importlib.metadata.PackageNotFoundError(name)
        return "9.8.7"

    monkeypatch.setattr(version.importlib.metadata, "version", metadata)
    assert version.found() == "9.8.7"
    assert version.installed("not-this-game") == version.UNKNOWN


def test_the_installed_package_if_any_has_pyprojects_version():
    """pip takes the metadata's version from pyproject.toml: an installed game agrees (`pip install -e .`,
    tests/test_project.py; not installed here, the metadata say nothing)."""
    assert version.installed() in (version.VERSION, version.UNKNOWN)


def test_a_windowed_build_without_standard_streams_runs_its_commands_without_failing():
    import subprocess
    import sys

    program = (
        "import sys, main; sys.stdout = None; sys.stderr = None; main.console_streams();"
        "print('a line'); print('an error', file=sys.stderr); sys.stdout.flush(); main.main(['--version'])"
    )
    done = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
