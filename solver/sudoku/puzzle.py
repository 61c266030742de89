"""A Sudoku puzzle as read from a file, and the two ways of writing a grid back as text."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.sudoku.geometry import Geometry
from solver.sudoku.rules import parity_of, variant_names


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its shape, its symbols, its givens and where it came from.

    ``givens`` holds one value per cell, row-major: 0 for a blank, ``v`` in
    1..N for ``symbols[v - 1]``. Values, not characters, so a custom alphabet
    (``0-9A-F``, where 0 is a value) never clashes with the blank.
    ``line`` (1-based) and ``index`` (0-based) locate it in its source text.
    """

    geometry: Geometry
    symbols: str
    givens: tuple[int, ...]
    line: int = 0
    index: int = 0
    label: str | None = None
    id: str | None = None
    title: str | None = None
    difficulty: str | None = None

    @property
    def size(self) -> int:
        return self.geometry.size

    @property
    def variant(self) -> tuple[str, ...]:
        """The names of the variant rules the puzzle keeps (``()`` for a classic Sudoku)."""
        return variant_names(self.geometry.rules)

    @property
    def parity(self) -> str | None:
        """The even-odd marks (N*N of ``e``, ``o``, ``.``), or None."""
        return parity_of(self.geometry.rules)

    def format(self, values: Sequence[int] | None = None) -> str:
        """One line of symbols, ``.`` for blanks: the givens, or ``values`` (a solution) if given."""
        return format_values(self.givens if values is None else values, self.symbols)


def format_values(values: Sequence[int], symbols: str) -> str:
    """Values 0..N as one string of symbols, ``.`` for 0."""
    return "".join(symbols[v - 1] if v else "." for v in values)


def describe(values: Sequence[int], geometry: Geometry, symbols: str) -> str:
    """A human grid: symbols separated by spaces, box lines between boxes (none for jigsaws).

    Meant for terminals and logs; the one-line :func:`format_values` is for machines.
    """
    n = geometry.size
    box_rows = geometry.box_rows or n
    box_cols = geometry.box_cols or n
    lines = []
    for r in range(n):
        if r and r % box_rows == 0:
            lines.append("-+-".join("-" * (2 * box_cols - 1) for _ in range(n // box_cols)))
        row = values[r * n:(r + 1) * n]
        groups = (" ".join(symbols[v - 1] if v else "." for v in row[c:c + box_cols])
                  for c in range(0, n, box_cols))
        lines.append(" | ".join(groups))
    return "\n".join(lines)
