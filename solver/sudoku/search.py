"""Exact search: candidate bitmasks, naked and hidden singles, iterative depth-first branching.

Every cell holds a bitmask of its candidates (bit ``v-1`` for value ``v``).
Propagation repeats two rules to a fixpoint: a cell with one candidate removes
it from all its peers (naked single); a value with one possible cell in a unit
goes there (hidden single). A cell with no candidate, or a unit with no room
for a value, is a dead end. Search branches on a cell, trying its candidates
in increasing order, on an explicit stack of candidate lists (copied on
branch, the last branch reuses its parent), so depth is bounded by memory, not
by Python's recursion limit, even on 25x25 grids.

Two branching orders, both deterministic:

* ``fewest`` (the default, fastest): the cell with the fewest candidates,
  lowest index on ties. Used by :func:`solve`, :func:`count_solutions` and
  verification.
* ``lexicographic``: the first undecided cell in row-major order. Because
  propagation only fixes cells that every solution below a node shares, this
  order yields solutions sorted by their row-major value strings, which is the
  order :func:`iter_solutions` and :func:`nth_solution` promise.

A :class:`Search` may also take a ``seed`` (candidates of a branch tried in a
seeded random order; used by verification to probe sparse grids) and a node
limit at which it pauses rather than ends (:meth:`Search.walk`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Callable, Iterator, Sequence

from solver.sudoku.geometry import Geometry, Tables, tables
from solver.sudoku.puzzle import Puzzle
from solver.verdict import SolveStats

#: The original program's counting cap: above it, report "more than 10,000".
DEFAULT_CAP = 10_000
#: Single-candidate masks, for picking a seeded random candidate of a branch cell.
_BITS = tuple(1 << v for v in range(64))


def _propagate(cand: list[int], queue: list[int], peers: Sequence[tuple[int, ...]],
               units: Sequence[tuple[tuple[int, ...], Callable]], full: int) -> int:
    """Apply naked and hidden singles to a fixpoint, in place.

    ``queue`` holds cells already reduced to one candidate whose value has not
    yet been removed from their peers. Returns the number of cells fixed, or
    -1 when the grid has no solution.
    """
    fixed = 0
    pop = queue.pop
    push = queue.append
    while True:
        while queue:
            cell = pop()
            bit = cand[cell]
            for peer in peers[cell]:
                c = cand[peer]
                if c & bit:
                    c ^= bit
                    if not c:
                        return -1
                    cand[peer] = c
                    if not c & (c - 1):
                        push(peer)
                        fixed += 1
        for unit, get in units:
            once = twice = 0
            for c in get(cand):
                twice |= once & c
                once |= c
            if once != full:
                return -1
            hidden = once & ~twice
            if hidden and hidden != full:   # == full: every cell of the unit is decided
                for cell in unit:
                    c = cand[cell]
                    h = c & hidden
                    if h and h != c:
                        if h & (h - 1):
                            return -1
                        cand[cell] = h
                        push(cell)
                        fixed += 1
        if not queue:
            return fixed


@dataclass
class Search:
    """One search over one grid: a lazy stream of solutions plus the work it took.

    ``node_limit`` bounds the nodes visited (the root counts as one); when it
    is reached the stream simply ends with ``bounded`` set, never hangs.
    ``seed`` tries the candidates of each branch cell in a seeded random order
    instead of increasing order: a cheap, reproducible way to escape the huge
    dead subtrees one unlucky early choice can open on sparse large grids.
    """

    geometry: Geometry
    givens: Sequence[int]
    lexicographic: bool = False
    node_limit: int | None = None
    seed: int | None = None
    stats: SolveStats = field(default_factory=SolveStats)
    bounded: bool = False

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Yield every solution (tuples of values 1..N) in this search's branching order."""
        for solution in self.walk():
            if solution is None:
                return
            yield solution

    def walk(self) -> Iterator[tuple[int, ...] | None]:
        """Like :meth:`solutions`, but pauses at the node limit by yielding None.

        The caller may raise ``node_limit`` and keep iterating to resume exactly
        where the search stopped, so a bounded search is never wasted work.
        """
        t: Tables = tables(self.geometry)
        peers, full, n = t.peers, t.full, t.size
        units = [(unit, itemgetter(*unit)) for unit in t.units]
        cand = [full] * (n * n)
        queue = []
        for cell, value in enumerate(self.givens):
            if value:
                cand[cell] = 1 << (value - 1)
                queue.append(cell)
        stats = self.stats
        lexicographic = self.lexicographic
        shuffle = None if self.seed is None else random.Random(self.seed)
        stats.nodes = 1
        fixed = _propagate(cand, queue, peers, units, full)
        if fixed < 0:
            stats.backtracks = 1
            return
        nodes, guesses, backtracks, propagations = 1, 0, 0, fixed

        def record() -> None:
            stats.nodes, stats.guesses = nodes, guesses
            stats.backtracks, stats.propagations = backtracks, propagations

        stack: list[list] = []   # [parent candidates, branch cell, untried candidate bits]
        current: list[int] | None = cand
        limit = self.node_limit or 0
        while True:
            if current is not None:
                cell = -1
                if lexicographic:
                    for i, c in enumerate(current):
                        if c & (c - 1):
                            cell = i
                            break
                else:
                    best = n + 1
                    for i, c in enumerate(current):
                        if c & (c - 1):
                            k = c.bit_count()
                            if k < best:
                                best, cell = k, i
                                if k == 2:
                                    break
                if cell < 0:
                    record()
                    yield tuple(c.bit_length() for c in current)
                else:
                    stack.append([current, cell, current[cell]])
                current = None
            # Take the next untried branch, backing up through exhausted ones.
            while current is None:
                if not stack:
                    record()
                    return
                if limit and nodes >= limit:
                    self.bounded = True
                    record()
                    yield None
                    self.bounded = False
                    limit = self.node_limit or 0
                    continue
                top = stack[-1]
                parent, cell, bits = top
                if shuffle is None:
                    bit = bits & -bits
                else:
                    options = [b for b in _BITS[:n] if bits & b]
                    bit = options[shuffle.randrange(len(options))]
                bits ^= bit
                if bits:
                    top[2] = bits
                    child = parent[:]
                else:
                    stack.pop()
                    child = parent
                nodes += 1
                guesses += 1
                child[cell] = bit
                fixed = _propagate(child, [cell], peers, units, full)
                if fixed < 0:
                    backtracks += 1
                else:
                    propagations += fixed
                    current = child


