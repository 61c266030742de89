"""N-queens against OEIS A000170 / A002562 and an independent checker."""
from __future__ import annotations

import itertools

import pytest

from solver.parsing import ParseIssue
from solver.queens import (
    QueensPuzzle,
    count_distinct,
    count_solutions,
    distinct_solutions,
    iter_solutions,
    one_solution,
    parse_queens_puzzles,
    verify_queens,
)
from solver.verdict import Status

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]


def _valid(solution) -> bool:
    n = len(solution)
    pairs = itertools.combinations(enumerate(solution), 2)
    return all(0 <= c < n for c in solution) and all(
        c1 != c2 and abs(r1 - r2) != abs(c1 - c2) for (r1, c1), (r2, c2) in pairs)


@pytest.mark.parametrize("n", range(1, 13))
def test_counts_match_a000170(n: int) -> None:
    assert count_solutions(n) == A000170[n - 1]


@pytest.mark.parametrize("n", range(1, 10))
def test_enumeration_is_valid_complete_and_lexicographic(n: int) -> None:
    solutions = list(iter_solutions(n))
    assert len(solutions) == A000170[n - 1]
    assert solutions == sorted(set(solutions))
    assert all(_valid(s) for s in solutions)
    if n <= 7:   # brute force over all permutations agrees
        assert solutions == [p for p in itertools.permutations(range(n)) if _valid(p)]


@pytest.mark.parametrize("n", range(1, 11))
def test_distinct_counts_match_a002562(n: int) -> None:
    assert count_distinct(n) == A002562[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", [11, 12])
def test_distinct_counts_match_a002562_larger(n: int) -> None:
    assert count_distinct(n) == A002562[n - 1]


def test_distinct_classes_cover_every_solution_exactly_once() -> None:
    n = 8
    classes = distinct_solutions(n)

    def images(s):
        grid = {(r, c) for r, c in enumerate(s)}
        out = set()
        for _ in range(4):
            grid = {(c, n - 1 - r) for r, c in grid}                 # rotate
            for g in (grid, {(r, n - 1 - c) for r, c in grid}):       # and mirror
                out.add(tuple(c for _, c in sorted(g)))
        return out

    covered = [img for s in classes for img in images(s)]
    assert len(covered) == len(set(covered)) == 92
    assert len(classes) == 12


@pytest.mark.parametrize("n", list(range(1, 200)) + [1000, 1001, 1002, 1003, 1004, 1005])
def test_one_solution_construction(n: int) -> None:
    solution = one_solution(n)
    if n in (2, 3):
        assert solution is None
    else:
        assert len(solution) == n and _valid_fast(solution)


def _valid_fast(solution) -> bool:
    n = len(solution)
    return (sorted(solution) == list(range(n)) and len({r + c for r, c in enumerate(solution)}) == n
            and len({r - c for r, c in enumerate(solution)}) == n)


def test_one_solution_for_a_million_queens() -> None:
    assert _valid_fast(one_solution(1_000_000))


def test_completion_puzzles() -> None:
    # the lexicographically first 8-queens solution is (0, 4, 7, 5, 2, 6, 1, 3); give 3 of its queens
    full = (0, 4, 7, 5, 2, 6, 1, 3)
    given = ((0, 0), (1, 4), (2, 7))
    expected = [s for s in iter_solutions(8) if all(s[r] == c for r, c in given)]
    verdict = verify_queens(QueensPuzzle(8, given))
    assert verdict.status is (Status.UNIQUE if len(expected) == 1 else Status.MULTIPLE)
    assert verdict.solution == expected[0] == full

    loose = QueensPuzzle(8, ((0, 0),))
    verdict = verify_queens(loose)
    assert verdict.status is Status.MULTIPLE and _valid(verdict.solution) and _valid(verdict.other_solution)
    assert verdict.differences and all(verdict.solution[r] == c for r, c in verdict.differences)

    assert verify_queens(QueensPuzzle(3, ((0, 0),))).status is Status.UNSOLVABLE


@pytest.mark.parametrize("given, words", [
    (((7, 0), (5, 2)), "queens at a1 and c3 attack each other (diagonal)"),
    (((0, 0), (0, 5)), "same row"),
    (((1, 3), (6, 3)), "same column"),
])
def test_attacking_givens_are_contradictory(given, words) -> None:
    verdict = verify_queens(QueensPuzzle(8, given))
    assert verdict.status is Status.CONTRADICTORY and words in verdict.reason


TEXT = """\
# Four queens
. Q . .
. . . Q
. . . .
. . . .

....
.x..
....
....

. Q .
. .
"""


def test_parse_queens_puzzles() -> None:
    first, bad, ragged = parse_queens_puzzles(TEXT)
    assert first == QueensPuzzle(4, ((0, 1), (1, 3)), 2, 0, "Four queens")
    assert verify_queens(first).status is Status.UNIQUE
    assert isinstance(bad, ParseIssue) and (bad.line, bad.column) == (8, 2)
    assert isinstance(ragged, ParseIssue) and ragged.line == 13 and "first row has 3" in ragged.message
    (wide,) = parse_queens_puzzles("...\n...\n")
    assert isinstance(wide, ParseIssue) and wide.line == 1 and "square" in wide.message


def test_large_boards_with_few_queens_are_judged_not_left_undetermined() -> None:
    """Regression: row-order search needed >200,000 nodes to meet a second solution on 20x20."""
    for n in (20, 25, 30):
        verdict = verify_queens(QueensPuzzle(n=n, given=((n - 1, 0),)), node_limit=10_000)
        assert verdict.status is Status.MULTIPLE
        for solution in (verdict.solution, verdict.other_solution):
            assert solution[n - 1] == 0 and sorted(solution) == list(range(n))
            assert len({r + c for r, c in enumerate(solution)}) == n
            assert len({r - c for r, c in enumerate(solution)}) == n
