"""Exact search on a packed board: singles over whole-board int operations, iterative branching.

The grid's state is one int, the packed board of :func:`solver.sudoku.geometry.board`:
for every cell its digits left, and for every row, column and region and
every digit its places left, as groups of equal width with a guard bit while
the group is open. Python's big-int operations are single C calls, so one
propagation round costs about a dozen of them whatever the grid size:

* subtracting one from every group at once (``(cand | guards) - lows``, the
  guard absorbs the borrow) finds the open groups that are empty -- a dead
  end -- and, applied twice, the groups with exactly one candidate left;
* those lone candidates are naked singles (cell groups) and hidden singles
  (row, column and region groups) together. Placing one is a single AND with
  its precomputed mask, which also closes its groups.

Rounds repeat to a fixpoint. Because the state is an immutable int, a branch
copies nothing: the stack holds the parent board and the candidates still to
try, so depth is bounded by memory, not by Python's recursion limit, even on
25x25 grids.

Two branching orders, both deterministic:

* ``fewest`` (the default, fastest): an open group with the fewest
  candidates, cell groups first, then higher positions (regions, columns,
  rows by descending digit and unit). A group of two -- a cell with two
  digits, or a digit with two places in a unit -- is an exact two-way split,
  since every solution puts exactly one candidate in each group. Used by
  :func:`solve`, :func:`count_solutions` and verification.
* ``lexicographic``: the first undecided cell in row-major order, digits in
  increasing order. Because propagation only fixes cells that every solution
  below a node shares, this order yields solutions sorted by their row-major
  value strings, which is the order :func:`iter_solutions` and
  :func:`nth_solution` promise.

A :class:`Search` may also take a ``seed`` (candidates of a branch tried in a
seeded random order; used by verification to probe sparse grids) and a node
limit at which it pauses rather than ends (:meth:`Search.walk`).
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from solver.sudoku.count import Count
from solver.sudoku.geometry import Board, Geometry, Masks, board
from solver.sudoku.packed import PackedCore, packed_core
from solver.sudoku.pruning import refine
from solver.sudoku.puzzle import Puzzle
from solver.verdict import SolveStats

#: The original program's counting cap: above it, report "more than 10,000".
DEFAULT_CAP = 10_000
#: Nodes a ``refine`` search runs on singles alone before it starts over from the refined
#: root: 17-clue puzzles need 3 nodes at the median, where refining would cost 15 nodes'
#: time; top1465 needs 45 (measured in adapt runs: 4 keeps both medians lowest).
REFINE_AFTER = 4


def givens_board(geometry: Geometry, givens: Sequence[int]) -> int:
    """The board with the givens placed and nothing inferred, or -1 when they break a rule
    outright: a value twice in a unit, a blank cell with no value left, or a value with no
    place left in a unit (exactly the cases :func:`solver.sudoku.verdict.contradictions` names).

    Remembered for the last few grids: verification asks for the same one up to a dozen
    times (contradiction check, search, probes), and on 25x25 it is most of the work.
    """
    return _givens_board(geometry, tuple(givens))


@lru_cache(maxsize=8)
def _givens_board(geometry: Geometry, givens: tuple[int, ...]) -> int:
    fast = packed_core(geometry)
    if fast:
        return fast.givens(board(geometry).start, givens)
    return _place_givens(geometry, givens)


def _place_givens(geometry: Geometry, givens: Sequence[int]) -> int:
    """:func:`givens_board` in Python: the reference of the compiled ``Core.givens``."""
    b = board(geometry)
    z, keep = b.start, b.keep
    base, width = b.cell_base - 1, b.width
    for cell, value in enumerate(givens):
        if value:
            bit = base + cell * width + value
            if not z >> bit & 1:
                return -1
            z &= keep[bit]
    opened = z & b.guards
    if ((z ^ opened) | b.guards) - b.lows & opened != opened:
        return -1
    return z


def _propagate(z: int, guards: int, lows: int, n: int, keep: Masks,
               owner: Sequence[int]) -> int:
    """Place naked and hidden singles to a fixpoint; the new board, or -1 at a dead end.

    Lone candidates are placed highest bit first (``bit_length`` is constant
    time, unlike isolating the lowest bit), so a naked single (cell groups
    are on top) is placed before its copies in unit groups, which the
    placement clears. After each placement the lone bits are cut down to
    what is still on the board: a candidate ruled out by an earlier placement
    of the same round is skipped, and its now empty group is reported by the
    next round -- placing it anyway would hide that contradiction.
    """
    while True:
        opened = z & guards
        cand = z ^ opened
        less = (cand | guards) - lows          # every group minus one; guard kept iff non-empty
        if less & opened != opened:
            return -1
        single = opened ^ (((cand & less) | guards) - lows) & guards
        if not single:
            return z
        lone = cand & (single - (single >> n))
        while lone:
            bit = lone.bit_length() - 1
            own = owner[bit]
            z &= keep[own]
            lone &= z               # drops the placed candidate's unit copies and its rivals
            if own == bit:          # a cell-group bit: the placement keeps it on the board
                lone ^= 1 << bit


def singles_solve(geometry: Geometry, givens: Sequence[int]) -> bool:
    """Whether naked and hidden singles alone fill the grid from the givens (propagation,
    no branching): a cheap proof that a puzzle is easy for a person."""
    b = board(geometry)
    z = givens_board(geometry, givens)
    if z < 0:
        return False
    fast = packed_core(geometry)
    z = fast.propagate(z) if fast else _propagate(z, b.guards, b.lows, b.size, b.keep, b.owner)
    return z >= 0 and not z & b.guards


def _fewest(z: int, opened: int, guards: int, lows: int) -> int:
    """The guard bit of the highest open group with the fewest candidates (at least two)."""
    rest = z ^ opened
    rest &= (rest | guards) - lows             # each group without its lowest candidate
    at_least = opened                          # open groups with more than k-1 candidates
    while True:
        rest &= (rest | guards) - lows
        more = ((rest | guards) - lows) & guards
        exact = at_least ^ more
        if exact:
            return 1 << (exact.bit_length() - 1)
        at_least = more


def extends(geometry: Geometry, start: int, node_limit: int) -> bool | None:
    """Whether some solution extends the packed board ``start`` (givens placed, perhaps
    candidates ruled out); None when ``node_limit`` nodes were visited without an answer.

    The fewest-candidates search of :class:`Search` reduced to a yes or no: no solution is
    read out and no statistics kept, as the generator asks this thousands of times a puzzle."""
    fast = packed_core(geometry)
    return fast.extends(start, node_limit) if fast else _extends(geometry, start, node_limit)


def _extends(geometry: Geometry, start: int, node_limit: int) -> bool | None:
    """:func:`extends` in Python: the reference of the compiled ``Core.extends``."""
    b = board(geometry)
    guards, lows, n, keep, owner = b.guards, b.lows, b.size, b.keep, b.owner
    z = _propagate(start, guards, lows, n, keep, owner) if start >= 0 else -1
    if z < 0:
        return False
    stack: list[tuple[int, int]] = []
    nodes = 1
    while True:
        opened = z & guards
        if not opened:
            return True
        group = _fewest(z, opened, guards, lows)
        stack.append((z, z & (group - (group >> n))))
        z = -1
        while z < 0:
            if not stack:
                return False
            if nodes >= node_limit:
                return None
            parent, bits = stack.pop()
            bit = bits & -bits
            if bits ^ bit:
                stack.append((parent, bits ^ bit))
            nodes += 1
            z = _propagate(parent & keep[owner[bit.bit_length() - 1]], guards, lows, n, keep, owner)


def _nth_bit(bits: int, index: int) -> int:
    """The ``index``-th lowest set bit of ``bits`` (0-based), as a one-bit int."""
    for _ in range(index):
        bits &= bits - 1
    return bits & -bits


def _values(z: int, b: Board) -> tuple[int, ...]:
    """The solution a finished board holds in its cell groups."""
    mask = (1 << b.size) - 1
    cells = z >> b.cell_base
    return tuple((cells >> shift & mask).bit_length()
                 for shift in range(0, b.size * b.size * b.width, b.width))


@dataclass
class Search:
    """One search over one grid: a lazy stream of solutions plus the work it took.

    ``node_limit`` bounds the nodes visited (the root counts as one); when it
    is reached the stream simply ends with ``bounded`` set, never hangs.
    ``seed`` tries the candidates of each branch group in a seeded random order
    instead of increasing order: a cheap, reproducible way to escape the huge
    dead subtrees one unlucky early choice can open on sparse large grids.
    ``start`` replaces the givens' board, so a caller can rule candidates out
    beforehand (the generator asks "is there a solution with this cell different?").
    """

    geometry: Geometry
    givens: Sequence[int]
    lexicographic: bool = False
    node_limit: int | None = None
    seed: int | None = None
    start: int | None = None    # a packed board to start from instead of the givens' own
    refine: bool = False        # after REFINE_AFTER fruitless nodes, restart from the refined root
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
        b = board(self.geometry)
        guards, lows, n, keep, owner = b.guards, b.lows, b.size, b.keep, b.owner
        cell_guards = b.cell_guards
        fast = packed_core(self.geometry)
        stats = self.stats
        stats.nodes = 1
        z = givens_board(self.geometry, self.givens) if self.start is None else self.start
        if z >= 0:
            z = fast.propagate(z) if fast else _propagate(z, guards, lows, n, keep, owner)
        if z < 0:
            stats.backtracks = 1
            return
        nodes, guesses, backtracks = 1, 0, 0
        propagations = n * n - (z & cell_guards).bit_count() - sum(1 for v in self.givens if v)

        def record() -> None:
            stats.nodes, stats.guesses = nodes, guesses
            stats.backtracks, stats.propagations = backtracks, propagations

        lexicographic = self.lexicographic
        # With refine: a search that has found nothing after REFINE_AFTER nodes starts over
        # from its root refined by pruning.refine (most easy puzzles are done before that).
        root = z if self.refine and z & guards else -1
        if fast is not None and not lexicographic and self.seed is None:
            yield from self._walk_compiled(fast, z, root, propagations)
            return
        shuffle = None if self.seed is None else random.Random(self.seed)
        stack: list[list[int]] = []   # [parent board, its untried candidate bits]
        current = z
        limit = self.node_limit or 0
        while True:
            if current >= 0:
                opened = current & guards
                if not opened:
                    record()
                    root = -1
                    yield fast.values(current) if fast else _values(current, b)
                else:
                    if lexicographic:
                        group = opened & cell_guards
                        group &= -group
                        stack.append([current, current & (group - (group >> n))])
                    elif fast:
                        stack.append([current, fast.branch(current)])
                    else:
                        group = _fewest(current, opened, guards, lows)
                        stack.append([current, current & (group - (group >> n))])
                current = -1
            # Take the next untried branch, backing up through exhausted ones.
            while current < 0:
                if not stack:
                    record()
                    return
                if root >= 0 and nodes >= REFINE_AFTER:
                    stack.clear()
                    refined = refine(self.geometry, root)
                    current = fast.propagate(refined) if fast else _propagate(refined, guards, lows, n, keep, owner)
                    if current < 0:
                        backtracks += 1
                    else:   # the cells the refined root fixes are propagations too
                        propagations += (root & cell_guards).bit_count() - (current & cell_guards).bit_count()
                    root = -1
                    continue
                if limit and nodes >= limit:
                    self.bounded = True
                    record()
                    yield None
                    self.bounded = False
                    limit = self.node_limit or 0
                    continue
                top = stack[-1]
                parent, bits = top
                bit = bits & -bits if shuffle is None else _nth_bit(bits, shuffle.randrange(bits.bit_count()))
                bits ^= bit
                if bits:
                    top[1] = bits
                else:
                    stack.pop()
                nodes += 1
                guesses += 1
                if fast:
                    child = fast.place(parent, bit.bit_length() - 1)
                else:
                    child = _propagate(parent & keep[owner[bit.bit_length() - 1]], guards, lows, n, keep, owner)
                if child < 0:
                    backtracks += 1
                else:
                    propagations += ((parent & cell_guards).bit_count()
                                     - (child & cell_guards).bit_count() - 1)
                    current = child


    def _walk_compiled(self, fast: PackedCore, z: int, root: int, propagations: int
                       ) -> Iterator[tuple[int, ...] | None]:
        """:meth:`walk`'s loop run by the compiled core (``Core.walk``): the same nodes in the
        same order, the same counters, the same pauses; Python only refines the root and
        hands out what the loop finds."""
        stats = self.stats
        walk = fast.walk(z, propagations)
        cell_guards = board(self.geometry).cell_guards
        limit = self.node_limit or 0
        while True:
            state = walk.run(limit, REFINE_AFTER if root >= 0 else 0)
            stats.nodes, stats.guesses, stats.backtracks, stats.propagations = walk.counts()
            if state == _SOLVED:
                root = -1
                yield walk.values()
            elif state == _PAUSED:
                refined = refine(self.geometry, root)
                current = fast.propagate(refined)
                walk.restart(current, 0 if current < 0 else
                             (root & cell_guards).bit_count() - (current & cell_guards).bit_count())
                root = -1
            elif state == _LIMIT:
                self.bounded = True
                yield None
                self.bounded = False
                limit = self.node_limit or 0
            else:
                return


#: what ``Walk.run`` stopped at (``solver/sudoku/_packed.c``)
_SOLVED, _LIMIT, _PAUSED = 1, 2, 3


def solve(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The first solution found (fewest-candidates order), or None when there is none."""
    return next(Search(puzzle.geometry, puzzle.givens).solutions(), None)


def count_solutions(puzzle: Puzzle, cap: int = DEFAULT_CAP, *,
                    node_limit: int | None = None) -> Count:
    """Count solutions, stopping once more than ``cap`` are known."""
    search = Search(puzzle.geometry, puzzle.givens, node_limit=node_limit, refine=True)
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
