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
from contextlib import ExitStack
from dataclasses import dataclass

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


def verify_items(items: Sequence[Item], *, node_limit: int, jobs: int | None = None,
                 progress: Callable[[int], None] | None = None) -> list[Checked]:
    """Verdicts for ``items``, in their order. ``progress(n)`` is called as each one is done."""
    jobs = jobs or default_jobs()
    tasks = [(item, node_limit) for item in items]
    results: list[Checked] = []
    with ExitStack() as stack:
        if jobs == 1 or len(tasks) < PARALLEL_THRESHOLD:
            verdicts: Iterable[Verdict] = map(verify_one, tasks)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs))
            verdicts = pool.map(verify_one, tasks, chunksize=max(1, min(64, len(tasks) // (jobs * 8))))
        for item, verdict in zip(items, verdicts):
            results.append(Checked(item, verdict))
            if progress:
                progress(1)
    return results
