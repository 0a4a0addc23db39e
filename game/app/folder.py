"""The player's folder as one object (`PlayerFolder`): where it is, whether this window holds it, the
files this process last read or wrote there, what could not be saved, and the one writer of the saves
made in the background.

The game session owns the process's folder (`game.app.session.FOLDER`) and hands it to whoever reads
or writes the player's files (`game.app.userdata`, `games`, `kept`, the settings); a test makes its
own. Nothing of the folder's state is kept in a module: what this process knows of the folder's files
(the names given to new games, the summaries read from whole files, the file of each championship and
of each finished race's replay) is the object's too.

- Where: `user_dir()`, found with `platformdirs` by each system's conventions,
  $XDG_DATA_HOME/fantasy-racing/ on Linux (by default ~/.local/share/fantasy-racing/),
  %APPDATA%\\fantasy-racing on Windows, ~/Library/Application Support/fantasy-racing on macOS; a
  folder made with a `root` stays there.
- One game window per folder (`lock`): a second window opens read-only (it writes and deletes
  nothing, and says so), and a save never replaces a file another process wrote since this one read
  or wrote it (`seen`, `changed_elsewhere`).
- Files are written atomically and never through a link (`game.files.write_atomically`: a temporary
  file of a unique name created exclusively beside the target, fsync, os.replace, within the folder).
- The saves made in the background are written by one writer thread, in the order they were made
  (`Writer`); `flush` waits for them, and `close` (the window closes: its close box, Escape, SIGTERM,
  which SDL turns into the same quit) writes what is queued before the folder is let go.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import platformdirs
import platformdirs.macos
import platformdirs.unix
import platformdirs.windows

from game import files

log = logging.getLogger("fantasy-racing")

APP_FOLDER = "fantasy-racing"
LOCK_FILE = "window.lock"
ANOTHER_WINDOW = (
    "Another Fantasy Racing window is already open on this player's folder ({folder}); this window is read-only: "
    "it saves nothing (races, championships, settings) until the other one is closed."
)
PROBLEMS_KEPT = 4  # the last sentences of what could not be saved, for the next screen that asks


def user_dir(create: bool = True) -> Path:
    """The per-user folder of the game, by the platform's conventions (created when needed, unless
    `create` is False: a command that only reads).

    `platformdirs`' user data folder: $XDG_DATA_HOME (or ~/.local/share) on Linux, %APPDATA% on
    Windows (roaming, as the game always kept it), ~/Library/Application Support on macOS."""
    if sys.platform.startswith("win"):
        system: type[platformdirs.PlatformDirsABC] = platformdirs.windows.Windows
    elif sys.platform == "darwin":
        system = platformdirs.macos.MacOS
    else:  # Linux and the other Unixes: $XDG_DATA_HOME, else ~/.local/share, as before
        system = platformdirs.unix.Unix
    folder = Path(system(appname=APP_FOLDER, appauthor=False, roaming=True).user_data_dir)
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


class ReadOnly(PermissionError):
    """A write refused because another window holds the folder."""


class Writer:
    """The one thread that writes the saves made in the background, in the order they were made.

    A save is queued and the frame goes on; the writer takes the queue in order (a newer save is
    never overwritten by an older one), one file at a time, and ends when the queue is empty (the
    next save starts it again: no thread is left waiting for nothing). `wait` waits for the queue.
    """

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None]] = queue.Queue()
        self.lock = threading.Lock()  # a write, queued or not, at a time
        self._starting = threading.Lock()  # (the writer's start and end against a new job)
        self.thread: threading.Thread | None = None

    def put(self, job: Callable[[], None]) -> None:
        """Write later, after every save queued before."""
        with self._starting:
            self.jobs.put(job)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="save-writer")
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self._starting:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    self.thread = None
                    return
            try:
                with self.lock:
                    job()
            finally:
                self.jobs.task_done()

    def wait(self) -> None:
        """Until every save queued is on disk."""
        self.jobs.join()


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


class PlayerFolder:
    """The player's folder of this process (see the module): `root` a folder of its own (a test's),
    by default the platform's per-user folder, looked up when it is needed."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else None
        self.writer = Writer()  # the saves made in the background
        self.read_only = False  # another window holds the folder: this one writes nothing
        self._lock: IO[bytes] | None = None  # the open lock file while this process holds the folder
        self._problems: list[str] = []  # what could not be saved, for the player (`take_problems`)
        self._seen: dict[str, tuple[int, int, int] | None] = {}  # a file as this process last read or wrote it
        self.given: set[Path] = set()  # names given to new games not yet written (game.app.games)
        self.summaries: dict[Any, dict[str, Any]] = {}  # summaries read from whole files, by path and state
        self.season_files: dict[int, tuple[Any, Path]] = {}  # a championship's file (game.app.session)
        self.replays_kept: dict[int, tuple[Any, Path]] = {}  # a finished race's replay file (game.app.session)

    def path(self, create: bool = True) -> Path:
        """The folder (created when needed unless `create` is False; raises OSError when it cannot be)."""
        if self.root is None:
            return user_dir(create)
        if create:
            self.root.mkdir(parents=True, exist_ok=True)
        return self.root

    # ---------------------------------------------------------------- one window per folder
    def lock(self) -> bool:
        """Hold the folder for this window (until the process ends, or `unlock`): True when this window
        may write; False (the window is then read-only) when another window holds it. A folder that
        cannot be locked at all (no folder, a file system without locks) is not held and writable."""
        if self._lock is not None:
            return True
        try:
            stream = files.open_no_link(self.path() / LOCK_FILE, "a+b")  # (held open while the window lives)
        except OSError:
            return True
        try:
            if sys.platform.startswith("win"):
                import msvcrt

                stream.seek(0)
                msvcrt.locking(stream.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            stream.close()
            self.read_only = True
            return False
        except OSError as error:
            stream.close()
            if error.errno in (11, 13, 35):  # EAGAIN, EACCES (Windows), EWOULDBLOCK (macOS): held elsewhere
                self.read_only = True
                return False
            return True
        self._lock = stream
        return True

    def unlock(self) -> None:
        """Let the folder go (the window closes); a read-only window becomes writable again."""
        stream, self._lock, self.read_only = self._lock, None, False
        if stream is not None:
            stream.close()  # (closing the file releases the lock)

    def close(self) -> None:
        """The window closes: every save queued is written, then the folder is let go."""
        self.flush()
        self.unlock()

    def another_window_sentence(self) -> str:
        """What the title says in a read-only window."""
        try:
            where = str(self.path())
        except OSError:
            where = APP_FOLDER
        return ANOTHER_WINDOW.format(folder=where)

    # ---------------------------------------------------------------- files as this process knows them
    def changed_elsewhere(self, path: Path) -> bool:
        """Whether another process wrote (or removed) a player's file since this one last read or wrote it."""
        known = self._seen.get(str(path), "unknown")
        return known != "unknown" and _signature(path) != known

    def seen(self, path: Path) -> None:
        """Note a player's file as this process read (or wrote, or removed) it: a save never replaces a
        newer file another process wrote since."""
        self._seen[str(path)] = _signature(path)

    def say(self, problem: str) -> None:
        """Keep a sentence for the player (logged now, shown by the next screen that asks)."""
        log.warning("%s", problem)
        if problem not in self._problems:
            self._problems.append(problem)
        del self._problems[:-PROBLEMS_KEPT]

    def take_problems(self) -> list[str]:
        """The sentences of what could not be saved since the last call (the title shows them)."""
        taken = list(self._problems)
        self._problems.clear()
        return taken

    # ---------------------------------------------------------------- writing
    def write_atomically(self, path: Path, text: str) -> None:
        """Write a player's file so that a reader sees the old or the new file, never half, and never
        through a link (`game.files.write_atomically`); raises OSError (the previous file is kept),
        `ReadOnly` in a window that does not hold the folder."""
        if self.read_only:
            raise ReadOnly(f"another game window has {Path(path).parent} open, so this one writes nothing")
        files.write_atomically(path, text, within=self.path())
        self.seen(Path(path))

    def flush(self) -> None:
        """Wait until every save queued in the background is on disk."""
        self.writer.wait()

    def set_aside(self, path: Path) -> Path:
        """Rename an unusable file beside itself; never delete or overwrite the player's data.

        The new name is `<stem>.unreadable-<date>-<time><suffix>`, with `-2`, `-3`...
        added when a file of that name is already there. In a read-only window it stays where it is.
        """
        path = Path(path)
        if self.read_only:
            raise ReadOnly("another game window has the folder open")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        n = 1
        while True:
            aside = path.with_name(f"{path.stem}.unreadable-{stamp}{'' if n == 1 else f'-{n}'}{path.suffix}")
            if not aside.exists():
                break
            n += 1
        if hasattr(os, "link"):
            try:  # a hard link never replaces an existing file; then the old name goes
                os.link(path, aside)
                os.unlink(path)
                self.seen(path)
                return aside
            except FileExistsError:
                return self.set_aside(path)
            except OSError:
                pass
        os.rename(path, aside)  # Windows: rename refuses to replace an existing file
        self.seen(path)
        return aside

    def set_aside_phrase(self, path: Path) -> str:
        """Set a file aside and say where it went (or that it could not be moved)."""
        try:
            return f"it was kept as {self.set_aside(path).name}"
        except OSError as error:
            return f"it could not be renamed aside ({error.strerror}) and is left as it is"
