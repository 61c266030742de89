"""Rate a KenKen by solving it as a person would: Latin-square singles and subsets, the
cage techniques of :mod:`solver.cages.techniques`, and the line rules.

A row or column of N cells adds up to N(N+1)/2. Take away the cages lying wholly inside
it whose fitting tuples all add up to one total: the cells left add up to the rest
(**Line Sum**). When some inside cage's totals vary but keep one parity (an ``x`` cage
of odd target holds odd digits only), the cells left still have a known parity
(**Parity**).

Ratings. Subsets and fish are SE's techniques at SE's values. Singles are rated for a
grid whose only houses are lines: a hidden single in a row or column is the first move
of every KenKen, as a hidden single in a box is in Sudoku (SE 1.2), and a naked single
follows from the pencil marks cage arithmetic writes anyway; the others are our own,
calibrated so easy needs singles and cage arithmetic, medium line sums and cage
pointing, hard subsets, locks and parity, diabolical a forcing trial:

======================================  ======
Full House                               1.0
Cage Remainder                           1.1
Hidden Single (row or column)            1.2
Cage Combination                         1.3
Naked Single                             1.4
Line Sum, one cell                       1.7
Cage Pointing                            2.0
Line Sum, 2-4 cells                      2.2
Naked Pair / Triple (SE)                 3.0 / 3.6
Combination Lock                         3.0
X-Wing / Swordfish (SE)                  3.2 / 3.8
Hidden Pair / Triple (SE)                3.4 / 4.0
Parity                                   3.5
Forcing (bivalue cell / other)           6.5 / 7.5
======================================  ======
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache, partial

from solver.cages.engine import live_tuples
from solver.cages.grading import Technique, graded
from solver.cages.techniques import (
    Context,
    cage_combination,
    cage_pointing,
    cage_remainder,
    combination_lock,
    effective,
    forcing,
    sum_fits,
)
from solver.kenken.puzzle import KenKen
from solver.sudoku import fish, singles, subsets
from solver.sudoku.candidates import Grid, Layout, Step, bits
from solver.sudoku.grade import Grade

FULL_HOUSE, REMAINDER, HIDDEN_SINGLE, COMBINATION, NAKED_SINGLE = 1.0, 1.1, 1.2, 1.3, 1.4
LINE_SUM_CELL, POINTING, LINE_SUM_CELLS, LOCK, PARITY = 1.7, 2.0, 2.2, 3.0, 3.5
FORCING = (6.5, 7.5)


@lru_cache(maxsize=16)
def latin_layout(n: int) -> Layout:
    """The Sudoku grader's layout for a Latin square: rows and columns are the only units."""
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    names = tuple([f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)])
    peers = tuple(tuple(sorted(set(rows[c // n] + cols[c % n]) - {c})) for c in range(n * n))
    return Layout(n, tuple(rows + cols), names, peers, tuple(frozenset(p) for p in peers),
                  tuple((c // n, n + c % n, c // n) for c in range(n * n)), (), 1)


def grid(puzzle: KenKen) -> Grid:
    """The pencil-mark grid of a KenKen, its one-cell cages placed."""
    g = Grid(lay=latin_layout(puzzle.size), symbols=puzzle.symbols)
    for cage in puzzle.cages:
        if len(cage.cells) == 1 and 1 <= cage.total <= puzzle.size:
            g.place(cage.cells[0], cage.total)
    return g


def _rated(finder: Callable[[Grid], Step | None], rating: float, g: Grid) -> Step | None:
    step = finder(g)
    return None if step is None else replace(step, rating=rating)


def line_rule(g: Grid, puzzle: KenKen, one_cell: bool, parity: bool, rating: float) -> Step | None:
    n = g.n
    line_total = n * (n + 1) // 2
    cand = effective(g)
    for u in range(2 * n):
        unit = set(g.lay.units[u])
        known = 0
        uncertain = False         # some inside cage's total varies but keeps its parity
        rest: list[int] = []
        covered: set[int] = set()
        for cage, table in zip(puzzle.cages, puzzle.tables):
            if table is None or not unit.issuperset(cage.cells):
                continue   # a cage too large to table is not known by its total here
            alive = live_tuples(table, cand)
            totals = {sum(t) for i, t in enumerate(table.tuples) if alive >> i & 1}
            if len(totals) == 1:
                known += totals.pop()
            elif len({t % 2 for t in totals}) == 1:
                known += totals.pop()
                uncertain = True
            else:
                continue
            covered.update(cage.cells)
        for c in sorted(unit - covered):
            if g.values[c]:
                known += g.values[c]
            else:
                rest.append(c)
        if not rest or len(rest) > 4 or uncertain != parity or (one_cell and len(rest) != 1) \
                or (not one_cell and not parity and len(rest) == 1):
            continue
        total = line_total - known
        apart = [(i, j) for i in range(len(rest)) for j in range(i + 1, len(rest))]
        allowed = sum_fits(rest, cand, total, apart, parity=parity)
        name = g.lay.names[u]
        if one_cell:
            mask = allowed[0]
            if mask and not mask & (mask - 1):
                cell, digit = rest[0], mask.bit_length()
                return g.step("Line Sum", rating, f"the sum of {name}: {g.name(cell)} = {g.sym(digit)}",
                              placed=[(cell, digit)], cells=g.lay.units[u])
            continue
        removed = [(c, d) for c, mask in zip(rest, allowed) for d in bits(g.cands[c] & ~mask)]
        if removed:
            what = (f"{g.names(rest)} add up to an {'even' if total % 2 == 0 else 'odd'} number" if parity
                    else f"{g.names(rest)} add up to {total}")
            return g.removal("Parity" if parity else "Line Sum", rating, f"the sum of {name}: {what}",
                             removed, g.lay.units[u])
    return None


def techniques(puzzle: KenKen) -> tuple[Technique, ...]:
    """Every technique for ``puzzle``, in the order they are tried."""
    tabled = [(cage, table) for cage, table in zip(puzzle.cages, puzzle.tables) if table is not None]
    ctx = Context(tuple(cage for cage, _ in tabled), tuple(table for _, table in tabled), puzzle.network())
    return (
        (FULL_HOUSE, singles.full_house),
        (REMAINDER, partial(cage_remainder, ctx=ctx, rating=REMAINDER)),
        (HIDDEN_SINGLE, partial(_rated, singles.hidden_single_line, HIDDEN_SINGLE)),
        (COMBINATION, partial(cage_combination, ctx=ctx, rating=COMBINATION)),
        (NAKED_SINGLE, partial(_rated, singles.naked_single, NAKED_SINGLE)),
        (LINE_SUM_CELL, partial(line_rule, puzzle=puzzle, one_cell=True, parity=False,
                                rating=LINE_SUM_CELL)),
        (POINTING, partial(cage_pointing, ctx=ctx, rating=POINTING)),
        (LINE_SUM_CELLS, partial(line_rule, puzzle=puzzle, one_cell=False, parity=False,
                                 rating=LINE_SUM_CELLS)),
        (subsets.NAKED[2], subsets.naked_pair),
        (LOCK, partial(combination_lock, ctx=ctx, rating=LOCK)),
        (fish.RATINGS[2], fish.x_wing),
        (subsets.HIDDEN[2], subsets.hidden_pair),
        (PARITY, partial(line_rule, puzzle=puzzle, one_cell=False, parity=True, rating=PARITY)),
        (subsets.NAKED[3], subsets.naked_triple),
        (fish.RATINGS[3], fish.swordfish),
        (subsets.HIDDEN[3], subsets.hidden_triple),
        (FORCING[0], partial(forcing, ctx=ctx, ratings=FORCING)),
    )


def grade_with_steps(puzzle: KenKen, ceiling: float | None = None,
                     proved_unique: bool = False) -> tuple[Grade, list[Step]]:
    """The rating of a unique KenKen and its logical steps, on its Latin square's grid (see
    :func:`solver.cages.grading.graded`)."""
    return graded(puzzle, grid, techniques, ceiling, proved_unique=proved_unique)


def grade(puzzle: KenKen, ceiling: float | None = None, proved_unique: bool = False) -> Grade:
    return grade_with_steps(puzzle, ceiling, proved_unique)[0]
