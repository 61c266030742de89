"""Divide and conquer: tours on large boards in linear time (Parberry 1997).

The board is cut into bands of 6 to 11 rows and 6 to 11 columns (a side of
exactly 5 is one band of 5), so every block is one of a few dozen shapes.  Each shape
carries a closed tour that contains four *join edges* (block-local squares, ``h`` x ``w`` block)::

    left   (1, 0)-(3, 1)        right  (2, w-1)-(0, w-2)
    top    (0, 1)-(1, 3)        bottom (h-1, 2)-(h-2, 0)

Two side-by-side blocks A | B become one cycle by dropping A's right edge
and B's left edge and adding the two knight moves that cross the boundary;
blocks stacked vertically are joined the same way, turned through 90
degrees.  Joining every block row left to right and the block rows down the
first block column links all blocks (a spanning tree), and every join uses
edges no other join touches, so the result is one closed tour.

Odd x odd boards have no closed tour; for an open tour from a square of the
corner colour, the band cuts put the only odd x odd block around the start
square, and that block gets a Hamiltonian *path* from the start (found by
search on at most 11 x 11 squares) holding the join edges it needs.  Joining
a path and a cycle by the same edge exchange gives a longer path from the
same start, so the whole board becomes an open tour from the start.

The block tours are found once per shape by the search of
:mod:`solver.knights.search` (well under a millisecond each) and kept.
Everything here is iterative and linear in the number of squares.
"""
from __future__ import annotations

import itertools
from functools import cache

from solver.knights.board import Square
from solver.knights.search import search_tour

_EVEN_TAIL = {6: (6,), 8: (8,), 10: (10,), 12: (6, 6), 14: (6, 8)}


def _join_edges(h: int, w: int) -> dict[str, tuple[Square, Square]]:
    return {
        "left": ((1, 0), (3, 1)),
        "right": ((2, w - 1), (0, w - 2)),
        "top": ((0, 1), (1, 3)),
        "bottom": ((h - 1, 2), (h - 2, 0)),
    }


def fits(rows: int, cols: int) -> bool:
    """True when both sides can be cut into bands of 6 to 11 (a side of exactly 5
    is one band of 5: 5-row blocks only need their left and right join edges)."""
    return min(rows, cols) >= 5


def _even_bands(length: int) -> list[int]:
    parts = []
    while length > 14:
        parts.append(8)
        length -= 8
    return parts + list(_EVEN_TAIL.get(length, ()))


def bands(length: int, odd_at: int | None = None) -> list[int]:
    """Cut ``length`` (>= 6) into bands of 6..11; an odd length gets exactly one odd
    band (7, 9 or 11), placed over position ``odd_at`` (default: the far end)."""
    if length % 2 == 0:
        return _even_bands(length)
    if length <= 11:
        return [length]
    target = length - 1 if odd_at is None else odd_at
    for prefix in range(target - target % 2, -1, -2):
        if 0 < prefix < 6:
            continue
        for odd in (7, 9, 11):
            rest = length - prefix - odd
            if prefix <= target < prefix + odd and (rest == 0 or rest >= 6):
                return _even_bands(prefix) + [odd] + _even_bands(rest)
    raise AssertionError(f"no band cut for {length} at {target}")  # unreachable for length >= 12


def _sides_needed(h: int, w: int) -> tuple[str, ...]:
    """Join edges a block must hold: a 5-row block is only ever joined left and
    right (5 is a whole side, one band), a 5-column block only up and down."""
    if h == 5:
        return ("left", "right")
    if w == 5:
        return ("top", "bottom")
    return ("left", "right", "top", "bottom")


@cache
def block_tour(h: int, w: int) -> tuple[Square, ...]:
    """The closed tour of an h x w block (5..11 sides, not both odd) with its join edges."""
    edges = _join_edges(h, w)
    forced = tuple(edges[side] for side in _sides_needed(h, w))
    tour = search_tour(h, w, start=(0, 0), closed=True, forced=forced)
    if tour is None:
        raise AssertionError(f"no joinable block tour on {h}x{w}")  # checked for every shape by the tests
    return tour


