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


# ---------------------------------------------------------------- more boards (issue 27)
def _mine_with(extra: str) -> str:
    """The mine with `extra` XML before its closing tag."""
    return mine_text().replace("</map>", extra + "\n</map>")


def _layer(name: str, data: str, compression: str = "zlib") -> str:
    return (
        f'<layer id="90" name="{name}" width="18" height="40">'
        f'<data encoding="base64" compression="{compression}">{data}</data></layer>'
    )


def stray_bomb(where: str, inflated: int) -> Callable[[Path], Path]:
    """A zlib bomb in a <layer> inside an <objectgroup>, a <group> in an object layer, or <properties>."""

    def make(folder: Path) -> Path:
        layer = _layer("verges 3", base64.b64encode(bomb("zlib", inflated)).decode())
        wrapper = {
            "objectgroup": f'<objectgroup id="91" name="things">{layer}</objectgroup>',
            "group": f'<objectgroup id="91" name="things"><group id="92" name="g">{layer}</group></objectgroup>',
            "properties": f"<properties>{layer}</properties>",
        }[where]
        return _board(folder, _mine_with(wrapper))

    return make


def _write_tileset(folder: Path, name: str, image: str, width: int, height: int, tile: int = 32) -> None:
    (folder / "tilesets" / name).write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="{name}" tilewidth="{tile}" '
        f'tileheight="{tile}"><image source="{image}" width="{width}" height="{height}"/></tileset>\n',
        encoding="utf-8",
    )


def _png_header(width: int, height: int) -> bytes:
    header = (
        b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    )
    return header + struct.pack(">I", zlib.crc32(header[12:])) + b"\0" * 64


def one_pixel_tiles(side: int) -> Callable[[Path], Path]:
    """A tileset declaring a side x side picture cut into 1-pixel tiles (its picture: a real small PNG
    when the side is legal, else a header that says so)."""

    def make(folder: Path) -> Path:
        path = _board(folder, mine_text())
        (folder / "tilesets" / "pixels.png").write_bytes(_png_header(side, side))
        _write_tileset(folder, "pixels.tsx", "pixels.png", side, side, tile=1)
        text = mine_text().replace(
            '<tileset firstgid="1" source="tilesets/fantasy-racing.tsx"/>',
            '<tileset firstgid="1" source="tilesets/fantasy-racing.tsx"/>\n'
            ' <tileset firstgid="1000" source="tilesets/pixels.tsx"/>',
        )
        path.write_text(text, encoding="utf-8")
        return path

    return make


def nested_tileset(what: str) -> Callable[[Path], Path]:
    """A tileset with a tileset inside it whose file is a FIFO; or a second tileset whose picture is a
    FIFO, a 30,000 x 30,000 (or 46,341 x 46,341) PNG, or a GIF whose header is small and frame huge."""

    def make(folder: Path) -> Path:
        path = _board(folder, mine_text())
        tilesets = folder / "tilesets"
        if what == "fifo tileset":
            os.mkfifo(tilesets / "inner.tsx")
            inline = (
                '<tileset firstgid="1000" name="outer" tilewidth="32" tileheight="32">'
                '<tileset firstgid="2000" source="tilesets/inner.tsx"/>'
                '<image source="tilesets/fantasy-racing.png" width="256" height="224"/></tileset>'
            )
        else:
            picture = {"fifo picture": "inner.png", "gif frame": "inner.gif"}.get(what, "inner.png")
            if what == "fifo picture":
                os.mkfifo(tilesets / picture)
            elif what == "gif frame":
                frame = struct.pack("<BHHHHB", 0x2C, 0, 0, 30_000, 30_000, 0) + b"\x08\x01\x00\x00"
                (tilesets / picture).write_bytes(b"GIF89a" + struct.pack("<HHBBB", 32, 32, 0, 0, 0) + frame + b"\x3b")
            else:
                side = int(what.split()[0])
                (tilesets / picture).write_bytes(_png_header(side, side))
            _write_tileset(folder, "inner.tsx", picture, 64, 64)
            inline = '<tileset firstgid="1000" source="tilesets/inner.tsx"/>'
        text = mine_text().replace(
            '<tileset firstgid="1" source="tilesets/fantasy-racing.tsx"/>',
            '<tileset firstgid="1" source="tilesets/fantasy-racing.tsx"/>\n ' + inline,
        )
        path.write_text(text, encoding="utf-8")
        return path

    return make


