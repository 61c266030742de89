"""What the theorems say, without any search.

Existence of closed tours is Schwenk's theorem (1991); existence of open tours
and the squares they can start from follow Cull and De Curtins (1978) and
Conrad et al. (1994), with the narrow boards settled case by case (the
cases are in :func:`has_open_tour` and :func:`has_closed_tour`).  A "no tour" answer is therefore always a proof
quoted from the literature, never a search that ran out of time.

Boards are stated as ``rows x cols``; the theorems are about ``m x n`` with
``m <= n``, so every test first turns the board (and the square) so that the
short side comes first.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.knights.board import Square, distances_from, square_name


@dataclass(frozen=True)
class Existence:
    """Whether a tour exists, and when it does not, the theorem that says so."""

    exists: bool
    reason: str | None = None


def _short_side_first(rows: int, cols: int, square: Square | None) -> tuple[int, int, Square | None]:
    """Turn the board so the short side is ``m`` (the square is turned with it)."""
    if rows <= cols:
        return rows, cols, square
    return cols, rows, None if square is None else (square[1], square[0])


def has_closed_tour(rows: int, cols: int) -> bool:
    """Schwenk: m x n (m <= n) has a closed tour unless m, n both odd, m in {1, 2, 4},
    or m = 3 and n in {4, 6, 8}."""
    m, n, _ = _short_side_first(rows, cols, None)
    if m % 2 and n % 2:
        return False
    if m in (1, 2, 4):
        return False
    return not (m == 3 and n in (4, 6, 8))


def has_open_tour(rows: int, cols: int) -> bool:
    """An open tour exists on 1x1, 3x4, 3xn (n >= 7), 4xn (n >= 5) and every m >= 5."""
    m, n, _ = _short_side_first(rows, cols, None)
    if m == 1:
        return n == 1
    if m == 2:
        return False
    if m == 3:
        return n == 4 or n >= 7
    if m == 4:
        return n >= 5
    return True


def _open_start_allowed(m: int, n: int, square: Square) -> bool:
    """Start squares of open tours on an m x n board (m <= n) that has open tours."""
    row, col = square
    corner_colour = (row + col) % 2 == 0
    if has_closed_tour(m, n) or m == n == 1:
        return True
    if m == 4:
        return row in (0, 3)
    if m == 3:
        if n == 4:
            return col in (0, 3)
        if n == 7:
            return corner_colour and square != (1, 3)
        if n == 8:
            return square not in ((1, 2), (1, 5))
        return corner_colour          # 3 x odd n >= 9 (even n >= 10 has closed tours)
    return corner_colour              # odd x odd, m >= 5


def tour_exists(rows: int, cols: int, *, closed: bool = False,
                start: Square | None = None) -> Existence:
    """Decide by theorem whether a tour exists (from ``start`` when given).

    The reason names the rule that rules the tour out, so a puzzle editor or a
    CLI user learns *why* and not only *that*.
    """
    if rows < 1 or cols < 1:
        return Existence(False, f"a {rows}x{cols} board has no squares")
    if start is not None and not (0 <= start[0] < rows and 0 <= start[1] < cols):
        return Existence(False, f"start square {start} is off the {rows}x{cols} board")
    m, n, turned = _short_side_first(rows, cols, start)
    board = f"{rows}x{cols}"
    if closed:
        if has_closed_tour(rows, cols):
            return Existence(True)
        if m % 2 and n % 2:
            why = ("boards with both sides odd have none "
                   "(a closed tour alternates colours, so it needs an even number of squares)")
        elif m in (1, 2, 4):
            why = "boards with a side of 1, 2 or 4 have none"
        else:
            why = "3x4, 3x6 and 3x8 have none"
        return Existence(False, f"no closed tour on {board}: {why} (Schwenk 1991)")
    if not has_open_tour(rows, cols):
        return Existence(False, f"no open tour on {board}: only 1x1, 3x4, 3xn (n >= 7), 4xn (n >= 5) "
                                "and boards with both sides at least 5 have one "
                                "(Cull and De Curtins 1978; Conrad et al. 1994)")
    if start is None or turned is None or _open_start_allowed(m, n, turned):
        return Existence(True)
    name = square_name(start, rows, cols)
    if m == 4:
        why = "on 4xn boards only squares on the two outer long edges can start a tour"
    elif m == 3 and n == 4:
        why = "on 3x4 only the squares of the two short ends can start a tour"
    elif m == 3 and n == 7 and turned == (1, 3):
        why = "on 3x7 the centre square cannot start a tour"
    elif m == 3 and n == 8:
        why = "on 3x8 the squares two in from each end of the middle rank cannot start a tour"
    else:
        why = ("on boards with an odd number of squares only squares of the corner colour can "
               "start a tour (the colours alternate and the corner colour has one square more)")
    return Existence(False, f"no open tour from {name} on {board}: {why}")


def _unbounded_distance(dr: int, dc: int) -> int:
    """Knight distance on an unbounded board (the classic closed formula)."""
    x, y = sorted((abs(dr), abs(dc)), reverse=True)
    if (x, y) == (1, 0):
        return 3
    if (x, y) == (2, 2):
        return 4
    delta = x - y
    if y > delta:
        return delta - 2 * ((delta - y) // 3)
    return delta - 2 * ((delta - y) // 4)


def knight_distance(rows: int, cols: int, a: Square, b: Square) -> int | None:
    """Fewest knight moves from ``a`` to ``b`` on a rows x cols board; ``None``
    when ``b`` cannot be reached (small boards, e.g. the centre of 3x3).

    Boards with both sides >= 5 use the unbounded formula, whose only
    exception there is a corner and its diagonal neighbour (4, not 2);
    narrower boards have more exceptions, so they use breadth-first search.
    """
    for square in (a, b):
        if not (0 <= square[0] < rows and 0 <= square[1] < cols):
            raise ValueError(f"square {square} is off the {rows}x{cols} board")
    if min(rows, cols) >= 5:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        if (dr, dc) == (1, 1) and any(_is_corner(s, rows, cols) for s in (a, b)):
            return 4
        return _unbounded_distance(dr, dc)
    dist = distances_from(rows, cols, a[0] * cols + a[1])[b[0] * cols + b[1]]
    return None if dist < 0 else dist


def _is_corner(square: Square, rows: int, cols: int) -> bool:
    return square[0] in (0, rows - 1) and square[1] in (0, cols - 1)


def max_nonattacking_knights(rows: int, cols: int) -> int:
    """Most knights that attack none of each other: n for 1 x n; for 2 x n blocks of
    2x2 knights with 2x2 gaps, 4*floor(n/4) + 2*min(n mod 4, 2); otherwise one colour,
    ceil(m*n/2)."""
    m, n = sorted((rows, cols))
    if m <= 0:
        return 0
    if m == 1:
        return n
    if m == 2:
        return 4 * (n // 4) + 2 * min(n % 4, 2)
    return (m * n + 1) // 2
