"""Computer racers who search think in worker processes, never on the frame loop or the host's loop.

The expert searches for tens of milliseconds a decision (`game.bots.ai`); in the window's process, or on a
dedicated host's event loop, that time is taken from the frames and from every other room's
messages. `Pool` is a small pool of worker processes, started once (lazily) and shared by everyone
in the process: the window's computer racers, every room of a host. A question is the race's record
(`game.rules.record`: it rebuilds the race anywhere), the decision's place in it, the level and the state of
the racer's own random stream (`game.rules.seeds.bot_rngs`); the answer is the choice and the stream's new
state, which the asker puts back into his stream. So every seeded choice is exactly the one
`ai.pick` makes in one process: the same tournaments, replays, balance runs and network races.

- `ask(race, decision, level, rng, owner)` hands the question to the pool and returns a `Thought`
  at once: `done`, `take(rng)` (the choice, the stream moved on), `cancel()`. `pick(...)` waits for
  the answer; `answer(...)` awaits it on an asyncio loop (cancelling the task cancels the search).
- A cancelled question is dropped if no worker has it yet; a worker searching it stops between two
  rollouts (`ai.stop_search`) and is free at once. Nothing else ends a search: the race's end and the
  player leaving cancel it (scenes/race/seats.py), and so does the host's task ending.
- Fair: questions wait in one queue per owner (a room, a window's race) and the free workers take
  them from the owners in turn, so a room with many questions cannot starve another.
- A worker keeps the last races it rebuilt (by the asker's key) and catches up with the new choices
  only; the boards' course tables (`game.bots.course`) stay with their boards, worked out once per worker
  (`prepare` does it before the first question).
- Workers run at a lower priority than the process that asks (the frame goes first, also on a machine
  with one core); they are fresh interpreters (forkserver, or spawn where there is none and in a
  packaged build: main.py calls `multiprocessing.freeze_support()`), and end with the pool
  (`close`, at the latest when the process exits) or when the process that asks goes away.

Only levels that search (`game.rules.levels.SEARCHING`) are worth a question: the others decide in a fraction of a
millisecond, less than sending the record costs, and are asked in place by their callers.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any

from game.boards.board import Board
from game.bots import ai
from game.rules import levels
from game.rules.race import Decision, Race
from game.rules.state import Option

log = logging.getLogger("fantasy-racing")

MAX_WORKERS = 4  # processes at most (no more than the machine's cores)
NICE = 5  # how much lower the workers' priority is (POSIX)
RACES_KEPT = 32  # races a worker keeps rebuilt, by key (a host's rooms, a window's race)
STOP_WITHIN = 5.0  # seconds the pool's thread gets to end when the pool closes
QUIT_WITHIN = 0.3  # seconds the workers get to quit when the pool closes, then they are killed (they keep nothing)
WATCH_EVERY = 0.5  # seconds between two looks of a worker at the process that asks (gone: it ends)


class Stopped(Exception):
    """The pool was closed, or its worker died, before the question was answered."""


class Thought:
    """One question to the pool and, once `done`, its answer (see the module)."""

    def __init__(self, job: int, owner: str, message: tuple[Any, ...]) -> None:
        self.job, self.owner, self.message = job, owner, message
        self.choice: Option | None = None  # the answer, once done
        self.state: Any = None  # the random stream's state after the choice
        self.error: BaseException | None = None
        self.cancelled = False
        self.worker: _Worker | None = None
        self._done = threading.Event()
        self._then: list[Callable[[], None]] = []
        self._pool: Pool | None = None

    @property
    def done(self) -> bool:
        """Whether the answer came (or the question was cancelled, or failed)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the answer (at most `timeout` seconds); whether it came."""
        return self._done.wait(timeout)

    def take(self, rng: random.Random) -> Option:
        """The choice (`done` first): `rng` is moved on as `ai.pick` would have moved it; the bot's
        error, if it had one, is raised here."""
        self._done.wait()
        if self.error is not None:
            raise self.error
        if self.cancelled:
            raise Stopped("the question was cancelled")
        rng.setstate(self.state)
        assert self.choice is not None  # (answered, neither failed nor cancelled: an option came)
        return self.choice

    def cancel(self) -> None:
        """Take the question back: dropped if waiting, stopped if a worker searches it."""
        if self._pool is not None and not self.done:
            self._pool.cancel(self)

    def then(self, callback: Callable[[], None]) -> None:
        """Call `callback` (on the pool's thread, or here if already done) once done."""
        with _LOCK:
            if not self.done:
                self._then.append(callback)
                return
        callback()

    def _finish(self) -> None:
        with _LOCK:
            self._done.set()
            callbacks, self._then = self._then, []
        for callback in callbacks:
            try:
                callback()
            except Exception:  # an asker that went away (a closed event loop)
                log.debug("a thinking callback failed", exc_info=True)


_LOCK = threading.Lock()


class _Worker:
    """A worker process, its pipe and its stop flag."""

    def __init__(self, context: Any, index: int) -> None:
        self.index = index
        self.stop = context.RawValue("q", 0)  # the job the worker must stop (shared memory)
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=_work, args=(child, self.stop, os.getpid()), name=f"computer-racers-{index}", daemon=True
        )
        self.process.start()
        child.close()
        self.thought: Thought | None = None
        self.prepared = 0  # the number of the last prepare message it was sent

    @property
    def pid(self) -> int | None:
        pid: int | None = self.process.pid
        return pid