def method_attribute(folder: Path) -> Path:
    """A layer attribute pytmx would turn into one of its methods (iter_data="x")."""
    return _board(
        folder, mine_text().replace('<layer id="1" name="ground"', '<layer id="1" name="ground" iter_data="x"')
    )


def bad_background(folder: Path) -> Path:
    return _board(folder, mine_text().replace('infinite="0"', 'infinite="0" backgroundcolor="bluish"', 1))


def small_picture(folder: Path) -> Path:
    """A tileset whose picture is smaller than it declares (32 x 32 for 256 x 224)."""
    path = _board(folder, mine_text())
    import pygame  # (the test's and the benchmark's process have it)

    pygame.image.save(pygame.Surface((32, 32)), str(folder / "tilesets" / "fantasy-racing.png"))
    return path


def old_tiled(folder: Path) -> Path:
    """A board as Tiled 0.x and 1.0 saved it: a DOCTYPE line; its tileset's <image> without a size."""
    path = _board(
        folder, mine_text().replace("<map ", '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n<map ', 1)
    )
    tsx = folder / "tilesets" / "fantasy-racing.tsx"
    tsx.write_text(tsx.read_text(encoding="utf-8").replace(' width="256" height="224"', ""), encoding="utf-8")
    return path


def boards_folder(count: int, columns: int, rows: int) -> Callable[[Path], Path]:
    """The players' boards folder holding `count` boards of `columns` x `rows` squares; the folder."""

    def make(folder: Path) -> Path:
        for number in range(count):
            made = legal_board(columns, rows)(folder)
            made.rename(folder / f"big-{number}.tmx")
        return folder

    return make


# ---------------------------------------------------------------- the player's files (issue 27)
FIXTURES = ROOT / "tests" / "fixtures" / "v1"


def user_folder(folder: Path) -> Path:
    """The game's per-user folder under `folder` (XDG_DATA_HOME=folder/data)."""
    where = folder / "data" / "fantasy-racing"
    where.mkdir(parents=True, exist_ok=True)
    return where


def player_file(name: str, change: Callable[[dict], object], source: str | None = None) -> Callable[[Path], Path]:
    """A real file of the player (settings.json, race.json, season.json from tests/fixtures/v1, or a
    replay) with one change, in the user folder under `folder` (a replay: beside it)."""

    def make(folder: Path) -> Path:
        if name == "settings.json":
            data: dict = {"format": 1, "window": [1280, 720], "volume": 70, "language": "en", "player_name": "Ann"}
        else:
            data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
        change(data)
        text = json.dumps(data)  # (a lone surrogate as JSON writes it: \\ud800)
        for marker, value in (('"@DIGITS@"', "9" * 5000), ('"@BIGDIGITS@"', "9" * 400)):
            text = text.replace(marker, value)
        where = folder if name == "replay.json" else user_folder(folder)
        path = where / name
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    return make


def _race(data: dict) -> dict:
    return data["race"] if "race" in data else data


def _deep(depth: int) -> list:
    value: list = [1]
    for _ in range(depth):
        value = [value]
    return value


def fifo_source(name: str) -> Callable[[Path], Path]:
    """A save (or replay) whose source is a FIFO."""

    def make(folder: Path) -> Path:
        fifo = folder / "board.tmx"
        folder.mkdir(parents=True, exist_ok=True)
        os.mkfifo(fifo)
        return player_file(name, lambda d: _race(d).update(source=str(fifo)))(folder)

    return make


