"""The release workflow (.github/workflows/release.yml), checked without GitHub: it validates against the
GitHub workflow schema (check-jsonschema's own copy of it, pinned in requirements-dev.txt), and it
builds on every system, smoke-tests each build on its own system, archives it and sums it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("check_jsonschema", reason="check-jsonschema is not installed (requirements-dev.txt pins it)")
from ruamel.yaml import YAML  # noqa: E402 (check-jsonschema's own YAML reader)

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def validate(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def workflow() -> dict:
    return YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def steps_text(job: dict) -> str:
    return "\n".join(
        str(step.get("run", "")) + str(step.get("uses", "")) + str(step.get("if", "")) for step in job["steps"]
    )


def test_the_workflow_validates_against_the_github_workflow_schema():
    done = validate(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "validation done" in done.stdout


def test_the_schema_check_refuses_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    text = WORKFLOW.read_text(encoding="utf-8").replace("runs-on: ${{ matrix.os }}", "runs_on: ${{ matrix.os }}")
    broken.write_text(text, encoding="utf-8")
    done = validate(broken)
    assert done.returncode == 1, "a job without runs-on passed the schema: the check checks nothing"


def test_a_tag_starts_it(workflow):
    # (YAML 1.1 reads the bare key `on` as true; ruamel's safe loader keeps it "on")
    trigger = workflow.get("on", workflow.get(True))
    assert trigger["push"]["tags"] == ["v*"]


def test_it_builds_on_linux_windows_and_macos_with_the_pinned_requirements(workflow):
    build = workflow["jobs"]["build"]
    matrix = build["strategy"]["matrix"]["include"]
    systems = {entry["system"]: entry["os"] for entry in matrix}
    assert set(systems) == {"linux", "windows", "macos"}
    assert systems["linux"].startswith("ubuntu") and systems["windows"].startswith("windows")
    assert systems["macos"].startswith("macos")
    assert build["runs-on"] == "${{ matrix.os }}"
    text = steps_text(build)
    assert "pip install -r requirements-dev.txt" in text
    assert "PyInstaller --noconfirm build.spec" in text
    games = {entry["system"]: entry["game"] for entry in matrix}
    assert games["windows"].endswith("fantasy-racing.exe") and ".app/Contents/MacOS/" in games["macos"]


def test_each_build_is_smoke_tested_on_its_own_system(workflow):
    build = workflow["jobs"]["build"]
    (smoke,) = [step for step in build["steps"] if "tools/smoke_test.py" in str(step.get("run", ""))]
    assert '"${{ matrix.game }}"' in smoke["run"] and "if" not in smoke, "every system runs it"
    assert smoke["env"]["SDL_VIDEODRIVER"] == "dummy"
    assert (ROOT / "tools" / "smoke_test.py").is_file()
    names = [step.get("name", "") for step in build["steps"]]
    assert names.index(smoke["name"]) < min(i for i, n in enumerate(names) if n.startswith("Archive"))


def test_archives_a_debian_package_and_sha256_sums_are_attached_to_the_release(workflow):
    text = steps_text(workflow["jobs"]["build"])
    assert "linux-${{ matrix.arch }}.tar.gz" in text and "tar -czf" in text
    assert "windows-${{ matrix.arch }}.zip" in text and "macos-${{ matrix.arch }}.zip" in text
    assert "tools/make_deb.py" in text
    assert "hashlib.sha256" in text and ".sha256" in text
    release = workflow["jobs"]["release"]
    assert release["needs"] == "build" and release["permissions"]["contents"] == "write"
    text = steps_text(release)
    assert "sha256sum --check" in text and "SHA256SUMS" in text
    assert "gh release create" in text and "release/*" in text


@pytest.mark.skipif(sys.platform.startswith("win"), reason="the stand-in game is a shell script")
def test_the_smoke_test_fails_in_one_line_when_the_game_names_another_version(tmp_path):
    game = tmp_path / "fantasy-racing"
    game.write_text("#!/bin/sh\necho 'Fantasy Racing 0.0.1'\n")
    game.chmod(0o755)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "smoke_test.py"), str(game)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "not pyproject.toml's version" in done.stderr
    missing = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "smoke_test.py"), str(tmp_path / "absent")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert missing.returncode == 1 and "no packaged game there" in missing.stderr