def _context() -> Any:
    """Fresh interpreters for the workers (never a fork of a process with threads and a window)."""
    if getattr(sys, "frozen", False) or "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    return multiprocessing.get_context("forkserver")


def cores() -> int:
    """The cores this process may run on (its affinity where the system tells it: `taskset`, a
    container's CPU set), else the machine's."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class Pool:
    """Worker processes answering computer racers' questions (see the module). `workers`: at most
    this many processes (default: the cores this process may use, `cores`, at most MAX_WORKERS),
    started as needed."""

    def __init__(self, workers: int | None = None) -> None:
        self.most = max(1, workers if workers is not None else min(MAX_WORKERS, cores()))
        self._context = _context()
        self._workers: list[_Worker] = []
        self._queues: OrderedDict[str, deque[Thought]] = OrderedDict()  # owner -> waiting questions
        self._jobs = itertools.count(1)
        self._lock = threading.Lock()
        self._wake_r, self._wake_w = multiprocessing.Pipe(duplex=False)
        self._thread: threading.Thread | None = None
        self._prepared: list[tuple[int, tuple[Any, ...]]] = []  # (number, message): every worker gets these
        self._prepares = itertools.count(1)
        self.closed = False

    # ---------------------------------------------------------------- asking
    def ask(self, race: Race, decision: Decision, level: str, rng: random.Random, owner: str = "") -> Thought:
        """Hand `decision` of `race` (its pending one) to the pool; a Thought (see the module)."""
        if race.pending is not decision:
            raise ValueError("a computer racer is asked the race's pending decision only")
        record = race.to_dict()
        index = len(race.choices)
        thought = Thought(0, owner, ())
        with self._lock:
            if self.closed:
                raise Stopped("the pool of computer racers is closed")
            thought.job = next(self._jobs)
            thought.message = ("think", thought.job, _key(owner), record, index, level, rng.getstate())
            thought._pool = self
            self._queues.setdefault(owner, deque()).append(thought)
            self._start()
        self._wake()
        return thought

    def prepare(self, race: Race) -> None:
        """Let every worker work out what the race's computer racers will read (the expert's course
        tables) before their first question (the first worker starts now if none has)."""
        if not any(r.bot in levels.SEARCHING for r in race.racers) or not race.dice.replayable:
            return
        record = race.to_dict()
        with self._lock:
            if self.closed:
                return
            message = ("prepare", 0, "", {**record, "choices": []}, 0, "", None)
            self._prepared = [*self._prepared[-7:], (next(self._prepares), message)]
            self._start()
        self._wake()

    def cancel(self, thought: Thought) -> None:
        """Take a question back (Thought.cancel)."""
        with self._lock:
            queue = self._queues.get(thought.owner)
            if queue is not None and thought in queue:
                queue.remove(thought)
                thought.cancelled = True
            elif thought.worker is not None:
                thought.worker.stop.value = thought.job
                return
            else:
                return
        thought._finish()

    def children(self) -> list[int]:
        """The process ids of the pool's workers alive now."""
        with self._lock:
            return [w.pid for w in self._workers if w.process.is_alive() and w.pid is not None]

    # ---------------------------------------------------------------- the pool's thread
    def _start(self) -> None:
        """The thread that hands questions to workers and takes their answers (under the lock)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="computer-racers-pool", daemon=True)
            self._thread.start()

    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            self._wake_w.send_bytes(b".")

    def _run(self) -> None:
        while True:
            with self._lock:
                if self.closed:
                    return
                self._dispatch()
                grow = len(self._workers) < self.most and (
                    any(self._queues.values()) or (self._prepared and not self._workers)
                )
            if grow:  # a process starts outside the lock: the askers never wait for it
                try:
                    worker = _Worker(self._context, len(self._workers))
                except Exception as error:  # (OSError; RuntimeError from a main module without its guard)
                    log.error("computer racers: no worker process could start (%s)", error)
                    with self._lock:
                        self._fail_all(Stopped(f"no worker process could start ({error})"))
                    continue
                with self._lock:
                    self._workers.append(worker)
                continue
            with self._lock:
                waiting = [w.conn for w in self._workers if w.thought is not None]
            ready = wait([self._wake_r, *waiting])
            for conn in ready:
                if conn is self._wake_r:
                    with contextlib.suppress(OSError, EOFError):
                        while self._wake_r.poll():
                            self._wake_r.recv_bytes()
                    continue
                self._hear(conn)  # type: ignore[arg-type]

    def _dispatch(self) -> None:
        """Send every worker the prepare messages it lacks, then give waiting questions to free workers,
        the owners in turn (under the lock)."""
        for worker in list(self._workers):
            for number, message in self._prepared:
                if number > worker.prepared:
                    try:
                        worker.conn.send(message)
                    except OSError:
                        self._fail(self._lost(worker), "the computer racer's worker process stopped")
                        break
                    worker.prepared = number
        while self._queues:
            free = [w for w in self._workers if w.thought is None]
            if not free:
                return
            owner, queue = next(iter(self._queues.items()))
            if not queue:  # (its questions were withdrawn: the owner left the race)
                del self._queues[owner]
                continue
            thought = queue.popleft()
            self._queues.move_to_end(owner)
            if not queue:
                del self._queues[owner]
            worker = free[0]
            try:
                worker.conn.send(thought.message)
            except OSError:
                self._fail(self._lost(worker), "the computer racer's worker process stopped")
                self._queues.setdefault(owner, deque()).appendleft(thought)
                self._queues.move_to_end(owner, last=False)
                continue
            worker.thought, thought.worker = thought, worker

    def _hear(self, conn: Connection) -> None:
        worker = next((w for w in self._workers if w.conn is conn), None)
        if worker is None:
            return
        try:
            answer = conn.recv()
        except (EOFError, OSError):
            with self._lock:
                thought = self._lost(worker)
            self._fail(thought, "the computer racer's worker process stopped")
            return
        with self._lock:
            thought, worker.thought = worker.thought, None
        if thought is None or answer[1] != thought.job:
            return
        if answer[0] == "done":
            thought.choice, thought.state = answer[2], answer[3]
        elif answer[0] == "stopped":
            thought.cancelled = True
        else:
            thought.error = answer[2]
        thought.worker = None
        thought._finish()

    def _lost(self, worker: _Worker) -> Thought | None:
        """A worker died (under the lock): forget it; its question."""
        if worker in self._workers:
            self._workers.remove(worker)
        worker.conn.close()
        thought, worker.thought = worker.thought, None
        return thought

    @staticmethod
    def _fail(thought: Thought | None, words: str) -> None:
        if thought is not None:
            thought.error = Stopped(words)
            thought._finish()

    def _fail_all(self, error: BaseException) -> None:
        failed = [t for queue in self._queues.values() for t in queue]
        self._queues.clear()
        for thought in failed:
            thought.error = error
            thought._finish()

    # ---------------------------------------------------------------- the end
    def close(self) -> None:
        """End the workers (questions not answered fail with Stopped); the pool cannot be used again."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
            workers, self._workers = self._workers, []
            pending = [t for queue in self._queues.values() for t in queue]
            pending += [w.thought for w in workers if w.thought is not None]
            self._queues.clear()
        self._wake()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(STOP_WITHIN)
        for worker in workers:
            if worker.thought is not None:
                worker.stop.value = worker.thought.job
            with contextlib.suppress(OSError):
                worker.conn.send(("quit", 0, "", None, 0, "", None))
        deadline = time.monotonic() + QUIT_WITHIN
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():  # (in the middle of a search: a window closing does not wait for it)
                worker.process.kill()
                worker.process.join(STOP_WITHIN)
            worker.conn.close()
        for thought in pending:
            thought.error = Stopped("the pool of computer racers was closed")
            thought._finish()
        self._wake_r.close()
        self._wake_w.close()


