"""Verification of a Skyscrapers puzzle on the Latin-square engine of :mod:`solver.cages.engine`.

The engine's network carries the Latin square (rows and columns as units, givens placed);
the clues join it as line constraints: after the engine's propagation settles, every line
with a clue is narrowed to the heights its clues leave possible (:func:`lines.supports`), and
the engine propagates what that changed, until neither narrows anything. The search branches
on a cell with the fewest candidates, as the engine's does, propagating both after each guess.
"""
from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from solver.cages.engine import Network, network, propagate
from solver.skyscrapers.lines import supports
from solver.skyscrapers.puzzle import Skyscrapers, lines
from solver.verdict import SolveStats, Status, Verdict

#: nodes a verification may visit for the config's default limit (meant for a 9x9 Sudoku)
DEFAULT_NODE_LIMIT = 200_000

Line = tuple[tuple[int, ...], int, int]


@lru_cache(maxsize=16)
def latin(n: int) -> Network:
    """The engine's network of an N x N Latin square: rows and columns are its units."""
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    return network(n, rows + cols)


@dataclass(frozen=True)
class Rules:
    """A puzzle's constraints: the Latin network and its clued lines (cells, near, far)."""

    net: Network
    lines: tuple[Line, ...]

    @staticmethod
    def of(puzzle: Skyscrapers) -> Rules:
        return Rules(latin(puzzle.size), tuple((cells, near, far) for cells, near, far, _, _ in lines(puzzle)))

    def settle(self, cand: list[int], changed: list[int]) -> bool:
        """Narrow ``cand`` in place until neither the Latin rules nor the clues narrow it;
        False at a contradiction (``cand`` is then to be dropped)."""
        net = self.net
        if not propagate(net, cand, changed):
            return False
        while True:
            moved: list[int] = []
            for cells, near, far in self.lines:
                masks = tuple(cand[c] for c in cells)
                kept = supports(masks, near, far)
                if kept is None:
                    return False
                for c, before, after in zip(cells, masks, kept):
                    if before != after:
                        cand[c] = after
                        moved.append(c)
            if not moved:
                return True
            if not propagate(net, cand, moved):
                return False

    def start(self, givens: Sequence[int]) -> list[int] | None:
        """The candidates with the givens placed and everything settled; None at a contradiction."""
        full = self.net.full
        cand = [1 << (v - 1) if v else full for v in givens]
        return cand if self.settle(cand, list(range(len(cand)))) else None


@dataclass
class Search:
    """Depth-first search from settled candidates: a lazy stream of solutions. ``seed`` tries a
    branch's heights in a seeded order (the generator draws random grids with it)."""

    rules: Rules
    cand: list[int]
    node_limit: int | None = None
    seed: int | None = None
    stats: SolveStats = field(default_factory=SolveStats)
    bounded: bool = False

    def solutions(self) -> Iterator[tuple[int, ...]]:
        rng = random.Random(self.seed) if self.seed is not None else None
        self.stats.nodes = 1
        stack: list[list[int]] = [self.cand]
        while stack:
            cand = stack.pop()
            best, fewest = -1, 99
            for c, m in enumerate(cand):
                if m & (m - 1):
                    count = m.bit_count()
                    if count < fewest:
                        best, fewest = c, count
            if best < 0:
                yield tuple(m.bit_length() for m in cand)
                continue
            digits = [1 << d for d in range(self.rules.net.n) if cand[best] >> d & 1]
            if rng is not None:
                rng.shuffle(digits)
            children = []
            for b in digits:
                if self.node_limit and self.stats.nodes >= self.node_limit:
                    self.bounded = True
                    return
                self.stats.nodes += 1
                child = cand[:]
                child[best] = b
                if self.rules.settle(child, [best]):
                    children.append(child)
                else:
                    self.stats.backtracks += 1
            self.stats.guesses += len(digits)
            stack.extend(reversed(children))


