"""Adding boards in one gesture: a `.tmx` (with its tileset) or a `.zip` pack of boards, from
`main.py add-board FILE` or a file dropped on the window.

Every board is checked as `check-map` checks it; what passes is copied into the
player's boards folder (`game.app.userboards`) with the files it uses (its
tilesets and their pictures), and the outcome says what was added and why
anything was refused, one sentence each. A pack is a file from a stranger: it is
read with bounds on its size, on its entries' number and inflated sizes and on
its names (no path leaving the pack's folder, no link), and refused whole if it
breaks one, before anything is written. Nothing in the boards folder is ever
overwritten: a board whose file name is taken is added under a free name, and a
board whose tileset differs from a file of that name already there is refused.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from game import files
from game.boards.map_format import ERROR
from game.boards.map_words import sentences
from game.boards.maps import read_board

MB = 1 << 20
PACK_BYTES = 32 * MB  # the largest pack read (the shipped boards and tileset together are 0.2 MB)
PACK_ENTRIES = 256  # files and folders in a pack
PACK_INFLATED = 64 * MB  # all of a pack's files together once inflated
SHRINK = 200  # an entry inflating to more than 200 times its packed size is a bomb (maps deflate ~10x)
# The files a pack may bring, by ending, and the limit of each (game.files' kinds); others are skipped.
KINDS = {".tmx": "board", ".tsx": "tileset", ".png": "image", ".gif": "image", ".bmp": "image", ".jpg": "image"}
KINDS[".jpeg"] = "image"
FREE_NAMES = 100  # "canyon-2.tmx" ... "canyon-100.tmx" tried when "canyon.tmx" is taken


# Why a board or a pack is refused: its key, and the sentence the command line prints (the window says
# it in the player's language: its catalogue's "dropped.why.<key>", filled in with the same values).
WHY = {
    "unreadable": "it cannot be read ({error})",
    "not_regular": "it is not a regular file",
    "pack_too_big": "it is {size}, more than the {limit} a pack may be",
    "not_zip": "it is not a zip file the game can read ({error})",
    "too_many": "it holds {count} entries, more than the {limit} allowed",
    "leaves": "its entry {entry} leaves the pack's folder",
    "link": "its entry {entry} is a link, which a pack may not hold",
    "twice": "it holds {entry} twice",
    "bad_name": "the name {entry} holds {char}, which cannot be shown: rename it",
    "entry_too_big": "its entry {entry} inflates to {size}, more than the {limit} a {kind} may be",
    "bomb": "its entry {entry} inflates {ratio} times or more: a zip bomb",
    "inflates": "its files inflate to more than the {limit} a pack may hold",
    "beyond": "its entry {entry} inflates beyond its size",
    "no_board": "the pack holds no board (.tmx)",
    "not_board": "it is neither a board (.tmx) nor a pack of boards (.zip)",
    "check": "{problem}",
    "tileset_differs": "it uses {file}, and your boards folder already holds a different file of that name; "
    "rename its tileset (or picture) and add it again",
    "cannot_copy": "it cannot be copied into your boards folder ({error})",
    "read_only": "this window is read-only (another game window uses your folder), so nothing was added",
    "no_folder": "the game's per-user folder cannot be made, so there is no boards folder",
}


@dataclass(frozen=True)
class Refusal:
    """A board or a pack refused: what it is ("p.zip", "p.zip: canyon.tmx"), why (a key of WHY) and
    the values its sentence names."""

    what: str
    why: str
    values: tuple[tuple[str, str], ...] = ()

    def line(self) -> str:
        """The one sentence the command line prints."""
        return f"{self.what}: refused: {WHY[self.why].format(**dict(self.values))}"


def quoted(name: str, longest: int = 60) -> str:
    """A file name as a sentence shows it: as it is when every character of it can be shown, else
    escaped and quoted (`files.shown`: its repr, cut short); never a terminal's control sequence
    (ESC, BEL, an OSC title, a clear screen) nor a right-to-left override."""
    return name if len(name) <= longest and name.isprintable() else files.shown(name, longest)


def name_problem(name: str) -> str | None:
    """The character of a file name that cannot be shown ("U+001B"), or None: a pack's entry, a board's
    file or one it uses is refused for it, never shown raw nor written into the boards folder."""
    bad = next((char for char in name if not char.isprintable()), None)
    return None if bad is None else f"U+{ord(bad):04X}"


def refusal(what: str, why: str, **values: object) -> Refusal:
    """A Refusal, its values made text."""
    return Refusal(what, why, tuple((name, str(value)) for name, value in values.items()))


class PackRefused(ValueError):
    """A pack the game will not open: its `refusal` (the message is its sentence)."""

    def __init__(self, refused: Refusal) -> None:
        super().__init__(refused.line())
        self.refusal = refused


@dataclass
class Outcome:
    """What adding boards did: the boards added (file name in the folder, board name), the boards
    that were there already (named as where they came from), and what was refused."""

    added: list[tuple[str, str]] = field(default_factory=list)
    present: list[str] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    translations: dict[str, dict[str, str]] = field(default_factory=dict)  # file added -> its names elsewhere

    def lines(self) -> list[str]:
        """The outcome in sentences, added boards first."""
        said = [f"added {name!r} to your boards folder as {quoted(file)}" for file, name in self.added]
        said += [f"{what}: already in your boards folder" for what in self.present]
        return said + [r.line() for r in self.refused]


def add_boards(source: str | os.PathLike[str], where: Path, language: str = "en") -> Outcome:
    """Add the boards of a `.tmx` file or a `.zip` pack to the boards folder `where` (a refused board's
    problem said in `language`)."""
    path = Path(source)
    outcome = Outcome()
    char = name_problem(path.name)
    if char is not None:
        outcome.refused.append(refusal(quoted(path.name), "bad_name", entry=quoted(path.name), char=char))
        return outcome
    if path.suffix.lower() == ".zip":
        with tempfile.TemporaryDirectory(prefix="fantasy-racing-pack-") as unpacked:
            try:
                boards = unpack(path, Path(unpacked))
            except PackRefused as error:
                outcome.refused.append(error.refusal)
                return outcome
            if not boards:
                outcome.refused.append(refusal(path.name, "no_board"))
            for board in boards:
                shown = f"{path.name}: {quoted(board.relative_to(unpacked).as_posix())}"
                _add_one(board, where, outcome, shown, language)
        return outcome
    if path.suffix.lower() != ".tmx":
        outcome.refused.append(refusal(path.name, "not_board"))
        return outcome
    _add_one(path, where, outcome, path.name, language)
    return outcome


# ---------------------------------------------------------------- one board
def _add_one(board: Path, where: Path, outcome: Outcome, shown: str, language: str = "en") -> None:
    """Check one board and copy it, with the files it uses, into the folder (or say why not)."""
    read, problems, used = read_board(board)
    errors = [p for p in problems if p.severity == ERROR]
    if read is None or errors:
        problem = errors[0].sentence(sentences(language)) if errors else "it cannot be read"
        outcome.refused.append(refusal(shown, "check", problem=problem))
        return
    base = board.parent
    copies: list[tuple[Path, Path]] = []
    for file in dict.fromkeys(used):
        relative = Path(os.path.relpath(os.path.realpath(file), os.path.realpath(base)))
        char = name_problem(relative.as_posix())
        if char is not None:
            outcome.refused.append(refusal(shown, "bad_name", entry=quoted(relative.as_posix()), char=char))
            return
        target = where / relative
        if target.exists():
            if not _same(Path(file), target):
                outcome.refused.append(refusal(shown, "tileset_differs", file=relative.as_posix()))
                return
            continue
        copies.append((Path(file), target))
    free = _free_name(where, board.name, board)
    if free is None:
        outcome.present.append(shown)
        return
    written: list[Path] = []
    try:
        for source, destination in [*copies, (board, free)]:
            destination.parent.mkdir(parents=True, exist_ok=True)
            files.write_atomically(destination, source.read_bytes(), replace=False)
            written.append(destination)
    except OSError as error:
        for done in written:
            done.unlink(missing_ok=True)
        outcome.refused.append(refusal(shown, "cannot_copy", error=error))
        return
    outcome.added.append((free.name, read.name))
    outcome.translations[free.name] = dict(read.translations)


def _same(a: Path, b: Path) -> bool:
    """Whether two files hold the same bytes (a regular file within a picture's limit)."""
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        return files.read_bytes(a, "image") == files.read_bytes(b, "image")
    except (OSError, files.FileRefused):
        return False


def _free_name(where: Path, name: str, board: Path) -> Path | None:
    """Where the board goes: its own name, or "name-2.tmx"... when taken by another board (None when
    the very same board is there already)."""
    stem, suffix = Path(name).stem, Path(name).suffix
    for number in range(1, FREE_NAMES + 1):
        candidate = where / (name if number == 1 else f"{stem}-{number}{suffix}")
        if not candidate.exists():
            return candidate
        if _same(board, candidate):
            return None
    return None


# ---------------------------------------------------------------- a pack
def unpack(pack: Path, into: Path) -> list[Path]:
    """The boards of a pack, its files written below `into`; PackRefused (nothing kept) when it breaks a bound."""
    name = pack.name
    try:
        info = os.stat(pack)
    except OSError as error:
        raise PackRefused(refusal(name, "unreadable", error=error.strerror or error)) from None
    if not stat.S_ISREG(info.st_mode):
        raise PackRefused(refusal(name, "not_regular"))
    if info.st_size > PACK_BYTES:
        size, limit = files.size_text(info.st_size), files.size_text(PACK_BYTES)
        raise PackRefused(refusal(name, "pack_too_big", size=size, limit=limit))
    try:
        with zipfile.ZipFile(pack) as archive:
            entries = archive.infolist()
            _check_entries(name, entries)
            return _extract(name, archive, entries, into)
    except PackRefused:
        raise
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        NotImplementedError,
        EOFError,
        ValueError,
        RuntimeError,
        zlib.error,
    ) as error:
        # (RuntimeError: an encrypted entry; NotImplementedError: a compression Python cannot read)
        raise PackRefused(refusal(name, "not_zip", error=error)) from None
    except OSError as error:
        raise PackRefused(refusal(name, "unreadable", error=error.strerror or error)) from None


