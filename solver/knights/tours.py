"""One entry point for "give me a tour": theorems first, then the right method.

* no tour by theorem -> the theorem's reason (never a time limit);
* a closed tour on a board with both sides >= 5 -> the block construction;
* an open tour where closed tours exist -> a closed tour from the start with
  its last move dropped;
* an open tour on an odd x odd board with both sides >= 5 -> the block
  construction with a searched start block (the whole board up to 11x11);
* a long 3 x n board -> the two-lane construction of :mod:`solver.knights.narrow`
  (closed from 18 columns, open on odd boards from 27);
* the rest (a side of 3 or 4, and 1x1) -> the exhaustive search.  The theorems
  say a tour exists there, so the search always ends with one.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from solver.knights import blocks, narrow
from solver.knights.board import Square
from solver.knights.search import search_tour
from solver.knights.theory import has_closed_tour, tour_exists


@dataclass(frozen=True)
class TourResult:
    """A tour in visiting order from the start square, or the reason there is none."""

    exists: bool
    path: tuple[Square, ...] | None = None
    reason: str | None = None


def find_tour(rows: int, cols: int, *, start: Square | None = (0, 0),
              closed: bool = False) -> TourResult:
    """A knight's tour of a rows x cols board from ``start`` (any valid start if None)."""
    origin = (0, 0) if start is None else start
    existence = tour_exists(rows, cols, closed=closed, start=origin)
    if not existence.exists:
        return TourResult(False, None, existence.reason)
    if has_closed_tour(rows, cols):
        if blocks.fits(rows, cols):
            return TourResult(True, _squares(blocks.closed_tour(rows, cols, origin), cols))
        if narrow.fits(rows, cols, closed=True):
            return TourResult(True, _squares(narrow.tour(rows, cols, origin, closed=True), cols))
        path: tuple[Square, ...] | None = _rotate(_small_closed_tour(rows, cols), origin)
    elif blocks.fits(rows, cols) and rows % 2 and cols % 2:
        return TourResult(True, _squares(blocks.open_tour_odd(rows, cols, origin), cols))
    elif narrow.fits(rows, cols, closed=False):
        return TourResult(True, _squares(narrow.tour(rows, cols, origin, closed=False), cols))
    else:
        path = search_tour(rows, cols, start=origin, closed=False)
    if path is None:          # the theorems promise a tour: a failure here is a bug
        raise AssertionError(f"search found no tour on {rows}x{cols} from {origin}")
    return TourResult(True, path)


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Millions of fresh tuples make the cyclic garbage collector run again and
    again over everything allocated so far (half the time of a 1000x1000
    tour); tuples of ints cannot form cycles, so it can wait until they exist."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _squares(order: list[int], cols: int) -> tuple[Square, ...]:
    """Square indices -> (row, col) pairs."""
    with _cyclic_gc_paused():
        return tuple(divmod(i, cols) for i in order)


@lru_cache(maxsize=32)
def _small_closed_tour(rows: int, cols: int) -> tuple[Square, ...]:
    """One closed tour of a narrow board, found once: every start square is a rotation of it."""
    tour = search_tour(rows, cols, start=(0, 0), closed=True)
    if tour is None:
        raise AssertionError(f"search found no closed tour on {rows}x{cols}")
    return tour


def _rotate(cycle: tuple[Square, ...], start: Square) -> tuple[Square, ...]:
    at = cycle.index(start)
    return cycle[at:] + cycle[:at]
