"""Verification of a Futoshiki on the Latin-square engine of :mod:`solver.cages.engine`.

The engine's network carries the Latin square (rows and columns as its units, givens placed);
every sign joins it as a two-cell table of the digit pairs it allows (``a > b``; a bar's
``|a - b| = 1``; in Adjacent mode an unbarred pair's ``|a - b| > 1``), which the engine keeps
arc consistent inside its own propagation: a cell keeps only the digits some digit of its
neighbour still supports. So the inequality chains propagate as far as they reach at every
node (``a > b > c`` leaves ``a`` at least 3 as soon as ``c`` is at least 1), with no second
loop beside the engine's; then the engine's search, which branches on a cell with the fewest
candidates. An unsolvable puzzle names the sign that fails: a sign two givens break, else the
first sign whose removal leaves the puzzle solvable.
"""
from __future__ import annotations

import time
from functools import lru_cache

from solver.cages.engine import Network, Search, network, start
from solver.cages.tables import TupleTable
from solver.futoshiki.puzzle import Futoshiki, Pair, holds, unbarred
from solver.verdict import SolveStats, Status, Verdict

#: nodes a verification may visit for the config's default limit (meant for a 9x9 Sudoku)
DEFAULT_NODE_LIMIT = 200_000

GREATER, BAR, APART = "greater", "bar", "apart"


@lru_cache(maxsize=4096)
def pair_table(a: int, b: int, relation: str, n: int) -> TupleTable:
    """The engine's table of the digit pairs (of ``a``, of ``b``) a relation allows: ``a > b``,
    a bar (they differ by 1) or an unbarred Adjacent pair (they differ by more)."""
    tuples = tuple((x, y) for x in range(1, n + 1) for y in range(1, n + 1)
                   if (x > y if relation == GREATER else abs(x - y) == 1 if relation == BAR else abs(x - y) > 1))
    using = tuple(tuple(sum(1 << k for k, t in enumerate(tuples) if t[i] == d + 1) for d in range(n))
                  for i in range(2))
    return TupleTable((a, b), tuples, using, (1 << len(tuples)) - 1)


def relations(puzzle: Futoshiki) -> tuple[tuple[Pair, str], ...]:
    """Every constraint between neighbours: each sign (or bar) and, in Adjacent mode, each
    unbarred pair."""
    own = BAR if puzzle.adjacent else GREATER
    return tuple((pair, own) for pair in puzzle.signs) + tuple((pair, APART) for pair in unbarred(puzzle))


@lru_cache(maxsize=16)
def latin_lines(n: int) -> tuple[tuple[int, ...], ...]:
    """The rows and columns of an N x N grid: the engine's units of a Latin square."""
    return tuple(tuple(r * n + c for c in range(n)) for r in range(n)) + tuple(
        tuple(r * n + c for r in range(n)) for c in range(n))


def rules(puzzle: Futoshiki, left_out: Pair | None = None) -> Network:
    """The engine's network of the puzzle (``left_out``: that pair's constraint dropped)."""
    n = puzzle.size
    tables = [pair_table(a, b, relation, n) for (a, b), relation in relations(puzzle) if (a, b) != left_out]
    return network(n, latin_lines(n), tuples=tables)


def placement_rules(puzzle: Futoshiki) -> Network:
    """An Adjacent puzzle's network as a person's first look reads it: the Latin square, and
    what a placed digit says of its neighbours (across a bar, one of the two digits beside it;
    without one, neither), as the engine's exclusions on placement; its closure is the grader's
    easy one (:func:`solver.futoshiki.grade.solves_within`)."""
    n = puzzle.size
    bars = set(puzzle.signs)
    excludes: list[list[tuple[int, int]]] = [[] for _ in range(n * n * n)]
    for a, b in (*puzzle.signs, *unbarred(puzzle)):
        barred = (a, b) in bars
        for here, there in ((a, b), (b, a)):
            for value, ruled_out in enumerate(_ruled_out(there, barred, n)):
                excludes[here * n + value].extend(ruled_out)
    return network(n, latin_lines(n), excludes=excludes)


