"""verify(puzzle) -> Verdict for every cage kind: contradictions named first, then an exact
bounded search from the givens."""
from __future__ import annotations

import time

from solver.cages.cage import cell_name
from solver.cages.engine import DEFAULT_NODE_LIMIT, decide, start
from solver.cages.puzzle import CagePuzzle
from solver.verdict import SolveStats, Status, Verdict

_MAX_LISTED = 3


def summary(problems: list[str]) -> str:
    """The first few problems in one line, and how many more there are."""
    more = len(problems) - _MAX_LISTED
    return "; ".join(problems[:_MAX_LISTED]) + (f" (and {more} more)" if more > 0 else "")


def verify(puzzle: CagePuzzle, *, node_limit: int = DEFAULT_NODE_LIMIT) -> Verdict:
    """contradictory (the puzzle's :meth:`~CagePuzzle.problems`: cages that overlap, leave
    gaps, are disconnected, or name a total no digits reach; a Killer's givens that clash),
    or the search's verdict: unique, multiple (with the cells where two solutions differ),
    unsolvable or undetermined."""
    begin = time.perf_counter()
    problems = puzzle.problems()
    if problems:
        return Verdict(Status.CONTRADICTORY, summary(problems),
                       stats=SolveStats(ms=(time.perf_counter() - begin) * 1000))
    n = puzzle.size
    net = puzzle.network()
    names = [cell_name(c, n) for c in range(n * n)]
    return decide(net, start(net, puzzle.givens), names, node_limit, begin)
