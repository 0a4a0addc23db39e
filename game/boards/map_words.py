"""The sentences of the board checker (docs/maps.md), one per problem, as data.

Each problem a board can have is a key of `SENTENCES` (its stable code, which
`check-map --format json` gives) and a sentence with str.format placeholders,
filled in with the values of the problem found (`said`). The table holds the
English; the catalogues (assets/i18n/<language>.json, entries "check.<key>")
hold every language, English included, and `sentences(language)` reads them so
that `check-map`, `add-board` and the window's cards speak the player's
language. The engine reads the catalogue files itself (no pygame here).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

PREFIX = "check."  # the catalogue entries of the board checker
LANGUAGES = ("en", "fr")
CATALOGUES = Path(__file__).resolve().parent.parent.parent / "assets" / "i18n"
CATALOGUE_BYTES = 4 << 20  # a catalogue is about 0.2 MB

# key -> the English sentence (placeholders named after what they show)
# (a sentence that counts is a plural, {"one": ..., "other": ...}, chosen by its value `count`)
Sentence = str | dict[str, str]
SENTENCES: dict[str, Sentence] = {
    "parse_map_xml.1": "no such file",
    "parse_map_xml.2": "this is not a file",
    "parse_map_xml.3": "not a Tiled map: the file holds <{tag}>, a .tmx holds <map>",
    "parse_map_xml.4": "the file is refused: {error}",
    "parse_map_xml.5": "not a Tiled map: broken XML at line {line}, column {value}",
    "parse_map_xml.6": "cannot read the file ({error})",
    "check_map_shape.1": "the map is {orientation}; a board must be orthogonal (Map > Map Properties > Orientation)",
    "check_map_shape.2": "the map is infinite; untick Map > Map Properties > Infinite and give it a size",
    "check_map_shape.3": "the map has no valid width, height, tilewidth and tileheight",
    "check_map_shape.4": "the tiles are {tile_width}x{tile_height} pixels; a board needs square tiles",
    "check_map_shape.5": (
        "the map is {width} columns by {height} rows; a board has at most {MAX_COLUMNS} columns and {MAX_ROWS} rows"
    ),
    "check_map_shape.6": (
        "the map is {width} columns by {height} rows ({value:,} squares); a board has at most "
        "{MAX_SQUARES:,} squares (64 columns by 128 rows, say), so that its race opens on any "
        "computer"
    ),
    "check_map_shape.7": (
        "the map is {width} columns by {height} rows; a board needs at least {MIN_COLUMNS} columns and {MIN_ROWS} rows"
    ),
    "check_map_shape.8": "the tiles are {tile_width} pixels wide; a board's tiles are at most {MAX_TILE_PIXELS} pixels",
    "check_colors.1": "the map's background colour {color!r} is not a colour (#rrggbb); it is not used",
    "check_structure.1": "a <tileset> inside <{tag}>; Tiled puts tilesets only at the top of the map",
    "check_structure.2": "a <{tag}> inside <{tag2}>; Tiled puts layers only in the map or in a group layer",
    "check_counts.1": "the map has {value:,} layers; a board has at most {MAX_LAYERS} (group layers included)",
    "check_counts.2": "the map has {value:,} tilesets; a board uses at most {MAX_TILESETS}",
    "check_counts.3": "the map has {value:,} objects; a board has at most {MAX_OBJECTS:,}",
    "check_counts.4": (
        "the board's tilesets cut into {value:,} tiles together, more than the {MAX_TILES:,} a board may use; "
        "use fewer tilesets or larger tiles"
    ),
    "check_tilesets.1": (
        "the board's pictures hold {value:,} pixels together, more than the {MAX_BOARD_PIXELS:,} a "
        "board may use (a {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} picture)"
    ),
    "check_tilesets.2": "tileset {label!r} has no valid firstgid",
    "check_tilesets.3": "tileset file {source!r} is outside the board's folder; keep tilesets beside the board",
    "check_tilesets.4": "tileset file {source!r} holds a <tileset> inside its tileset, which Tiled never writes",
    "check_tileset_numbers.1": (
        "tileset {label!r}: its {name} {value!r} is not a whole number of pixels from {low} to {MAX_IMAGE_SIDE}"
    ),
    "check_images.1": "tileset {label!r} has no image",
    "check_images.2": "tileset {label!r}: image {source!r} not found",
    "check_images.3": "tileset {label!r}: image {source!r} is outside the board's folder; keep it beside the board",
    "check_images.4": (
        "tileset {label!r}: image {source!r} is {width}x{height} pixels, not the "
        "{declared}x{declared2} the tileset says; the picture's own size is used"
    ),
    "check_images.5": "tileset {label!r}: image {source!r} is refused: {error}",
    "check_images.6": "tileset {label!r}: image {source!r} cannot be read ({value})",
    "check_images.7": (
        "tileset {label!r}: its picture cuts into {tiles:,} tiles, more than the "
        "{MAX_TILESET_TILES:,} a tileset may have; use larger tiles"
    ),
    "parse_tileset_file.1": "tileset file {source!r} is not a .tsx file; save the tileset as .tsx",
    "parse_tileset_file.2": "tileset file {source!r} not found (looked for {tsx})",
    "parse_tileset_file.3": "tileset file {source!r} holds <{tag}>, not <tileset>",
    "parse_tileset_file.4": "tileset file {source!r} is refused: {error}",
    "parse_tileset_file.5": "tileset file {source!r} is broken XML at line {line}, column {value}",
    "parse_tileset_file.6": "cannot read tileset file {source!r} ({error})",
    "check_layer_kinds.1": 'no tile layer named "ground"; paint the track on a layer named "ground"',
    "check_layer_kinds.2": "this is {kind}; the ground is painted on a tile layer",
    "check_layer_kinds.5": "this is {kind}; {layer} are painted on a tile layer",
    "check_layer_kinds.3": "this is {kind}; start squares are points on an object layer",
    "check_layer_kinds.4": 'this layer is read as decoration; did you mean "{guess}"?',
    "layer_data_problem.1": "the layer is {size}x{size2} squares but the map is {width}x{height}",
    "layer_data_problem.2": "the layer has no <data>",
    "layer_data_problem.3": "the layer is stored in chunks (an infinite map); boards must be finite",
    "layer_data_problem.4": (
        "the layer is saved as XML tiles; choose CSV or Base64 (Map > Map Properties > Tile Layer Format)"
    ),
    "layer_data_problem.5": "unknown layer encoding {encoding!r}; choose CSV or Base64",
    "layer_data_problem.6": "layer compression {compression!r} is not readable; choose Base64 (zlib) or Base64 (gzip)",
    "layer_data_problem.7": "the layer holds {gids} tiles but a {width}x{height} map needs {value}",
    "layer_data_problem.8": "the layer data is damaged ({encoding}{value} does not decode)",
    "layer_data_problem.9": "the layer holds {value} tiles but a {width}x{height} map needs {value2}",
    "layer_data_problem.10": (
        "the layer's data inflates to more than the {value:,} bytes a {width}x{height} map needs; it is refused"
    ),
    "check_typed_properties.1": "property {name!r} of {value} is a bool but holds {value2!r}",
    "check_typed_properties.2": "property {name!r} of {value} is {kind} but holds {value3!r}",
    "map_properties.1": 'map property "{name}" is not read; did you mean "{guess}"?',
    "map_properties.2": 'map property "{key}" cannot be shown: {wrong}',
    "translations.1": 'map property "{key}" cannot be shown: {wrong}',
    "whole_property.1": 'map property "{name}" is a {kind} property; make it an int from {low} to {high}',
    "whole_property.2": 'map property "{name}" is {number}; it must be from {low} to {high}',
    "whole_property.3": 'map property "{name}" must be a whole number from {low} to {high}, not {value!r}',
    "respawn_turns.1": 'map property "respawn_turns" is a {kind} property; make it a string like "4,7,10,13"',
    "respawn_turns.2": (
        'map property "respawn_turns" must list game turns from {low} to {high} separated by '
        'commas, like "4,7,10,13", not {value!r}'
    ),
    "pytmx_map.1": "pytmx cannot read the map: {value}",
    "check_ground.1": {
        "one": "{count} square with no ground tile (the first is shown)",
        "other": "{count} squares with no ground tile (the first is shown)",
    },
    "squares.1": "a {value} lies on a {value2}; objects go on free squares",
    "squares.2": "a {value} and a {value2} on one square; a square holds at most one {value3}",
    "start_squares.1": "start object {id} has no usable position (x={x}, y={y})",
    "start_squares.2": "this start point lies outside the map",
    "start_squares.3": "two start points on one square",
    "start_order.1": 'start property "order" must be a whole number, not {order!r}',
    "check_starts.1": (
        'the board has no start square: add points on row 0 to an object layer named "start", or '
        "leave free squares on row 0"
    ),
    "check_starts.2": "this start square is not on row 0 (the top row)",
    "check_starts.3": {
        "one": "the board has {count} start square but max_racers is {max_racers}; "
        "add start squares or lower max_racers",
        "other": "the board has {count} start squares but max_racers is {max_racers}; "
        "add start squares or lower max_racers",
    },
    "check_starts.4": "this start square is on a {value}; start squares must be free",
    "check_starts.5": "the board has {value} start squares; only the first {MAX_STARTS} are used",
    "check_starts.6": "this start square holds a {value}; start squares must be free",
    "layer_tiles.1": {
        "one": "{count} tile from no tileset, which cannot be drawn (the first is shown)",
        "other": "{count} tiles from no tileset, which cannot be drawn (the first is shown)",
    },
    "expand.1": "this folder holds no .tmx board",
}
# Where a problem is, and how bad: the words around a sentence (same keys in the catalogues).
PLACES: dict[str, str] = {
    "place.layer": 'layer "{layer}"',
    "place.square": "column {column}, row {row}",
    "place.then": "{place}: {what}",
    "severity.error": "error",
    "severity.warning": "warning",
    "ok": "{file}: ok",
    "summary": "checked {boards}: {errors}, {warnings}",
    "count.board.one": "{count} board",
    "count.board.other": "{count} boards",
    "count.error.one": "{count} error",
    "count.error.other": "{count} errors",
    "count.warning.one": "{count} warning",
    "count.warning.other": "{count} warnings",
}


# The words a sentence names (what a square holds, a layer's kind, what owns a property), said in each
# language too (catalogue entries "check.word.<key>").
WORDS: dict[str, str] = {
    "barrier": "barrier",
    "rock": "rock",
    "hole": "hole",
    "shortcut": "shortcut",
    "chest": "chest",
    "coin": "gold coin",
    "clover": "clover",
    "shield": "shield",
    "obstacle": "obstacle",
    "object": "object",
    "layer": "a tile layer",
    "objectgroup": "an object layer",
    "imagelayer": "an image layer",
    "group": "a group layer",
    "other_layer": "a layer",
    "a_int": "an int",
    "a_float": "a float",
    "a_object": "a object",
    "the_map": "the map",
    "an_object": "object {id}",
    "an_element": "{tag} {name!r}",
}
PLACES.update({f"word.{key}": text for key, text in WORDS.items()})


@dataclass(frozen=True)
class Word:
    """A word a sentence names, said in the sentence's language: its key in WORDS and its own values."""

    key: str
    values: tuple[tuple[str, str], ...] = ()

    def text(self, words: dict[str, Sentence] | None = None) -> str:
        template = str((words or {}).get(f"word.{self.key}") or WORDS[self.key])
        try:
            return template.format(**dict(self.values))
        except (KeyError, IndexError, ValueError):
            return WORDS[self.key].format(**dict(self.values))


