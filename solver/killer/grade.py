"""Rate a Killer Sudoku by solving it as a person would: SE's Sudoku techniques (those that
hold without assuming uniqueness: a deadly pattern's swap may break a cage sum) with the
cage techniques placed among them by rating.

Ratings of the cage techniques (SE has none). The cheap ones are the first readings of a
cage and of one unit: its sums and bounds, and the 45 rule inside one row, column or box,
read the same way. What takes a solver longer -- the exact arrangement of a cage's digits
against its cells, outies, runs of units, locks and splits -- is rated from 3.0 up, beside
SE's subsets. Calibrated on Tatham's Killers (``bench/cage_levels.py``): his solver has the
cheap readings only, and his letters rise with the Sudoku techniques a Killer needs beyond
them; with this split our ratings follow his letters (Spearman 0.89 over t, b, i, a, u on the
140 Killers, plain and X, of ``tests/data/cages/tatham-killer-levels.txt``; 0.55 before).

=========================================  ======
Cage Remainder (last cell of a cage)        1.1
Cage Sums (bounds; sets of 2-4 open cells)  1.3
45 Rule, innies of one unit, read as sums   1.6
Cage Combination (the exact arrangement)    3.0
45 Rule, innies of one unit, exactly        3.0
45 Rule, outies of one unit (1 / 2-4)       3.0 / 3.2
45 Rule, a run of units (1 / 2-4 cells)     3.2 / 3.4
Cage Pointing                               3.2
Combination Lock                            3.4
Cage Splitting                              3.6
Forcing (trial of a bivalue cell / other)   6.5 / 7.5
=========================================  ======

The levels cut the scale at :data:`LEVELS`: easy runs to 2.4, through the singles (a naked
single is 2.3) and the direct intersections and pairs -- what Tatham's trivial and basic
Killers need besides the cheap cage readings; medium is the intersections (2.6-2.8, his
intermediate); hard from 3.0, subsets and the exact cage work (his advanced and up, his
unreasonable among them: his solver cannot go on without a guess, ours goes on with the
exact readings); diabolical from 5.0.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from solver.cages.grading import Technique, graded, merged
from solver.cages.techniques import (
    Context,
    cage_combination,
    cage_pointing,
    cage_remainder,
    cage_sums,
    cage_words,
    combination_lock,
    effective,
    forcing,
    sum_fits,
    sums_removal,
)
from solver.killer.innies import AreaSums, Derived, area_sums, derive
from solver.killer.puzzle import Killer
from solver.sudoku.candidates import Grid, Step, bits
from solver.sudoku.grade import TECHNIQUES as SUDOKU_TECHNIQUES
from solver.sudoku.grade import Grade

REMAINDER, SUMS, RULE45_SUMS = 1.1, 1.3, 1.6
COMBINATION = RULE45_EXACT = RULE45_OUTIE = 3.0
RULE45_OUTIES, RULE45_RUN_CELL, RULE45_RUN_CELLS = 3.2, 3.2, 3.4
POINTING, LOCK, SPLITTING = 3.2, 3.4, 3.6
FORCING = (6.5, 7.5)
#: The book's levels on the scale for a Killer, lower bound inclusive
LEVELS = {"easy": (0.0, 2.4), "medium": (2.4, 3.0), "hard": (3.0, 5.0), "diabolical": (5.0, 100.0)}
#: SE techniques rated from here up are chains that ignore the cages; Forcing replaces them
_SUDOKU_CEILING = 6.0


def _apart(cells: tuple[int, ...], g: Grid) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(cells)) for j in range(i + 1, len(cells))
            if cells[j] in g.lay.peer_sets[cells[i]]]


def _words(found: Derived) -> str:
    return f"the 45 rule on {found.area.name}" + (" (outies)" if found.outies else "")


def unit_innies(puzzle: Killer) -> tuple[AreaSums, ...]:
    """The rows, columns and boxes with innies (fixed by the cage layout: worked out once)."""
    return tuple(sums for sums in area_sums(puzzle.geometry, puzzle.cages) if sums.area.units == 1 and sums.innies)


def rule45_sums(g: Grid, units: Sequence[AreaSums], rating: float) -> Step | None:
    """The 45 rule inside one row, column or box (``units``: :func:`unit_innies`), its innies
    read as a cage's sums are (:func:`~solver.cages.techniques.sums_removal`): one innie is placed."""
    for sums in units:
        cells = tuple(c for c in sums.innies if not g.values[c])
        if not cells:
            continue
        total = sums.innie_total - sum(g.values[c] for c in sums.innies if g.values[c])
        found = Derived(sums.area, cells, total, False, True)
        if len(cells) == 1:
            cell = cells[0]
            if 1 <= total <= g.n and g.cands[cell] >> (total - 1) & 1:
                return g.step("45 Rule", rating, f"{_words(found)}: {g.name(cell)} = {g.sym(total)}",
                              placed=[(cell, total)], cells=cells)
            continue
        removed = sums_removal(g, cells, total)
        if removed:
            return g.removal("45 Rule", rating, f"{_words(found)}: {g.names(cells)} add up to {total}",
                             removed, cells)
    return None


def rule45(g: Grid, puzzle: Killer, one_cell: bool, run: bool, rating: float,
           outies: bool | None = None) -> Step | None:
    """The 45 rule read exactly (every arrangement of the derived cells' digits checked) on
    one cell or on 2-4, of one unit or of a run of units; ``outies`` picks innies (False) or
    outies (True), None both."""
    cand = effective(g)
    for found in derive(puzzle.geometry, puzzle.cages, g.values):
        if (found.area.units > 1) != run or (len(found.cells) == 1) != one_cell:
            continue
        if outies is not None and found.outies != outies:
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
        (SUMS, partial(cage_sums, ctx=ctx, rating=SUMS)),
        (RULE45_SUMS, partial(rule45_sums, units=unit_innies(puzzle), rating=RULE45_SUMS)),
        (COMBINATION, partial(cage_combination, ctx=ctx, rating=COMBINATION)),
        (RULE45_EXACT, partial(rule45, puzzle=puzzle, one_cell=False, run=False, rating=RULE45_EXACT, outies=False)),
        (RULE45_OUTIE, partial(rule45, puzzle=puzzle, one_cell=True, run=False, rating=RULE45_OUTIE, outies=True)),
        (RULE45_OUTIES, partial(rule45, puzzle=puzzle, one_cell=False, run=False, rating=RULE45_OUTIES,
                                outies=True)),
        (RULE45_RUN_CELL, partial(rule45, puzzle=puzzle, one_cell=True, run=True, rating=RULE45_RUN_CELL)),
        (POINTING, partial(cage_pointing, ctx=ctx, rating=POINTING)),
        (RULE45_RUN_CELLS, partial(rule45, puzzle=puzzle, one_cell=False, run=True, rating=RULE45_RUN_CELLS)),
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
