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
    """The start-square list of the chess doc, case by case (tests/chess/test_knight_oracle.py
    checks it against an exhaustive search on every board of at most 30 squares)."""
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


def open_tours(rows: int, cols: int) -> dict[tuple[int, int], list[tuple[int, int]] | None]:
    """For every start square, an open tour from it found by exhaustive depth-first search,
    or None when the search proves there is none. Every branch is either followed or cut by a
    rule no tour could break, so None is a proof (the move order only guesses where to look first):

    * colours: a knight changes colour every move, so the squares left (the current one
      included) hold the current colour ceil(k/2) times and the other floor(k/2) times;
    * dead ends: a square left with no neighbour among the squares left and the knight's can
      never be entered; one with a single one can only be the last, so there is at most one;
    * a set of squares left and a knight's square already shown hopeless (from any start:
      what is left of a tour depends on nothing else) is not searched again.

    The board mirrored top-bottom or left-right maps tours onto tours, so a start square's
    images take its answer (its tour mirrored) without a search of their own."""
    size = rows * cols
    near = [0] * size
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    near[r * cols + c] |= 1 << ((r + dr) * cols + c + dc)
    dark = sum(1 << s for s in range(size) if sum(divmod(s, cols)) % 2 == 0)
    hopeless: set[tuple[int, int]] = set()
    path: list[int] = []

    def bits(mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def possible(here: int, left: int) -> bool:
        k = left.bit_count() + 1
        own = dark if dark >> here & 1 else ~dark
        if (left & own).bit_count() + 1 != (k + 1) // 2:
            return False
        if k <= 2:
            return k == 1 or bool(near[here] & left)
        ends = 0
        for s in bits(left):
            degree = (near[s] & left).bit_count() + (near[s] >> here & 1)
            if degree == 0:
                return False
            ends += degree == 1
        return ends <= 1

    def walk(here: int, left: int) -> bool:
        if not left:
            return True
        if (left, here) in hopeless or not possible(here, left):
            return False
        for step in sorted(bits(near[here] & left), key=lambda s: (near[s] & left).bit_count()):
            path.append(step)
            if walk(step, left & ~(1 << step)):
                return True
            path.pop()
        hopeless.add((left, here))
        return False

    flips = [lambda r, c: (r, c), lambda r, c: (rows - 1 - r, c), lambda r, c: (r, cols - 1 - c),
             lambda r, c: (rows - 1 - r, cols - 1 - c)]
    found: dict[tuple[int, int], list[tuple[int, int]] | None] = {}
    for start in range(size):
        square = divmod(start, cols)
        if square in found:
            continue
        path[:] = [start]
        tour = [divmod(s, cols) for s in path] if walk(start, ((1 << size) - 1) & ~(1 << start)) else None
        for flip in flips:   # the board mirrored: a tour from a square is one from its image
            found.setdefault(flip(*square), None if tour is None else [flip(*s) for s in tour])
    return found