def word(key: str, **values: Any) -> Word:
    """A word of WORDS (an unknown one is a mistake of the code: KeyError)."""
    WORDS[key]  # noqa: B018  (raises for an unknown word)
    return Word(key, tuple((k, str(v)) for k, v in values.items()))


@dataclass(frozen=True)
class Said:
    """One problem's sentence: its key in SENTENCES and the values it names."""

    code: str
    values: tuple[tuple[str, Any], ...] = ()

    def text(self, words: dict[str, Sentence] | None = None) -> str:
        """The sentence in the language of `words` (`sentences(language)`; English when None)."""
        values = {k: v.text(words) if isinstance(v, Word) else v for k, v in self.values}
        language = str((words or {}).get("language", "en"))
        try:
            return form(((words or {}).get(self.code) or SENTENCES[self.code]), values, language).format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):  # a broken translation: the English instead
            values = {k: v.text() if isinstance(v, Word) else v for k, v in self.values}
            return form(SENTENCES[self.code], values, "en").format(**values)


def form(sentence: Sentence, values: dict[str, Any], language: str) -> str:
    """The sentence, or its plural form for the value `count` (French counts 0 and 1 as one)."""
    if isinstance(sentence, str):
        return sentence
    count = values["count"]
    one = count == 1 or (language == "fr" and count == 0)
    return sentence["one" if one else "other"]


