"""verify(killer) -> Verdict: contradictions named first, then an exact bounded search."""
from __future__ import annotations

import time

from solver.cages.cage import cell_name
from solver.cages.engine import DEFAULT_NODE_LIMIT, decide, start
from solver.kenken.verdict import summary
from solver.killer.puzzle import Killer
from solver.verdict import SolveStats, Status, Verdict


def verify(puzzle: Killer, *, node_limit: int = DEFAULT_NODE_LIMIT) -> Verdict:
    """contradictory (see :meth:`Killer.problems`), or unique, multiple (with the cells where
    two solutions differ), unsolvable or undetermined from the search."""
    begin = time.perf_counter()
    problems = puzzle.problems()
    if problems:
        return Verdict(Status.CONTRADICTORY, summary(problems),
                       stats=SolveStats(ms=(time.perf_counter() - begin) * 1000))
    n = puzzle.size
    net = puzzle.network()
    names = [cell_name(c, n) for c in range(n * n)]
    return decide(net, start(net, puzzle.givens), names, node_limit, begin)
