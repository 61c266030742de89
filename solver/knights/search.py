"""Knight's tours by search: small boards, partial tours, exhaustive counts.

This is the knight-graph front of the one Hamiltonian-path search in
:mod:`solver.graphs`.  Ties between squares with the same number of onward
moves are broken towards the squares farthest from the centre (Roth's rule),
which keeps Warnsdorff's rule on track far more often than input order does,
so most tours on boards up to a few hundred squares need no backtracking.
Large boards do not come here: :mod:`solver.knights.blocks` builds them;
narrow boards (3, 4 or 5 rows) do, and a 4 x n board is searched knowing its
outer ranks must alternate with the inner ones (see :func:`_outer_ranks`).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from solver.graphs import PathProblem, PathSearch, search_paths
from solver.knights.board import Square, neighbours


@lru_cache(maxsize=64)
def _outside_first(rows: int, cols: int) -> tuple[int, ...]:
    """Rank of every square: 0 for the one farthest from the centre, and so on."""
    def spread(index: int) -> tuple[int, int]:
        row, col = divmod(index, cols)
        return -((2 * row - rows + 1) ** 2 + (2 * col - cols + 1) ** 2), index
    ranked = sorted(range(rows * cols), key=spread)
    rank = [0] * (rows * cols)
    for position, index in enumerate(ranked):
        rank[index] = position
    return tuple(rank)


def knight_problem(rows: int, cols: int, *, closed: bool = False,
                   fixed: Mapping[int, Square] | None = None,
                   forced: Iterable[tuple[Square, Square]] = ()) -> PathProblem:
    """The tour problem on a rows x cols board as a path problem on square indices.

    ``fixed`` maps a 0-based move position to the square that must be there.
    """
    def flat(square: Square) -> int:
        return square[0] * cols + square[1]

    return PathProblem(
        adjacency=neighbours(rows, cols),
        closed=closed,
        fixed={position: flat(square) for position, square in (fixed or {}).items()},
        forced=tuple((flat(a), flat(b)) for a, b in forced),
        tie_break=_outside_first(rows, cols),
        independent=_outer_ranks(rows, cols),
    )


def _outer_ranks(rows: int, cols: int) -> frozenset[int]:
    """On a 4 x n board the two outer long edges are pairwise non-adjacent and hold
    half the squares, so a tour alternates between them and the inner ranks
    (all but once); the search uses that.  Other boards: no such set."""
    if rows == 4:
        return frozenset(i for i in range(rows * cols) if i // cols in (0, 3))
    if cols == 4:
        return frozenset(i for i in range(rows * cols) if i % cols in (0, 3))
    return frozenset()


def search_tours(rows: int, cols: int, *, closed: bool = False,
                 fixed: Mapping[int, Square] | None = None,
                 forced: Iterable[tuple[Square, Square]] = (),
                 cap: int = 1, node_limit: int | None = None) -> PathSearch:
    """Run the search; paths come back as square indices (``row * cols + col``)."""
    problem = knight_problem(rows, cols, closed=closed, fixed=fixed, forced=forced)
    return search_paths(problem, cap=cap, node_limit=node_limit)


def search_tour(rows: int, cols: int, *, start: Square | None = (0, 0), closed: bool = False,
                forced: Iterable[tuple[Square, Square]] = ()) -> tuple[Square, ...] | None:
    """One tour from ``start`` by exhaustive (hence decisive) search, or ``None``."""
    fixed = {} if start is None else {0: start}
    outcome = search_tours(rows, cols, closed=closed, fixed=fixed, forced=forced)
    if not outcome.paths:
        return None
    return tuple(divmod(i, cols) for i in outcome.paths[0])


def count_tours(rows: int, cols: int, *, start: Square | None = None, closed: bool = False) -> int:
    """Count tours by exhaustive enumeration (small boards only: the counts explode).

    Open tours are directed and counted from ``start`` (from every square when
    ``None``).  Closed tours are counted undirected, as in the literature: every
    closed tour passes every square, so ``start`` does not change the count;
    the search fixes one square and halves the two directions it finds.
    """
    if closed:
        anchor = start if start is not None else (0, 0)
        outcome = search_tours(rows, cols, closed=True, fixed={0: anchor}, cap=1 << 62)
        return outcome.count // 2 if rows * cols > 2 else outcome.count
    fixed = {} if start is None else {0: start}
    return search_tours(rows, cols, fixed=fixed, cap=1 << 62).count
