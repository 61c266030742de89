"""The divide-and-conquer construction: block tours, band cuts, whole boards."""
from __future__ import annotations

import itertools
import random

import pytest

from solver.knights import find_tour
from solver.knights.blocks import bands, block_tour, closed_tour, open_tour_odd
from solver.knights.search import search_tour
from tests.knight_checks import is_tour

SHAPES = [(h, w) for h in range(5, 12) for w in range(5, 12) if (h * w) % 2 == 0]
JOIN_EDGES = lambda h, w: {  # noqa: E731  (restated from the blocks docstring)
    "left": {(1, 0), (3, 1)}, "right": {(2, w - 1), (0, w - 2)},
    "top": {(0, 1), (1, 3)}, "bottom": {(h - 1, 2), (h - 2, 0)}}


def _edges(path, closed):
    pairs = list(itertools.pairwise(path)) + ([(path[-1], path[0])] if closed else [])
    return {frozenset(p) for p in pairs}


@pytest.mark.parametrize("h, w", SHAPES)
def test_every_block_shape_has_a_joinable_closed_tour(h: int, w: int) -> None:
    tour = block_tour(h, w)
    assert is_tour(h, w, tour, closed=True)
    edges = _edges(tour, closed=True)
    # a side of 5 is a whole board side: such blocks are only joined along the other side
    sides = ["left", "right"] if h == 5 else ["top", "bottom"] if w == 5 else list(JOIN_EDGES(h, w))
    for side in sides:
        assert frozenset(JOIN_EDGES(h, w)[side]) in edges, side


@pytest.mark.slow
def test_every_start_block_of_an_odd_board_has_a_joinable_path() -> None:
    """The one searched block of the odd x odd construction, for every shape, start square
    and combination of joins it can need: the search succeeds everywhere, quickly."""
    for h, w in itertools.product((5, 7, 9, 11), repeat=2):
        joins = JOIN_EDGES(h, w)
        if h == 5:       # one band of rows: joined left and right only
            needs = [{"left": a, "right": b} for a, b in itertools.product((False, True), repeat=2)]
        elif w == 5:     # one band of columns: joined up and down only
            needs = [{"top": a, "bottom": b} for a, b in itertools.product((False, True), repeat=2)]
        else:
            needs = [{"left": False, "right": r, "top": t, "bottom": b}
                     for r, t, b in itertools.product((False, True), repeat=3)]
            needs += [{"left": True, "right": r, "top": False, "bottom": False} for r in (False, True)]
        for start in ((r, c) for r in range(h) for c in range(w) if (r + c) % 2 == 0):
            for need in needs:
                forced = [tuple(sorted(joins[k])) for k, used in need.items() if used]
                path = search_tour(h, w, start=start, forced=forced)
                assert path is not None and path[0] == start
                edges = _edges(path, closed=False)
                assert all(frozenset(e) in edges for e in forced)


@pytest.mark.parametrize("length", range(6, 80))
def test_band_cuts(length: int) -> None:
    for at in range(length):
        cut = bands(length, at)
        assert sum(cut) == length and all(6 <= b <= 11 for b in cut)
        odd = [i for i, b in enumerate(cut) if b % 2]
        assert len(odd) == length % 2
        if odd:
            begin = sum(cut[:odd[0]])
            assert begin <= at < begin + cut[odd[0]] and begin % 2 == 0


@pytest.mark.parametrize("rows, cols", [(12, 12), (13, 20), (20, 13), (30, 31), (64, 100), (100, 100),
                                        (5, 40), (34, 5)])
def test_large_closed_tours_from_random_squares(rows: int, cols: int) -> None:
    rng = random.Random(rows * 1000 + cols)
    for _ in range(3):
        start = (rng.randrange(rows), rng.randrange(cols))
        path = [divmod(i, cols) for i in closed_tour(rows, cols, start)]
        assert path[0] == start and is_tour(rows, cols, path, closed=True)


@pytest.mark.parametrize("rows, cols", [(13, 13), (15, 21), (7, 29), (29, 7), (31, 33), (99, 101),
                                        (5, 31), (41, 5)])
def test_large_odd_open_tours_from_random_corner_colour_squares(rows: int, cols: int) -> None:
    rng = random.Random(rows * 1000 + cols)
    for _ in range(3):
        row, col = rng.randrange(rows), rng.randrange(cols)
        if (row + col) % 2:
            col = col - 1 if col else 1
        start = (row, col)
        path = [divmod(i, cols) for i in open_tour_odd(rows, cols, start)]
        assert path[0] == start and is_tour(rows, cols, path, closed=False)


def test_long_4_row_boards_use_the_search_and_succeed() -> None:
    """(3-row boards have their own construction: tests/chess/test_knights_narrow.py.)"""
    for rows, cols, closed, start in [(4, 300, False, (3, 150)), (300, 4, False, (150, 0))]:
        result = find_tour(rows, cols, start=start, closed=closed)
        assert result.exists and is_tour(rows, cols, result.path, closed=closed)


def test_construction_is_deterministic() -> None:
    assert closed_tour(40, 42, (17, 5)) == closed_tour(40, 42, (17, 5))
