"""The grading work budget: past it a grade stops with a lower bound, never a wrong exact one.

The oracle is the exact grade (no budget) of the same puzzle: for every budget, a grade that
ran out is marked inexact and rates at most the exact rating; one that did not run out is the
exact grade itself. Puzzles: SE-rated calibration puzzles whose solve needs chains (SE 6.5 to
8.3), where the budget bites, picked among the quick ones to keep the test short.
"""
from __future__ import annotations

import pytest

from solver.sudoku import Puzzle, grade, parse_text
from solver.sudoku.chains import BudgetSpent, budget
from tests.samples import REPO

CALIBRATION = REPO / "bench" / "data" / "se-rated-calibration.tsv"
#: Calibration puzzles (by SE rating) that need cycles, forcing chains or Nishio and grade fast.
WANTED = (6.6, 7.1, 7.5)


def _chain_puzzles() -> list[Puzzle]:
    chosen: dict[float, Puzzle] = {}
    for line in CALIBRATION.read_text().splitlines()[1:]:
        text, rating = line.split("\t")
        if float(rating) in WANTED and float(rating) not in chosen:
            item = parse_text(text)[0]
            assert isinstance(item, Puzzle)
            chosen[float(rating)] = item
    return [chosen[r] for r in WANTED]


PUZZLES = _chain_puzzles()


@pytest.mark.parametrize("puzzle", [pytest.param(p, marks=pytest.mark.slow) if r >= 7.5 else p
                                    for p, r in zip(PUZZLES, WANTED)], ids=[f"se{r}" for r in WANTED])
def test_a_budget_limited_grade_is_a_lower_bound_of_the_exact_grade(puzzle: Puzzle) -> None:
    exact = grade(puzzle, budget=None)
    assert exact.complete
    assert grade(puzzle) == exact, "a 9x9 grade is exact by default"
    cut_somewhere = False
    for limit in (0, 300, 30_000):
        bounded = grade(puzzle, budget=limit)
        if bounded.complete:
            assert bounded == exact
        else:
            cut_somewhere = True
            assert bounded.hardest == "Above budget" or bounded.rating <= exact.rating
            assert bounded.rating <= exact.rating
    assert cut_somewhere, "no budget here was small enough to stop the chain search"


def test_the_budget_account_raises_only_past_its_limit() -> None:
    with budget(5) as work:
        work.charge(5)
        with pytest.raises(BudgetSpent):
            work.charge(1)
    with budget(None) as work:
        work.charge(10 ** 12)
        assert work.spent == 10 ** 12