def cell_name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def _problem(puzzle: Skyscrapers) -> str | None:
    """What is wrong before any search: a given repeated in its line, a clue no arrangement of
    its line can show, two facing clues no line shows together."""
    n, givens = puzzle.size, puzzle.givens
    for cell, value in enumerate(givens):
        if not value:
            continue
        for other in range(cell + 1, n * n):
            if givens[other] == value and (other // n == cell // n or other % n == cell % n):
                return f"{cell_name(n, cell)} and {cell_name(n, other)} both hold {value}"
    full = (1 << n) - 1
    for cells, near, far, near_at, far_at in lines(puzzle):
        masks = tuple(1 << (givens[c] - 1) if givens[c] else full for c in cells)
        has_givens = any(givens[c] for c in cells)
        for clue, at, alone in ((near, near_at, (near, 0)), (far, far_at, (0, far))):
            if clue and supports(masks, *alone) is None:
                return f"{puzzle.clue_name(at)} cannot be met" + (" with the givens of its line" if has_givens else "")
        if near and far and supports(masks, near, far) is None:
            return f"{puzzle.clue_name(near_at)} and {puzzle.clue_name(far_at)} cannot both be met"
    return None


def _culprit(puzzle: Skyscrapers, node_limit: int) -> str | None:
    """The first clue whose removal leaves the puzzle solvable: the one that fails."""
    for index, clue in enumerate(puzzle.clues):
        if not clue:
            continue
        fewer = Skyscrapers(puzzle.size, puzzle.clues[:index] + (0,) + puzzle.clues[index + 1:], puzzle.givens)
        rules = Rules.of(fewer)
        cand = rules.start(fewer.givens)
        if cand is not None and next(iter(Search(rules, cand, node_limit=node_limit).solutions()), None):
            return puzzle.clue_name(index)
    return None


def verify(puzzle: Skyscrapers, node_limit: int = DEFAULT_NODE_LIMIT) -> Verdict:
    """unique / multiple (two solutions and where they differ) / unsolvable (naming the clue
    that fails) / undetermined (the node bound reached)."""
    begin = time.perf_counter()
    problem = _problem(puzzle)
    if problem is not None:
        return Verdict(Status.UNSOLVABLE, f"no solution: {problem}",
                       stats=SolveStats(nodes=1, ms=(time.perf_counter() - begin) * 1000))
    rules = Rules.of(puzzle)
    cand = rules.start(puzzle.givens)
    search = Search(rules, cand, node_limit=node_limit) if cand is not None else None
    found: list[tuple[int, ...]] = []
    if search is not None:
        for solution in search.solutions():
            found.append(solution)
            if len(found) == 2:
                break
    stats = search.stats if search is not None else SolveStats(nodes=1)
    stats.ms = (time.perf_counter() - begin) * 1000
    n = puzzle.size
    if len(found) == 2:
        first, second = found
        differences = tuple(c for c in range(n * n) if first[c] != second[c])
        where = ", ".join(cell_name(n, c) for c in differences)
        return Verdict(Status.MULTIPLE, f"2 solutions differ at {where}", first, second, differences, stats)
    if search is not None and search.bounded:
        return Verdict(Status.UNDETERMINED, f"search bound of {node_limit:,} nodes reached",
                       found[0] if found else None, stats=stats)
    if found:
        return Verdict(Status.UNIQUE, None, found[0], stats=stats)
    culprit = _culprit(puzzle, node_limit)
    reason = (f"no solution: {culprit} contradicts the other clues" if culprit
              else "no solution: the clues and givens contradict each other")
    return Verdict(Status.UNSOLVABLE, reason, stats=stats)


def count(puzzle: Skyscrapers, cap: int = 2) -> int:
    """How many solutions, stopping past ``cap`` (cap + 1 then)."""
    rules = Rules.of(puzzle)
    cand = rules.start(puzzle.givens)
    if cand is None:
        return 0
    found = 0
    for _ in Search(rules, cand).solutions():
        found += 1
        if found > cap:
            break
    return found