def _check_entries(name: str, entries: list[zipfile.ZipInfo]) -> None:
    """Every bound a pack's directory must keep, before a byte is inflated."""
    if len(entries) > PACK_ENTRIES:
        raise PackRefused(refusal(name, "too_many", count=f"{len(entries):,}", limit=PACK_ENTRIES))
    seen: set[str] = set()
    total = 0
    for entry in entries:
        shown = files.shown(entry.filename, 60)
        char = name_problem(entry.filename)
        if char is not None:
            raise PackRefused(refusal(name, "bad_name", entry=shown, char=char))
        if _leaves(entry.filename):
            raise PackRefused(refusal(name, "leaves", entry=shown))
        if stat.S_ISLNK(entry.external_attr >> 16):
            raise PackRefused(refusal(name, "link", entry=shown))
        key = entry.filename.rstrip("/").lower()
        if key in seen:
            raise PackRefused(refusal(name, "twice", entry=shown))
        seen.add(key)
        if entry.is_dir():
            continue
        kind = KINDS.get(PurePosixPath(entry.filename).suffix.lower())
        if kind is None:
            continue
        limit = files.LIMITS[kind]
        if entry.file_size > limit:
            size, most = files.size_text(entry.file_size), files.size_text(limit)
            raise PackRefused(refusal(name, "entry_too_big", entry=shown, size=size, limit=most, kind=kind))
        if entry.file_size > SHRINK * max(1, entry.compress_size) and entry.file_size > MB:
            raise PackRefused(refusal(name, "bomb", entry=shown, ratio=SHRINK))
        total += entry.file_size
        if total > PACK_INFLATED:
            raise PackRefused(refusal(name, "inflates", limit=files.size_text(PACK_INFLATED)))


