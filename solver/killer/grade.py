"""Rate a Killer Sudoku by solving it as a person would: SE's Sudoku techniques (those that
hold without assuming uniqueness: a deadly pattern's swap may break a cage sum) with the
cage techniques placed among them by rating.

Ratings of the cage techniques (SE has none; calibrated so that easy needs cage
combinations and singles, medium the 45 rule on one unit, hard unions, locks and splits,
diabolical a forcing trial):

=========================================  ======
Cage Remainder (last cell of a cage)        1.1
Cage Combination                            1.3
45 Rule, one cell, one row/column/box       1.6
45 Rule, one cell, a run of units           2.0
45 Rule, 2-4 cells, one unit                2.4
Cage Pointing                               2.6
45 Rule, 2-4 cells, a run of units          2.8
Combination Lock                            3.0
Cage Splitting                              3.4
Forcing (trial of a bivalue cell / other)   6.5 / 7.5
=========================================  ======

The levels cut the scale as Sudoku's do but for easy, which also takes the hidden single in
a line (1.5) and the 45 rule on one cell of one unit (1.6): the first steps of a Killer
without givens, which a setter's easy Killer asks for (Tatham's trivial Killers need both;
only givens would avoid them).
"""
from __future__ import annotations

from functools import partial

from solver.cages.grading import Technique, graded, merged
from solver.cages.techniques import (
    Context,
    cage_combination,
    cage_pointing,
    cage_remainder,
    cage_words,
    combination_lock,
    effective,
    forcing,
    sum_fits,
)
from solver.killer.innies import Derived, derive
from solver.killer.puzzle import Killer
from solver.sudoku.candidates import Grid, Step, bits
from solver.sudoku.grade import TECHNIQUES as SUDOKU_TECHNIQUES
from solver.sudoku.grade import Grade

REMAINDER, COMBINATION = 1.1, 1.3
RULE45_CELL, RULE45_CELL_RUN, RULE45_CELLS, RULE45_CELLS_RUN = 1.6, 2.0, 2.4, 2.8
POINTING, LOCK, SPLITTING = 2.6, 3.0, 3.4
FORCING = (6.5, 7.5)
#: The book's levels on the scale for a Killer, lower bound inclusive
LEVELS = {"easy": (0.0, 1.7), "medium": (1.7, 2.5), "hard": (2.5, 5.0), "diabolical": (5.0, 100.0)}
#: SE techniques rated from here up are chains that ignore the cages; Forcing replaces them
_SUDOKU_CEILING = 6.0


def _apart(cells: tuple[int, ...], g: Grid) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(cells)) for j in range(i + 1, len(cells))
            if cells[j] in g.lay.peer_sets[cells[i]]]


def _words(found: Derived) -> str:
    return f"the 45 rule on {found.area.name}" + (" (outies)" if found.outies else "")


def rule45(g: Grid, puzzle: Killer, one_cell: bool, run: bool, rating: float) -> Step | None:
    cand = effective(g)
    for found in derive(puzzle.geometry, puzzle.cages, g.values):
        if (found.area.units > 1) != run or (len(found.cells) == 1) != one_cell:
            continue
        if one_cell:
            cell, digit = found.cells[0], found.total
            if 1 <= digit <= g.n and g.cands[cell] >> (digit - 1) & 1:
                return g.step("45 Rule", rating, f"{_words(found)}: {g.name(cell)} = {g.sym(digit)}",
                              placed=[(cell, digit)], cells=found.cells)
            continue
        allowed = sum_fits(found.cells, cand, found.total, _apart(found.cells, g))
        removed = [(c, d) for c, mask in zip(found.cells, allowed) for d in bits(g.cands[c] & ~mask)]
        if removed:
            return g.removal("45 Rule", rating,
                             f"{_words(found)}: {g.names(found.cells)} add up to {found.total}",
                             removed, found.cells)
    return None


def cage_splitting(g: Grid, puzzle: Killer, rating: float) -> Step | None:
    cand = effective(g)
    owner = {c: i for i, cage in enumerate(puzzle.cages) for c in cage.cells}
    for found in derive(puzzle.geometry, puzzle.cages, g.values):
        homes = {owner.get(c, -1) for c in found.cells}
        if len(homes) != 1 or -1 in homes:
            continue
        cage = puzzle.cages[homes.pop()]
        rest = tuple(c for c in cage.cells if c not in found.cells and not g.values[c])
        if not rest or len(rest) > 4:
            continue
        placed = [g.values[c] for c in cage.cells if g.values[c]]
        total = cage.total - sum(placed) - found.total
        taken = sum(1 << (v - 1) for v in placed)
        trimmed = [m & ~taken for m in cand]
        allowed = sum_fits(rest, trimmed, total, [(i, j) for i in range(len(rest)) for j in range(i + 1, len(rest))])
        removed = [(c, d) for c, mask in zip(rest, allowed) for d in bits(g.cands[c] & ~mask)]
        if removed:
            return g.removal("Cage Splitting", rating,
                             f"{_words(found)}: {g.names(found.cells)} of {cage_words(g, cage)} add up to "
                             f"{found.total}, so its other cells {g.names(rest)} add up to {total}",
                             removed, cage.cells)
    return None


def techniques(puzzle: Killer) -> tuple[Technique, ...]:
    """Every technique for ``puzzle``, in the order they are tried."""
    ctx = Context(puzzle.cages, puzzle.tables, puzzle.network())
    sudoku: list[Technique] = [(base, finder) for base, finder, unique_only in SUDOKU_TECHNIQUES
                               if not unique_only and base < _SUDOKU_CEILING]
    cages: list[Technique] = [
        (REMAINDER, partial(cage_remainder, ctx=ctx, rating=REMAINDER)),
        (COMBINATION, partial(cage_combination, ctx=ctx, rating=COMBINATION)),
        (RULE45_CELL, partial(rule45, puzzle=puzzle, one_cell=True, run=False, rating=RULE45_CELL)),
        (RULE45_CELL_RUN, partial(rule45, puzzle=puzzle, one_cell=True, run=True, rating=RULE45_CELL_RUN)),
        (RULE45_CELLS, partial(rule45, puzzle=puzzle, one_cell=False, run=False, rating=RULE45_CELLS)),
        (POINTING, partial(cage_pointing, ctx=ctx, rating=POINTING)),
        (RULE45_CELLS_RUN, partial(rule45, puzzle=puzzle, one_cell=False, run=True, rating=RULE45_CELLS_RUN)),
        (LOCK, partial(combination_lock, ctx=ctx, rating=LOCK)),
        (SPLITTING, partial(cage_splitting, puzzle=puzzle, rating=SPLITTING)),
        (FORCING[0], partial(forcing, ctx=ctx, ratings=FORCING)),
    ]
    return merged(sudoku, cages)


def level_for(rating: float) -> str:
    """The book's level of a Killer rated ``rating`` (:data:`LEVELS`)."""
    return next(level for level, (low, high) in LEVELS.items() if low <= rating < high)


def grade_with_steps(puzzle: Killer, ceiling: float | None = None,
                     proved_unique: bool = False) -> tuple[Grade, list[Step]]:
    """The rating of a unique Killer and the steps of its logical solve, on the grid of its
    Sudoku (see :func:`solver.cages.grading.graded`), its level by :data:`LEVELS`."""
    return graded(puzzle, lambda killer: Grid(killer.sudoku), techniques, ceiling, level_for, proved_unique)


def grade(puzzle: Killer, ceiling: float | None = None, proved_unique: bool = False) -> Grade:
    return grade_with_steps(puzzle, ceiling, proved_unique)[0]
