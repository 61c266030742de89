"""Knight's tours by search: small boards, partial tours, exhaustive counts.

This is the knight-graph front of the one Hamiltonian-path search in
:mod:`solver.graphs`.  Ties between squares with the same number of onward
moves are broken towards the squares farthest from the centre (Roth's rule),
which keeps Warnsdorff's rule on track far more often than input order does,
so most tours on boards up to a few hundred squares need no backtracking.
Large boards do not come here: :mod:`solver.knights.blocks` builds them, and
:mod:`solver.knights.narrow` long 3 x n boards (searching only its blocks);
4 x n and short 3 x n boards do: a 4 x n board is searched knowing its
outer ranks must alternate with the inner ones (see :func:`_outer_ranks`),
3 x n boards watching for pockets cut off behind the knight.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from solver.graphs import PathProblem, PathSearch, search_paths
from solver.knights.board import Square, neighbours

#: Tie-break orders tried in turn by :func:`search_tour`, each with a small node
#: budget, before one exhaustive search: when Warnsdorff's rule walks into a
#: dead end under one order, another order usually avoids it at once, which is
#: far cheaper than backtracking out of it (5x11 from c3: 55 nodes instead of
#: over 20,000).
TIE_ORDERS = ("outside", "inside", "rows", "rows reversed")


@lru_cache(maxsize=64)
def tie_ranks(rows: int, cols: int, order: str = "outside") -> tuple[int, ...]:
    """Rank of every square among equally constrained ones (lower goes first):
    ``outside`` = farthest from the centre first (Roth's rule), ``inside`` the
    reverse, ``rows`` = reading order, ``rows reversed`` its reverse."""
    size = rows * cols
    if order == "rows":
        return tuple(range(size))
    if order == "rows reversed":
        return tuple(range(size - 1, -1, -1))

    def spread(index: int) -> tuple[int, int]:
        row, col = divmod(index, cols)
        return -((2 * row - rows + 1) ** 2 + (2 * col - cols + 1) ** 2), index
    ranked = sorted(range(size), key=spread)
    if order == "inside":
        ranked.reverse()
    rank = [0] * size
    for position, index in enumerate(ranked):
        rank[index] = position
    return tuple(rank)


def knight_problem(rows: int, cols: int, *, closed: bool = False,
                   fixed: Mapping[int, Square] | None = None,
                   forced: Iterable[tuple[Square, Square]] = (),
                   order: str = "outside") -> PathProblem:
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
        tie_break=tie_ranks(rows, cols, order),
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
    """One tour from ``start``, or ``None`` when there is none.

    Short searches under each of :data:`TIE_ORDERS` come first; the last
    attempt has no node limit, so the answer is always decided by exhaustion,
    never by a time limit."""
    fixed = {} if start is None else {0: start}
    forced = tuple(forced)
    budget = 20 * rows * cols + 1000
    attempts = [(order, budget) for order in TIE_ORDERS] + [(TIE_ORDERS[0], None)]
    for order, limit in attempts:
        problem = knight_problem(rows, cols, closed=closed, fixed=fixed, forced=forced, order=order)
        outcome = search_paths(problem, cap=1, node_limit=limit, pocket_limit=_pocket_limit(rows, cols))
        if outcome.paths:
            return tuple(divmod(i, cols) for i in outcome.paths[0])
        if outcome.complete:
            return None
    return None


def _pocket_limit(rows: int, cols: int) -> int:
    """Boards 3 or 5 squares wide strand small unvisited pockets behind the knight
    so easily that looking for them at every step pays (graphs.py's whole-board
    test does so on small boards anyway).  4 x n boards need no help: their
    outer ranks guide the search.  Others: off."""
    return 8 * min(rows, cols) ** 2 if min(rows, cols) in (3, 5) else 0


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