class Links:
    """Each square's two tour neighbours (-1 at the ends of a path), edited by joins."""

    def __init__(self, size: int) -> None:
        self.a = [-1] * size
        self.b = [-1] * size

    def chain(self, squares: list[int], closed: bool) -> None:
        a, b = self.a, self.b
        for here, there in itertools.pairwise(squares):
            a[here] = there
            b[there] = here
        if closed:
            a[squares[-1]] = squares[0]
            b[squares[0]] = squares[-1]

    def connect(self, x: int, y: int) -> None:
        """Add the edge x-y between two path ends (each fills its free side)."""
        for here, there in ((x, y), (y, x)):
            if self.a[here] < 0:
                self.a[here] = there
            else:
                self.b[here] = there

    def _relink(self, square: int, old: int, new: int) -> None:
        if self.a[square] == old:
            self.a[square] = new
        else:
            self.b[square] = new

    def exchange(self, a1: int, a2: int, b1: int, b2: int) -> None:
        """Drop the edges a1-a2 and b1-b2, add a1-b1 and a2-b2."""
        self._relink(a1, a2, b1)
        self._relink(a2, a1, b2)
        self._relink(b1, b2, a1)
        self._relink(b2, b1, a2)

    def walk(self, start: int, size: int) -> list[int]:
        a, b = self.a, self.b
        order = [start]
        prev, here = -1, start
        for _ in range(size - 1):
            step = a[here] if a[here] != prev else b[here]
            prev, here = here, step
            order.append(here)
        return order


def _assemble(rows: int, cols: int, start: Square, closed: bool) -> list[int]:
    """Build the tour (square indices from ``start``) over the band cuts."""
    odd_rows = None if closed else start[0]
    odd_cols = None if closed else start[1]
    row_bands, col_bands = bands(rows, odd_rows), bands(cols, odd_cols)
    row_starts = [sum(row_bands[:i]) for i in range(len(row_bands))]
    col_starts = [sum(col_bands[:j]) for j in range(len(col_bands))]
    links = Links(rows * cols)
    offsets: dict[tuple[int, int], list[int]] = {}
    last_i, last_j = len(row_bands) - 1, len(col_bands) - 1
    for i, (r0, h) in enumerate(zip(row_starts, row_bands)):
        for j, (c0, w) in enumerate(zip(col_starts, col_bands)):
            base = r0 * cols + c0
            if h % 2 and w % 2:      # the start's block of an odd x odd board
                edges = _join_edges(h, w)
                needed = [edges[side] for side, used in (
                    ("left", j > 0), ("right", j < last_j),
                    ("top", j == 0 and i > 0), ("bottom", j == 0 and i < last_i)) if used]
                path = search_tour(h, w, start=(start[0] - r0, start[1] - c0), forced=needed)
                if path is None:
                    raise AssertionError(f"no joinable path on {h}x{w} from {start}")
                links.chain([base + r * cols + c for r, c in path], closed=False)
                continue
            shape = offsets.get((h, w))
            if shape is None:
                shape = offsets[(h, w)] = [r * cols + c for r, c in block_tour(h, w)]
            links.chain([base + o for o in shape], closed=True)
    for i, r0 in enumerate(row_starts):
        for x in col_starts[1:]:                             # A | B across column x
            links.exchange((r0 + 2) * cols + x - 1, r0 * cols + x - 2,
                           (r0 + 3) * cols + x + 1, (r0 + 1) * cols + x)
        if i < last_i:                                       # C over D across row y
            y = row_starts[i + 1]
            links.exchange((y - 1) * cols + 2, (y - 2) * cols,
                           (y + 1) * cols + 3, y * cols + 1)
    return links.walk(start[0] * cols + start[1], rows * cols)


def closed_tour(rows: int, cols: int, start: Square = (0, 0)) -> list[int]:
    """A closed tour from ``start`` (square indices) on a board with a closed tour
    and both sides >= 5: the last square is a knight's move from the first."""
    return _assemble(rows, cols, start, closed=True)


def open_tour_odd(rows: int, cols: int, start: Square) -> list[int]:
    """An open tour from ``start`` on an odd x odd board with both sides >= 5,
    ``start`` of the corner colour."""
    return _assemble(rows, cols, start, closed=False)
