"""The cage oracle (tests/cage_oracle.py) reproduces published counts, so it is anchored by
something other than the solver it judges: with no cage it counts the 12 Latin squares of
order 3, the 576 of order 4 and the 288 4x4 Sudoku grids (OEIS A002860, A107739); a cage on
two cells of the first row keeps the share of those grids whose two digits meet it (any
relabelling of the digits maps grids to grids, so each ordered pair of distinct digits
appears in as many grids: 1 in 12 on order 4)."""
from __future__ import annotations

import pytest

from tests import cage_oracle as oracle

BOXES = oracle.box_regions(4, (2, 2))


@pytest.mark.parametrize("size, regions, expected", [(3, None, 12), (4, None, 576), (4, BOXES, 288)])
def test_with_no_cage_it_counts_the_published_grids(size: int, regions: tuple[int, ...] | None,
                                                   expected: int) -> None:
    assert oracle.count(oracle.Plain(size, regions, (), cover=False), cap=10_000) == expected


@pytest.mark.parametrize("total, op, pairs", [(3, "+", 2), (12, "x", 2), (3, "-", 2), (2, "/", 4), (4, "?", 4)])
def test_a_cage_keeps_its_share_of_the_latin_squares(total: int, op: str, pairs: int) -> None:
    """The digits of the two cells meeting each cage, in either order: 3 + is 1 2; 12 x is
    3 4; 3 - is 1 4; 2 / is 1 2 or 2 4; a hidden 4 is 1 3 (+) or 1 4 (x, /): ``pairs`` of
    the 12 ordered pairs of distinct digits."""
    cage = (((0, 1), total, op),)
    assert oracle.count(oracle.Plain(4, None, cage, cover=False), cap=10_000) == 576 * pairs // 12


def test_a_killer_cage_keeps_its_share_of_the_sudoku_grids() -> None:
    cage = (((0, 1), 5, None),)   # 1 4 or 2 3, each in two orders
    assert oracle.count(oracle.Plain(4, BOXES, cage, cover=False), cap=10_000) == 288 * 4 // 12
