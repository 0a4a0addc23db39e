"""What the packaged game says about itself to Windows and macOS, from pyproject.toml (build.spec calls it).

- `windows_version_file`: the version resource of fantasy-racing.exe (Properties > Details: product
  name, version, copyright), written as the text PyInstaller reads (`VSVersionInfo(...)`, the form of
  `pyi-grab_version`), so that `EXE(version=...)` takes it.
- `info_plist`: the macOS bundle's Info.plist entries (identifier, version, display name, category,
  high-resolution display), which `BUNDLE(info_plist=...)` merges into the .app's Info.plist.

The version is written once, in pyproject.toml (game/version.py reads the same).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DISPLAY_NAME = "Fantasy Racing"
EXECUTABLE = "fantasy-racing"
COPYRIGHT = "The Fantasy Racing authors; fonts, sounds and music by their authors (CREDITS.md)"


def version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """The `[project] version` of pyproject.toml (a build with no version stops here, in one sentence)."""
    try:
        with open(pyproject, "rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError) as error:
        raise SystemExit(f"{pyproject}: no [project] version to build with ({error}).") from None


def four_numbers(text: str) -> tuple[int, int, int, int]:
    """A version such as 1.1.0 or 2.0.0rc1 as the four numbers of a Windows version resource (1, 1, 0, 0)."""
    numbers: list[int] = []
    for part in text.split(".")[:4]:
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        numbers.append(int(digits or 0))
    while len(numbers) < 4:
        numbers.append(0)
    a, b, c, d = numbers
    return a, b, c, d


def windows_version_text(text: str) -> str:
    """The version resource as PyInstaller's VSVersionInfo text (US English, Unicode: 040904B0)."""
    numbers = four_numbers(text)
    strings = {
        "CompanyName": "The Fantasy Racing authors",
        "FileDescription": DISPLAY_NAME,
        "FileVersion": text,
        "InternalName": EXECUTABLE,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{EXECUTABLE}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": text,
    }
    table = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""# The Windows version resource of {EXECUTABLE}.exe, written by tools/build_info.py from pyproject.toml.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo(
      [
        StringTable(
          '040904B0',
          [
{table}
          ])
      ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def windows_version_file(out: Path, text: str) -> Path:
    """Write the version resource's text into `out` (a folder); its path."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / "version-info.txt"
    path.write_text(windows_version_text(text), encoding="utf-8")
    return path


def info_plist(text: str, bundle_id: str) -> dict[str, object]:
    """The macOS Info.plist entries of the .app bundle."""
    return {
        "CFBundleIdentifier": bundle_id,
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleShortVersionString": text,
        "CFBundleVersion": text,
        "NSHumanReadableCopyright": COPYRIGHT,
        "NSHighResolutionCapable": True,  # the window drawn at the screen's own density
        "LSApplicationCategoryType": "public.app-category.board-games",
        "LSMinimumSystemVersion": "11.0",
    }
