"""Files that come from outside, read as hostile until checked; files the game writes, never destroyed.

Boards, tilesets and their images, text boards, replays, saves and settings
may come from strangers. Each kind has a size limit checked **before** the
file is read; special files (devices, FIFOs, sockets) are never opened; XML
(`defusedxml`) may have a DOCTYPE, as older Tiled versions wrote, but declare
no entity and refer to nothing outside, and nests only so deep; compressed
data is inflated with a bound, so a bomb is refused when its output passes
the bound, not after; a picture's size is read from its header (every frame
of a GIF) before anything decodes it; JSON (`loads`) is read with a digit
limit on whole numbers, finite numbers only, nested only so deep. Every
refusal is a `FileRefused` whose message is one sentence naming the limit
(the caller names the file), and every limit is listed in docs/reliability.md.

What the game writes goes through `write_atomically`: a temporary file of a
unique name, created exclusively in the target's folder (a planted file or
symbolic link is never followed), synced, then renamed over the target (or,
for a file that must not replace another, linked to its name); a write that
fails leaves the previous file as it was.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
import struct
import tempfile
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any
from xml.etree import ElementTree

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

KB, MB = 1 << 10, 1 << 20

#: The largest file of each kind the game reads (bytes).
LIMITS = {
    "board": 4 * MB,  # a .tmx: the shipped ones are 5-25 KB
    "tileset": 1 * MB,  # a .tsx: the shipped one is 5 KB
    "image": 16 * MB,  # a tileset's picture: the shipped one is 56 KB
    "text board": 256 * KB,  # --text-board: a few KB
    "replay": 4 * MB,  # a replay or a saved race: about 100-300 KB
    "save": 4 * MB,  # race.json, the unfinished race
    "season": 16 * MB,  # season.json: up to 8 races kept as replays, and the race in progress
    "settings": 64 * KB,  # settings.json: under 1 KB
    "games index": 16 * MB,  # games/.summaries.json: about 300 bytes a game in progress
}
MAX_IMAGE_SIDE = 4096  # pixels: a decoded picture is at most 4096 x 4096 x 4 bytes = 64 MB
MAX_XML_DEPTH = 32  # elements inside elements: a Tiled map nests 6 deep, plus its layer groups
MAX_XML_ELEMENTS = 50_000  # elements of one XML file: a shipped map has 64, its tileset 158
MAX_JSON_DEPTH = 24  # lists and objects inside each other: a season's choice is 9 deep
MAX_DIGITS = 39  # digits of a whole number in a JSON file (a hosted race's 128-bit seed has 39)


class FileRefused(ValueError):
    """A file the game will not read; the message says which limit it broke."""


def kind_of(value: Any, whole: bool = False) -> str:
    """A JSON value's kind in plain words (for a sentence that says what a field holds); `whole`: a
    whole number and a number with a fraction told apart (a network message's fields)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        if whole:
            return "a whole number" if isinstance(value, int) else "a number with a fraction"
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def shown(value: Any, longest: int = 24) -> str:
    """A value of a file as a sentence quotes it: its repr, cut short (a file may hold a huge one)."""
    text = repr(value) if not isinstance(value, (list, dict)) or len(value) < 8 else f"{kind_of(value)} of {len(value)}"
    return text if len(text) <= longest else text[: longest - 1] + "…"


def size_text(size: int) -> str:
    """'4 MB', '256 KB', '812 bytes'."""
    if size >= MB and size % MB == 0:
        return f"{size // MB} MB"
    if size >= KB and size % KB == 0:
        return f"{size // KB} KB"
    if size >= MB:
        return f"{size / MB:.1f} MB"
    return f"{size:,} bytes"


def check_regular(path: str | os.PathLike[str], kind: str) -> int:
    """The size of a regular file within the limit of its kind; FileRefused or OSError otherwise."""
    info = os.stat(path)  # follows a symbolic link to what it names
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused("it is not a regular file (a device, a pipe or a folder), so it is not read")
    limit = LIMITS[kind]
    if info.st_size > limit:
        raise FileRefused(f"it is {size_text(info.st_size)}, more than the {size_text(limit)} a {kind} may be")
    return info.st_size


def read_bytes(path: str | os.PathLike[str], kind: str) -> bytes:
    """A file's bytes, after `check_regular`; never more than its kind's limit."""
    check_regular(path, kind)
    limit = LIMITS[kind]
    with open(path, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:  # it grew after the check
        raise FileRefused(f"it is more than the {size_text(limit)} a {kind} may be")
    return data


def read_text(path: str | os.PathLike[str], kind: str) -> str:
    """A UTF-8 text file, after `check_regular` (UnicodeDecodeError when it is not UTF-8)."""
    return read_bytes(path, kind).decode("utf-8")


class _Depth(ElementTree.TreeBuilder):
    """A tree builder that refuses elements nested more than MAX_XML_DEPTH deep, or more than
    MAX_XML_ELEMENTS of them, as they come."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = self.elements = 0

    def start(self, tag: Any, attrs: Any) -> ElementTree.Element:
        self.depth += 1
        self.elements += 1
        if self.depth > MAX_XML_DEPTH:
            raise FileRefused(f"its elements nest more than {MAX_XML_DEPTH} deep")
        if self.elements > MAX_XML_ELEMENTS:
            raise FileRefused(f"it holds more than {MAX_XML_ELEMENTS:,} elements")
        return super().start(tag, attrs)

    def end(self, tag: Any) -> ElementTree.Element:
        self.depth -= 1
        return super().end(tag)


def parse_xml(data: bytes) -> ElementTree.Element:
    """The root of an XML document that declares no entity and refers to nothing outside, nested at most
    MAX_XML_DEPTH deep and of at most MAX_XML_ELEMENTS elements (a DOCTYPE line, as Tiled 0.x and 1.0
    wrote, is read and ignored).

    Raises FileRefused for what the game refuses, ElementTree.ParseError for
    broken XML.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:4096]:
        raise FileRefused("it is not UTF-8 text (Tiled saves maps and tilesets as UTF-8)")
    parser = DefusedXMLParser(target=_Depth(), forbid_dtd=False, forbid_entities=True, forbid_external=True)
    step = 16 * KB  # a refused nesting is seen before much of it is built
    try:
        for at in range(0, len(data), step):
            parser.feed(data[at : at + step])
        root: ElementTree.Element = parser.close()
    except DefusedXmlException:
        raise FileRefused(
            "it declares entities or refers to files or addresses outside it (<!ENTITY>), which Tiled never writes"
        ) from None
    return root


def inflate(data: bytes, compression: str, limit: int) -> bytes:
    """`data` decompressed (zlib or gzip), refused as soon as it would pass `limit` bytes.

    Raises FileRefused past the limit, zlib.error for damaged data, ValueError
    for an unknown compression.
    """
    if compression == "zlib":
        inflater = zlib.decompressobj()
    elif compression == "gzip":
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    else:
        raise ValueError(f"unknown compression {compression!r}")
    out = inflater.decompress(data, limit + 1)
    if len(out) > limit or inflater.unconsumed_tail:
        raise FileRefused(f"its data inflates to more than the {size_text(limit)} the map's size allows")
    if not inflater.eof:
        raise zlib.error("the compressed data is cut short")
    return out


def inside(folder: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Whether `path`, symbolic links followed, is in `folder` (or below it)."""
    real_folder = Path(os.path.realpath(folder))
    real = Path(os.path.realpath(path))
    return real == real_folder or real_folder in real.parents


def marks(paths: Iterable[str]) -> tuple[tuple[str, int | None, int | None], ...]:
    """Each file's modification time and size as they are on disk now (None for a file that cannot be
    read): what tells that a file changed."""
    found: list[tuple[str, int | None, int | None]] = []
    for path in paths:
        try:
            info = os.stat(path)
            found.append((path, info.st_mtime_ns, info.st_size))
        except OSError:
            found.append((path, None, None))
    return tuple(found)


def image_size(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The width and height a PNG, GIF, BMP or JPEG file declares, read from its header (for a GIF, the
    largest of its screen and every frame's extent); None if unknown. Call it on a checked regular file."""
    with open(path, "rb") as file:
        head = file.read(64 * KB)
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return _gif_size(head + file.read(LIMITS["image"]))
    found = png_size(head)
    if found is not None:
        return found
    if head.startswith(b"BM") and len(head) >= 26:
        width, height = struct.unpack("<ii", head[18:26])
        return abs(width), abs(height)
    if head.startswith(b"\xff\xd8"):
        at = 2
        while at + 9 < len(head):
            if head[at] != 0xFF:
                return None
            marker = head[at + 1]
            length = struct.unpack(">H", head[at + 2 : at + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", head[at + 5 : at + 9])
                return width, height
            at += 2 + length
    return None


def png_size(data: bytes) -> tuple[int, int] | None:
    """The width and height a PNG's header (its IHDR) declares, read before anything is decoded; None when
    `data` does not start as a PNG."""
    if len(data) >= 24 and data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


def _gif_size(data: bytes) -> tuple[int, int] | None:
    """A GIF's size: its logical screen and every frame's extent (a frame may be larger than the screen
    its header declares); None when its blocks are damaged."""
    if len(data) < 13:
        return None
    width, height, packed = struct.unpack("<HHB", data[6:11])
    at = 13 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0)

    def skip_blocks(at: int) -> int:
        while at < len(data) and data[at]:
            at += 1 + data[at]
        return at + 1

    while at < len(data):
        kind = data[at]
        if kind == 0x3B:  # the trailer
            break
        if kind == 0x21:  # an extension: its label, then sub-blocks
            at = skip_blocks(at + 2)
        elif kind == 0x2C:  # a frame: where it is, its size, its colours, its data
            if at + 10 > len(data):
                return None
            left, top, frame_width, frame_height, flags = struct.unpack("<HHHHB", data[at + 1 : at + 10])
            width, height = max(width, left + frame_width), max(height, top + frame_height)
            at += 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
            at = skip_blocks(at + 1)  # (after the LZW code size)
        else:
            return None
    return width, height


def check_image(path: str | os.PathLike[str]) -> tuple[int, int]:
    """A tileset picture the game may decode: a regular file within its size, of a known
    format, at most MAX_IMAGE_SIDE pixels a side; its size (FileRefused or OSError otherwise)."""
    check_regular(path, "image")
    size = image_size(path)
    if size is None:
        raise FileRefused("it is not a PNG, GIF, BMP or JPEG picture")
    width, height = size
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
        raise FileRefused(
            f"the picture is {width}x{height} pixels, more than the {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} a tileset may be"
        )
    return width, height


# ---------------------------------------------------------------- JSON
def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise FileRefused(f"it holds a whole number of {len(text.lstrip('-')):,} digits (at most {MAX_DIGITS})")
    return int(text)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise FileRefused(f"it holds the number {text[:20]}, too large to be a number the game uses")
    return number


def _constant(text: str) -> Any:
    raise FileRefused(f"it holds {text}, which is not a number")


def loads(text: str) -> Any:
    """JSON text as Python data: whole numbers of at most MAX_DIGITS digits, finite numbers (no NaN,
    no Infinity), lists and objects nested at most MAX_JSON_DEPTH deep: the one reader of every JSON file of
    the player's folder. Raises FileRefused for what the game refuses (nesting too deep for Python's parser
    included: never a RecursionError), json.JSONDecodeError for broken JSON."""
    try:
        value = json.loads(text, parse_int=_whole, parse_float=_finite, parse_constant=_constant)
    except RecursionError:
        raise FileRefused(f"its lists and objects nest more than {MAX_JSON_DEPTH} deep") from None
    level = [value] if isinstance(value, (dict, list)) else []
    for _ in range(MAX_JSON_DEPTH):
        if not level:
            return value
        inner = [v for item in level for v in (item.values() if isinstance(item, dict) else item)]
        level = [v for v in inner if isinstance(v, (dict, list))]
    if not level:
        return value
    raise FileRefused(f"its lists and objects nest more than {MAX_JSON_DEPTH} deep")


def printable(text: str, limit: int, lines: bool = False) -> str | None:
    """What is wrong with a text the game shows (None when nothing): longer than `limit` characters,
    or a character that cannot be printed (a control character, a NUL, a lone surrogate; with `lines`,
    line breaks and tabs are allowed)."""
    if len(text) > limit:
        return f"it is {len(text):,} characters long (at most {limit})"
    if (text.replace("\n", "").replace("\t", "") if lines else text).isprintable():
        return None  # (the usual case, at the speed of C)
    for char in text:
        if not char.isprintable() and not (lines and char in "\n\t"):
            return f"it holds the character U+{ord(char):04X}, which cannot be shown"
    return None


# ---------------------------------------------------------------- writing
def no_links(folder: str | os.PathLike[str], within: str | os.PathLike[str]) -> None:
    """Refuse (OSError) a `folder` inside `within` that is, or lies under, a symbolic link planted below
    `within` (itself may be one: the player may have moved his folder elsewhere): nothing is written
    through it, outside the player's folder."""
    folder, within = Path(folder), Path(within)
    try:
        parts = folder.relative_to(within).parts
    except ValueError:
        return
    step = within
    for part in parts:
        step = step / part
        if step.is_symlink():
            raise OSError(errno.ELOOP, f"{step} is a symbolic link: the game writes nothing through it")


def open_no_link(path: str | os.PathLike[str], mode: str = "a", encoding: str | None = "utf-8") -> IO[Any]:
    """Open a file to append to (or to read and append: "a+b"), never through a symbolic link (OSError
    where one is planted): the log, the window's lock."""
    flags = os.O_CREAT | os.O_APPEND | (os.O_RDWR if "+" in mode else os.O_WRONLY) | getattr(os, "O_NOFOLLOW", 0)
    handle = os.open(path, flags, 0o644)
    return os.fdopen(handle, mode, encoding=None if "b" in mode else encoding)


def write_atomically(
    path: str | os.PathLike[str],
    data: bytes | str,
    replace: bool = True,
    within: str | os.PathLike[str] | None = None,
) -> None:
    """Write `data` to `path` so that a reader sees the old or the new file, never half.

    The bytes go to a temporary file of a unique name, created exclusively in
    the target's folder (so a planted file or symbolic link there is never
    followed), are flushed and synced to the disk, then renamed over `path`
    (an atomic step); with `replace` False, the file is linked to `path`
    instead, which fails (FileExistsError) rather than replace a file of that
    name. The folder is synced too where the system allows it. Any failure
    (a full disk, a read-only folder) raises OSError and leaves the previous
    file as it was; the temporary file is removed. With `within` (the player's
    folder), a folder on the way that is a symbolic link planted there is
    refused (`no_links`).
    """
    path = Path(path)
    if within is not None:
        no_links(path.parent, within)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        if replace:
            os.replace(temporary, path)
        elif hasattr(os, "link"):
            os.link(temporary, path)  # never replaces an existing file
            os.unlink(temporary)
        else:
            os.rename(temporary, path)  # Windows: rename refuses to replace an existing file
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def sync_folder(folder: str | os.PathLike[str]) -> None:
    """fsync a folder so a rename in it is on the disk (POSIX only)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