@lru_cache(maxsize=4096)
def _ruled_out(there: int, barred: bool, n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each digit placed beside cell ``there``: the (cell, digit) candidates it rules out there."""
    return tuple(tuple((there, d) for d in range(1, n + 1) if d != value and (abs(d - value) == 1) != barred)
                 for value in range(1, n + 1))


def _problem(puzzle: Futoshiki) -> str | None:
    """What is wrong before any search: a given repeated in its line, a sign that points both
    ways, a sign two givens break."""
    n, givens = puzzle.size, puzzle.givens
    for cell, value in enumerate(givens):
        if not value:
            continue
        for other in range(cell + 1, n * n):
            if givens[other] == value and (other // n == cell // n or other % n == cell % n):
                return f"{puzzle.cell_name(cell)} and {puzzle.cell_name(other)} both hold {value}"
    signs = set(puzzle.signs)
    for a, b in puzzle.signs:
        if not puzzle.adjacent and (b, a) in signs and a < b:
            return f"{puzzle.sign_name((a, b))} and {puzzle.sign_name((b, a))} cannot both hold"
    for (a, b), relation in relations(puzzle):
        if givens[a] and givens[b]:
            ok = holds(False, (a, b), (givens[a], givens[b])) if relation == GREATER else (
                holds(True, (a, b), (givens[a], givens[b])) == (relation == BAR))
            if not ok:
                what = (puzzle.sign_name((a, b)) if relation != APART else
                        f"no bar between {puzzle.cell_name(a)} and {puzzle.cell_name(b)}")
                return f"{what} fails: they hold {givens[a]} and {givens[b]}"
    return None


def _solvable(net: Network, givens: tuple[int, ...], node_limit: int) -> bool:
    cand = start(net, givens)
    return cand is not None and next(iter(Search(net, cand, node_limit=node_limit).solutions()), None) is not None


def _culprit(puzzle: Futoshiki, node_limit: int) -> str | None:
    """The first sign whose removal leaves the puzzle solvable: the one that fails."""
    for pair, relation in relations(puzzle):
        if _solvable(rules(puzzle, pair), puzzle.givens, node_limit):
            if relation == APART:
                a, b = pair
                return f"no bar between {puzzle.cell_name(a)} and {puzzle.cell_name(b)}"
            return puzzle.sign_name(pair)
    return None


def verify(puzzle: Futoshiki, node_limit: int = DEFAULT_NODE_LIMIT) -> Verdict:
    """unique / multiple (two solutions and where they differ) / unsolvable (naming the sign
    that fails) / undetermined (the node bound reached)."""
    begin = time.perf_counter()
    problem = _problem(puzzle)
    if problem is not None:
        return Verdict(Status.UNSOLVABLE, f"no solution: {problem}",
                       stats=SolveStats(nodes=1, ms=(time.perf_counter() - begin) * 1000))
    net = rules(puzzle)
    cand = start(net, puzzle.givens)
    search = Search(net, cand, node_limit=node_limit) if cand is not None else None
    found: list[tuple[int, ...]] = []
    if search is not None:
        for solution in search.solutions():
            found.append(solution)
            if len(found) == 2:
                break
    stats = search.stats if search is not None else SolveStats(nodes=1)
    stats.ms = (time.perf_counter() - begin) * 1000
    if len(found) == 2:
        first, second = found
        differences = tuple(c for c in range(len(first)) if first[c] != second[c])
        where = ", ".join(puzzle.cell_name(c) for c in differences)
        return Verdict(Status.MULTIPLE, f"2 solutions differ at {where}", first, second, differences, stats)
    if search is not None and search.bounded:
        return Verdict(Status.UNDETERMINED, f"search bound of {node_limit:,} nodes reached",
                       found[0] if found else None, stats=stats)
    if found:
        return Verdict(Status.UNIQUE, None, found[0], stats=stats)
    culprit = _culprit(puzzle, node_limit)
    reason = (f"no solution: {culprit} contradicts the rest" if culprit
              else "no solution: the signs and givens contradict each other")
    return Verdict(Status.UNSOLVABLE, reason, stats=stats)


def count(puzzle: Futoshiki, cap: int = 2) -> int:
    """How many solutions, stopping past ``cap`` (cap + 1 then)."""
    net = rules(puzzle)
    cand = start(net, puzzle.givens)
    if cand is None:
        return 0
    found = 0
    for _ in Search(net, cand).solutions():
        found += 1
        if found > cap:
            break
    return found