# ---------------------------------------------------------------- the process's pool
_shared: Pool | None = None


def shared() -> Pool:
    """The process's pool, made at the first call (its workers start with the first question)."""
    global _shared
    with _LOCK:
        if _shared is None or _shared.closed:
            _shared = Pool()
            atexit.register(_shared.close)
        return _shared


def shutdown() -> None:
    """Close the process's pool, if there is one (its workers end)."""
    global _shared
    with _LOCK:
        pool, _shared = _shared, None
    if pool is not None:
        pool.close()
        atexit.unregister(pool.close)


def pick(
    race: Race, decision: Decision, level: str, rng: random.Random, owner: str = "", pool: Pool | None = None
) -> Option:
    """`ai.pick` answered by the pool (waits for it): the same choice, `rng` moved on the same way."""
    return (pool or shared()).ask(race, decision, level, rng, owner).take(rng)


async def answer(race: Race, decision: Decision, level: str, rng: random.Random, owner: str = "") -> Any:
    """`ai.pick` answered by the pool, awaited on the running loop (which goes on meanwhile);
    cancelling the awaiting task cancels the search."""
    thought = shared().ask(race, decision, level, rng, owner)
    loop = asyncio.get_running_loop()
    ready = loop.create_future()

    def settle() -> None:
        if not ready.done():
            ready.set_result(None)

    def tell() -> None:
        loop.call_soon_threadsafe(settle)

    thought.then(tell)
    try:
        await ready
    except asyncio.CancelledError:
        thought.cancel()
        raise
    return thought.take(rng)


