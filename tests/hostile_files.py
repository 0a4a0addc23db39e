"""Hostile files, as a stranger would make them to hurt whoever opens them.

Each maker writes one file (a board with its folder, a replay, ...) into a
folder and returns its path; `CASES` lists them with the phrase the game's
answer must contain. Used by tests/test_fuzz_maps.py and tests/test_hostile.py
(small sizes) and by benchmarks/hostile.py (the sizes of the issue: a 1 GiB
bomb, a 300 MB comment, a 120 MB replay), which measures the time and the
peak memory of each answer.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
MINE = "mine.tmx"  # 18 x 40, its layers base64 + zlib
MB = 1 << 20
GROUND = re.compile(r'(<layer id="1" name="ground"[^>]*>\s*<data encoding="base64" compression="zlib">)[^<]*(</data>)')


def board_folder(folder: Path) -> Path:
    """A folder with the shipped tileset, ready for a board."""
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "tilesets").exists():
        shutil.copytree(MAPS / "tilesets", folder / "tilesets")
    return folder


def mine_text() -> str:
    return (MAPS / MINE).read_text(encoding="utf-8")


def bomb(compression: str, inflated: int) -> bytes:
    """A zlib or gzip stream that inflates to about `inflated` bytes of zeros, made in a moment:
    one flushed block of 16 MB of zeros repeated (the checksum at the end is not worth making)."""
    block = 16 * MB
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS if compression == "gzip" else zlib.MAX_WBITS)
    head = packer.compress(b"\0" * block) + packer.flush(zlib.Z_FULL_FLUSH)
    again = packer.compress(b"\0" * block) + packer.flush(zlib.Z_FULL_FLUSH)
    return head + again * max(0, inflated // block - 1) + packer.flush(zlib.Z_FINISH)


def _board(folder: Path, text: str, name: str = "board.tmx") -> Path:
    path = board_folder(folder) / name
    path.write_text(text, encoding="utf-8")
    return path


def ground_bomb(compression: str, inflated: int) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        data = base64.b64encode(bomb(compression, inflated)).decode()
        text = GROUND.sub(lambda m: m.group(1) + data + m.group(2), mine_text(), count=1)
        return _board(folder, text.replace('compression="zlib">' + data, f'compression="{compression}">' + data))

    return make


def zstd_layer(folder: Path) -> Path:
    text = GROUND.sub(lambda m: m.group(1) + "KLUv/SAEIQAAAAAA" + m.group(2), mine_text(), count=1)
    return _board(folder, text.replace('compression="zlib">KLUv', 'compression="zstd">KLUv'))


def huge_dimensions(folder: Path) -> Path:
    text = re.sub(r'width="18" height="40"', 'width="100000" height="100000"', mine_text())
    return _board(folder, text)


def deep_nesting(depth: int) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        text = mine_text().replace("</map>", "<group>" * depth + "</group>" * depth + "\n</map>")
        return _board(folder, text)

    return make


def huge_property(size: int) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = board_folder(folder) / "board.tmx"
        head, tail = mine_text().split(" <properties>\n", 1)
        with open(path, "w", encoding="utf-8") as out:
            out.write(head + ' <properties>\n  <property name="description" value="')
            chunk = "x" * MB
            for _ in range(size // MB):
                out.write(chunk)
            out.write('"/>\n' + tail)
        return path

    return make


def huge_comment(size: int) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = board_folder(folder) / "board.tmx"
        head, tail = mine_text().split("<map ", 1)
        with open(path, "w", encoding="utf-8") as out:
            out.write(head + "<!--")
            chunk = "-x" * (MB // 2)
            for _ in range(size // MB):
                out.write(chunk)
            out.write("-->\n<map " + tail)
        return path

    return make


def billion_laughs(folder: Path) -> Path:
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">' for i in range(1, 10)
    )
    text = mine_text().replace("<map ", f"<!DOCTYPE map [{entities}]>\n<map ", 1)
    return _board(folder, text.replace('value="Hollow Mine"', 'value="&lol9;"'))


def binary_garbage(folder: Path) -> Path:
    path = board_folder(folder) / "board.tmx"
    path.write_bytes(os.urandom(MB))
    return path


def fifo_board(folder: Path) -> Path:
    path = folder / "board.tmx"
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def device_image(folder: Path) -> Path:
    path = _board(folder, mine_text())
    image = folder / "tilesets" / "fantasy-racing.png"
    image.unlink()
    image.symlink_to("/dev/zero")
    return path


def fifo_image(folder: Path) -> Path:
    path = _board(folder, mine_text())
    image = folder / "tilesets" / "fantasy-racing.png"
    image.unlink()
    os.mkfifo(image)
    return path


def tileset_outside(folder: Path) -> Path:
    board_folder(folder.parent / "elsewhere")
    text = mine_text().replace(
        'source="tilesets/fantasy-racing.tsx"', 'source="../elsewhere/tilesets/fantasy-racing.tsx"'
    )
    return _board(folder, text)


def image_bomb(folder: Path) -> Path:
    path = _board(folder, mine_text())
    image = folder / "tilesets" / "fantasy-racing.png"
    header = (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", 13)
        + b"IHDR"
        + struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0)
    )
    image.write_bytes(header + struct.pack(">I", zlib.crc32(header[12:])) + b"\0" * 64)
    return path


def tileset_bomb(size: int) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = _board(folder, mine_text())
        tsx = folder / "tilesets" / "fantasy-racing.tsx"
        text = tsx.read_text(encoding="utf-8")
        tsx.write_text(text.replace("<tileset ", "<!--" + "x" * size + "-->\n<tileset ", 1), encoding="utf-8")
        return path

    return make


def huge_replay(size: int) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "replay.json"
        with open(path, "w", encoding="utf-8") as out:
            out.write('{"replay": 1, "race": {}, "events": [')
            item = json.dumps({"kind": "moved", "racer": 0, "path": [[1, 2]] * 8}) + ","
            for _ in range(size // len(item)):
                out.write(item)
            out.write("{}]}")
        return path

    return make


def deep_replay(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "replay.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    return path


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[Path], Path]
    expected: str  # a phrase of the one-line answer
    kind: str = "board"  # "board" or "replay"


def cases(big: bool = False) -> list[Case]:
    """Every hostile file; `big`: the sizes of the issue (for the benchmark), else small ones (tests)."""
    inflated = (1 << 30) if big else 64 * MB
    over = 300 * MB if big else 5 * MB
    return [
        Case("zlib bomb", ground_bomb("zlib", inflated), "data inflates to more than the 2,880 bytes"),
        Case("gzip bomb", ground_bomb("gzip", inflated), "data inflates to more than the 2,880 bytes"),
        Case("zstd layer", zstd_layer, "layer compression 'zstd' is not readable"),
        Case("huge dimensions, tiny data", huge_dimensions, "a board has at most 256 columns and 256 rows"),
        Case("deep nesting", deep_nesting(100_000), "its elements nest more than 32 deep"),
        Case("huge property value", huge_property(200 * MB if big else 5 * MB), "more than the 4 MB a board may be"),
        Case("huge comment", huge_comment(over), "more than the 4 MB a board may be"),
        Case("entities (billion laughs)", billion_laughs, "it declares entities or refers to files"),
        Case("binary garbage", binary_garbage, "the file is refused: it is not UTF-8 text"),
        Case("a FIFO as the board", fifo_board, "it is not a regular file"),
        Case("/dev/zero as the tileset image", device_image, "is outside the board's folder"),
        Case("a FIFO as the tileset image", fifo_image, "it is not a regular file"),
        Case("a tileset outside the folder", tileset_outside, "is outside the board's folder"),
        Case("a 100000x100000 picture", image_bomb, "more than the 4096x4096 a tileset may be"),
        Case("a 2 MB tileset", tileset_bomb(2 * MB), "more than the 1 MB a tileset may be"),
        Case("a huge replay", huge_replay(120 * MB if big else 5 * MB), "more than the 4 MB a replay may be", "replay"),
        Case("a deeply nested replay", deep_replay, "nested too deep", "replay"),
    ]


def legal_board(columns: int, rows: int) -> Callable[[Path], Path]:
    """A legal board of `columns` x `rows` squares, every square of every layer painted (the heaviest
    board a designer may draw at that size): ground and decoration tiles everywhere, rocks, chests and
    a start point for six racers on row 0."""

    def make(folder: Path) -> Path:
        squares = columns * rows

        def layer(number: int, name: str, gids: list[int]) -> str:
            data = base64.b64encode(zlib.compress(struct.pack(f"<{squares}I", *gids))).decode()
            return (
                f' <layer id="{number}" name="{name}" width="{columns}" height="{rows}">\n'
                f'  <data encoding="base64" compression="zlib">{data}</data>\n </layer>\n'
            )

        ground = [1 + (i % 3) for i in range(squares)]
        decoration = [9 + (i % 5) for i in range(squares)]
        rocks = [0] * squares
        chests = [0] * squares
        for i in range(2 * columns, squares, 7):
            rocks[i] = 20
        for i in range(2 * columns + 3, squares, 11):
            if not rocks[i]:
                chests[i] = 30
        middle = columns // 2
        starts = "".join(
            f'  <object id="{k + 1}" x="{(middle - 3 + k) * 32 + 16}" y="16"><point/></object>\n' for k in range(6)
        )
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{columns}" height="{rows}" tilewidth="32" tileheight="32" infinite="0">\n'
            ' <properties>\n  <property name="name" value="Big"/>\n </properties>\n'
            ' <tileset firstgid="1" source="tilesets/fantasy-racing.tsx"/>\n'
            + layer(1, "ground", ground)
            + layer(2, "decoration", decoration)
            + layer(3, "rocks", rocks)
            + layer(4, "chests", chests)
            + f' <objectgroup id="5" name="start">\n{starts} </objectgroup>\n</map>\n'
        )
        return _board(folder, text, f"big-{columns}x{rows}.tmx")

    return make
