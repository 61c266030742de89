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
from typing import Any

from publisher.kinds import KINDS
from publisher.sources import Item
from solver.verdict import Status, Verdict

#: Below this many puzzles, starting worker processes costs more than it saves.
PARALLEL_THRESHOLD = 64


@dataclass(frozen=True)
class Checked:
    item: Item
    verdict: Verdict
    #: the solver's logical steps to the solution (Sudoku), when asked for: on-screen hints
    explanation: tuple[Any, ...] = ()

    @property
    def accepted(self) -> bool:
        return self.verdict.accepted


def verify_one(task: tuple[Item, int, bool]) -> tuple[Verdict, tuple[Any, ...]]:
    """Verify one item (runs in a worker process); with ``explain``, an accepted
    puzzle also gets its logical solving steps."""
    item, node_limit, explain = task
    if item.puzzle is None:
        return Verdict(Status.MALFORMED, item.issue), ()
    kind = KINDS[item.kind]
    verdict = kind.verify(item.puzzle, node_limit)
    return verdict, kind.explain(item.puzzle) if explain and verdict.accepted else ()


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def verify_items(items: Sequence[Item], *, node_limit: int, jobs: int | None = None,
                 progress: Callable[[int], None] | None = None, explain: bool = False) -> list[Checked]:
    """Verdicts for ``items``, in their order. ``progress(n)`` is called as each one is done.
    ``explain`` also records the solving steps of accepted puzzles (for on-screen hints)."""
    jobs = jobs or default_jobs()
    tasks = [(item, node_limit, explain) for item in items]
    results: list[Checked] = []
    with ExitStack() as stack:
        if jobs == 1 or len(tasks) < PARALLEL_THRESHOLD:
            verdicts: Iterable[tuple[Verdict, tuple[Any, ...]]] = map(verify_one, tasks)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs))
            verdicts = pool.map(verify_one, tasks, chunksize=max(1, min(64, len(tasks) // (jobs * 8))))
        for item, (verdict, explanation) in zip(items, verdicts):
            results.append(Checked(item, verdict, explanation))
            if progress:
                progress(1)
    return results
