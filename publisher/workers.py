"""How many worker processes a stage runs: the cores this process may use, and a bound."""
from __future__ import annotations

import os


def default_jobs() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def most_workers(requested: int | None) -> int:
    """The worker processes ``--jobs`` may start before the tasks are counted: what was asked
    for (by default the cores), but never more than ``4 x`` the cores."""
    cores = default_jobs()
    return max(1, min(requested or cores, 4 * cores))


def worker_count(requested: int | None, tasks: int) -> int:
    """Worker processes for ``tasks`` puzzles: what was asked for, but never more than
    the tasks or ``4 x`` the cores (thousands of idle workers only cost start-up time)."""
    return max(1, min(most_workers(requested), tasks))
