"""3 x n knight's tours: the two-lane block construction against the theorems and an
independent tour checker, from every start square of every board up to 3x60."""
from __future__ import annotations

import itertools

import pytest

from solver.knights import find_tour
from solver.knights.narrow import SHORTEST, block_strands, closed_blocks, open_blocks, side_widths
from tests.knight_checks import closed_expected, is_tour, open_start_expected


def _is_knight_move(a: int, b: int, width: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    return sorted((abs(ra - rb), abs(ca - cb))) == [1, 2]


def _layouts(cols: int) -> list[list[tuple]]:
    """Every block layout the construction uses on 3 x ``cols`` (all start squares)."""
    if cols % 2 == 0:
        return [closed_blocks(cols)] if cols >= SHORTEST[True] else []
    if cols < SHORTEST[False]:
        return []
    return [open_blocks(cols, (r, c)) for r in range(3) for c in range(cols) if (r + c) % 2 == 0]


@pytest.mark.slow
@pytest.mark.parametrize("cols", range(3, 61))
def test_every_start_square_against_the_theorems(cols: int) -> None:
    """Open and closed, every square: a tour exactly when the theorems say, and it is one."""
    for closed in (False, True):
        for row in range(3):
            for col in range(cols):
                result = find_tour(3, cols, start=(row, col), closed=closed)
                expected = closed_expected(3, cols) if closed else open_start_expected(3, cols, row, col)
                assert result.exists == expected, (row, col, closed)
                if expected:
                    assert result.path[0] == (row, col)
                    assert is_tour(3, cols, result.path, closed=closed), (row, col, closed)


@pytest.mark.slow
def test_the_boards_above_60_use_only_blocks_checked_above() -> None:
    """The sweep to 3x60 searched every block the layouts of longer boards need (they only
    add interior blocks of 8), so the sweep covers every n; each layout tiles the board."""
    seen = {block[1:] for cols in range(3, 61) for layout in _layouts(cols) for block in layout}
    for cols in range(61, 260):
        for layout in _layouts(cols):
            assert {block[1:] for block in layout} <= seen, cols
            firsts = [block[0] for block in layout]
            widths = [block[1] for block in layout]
            assert firsts == [sum(widths[:i]) for i in range(len(widths))] and sum(widths) == cols
            assert not layout[0][2] and not layout[-1][3]          # the ends are not joined outwards
            assert all(block[2] and block[3] for block in layout[1:-1])


@pytest.mark.parametrize("width", range(8, 16))
def test_interior_blocks_carry_two_lanes_and_caps_one_port_to_port_path(width: int) -> None:
    """The strand contract the assembly relies on, restated: squares once each, knight
    moves inside strands, and strand ends exactly on the ports."""
    left_ports, right_ports = {0, 2 * width}, {width - 1, 3 * width - 1}
    if width % 2:
        cases = [(False, True, [right_ports]), (True, False, [left_ports])]
    else:
        cases = [(True, True, [left_ports, right_ports])]
    for left, right, port_sets in cases:
        strands = block_strands(width, left, right, None)
        squares = [s for strand in strands for s in strand]
        assert sorted(squares) == list(range(3 * width))
        assert all(_is_knight_move(a, b, width) for strand in strands for a, b in itertools.pairwise(strand))
        assert len(strands) == len(port_sets)
        for strand in strands:
            ends = {strand[0], strand[-1]}
            assert all(len(ends & ports) == 1 for ports in port_sets) if len(port_sets) == 2 \
                else ends == port_sets[0]


def test_side_widths_cut_every_odd_width() -> None:
    for width in range(9, 400, 2):
        cut = side_widths(width)
        assert sum(cut) == width and 9 <= cut[0] <= 15 and cut[0] % 2
        assert all(8 <= w <= 14 and w % 2 == 0 for w in cut[1:])


@pytest.mark.parametrize("rows, cols, closed, starts", [
    (3, 1000, True, [(0, 0), (1, 500), (2, 999)]),
    (3, 2001, False, [(0, 0), (1, 1001), (2, 2000), (0, 1000)]),
    (1000, 3, True, [(999, 1), (0, 2)]),
    (2001, 3, False, [(1000, 0), (1999, 1)]),
])
def test_long_boards(rows: int, cols: int, closed: bool, starts: list) -> None:
    for start in starts:
        result = find_tour(rows, cols, start=start, closed=closed)
        assert result.exists and result.path[0] == start
        assert is_tour(rows, cols, result.path, closed=closed)


def test_open_tours_on_even_boards_come_from_closed_ones() -> None:
    """An open tour on 3 x even (>= 10) from any square: every square can start one."""
    for start in [(1, 0), (1, 17), (0, 33)]:
        result = find_tour(3, 34, start=start)
        assert result.exists and result.path[0] == start and is_tour(3, 34, result.path, closed=False)


def test_construction_is_deterministic() -> None:
    assert find_tour(3, 501, start=(2, 250)) == find_tour(3, 501, start=(2, 250))
