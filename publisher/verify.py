"""Verify: items -> verdicts, in parallel across processes, in input order.

Each puzzle is independent, so verification spreads over worker processes;
``Executor.map`` hands results back in the order of the input, whatever the
scheduling, so reports and books never depend on timing. Unreadable items are
judged ``malformed`` here without calling a solver.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from publisher import interrupt
from publisher.kinds import KINDS
from publisher.sources import Item
from solver.verdict import Status, Verdict

#: Below this many puzzles, starting worker processes costs more than it saves.
PARALLEL_THRESHOLD = 64


@dataclass(frozen=True)
class Checked:
    item: Item
    verdict: Verdict

    @property
    def accepted(self) -> bool:
        return self.verdict.accepted


def verify_one(task: tuple[Item, int]) -> Verdict:
    """Verify one item (runs in a worker process)."""
    item, node_limit = task
    if item.puzzle is None:
        return Verdict(Status.MALFORMED, item.issue)
    return KINDS[item.kind].verify(item.puzzle, node_limit)


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def worker_count(requested: int | None, tasks: int) -> int:
    """Worker processes for ``tasks`` puzzles: what was asked for, but never more than
    the tasks or ``4 x`` the cores (thousands of idle workers only cost start-up time)."""
    cores = default_jobs()
    return max(1, min(requested or cores, 4 * cores, tasks))


def verify_items(items: Sequence[Item], *, node_limit: int, jobs: int | None = None,
                 progress: Callable[[int], None] | None = None) -> list[Checked]:
    """Verdicts for ``items``, in their order. ``progress(n)`` is called as each one is done."""
    tasks = [(item, node_limit) for item in items]
    jobs = worker_count(jobs, len(tasks))
    if jobs == 1 or len(tasks) < PARALLEL_THRESHOLD:
        return _collect(items, map(verify_one, tasks), progress)
    # Workers are forked with SIGINT blocked and then ignore it: Ctrl-C reaches only this
    # process, which cancels the queue and stops the workers instead of waiting for them.
    with interrupt.blocked():
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=interrupt.ignore_in_worker)
        verdicts = pool.map(verify_one, tasks, chunksize=max(1, min(64, len(tasks) // (jobs * 8))))
    try:
        results = _collect(items, verdicts, progress)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return results


def _collect(items: Sequence[Item], verdicts: Iterable[Verdict],
             progress: Callable[[int], None] | None) -> list[Checked]:
    results: list[Checked] = []
    for item, verdict in zip(items, verdicts):
        results.append(Checked(item, verdict))
        if progress:
            progress(1)
    return results


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers now (an interrupt must not wait for them)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)
