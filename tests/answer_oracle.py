"""Brute-force oracles for the forms of full grids (solver.answers): every element of the
group tried one by one, on grids the oracle fills itself.

Two answers are alike exactly when the least image of one, over every move of the group,
equals the other's; the oracle finds it by enumeration, which only small grids allow
(4x4 Sudoku: 128 moves, 6x6: 3,456; a Latin square: its 8 turns and mirror images, digits
numbered by first appearance). Nothing here imports the product.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import permutations

from tests.canonical_oracle import line_orders

Grid = tuple[int, ...]


def numbered(values: Grid) -> Grid:
    """Digits renumbered 1, 2, 3 ... in the order they first appear (row by row)."""
    labels: dict[int, int] = {}
    return tuple(labels.setdefault(v, len(labels) + 1) for v in values)


def transposed(values: Grid, n: int) -> Grid:
    return tuple(values[c * n + r] for r in range(n) for c in range(n))


def boxed_alike(values: Grid, n: int, box_rows: int, box_cols: int) -> Grid:
    """The least numbered image under every band, row, stack and column move (and the
    transposition when the boxes are square; 3x2 boxes are read transposed, as 2x3)."""
    grids = []
    if box_rows <= box_cols:
        grids.append((values, box_rows, box_cols))
    if box_rows >= box_cols:
        grids.append((transposed(values, n), box_cols, box_rows))
    return min(numbered(tuple(grid[r * n + c] for r in rows for c in cols))
               for grid, rows_span, cols_span in grids
               for rows in line_orders(n, rows_span) for cols in line_orders(n, cols_span))


def square_images(values: Grid, n: int) -> list[Grid]:
    """The grid under the square's eight symmetries: four quarter turns, each also mirrored."""
    images = []
    grid = values
    for _ in range(4):
        grid = tuple(grid[(n - 1 - c) * n + r] for r in range(n) for c in range(n))   # a quarter turn
        images += [grid, tuple(grid[r * n + (n - 1 - c)] for r in range(n) for c in range(n))]
    return images


def turned(values: Grid, n: int) -> Grid:
    return min(square_images(values, n))


def latin_alike(values: Grid, n: int) -> Grid:
    return min(numbered(image) for image in square_images(values, n))


def fill(n: int, box: tuple[int, int] | None, rng: random.Random | None = None,
         fixed: Grid = ()) -> Iterator[Grid]:
    """Every full grid (Latin square when ``box`` is None, Sudoku otherwise) extending
    ``fixed``'s leading cells, by backtracking; in random digit order with ``rng``."""
    cells = [0] * (n * n)
    cells[:len(fixed)] = fixed

    def fits(i: int, v: int) -> bool:
        r, c = divmod(i, n)
        if any(cells[r * n + k] == v or cells[k * n + c] == v for k in range(n)):
            return False
        if box is None:
            return True
        top, left = r // box[0] * box[0], c // box[1] * box[1]
        return all(cells[a * n + b] != v for a in range(top, top + box[0]) for b in range(left, left + box[1]))

    def extend(i: int) -> Iterator[Grid]:
        if i == n * n:
            yield tuple(cells)
            return
        if cells[i]:
            yield from extend(i + 1)
            return
        digits = list(range(1, n + 1))
        if rng is not None:
            rng.shuffle(digits)
        for v in digits:
            if fits(i, v):
                cells[i] = v
                yield from extend(i + 1)
                cells[i] = 0

    return extend(0)


def random_grid(n: int, box: tuple[int, int] | None, rng: random.Random) -> Grid:
    return next(fill(n, box, rng))


def random_boxed_move(values: Grid, n: int, box_rows: int, box_cols: int, rng: random.Random
                      ) -> tuple[Grid, tuple[int, int]]:
    """The grid moved by a random element of its group, and its boxes after the move
    (digits renamed, bands, rows, stacks and columns reordered, then maybe transposed or
    turned a quarter)."""
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    rows = _order(n, box_rows, rng)
    cols = _order(n, box_cols, rng)
    moved = tuple(digits[values[r * n + c] - 1] for r in rows for c in cols)
    box = (box_rows, box_cols)
    if rng.random() < 0.5:
        moved, box = transposed(moved, n), (box_cols, box_rows)
    if rng.random() < 0.5:
        moved, box = square_images(moved, n)[0], (box[1], box[0])
    return moved, box


def _order(n: int, span: int, rng: random.Random) -> list[int]:
    blocks = list(range(n // span))
    rng.shuffle(blocks)
    order = []
    for b in blocks:
        inner = list(range(span))
        rng.shuffle(inner)
        order += [b * span + i for i in inner]
    return order


def relabelled(values: Grid, n: int) -> Iterator[Grid]:
    """Every relabelling of the grid's digits (n! of them: small n only)."""
    for digits in permutations(range(1, n + 1)):
        yield tuple(digits[v - 1] for v in values)


def _cycle_type(a: Grid, b: Grid) -> tuple[int, ...]:
    """The cycle lengths of the permutation taking line ``a``'s digits to line ``b``'s, cell by
    cell: unchanged by renaming digits and by reordering the cells of both lines alike."""
    step = dict(zip(a, b))
    seen: set[int] = set()
    lengths = []
    for start in a:
        length = 0
        while start not in seen:
            seen.add(start)
            start = step[start]
            length += 1
        if length:
            lengths.append(length)
    return tuple(sorted(lengths))


def _pairs(lines: list[Grid], span: int) -> tuple[tuple[bool, tuple[int, ...]], ...]:
    return tuple(sorted((i // span == j // span, _cycle_type(lines[i], lines[j]))
                        for i in range(len(lines)) for j in range(i + 1, len(lines))))


def boxed_invariant(values: Grid, n: int, box_rows: int, box_cols: int) -> object:
    """What no move of a boxed grid changes (renaming digits, moving bands, rows, stacks,
    columns, transposing): the cycle types of every pair of rows (and of columns), each
    pair marked whether it shares a band. Grids alike have equal invariants; unequal
    invariants prove two grids different (for the 9x9 grids no brute force can try)."""
    def reading(grid: Grid, row_span: int, col_span: int) -> object:
        rows = [grid[r * n:(r + 1) * n] for r in range(n)]
        cols = [grid[c::n] for c in range(n)]
        return _pairs(rows, row_span), _pairs(cols, col_span)
    readings = []
    if box_rows <= box_cols:
        readings.append(reading(values, box_rows, box_cols))
    if box_rows >= box_cols:
        readings.append(reading(transposed(values, n), box_cols, box_rows))
    return min(readings)
