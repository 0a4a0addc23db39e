"""The player's JSON files read with their bounds (game/files.py: a size bounded before reading, whole
numbers of bounded digits, bounded nesting), each failure one plain reason (`Unreadable`), and their
envelopes opened (`opened`: the format version checked, an older file upgraded, game/envelope.py): shared by the
saves, the settings and the list of games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game import files
from game.envelope import Envelope, EnvelopeError


class Unreadable(Exception):
    """Why a settings or save file cannot be used (a phrase for the player)."""


_TEXT_BYTES = bytes([*range(9, 14), *range(32, 256)])  # the bytes of a text (8 others at most in a file's start)


def read_json_file(path: Path, what: str, kind: str) -> Any:
    """The JSON value in `path`, or Unreadable with a plain reason ("what" names the content;
    `kind`, a kind of game.files.LIMITS, bounds the file's size before it is read)."""
    try:
        data = files.read_bytes(path, kind)
    except files.FileRefused as error:
        raise Unreadable(str(error)) from None
    except OSError as error:
        raise Unreadable(f"the file cannot be opened: {error.strerror}") from None
    if not data.strip():
        raise Unreadable("the file is empty")
    if b"\x00" in data or len(data[:4096].translate(None, _TEXT_BYTES)) > 8:
        raise Unreadable(f"it holds binary data, not {what}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(f"it is not UTF-8 text (byte {error.start + 1} is 0x{data[error.start]:02x})") from None
    try:
        return files.loads(text)
    except files.FileRefused as error:
        raise Unreadable(str(error)) from None
    except json.JSONDecodeError as error:
        if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
            raise Unreadable("the file is cut short (it ends in the middle of the JSON)") from None
        raise Unreadable(f"it is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None


def opened(envelope: Envelope, data: Any, bare: int | None = None) -> dict[str, Any]:
    """A player's file's data in its envelope's current format (game/envelope.py: older versions
    upgraded), or Unreadable with the envelope's sentence (no version, a bad one, a newer one)."""
    try:
        return envelope.upgrade(data, bare)
    except EnvelopeError as error:
        raise Unreadable(str(error)) from None
