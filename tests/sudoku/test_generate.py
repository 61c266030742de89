"""Generated puzzles, judged by oracles that share no code with the generator:

uniqueness and minimality by the exact-cover solver of tests/sudoku_oracle.py, the level
by grading the printed puzzle again from its text, the symmetry by its definition.
"""
from __future__ import annotations

import pytest

from solver import sudoku
from solver.sudoku.generate import Generated, Request, generate, generate_one
from solver.sudoku.search import Search
from tests.sudoku_oracle import count_exact, has_symmetry, is_solution


def reread(made: Generated) -> sudoku.Puzzle:
    """The puzzle as a reader gets it: parsed back from its printed text."""
    g = made.puzzle.geometry
    regions = "".join(g.labels[r] for r in g.regions) if g.is_jigsaw else None
    box = None if g.is_jigsaw else (g.box_rows, g.box_cols)
    parsed = sudoku.parse_text(made.puzzle.format(), size=g.size, box=box, regions=regions)
    assert len(parsed) == 1 and isinstance(parsed[0], sudoku.Puzzle)
    return parsed[0]


def check(made: Generated, request: Request) -> None:
    puzzle = reread(made)
    n = puzzle.size
    assert count_exact(n, puzzle.geometry.regions, puzzle.givens, 2) == 1
    assert is_solution(made.solution, n, puzzle.geometry.regions, puzzle.givens)
    assert has_symmetry(puzzle.givens, n, request.symmetry)
    grade = sudoku.grade(puzzle)
    assert grade.rating == made.rating and grade.level == made.level and grade.complete == made.rating_exact
    low, high, inclusive = request.bounds()
    assert low <= grade.rating and (grade.rating <= high if inclusive else grade.rating < high)
    if request.level:
        assert grade.level == request.level


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "diabolical"])
def test_each_level_is_unique_symmetric_and_graded_so(level: str) -> None:
    request = Request(level=level)
    for made in generate(request, seed=7, count=3):
        check(made, request)


@pytest.mark.parametrize("symmetry", ["none", "rot180", "rot90", "mirror", "diagonal"])
def test_every_symmetry(symmetry: str) -> None:
    request = Request(level="hard", symmetry=symmetry)
    for made in generate(request, seed=3, count=2):
        check(made, request)


@pytest.mark.parametrize("size, symmetry", [(4, "rot90"), (6, "mirror"), (8, "rot180"),
                                            (9, "diagonal"), (10, "rot180"), (12, "rot180")])
def test_sizes_four_to_twelve(size: int, symmetry: str) -> None:
    request = Request(size=size, level="easy", symmetry=symmetry)
    made = generate_one(request, 5)
    assert made.puzzle.size == size
    check(made, request)


@pytest.mark.slow
def test_sixteen() -> None:
    request = Request(size=16, level="medium", symmetry="rot90")
    check(generate_one(request, 1), request)


def test_rating_range() -> None:
    request = Request(rating=(2.5, 4.8))
    for made in generate(request, seed=2, count=3):
        check(made, request)


def test_jigsaw_at_a_level() -> None:
    request = Request(jigsaw=True, level="medium")
    seen = set()
    for made in generate(request, seed=9, count=3):
        check(made, request)
        assert made.puzzle.geometry.is_jigsaw
        seen.add(made.puzzle.geometry.regions)
    assert len(seen) == 3   # a fresh region map per puzzle


@pytest.mark.slow
def test_minimal_is_minimal() -> None:
    request = Request(level="hard", minimal=True)
    made = generate_one(request, 4)
    check(made, request)
    givens, regions = made.puzzle.givens, made.puzzle.geometry.regions
    for cell, value in enumerate(givens):
        if value:
            trial = list(givens)
            trial[cell] = 0
            assert count_exact(9, regions, trial, 2) == 2, f"given at {cell} is not needed"


@pytest.mark.slow
def test_a_minimal_16x16_is_minimal_and_says_its_symmetry() -> None:
    """Big grids are made minimal by one pass over single givens (a 16x16 took minutes before):
    unique by the exact-cover oracle, and every given needed, each with its certificate: a
    second solution of the puzzle without it (found by our search, checked by the oracle's
    rules: a full grid, every given kept, another value in that cell); the record's symmetry
    is the pattern's own."""
    made = generate_one(Request(size=16, minimal=True), 1)
    givens, regions = made.puzzle.givens, made.puzzle.geometry.regions
    assert count_exact(16, regions, givens, 2) == 1
    for cell, value in enumerate(givens):
        if value:
            trial = list(givens)
            trial[cell] = 0
            other = next(s for s in Search(made.puzzle.geometry, trial).solutions() if s[cell] != value)
            assert is_solution(other, 16, regions, trial), f"given at {cell}: no second solution"
    assert made.symmetry == ("rot180" if has_symmetry(givens, 16, "rot180") else "none")


def test_same_seed_same_puzzle_and_the_record_seed_remakes_it() -> None:
    request = Request(level="medium")
    run = list(generate(request, seed=42, count=4))
    again = list(generate(request, seed=42, count=4))
    assert [m.puzzle.givens for m in run] == [m.puzzle.givens for m in again]
    assert len({m.puzzle.givens for m in run}) == 4
    third = run[2]
    alone = generate_one(request, third.seed)
    assert alone.puzzle.givens == third.puzzle.givens and alone.solution == third.solution
