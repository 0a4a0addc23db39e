"""tools/make_deb.py's quick parts (the package itself is built, read and installed by
tests/test_packaging.py, from a real build): the control file, and a folder that is no build."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools import make_deb

ROOT = Path(__file__).resolve().parent.parent


def test_the_control_file_names_the_package_its_version_and_size():
    text = make_deb.control("1.2.3", "amd64", 4567)
    fields = dict(line.split(": ", 1) for line in text.splitlines() if line and not line.startswith(" "))
    assert fields["Package"] == "fantasy-racing" and fields["Version"] == "1.2.3"
    assert fields["Architecture"] == "amd64" and fields["Installed-Size"] == "4567"
    assert fields["Section"] == "games" and len(fields["Description"]) < 80
    assert text.endswith("\n") and all(line.startswith(" ") for line in text.split("Description:")[1].splitlines()[1:])


def test_the_copyright_names_the_fonts_licences_and_the_credits():
    text = make_deb.copyright_text()
    assert "OFL-Cinzel.txt" in text and "CREDITS.md" in text and text.startswith("Format: ")


def test_a_folder_that_is_no_build_is_refused_in_one_sentence(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_deb.py"), str(tmp_path), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "not a Linux build of the game" in done.stderr and str(tmp_path) in done.stderr
    assert not (tmp_path / "out").exists()
