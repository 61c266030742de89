"""Partial tours and knight's-tour puzzles: completion, contradictions, uniqueness
against an independent brute-force counter."""
from __future__ import annotations

import random
from functools import cache

import pytest

from solver.knights import (
    KnightPuzzle,
    count_completions,
    parse_square,
    parse_tour_puzzles,
    tour_puzzle,
    verify_tour_puzzle,
)
from solver.parsing import ParseIssue
from solver.verdict import Status
from tests.knight_checks import is_tour

# The opening of a tour written out by hand in chess notation (every step a knight's move).
EULER_OPENING = ["a1", "b3", "a5", "b7", "d8", "f7", "h8", "g6", "h4", "g2",
                 "e1", "c2", "a3", "b1", "d2", "f1", "h2", "g4", "h6", "g8"]


@cache
def _brute_force_tours(rows: int, cols: int) -> list[tuple[tuple[int, int], ...]]:
    """Every directed open tour, by plain recursive enumeration (no pruning, no solver code)."""
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    moves = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    tours = []

    def extend(path: list, seen: set) -> None:
        if len(path) == len(squares):
            tours.append(tuple(path))
            return
        r, c = path[-1]
        for dr, dc in moves:
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                extend(path, seen)
                path.pop()
                seen.remove(nxt)

    for square in squares:
        extend([square], {square})
    return tours


def test_euler_opening_on_8x8_is_completed() -> None:
    opening = [parse_square(name, 8, 8) for name in EULER_OPENING]
    puzzle = KnightPuzzle(8, 8, tuple((sq, i) for i, sq in enumerate(opening, start=1)),
                          closed=False, require_unique=False)
    verdict = verify_tour_puzzle(puzzle)
    assert verdict.status is Status.SOLVED
    assert list(verdict.solution[:len(opening)]) == opening
    assert is_tour(8, 8, verdict.solution, closed=False)


def test_euler_opening_cannot_close_and_the_search_proves_it() -> None:
    # a1 has two knight moves, b3 and c2, and the opening already uses both: no
    # last square can return to a1, so no closed completion exists.
    opening = [parse_square(name, 8, 8) for name in EULER_OPENING]
    assert {"b3", "c2"} <= set(EULER_OPENING)
    puzzle = KnightPuzzle(8, 8, tuple((sq, i) for i, sq in enumerate(opening, start=1)),
                          closed=True, require_unique=False)
    assert verify_tour_puzzle(puzzle).status is Status.UNSOLVABLE
    shorter = KnightPuzzle(8, 8, tuple((sq, i) for i, sq in enumerate(opening[:11], start=1)),
                           closed=True, require_unique=False)
    verdict = verify_tour_puzzle(shorter)
    assert verdict.status is Status.SOLVED
    assert list(verdict.solution[:11]) == opening[:11]
    assert is_tour(8, 8, verdict.solution, closed=True)


@pytest.mark.parametrize("givens, closed, words", [
    ([((0, 0), 1), ((0, 0), 5)], False, "two numbers on a8"),
    ([((0, 0), 1), ((0, 1), 2)], False, "not a knight's move apart"),
    ([((0, 0), 65)], False, "out of range 1..64"),
    ([((0, 0), 7), ((3, 3), 7)], False, "on two squares"),
    ([((0, 0), 1), ((7, 7), 4)], False, "6 knight moves apart, but only 3"),
    ([((0, 0), 1), ((0, 2), 4)], False, "colour"),
    ([((0, 0), 1), ((7, 6), 64)], True, "not a knight's move apart"),
])
def test_contradictory_givens_are_rejected_with_the_reason(givens, closed, words) -> None:
    verdict = verify_tour_puzzle(KnightPuzzle(8, 8, tuple(givens), closed=closed))
    assert verdict.status is Status.CONTRADICTORY
    assert words in verdict.reason


def test_impossible_board_requirements_are_contradictions() -> None:
    verdict = verify_tour_puzzle(KnightPuzzle(5, 5, (((0, 1), 1),)))
    assert verdict.status is Status.CONTRADICTORY and "corner colour" in verdict.reason
    verdict = verify_tour_puzzle(KnightPuzzle(5, 5, (), closed=True))
    assert verdict.status is Status.CONTRADICTORY and "Schwenk" in verdict.reason


@pytest.mark.slow
def test_uniqueness_matches_a_brute_force_count_on_4x5() -> None:
    tours = _brute_force_tours(4, 5)
    assert len(tours) == 164
    rng = random.Random(5)
    seen_statuses = set()
    for _ in range(60):
        source = rng.choice(tours)
        shown = rng.sample(range(20), rng.randint(2, 7))
        givens = tuple((source[i], i + 1) for i in sorted(shown))
        expected = sum(all(t[n - 1] == sq for sq, n in givens) for t in tours)
        puzzle = KnightPuzzle(4, 5, givens)
        assert count_completions(puzzle, cap=1000) == expected
        verdict = verify_tour_puzzle(puzzle)
        assert verdict.status is (Status.UNIQUE if expected == 1 else Status.MULTIPLE)
        seen_statuses.add(verdict.status)
        if expected > 1:
            a, b = verdict.solution, verdict.other_solution
            assert a != b and a in tours and b in tours
            assert set(verdict.differences) == {sq for i, sq in enumerate(a) if b[i] != sq}
        else:
            assert verdict.solution == source
    assert seen_statuses == {Status.UNIQUE, Status.MULTIPLE}


