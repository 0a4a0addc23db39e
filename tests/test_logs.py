"""The window game's log: set up once whatever the calls, and taken back whole, so a test that opens
the game leaves no handler writing to a stream pytest has closed since."""

from __future__ import annotations

import io
import logging
import sys

import pytest

from game.app import logs


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    yield tmp_path / "fantasy-racing"
    logs.undo_logging()


def ours() -> list[logging.Handler]:
    return [h for h in logging.getLogger().handlers if h.get_name() in (logs.FILE_HANDLER, logs.CONSOLE_HANDLER)]


def test_logging_is_set_up_once_and_undone_whole(home, monkeypatch):
    console = io.StringIO()
    monkeypatch.setattr(sys, "stderr", console)
    hook, level = sys.excepthook, logging.getLogger().level
    path = logs.setup_logging()
    assert path == home / logs.LOG_FILE and logs.setup_logging() == path
    assert sorted(h.get_name() for h in ours()) == [logs.CONSOLE_HANDLER, logs.FILE_HANDLER]
    assert sys.excepthook is not hook
    logging.getLogger("fantasy-racing").warning("a wheel came off")
    assert "a wheel came off" in console.getvalue() and "a wheel came off" in path.read_text(encoding="utf-8")
    logs.undo_logging()
    assert ours() == [] and sys.excepthook is hook and logging.getLogger().level == level
    logs.undo_logging()  # undoing twice changes nothing


def test_after_undo_nothing_writes_to_the_closed_console(home, monkeypatch):
    console = io.StringIO()
    monkeypatch.setattr(sys, "stderr", console)
    logs.setup_logging()
    logs.undo_logging()
    console.close()
    errors = io.StringIO()
    monkeypatch.setattr(sys, "stderr", errors)
    logging.getLogger("fantasy-racing").warning("heard by nobody")
    assert "Logging error" not in errors.getvalue()


def test_without_a_console_printed_lines_go_to_the_log_and_the_streams_come_back(home, monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    path = logs.setup_logging()
    print("a line with no console")
    assert "a line with no console" in path.read_text(encoding="utf-8")
    logs.undo_logging()
    assert sys.stdout is None and sys.stderr is None
