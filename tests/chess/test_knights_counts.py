"""Exhaustive counts reproduce the published numbers of knight's tours on small boards
(9,862 closed tours on 6x6; 1,728 tours on 5x5, 304 of them from a corner)."""
from __future__ import annotations

import pytest

from solver.knights import count_tours


@pytest.mark.parametrize("rows, cols, kwargs, expected", [
    (3, 4, {}, 16),
    (4, 3, {}, 16),
    (4, 5, {}, 164),
    (3, 7, {}, 104),
    (5, 5, {"start": (0, 0)}, 304),
    (5, 5, {"start": (4, 4)}, 304),
    (5, 6, {"closed": True}, 8),
    (3, 10, {"closed": True}, 16),
    (4, 4, {}, 0),
    (4, 4, {"closed": True}, 0),
    (1, 1, {}, 1),
])
def test_known_counts(rows: int, cols: int, kwargs: dict, expected: int) -> None:
    assert count_tours(rows, cols, **kwargs) == expected


def test_closed_count_does_not_depend_on_the_anchor_square() -> None:
    assert count_tours(5, 6, closed=True, start=(2, 3)) == 8


@pytest.mark.slow
def test_all_open_tours_on_5x5() -> None:
    assert count_tours(5, 5) == 1728


@pytest.mark.slow
def test_closed_tours_on_3x12() -> None:
    assert count_tours(3, 12, closed=True) == 176


@pytest.mark.slow
def test_closed_tours_on_6x6() -> None:
    assert count_tours(6, 6, closed=True) == 9862
