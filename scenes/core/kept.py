"""Pictures kept in memory within a budget of bytes, and the allocator told to give freed memory back.

A cache of pictures bounded by their count alone grows with the pictures' sizes: the lines of text
the game kept (1,500 at most) were 9.5 MB after three races of a long session and 22 MB after twelve
(issue 44). `Pictures` keeps the most recently used pictures while their pixels fit in a budget of
bytes, the oldest going first. `give_back_freed()` has glibc hand a freed picture's memory back to
the system.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import pygame

V = TypeVar("V")


def picture_bytes(surface: pygame.Surface) -> int:
    """The bytes of a picture's pixels (its rows, each as long as pygame keeps it)."""
    return surface.get_pitch() * surface.get_height()


class Pictures(Generic[V]):
    """Values (pictures, or tuples holding one) kept by key, the most recently used first, while their
    bytes stay within `budget`; the newest is always kept, whatever its size."""

    def __init__(self, budget: int, size: Callable[[V], int] | None = None) -> None:
        self.budget = budget
        self._size: Callable[[V], int] = size or picture_bytes  # type: ignore[assignment]
        self._kept: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._kept

    def get(self, key: Hashable) -> V | None:
        """The value kept under `key` (now the most recently used), or None."""
        found = self._kept.get(key)
        if found is None:
            return None
        self._kept.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: V) -> V:
        """Keep `value` under `key`; the oldest go while the bytes kept are beyond the budget."""
        old = self._kept.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        size = self._size(value)
        self._kept[key] = (value, size)
        self.bytes += size
        while self.bytes > self.budget and len(self._kept) > 1:
            _, (_, gone) = self._kept.popitem(last=False)
            self.bytes -= gone
        return value

    def kept(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value under `key`, made by `make()` and kept the first time."""
        found = self.get(key)
        return found if found is not None else self.put(key, make())

    def clear(self) -> None:
        """Forget every value."""
        self._kept.clear()
        self.bytes = 0


def _libc() -> Any:
    """glibc, or None (another C library, another system)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc if hasattr(libc, "mallopt") else None
    except OSError:
        return None


M_MMAP_THRESHOLD = -3  # glibc's mallopt() parameter
MMAP_THRESHOLD = 128 * 1024  # blocks this large get pages of their own, given back when freed
_STATE: dict[str, Any] = {}


def give_back_freed() -> bool:
    """Tell glibc to keep every block from 128 KB (a picture's pixels) in pages of its own, freed back
    to the system with the picture: by default glibc raises that threshold after the first large
    block freed, and the pictures of a closed screen then stay in the heap, the process growing by
    tens of MB over a long session though what it keeps does not (issue 44). Linux with glibc only;
    whether it was done."""
    if "libc" not in _STATE:
        _STATE["libc"] = _libc()
    libc = _STATE["libc"]
    return bool(libc is not None and libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1)
