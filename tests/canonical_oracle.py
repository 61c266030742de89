"""Brute-force oracles for canonical forms: every element of the group, tried one by one.

Only small grids (4x4: 128 grid moves, 6x6: 3,456) can be enumerated; the tests compare
the refinement search of :mod:`solver.sudoku.canonical` with these, exactly. Nothing here
imports the solver: a puzzle is read through its fields, and a moved one is made with the
classes of the puzzle given (tests/project/test_oracles.py holds every oracle to that).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import permutations, product
from typing import Protocol, TypeVar


class Shape(Protocol):
    """The fields of a boxed geometry the oracle reads."""
    size: int
    box_rows: int
    box_cols: int


class Givens(Protocol):
    """The fields of a puzzle the oracle reads."""
    geometry: Shape
    symbols: str
    givens: tuple[int, ...]


P = TypeVar("P", bound=Givens)


def line_orders(size: int, span: int) -> Iterator[tuple[int, ...]]:
    """Every order of ``size`` lines grouped in blocks of ``span``: blocks reordered, lines
    reordered within each block."""
    blocks = size // span
    for block_order in permutations(range(blocks)):
        for inner in product(permutations(range(span)), repeat=blocks):
            yield tuple(b * span + inner[i][j] for i, b in enumerate(block_order) for j in range(span))


def key(values: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The order the form is least in: the pattern of givens, then digits by first appearance."""
    labels: dict[int, int] = {}
    labelled = tuple(labels.setdefault(v, len(labels) + 1) if v else 0 for v in values)
    return tuple(int(bool(v)) for v in values), labelled


def brute_force_form(puzzle: Givens) -> tuple[int, ...]:
    """The least grid of the puzzle's class (in the order of :func:`key`), by enumeration."""
    g = puzzle.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    givens = puzzle.givens
    transpose = tuple(givens[c * n + r] for r in range(n) for c in range(n))
    grids = {(False, br, bc): givens, (True, bc, br): transpose}
    best = None
    for (_, rows_span, cols_span), grid in grids.items():
        if rows_span > cols_span:
            continue   # the form reads 3x2 boxes as 2x3 (the grid turned)
        for rows in line_orders(n, rows_span):
            for cols in line_orders(n, cols_span):
                candidate = key(tuple(grid[r * n + c] for r in rows for c in cols))
                if best is None or candidate < best:
                    best = candidate
    assert best is not None
    return best[1]


def random_move(puzzle: P, rng: random.Random) -> P:
    """The puzzle moved by a random element of its group (digits relabelled, lines and
    blocks reordered, transposed when the boxes allow or turn into the other shape)."""
    g = puzzle.geometry
    n = g.size
    br, bc = g.box_rows or n, g.box_cols or n
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    rows = rng.choice(list(line_orders(n, br))) if n <= 6 else _random_order(n, br, rng)
    cols = rng.choice(list(line_orders(n, bc))) if n <= 6 else _random_order(n, bc, rng)
    values = [puzzle.givens[r * n + c] for r in rows for c in cols]
    values = [digits[v - 1] if v else 0 for v in values]
    geometry = g
    if rng.random() < 0.5:
        values = [values[c * n + r] for r in range(n) for c in range(n)]
        geometry = type(g).boxed(n, bc, br)
    return type(puzzle)(geometry, puzzle.symbols, tuple(values))


def _random_order(n: int, span: int, rng: random.Random) -> tuple[int, ...]:
    blocks = list(range(n // span))
    rng.shuffle(blocks)
    order = []
    for b in blocks:
        inner = list(range(span))
        rng.shuffle(inner)
        order.extend(b * span + i for i in inner)
    return tuple(order)