def huge_source(name: str) -> Callable[[Path], Path]:
    """A save (or replay) whose source names a 1,500 x 1,500 board, its record holding that board too."""

    def make(folder: Path) -> Path:
        board = huge_dimensions(folder / "big")
        board.write_text(board.read_text(encoding="utf-8").replace('"100000"', '"1500"'), encoding="utf-8")

        def change(data: dict) -> None:
            race = _race(data)
            race["source"] = str(board)
            race["board"]["terrain"] = ["." * 1500] * 1500

        return player_file(name, change)(folder)

    return make


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[Path], Path]
    expected: str  # a phrase of the one-line answer
    kind: str = "board"  # "board", "replay", "save", "season", "settings", "folder" (of boards) or "usable" board


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
        Case("a deeply nested replay", deep_replay, "nest more than 24 deep", "replay"),
    ]


def more_cases(big: bool = False) -> list[Case]:
    """Issue 27's cases: the player's own files, boards that went around the first limits, old Tiled."""
    inflated = 200 * MB if big else 16 * MB
    racer = lambda key, value: lambda d: _race(d)["racers"][0].update({key: value})  # noqa: E731
    board = lambda key, value: lambda d: _race(d)["board"].update({key: value})  # noqa: E731
    seasonal = lambda key, value: lambda d: d.update({key: value})  # noqa: E731
    settings = lambda key, value: lambda d: d.update({key: value})  # noqa: E731
    return [
        # settings
        Case(
            "settings: a volume of 5,000 digits",
            player_file("settings.json", settings("volume", "@DIGITS@")),
            "5,000 digits",
            "settings",
        ),
        Case(
            "settings: a volume of 400 digits",
            player_file("settings.json", settings("volume", "@BIGDIGITS@")),
            "400 digits",
            "settings",
        ),
        Case(
            "settings: a NUL in the player's name",
            player_file("settings.json", settings("player_name", "A\0")),
            "player_name is a text that cannot be used",
            "settings",
        ),
        Case(
            "settings: a surrogate in the join code",
            player_file("settings.json", settings("join_code", "\ud800")),
            "join_code is a text that cannot be used",
            "settings",
        ),
        Case(
            "settings: a NUL in the host address",
            player_file("settings.json", settings("host_address", "\0")),
            "host_address is a text that cannot be used",
            "settings",
        ),
        Case(
            "settings: a 7680-pixel window",
            player_file("settings.json", settings("window", [7680, 7680])),
            "window 7680 x 7680 is not within 320-3840",
            "settings",
        ),
        # the race save
        Case(
            "save: a seed of 5,000 digits",
            player_file("race.json", lambda d: _race(d).update(seed="@DIGITS@")),
            "5,000 digits",
            "save",
        ),
        Case(
            "save: a NUL in a racer's name",
            player_file("race.json", racer("name", "Ann\0")),
            "racer 1's name is a text that cannot be used",
            "save",
        ),
        Case(
            "save: a surrogate in the board's name",
            player_file("race.json", board("name", "\udc00")),
            "'race.board.name' is a text that cannot be used",
            "save",
        ),
        Case(
            "save: a racer's name that is a number",
            player_file("race.json", racer("name", 7)),
            "racer 1's name is a number, not a text",
            "save",
        ),
        Case(
            "save: a racer's name of 100,000 characters",
            player_file("race.json", racer("name", "x" * 100_000)),
            "100,000 characters long",
            "save",
        ),
        Case(
            "save: a racer's name of a million characters",
            player_file("race.json", racer("name", "x" * 10**6)),
            "1,000,000 characters long",
            "save",
        ),
        Case(
            "save: a board's name of a million characters",
            player_file("race.json", board("name", "x" * 10**6)),
            "1,000,000 characters long",
            "save",
        ),
        Case(
            'save: setup.racers is "nope"',
            player_file("race.json", lambda d: d["setup"].update(racers="nope")),
            "'setup.racers' is a text, not a list",
            "save",
        ),
        Case(
            "save: respawn turns as texts",
            player_file("race.json", board("respawn_turns", ["4", "7"])),
            "respawn_turns' is a text, not a whole number",
            "save",
        ),
        Case(
            "save: an object of kind xyz",
            player_file("race.json", lambda d: _race(d)["board"]["objects"].append([3, 3, "xyz"])),
            "'race.board.objects' is a list, not an object on a square",
            "save",
        ),
        Case("save: a source that is a FIFO", fifo_source("race.json"), "", "save"),
        Case(
            "save: a 1,500 x 1,500 board",
            huge_source("race.json"),
            "'race.board.terrain' holds 1,500 items (at most 256)",
            "save",
        ),
        # the season
        Case(
            "season: a seed of 5,000 digits",
            player_file("season.json", seasonal("seed", "@DIGITS@")),
            "5,000 digits",
            "season",
        ),
        Case(
            "season: a NUL in its name",
            player_file("season.json", seasonal("name", "Cup\0")),
            "the field 'name' is a text that cannot be used",
            "season",
        ),
        Case(
            "season: 50 racers",
            player_file("season.json", lambda d: d.update(racers=(d["racers"] * 17)[:50])),
            "holds 50 items (at most 6)",
            "season",
        ),
        Case(
            "season: 1 racer",
            player_file("season.json", lambda d: d.update(racers=d["racers"][:1])),
            "it has 1 racers, not 2 to 6",
            "season",
        ),
        # replays
        Case(
            "replay: an event's number of 5,000 digits",
            player_file("replay.json", lambda d: d["events"][0].update(racer="@DIGITS@")),
            "5,000 digits",
            "replay",
        ),
        Case(
            "replay: a choice 900 levels deep",
            player_file("replay.json", lambda d: d["race"]["choices"].insert(0, _deep(900))),
            "nest more than 24 deep",
            "replay",
        ),
        Case(
            "replay: a 1,400 x 1,400 board",
            player_file("replay.json", lambda d: d["race"]["board"].update(terrain=["." * 1400] * 1400)),
            "'race.board.terrain' holds 1,400 items (at most 256)",
            "replay",
        ),
        Case("replay: a source that is a FIFO", fifo_source("replay.json"), "", "usable replay"),
        # boards
        Case(
            "a zlib bomb in a layer in an object layer",
            stray_bomb("objectgroup", inflated),
            "a <layer> inside <objectgroup>",
        ),
        Case(
            "a zlib bomb in a group in an object layer", stray_bomb("group", inflated), "a <group> inside <objectgroup>"
        ),
        Case("a zlib bomb in properties", stray_bomb("properties", inflated), "a <layer> inside <properties>"),
        *(
            [
                Case(
                    "a 2.8 GB zlib bomb in an object layer",
                    stray_bomb("objectgroup", 2800 * MB),
                    "inside <objectgroup>",
                )
            ]
            if big
            else []
        ),
        Case("a 1,000,000-pixel picture of 1-pixel tiles", one_pixel_tiles(1_000_000), "more than the 4096x4096"),
        Case("a 4096-pixel picture of 1-pixel tiles", one_pixel_tiles(4096), "cuts into 16,777,216 tiles"),
        Case("a FIFO tileset in a tileset", nested_tileset("fifo tileset"), "a <tileset> inside <tileset>"),
        Case("a FIFO picture in a second tileset", nested_tileset("fifo picture"), "it is not a regular file"),
        Case("a 30,000-pixel PNG in a second tileset", nested_tileset("30000 png"), "more than the 4096x4096"),
        Case("a 46,341-pixel PNG in a second tileset", nested_tileset("46341 png"), "more than the 4096x4096"),
        Case("a GIF whose frame is huge", nested_tileset("gif frame"), "the picture is 30000x30000 pixels"),
        Case('iter_data="x" on a layer', method_attribute, "", "usable"),
        Case("an invalid background colour", bad_background, "", "usable"),
        Case("a picture smaller than it declares", small_picture, "", "usable"),
        Case("a 256 x 256 board", legal_board(256, 256), "a board has at most 8,192 squares"),
        Case("the largest legal board (64 x 128)", legal_board(64, 128), "", "usable"),
        Case("six of the largest boards in the boards folder", boards_folder(6, 64, 128), "", "folder"),
        Case("a board of Tiled 1.0 (DOCTYPE, an image without a size)", old_tiled, "", "usable"),
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


# ---------------------------------------------------------------- the window's scenes on a hostile file
SCENES = ("title", "setup", "race", "preview", "replay")
FRAMES = 4  # frames drawn on each screen opened


def data_home(case: Case, folder: Path) -> Path:
    """Where $XDG_DATA_HOME goes for a case made in `folder`: the player's files are made in it, a board's
    folder stays apart from it."""
    return folder / "data" if case.kind in ("save", "season", "settings") else folder.parent / f"{folder.name}-home"


def scenes_for(case: Case) -> tuple[str, ...]:
    """The window's screens that open a case's file."""
    if case.kind in ("save", "season", "settings"):
        return ("title",)
    if case.kind in ("replay", "usable replay"):
        return ("replay",)
    if case.kind == "folder":
        return ("setup",)
    return ("setup", "race", "preview")


def open_scene(scene: str, path: Path) -> str:
    """Open one of the window's screens (headless) on a hostile file, as a player would reach it, draw a
    few frames of it (and of the screens it leads to), and return what it says ("" when all is well).

    The per-user folder is $XDG_DATA_HOME/fantasy-racing (the settings, the save, the season, the
    boards folder). `path`: a board (setup: it is put in the boards folder; race: a race on it; preview:
    `--board FILE --watch`), a replay (replay), a boards folder (setup), or the player's file (title).
    Raises what the game would not catch (a test's failure)."""
    import pygame

    from game.app import session, userdata
    from game.app.settings import Settings
    from scenes.app import App, first_scene

    settings = Settings.load(session.FOLDER)
    if scene == "setup":  # the boards folder is the board's own folder
        boards = userdata.user_dir() / "boards"
        if boards.is_symlink() or boards.exists():
            shutil.rmtree(boards) if not boards.is_symlink() else boards.unlink()
        boards.symlink_to(path.parent if path.is_file() or path.is_fifo() else path, target_is_directory=True)
    app = App(settings=settings)
    try:
        return _open(app, scene, path, first_scene)
    finally:
        app.stack.close()
        pygame.display.quit()


def _open(app, scene: str, path: Path, first_scene) -> str:
    from game import BoardError, Race, RacerSetup
    from game.meta.replay import ReplayError, load, start
    from scenes.core import boards
    from scenes.race import RaceScene
    from scenes.screens.preview import BoardPreview
    from scenes.screens.replay import replay_board, replay_scene
    from scenes.screens.setup import SetupScene

    def frames(count: int = FRAMES) -> None:
        for _ in range(count):
            app.step([], 1 / 30)

    if scene == "title":
        title = first_scene(app, None)
        app.stack.push(title)
        frames()
        said = title.message
        if title.games:  # Resume…: the games in progress, the latest resumed
            title.open_games()
            frames(1)
            listed = app.stack.top
            listed.open(listed.games[0])
            frames()
            said = " ".join(p for p in (said, listed.message) if p)
        return said
    if scene == "setup":
        setup = SetupScene()
        app.stack.push(setup)
        frames(1)
        said = []
        for index, choice in enumerate(setup.choices):
            if choice.origin == boards.YOURS:
                setup.set_board(index)
                frames(1)
                said.append(choice.problem)
        return " ".join(p for p in said if p)
    if scene == "race":
        try:
            board = boards.load(str(path))
        except BoardError as error:
            return str(error)
        race = Race.new(board, [RacerSetup("elf", "Ann", "normal"), RacerSetup("orc", "Bo", "normal")], seed=1)
        app.stack.push(RaceScene(race, {}))
        frames()
        return ""
    if scene == "preview":
        preview = BoardPreview(str(path))
        app.stack.push(preview)
        frames()
        return preview.watcher.error or ""
    if scene == "replay":
        try:
            replay = load(path)
            app.stack.push(replay_scene(replay, start(replay, replay_board(replay))))
        except ReplayError as error:
            return str(error)
        frames()
        return ""
    raise ValueError(f"no scene {scene!r}")
