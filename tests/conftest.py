"""Shared test setup: headless SDL, the repository on the import path, and every test leaves the
process as it found it (no logging handler, exception hook or running thread left behind)."""

import logging
import os
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The game's per-user folder (settings, saves, the player's boards) goes to a
# temporary folder, never the real one of whoever runs the tests.
SESSION_FOLDER = tempfile.mkdtemp(prefix="fantasy-racing-tests-")
os.environ["XDG_DATA_HOME"] = SESSION_FOLDER  # (each test then gets a folder of its own in it: own_player_folder)
# The game's bytecode is cached (in its __pycache__ folders, which git ignores) whatever the environment
# says: every command a test starts (main.py check-map, simulate, serve, a window) would otherwise
# compile the whole game again, a tenth of a second each, hundreds of times a run.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.postgres_server import postgres_server, postgres_url, relay_store  # noqa: E402, F401  (PostgreSQL's)

THREADS_END_WITHIN = 5.0  # seconds a test's own non-daemon threads get to end after it


def pytest_sessionstart(session: pytest.Session) -> None:
    """Say the seed of the tests' order (pytest-randomly shuffles the modules, then the tests in each):
    a failure that depends on the order is repeated with `-p randomly --randomly-seed=N`."""
    seed = getattr(session.config.option, "randomly_seed", None)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if seed is not None and reporter is not None and not hasattr(session.config, "workerinput"):
        reporter.write_line(f"tests in random order, seed {seed}: repeat it with --randomly-seed={seed}")


class ProcessState:
    """What a test may change in the process and must give back: the loggers' handlers and the root
    logger's level, sys.excepthook, threading.excepthook and the live threads."""

    def __init__(self) -> None:
        self.handlers = handlers()
        self.level = logging.getLogger().level
        self.excepthook = sys.excepthook
        self.thread_excepthook = threading.excepthook
        self.threads = set(threading.enumerate())

    def restore(self) -> list[str]:
        """Put back what changed since; what that was, in words (threads are waited for, not killed)."""
        left = []
        for logger, handler in handlers() - self.handlers:
            logger.removeHandler(handler)
            handler.close()
            left.append(f"the logging handler {handler!r} on the logger {logger.name!r}")
        logging.getLogger().setLevel(self.level)
        if sys.excepthook is not self.excepthook:
            left.append(f"sys.excepthook = {sys.excepthook!r}")
            sys.excepthook = self.excepthook
        if threading.excepthook is not self.thread_excepthook:
            left.append(f"threading.excepthook = {threading.excepthook!r}")
            threading.excepthook = self.thread_excepthook
        deadline = time.monotonic() + THREADS_END_WITHIN
        for thread in threading.enumerate():
            if thread in self.threads or thread.daemon:
                continue
            thread.join(max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                left.append(f"the thread {thread.name!r}, still running {THREADS_END_WITHIN:g} s after the test")
        return left


def handlers() -> set[tuple[logging.Logger, logging.Handler]]:
    """Every logger's handlers but pytest's own (its capture handlers come and go around each test)."""
    loggers = [logging.getLogger()] + [
        logger for logger in logging.Logger.manager.loggerDict.values() if isinstance(logger, logging.Logger)
    ]
    return {
        (logger, handler)
        for logger in loggers
        for handler in logger.handlers
        if not type(handler).__module__.startswith("_pytest")
    }


@pytest.fixture(autouse=True)
def nothing_left_behind() -> Iterator[None]:
    """Fail a test that leaves a logging handler, an exception hook or a running non-daemon thread
    behind (restoring what it can first): a handler on a closed stream, say, breaks the later tests'
    logging ("I/O operation on closed file"). A test that sets them up on purpose asks for
    `undo_process_state`."""
    before = ProcessState()
    yield
    left = before.restore()
    if left:
        pytest.fail("the test left behind " + "; ".join(left), pytrace=False)


@pytest.fixture(autouse=True)
def design_sized_screen() -> Iterator[None]:
    """Every test starts and ends on a logical screen of the design size (a test's window at 1920x1080
    makes it larger for the scenes it draws, scenes/core/theme.py)."""
    from scenes.core import theme

    theme.use_screen_size(theme.SIZE)
    yield
    theme.use_screen_size(theme.SIZE)


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    """Every test starts with pygame's display ready (the dummy driver, a 1x1 window unless the test
    opens its own): pictures are converted for the display when they are made, so a test that draws
    must not depend on an earlier test having opened a window, nor be broken by one that closed it
    (a window's close quits pygame). This fixture is the one owner of that initialisation."""
    import pygame

    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        pygame.display.init()
        pygame.display.set_mode((1, 1))
    yield
    controls = sys.modules.get("scenes.core.controls")
    if controls is not None:  # the next test's hints name the keys, not the controller this one used
        controls.reset()


@pytest.fixture(autouse=True)
def own_player_folder() -> Iterator[None]:
    """Every test starts with an empty player's folder of its own (settings, saves, boards, caches),
    given to the commands it starts too: what one test wrote there (a settings file with a bad port,
    say) is never read by another, whatever the order. A test that sets XDG_DATA_HOME by hand gets
    its folder put back afterwards."""
    before = os.environ["XDG_DATA_HOME"]
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="test-", dir=SESSION_FOLDER)
    yield
    os.environ["XDG_DATA_HOME"] = before


@pytest.fixture
def undo_process_state() -> Iterator[None]:
    """For a test that runs the game's logging setup (handlers, sys.excepthook) on purpose: put back
    the handlers, the hooks and the root logger's level afterwards (the logging setup's own undo first,
    so that the next test's setup installs it again)."""
    from game.app import logs

    before = ProcessState()
    yield
    logs.undo_logging()
    before.restore()
