"""The generator's fast rating path says exactly what the grader says.

Oracle: ``sudoku.grade`` itself, the full step-by-step solve (bench/grading_identity.py runs
the same comparison on all 3,205 calibration puzzles). Here: calibration puzzles of every SE
band below 6.5 (quick to grade), with the ceilings and floors the generator uses, plus the
cheap proofs it leans on, against the exact-cover oracle of tests/sudoku_oracle.py.
"""
from __future__ import annotations

import random

import pytest

from solver.sudoku import Puzzle, grade, parse_text
from solver.sudoku.generate import Request, generate_one, still_unique
from solver.sudoku.grade import PLACEMENTS_TOP, rate
from solver.sudoku.search import singles_solve
from tests.samples import REPO
from tests.sudoku_oracle import count_exact

CALIBRATION = REPO / "bench" / "data" / "se-rated-calibration.tsv"


def _sample(per_band: int) -> list[Puzzle]:
    """``per_band`` puzzles (fixed seed) of each SE band below 6.5."""
    rows = [line.split("\t") for line in CALIBRATION.read_text().splitlines()[1:]]
    bands: dict[int, list[str]] = {}
    for text, rating in rows:
        if float(rating) < 6.5:
            bands.setdefault(int(float(rating)), []).append(text)
    rng = random.Random(27)
    out = []
    for band in sorted(bands):
        for text in rng.sample(bands[band], min(per_band, len(bands[band]))):
            item = parse_text(text)[0]
            assert isinstance(item, Puzzle)
            out.append(item)
    return out


PUZZLES = _sample(6)


@pytest.mark.parametrize("ceiling", [None, 0.5, 1.0, 1.2, 1.5, 2.3, 2.5, 4.0, 5.0])
def test_rate_is_grade_without_the_steps(ceiling: float | None) -> None:
    for puzzle in PUZZLES:
        want = grade(puzzle, ceiling)
        got = rate(puzzle, ceiling)
        assert got is not None
        assert (got.rating, got.level, got.hardest, got.complete) == \
            (want.rating, want.level, want.hardest, want.complete), puzzle.format()


@pytest.mark.parametrize("floor, ceiling", [(2.5, 5.0), (2.5, None), (5.0, None), (3.0, 4.2)])
def test_a_floor_answers_none_exactly_below_it(floor: float, ceiling: float | None) -> None:
    for puzzle in PUZZLES:
        want = grade(puzzle, ceiling)
        got = rate(puzzle, ceiling, floor=floor)
        if want.rating < floor:
            assert got is None, puzzle.format()
        else:
            assert got is not None
            assert (got.rating, got.hardest, got.complete) == (want.rating, want.hardest, want.complete)


def test_a_floor_within_the_placements_is_refused() -> None:
    with pytest.raises(ValueError, match="above"):
        rate(PUZZLES[0], floor=PLACEMENTS_TOP)


def test_singles_solve_only_puzzles_rated_at_most_a_naked_single() -> None:
    solved = 0
    for puzzle in PUZZLES:
        if singles_solve(puzzle.geometry, puzzle.givens):
            solved += 1
            assert grade(puzzle).rating <= PLACEMENTS_TOP
    assert solved   # the sample has easy puzzles


def test_still_unique_agrees_with_the_exact_cover_oracle() -> None:
    """Removing givens from a generated puzzle: unique exactly when the oracle counts one."""
    made = generate_one(Request(level="medium"), 3)
    geometry, givens = made.puzzle.geometry, list(made.puzzle.givens)
    rng = random.Random(3)
    filled = [c for c, v in enumerate(givens) if v]
    for _ in range(20):
        removed = rng.sample(filled, 2)
        trial = list(givens)
        for cell in removed:
            trial[cell] = 0
        oracle = count_exact(9, geometry.regions, trial, 2) == 1
        assert still_unique(geometry, trial, made.solution, removed) is oracle