class Count(int):
    """A solution count that also says whether it is exact.

    ``capped``: more solutions exist than the cap; the value is the cap
    ("more than 10,000"). ``bounded``: the node limit stopped the search, the
    value is a lower bound. It compares and computes as a plain int.
    """

    capped: bool
    bounded: bool

    def __new__(cls, value: int, capped: bool = False, bounded: bool = False) -> Count:
        count = super().__new__(cls, value)
        count.capped = capped
        count.bounded = bounded
        return count

    def __str__(self) -> str:
        if self.capped:
            return f"more than {int(self):,}"
        if self.bounded:
            return f"at least {int(self):,} (search bound reached)"
        return f"{int(self):,}"

    def __repr__(self) -> str:
        return f"Count({int(self)}, capped={self.capped}, bounded={self.bounded})"


def solve(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The first solution found (fewest-candidates order), or None when there is none."""
    return next(Search(puzzle.geometry, puzzle.givens).solutions(), None)


def count_solutions(puzzle: Puzzle, cap: int = DEFAULT_CAP, *,
                    node_limit: int | None = None) -> Count:
    """Count solutions, stopping once more than ``cap`` are known."""
    search = Search(puzzle.geometry, puzzle.givens, node_limit=node_limit)
    found = 0
    for _ in search.solutions():
        found += 1
        if found > cap:
            return Count(cap, capped=True)
    return Count(found, bounded=search.bounded)


def iter_solutions(puzzle: Puzzle) -> Iterator[tuple[int, ...]]:
    """Every solution, lazily, in increasing row-major order of their values."""
    return Search(puzzle.geometry, puzzle.givens, lexicographic=True).solutions()


def nth_solution(puzzle: Puzzle, n: int) -> tuple[int, ...] | None:
    """The n-th solution (1-based) in :func:`iter_solutions` order, or None if there are fewer."""
    if n < 1:
        raise ValueError(f"n must be 1 or more, not {n}")
    for index, solution in enumerate(iter_solutions(puzzle), 1):
        if index == n:
            return solution
    return None