def said(code: str, **values: Any) -> Said:
    """The problem `code` with its values (numbers kept for their format, anything else as text)."""
    if code not in SENTENCES:
        raise KeyError(f"no sentence {code!r} in the board checker's table")
    return Said(code, tuple((k, v if isinstance(v, (int, float, Word)) else str(v)) for k, v in values.items()))


def said_count(words: dict[str, Sentence], thing: str, count: int, language: str) -> str:
    """'1 error', '3 errors' ('0 erreur' in French, which counts 0 and 1 as one)."""
    one = count == 1 or (language == "fr" and count == 0)
    return str(words[f"count.{thing}.{'one' if one else 'other'}"]).format(count=count)


@cache
def sentences(language: str) -> dict[str, Sentence]:
    """The board checker's sentences and place words in `language` (key without "check."), English for
    a language the game does not have or an entry its catalogue lacks."""
    words: dict[str, Sentence] = {**SENTENCES, **PLACES, "language": language}
    for key, text in catalogue_entries(language, PREFIX).items():
        if key in words:
            words[key] = text
    return words


@cache
def catalogue_entries(language: str, prefix: str) -> dict[str, Sentence]:
    """The entries of the game's catalogue for `language` whose key starts with `prefix` (key without
    it); none for a language the game does not have or a catalogue that cannot be read."""
    if language not in LANGUAGES:
        return {}
    path = CATALOGUES / f"{language}.json"
    try:
        with open(path, "rb") as file:
            catalogue = json.loads(file.read(CATALOGUE_BYTES).decode("utf-8"))
    except (OSError, UnicodeError, ValueError):
        return {}
    return {
        key[len(prefix) :]: text
        for key, text in catalogue.items()
        if key.startswith(prefix) and isinstance(text, (str, dict))
    }
