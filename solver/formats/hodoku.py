"""HoDoKu's library format, one puzzle a line: ``:TECHNIQUE:CANDIDATES:GRID:DELETED:...``.

The third field is the grid, a character a cell: a digit for a given, ``.`` or ``0`` for a
blank, and ``+`` before a digit HoDoKu (or its player) placed, which is no given: a library
line records a position of a solve, the puzzle is its givens. The other fields (the step the
line illustrates, deleted candidates, eliminations) are how HoDoKu files its examples and are
read over. A plain HoDoKu file of 81-character lines is our own one-line form already.
"""
from __future__ import annotations

import re
from typing import Any

_LINE = re.compile(r":\d{4}(?:-\d+)?:[^:]*:([0-9.+]+):")


def looks_like(line: str) -> bool:
    """Whether a line is a HoDoKu library line."""
    return _LINE.match(line.strip()) is not None


def read(text: str) -> tuple[str, dict[str, Any]]:
    """A library line -> ("sudoku", the mapping solver.sudoku reads)."""
    match = _LINE.match(text.strip())
    if match is None:
        raise ValueError("not a HoDoKu library line (:0000:x:GRID:...)")
    grid = re.sub(r"\+\d", ".", match.group(1))   # placed in the solve, not given
    if "+" in grid:
        raise ValueError("'+' must come before a placed digit")
    return "sudoku", {"givens": grid.replace("0", ".")}