def test_unsolvable_puzzle_is_proved_so() -> None:
    # 1 in a corner and 2 on its other neighbour than the tours use: 3x4 tours start at an end column
    tours = _brute_force_tours(3, 4)
    givens = (((0, 0), 1), ((2, 1), 2), ((0, 2), 3))
    expected = sum(all(t[n - 1] == sq for sq, n in givens) for t in tours)
    verdict = verify_tour_puzzle(KnightPuzzle(3, 4, givens))
    assert verdict.status is (Status.UNSOLVABLE if expected == 0 else Status.UNIQUE if expected == 1
                              else Status.MULTIPLE)
    assert expected == 0 or verdict.status is not Status.UNSOLVABLE


def test_tight_node_limit_is_undetermined_not_unsolvable() -> None:
    puzzle = KnightPuzzle(8, 8, (((0, 0), 1), ((7, 7), 63)))
    verdict = verify_tour_puzzle(puzzle, node_limit=10)
    assert verdict.status is Status.UNDETERMINED


def test_tour_puzzle_rules() -> None:
    start_only = tour_puzzle(8, 8, start=(7, 0), closed=True)
    assert start_only.givens == (((7, 0), 1),) and not start_only.require_unique
    verdict = verify_tour_puzzle(start_only)
    assert verdict.status is Status.SOLVED and is_tour(8, 8, verdict.solution, closed=True)

    first = tour_puzzle(8, 8, show_first=10)
    assert [n for _, n in first.givens] == list(range(1, 11)) and not first.require_unique
    assert verify_tour_puzzle(first).status is Status.SOLVED

    every = tour_puzzle(6, 6, show_every=5)
    assert every.require_unique
    assert set(range(1, 37, 5)) | {36} <= {n for _, n in every.givens}
    assert verify_tour_puzzle(every).status is Status.UNIQUE
    assert tour_puzzle(6, 6, show_every=5) == every            # deterministic

    assert isinstance(tour_puzzle(4, 4, line=7), ParseIssue)
    assert tour_puzzle(4, 4, line=7).line == 7


@pytest.mark.parametrize("every", [3, 4, 6, 10])
def test_show_every_puzzles_are_made_unique_by_brute_force_count(every: int) -> None:
    tours = _brute_force_tours(4, 5)
    puzzle = tour_puzzle(4, 5, show_every=every)
    matching = [t for t in tours if all(t[n - 1] == sq for sq, n in puzzle.givens)]
    assert len(matching) == 1
    assert verify_tour_puzzle(puzzle).solution == matching[0]


def test_every_number_shown_is_unique_and_checks_the_source_tour() -> None:
    puzzle = tour_puzzle(5, 6, show_every=1)
    verdict = verify_tour_puzzle(puzzle)
    assert verdict.status is Status.UNIQUE
    assert [sq for sq, _ in puzzle.givens] == list(verdict.solution)


TEXT = """\
# Small puzzle
1  .  .  .
.  .  .  .
.  .  .  .

# Task
closed any
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  1
.  .  .  .  .  .

1 . .
. x .
. . .

1 . .
. .
. . .

1 99
. .
"""


def test_parse_format_and_issues_with_line_and_column() -> None:
    items = parse_tour_puzzles(TEXT)
    assert len(items) == 5
    small, task, bad_token, ragged, out_of_range = items
    assert isinstance(small, KnightPuzzle)
    assert (small.rows, small.cols, small.givens, small.title, small.line) == \
        (3, 4, (((0, 0), 1),), "Small puzzle", 2)
    assert small.require_unique and not small.closed
    assert task.closed and not task.require_unique and task.givens == (((4, 5), 1),)
    assert task.index == 1 and task.title == "Task"
    assert isinstance(bad_token, ParseIssue) and (bad_token.line, bad_token.column) == (16, 3)
    assert isinstance(ragged, ParseIssue) and ragged.line == 20 and "2 squares" in ragged.message
    assert isinstance(out_of_range, ParseIssue) and (out_of_range.line, out_of_range.column) == (23, 3)
    assert verify_tour_puzzle(task).status is Status.SOLVED


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols, every, closed", [(10, 10, 5, True), (12, 12, 10, True)])
def test_show_every_on_big_boards_is_made_provably_unique(rows: int, cols: int, every: int, closed: bool) -> None:
    """Regression: sparse numbers on 10x10 and up used to come back 'undetermined'."""
    puzzle = tour_puzzle(rows, cols, start=(0, 0), closed=closed, show_every=every)
    verdict = verify_tour_puzzle(puzzle)
    assert verdict.status is Status.UNIQUE
    path = verdict.solution
    assert is_tour(rows, cols, path, closed=closed)
    assert all(path[number - 1] == square for square, number in puzzle.givens)
    assert len(puzzle.givens) < rows * cols
