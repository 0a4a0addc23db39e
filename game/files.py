"""Files that come from outside, read as hostile until checked.

Boards, tilesets and their images, text boards, replays, saves and settings
may come from strangers. Each kind has a size limit checked **before** the
file is read; special files (devices, FIFOs, sockets) are never opened; XML
may declare no DTD or entity and nest only so deep; compressed data is
inflated with a bound, so a bomb is refused when its output passes the
bound, not after. Every refusal is a `FileRefused` whose message is one
sentence naming the limit (the caller names the file), and every limit is
listed in docs/reliability.md.
"""

from __future__ import annotations

import os
import stat
import struct
import zlib
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

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
}
MAX_IMAGE_SIDE = 4096  # pixels: a decoded picture is at most 4096 x 4096 x 4 bytes = 64 MB
MAX_XML_DEPTH = 32  # elements inside elements: a Tiled map nests 6 deep, plus its layer groups


class FileRefused(ValueError):
    """A file the game will not read; the message says which limit it broke."""


def kind_of(value: Any) -> str:
    """A JSON value's kind in plain words (for a sentence that says what a field holds)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


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


def parse_xml(data: bytes) -> ElementTree.Element:
    """The root of an XML document without DTD or entities, nested at most MAX_XML_DEPTH deep.

    Raises FileRefused for what the game refuses, ElementTree.ParseError for
    broken XML.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:4096]:
        raise FileRefused("it is not UTF-8 text (Tiled saves maps and tilesets as UTF-8)")
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise FileRefused("it declares a DTD or entities (<!DOCTYPE>, <!ENTITY>), which Tiled never writes")
    parser: Any = ElementTree.XMLPullParser(  # typeshed's event types do not fit start/end events
        events=("start", "end")
    )
    depth = 0
    root: ElementTree.Element | None = None
    step = 16 * KB  # a refused nesting is seen before much of it is built
    chunks = [data[at : at + step] for at in range(0, len(data), step)]
    for chunk in [*chunks, None]:
        if chunk is None:
            parser.close()
        else:
            parser.feed(chunk)
        for event, element in parser.read_events():
            if event == "start":
                depth += 1
                if root is None:
                    root = element
                if depth > MAX_XML_DEPTH:
                    raise FileRefused(f"its elements nest more than {MAX_XML_DEPTH} deep")
            else:
                depth -= 1
    if root is None:
        empty = ElementTree.ParseError("no element found")
        empty.position = (1, 0)
        raise empty
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


def image_size(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The width and height a PNG, GIF, BMP or JPEG file declares, read from its header; None if unknown."""
    with open(path, "rb") as file:
        head = file.read(64 * KB)
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
        width, height = struct.unpack(">II", head[16:24])
        return width, height
    if head[:6] in (b"GIF87a", b"GIF89a"):
        width, height = struct.unpack("<HH", head[6:10])
        return width, height
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


def check_image(path: str | os.PathLike[str]) -> None:
    """A tileset picture the game may decode: a regular file within its size, of a known
    format, at most MAX_IMAGE_SIDE pixels a side (FileRefused or OSError otherwise)."""
    check_regular(path, "image")
    size = image_size(path)
    if size is None:
        raise FileRefused("it is not a PNG, GIF, BMP or JPEG picture")
    width, height = size
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
        raise FileRefused(
            f"the picture is {width}x{height} pixels, more than the {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} a tileset may be"
        )
