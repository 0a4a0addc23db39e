"""A throwaway PostgreSQL server for the tests of the store on PostgreSQL (game/net/store_postgres.py):
made with `initdb` in a temporary folder, listening on 127.0.0.1 only (a free port; its socket file in
the same folder), without fsync (a test's data lives as long as the test), waited for by connecting
(bounded in time, never a fixed sleep), and stopped at the end of the session. Each test gets a
store of its own (`postgres_url`: a schema of its own, a millisecond; a whole database takes half a
second, `Server.new_database`).

The server's programs are Debian's (`apt-get install postgresql`: /usr/lib/postgresql/VERSION/bin,
which .ci/run installs) or any on the PATH. PostgreSQL refuses to run as root: as root, the server runs
as the unprivileged user `nobody`. Where no server can run, the tests that need one are skipped with
the reason, except in CI (CI=true), where that is a failure: CI installs the server to run them."""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

USER = "fr"  # the server's superuser the tests connect as (trusted on loopback: a throwaway server)
UNPRIVILEGED = "nobody"  # who runs the server when the tests run as root
START_SECONDS = 60.0  # a server not answering by then did not start
NUMBERS = itertools.count()
SHARED = "rooms"  # the database whose schemas the tests' stores are (`new_schema`)


def programs() -> Path | None:
    """The folder of `initdb` and `postgres`: Debian's newest, else the PATH's; None when there is none."""
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int("0" + p.parent.name.split(".")[0]))
    for folder in reversed(debian):
        if (folder / "initdb").is_file() and (folder / "postgres").is_file():
            return folder
    found = shutil.which("initdb")
    if found and (Path(found).resolve().parent / "postgres").is_file():
        return Path(found).resolve().parent
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """A running throwaway server: its folder, port and process."""

    folder: Path
    port: int
    process: subprocess.Popen[bytes]

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database's URL (half a second: for a test that needs a whole database)."""
        name = f"test_{os.getpid()}_{next(NUMBERS)}"
        with psycopg.connect(self.url(), autocommit=True, connect_timeout=10) as admin:
            admin.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]  # (a name of our own)
        return self.url(name)

    def new_schema(self) -> str:
        """The URL of a new empty schema of the database `rooms` (a millisecond), the first of the search
        path of whoever connects with it: a store of a test's own."""
        name = f"test_{os.getpid()}_{next(NUMBERS)}"
        with psycopg.connect(self.url(SHARED), autocommit=True, connect_timeout=10) as admin:
            admin.execute(f"CREATE SCHEMA {name}")  # type: ignore[arg-type]  # (a name of our own)
        return f"{self.url(SHARED)}?options=-csearch_path%3D{name}"

    def version(self) -> str:
        with psycopg.connect(self.url(), connect_timeout=10) as admin:
            row = admin.execute("SHOW server_version").fetchone()
        return str(row[0]) if row else "?"

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def stop(self) -> None:
        """A fast shutdown (SIGINT), then a kill if it takes more than half a minute; the folder removed."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
        shutil.rmtree(self.folder, ignore_errors=True)


class NoServer(Exception):
    """No PostgreSQL server can run here (the reason)."""


@dataclass(frozen=True)
class Whom:
    """Who runs the server's programs (Popen's user, group and extra groups; None: whoever we are)."""

    user: int | None = None
    group: int | None = None
    extra_groups: tuple[int, ...] | None = None


def as_whom() -> Whom:
    """An unprivileged user when we are root (PostgreSQL refuses root), else ourselves."""
    if os.geteuid() != 0:
        return Whom()
    try:
        user = pwd.getpwnam(UNPRIVILEGED)
    except KeyError:
        raise NoServer(
            f"we are root and there is no user {UNPRIVILEGED!r} to run PostgreSQL as (it refuses root)"
        ) from None
    return Whom(user.pw_uid, user.pw_gid, ())


def start(durable: bool = False) -> Server:
    """A new server in a folder of its own, answering on 127.0.0.1 (see the module; benchmarks/store.py
    --store postgresql uses it too, `durable`: fsync on, as a relay's server has it): NoServer when none
    can run here, RuntimeError when it did not start."""
    folder = programs()
    if folder is None:
        raise NoServer("initdb and postgres were not found (Debian's package: apt-get install postgresql)")
    whom = as_whom()
    # (As root, in /tmp itself, whatever TMPDIR says: `nobody` may not enter a folder of root's, pytest's.)
    home = Path(tempfile.mkdtemp(prefix="fantasy-racing-postgres-", dir="/tmp" if whom.user is not None else None))
    if whom.user is not None and whom.group is not None:
        os.chown(home, whom.user, whom.group)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "TZ": "UTC"}
    try:
        made = subprocess.run(
            [str(folder / "initdb"), "-D", str(home / "data"), "-U", USER, "--auth=trust", "-E", "UTF8", "--locale=C"]
            + ["--no-sync", "--no-instructions"],
            cwd=home,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
            user=whom.user,
            group=whom.group,
            extra_groups=whom.extra_groups,
        )
    except BaseException:  # (its time out, Ctrl+C: no folder left behind)
        shutil.rmtree(home, ignore_errors=True)
        raise
    if made.returncode != 0:
        shutil.rmtree(home, ignore_errors=True)
        raise NoServer(f"initdb failed: {' '.join((made.stderr or made.stdout).split())[:300]}")
    for _ in range(3):  # (a free port may be taken between our look and the server's bind: another one)
        port = free_port()
        with open(home / "server.log", "ab") as log:
            process = subprocess.Popen(
                [str(folder / "postgres"), "-D", str(home / "data"), "-h", "127.0.0.1", "-p", str(port)]
                + ["-k", str(home), "-c", "max_connections=40", "-c", "shared_buffers=32MB"]
                + (
                    [] if durable else ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
                ),
                cwd=home,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                user=whom.user,
                group=whom.group,
                extra_groups=whom.extra_groups,
            )
        server = Server(home, port, process)
        try:
            if answers(server):
                with psycopg.connect(server.url(), autocommit=True, connect_timeout=10) as admin:
                    admin.execute(f"CREATE DATABASE {SHARED}")  # type: ignore[arg-type]  # (a name of our own)
                return server
        except BaseException:  # (Ctrl+C, SIGTERM made an exception, or no database: no server left running)
            server.stop()
            raise
        server.process.kill()
        server.process.wait(30)
    said = server.log()
    server.stop()
    raise RuntimeError(f"the throwaway PostgreSQL server did not start within {START_SECONDS:g} s: {said}")


def answers(server: Server) -> bool:
    """Whether the server answers a connection before START_SECONDS (False: it stopped, or never did)."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and server.process.poll() is None:
        try:
            psycopg.connect(server.url(), connect_timeout=2).close()
            return True
        except psycopg.OperationalError:
            time.sleep(0.05)  # (a look every 50 ms, bounded by the deadline)
    return False


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """One throwaway server for the session (each xdist worker its own); where none can run, the tests
    that need one are skipped with the reason, or fail in CI (which installs one)."""
    try:
        server = start()
    except NoServer as reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI installs PostgreSQL to run these tests, yet {reason}")
        pytest.skip(f"no PostgreSQL server can run here: {reason}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: Server) -> str:
    """A store of the test's own on the session's server (a schema of its own), as `relay --store` takes it."""
    return postgres_server.new_schema()


@pytest.fixture(params=["sqlite", "postgresql"])
def relay_store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What `relay --store` takes, for each store in turn: an SQLite file in the test's folder, then a
    PostgreSQL store of the test's own (`postgres_url`); `game.cli.network.store_at` opens either in the
    test's own process. A test of races over days on a relay takes it to run on both."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    return str(request.getfixturevalue("postgres_url"))