def _key(owner: str) -> str:
    """The key a worker keeps the asker's race under: this process and the owner."""
    return f"{os.getpid()}:{owner}"


# ---------------------------------------------------------------- in a worker process
def watch_asker(asker: int, every: float = WATCH_EVERY) -> threading.Thread | None:
    """In a worker process (this pool's, a tournament's): a thread that ends the process within `every`
    seconds of the process that asks (`asker`, its pid) going away, however it went (SIGTERM, a crash,
    `kill -9`), even in the middle of a search. The process that started the worker for the asker (the
    forkserver, when it is not the asker himself) is ended too: it serves nobody any more. (POSIX: on
    Windows, where os.kill would end the asker, the pipes' end tells the workers.)"""
    if sys.platform.startswith("win"):
        return None
    starter = os.getppid()

    def alive() -> bool:
        try:
            os.kill(asker, 0)
        except ProcessLookupError:
            return False
        except OSError:  # (another user's process of that number: not the asker)
            return False
        return os.getppid() == starter

    def watch() -> None:
        while alive():
            threading.Event().wait(every)
        if starter not in (asker, 1) and os.getppid() == starter:
            with contextlib.suppress(OSError):
                os.kill(starter, signal.SIGTERM)
        os._exit(1)

    thread = threading.Thread(target=watch, name="watch-asker", daemon=True)
    thread.start()
    return thread


def _work(conn: Connection, stop: Any, asker: int | None = None) -> None:
    """A worker: answer questions until told to quit or the asking process goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the asker's to handle: he closes the pool
    if asker is not None:
        watch_asker(asker)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(NICE)
    races: OrderedDict[str, tuple[dict[str, Any], list[Any], Race]] = OrderedDict()
    boards: list[tuple[dict[str, Any], Board]] = []
    job = 0
    ai.stop_search = lambda: stop.value == job
    while True:
        try:
            kind, job, key, record, index, level, state = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if kind == "quit":
            return
        try:
            race = _race(races, boards, key, record)
            if kind == "prepare":
                ai.prepare(race)
                continue
            if stop.value == job:
                raise ai.Stopped
            if len(race.choices) != index or race.pending is None:
                raise ValueError(f"the record has {len(race.choices)} choices, the question is about choice {index}")
            rng = random.Random()
            rng.setstate(state)
            choice = ai.pick(race, race.pending, level, rng)
            answer: tuple[Any, ...] = ("done", job, choice, rng.getstate())
        except ai.Stopped:
            answer = ("stopped", job)
        except Exception as error:  # the asker raises it
            answer = ("error", job, _sendable(error))
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return


def _race(
    races: OrderedDict[str, tuple[dict[str, Any], list[Any], Race]],
    boards: list[tuple[dict[str, Any], Board]],
    key: str,
    record: dict[str, Any],
) -> Race:
    """The race of a record: the one kept under `key`, caught up with its new choices, or rebuilt (on
    a board already seen: its course tables are kept with it)."""
    choices = record["choices"]
    head = {k: v for k, v in record.items() if k != "choices"}
    kept = races.get(key)
    if kept is not None and kept[0] == head and choices[: len(kept[1])] == kept[1]:
        race = kept[2]
        for choice in choices[len(kept[1]) :]:
            race.choose(choice)
    else:
        board = next((b for d, b in boards if d == record["board"]), None)
        race = Race.from_dict(record, board=board)
        if board is None:
            boards[:] = [*boards[-7:], (record["board"], race.board)]
    races[key] = (head, list(choices), race)
    races.move_to_end(key)
    while len(races) > RACES_KEPT:
        races.popitem(last=False)
    return race


def _sendable(error: Exception) -> Exception:
    """The error itself if it can travel back to the asker, else its words."""
    import pickle

    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error
