"""Squares, knight moves and square names on an m x n board.

Squares are ``(row, col)``, 0-based, row 0 at the top: the orientation of a
printed grid.  The search and the constructions work on square *indices*
``row * cols + col`` because flat lists are several times faster than tuples
in the hot loops; this module is the one place that converts between them.
"""
from __future__ import annotations

import re
from functools import lru_cache

from solver.graphs import bfs_distances

Square = tuple[int, int]

#: The eight knight moves as (d_row, d_col).  The order is part of the stored
#: block-tour encoding in :mod:`solver.knights.blocks`: do not reorder.
KNIGHT_MOVES: tuple[Square, ...] = (
    (-2, -1), (-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2),
)

_ALGEBRAIC = re.compile(r"^([a-z])([1-9][0-9]*)$")
_ROW_COL = re.compile(r"^\s*([0-9]+)\s*,\s*([0-9]+)\s*$")


def parse_square(text: str, rows: int, cols: int) -> Square:
    """Read ``a1`` (file a = first column, rank 1 = bottom row) or ``ROW,COL``
    (1-based, row 1 at the top) and return the 0-based ``(row, col)``.

    Two spellings because chess players say "a1" but boards wider than 26
    columns have no letters left.  Raises :class:`ValueError` naming the
    problem when the text is garbled or the square is off the board.
    """
    raw = text.strip()
    algebraic = _ALGEBRAIC.match(raw.lower())
    if algebraic:
        col = ord(algebraic.group(1)) - ord("a")
        rank = int(algebraic.group(2))
        if col >= cols or rank > rows:
            raise ValueError(f"square {raw!r} is off the {rows}x{cols} board")
        return rows - rank, col
    numeric = _ROW_COL.match(raw)
    if numeric:
        row, col = int(numeric.group(1)), int(numeric.group(2))
        if not (1 <= row <= rows and 1 <= col <= cols):
            raise ValueError(
                f"square {raw!r} is off the {rows}x{cols} board (ROW,COL are 1-based)")
        return row - 1, col - 1
    raise ValueError(f"cannot read square {raw!r}: use a1 (files a-z, rank 1 at the bottom) "
                     "or ROW,COL (1-based, row 1 at the top)")


def square_name(square: Square, rows: int, cols: int) -> str:
    """The name a reader expects: algebraic on boards up to 26 files, else ``ROW,COL``."""
    row, col = square
    if cols <= 26:
        return f"{chr(ord('a') + col)}{rows - row}"
    return f"{row + 1},{col + 1}"


def is_knight_move(a: Square, b: Square) -> bool:
    """True when ``a`` and ``b`` are one knight's move apart."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr, dc) in ((1, 2), (2, 1))


@lru_cache(maxsize=64)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Knight-move adjacency of every square index (cached: boards repeat)."""
    table = []
    for row in range(rows):
        for col in range(cols):
            table.append(tuple(
                (row + dr) * cols + col + dc
                for dr, dc in KNIGHT_MOVES
                if 0 <= row + dr < rows and 0 <= col + dc < cols))
    return tuple(table)


def distances_from(rows: int, cols: int, source: int) -> list[int]:
    """Knight distance (moves) from square index ``source`` to every square;
    -1 where unreachable.  Breadth-first search on the knight graph."""
    return bfs_distances(neighbours(rows, cols), source)
