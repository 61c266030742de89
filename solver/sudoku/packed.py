"""The compiled primitives of a geometry's packed board (``solver/sudoku/_packed.c``), or None.

:mod:`solver.sudoku.search` and :mod:`solver.sudoku.pruning` hold the Python reference of each
primitive and call the compiled one when :mod:`solver.core` runs the compiled core; both give
the same bits (``tests/sudoku/test_compiled_core.py``).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from solver import core
from solver.sudoku.geometry import Geometry, board

#: The C extension, or None: the Python reference runs.
_packed = core.extension("solver.sudoku._packed")


class PackedCore(Protocol):
    """The compiled board primitives (``solver/sudoku/_packed.c``): each is the Python
    function named beside it, bit for bit."""

    def propagate(self, z: int, /) -> int: ...                               # search._propagate
    def place(self, parent: int, bit: int, /) -> int: ...   # search._propagate(parent & keep[owner[bit]])
    def branch(self, z: int, /) -> int: ...                  # z & (g - (g >> n)), g = search._fewest(...)
    def extends(self, start: int, node_limit: int, /) -> bool | None: ...   # search._extends
    def givens(self, start: int, values: Sequence[int], /) -> int: ...       # search._place_givens
    def values(self, z: int, /) -> tuple[int, ...]: ...                      # search._values
    def cells(self, z: int, /) -> list[int]: ...                             # pruning._cells
    def walk(self, z: int, propagations: int, /) -> Walk: ...   # search.Search.walk's loop


class Walk(Protocol):
    """One search's depth-first loop in C (``Core.walk``), as :meth:`search.Search.walk`
    runs it when it branches on the fewest candidates, unshuffled."""

    def run(self, limit: int, pause: int, /) -> int: ...   # 1 solved, 0 done, 2 at limit, 3 paused
    def restart(self, z: int, propagations: int, /) -> None: ...
    def values(self) -> tuple[int, ...]: ...
    def counts(self) -> tuple[int, int, int, int]: ...     # nodes, guesses, backtracks, propagations


@lru_cache(maxsize=4)
def packed_core(geometry: Geometry) -> PackedCore | None:
    """The compiled primitives on a geometry's board, or None: pure Python asked for or
    built, or a board too large to table its placement masks (25x25: its masks are made per
    placement, which the Python code does)."""
    b = board(geometry)
    if _packed is None or not isinstance(b.keep, list):
        return None
    total = b.cell_base + b.size * b.size * b.width
    made: PackedCore = _packed.Core(total, b.size, b.cell_base, b.guards, b.lows, b.owner, b.keep)
    return made
