"""SIGINT, SIGTERM and SIGHUP end a command with exit 128 + the signal (130, 143, 129)
and the previous outputs; or with exit 0 when they came after the new outputs were
all in place.

A KeyboardInterrupt raised deep inside a library can be swallowed there (a broad
``except``), and then the build would go on to write its outputs. So the
handler installed by :func:`watching` also *records* the signal, and the
write stage calls :func:`check` before it touches any output: a swallowed
signal still stops the build. Around the renames that replace the outputs,
:func:`deferred` holds the signal back until every output is consistent
(all old or all new), and :func:`committed` records that the new set is
complete, so the exit code tells the truth. The same goes for a signal that lands
while Python runs a callback whose exceptions it cannot pass on (a weakref
callback in the import system's module locks, a ``__del__``): Python would
print the :class:`Interrupted` as "Exception ignored" with a traceback, so
while watching, the unraisable hook stays quiet about it (it is recorded and
raised again by the next :func:`check`). :func:`blocked` keeps the signals
from the worker processes forked meanwhile (only the parent reacts, and stops
them); a worker also dies when its parent dies, even by SIGKILL.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from itertools import chain, islice
from types import FrameType
from typing import TypeVar

from publisher.workers import most_workers, worker_count

Task = TypeVar("Task")
Result = TypeVar("Result")

#: The signals a command turns into a clean stop (exit 128 + the signal's number).
SIGNALS = tuple(s for s in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None)

_pending: int = 0            # the signal received during this command (0: none)
_deferred = 0
_committed = False
_last_committed = False      # the last command's, kept after it ended (for its exit code)
#: Set when worker processes were stopped mid-task: the pool's helper threads may then
#: never finish, so the command must leave with os._exit instead of joining them.
abandoned_pool = False


def abandon_pool() -> None:
    """Record that a process pool was stopped mid-task (see :data:`abandoned_pool`)."""
    global abandoned_pool
    abandoned_pool = True


class Interrupted(KeyboardInterrupt):
    """A command stopped by a signal; ``after_commit`` when the new outputs were all written."""

    def __init__(self, signum: int, after_commit: bool = False) -> None:
        super().__init__(signum)
        self.signum, self.after_commit = signum, after_commit

    @property
    def exit_code(self) -> int:
        return 0 if self.after_commit else 128 + self.signum


def _handler(signum: int, frame: FrameType | None) -> None:
    global _pending
    _pending = _pending or signum
    if not _deferred:
        raise Interrupted(signum, _committed)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def watching(*, ignore_after_commit: bool = False) -> Iterator[None]:
    """Install the recording handler of :data:`SIGNALS` for the duration of one command;
    a signal the caller set to SIG_IGN (``nohup``, a shell's background job) is left ignored.

    ``ignore_after_commit`` (the console script, which exits next): once the new outputs
    are in place, the signals stay ignored on the way out instead of getting their default
    action back, so a late SIGTERM cannot turn a complete build into exit 143."""
    global _pending, _committed, _last_committed
    if not _main_thread():
        yield
        return
    _pending, _committed, _last_committed = 0, False, False
    # a signal the caller set to be ignored (nohup's SIGHUP, a script's `cmd &` SIGINT) stays
    # ignored, as entry.py leaves it: the caller asked that it not stop us
    previous = {signum: signal.signal(signum, _handler) for signum in SIGNALS
                if signal.getsignal(signum) is not signal.SIG_IGN}
    unraisable = sys.unraisablehook

    def quiet_about_interrupts(report: sys.UnraisableHookArgs) -> None:
        if not isinstance(report.exc_value, Interrupted):   # ours is recorded: check() raises it again
            unraisable(report)

    sys.unraisablehook = quiet_about_interrupts
    try:
        yield
    finally:
        keep = ignore_after_commit and _committed
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_IGN if keep else handler)
        sys.unraisablehook = unraisable
        _pending, _committed, _last_committed = 0, False, _committed


def committed() -> None:
    """Record that this command's new outputs are all in place: a signal from now on
    ends it with exit 0 (the work is done), never with 130/143."""
    global _committed
    _committed = True


def forget_commit() -> None:
    """A new command starts: nothing of it is committed yet."""
    global _last_committed
    _last_committed = False


def was_committed() -> bool:
    """Whether the current (or, after it, the last) command put its new outputs in place."""
    return _committed or _last_committed


def check() -> None:
    """Raise :class:`Interrupted` if a signal came at any moment of this command, even if swallowed."""
    if _pending:
        raise Interrupted(_pending, _committed)


@contextmanager
def deferred() -> Iterator[None]:
    """Record signals inside the block without raising; one is raised when the block ends
    (unless the block raises an error of its own, which then wins)."""
    global _deferred
    _deferred += 1
    try:
        yield
    finally:
        _deferred -= 1
    if not _deferred:
        check()


@contextmanager
def blocked() -> Iterator[None]:
    """:data:`SIGNALS` blocked in this thread; processes forked inside the block inherit the
    mask (workers never see them), and a signal meanwhile is delivered when the block ends."""
    if not _main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask Linux to SIGKILL this process when its parent dies (even by SIGKILL)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):   # not Linux: the parent's own stop still ends the workers
        return


def ignore_in_worker(parent: int | None = None) -> None:
    """Process-pool initializer: a worker leaves Ctrl-C to its parent (no worker tracebacks),
    ends on SIGTERM/SIGHUP as by default (unless its parent's caller ignored them), and dies
    with its parent."""
    _die_with_parent()
    if parent is not None and os.getppid() != parent:   # the parent died before the prctl
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in SIGNALS:
        if signum != signal.SIGINT and signal.getsignal(signum) is not signal.SIG_IGN:   # nohup's stays
            signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, set(SIGNALS))


def pool_map(function: Callable[[Task], Result], tasks: Iterable[Task], *, jobs: int,
             chunksize: int = 1) -> Iterator[Result]:
    """``function`` over ``tasks`` in ``jobs`` worker processes, results in task order.

    Workers are forked with the signals blocked and then ignore SIGINT: a signal reaches
    only this process, which cancels the queue and stops the workers instead of waiting
    for them; so does a caller that stops iterating early. When the system refuses that
    many processes (a process limit), fewer are started, down to this process alone.

    Every stage's workers start here (``check``, ``grade``, ``generate``, ``build``,
    ``export``, ``catalog import``), so the documented bound holds for all of them: at most
    4 x the cores and never more than the tasks (:func:`publisher.workers.worker_count`;
    for a stream, the tasks counted up to that bound before any worker starts).
    """
    stream = iter(tasks)
    first = list(islice(stream, most_workers(jobs)))
    jobs = worker_count(jobs, len(first))
    tasks = chain(first, stream)
    pool = _start_pool(jobs)
    if pool is None:
        yield from map(function, tasks)
        return
    try:
        yield from _in_order(pool, function, iter(tasks), chunksize, window=4 * jobs)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _chunk(function: Callable[[Task], Result], chunk: list[Task]) -> list[Result]:
    return [function(task) for task in chunk]


def _in_order(pool: ProcessPoolExecutor, function: Callable[[Task], Result], tasks: Iterator[Task],
              chunksize: int, *, window: int) -> Iterator[Result]:
    """Results in task order with at most ``window`` chunks in flight: tasks are taken from
    the iterator as results are handed back, so an endless stream runs in flat memory
    (``Executor.map`` would submit every task first)."""
    pending: deque[Future[list[Result]]] = deque()

    def submit() -> None:
        chunk = list(islice(tasks, chunksize))
        if chunk:
            with blocked():
                pending.append(pool.submit(_chunk, function, chunk))

    for _ in range(window):
        submit()
    while pending:
        results = pending.popleft().result()
        submit()
        yield from results


def _start_pool(jobs: int) -> ProcessPoolExecutor | None:
    """A pool of ``jobs`` workers, all started now; fewer when forking more fails; None when
    not even two can be started (the caller then works in this process)."""
    while jobs > 1:
        with blocked():
            pool = ProcessPoolExecutor(max_workers=jobs, initializer=ignore_in_worker, initargs=(os.getpid(),))
            try:
                pool.submit(int).result()   # the fork start method launches every worker here
            except (OSError, BrokenProcessPool):
                _stop(pool, abandon=False)
                jobs //= 2
                continue
            except BaseException:
                _stop(pool)
                raise
        return pool
    return None


def _stop(pool: ProcessPoolExecutor, *, abandon: bool = True) -> None:
    """Cancel what is queued and end the workers now (an interrupt must not wait for them)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)
    if manager is not None:   # let it wind down now, not race the interpreter's exit hook
        manager.join(timeout=2)
    if abandon:
        abandon_pool()
