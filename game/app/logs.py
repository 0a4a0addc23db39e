"""The window game's log: a small rotating file in the per-user folder (fantasy-racing.log), the only
trace of a problem when there is no console, and the console's warnings when there is one.

`setup_logging` installs it once (a second call changes nothing); `undo_logging` takes back all it
did (its handlers closed and removed, sys.stdout, sys.stderr and sys.excepthook as they were), so a
test that opens the game's window leaves no handler behind on a stream that is closed later.

`native_quiet` keeps what the C libraries under pygame write themselves (SDL's messages, ALSA's
"ALSA lib ... cannot find card" lines when there is no sound card) out of the terminal: the
process's file descriptor 2 goes to a temporary file while they start, then comes back, and their
lines go to the log. `show_native(True)` (the command line's --verbose) leaves them in the terminal.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from game import files
from game.app.folder import user_dir

log = logging.getLogger("fantasy-racing")

LOG_FILE = "fantasy-racing.log"
FILE_HANDLER, CONSOLE_HANDLER = "fantasy-racing-file", "fantasy-racing-console"


_NATIVE = {"shown": False}  # --verbose: the C libraries' own messages stay in the terminal


def show_native(shown: bool) -> None:
    """Whether SDL's and ALSA's own messages are shown in the terminal (--verbose) or kept in the log."""
    _NATIVE["shown"] = bool(shown)


@contextlib.contextmanager
def native_quiet() -> Iterator[None]:
    """Around a library's start (pygame's display, its mixer): what C code writes to file descriptor 2
    goes to the log, not the terminal (unless `show_native(True)`); Python's own stderr is flushed
    first and is the terminal again as soon as the block ends (a warning logged after it is seen)."""
    if _NATIVE["shown"]:
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        sink = tempfile.TemporaryFile()
    except (OSError, ValueError, AttributeError):  # no descriptor 2 (a windowed build): nothing to keep out
        yield
        return
    try:
        os.dup2(sink.fileno(), 2)
        yield
    finally:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        sink.seek(0)
        said = sink.read(64 * 1024).decode("utf-8", "replace").strip()
        sink.close()
        if said:
            lines = said.splitlines()
            log.info("the sound and video libraries said (%d lines): %s", len(lines), " | ".join(lines[:12]))


def log_path() -> Path:
    """The log file of the window game."""
    return user_dir() / LOG_FILE


class _LogStream:
    """A stand-in for a missing sys.stdout / sys.stderr: lines go to the log."""

    def __init__(self, level: int) -> None:
        self.level = level
        self._line = ""

    def write(self, text: str) -> int:
        self._line += text
        while "\n" in self._line:
            line, self._line = self._line.split("\n", 1)
            if line.strip():
                log.log(self.level, "%s", line)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class _QuietFile(logging.handlers.RotatingFileHandler):
    """The log file, which falls silent for good when it cannot be written (a read-only or full
    folder): the game goes on, and never prints logging's own tracebacks."""

    broken = False

    def _open(self) -> Any:
        """The log file, opened to append, never through a symbolic link planted in its place."""
        return files.open_no_link(self.baseFilename, self.mode, self.encoding)

    def emit(self, record: logging.LogRecord) -> None:
        if not self.broken:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802  # (logging's name)
        self.broken = True
        try:
            if self.stream is not None:
                self.stream.close()
        except OSError:
            pass
        self.stream = None  # type: ignore[assignment]  # (logging's own way to say "closed")


@dataclass
class _Installed:
    """What `setup_logging` changed, to be taken back by `undo_logging`."""

    path: Path | None
    level: int  # the root logger's level before
    handlers: list[logging.Handler] = field(default_factory=list)
    stdout: TextIO | None = None
    stderr: TextIO | None = None
    replaced_stdout: bool = False
    replaced_stderr: bool = False
    excepthook: Any = None


_installed: _Installed | None = None


def _log_uncaught(kind: type[BaseException], value: BaseException, traceback: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, traceback)
        return
    log.critical("the game stopped on an error", exc_info=(kind, value, traceback))


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log the window game to a rotating file in the user folder (and to stderr when there is one).

    Without a console (a windowed build, pythonw: sys.stdout or sys.stderr is
    None) printed lines and uncaught errors go to the log too. Returns the
    log file, or None when the folder cannot be written. Called again (before
    `undo_logging`), it changes nothing and returns the same file.
    """
    global _installed
    if _installed is not None:
        return _installed.path
    root = logging.getLogger()
    installed = _Installed(path=None, level=root.level)
    root.setLevel(min(root.level or level, level))
    if not any(h.get_name() == FILE_HANDLER for h in root.handlers):
        handler: logging.Handler | None
        try:
            installed.path = log_path()
            handler = _QuietFile(installed.path, maxBytes=512_000, backupCount=2, encoding="utf-8", delay=True)
        except OSError:
            handler, installed.path = None, None
        if handler is not None:
            handler.set_name(FILE_HANDLER)
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
            root.addHandler(handler)
            installed.handlers.append(handler)
        if sys.stderr is not None and not any(h.get_name() == CONSOLE_HANDLER for h in root.handlers):
            console = logging.StreamHandler(sys.stderr)
            console.set_name(CONSOLE_HANDLER)
            console.setLevel(logging.WARNING)
            console.setFormatter(logging.Formatter("%(name)s: %(message)s"))
            root.addHandler(console)
            installed.handlers.append(console)
    installed.stdout, installed.stderr = sys.stdout, sys.stderr
    if sys.stdout is None:
        sys.stdout = _LogStream(logging.INFO)  # type: ignore[assignment]  # (a text stream's methods)
        installed.replaced_stdout = True
    if sys.stderr is None:
        sys.stderr = _LogStream(logging.ERROR)  # type: ignore[assignment]
        installed.replaced_stderr = True
    installed.excepthook = sys.excepthook
    sys.excepthook = _log_uncaught
    _installed = installed
    log.info(
        "Fantasy Racing starts (Python %s, %s%s)",
        sys.version.split()[0],
        sys.platform,
        ", packaged" if getattr(sys, "frozen", False) else "",
    )
    return installed.path


def undo_logging() -> None:
    """Take back what `setup_logging` did: its handlers closed and removed, the root logger's level,
    sys.stdout, sys.stderr and sys.excepthook as they were (nothing when it was not set up)."""
    global _installed
    installed, _installed = _installed, None
    if installed is None:
        return
    root = logging.getLogger()
    for handler in installed.handlers:
        root.removeHandler(handler)
        handler.close()
    root.setLevel(installed.level)
    if installed.replaced_stdout:
        sys.stdout = installed.stdout  # type: ignore[assignment]
    if installed.replaced_stderr:
        sys.stderr = installed.stderr  # type: ignore[assignment]
    if sys.excepthook is _log_uncaught:
        sys.excepthook = installed.excepthook
