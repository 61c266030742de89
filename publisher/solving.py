"""``solve``'s searches beyond the verdict: the n-th solution in increasing row-major order, and
the solutions in that order up to a limit, each saying whether the search bound stopped it."""
from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from solver.sudoku import Puzzle
from solver.sudoku.search import Search


def in_order(puzzle: Puzzle, node_limit: int) -> Search:
    """The solutions in increasing row-major order, under the search bound."""
    return Search(puzzle.geometry, puzzle.givens, lexicographic=True, node_limit=node_limit)


@dataclass(frozen=True)
class Nth:
    """The n-th solution (None when there is none, or the bound came first: ``bounded``)."""

    solution: tuple[int, ...] | None
    bounded: bool
    ms: float


def nth_solution(puzzle: Puzzle, nth: int, node_limit: int) -> Nth:
    start = time.perf_counter()
    search = in_order(puzzle, node_limit)
    solution = None
    for index, found in enumerate(search.solutions(), 1):
        if index == nth:
            solution = tuple(found)
            break
    return Nth(solution, solution is None and search.bounded, (time.perf_counter() - start) * 1000)


@dataclass
class Listing:
    """The solutions up to a limit, as they are found (:meth:`solutions`); then whether there
    were more (``more``) or the bound stopped the search (``bounded``)."""

    puzzle: Puzzle
    limit: int
    node_limit: int
    more: bool = False
    bounded: bool = False

    def solutions(self) -> Iterator[tuple[int, ...]]:
        search = in_order(self.puzzle, self.node_limit)
        for found, solution in enumerate(search.solutions()):
            if found == self.limit:
                self.more = True
                break
            yield tuple(solution)
        self.bounded = search.bounded