def _leaves(filename: str) -> bool:
    """Whether an entry's name is absolute or climbs out of the pack's folder (or cannot be a file name)."""
    if not filename or "\0" in filename or "\\" in filename or filename.startswith("/"):
        return True
    if re.match(r"^[A-Za-z]:", filename):  # a Windows drive
        return True
    return any(part == ".." for part in filename.split("/"))


def _extract(name: str, archive: zipfile.ZipFile, entries: list[zipfile.ZipInfo], into: Path) -> list[Path]:
    """Write the pack's boards, tilesets and pictures below `into` (each read no further than its
    declared size allows: a lying header cannot inflate more); the boards, by name."""
    boards = []
    total = 0
    for entry in entries:
        kind = KINDS.get(PurePosixPath(entry.filename).suffix.lower())
        if entry.is_dir() or kind is None:
            continue
        limit = min(files.LIMITS[kind], entry.file_size)
        with archive.open(entry) as stream:
            data = stream.read(limit + 1)
        total += len(data)
        if len(data) > limit or total > PACK_INFLATED:
            raise PackRefused(refusal(name, "beyond", entry=files.shown(entry.filename, 60)))
        target = into.joinpath(*PurePosixPath(entry.filename).parts)
        if not files.inside(into, target):
            raise PackRefused(refusal(name, "leaves", entry=files.shown(entry.filename, 60)))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        if kind == "board":
            boards.append(target)
    return sorted(boards, key=lambda p: p.relative_to(into).as_posix().lower())
