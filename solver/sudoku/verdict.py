"""verify(puzzle) -> Verdict: the one call a puzzle book needs, with reasons an editor can act on.

Order of checks, cheapest and most specific first:

1. contradictory -- the givens break a rule outright, found without search:
   a value twice in a unit, a blank cell every value of which is taken by a
   peer's given, or a unit where some value has no free cell left;
2. a bounded search for up to two solutions: unique / multiple (with the
   cells where the two differ) / unsolvable (proved, with the node count) /
   undetermined (the node bound was reached).
"""
from __future__ import annotations

import time

from solver.sudoku.geometry import cell_name, tables
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.search import Search, givens_board
from solver.verdict import SolveStats, Status, Verdict

#: Default search bound of :func:`verify`; hard 9x9 puzzles need a few hundred nodes.
DEFAULT_NODE_LIMIT = 200_000
#: Work (nodes x cells) the first, systematic stage may do before probing: about 4,900
#: nodes on 9x9, enough for every puzzle of top1465, and about 640 on 25x25 (a second).
_FIRST_STAGE_WORK = 400_000
#: Seeded probes tried when the first stage does not finish.
_PROBES = 8
#: How many distinct contradictions a reason lists before summarising the rest.
_MAX_LISTED = 3


def scaled_node_limit(node_limit: int, cells: int) -> int:
    """``node_limit`` is meant for 9x9 grids; a node of a bigger grid costs about cells/81
    times more, so it gets that many times fewer nodes: every puzzle's bound is reached in
    about the same time (README, ``node_limit``)."""
    return max(1, node_limit * 81 // max(81, cells))


def contradictions(puzzle: Puzzle) -> list[str]:
    """Every rule the givens break on their own, as editor-facing sentences."""
    if givens_board(puzzle.geometry, puzzle.givens) >= 0:
        return []   # the packed board finds none, at a fraction of the cost of naming them
    t = tables(puzzle.geometry)
    givens, symbols, n = puzzle.givens, puzzle.symbols, puzzle.size
    problems = []
    for unit, name in zip(t.units, t.unit_names):
        seen: dict[int, list[int]] = {}
        for cell in unit:
            if givens[cell]:
                seen.setdefault(givens[cell], []).append(cell)
        for value, cells in seen.items():
            if len(cells) > 1:
                count = "twice" if len(cells) == 2 else f"{len(cells)} times"
                where = ", ".join(cell_name(c, n) for c in cells)
                problems.append(f"{name} has {symbols[value - 1]} {count} ({where})")
    problems += _rule_breaks(puzzle)
    if problems:
        return problems
    taken = [0] * (n * n)
    for cell, value in enumerate(givens):
        if value:
            for peer in t.peers[cell]:
                taken[peer] |= 1 << (value - 1)
            for other, digit in t.excluded(cell, value):
                taken[other] |= 1 << (digit - 1)
    allowed = t.allowed or (t.full,) * (n * n)
    free = [0 if givens[c] else t.full & allowed[c] & ~taken[c] for c in range(n * n)]
    problems = [f"{cell_name(c, n)} has no possible value"
                for c in range(n * n) if not givens[c] and not free[c]]
    for unit, name in zip(t.units, t.unit_names):
        room = 0
        for cell in unit:
            room |= free[cell] | ((1 << (givens[cell] - 1)) if givens[cell] else 0)
        missing = [symbols[v] for v in range(n) if not room >> v & 1]
        problems += [f"{name} has no place for {symbol}" for symbol in missing]
    return problems


def _rule_breaks(puzzle: Puzzle) -> list[str]:
    """The givens that break a variant rule's pairs or marks (its units are checked as units):
    "r1c1 and r2c3 are a knight's move apart and both hold 5", "r5c5 is marked even but holds 7"."""
    geometry, givens, symbols, n = puzzle.geometry, puzzle.givens, puzzle.symbols, puzzle.size
    problems = []
    for rule in geometry.rules:
        for a, b in rule.pairs(geometry):
            if givens[a] and givens[b] and rule.clash(givens[a], givens[b]):
                held = (f"both hold {symbols[givens[a] - 1]}" if givens[a] == givens[b]
                        else f"hold {symbols[givens[a] - 1]} and {symbols[givens[b] - 1]}")
                problems.append(f"{cell_name(a, n)} and {cell_name(b, n)} {rule.pair_words} and {held}")
        for cell, mask in enumerate(rule.allowed(geometry)):
            if givens[cell] and not mask >> (givens[cell] - 1) & 1:
                held = symbols[givens[cell] - 1]
                problems.append(f"{cell_name(cell, n)} is {rule.mark_words(cell)} but holds {held}")
    return problems


def _summary(problems: list[str]) -> str:
    more = len(problems) - _MAX_LISTED
    listed = "; ".join(problems[:_MAX_LISTED])
    return listed + (f" (and {more} more)" if more > 0 else "")


def _probe(puzzle: Puzzle, budget: int, found: dict[tuple[int, ...], None],
           stats: SolveStats) -> None:
    """Look for two different solutions with short seeded searches of growing length.

    Sparse, many-solution grids (an editor forgot a dozen givens on a 25x25) can
    trap a systematic search in a dead subtree for minutes; a few randomised
    restarts find two solutions in a few hundred nodes. Deterministic: fixed seeds.
    """
    cells = puzzle.geometry.cells
    length = cells // 2
    for seed in range(1, _PROBES + 1):
        if len(found) >= 2 or stats.nodes + length > budget:
            return
        search = Search(puzzle.geometry, puzzle.givens, node_limit=length, seed=seed)
        for solution in search.solutions():
            found[solution] = None
            if len(found) >= 2:
                break
        _add(stats, search.stats)
        length += length // 2


def _add(total: SolveStats, part: SolveStats) -> None:
    total.nodes += part.nodes
    total.guesses += part.guesses
    total.backtracks += part.backtracks
    total.propagations += part.propagations


def verify(puzzle: Puzzle, *, node_limit: int = DEFAULT_NODE_LIMIT) -> Verdict:
    """The verdict on one puzzle: contradictory, unique, multiple, unsolvable or undetermined.

    The search runs in three stages within one budget of ``node_limit`` nodes:
    a systematic search (enough for almost every real puzzle); if that is not
    finished, short seeded probes for a second solution (see :func:`_probe`);
    then the systematic search resumes where it stopped, to prove the answer.
    Timed (``stats.ms``) from the first check to the last.
    """
    start = time.perf_counter()
    problems = contradictions(puzzle)
    if problems:
        stats = SolveStats(ms=(time.perf_counter() - start) * 1000)
        return Verdict(Status.CONTRADICTORY, _summary(problems), stats=stats)
    first_stage = min(node_limit, max(_FIRST_STAGE_WORK // puzzle.geometry.cells, 100))
    search = Search(puzzle.geometry, puzzle.givens, node_limit=first_stage, refine=True)
    found: dict[tuple[int, ...], None] = {}   # distinct solutions in the order found
    probes = SolveStats()
    steps = search.walk()
    for solution in steps:
        if solution is None:
            if search.stats.nodes + probes.nodes >= node_limit:
                break
            if not probes.nodes:
                _probe(puzzle, node_limit // 4, found, probes)
                if len(found) >= 2:
                    break
            search.node_limit = node_limit - probes.nodes
            continue
        found[solution] = None
        if len(found) >= 2:
            break
    stats = search.stats
    _add(stats, probes)
    stats.ms = (time.perf_counter() - start) * 1000
    n = puzzle.size
    solutions = list(found)
    if len(solutions) >= 2:
        first, second = solutions[:2]
        differences = tuple(c for c in range(n * n) if first[c] != second[c])
        cells = ", ".join(cell_name(c, n) for c in differences)
        return Verdict(Status.MULTIPLE, f"2 solutions differ at {cells}", first, second,
                       differences, stats)
    if search.bounded:
        return Verdict(Status.UNDETERMINED, f"search bound of {node_limit:,} nodes reached",
                       solutions[0] if solutions else None, stats=stats)
    if solutions:
        return Verdict(Status.UNIQUE, None, solutions[0], stats=stats)
    return Verdict(Status.UNSOLVABLE, f"no solution (proved by search: {stats.nodes:,} nodes)",
                   stats=stats)
