"""A Debian package of the Linux build (the one folder `pyinstaller build.spec` makes), with dpkg-deb.

    .venv/bin/python tools/make_deb.py dist/fantasy-racing OUT_FOLDER     # OUT_FOLDER/fantasy-racing_1.1.0_amd64.deb
    sudo apt install ./OUT_FOLDER/fantasy-racing_*.deb                    # then `fantasy-racing`, or the Games menu

What it installs:
- /opt/fantasy-racing/: the game (the executable and _internal/, as built);
- /usr/bin/fantasy-racing: the launcher on the PATH (a relative link to the executable, which finds its
  files beside itself wherever it is linked from);
- /usr/share/applications/fantasy-racing.desktop and /usr/share/icons/hicolor/NxN/apps/fantasy-racing.png:
  the desktop menu's entry and its icons (the desktop's own triggers refresh the menu and icon caches);
- /usr/share/doc/fantasy-racing/: copyright (the licences), CREDITS.md and the fonts' licences.
The player's settings and saves stay in the player's own folder (~/.local/share/fantasy-racing), which
removing the package leaves alone. Needs dpkg-deb (apt package dpkg); no root: the files are owned by
root in the package (--root-owner-group) whoever builds it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "fantasy-racing"
PREFIX = Path("opt") / NAME
ICON_SIZES = (16, 32, 48, 64, 128, 256)
# Debian's name of each machine that PyInstaller builds for (the build runs where it was made).
ARCHITECTURES = {"x86_64": "amd64", "aarch64": "arm64", "armv7l": "armhf", "i686": "i386"}
MAINTAINER = "Fantasy Racing authors <fantasy-racing@users.noreply.github.com>"
SUMMARY = "dice-and-board racing game with elves, dwarves and orcs"
DESCRIPTION = """\
 Elves, dwarves, orcs and a hybrid baby race down a wrapping board drawn in
 Tiled: roll the dice, fight, open chests and reach the finish first. Play
 at one screen against computer racers of four levels, or over the network
 with friends; boards of your own can be added.
 .
 This package holds the game as built by PyInstaller, with its own Python
 and libraries, under /opt/fantasy-racing."""


class DebError(Exception):
    """A build folder that cannot be packaged: one sentence."""


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def architecture() -> str:
    machine = os.uname().machine
    if machine not in ARCHITECTURES:
        raise DebError(f"no Debian architecture known for this machine ({machine})")
    return ARCHITECTURES[machine]


def control(text_version: str, arch: str, installed_kb: int) -> str:
    """The package's DEBIAN/control."""
    return (
        f"Package: {NAME}\n"
        f"Version: {text_version}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_kb}\n"
        "Depends: libc6 (>= 2.31)\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Description: {SUMMARY}\n{DESCRIPTION}\n"
    )


def copyright_text() -> str:
    """/usr/share/doc/fantasy-racing/copyright: who made what, and where each licence is."""
    fonts = sorted(p.name for p in (ROOT / "assets" / "fonts").glob("OFL-*.txt"))
    return (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: Fantasy Racing\n"
        "\n"
        "Files: *\n"
        "Copyright: The Fantasy Racing authors\n"
        "Comment: The game's code, boards and drawings. Every asset taken from elsewhere (icons, fonts,\n"
        " sounds, music) is listed with its source, author and licence in CREDITS.md beside this file.\n"
        "\n"
        "Files: opt/fantasy-racing/_internal/assets/fonts/*\n"
        "License: OFL-1.1\n"
        f" The SIL Open Font License 1.1, in {', '.join(fonts)} beside this file.\n"
        "\n"
        "Files: opt/fantasy-racing/_internal/*.so*\n"
        "Comment: Python, SDL, pygame-ce and the libraries they bring, each under its own licence\n"
        " (Python: PSF-2.0; SDL: Zlib; pygame-ce: LGPL-2.1; PyTMX: LGPL-3; websockets: BSD-3-clause;\n"
        " defusedxml: PSF-2.0; platformdirs: MIT), as listed in the README's credits.\n"
    )


def size_kb(folder: Path) -> int:
    """What the installed files take, in kibibytes (dpkg's Installed-Size)."""
    return sum((p.stat().st_size + 1023) // 1024 for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def stage(build: Path, root: Path) -> None:
    """Lay out the package's files under `root` (its future /)."""
    game = root / PREFIX
    # the game, less what only the folder's own menu script used (the package installs those properly)
    shutil.copytree(build, game, symlinks=True, ignore=shutil.ignore_patterns("add-to-menu.sh", "*.desktop", "icons"))
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / NAME).symlink_to(Path("..") / ".." / PREFIX / NAME)
    applications = root / "usr" / "share" / "applications"
    applications.mkdir(parents=True)
    shutil.copy2(build / f"{NAME}.desktop", applications / f"{NAME}.desktop")
    for size in ICON_SIZES:
        apps = root / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        apps.mkdir(parents=True)
        shutil.copy2(build / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png", apps / f"{NAME}.png")
    doc = root / "usr" / "share" / "doc" / NAME
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_text(), encoding="utf-8")
    shutil.copy2(ROOT / "assets" / "CREDITS.md", doc / "CREDITS.md")
    for licence in (ROOT / "assets" / "fonts").glob("OFL-*.txt"):
        shutil.copy2(licence, doc / licence.name)
    for path in root.rglob("*"):  # what dpkg-deb and lintian expect: 755 for folders and programs, 644 else
        if path.is_symlink():
            continue
        if path.is_dir() or os.access(path, os.X_OK):
            path.chmod(0o755)
        else:
            path.chmod(0o644)


def build_deb(build: Path, out: Path) -> Path:
    """Package the Linux build folder `build` into `out`; the .deb's path."""
    if not (build / NAME).is_file() or not (build / "_internal").is_dir():
        raise DebError(f"{build}: not a Linux build of the game (no {NAME} and _internal/ there; run pyinstaller)")
    if not (build / f"{NAME}.desktop").is_file() or not (build / "icons").is_dir():
        raise DebError(f"{build}: the build has no desktop entry or icons (a Linux build of build.spec has both)")
    if shutil.which("dpkg-deb") is None:
        raise DebError("dpkg-deb is not installed (apt package dpkg)")
    text_version, arch = version(), architecture()
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{NAME}_{text_version}_{arch}.deb"
    with tempfile.TemporaryDirectory(prefix="fantasy-racing-deb-") as folder:
        root = Path(folder) / "root"
        stage(build, root)
        (root / "DEBIAN").mkdir(mode=0o755)
        (root / "DEBIAN" / "control").write_text(control(text_version, arch, size_kb(root)), encoding="utf-8")
        (root / "DEBIAN" / "control").chmod(0o644)
        done = subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise DebError(f"dpkg-deb refused the package: {done.stderr.strip()}")
    return deb


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: tools/make_deb.py BUILD_FOLDER OUT_FOLDER", file=sys.stderr)
        return 2
    try:
        print(f"wrote {build_deb(Path(args[0]), Path(args[1]))}")
    except DebError as error:
        print(f"tools/make_deb.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
