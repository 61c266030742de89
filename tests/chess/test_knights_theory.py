"""Existence on every board 1x1..12x12 from every square equals the theorems, and
every tour returned passes an independent checker."""
from __future__ import annotations

import pytest

from solver.knights import find_tour, tour_exists
from tests.knight_checks import closed_expected, is_tour, open_start_expected

SIZES = range(1, 13)


@pytest.mark.slow
@pytest.mark.parametrize("rows", SIZES)
def test_every_board_and_start_square_matches_the_theorems(rows: int) -> None:
    for cols in SIZES:
        for r in range(rows):
            for c in range(cols):
                for closed in (False, True):
                    expected = closed_expected(rows, cols) if closed else \
                        open_start_expected(rows, cols, r, c)
                    existence = tour_exists(rows, cols, closed=closed, start=(r, c))
                    assert existence.exists == expected, (rows, cols, r, c, closed)
                    result = find_tour(rows, cols, start=(r, c), closed=closed)
                    assert result.exists == expected, (rows, cols, r, c, closed)
                    if expected:
                        assert result.path[0] == (r, c)
                        assert is_tour(rows, cols, result.path, closed=closed), (rows, cols, r, c)
                    else:
                        assert result.path is None and result.reason


@pytest.mark.parametrize("board, closed, start, words", [
    ((4, 4), True, None, "side of 1, 2 or 4"),
    ((5, 5), True, None, "both sides odd"),
    ((3, 8), True, None, "3x4, 3x6 and 3x8"),
    ((5, 5), False, (4, 1), "corner colour"),
    ((4, 6), False, (1, 2), "outer long edges"),
    ((3, 7), False, (1, 3), "centre"),
    ((2, 9), False, None, "no open tour on 2x9"),
])
def test_no_tour_answers_quote_the_rule(board, closed, start, words) -> None:
    existence = tour_exists(*board, closed=closed, start=start)
    assert not existence.exists
    assert words in existence.reason


def test_reason_names_the_square_algebraically() -> None:
    reason = tour_exists(5, 5, start=(4, 1)).reason
    assert reason.startswith("no open tour from b1 on 5x5")
