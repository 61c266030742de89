"""Independent oracles for the knight tests: written from the published theorems
(Schwenk 1991; Cull and De Curtins 1978; Conrad et al. 1994) and the rules of the knight's move, sharing no code with
solver.knights."""
from __future__ import annotations

import itertools


def is_tour(rows: int, cols: int, path, *, closed: bool) -> bool:
    """Every square exactly once, each step a knight's move (and back to the start if closed)."""
    squares = [tuple(s) for s in path]
    if len(squares) != rows * cols or len(set(squares)) != rows * cols:
        return False
    if any(not (0 <= r < rows and 0 <= c < cols) for r, c in squares):
        return False
    steps = list(itertools.pairwise(squares))
    if closed:
        steps.append((squares[-1], squares[0]))
    return all(sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2] for a, b in steps)


def closed_expected(rows: int, cols: int) -> bool:
    """Schwenk, in the 'equivalently' form: m*n even and (m >= 5, or m = 3 with even n >= 10)."""
    m, n = sorted((rows, cols))
    return (m * n) % 2 == 0 and (m >= 5 or (m == 3 and n % 2 == 0 and n >= 10))


def open_start_expected(rows: int, cols: int, row: int, col: int) -> bool:
    """The start-square list of the chess doc, case by case."""
    if rows > cols:
        rows, cols, row, col = cols, rows, col, row
    m, n = rows, cols
    corner = (row + col) % 2 == 0
    if m == 1:
        return n == 1
    if m == 2 or (m == 3 and n in (3, 5, 6)) or (m == 4 and n == 4):
        return False
    if closed_expected(m, n):
        return True
    if m == 4:
        return row in (0, 3)
    if m == 3:
        if n == 4:
            return col in (0, 3)
        if n == 7:
            return corner and (row, col) != (1, 3)
        if n == 8:
            return (row, col) not in ((1, 2), (1, 5))
        return corner
    return corner
