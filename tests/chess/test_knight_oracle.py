"""The oracles of tests/knight_checks.py anchored: the start-square table of open tours
(copied from the chess doc) is what an exhaustive search finds, on every board of at most
30 squares from every start square; each tour found is checked move by move."""
from __future__ import annotations

import pytest

from tests.knight_checks import is_tour, open_start_expected, open_tours

#: Every board of at most 30 squares, up to turning (rows <= cols)
BOARDS = [(m, n) for m in range(1, 31) for n in range(m, 31) if m * n <= 30]


@pytest.mark.parametrize("rows, cols", BOARDS)
def test_the_start_square_table_is_what_an_exhaustive_search_finds(rows: int, cols: int) -> None:
    tours = open_tours(rows, cols)
    assert len(tours) == rows * cols
    for (row, col), path in tours.items():
        assert (path is not None) == open_start_expected(rows, cols, row, col), (row, col)
        assert open_start_expected(cols, rows, col, row) == (path is not None)   # the board turned
        if path is not None:
            assert path[0] == (row, col) and is_tour(rows, cols, path, closed=False), path


def test_the_search_finds_the_known_small_cases() -> None:
    """Published small facts the search must meet: the 1x1 board is a tour, no 2xn board
    and no 4x4 board has one, on 5x5 exactly the 13 squares of the corners' colour start one."""
    assert open_tours(1, 1) == {(0, 0): [(0, 0)]}
    assert not any(open_tours(2, 8).values()) and not any(open_tours(4, 4).values())
    five = open_tours(5, 5)
    assert {s for s, p in five.items() if p} == {(r, c) for r in range(5) for c in range(5) if (r + c) % 2 == 0}
