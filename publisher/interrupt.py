"""Ctrl-C (SIGINT) always ends a command with exit 130 and the previous outputs.

A KeyboardInterrupt raised deep inside a library can be swallowed there (a broad
``except``), and then the build would go on to write its outputs. So the
handler installed by :func:`watching` also *records* the interrupt, and the
write stage calls :func:`check` before it touches any output: a swallowed
Ctrl-C still stops the build. Around the renames that replace the outputs,
:func:`deferred` holds the interrupt back until every output is consistent
(all old or all new); and :func:`blocked` keeps SIGINT from the worker
processes forked meanwhile, so only the parent reacts to Ctrl-C.
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

_pending = False
_deferred = 0
#: Set when worker processes were stopped mid-task: the pool's helper threads may then
#: never finish, so the command must leave with os._exit instead of joining them.
abandoned_pool = False


def abandon_pool() -> None:
    """Record that a process pool was stopped mid-task (see :data:`abandoned_pool`)."""
    global abandoned_pool
    abandoned_pool = True


def _handler(signum: int, frame: FrameType | None) -> None:
    global _pending
    _pending = True
    if not _deferred:
        raise KeyboardInterrupt


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def watching() -> Iterator[None]:
    """Install the recording SIGINT handler for the duration of one command."""
    global _pending
    if not _main_thread():
        yield
        return
    _pending = False
    previous = signal.signal(signal.SIGINT, _handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _pending = False


def check() -> None:
    """Raise KeyboardInterrupt if Ctrl-C came at any moment of this command, even if swallowed."""
    if _pending:
        raise KeyboardInterrupt


@contextmanager
def deferred() -> Iterator[None]:
    """Record Ctrl-C inside the block without raising; it is raised when the block ends."""
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
    """SIGINT blocked in this thread; processes forked inside the block inherit the mask
    (workers never see Ctrl-C), and a Ctrl-C meanwhile is delivered when the block ends."""
    if not _main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def ignore_in_worker() -> None:
    """Process-pool initializer: a worker leaves Ctrl-C to its parent (no worker tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def pool_map(function: Callable[[Task], Result], tasks: Iterable[Task], *, jobs: int,
             chunksize: int = 1) -> Iterator[Result]:
    """``function`` over ``tasks`` in ``jobs`` worker processes, results in task order.

    Workers are forked with SIGINT blocked and then ignore it: Ctrl-C reaches only this
    process, which cancels the queue and stops the workers instead of waiting for them;
    so does a caller that stops iterating early.
    """
    with blocked():
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=ignore_in_worker)
        results = pool.map(function, tasks, chunksize=chunksize)
    try:
        yield from results
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
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
    abandon_pool()
